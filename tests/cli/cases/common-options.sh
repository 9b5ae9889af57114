# Every subcommand takes the common options (one table in app/cli.c):
# the loopy paths of values, analyze and play, misere, loopy and solve
# too.  --heap-max (addsub's heap bound) and --period-max (the period
# search's) have their own names; the old --max is refused with the new
# name (exit 2): it is the heap bound of count only.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
run() { "$@" 2>&1; echo "exit $?"; }
C="--store $d --threads 1 --mem-limit 1G --work-limit 1G --quiet"
run "$GRUNDY" values addsub:4,5:2 --heap-max 20 --upto 3 $C
run "$GRUNDY" values addsub:4,5:2 --max 20 --upto 3 --store "$d"
run "$GRUNDY" values addsub:4,5:2 --max 20 --upto 3 --no-store --out-of-core
run "$GRUNDY" analyze addsub:4,5:2 5 12 --heap-max 20 $C
run "$GRUNDY" analyze addsub:4,5:2 5 12 --max 20 --no-store
printf '' | run "$GRUNDY" play addsub:4,5:2 5 --heap-max 20 $C | tail -n 2
run "$GRUNDY" misere 0.07 --upto 5 $C
run "$GRUNDY" misere 0.07 --genus --upto 3 --no-store
printf '0 1\n1 2\n' | run "$GRUNDY" loopy - $C
run "$GRUNDY" solve pshtbrth "$CASES/../../../examples/solve-pshtbrth.in" $C
echo 7 | run "$GRUNDY" solve unbalanced-nim --no-store --quiet
run "$GRUNDY" values 0.8 --period --period-max 1500 $C
# a common option with a bad value names itself
run "$GRUNDY" misere 0.07 --upto 5 --threads x
run "$GRUNDY" loopy - --store ''
