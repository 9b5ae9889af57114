# Bad input to grundy analyze: each error names its place; data errors
# exit 1, usage errors 2, and nothing is printed on stdout.
t() { "$GRUNDY" analyze "$@" 2>&1; echo "exit $?"; }
t nim 3 x 5
t nim 3 -1
t subtract:1,,2 4
t foo 1 2
t --mix nim:3 digits
t --mix nim:3 bogus:4
t --mix nim:3 half:99999999999999999999
t nim
t
t nim 1 --moore 0
t nim 1 --moore 64
t nim 1 --frobnicate
# The exact search refuses above its limit, and says how to go on.
t subtract:1,2 30 30 30 --misere --search-limit 100
t half 40 41 --moore 2 --search-limit 50
# Too many moves to list.
t --mix half:1099511627776 nim:1
# Board positions of the wrong shape.
t rect:2x2 11/011
t --mix nim:1 rect:2x2:1101
# A limit is named by the step that passed it, as the library says
# (sum.values_failed): the values of a finite component in a sum with
# cycles; under misere play the search, which needs no values, first.
t --mix addsub:4,5:2:20:5 digits:1000000000000000000 --no-store --work-limit 20K
t digits 1000000000000000000 3 --misere --no-store
