# P-positions of k-heap games: the halving game's two-heap count, Nim_2.
"$GRUNDY" count half --heaps 2 --max 50
"$GRUNDY" count half --heaps 3 --max 20 --print all
"$GRUNDY" count nim --heaps 3 --max 7 --moore 2 --print all
"$GRUNDY" count subtract:1,3,4 --heaps 2 --max 10 --mod 1000000007
