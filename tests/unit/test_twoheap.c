/*
 * test_twoheap.c -- Wythoff's game and two-heap games (grundy/twoheap.h):
 * the numbering of pairs, published values computed by the library,
 * P-positions from the closed form against the table, spec and position
 * errors with their columns.
 *
 * Published facts (typed here from their sources, never in the library):
 *   - OEIS A317205: g(n, k), 0 <= k <= n <= 11, of Wythoff's game
 *     (Berlekamp, Conway and Guy, Winning Ways, p. 76; Blass and Fraenkel
 *     1990, Table 2);
 *   - OEIS A047708: the diagonal g(n, n) of Wythoff's game, n <= 70;
 *   - OEIS A307298, A307299, A307301: NimHof games (Friedman, Garrabrant,
 *     Phipps-Morgan, Landsberg and Larsson, "Geometric analysis of a
 *     generalized Wythoff game"), a rule [p, q] moving (x, y) to
 *     (x - i p, y - i q), the first 13 antidiagonals, antidiagonal d
 *     listing T(d, 0), T(d - 1, 1), ..., T(0, d);
 *   - Wythoff's P-positions (floor(k phi), floor(k phi^2)) (Wythoff 1907),
 *     computed here in floating point and by the mex recurrence a_k =
 *     mex{a_i, b_i : i < k}, b_k = a_k + k;
 *   - Fraenkel's a-Wythoff (1982): its P-positions are a_n = mex{a_i, b_i
 *     : i < n}, b_n = a_n + a n.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#if defined(__SANITIZE_ADDRESS__)
#define LIGHT 1
#else
#define LIGHT 0
#endif

/* The table of every position with a, b < side. */
static const grundy_table *square(grundy_values *v, uint64_t side)
{
    const grundy_table *t = NULL;
    grundy_status s = grundy_values_table(&t, v, side * side);
    if (s != GRUNDY_OK)
        fail_msg("table of side %llu: %s", (unsigned long long)side,
                 grundy_strerror(s));
    return t;
}

static grundy_value at(const grundy_table *t, uint64_t a, uint64_t b)
{
    return grundy_table_get(t, grundy_twoheap_pos(a, b));
}

/* Numbering ****************************************************************/

static void test_twoheap_pos_roundtrip(void **state)
{
    test_rng *rng = *state;
    uint64_t a, b, m;
    grundy_pos p;
    long it;
    /* the square of side m is exactly 0 .. m^2 - 1 */
    for (m = 1; m <= 40; m++) {
        unsigned char seen[1600] = {0};
        for (a = 0; a < m; a++)
            for (b = 0; b < m; b++) {
                p = grundy_twoheap_pos(a, b);
                assert_true(p < m * m);
                assert_false(seen[p]);
                seen[p] = 1;
            }
    }
    /* the edges of 64 bits */
    grundy_twoheap_heaps(&a, &b, UINT64_MAX);
    assert_true(a == GRUNDY_PAIR_MAX && b == GRUNDY_PAIR_MAX);
    assert_true(grundy_twoheap_pos(GRUNDY_PAIR_MAX, GRUNDY_PAIR_MAX) ==
                UINT64_MAX);
    grundy_twoheap_heaps(&a, &b, 0);
    assert_true(a == 0 && b == 0);
    for (it = 0; it < 100000 * test_multiplier(); it++) {
        uint64_t x = test_rng_next(rng), y, a2, b2;
        grundy_twoheap_heaps(&a, &b, x);
        if (grundy_twoheap_pos(a, b) != x)
            fail_msg("seed=%llu it=%ld p=%llu", (unsigned long long)test_seed(),
                     it, (unsigned long long)x);
        /* a move never leads to a larger number */
        a2 = test_rng_below(rng, a + 1);
        b2 = test_rng_below(rng, b + 1);
        y = grundy_twoheap_pos(a2, b2);
        if (y > x || (y == x && (a2 != a || b2 != b)))
            fail_msg("seed=%llu it=%ld (%llu,%llu) under (%llu,%llu)",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)a2, (unsigned long long)b2,
                     (unsigned long long)a, (unsigned long long)b);
    }
}

/* Published values *********************************************************/

