$GRUNDY values subtract:2,5,7 --period
$GRUNDY values subtract:1,2,3 --upto 40 --period
$GRUNDY values digits --upto 1000 --period
$GRUNDY values subtract:3,5 --upto 30 --period --json
