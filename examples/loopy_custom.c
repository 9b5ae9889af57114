/*
 * loopy_custom.c -- a game with cycles defined by a C callback.
 *
 * The family "hop" is a counter from 0 to N: a move takes 1 or 4 from it,
 * or, from an even counter p >= 4, raises it to 3p/2 when that stays at
 * most N; 0 is final (the player who reaches 0 wins).  Raising goes back
 * up, so plays can cycle: some positions get finite values, some inf(K)
 * with 0 in K (wins), some inf(K) without 0 (draws).  The program registers the
 * family, computes the generalized Sprague-Grundy value of every position
 * (finite n, or inf(K) with K the finite values among the options), prints the
 * first ones with their outcomes, and then looks at the sum hop 5 + hop 6: its
 * value, who wins, and the move to make.
 *
 * Build: part of the grundy build (example_loopy_custom).
 * Run:   ./build/example_loopy_custom [N]
 */
#include <stdio.h>
#include <stdlib.h>

#include "grundy/grundy.h"

/* The parameters: the largest counter, N. */
static grundy_status hop_parse(void **params, const char *args, uint64_t max,
                               grundy_parse_error *where)
{
    uint64_t *n;
    if (args) {
        grundy_parse_error_set(where, 1, 1, "hop takes no parameters");
        return GRUNDY_ERR_PARSE;
    }
    if (max == 0) {
        grundy_parse_error_set(where, 1, 1, "hop needs a bound N");
        return GRUNDY_ERR_ARG;
    }
    n = malloc(sizeof *n);
    if (!n)
        return GRUNDY_ERR_NOMEM;
    *n = max;
    *params = n;
    return GRUNDY_OK;
}

static void hop_free(void *params)
{
    free(params);
}

static uint64_t hop_num_positions(const void *params)
{
    return *(const uint64_t *)params + 1; /* 0..N */
}

/* The options of p, at most cap of them written; returns how many. */
static size_t hop_moves(const void *params, uint64_t p, uint64_t *out,
                        size_t cap)
{
    uint64_t n = *(const uint64_t *)params, to[3];
    size_t k = 0, i;
    if (p == 0)
        return 0;
    to[k++] = p - 1;
    if (p >= 4)
        to[k++] = p - 4;
    if (p >= 4 && p % 2 == 0 && p / 2 * 3 <= n)
        to[k++] = p / 2 * 3;
    for (i = 0; i < k && i < cap; i++)
        out[i] = to[i];
    return k;
}

static const grundy_loopy_rules hop_rules = {
    .name = "hop",
    .synopsis = "hop      take 1 or 4, or raise even p to 3p/2; 0 is final",
    .parse = hop_parse,
    .free_params = hop_free,
    .num_positions = hop_num_positions,
    .moves = hop_moves,
};

int main(int argc, char **argv)
{
    grundy_loopy_game *g = NULL;
    grundy_loopy_value v, sum;
    grundy_loopy_component c[2];
    grundy_loopy_move best;
    grundy_parse_error where;
    grundy_status s;
    uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 40, p;
    char buf[256];
    int found;

    s = grundy_loopy_rules_register(&hop_rules);
    if (s == GRUNDY_OK)
        s = grundy_loopy_game_new(&g, "hop", n, &where, NULL);
    if (s != GRUNDY_OK) {
        fprintf(stderr, "loopy_custom: %s\n",
                where.msg[0] ? where.msg : grundy_strerror(s));
        return 1;
    }
    grundy_loopy_value_init(&v);
    grundy_loopy_value_init(&sum);
    printf("hop with counters 0..%llu:\n", (unsigned long long)n);
    for (p = 0; p <= n && p <= 12 && s == GRUNDY_OK; p++) {
        const grundy_loopy_solution *sol = grundy_loopy_game_solution(g);
        s = grundy_loopy_solution_value(&v, sol, (grundy_loopy_vertex)p);
        grundy_loopy_value_format(&v, buf, sizeof buf);
        printf("  %2llu  %-10s %s\n", (unsigned long long)p, buf,
               grundy_loopy_outcome_name(grundy_loopy_value_outcome(&v)));
    }

    /* The sum hop 5 + hop 6, if both fit. */
    if (s == GRUNDY_OK && n >= 6) {
        c[0].sol = c[1].sol = grundy_loopy_game_solution(g);
        c[0].vertex = 5;
        c[1].vertex = 6;
        s = grundy_loopy_sum_value(&sum, c, 2);
        if (s == GRUNDY_OK)
            s = grundy_loopy_sum_best(&best, &found, c, 2);
        if (s == GRUNDY_OK) {
            grundy_loopy_value_format(&sum, buf, sizeof buf);
            printf("hop 5 + hop 6: value %s, %s", buf,
                   grundy_loopy_outcome_name(grundy_loopy_value_outcome(&sum)));
            if (found)
                printf("; play component %zu: %lu -> %lu", best.component + 1,
                       (unsigned long)best.from, (unsigned long)best.to);
            printf("\n");
        }
    }
    grundy_loopy_value_clear(&v);
    grundy_loopy_value_clear(&sum);
    grundy_loopy_game_free(g);
    if (s != GRUNDY_OK) {
        fprintf(stderr, "loopy_custom: %s\n", grundy_strerror(s));
        return 1;
    }
    return 0;
}
