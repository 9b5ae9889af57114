# Values of the board families' start positions and of positions after
# some moves (the board search for large ones, subsets for small ones),
# and --stats: where the value came from and the search's work (numbers
# left out: they follow the search's heuristics and the clock).
$GRUNDY values cram:4x5 --position start
$GRUNDY values cram:4x5 --position 11111/11111/11111/11011
$GRUNDY values cram:3x4:1110/1111/0111 --position start
$GRUNDY values cram:1x12 --position start
$GRUNDY values node-kayles:path:20 --position start
$GRUNDY values node-kayles:cycle:21 --position start
$GRUNDY values node-kayles:grid:3x5 --position start
$GRUNDY values node-kayles:petersen --position start
$GRUNDY values node-kayles:complete:9 --position 110000001
$GRUNDY values chomp:3x7 --position start
$GRUNDY values chomp:3x7 --position 7,4,2
$GRUNDY values cram:5x6 --position start --stats | sed '2,$s/[0-9][0-9.]*/N/g; s/^positions by depth.*/positions by depth N/'
$GRUNDY values cram:2x3 --position 111/011 --stats | sed '2,$s/[0-9][0-9.]*/N/g'
$GRUNDY values cram:4x5 --position start --json --stats |
    sed 's/"\(nodes\|lookups\|hits\|stored\|evicted\|table_bytes\|entries\|capacity\|threads\|child\|children\|seconds\)": [0-9.]*/"\1": N/g; s/"nodes_by_depth": \[[0-9, ]*\]/"nodes_by_depth": [N]/'
# the progress line says where the root stands; its last report is of the
# last round (the value), every child of the root asked.  Not at a
# terminal, each report is a line of its own, with no escapes or returns.
$GRUNDY values cram:4x5 --position start --threads 1 --progress 2>&1 >/dev/null |
    tail -1 | sed 's/search: [0-9]*, [0-9]* s/search: N, N s/'
$GRUNDY values cram:4x5 --position start --threads 1 --progress 2>&1 >/dev/null |
    LC_ALL=C grep -c "$(printf '[\r\033]')"
# the table of every position of a small board, through the same hooks
$GRUNDY values cram:2x3 --all
$GRUNDY values chomp:2x3 --all
