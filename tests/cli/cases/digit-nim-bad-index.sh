# An index outside 1..n, in an update and in a query.
printf '2\n5 5\n2\n1 1 2\n2 3 7\n' | "$GRUNDY" solve digit-nim 2>&1
echo "exit $?"
printf '2\n5 5\n1\n1 0 2\n' | "$GRUNDY" solve digit-nim 2>&1
