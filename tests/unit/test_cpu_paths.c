/*
 * test_cpu_paths.c -- every path of the CPU dispatch gives the same
 * answers: the kernels with an AVX2 (or AVX-512) build are run with the
 * features detected and again with them masked off (the portable build),
 * on the same inputs.  A path this CPU cannot run is skipped, and says so.
 */
#include <stdlib.h>
#include <string.h>

#include "core/cpu_internal.h"
#include "count/count_internal.h"
#include "test_support.h"

#define ALL_FEATURES (GRUNDY_CPU_AVX2 | GRUNDY_CPU_AVX512 | GRUNDY_CPU_BMI2)

static void need_avx2(void)
{
    grundy_cpu_features_mask(0);
    if (!(grundy_cpu_features() & GRUNDY_CPU_AVX2))
        skip();
}

/* d(n) for n of every size class of the batch (32-bit with prime
 * cofactors, 64-bit below and above the batch bound). */
static void test_cpu_divisor_batch_paths_agree(void **state)
{
    test_rng *rng = *state;
    size_t n = 4096 * (size_t)test_multiplier(), i;
    uint64_t *x = malloc(n * sizeof *x);
    uint32_t *fast = malloc(n * sizeof *fast), *port = malloc(n * sizeof *port);
    assert_non_null(x);
    assert_non_null(fast);
    assert_non_null(port);
    need_avx2();
    for (i = 0; i < n; i++) {
        unsigned bits = 1 + (unsigned)test_rng_below(rng, 63);
        x[i] = test_rng_next(rng) >> (64 - bits);
        if (x[i] == 0)
            x[i] = 1;
    }
    x[0] = 4294967291u; /* the largest 32-bit prime */
    x[1] = 4294967295u;
    x[2] = UINT64_MAX;
    assert_int_equal(grundy_nt_divisor_count_batch(fast, x, n), GRUNDY_OK);
    grundy_cpu_features_mask(ALL_FEATURES);
    assert_int_equal(grundy_cpu_features() & GRUNDY_CPU_AVX2, 0);
    assert_int_equal(grundy_nt_divisor_count_batch(port, x, n), GRUNDY_OK);
    grundy_cpu_features_mask(0);
    for (i = 0; i < n; i++)
        if (fast[i] != port[i])
            fail_msg("seed=%llu i=%zu n=%llu avx2=%u portable=%u",
                     (unsigned long long)test_seed(), i,
                     (unsigned long long)x[i], fast[i], port[i]);
    free(x);
    free(fast);
    free(port);
}

/* The ring kernel of Moore's Nim_2 counts (transform passes and powers,
 * both with an AVX2 build): block lengths with and without a tail. */
static void test_cpu_ring3_paths_agree(void **state)
{
    test_rng *rng = *state;
    static const uint64_t primes[] = {1000000007u, 998244353u, 5u, 2147483647u};
    unsigned L;
    need_avx2();
    for (L = 1; L <= 9; L++) {
        size_t n = 1, i, k;
        for (i = 0; i < L; i++)
            n *= 3;
        for (k = 0; k < sizeof primes / sizeof *primes; k++) {
            grundy_nt_mod32 m;
            uint32_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
            uint64_t K = 1 + test_rng_below(rng, 1000000), fast, port;
            assert_non_null(a);
            assert_non_null(b);
            assert_int_equal(grundy_nt_mod32_init(&m, primes[k]), GRUNDY_OK);
            for (i = 0; i < n; i++)
                a[i] = b[i] = grundy_nt_mod32_set_u64(test_rng_next(rng), &m);
            grundy_cpu_features_mask(0);
            assert_int_equal(grundy_count_ring3_powsum(&fast, a, L, K, &m),
                             GRUNDY_OK);
            grundy_cpu_features_mask(ALL_FEATURES);
            assert_int_equal(grundy_count_ring3_powsum(&port, b, L, K, &m),
                             GRUNDY_OK);
            grundy_cpu_features_mask(0);
            if (fast != port)
                fail_msg("seed=%llu L=%u p=%llu K=%llu avx2=%llu "
                         "portable=%llu",
                         (unsigned long long)test_seed(), L,
                         (unsigned long long)primes[k],
                         (unsigned long long)K, (unsigned long long)fast,
                         (unsigned long long)port);
            free(a);
            free(b);
        }
    }
}

/* GRUNDY_CPU_MASK's bits are the ones cleared; mask 0 restores. */
static void test_cpu_features_mask_clears(void **state)
{
    unsigned all;
    (void)state;
    grundy_cpu_features_mask(0);
    all = grundy_cpu_features();
    grundy_cpu_features_mask(GRUNDY_CPU_AVX512);
    assert_int_equal(grundy_cpu_features(), all & ~GRUNDY_CPU_AVX512);
    grundy_cpu_features_mask(0);
    assert_int_equal(grundy_cpu_features(), all);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cpu_features_mask_clears),
        cmocka_unit_test_setup_teardown(test_cpu_divisor_batch_paths_agree,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_cpu_ring3_paths_agree,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
