#!/bin/sh
# takebreak_rc2.sh GRUNDY RC2 [CODE:N ...] -- grundy against an outside
# rare/common solver, one thread each, side by side (RESULTS.md).  RC2 is
# a program called as `RC2 CODE N OUT`: it computes g(0 .. N-1) of the
# octal code CODE and writes them to OUT as little-endian 16-bit words
# (the public RC2 solver, built outside this tree, behind a small main).
# Per code: RC2 is timed with GNU time as it writes its table, which must
# equal grundy's (cmp; RC2 runs once, its slow codes take minutes), then
# grundy is timed; a line per code: code, n, RC2 user s, grundy user s per
# instruction set (AVX-512 where the CPU has it, AVX2, portable: forced
# with GRUNDY_CPU_MASK), and grundy/RC2 for each.
G=${1:?usage: takebreak_rc2.sh GRUNDY RC2 [CODE:N ...]}
R=${2:?usage: takebreak_rc2.sh GRUNDY RC2 [CODE:N ...]}
shift 2
[ $# -gt 0 ] || set -- 0.6:1000000 0.04:200000 0.16:1000000 0.56:1000000 \
    0.127:200000 0.106:1000000 0.014:1048576 0.126:262144 0.256:65536 \
    0.037:65536 0.063:65536 4.037:16384
T=/tmp/takebreak_rc2.$$
user() { # the user seconds of a command, its output thrown away
    /usr/bin/time -f %U -o $T.time "$@" >/dev/null 2>&1 || echo failed
    cat $T.time
}
avx512=$(grep -q avx512bw /proc/cpuinfo && echo yes)
printf 'code\tn\trc2_s\tavx512_s\tavx2_s\tportable_s\tavx512/rc2\tavx2/rc2\tportable/rc2\n'
for cn in "$@"; do
    c=${cn%%:*}
    n=${cn#*:}
    r=$(user "$R" "$c" "$n" $T.rc2)
    "$G" values "$c" --upto $((n - 1)) --no-store --threads 1 |
        awk '{ printf "%c%c", $2 % 256, int($2 / 256) }' LC_ALL=C >$T.g
    cmp -s $T.rc2 $T.g || { echo "$c: the tables differ" >&2; exit 1; }
    a5=-
    [ -n "$avx512" ] && a5=$(user "$G" values "$c" --upto $((n - 1)) \
        --stats --no-store --threads 1)
    a2=$(GRUNDY_CPU_MASK=2 user "$G" values "$c" --upto $((n - 1)) \
        --stats --no-store --threads 1)
    p=$(GRUNDY_CPU_MASK=3 user "$G" values "$c" --upto $((n - 1)) \
        --stats --no-store --threads 1)
    awk -v c="$c" -v n="$n" -v r="$r" -v a5="$a5" -v a2="$a2" -v p="$p" \
        'function q(x) { return x == "-" ? "-" : sprintf("%.3f", x / (r > 0 ? r : 0.005)) }
         BEGIN { printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c, n, r, a5, a2, p, q(a5), q(a2), q(p) }'
done
rm -f $T.rc2 $T.g $T.time
