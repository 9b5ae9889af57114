/*
 * test_range_unit.c -- the range engine: hand-checked values, edges,
 * errors, and the choice of representation.
 */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static grundy_range *make(size_t n, grundy_range_repr repr,
                          const grundy_value *v)
{
    grundy_range_opts o;
    grundy_range *r = NULL;
    grundy_range_opts_init(&o);
    o.repr = repr;
    if (repr == GRUNDY_RANGE_BITS)
        o.flags = 0;
    assert_int_equal(grundy_range_new(&r, n, &o), GRUNDY_OK);
    if (v && n)
        assert_int_equal(grundy_range_assign(r, 0, v, n), GRUNDY_OK);
    return r;
}

/* {1, 2, 3}: the zero-XOR subsets are {} and {1, 2, 3}, so 6 of 8 win. */
static void test_range_count_known(void **state)
{
    static const grundy_value v[] = {1, 2, 3, 0, 0, 4};
    grundy_range_repr repr;
    (void)state;
    for (repr = GRUNDY_RANGE_AUTO; repr <= GRUNDY_RANGE_BASIS; repr++) {
        grundy_range *r = make(6, repr, v);
        assert_int_equal(grundy_range_rank(r, 0, 2), 2);
        assert_int_equal(grundy_range_count(r, 0, 2), 6);
        assert_int_equal(grundy_range_xor(r, 0, 2), 0);
        assert_int_equal(grundy_range_winner(r, 0, 2), 0);
        /* all-zero range: nothing wins */
        assert_int_equal(grundy_range_rank(r, 3, 4), 0);
        assert_int_equal(grundy_range_count(r, 3, 4), 0);
        assert_int_equal(grundy_range_xor(r, 3, 4), 0);
        /* {0, 0, 4}: half of the 8 subsets contain the 4 */
        assert_int_equal(grundy_range_count(r, 3, 5), 4);
        /* whole: rank 3 over 6: 64 - 8 */
        assert_int_equal(grundy_range_count(r, 0, 5), 56);
        grundy_range_free(r);
    }
}

static void test_range_count_subsets_known(void **state)
{
    (void)state;
    assert_int_equal(grundy_range_count_subsets(0, 0, 1000000007), 0);
    assert_int_equal(grundy_range_count_subsets(3, 2, 1000000007), 6);
    assert_int_equal(grundy_range_count_subsets(3, 2, 5), 1);
    /* 2^64 - 2^63 = 2^63 mod (2^61 - 1) = 4 */
    assert_int_equal(grundy_range_count_subsets(64, 1, 2305843009213693951ull),
                     4);
    /* 2^(10^9+6) = 1 mod 10^9+7 (Fermat), so 2^(10^9+7) - 2^(10^9+6)
     * = 2 - 1 */
    assert_int_equal(grundy_range_count_subsets(1000000007ull, 1,
                                                1000000007ull),
                     1);
}

static void test_range_n1_and_same_value(void **state)
{
    grundy_range_repr repr;
    (void)state;
    for (repr = GRUNDY_RANGE_AUTO; repr <= GRUNDY_RANGE_BITS; repr++) {
        grundy_range *r = make(1, repr, NULL);
        size_t idx = 99;
        grundy_value to = 99;
        assert_int_equal(grundy_range_size(r), 1);
        assert_int_equal(grundy_range_xor(r, 0, 0), 0);
        assert_int_equal(grundy_range_move(r, 0, 0, &idx, &to), 0);
        assert_int_equal(idx, 99);
        assert_int_equal(grundy_range_set(r, 0, 5), GRUNDY_OK);
        assert_int_equal(grundy_range_set(r, 0, 5), GRUNDY_OK);
        assert_int_equal(grundy_range_get(r, 0), 5);
        assert_int_equal(grundy_range_xor(r, 0, 0), 5);
        assert_int_equal(grundy_range_move(r, 0, 0, &idx, &to), 1);
        assert_int_equal(idx, 0);
        assert_int_equal(to, 0);
        if (repr != GRUNDY_RANGE_BITS) {
            assert_int_equal(grundy_range_count(r, 0, 0), 1);
            assert_int_equal(grundy_range_rank(r, 0, 0), 1);
        }
        grundy_range_free(r);
    }
}

static void test_range_move_known(void **state)
{
    /* nim-sum 3 ^ 5 ^ 6 ^ 1 = 1, top bit 0: the leftmost odd value is 3,
     * which moves to 2 */
    static const grundy_value v[] = {3, 5, 6, 1};
    grundy_range *r = make(4, GRUNDY_RANGE_AUTO, v);
    size_t idx;
    grundy_value to;
    (void)state;
    assert_int_equal(grundy_range_move(r, 0, 3, &idx, &to), 1);
    assert_int_equal(idx, 0);
    assert_int_equal(to, 2);
    /* [1, 2]: 5 ^ 6 = 3, top bit 1: 6 -> 5 */
    assert_int_equal(grundy_range_move(r, 1, 2, &idx, &to), 1);
    assert_int_equal(idx, 2);
    assert_int_equal(to, 5);
    grundy_range_free(r);
}

