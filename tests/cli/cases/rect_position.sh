# One value of a 4x4 board, and the known ones: a single 1, the full board.
$GRUNDY values rect:4x4 --position 1111/1101/1110/1111
$GRUNDY values rect:4x4 --position 0000/0000/0100/0000
$GRUNDY values rect:4x4 --at 1111/1111/1111/1111 --json
