#!/bin/sh
# check_static.sh LIB -- every global symbol defined in the static library
# starts with grundy_, internal ones included: a program that links the
# library statically must never meet a name of ours that collides with
# one of its own.  ALLOW (below) lists the prefixes still waiting for
# their rename; it only shrinks.
lib=$1
ALLOW='^(board_tt_)'
syms=$(nm -g --defined-only "$lib" 2>/dev/null |
    awk 'NF == 3 && $2 ~ /^[TDBRVWCGS]$/ {print $3}' | sort -u)
if [ -z "$syms" ]; then
    echo "no global symbols in $lib"
    exit 1
fi
bad=$(printf '%s\n' "$syms" | grep -v '^grundy_' | grep -Ev "$ALLOW")
if [ -n "$bad" ]; then
    echo "global symbols without the grundy_ prefix:"
    printf '%s\n' "$bad"
    exit 1
fi
n=$(printf '%s\n' "$syms" | wc -l)
a=$(printf '%s\n' "$syms" | grep -Ec "$ALLOW")
echo "$n global symbols, all grundy_ ($a still allowed by $ALLOW)"
