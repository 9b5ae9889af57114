/*
 * test_triples.c -- known values, natural numbers, edges, errors and
 * aliasing of the triples module.  The comparisons with searches and
 * enumerations are in tests/property/test_triples.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static void test_losing_known_values(void **state)
{
    /* F(N), C(N) by hand: the losing positions with c < 8 are (1,3,5),
     * (2,4,5), (1,4,6), (2,3,6). */
    static const struct {
        uint64_t n, c, f;
    } known[] = {{0, 0, 0},  {1, 0, 0},  {5, 0, 0},          {6, 2, 20},
                 {7, 4, 42}, {8, 4, 42}, {128, 2604, 496062}};
    size_t i;
    uint64_t c, f;
    grundy_triples_nat n, cn, fn;
    (void)state;
    grundy_triples_nat_init(&n);
    grundy_triples_nat_init(&cn);
    grundy_triples_nat_init(&fn);
    for (i = 0; i < sizeof known / sizeof known[0]; i++) {
        assert_int_equal(
            grundy_triples_losing_mod_u64(&c, &f, known[i].n, 1000000000u),
            GRUNDY_OK);
        assert_int_equal(c, known[i].c);
        assert_int_equal(f, known[i].f);
        assert_int_equal(
            grundy_triples_losing_naive(&c, &f, known[i].n, UINT64_MAX),
            GRUNDY_OK);
        assert_int_equal(c, known[i].c);
        assert_int_equal(f, known[i].f);
        assert_int_equal(grundy_triples_nat_set_u64(&n, known[i].n), GRUNDY_OK);
        assert_int_equal(grundy_triples_losing_exact(&cn, &fn, &n), GRUNDY_OK);
        assert_true(grundy_triples_nat_get_u64(&c, &cn));
        assert_true(grundy_triples_nat_get_u64(&f, &fn));
        assert_int_equal(c, known[i].c);
        assert_int_equal(f, known[i].f);
    }
    /* Modulo 1: everything is 0. */
    assert_int_equal(grundy_triples_losing_mod_u64(&c, &f, 128, 1), GRUNDY_OK);
    assert_int_equal(c, 0);
    assert_int_equal(f, 0);
    /* NULL outputs are allowed. */
    assert_int_equal(grundy_triples_losing_mod_u64(NULL, &f, 128, 1000),
                     GRUNDY_OK);
    assert_int_equal(f, 62);
    assert_int_equal(grundy_triples_losing_mod_u64(&c, NULL, 128, 1000),
                     GRUNDY_OK);
    assert_int_equal(c, 604);
    assert_int_equal(grundy_triples_losing_exact(NULL, &fn, &n), GRUNDY_OK);
    grundy_triples_nat_clear(&n);
    grundy_triples_nat_clear(&cn);
    grundy_triples_nat_clear(&fn);
}

static void test_losing_errors(void **state)
{
    grundy_triples_nat n, m;
    uint64_t c = 7, f = 7;
    (void)state;
    grundy_triples_nat_init(&n);
    grundy_triples_nat_init(&m);
    assert_int_equal(grundy_triples_nat_set_u64(&n, 100), GRUNDY_OK);
    assert_int_equal(grundy_triples_losing_mod(&c, &f, &n, 0), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_triples_losing_mod_u64(&c, &f, 100, 0),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_triples_losing_naive(&c, &f, 100, 0),
                     GRUNDY_ERR_ARG);
    assert_int_equal(
        grundy_triples_losing_naive(&c, &f, ((uint64_t)1 << 32) + 1, 5),
        GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_triples_losing_mod_nat(&m, &m, &n, &m),
                     GRUNDY_ERR_ARG); /* m == 0 */
    assert_int_equal(
        grundy_triples_nat_set_2exp(&n, GRUNDY_TRIPLES_EXACT_MAX_BITS),
        GRUNDY_OK);
    assert_int_equal(grundy_triples_nat_bits(&n),
                     GRUNDY_TRIPLES_EXACT_MAX_BITS + 1);
    assert_int_equal(grundy_triples_losing_exact(&m, &m, &n), GRUNDY_ERR_LIMIT);
    /* The mod path has no such limit. */
    assert_int_equal(grundy_triples_losing_mod(&c, &f, &n, 1000000000u),
                     GRUNDY_OK);
    grundy_triples_nat_clear(&n);
    grundy_triples_nat_clear(&m);
}

