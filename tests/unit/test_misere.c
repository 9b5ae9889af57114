/*
 * test_misere.c -- misere quotients and genus: facts of the literature
 * that the computed output must show (never stored in the library), the
 * presentation's consistency, and bad input, limits and cancellation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "misere_oracle.h"
#include "test_support.h"

/* Random sums of heaps up to n, tokens in all at most, against the
 * exhaustive search (tests/support/misere_oracle.c), seeded. */
static void check_against_search(const char *spec, const grundy_misere *q,
                                 unsigned n, unsigned tokens, long iters)
{
    misere_oracle *o = misere_oracle_new(spec);
    test_rng rng;
    long it;
    assert_non_null(o);
    test_rng_init(&rng, test_seed());
    for (it = 0; it < iters * test_multiplier(); it++) {
        unsigned h[64], left = tokens;
        grundy_pos hp[64];
        grundy_misere_elem x;
        size_t k = 0;
        while (k < 64 && left > 0) {
            unsigned top = left < n ? left : n;
            unsigned v = 1 + (unsigned)test_rng_below(&rng, top);
            if (k && test_rng_below(&rng, 4) == 0)
                break;
            h[k] = v;
            hp[k++] = v;
            left -= v;
        }
        assert_int_equal(grundy_misere_sum(&x, q, hp, k), GRUNDY_OK);
        if ((!grundy_misere_is_p(q, x)) != misere_oracle_first_wins(o, h, k))
            fail_msg("%s: a sum of %zu heaps: quotient and search differ "
                     "(seed=%llu it=%ld)",
                     spec, k, (unsigned long long)test_seed(), it);
    }
    misere_oracle_free(o);
}

