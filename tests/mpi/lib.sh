# lib.sh -- helpers of the grundy-mpi tests (run_case.sh loads them).

fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# mpi NP ARGS... : grundy-mpi on NP processes (more than the cores of a
# CI machine: --oversubscribe).
mpi() {
    np=$1
    shift
    "$MPIRUN" -np "$np" --oversubscribe "$GRUNDY_MPI" "$@"
}

# single SPEC : the listing of every position and its value, computed by
# one process (no store), into $WORK/SLUG.one; prints its path.
single() {
    f=$WORK/$(echo "$1" | tr ':/' '__').one
    if [ ! -f "$f" ]; then
        "$GRUNDY" values "$1" --all --no-store >"$f" ||
            fail "$1: grundy values --all (one process)"
    fi
    echo "$f"
}

# same_table SPEC NP : grundy-mpi on NP processes writes SPEC's split
# table to a store of its own; grundy values reads it back, whole (--all)
# and value by value (--position, under a memory limit that keeps the
# whole table out), and both agree with the table of one process.
same_table() {
    spec=$1
    np=$2
    store=$WORK/store-$(echo "$spec" | tr ':/' '__')-np$np
    one=$(single "$spec")
    mpi "$np" "$spec" --store "$store" --quiet >"$store.out" 2>"$store.err" ||
        fail "$spec on $np processes: exit $?: $(cat "$store.err")"
    grep -q " $np slices:" "$store.out" ||
        fail "$spec on $np processes: $(cat "$store.out")"
    ls "$store" | grep -q '\.gsplit$' ||
        fail "$spec on $np processes: no manifest in $store"
    n=$(ls "$store" | grep -c '\.gslice$')
    [ "$n" = "$np" ] || fail "$spec on $np processes: $n slice files"
    "$GRUNDY" values "$spec" --all --store "$store" >"$store.all" ||
        fail "$spec on $np processes: grundy values --all on the slices"
    cmp "$one" "$store.all" >&2 ||
        fail "$spec on $np processes: the table differs from one process's"
    # a few positions, one by one from the slices: 16 lines of the
    # listing, evenly spread, and its last
    lines=$(wc -l <"$one")
    awk -v step=$((lines / 16 + 1)) 'NR % step == 1 { print } END { print }' "$one" |
        while read -r pos want; do
            got=$("$GRUNDY" values "$spec" --position "$pos" --stats \
                --mem-limit 64K --store "$store") ||
                fail "$spec on $np processes: --position $pos"
            [ "$(echo "$got" | sed -n 1p)" = "$want" ] ||
                fail "$spec on $np processes: g($pos) = $got, want $want"
            echo "$got" | grep -q '^source stored slices$' ||
                fail "$spec on $np processes: g($pos) not from the slices: $got"
        done || exit 1
    echo "$spec: $np processes: the same table as one process"
}
