# Winning moves that split a heap ('+') or leave nothing ('-'), and a
# family whose moves go up (divisors: no dense table, values one position
# at a time).  The values are printed by 'grundy values' alongside:
# Kayles g(0..8) = 0 1 2 3 1 4 3 2 1, so [7 4 0] has nim-sum 3 and
# 7 -> 2+3 (values 2 ^ 3 = 1) wins; a lone heap of 1 is taken whole.
# Grundy's game: g(5) = 2, g(6) = 1; 5 -> 2+3 (0 ^ 1).  divisors:12:
# g(3) = 3, g(4) = 2; 3 -> 4.
"$GRUNDY" values kayles --upto 8 | tr '\n' ' '; echo
printf '3\n7 4 0\n4\n3 1 3\n4 1 3\n4 2 2\n1 1 3\n' | "$GRUNDY" range kayles
printf '3\n1 4 8\n2\n4 1 1\n4 1 3\n' | "$GRUNDY" range kayles
"$GRUNDY" values grundy-game --upto 6 | tr '\n' ' '; echo
printf '2\n5 6\n2\n3 1 2\n4 1 2\n' | "$GRUNDY" range grundy-game
for x in 3 4; do "$GRUNDY" values divisors:12 --at $x; done
printf '2\n3 4\n3\n3 1 2\n4 1 2\n1 1 2\n' | "$GRUNDY" range divisors:12
printf '1\n5\n0\n' | "$GRUNDY" range divisors:12 2>&1
