/*
 * test_chomp.c -- Chomp's numbering of positions, against diagrams listed
 * here from the rules (tests/support/chomp_oracle.c): on every board of up
 * to 256 squares with few enough diagrams, each diagram, in the order of
 * squares then bit mask, is the position its text names, its text reads
 * back, and its moves are the ones the rules give, all of smaller number;
 * on the largest boards the same for random diagrams, with the order
 * checked pair by pair; the transpose of a square board's diagram (orbit,
 * key); and the errors: boards past 256 squares, bad ROWS, positions out
 * of range, drawings past 64 squares.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chomp_oracle.h"
#include "test_support.h"

#if defined(__SANITIZE_ADDRESS__)
#define LIGHT 1
#else
#define LIGHT 0
#endif

/* Boards listed whole up to this many diagrams, their moves checked at
 * every position up to the second. */
#define LIST_MAX (LIGHT ? 2000 : 20000)
#define MOVES_ALL_MAX (LIGHT ? 300 : 3000)

static grundy_game *chomp_game(unsigned rows, unsigned cols)
{
    char spec[48];
    snprintf(spec, sizeof spec, "chomp:%ux%u", rows, cols);
    return test_game(spec);
}

static grundy_pos pos_of(const grundy_game *g, const uint16_t *len,
                         unsigned rows)
{
    char text[1100];
    grundy_parse_error e;
    grundy_pos p = 0;
    grundy_status s;
    chomp_text(text, sizeof text, len, rows);
    memset(&e, 0, sizeof e);
    s = grundy_game_pos_parse(g, text, strlen(text), &p, &e);
    if (s != GRUNDY_OK)
        fail_msg("seed=%llu %s '%s': %s at column %lu",
                 (unsigned long long)test_seed(), grundy_game_spec(g), text,
                 e.msg, e.col);
    return p;
}

static void check_text(const grundy_game *g, grundy_pos p, const uint16_t *len,
                       unsigned rows)
{
    char want[1100], got[1100];
    chomp_text(want, sizeof want, len, rows);
    if (grundy_game_pos_format(g, p, got, sizeof got) != strlen(want) ||
        strcmp(got, want) != 0)
        fail_msg("seed=%llu %s position %llu: '%s', not '%s'",
                 (unsigned long long)test_seed(), grundy_game_spec(g),
                 (unsigned long long)p, got, want);
}

static int cmp_pos(const void *a, const void *b)
{
    grundy_pos x = *(const grundy_pos *)a, y = *(const grundy_pos *)b;
    return (x > y) - (x < y);
}

/* The moves of p are the positions of the rules' moves of its diagram,
 * each of a smaller number (the moves and children hooks). */
static void check_moves(const grundy_game *g, grundy_pos p, const uint16_t *len,
                        unsigned rows)
{
    const grundy_rules *r = grundy_game_rules(g);
    const void *params = grundy_game_params(g);
    unsigned sq = chomp_squares(len, rows);
    uint16_t *kids = malloc((size_t)sq * rows * sizeof *kids);
    grundy_pos *want = malloc(sq * sizeof *want),
               *got = malloc(sq * sizeof *got);
    grundy_move *mv = NULL;
    size_t cap = 0, n, k, nm;
    assert_non_null(kids);
    assert_non_null(want);
    assert_non_null(got);
    n = chomp_moves_of(kids, len, rows);
    for (k = 0; k < n; k++)
        want[k] = pos_of(g, kids + k * rows, rows);
    qsort(want, n, sizeof *want, cmp_pos);
    assert_int_equal(r->max_moves(params, p), sq - 1);
    assert_int_equal(r->children(params, p, got, sq), n);
    qsort(got, n, sizeof *got, cmp_pos);
    assert_int_equal(grundy_game_moves(g, p, &mv, &cap, &nm), GRUNDY_OK);
    assert_int_equal(nm, n);
    for (k = 0; k < n; k++) {
        if (got[k] != want[k] || want[k] >= p)
            fail_msg("seed=%llu %s position %llu: child %llu, the rules "
                     "say %llu",
                     (unsigned long long)test_seed(), grundy_game_spec(g),
                     (unsigned long long)p, (unsigned long long)got[k],
                     (unsigned long long)want[k]);
        assert_int_equal(mv[k].nparts, 1);
        got[k] = mv[k].part[0];
    }
    qsort(got, n, sizeof *got, cmp_pos);
    assert_memory_equal(got, want, n * sizeof *got);
    free(mv);
    free(kids);
    free(want);
    free(got);
}

/* Square boards: the transpose is the one image (orbit), and the key is
 * the smaller of the two numbers. */
