# Only query types 1 and 2 exist.
printf '2\n5 5\n3\n1 1 2\n2 1 7\n3 1 2\n' | "$GRUNDY" solve digit-nim 2>&1
