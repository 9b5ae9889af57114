/*
 * test_chomp.c -- Chomp's values against a direct memoised mex over
 * diagrams held as arrays of row lengths (tests/support/chomp_oracle.c),
 * which shares no code with the library:
 *   - every position of every board of up to 64 squares, by the table of
 *     all positions, and by the board search on every position of the
 *     smaller boards and on random positions of the others;
 *   - every position of thin boards past 64 squares (1 x 256, 2 x 128,
 *     3 x 30 and their transposes), the same way;
 *   - random diagrams of few squares on boards of 65 to 256 squares, by
 *     the board search and, where the table of all positions fits, by the
 *     table; on the boards whose every diagram the oracle holds, diagrams
 *     of any size too.
 * The sanitizer build runs a lighter version.
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

/* The board search values every position of boards of at most this many
 * positions, one in SEARCH_SAMPLE of the others. */
#define SEARCH_ALL_MAX (LIGHT ? 300 : 5000)
#define SEARCH_SAMPLE (LIGHT ? 64 : 8)
/* Tables of all positions are built up to this many positions. */
#define TABLE_MAX 200000

static grundy_game *chomp_game(unsigned rows, unsigned cols)
{
    char spec[48];
    snprintf(spec, sizeof spec, "chomp:%ux%u", rows, cols);
    return test_game(spec);
}

static grundy_value search_value(grundy_board *b, grundy_pos p)
{
    grundy_value v = 0;
    grundy_status s = grundy_board_value(&v, b, p);
    if (s != GRUNDY_OK)
        fail_msg("grundy_board_value: %s", grundy_strerror(s));
    return v;
}

/* The diagram of position p, as the library writes it. */
static void diagram_of(uint16_t *len, const grundy_game *g, unsigned rows,
                       grundy_pos p)
{
    char text[1100];
    grundy_game_pos_format(g, p, text, sizeof text);
    if (!chomp_read(len, rows, text))
        fail_msg("%s position %llu: text '%s'", grundy_game_spec(g),
                 (unsigned long long)p, text);
}

/* Every position of an R x C board: the table, and the search on every
 * position or on one in SEARCH_SAMPLE. */
static void check_every_position(unsigned rows, unsigned cols, test_rng *rng)
{
    grundy_game *g = chomp_game(rows, cols);
    grundy_pos np = grundy_game_num_positions(g), p;
    chomp_oracle *o = chomp_oracle_new(rows, cols);
    grundy_table *t = NULL;
    grundy_board *b = NULL;
    uint16_t len[CHOMP_ORACLE_MAX_ROWS];
    assert_non_null(o);
    assert_int_equal(grundy_table_new(&t, g, 0, NULL), GRUNDY_OK);
    assert_int_equal(grundy_board_new(&b, g, NULL), GRUNDY_OK);
    for (p = 0; p < np; p++) {
        unsigned want;
        diagram_of(len, g, rows, p);
        want = chomp_oracle_value(o, len);
        if (grundy_table_get(t, p) != want)
            fail_msg("seed=%llu chomp:%ux%u position %llu: table %llu, "
                     "the oracle %u",
                     (unsigned long long)test_seed(), rows, cols,
                     (unsigned long long)p,
                     (unsigned long long)grundy_table_get(t, p), want);
        if ((np <= SEARCH_ALL_MAX || test_rng_below(rng, SEARCH_SAMPLE) == 0) &&
            search_value(b, p) != want)
            fail_msg("seed=%llu chomp:%ux%u position %llu: search %llu, "
                     "the oracle %u",
                     (unsigned long long)test_seed(), rows, cols,
                     (unsigned long long)p,
                     (unsigned long long)search_value(b, p), want);
    }
    grundy_board_free(b);
    grundy_table_free(t);
    chomp_oracle_free(o);
    grundy_game_free(g);
}

static void test_chomp_every_board_of_64(void **state)
{
    test_rng *rng = *state;
    unsigned r, c;
    for (r = 1; r <= 64; r++)
        for (c = 1; r * c <= (LIGHT ? 30u : 64u); c++)
            check_every_position(r, c, rng);
}

