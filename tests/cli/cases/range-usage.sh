# Usage errors exit 2; bad rules and bad data exit 1.
"$GRUNDY" range 2>&1; echo "exit $?"
"$GRUNDY" range nim --mod 1000000008 2>&1; echo "exit $?"
"$GRUNDY" range nim --mod 4611686018427387904 2>&1; echo "exit $?"
"$GRUNDY" range nim --bogus 2>&1; echo "exit $?"
"$GRUNDY" range subtract:0 </dev/null 2>&1; echo "exit $?"
printf '2\n1 x\n' | "$GRUNDY" range nim 2>&1; echo "exit $?"
printf '2\n1 2\n2\n4 1 2\n5 1 1\n' | "$GRUNDY" range nim 2>&1; echo "exit $?"
printf '1\n70000\n1\n3 1 1\n' | "$GRUNDY" range nim 2>&1; echo "exit $?"
(echo 100000; seq 1 100000; echo 0) | "$GRUNDY" range nim --mem-limit 100K 2>&1; echo "exit $?"
# A refusal for the number of components names where that number stands.
printf '17179869184\n' | "$GRUNDY" range nim --mem-limit 100M 2>&1; echo "exit $?"
printf '\n\n   100000\n' | "$GRUNDY" range nim --mem-limit 100K 2>&1; echo "exit $?"
