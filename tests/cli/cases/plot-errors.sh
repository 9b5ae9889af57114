# grundy plot: usage errors (exit 2) and data errors (exit 1)
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for args in "0.137 --upto 10" "0.137 -o $d/a.svg" "--upto 10 -o $d/a.svg" \
    "0.137 --all -o $d/a.svg" "rect:2x2 --upto 3 -o $d/a.svg" \
    "0.137 --upto 10 --log -o $d/a.svg" "0.137 --upto 10 --png -o -" \
    "0.137 --upto 10 --width 10 -o $d/a.svg" "0.137 --upto 10 --bogus -o $d/a.svg" \
    "0.1x7 --upto 10 -o $d/a.svg" "0.137 --upto 10 -o $d/no/such/dir/a.svg" \
    "0.137 --upto 100000000 --mem-limit 1M -o $d/a.svg"; do
    # shellcheck disable=SC2086
    $GRUNDY plot $args 2>"$d/err"
    echo "exit $?: $(head -1 "$d/err" | sed "s|$d/||")"
done
[ -e "$d/a.svg" ] && echo "a picture was written"
exit 0
