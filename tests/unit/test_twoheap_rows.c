/*
 * test_twoheap_rows.c -- single values of two-heap games from the rows of
 * the short heap (src/rules/twoheap_rows.c), and Wythoff's rows far out
 * from their proven additive periods, against oracles written here:
 *   - the square table of the family's kernel (another method);
 *   - the mex of the options by the definition, over the rectangle a
 *     position's moves stay in, with the options listed by the family's
 *     move generator (twoheap) or by Wythoff's rule written here.
 * Every failure prints the seed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/twoheap_internal.h"
#include "test_support.h"

#if defined(__SANITIZE_ADDRESS__)
#define LIGHT 1
#else
#define LIGHT 0
#endif

static grundy_game *game(const char *spec)
{
    grundy_game *g = NULL;
    if (grundy_game_new(&g, spec, NULL) != GRUNDY_OK)
        fail_msg("spec %s", spec);
    return g;
}

static grundy_values *values_of(const grundy_game *g)
{
    grundy_values *v = NULL;
    grundy_values_opts o;
    grundy_values_opts_init(&o);
    if (grundy_values_new(&v, g, &o) != GRUNDY_OK)
        fail_msg("values");
    return v;
}

/* g(x, y) over the rectangle x <= a, y <= b by the mex of the options
 * the family lists; r[x * (b + 1) + y]. */
static grundy_value *rect_by_definition(const grundy_game *g, uint64_t a,
                                        uint64_t b)
{
    grundy_value *r = calloc((a + 1) * (b + 1), sizeof *r);
    grundy_move *mv = NULL;
    size_t cap = 0, n, i;
    unsigned char *seen = NULL;
    size_t scap = 0;
    uint64_t x, y;
    assert_non_null(r);
    for (y = 0; y <= b; y++)
        for (x = 0; x <= a; x++) {
            grundy_value v;
            assert_int_equal(grundy_game_moves(g, grundy_twoheap_pos(x, y),
                                               &mv, &cap, &n),
                             GRUNDY_OK);
            if (n + 1 > scap) {
                scap = 2 * (n + 1);
                seen = realloc(seen, scap);
                assert_non_null(seen);
            }
            memset(seen, 0, n + 1);
            for (i = 0; i < n; i++) {
                uint64_t ox, oy;
                grundy_twoheap_heaps(&ox, &oy, mv[i].part[0]);
                assert_true(ox <= x && oy <= y);
                v = r[ox * (b + 1) + oy];
                if (v <= n)
                    seen[v] = 1;
            }
            for (v = 0; seen[v]; v++)
                ;
            r[x * (b + 1) + y] = v;
        }
    free(mv);
    free(seen);
    return r;
}

static const char *const families[] = {
    "wythoff",
    "twoheap:t/0,0/t,t/t@3",
    "twoheap:t/0,0/t,t/t,t/t+1,t+1/t",
    "twoheap:t/0,0/t,t/2t,2t/t",
    "twoheap:1/0,0/1,1/1",
    "twoheap:0/t,t/t@2,2/1",
    "twoheap:t/0,0/t,3/2",
};

/* Every position of a small square, against the family's square kernel. */
static void test_rows_against_the_square(void **state)
{
    size_t f;
    (void)state;
    for (f = 0; f < sizeof families / sizeof *families; f++) {
        grundy_game *g = game(families[f]);
        grundy_values *v = values_of(g);
        grundy_game *h = game(families[f]);
        grundy_values *sq = values_of(h);
        const grundy_table *t = NULL;
        grundy_value far;
        uint64_t side = LIGHT ? 24 : 40, a, b;
        assert_int_equal(grundy_values_table(&t, sq, side * side), GRUNDY_OK);
        for (a = 0; a < side; a++)
            for (b = 0; b < side; b++) {
                grundy_value x, want;
                grundy_pos p = grundy_twoheap_pos(a, b);
                want = grundy_table_get(t, p);
                assert_true(grundy_th_rows_value(grundy_game_params(g), a, b,
                                                 &x));
                if (x != want)
                    fail_msg("%s (%llu, %llu): %llu, the square %llu",
                             families[f], (unsigned long long)a,
                             (unsigned long long)b, (unsigned long long)x,
                             (unsigned long long)want);
            }
        /* far from a cheap square the values object asks the rows: the
         * value hook, a "closed form" */
        assert_int_equal(grundy_values_get(&far, v,
                                           grundy_twoheap_pos(100000, 2)),
                         GRUNDY_OK);
        assert_string_equal(grundy_values_source(v), "closed form");
        grundy_values_free(v);
        grundy_values_free(sq);
        grundy_game_free(g);
        grundy_game_free(h);
    }
}

