/*
 * test_count_hist.c -- the histograms of grundy/count.h: the weights
 * against a direct tally of the values added, and the count of the
 * tuples of a list of positions against a direct game-tree search of
 * every tuple (oracle_wins(), which uses no Grundy values); the refusals
 * of a list (an item that is not a position, an item listed twice) and
 * of a value past the bound or the memory limit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "test_support.h"

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a + b < a ? UINT64_MAX : a + b;
}

static void test_hist_matches_tally(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 200 * test_multiplier(); it++) {
        static const uint64_t mods[] = {0, 7, 1000000007, 3};
        uint64_t mod = mods[it % 4], want[300], total = 0;
        size_t n = (size_t)test_rng_range(rng, 1, 60), i, nv = 0;
        grundy_count_hist h;
        memset(want, 0, sizeof want);
        grundy_count_hist_init(&h, mod);
        for (i = 0; i < n; i++) {
            uint64_t v = test_rng_below(rng, it % 5 ? 20 : 300);
            uint64_t w = test_rng_below(rng, 3) ? test_rng_below(rng, 9)
                                                : test_rng_next(rng);
            assert_int_equal(grundy_count_hist_add(&h, v, w, NULL),
                             GRUNDY_OK);
            want[v] = mod ? (uint64_t)(((grundy_u128)want[v] + w) % mod)
                          : sat_add(want[v], w);
            total = sat_add(total, w);
            nv = v + 1 > nv ? (size_t)v + 1 : nv;
        }
        if (h.nvalues != nv || h.total != total)
            fail_msg("seed=%llu it=%ld: nvalues %zu total %llu, tally %zu "
                     "%llu",
                     (unsigned long long)test_seed(), it, h.nvalues,
                     (unsigned long long)h.total, nv,
                     (unsigned long long)total);
        for (i = 0; i < nv; i++)
            if (h.weights[i] != want[i])
                fail_msg("seed=%llu it=%ld mod=%llu: weight of %zu is %llu, "
                         "tally %llu",
                         (unsigned long long)test_seed(), it,
                         (unsigned long long)mod, i,
                         (unsigned long long)h.weights[i],
                         (unsigned long long)want[i]);
        grundy_count_hist_clear(&h);
        assert_null(h.weights);
    }
}

typedef struct family {
    const char *spec;
    oracle_heap_moves_fn moves;
    const void *ctx;
} family;

static void test_hist_positions_tuples_match_search(void **state)
{
    test_rng *rng = *state;
    static const unsigned char sub_set[64] = {0, 1, 0, 1, 1};
    static const oracle_set sub = {sub_set, 64};
    static const family fams[] = {
        {"nim", oracle_moves_nim, NULL},
        {"subtract:1,3,4", oracle_moves_subtract, &sub},
        {"half", oracle_moves_half, NULL},
    };
    long it;
    for (it = 0; it < 60 * test_multiplier(); it++) {
        const family *f = &fams[it % 3];
        grundy_game *g = test_game(f->spec);
        size_t n = (size_t)test_rng_range(rng, 1, 6), i, K, len = 0;
        uint64_t heap[6], t, tuples = 1, lose = 0;
        char list[64];
        grundy_count_hist h;
        grundy_count_list_fault fault;
        grundy_count_result r;
        /* n distinct heaps below 16, as a list in random order */
        for (i = 0; i < n; i++) {
            size_t j;
            do {
                heap[i] = test_rng_below(rng, 16);
                for (j = 0; j < i && heap[j] != heap[i]; j++)
                    ;
            } while (j < i);
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%llu",
                                    i ? "," : "",
                                    (unsigned long long)heap[i]);
        }
        K = (size_t)test_rng_range(rng, 1, 3);
        grundy_count_hist_init(&h, 0);
        assert_int_equal(
            grundy_count_hist_positions(&h, test_values(g), list, &fault),
            GRUNDY_OK);
        assert_int_equal(h.total, n);
        assert_int_equal(grundy_count_tuples(&r, h.weights, h.nvalues, K, 1,
                                             GRUNDY_NT_PRIME_62, NULL),
                         GRUNDY_OK);
        /* every ordered K-tuple of the listed heaps, decided by search */
        for (i = 0; i < K; i++)
            tuples *= n;
        for (t = 0; t < tuples; t++) {
            uint64_t x = t, hs[3];
            for (i = 0; i < K; i++, x /= n)
                hs[i] = heap[x % n];
            lose += !oracle_wins(hs, K, 15, f->moves, f->ctx);
        }
        if (r.losing != lose || r.total != tuples)
            fail_msg("seed=%llu it=%ld %s --positions %s --tuples %zu: "
                     "losing %llu of %llu, search %llu of %llu",
                     (unsigned long long)test_seed(), it, f->spec, list, K,
                     (unsigned long long)r.losing,
                     (unsigned long long)r.total, (unsigned long long)lose,
                     (unsigned long long)tuples);
        grundy_count_hist_clear(&h);
        test_game_free(g);
    }
}

