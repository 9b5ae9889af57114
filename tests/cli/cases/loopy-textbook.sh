# The textbook example of the generalized Sprague-Grundy function, from a
# DOT file, from standard input as an edge list, and one vertex alone:
# e = 0, d = 1, c = inf(1), a = b = inf().
cd "$CASES/../../../examples" || exit 1
"$GRUNDY" loopy loopy-textbook.dot
echo "--"
printf '# a b c d e = 0 1 2 3 4\n0 1\n1 2\n2 0\n2 3\n3 4\n' | "$GRUNDY" loopy -
echo "--"
"$GRUNDY" loopy loopy-textbook.dot --at c
"$GRUNDY" loopy loopy-textbook.dot --at e --json
echo "--"
"$GRUNDY" loopy loopy-textbook.dot --method naive | tr '\n' ' '
echo
