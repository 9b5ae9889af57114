# The canonical spec of a game with cycles is its own one text, the bound
# named: every spelling of addsub with the amounts 4,5 and 2 on heaps 0..20
# gives addsub:4,5:2:20 (the spec as written stays in "rules"); the bound
# may also be written in the spec.
cd "$CASES/../../../examples" || exit 1
"$GRUNDY" analyze --mix addsub:5,4,4:2:5 addsub:4,5:2:7 --heap-max 20 --json |
    grep -o '"rules": "[^"]*", "canonical": "[^"]*"'
"$GRUNDY" values addsub:4,5:2:20 --at 12 --json
"$GRUNDY" analyze addsub:4,5:2:20 5 12
"$GRUNDY" analyze "graph:loopy-graph.txt" 4 --json |
    grep -o '"rules": "[^"]*", "canonical": "[^"]*"'
