# The period search with no --period-max has a bound of work (about
# 2*10^10 steps; here the work limit, lower), estimated as the kernel
# costs: quadratic for 0.004, whose values are dense in rare ones (every
# split is listed).  It then answers what it saw, with a note; an
# explicit --period-max under the same limit is refused before the table
# grows.  A CPU-time limit turns a search that does not stop into a
# failure.
ulimit -t 60
run() { "$@" 2>&1; echo "exit $?"; }
run "$GRUNDY" values 0.004 --period --work-limit 1M --no-store
run "$GRUNDY" values 0.004 --period --period-max 1000000 --work-limit 1M --no-store
# the old name of --period-max is refused, naming the new one (--max is
# count's heap bound only), before any work: exit 2
run "$GRUNDY" values 0.8 --period --max 1500 --no-store
# progress has a total: the largest table the search may reach
"$GRUNDY" values 0.004 --period --work-limit 1M --no-store --progress 2>&1 >/dev/null |
    tr '\r' '\n' | grep -ao 'period search (none proven yet), n: [0-9]* / [0-9.k]*' | head -1 |
    sed 's/n: [0-9]* /n: N /'
# the help states the bound
"$GRUNDY" values --help | grep -c '2\*10^10 steps'
