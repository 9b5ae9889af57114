/*
 * test_interval.c -- the range-mex kernel (src/table/interval.c) of the
 * families whose moves reach an interval of heaps: allbut:S and take:A..B
 * against the generic method (list the moves, take the mex) on random
 * specs, take:1..h/2 against the closed form of half (g(2n) = n, g(2n+1)
 * = g(n)) far beyond what listing reaches, take:1..h against Nim, and a
 * table grown in steps against one computed at once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "test_support.h"

static void random_spec(char *spec, size_t cap, test_rng *rng)
{
    unsigned a = 1 + (unsigned)test_rng_below(rng, 6);
    switch (test_rng_below(rng, 4)) {
    case 0: {
        /* allbut: 1 to 4 distinct amounts below 40 */
        unsigned k = 1 + (unsigned)test_rng_below(rng, 4), i, used = 0;
        size_t len = (size_t)snprintf(spec, cap, "allbut:");
        uint64_t seen = 0;
        for (i = 0; i < k; i++) {
            unsigned x = 1 + (unsigned)test_rng_below(rng, 40);
            if (seen >> x & 1)
                continue;
            seen |= (uint64_t)1 << x;
            len += (size_t)snprintf(spec + len, cap - len, "%s%u",
                                    used++ ? "," : "", x);
        }
        break;
    }
    case 1:
        snprintf(spec, cap, "take:%u..%u", a,
                 a + (unsigned)test_rng_below(rng, 60));
        break;
    case 2:
        snprintf(spec, cap, "take:%u..h", a);
        break;
    default:
        snprintf(spec, cap, "take:%u..h/%u", a,
                 2 + (unsigned)test_rng_below(rng, 5));
        break;
    }
}

static void test_interval_matches_generic(void **state)
{
    test_rng *rng = *state;
    long it, iters = 60 * test_multiplier();
    for (it = 0; it < iters; it++) {
        char spec[64];
        grundy_game *g;
        grundy_table *fast, *naive;
        grundy_pos n = 1 + test_rng_below(rng, 3000), x;
        random_spec(spec, sizeof spec, rng);
        g = test_game(spec);
        assert_int_equal(grundy_table_new_method(&fast, g, n,
                GRUNDY_TABLE_FAST, NULL), GRUNDY_OK);
        assert_int_equal(grundy_table_new_method(&naive, g, n,
                GRUNDY_TABLE_NAIVE, NULL), GRUNDY_OK);
        for (x = 0; x < n; x++)
            if (grundy_table_get(fast, x) != grundy_table_get(naive, x))
                fail_msg("seed=%llu it=%ld %s: g(%llu) = %llu by range-mex, "
                         "%llu by the moves",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)x,
                         (unsigned long long)grundy_table_get(fast, x),
                         (unsigned long long)grundy_table_get(naive, x));
        /* grown in two steps */
        {
            grundy_table *t;
            grundy_pos half = n / 2;
            assert_int_equal(grundy_table_new(&t, g, half, NULL), GRUNDY_OK);
            assert_int_equal(grundy_table_extend(t, n, NULL), GRUNDY_OK);
            for (x = 0; x < n; x++)
                assert_int_equal(grundy_table_get(t, x),
                                 grundy_table_get(naive, x));
            grundy_table_free(t);
        }
        grundy_table_free(fast);
        grundy_table_free(naive);
        grundy_game_free(g);
    }
}

/* take:A..B in plain words, for the oracle: remove k tokens, A <= k <=
 * B(h), where B(h) is b, the heap (div 1) or the heap's div-th part. */
typedef struct take_rule {
    uint64_t a, b;
    unsigned div; /* 0: b; 1: h; K: h / K */
} take_rule;

static size_t oracle_moves_take(const void *ctx, uint64_t h, uint64_t *out)
{
    const take_rule *r = ctx;
    uint64_t top = r->div == 0 ? r->b : h / r->div, k;
    size_t n = 0;
    for (k = r->a; k <= top && k <= h; k++)
        out[n++] = h - k;
    return n;
}

