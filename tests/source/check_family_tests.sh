#!/bin/sh
# check_family_tests.sh SRCDIR -- no code outside src/rules/ tests which
# family a game is: it asks the family's flags and hooks instead
# (GRUNDY_RULES_MISERE, GRUNDY_RULES_RARE, the takebreak and geometry
# hooks; doc/ARCHITECTURE.md, "rules").  Looked for in app/, src/ (less
# src/rules/), python/ and mpi/:
#   - a rules pointer compared with a built-in family (== &grundy_rules_X);
#   - a family's name compared as text (strcmp(rules->name, ...));
#   - grundy_takebreak_get() in a front end (app/, python/, mpi/), where
#     it only ever served as a test of the family.
src=${1:?usage: check_family_tests.sh SRCDIR}
cd "$src" || exit 1

ptr='([=!]=[[:space:]]*&[[:space:]]*grundy_rules_[a-z_]+)|(&[[:space:]]*grundy_rules_[a-z_]+[[:space:]]*[=!]=)'
name='(strn?cmp|strcasecmp)[[:space:]]*\([^;]*(grundy_game_rules[[:space:]]*\([^)]*\)|rules)[[:space:]]*->[[:space:]]*name'
tb='grundy_takebreak_get[[:space:]]*\('

# The patterns themselves must still find what they are for.
probe() {
    printf '%s\n' "$2" | grep -Eq "$1" || {
        echo "pattern $1 misses: $2"
        exit 1
    }
}
probe "$ptr" '    style = r == &grundy_rules_cram ? A : B;'
probe "$ptr" '    if (&grundy_rules_chomp != grundy_game_rules(g))'
probe "$name" '    if (strcmp(grundy_game_rules(g)->name, "octal") == 0)'
probe "$name" '    if (!strncmp(rules->name, "cram", 4))'
probe "$tb" '    if (a->no_rare || !grundy_takebreak_get(g))'

files() {
    for d in "$@"; do
        [ -d "$d" ] && find "$d" -type f \( -name '*.c' -o -name '*.h' \
            -o -name '*.py' \) ! -path 'src/rules/*'
    done | sort
}
lib=$(files src)
front=$(files app python mpi)
[ -n "$lib" ] && [ -n "$front" ] || {
    echo "no sources found under $src"
    exit 1
}

bad=0
report() {
    hits=$(grep -nHE "$1" $2)
    if [ -n "$hits" ]; then
        echo "$3:"
        printf '%s\n' "$hits"
        bad=1
    fi
}
# shellcheck disable=SC2086
report "$ptr" "$lib $front" "a rules pointer compared with a built-in family"
report "$name" "$lib $front" "a family recognised by its name"
report "$tb" "$front" "grundy_takebreak_get() as a test of the family (ask GRUNDY_RULES_RARE or another flag or hook)"
[ $bad = 0 ] || exit 1
echo "no family tests outside src/rules/ ($(printf '%s\n' $lib $front | wc -l) files)"
