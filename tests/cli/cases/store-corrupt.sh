# A table with a flipped byte, then one cut short: verify names the file
# and what failed (exit status 1); list shows it as damaged.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
fix="$(dirname "$GRUNDY")/tests/store_fixture"
norm() {
    sed -e "s|$d|DIR|g" -e 's/"version": "[^"]*"/"version": "V"/g' \
        -e 's/written by grundy [^ ]*$/written by grundy V/'
}
"$fix" "$d" kayles 200 || exit 1
"$fix" "$d" half 5000 || exit 1
f=$("$GRUNDY" store path kayles --store "$d")
printf '\377' | dd of="$f" bs=1 seek=4200 conv=notrunc 2>/dev/null
"$GRUNDY" store verify --store "$d" 2>&1 | norm
"$GRUNDY" store verify --store "$d" >/dev/null 2>&1
echo "exit $?"
"$GRUNDY" store verify kayles --store "$d" 2>&1 | norm
"$GRUNDY" store verify half --store "$d" 2>&1 | norm
h=$("$GRUNDY" store path half --store "$d")
head -c 3000 "$h" > "$d/cut" && mv "$d/cut" "$h"
"$GRUNDY" store verify half --store "$d" 2>&1 | norm
"$GRUNDY" store verify half --store "$d" >/dev/null 2>&1
echo "exit $?"
"$GRUNDY" store list --store "$d" | norm
"$GRUNDY" store list --json --store "$d" | norm
# A verify leaves the files where they are.
ls "$d" | sed 's/-[0-9a-f]\{16\}\./-HASH./'
