$GRUNDY values digits --upto 12abc 2>&1
