# Boards of rect:3x3 in their row syntax.  The values (printed by
# 'grundy values' alongside) are 4, 1, 1 and 1; the winning move clears
# the centre of the full board, which 'grundy values' confirms is a 0;
# {4, 1, 1} has rank 2: 8 - 2 subsets win.  A malformed board stops the
# run at its column.
for b in 111/111/111 101/010/101 110/011/000 000/000/001 111/101/111; do
    printf '%s ' "$("$GRUNDY" values rect:3x3 --at $b)"
done
echo
printf '3\n111/111/111 101/010/101 110/011/000\n6\n3 1 3\n4 1 3\n1 1 3\n2 1 000/000/001\n3 1 3\n4 2 3\n' |
    "$GRUNDY" range rect:3x3
printf '2\n111/111/111 1x1/111/111\n1\n3 1 2\n' | "$GRUNDY" range rect:3x3 2>&1
