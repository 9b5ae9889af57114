/*
 * test_takebreak_agree.c -- every method of the take-and-break kernel
 * against the generic method (moves + mex, the oracle): the kernel's own
 * choice, and each method forced (listing into bytes, listing as a
 * bitset, the sparse space method under the value rule, under a parity
 * rule; see table/sparse.h), on
 *
 *   groups 0-3: every octal code 0.d1d2d3 whose first digit is in the
 *               group (two digits each), to n = 2000;
 *   groups 4-7: every code 0.d1d2d3d4 with d1 in the group, to n = 500;
 *   group 0 also every code 4.d1d2 and 4. itself, to n = 500.
 *
 * The groups run as separate tests so that they share the cores.  Under
 * the sanitizers (GRUNDY_TEST_SANITIZED) the four-digit groups take every
 * fifth code.  GRUNDY_TEST_MULTIPLIER > 1 adds the codes 4.d1d2d3 to the
 * groups 0-3.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table/sparse.h"
#include "test_support.h"

#ifndef AGREE_GROUP
#define AGREE_GROUP 0
#endif

static const int forced[] = {
    GRUNDY_SPARSE_FORCE_NONE, GRUNDY_SPARSE_FORCE_BYTES,
    GRUNDY_SPARSE_FORCE_BITS, GRUNDY_SPARSE_FORCE_VALUE,
    GRUNDY_SPARSE_FORCE_PARITY};

static void check_code(const char *spec, grundy_pos n)
{
    grundy_game *g = test_game(spec);
    grundy_table *naive, *fast;
    grundy_limits o;
    grundy_pos i, at_fast, at_naive;
    size_t f;
    grundy_limits_init(&o);
    o.threads = 1;
    assert_int_equal(grundy_table_new_method(&naive, g, n,
            GRUNDY_TABLE_NAIVE, &o), GRUNDY_OK);
    for (f = 0; f < sizeof forced / sizeof *forced; f++) {
        int old = grundy_sparse_set_force(forced[f]);
        grundy_status s = grundy_table_new_method(&fast, g, n,
                                                  GRUNDY_TABLE_FAST, &o);
        grundy_sparse_set_force(old);
        assert_int_equal(s, GRUNDY_OK);
        assert_int_equal(grundy_table_size(fast), n);
        for (i = 0; i < n; i++)
            if (grundy_table_get(fast, i) != grundy_table_get(naive, i))
                fail_msg("%s, method %d: g(%llu) = %llu by the kernel, "
                         "%llu by the generic method",
                         spec, forced[f], (unsigned long long)i,
                         (unsigned long long)grundy_table_get(fast, i),
                         (unsigned long long)grundy_table_get(naive, i));
        assert_int_equal(grundy_table_max(fast, &at_fast),
                         grundy_table_max(naive, &at_naive));
        assert_int_equal(at_fast, at_naive);
        grundy_table_free(fast);
    }
    grundy_table_free(naive);
    grundy_game_free(g);
}

#if AGREE_GROUP >= 4
static int sanitized(void)
{
    const char *e = getenv("GRUNDY_TEST_SANITIZED");
    return e && *e && strcmp(e, "0") != 0;
}
#endif

static void test_takebreak_all_codes_agree(void **state)
{
    unsigned d1, d2, d3;
    char spec[16];
    (void)state;
#if AGREE_GROUP < 4
    unsigned lead;
    for (lead = 0; lead <= (test_multiplier() > 1 ? 4u : 0u); lead += 4)
        for (d1 = 2 * AGREE_GROUP; d1 < 2 * AGREE_GROUP + 2; d1++)
            for (d2 = 0; d2 < 8; d2++)
                for (d3 = 0; d3 < 8; d3++) {
                    snprintf(spec, sizeof spec, "%u.%u%u%u", lead, d1, d2,
                             d3);
                    check_code(spec, 2001);
                }
    if (AGREE_GROUP == 0) {
        check_code("4.", 501);
        for (d1 = 0; d1 < 8; d1++)
            for (d2 = 0; d2 < 8; d2++) {
                snprintf(spec, sizeof spec, "4.%u%u", d1, d2);
                check_code(spec, 501);
            }
    }
#else
    unsigned d4, count = 0;
    for (d1 = 2 * (AGREE_GROUP - 4); d1 < 2 * (AGREE_GROUP - 4) + 2; d1++)
        for (d2 = 0; d2 < 8; d2++)
            for (d3 = 0; d3 < 8; d3++)
                for (d4 = 0; d4 < 8; d4++) {
                    if (sanitized() && count++ % 5)
                        continue;
                    snprintf(spec, sizeof spec, "0.%u%u%u%u", d1, d2, d3, d4);
                    check_code(spec, 501);
                }
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_takebreak_all_codes_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
