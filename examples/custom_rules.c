/*
 * custom_rules.c -- adding a rule family through the public C API.
 *
 * The family "squares" lets a move remove any non-zero perfect square of
 * stones (the subtraction game on squares).  The program registers it,
 * tabulates g(0..N) and prints the positions of value 0 (the losing
 * positions: 0 2 5 7 10 12 15 17 20 22 34 39 ...).
 *
 * Build: part of the grundy build (example_custom_rules).
 * Run:   ./build/example_custom_rules [N]
 */
#include <stdio.h>
#include <stdlib.h>

#include "grundy/grundy.h"

static grundy_status squares_parse(void **params, const char *args,
                                   grundy_parse_error *where)
{
    *params = NULL;
    if (args) {
        grundy_parse_error_set(where, 1, 1, "squares takes no parameters");
        return GRUNDY_ERR_PARSE;
    }
    return GRUNDY_OK;
}

static size_t squares_max_moves(const void *params, grundy_pos p)
{
    size_t k = 0;
    (void)params;
    while ((grundy_pos)(k + 1) * (k + 1) <= p)
        k++;
    return k;
}

static size_t squares_moves(const void *params, grundy_pos p,
                            grundy_move *out, size_t cap)
{
    size_t k, n = 0;
    (void)params;
    for (k = 1; (grundy_pos)k * k <= p; k++, n++)
        if (n < cap) {
            out[n].part[0] = p - (grundy_pos)k * k;
            out[n].nparts = 1;
        }
    return n;
}

static const grundy_rules squares_rules = {
    .name = "squares",
    .synopsis = "squares            remove a non-zero square number of stones",
    .flags = GRUNDY_RULES_HEAP,
    .parse = squares_parse,
    .max_moves = squares_max_moves,
    .moves = squares_moves,
};

int main(int argc, char **argv)
{
    grundy_game *g = NULL;
    grundy_table *t = NULL;
    grundy_parse_error where;
    grundy_status s;
    grundy_pos n = argc > 1 ? (grundy_pos)strtoull(argv[1], NULL, 10) : 40;
    grundy_pos i;

    s = grundy_rules_register(&squares_rules);
    if (s == GRUNDY_OK)
        s = grundy_game_new(&g, "squares", &where);
    if (s == GRUNDY_OK)
        s = grundy_table_new(&t, g, n + 1, NULL);
    if (s != GRUNDY_OK) {
        fprintf(stderr, "custom_rules: %s\n", grundy_strerror(s));
        grundy_game_free(g);
        return 1;
    }
    printf("losing positions of 'squares' up to %llu:",
           (unsigned long long)n);
    for (i = 0; i <= n; i++)
        if (grundy_table_get(t, i) == 0)
            printf(" %llu", (unsigned long long)i);
    printf("\n");
    grundy_table_free(t);
    grundy_game_free(g);
    return 0;
}
