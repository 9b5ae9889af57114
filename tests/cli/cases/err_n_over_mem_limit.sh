$GRUNDY values digits --upto 10000000 --mem-limit 1M 2>&1
