# grundy plot --title, --xlabel, --ylabel, --font-size
. "$CASES/../plot_check.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
$GRUNDY plot 0.137 --upto 100 --title "Dawson's chess" --xlabel "heap size" \
    --ylabel "nim value" --font-size 16 -o a.svg >/dev/null
check_svg a.svg 960 540
grep -o '<title>[^<]*</title>' a.svg
grep -o 'font-size="[0-9.]*"[^>]*>\(Dawson.s chess\|heap size\|nim value\|0\)<' a.svg | sort -u
$GRUNDY plot 0.137 --upto 100 --histogram --xlabel "g" --ylabel "count" -o b.svg >/dev/null
grep -c '>g<\|>count<' b.svg
$GRUNDY plot 0.137 --upto 100 --font-size 100 -o c.svg 2>&1
echo "exit $?"
