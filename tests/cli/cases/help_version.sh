$GRUNDY --version | sed "s/[0-9][0-9.]*/X/"
$GRUNDY --help | head -3
$GRUNDY values --help | head -1
$GRUNDY help values | head -1
$GRUNDY solve --help | head -1
