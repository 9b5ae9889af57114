# A first line that reads as a header "n m" (n bounds every id after it)
# with the wrong edge count is refused at its place, exit 1, not read as a
# graph with an edge n -> m; --format edges reads it as an edge, and the
# edge lists that never looked like a header stay edge lists.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
printf '3 2\n0 1\n1 2\n2 0\n' > "$d/more.txt"
printf '3 4\n0 1\n1 2\n' > "$d/fewer.txt"
printf '3 2\n0 1\n1 2\n' > "$d/right.txt"
printf '0 1\n1 2\n' > "$d/edges.txt"
for f in more fewer right edges; do
    out=$("$GRUNDY" loopy "$d/$f.txt" 2>&1)
    rc=$?
    printf '%s\n' "$out" | sed "s|$d/||"
    echo "exit $rc"
done
"$GRUNDY" loopy "$d/more.txt" --format edges
echo "exit $?"
"$GRUNDY" loopy "$d/more.txt" --format header 2>&1 | sed "s|$d/||"
printf '3 2\n0 1\n1 2\n2 0\n' | "$GRUNDY" loopy - 2>&1
echo "exit $?"
