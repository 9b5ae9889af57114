# grundy plot -o FILE: the format from the extension; other names are
# refused, naming them, and nothing is written; the file is replaced
# whole (no temporary file is left behind)
. "$CASES/../plot_check.sh"
LSAN_OPTIONS=suppressions=$CASES/../lsan-fontconfig.supp
export LSAN_OPTIONS
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
for out in x.jpg x x.svg.bak .svg dir/; do
    $GRUNDY plot 0.137 --upto 10 -o "$out" 2>err
    echo "exit $?: $(cat err)"
done
ls
echo old >keep.svg
$GRUNDY plot 0.137 --upto 10 --width 10 -o keep.svg 2>/dev/null
echo "after a refusal: $(cat keep.svg)"
$GRUNDY plot 0.137 --upto 10 -o keep.svg >/dev/null
head -c 5 keep.svg; echo
$GRUNDY plot 0.137 --upto 10 -o UPPER.SVG >/dev/null && head -c 5 UPPER.SVG; echo
# PDF and PNG need cairo: either a real file or the message, never a
# file holding something else
if $GRUNDY plot 0.137 --upto 10 -o a.pdf >/dev/null 2>err; then
    head -c 5 a.pdf; echo
    $GRUNDY plot cram:3x3 --position start -o b.pdf >/dev/null
    head -c 5 b.pdf; echo
elif grep -q "PDF needs cairo" err && [ ! -e a.pdf ]; then
    echo "%PDF-"
    echo "%PDF-"
else
    cat err
fi
echo "temporary files left: $(ls | grep -c tmp)"
