$GRUNDY values digits 2>&1
