# subtract:1,3,4 has g(h) = 0 1 0 1 2 3 2 repeating with period 7.
# Heaps 10 3 7 0 12 have values 1 1 0 0 3: nim-sum 3, heap 12 moves to 9
# (value 0); rank 2 of 5 gives 32 - 8 = 24; modulo 7 that is 3.
printf '5\n10 3 7 0 12\n5\n3 1 5\n4 1 5\n1 1 5\n2 3 100\n4 2 2\n' |
    "$GRUNDY" range subtract:1,3,4
printf '5\n10 3 7 0 12\n1\n1 1 5\n' | "$GRUNDY" range subtract:1,3,4 --mod 7
