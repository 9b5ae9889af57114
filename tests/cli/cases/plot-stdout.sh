# grundy plot -o -: the SVG on standard output, and no summary line
. "$CASES/../plot_check.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
$GRUNDY plot nim --upto 30 -o - >"$d/a.svg"
xmllint --noout "$d/a.svg" && echo ok
svg_count "$d/a.svg" circle dot
