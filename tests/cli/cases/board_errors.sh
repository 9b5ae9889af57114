# Bad boards, graphs, edge lists and positions name the place and the
# limit; a memory limit below the search's least table is refused; exit 1.
cd "${TMPDIR:-/tmp}"
printf '0 1\n1 x\n' > grundy-board-bad-edges.txt
printf '0 1\n1 299\n' > grundy-board-far-vertex.txt
for spec in node-kayles:tree:4 cram:16x17 node-kayles:grid:17x16 chomp:3 \
    node-kayles:file:grundy-board-bad-edges.txt \
    node-kayles:file:grundy-board-far-vertex.txt \
    node-kayles:file:grundy-board-missing.txt node-kayles:cycle:2; do
    $GRUNDY values $spec --position start 2>&1
    echo "exit $?"
done
rm -f grundy-board-bad-edges.txt grundy-board-far-vertex.txt
$GRUNDY values cram:3x3 --position 111/121/111 2>&1
echo "exit $?"
$GRUNDY values chomp:3x4 --position 5 2>&1
echo "exit $?"
$GRUNDY values cram:7x9 --position start --mem-limit 100K 2>&1
echo "exit $?"
$GRUNDY values cram:5x6 --position start --period 2>&1
echo "exit $?"
