$GRUNDY values subtract:1,2,3 --upto 12