static grundy_misere *quotient(const char *spec, grundy_pos n,
                               grundy_game **g)
{
    grundy_misere *q;
    *g = test_game(spec);
    assert_int_equal(grundy_misere_new(&q, *g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_grow(q, n, 0, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_heaps(q), n);
    return q;
}

/* Nim restricted to heaps 1 and 2 (0.33: take 1 or 2, leave one heap or
 * none) has the tame quotient of order 6 with two P-elements. */
static void test_misere_nim_1_2_is_tame_of_order_6(void **state)
{
    grundy_game *g;
    grundy_misere *q = quotient("0.33", 2, &g);
    grundy_misere_info in;
    (void)state;
    grundy_misere_get_info(&in, q);
    check_against_search("0.33", q, 2, 40, 100);
    assert_int_equal(in.order, 6);
    assert_int_equal(in.p_count, 2);
    assert_int_equal(in.last_change, 2);
    grundy_misere_free(q);
    grundy_game_free(g);
}

/* 0.75 stabilises with order 8 and two P-elements. */
static void test_misere_075_stabilises_at_order_8(void **state)
{
    grundy_game *g;
    grundy_misere *q = quotient("0.75", 60, &g);
    grundy_misere_info in;
    (void)state;
    grundy_misere_get_info(&in, q);
    assert_int_equal(in.order, 8);
    assert_int_equal(in.p_count, 2);
    assert_true(in.last_change > 0 && in.last_change < 20);
    assert_true(in.period > 0 && in.preperiod < 20);
    check_against_search("0.75", q, 60, 40, 200);
    grundy_misere_free(q);
    grundy_game_free(g);
}

/* Every quotient has even order (Plambeck and Siegel), except the
 * trivial one of heaps that have no move (0.07 to heap 1). */
static void test_misere_orders_are_even(void **state)
{
    static const struct {
        const char *spec;
        grundy_pos n;
    } codes[] = {{"0.77", 40},  {"0.07", 26}, {"0.137", 24}, {"0.6", 14},
                 {"4.07", 20},  {"0.F7", 16}, {"0.15", 30},  {"0.165", 16},
                 {"0.16", 16},  {"0.52", 30}, {"0.31", 30},  {"0.1", 5},
                 {"grundy-game", 20}};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        grundy_game *g;
        grundy_misere *q = quotient(codes[i].spec, codes[i].n, &g);
        size_t h;
        for (h = 1; h <= codes[i].n; h++) {
            grundy_misere *r;
            assert_int_equal(grundy_misere_new(&r, g, NULL), GRUNDY_OK);
            assert_int_equal(grundy_misere_grow(r, h, 0, NULL), GRUNDY_OK);
            grundy_misere_info in;
            grundy_misere_get_info(&in, r);
            if (in.order % 2 && !(in.order == 1 && in.last_change == 0))
                fail_msg("%s to heap %zu: order %zu", codes[i].spec, h,
                         grundy_misere_order(r));
            grundy_misere_free(r);
        }
        assert_int_equal(grundy_misere_order(q) % 2, 0);
        check_against_search(codes[i].spec, q, (unsigned)codes[i].n, 30, 60);
        grundy_misere_free(q);
        grundy_game_free(g);
    }
}

/* Dawson's Kayles: the orders the literature reports at heaps 30 and 33
 * (360 and 638); Dawson's Chess 0.137 is the same game one heap down. */
static void test_misere_dawsons_kayles_orders(void **state)
{
    grundy_game *g, *g2;
    grundy_misere *q = quotient("0.07", 30, &g), *q2;
    (void)state;
    assert_int_equal(grundy_misere_order(q), 360);
    assert_int_equal(grundy_misere_grow(q, 33, 0, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_order(q), 638);
    check_against_search("0.07", q, 33, 44, 300);
    q2 = quotient("0.137", 32, &g2);
    assert_int_equal(grundy_misere_order(q2), 638);
    grundy_misere_free(q);
    grundy_misere_free(q2);
    grundy_game_free(g);
    grundy_game_free(g2);
}

/* The presentation: normal forms evaluate back to their elements and are
 * distinct, both sides of every relation are the same element, the
 * generators' heaps map to the generators, and rewriting with the
 * relations turns every word of small degree into its normal form. */
static uint32_t eval(const grundy_misere *q, const grundy_misere_pres *p,
                     const uint32_t *w)
{
    uint32_t x = 0, k;
    size_t j;
    for (j = 0; j < p->ngens; j++)
        for (k = 0; k < w[j]; k++)
            x = grundy_misere_mul(q, x, grundy_misere_heap(q, p->gen_heap[j]));
    return x;
}

static void rewrite(const grundy_misere_pres *p, uint32_t *w)
{
    size_t r, j, ng = p->ngens;
    int again = 1;
    while (again) {
        again = 0;
        for (r = 0; r < p->nrels; r++) {
            const uint32_t *l = p->rel + 2 * r * ng, *rh = l + ng;
            for (j = 0; j < ng && w[j] >= l[j]; j++)
                ;
            if (j < ng)
                continue;
            for (j = 0; j < ng; j++)
                w[j] = w[j] - l[j] + rh[j];
            again = 1;
        }
    }
}

static void check_presentation(const char *spec, grundy_pos n)
{
    grundy_game *g;
    grundy_misere *q = quotient(spec, n, &g);
    grundy_misere_pres p;
    size_t x, r, j, ng;
    uint32_t w[64];
    char buf[256];
    assert_int_equal(grundy_misere_pres_init(&p, q, NULL), GRUNDY_OK);
    ng = p.ngens;
    assert_true(ng >= 1 && ng < 64);
    assert_int_equal(p.order, grundy_misere_order(q));
    for (x = 0; x < p.order; x++)
        if (eval(q, &p, p.normal + x * ng) != x)
            fail_msg("%s: the normal form of %zu is another element", spec,
                     x);
    for (r = 0; r < p.nrels; r++)
        assert_int_equal(eval(q, &p, p.rel + 2 * r * ng),
                         eval(q, &p, p.rel + (2 * r + 1) * ng));
    for (j = 0; j < ng; j++) {
        memset(w, 0, sizeof w);
        w[j] = 1;
        assert_int_equal(grundy_misere_heap(q, p.gen_heap[j]), eval(q, &p, w));
    }
    /* every word with exponents below 4 (first 6 generators) */
    for (x = 0; x < 4096; x++) {
        size_t k = x;
        uint32_t e;
        memset(w, 0, sizeof w);
        for (j = 0; j < ng && j < 6; j++, k /= 4)
            w[j] = (uint32_t)(k % 4);
        if (k)
            break;
        e = eval(q, &p, w);
        rewrite(&p, w);
        if (memcmp(w, p.normal + e * ng, ng * sizeof *w) != 0) {
            grundy_misere_pres_format(&p, w, buf, sizeof buf);
            fail_msg("%s: word rewrites to %s, not the normal form", spec,
                     buf);
        }
    }
    grundy_misere_pres_format(&p, p.normal, buf, sizeof buf);
    assert_string_equal(buf, "1");
    grundy_misere_pres_clear(&p);
    grundy_misere_free(q);
    grundy_game_free(g);
}

static void test_misere_pres_init_consistent(void **state)
{
    (void)state;
    check_presentation("0.75", 20);
    check_presentation("0.77", 30);
    check_presentation("0.07", 20);
    check_presentation("0.33", 2);
    check_presentation("4.07", 16);
}

/* Nim to heap 2: generators a (heap 1), b (heap 2) with a^2 = 1 and
 * b^3 = b, the tame quotient as written in the literature. */
static void test_misere_pres_tame(void **state)
{
    grundy_game *g;
    grundy_misere *q = quotient("0.33", 2, &g);
    grundy_misere_pres p;
    char l[64], r[64], all[256] = "";
    size_t i;
    (void)state;
    assert_int_equal(grundy_misere_pres_init(&p, q, NULL), GRUNDY_OK);
    assert_int_equal(p.ngens, 2);
    assert_int_equal(p.gen_heap[0], 1);
    assert_int_equal(p.gen_heap[1], 2);
    for (i = 0; i < p.nrels; i++) {
        grundy_misere_pres_format(&p, p.rel + 2 * i * p.ngens, l, sizeof l);
        grundy_misere_pres_format(&p, p.rel + (2 * i + 1) * p.ngens, r,
                                  sizeof r);
        snprintf(all + strlen(all), sizeof all - strlen(all), "%s=%s;", l, r);
    }
    assert_string_equal(all, "a^2=1;b^3=b;");
    grundy_misere_pres_clear(&p);
    grundy_misere_free(q);
    grundy_game_free(g);
}

/* Kayles' genera as tabulated in Winning Ways. */
static void test_misere_genus_kayles(void **state)
{
    static const char *const want[] = {"0^120", "1^031", "2^20", "3^31",
                                       "1^031", "4^146", "3^31", "2^20",
                                       "1^13",  "4^046", "2^20", "6^46"};
    grundy_game *g = test_game("kayles");
    grundy_misere_genus ge[12];
    grundy_pos done;
    char buf[64];
    size_t h;
    (void)state;
    assert_int_equal(grundy_misere_genus_table(ge, &done, g, 11, 0, NULL),
                     GRUNDY_OK);
    assert_int_equal(done, 12);
    for (h = 0; h < 12; h++) {
        grundy_misere_genus_format(&ge[h], buf, sizeof buf);
        assert_string_equal(buf, want[h]);
    }
    grundy_game_free(g);
}

static void test_misere_genus_format_brackets(void **state)
{
    grundy_misere_genus ge;
    char buf[64];
    (void)state;
    memset(&ge, 0, sizeof ge);
    ge.normal = 8;
    ge.nexp = 3;
    ge.exp[0] = 8;
    ge.exp[1] = 10;
    ge.exp[2] = 8;
    grundy_misere_genus_format(&ge, buf, sizeof buf);
    assert_string_equal(buf, "8^8[10]8");
}

/* Bad input *****************************************************************/

static void test_misere_new_errors(void **state)
{
    grundy_game *g;
    grundy_misere *q = (grundy_misere *)1;
    grundy_misere_genus ge[2];
    (void)state;
    g = test_game("nim");
    assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_ERR_ARG);
    assert_null(q);
    assert_int_equal(grundy_misere_genus_table(ge, NULL, g, 1, 0, NULL),
                     GRUNDY_ERR_ARG);
    grundy_game_free(g);
    g = test_game("0.0");
    assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_ERR_ARG);
    grundy_game_free(g);
    g = test_game("0.000");
    assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_ERR_ARG);
    grundy_game_free(g);
    grundy_misere_free(NULL);
}

