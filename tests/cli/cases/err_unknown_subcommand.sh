$GRUNDY frobnicate 2>&1
