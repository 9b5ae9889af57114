# Sums that mix games with cycles and finite games (a finite game is a
# game with cycles that has none): Smith's rule on the generalized values
# of the one and the Grundy values of the other.
cd "$CASES/../../../examples" || exit 1
"$GRUNDY" analyze --mix 'addsub:4,5:2:7' '0.77:5' --heap-max 20
"$GRUNDY" analyze --mix 'addsub:4,5:2:7' '0.77:5' --heap-max 20 --json
echo "--"
# a draw kept by a finite move: two infinite components
"$GRUNDY" analyze --mix addsub:4,5:2:9 addsub:4,5:2:12 nim:2 --heap-max 20
echo "--"
# a won sum with cycles, a Nim heap in it (c is inf(1), the heap 1), played
# to its end: the program leaves the cycle at once (c -> d: two heaps of 1)
# and wins
printf '1 e\n' | "$GRUNDY" play --mix graph:loopy-textbook.dot:c nim:1 \
    --first computer | tail -n +6
echo "--"
t() { "$GRUNDY" "$@" 2>&1; echo "exit $?"; }
t analyze --mix addsub:4,5:2:7 nim:3 --heap-max 20 --misere
t play --mix addsub:4,5:2:7 nim:3 --heap-max 20 --misere
