# A board search stopped by --work-limit or Ctrl-C, with --stats, writes
# the work it had done on stderr after the error (stdout stays empty: it
# has no value to follow).  The positions it reports are at least the
# limit, and a run within a larger limit finds the value.
cd "$(mktemp -d)" || exit 1
"$GRUNDY" values cram:4x9 --position start --no-store --threads 1 --stats \
    --work-limit 20k >out.txt 2>err.txt
echo "exit $?"
echo "stdout bytes $(wc -c <out.txt)"
head -2 err.txt
sed -n 's/^nodes //p' err.txt | awk '{ print ($1 >= 20000 && $1 < 40000) ? "nodes past the limit" : "nodes " $1 }'
grep -c '^table hits \|^positions by depth \|^time ' err.txt
# Ctrl-C (SIGINT) once the search runs
"$GRUNDY" values cram:5x9 --position start --no-store --threads 1 --stats \
    >out.txt 2>err.txt &
pid=$!
sleep 2
kill -INT $pid
wait $pid
echo "exit $?"
echo "stdout bytes $(wc -c <out.txt)"
head -2 err.txt
sed -n 's/^nodes //p' err.txt | awk '{ print ($1 > 0) ? "some nodes" : "no nodes" }'
"$GRUNDY" values cram:4x9 --position start --no-store --threads 1 \
    --work-limit 10M
