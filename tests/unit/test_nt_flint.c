/*
 * test_nt_flint.c -- the number theory grundy computes without FLINT,
 * against FLINT itself, and the factorisation it takes from FLINT.
 *
 * The library links no FLINT: primality (grundy_nt_is_prime), squares
 * and the pre-inverted products of the range engine are its own, and
 * n_factor is loaded by dlopen on first use.  This test links FLINT as
 * the oracle: n_is_prime, n_is_square, n_preinvert_limb and
 * n_mulmod2_preinv on many seeded random inputs of every size, and on
 * the numbers that fool weaker tests (strong pseudoprimes, Carmichael
 * numbers, squares of primes, products of two close primes); d(n) and
 * the divisors through the loaded n_factor against trial division.
 */
#include <flint/ulong_extras.h>
#include <stdio.h>
#include <stdlib.h>

#include "nt/nt_internal.h"
#include "test_support.h"

/* A random number of a random bit length in 1..64. */
static uint64_t random_bits(test_rng *rng)
{
    unsigned bits = (unsigned)test_rng_range(rng, 1, 64);
    uint64_t x = test_rng_next(rng);
    return bits == 64 ? x : x & ((UINT64_C(1) << bits) - 1);
}

static void check_prime(uint64_t n, long it)
{
    int want = n_is_prime((ulong)n);
    if (grundy_nt_is_prime(n) != want)
        fail_msg("seed=%llu it=%ld n=%llu: is_prime %d, FLINT %d",
                 (unsigned long long)test_seed(), it, (unsigned long long)n,
                 grundy_nt_is_prime(n), want);
}

static void test_nt_is_prime_matches_flint(void **state)
{
    /* strong pseudoprimes to several bases, Carmichael numbers, and the
     * primes and composites at the ends of the ranges */
    static const uint64_t hard[] = {
        2047,
        1373653,
        25326001,
        3215031751u,
        4759123141u,
        UINT64_C(4759123139),
        UINT64_C(2152302898747),
        UINT64_C(3474749660383),
        UINT64_C(341550071728321),
        UINT64_C(3825123056546413051),
        561,
        41041,
        825265,
        UINT64_C(3778118040573702001),
        UINT64_C(18446744073709551557), /* the largest prime < 2^64 */
        UINT64_C(18446744073709551615),
        UINT64_C(18446744030759878681), /* (2^32 - 5)^2 */
        UINT64_C(4294967291) * 4294967279u,
        UINT64_C(4294967296),
        UINT64_C(4294967311),
    };
    test_rng *rng = *state;
    uint64_t n, p, q;
    long it;
    size_t i;
    for (i = 0; i < sizeof hard / sizeof hard[0]; i++)
        check_prime(hard[i], -(long)i - 1);
    for (n = 0; n < 20000; n++)
        check_prime(n, -1);
    for (it = 0; it < 200000 * test_multiplier(); it++)
        check_prime(random_bits(rng), it);
    for (it = 0; it < 20000 * test_multiplier(); it++) {
        /* p q and p^2 for primes p, q of random sizes */
        p = n_nextprime(test_rng_below(rng, UINT64_C(1) << 32), 1);
        q = n_nextprime(p + test_rng_below(rng, 1000), 1);
        if (p < (UINT64_C(1) << 32) && q < (UINT64_C(1) << 32)) {
            check_prime(p, it);
            check_prime(p * q, it);
            check_prime(p * p, it);
        }
    }
}

