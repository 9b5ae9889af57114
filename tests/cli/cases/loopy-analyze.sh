# Sums of loopy games: Smith's rule gives the outcome (first, second or
# draw) and the winning moves, or the moves that keep the draw.
cd "$CASES/../../../examples" || exit 1
"$GRUNDY" analyze addsub:4,5:2 5 8 --heap-max 20
"$GRUNDY" analyze addsub:4,5:2 5 12 --heap-max 20
"$GRUNDY" analyze addsub:4,5:2 9 12 --heap-max 20
echo "--"
"$GRUNDY" analyze "graph:loopy-textbook.dot" c d
"$GRUNDY" analyze "graph:loopy-textbook.dot" c
"$GRUNDY" analyze "graph:loopy-textbook.dot" a b d
echo "--"
"$GRUNDY" analyze --mix "graph:loopy-graph.txt:4" addsub:4,5:2:7 \
    --heap-max 20 --json
"$GRUNDY" analyze --mix "graph:loopy-graph.txt:6" addsub:4,5:2:1 \
    --heap-max 20 --json
echo "--"
t() { "$GRUNDY" analyze "$@" 2>&1; echo "exit $?"; }
t addsub:4,5:2 5 x --heap-max 20
t addsub:4,5:2 5 21 --heap-max 20
t --mix addsub:4,5:2:5 nim:3 --heap-max 20
t --mix addsub:4,5:2:5 7 --heap-max 20
t addsub:4,5:2 5 --heap-max 20 --misere
t addsub:4,5:2 --heap-max 20
t "graph:loopy-textbook.dot" zz
