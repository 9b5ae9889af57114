/*
 * test_table.c -- dense tables, single values and periods against oracles.
 *
 * The oracle (tests/support/oracle.c) recomputes g by recursion on the
 * definition with move generators written from the rules' statements, and
 * decides sums by a direct win/loss search that uses no Grundy values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "table/digits.h"
#include "test_support.h"

/* A random family, its spec and the matching oracle move generator. */
typedef struct family_case {
    char spec[256];
    oracle_heap_moves_fn moves;
    unsigned char set[64];
    oracle_set os;
    unsigned base;
    const void *ctx;
} family_case;

static void random_family(family_case *c, test_rng *rng)
{
    unsigned kind = (unsigned)test_rng_below(rng, 5), i, n;
    size_t len;
    memset(c, 0, sizeof *c);
    c->os.in = c->set;
    c->os.cap = sizeof c->set;
    c->ctx = &c->os;
    switch (kind) {
    case 0:
        strcpy(c->spec, "nim");
        c->moves = oracle_moves_nim;
        break;
    case 1:
    case 2:
        strcpy(c->spec, kind == 1 ? "subtract:" : "allbut:");
        c->moves = kind == 1 ? oracle_moves_subtract : oracle_moves_allbut;
        n = 1 + (unsigned)test_rng_below(rng, 6);
        for (i = 0; i < n; i++)
            c->set[1 + test_rng_below(rng, 20)] = 1;
        for (i = 1; i < sizeof c->set; i++)
            if (c->set[i]) {
                len = strlen(c->spec);
                snprintf(c->spec + len, sizeof c->spec - len, "%s%u",
                         c->spec[len - 1] == ':' ? "" : ",", i);
            }
        break;
    case 3:
        c->base = (unsigned)test_rng_range(rng, 2, 36);
        if (test_rng_below(rng, 2))
            c->base = 10;
        if (c->base == 10 && test_rng_below(rng, 2))
            strcpy(c->spec, "digits");
        else
            snprintf(c->spec, sizeof c->spec, "digits:base=%u", c->base);
        c->moves = oracle_moves_digits;
        c->ctx = &c->base;
        break;
    default:
        strcpy(c->spec, "half");
        c->moves = oracle_moves_half;
        break;
    }
}

static void check_table(const grundy_table *t, const uint32_t *want,
                        size_t n, const char *spec, long it, const char *what)
{
    size_t i;
    assert_int_equal(grundy_table_size(t), n);
    for (i = 0; i < n; i++)
        if (grundy_table_get(t, i) != want[i])
            fail_msg("seed=%llu it=%ld %s %s: g(%zu) = %llu, oracle %u",
                     (unsigned long long)test_seed(), it, spec, what, i,
                     (unsigned long long)grundy_table_get(t, i), want[i]);
}

static void test_table_matches_oracle(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 150 * test_multiplier(); it++) {
        family_case c;
        size_t n = 1 + (size_t)test_rng_below(rng, 400), i;
        uint32_t *want = malloc(n * sizeof *want);
        grundy_game *g;
        grundy_table *t1, *t2, *t3;
        grundy_limits o;
        random_family(&c, rng);
        g = test_game(c.spec);
        oracle_mex_values(want, n, c.moves, c.ctx);
        assert_int_equal(grundy_table_new(&t1, g, n, NULL), GRUNDY_OK);
        assert_int_equal(grundy_table_new_naive(&t2, g, n, NULL), GRUNDY_OK);
        check_table(t1, want, n, c.spec, it, "auto");
        check_table(t2, want, n, c.spec, it, "naive");
        /* Extending in pieces gives the same table. */
        grundy_limits_init(&o);
        assert_int_equal(grundy_table_new(&t3, g, n / 3, &o), GRUNDY_OK);
        assert_int_equal(grundy_table_extend(t3, n / 2, &o), GRUNDY_OK);
        assert_int_equal(grundy_table_extend(t3, n, &o), GRUNDY_OK);
        check_table(t3, want, n, c.spec, it, "extended");
        /* Single values. */
        for (i = 0; i < 5; i++) {
            grundy_pos p = test_rng_below(rng, n);
            grundy_value v;
            assert_int_equal(test_value_at(&v, g, p, NULL), GRUNDY_OK);
            if (v != want[p])
                fail_msg("seed=%llu it=%ld %s value_at(%llu) = %llu, "
                         "oracle %u",
                         (unsigned long long)test_seed(), it, c.spec,
                         (unsigned long long)p, (unsigned long long)v,
                         want[p]);
        }
        grundy_table_free(t1);
        grundy_table_free(t2);
        grundy_table_free(t3);
        grundy_game_free(g);
        free(want);
    }
}

