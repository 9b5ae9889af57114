# Malformed codes: the message points at the offending character.
$GRUNDY values 0.1x7 --upto 5 2>&1; echo "exit $?"
$GRUNDY values 5.07 --upto 5 2>&1; echo "exit $?"
$GRUNDY values 0137 --upto 5 2>&1; echo "exit $?"
$GRUNDY values 0.. --upto 5 2>&1; echo "exit $?"
$GRUNDY values octal:0.7z --upto 5 2>&1; echo "exit $?"
$GRUNDY values 0.77777777777777777777777777777777777777777777777777777777777777777 --upto 5 2>&1; echo "exit $?"
$GRUNDY values grundy-game:2 --upto 5 2>&1; echo "exit $?"
