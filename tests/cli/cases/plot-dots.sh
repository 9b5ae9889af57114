# grundy plot, one dot per position: the SVG is well-formed, renders at
# its stated size, and has a dot for every position (rare ones included)
. "$CASES/../plot_check.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
$GRUNDY plot 0.137 --upto 200 -o "a.svg"
check_svg "a.svg" 960 540
echo "dots $(svg_count "a.svg" circle dot dot-rare)"
echo "positions $(svg_attr "a.svg" dot data-positions)"
echo "preperiod lines $(svg_count "a.svg" line preperiod)"
$GRUNDY plot grundy-game --upto 400 --width 500 --height 300 -o "b.svg"
check_svg "b.svg" 500 300
echo "dots $(svg_count "b.svg" circle dot) + rare $(svg_count "b.svg" circle dot-rare)"
$GRUNDY plot grundy-game --upto 400 --width 500 --height 300 --no-rare -o "c.svg"
echo "dots $(svg_count "c.svg" circle dot) + rare $(svg_count "c.svg" circle dot-rare)"
