#!/bin/sh
# bench_plot.sh GRUNDY [REPEATS] -- grundy plot on 10^6 and 10^7 positions.
#
# Whole commands, timed from outside with /usr/bin/time (REPEATS runs
# each, default 5), one TSV line per measurement as the C benchmarks print
# them, the times being CPU time (user + system: steady on a busy shared
# machine), plus the median wall time:
#   module variant n ns_min ns_median norm wall_ns_median
# (norm: CPU ns per position).
# Variants, for each game:
#   table        grundy values SPEC --upto N --period: computing the
#                values and the period, no picture (the yardstick);
#   plot         grundy plot SPEC --upto N -o FILE.svg: the same values,
#                then the picture (per-column reduction, SVG);
#   plot-stored  the same plot with the table read from the store: what
#                drawing adds to loading a table;
#   png          the stored plot written as PNG through cairo.
# The store is a fresh folder (GRUNDY_STORE_MIN_MS=0 keeps every table).
set -eu
G=$1
R=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GRUNDY_STORE_MIN_MS=0

# measure VARIANT SPEC N COMMAND...: min and median of R runs
measure() {
    variant=$1 spec=$2 n=$3
    shift 3
    i=0
    : >"$tmp/times"
    while [ "$i" -lt "$R" ]; do
        /usr/bin/time -f "%U %S %e" -o "$tmp/t" "$@" >/dev/null
        tail -1 "$tmp/t" >>"$tmp/times"
        i=$((i + 1))
    done
    awk -v m="plot.$spec" -v v="$variant" -v n="$n" '
        { cpu[NR] = ($1 + $2) * 1e9; wall[NR] = $3 * 1e9 }
        END { k = NR
              for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) {
                  if (cpu[j] < cpu[i]) { t = cpu[i]; cpu[i] = cpu[j]; cpu[j] = t }
                  if (wall[j] < wall[i]) { t = wall[i]; wall[i] = wall[j]; wall[j] = t } }
              med = cpu[int((k + 1) / 2)]
              printf "%s\t%s\t%d\t%.0f\t%.0f\t%.3f\t%.0f\n", m, v, n,
                     cpu[1], med, med / (n + 1), wall[int((k + 1) / 2)] }' \
        "$tmp/times"
}

printf 'module\tvariant\tn\tns_min\tns_median\tnorm\twall_ns_median\n'
for spec in 0.137 0.16 subtract:1,3,4 digits; do
    for n in 1000000 10000000; do
        measure table "$spec" $n "$G" values "$spec" --upto $n --period \
            --no-store
        measure plot "$spec" $n "$G" plot "$spec" --upto $n \
            -o "$tmp/p.svg" --no-store
        "$G" plot "$spec" --upto $n -o "$tmp/p.svg" --store "$tmp/store" \
            >/dev/null
        measure plot-stored "$spec" $n "$G" plot "$spec" --upto $n \
            -o "$tmp/p.svg" --store "$tmp/store"
        measure png "$spec" $n "$G" plot "$spec" --upto $n \
            -o "$tmp/p.png" --store "$tmp/store"
    done
done
# Grundy's game: its table dominates (minutes at 10^7); 10^6 only
measure table grundy-game 1000000 "$G" values grundy-game --upto 1000000 \
    --period --no-store
measure plot grundy-game 1000000 "$G" plot grundy-game --upto 1000000 \
    -o "$tmp/p.svg" --no-store
"$G" plot grundy-game --upto 1000000 -o "$tmp/p.svg" --store "$tmp/store" \
    >/dev/null
measure plot-stored grundy-game 1000000 "$G" plot grundy-game \
    --upto 1000000 -o "$tmp/p.svg" --store "$tmp/store"
