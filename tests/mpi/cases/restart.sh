# A process killed after some tiers: the job ends with a message naming
# the tier, the finished tiers stay in the store, and the same command
# resumes from the first unfinished tier and writes the same table as one
# process.  Tiers pause 150 ms each (GRUNDY_MPI_TIER_PAUSE_MS) so that
# the kill lands in the middle of the job.
spec=rect:4x5
store=$WORK/store
one=$(single "$spec")
GRUNDY_MPI_TIER_PAUSE_MS=150 "$MPIRUN" -np 2 --oversubscribe \
    "$GRUNDY_MPI" "$spec" --store "$store" --quiet \
    >"$WORK/first.out" 2>"$WORK/first.err" &
job=$!
i=0
while ! ls "$store" 2>/dev/null | grep -q 'r1of2\.t6-7\.gslice$'; do
    i=$((i + 1))
    [ $i -lt 300 ] || fail "$spec: tier 6 never finished"
    sleep 0.05
done
# the last process of the job: a child of this mpirun
victim=$(ps -o pid=,args= --ppid $job | awk '/grundy-mpi/ { p = $1 } END { print p }')
[ -n "$victim" ] || fail "$spec: no process of the job found"
kill -9 "$victim"
wait $job && fail "$spec: the job went on after a process died"
cat "$WORK/first.err" >&2
grep -q "grundy-mpi: $spec: stopped in tier [0-9]* of 20 .*the same command resumes from tier" \
    "$WORK/first.err" || fail "$spec: no message on the stopped job"
ls "$store" | grep -q '\.gsplit$' &&
    fail "$spec: a manifest after a stopped job"
mpi 2 "$spec" --store "$store" --quiet >"$WORK/second.out" \
    2>"$WORK/second.err" || fail "$spec: the second run: $(cat "$WORK/second.err")"
cat "$WORK/second.err" >&2
grep -q "grundy-mpi: $spec: resuming from tier \([7-9]\|1[0-9]\|20\) " \
    "$WORK/second.err" || fail "$spec: the second run did not resume"
"$GRUNDY" values "$spec" --all --store "$store" >"$WORK/second.all" ||
    fail "$spec: grundy values --all on the slices"
cmp "$one" "$WORK/second.all" >&2 ||
    fail "$spec: the resumed table differs from one process's"
[ "$(ls "$store" | grep -c '\.gslice$')" = 2 ] ||
    fail "$spec: tier files left: $(ls "$store")"
# once more: the table is there already
mpi 2 "$spec" --store "$store" --quiet 2>"$WORK/third.err" >/dev/null ||
    fail "$spec: a third run"
grep -q "already in the store" "$WORK/third.err" ||
    fail "$spec: a third run: $(cat "$WORK/third.err")"
echo "$spec: killed, resumed, the same table as one process"
