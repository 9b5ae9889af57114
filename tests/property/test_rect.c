/*
 * test_rect.c -- tier tabulation of boards against a direct game-tree
 * search.
 *
 * The oracle here lists moves by testing every rectangle cell by cell and
 * decides positions by win/loss search alone, with no Grundy values:
 *   - g(p) = v is confirmed by searching the sum "board p + a nim heap of
 *     v": it must be a loss, and p + a heap of h must be a win for every
 *     h < v (which is what the Grundy value means);
 *   - sums of two and three boards are searched over the combined
 *     position and compared with the XOR of the tabulated values.
 * Tables are also compared across thread counts, with the generic method
 * and with single-value computations, and known 4 x 4 facts are pinned.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/threads.h"
#include "test_support.h"

/* The oracle ****************************************************************/

/* Every rectangle r0 <= r1, c0 <= c1, checked cell by cell. */
static size_t oracle_children(uint64_t *out, unsigned R, unsigned C, uint64_t p)
{
    unsigned r0, r1, c0, c1, r, c;
    size_t k = 0;
    for (r0 = 0; r0 < R; r0++)
        for (r1 = r0; r1 < R; r1++)
            for (c0 = 0; c0 < C; c0++)
                for (c1 = c0; c1 < C; c1++) {
                    uint64_t m = 0;
                    int full = 1;
                    for (r = r0; r <= r1 && full; r++)
                        for (c = c0; c <= c1; c++) {
                            uint64_t bit = 1ull << (r * C + c);
                            if (!(p & bit)) {
                                full = 0;
                                break;
                            }
                            m |= bit;
                        }
                    if (full)
                        out[k++] = p & ~m;
                }
    return k;
}

#define HEAP_MAX 40

/* Board + nim heap, memo[p * (HEAP_MAX+1) + h]: 0 unknown, 1 loss, 2 win. */
typedef struct heap_search {
    unsigned R, C;
    unsigned char *memo;
} heap_search;

static int board_heap_wins(heap_search *s, uint64_t p, unsigned h)
{
    unsigned char *m = &s->memo[p * (HEAP_MAX + 1) + h];
    uint64_t ch[128];
    size_t n, i;
    unsigned k;
    int win = 0;
    if (*m)
        return *m == 2;
    n = oracle_children(ch, s->R, s->C, p);
    for (i = 0; i < n && !win; i++)
        if (!board_heap_wins(s, ch[i], h))
            win = 1;
    for (k = 0; k < h && !win; k++)
        if (!board_heap_wins(s, p, k))
            win = 1;
    *m = (unsigned char)(win ? 2 : 1);
    return win;
}

/* A sum of up to three boards, memo over the concatenated bits. */
typedef struct sum_search {
    unsigned k, R[3], C[3], shift[3];
    unsigned char *memo; /* 0 unknown, 1 loss, 2 win */
} sum_search;

static int sum_wins(sum_search *s, uint64_t key)
{
    uint64_t ch[128];
    unsigned i;
    int win = 0;
    if (s->memo[key])
        return s->memo[key] == 2;
    for (i = 0; i < s->k && !win; i++) {
        unsigned n = s->R[i] * s->C[i];
        uint64_t p = (key >> s->shift[i]) & ((1ull << n) - 1);
        size_t nc = oracle_children(ch, s->R[i], s->C[i], p), j;
        for (j = 0; j < nc && !win; j++)
            if (!sum_wins(s,
                          (key & ~(p << s->shift[i])) | ch[j] << s->shift[i]))
                win = 1;
    }
    s->memo[key] = (unsigned char)(win ? 2 : 1);
    return win;
}

/* Helpers *******************************************************************/

static grundy_game *rect_game(unsigned r, unsigned c)
{
    char spec[32];
    snprintf(spec, sizeof spec, "rect:%ux%u", r, c);
    return test_game(spec);
}

static grundy_table *make_table(const grundy_game *g, grundy_table_method m,
                                unsigned threads)
{
    grundy_limits o;
    grundy_table *t = NULL;
    grundy_limits_init(&o);
    o.threads = threads;
    assert_int_equal(grundy_table_new_method(&t, g, 0,
            m, &o), GRUNDY_OK);
    assert_int_equal(grundy_table_size(t), grundy_game_num_positions(g));
    return t;
}

static void assert_same_table(const grundy_table *a, const grundy_table *b,
                              const char *what)
{
    grundy_pos n = grundy_table_size(a), i, at_a, at_b;
    assert_int_equal(n, grundy_table_size(b));
    for (i = 0; i < n; i++)
        if (grundy_table_get(a, i) != grundy_table_get(b, i))
            fail_msg("%s: g(%llu) = %llu vs %llu", what, (unsigned long long)i,
                     (unsigned long long)grundy_table_get(a, i),
                     (unsigned long long)grundy_table_get(b, i));
    assert_int_equal(grundy_table_max(a, &at_a), grundy_table_max(b, &at_b));
    assert_int_equal(at_a, at_b);
}

