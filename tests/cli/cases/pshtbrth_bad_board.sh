# Answers before a bad board stay printed; the error names LINE:COL.
printf '1\n2 3\n1001\n0010\n0111\n1101\n1001\n1010\n0111\n0110\n1 1 2\n2 2\n1111\n1021\n0000\n0000\n1 1 1\n' |
    $GRUNDY solve pshtbrth 2>&1
echo "exit $?"
printf '1\n1 2\n1001\n0010\n0111\n1101\n1 1 1\n2 1\n111\n' | $GRUNDY solve pshtbrth 2>&1
echo "exit $?"
printf '1\n1 1\n1001\n0010\n0111\n1101\n1 1 2\n' | $GRUNDY solve pshtbrth 2>&1
echo "exit $?"
printf '2\n1 1\n1001\n0010\n0111\n1101\n1 1 1\n' | $GRUNDY solve pshtbrth 2>&1
echo "exit $?"
# L > R names R's first byte: on its own line, after leading zeros and tabs.
printf '1\n2 3\n1001\n0010\n0111\n1101\n1001\n1010\n0111\n0110\n1 1 2\n1 2\n\t 001\n1 2 2\n' | $GRUNDY solve pshtbrth 2>&1
echo "exit $?"
