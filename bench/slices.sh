#!/bin/sh
# bench/slices.sh GRUNDY SPEC WORK [MAX] -- a board search run to its end
# in slices: the same command (`values SPEC --position start --store DIR
# --threads 1 --stats --work-limit WORK`, one new store) run again and
# again until it prints a value, at most MAX times (default 100).  One
# line: the slices, the positions of all of them (the --stats of each
# stopped slice included) and the value.  The lasting table
# (src/values/journal.c) is what carries the work from a slice to the
# next; one slice of WORK positions without the store starts from
# nothing each time.
set -u
grundy=${1:?usage: bench/slices.sh GRUNDY SPEC WORK [MAX]}
spec=${2:?} work=${3:?} max=${4:-100}
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
total=0 n=0
while [ "$n" -lt "$max" ]; do
    out=$("$grundy" values "$spec" --position start --store "$d" --threads 1 \
        --stats --work-limit "$work" 2>&1)
    nodes=$(echo "$out" | sed -n 's/^nodes //p' | head -1)
    total=$((total + ${nodes:-0}))
    n=$((n + 1))
    first=$(echo "$out" | head -1)
    case $first in
    *[!0-9]* | '') ;;
    *)
        echo "$spec slices $n positions $total value $first journal" \
            "$(cat "$d"/*.gjnl | wc -c) bytes"
        exit 0
        ;;
    esac
done
echo "$spec no value after $n slices ($total positions)"
exit 1
