# grundy survey refuses bad specs and bad lines with their place, and
# skips a code whose table is over --mem-limit with a note.  --compare's
# file is read before any work; a period proven here that differs from
# the published one exits 1, a published period not proven up to N here
# is "not decided here", and the codes compared are counted.
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
run() { # the command's stdout and stderr (the folder left out), its exit code
    "$@" >"$d/out" 2>&1
    rc=$?
    cut -d, -f1-8 "$d/out" | sed "s|$d/||"
    echo "exit $rc"
}
run "$GRUNDY" survey 0.dxd --upto 10 --no-store
run "$GRUNDY" survey ddd --upto 10 --no-store
run "$GRUNDY" survey 0.dd
printf '0.137\n# a comment\n\n  0.9z\n' >"$d/codes"
run "$GRUNDY" survey "@$d/codes" --upto 10 --no-store
printf '# nothing\n\n' >"$d/empty"
run "$GRUNDY" survey "@$d/empty" --upto 10 --no-store
run "$GRUNDY" survey "@$d/missing" --upto 10 --no-store
printf '0.6\n0.8\n0.07\n' >"$d/three"
run "$GRUNDY" survey "@$d/three" --upto 10000 --no-store --mem-limit 2M --csv
printf '0.07 34 53\n0.6 2 1\n0.77 bad 1\n' >"$d/pub"
run "$GRUNDY" survey "@$d/three" --upto 1000 --no-store --compare "$d/pub" --csv
printf '0.07 34 53\n0.6 2 1\n' >"$d/pub"
run "$GRUNDY" survey "@$d/three" --upto 1000 --no-store --compare "$d/pub" --csv
printf '0.07 34 52\n0.6 none\n0.8 none\n0.77 12 71\n' >"$d/pub"
run "$GRUNDY" survey "@$d/three" --upto 1000 --no-store --compare "$d/pub" --csv