/* OEIS A317205: rows n = 0 .. 11 of g(n, k), k = 0 .. n. */
static const unsigned char a317205[] = {
    0, 1, 2, 2, 0, 1, 3, 4, 5, 6, 4, 5, 3, 2, 7, 5, 3, 4, 0, 6,
    8, 6, 7, 8, 1, 9, 10, 3, 7, 8, 6, 9, 0, 1, 4, 5, 8, 6, 7, 10,
    1, 2, 5, 3, 4, 9, 10, 11, 12, 8, 7, 13, 14, 15, 16, 10, 11, 9, 8, 13,
    12, 0, 15, 16, 17, 14, 11, 9, 10, 7, 12, 14, 2, 13, 17, 6, 18, 15};

/* OEIS A047708: g(n, n), n = 0 .. 70. */
static const unsigned char a047708[] = {
    0,  2,  1,  6,  7,  8,  3,  5,  4,  16, 14,  15, 10, 9,  11, 20, 13, 21,
    12, 25, 17, 18, 19, 30, 31, 38, 35,  36, 22, 23, 43, 45, 48, 49, 24, 26,
    27, 28, 29, 33, 60, 32, 61, 57, 66,  37, 63, 34, 64, 67, 40, 39, 41, 42,
    82, 44, 74, 79, 47, 46, 87, 86, 50,  95, 96, 52, 101, 51, 102, 53, 54};

static void test_wythoff_published_values(void **state)
{
    grundy_game *g = test_game("wythoff");
    const grundy_table *t = square(test_values(g), 71);
    uint64_t n, k, i = 0;
    (void)state;
    for (n = 0; n <= 11; n++)
        for (k = 0; k <= n; k++, i++) {
            if (at(t, n, k) != a317205[i] || at(t, k, n) != a317205[i])
                fail_msg("g(%llu,%llu) = %llu, published %u",
                         (unsigned long long)n, (unsigned long long)k,
                         (unsigned long long)at(t, n, k), a317205[i]);
        }
    assert_int_equal(i, sizeof a317205);
    for (n = 0; n < sizeof a047708; n++)
        if (at(t, n, n) != a047708[n])
            fail_msg("g(%llu,%llu) = %llu, published %u",
                     (unsigned long long)n, (unsigned long long)n,
                     (unsigned long long)at(t, n, n), a047708[n]);
    /* the fast path ran */
    assert_string_equal(grundy_values_method(test_values(g)),
                        "two-heap lines");
    test_game_free(g);
}

/* NimHof, OEIS: 13 antidiagonals each (91 values). */
static const struct {
    const char *spec, *oeis;
    unsigned char v[91];
} nimhof[] = {
    {"twoheap:t/0,t/t,2t/3t,t/2t,0/t",
     "A307298",
     {0,  1,  1,  2,  2, 2,  3,  0,  3,  3,  4,  4,  4,  0,  4,  5,
      5,  5,  5,  5,  5, 6,  3,  0,  6,  6,  6,  6,  7,  7,  1,  7,
      0,  7,  7,  7,  8, 8,  8,  8,  1,  1,  1,  4,  8,  9,  6,  9,
      2,  2,  2,  2,  8, 9,  9,  10, 10, 10, 1,  3,  9,  3,  9,  3,
      10, 10, 11, 11, 11, 4, 10, 4,  4,  10, 10, 11, 11, 11, 12, 9,
      6,  12, 11, 11, 5, 11, 11, 12, 12, 8,  12}},
    {"twoheap:t/0,t/t,t/2t,0/t",
     "A307299",
     {0,  1,  1,  2,  2,  2,  3,  0,  3,  3, 4,  4,  4,  0, 4,  5,
      5,  5,  5,  5,  5,  6,  3,  0,  1,  1, 6,  6,  7,  7, 1,  2,
      0,  7,  7,  7,  8,  8,  8,  6,  3,  8, 3,  4,  8,  9, 6,  9,
      4,  7,  9,  2,  8,  9,  9,  10, 10, 10, 10, 9, 10, 10, 9, 10,
      10, 10, 11, 11, 11, 11, 2, 3,  4,  1,  6, 6,  11, 11, 12, 9,
      6,  7,  12, 1,  5,  11, 7,  7,  12, 8, 12}},
    {"twoheap:t/0,3t/t,0/t",
     "A307301",
     {0, 1, 1,  2,  0,  2, 3, 3, 3, 3, 4,  2, 0,  2,  4,  5, 5, 4,  1,
      5, 5, 6,  4,  1,  0, 6, 4, 6, 7, 7,  6, 6,  1,  7,  7, 7, 8,  6,
      5, 7, 0,  6,  4,  6, 8, 9, 9, 8, 8,  2, 2,  8,  5,  9, 9, 10, 8,
      7, 4, 3,  0,  3,  9, 10, 8, 10, 11, 11, 10, 5, 9, 9, 1, 8, 5, 11,
      11, 11, 12, 10, 9, 11, 10, 1, 0, 3, 7, 7, 8, 10, 12}},
};

