# All four query types on Nim heaps (g(h) = h), checked by hand:
# [3 5 6 1]: nim-sum 1, the leftmost odd heap (3) moves to 2; rank 3
# (6 = 3 ^ 5), so 16 - 2 subsets win.  [5 6]: nim-sum 3, heap 6 moves to
# 5.  After heap 4 := 2: nim-sum 2, heap 3 (the leftmost with bit 1)
# moves to 1; heap 2 alone moves to 0; [3 5 6] has rank 2: 8 - 2.
printf '4\n3 5 6 1\n9\n3 1 4\n4 1 4\n4 2 3\n1 1 4\n2 4 2\n3 1 4\n4 1 4\n4 4 4\n1 1 3\n' |
    "$GRUNDY" range nim
