# Every position of the 3x3 board and its value.
$GRUNDY values rect:3x3 --all