static void test_nimhof_published_values(void **state)
{
    size_t j;
    (void)state;
    for (j = 0; j < sizeof nimhof / sizeof nimhof[0]; j++) {
        grundy_game *g = test_game(nimhof[j].spec);
        const grundy_table *t = square(test_values(g), 13);
        uint64_t d, i, k = 0;
        for (d = 0; d < 13; d++)
            for (i = 0; i <= d; i++, k++)
                if (at(t, d - i, i) != nimhof[j].v[k])
                    fail_msg("%s (%s): T(%llu,%llu) = %llu, published %u",
                             nimhof[j].spec, nimhof[j].oeis,
                             (unsigned long long)(d - i),
                             (unsigned long long)i,
                             (unsigned long long)at(t, d - i, i),
                             nimhof[j].v[k]);
        test_game_free(g);
    }
}

/* P-positions **************************************************************/

/* Pairs (a_k, b_k) by the mex recurrence, while b_k < side. */
static size_t mex_pairs(uint64_t *pa, uint64_t *pb, size_t cap, uint64_t d,
                        uint64_t side)
{
    static unsigned char used[4096];
    uint64_t mex = 0;
    size_t k = 0;
    assert_true(side <= sizeof used);
    memset(used, 0, sizeof used);
    for (;; k++) {
        while (mex < side && used[mex])
            mex++;
        if (k == cap || mex + d * k >= side || mex + d * k >= sizeof used)
            break;
        pa[k] = mex;
        pb[k] = mex + d * k;
        used[mex] = 1;
        used[mex + d * k] = 1;
    }
    return k;
}

/* The zeros of the table in the square are exactly the pairs and their
 * mirror images. */
static void check_zeros(const grundy_table *t, uint64_t side,
                        const uint64_t *pa, const uint64_t *pb, size_t np,
                        const char *what)
{
    uint64_t a, b, zeros = 0;
    size_t k;
    for (k = 0; k < np; k++)
        if (at(t, pa[k], pb[k]) != 0 || at(t, pb[k], pa[k]) != 0)
            fail_msg("%s: (%llu,%llu) has value %llu", what,
                     (unsigned long long)pa[k], (unsigned long long)pb[k],
                     (unsigned long long)at(t, pa[k], pb[k]));
    for (a = 0; a < side; a++)
        for (b = 0; b < side; b++)
            zeros += at(t, a, b) == 0;
    /* (0, 0) once, every other pair twice */
    if (zeros != 2 * np - 1)
        fail_msg("%s: %llu zeros in the square of side %llu, %zu pairs",
                 what, (unsigned long long)zeros, (unsigned long long)side,
                 np);
}

