# SIGINT (Ctrl-C) and SIGTERM stop long work at once: the message says
# so, the exit status is 128 + the signal, the finished prefix is kept in
# the store as a checkpoint, and the same command then resumes from it.
# The message says only what is true: a board search keeps the values of
# its big parts (the journal), which the same command reads back.
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
for sig in INT TERM; do
    "$GRUNDY" values grundy-game --upto 16777215 --stats --store "$d/$sig" \
        >/dev/null 2>"$d/err" &
    pid=$!
    sleep 1
    kill -$sig $pid
    wait $pid
    echo "SIG$sig: exit $?"
    sed 's/g(0) to g([0-9]*)/g(0) to g(N)/' "$d/err"
    "$GRUNDY" store list --store "$d/$sig" |
        sed -e 1d -e '/^total/d' \
            -e 's/: [0-9]* entries.*,\( [a-z]*\), [0-9]* bytes.*/:\1/'
done
"$GRUNDY" values cram:6x7 --position start --enddb 0 --store "$d/board" \
    >/dev/null 2>"$d/err" &
pid=$!
sleep 3
kill -INT $pid
wait $pid
echo "board search: exit $?"
sed 's/about [0-9]* parts/about N parts/' "$d/err"
# ... and the store lists it
"$GRUNDY" store list --store "$d/board" |
    sed -e 1d -e '/^total/d' -e 's/[0-9][0-9]* facts kept/N facts kept/' \
        -e 's/keys, [0-9][0-9]* bytes/keys, N bytes/'