/* max and its first position, by a scan. */
static void assert_max_by_scan(const grundy_table *t)
{
    grundy_pos n = grundy_table_size(t), i, at, scan_at = 0;
    grundy_value mx = grundy_table_max(t, &at), scan = 0;
    for (i = 0; i < n; i++)
        if (grundy_table_get(t, i) > scan) {
            scan = grundy_table_get(t, i);
            scan_at = i;
        }
    assert_int_equal(mx, scan);
    assert_int_equal(at, scan_at);
}

/* Tests *********************************************************************/

/* Every board of up to 9 cells (so every one up to 3x3 and 2x4), and
 * 3x4 / 4x3: each value confirmed by the board + heap search. */
static void test_tiers_match_search(void **state)
{
    unsigned r, c;
    (void)state;
    for (r = 1; r <= 9; r++)
        for (c = 1; c <= 9; c++) {
            unsigned n = r * c;
            grundy_game *g;
            grundy_table *t, *naive;
            heap_search hs;
            grundy_pos p;
            if (n > 9 && !(n == 12 && (r == 3 || r == 4)))
                continue;
            g = rect_game(r, c);
            t = make_table(g, GRUNDY_TABLE_AUTO, 0);
            naive = make_table(g, GRUNDY_TABLE_NAIVE, 0);
            assert_same_table(t, naive, "tiers vs naive");
            assert_max_by_scan(t);
            hs.R = r;
            hs.C = c;
            hs.memo = calloc(((size_t)1 << n) * (HEAP_MAX + 1), 1);
            assert_non_null(hs.memo);
            for (p = 0; p < ((grundy_pos)1 << n); p++) {
                grundy_value v = grundy_table_get(t, p);
                unsigned h;
                if (v >= HEAP_MAX || board_heap_wins(&hs, p, (unsigned)v))
                    fail_msg("rect:%ux%u p=%llu: g=%llu, but board + heap "
                             "%llu is not a loss",
                             r, c, (unsigned long long)p, (unsigned long long)v,
                             (unsigned long long)v);
                for (h = 0; h < v; h++)
                    if (!board_heap_wins(&hs, p, h))
                        fail_msg("rect:%ux%u p=%llu: g=%llu, but board + "
                                 "heap %u is a loss",
                                 r, c, (unsigned long long)p,
                                 (unsigned long long)v, h);
            }
            free(hs.memo);
            grundy_table_free(t);
            grundy_table_free(naive);
            grundy_game_free(g);
        }
}

/* Sums of two and three boards: the search over the combined position
 * against the XOR of the tables. */
static void test_sums_match_search(void **state)
{
    static const unsigned sizes[][2] = {{1, 1}, {1, 3}, {2, 2}, {2, 3}, {3, 2},
                                        {1, 6}, {3, 3}, {2, 4}, {4, 2}, {1, 5}};
    enum { NSIZES = sizeof sizes / sizeof sizes[0] };
    test_rng *rng = *state;
    grundy_game *games[NSIZES];
    grundy_table *tabs[NSIZES];
    size_t i;
    long it;
    for (i = 0; i < NSIZES; i++) {
        games[i] = rect_game(sizes[i][0], sizes[i][1]);
        tabs[i] = make_table(games[i], GRUNDY_TABLE_AUTO, 0);
    }
    for (it = 0; it < 400 * test_multiplier(); it++) {
        sum_search s;
        uint64_t key = 0, pos[3];
        grundy_value x = 0;
        unsigned total = 0, j, which[3];
        int win;
        s.k = 2 + (unsigned)test_rng_below(rng, 2);
        for (j = 0; j < s.k; j++) {
            unsigned n, dens, b;
            do
                which[j] = (unsigned)test_rng_below(rng, NSIZES);
            while (total + sizes[which[j]][0] * sizes[which[j]][1] > 20);
            s.R[j] = sizes[which[j]][0];
            s.C[j] = sizes[which[j]][1];
            n = s.R[j] * s.C[j];
            s.shift[j] = total;
            total += n;
            dens = (unsigned)test_rng_range(rng, 1, 4);
            pos[j] = 0;
            for (b = 0; b < n; b++)
                if (test_rng_below(rng, 4) < dens)
                    pos[j] |= 1ull << b;
            key |= pos[j] << s.shift[j];
            x ^= grundy_table_get(tabs[which[j]], pos[j]);
        }
        s.memo = calloc((size_t)1 << total, 1);
        assert_non_null(s.memo);
        win = sum_wins(&s, key);
        if (win != (x != 0))
            fail_msg("seed=%llu it=%ld: %u boards, search says %s, XOR of "
                     "values %llu",
                     (unsigned long long)test_seed(), it, s.k,
                     win ? "win" : "loss", (unsigned long long)x);
        free(s.memo);
    }
    for (i = 0; i < NSIZES; i++) {
        grundy_table_free(tabs[i]);
        grundy_game_free(games[i]);
    }
}

