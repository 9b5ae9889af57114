# A survey killed with kill -9 and started again with the same store gives
# the rows of a survey run at one go (the time column left out).
# (shorter under the sanitizers; either way the run is killed mid-way)
N=30000
[ -n "${GRUNDY_TEST_SANITIZED:-}" ] && N=10000
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
GRUNDY_STORE_MIN_MS=0 "$GRUNDY" survey 0.0dd --upto $N --csv --threads 1 \
    --store "$d/s" >"$d/killed" 2>/dev/null &
pid=$!
sleep 1
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
GRUNDY_STORE_MIN_MS=0 "$GRUNDY" survey 0.0dd --upto $N --csv --threads 1 \
    --store "$d/s" | cut -d, -f1-8 >"$d/resumed"
"$GRUNDY" survey 0.0dd --upto $N --csv --no-store | cut -d, -f1-8 >"$d/once"
if cmp -s "$d/resumed" "$d/once"; then
    echo "the resumed survey gives the same rows"
else
    diff "$d/once" "$d/resumed"
fi
wc -l <"$d/once"
