/*
 * test_rect.c -- the rect:RxC family: spec parsing and its error columns,
 * the position syntax both ways, and the move generator against a plain
 * scan of every rectangle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static void test_rect_spec_ok(void **state)
{
    static const struct {
        const char *spec;
        unsigned rows, cols;
    } ok[] = {{"rect:4x4", 4, 4},   {"rect:1x1", 1, 1}, {"rect:1x30", 1, 30},
              {"rect:30x1", 30, 1}, {"rect:5x6", 5, 6}, {"rect:06x5", 6, 5}};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        grundy_game *g = test_game(ok[i].spec);
        const grundy_rect_params *rp = grundy_game_params(g);
        assert_ptr_equal(grundy_game_rules(g), &grundy_rules_rect);
        assert_int_equal(rp->rows, ok[i].rows);
        assert_int_equal(rp->cols, ok[i].cols);
        assert_int_equal(grundy_game_num_positions(g),
                         (grundy_pos)1 << (ok[i].rows * ok[i].cols));
        grundy_game_free(g);
    }
}

static void test_rect_spec_errors(void **state)
{
    static const struct {
        const char *spec;
        grundy_status st;
        unsigned long col;
    } bad[] = {
        {"rect", GRUNDY_ERR_PARSE, 5},      {"rect:", GRUNDY_ERR_PARSE, 6},
        {"rect:4", GRUNDY_ERR_PARSE, 7},    {"rect:4x", GRUNDY_ERR_PARSE, 8},
        {"rect:x4", GRUNDY_ERR_PARSE, 6},   {"rect:4y4", GRUNDY_ERR_PARSE, 7},
        {"rect:4x4z", GRUNDY_ERR_PARSE, 9}, {"rect:0x4", GRUNDY_ERR_RANGE, 6},
        {"rect:4x0", GRUNDY_ERR_RANGE, 8},  {"rect:4x31", GRUNDY_ERR_RANGE, 8},
        {"rect:6x6", GRUNDY_ERR_RANGE, 6},  {"rect:-1x4", GRUNDY_ERR_PARSE, 6},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        grundy_game *g = (grundy_game *)1;
        grundy_parse_error e;
        grundy_status st;
        memset(&e, 0, sizeof e);
        st = grundy_game_new(&g, bad[i].spec, &e);
        if (st != bad[i].st || e.col != bad[i].col || g != NULL || !e.msg[0])
            fail_msg("'%s': status %d col %lu msg '%s'", bad[i].spec, st, e.col,
                     e.msg);
    }
}

/* Bit r*C + c is row r, column c: the first character is bit 0. */
static void test_rect_pos_bit_order(void **state)
{
    grundy_game *g = test_game("rect:2x3");
    grundy_pos p = 99;
    char buf[16];
    (void)state;
    assert_int_equal(grundy_game_pos_parse(g, "100/000", 7, &p, NULL),
                     GRUNDY_OK);
    assert_int_equal(p, 1);
    assert_int_equal(grundy_game_pos_parse(g, "000/001", 7, &p, NULL),
                     GRUNDY_OK);
    assert_int_equal(p, 1u << 5);
    assert_int_equal(grundy_game_pos_parse(g, "010/100", 7, &p, NULL),
                     GRUNDY_OK);
    assert_int_equal(p, (1u << 1) | (1u << 3));
    assert_int_equal(grundy_game_pos_format(g, 0x3F, buf, sizeof buf), 7);
    assert_string_equal(buf, "111/111");
    /* snprintf semantics: truncated but NUL-terminated. */
    assert_int_equal(grundy_game_pos_format(g, 1, buf, 4), 7);
    assert_string_equal(buf, "100");
    grundy_game_free(g);
}

static void test_rect_pos_round_trip(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 2000 * test_multiplier(); it++) {
        unsigned r = (unsigned)test_rng_range(rng, 1, 6), c, n;
        char spec[32], buf[64];
        grundy_game *g;
        grundy_pos p, q = 0;
        size_t len;
        c = (unsigned)test_rng_range(rng, 1, 30 / r);
        n = r * c;
        snprintf(spec, sizeof spec, "rect:%ux%u", r, c);
        g = test_game(spec);
        p = test_rng_below(rng, (grundy_pos)1 << n);
        len = grundy_game_pos_format(g, p, buf, sizeof buf);
        if (len != (size_t)r * (c + 1) - 1 || strlen(buf) != len ||
            grundy_game_pos_parse(g, buf, len, &q, NULL) != GRUNDY_OK || q != p)
            fail_msg("seed=%llu it=%ld %s p=%llu text '%s' back %llu",
                     (unsigned long long)test_seed(), it, spec,
                     (unsigned long long)p, buf, (unsigned long long)q);
        grundy_game_free(g);
    }
}

