# Conway's genus: Kayles' heaps (Winning Ways: 1^031, 2^20, 3^31, 4^146
# at heap 5), Dawson's Kayles in JSON.
"$GRUNDY" misere kayles --genus --upto 12
"$GRUNDY" misere 0.07 --genus --upto 4 --json
