# Limits hold before the memory is touched, and work past reach is
# refused before it starts: each entry point that once allocated or ran
# without a bound, with --mem-limit 16M and (outside the sanitizer build,
# whose runtime reserves address space of its own) an address-space
# limit a little above it, so that an allocation the limit missed fails
# instead of passing.  A CPU-time limit turns a hang into a failure.
ulimit -t 60
[ -z "${GRUNDY_TEST_SANITIZED:-}" ] && ulimit -v 100000
run() { "$@" 2>&1; echo "exit $?"; }
L="--mem-limit 16M --no-store"
echo 134217728 | run "$GRUNDY" count --tuples 2 $L
echo 4294967295 | run "$GRUNDY" count --tuples 2 $L
printf '5 1000000000\n' | run "$GRUNDY" count --tuples 2 $L
run "$GRUNDY" count nim --positions 134217728 --tuples 2 $L
printf '17179869184\n' | run "$GRUNDY" range nim $L
run "$GRUNDY" values digits --at 1000000000000000000 $L
run "$GRUNDY" analyze digits 1000000000000000000 5 $L
run "$GRUNDY" values allbut:1,2 --at 655536 --work-limit 1G $L
run "$GRUNDY" values 0.106 --at 1000000000000000000 --work-limit 100K $L
run "$GRUNDY" values 0.F7 --at 65535 --work-limit 1G $L
run "$GRUNDY" values 0.6 --upto 100000000 $L
printf '2\n5 1000000000000000000\n1\n3 1 2\n' | run "$GRUNDY" range digits $L
printf '1 0\nhint\n' | run "$GRUNDY" play 4.07 18446744073709551615 $L |
    grep -v '^ \|^Type\|^position\|^the number\|^undo'
printf 'hint\n' | run "$GRUNDY" play grundy-game 1000000000000000 $L |
    grep -v '^ \|^Type\|^position\|^the number\|^undo'
run "$GRUNDY" values digits --at 10 --work-limit 0 $L
run "$GRUNDY" values digits --at 10 --work-limit 2X $L
# The board search: its table is sized within the limit, and a search
# whose table only evicts stops as over it (the plain search is not
# tried after it); analyze and play say the same of the board.
B="--mem-limit 512K --no-store"
run "$GRUNDY" values cram:7x8 --position start $B
run "$GRUNDY" analyze cram:7x8 start $B
printf 'hint\n' | run "$GRUNDY" play cram:7x8 start $B |
    grep -v '^ \|^Type\|^position\|^the number\|^undo'
# The board search counts its positions against --work-limit, at every
# width: a board past the bound stops with the work-limit message.
W="--work-limit 20K --no-store"
run "$GRUNDY" values cram:5x8 --position start $W
run "$GRUNDY" values node-kayles:grid:3x22 --position start $W
run "$GRUNDY" analyze cram:5x8 start $W
