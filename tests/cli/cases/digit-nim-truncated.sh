# The file ends before the q-th query, and a pile count is cut short.
printf '2\n5 5\n3\n1 1 2\n1 1 1\n' | "$GRUNDY" solve digit-nim 2>&1
echo "exit $?"
printf '3\n5 5' | "$GRUNDY" solve digit-nim 2>&1
echo "exit $?"
printf '2\n5 5\n3\n1 1 2\n1 1' | "$GRUNDY" solve digit-nim 2>&1
