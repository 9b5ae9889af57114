# --stats (times vary, so they are left out) and --json.
cd "$CASES/../../../examples" || exit 1
"$GRUNDY" loopy loopy-graph.txt --stats | sed '/^time /d'
"$GRUNDY" loopy loopy-graph.txt --stats --list --format header |
    sed '/^time /d' | head -3
"$GRUNDY" loopy loopy-textbook.dot --json
"$GRUNDY" loopy loopy-textbook.dot --json --stats
# Self-loops and repeated edges are moves like the others.
printf '0 0\n1 1\n1 2\n1 2\n' | "$GRUNDY" loopy - --format edges
