#!/bin/sh
# pshtbrth.sh GRUNDY ORACLE -- 'grundy solve pshtbrth' on random input
# against the answers of a direct game-tree search (pshtbrth_oracle.c).
GRUNDY=$1
ORACLE=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$ORACLE" "$dir/in" "$dir/want" || exit 1
"$GRUNDY" solve pshtbrth <"$dir/in" >"$dir/got" || exit 1
if ! cmp -s "$dir/want" "$dir/got"; then
    echo "answers differ from the search (seed above):"
    diff "$dir/want" "$dir/got" | head -20
    exit 1
fi
echo "$(wc -l <"$dir/want") answers agree"
