# grundy plot of a board family (--all): the cells cover every position
. "$CASES/../plot_check.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
$GRUNDY plot rect:3x3 --all -o "a.svg"
check_svg "a.svg" 960 540
echo "cells cover $(svg_cells "a.svg") positions"
$GRUNDY plot rect:4x4 --all --width 400 --height 300 -o "b.svg"
check_svg "b.svg" 400 300
echo "cells cover $(svg_cells "b.svg") positions, block $(svg_attr "b.svg" cell data-block)"
$GRUNDY plot rect:3x3 --all --histogram -o "c.svg"
check_svg "c.svg" 960 540
