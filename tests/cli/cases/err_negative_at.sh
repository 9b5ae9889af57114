$GRUNDY values digits --at -3 2>&1
