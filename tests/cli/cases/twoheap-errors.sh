# Two-heap games: a malformed position or move set is named with its
# column (exit 1); options that do not apply are usage errors (exit 2).
for pos in 3 3, ,5 3x5 3,5x 4294967296,1 1,-1; do
    $GRUNDY values wythoff --at "$pos" 2>&1
    echo "exit $?"
done
for spec in wythoff:2 twoheap twoheap:t twoheap:t/0@0 twoheap:0/0 \
    twoheap:t/0,t/s twoheap:t/t@5..2 twoheap:t-9/0@3; do
    $GRUNDY values "$spec" --at 1,1 2>&1
    echo "exit $?"
done
$GRUNDY analyze wythoff 3,4 5 2>&1
echo "exit $?"
for args in "--period" "--upto 5 --period" "--upto 4294967295" \
    "--at 3,5 --p-positions"; do
    # shellcheck disable=SC2086
    $GRUNDY values wythoff $args 2>&1 >/dev/null | head -1
    # shellcheck disable=SC2086
    $GRUNDY values wythoff $args >/dev/null 2>&1
    echo "exit $?"
done