/* Known 4 x 4 facts: a single 1 has value 1, the full board 3. */
static void test_rect_4x4_known(void **state)
{
    grundy_game *g = test_game("rect:4x4");
    grundy_table *t = make_table(g, GRUNDY_TABLE_AUTO, 2);
    grundy_table *naive = make_table(g, GRUNDY_TABLE_NAIVE, 0);
    grundy_value v;
    unsigned i;
    (void)state;
    for (i = 0; i < 16; i++) {
        assert_int_equal(grundy_table_get(t, (grundy_pos)1 << i), 1);
        assert_int_equal(test_value_at(&v, g, (grundy_pos)1 << i, NULL),
                         GRUNDY_OK);
        assert_int_equal(v, 1);
    }
    assert_int_equal(grundy_table_get(t, 0xFFFF), 3);
    assert_int_equal(test_value_at(&v, g, 0xFFFF, NULL), GRUNDY_OK);
    assert_int_equal(v, 3);
    assert_int_equal(grundy_table_get(t, 0), 0);
    assert_same_table(t, naive, "rect:4x4 tiers vs naive");
    assert_max_by_scan(t);
    grundy_table_free(t);
    grundy_table_free(naive);
    grundy_game_free(g);
}

/* The table does not depend on the number of threads.  rect:17x1 has
 * no tier large enough to start threads; the others must start some. */
static void test_tiers_threads_agree(void **state)
{
    static const char *specs[] = {"rect:3x6", "rect:2x9", "rect:17x1"};
    static const int threaded[] = {1, 1, 0};
    static const unsigned threads[] = {2, 3, 7};
    size_t i, j;
    (void)state;
    for (i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        grundy_game *g = test_game(specs[i]);
        grundy_table *one = make_table(g, GRUNDY_TABLE_FAST, 1);
        assert_max_by_scan(one);
        for (j = 0; j < sizeof threads / sizeof threads[0]; j++) {
            uint64_t before = grundy_threads_started();
            grundy_table *t = make_table(g, GRUNDY_TABLE_FAST, threads[j]);
            char what[64];
            if (threaded[i] && grundy_threads_started() == before)
                fail_msg("%s, %u threads: no thread started", specs[i],
                         threads[j]);
            snprintf(what, sizeof what, "%s, 1 vs %u threads", specs[i],
                     threads[j]);
            assert_same_table(one, t, what);
            grundy_table_free(t);
        }
        grundy_table_free(one);
        grundy_game_free(g);
    }
}

/* grundy_value_at (subsets of p, or the whole table for nearly full
 * boards) against the table. */
static void test_value_at_matches_table(void **state)
{
    static const char *specs[] = {"rect:4x4", "rect:3x5", "rect:2x7",
                                  "rect:3x6"};
    test_rng *rng = *state;
    size_t i;
    for (i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        grundy_game *g = test_game(specs[i]);
        grundy_table *t = make_table(g, GRUNDY_TABLE_AUTO, 0);
        grundy_pos np = grundy_game_num_positions(g);
        long it, iters = (i == 3 ? 8 : 150) * test_multiplier();
        for (it = 0; it < iters; it++) {
            grundy_pos p = test_rng_below(rng, np);
            grundy_value v = 0;
            if (it == 0)
                p = np - 1;
            else if (it == 1)
                p = (np - 1) & ~(grundy_pos)4;
            else if (i == 3)
                p &= test_rng_below(rng, np); /* keep subsets small */
            assert_int_equal(test_value_at(&v, g, p, NULL), GRUNDY_OK);
            if (v != grundy_table_get(t, p))
                fail_msg("seed=%llu it=%ld %s p=%llu: value_at %llu, "
                         "table %llu",
                         (unsigned long long)test_seed(), it, specs[i],
                         (unsigned long long)p, (unsigned long long)v,
                         (unsigned long long)grundy_table_get(t, p));
        }
        grundy_table_free(t);
        grundy_game_free(g);
    }
}