static void test_rect_pos_errors(void **state)
{
    static const struct {
        const char *text;
        unsigned long col;
    } bad[] = {
        {"", 1},                      /* row 1 has 0 cells */
        {"1111/1101/1110", 15},       /* 3 rows */
        {"1111/1101/1110/1111/", 20}, /* more than 4 rows */
        {"1111/1101/1110/1111/0000", 20},
        {"111/1101/1110/1111", 4},   /* row 1 too short */
        {"11111/1101/1110/1111", 5}, /* row 1 too long */
        {"1111/1121/1110/1111", 8},  /* not 0/1 */
        {"1111/1101/1110/111 ", 19},
        {"1111//1110/1111", 6},
        {"1111/1101/1110/111", 19}, /* last row short: at the end */
    };
    grundy_game *g = test_game("rect:4x4");
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        grundy_parse_error e;
        grundy_pos p;
        grundy_status st;
        memset(&e, 0, sizeof e);
        st = grundy_game_pos_parse(g, bad[i].text, strlen(bad[i].text), &p, &e);
        if (st != GRUNDY_ERR_PARSE || e.col != bad[i].col || !e.msg[0])
            fail_msg("'%s': status %d col %lu (want %lu) msg '%s'", bad[i].text,
                     st, e.col, bad[i].col, e.msg);
    }
    grundy_game_free(g);
}

/* Every rectangle r0 <= r1, c0 <= c1, checked cell by cell. */
static size_t brute_children(uint64_t *out, unsigned R, unsigned C, uint64_t p)
{
    unsigned r0, r1, c0, c1, r, c;
    size_t k = 0;
    for (r0 = 0; r0 < R; r0++)
        for (r1 = r0; r1 < R; r1++)
            for (c0 = 0; c0 < C; c0++)
                for (c1 = c0; c1 < C; c1++) {
                    uint64_t m = 0;
                    int full = 1;
                    for (r = r0; r <= r1; r++)
                        for (c = c0; c <= c1; c++) {
                            uint64_t bit = 1ull << (r * C + c);
                            if (!(p & bit))
                                full = 0;
                            m |= bit;
                        }
                    if (full)
                        out[k++] = p & ~m;
                }
    return k;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void test_rect_moves_match_scan(void **state)
{
    test_rng *rng = *state;
    long it;
    static uint64_t want[GRUNDY_RECT_MAX_MOVES], got[GRUNDY_RECT_MAX_MOVES];
    for (it = 0; it < 3000 * test_multiplier(); it++) {
        unsigned r = (unsigned)test_rng_range(rng, 1, 30), c, n, dens;
        uint64_t p = 0;
        size_t nw, ng, i;
        c = (unsigned)test_rng_range(rng, 1, 30 / r);
        n = r * c;
        /* Mostly dense boards: they have the most rectangles. */
        dens = (unsigned)test_rng_range(rng, 1, 16);
        for (i = 0; i < n; i++)
            if (test_rng_below(rng, 16) < dens)
                p |= 1ull << i;
        if (it == 0) {
            r = 1;
            c = 30;
            p = (1ull << 30) - 1; /* the most moves of all */
        }
        nw = brute_children(want, r, c, p);
        ng = grundy_rect_children(got, r, c, p);
        qsort(want, nw, sizeof *want, cmp_u64);
        qsort(got, ng, sizeof *got, cmp_u64);
        if (nw != ng || memcmp(want, got, nw * sizeof *want) != 0)
            fail_msg("seed=%llu it=%ld %ux%u p=%llx: %zu moves, scan %zu",
                     (unsigned long long)test_seed(), it, r, c,
                     (unsigned long long)p, ng, nw);
        for (i = 1; i < ng; i++)
            assert_true(got[i] != got[i - 1]);
        if (it == 0)
            assert_int_equal(ng, GRUNDY_RECT_MAX_MOVES);
    }
}

/* The family's moves() and max_moves() agree with the children. */
static void test_rect_game_moves(void **state)
{
    grundy_game *g = test_game("rect:3x3");
    grundy_move *mv = NULL;
    size_t cap = 0, n, i;
    grundy_pos p;
    uint64_t want[GRUNDY_RECT_MAX_MOVES];
    (void)state;
    for (p = 0; p < 512; p++) {
        size_t nw = brute_children(want, 3, 3, p);
        assert_int_equal(grundy_game_moves(g, p, &mv, &cap, &n), GRUNDY_OK);
        assert_int_equal(n, nw);
        assert_true(n <=
                    grundy_game_rules(g)->max_moves(grundy_game_params(g), p));
        for (i = 0; i < n; i++) {
            assert_int_equal(mv[i].nparts, 1);
            assert_true((mv[i].part[0] & ~p) == 0 && mv[i].part[0] != p);
        }
    }
    /* The empty board has no move; the full one 36. */
    assert_int_equal(grundy_game_moves(g, 0, &mv, &cap, &n), GRUNDY_OK);
    assert_int_equal(n, 0);
    assert_int_equal(grundy_game_moves(g, 511, &mv, &cap, &n), GRUNDY_OK);
    assert_int_equal(n, 36);
    free(mv);
    grundy_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rect_spec_ok),
        cmocka_unit_test(test_rect_spec_errors),
        cmocka_unit_test(test_rect_pos_bit_order),
        cmocka_unit_test_setup_teardown(test_rect_pos_round_trip,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_rect_pos_errors),
        cmocka_unit_test_setup_teardown(test_rect_moves_match_scan,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_rect_game_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
