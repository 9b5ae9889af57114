/*
 * test_period_track.c -- the period search of a table being filled
 * (src/table/period_track.h) and grundy_period_find() on tables that show
 * a period they cannot prove yet.
 *
 * The tracker is driven over synthetic sequences (random values, then a
 * planted period p from q), stepped at random block boundaries as a
 * kernel steps it.  What it proves is checked against the sequence itself:
 * the period holds on the whole run it claims, the preperiod is the least
 * one for that period, and the proof comes no later than the Guy-Smith
 * bound of the planted period (plus one block; when the preperiod is
 * short against the period, once a quarter more than 4p entries).  Random sequences without
 * a period are never proven.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table/period_track.h"
#include "test_support.h"

/* 0.04: two-heap moves taking 2 tokens, so the criterion asks for a run
 * of q + p + 2 entries. */
#define CODE "0.04"
#define TAKE 2

static uint16_t *planted(test_rng *rng, grundy_pos n, grundy_pos q,
                         grundy_pos p, unsigned values)
{
    uint16_t *g = malloc((size_t)n * sizeof *g);
    grundy_pos x;
    assert_non_null(g);
    for (x = 0; x < n; x++)
        g[x] = x < q + p ? (uint16_t)test_rng_below(rng, values)
                         : g[x - p];
    /* q is the least preperiod */
    if (q > 0 && q - 1 + p < n && g[q - 1] == g[q - 1 + p])
        g[q - 1] = (uint16_t)((g[q - 1 + p] + 1) % values);
    return g;
}

/* Step the tracker over g[0 .. n) in blocks of 1 .. 32; the size at
 * which it proved (0: never), with the period and preperiod. */
static grundy_pos drive(const grundy_game *gm, const uint16_t *g,
                        grundy_pos n, test_rng *rng, grundy_pos *p,
                        grundy_pos *q)
{
    grundy_period_track tr;
    grundy_pos x = 0;
    grundy_period_track_init(&tr, gm, 0);
    while (x < n) {
        grundy_pos end = x + 1 + test_rng_below(rng, 32);
        if (end > n)
            end = n;
        for (; x < end; x++)
            grundy_period_track_note16(&tr, g, x);
        if (grundy_period_track_due(&tr, x)) {
            *p = grundy_period_track_step16(&tr, g, x, q);
            if (*p)
                return x;
        }
    }
    return 0;
}

static void test_period_track_planted(void **state)
{
    test_rng *rng = *state;
    grundy_game *gm = test_game(CODE);
    long it, iters = 40 * test_multiplier();
    for (it = 0; it < iters; it++) {
        grundy_pos per = 1 + test_rng_below(rng, it % 2 ? 40 : 3000);
        grundy_pos pre = test_rng_below(rng, 20000);
        unsigned values = 2 + (unsigned)test_rng_below(rng, 6);
        grundy_pos bound = 2 * pre + 2 * per + TAKE;
        /* Looks read the last half of the table, every quarter: the
         * candidate shows once the table has max(4p, q + 2p) entries.
         * When 2q >= 3p a look between 4/5 of the bound and the bound
         * sees it, and the proof comes at the bound (within a block);
         * otherwise at the next look (a quarter later) at most.  The
         * first look is at 1024. */
        grundy_pos seen = 4 * per > pre + 2 * per ? 4 * per : pre + 2 * per;
        grundy_pos late = 2 * pre >= 3 * per ? bound : seen * 5 / 4;
        if (late < bound)
            late = bound;
        if (late < 1024)
            late = 1024;
        grundy_pos n = late + 64, p = 0, q = 0, at, x;
        uint16_t *g = planted(rng, n, pre, per, values);
        at = drive(gm, g, n, rng, &p, &q);
        if (!at || at > late + 32)
            fail_msg("seed=%llu it=%ld: period %llu from %llu proven at "
                     "%llu, bound %llu",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)per, (unsigned long long)pre,
                     (unsigned long long)at, (unsigned long long)bound);
        /* what it claims holds on the run it saw, q is the least, and the
         * run is as long as the criterion asks */
        for (x = q + p; x < at; x++)
            if (g[x] != g[x - p])
                fail_msg("seed=%llu it=%ld: claimed period %llu from %llu "
                         "fails at %llu",
                         (unsigned long long)test_seed(), it,
                         (unsigned long long)p, (unsigned long long)q,
                         (unsigned long long)x);
        assert_true(q == 0 || g[q - 1] != g[q - 1 + p]);
        assert_true(at - q - p >= q + p + TAKE);
        free(g);
    }
    test_game_free(gm);
}

static void test_period_track_random_never_proven(void **state)
{
    test_rng *rng = *state;
    grundy_game *gm = test_game(CODE);
    long it, iters = 10 * test_multiplier();
    for (it = 0; it < iters; it++) {
        grundy_pos n = 1000 + test_rng_below(rng, 100000), p = 0, q = 0;
        uint16_t *g = planted(rng, n, n, 1, 4 + (unsigned)it % 60);
        if (drive(gm, g, n, rng, &p, &q))
            fail_msg("seed=%llu it=%ld: a random sequence proven periodic "
                     "(%llu from %llu)",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)p, (unsigned long long)q);
        free(g);
    }
    test_game_free(gm);
}

/* A family without a criterion is never proven. */
static void test_period_track_needs_criterion(void **state)
{
    test_rng *rng = *state;
    grundy_game *gm = test_game("grundy-game");
    grundy_pos p = 0, q = 0;
    uint16_t *g = planted(rng, 100000, 10, 3, 5);
    assert_int_equal(drive(gm, g, 100000, rng, &p, &q), 0);
    free(g);
    test_game_free(gm);
}

/* grundy_period_find() on a table with a period it sees but cannot prove
 * (four from 2^20 in 2^21 + 5 entries): every multiple of four matches
 * back to the preperiod, which made the search quadratic (10^11 steps
 * here); it must answer at once. */
static void test_period_find_unprovable_multiples(void **state)
{
    test_rng *rng = *state;
    grundy_game *gm = test_game(CODE);
    grundy_pos n = ((grundy_pos)1 << 21) + 5, pre = (grundy_pos)1 << 20;
    grundy_table *t;
    grundy_period per;
    uint16_t *g = planted(rng, n, pre, 4, 7);
    assert_int_equal(grundy_table_alloc(&t, gm, 2), GRUNDY_OK);
    t->data = g;
    t->size = t->cap = n;
    grundy_period_find(&per, t);
    assert_true(per.found);
    assert_false(per.proven);
    assert_int_equal(per.preperiod, pre);
    assert_true(per.period == 4 || per.period == 2 || per.period == 1);
    grundy_table_free(t);
    test_game_free(gm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_period_track_planted,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_period_track_random_never_proven, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_period_track_needs_criterion,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_period_find_unprovable_multiples, test_rng_setup,
            test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
