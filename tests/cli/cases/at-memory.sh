# --at computes only what it needs: g(10^9) of Digit Nim from a window of
# the kernel, in under 50 MB of resident memory (the table to 10^9 would
# take 1 GB).  Under the sanitizers, whose runtime takes memory of its
# own, 10^8 in under 200 MB.
P=1000000000
LIMIT=50000
if [ -n "${GRUNDY_TEST_SANITIZED:-}" ]; then
    P=100000000
    LIMIT=200000
fi
m=$(mktemp)
trap 'rm -f "$m"' EXIT
/usr/bin/time -f '%M' -o "$m" "$GRUNDY" values digits --at $P --no-store
kb=$(tail -n 1 "$m")
if [ "$kb" -lt "$LIMIT" ]; then
    echo "resident memory under the bound"
else
    echo "resident memory $kb KB, over $LIMIT KB"
fi
