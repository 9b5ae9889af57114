$GRUNDY values digits --frobnicate 2>&1
