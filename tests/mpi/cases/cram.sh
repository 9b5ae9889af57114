# A Cram board, 4 x 5 (symmetries: the orbit hook), on 2 and 3
# processes: the same table as one process.
same_table cram:4x5 2
same_table cram:4x5 3
