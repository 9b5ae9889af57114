#!/bin/sh
# check_exports.sh LIB -- every symbol the shared library exports is a
# grundy_<module>_ name of a public module (or one of the few core names),
# and the public API is there at all.
lib=$1
syms=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' |
    grep -v '^_init$\|^_fini$\|^_edata$\|^_end$\|^__bss_start$')
if [ -z "$syms" ]; then
    echo "no exported symbols in $lib"
    exit 1
fi
bad=$(printf '%s\n' "$syms" | grep -Ev '^grundy_(strerror|parse_error_set|limits|cpu|rules|game|kernel_none|fill|table|period|values|store|sum|range|count|nt|triples|rect|takebreak|twoheap|io|scan|scanner|writer|u64|misere|loopy|board|session|play|plot|survey|format|version)(_|$)')
if [ -n "$bad" ]; then
    echo "exported without a grundy_<module>_ name:"
    printf '%s\n' "$bad"
    exit 1
fi
for want in grundy_values_get grundy_table_new grundy_game_new \
    grundy_limits_init grundy_sum_values grundy_store_open; do
    printf '%s\n' "$syms" | grep -qx "$want" || {
        echo "missing export: $want"
        exit 1
    }
done
n=$(printf '%s\n' "$syms" | wc -l)
echo "$n exported symbols, all grundy_<module>_"
