# Two processes asking for the same table at once: one computes it under
# the entry's lock, the other waits and reads it; both answer the same,
# and the stored table verifies.
# (shorter under the sanitizers)
N=400000
[ -n "$GRUNDY_TEST_SANITIZED" ] && N=100000
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
export GRUNDY_STORE_MIN_MS=0
"$GRUNDY" values 0.6 --upto $N --stats --no-store >"$d/want"
for i in 1 2 3; do
    "$GRUNDY" values 0.6 --upto $N --stats --store "$d/s" \
        >"$d/got$i" 2>"$d/err$i" &
done
wait
for i in 1 2 3; do
    cmp "$d/want" "$d/got$i" && echo "process $i: same answer"
    cat "$d/err$i"
done
"$GRUNDY" store verify --store "$d/s"
ls "$d/s" | sed 's/-[0-9a-f]\{16\}\./-HASH./'
