# Node-Kayles on graphs: the 4 x 5 grid (20 vertices, with symmetries)
# and a 22-vertex cycle, on 2 and 3 processes: the same table as one
# process.
same_table node-kayles:grid:4x5 2
same_table node-kayles:grid:4x5 3
same_table node-kayles:cycle:22 3
