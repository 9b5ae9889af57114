# grundy plot --histogram: one bar per value that occurs
. "$CASES/../plot_check.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
$GRUNDY plot grundy-game --upto 20000 --histogram -o "a.svg"
check_svg "a.svg" 960 540
bars=$(( $(svg_count "a.svg" rect bar) + $(svg_count "a.svg" rect bar-rare) ))
values=$($GRUNDY values grundy-game --upto 20000 --stats |
    awk '/^distinct values/ { print $3 }')
echo "bars $bars, values $values"
$GRUNDY plot kayles --upto 5000 --histogram --log -o "b.svg"
check_svg "b.svg" 960 540
echo "bars $(svg_count "b.svg" rect bar bar-rare)"
