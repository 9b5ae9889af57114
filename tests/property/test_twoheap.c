/*
 * test_twoheap.c -- two-heap games of random move sets against a direct
 * win/loss search (board_oracle.h with the plain move generator of
 * twoheap_oracle.h), which knows nothing of values, rays or the
 * library's numbering:
 *
 *   - g(a, b) of every position a, b <= 11, asked in a random order of one
 *     values object (so its table grows several times and the kernel
 *     rebuilds its line bit sets from a table part filled), confirmed by
 *     "position + Nim heap g" being a loss and "+ Nim heap h" a win for
 *     every h < g;
 *   - the kernel's square against the generic method's (moves and mex);
 *   - every winning move of a sum of two positions, against the moves of
 *     the sum after which the direct search says the opponent loses.
 *
 * Move sets mix rays (pt/qt, both the bit-set path and, with a step past
 * 8, the move-by-move one), terms with constants and bounds, and single
 * vectors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_oracle.h"
#include "test_support.h"
#include "twoheap_oracle.h"

#if defined(__SANITIZE_ADDRESS__)
#define LIGHT 1
#else
#define LIGHT 0
#endif

static long pick(test_rng *r, long lo, long hi)
{
    return lo + (long)test_rng_below(r, (uint64_t)(hi - lo + 1));
}

static void random_term(test_rng *r, oracle_twoheap_term *u)
{
    memset(u, 0, sizeof *u);
    u->lo = 1;
    u->hi = -1;
    switch (test_rng_below(r, 4)) {
    case 0: /* a ray with a short step */
    case 1:
        do {
            u->cx = pick(r, 0, 3);
            u->cy = pick(r, 0, 3);
        } while (!u->cx && !u->cy);
        break;
    case 2: /* a ray with a long step, a constant, a bound */
        do {
            u->cx = pick(r, 0, 2) * (test_rng_below(r, 3) ? 1 : 9);
            u->cy = pick(r, 0, 2);
        } while (!u->cx && !u->cy);
        u->dx = pick(r, -2, 2);
        u->dy = pick(r, -2, 2);
        u->lo = pick(r, 1, 3);
        if (test_rng_below(r, 2))
            u->hi = u->lo + pick(r, 0, 4);
        break;
    default: /* one vector */
        do {
            u->dx = pick(r, 0, 3);
            u->dy = pick(r, 0, 3);
        } while (!u->dx && !u->dy);
        u->hi = u->lo;
    }
}

static size_t put_coord(char *s, size_t cap, long c, long d)
{
    if (c == 0)
        return (size_t)snprintf(s, cap, "%ld", d);
    if (d == 0)
        return (size_t)snprintf(s, cap, "%ldt", c);
    return (size_t)snprintf(s, cap, "%ldt%+ld", c, d);
}

static void format_spec(char *s, size_t cap, const oracle_twoheap *o)
{
    size_t i, n = (size_t)snprintf(s, cap, "twoheap:");
    for (i = 0; i < o->n; i++) {
        const oracle_twoheap_term *u = &o->t[i];
        if (i)
            n += (size_t)snprintf(s + n, cap - n, ",");
        n += put_coord(s + n, cap - n, u->cx, u->dx);
        n += (size_t)snprintf(s + n, cap - n, "/");
        n += put_coord(s + n, cap - n, u->cy, u->dy);
        if (u->cx == 0 && u->cy == 0)
            continue;
        if (u->hi >= 0)
            n += (size_t)snprintf(s + n, cap - n, "@%ld..%ld", u->lo, u->hi);
        else if (u->lo != 1)
            n += (size_t)snprintf(s + n, cap - n, "@%ld..", u->lo);
    }
}

/* A random move set the library accepts.  A term it refuses must give no
 * move at all (by the oracle's generator, from a large position). */
static grundy_game *random_game(test_rng *r, oracle_twoheap *o, char *spec,
                                size_t cap, long it)
{
    for (;;) {
        grundy_game *g = NULL;
        grundy_parse_error e;
        size_t i;
        o->n = (size_t)pick(r, 1, 4);
        for (i = 0; i < o->n; i++)
            random_term(r, &o->t[i]);
        format_spec(spec, cap, o);
        memset(&e, 0, sizeof e);
        if (grundy_game_new(&g, spec, &e) == GRUNDY_OK)
            return g;
        for (i = 0; i < o->n; i++) {
            oracle_twoheap one = {1, {o->t[i]}};
            uint64_t out[256];
            if (oracle_moves_twoheap(&one, oracle_twoheap_pack(40, 40),
                                     out) == 0)
                break;
        }
        if (i == o->n)
            fail_msg("seed=%llu it=%ld: '%s' refused at column %lu (%s) "
                     "though each term has moves",
                     (unsigned long long)test_seed(), it, spec, e.col, e.msg);
    }
}

