# A table the program saves carries its proven period, so that `store list`
# shows it (the README's example): Kayles to 199 (the Guy-Smith criterion
# needs 168 values), a subtraction game, and Grundy's game, which has no
# period criterion and so no period in the store.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
export GRUNDY_STORE_MIN_MS=0
"$GRUNDY" values kayles --upto 199 --store "$d" >/dev/null
"$GRUNDY" values subtract:1,3,4 --upto 50 --store "$d" >/dev/null
"$GRUNDY" values grundy-game --upto 2000 --store "$d" >/dev/null
"$GRUNDY" values 0.137 --upto 60 --store "$d" >/dev/null
"$GRUNDY" store list --store "$d" | sed -e "s|$d|DIR|g" \
    -e 's/written by grundy [^ ]*$/written by grundy V/'
