# Piles beyond the contest bound are accepted (here 2*10^6, tabulated
# only as far as the input needs; the bound is 10^9), 10^9 + 1 is not.
# The two values are printed by 'grundy values' alongside.
a=$("$GRUNDY" values digits --at 1999999)
b=$("$GRUNDY" values digits --at 2000000)
printf '2\n1999999 2000000\n2\n1 1 1\n1 1 2\n' | "$GRUNDY" solve digit-nim
echo "values $a $b"
printf '1\n1000000001\n0\n' | "$GRUNDY" solve digit-nim 2>&1
