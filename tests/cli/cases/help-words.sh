# The help and the man page say what the program does: the loopy winner
# is 'winner' in text, JSON, analyze --help and the man page; Moore's K
# is at most 63, as the program takes; the board search starts past 18
# cells; --all on a heap family says what --all is for; the solve
# workloads are described by what they compute.
MAN="$CASES/../../../doc/grundy.1"
"$GRUNDY" analyze addsub:4,5:2 5 12 --heap-max 20 | grep -c '^winner: first'
"$GRUNDY" analyze addsub:4,5:2 5 12 --heap-max 20 --json | grep -c '"winner": "first"'
echo "outcome in analyze --help: $("$GRUNDY" analyze --help | grep -c outcome)"
echo "outcome in loopy --help: $("$GRUNDY" loopy --help | grep -c outcome)"
echo "outcome in the man page: $(grep -c outcome "$MAN")"
"$GRUNDY" analyze --help | grep -o '1 <= K <= [0-9]*'
"$GRUNDY" analyze nim 1 2 --moore 63 >/dev/null; echo "K 63: exit $?"
"$GRUNDY" analyze nim 1 2 --moore 64 >/dev/null 2>&1; echo "K 64: exit $?"
"$GRUNDY" values --help | grep -o 'more than [0-9]*$'
grep -o 'more than 18 cells' "$MAN"
"$GRUNDY" values divisors:36 --all 2>&1 | head -1
echo "origins in solve --help: $("$GRUNDY" solve --help | grep -ci 'contest\|problem set')"
"$GRUNDY" solve pshtbrth --help | grep -A3 '^  1 L R'
