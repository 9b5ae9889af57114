# Kayles and Grundy's game: the first values, by alias and by name.
$GRUNDY values kayles --upto 15
$GRUNDY values 0.77 --upto 15 --method naive | tail -n 3
$GRUNDY values grundy-game --upto 12
$GRUNDY values octal:4.07 --upto 5