static void test_losing_exact_aliasing(void **state)
{
    grundy_triples_nat n, c, f, m;
    uint64_t c64, f64;
    (void)state;
    grundy_triples_nat_init(&n);
    grundy_triples_nat_init(&c);
    grundy_triples_nat_init(&f);
    grundy_triples_nat_init(&m);
    assert_int_equal(grundy_triples_nat_set_u64(&n, 128), GRUNDY_OK);
    assert_int_equal(grundy_triples_losing_exact(&n, &f, &n), GRUNDY_OK);
    assert_true(grundy_triples_nat_get_u64(&c64, &n));
    assert_int_equal(c64, 2604);
    assert_int_equal(grundy_triples_nat_set_u64(&n, 128), GRUNDY_OK);
    assert_int_equal(grundy_triples_losing_exact(&c, &n, &n), GRUNDY_OK);
    assert_true(grundy_triples_nat_get_u64(&f64, &n));
    assert_int_equal(f64, 496062);
    assert_int_equal(grundy_triples_nat_set_u64(&n, 128), GRUNDY_OK);
    assert_int_equal(grundy_triples_nat_set_u64(&m, 1000), GRUNDY_OK);
    assert_int_equal(grundy_triples_losing_mod_nat(&m, &n, &n, &m), GRUNDY_OK);
    assert_true(grundy_triples_nat_get_u64(&c64, &m));
    assert_true(grundy_triples_nat_get_u64(&f64, &n));
    assert_int_equal(c64, 604);
    assert_int_equal(f64, 62);
    grundy_triples_nat_clear(&n);
    grundy_triples_nat_clear(&c);
    grundy_triples_nat_clear(&f);
    grundy_triples_nat_clear(&m);
}

static void test_is_losing_edges(void **state)
{
    uint64_t o[3] = {11, 12, 13};
    const uint64_t M = UINT64_MAX;
    (void)state;
    assert_true(grundy_triples_is_losing(0, 1, 2));
    assert_true(grundy_triples_is_losing(2, 0, 1));
    assert_true(grundy_triples_is_losing(5, 3, 1));
    assert_false(grundy_triples_is_losing(1, 2, 3));
    /* 2^64 - 1 stones: a + 1 does not fit, and the position is won. */
    assert_false(grundy_triples_is_losing(M, 0, 1));
    assert_false(grundy_triples_is_losing(1, M, M - 1));
    /* (0, 2^64 - 3, 2^64 - 2): x = 1, 2^64 - 2, 2^64 - 1. */
    assert_true(grundy_triples_is_losing(0, M - 2, M - 1));
    /* Lost: no move, out untouched. */
    assert_int_equal(grundy_triples_winning_move(o, 1, 3, 5), 0);
    assert_int_equal(o[0], 11);
    assert_int_equal(o[2], 13);
    /* The heap of 2^64 - 1 must shrink: (1, 2, M) -> (1, 2, 0). */
    assert_int_equal(grundy_triples_winning_move(o, 1, 2, M), 1);
    assert_int_equal(o[0], 1);
    assert_int_equal(o[1], 2);
    assert_int_equal(o[2], 0);
    assert_int_equal(grundy_triples_winning_move(o, M, 7, M - 5), 1);
    assert_true(grundy_triples_is_losing(o[0], o[1], o[2]));
    assert_int_equal(o[1], 7);
    assert_int_equal(o[2], M - 5);
    /* (1, 2, 3) -> (1, 2, 0), x = 2, 3, 4: the heap with the top bit. */
    assert_int_equal(grundy_triples_winning_move(o, 3, 1, 2), 1);
    assert_int_equal(o[0], 0);
    assert_int_equal(o[1], 1);
    assert_int_equal(o[2], 2);
}

static void test_search_edges(void **state)
{
    grundy_triples_search *s = (grundy_triples_search *)1;
    uint32_t b;
    (void)state;
    assert_int_equal(
        grundy_triples_search_new(&s, GRUNDY_TRIPLES_SEARCH_MAX_BOUND + 1),
        GRUNDY_ERR_RANGE);
    assert_null(s);
    grundy_triples_search_free(NULL);
    for (b = 0; b < 3; b++) {
        assert_int_equal(grundy_triples_search_new(&s, b), GRUNDY_OK);
        assert_int_equal(grundy_triples_search_bound(s), b);
        grundy_triples_search_free(s);
    }
    assert_int_equal(grundy_triples_search_new(&s, 3), GRUNDY_OK);
    assert_true(grundy_triples_search_losing(s, 0, 1, 2));
    assert_true(grundy_triples_search_losing(s, 2, 1, 0));
    grundy_triples_search_free(s);
    assert_int_equal(grundy_triples_search_new(&s, 8), GRUNDY_OK);
    assert_true(grundy_triples_search_losing(s, 1, 3, 5));
    assert_true(grundy_triples_search_losing(s, 6, 4, 1));
    assert_true(grundy_triples_search_losing(s, 2, 6, 3));
    assert_true(grundy_triples_search_losing(s, 5, 4, 2));
    assert_true(grundy_triples_search_losing(s, 0, 3, 4));
    assert_false(grundy_triples_search_losing(s, 1, 2, 3));
    assert_false(grundy_triples_search_losing(s, 1, 3, 6));
    grundy_triples_search_free(s);
}

/* Natural numbers *********************************************************/

