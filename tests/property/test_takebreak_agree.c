/*
 * test_takebreak_agree.c -- every path of the take-and-break kernel
 * against the generic method (moves + mex, the oracle), byte for byte:
 * the kernel's own choice and each method forced (listing into bytes,
 * listing as a bitset, the sparse space method under the value rule,
 * under a parity rule; see table/sparse.h), each with the loops of every
 * instruction set this CPU runs (portable, AVX2, AVX-512), on one thread,
 * and the kernel's own choice on two threads, on
 *
 *   groups 0-3: every octal code 0.d1d2d3 whose first digit is in the
 *               group (two digits each), to n = 4000;
 *   groups 4-7: the codes 0.d1d2d3d4 with d1 in the group, a third of
 *               them drawn from the seed, to n = 1000;
 *   group 0 also every code 4.d1d2 and 4. itself, to n = 1000;
 *   group 7 also 24 hexadecimal codes 0.h1h2h3 drawn from the seed, to
 *               n = 600 (their three-heap moves make the oracle cubic).
 *
 * The groups run as separate tests so that they share the cores.  Under
 * the sanitizers (GRUNDY_TEST_SANITIZED) the tables are shorter (2000 and
 * 300), the four-digit groups take every fifteenth code, and only the
 * kernel's own choice runs per instruction set.  GRUNDY_TEST_MULTIPLIER
 * > 1 adds the codes 4.d1d2d3 to the groups 0-3.
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

static int sanitized(void)
{
    const char *e = getenv("GRUNDY_TEST_SANITIZED");
    return e && *e && strcmp(e, "0") != 0;
}

static const grundy_sparse_isa isas[] = {
    GRUNDY_SPARSE_PORTABLE, GRUNDY_SPARSE_AVX2, GRUNDY_SPARSE_AVX512};
static unsigned isa_runs[3]; /* tables filled with each set */

/* The kernel's table of g to n with the loops of isa, the method forced,
 * on `threads` threads, against the oracle's. */
static void check_path(const grundy_game *g, const char *spec,
                       const grundy_table *naive, grundy_pos n, size_t q,
                       int force, unsigned threads)
{
    grundy_table *fast;
    grundy_limits o;
    grundy_pos i, at_fast, at_naive;
    int old;
    grundy_status s;
    grundy_limits_init(&o);
    o.threads = threads;
    assert_int_equal(grundy_table_new_method(&fast, g, 1, GRUNDY_TABLE_FAST,
                                             &o), GRUNDY_OK);
    old = grundy_sparse_set_force(force);
    s = grundy_table_fill_sparse_isa(fast, n, &o, isas[q]);
    grundy_sparse_set_force(old);
    assert_int_equal(s, GRUNDY_OK);
    assert_int_equal(grundy_table_size(fast), n);
    isa_runs[q]++;
    if (memcmp(grundy_table_data(fast), grundy_table_data(naive),
               (size_t)n * grundy_table_width(naive)) != 0 ||
        grundy_table_width(fast) != grundy_table_width(naive))
        for (i = 0; i < n; i++)
            if (grundy_table_get(fast, i) != grundy_table_get(naive, i))
                fail_msg("%s, method %d, loops %d, %u threads: g(%llu) = "
                         "%llu by the kernel, %llu by the generic method "
                         "(seed %llu)",
                         spec, force, (int)isas[q], threads,
                         (unsigned long long)i,
                         (unsigned long long)grundy_table_get(fast, i),
                         (unsigned long long)grundy_table_get(naive, i),
                         (unsigned long long)test_seed());
    assert_int_equal(grundy_table_max(fast, &at_fast),
                     grundy_table_max(naive, &at_naive));
    assert_int_equal(at_fast, at_naive);
    grundy_table_free(fast);
}

static void check_code(const char *spec, grundy_pos n)
{
    grundy_game *g = test_game(spec);
    grundy_table *naive;
    grundy_limits o;
    size_t f, q;
    grundy_limits_init(&o);
    o.threads = 1;
    assert_int_equal(grundy_table_new_method(&naive, g, n,
            GRUNDY_TABLE_NAIVE, &o), GRUNDY_OK);
    for (q = 0; q < sizeof isas / sizeof *isas; q++) {
        if (!grundy_sparse_isa_supported(isas[q]))
            continue;
        for (f = 0; f < (sanitized() ? 1 : sizeof forced / sizeof *forced);
             f++)
            check_path(g, spec, naive, n, q, forced[f], 1);
        check_path(g, spec, naive, n, q, GRUNDY_SPARSE_FORCE_NONE, 2);
    }
    grundy_table_free(naive);
    grundy_game_free(g);
}

static void test_takebreak_all_codes_agree(void **state)
{
    unsigned d1, d2, d3;
    char spec[16];
    test_rng *rng = *state;
    grundy_pos big = sanitized() ? 2001 : 4001, small = sanitized() ? 301
                                                                  : 1001;
#if AGREE_GROUP < 4
    unsigned lead;
    (void)rng;
    for (lead = 0; lead <= (test_multiplier() > 1 ? 4u : 0u); lead += 4)
        for (d1 = 2 * AGREE_GROUP; d1 < 2 * AGREE_GROUP + 2; d1++)
            for (d2 = 0; d2 < 8; d2++)
                for (d3 = 0; d3 < 8; d3++) {
                    snprintf(spec, sizeof spec, "%u.%u%u%u", lead, d1, d2,
                             d3);
                    check_code(spec, big);
                }
    if (AGREE_GROUP == 0) {
        check_code("4.", small);
        for (d1 = 0; d1 < 8; d1++)
            for (d2 = 0; d2 < 8; d2++) {
                snprintf(spec, sizeof spec, "4.%u%u", d1, d2);
                check_code(spec, small);
            }
    }
#else
    unsigned d4;
    (void)big;
    for (d1 = 2 * (AGREE_GROUP - 4); d1 < 2 * (AGREE_GROUP - 4) + 2; d1++)
        for (d2 = 0; d2 < 8; d2++)
            for (d3 = 0; d3 < 8; d3++)
                for (d4 = 0; d4 < 8; d4++) {
                    if (test_rng_below(rng, sanitized() ? 15 : 3) != 0)
                        continue;
                    snprintf(spec, sizeof spec, "0.%u%u%u%u", d1, d2, d3, d4);
                    check_code(spec, small);
                }
    if (AGREE_GROUP == 7) {
        static const char hex[] = "0123456789ABCDEF";
        unsigned k;
        for (k = 0; k < (sanitized() ? 6u : 24u); k++) {
            snprintf(spec, sizeof spec, "0.%c%c%c",
                     hex[test_rng_below(rng, 16)],
                     hex[test_rng_below(rng, 16)],
                     hex[1 + test_rng_below(rng, 15)]);
            check_code(spec, sanitized() ? 201 : 601);
        }
    }
#endif
    /* the portable loops and the AVX2 ones (always there on x86-64
     * machines this runs on) really ran */
    assert_true(isa_runs[0] > 0);
#if defined(__x86_64__)
    assert_true(isa_runs[1] > 0);
#endif
    if (!grundy_sparse_isa_supported(GRUNDY_SPARSE_AVX512))
        print_message("AVX-512 loops not checked: this CPU lacks them\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_takebreak_all_codes_agree,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