static void test_nt_is_square_matches_flint(void **state)
{
    test_rng *rng = *state;
    uint64_t n, k;
    long it;
    int d;
    for (n = 0; n < 20000; n++)
        if (grundy_nt_is_square(n) != n_is_square((ulong)n))
            fail_msg("n=%llu", (unsigned long long)n);
    for (it = 0; it < 200000 * test_multiplier(); it++) {
        k = test_rng_next(rng) >> (test_rng_below(rng, 32) + 32);
        for (d = -1; d <= 1; d++) {
            n = k * k + (uint64_t)(int64_t)d;
            if (grundy_nt_is_square(n) != n_is_square((ulong)n))
                fail_msg("seed=%llu it=%ld n=%llu: %d, FLINT %d",
                         (unsigned long long)test_seed(), it,
                         (unsigned long long)n, grundy_nt_is_square(n),
                         n_is_square((ulong)n));
        }
        n = random_bits(rng);
        if (grundy_nt_is_square(n) != n_is_square((ulong)n))
            fail_msg("seed=%llu it=%ld n=%llu", (unsigned long long)test_seed(),
                     it, (unsigned long long)n);
    }
    n = UINT64_C(0xFFFFFFFE00000001); /* (2^32 - 1)^2, the largest */
    assert_true(grundy_nt_is_square(n));
    assert_false(grundy_nt_is_square(n + 1));
    assert_false(grundy_nt_is_square(UINT64_MAX));
}

static void test_nt_mulmod_preinv_matches_flint(void **state)
{
    test_rng *rng = *state;
    uint64_t n, ninv, a, b, got, want;
    long it;
    int j;
    for (it = 0; it < 100000 * test_multiplier(); it++) {
        n = random_bits(rng);
        if (n == 0)
            continue;
        ninv = grundy_nt_preinvert(n);
        if (ninv != n_preinvert_limb((ulong)n))
            fail_msg("seed=%llu it=%ld n=%llu: preinvert",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)n);
        for (j = 0; j < 8; j++) {
            /* the extremes a, b = n - 1 as well as random residues */
            a = j == 0 ? n - 1 : test_rng_below(rng, n);
            b = j <= 1 ? n - 1 : test_rng_below(rng, n);
            got = grundy_nt_mulmod_preinv(a, b, n, ninv);
            want = n_mulmod2_preinv((ulong)a, (ulong)b, (ulong)n, (ulong)ninv);
            if (got != want || got != (uint64_t)((grundy_u128)a * b % n))
                fail_msg("seed=%llu it=%ld n=%llu a=%llu b=%llu: %llu, "
                         "FLINT %llu",
                         (unsigned long long)test_seed(), it,
                         (unsigned long long)n, (unsigned long long)a,
                         (unsigned long long)b, (unsigned long long)got,
                         (unsigned long long)want);
        }
    }
}

/* d(n) and the divisors, whose factorisation comes from the FLINT that
 * the library loads on first use, against trial division. */
static void test_nt_factor_loaded(void **state)
{
    test_rng *rng = *state;
    uint64_t n, x, c, *div = NULL;
    size_t len, i;
    long it;
    for (it = 0; it < 300 * test_multiplier(); it++) {
        n = test_rng_range(rng, 1, UINT64_C(1) << 34);
        if (grundy_nt_divisors(&div, &len, n) != GRUNDY_OK)
            fail_msg("seed=%llu it=%ld n=%llu: divisors failed",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)n);
        c = 0;
        for (x = 1; x * x <= n; x++)
            if (n % x == 0)
                c += x * x == n ? 1 : 2;
        if (len != c || grundy_nt_divisor_count(n) != c)
            fail_msg("seed=%llu it=%ld n=%llu: %zu divisors, d %llu, "
                     "trial %llu",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)n, len,
                     (unsigned long long)grundy_nt_divisor_count(n),
                     (unsigned long long)c);
        for (i = 0; i < len; i++)
            if (n % div[i] != 0 || (i > 0 && div[i] <= div[i - 1]))
                fail_msg("seed=%llu it=%ld n=%llu: divisor %zu",
                         (unsigned long long)test_seed(), it,
                         (unsigned long long)n, i);
        free(div);
        div = NULL;
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_nt_is_prime_matches_flint,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_nt_is_square_matches_flint,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_nt_mulmod_preinv_matches_flint,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_nt_factor_loaded, test_rng_setup,
                                        test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
