# A table the store holds is read back, not computed again: the second run
# needs no memory for it (a 1 KiB limit would refuse computing it).  A
# longer table extends the stored one, and equals a table computed afresh.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
export GRUNDY_STORE_MIN_MS=0
"$GRUNDY" values grundy-game --upto 32767 --stats --store "$d" >"$d/first"
"$GRUNDY" values grundy-game --upto 32767 --stats --store "$d" \
    --mem-limit 1K >"$d/again" && echo "read back under a 1 KiB limit"
cmp "$d/first" "$d/again" && echo "same answer"
"$GRUNDY" values grundy-game --upto 1000 --stats --mem-limit 1K \
    --store "$d" | tail -2
"$GRUNDY" values grundy-game --upto 32767 --stats --no-store \
    --mem-limit 1K 2>&1 | sed 's/about [0-9.]* MiB/about N MiB/'
"$GRUNDY" values grundy-game --upto 65535 --stats --store "$d" >"$d/ext"
"$GRUNDY" values grundy-game --upto 65535 --stats --no-store >"$d/fresh"
cmp "$d/ext" "$d/fresh" && echo "extended table = fresh table"
"$GRUNDY" store list --store "$d" | sed -e 1d -e '/^total /d' -e 's/, [0-9]* bytes.*//'
# --no-store writes nothing
e=$(mktemp -d)
"$GRUNDY" values 0.6 --upto 1000 --store "$e" --no-store >/dev/null
ls "$e" | wc -l
rm -rf "$e"
