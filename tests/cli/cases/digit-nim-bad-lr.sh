# L > R: the earlier answers stay, the error names LINE:COL, exit 1.
printf '3\n1 2 3\n4\n1 1 3\n1 2 2\n1 3 2\n1 1 1\n' |
    "$GRUNDY" solve digit-nim 2>&1
