# rect:4x4 and rect:4x5 on 2 and 3 processes: the same table as one
# process.
same_table rect:4x4 2
same_table rect:4x4 3
same_table rect:4x5 2
same_table rect:4x5 3
# --progress into a log: lines of their own, no escapes or returns, each
# naming the game and its tier
log=$WORK/progress.log
mpi 2 rect:4x4 --store "$WORK/store-progress" --progress >/dev/null 2>"$log" ||
    fail "rect:4x4 --progress on 2 processes: $(cat "$log")"
grep -q '^grundy-mpi: rect:4x4: tier [0-9]* of 16: [0-9]*%$' "$log" ||
    fail "rect:4x4 --progress: no progress line in: $(cat -A "$log")"
! LC_ALL=C grep -q "$(printf '[\r\033]')" "$log" ||
    fail "rect:4x4 --progress into a log: escapes in: $(cat -A "$log")"
