# Options are one table per subcommand (app/opt.h), which parses them and
# prints their help lines: every option a --help lists is taken (never
# "unknown option"), "--name=VALUE" is "--name VALUE", "--" ends the
# options, a flag takes no "=VALUE", a value missing at the end is named,
# and an option may come before or after the arguments.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
for cmd in values count range store plot misere survey play analyze loopy; do
    "$GRUNDY" "$cmd" --help | sed -n 's/^  \(--[a-z-]*\).*/\1/p' |
    sort -u >"$d/opts"
    n=0 bad=0
    while read -r opt; do
        n=$((n + 1))
        if "$GRUNDY" "$cmd" "$opt" </dev/null 2>&1 | grep -q "unknown option"
        then
            echo "$cmd: $opt is in the help but not taken"
            bad=$((bad + 1))
        fi
    done <"$d/opts"
    echo "$cmd: $n options in the help, $bad not taken"
done
run() { "$@" 2>&1; echo "exit $?"; }
run "$GRUNDY" values subtract:1,2 --upto=5
run "$GRUNDY" values --upto 3 subtract:1,2 --quiet
run "$GRUNDY" values subtract:1,2 --upto 2 --json=1
run "$GRUNDY" values subtract:1,2 --upto
run "$GRUNDY" values subtract:1,2 --at=
run "$GRUNDY" misere --upto 3 -- 0.77 | head -n 2
run "$GRUNDY" misere --upto 3 -- --frob
run "$GRUNDY" values nim --at 3 --store=
run "$GRUNDY" count --tuples=2 --mod=1000000007 --moore=2 --input=/dev/null
