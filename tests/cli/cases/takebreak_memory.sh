# Tables beyond memory are refused before allocating, with the estimate.
$GRUNDY values 0.6 --upto 1000000 --mem-limit 1M 2>&1; echo "exit $?"
out=$($GRUNDY values grundy-game --upto 100000000000000000 2>&1); rc=$?
echo "$out" | sed 's/about [0-9.]* MiB/about N MiB/'; echo "exit $rc"
