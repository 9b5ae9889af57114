# grundy store list and verify see split tables (grundy-mpi's slices and
# manifest): list shows one entry with its slices and the bytes of every
# file, verify checks the manifest and every slice and names a damaged
# or missing one; remove takes them all.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
fix="$(dirname "$GRUNDY")/tests/store_fixture"
norm() {
    sed -e "s|$d|DIR|g" -e 's/-[0-9a-f]\{16\}\./-HASH./g' \
        -e 's/"version": "[^"]*"/"version": "V"/g' \
        -e 's/written by grundy [^ ]*$/written by grundy V/'
}
"$fix" "$d" split || exit 1
"$fix" "$d" kayles 200 || exit 1
"$GRUNDY" store list --store "$d" | norm
"$GRUNDY" store list --json --store "$d" | norm
"$GRUNDY" store verify --store "$d" 2>&1 | norm
"$GRUNDY" store verify --store "$d" >/dev/null 2>&1
echo "exit $?"
"$GRUNDY" store verify rect:2x2 --store "$d" 2>&1 | norm
# a flipped value in slice 1, then slice 0 gone
s1=$(ls "$d"/*.r1of2.*.gslice)
printf '\001' | dd of="$s1" bs=1 seek=4100 conv=notrunc 2>/dev/null
"$GRUNDY" store verify --store "$d" 2>&1 | norm
"$GRUNDY" store verify --store "$d" >/dev/null 2>&1
echo "exit $?"
rm "$d"/*.r0of2.*.gslice
"$GRUNDY" store verify rect:2x2 --store "$d" 2>&1 | norm
ls "$d" | norm
"$GRUNDY" store remove 'rect:*' --store "$d"
ls "$d" | norm
