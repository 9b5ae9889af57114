# Bad input to grundy loopy: the place (FILE:LINE:COL, or input: for
# standard input), exit status 1 for data and 2 for usage.
t() { "$GRUNDY" loopy "$@" 2>&1; echo "exit $?"; }
tin() { printf "$1" | "$GRUNDY" loopy - --format "$2" 2>&1; echo "exit $?"; }
tin '0 1\n1 x\n' auto
tin '0 1 2\n' auto
tin '0 1\n7\n' edges
tin '3 2\n0 1\n1 5\n' header
tin '3 3\n0 1\n1 2\n' header
tin '0 4294967294\n' auto
tin 'digraph {\n  a -- b\n}\n' auto
tin 'graph { a -> b }' auto
tin 'digraph { a -> ; }' dot
tin 'digraph {\n a -> b\n' dot
t /no/such/file.txt
# Over the memory limit: the graph's size and the estimate (a file is
# mapped); standard input is read into memory first.
big="${TMPDIR:-/tmp}/grundy-loopy-big.$$"
awk 'BEGIN { for (i = 0; i < 20000; i++) print i, (i * 7 + 1) % 20000 }' \
    >"$big"
out=$("$GRUNDY" loopy "$big" --mem-limit 100K 2>&1); rc=$?
echo "$out" | sed "s|$big|FILE|"; echo "exit $rc"
cat "$big" | "$GRUNDY" loopy - --mem-limit 100K 2>&1; echo "exit $?"
rm -f "$big"
t "$CASES/../../../examples/loopy-textbook.dot" --at zz
t
t a b
t x --format xml
t x --frobnicate
t x --at a --stats
# A first line whose edge count matches is a header even when an id is
# past it: the mistake is reported, in a file at FILE:LINE:COL.
tin '3 2\n0 1\n1 5\n' auto
f="${TMPDIR:-/tmp}/grundy-loopy-hdr.$$"
printf '3 2\n0 1\n1 5\n' >"$f"
out=$("$GRUNDY" loopy "$f" 2>&1); rc=$?
echo "$out" | sed "s|$f|FILE|"; echo "exit $rc"
rm -f "$f"
# Edge lists that only look like a header by their count stay edge lists.
tin '0 1\n1 0\n' auto
tin '0 1\n-1 2\n' auto
tin 'hello world\n' dot
