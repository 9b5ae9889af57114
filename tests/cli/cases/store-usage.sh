# Usage errors of grundy store (exit status 2).
"$GRUNDY" store 2>&1
echo "exit $?"
"$GRUNDY" store frob 2>&1
echo "exit $?"
"$GRUNDY" store remove --store /nonexistent 2>&1
echo "exit $?"
"$GRUNDY" store verify kayles --json 2>&1
echo "exit $?"
"$GRUNDY" store list kayles 2>&1
echo "exit $?"
"$GRUNDY" store list --store 2>&1
echo "exit $?"
"$GRUNDY" store list --frob 2>&1
echo "exit $?"
