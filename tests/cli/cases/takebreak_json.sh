# The same JSON shape as the heap games, with the rare values in stats.
$GRUNDY values 0.07 --upto 12 --period --json
