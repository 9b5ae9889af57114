/*
 * test_board_narrow.c -- the plain memo of Cram parts on boards of at
 * most 4 rows (src/board/narrow.c) against the direct win/loss search
 * and against the board search.
 *
 *   - random positions of boards of 1 to 4 rows and at most 30 cells:
 *     the memo's value against the direct search of "position + Nim
 *     heap" (tests/support/board_oracle.c), which knows nothing of
 *     parts, keys or mirrors;
 *   - random positions of 3- and 4-row boards of up to 192 cells: the
 *     memo against the pruned board search (at 64, 128 or 256 bits);
 *   - the empty boards of 1 to 4 rows, as many columns as the memo
 *     finishes in a moment, against the board search;
 *   - boards out of range are refused.
 * Every failure names the seed.  The sanitizer build runs fewer cases.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/narrow.h"
#include "board_oracle.h"
#include "test_support.h"

#define MAXW 4 /* words of a position: 256 cells */

/* A random position of rows x cols: each cell empty with probability
 * num/16. */
static void random_position(test_rng *rng, unsigned rows, unsigned cols,
                            unsigned num, uint64_t *p)
{
    unsigned i;
    memset(p, 0, MAXW * sizeof *p);
    for (i = 0; i < rows * cols; i++)
        if (test_rng_below(rng, 16) < num)
            p[i / 64] |= 1ull << (i % 64);
}

static unsigned memo_value(unsigned rows, unsigned cols, const uint64_t *p,
                           long it)
{
    unsigned v = 0;
    grundy_status s =
        grundy_narrow_cram_value(&v, rows, cols, p, (size_t)1 << 30, NULL);
    if (s != GRUNDY_OK)
        fail_msg("seed=%llu it=%ld %ux%u: the memo fails: %s",
                 (unsigned long long)test_seed(), it, rows, cols,
                 grundy_strerror(s));
    return v;
}

/* The board search's value of position p of cram:RxC. */
static grundy_value search_value(const grundy_game *g, grundy_board *b,
                                 unsigned rows, unsigned cols,
                                 const uint64_t *p, long it)
{
    char text[MAXW * 64 + 64];
    unsigned i, k = 0;
    grundy_parse_error e;
    grundy_pos pos;
    grundy_value v = 0;
    grundy_status s;
    for (i = 0; i < rows * cols; i++) {
        if (i && i % cols == 0)
            text[k++] = '/';
        text[k++] = (char)('0' + (p[i / 64] >> (i % 64) & 1u));
    }
    text[k] = 0;
    memset(&e, 0, sizeof e);
    if (grundy_game_pos_parse(g, text, k, &pos, &e) != GRUNDY_OK)
        fail_msg("seed=%llu it=%ld cram:%ux%u %s: %s",
                 (unsigned long long)test_seed(), it, rows, cols, text,
                 e.msg);
    s = grundy_board_value(&v, b, pos);
    if (s != GRUNDY_OK)
        fail_msg("seed=%llu it=%ld cram:%ux%u %s: the search fails: %s",
                 (unsigned long long)test_seed(), it, rows, cols, text,
                 grundy_strerror(s));
    return v;
}

static void test_memo_against_oracle(void **state)
{
    test_rng *rng = *state;
    long it, n = test_iters(400);
    for (it = 0; it < n; it++) {
        unsigned rows = (unsigned)test_rng_range(rng, 1, 4);
        unsigned maxc = (rows == 1 ? 30 : rows == 2 ? 13 : rows == 3 ? 8 : 6);
        unsigned cols = (unsigned)test_rng_range(rng, 1, maxc);
        unsigned num = (unsigned)test_rng_range(rng, 9, 16);
        uint64_t p[MAXW];
        oracle_grid og;
        oracle_memo *m;
        unsigned v;
        random_position(rng, rows, cols, num, p);
        v = memo_value(rows, cols, p, it);
        og.rows = rows;
        og.cols = cols;
        m = oracle_memo_new(oracle_moves_cram, &og);
        assert_non_null(m);
        if (!oracle_value_is(m, p[0], v))
            fail_msg("seed=%llu it=%ld cram:%ux%u p=%llx: the memo says %u, "
                     "the direct search disagrees",
                     (unsigned long long)test_seed(), it, rows, cols,
                     (unsigned long long)p[0], v);
        oracle_memo_free(m);
    }
}

