# grundy store list, verify and remove know the journals in which board
# searches keep the facts of their big parts (the lasting table): listed
# with their facts, verified record by record, removed by rules or by a
# pattern, and kept while a search holds one.  Counts and sizes, which
# depend on the search, are written N.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
norm() {
    sed -e "s|$d|DIR|g" -e 's/j-[0-9a-f]\{16\}\.gjnl/j-HASH.gjnl/g' \
        -e 's/[0-9][0-9]* facts kept/N facts kept/' \
        -e 's/keys, [0-9][0-9]* bytes/keys, N bytes/' \
        -e 's/total [0-9][0-9]* bytes ([^)]*)/total N bytes/' \
        -e 's/total [0-9][0-9]* bytes in/total N bytes in/' \
        -e 's/"facts": [0-9]*/"facts": 0/' -e 's/"bytes": [0-9]*/"bytes": 0/g' \
        -e 's/"total_bytes": [0-9]*/"total_bytes": 0/' \
        -e 's/record [0-9]* of [0-9]*/record K of N/' \
        -e 's/reads the [0-9]* before/reads the K-1 before/'
}
"$GRUNDY" values cram:5x6 --position start --store "$d" --threads 1
"$GRUNDY" store list --store "$d" | norm
"$GRUNDY" store list --json --store "$d" | norm
"$GRUNDY" store verify --store "$d"
echo "exit $?"
"$GRUNDY" store verify cram:5x6 --store "$d"
echo "exit $?"
j=$(ls "$d"/*.gjnl)
# a byte of the last record changed: found, and the next run drops it
size=$(wc -c <"$j")
byte=$(dd if="$j" bs=1 skip=$((size - 3)) count=1 2>/dev/null)
[ "$byte" = Z ] && new=Y || new=Z
printf '%s' "$new" | dd of="$j" bs=1 seek=$((size - 3)) conv=notrunc 2>/dev/null
out=$("$GRUNDY" store verify --store "$d" 2>&1)
echo "exit $?"
echo "$out" | norm
"$GRUNDY" values cram:5x6 --position start --store "$d" --threads 1
"$GRUNDY" store verify cram:5x6 --store "$d"
echo "exit $?"
# held by a search: listed in use, and remove leaves it
flock "$j" "$GRUNDY" store list --store "$d" | norm
out=$(flock "$j" "$GRUNDY" store remove cram:5x6 --store "$d" 2>&1)
echo "exit $?, journals: $(ls "$d" | grep -c '\.gjnl$')"
echo "$out" | norm
"$GRUNDY" store remove cram:5x6 --store "$d"
echo "exit $?, journals: $(ls "$d" | grep -c '\.gjnl$')"
out=$("$GRUNDY" store remove cram:5x6 --store "$d" 2>&1)
echo "exit $?"
echo "$out" | norm
"$GRUNDY" values cram:5x6 --position start --store "$d" --threads 1 >/dev/null
"$GRUNDY" store remove 'cram:*' --store "$d"
echo "exit $?, journals: $(ls "$d" | grep -c '\.gjnl$')"
# a damaged header: listed as damaged, and verify says so
"$GRUNDY" values cram:5x6 --position start --store "$d" --threads 1 >/dev/null
j=$(ls "$d"/*.gjnl)
printf 'X' | dd of="$j" bs=1 seek=2 conv=notrunc 2>/dev/null
"$GRUNDY" store list --store "$d" | norm
out=$("$GRUNDY" store verify --store "$d" 2>&1)
echo "exit $?"
echo "$out" | norm
