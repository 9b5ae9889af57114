# The sample, then bad input: answers before the error stay printed.
run() { "$@" 2>&1; echo "exit $?"; }
"$GRUNDY" solve mdswin <"$CASES/../../../examples/solve-mdswin.in"
printf '2\n3 4\n65 28 8\n3 2\n100 36 100\n' | run "$GRUNDY" solve mdswin
printf '2\n3 4\n65 28 8\n3 2\n100 36\n' | run "$GRUNDY" solve mdswin
printf '6\n' | run "$GRUNDY" solve mdswin
printf '1\n100001 2\n' | run "$GRUNDY" solve mdswin
printf '1\n1 1000000001\n5\n' | run "$GRUNDY" solve mdswin
printf '1\n2 3\n5 1000000001\n' | run "$GRUNDY" solve mdswin
printf '1\n2 3\n5 0\n' | run "$GRUNDY" solve mdswin
printf '1\n1 3\n5\n7\n' | run "$GRUNDY" solve mdswin
printf '1\n1 1\n735134400\n' | run "$GRUNDY" solve mdswin
run "$GRUNDY" solve mdswin --fast </dev/null