static void check_parse_error(const char *text, unsigned long col)
{
    grundy_triples_nat n;
    grundy_parse_error where;
    uint64_t v;
    grundy_triples_nat_init(&n);
    assert_int_equal(grundy_triples_nat_set_u64(&n, 99), GRUNDY_OK);
    memset(&where, 0, sizeof where);
    assert_int_equal(grundy_triples_nat_set_str(&n, text, strlen(text), &where),
                     GRUNDY_ERR_PARSE);
    if (where.col != col || where.line != 1 || !where.msg[0])
        fail_msg("'%s': col %lu (want %lu), msg '%s'", text, where.col, col,
                 where.msg);
    /* unchanged on error */
    assert_true(grundy_triples_nat_get_u64(&v, &n));
    assert_int_equal(v, 99);
    /* where may be NULL */
    assert_int_equal(grundy_triples_nat_set_str(&n, text, strlen(text), NULL),
                     GRUNDY_ERR_PARSE);
    grundy_triples_nat_clear(&n);
}

static void test_nat_parse_errors(void **state)
{
    (void)state;
    check_parse_error("", 1);
    check_parse_error("-5", 1);
    check_parse_error("+5", 1);
    check_parse_error("12a4", 3);
    check_parse_error("1 2", 2);
    check_parse_error("7\xff", 2);
    check_parse_error("1000000000000000000000000000000x", 32);
    check_parse_error("0x10", 2);
    check_parse_error("1e18", 2);
}

static void test_nat_round_trip(void **state)
{
    test_rng *rng = *state;
    grundy_triples_nat n, p;
    char buf[600], *out;
    size_t len, olen, i;
    long it;
    uint64_t v;
    grundy_triples_nat_init(&n);
    grundy_triples_nat_init(&p);
    for (it = 0; it < 300 * test_multiplier(); it++) {
        len = (size_t)test_rng_range(rng, 1, it < 100 ? 25 : 500);
        for (i = 0; i < len; i++)
            buf[i] = (char)('0' + test_rng_below(rng, 10));
        if (len > 1)
            buf[0] = (char)('1' + test_rng_below(rng, 9));
        buf[len] = 0;
        assert_int_equal(grundy_triples_nat_set_str(&n, buf, len, NULL),
                         GRUNDY_OK);
        assert_int_equal(grundy_triples_nat_get_str(&out, &olen, &n),
                         GRUNDY_OK);
        if (olen != len || strcmp(out, buf) != 0)
            fail_msg("seed=%llu it=%ld: '%s' came back as '%s'",
                     (unsigned long long)test_seed(), it, buf, out);
        free(out);
        if (len <= 19) {
            assert_true(grundy_triples_nat_get_u64(&v, &n));
            assert_int_equal(v, strtoull(buf, NULL, 10));
        }
    }
    /* Leading zeros, zero, 2^64 boundary, 2^k both ways. */
    assert_int_equal(grundy_triples_nat_set_str(&n, "000", 3, NULL), GRUNDY_OK);
    assert_int_equal(n.nlimbs, 0);
    assert_int_equal(grundy_triples_nat_bits(&n), 0);
    assert_int_equal(grundy_triples_nat_get_str(&out, NULL, &n), GRUNDY_OK);
    assert_string_equal(out, "0");
    free(out);
    assert_int_equal(
        grundy_triples_nat_set_str(&n, "00018446744073709551615", 23, NULL),
        GRUNDY_OK);
    assert_true(grundy_triples_nat_get_u64(&v, &n));
    assert_int_equal(v, UINT64_MAX);
    assert_int_equal(grundy_triples_nat_bits(&n), 64);
    assert_int_equal(
        grundy_triples_nat_set_str(&n, "18446744073709551616", 20, NULL),
        GRUNDY_OK);
    assert_false(grundy_triples_nat_get_u64(&v, &n));
    assert_int_equal(grundy_triples_nat_set_2exp(&p, 64), GRUNDY_OK);
    assert_int_equal(grundy_triples_nat_cmp(&n, &p), 0);
    assert_int_equal(grundy_triples_nat_bits(&p), 65);
    assert_int_equal(grundy_triples_nat_set_2exp(&p, 63), GRUNDY_OK);
    assert_true(grundy_triples_nat_cmp(&n, &p) > 0);
    assert_true(grundy_triples_nat_cmp(&p, &n) < 0);
    assert_int_equal(grundy_triples_nat_set_2exp(&p, 0), GRUNDY_OK);
    assert_true(grundy_triples_nat_get_u64(&v, &p));
    assert_int_equal(v, 1);
    grundy_triples_nat_clear(&n);
    grundy_triples_nat_clear(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_losing_known_values),
        cmocka_unit_test(test_losing_errors),
        cmocka_unit_test(test_losing_exact_aliasing),
        cmocka_unit_test(test_is_losing_edges),
        cmocka_unit_test(test_search_edges),
        cmocka_unit_test(test_nat_parse_errors),
        cmocka_unit_test_setup_teardown(test_nat_round_trip, test_rng_setup,
                                        test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
