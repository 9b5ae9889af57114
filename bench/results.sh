#!/bin/sh
# bench/results.sh BUILD [SECONDS] -- the values of doc/results.md: each
# start position by searches that must agree (bench_board check): the
# pruned search at the board's least width and at the next one (other
# instances of the search and table code), then, as far as it goes in
# SECONDS (default 60), the plain memo of parts (no pruning: every
# child's exact value), and on Cram boards of at most 4 rows the plain
# memo of parts by columns (src/board/narrow.c).  BUILD is a Release build with
# -DGRUNDY_BUILD_BENCH=ON.  One block of lines per game on standard
# output.  NK3, NK5, QUEENS, GP and CRAM3 (lists of sizes; empty: none)
# choose the games of each family, e.g. NK3="28" NK5="" QUEENS="" GP=""
# CRAM3="".
set -u
build=${1:?usage: bench/results.sh BUILD [SECONDS]}
secs=${2:-60}
run() {
    col=
    case $1 in cram:[1-4]x*) col=--column ;; esac
    timeout 600 "$build/bench/bench_board" check --no-plain "$1" ||
        echo "$1	stopped after 600 s, or failed"
    timeout "$secs" "$build/bench/bench_board" check $col "$1" \
        >/dev/null 2>&1 &&
        echo "$1	the plain memo${col:+ and the column memo} agree too" ||
        echo "$1	the plain memo${col:+ or the column memo} did not finish in $secs s"
}
# A316632: Node-Kayles on 3 x n grids, past the published n = 16
for n in ${NK3-17 18 19 20 21 22 23 24 25 26 27 28 29 30}; do
    run node-kayles:grid:3x$n
done
# Node-Kayles on 5 x n grids
for n in ${NK5-5 6 7 8 9 10 11 12 13 14 15 16}; do run node-kayles:grid:5x$n; done
# the queens graph (A344227) and the generalized Petersen graphs P(n,2)
# (A316533)
for n in ${QUEENS-5 6 7 8 9 10 11 12 13}; do run node-kayles:queens:$n; done
for n in ${GP-5 10 15 20 25 30 35}; do
    run node-kayles:gpetersen:$n,2
done
# Cram on 3 x n boards
for n in ${CRAM3-8 10 11 12 13 14 15 17 18 19}; do run cram:3x$n; done
