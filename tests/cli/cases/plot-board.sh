# grundy plot of a board family with --all: the histogram of every
# position's value; without --histogram, --all is refused with a pointer
# to --position (a colour per position number shows nothing of a board)
. "$CASES/../plot_check.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
$GRUNDY plot rect:3x3 --all -o "a.svg" 2>err
echo "exit $?: $(cat err)"
$GRUNDY plot cram:3x3 --all -o "a.svg" 2>err
echo "exit $?: $(cat err)"
[ -e a.svg ] && echo "a picture was written"
$GRUNDY plot rect:3x3 --all --histogram -o "c.svg"
check_svg "c.svg" 960 540
echo "bars $(svg_attr c.svg bar data-bars)"