/* A memory limit below the table is refused before allocating. */
static void test_tiers_mem_limit(void **state)
{
    grundy_game *g = test_game("rect:5x6");
    grundy_limits o;
    grundy_table *t = (grundy_table *)1;
    size_t est = 0;
    (void)state;
    assert_int_equal(grundy_table_estimate(&est, g, 0), GRUNDY_OK);
    assert_true(est >= ((size_t)1 << 30) && est < ((size_t)1 << 30) + 65536);
    grundy_limits_init(&o);
    o.mem_limit = (size_t)1 << 20;
    assert_int_equal(grundy_table_new(&t, g, 0, &o), GRUNDY_ERR_LIMIT);
    assert_null(t);
    grundy_game_free(g);
}

/* Other board families go through their moves(): a row of cells where a
 * move clears one 1 or two adjacent 1s (Kayles on cells), on N cells but
 * only positions below LIMIT (not a power of two). */
typedef struct row_params {
    unsigned cells;
    grundy_pos limit;
} row_params;

static grundy_status row_parse(void **params, const char *args,
                               grundy_parse_error *where)
{
    static row_params rp = {16, 50000};
    (void)args;
    (void)where;
    *params = &rp;
    return GRUNDY_OK;
}

static grundy_pos row_num_positions(const void *params)
{
    return ((const row_params *)params)->limit;
}

static size_t row_max_moves(const void *params, grundy_pos p)
{
    (void)p;
    return 2 * ((const row_params *)params)->cells;
}

static size_t row_moves(const void *params, grundy_pos p, grundy_move *out,
                        size_t cap)
{
    const row_params *rp = params;
    size_t k = 0;
    unsigned i;
    for (i = 0; i < rp->cells; i++) {
        grundy_pos one = (grundy_pos)1 << i, two = (grundy_pos)3 << i;
        if ((p & one) && k < cap) {
            out[k].part[0] = p & ~one;
            out[k++].nparts = 1;
        }
        if (i + 1 < rp->cells && (p & two) == two && k < cap) {
            out[k].part[0] = p & ~two;
            out[k++].nparts = 1;
        }
    }
    return k;
}

/* A broken "board": its move keeps the number of 1s. */
static size_t shift_moves(const void *params, grundy_pos p, grundy_move *out,
                          size_t cap)
{
    (void)params;
    if (!(p & 1) && p && cap) {
        out[0].part[0] = p >> 1;
        out[0].nparts = 1;
        return 1;
    }
    return 0;
}

static void test_tiers_generic_board(void **state)
{
    static const grundy_rules row = {
        .name = "test-row",
        .synopsis = "test-row",
        .flags = GRUNDY_RULES_BOARD,
        .parse = row_parse,
        .num_positions = row_num_positions,
        .max_moves = row_max_moves,
        .moves = row_moves,
    };
    static const grundy_rules shift = {
        .name = "test-shift",
        .synopsis = "test-shift",
        .flags = GRUNDY_RULES_BOARD,
        .parse = row_parse,
        .num_positions = row_num_positions,
        .max_moves = row_max_moves,
        .moves = shift_moves,
    };
    grundy_game *g = NULL, *bad = NULL;
    grundy_table *fast1, *fast2, *naive, *t = NULL;
    grundy_limits o;
    (void)state;
    assert_int_equal(grundy_game_new_rules(&g, &row, NULL, NULL), GRUNDY_OK);
    fast1 = make_table(g, GRUNDY_TABLE_FAST, 1);
    fast2 = make_table(g, GRUNDY_TABLE_FAST, 2);
    naive = make_table(g, GRUNDY_TABLE_NAIVE, 0);
    assert_same_table(fast1, naive, "test-row tiers vs naive");
    assert_same_table(fast2, naive, "test-row 2 threads vs naive");
    assert_int_equal(grundy_table_size(fast1), 50000);
    grundy_table_free(fast1);
    grundy_table_free(fast2);
    grundy_table_free(naive);

    assert_int_equal(grundy_game_new_rules(&bad, &shift, NULL, NULL),
                     GRUNDY_OK);
    grundy_limits_init(&o);
    o.threads = 2;
    assert_int_equal(grundy_table_new_method(&t, bad, 0,
            GRUNDY_TABLE_FAST, &o), GRUNDY_ERR_ARG);
    assert_null(t);
    grundy_game_free(g);
    grundy_game_free(bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiers_match_search),
        cmocka_unit_test_setup_teardown(test_sums_match_search, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test(test_rect_4x4_known),
        cmocka_unit_test(test_tiers_threads_agree),
        cmocka_unit_test_setup_teardown(test_value_at_matches_table,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_tiers_mem_limit),
        cmocka_unit_test(test_tiers_generic_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
