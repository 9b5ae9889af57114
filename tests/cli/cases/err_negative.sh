$GRUNDY values digits --upto -5 2>&1
