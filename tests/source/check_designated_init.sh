#!/bin/sh
# check_designated_init.sh CC INCLUDE_DIR -- a program fills grundy_rules
# and grundy_kernel by naming their fields: the header makes the compiler
# refuse an initialiser by position (GRUNDY_DESIGNATED_INIT), since new
# hooks are added to these structs and a positional table then fills the
# wrong fields.  A designated table compiles without a warning; a
# positional one of either struct is an error under -Werror.
cc=${1:?usage: check_designated_init.sh CC INCLUDE_DIR}
inc=${2:?usage: check_designated_init.sh CC INCLUDE_DIR}
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
status=0

cat >"$d/head.h" <<'C'
#include "grundy/grundy.h"
static grundy_status parse(void **p, const char *a, grundy_parse_error *w)
{ (void)a; (void)w; *p = 0; return GRUNDY_OK; }
static size_t max_moves(const void *p, grundy_pos h) { (void)p; return (size_t)h; }
static size_t moves(const void *p, grundy_pos h, grundy_move *o, size_t c)
{ (void)p; (void)o; (void)c; return (size_t)h; }
static grundy_status fill(const void *p, void *v, grundy_pos f, grundy_pos n,
                          grundy_fill *x)
{ (void)p; (void)v; (void)f; (void)n; (void)x; return GRUNDY_OK; }
C
cat >"$d/named.c" <<'C'
#include "head.h"
const grundy_rules named = {.name = "named", .flags = GRUNDY_RULES_HEAP,
                            .parse = parse, .max_moves = max_moves,
                            .moves = moves};
const grundy_kernel named_kernel = {.name = "k", .fill = fill};
C
cat >"$d/rules_by_position.c" <<'C'
#include "head.h"
const grundy_rules by_position = {"by-position", "a synopsis",
                                  GRUNDY_RULES_HEAP, 0, parse, 0, 0, 0, 0,
                                  max_moves, moves};
C
cat >"$d/kernel_by_position.c" <<'C'
#include "head.h"
const grundy_kernel by_position = {"k", 0, 0, fill};
C

if ! "$cc" -std=c11 -Werror -Wall -fsyntax-only -I"$inc" -I"$d" \
        "$d/named.c" 2>"$d/err"; then
    echo "a table with designated initialisers does not compile:"
    cat "$d/err"
    status=1
fi
for f in rules_by_position kernel_by_position; do
    if "$cc" -std=c11 -Werror -fsyntax-only -I"$inc" -I"$d" "$d/$f.c" \
            2>"$d/err"; then
        echo "$f.c: an initialiser by position compiles"
        status=1
    elif ! grep -q designated "$d/err"; then
        echo "$f.c: refused, but not for its initialiser by position:"
        cat "$d/err"
        status=1
    fi
done
[ $status = 0 ] && echo "designated initialisers enforced"
exit $status
