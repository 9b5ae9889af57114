# grundy store list / path / verify on a store filled through the library
# (tests/support/store_fixture.c).  The folder and grundy's version are
# replaced by DIR and V.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
fix="$(dirname "$GRUNDY")/tests/store_fixture"
norm() {
    sed -e "s|$d|DIR|g" -e 's/"version": "[^"]*"/"version": "V"/g' \
        -e 's/written by grundy [^ ]*$/written by grundy V/'
}
"$GRUNDY" store list --store "$d" | norm
"$fix" "$d" kayles 200 || exit 1
"$fix" "$d" subtract:1,3,4 50 checkpoint || exit 1
"$fix" "$d" grundy-game 2000 || exit 1
"$GRUNDY" store list --store "$d" | norm
"$GRUNDY" store list --json --store "$d" | norm
"$GRUNDY" store verify --store "$d" 2>&1
echo "exit $?"
"$GRUNDY" store verify kayles --store="$d" 2>&1
echo "exit $?"
"$GRUNDY" store path --store "$d" | norm
"$GRUNDY" store path kayles --store "$d" | norm
