$GRUNDY values subtract:1,x,4 --upto 3 2>&1
