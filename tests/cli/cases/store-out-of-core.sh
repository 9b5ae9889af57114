# A table grown in its file (--out-of-core) and killed with kill -9 after
# a checkpoint is taken up by the same command, and ends byte-identical
# to the table computed in memory; so does the output.
# (shorter under the sanitizers)
N=2000000
[ -n "$GRUNDY_TEST_SANITIZED" ] && N=600000
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
export GRUNDY_STORE_MIN_MS=0
"$GRUNDY" values grundy-game --upto $N --stats --threads 1 --store "$d/a" \
    >"$d/want" || exit 1
GRUNDY_CHECKPOINT_MS=100 "$GRUNDY" values grundy-game --upto $N --stats \
    --threads 1 --out-of-core --store "$d/b" >/dev/null 2>&1 &
pid=$!
i=0
while ! ls "$d"/b/*.tmp-grow.state >/dev/null 2>&1 && [ $i -lt 1200 ]; do
    sleep 0.05
    i=$((i + 1))
done
kill -9 $pid
wait $pid 2>/dev/null
ls "$d"/b/*.tmp-grow.state >/dev/null 2>&1 && echo "killed after a checkpoint"
"$GRUNDY" values grundy-game --upto $N --stats --threads 1 --out-of-core \
    --store "$d/b" >"$d/got" || exit 1
cmp "$d/want" "$d/got" && echo "same output"
cmp "$(ls "$d"/a/*.gtab)" "$(ls "$d"/b/*.gtab)" && echo "same table file"
ls "$d"/b | grep -c tmp-
"$GRUNDY" store verify --store "$d/b"
