# Every position of the 2x2 board, rows separated by '/'.
$GRUNDY values rect:2x2 --all
