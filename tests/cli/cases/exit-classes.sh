# One exit code per class of error, in every subcommand (grundy(1), EXIT
# STATUS): 2 for a usage error -- an unknown option, a missing argument,
# an option's value malformed or out of the range the option takes --
# before any work; 1 for bad input data (a spec, a position, a file,
# standard input) and failures at run time.  The first line of each
# message and the exit code are shown.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
t() { "$GRUNDY" "$@" </dev/null 2>"$d/err" >/dev/null; rc=$?
      echo "$rc: $*: $(head -n 1 "$d/err")" | sed "s|$d|DIR|g"; }
echo "# a value out of its range: 2"
t values nim --upto -1
t values nim --at 5 --threads 300
t values nim --at 5 --mem-limit 0
t values nim --at 5 --work-limit 0
t values 0.8 --period --period-max 0
t misere 0.77 --upto 0
t misere 0.77 --upto 1000001
t misere 0.77 --upto 5 --max-order 0
t count nim --heaps 0 --max 5
t count nim --heaps 2 --max -1
t count --tuples 2 --mod 9
t count --tuples 2 --moore 64
t range nim --mod 4
t plot nim --upto 10 --width 10 -o "$d/x.svg"
t plot nim --upto 10 --font-size 41 -o "$d/x.svg"
t survey 0.d --upto 0
t store list --store-limit 12X
t solve unbalanced-nim --mod 0
t analyze nim 1 2 --moore 64
t loopy - --format x
echo "# --max outside count: 2, naming the new option"
t values 0.8 --period --max 100
t values addsub:4,5:2 --max 20 --upto 3
t analyze addsub:4,5:2 5 --max 20
echo "# other usage errors: 2"
t values nim --frobnicate
t values
t misere 0.77
t count nim
t range
t store
t plot nim --upto 5
t survey --upto 5
t solve
t solve nosuch
echo "# bad input data and failures at run time: 1"
t values nosuch --at 1
t values nim --at x
t values rect:2x2 --at 99
t misere nim --upto 5
t count nosuch --heaps 2 --max 5
t range nim "$d/missing"
t store verify nosuch:1
t plot cram:2x2 --position 12345 -o "$d/x.svg"
t values nim --upto 100000000000 --mem-limit 1M
t loopy "$d/missing"
