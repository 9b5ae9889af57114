# Playing loopy games against the program through a pipe.
cd "$CASES/../../../examples" || exit 1
# From c the best either side can do is a draw: the program keeps it, and
# when c comes back a third time with the user to move the game is
# declared drawn.
printf 'hint\n1 b\na\nc\nb\na\nc\nb\n' | "$GRUNDY" play graph:loopy-textbook.dot c
echo "--"
# c -> d loses the draw: the program answers d -> e and wins.
printf 'd\n' | "$GRUNDY" play graph:loopy-textbook.dot c | tail -4
echo "--"
# c + d is won for the player to move (c -> d); the program moves first.
printf '1 e\n' | "$GRUNDY" play graph:loopy-textbook.dot c d --first computer |
    tail -6
echo "--"
# A won sum for the user, who errs (12 -> 7 instead of 12 -> 8); the
# program takes over, reverses the user's raise 7 -> 9 (to a smaller
# counter), and wins.
printf 'hint\n2 7\n2 9\nundo\n2 9\n1 3\n1 5\n' |
    "$GRUNDY" play addsub:4,5:2 5 12 --heap-max 20 | tail -n +6
echo "--"
printf 'b\na\nc\n' | "$GRUNDY" play graph:loopy-textbook.dot a --repeat 2 |
    tail -n +6
echo "--"
"$GRUNDY" play addsub:4,5:2 5 --heap-max 20 --repeat 1 2>&1; echo "exit $?"
