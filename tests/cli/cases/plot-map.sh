# grundy plot of a two-heap game: the map of g(a, b) marks exactly the
# P-positions, each checked with grundy values, and has a cell for every
# other position
. "$CASES/../plot_check.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
for rules in wythoff twoheap:t/0,0/t,t/t@3; do
    $GRUNDY plot $rules --upto 24 -o a.svg
    check_svg a.svg 692 540
    awk '/^<rect / && index($0, "data-pos=\"") {
        split($0, a, "data-pos=\""); split(a[2], b, "\""); print b[1] }' \
        a.svg >marked
    bad=0
    while read -r pos; do
        [ "$($GRUNDY values $rules --at "$pos")" = 0 ] || bad=$((bad + 1))
    done <marked
    # the table's zeros, from the matrix `values --upto` prints
    zeros=$($GRUNDY values $rules --upto 24 |
        awk 'NR > 1 { for (i = 2; i <= NF; i++) if ($i == 0) n++ } END { print n + 0 }')
    echo "$rules: $(wc -l <marked | tr -d ' ') marked, $bad not P, the table has $zeros zeros; data-count $(svg_attr a.svg p-position data-count)"
done
$GRUNDY plot wythoff --upto 10 --width 500 --title "Wythoff" --xlabel "heap a" --ylabel "heap b" -o b.svg
grep -c '>Wythoff<\|>heap a<\|>heap b<' b.svg
check_svg b.svg 500 540
# a map taller than the picture has rows is refused, naming the bound
$GRUNDY plot wythoff --upto 1000 -o c.svg 2>&1
echo "exit $?"
