$GRUNDY values subtract:1,3,4 --upto 100 --stats
