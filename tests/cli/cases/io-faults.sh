# Signals and faults of the standard streams, each with its exit status
# and message, and nothing half written:
#  - a reader that goes away (| head): the program dies of SIGPIPE (141)
#    with no message, after what head read;
#  - a full disk (/dev/full): the write error is named, exit status 1;
#  - SIGINT during a long table: exit status 130, "interrupted", and no
#    partial output (the table is written once it is complete);
#  - standard input closed or at its end during play: the game is
#    abandoned with a message, exit status 0.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
L="--no-store"
( "$GRUNDY" values 0.137 --upto 10000000 $L 2>"$d/err"; echo $? >"$d/rc" ) |
    head -n 3
echo "| head: exit $(cat "$d/rc")"
cat "$d/err"
for cmd in "values 0.137 --upto 1000" "values 0.137 --upto 1000 --json" \
    "count kayles --heaps 2 --max 1000" "range nim" "analyze kayles 5 6 7"; do
    printf '3\n1 2 3\n1\n3 1 3\n' | "$GRUNDY" $cmd $L >/dev/full
    echo "$cmd >/dev/full: exit $?"
done 2>&1
"$GRUNDY" values grundy-game --upto 16777215 $L >"$d/out" 2>"$d/err" &
pid=$!
sleep 2
kill -INT $pid
wait $pid
echo "SIGINT: exit $?"
cat "$d/err"
echo "bytes written: $(wc -c <"$d/out")"
"$GRUNDY" play kayles 10 <&- >"$d/out" 2>&1
echo "play, stdin closed: exit $?"
tail -n 1 "$d/out"
printf '1 8\n' | "$GRUNDY" play kayles 10 >"$d/out" 2>&1
echo "play, stdin ends: exit $?"
tail -n 3 "$d/out"
