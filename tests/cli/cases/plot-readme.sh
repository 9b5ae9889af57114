# The README's "Pictures" example, as written there (doc/grundy-game.png
# was made by these two commands)
. "$CASES/../plot_check.sh"
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
$GRUNDY plot grundy-game --upto 100000 -o grundy-game.svg
rsvg-convert grundy-game.svg -o grundy-game.png
png_size grundy-game.png
png_size "$CASES/../../../doc/grundy-game.png"
