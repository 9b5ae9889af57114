$GRUNDY values digits:base=3 --upto 8 --stats --list
