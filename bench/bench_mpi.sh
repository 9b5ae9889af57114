#!/bin/sh
# bench_mpi.sh BUILD [SPEC] [LIMIT] [RANKS...] -- grundy-mpi on 1, 2 and 4
# processes of this machine, each under a memory limit that forces the
# table to be split (bench/RESULTS.md, "mpi").  Each run has a fresh
# store under $TMPDIR; prints the command, the wall time and the figures
# of --stats (per tier: time, bytes exchanged; per process: peak memory).
set -eu
build=${1:?usage: bench_mpi.sh BUILD [SPEC] [LIMIT] [RANKS...]}
spec=${2:-rect:5x6}
limit=${3:-384M}
shift $(($# < 3 ? $# : 3))
ranks=${*:-1 2 4}
# Open MPI refuses root without these, and more processes than cores
# without --oversubscribe
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for np in $ranks; do
    store=$(mktemp -d "${TMPDIR:-/tmp}/grundy-mpi-bench.XXXXXX")
    echo "## $spec on $np processes, --mem-limit $limit"
    echo "\$ mpirun -np $np --oversubscribe $build/grundy-mpi $spec" \
        "--mem-limit $limit --stats --quiet --store STORE"
    t0=$(date +%s.%N)
    mpirun -np "$np" --oversubscribe "$build/grundy-mpi" "$spec" \
        --mem-limit "$limit" --stats --quiet --store "$store"
    t1=$(date +%s.%N)
    echo "wall $(echo "$t1 - $t0" | bc) s"
    du -sb "$store" | awk '{print "store bytes", $1}'
    rm -rf "$store"
done