/* Long thin rectangles, against the mex by the definition. */
static void test_rows_against_the_definition(void **state)
{
    test_rng *rng = *state;
    long it, n = (LIGHT ? 4 : 20) * test_multiplier();
    for (it = 0; it < n; it++) {
        const char *spec =
            families[test_rng_below(rng, sizeof families / sizeof *families)];
        grundy_game *g = game(spec);
        const th_params *tp = grundy_game_params(g);
        uint64_t lo = test_rng_range(rng, 0, 6);
        uint64_t hi = test_rng_range(rng, 100, LIGHT ? 300 : 1000);
        int flip = (int)test_rng_below(rng, 2);
        uint64_t a = flip ? lo : hi, b = flip ? hi : lo, x, y;
        grundy_value *r = rect_by_definition(g, a, b);
        /* the far corner and the far edges, a few cells of each (each
         * value is computed from scratch) */
        for (y = 0; y <= b; y++)
            for (x = 0; x <= a; x++) {
                grundy_value got;
                if (!(x == a && y == b) &&
                    !((x == a || y == b) && test_rng_below(rng, 16) == 0) &&
                    test_rng_below(rng, 2048) != 0)
                    continue;
                if (!grundy_th_rows_value(tp, x, y, &got))
                    fail_msg("seed=%llu it=%ld %s (%llu, %llu): declined",
                             (unsigned long long)test_seed(), it, spec,
                             (unsigned long long)x, (unsigned long long)y);
                if (got != r[x * (b + 1) + y])
                    fail_msg("seed=%llu it=%ld %s (%llu, %llu): %llu, by "
                             "the definition %llu",
                             (unsigned long long)test_seed(), it, spec,
                             (unsigned long long)x, (unsigned long long)y,
                             (unsigned long long)got,
                             (unsigned long long)r[x * (b + 1) + y]);
            }
        free(r);
        grundy_game_free(g);
    }
}

/* Wythoff's rows by its rule, written here: row y at columns 0..m. */
static grundy_value *wythoff_rows(uint64_t m, uint64_t n)
{
    grundy_value *r = calloc((m + 1) * (n + 1), sizeof *r);
    unsigned char *seen = calloc(m + 3 * n + 2, 1);
    uint64_t x, y, k;
    assert_true(r && seen);
    for (y = 0; y <= n; y++)
        for (x = 0; x <= m; x++) {
            grundy_value v;
            memset(seen, 0, m + 3 * n + 2);
            for (k = 1; k <= x; k++)
                seen[r[(x - k) * (n + 1) + y]] = 1;
            for (k = 1; k <= y; k++)
                seen[r[x * (n + 1) + y - k]] = 1;
            for (k = 1; k <= x && k <= y; k++)
                seen[r[(x - k) * (n + 1) + y - k]] = 1;
            for (v = 0; seen[v]; v++)
                ;
            r[x * (n + 1) + y] = v;
        }
    free(seen);
    return r;
}

/* Far out on Wythoff's rows, where the values come from the periods
 * proven: against the rule, and at heaps of 2^32 - 1, which only a period
 * can reach within the bounds of a single value. */
static void test_wythoff_rows_far_out(void **state)
{
    test_rng *rng = *state;
    grundy_game *g = game("wythoff");
    const th_params *tp = grundy_game_params(g);
    uint64_t m = LIGHT ? 2000 : 6000, n = LIGHT ? 5 : 8, y;
    grundy_value *r = wythoff_rows(m, n);
    long it;
    for (it = 0; it < 400 * test_multiplier(); it++) {
        uint64_t x = test_rng_range(rng, m / 2, m), yy = test_rng_below(rng, n + 1);
        grundy_value got;
        int flip = (int)test_rng_below(rng, 2);
        if (!grundy_th_rows_value(tp, flip ? yy : x, flip ? x : yy, &got))
            fail_msg("seed=%llu (%llu, %llu): declined",
                     (unsigned long long)test_seed(), (unsigned long long)x,
                     (unsigned long long)yy);
        if (got != r[x * (n + 1) + yy])
            fail_msg("seed=%llu (%llu, %llu): %llu, by the rule %llu",
                     (unsigned long long)test_seed(), (unsigned long long)x,
                     (unsigned long long)yy, (unsigned long long)got,
                     (unsigned long long)r[x * (n + 1) + yy]);
    }
    for (y = 0; y <= n; y++) {
        grundy_value got;
        /* (2^32 - 1) * (y + 1) cells: only a period gets there */
        assert_true(grundy_th_rows_value(tp, GRUNDY_PAIR_MAX, y, &got));
    }
    free(r);
    grundy_game_free(g);
}

/* What the rows cannot do quickly is left to the square: a second
 * unbounded move along the long heap, or two long heaps. */
static void test_rows_decline(void **state)
{
    grundy_game *g = game("twoheap:t/0,0/t,2t/0");
    grundy_game *w = game("wythoff");
    grundy_value v;
    (void)state;
    assert_false(grundy_th_rows_value(grundy_game_params(g), 5000, 3, &v));
    assert_false(grundy_th_rows_value(grundy_game_params(g), 3, 2, &v));
    assert_false(
        grundy_th_rows_value(grundy_game_params(w), 100000, 100000, &v));
    grundy_game_free(g);
    grundy_game_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_against_the_square),
        cmocka_unit_test_setup_teardown(test_rows_against_the_definition,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_wythoff_rows_far_out,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_rows_decline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