static void test_hist_positions_refused(void **st)
{
    grundy_game *g = test_game("nim");
    grundy_count_hist h;
    grundy_count_list_fault f;
    (void)st;
    grundy_count_hist_init(&h, 0);
    /* not a position: the item named, nothing added */
    assert_int_not_equal(
        grundy_count_hist_positions(&h, test_values(g), "3,x,4", &f),
        GRUNDY_OK);
    assert_true(f.unparsed);
    assert_false(f.twice);
    assert_int_equal(f.off, 2);
    assert_int_equal(f.len, 1);
    assert_int_equal(h.nvalues, 0);
    /* an empty item */
    assert_int_not_equal(
        grundy_count_hist_positions(&h, test_values(g), "3,,4", &f),
        GRUNDY_OK);
    assert_true(f.unparsed);
    assert_int_equal(f.off, 2);
    assert_int_equal(f.len, 0);
    /* listed twice */
    assert_int_equal(
        grundy_count_hist_positions(&h, test_values(g), "3,4,3", &f),
        GRUNDY_ERR_ARG);
    assert_true(f.twice);
    assert_false(f.unparsed);
    assert_int_equal(f.off, 4);
    assert_int_equal(f.len, 1);
    assert_int_equal(h.nvalues, 0);
    /* a good list */
    assert_int_equal(
        grundy_count_hist_positions(&h, test_values(g), "3,4,7", &f),
        GRUNDY_OK);
    assert_int_equal(h.nvalues, 8);
    assert_int_equal(h.weights[3] + h.weights[4] + h.weights[7], 3);
    assert_int_equal(h.total, 3);
    grundy_count_hist_clear(&h);
    test_game_free(g);
}

static void test_hist_limits(void **st)
{
    grundy_count_hist h;
    grundy_limits lim;
    (void)st;
    grundy_count_hist_init(&h, 0);
    assert_int_equal(grundy_count_hist_add(&h, GRUNDY_COUNT_VALUE_MAX + 1, 1,
                                           NULL),
                     GRUNDY_ERR_LIMIT);
    assert_int_equal(h.nvalues, 0);
    grundy_limits_init(&lim);
    lim.mem_limit = 4096;
    assert_int_equal(grundy_count_hist_add(&h, 5, 2, &lim), GRUNDY_OK);
    assert_int_equal(grundy_count_hist_add(&h, 100000, 1, &lim),
                     GRUNDY_ERR_LIMIT);
    assert_int_equal(h.nvalues, 6);
    assert_int_equal(h.total, 2);
    assert_int_equal(h.weights[5], 2);
    grundy_count_hist_clear(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_hist_matches_tally,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_hist_positions_tuples_match_search, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test(test_hist_positions_refused),
        cmocka_unit_test(test_hist_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
