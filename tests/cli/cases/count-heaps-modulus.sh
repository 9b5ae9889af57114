# --heaps K --max M: the modulus is chosen from the options after RULES is
# opened and before any value is computed; a bad RULES is named first.
run() { "$@" 2>&1; echo "exit $?"; }
run "$GRUNDY" count nim --heaps 40 --max 1000000
run "$GRUNDY" count nosuch --heaps 40 --max 1000000
run "$GRUNDY" count divisors:36 --heaps 40 --max 1000000
run "$GRUNDY" count nim --heaps 40 --max 1000000 --mod 1000000007 --no-store
run "$GRUNDY" count half --heaps 2 --max 9 --no-store
run "$GRUNDY" count half --positions 1,2,3 --tuples 3 --no-store
