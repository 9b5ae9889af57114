# --stats of a sequence with more than 64 distinct values is a summary
# (least, mean, the largest values with where they first occur, a
# histogram in 16 bins), not a line per value; a period search stops at
# its bound with what it saw, and --period-max N moves the bound.
$GRUNDY values 0.8 --upto 1000 --stats
$GRUNDY values half --upto 100 --stats | head -3
$GRUNDY values 0.8 --period 2>&1
$GRUNDY values 0.8 --period --period-max 1500
$GRUNDY values 0.8 --upto 10 --period-max 5 2>&1
echo "exit $?"