/* Sprague-Grundy, checked against the direct search of the sum. */
static void test_sum_winner_matches_search(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 60 * test_multiplier(); it++) {
        family_case c;
        uint64_t maxh = 6 + test_rng_below(rng, 20), h[3];
        size_t k = 2 + (size_t)test_rng_below(rng, 2), i;
        grundy_game *g;
        grundy_table *t;
        grundy_value x = 0;
        random_family(&c, rng);
        g = test_game(c.spec);
        assert_int_equal(grundy_table_new(&t, g, maxh + 1, NULL), GRUNDY_OK);
        for (i = 0; i < k; i++) {
            h[i] = test_rng_below(rng, maxh + 1);
            x ^= grundy_table_get(t, h[i]);
        }
        if ((x != 0) != oracle_wins(h, k, maxh, c.moves, c.ctx))
            fail_msg("seed=%llu it=%ld %s heaps %llu %llu %llu",
                     (unsigned long long)test_seed(), it, c.spec,
                     (unsigned long long)h[0], (unsigned long long)h[1],
                     (unsigned long long)(k > 2 ? h[2] : 0));
        grundy_table_free(t);
        grundy_game_free(g);
    }
}

static void expect_prefix(const char *spec, const unsigned *v, size_t n)
{
    grundy_game *g = test_game(spec);
    grundy_table *t;
    size_t i;
    assert_int_equal(grundy_table_new(&t, g, n, NULL), GRUNDY_OK);
    for (i = 0; i < n; i++)
        if (grundy_table_get(t, i) != v[i])
            fail_msg("%s: g(%zu) = %llu, expected %u", spec, i,
                     (unsigned long long)grundy_table_get(t, i), v[i]);
    grundy_table_free(t);
    grundy_game_free(g);
}

static void test_known_values(void **state)
{
    static const unsigned digits30[30] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                          0, 1, 2, 1, 2, 1, 2, 1, 2, 1,
                                          0, 2, 1, 1, 2, 2, 1, 1, 2, 2};
    static const unsigned half16[16] = {0, 0, 1, 0, 2, 1, 3, 0,
                                        4, 2, 5, 1, 6, 3, 7, 0};
    unsigned mod4[64];
    size_t i;
    grundy_game *g;
    grundy_table *t;
    (void)state;
    for (i = 0; i < 64; i++)
        mod4[i] = (unsigned)(i % 4);
    expect_prefix("subtract:1,2,3", mod4, 64);
    expect_prefix("digits", digits30, 30);
    expect_prefix("half", half16, 16);

    /* digits: g(x) = 0 iff 10 | x, checked to 10^6. */
    g = test_game("digits");
    assert_int_equal(grundy_table_new(&t, g, 1000000, NULL), GRUNDY_OK);
    for (i = 0; i < 1000000; i++)
        if ((grundy_table_get(t, i) == 0) != (i % 10 == 0))
            fail_msg("digits: g(%zu) = %llu", i,
                     (unsigned long long)grundy_table_get(t, i));
    grundy_table_free(t);
    grundy_game_free(g);

    /* half: G(2n) = n and G(2n+1) = G(n), on the naive table. */
    g = test_game("half");
    assert_int_equal(grundy_table_new_naive(&t, g, 3000, NULL), GRUNDY_OK);
    for (i = 0; 2 * i + 1 < 3000; i++) {
        assert_int_equal(grundy_table_get(t, 2 * i), i);
        assert_int_equal(grundy_table_get(t, 2 * i + 1),
                         grundy_table_get(t, i));
    }
    grundy_table_free(t);
    grundy_game_free(g);
}

