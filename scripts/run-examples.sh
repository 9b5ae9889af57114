#!/bin/sh
# run-examples.sh GRUNDY -- the main job of 'make run': every bundled
# workload on its example in examples/, and a few 'grundy values' calls.
set -eu
G=$1
EX=$(dirname "$0")/../examples
show() {
    echo "\$ $*"
    "$@"
    echo
}
show "$G" values digits --upto 29 --json
show "$G" values subtract:1,3,4 --period
show "$G" values half --upto 15 --stats
show "$G" values digits --at 1000000000
show "$G" analyze --mix digits:12 half:9 nim:3 subtract:1,3,4:10
show "$G" loopy "$EX/loopy-textbook.dot"
show "$G" analyze addsub:4,5:2 5 12 --max 20
for f in "$EX"/solve-*.in; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .in)
    name=${name#solve-}
    echo "\$ grundy solve $name < examples/$(basename "$f")"
    "$G" solve "$name" <"$f"
    echo
done
