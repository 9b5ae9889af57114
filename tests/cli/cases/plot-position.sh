# grundy plot BOARD --position POS: the picture is well-formed, renders,
# and each move's label shows the value `grundy values` gives the position
# the move leads to (read back from the SVG's text labels)
. "$CASES/../plot_check.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
$GRUNDY plot cram:3x4 --position start -o a.svg
check_svg a.svg 960 540
check_moves a.svg cram:3x4
# a position of two parts: each is outlined, the key gives their values
$GRUNDY plot cram:3x5 --position 11011/11011/11011 -o b.svg
check_svg b.svg 960 540
check_moves b.svg cram:3x5
echo "parts $(svg_attr b.svg cell data-parts), cells $(svg_attr b.svg cell data-cells)"
grep -o 'part [0-9]: value [0-9]*' b.svg
$GRUNDY plot chomp:3x4 --position start -o c.svg
check_svg c.svg 960 540
check_moves c.svg chomp:3x4
echo "lines of the poisoned square's cross: $(svg_count c.svg line poison)"
$GRUNDY plot node-kayles:petersen --position start --width 700 --height 500 -o e.svg
check_svg e.svg 700 500
check_moves e.svg node-kayles:petersen
echo "vertices $(svg_count e.svg circle vertex), edges $(svg_count e.svg line edge)"
$GRUNDY plot node-kayles:grid:3x3 --position 111/101/111 -o f.svg
check_moves f.svg node-kayles:grid:3x3
$GRUNDY plot rect:2x3 --position 111/111 -o g.svg
check_svg g.svg 960 540
check_moves g.svg rect:2x3
echo "small boards $(svg_count g.svg rect thumb-frame thumb-frame-win)"
# a position with no move
$GRUNDY plot cram:2x2 --position 10/01 -o h.svg
check_moves h.svg cram:2x2
