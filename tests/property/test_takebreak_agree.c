/*
 * test_takebreak_agree.c -- the sparse space kernel against the generic
 * method (moves + mex, the oracle) on every octal code 0.d1d2d3 whose
 * first digit is in this executable's group, to n = 2000.  The groups
 * (AGREE_GROUP 0..3, two first digits each) run as separate tests so that
 * they share the cores.  GRUNDY_TEST_MULTIPLIER > 1 adds the codes
 * 4.d1d2d3 of the group.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#ifndef AGREE_GROUP
#define AGREE_GROUP 0
#endif

#define AGREE_N 2001

static void check_code(const char *spec)
{
    grundy_game *g = test_game(spec);
    grundy_table *naive, *fast;
    grundy_limits o;
    grundy_pos i;
    grundy_limits_init(&o);
    assert_int_equal(grundy_table_new_method(&naive, g, AGREE_N,
            GRUNDY_TABLE_NAIVE, &o), GRUNDY_OK);
    assert_int_equal(grundy_table_new_method(&fast, g, AGREE_N,
            GRUNDY_TABLE_FAST, &o), GRUNDY_OK);
    assert_int_equal(grundy_table_size(fast), AGREE_N);
    for (i = 0; i < AGREE_N; i++)
        if (grundy_table_get(fast, i) != grundy_table_get(naive, i))
            fail_msg("%s: g(%llu) = %llu by the sparse kernel, %llu by the "
                     "generic method",
                     spec, (unsigned long long)i,
                     (unsigned long long)grundy_table_get(fast, i),
                     (unsigned long long)grundy_table_get(naive, i));
    {
        grundy_pos at_fast, at_naive;
        assert_int_equal(grundy_table_max(fast, &at_fast),
                         grundy_table_max(naive, &at_naive));
        assert_int_equal(at_fast, at_naive);
    }
    grundy_table_free(naive);
    grundy_table_free(fast);
    grundy_game_free(g);
}

static void test_takebreak_all_codes_agree(void **state)
{
    unsigned lead, d1, d2, d3;
    (void)state;
    for (lead = 0; lead <= (test_multiplier() > 1 ? 4u : 0u); lead += 4)
        for (d1 = 2 * AGREE_GROUP; d1 < 2 * AGREE_GROUP + 2; d1++)
            for (d2 = 0; d2 < 8; d2++)
                for (d3 = 0; d3 < 8; d3++) {
                    char spec[16];
                    snprintf(spec, sizeof spec, "%u.%u%u%u", lead, d1, d2,
                             d3);
                    check_code(spec);
                }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_takebreak_all_codes_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
