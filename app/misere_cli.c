/*
 * misere_cli.c -- misere quotients for analyze and play, and the game of
 * `grundy misere` (see misere_cli.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "misere_cli.h"

int cli_misere_game_error(const char *cmd, const grundy_game *g,
                          grundy_status s)
{
    if (s == GRUNDY_ERR_ARG) {
        fprintf(stderr, "grundy: %s: '%s' has no move from any heap\n", cmd,
                grundy_game_spec(g));
        return CLI_EXIT_DATA;
    }
    return cli_error(cmd, s, NULL);
}

int cli_misere_game(const char *cmd, const char *spec, grundy_game **out)
{
    grundy_parse_error where;
    grundy_misere *q;
    grundy_status s;
    memset(&where, 0, sizeof where);
    s = grundy_game_new(out, spec, &where);
    if (s != GRUNDY_OK) {
        fprintf(stderr, "grundy: %s: rules '%s' at column %lu: %s\n", cmd,
                spec, where.col ? where.col : 1,
                where.msg[0] ? where.msg : grundy_strerror(s));
        return CLI_EXIT_DATA;
    }
    if (!grundy_takebreak_get(*out)) {
        fprintf(stderr,
                "grundy: %s: '%s' is not a take-and-break game: give an "
                "octal or hexadecimal code (0.77, 4.07, 0.F7) or "
                "grundy-game\n",
                cmd, spec);
        grundy_game_free(*out);
        *out = NULL;
        return CLI_EXIT_DATA;
    }
    s = grundy_misere_new(&q, *out, NULL);
    grundy_misere_free(q);
    if (s != GRUNDY_OK) {
        int rc = cli_misere_game_error(cmd, *out, s);
        grundy_game_free(*out);
        *out = NULL;
        return rc;
    }
    return CLI_EXIT_OK;
}

/* The quotient of the sum's game up to its largest heap, or NULL. */
static grundy_misere *sum_quotient(const grundy_sum_component *comp,
                                   size_t n, const grundy_limits *lim)
{
    grundy_misere *q;
    grundy_limits l2;
    grundy_pos top = 0;
    grundy_status s;
    size_t i;
    const grundy_game *g = n ? grundy_values_game(comp[0].values) : NULL;
    if (!g || !grundy_takebreak_get(g))
        return NULL;
    for (i = 0; i < n; i++) {
        if (grundy_values_game(comp[i].values) != g)
            return NULL;
        if (comp[i].pos > top)
            top = comp[i].pos;
    }
    if (top > CLI_MISERE_MAX_HEAP)
        return NULL;
    if (grundy_misere_new(&q, g, lim) != GRUNDY_OK)
        return NULL;
    l2 = *lim;
    cli_progress_attach(&l2, "misere quotient");
    s = grundy_misere_grow(q, top, CLI_MISERE_MAX_ORDER, &l2);
    cli_progress_done();
    if (s != GRUNDY_OK) {
        grundy_misere_free(q);
        return NULL;
    }
    return q;
}

int cli_misere_quotient(const cli_sum *s, const grundy_limits *lim,
                        int *first, grundy_sum_move **moves, size_t *n,
                        size_t *order)
{
    grundy_misere *q = sum_quotient(s->comp, s->n, lim);
    grundy_status st;
    if (!q)
        return 0;
    st = grundy_misere_winning_moves(first, moves, n, q, s->comp, s->n);
    *order = grundy_misere_order(q);
    grundy_misere_free(q);
    return st == GRUNDY_OK;
}

void cli_misere_method(grundy_writer *w, size_t order, int json)
{
    if (json) {
        grundy_writer_str(w, ", \"method\": \"quotient\", "
                             "\"quotient_order\": ");
        grundy_writer_u64(w, order);
    } else {
        grundy_writer_str(w, "method: misere quotient (order ");
        grundy_writer_u64(w, order);
        grundy_writer_str(w, ")\n");
    }
}

grundy_status cli_misere_best_move(const grundy_sum_component *comp,
                                   size_t n, const grundy_limits *lim,
                                   grundy_sum_move *best, int *wins,
                                   int *used)
{
    grundy_misere *q = sum_quotient(comp, n, lim);
    grundy_sum_move *m = NULL;
    size_t nm = 0;
    grundy_status s;
    *used = 0;
    *wins = 0;
    if (!q)
        return GRUNDY_OK;
    s = grundy_misere_winning_moves(wins, &m, &nm, q, comp, n);
    grundy_misere_free(q);
    if (s != GRUNDY_OK)
        return s;
    *used = 1;
    if (nm)
        *best = m[0];
    else
        *wins = 0; /* no move at all: nothing to play */
    free(m);
    return GRUNDY_OK;
}
