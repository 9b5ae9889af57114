#!/bin/sh
# check_pip.sh PYTHON SRC -- `pip install .` from a copy of the checkout
# into a new virtual environment (python3 -m venv --system-site-packages),
# offline: --no-build-isolation (Debian's setuptools and numpy) and
# --no-index.  setup.py builds the library with CMake; the installed
# package must then import from elsewhere and answer.
set -eu
py=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$py" -c 'import venv, ensurepip' 2>/dev/null || {
    echo "no venv/ensurepip for $py (apt-get install python3-venv)"
    exit 77
}
mkdir "$tmp/src"
(cd "$src" && tar --exclude='./build' --exclude='./build-*' \
    --exclude='./.git' --exclude='*.egg-info' --exclude='__pycache__' \
    -cf - .) | tar -C "$tmp/src" -xf -
"$py" -m venv --system-site-packages "$tmp/env"
(cd "$tmp/src" && "$tmp/env/bin/pip" install --quiet --no-build-isolation \
    --no-index .) >"$tmp/log" 2>&1 || {
    tail -40 "$tmp/log"
    echo "check_pip: pip install failed"
    exit 1
}
cd "$tmp"
out=$("$tmp/env/bin/python" -c '
import grundy
print(grundy.__file__.startswith("'"$tmp"'/env/"))
print(grundy.values("subtract:1,3,4", 10).tolist())
print(grundy.period("0.137"))
print(grundy.analyze([("nim", 3), ("nim", 4), ("nim", 5)]).moves)
')
want='True
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]
Period(preperiod=52, period=34, saltus=0, proven=True)
[Move(component=0, position=3, to=(1,), value=1)]'
if [ "$out" != "$want" ]; then
    printf 'check_pip: the installed package answers:\n%s\n' "$out"
    exit 1
fi
echo "ok: pip install . into a venv, offline; import grundy answers"