static void test_twoheap_values_match_search(void **state)
{
    test_rng *rng = *state;
    long it, iters = (LIGHT ? 20 : 200) * test_multiplier();
    const uint64_t side = 12;
    for (it = 0; it < iters; it++) {
        oracle_twoheap o;
        char spec[512];
        grundy_game *g = random_game(rng, &o, spec, sizeof spec, it);
        grundy_values *v;
        oracle_memo *m = oracle_memo_new(oracle_moves_twoheap, &o);
        uint64_t order[144], i;
        assert_non_null(m);
        assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
        for (i = 0; i < side * side; i++)
            order[i] = i;
        for (i = side * side - 1; i > 0; i--) {
            uint64_t j = test_rng_below(rng, i + 1), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (i = 0; i < side * side; i++) {
            uint64_t a = order[i] / side, b = order[i] % side;
            grundy_value x = 0;
            grundy_status s =
                grundy_values_get(&x, v, grundy_twoheap_pos(a, b));
            if (s != GRUNDY_OK)
                fail_msg("seed=%llu it=%ld %s at %llu,%llu: %s",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)a, (unsigned long long)b,
                         grundy_strerror(s));
            if (!oracle_value_is(m, oracle_twoheap_pack(a, b),
                                 (unsigned)x))
                fail_msg("seed=%llu it=%ld %s: g(%llu,%llu) = %llu is "
                         "refuted by the search",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)a, (unsigned long long)b,
                         (unsigned long long)x);
        }
        /* the square of the kernel, as a table, too */
        {
            const grundy_table *t = NULL;
            assert_int_equal(grundy_values_table(&t, v, side * side),
                             GRUNDY_OK);
            for (i = 0; i < side * side; i++) {
                uint64_t a, b;
                grundy_twoheap_heaps(&a, &b, i);
                if (!oracle_value_is(m, oracle_twoheap_pack(a, b),
                                     (unsigned)grundy_table_get(t, i)))
                    fail_msg("seed=%llu it=%ld %s: the square's g(%llu,%llu) "
                             "is refuted by the search",
                             (unsigned long long)test_seed(), it, spec,
                             (unsigned long long)a, (unsigned long long)b);
            }
        }
        assert_string_equal(grundy_values_method(v), "two-heap lines");
        grundy_values_free(v);
        oracle_memo_free(m);
        grundy_game_free(g);
    }
}

static void test_twoheap_kernel_matches_generic(void **state)
{
    test_rng *rng = *state;
    long it, iters = (LIGHT ? 10 : 150) * test_multiplier();
    for (it = 0; it < iters; it++) {
        oracle_twoheap o;
        char spec[512];
        grundy_game *g = random_game(rng, &o, spec, sizeof spec, it);
        uint64_t side = (uint64_t)pick(rng, 1, LIGHT ? 24 : 48), p;
        grundy_table *fast = NULL, *slow = NULL;
        assert_int_equal(
            grundy_table_new_method(&fast, g, side * side,
                                    GRUNDY_TABLE_FAST, NULL),
            GRUNDY_OK);
        assert_int_equal(grundy_table_new_naive(&slow, g, side * side, NULL),
                         GRUNDY_OK);
        for (p = 0; p < side * side; p++)
            if (grundy_table_get(fast, p) != grundy_table_get(slow, p)) {
                uint64_t a, b;
                grundy_twoheap_heaps(&a, &b, p);
                fail_msg("seed=%llu it=%ld %s: at %llu,%llu the kernel "
                         "gives %llu, moves and mex %llu",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)a, (unsigned long long)b,
                         (unsigned long long)grundy_table_get(fast, p),
                         (unsigned long long)grundy_table_get(slow, p));
            }
        grundy_table_free(fast);
        grundy_table_free(slow);
        grundy_game_free(g);
    }
}

static void test_twoheap_sum_winning_moves(void **state)
{
    test_rng *rng = *state;
    long it, iters = (LIGHT ? 30 : 300) * test_multiplier();
    for (it = 0; it < iters; it++) {
        oracle_twoheap o;
        char spec[512];
        grundy_game *g = random_game(rng, &o, spec, sizeof spec, it);
        oracle_memo *m = oracle_memo_new(oracle_moves_twoheap_sum2, &o);
        grundy_values *v;
        grundy_sum_component c[2];
        grundy_sum_move *mv = NULL;
        size_t nmv = 0, i, j, nwin = 0;
        uint64_t h[4], out[256], root, nout;
        assert_non_null(m);
        assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
        for (i = 0; i < 4; i++)
            h[i] = test_rng_below(rng, 10);
        c[0].values = c[1].values = v;
        c[0].pos = grundy_twoheap_pos(h[0], h[1]);
        c[1].pos = grundy_twoheap_pos(h[2], h[3]);
        assert_int_equal(grundy_sum_winning_moves(&mv, &nmv, c, 2, NULL),
                         GRUNDY_OK);
        root = oracle_twoheap_pack2(h[0], h[1], h[2], h[3]);
        nout = oracle_moves_twoheap_sum2(&o, root, out);
        if ((nmv > 0) != oracle_heap_wins(m, root, 0))
            fail_msg("seed=%llu it=%ld %s: %llu,%llu + %llu,%llu: %zu "
                     "winning moves, the search says %s",
                     (unsigned long long)test_seed(), it, spec,
                     (unsigned long long)h[0], (unsigned long long)h[1],
                     (unsigned long long)h[2], (unsigned long long)h[3], nmv,
                     oracle_heap_wins(m, root, 0) ? "a win" : "a loss");
        for (j = 0; j < nout; j++) {
            int win = !oracle_heap_wins(m, out[j], 0), listed = 0;
            nwin += win;
            for (i = 0; i < nmv; i++) {
                uint64_t a, b, to;
                grundy_twoheap_heaps(&a, &b, mv[i].to.part[0]);
                to = mv[i].component == 0
                         ? oracle_twoheap_pack2(a, b, h[2], h[3])
                         : oracle_twoheap_pack2(h[0], h[1], a, b);
                listed += to == out[j];
            }
            if (listed != win)
                fail_msg("seed=%llu it=%ld %s: %llu,%llu + %llu,%llu: a "
                         "move listed %d times, winning: %d",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)h[0], (unsigned long long)h[1],
                         (unsigned long long)h[2], (unsigned long long)h[3],
                         listed, win);
        }
        assert_int_equal(nwin, nmv);
        free(mv);
        grundy_values_free(v);
        oracle_memo_free(m);
        grundy_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_twoheap_values_match_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_twoheap_kernel_matches_generic,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_twoheap_sum_winning_moves,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
