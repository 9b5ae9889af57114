# A scripted game through a pipe: illegal moves are explained and the
# prompt comes again with nothing lost; hint, undo and quit.
printf '1 1\nhint\n9 9\n1 7\n2 x\n2 1+1\nfoo bar baz\n\nundo\nundo\nhint\n2 0\nquit\n1 1\n' |
    "$GRUNDY" play nim 3 4 5
echo "exit $?"
# One component: the number may be left out.  From 6 (a loss for the
# user) the program wins; from 2 the user wins at once.
printf '3\n5\n2\n' | "$GRUNDY" play subtract:1,2 6
echo "exit $?"
printf '0\n' | "$GRUNDY" play subtract:1,2 2
echo "exit $?"
# Input ending in mid-game.
printf '1 0' | "$GRUNDY" play --mix nim:2 half:5
echo "exit $?"
echo "exit $?"
# Boards: positions as rows; a move must clear an all-1 rectangle.
printf '1 11/11\n1 1x/01\n1 01/00\n1 00/01\n' | "$GRUNDY" play rect:2x2 11/01
echo "exit $?"
# Too large to search: in a lost position the program takes least.
printf '1 1\n' | "$GRUNDY" play nim 3 4 5 --search-limit 2
