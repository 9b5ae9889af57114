# Faults of the store never cost the answer: a damaged table is reported,
# moved aside and recomputed; a folder that cannot be written is said once
# and the work goes on; a disk that fills during a write leaves no partial
# file, and the answer is printed with exit status 0.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
export GRUNDY_STORE_MIN_MS=0
norm() {
    sed -e "s|$d|DIR|g" -e 's/-[0-9a-f]\{16\}\./-HASH./g'
}
"$GRUNDY" values 0.137 --upto 20000 --stats --no-store >"$d/want"
"$GRUNDY" values 0.137 --upto 20000 --stats --store "$d/s" >/dev/null
f=$("$GRUNDY" store path 0.137 --store "$d/s")
# a flipped byte in the values
printf '\377' | dd of="$f" bs=1 seek=9000 conv=notrunc 2>/dev/null
"$GRUNDY" values 0.137 --upto 20000 --stats --store "$d/s" 2>"$d/err" \
    >"$d/got"
echo "exit $?"
norm <"$d/err"
cmp "$d/want" "$d/got" && echo "same answer"
ls "$d/s" | norm
"$GRUNDY" store verify --store "$d/s"
# a file cut short, and a foreign file under the entry's name
head -c 5000 "$f" >"$d/cut" && mv "$d/cut" "$f"
"$GRUNDY" values 0.137 --at 19999 --store "$d/s" 2>&1 | norm
echo "not a table" >"$f"
"$GRUNDY" values 0.137 --at 19999 --store "$d/s" 2>&1 | norm
# a folder that cannot be created (under a regular file)
touch "$d/file"
"$GRUNDY" values 0.137 --upto 20000 --stats --store "$d/file/s" \
    2>"$d/err" >"$d/got"
echo "exit $?"
norm <"$d/err"
cmp "$d/want" "$d/got" && echo "same answer"
# a full disk: writes past 8 KiB fail (EFBIG)
(
    ulimit -f 16
    "$GRUNDY" values 0.137 --upto 20000 --stats --store "$d/full" \
        2>"$d/err" >"$d/got"
    echo "exit $?"
)
norm <"$d/err"
cmp "$d/want" "$d/got" && echo "same answer"
ls -A "$d/full" | norm