static void check_transpose(const grundy_game *g, grundy_pos p,
                            const uint16_t *len, unsigned n)
{
    const grundy_rules *r = grundy_game_rules(g);
    const void *params = grundy_game_params(g);
    uint16_t t[CHOMP_ORACLE_MAX_ROWS];
    grundy_pos tp, img[GRUNDY_MAX_ORBIT];
    uint64_t key[2];
    size_t ni;
    chomp_transpose(t, len, n);
    tp = pos_of(g, t, n);
    ni = r->orbit(params, p, img, GRUNDY_MAX_ORBIT);
    r->key(params, p, key);
    if (ni != (tp != p) || (ni && img[0] != tp) ||
        key[0] != (tp < p ? tp : p) || key[1] != 0)
        fail_msg("seed=%llu %s position %llu: transpose %llu, orbit %zu "
                 "(%llu), key %llu",
                 (unsigned long long)test_seed(), grundy_game_spec(g),
                 (unsigned long long)p, (unsigned long long)tp, ni,
                 (unsigned long long)(ni ? img[0] : 0),
                 (unsigned long long)key[0]);
}

/* Every diagram of an R x C board, listed ----------------------------------*/

typedef struct listing {
    unsigned rows, cols;
    size_t n, cap;
    uint16_t *len; /* n diagrams of rows entries */
} listing;

static void list_from(listing *l, uint16_t *cur, unsigned r, unsigned max)
{
    unsigned x;
    if (r == l->rows) {
        if (l->n == l->cap) {
            l->cap = l->cap ? 2 * l->cap : 256;
            l->len = realloc(l->len, l->cap * l->rows * sizeof *l->len);
            assert_non_null(l->len);
        }
        memcpy(l->len + l->n++ * l->rows, cur, l->rows * sizeof *cur);
        return;
    }
    for (x = r == 0 ? 1 : 0; x <= max; x++) {
        cur[r] = (uint16_t)x;
        list_from(l, cur, r + 1, x);
    }
}

/* A diagram's place in the order: squares, then mask. */
typedef struct sort_key {
    unsigned squares;
    uint64_t w[4];
    size_t at; /* in the listing */
} sort_key;

static int cmp_key(const void *a, const void *b)
{
    const sort_key *x = a, *y = b;
    int i;
    if (x->squares != y->squares)
        return x->squares < y->squares ? -1 : 1;
    for (i = 3; i >= 0; i--)
        if (x->w[i] != y->w[i])
            return x->w[i] < y->w[i] ? -1 : 1;
    return 0;
}

/* The number of diagrams, C(R + C, R) - 1, or SIZE_MAX past max. */
static size_t count_diagrams(unsigned r, unsigned c, size_t max)
{
    uint64_t b = 1;
    unsigned i;
    for (i = 1; i <= r; i++) {
        b = b * (c + i) / i;
        if (b > max + 1)
            return SIZE_MAX;
    }
    return (size_t)b - 1;
}

static void test_chomp_every_diagram_in_order(void **state)
{
    test_rng *rng = *state;
    unsigned r, c, boards = 0;
    size_t total = 0;
    for (r = 1; r <= 256; r++)
        for (c = 1; r * c <= 256; c++) {
            size_t n = count_diagrams(r, c, LIST_MAX), k;
            listing l = {r, c, 0, 0, NULL};
            uint16_t cur[CHOMP_ORACLE_MAX_ROWS];
            sort_key *keys;
            grundy_game *g;
            if (n == SIZE_MAX)
                continue;
            g = chomp_game(r, c);
            list_from(&l, cur, 0, c);
            assert_int_equal(l.n, n);
            assert_int_equal(grundy_game_num_positions(g), n);
            keys = malloc(n * sizeof *keys);
            assert_non_null(keys);
            for (k = 0; k < n; k++) {
                keys[k].squares = chomp_squares(l.len + k * r, r);
                chomp_mask(keys[k].w, l.len + k * r, r, c);
                keys[k].at = k;
            }
            qsort(keys, n, sizeof *keys, cmp_key);
            for (k = 0; k < n; k++) {
                const uint16_t *d = l.len + keys[k].at * r;
                grundy_pos p = pos_of(g, d, r);
                if (p != k)
                    fail_msg("seed=%llu chomp:%ux%u: diagram %zu of the "
                             "order is position %llu",
                             (unsigned long long)test_seed(), r, c, k,
                             (unsigned long long)p);
                check_text(g, p, d, r);
                if (n <= MOVES_ALL_MAX || test_rng_below(rng, n / 64) == 0)
                    check_moves(g, p, d, r);
                if (r == c)
                    check_transpose(g, p, d, r);
            }
            free(l.len);
            free(keys);
            grundy_game_free(g);
            boards++;
            total += n;
        }
    print_message("%u boards, %zu diagrams\n", boards, total);
}

