$GRUNDY values digits:base=40 --upto 3 2>&1
