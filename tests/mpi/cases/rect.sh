# rect:4x4 and rect:4x5 on 2 and 3 processes: the same table as one
# process.
same_table rect:4x4 2
same_table rect:4x4 3
same_table rect:4x5 2
same_table rect:4x5 3
