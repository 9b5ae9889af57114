# Periods: proven by the Guy-Smith criterion, seen, arithmetic, none.
$GRUNDY values dawsons-chess --period
$GRUNDY values 0.07 --period
$GRUNDY values kayles --upto 200 --period
$GRUNDY values kayles --upto 100 --period
$GRUNDY values 0.8 --upto 60 --period
$GRUNDY values grundy-game --upto 3000 --period
