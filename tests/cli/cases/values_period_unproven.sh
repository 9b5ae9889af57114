$GRUNDY values digits:base=2 --upto 200 --period
$GRUNDY values digits:base=2 --upto 200 --period --json | sed "s/.*\"period\": //"
$GRUNDY values 4.3... --period --no-store
