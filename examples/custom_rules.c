/*
 * custom_rules.c -- adding rule families through the public C API, with
 * the hooks that give a family of your own what the built-in ones have.
 *
 * "squares": a move removes a non-zero perfect square of stones.  The
 * family brings its own table kernel (a grundy_kernel: a bit-set mex over
 * the squares below the heap), which the engine uses instead of listing
 * moves; the program prints the losing positions (0 2 5 7 10 12 15 17 20
 * 22 34 39 ...) and the name of the method that filled the table.
 *
 * "pick:S": a move removes s stones, s in the finite set S.  The family
 * brings a period criterion (a grundy_rules.period_run hook: a run of
 * max(S) equal values at distance p proves the period p), so the engine
 * proves its period on a small table and then answers any heap, 10^18
 * included, in O(1).
 *
 * Build: part of the grundy build (example_custom_rules).
 * Run:   ./build/example_custom_rules [N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/experimental.h"
#include "grundy/grundy.h"

/* squares ******************************************************************/

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

/* The kernel: values are at most the number of moves, below 2^16 for any
 * table that fits in memory (sqrt(2^32) = 2^16), so two bytes each. */
static unsigned squares_width(const void *params)
{
    (void)params;
    return 2;
}

static grundy_status squares_fill(const void *params, void *values,
                                  grundy_pos from, grundy_pos n,
                                  grundy_fill *f)
{
    uint16_t *g = values;
    uint64_t seen[1024]; /* values below 65536 */
    grundy_pos x, k;
    (void)params;
    for (x = from; x < n; x++) {
        size_t w, words = (size_t)(squares_max_moves(NULL, x) / 64 + 1);
        if (words > 1024)
            return GRUNDY_ERR_OVERFLOW;
        memset(seen, 0, words * sizeof *seen);
        for (k = 1; k * k <= x; k++) {
            unsigned v = g[x - k * k];
            if (v < 64 * words)
                seen[v / 64] |= 1ull << (v % 64);
        }
        for (w = 0; ~seen[w] == 0; w++)
            ;
        g[x] = (uint16_t)(64 * w + (size_t)__builtin_ctzll(~seen[w]));
        if (x % 4096 == 0) {
            grundy_status s = grundy_fill_tick(f, x + 1);
            if (s != GRUNDY_OK)
                return s; /* cancelled: what is done stays */
        }
    }
    return GRUNDY_OK;
}

static const grundy_kernel squares_kernel = {
    .name = "squares-bitset",
    .width = squares_width,
    .fill = squares_fill,
};

static const grundy_rules squares_rules = {
    .name = "squares",
    .synopsis = "squares            remove a non-zero square number of stones",
    .flags = GRUNDY_RULES_HEAP,
    .parse = squares_parse,
    .max_moves = squares_max_moves,
    .moves = squares_moves,
    .kernel = &squares_kernel,
};

/* pick:S *******************************************************************/

typedef struct pick {
    size_t n;
    grundy_pos s[16]; /* increasing */
} pick;

static grundy_status pick_parse(void **params, const char *args,
                                grundy_parse_error *where)
{
    pick *p = calloc(1, sizeof *p);
    const char *c = args;
    if (!p)
        return GRUNDY_ERR_NOMEM;
    while (c && *c && p->n < 16) {
        char *end;
        unsigned long long v = strtoull(c, &end, 10);
        if (end == c || v == 0 || (p->n && v <= p->s[p->n - 1]) ||
            (*end && *end != ',')) {
            grundy_parse_error_set(where, 1, (unsigned long)(c - args) + 1,
                                   "expected increasing amounts like 2,5,7");
            free(p);
            return GRUNDY_ERR_PARSE;
        }
        p->s[p->n++] = v;
        c = *end ? end + 1 : end;
    }
    if (!p->n || (c && *c)) {
        grundy_parse_error_set(where, 1, 1, "expected 1 to 16 amounts");
        free(p);
        return GRUNDY_ERR_PARSE;
    }
    *params = p;
    return GRUNDY_OK;
}

