# Value counts, largest value, and the rare/common split.
$GRUNDY values grundy-game --upto 2000 --stats | tail -n 3
$GRUNDY values 0.16 --upto 5000 --stats
