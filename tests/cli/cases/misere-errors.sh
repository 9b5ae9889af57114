# Bad input to grundy misere: data errors exit 1, usage errors 2.
t() { "$GRUNDY" misere "$@" 2>&1; echo "exit $?"; }
t nim --upto 5
t subtract:1,2 --upto 5
t 0.0 --upto 5
t 0.1x7 --upto 5
t 5.07 --upto 5
t 0.77 --upto 0
t 0.77 --upto 2000000
t 0.77 --upto x
t 0.77
t --upto 5
t 0.77 --upto 5 --frobnicate
t 0.77 0.75 --upto 5
t 0.77 --upto 5 --max-order 0
# over the memory limit
t 0.07 --upto 30 --mem-limit 20K
# the genus search over its limit: the heaps done are printed
t kayles --genus --upto 12 --search-limit 300
# past --max-order: the quotient it had, and where it stopped
"$GRUNDY" misere 0.07 --upto 30 --max-order 100 2>&1 | sed -n '1,5p;/^last_change/,/^stopped/p'
echo "exit $?"
"$GRUNDY" misere 0.07 --upto 26 --max-order 100 --json 2>/dev/null | sed 's/.*"stopped"/"stopped"/; s/, "heap_elements".*//'