/* The digits kernel to 1.3e7, past the first value 8 (at 12345678): every
 * entry equals the mex of its moves read back from the same table, which
 * by induction proves the whole table.  Extending from random cut points
 * must give the same bytes. */
static void test_digits_kernel_definition(void **state)
{
    test_rng *rng = *state;
    const grundy_pos n = 13000000;
    grundy_game *g = test_game("digits");
    grundy_table *t, *t2;
    const uint8_t *d;
    grundy_pos x, at;
    int k;
    assert_int_equal(grundy_table_new(&t, g, n, NULL), GRUNDY_OK);
    assert_int_equal(grundy_table_width(t), 1);
    d = grundy_table_data(t);
    for (x = 0; x < n; x++) {
        unsigned seen = 0, m = 0;
        grundy_pos y;
        for (y = x; y; y /= 10)
            if (y % 10)
                seen |= 1u << d[x - y % 10];
        while (seen >> m & 1)
            m++;
        if (d[x] != m)
            fail_msg("digits: g(%llu) = %u, definition gives %u",
                     (unsigned long long)x, d[x], m);
    }
    assert_int_equal(grundy_table_max(t, &at), 8);
    assert_int_equal(at, 12345678);
    /* The per-entry kernels write the same bytes as the block kernel. */
    {
        static const grundy_digits_kernel ks[] = {GRUNDY_DIGITS_WINDOW,
                                                  GRUNDY_DIGITS_LOOP};
        uint8_t *buf = malloc((size_t)n);
        size_t i;
        assert_non_null(buf);
        for (i = 0; i < 2; i++) {
            memset(buf, 0xEE, (size_t)n);
            assert_int_equal(grundy_digits_fill(buf, 0, 0, n, 10, ks[i], NULL),
                             GRUNDY_OK);
            if (memcmp(buf, d, (size_t)n) != 0)
                fail_msg("digits kernel %d differs", (int)ks[i]);
        }
        free(buf);
    }
    for (k = 0; k < 3; k++) {
        grundy_pos cut = test_rng_range(rng, 1, n - 1);
        assert_int_equal(grundy_table_new(&t2, g, cut, NULL), GRUNDY_OK);
        assert_int_equal(grundy_table_extend(t2, n, NULL), GRUNDY_OK);
        if (memcmp(grundy_table_data(t2), d, (size_t)n) != 0)
            fail_msg("seed=%llu: extension from %llu differs",
                     (unsigned long long)test_seed(),
                     (unsigned long long)cut);
        grundy_table_free(t2);
    }
    grundy_table_free(t);
    grundy_game_free(g);
}

/* A proven period must hold on a table ten times longer. */
static void test_period_subtract_proven(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 100 * test_multiplier(); it++) {
        char spec[128] = "subtract:";
        unsigned char in[40] = {0};
        size_t n = 1 + (size_t)test_rng_below(rng, 5), i, len;
        grundy_game *g;
        grundy_table *t, *big;
        grundy_period per;
        grundy_pos size = 64, j;
        for (i = 0; i < n; i++)
            in[1 + test_rng_below(rng, 30)] = 1;
        for (i = 1; i < 40; i++)
            if (in[i]) {
                len = strlen(spec);
                snprintf(spec + len, sizeof spec - len, "%s%zu",
                         spec[len - 1] == ':' ? "" : ",", i);
            }
        g = test_game(spec);
        assert_int_equal(grundy_table_new(&t, g, size, NULL), GRUNDY_OK);
        for (;;) {
            grundy_period_find(&per, t);
            if (per.proven)
                break;
            size *= 2;
            if (size > (1u << 20))
                fail_msg("seed=%llu it=%ld %s: no proof by 2^20",
                         (unsigned long long)test_seed(), it, spec);
            assert_int_equal(grundy_table_extend(t, size, NULL), GRUNDY_OK);
        }
        assert_int_equal(grundy_table_new_naive(&big, g, 10 * size, NULL),
                         GRUNDY_OK);
        for (j = per.preperiod; j < 10 * size; j++)
            if (grundy_table_get(big, j) !=
                grundy_table_get(big, per.preperiod +
                                          (j - per.preperiod) % per.period))
                fail_msg("seed=%llu it=%ld %s: period %llu pre %llu fails "
                         "at %llu",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)per.period,
                         (unsigned long long)per.preperiod,
                         (unsigned long long)j);
        /* Minimality: no shorter period holds on the long table. */
        for (j = 1; j < per.period; j++) {
            grundy_pos k;
            int holds = 1;
            for (k = per.preperiod; k + j < 10 * size && holds; k++)
                holds = grundy_table_get(big, k) ==
                        grundy_table_get(big, k + j);
            if (holds)
                fail_msg("seed=%llu it=%ld %s: shorter period %llu",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)j);
        }
        /* value_at far away uses the period. */
        {
            grundy_value v;
            grundy_pos far = 10 * size - 1 - test_rng_below(rng, 100);
            assert_int_equal(test_value_at(&v, g, far, NULL), GRUNDY_OK);
            assert_int_equal(v, grundy_table_get(big, far));
        }
        grundy_table_free(big);
        grundy_table_free(t);
        grundy_game_free(g);
    }
}

