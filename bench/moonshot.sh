#!/bin/sh
# bench/moonshot.sh GRUNDY DIR [BOARD...] -- long Cram searches run one
# after another, each resumable: `GRUNDY values cram:BOARD --position
# start --store DIR/BOARD --stats --progress`, its output in
# DIR/BOARD.out and its progress and --stats in DIR/BOARD.log.  A board
# with a value in DIR/BOARD.out is not run again; a run stopped (Ctrl-C,
# kill, the end of a day) goes on from its store when the script is run
# again.  The boards default to those of the published table not yet
# reproduced here (bench/RESULTS.md, "The published Cram table").  At the
# end, one line per board: its value, or where its root stood (the last
# progress line).  THREADS (default: the program's) is passed as
# --threads.  Comparing a value with the published one is done by hand,
# in bench/RESULTS.md.
set -u
grundy=${1:?usage: bench/moonshot.sh GRUNDY DIR [BOARD...]}
dir=${2:?usage: bench/moonshot.sh GRUNDY DIR [BOARD...]}
shift 2
[ $# -gt 0 ] || set -- 4x15 5x12 7x8 7x9
mkdir -p "$dir" || exit 1
stop=0
trap 'stop=1' INT TERM
value() { # BOARD: its value, when its run ended with one
    v=$(head -1 "$dir/$1.out" 2>/dev/null)
    case $v in '' | *[!0-9]*) return 1 ;; esac
    echo "$v"
}
for b in "$@"; do
    [ "$stop" = 0 ] || break
    value "$b" >/dev/null && continue
    echo "$(date -u '+%F %T') cram:$b" >>"$dir/$b.log"
    # the program stops on the signal too and keeps what it found
    /usr/bin/time -f '%e s wall %U s user %M kB peak' "$grundy" values \
        "cram:$b" --position start --store "$dir/$b" --stats \
        ${THREADS:+--threads "$THREADS"} --progress \
        >"$dir/$b.out" 2>>"$dir/$b.log"
done
for b in "$@"; do
    if v=$(value "$b"); then
        echo "cram:$b	$v	$(tail -1 "$dir/$b.log")"
    else
        echo "cram:$b	-	$(grep 'search:' "$dir/$b.log" 2>/dev/null |
            tail -1)"
    fi
done