static void test_range_switches_to_basis(void **state)
{
    grundy_range *r = make(100, GRUNDY_RANGE_AUTO, NULL);
    grundy_value big = 40000;
    (void)state;
    assert_int_equal(grundy_range_get_repr(r), GRUNDY_RANGE_PRESENCE);
    assert_int_equal(grundy_range_set(r, 7, 15), GRUNDY_OK);
    assert_int_equal(grundy_range_get_repr(r), GRUNDY_RANGE_PRESENCE);
    assert_int_equal(grundy_range_set(r, 50, 16), GRUNDY_OK);
    assert_int_equal(grundy_range_get_repr(r), GRUNDY_RANGE_BASIS);
    assert_int_equal(grundy_range_rank(r, 0, 99), 2);
    assert_int_equal(grundy_range_xor(r, 0, 99), 31);
    assert_int_equal(grundy_range_assign(r, 60, &big, 1), GRUNDY_OK);
    assert_int_equal(grundy_range_xor(r, 0, 99), 31 ^ 40000);
    assert_int_equal(grundy_range_rank(r, 0, 99), 3);
    grundy_range_free(r);
}

static void test_range_errors(void **state)
{
    grundy_range_opts o;
    grundy_range *r = NULL;
    grundy_value v[2] = {1, 70000};
    (void)state;
    grundy_range_opts_init(&o);
    o.modulus = 1000000008ull;
    assert_int_equal(grundy_range_new(&r, 5, &o), GRUNDY_ERR_ARG);
    assert_null(r);
    o.modulus = (uint64_t)1 << 62;
    assert_int_equal(grundy_range_new(&r, 5, &o), GRUNDY_ERR_RANGE);
    o.modulus = 1;
    assert_int_equal(grundy_range_new(&r, 5, &o), GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_range_modulus_check(4611686018427387847ull),
                     GRUNDY_OK); /* the largest prime below 2^62 */
    assert_int_equal(grundy_range_modulus_check(4611686018427387849ull),
                     GRUNDY_ERR_ARG);
    o.modulus = 0; /* the default */
    o.repr = GRUNDY_RANGE_BITS;
    assert_int_equal(grundy_range_new(&r, 5, &o), GRUNDY_ERR_ARG);
    o.repr = GRUNDY_RANGE_AUTO;
    o.mem_limit = 1000;
    assert_int_equal(grundy_range_new(&r, 100000, &o), GRUNDY_ERR_LIMIT);
    o.mem_limit = 0;
    assert_int_equal(grundy_range_new(&r, 5, &o), GRUNDY_OK);
    assert_int_equal(grundy_range_modulus(r), 1000000007ull);
    assert_int_equal(grundy_range_set(r, 5, 1), GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_range_assign(r, 4, v, 2), GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_range_assign(r, 0, v, 2), GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_range_get(r, 0), 0); /* unchanged */
    assert_int_equal(grundy_range_assign(r, 5, v, 0), GRUNDY_OK);
    grundy_range_free(r);
    /* a forced PRESENCE refuses values of 16 and more */
    o.repr = GRUNDY_RANGE_PRESENCE;
    assert_int_equal(grundy_range_new(&r, 5, &o), GRUNDY_OK);
    assert_int_equal(grundy_range_set(r, 2, 16), GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_range_get_repr(r), GRUNDY_RANGE_PRESENCE);
    grundy_range_free(r);
    /* a forced XOR refuses counts and values of 256 and more */
    o.repr = GRUNDY_RANGE_XOR;
    assert_int_equal(grundy_range_new(&r, 5, &o), GRUNDY_ERR_ARG);
    o.flags = 0;
    assert_int_equal(grundy_range_new(&r, 5, &o), GRUNDY_OK);
    assert_int_equal(grundy_range_set(r, 2, 255), GRUNDY_OK);
    assert_int_equal(grundy_range_set(r, 3, 256), GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_range_get_repr(r), GRUNDY_RANGE_XOR);
    assert_int_equal(grundy_range_xor(r, 0, 4), 255);
    grundy_range_free(r);
    /* unforced, it moves to BITS with the values kept */
    o.repr = GRUNDY_RANGE_AUTO;
    o.flags = GRUNDY_RANGE_NO_MOVES;
    assert_int_equal(grundy_range_new(&r, 5, &o), GRUNDY_OK);
    assert_int_equal(grundy_range_get_repr(r), GRUNDY_RANGE_XOR);
    assert_int_equal(grundy_range_set(r, 2, 7), GRUNDY_OK);
    assert_int_equal(grundy_range_set(r, 3, 300), GRUNDY_OK);
    assert_int_equal(grundy_range_get_repr(r), GRUNDY_RANGE_BITS);
    assert_int_equal(grundy_range_xor(r, 0, 4), 7 ^ 300);
    assert_int_equal(grundy_range_get(r, 2), 7);
    grundy_range_free(r);
    o.flags = GRUNDY_RANGE_COUNT;
    /* n = 0 */
    assert_int_equal(grundy_range_new(&r, 0, NULL), GRUNDY_OK);
    assert_int_equal(grundy_range_size(r), 0);
    grundy_range_free(r);
    grundy_range_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_range_count_known),
        cmocka_unit_test(test_range_count_subsets_known),
        cmocka_unit_test(test_range_n1_and_same_value),
        cmocka_unit_test(test_range_move_known),
        cmocka_unit_test(test_range_switches_to_basis),
        cmocka_unit_test(test_range_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
