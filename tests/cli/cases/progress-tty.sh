# Long work shows progress at a terminal within 2 s, with the name of its
# phase, and stops cleanly on Ctrl-C: each command runs under a
# pseudo-terminal (script) and gets SIGINT after 2 s (6 s under the
# sanitizers).  Searches that cannot finish stop at their bound at once.
# (The table is of 0.6, whose splits leave two heaps: a table of 0.8 to
# 10^7, whose moves leave three, is refused by the work limit up front.)
T=2
[ -n "${GRUNDY_TEST_SANITIZED:-}" ] && T=6
if ! command -v script >/dev/null; then
    echo "script (util-linux) is missing" >&2
    exit 1
fi
tty_run() { # PHASE ARGS...: did PHASE show within $T s?
    phase=$1
    shift
    out=$(script -qfec "timeout -s INT $T $GRUNDY $* --no-store" /dev/null |
        tr '\r' '\n')
    if printf '%s\n' "$out" | grep -aq "$phase"; then
        echo "$1 $2: '$phase' shown"
    else
        echo "$1 $2: no '$phase' in:"
        printf '%s\n' "$out" | head -5
    fi
}
tty_run "values: table: " values 0.6 --upto 50000000
tty_run "values: period search (none proven yet), n: " values 0.8 --period --period-max 10000000
tty_run "values: table: " values rect:5x5 --all
tty_run "values: search: " values cram:7x7 --at start
tty_run "count: histogram: " count nim --heaps 3 --max 30000000 --mod 1000000007
tty_run "analyze: window: " analyze digits 100000000000 7
# bounds: a period search with no period stops at its bound and says so;
# a misere search past its limit is refused from the estimate, at once.
# (The CPU limit is set in a subshell: this shell has spent CPU time of
# its own reading the progress lines above.)
(
    ulimit -t 20
    $GRUNDY values 0.8 --period --no-store 2>&1
    echo "exit $?"
    $GRUNDY analyze --misere allbut:1 20 25 30 40 50 --no-store 2>&1
    echo "exit $?"
)
