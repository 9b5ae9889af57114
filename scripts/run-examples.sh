#!/bin/sh
# run-examples.sh GRUNDY -- the main job of 'make run': each bundled
# example as a titled question, the command that asks it, and its answer.
set -eu
G=$1
EX=$(dirname "$0")/../examples
n=0
ask() {
    title=$1
    shift
    n=$((n + 1))
    printf '\n%d. %s\n$ grundy' "$n" "$title"
    shift # the program itself
    printf ' %s' "$@" | sed "s|$EX/|examples/|g"
    echo
    "$G" "$@"
}
ask_file() { # TITLE NAME: grundy solve NAME examples/solve-NAME.in
    n=$((n + 1))
    printf '\n%d. %s\n$ grundy solve %s examples/solve-%s.in\n' "$n" "$1" \
        "$2" "$2"
    "$G" solve "$2" "$EX/solve-$2.in"
}
echo "grundy $("$G" --version | cut -d' ' -f2): the bundled examples"
ask "Digit Nim (take a non-zero digit of the pile): g(0..29), as JSON" \
    "$G" values digits --upto 29 --json
ask "Subtraction game {1,3,4}: the period of its values" \
    "$G" values subtract:1,3,4 --period
ask "Halving game: g(0..15) in summary" \
    "$G" values half --upto 15 --stats
ask "Digit Nim: one far pile, g(10^9), from a window (no table)" \
    "$G" values digits --at 1000000000
ask "A sum of four families: who wins, and every winning move" \
    "$G" analyze --mix digits:12 half:9 nim:3 subtract:1,3,4:10
ask "Cram (place dominoes) on an empty 5 x 6 board: its value, by the board search" \
    "$G" values cram:5x6 --at start
ask "A token on a graph with cycles: generalized values, draws" \
    "$G" loopy "$EX/loopy-textbook.dot"
ask "Heaps that may also grow (take 4 or 5, add 2; at most 20): 5 + 12" \
    "$G" analyze addsub:4,5:2 5 12 --heap-max 20
ask "Kayles under misere play: the quotient of heaps 1..12" \
    "$G" misere 0.77 --upto 12
ask_file "Digit Nim, 8 piles, 8 queries: winning subsets of ranges, with updates" \
    digit-nim
ask_file "Three heaps, no two equal: F(N) for 4 values of N, mod 10^9" \
    unbalanced-nim
ask_file "Rectangle removal on 4x4 boards: winner of ranges, with updates" \
    pshtbrth
ask_file "The divisor game under Moore's Nim_2: winning target choices" mdswin
