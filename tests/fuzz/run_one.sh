#!/bin/sh
# run_one.sh BINARY NAME SECONDS WORKDIR -- run one fuzz target for
# SECONDS from its seed corpus (tests/fuzz/corpus/NAME, read only) and
# its dictionary (tests/fuzz/dict/NAME.dict, when there is one).  New
# inputs go to WORKDIR/corpus/NAME; a crash, leak, timeout or sanitizer
# report is saved in WORKDIR/artifacts/NAME/ and fails the run.  The last
# line of the log, the totals, is printed: "NAME: N runs, cov C, ft F".
# GRUNDY_FUZZ_JOBS=N runs N processes (libFuzzer -fork); GRUNDY_FUZZ_RUNS=N
# stops after N executions if that comes before SECONDS (one process).
set -u
bin=$1 name=$2 secs=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
seeds=$here/corpus/$name
mkdir -p "$work/corpus/$name" "$work/artifacts/$name" "$work/logs"
log=$work/logs/$name.log
set -- -max_total_time="$secs" -timeout=25 -rss_limit_mb=2560 \
    -close_fd_mask=3 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/$name/"
[ -f "$here/dict/$name.dict" ] && set -- "$@" -dict="$here/dict/$name.dict"
[ -n "${GRUNDY_FUZZ_JOBS:-}" ] && set -- "$@" -fork="$GRUNDY_FUZZ_JOBS"
[ -n "${GRUNDY_FUZZ_RUNS:-}" ] && set -- "$@" -runs="$GRUNDY_FUZZ_RUNS"
"$bin" "$@" "$work/corpus/$name" "$seeds" >"$log" 2>&1
rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | sed 's/cov: //')
ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | sed 's/ft: //')
secs_used=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" |
    tail -n 1)
echo "$name: ${runs:-?} runs in ${secs_used:-?} s, cov ${cov:-?}, ft ${ft:-?}"
if [ $rc -ne 0 ]; then
    echo "$name: FAILED (exit $rc); the log: $log" >&2
    grep -E 'ERROR|SUMMARY|fuzz: |Test unit written|==[0-9]+==' "$log" |
        head -n 30 >&2
    exit 1
fi
exit 0
