# A table killed with kill -9 while it is computed (after a checkpoint)
# resumes from the checkpoint when the same command runs again, and ends
# byte-identical to an uninterrupted run; so does the output.
# (shorter under the sanitizers)
N=1500000
[ -n "$GRUNDY_TEST_SANITIZED" ] && N=600000
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
export GRUNDY_STORE_MIN_MS=0
"$GRUNDY" values 0.6 --upto $N --stats --threads 1 --store "$d/a" \
    >"$d/want" || exit 1
GRUNDY_CHECKPOINT_MS=100 "$GRUNDY" values 0.6 --upto $N --stats \
    --threads 1 --store "$d/b" >/dev/null 2>&1 &
pid=$!
i=0
while ! ls "$d"/b/*.gtab >/dev/null 2>&1 && [ $i -lt 600 ]; do
    sleep 0.05
    i=$((i + 1))
done
kill -STOP $pid
"$GRUNDY" store list --store "$d/b" | sed -e 1d -e '/^total /d' -e 's/: [0-9]* entries.*,\( [a-z]*\), [0-9]* bytes.*/:\1/'
kill -9 $pid
wait $pid 2>/dev/null
"$GRUNDY" values 0.6 --upto $N --stats --threads 1 --store "$d/b" \
    >"$d/got" || exit 1
cmp "$d/want" "$d/got" && echo "same output"
cmp "$(ls "$d"/a/*.gtab)" "$(ls "$d"/b/*.gtab)" && echo "same table file"
"$GRUNDY" store verify --store "$d/b"
