# A board table over the memory limit is refused with its size, before
# anything is computed; exit 1.
$GRUNDY values rect:5x6 --all --stats --mem-limit 64M 2>&1
echo "exit $?"
$GRUNDY values rect:5x6 --at 111111/111111/111111/111111/111110 --mem-limit 1M 2>&1
echo "exit $?"
