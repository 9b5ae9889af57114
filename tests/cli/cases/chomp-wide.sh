# Chomp past 64 squares: positions of a 16 x 16 bar and of a 2 x 128
# strip (the board search), a shaped start and its canonical spec,
# --all on a 1 x 70 strip; a board past 256 squares is refused with
# chomp's limit, a position with a row too long names its column;
# exit 1.
$GRUNDY values chomp:16x16 --position 5,3,1
$GRUNDY values chomp:2x128 --position 128,3
$GRUNDY values chomp:16x16:16,9,9,3 --position start --json |
    sed 's/"seconds": [0-9.]*/"seconds": N/'
$GRUNDY values chomp:1x70 --all | tail -2
$GRUNDY values chomp:16x17 --position start 2>&1
echo "exit $?"
$GRUNDY values chomp:16x16 --position 17 2>&1
echo "exit $?"
