# analyze --misere and play --misere on take-and-break games: the misere
# quotient decides, for any number of heaps; other families search.
"$GRUNDY" analyze --misere 0.07 3 5 9 11
"$GRUNDY" analyze --misere kayles 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 --json
"$GRUNDY" analyze --misere 0.75 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5
"$GRUNDY" analyze --misere subtract:1,2 3 4
# play: the program moves into P; the player who cannot move wins.
printf '1 1+2\nhint\n2 -\n1 -\n1 1+1\n1 -\n' | "$GRUNDY" play --misere 0.75 5 3
echo "exit $?"
printf '1 -\n' | "$GRUNDY" play --misere 0.77 3 --first computer
echo "exit $?"
printf '1 1\n' | "$GRUNDY" play --misere kayles 2
echo "exit $?"
