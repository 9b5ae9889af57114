# Bad data: exit 1 with the place named; bad command lines: exit 2.
run() { "$@" 2>&1; echo "exit $?"; }
echo 3 5 | run "$GRUNDY" count --tuples 2 --mod 9
echo 3 5 | run "$GRUNDY" count --tuples 2 --mod 1000000006
echo 3 5 | run "$GRUNDY" count --tuples 2 --moore 2 --mod 3
printf '1 2\n3 x\n' | run "$GRUNDY" count --tuples 2
printf '1 2\n3 4294967296\n' | run "$GRUNDY" count --tuples 2
printf '1 2\n3\n' | run "$GRUNDY" count --tuples 2 --weighted
printf '' | run "$GRUNDY" count --tuples 2
echo 1 2 | run "$GRUNDY" count --tuples 100
echo 1 2 | run "$GRUNDY" count --tuples 0
run "$GRUNDY" count half --heaps 2
run "$GRUNDY" count half --tuples 2
run "$GRUNDY" count divisors:36 --positions 1,5 --tuples 2
run "$GRUNDY" count divisors:36 --positions 1,2,1 --tuples 2
run "$GRUNDY" count half --positions 1,2 --tuples 2 --moore 2
run "$GRUNDY" count half --heaps 2 --max 5 --moore 2
run "$GRUNDY" count divisors:36 --heaps 2 --max 5
run "$GRUNDY" count nosuch --heaps 2 --max 5
run "$GRUNDY" count --tuples 2 --moore 64
run "$GRUNDY" count --tuples 2 --print nothing
echo 1 2 | run "$GRUNDY" count --tuples 2 --moore 2 --method root
