#!/bin/sh
# run.sh GRUNDY SCHEMA TEST.py [PYTEST ARGS] -- run one file of the tests
# of grundy serve with Debian's pytest.  Exit status 77 (CTest: skipped)
# when every test of the file was skipped; the reasons are printed.
set -u
grundy=$1 schema=$2 file=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp)
GRUNDY=$grundy GRUNDY_SCHEMA=$schema /usr/bin/python3 -m pytest -q -rs \
    -p no:cacheprovider "$here/$file" "$@" >"$out" 2>&1
rc=$?
cat "$out"
if [ $rc -eq 0 ] && grep -q ' skipped' "$out" &&
    ! grep -q ' passed' "$out"; then
    rm -f "$out"
    exit 77
fi
rm -f "$out"
exit $rc