/* Random diagrams of the largest boards ------------------------------------*/

static void test_chomp_random_diagrams(void **state)
{
    static const unsigned dims[][2] = {
        {16, 16}, {15, 17}, {17, 15}, {12, 21}, {21, 12}, {8, 32},
        {32, 8},  {5, 51},  {51, 5},  {4, 64},  {64, 4},  {2, 128},
        {128, 2}, {1, 256}, {256, 1}, {9, 8},   {10, 25}};
    test_rng *rng = *state;
    long iters = (LIGHT ? 60 : 400) * test_multiplier(), it;
    size_t i;
    for (i = 0; i < sizeof dims / sizeof dims[0]; i++) {
        unsigned R = dims[i][0], C = dims[i][1];
        grundy_game *g = chomp_game(R, C);
        grundy_pos np = grundy_game_num_positions(g), prev = 0, p;
        uint16_t a[CHOMP_ORACLE_MAX_ROWS], b[CHOMP_ORACLE_MAX_ROWS];
        memset(b, 0, sizeof b);
        b[0] = 1; /* the poisoned square alone: position 0 */
        assert_int_equal(pos_of(g, b, R), 0);
        for (it = 0; it < iters; it++) {
            /* a random size, then sizes near the ends */
            unsigned sq = it % 4 == 0 ? R * C - (unsigned)test_rng_below(rng, 4)
                          : it % 4 == 1
                              ? 1 + (unsigned)test_rng_below(rng, 8)
                              : 1 + (unsigned)test_rng_below(rng, R * C);
            int o, want;
            chomp_random(a, R, C, sq, rng);
            p = pos_of(g, a, R);
            if (p >= np)
                fail_msg("seed=%llu chomp:%ux%u it=%ld: position %llu of "
                         "%llu",
                         (unsigned long long)test_seed(), R, C, it,
                         (unsigned long long)p, (unsigned long long)np);
            check_text(g, p, a, R);
            /* the order against the diagram before */
            o = chomp_order(a, b, R, C);
            want = (p > prev) - (p < prev);
            if ((o > 0) - (o < 0) != want)
                fail_msg("seed=%llu chomp:%ux%u it=%ld: positions %llu and "
                         "%llu against the order of their diagrams",
                         (unsigned long long)test_seed(), R, C, it,
                         (unsigned long long)p, (unsigned long long)prev);
            if (it % 4 != 0 || R * C <= 128)
                check_moves(g, p, a, R);
            if (R == C)
                check_transpose(g, p, a, R);
            memcpy(b, a, sizeof b);
            prev = p;
        }
        /* the full bar is the last position */
        for (it = 0; it < R; it++)
            a[it] = (uint16_t)C;
        assert_int_equal(pos_of(g, a, R), np - 1);
        grundy_game_free(g);
    }
}

/* Sizes and errors ---------------------------------------------------------*/

static void test_chomp_sizes(void **state)
{
    static const struct {
        const char *spec;
        grundy_pos np;
    } ok[] = {{"chomp:16x16", 601080389},
              {"chomp:15x17", 565722719},
              {"chomp:1x256", 256},
              {"chomp:256x1", 256},
              {"chomp:2x128", 8384},
              {"chomp:8x8", 12869},
              {"chomp:1x1", 1}};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        grundy_game *g = test_game(ok[i].spec);
        if (grundy_game_num_positions(g) != ok[i].np)
            fail_msg("%s: %llu positions", ok[i].spec,
                     (unsigned long long)grundy_game_num_positions(g));
        grundy_game_free(g);
    }
}

