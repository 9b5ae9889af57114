$GRUNDY values foo --upto 3 2>&1
