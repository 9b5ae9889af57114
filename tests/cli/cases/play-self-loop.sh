# A move along a self-loop is a move of its own component: the transcript
# names component 2 (vertex 6 of loopy-graph.txt has the edge 6 -> 6),
# not component 1, where nothing moved.
cd "$CASES/../../../examples" || exit 1
printf '2 6\nquit\n' |
    "$GRUNDY" play --mix graph:loopy-textbook.dot:e graph:loopy-graph.txt:6 \
        --json 2>/dev/null
echo "exit $?"