static void test_misere_grow_limits(void **state)
{
    grundy_game *g = test_game("0.07");
    grundy_misere *q;
    grundy_misere_info in;
    grundy_limits lim;
    grundy_pos h = 5;
    grundy_misere_elem x;
    (void)state;
    assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_grow(q, GRUNDY_MISERE_MAX_HEAP + 1, 0,
                                        NULL),
                     GRUNDY_ERR_RANGE);
    /* max order: stops at heap 25 (the order jumps from 24 to 144) */
    assert_int_equal(grundy_misere_grow(q, 40, 100, NULL), GRUNDY_ERR_LIMIT);
    grundy_misere_get_info(&in, q);
    assert_int_equal(in.heaps, 24);
    assert_int_equal(in.order, 24);
    assert_int_equal(in.stopped_at, 25);
    assert_true(in.stopped_order > 100);
    /* what it had is still right, and growth goes on from there */
    assert_int_equal(grundy_misere_sum(&x, q, &h, 1), GRUNDY_OK);
    h = 25;
    assert_int_equal(grundy_misere_sum(&x, q, &h, 1), GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_misere_grow(q, 26, 0, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_order(q), 144);
    grundy_misere_get_info(&in, q);
    assert_int_equal(in.stopped_at, 0);
    grundy_misere_free(q);
    /* memory */
    grundy_limits_init(&lim);
    lim.mem_limit = 20000;
    assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_grow(q, 30, 0, &lim), GRUNDY_ERR_LIMIT);
    assert_true(grundy_misere_heaps(q) < 30);
    grundy_misere_free(q);
    grundy_game_free(g);
}

/* Growth counts its steps against the work limit (options of a heap,
 * products looked up, words of the sets searched), so that a limit
 * bounds its time: 0.07 to heap 33 takes far more than 1000 steps.  It
 * stops with GRUNDY_ERR_WORK where the heap could not be added, and the
 * quotient it had stays right and grows on (it once ran unbounded). */
