# A board search killed with kill -9 at moments drawn at random goes on,
# with the same command, from the journal of big parts it keeps in the
# store: the value is the one a run without the store finds, and the
# run that finishes searches fewer positions than a run from nothing.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
spec=node-kayles:grid:3x21
# the sanitizers run it about 8 times slower: a smaller board
[ -n "${GRUNDY_TEST_SANITIZED:-}" ] && spec=node-kayles:grid:5x9
want=$("$GRUNDY" values $spec --position start --no-store --threads 1) ||
    exit 1
fresh=$("$GRUNDY" values $spec --position start --no-store --threads 1 \
    --stats | sed -n 's/^nodes //p')
export GRUNDY_CHECKPOINT_MS=50
seed=${GRUNDY_TEST_SEED:-1}
# Each run is killed once its journal holds 20 records more (or after 20 s,
# or not at all when it finished first),
# then 0 to 0.35 s later, drawn from the seed.
# whether process $1 runs (a finished child stays a zombie until waited)
running() {
    [ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status"
}
for k in 1 2 3; do
    "$GRUNDY" values $spec --position start --store "$d" --threads 1 \
        >/dev/null 2>&1 &
    pid=$!
    before=$(cat "$d"/*.gjnl 2>/dev/null | wc -c)
    i=0
    while [ "$i" -lt 400 ] && running $pid &&
        [ "$(cat "$d"/*.gjnl 2>/dev/null | wc -c)" -le $((before + 640)) ]; do
        sleep 0.05
        i=$((i + 1))
    done
    sleep 0.$(( (seed * 7 + k * 3) % 8 ))5
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null
done
ls "$d" | grep -c '\.gjnl$'
got=$("$GRUNDY" values $spec --position start --store "$d" --threads 1 \
    --stats) || exit 1
[ "$(echo "$got" | head -1)" = "$want" ] && echo "the value of a run without the store"
nodes=$(echo "$got" | sed -n 's/^nodes //p')
[ "$nodes" -lt "$fresh" ] && echo "fewer positions than a run from nothing"
# --stats says how many facts it read back: those the killed runs kept
read=$(echo "$got" | sed -n 's/^journal \([0-9]*\) facts read back, [0-9]* kept$/\1/p')
[ "${read:-0}" -gt 0 ] && echo "facts read back: those the killed runs kept"
# once finished, the same command answers from the journal at once
again=$("$GRUNDY" values $spec --position start --store "$d" --threads 1 \
    --stats | sed -n 's/^nodes //p')
[ "$again" -le 1 ] && echo "answered from the journal"
# the journal is a file of the store: counted in its size, removed by
# store clear
"$GRUNDY" store clear --store "$d" >/dev/null
echo "journals after store clear: $(ls "$d" | grep -c '\.gjnl$')"
