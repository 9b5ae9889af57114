# grundy plot with more positions than pixel columns: one column of marks
# per pixel, every column drawn, rare values apart
. "$CASES/../plot_check.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
n=100000
$GRUNDY plot grundy-game --upto $n -o "a.svg" | sed "s/$n/N/"
check_svg "a.svg" 960 540
cols=$(svg_attr "a.svg" col data-columns)
echo "columns $cols, positions $(svg_attr "a.svg" col data-positions | sed "s/$((n + 1))/N+1/")"
[ "$(svg_distinct_x "a.svg" col col-rare)" = "$cols" ] ||
    echo "not every column drawn"
[ "$(svg_count "a.svg" rect col-rare)" -gt 0 ] || echo "no rare marks"
$GRUNDY plot 0.137 --upto 1000000 --width 640 --height 360 -o "b.svg"
check_svg "b.svg" 640 360
echo "distinct x $(svg_distinct_x "b.svg" col)"
