#!/bin/sh
# quiet-build.sh BUILD [CMAKE FLAGS...] -- configure and build grundy in
# BUILD (Release, with the Python module) with the whole log in
# BUILD/build.log; the log is shown only when something fails.
set -u
B=$1
shift
mkdir -p "$B"
LOG=$B/build.log
JOBS=$(nproc 2>/dev/null || echo 2)
printf 'Building grundy in %s (log: %s) ... ' "$B" "$LOG"
if cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DGRUNDY_BUILD_PYTHON=ON \
    "$@" >"$LOG" 2>&1 &&
    cmake --build "$B" -j "$JOBS" >>"$LOG" 2>&1; then
    echo done
else
    echo failed
    echo "--- the last lines of $LOG:"
    tail -n 40 "$LOG"
    exit 1
fi
