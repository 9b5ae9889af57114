#!/bin/sh
# check_install.sh BUILD SRC CC -- install the build into a temporary
# prefix, then build examples/custom_rules.c against the INSTALLED library
# as another project would: with pkg-config (shared, then static) and with
# a CMake project that uses find_package(grundy) (grundy::grundy, _shared,
# _static).  Every program must print the example's known output, and the
# installed grundy program and man page must be there.
set -eu
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
cc=$3
want=$src/tests/cli/cases/custom_rules_example.stdout
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() {
    echo "check_install: $*" >&2
    exit 1
}
check_run() { # NAME PROGRAM
    "$2" 40 >"$tmp/out" || fail "$1: exit status $?"
    cmp -s "$tmp/out" "$want" || {
        diff "$want" "$tmp/out"
        fail "$1: wrong output"
    }
    echo "ok: $1"
}

cmake --install "$build" --prefix "$prefix" >/dev/null
libdir=$(cd "$prefix" && ls -d lib lib64 lib/* 2>/dev/null |
    while read -r d; do
        [ -f "$prefix/$d/pkgconfig/grundy.pc" ] && echo "$d" && break
    done)
[ -n "$libdir" ] || fail "no grundy.pc installed"
libdir=$prefix/$libdir
for f in include/grundy/grundy.h include/grundy/values.h bin/grundy \
    share/man/man1/grundy.1; do
    [ -f "$prefix/$f" ] || fail "not installed: $f"
done
[ -f "$libdir/libgrundy.a" ] || fail "no static library"
soname=$(objdump -p "$libdir/libgrundy.so" | awk '$1 == "SONAME" {print $2}')
[ -n "$soname" ] && [ -f "$libdir/$soname" ] || fail "no SONAME link"
echo "ok: installed, $soname"
"$prefix/bin/grundy" values subtract:1,3,4 --upto 6 --no-store \
    >"$tmp/values"
[ "$(tr '\n' ' ' <"$tmp/values")" = "0 0 1 1 2 0 3 1 4 2 5 3 6 2 " ] ||
    fail "installed program: wrong values"
echo "ok: installed program"

# pkg-config, as in the README
export PKG_CONFIG_PATH="$libdir/pkgconfig"
v=$(pkg-config --modversion grundy)
echo "ok: pkg-config finds grundy $v"
# shellcheck disable=SC2046
"$cc" -std=c11 -o "$tmp/pc_shared" "$src/examples/custom_rules.c" \
    $(pkg-config --cflags --libs grundy)
objdump -p "$tmp/pc_shared" | grep -q "NEEDED *$soname" ||
    fail "pkg-config: not linked with $soname"
LD_LIBRARY_PATH=$libdir check_run "pkg-config, shared" "$tmp/pc_shared"
# shellcheck disable=SC2046
"$cc" -std=c11 -o "$tmp/pc_static" "$src/examples/custom_rules.c" \
    $(pkg-config --cflags grundy) \
    $(pkg-config --static --libs grundy | sed 's/-lgrundy/-l:libgrundy.a/')
objdump -p "$tmp/pc_static" | grep -q "NEEDED *libgrundy" &&
    fail "pkg-config --static: linked with the shared library"
check_run "pkg-config --static" "$tmp/pc_static"

# find_package(grundy)
cmake -S "$src/tests/install/consumer" -B "$tmp/consumer" \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$prefix" \
    -DGRUNDY_EXAMPLE="$src/examples/custom_rules.c" >"$tmp/log" 2>&1 || {
    cat "$tmp/log"
    fail "find_package: configure failed"
}
cmake --build "$tmp/consumer" >"$tmp/log" 2>&1 || {
    cat "$tmp/log"
    fail "find_package: build failed"
}
for kind in default shared static; do
    LD_LIBRARY_PATH=$libdir check_run "find_package, grundy::grundy ($kind)" \
        "$tmp/consumer/custom_rules_$kind"
done
objdump -p "$tmp/consumer/custom_rules_static" | grep -q "NEEDED *libgrundy" &&
    fail "grundy::grundy_static: linked with the shared library"
objdump -p "$tmp/consumer/custom_rules_shared" | grep -q "NEEDED *$soname" ||
    fail "grundy::grundy_shared: not linked with $soname"

# add_subdirectory: configure only (the targets are what matters)
cmake -S "$src/tests/install/parent" -B "$tmp/parent" \
    -DCMAKE_C_COMPILER="$cc" -DGRUNDY_SOURCE="$src" >"$tmp/log" 2>&1 || {
    cat "$tmp/log"
    fail "add_subdirectory: configure failed"
}
echo "ok: add_subdirectory builds no tests and no examples"
echo "ok: all"
