/*
 * test_allbut.c -- arithmetic periods of all-but subtraction games,
 * proven by the table (src/table/period.c), against the definition.
 *
 * The oracle is the mex recursion written here from the rules (a heap of
 * n may lose any number of stones but the amounts in S), run far past
 * the table the period was proven on: every proven g(m + p) = g(m) + s
 * must hold on all of it.  Tables of random sizes, small ones included,
 * try to make the proof claim too much; the share of cases proven is
 * checked so that the test cannot pass by proving nothing.  Values far
 * out come through grundy_values_get() and the proven period.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#define FAR 3000 /* the oracle's reach */

/* g(0 .. n - 1) of allbut:S by the definition. */
static unsigned *oracle(const unsigned *set, unsigned k, unsigned n)
{
    unsigned *g = malloc(n * sizeof *g);
    unsigned char *seen = malloc(n + 1), banned[17] = {0};
    unsigned h, m, i;
    assert_non_null(g);
    assert_non_null(seen);
    for (i = 0; i < k; i++)
        banned[set[i]] = 1; /* amounts are 1 .. 16 */
    for (h = 0; h < n; h++) {
        memset(seen, 0, h + 1);
        for (m = 0; m < h; m++)
            if (h - m > 16 || !banned[h - m])
                seen[g[m]] = 1;
        for (g[h] = 0; seen[g[h]]; g[h]++)
            ;
    }
    free(seen);
    return g;
}

static unsigned random_set(test_rng *rng, unsigned *set, char *spec,
                           size_t cap)
{
    unsigned k = 1 + (unsigned)test_rng_below(rng, 4), n = 0, i, j;
    size_t len = (size_t)snprintf(spec, cap, "allbut:");
    while (n < k) {
        unsigned x = 1 + (unsigned)test_rng_below(rng, 16);
        for (j = 0; j < n && set[j] != x; j++)
            ;
        if (j == n)
            set[n++] = x;
    }
    for (i = 0; i < n; i++) /* sorted, as the spec wants */
        for (j = i + 1; j < n; j++)
            if (set[j] < set[i]) {
                unsigned t = set[i];
                set[i] = set[j];
                set[j] = t;
            }
    for (i = 0; i < n; i++)
        len += (size_t)snprintf(spec + len, cap - len, i ? ",%u" : "%u",
                                set[i]);
    return n;
}

/* A random all-but game: its spec and its game, and g(0 .. FAR - 1) by
 * the definition in *truth (freed by the caller). */
static grundy_game *random_game(test_rng *rng, char *spec, size_t cap,
                                unsigned **truth)
{
    unsigned set[4];
    unsigned k = random_set(rng, set, spec, cap);
    *truth = oracle(set, k, FAR);
    return test_game(spec);
}

static void test_allbut_proven_periods_hold(void **state)
{
    test_rng *rng = *state;
    long it, iters = test_iters(120), proven = 0;
    for (it = 0; it < iters; it++) {
        char spec[64];
        unsigned *truth;
        grundy_game *g = random_game(rng, spec, sizeof spec, &truth);
        grundy_table *t;
        grundy_period per;
        grundy_pos n = 8 + test_rng_below(rng, it % 2 ? 1500 : 100), m;
        assert_int_equal(grundy_table_new(&t, g, n, NULL), GRUNDY_OK);
        for (m = 0; m < n; m++)
            if (grundy_table_get(t, m) != truth[m])
                fail_msg("seed=%llu it=%ld %s: table g(%llu) = %llu, "
                         "definition %u",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)m,
                         (unsigned long long)grundy_table_get(t, m),
                         truth[m]);
        grundy_period_find(&per, t);
        if (per.proven) {
            if (!per.found || !per.saltus || !per.period)
                fail_msg("seed=%llu it=%ld %s: proven but period %llu "
                         "saltus %llu",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)per.period,
                         (unsigned long long)per.saltus);
            for (m = per.preperiod; m + per.period < FAR; m++)
                if (truth[m + per.period] != truth[m] + per.saltus)
                    fail_msg("seed=%llu it=%ld %s: proven period %llu "
                             "saltus %llu from %llu on a table of %llu "
                             "fails at %llu",
                             (unsigned long long)test_seed(), it, spec,
                             (unsigned long long)per.period,
                             (unsigned long long)per.saltus,
                             (unsigned long long)per.preperiod,
                             (unsigned long long)n, (unsigned long long)m);
            proven++;
        }
        free(truth);
        grundy_table_free(t);
        grundy_game_free(g);
    }
    /* most tables past a few hundred entries prove theirs */
    if (proven * 3 < iters)
        fail_msg("seed=%llu: only %ld of %ld tables proved a period",
                 (unsigned long long)test_seed(), proven, iters);
}

/* Values past the table: through the proven period, g(q + r + kp) =
 * g(q + r) + ks, against the definition. */
static void test_allbut_values_by_period(void **state)
{
    test_rng *rng = *state;
    long it, iters = test_iters(30), by_period = 0;
    for (it = 0; it < iters; it++) {
        char spec[64];
        unsigned *truth;
        grundy_game *g = random_game(rng, spec, sizeof spec, &truth);
        grundy_values *v;
        int j;
        assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
        for (j = 0; j < 20; j++) {
            grundy_pos p = j == 0 ? FAR - 1
                                  : 1500 + test_rng_below(rng, FAR - 1500);
            grundy_value x;
            grundy_status s = grundy_values_get(&x, v, p);
            if (s != GRUNDY_OK || x != truth[p])
                fail_msg("seed=%llu it=%ld %s: g(%llu) = %llu (%s, via "
                         "%s), definition %u",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)p, (unsigned long long)x,
                         grundy_strerror(s), grundy_values_source(v),
                         truth[p]);
            by_period += strcmp(grundy_values_source(v), "period") == 0;
        }
        grundy_values_free(v);
        free(truth);
        grundy_game_free(g);
    }
    if (!by_period)
        fail_msg("seed=%llu: no value came from a period",
                 (unsigned long long)test_seed());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_allbut_proven_periods_hold,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_allbut_values_by_period,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
