# The moves a winning-move listing examines count against --work-limit,
# one step per move: a heap of 0.07 (Dawson's Kayles) of 3*10^7 has about
# 1.5*10^7 moves (under the 2^24 a component may list), and under a limit
# of 10^6 it is refused at once with the usual message and exit 1, where
# it was listed (10^7 winning moves, seconds).  Within the limit the
# moves are listed as before.  A timeout turns a long listing into a
# failure.
t() {
    timeout 10 "$GRUNDY" analyze "$@" --no-store >out.txt 2>err.txt
    echo "exit $?"
    head -c 160 out.txt; echo
    sed 's/^/stderr: /' err.txt
}
cd "$(mktemp -d)" || exit 1
t 0.07 30000000 --work-limit 1000000
t 0.07 30000000 --work-limit 1000000 --json
t 0.07 30000001 30000000 --work-limit 1000000
t 0.07 1000 --work-limit 1000000