static void test_wythoff_p_positions(void **state)
{
    uint64_t side = LIGHT ? 700 : 2000, k, a, b;
    grundy_game *g = test_game("wythoff");
    grundy_values *v = test_values(g);
    const grundy_table *t = square(v, side);
    const grundy_rules *r = grundy_game_rules(g);
    const long double phi = (1.0L + sqrtl(5.0L)) / 2.0L;
    uint64_t *pa = malloc(side * sizeof *pa), *pb = malloc(side * sizeof *pb);
    size_t np;
    (void)state;
    assert_non_null(pa);
    assert_non_null(pb);
    np = mex_pairs(pa, pb, side, 1, side);
    assert_true(np > side / 3);
    /* floor(k phi), floor(k phi^2): floating point, the recurrence, and
     * the library's closed form agree */
    for (k = 0; k < np; k++) {
        uint64_t fa = (uint64_t)floorl((long double)k * phi),
                 fb = (uint64_t)floorl((long double)k * phi * phi);
        assert_true(grundy_twoheap_wythoff_p(&a, &b, k));
        if (fa != pa[k] || fb != pb[k] || a != fa || b != fb)
            fail_msg("k=%llu: floor %llu,%llu recurrence %llu,%llu closed "
                     "form %llu,%llu",
                     (unsigned long long)k, (unsigned long long)fa,
                     (unsigned long long)fb, (unsigned long long)pa[k],
                     (unsigned long long)pb[k], (unsigned long long)a,
                     (unsigned long long)b);
    }
    check_zeros(t, side, pa, pb, np, "wythoff");
    /* the value hook against every entry of the table: the closed form
     * at the zeros; elsewhere it answers from the rows of the short heap
     * (twoheap_rows.c) or, when the square is cheaper, leaves the value to
     * the table (twoheap.c, rows_win()) */
    for (a = 0; a < side; a++)
        for (b = 0; b < side; b++) {
            grundy_value x = 99;
            int known;
            /* every zero; a sample of the rest (each from scratch) */
            if (at(t, a, b) != 0 && (a * 7919 + b) % 997 != 0)
                continue;
            known = r->value(grundy_game_params(g), grundy_twoheap_pos(a, b),
                             &x);
            if ((at(t, a, b) == 0 && (!known || x != 0)) ||
                (known && x != at(t, a, b)))
                fail_msg("value hook at %llu,%llu: %d (%llu), table %llu",
                         (unsigned long long)a, (unsigned long long)b, known,
                         (unsigned long long)x,
                         (unsigned long long)at(t, a, b));
        }
    /* far out: floating point still exact for k <= 10^6 */
    for (k = 1000000; k > 0; k = k * 7 / 10) {
        uint64_t fa = (uint64_t)floorl((long double)k * phi);
        grundy_value x = 1;
        assert_true(grundy_twoheap_wythoff_p(&a, &b, k));
        assert_true(a == fa && b == fa + k);
        assert_int_equal(grundy_values_get(&x, v, grundy_twoheap_pos(b, a)),
                         GRUNDY_OK);
        assert_true(x == 0);
        assert_string_equal(grundy_values_source(v), "closed form");
    }
    /* the largest pair that fits, and the first that does not */
    k = 1640531526;
    assert_true(grundy_twoheap_wythoff_p(&a, &b, k));
    assert_true(b <= GRUNDY_PAIR_MAX);
    assert_false(grundy_twoheap_wythoff_p(&a, &b, k + 1));
    free(pa);
    free(pb);
    test_game_free(g);
}

/* twoheap:t/0,0/t,t/t,t/t+1,t+1/t,... : k from one heap and l from the
 * other with |k - l| < d. */
static void test_a_wythoff_p_positions(void **state)
{
    uint64_t d, side = LIGHT ? 150 : 400;
    (void)state;
    for (d = 1; d <= 4; d++) {
        char spec[256];
        uint64_t pa[400], pb[400], j;
        size_t np, len;
        grundy_game *g;
        len = (size_t)snprintf(spec, sizeof spec, "twoheap:t/0,0/t,t/t");
        for (j = 1; j < d; j++)
            len += (size_t)snprintf(spec + len, sizeof spec - len,
                                    ",t/t+%llu,t+%llu/t",
                                    (unsigned long long)j,
                                    (unsigned long long)j);
        g = test_game(spec);
        np = mex_pairs(pa, pb, 400, d, side);
        check_zeros(square(test_values(g), side), side, pa, pb, np, spec);
        test_game_free(g);
    }
}

/* Specs and positions ******************************************************/

static void test_twoheap_spec_errors(void **state)
{
    static const struct {
        const char *spec;
        unsigned long col;
    } bad[] = {
        {"wythoff:1", 9},
        {"twoheap", 8},
        {"twoheap:", 9},
        {"twoheap:x", 9},
        {"twoheap:t", 10},
        {"twoheap:t/", 11},
        {"twoheap:t/0,", 13},
        {"twoheap:t/0;0/t", 12},
        {"twoheap:0/0", 9},
        {"twoheap:0t/1", 9},
        {"twoheap:1/2@3", 12},
        {"twoheap:t/t@0", 13},
        {"twoheap:t/t@0..4", 13},
        {"twoheap:t/t@5..4", 13},
        {"twoheap:t/t@", 13},
        {"twoheap:t/t@x", 13},
        {"twoheap:t/t+", 13},
        {"twoheap:t/4294967296", 11},
        {"twoheap:t-3/0@2", 9},
        {"twoheap:0/t-1@1", 9},
        {"twoheap:t-1/t-1@1", 9},
        {"twoheap:t/0,5/t-7x", 18},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        grundy_game *g = (grundy_game *)1;
        grundy_parse_error e;
        grundy_status st;
        memset(&e, 0, sizeof e);
        st = grundy_game_new(&g, bad[i].spec, &e);
        if (st == GRUNDY_OK || e.col != bad[i].col || g != NULL || !e.msg[0])
            fail_msg("'%s': status %d col %lu msg '%s'", bad[i].spec, st,
                     e.col, e.msg);
    }
}

