#!/bin/sh
# takebreak_cli.sh GRUNDY PART -- whole-program timings of take-and-break
# tables (see RESULTS.md); one TSV line per run: what, wall s, user s, sys s,
# peak KB.  GNU time measures each run.  PART is one of:
#   upto     --upto 2^k against --upto 2^k - 1 (the cost of an entry more
#            at a power of two, where a period search used to run)
#   threads  the default two threads against --threads 1, each with a
#            CPU-bound process (a busy loop) running beside it
#   period   --period against a table to the point where the period is
#            proven (0.376: 2 * 2268248 + 4 + 3; 0.354: 2 * 10061916 +
#            1180 + 3)
#   interval allbut:1,2 and take:1..h/2 to 10^8
G=${1:?usage: takebreak_cli.sh GRUNDY upto|threads|period|interval}
T=/usr/bin/time
run() { # what, args...
    what=$1
    shift
    $T -f "$what	%e	%U	%S	%M" "$G" "$@" --no-store >/dev/null 2>/tmp/takebreak_cli.$$ || exit 1
    tail -1 /tmp/takebreak_cli.$$
}
echo "what	wall_s	user_s	sys_s	peak_kb"
case $2 in
upto)
    for spec_ks in "0.376 20 21 22" "0.354 22 23 24" "0.106 18 19 20" \
                   "grundy-game 18 19 20"; do
        set -- $spec_ks
        spec=$1
        shift
        for k in "$@"; do
            n=$((1 << k))
            run "$spec --upto 2^$k-1" values "$spec" --upto $((n - 1)) --stats
            run "$spec --upto 2^$k" values "$spec" --upto $n --stats
        done
    done
    ;;
threads)
    for spec_n in "0.6 1000000" "0.04 200000" "0.16 1000000" \
                  "0.56 1000000" "0.127 200000" "0.106 1000000" \
                  "0.126 1048575" "0.014 1048575" "0.063 1048575" \
                  "4.037 1048575"; do
        set -- $spec_n
        sh -c 'while :; do :; done' &
        busy=$!
        run "$1 --upto $2 threads=2" values "$1" --upto "$2" --stats
        run "$1 --upto $2 threads=1" values "$1" --upto "$2" --stats \
            --threads 1
        kill $busy
    done
    ;;
period)
    run "0.376 --period" values 0.376 --period
    run "0.376 --upto 4536503" values 0.376 --upto 4536503 --stats
    run "0.354 --period" values 0.354 --period
    run "0.354 --upto 20124015" values 0.354 --upto 20124015 --stats
    ;;
interval)
    run "allbut:1,2 --upto 10^8" values allbut:1,2 --upto 100000000 --stats
    run "take:1..h/2 --upto 10^8" values take:1..h/2 --upto 100000000 --stats
    run "take:1..h/2 --at 10^8" values take:1..h/2 --at 100000000
    ;;
esac
rm -f /tmp/takebreak_cli.$$
