$GRUNDY values digits --at 1000000
$GRUNDY values digits --at 12345678
$GRUNDY values subtract:1,3,4 --at 1000000000000000000
$GRUNDY values half --at 18446744073709551615
$GRUNDY values nim --position 77 --json
$GRUNDY values allbut:2 --at 1000