static void test_chomp_thin_boards(void **state)
{
    /* under the sanitizers, one of each pair of transposed boards */
    static const unsigned dims[][2] = {{1, 256}, {128, 2}, {30, 3},
                                       {256, 1}, {2, 128}, {3, 30}};
    test_rng *rng = *state;
    size_t i;
    for (i = 0; i < sizeof dims / sizeof dims[0] - (LIGHT ? 3 : 0); i++)
        check_every_position(dims[i][0], dims[i][1], rng);
}

/* Random diagrams of boards past 64 squares. */
static void test_chomp_large_boards(void **state)
{
    static const unsigned dims[][2] = {
        {5, 13},  {13, 5},  {9, 8},   {9, 9},   {10, 10}, {11, 12},
        {16, 16}, {15, 17}, {17, 15}, {12, 21}, {8, 32},  {32, 8},
        {4, 64},  {64, 4},  {3, 85},  {85, 3},  {7, 36},  {20, 12}};
    test_rng *rng = *state;
    long iters = (LIGHT ? 15 : 80) * test_multiplier(), it;
    unsigned few = LIGHT ? 24 : 36;
    size_t i;
    for (i = 0; i < sizeof dims / sizeof dims[0]; i++) {
        unsigned R = dims[i][0], C = dims[i][1];
        grundy_game *g = chomp_game(R, C);
        grundy_pos np = grundy_game_num_positions(g);
        chomp_oracle *o = chomp_oracle_new(R, C);
        grundy_table *t = NULL;
        grundy_board *b = NULL;
        /* the oracle can hold every diagram: any size is checked */
        int whole = !LIGHT && np <= 50000;
        assert_non_null(o);
        if (np <= TABLE_MAX && !(LIGHT && np > 20000))
            assert_int_equal(grundy_table_new(&t, g, 0, NULL), GRUNDY_OK);
        assert_int_equal(grundy_board_new(&b, g, NULL), GRUNDY_OK);
        for (it = 0; it < iters; it++) {
            uint16_t len[CHOMP_ORACLE_MAX_ROWS];
            char text[1100];
            unsigned sq = whole && it % 8 == 7
                              ? 1 + (unsigned)test_rng_below(rng, R * C)
                              : 1 + (unsigned)test_rng_below(rng, few);
            unsigned want;
            grundy_value v;
            grundy_pos p;
            chomp_random(len, R, C, sq, rng);
            chomp_text(text, sizeof text, len, R);
            if (grundy_game_pos_parse(g, text, strlen(text), &p, NULL) !=
                GRUNDY_OK)
                fail_msg("seed=%llu chomp:%ux%u it=%ld: '%s' refused",
                         (unsigned long long)test_seed(), R, C, it, text);
            want = chomp_oracle_value(o, len);
            v = search_value(b, p);
            if (v != want)
                fail_msg("seed=%llu chomp:%ux%u it=%ld %s: search %llu, the "
                         "oracle %u",
                         (unsigned long long)test_seed(), R, C, it, text,
                         (unsigned long long)v, want);
            if (t && grundy_table_get(t, p) != want)
                fail_msg("seed=%llu chomp:%ux%u it=%ld %s: table %llu, the "
                         "oracle %u",
                         (unsigned long long)test_seed(), R, C, it, text,
                         (unsigned long long)grundy_table_get(t, p), want);
            /* a fresh oracle now and then keeps its memo small */
            if (!whole && chomp_oracle_size(o) > ((size_t)1 << 20)) {
                chomp_oracle_free(o);
                o = chomp_oracle_new(R, C);
                assert_non_null(o);
            }
        }
        grundy_board_free(b);
        grundy_table_free(t);
        chomp_oracle_free(o);
        grundy_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_chomp_every_board_of_64,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_chomp_thin_boards, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_chomp_large_boards, test_rng_setup,
                                        test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
