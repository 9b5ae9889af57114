# Bad N: answers to earlier lines stay, then input:LINE:COL and exit 1.
try() {
    printf "$1" | "$GRUNDY" solve unbalanced-nim 2>&1
    echo "exit $?"
}
try '8\n0\n9\n'
try '8\n-5\n'
try '8\n+5\n'
try '8\n12a\n'
try '8\n\n9\n'
try '8\n   \n'
try '8\n9 10\n'
try 'x\n'
try '\n'
try '7\n1e18\n'
big=1$(printf '%020000d' 0)
printf '8\n%s\n' "$big" | "$GRUNDY" solve unbalanced-nim --exact 2>&1
echo "exit $?"
: | "$GRUNDY" solve unbalanced-nim
echo "empty input: exit $?"
# Lines are limited to 1 MiB: a million digits work, more are refused.
{ echo 5; head -c 1000000 /dev/zero | tr '\0' '7'; echo; } |
    "$GRUNDY" solve unbalanced-nim --count 2>&1
echo "exit $?"
{ echo 5; head -c 1100000 /dev/zero | tr '\0' '7'; echo; echo 8; } |
    "$GRUNDY" solve unbalanced-nim 2>&1
echo "exit $?"
