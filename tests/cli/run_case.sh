#!/bin/sh
# run_case.sh GRUNDY CASE.sh -- run one CLI test case.
# The case runs with $GRUNDY and $CASES (its folder) set, and a fresh
# $XDG_CACHE_HOME; its stdout must equal CASE.stdout byte for byte, and
# its exit code CASE.exit (default 0).
GRUNDY=$1
case_sh=$2
base=${case_sh%.sh}
CASES=$(dirname "$case_sh")
export GRUNDY CASES
out=$(mktemp)
# Each case has a store of its own (the default folder), so that no case
# sees another's tables nor the user's.
XDG_CACHE_HOME=$(mktemp -d)
export XDG_CACHE_HOME
trap 'rm -rf "$out" "$XDG_CACHE_HOME"' EXIT
sh "$case_sh" >"$out"
rc=$?
want_rc=0
[ -f "$base.exit" ] && want_rc=$(cat "$base.exit")
status=0
if [ "$rc" != "$want_rc" ]; then
    echo "exit code $rc, expected $want_rc"
    status=1
fi
if [ -f "$base.stdout" ]; then
    if ! cmp -s "$out" "$base.stdout"; then
        echo "stdout differs from $base.stdout:"
        diff "$base.stdout" "$out" | head -40
        status=1
    fi
else
    echo "missing $base.stdout"
    status=1
fi
exit $status
