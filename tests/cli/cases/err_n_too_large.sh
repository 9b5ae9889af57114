$GRUNDY values allbut:1 --upto 100000000000000 2>&1
