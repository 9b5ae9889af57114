# What grundy-mpi refuses, with one message from process 0: a family that
# is not a board, a memory limit below a process's part of a tier, usage
# errors.
expect() {
    want_rc=$1
    want=$2
    shift 2
    mpi 2 "$@" >"$WORK/out" 2>"$WORK/err"
    rc=$?
    [ "$rc" = "$want_rc" ] ||
        fail "grundy-mpi $*: exit $rc, want $want_rc: $(cat "$WORK/err")"
    grep -q "$want" "$WORK/err" ||
        fail "grundy-mpi $*: no '$want' in: $(cat "$WORK/err")"
    n=$(grep -c "^grundy-mpi: " "$WORK/err")
    [ "$n" = 1 ] || fail "grundy-mpi $*: $n messages: $(cat "$WORK/err")"
}
expect 1 "grundy-mpi: chomp:3x4: not a board family" chomp:3x4 --store "$WORK/s"
expect 1 "grundy-mpi: rules 'rect:9x9'" rect:9x9 --store "$WORK/s"
expect 1 "over the limit of 1.0 MiB (--mem-limit)" rect:4x5 --mem-limit 1M --store "$WORK/s"
expect 2 "grundy-mpi: unknown option '--bogus'" rect:3x3 --bogus
expect 2 "grundy-mpi: missing RULES" --quiet
echo "errors: one message each"
