#!/bin/sh
# run.sh BUILD SECONDS -- `make fuzz`: every fuzz target of BUILD (a
# GRUNDY_FUZZ build) for SECONDS each, one after the other; fails when any
# target finds a crash, a leak, a timeout or a sanitizer report.  The
# totals of each target are printed (and kept in BUILD/fuzz-work/logs).
# GRUNDY_FUZZ_JOBS=N runs N processes per target (libFuzzer -fork).
set -u
build=$1 secs=$2
here=$(cd "$(dirname "$0")" && pwd)
fail=0
for bin in "$build"/tests/fuzz_*; do
    [ -x "$bin" ] || continue
    name=${bin##*/fuzz_}
    sh "$here/run_one.sh" "$bin" "$name" "$secs" "$build/fuzz-work" ||
        fail=1
done
[ $fail -eq 0 ] && echo "fuzz: every target ran ${secs} s without a finding"
exit $fail