static void test_memo_against_search(void **state)
{
    test_rng *rng = *state;
    long it, n = test_iters(60);
    for (it = 0; it < n; it++) {
        unsigned rows = (unsigned)test_rng_range(rng, 3, 4);
        unsigned cols = (unsigned)test_rng_range(rng, 4, rows == 3 ? 64 : 48);
        /* dense up to 3 x 7 and 4 x 5 */
        /* denser on short boards, sparser on long ones: the memo keeps
         * every part it reaches */
        unsigned num = cols <= 13 - 2 * rows
                           ? (unsigned)test_rng_range(rng, 10, 16)
                           : (unsigned)test_rng_range(rng, 6, 8);
        char spec[32];
        grundy_game *g;
        grundy_board *b = NULL;
        uint64_t p[MAXW];
        unsigned v;
        grundy_value w;
        snprintf(spec, sizeof spec, "cram:%ux%u", rows, cols);
        g = test_game(spec);
        assert_int_equal(grundy_board_new(&b, g, NULL), GRUNDY_OK);
        random_position(rng, rows, cols, num, p);
        v = memo_value(rows, cols, p, it);
        w = search_value(g, b, rows, cols, p, it);
        if (w != v)
            fail_msg("seed=%llu it=%ld %s: the memo says %u, the search "
                     "%llu",
                     (unsigned long long)test_seed(), it, spec, v,
                     (unsigned long long)w);
        grundy_board_free(b);
        grundy_game_free(g);
    }
}

static void test_empty_boards(void **state)
{
    static const unsigned most[5] = {0, 40, 12, 8, 6};
    unsigned rows, cols;
    (void)state;
    for (rows = 1; rows <= 4; rows++)
        for (cols = 1; cols <= most[rows]; cols++) {
            char spec[32];
            grundy_game *g;
            grundy_board *b = NULL;
            uint64_t p[MAXW];
            unsigned i, v;
            grundy_value w;
            if (test_light() && rows * cols > 24)
                continue;
            snprintf(spec, sizeof spec, "cram:%ux%u", rows, cols);
            g = test_game(spec);
            assert_int_equal(grundy_board_new(&b, g, NULL), GRUNDY_OK);
            memset(p, 0, sizeof p);
            for (i = 0; i < rows * cols; i++)
                p[i / 64] |= 1ull << (i % 64);
            v = memo_value(rows, cols, p, 0);
            w = search_value(g, b, rows, cols, p, 0);
            if (w != v)
                fail_msg("%s: the memo says %u, the search %llu", spec, v,
                         (unsigned long long)w);
            grundy_board_free(b);
            grundy_game_free(g);
        }
}

static void test_refused(void **state)
{
    uint64_t p[MAXW] = {~0ull, ~0ull, ~0ull, ~0ull};
    unsigned v = 7;
    grundy_narrow_stats st;
    (void)state;
    assert_int_equal(grundy_narrow_cram_value(&v, 0, 4, p, 0, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_narrow_cram_value(&v, 5, 4, p, 0, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_narrow_cram_value(&v, 3, 65, p, 0, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_narrow_cram_value(&v, 3, 0, p, 0, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(v, 7);
    /* a memo of 64 KiB cannot hold the parts of the empty 3 x 12 board */
    assert_int_equal(grundy_narrow_cram_value(&v, 3, 12, p, 65536, &st),
                     GRUNDY_ERR_LIMIT);
    assert_int_equal(v, 7);
    /* and the same board with room gives its value and its counts */
    assert_int_equal(grundy_narrow_cram_value(&v, 3, 6, p, 0, &st),
                     GRUNDY_OK);
    assert_true(st.parts > 10);
    assert_true(st.children >= st.parts);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_memo_against_oracle,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_memo_against_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_empty_boards),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
