# Value counts and the largest value of 3x3 and 4x4 boards; the 4x4
# table is the same on 1 and 3 threads.
$GRUNDY values rect:3x3 --all --stats
a=$($GRUNDY values rect:4x4 --all --stats --threads 1)
b=$($GRUNDY values rect:4x4 --all --stats --threads 3)
echo "$a"
[ "$a" = "$b" ] && echo "same on 3 threads"
