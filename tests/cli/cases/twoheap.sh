# Wythoff's game and two-heap games of a move set: one value, the square
# of g(a, b), the P-positions, a P-position far past any table (the closed
# form), sums with their winning moves, and a game played through a pipe.
$GRUNDY values wythoff --at 3,5
$GRUNDY values wythoff --at 4,6 --json
$GRUNDY values wythoff --upto 9
$GRUNDY values wythoff --upto 40 --p-positions | tr '\n' ' '
echo
$GRUNDY values wythoff --upto 3 --json
$GRUNDY values wythoff --at 1618033988,2618033988 --stats | sed 's/time .*/time/'
# the same diagonal move only up to 2 at a time; Fraenkel's 2-Wythoff
$GRUNDY values twoheap:t/0,0/t,t/t@2 --upto 6
$GRUNDY values twoheap:t/0,0/t,t/t,t/t+1,t+1/t --upto 30 --p-positions | tr '\n' ' '
echo
$GRUNDY analyze wythoff 3,4 2,2
$GRUNDY analyze --mix wythoff:3,4 nim:3 twoheap:t/0,0/t,t/t@2:5,5
$GRUNDY analyze wythoff 3,4 2,2 --misere
# the program answers each user move with a winning one
printf '1 2,3\n2 1,1\n1 0,0\n' | $GRUNDY play wythoff 3,4 2,2