static void test_misere_grow_work(void **state)
{
    grundy_game *g = test_game("0.07");
    grundy_misere *q, *r;
    grundy_misere_info in;
    grundy_limits lim;
    grundy_pos h, k;
    (void)state;
    grundy_limits_init(&lim);
    lim.work_limit = 1000;
    assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_grow(q, 33, 0, &lim), GRUNDY_ERR_WORK);
    grundy_misere_get_info(&in, q);
    assert_true(in.heaps < 33);
    assert_int_equal(in.stopped_at, in.heaps + 1);
    /* a larger limit goes further, no limit to the end */
    lim.work_limit = 10000000;
    assert_int_equal(grundy_misere_grow(q, 26, 0, &lim), GRUNDY_OK);
    assert_int_equal(grundy_misere_order(q), 144);
    assert_int_equal(grundy_misere_grow(q, 33, 0, NULL), GRUNDY_OK);
    /* the same quotient as one grown without a stop */
    assert_int_equal(grundy_misere_new(&r, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_grow(r, 33, 0, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_order(q), grundy_misere_order(r));
    for (h = 1; h <= 33; h++)
        for (k = 0; k <= h; k++) {
            grundy_misere_elem x = grundy_misere_heap(q, h),
                               y = grundy_misere_heap(r, h);
            if (k) {
                x = grundy_misere_mul(q, x, grundy_misere_heap(q, k));
                y = grundy_misere_mul(r, y, grundy_misere_heap(r, k));
            }
            assert_int_equal(grundy_misere_is_p(q, x),
                             grundy_misere_is_p(r, y));
        }
    grundy_misere_free(r);
    grundy_misere_free(q);
    grundy_game_free(g);
}

static int stop_now(void *ctx, const grundy_progress *p)
{
    (void)p;
    return ++*(int *)ctx > 0;
}

static void test_misere_grow_cancel(void **state)
{
    grundy_game *g = test_game("0.07");
    grundy_misere *q;
    grundy_limits lim;
    int calls = 0;
    (void)state;
    grundy_limits_init(&lim);
    lim.progress = stop_now;
    lim.progress_ctx = &calls;
    lim.interval_ms = 1;
    assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_grow(q, 33, 0, &lim),
                     GRUNDY_ERR_CANCELLED);
    assert_true(calls > 0);
    assert_true(grundy_misere_heaps(q) < 33);
    /* the quotient it has stays usable */
    assert_int_equal(grundy_misere_grow(q, 20, 0, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_order(q), 24);
    grundy_misere_free(q);
    grundy_game_free(g);
}

static void test_misere_winning_moves_errors(void **state)
{
    grundy_game *g = test_game("0.77"), *h = test_game("0.75");
    grundy_values *vg, *vh;
    grundy_misere *q;
    grundy_sum_component c[2];
    grundy_sum_move *m;
    size_t n;
    int first;
    (void)state;
    assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_misere_grow(q, 5, 0, NULL), GRUNDY_OK);
    assert_int_equal(grundy_values_new(&vg, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_values_new(&vh, h, NULL), GRUNDY_OK);
    c[0].values = vg;
    c[0].pos = 3;
    c[1].values = vh;
    c[1].pos = 3;
    assert_int_equal(grundy_misere_winning_moves(&first, &m, &n, q, c, 2),
                     GRUNDY_ERR_ARG);
    c[1].values = vg;
    c[1].pos = 6;
    assert_int_equal(grundy_misere_winning_moves(&first, &m, &n, q, c, 2),
                     GRUNDY_ERR_RANGE);
    /* the empty sum: the player to move has no move and wins */
    assert_int_equal(grundy_misere_winning_moves(&first, &m, &n, q, c, 0),
                     GRUNDY_OK);
    assert_int_equal(first, 1);
    assert_int_equal(n, 0);
    assert_null(m);
    grundy_values_free(vg);
    grundy_values_free(vh);
    grundy_misere_free(q);
    grundy_game_free(g);
    grundy_game_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_misere_nim_1_2_is_tame_of_order_6),
        cmocka_unit_test(test_misere_075_stabilises_at_order_8),
        cmocka_unit_test(test_misere_orders_are_even),
        cmocka_unit_test(test_misere_dawsons_kayles_orders),
        cmocka_unit_test(test_misere_pres_init_consistent),
        cmocka_unit_test(test_misere_pres_tame),
        cmocka_unit_test(test_misere_genus_kayles),
        cmocka_unit_test(test_misere_genus_format_brackets),
        cmocka_unit_test(test_misere_new_errors),
        cmocka_unit_test(test_misere_grow_limits),
        cmocka_unit_test(test_misere_grow_work),
        cmocka_unit_test(test_misere_grow_cancel),
        cmocka_unit_test(test_misere_winning_moves_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