static void test_period_known(void **state)
{
    grundy_game *g = test_game("subtract:1,2,3");
    grundy_table *t;
    grundy_period per;
    (void)state;
    assert_int_equal(grundy_table_new(&t, g, 100, NULL), GRUNDY_OK);
    grundy_period_find(&per, t);
    assert_true(per.found && per.proven);
    assert_int_equal(per.period, 4);
    assert_int_equal(per.preperiod, 0);
    grundy_table_free(t);
    grundy_game_free(g);
    /* digits is not periodic: nothing may be claimed proven. */
    g = test_game("digits");
    assert_int_equal(grundy_table_new(&t, g, 100000, NULL), GRUNDY_OK);
    grundy_period_find(&per, t);
    assert_false(per.proven);
    grundy_table_free(t);
    grundy_game_free(g);
}

static void test_table_limits(void **state)
{
    grundy_game *g = test_game("digits");
    grundy_table *t = (grundy_table *)1;
    grundy_limits o;
    size_t est;
    (void)state;
    grundy_limits_init(&o);
    o.mem_limit = 1 << 20;
    assert_int_equal(grundy_table_new(&t, g, 1u << 21, &o), GRUNDY_ERR_LIMIT);
    assert_null(t);
    assert_int_equal(grundy_table_estimate(&est, g, UINT64_MAX),
                     GRUNDY_ERR_OVERFLOW);
    assert_int_equal(grundy_table_new(&t, g, UINT64_MAX, NULL),
                     GRUNDY_ERR_OVERFLOW);
    grundy_game_free(g);

    /* nim widens from 8 to 16 to 32 bits as values grow. */
    g = test_game("nim");
    assert_int_equal(grundy_table_new(&t, g, 70000, NULL), GRUNDY_OK);
    assert_int_equal(grundy_table_width(t), 4);
    assert_int_equal(grundy_table_get(t, 69999), 69999);
    assert_int_equal(grundy_table_get(t, 200), 200);
    grundy_table_free(t);
    assert_int_equal(grundy_table_new(&t, g, 300, NULL), GRUNDY_OK);
    assert_int_equal(grundy_table_width(t), 2);
    grundy_table_free(t);
    grundy_game_free(g);
}

static void test_table_counts_max(void **state)
{
    grundy_game *g = test_game("subtract:1,3,4");
    grundy_table *t;
    uint64_t counts[8] = {0}, sum = 0;
    grundy_pos at, i;
    grundy_value m;
    (void)state;
    assert_int_equal(grundy_table_new(&t, g, 1000, NULL), GRUNDY_OK);
    m = grundy_table_max(t, &at);
    assert_true(m < 8);
    assert_int_equal(grundy_table_get(t, at), m);
    for (i = 0; i < at; i++)
        assert_true(grundy_table_get(t, i) < m);
    grundy_table_counts(t, counts);
    for (i = 0; i <= m; i++)
        sum += counts[i];
    assert_int_equal(sum, 1000);
    grundy_table_free(t);
    grundy_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_table_matches_oracle,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_sum_winner_matches_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_known_values),
        cmocka_unit_test_setup_teardown(test_digits_kernel_definition,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_period_subtract_proven,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_period_known),
        cmocka_unit_test(test_table_limits),
        cmocka_unit_test(test_table_counts_max),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