static void test_chomp_spec_errors(void **state)
{
    static const struct {
        const char *spec;
        grundy_status st;
        unsigned long col;
        const char *msg; /* a piece of the message */
    } bad[] = {
        {"chomp:16x17", GRUNDY_ERR_RANGE, 7,
         "16x17 is 272 squares; chomp boards have at most 256"},
        {"chomp:257x1", GRUNDY_ERR_RANGE, 7,
         "257 squares; chomp boards have at most 256"},
        {"chomp:1x257", GRUNDY_ERR_RANGE, 7, "at most 256"},
        {"chomp:300x300", GRUNDY_ERR_RANGE, 7, "90000 squares"},
        {"chomp:99999999999x1", GRUNDY_ERR_RANGE, 7, "out of range [1, 256]"},
        {"chomp:0x300", GRUNDY_ERR_RANGE, 7, "out of range [1, 256]"},
        {"chomp:16x0", GRUNDY_ERR_RANGE, 10, "out of range [1, 256]"},
        {"chomp:16x", GRUNDY_ERR_PARSE, 10, "columns"},
        {"chomp:16x16z", GRUNDY_ERR_PARSE, 12, "unexpected 'z'"},
        {"chomp:16x16:17", GRUNDY_ERR_RANGE, 13, "bottom row has 1 to 16"},
        {"chomp:16x16:16,17", GRUNDY_ERR_RANGE, 16, "row 2 may not be longer"},
        {"chomp:16x16:", GRUNDY_ERR_PARSE, 13, "length of row 1"},
        {"chomp:16x16:3,,1", GRUNDY_ERR_PARSE, 15, "length of row 2"},
        {"chomp:2x128:1,1,1", GRUNDY_ERR_PARSE, 17, "more than 2 rows"},
        {"chomp:1x200:1,1", GRUNDY_ERR_PARSE, 15, "more than 1 row"},
        {"chomp:256x1:2", GRUNDY_ERR_RANGE, 13, "bottom row has 1 to 1"},
        {"chomp:20x12:1000", GRUNDY_ERR_RANGE, 13, "bottom row"},
        {"chomp:20x12:0", GRUNDY_ERR_RANGE, 13, "bottom row"},
        {"chomp:20x12:5;1", GRUNDY_ERR_PARSE, 14, "','"},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        grundy_game *g = (grundy_game *)1;
        grundy_parse_error e;
        grundy_status st;
        memset(&e, 0, sizeof e);
        st = grundy_game_new(&g, bad[i].spec, &e);
        if (st != bad[i].st || e.col != bad[i].col || g != NULL ||
            !strstr(e.msg, bad[i].msg))
            fail_msg("'%s': status %d col %lu msg '%s'", bad[i].spec, st, e.col,
                     e.msg);
    }
}

/* A shaped start on a large board, and positions out of range. */
static void test_chomp_positions_out_of_range(void **state)
{
    grundy_game *g = test_game("chomp:16x16:16,9,9,3");
    grundy_pos np = grundy_game_num_positions(g), p;
    grundy_values *v = test_values(g);
    grundy_move *mv = NULL;
    size_t cap = 0, nm;
    grundy_board_geometry geo;
    grundy_value x;
    char spec[64];
    (void)state;
    assert_int_equal(grundy_game_pos_parse(g, "start", 5, &p, NULL), GRUNDY_OK);
    grundy_game_pos_format(g, p, spec, sizeof spec);
    assert_string_equal(spec, "16,9,9,3");
    grundy_game_canonical_spec(g, spec, sizeof spec);
    assert_string_equal(spec, "chomp:16x16:16,9,9,3");
    assert_int_equal(grundy_values_get(&x, v, np), GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_values_get(&x, v, UINT64_MAX), GRUNDY_ERR_RANGE);
    /* the hooks, called past the last position, see no move */
    assert_int_equal(grundy_game_moves(g, np, &mv, &cap, &nm), GRUNDY_OK);
    assert_int_equal(nm, 0);
    grundy_game_pos_format(g, np, spec, sizeof spec);
    assert_string_equal(spec, "601080389");
    free(mv);
    /* drawings hold 64 cells */
    assert_int_equal(grundy_board_geometry_get(&geo, g, 0), GRUNDY_ERR_RANGE);
    test_game_free(g);

    g = test_game("chomp:9x8");
    assert_int_equal(grundy_board_geometry_get(&geo, g, 0), GRUNDY_ERR_RANGE);
    grundy_game_free(g);
    g = test_game("chomp:1x64");
    assert_int_equal(grundy_board_geometry_get(&geo, g, 63), GRUNDY_OK);
    assert_true(geo.cells == UINT64_MAX && geo.ncells == 64);
    assert_int_equal(grundy_board_geometry_get(&geo, g, 64), GRUNDY_ERR_RANGE);
    grundy_game_free(g);
    g = test_game("chomp:8x8");
    assert_int_equal(grundy_game_pos_parse(g, "8,8,8,8,8,8,8,7", 15, &p, NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_board_geometry_get(&geo, g, p), GRUNDY_OK);
    assert_true(geo.cells == UINT64_MAX >> 1);
    grundy_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chomp_sizes),
        cmocka_unit_test(test_chomp_spec_errors),
        cmocka_unit_test(test_chomp_positions_out_of_range),
        cmocka_unit_test_setup_teardown(test_chomp_every_diagram_in_order,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_chomp_random_diagrams,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