static size_t pick_max_moves(const void *params, grundy_pos p)
{
    (void)p;
    return ((const pick *)params)->n;
}

static size_t pick_moves(const void *params, grundy_pos p, grundy_move *out,
                         size_t cap)
{
    const pick *pk = params;
    size_t i, n = 0;
    for (i = 0; i < pk->n && pk->s[i] <= p; i++, n++)
        if (n < cap) {
            out[n].part[0] = p - pk->s[i];
            out[n].nparts = 1;
        }
    return n;
}

static grundy_pos pick_max_take(const void *params)
{
    const pick *pk = params;
    return pk->s[pk->n - 1];
}

/* g(n) depends on g(n - max(S) .. n - 1) alone: max(S) equal values at
 * distance p repeat for ever. */
static grundy_pos pick_period_run(const void *params, grundy_pos q,
                                  grundy_pos p)
{
    (void)q;
    (void)p;
    return pick_max_take(params);
}

static const grundy_rules pick_rules = {
    .name = "pick",
    .synopsis = "pick:S             remove s stones, s in S",
    .flags = GRUNDY_RULES_HEAP,
    .parse = pick_parse,
    .free_params = free,
    .max_moves = pick_max_moves,
    .moves = pick_moves,
    .max_take = pick_max_take,
    .period_run = pick_period_run,
};

/* The program **************************************************************/

static int fail(const char *what, grundy_status s)
{
    fprintf(stderr, "custom_rules: %s: %s\n", what, grundy_strerror(s));
    return 1;
}

int main(int argc, char **argv)
{
    grundy_game *sq = NULL, *pk = NULL;
    grundy_values *vsq = NULL, *vpk = NULL;
    const grundy_table *t;
    grundy_period per;
    grundy_value far;
    grundy_status s;
    grundy_pos n = argc > 1 ? (grundy_pos)strtoull(argv[1], NULL, 10) : 40;
    grundy_pos i;
    int rc = 0;

    s = grundy_rules_register(&squares_rules);
    if (s == GRUNDY_OK)
        s = grundy_rules_register(&pick_rules);
    if (s == GRUNDY_OK)
        s = grundy_game_new(&sq, "squares", NULL);
    if (s == GRUNDY_OK)
        s = grundy_game_new(&pk, "pick:2,5,7", NULL);
    if (s == GRUNDY_OK)
        s = grundy_values_new(&vsq, sq, NULL);
    if (s == GRUNDY_OK)
        s = grundy_values_new(&vpk, pk, NULL);
    if (s != GRUNDY_OK)
        return fail("setting up", s);

    s = grundy_values_table(&t, vsq, n + 1);
    if (s != GRUNDY_OK) {
        rc = fail("squares", s);
        goto out;
    }
    printf("losing positions of 'squares' up to %llu:",
           (unsigned long long)n);
    for (i = 0; i <= n; i++)
        if (grundy_table_get(t, i) == 0)
            printf(" %llu", (unsigned long long)i);
    printf("\nsquares: table filled by '%s'\n", grundy_values_method(vsq));

    s = grundy_values_period(&per, vpk, 0);
    if (s == GRUNDY_OK)
        s = grundy_values_get(&far, vpk, 1000000000000000000ull);
    if (s != GRUNDY_OK) {
        rc = fail("pick", s);
        goto out;
    }
    printf("pick:2,5,7: period %llu from %llu (%s)\n",
           (unsigned long long)per.period, (unsigned long long)per.preperiod,
           per.proven ? "proven" : "not proven");
    printf("pick:2,5,7: g(10^18) = %llu, from the %s\n",
           (unsigned long long)far, grundy_values_source(vpk));
out:
    grundy_values_free(vsq);
    grundy_values_free(vpk);
    grundy_game_free(sq);
    grundy_game_free(pk);
    return rc;
}
