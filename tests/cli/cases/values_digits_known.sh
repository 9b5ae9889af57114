$GRUNDY values digits --upto 29
