# grundy survey: the rows of 0.1d and 4.d to 3000 (seconds left out), and
# each row against a single `grundy values CODE --upto N --period --stats`
# run: the same status, period, preperiod and largest value.
N=3000
"$GRUNDY" survey 0.1d --upto $N --csv --no-store --threads 2 >rows.csv.$$ || exit 1
"$GRUNDY" survey 4.d --upto $N --csv --no-store --threads 1 | tail -n +2 >>rows.csv.$$ || exit 1
cut -d, -f1-8 rows.csv.$$
bad=0
tail -n +2 rows.csv.$$ | while IFS=, read code group status period pre saltus max last secs; do
    out=$("$GRUNDY" values "$code" --upto $N --period --stats --no-store)
    vmax=$(printf '%s\n' "$out" | sed -n 's/^largest \([0-9]*\) .*/\1/p')
    vper=$(printf '%s\n' "$out" | sed -n 's/^period \([0-9]*\) preperiod \([0-9]*\) (proven)$/\1 \2/p')
    if [ "$status" = periodic ]; then want="$period $pre"; else want=""; fi
    if [ "$vmax" != "$max" ] || [ "$vper" != "$want" ]; then
        echo "$code: survey says $status $period $pre max $max; values says '$vper' max $vmax"
    fi
done
rm -f rows.csv.$$
echo "rows checked"