static void test_twoheap_canonical(void **state)
{
    static const struct {
        const char *spec, *canon;
    } ok[] = {
        {"wythoff", "wythoff"},
        {"twoheap:t/t,0/t,t/0", "twoheap:0/t,t/0,t/t"},
        {"twoheap:t/0,t/0,1t+0/0", "twoheap:t/0"},
        {"twoheap:t/0@1..,0/t@1..3", "twoheap:0/t@3,t/0"},
        {"twoheap:2t-1/t+3@4..9,1/2", "twoheap:1/2,2t-1/t+3@4..9"},
        {"twoheap:t/t@2..", "twoheap:t/t@2.."},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        char buf[128];
        grundy_game *g = test_game(ok[i].spec), *h;
        grundy_game_canonical_spec(g, buf, sizeof buf);
        assert_string_equal(buf, ok[i].canon);
        /* the canonical spec parses back to itself */
        h = test_game(buf);
        grundy_game_canonical_spec(h, buf, sizeof buf);
        assert_string_equal(buf, ok[i].canon);
        grundy_game_free(h);
        grundy_game_free(g);
    }
}

static void test_twoheap_positions(void **state)
{
    static const struct {
        const char *text;
        unsigned long col; /* 0: fine */
    } pos[] = {
        {"3,5", 0},      {"0,0", 0},  {"4294967295,4294967295", 0},
        {"3", 2},        {",5", 1},   {"3,", 3},
        {"3;5", 2},      {"x,5", 1},  {"3,5x", 4},
        {"4294967296,1", 1},          {"1,4294967296", 3},
        {"3,,5", 3},     {"", 1},     {" 3,5", 1},
        {"3x5", 2},      {"-3,5", 1},
    };
    grundy_game *g = test_game("wythoff");
    size_t i;
    (void)state;
    for (i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        grundy_parse_error e;
        grundy_pos p = 0;
        grundy_status st;
        char buf[64];
        memset(&e, 0, sizeof e);
        st = grundy_game_pos_parse(g, pos[i].text, strlen(pos[i].text), &p,
                                   &e);
        if (pos[i].col == 0) {
            assert_int_equal(st, GRUNDY_OK);
            grundy_game_pos_format(g, p, buf, sizeof buf);
            assert_string_equal(buf, pos[i].text);
        } else if (st == GRUNDY_OK || e.col != pos[i].col || !e.msg[0]) {
            fail_msg("'%s': status %d col %lu msg '%s'", pos[i].text, st,
                     e.col, e.msg);
        }
    }
    grundy_game_free(g);
}

/* The moves of a position: each vector once, and none that does not fit. */
static void test_twoheap_moves(void **state)
{
    grundy_game *g = test_game("twoheap:t/0,2t/0,0/t@2,1/1,t/t+1");
    grundy_move *mv = NULL;
    size_t cap = 0, n, i;
    char buf[64];
    /* t/0: 2,4 1,4 0,4; 2t/0: 1,4 again; 0/t@2: 3,3 3,2; 1/1: 2,3;
     * t/t+1: 2,2 1,1 0,0 */
    const char *want[] = {"0,4", "1,4", "2,4", "3,3", "3,2",
                          "2,3", "2,2", "1,1", "0,0"};
    (void)state;
    assert_int_equal(grundy_game_moves(g, grundy_twoheap_pos(3, 4), &mv,
                                       &cap, &n),
                     GRUNDY_OK);
    assert_int_equal(n, sizeof want / sizeof want[0]);
    for (i = 0; i < n; i++) {
        size_t j, found = 0;
        grundy_game_pos_format(g, mv[i].part[0], buf, sizeof buf);
        for (j = 0; j < n; j++)
            found += strcmp(buf, want[j]) == 0;
        if (found != 1)
            fail_msg("move to %s", buf);
    }
    free(mv);
    grundy_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_twoheap_pos_roundtrip,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_wythoff_published_values),
        cmocka_unit_test(test_nimhof_published_values),
        cmocka_unit_test(test_wythoff_p_positions),
        cmocka_unit_test(test_a_wythoff_p_positions),
        cmocka_unit_test(test_twoheap_spec_errors),
        cmocka_unit_test(test_twoheap_canonical),
        cmocka_unit_test(test_twoheap_positions),
        cmocka_unit_test(test_twoheap_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
