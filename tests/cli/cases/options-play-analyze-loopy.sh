# play, analyze and loopy parse through their option tables (app/opt.h):
# every refusal names the argument as typed and exits 2 (a usage error)
# before any game is opened or any input read, an option may come before
# or after the arguments, and "--name=VALUE" is "--name VALUE".
run() { "$@" 2>&1 </dev/null; echo "exit $?"; }
for cmd in play analyze; do
    run "$GRUNDY" $cmd nim 3 4 --frobnicate
    run "$GRUNDY" $cmd nim 3 4 --search-limit 0
    run "$GRUNDY" $cmd nim 3 4 --search-limit=x
    run "$GRUNDY" $cmd nim 3 4 --heap-max
    run "$GRUNDY" $cmd addsub:4,5:2 5 --max=20
    run "$GRUNDY" $cmd --json=1 nim 3
    run "$GRUNDY" $cmd --mix
    run "$GRUNDY" $cmd nim
    run "$GRUNDY" $cmd
done
run "$GRUNDY" play nim 3 --first nobody
run "$GRUNDY" play nim 3 --repeat 1
run "$GRUNDY" play nim 3 --input
run "$GRUNDY" analyze nim 3 --moore=64
run "$GRUNDY" loopy - --frobnicate
run "$GRUNDY" loopy - --format=xml
run "$GRUNDY" loopy - --method slow
run "$GRUNDY" loopy - --at
run "$GRUNDY" loopy - --mem-limit 0
run "$GRUNDY" loopy a b
run "$GRUNDY" loopy
# the options taken after the arguments, with '=', and '--'
printf '0 1\n' | "$GRUNDY" loopy --format=edges --at=0 -- -; echo "exit $?"
"$GRUNDY" analyze --search-limit=100 nim 3 4 --json | head -c 40; echo
printf 'quit\n' | "$GRUNDY" play nim 3 --first=computer --repeat=5 | tail -n 1
