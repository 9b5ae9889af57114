# A bad board names the column at fault; exit 1.
for pos in 1111/1101/1110 1111/1121/1110/1111 11111/1101/1110/1111 111/1101/1110/1111; do
    $GRUNDY values rect:4x4 --position $pos 2>&1
    echo "exit $?"
done
$GRUNDY values rect:6x6 --all 2>&1
echo "exit $?"
$GRUNDY values rect:4x4 --all --threads many 2>&1
echo "exit $?"