/* take:A..B on random A, B against the values of the plain-words
 * definition (oracle.c: memoised recursion, no library code). */
static void test_interval_take_matches_oracle(void **state)
{
    test_rng *rng = *state;
    long it, iters = 40 * test_multiplier();
    for (it = 0; it < iters; it++) {
        char spec[64];
        take_rule r;
        grundy_game *g;
        grundy_table *t;
        size_t n = 1 + (size_t)test_rng_below(rng, 1500), x;
        uint32_t *want = malloc(n * sizeof *want);
        assert_non_null(want);
        r.a = 1 + test_rng_below(rng, 6);
        r.div = (unsigned)test_rng_below(rng, 3);
        r.b = 0;
        if (r.div == 0) {
            r.b = r.a + test_rng_below(rng, 60);
            snprintf(spec, sizeof spec, "take:%llu..%llu",
                     (unsigned long long)r.a, (unsigned long long)r.b);
        } else if (r.div == 1) {
            snprintf(spec, sizeof spec, "take:%llu..h",
                     (unsigned long long)r.a);
        } else {
            r.div = 2 + (unsigned)test_rng_below(rng, 5);
            snprintf(spec, sizeof spec, "take:%llu..h/%u",
                     (unsigned long long)r.a, r.div);
        }
        oracle_mex_values(want, n, oracle_moves_take, &r);
        g = test_game(spec);
        assert_int_equal(grundy_table_new_method(&t, g, n, GRUNDY_TABLE_FAST,
                                                 NULL),
                         GRUNDY_OK);
        for (x = 0; x < n; x++)
            if (grundy_table_get(t, x) != want[x])
                fail_msg("seed=%llu it=%ld %s: g(%zu) = %llu by range-mex, "
                         "%u by the definition",
                         (unsigned long long)test_seed(), it, spec, x,
                         (unsigned long long)grundy_table_get(t, x),
                         want[x]);
        grundy_table_free(t);
        grundy_game_free(g);
        free(want);
    }
}

static grundy_value half_value(grundy_pos p)
{
    while (p & 1)
        p >>= 1;
    return p >> 1;
}

static void test_interval_closed_forms(void **state)
{
    grundy_game *half = test_game("take:1..h/2"), *nim = test_game("take:1..h");
    grundy_table *t;
    grundy_pos n = 1 << 20, x;
    (void)state;
    assert_int_equal(grundy_table_new(&t, half, n, NULL), GRUNDY_OK);
    assert_int_equal(grundy_table_width(t), 4);
    for (x = 0; x < n; x++)
        if (grundy_table_get(t, x) != half_value(x))
            fail_msg("take:1..h/2: g(%llu) = %llu, half gives %llu",
                     (unsigned long long)x,
                     (unsigned long long)grundy_table_get(t, x),
                     (unsigned long long)half_value(x));
    grundy_table_free(t);
    assert_int_equal(grundy_table_new(&t, nim, 70000, NULL), GRUNDY_OK);
    for (x = 0; x < 70000; x++)
        assert_int_equal(grundy_table_get(t, x), x);
    grundy_table_free(t);
    grundy_game_free(half);
    grundy_game_free(nim);
}

/* The kernel is the one the engine picks, and a single far value of
 * allbut is cheap (a table, not the moves of every heap). */
static void test_interval_is_used(void **state)
{
    grundy_game *g = test_game("allbut:1,2");
    grundy_values *v;
    grundy_value x;
    (void)state;
    assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_values_get(&x, v, 655536), GRUNDY_OK);
    /* allbut:1,2 moves to any heap below p - 2: g(p) = floor(p / 3) */
    assert_int_equal(x, 655536 / 3);
    assert_string_equal(grundy_values_method(v), "range-mex");
    grundy_values_free(v);
    grundy_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_interval_matches_generic,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_interval_take_matches_oracle,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_interval_closed_forms),
        cmocka_unit_test(test_interval_is_used),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
