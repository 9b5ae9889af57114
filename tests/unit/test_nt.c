/*
 * test_nt.c -- modular arithmetic, the rings Z_p[w]/(Phi_q), and d(n).
 *
 * Oracles: 128-bit '%' for products, polynomial arithmetic over Z reduced
 * at the end for the rings, trial division for primality and d(n).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static int trial_is_prime(uint64_t n)
{
    uint64_t d;
    if (n < 2)
        return 0;
    for (d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

static uint64_t trial_divisors(uint64_t n)
{
    uint64_t d, c = 1;
    for (d = 2; d * d <= n; d++) {
        uint64_t e = 1;
        while (n % d == 0) {
            n /= d;
            e++;
        }
        c *= e;
    }
    return n > 1 ? 2 * c : c;
}

/* A random odd prime in [lo, hi] (by trial division: keep hi moderate, or
 * fall back on FLINT for big ones). */
static uint64_t random_prime(test_rng *rng, uint64_t lo, uint64_t hi)
{
    for (;;) {
        uint64_t p = test_rng_range(rng, lo, hi) | 1;
        if (p <= hi && p >= 3 &&
            (p < (UINT64_C(1) << 40) ? trial_is_prime(p)
                                     : grundy_nt_is_prime(p)))
            return p;
    }
}

static void test_nt_mod_matches_int128(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 2000 * test_multiplier(); it++) {
        uint64_t p = (test_rng_range(rng, 3, GRUNDY_NT_MOD_MAX)) | 1;
        uint64_t a = test_rng_next(rng), b = test_rng_next(rng), e, want;
        grundy_nt_mod m;
        uint64_t am, bm;
        int i;
        if (it % 4 == 0)
            p = GRUNDY_NT_MOD_MAX;
        if (it % 4 == 1)
            p = test_rng_range(rng, 1, 1000) * 2 + 1;
        assert_int_equal(grundy_nt_mod_init(&m, p), GRUNDY_OK);
        am = grundy_nt_mod_set_u64(a, &m);
        bm = grundy_nt_mod_set_u64(b, &m);
        if (grundy_nt_mod_get_u64(am, &m) != a % p)
            fail_msg("seed=%llu it=%ld round trip",
                     (unsigned long long)test_seed(), it);
        want = (uint64_t)(((grundy_u128)(a % p) * (b % p)) % p);
        if (grundy_nt_mod_get_u64(grundy_nt_mod_mul(am, bm, &m), &m) != want)
            fail_msg("seed=%llu it=%ld p=%llu mul",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)p);
        assert_int_equal(
            grundy_nt_mod_get_u64(grundy_nt_mod_add(am, bm, &m), &m),
            (uint64_t)(((grundy_u128)(a % p) + (b % p)) % p));
        assert_int_equal(
            grundy_nt_mod_get_u64(grundy_nt_mod_sub(am, bm, &m), &m),
            (uint64_t)(((grundy_u128)(a % p) + p - (b % p)) % p));
        assert_int_equal(grundy_nt_mod_get_u64(grundy_nt_mod_neg(am, &m), &m),
                         (p - a % p) % p);
        /* pow against repeated multiplication */
        e = test_rng_below(rng, 40);
        want = 1 % p;
        for (i = 0; i < (int)e; i++)
            want = (uint64_t)(((grundy_u128)want * (a % p)) % p);
        assert_int_equal(
            grundy_nt_mod_get_u64(grundy_nt_mod_pow(am, e, &m), &m), want);
        /* 32-bit arithmetic where it applies */
        if (p <= GRUNDY_NT_MOD32_MAX) {
            grundy_nt_mod32 m32;
            uint32_t a32, b32;
            assert_int_equal(grundy_nt_mod32_init(&m32, p), GRUNDY_OK);
            a32 = grundy_nt_mod32_set_u64(a, &m32);
            b32 = grundy_nt_mod32_set_u64(b, &m32);
            want = (uint64_t)(((grundy_u128)(a % p) * (b % p)) % p);
            if (grundy_nt_mod32_get_u64(grundy_nt_mod32_mul(a32, b32, &m32),
                                        &m32) != want)
                fail_msg("seed=%llu it=%ld p=%llu mul32",
                         (unsigned long long)test_seed(), it,
                         (unsigned long long)p);
        }
    }
}

static void test_nt_mod_init_rejects(void **state)
{
    grundy_nt_mod m;
    grundy_nt_mod32 m32;
    (void)state;
    assert_int_equal(grundy_nt_mod_init(&m, 0), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_nt_mod_init(&m, 1), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_nt_mod_init(&m, 2), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_nt_mod_init(&m, 1000000006), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_nt_mod_init(&m, GRUNDY_NT_MOD_MAX + 2),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_nt_mod_init(&m, UINT64_MAX), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_nt_mod_init(&m, 9), GRUNDY_OK);
    assert_int_equal(grundy_nt_mod_init_prime(&m, 9), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_nt_mod_init_prime(&m, 1000000007), GRUNDY_OK);
    assert_int_equal(grundy_nt_mod_init_prime(&m, GRUNDY_NT_PRIME_62),
                     GRUNDY_OK);
    assert_int_equal(grundy_nt_mod32_init(&m32, GRUNDY_NT_MOD32_MAX + 2),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_nt_mod32_init(&m32, 4), GRUNDY_ERR_ARG);
}

static void test_nt_is_prime_matches_trial(void **state)
{
    test_rng *rng = *state;
    uint64_t n, p;
    long it;
    for (n = 0; n < 3000; n++)
        if (grundy_nt_is_prime(n) != trial_is_prime(n))
            fail_msg("n=%llu", (unsigned long long)n);
    for (it = 0; it < 2000 * test_multiplier(); it++) {
        n = test_rng_range(rng, 1, UINT64_C(1) << 36);
        if (grundy_nt_is_prime(n) != trial_is_prime(n))
            fail_msg("seed=%llu it=%ld n=%llu", (unsigned long long)test_seed(),
                     it, (unsigned long long)n);
    }
    /* The largest prime below 2^62: nothing between it and 2^62 is prime. */
    assert_true(grundy_nt_is_prime(GRUNDY_NT_PRIME_62));
    for (p = GRUNDY_NT_PRIME_62 + 1; p < (UINT64_C(1) << 62); p++)
        assert_false(grundy_nt_is_prime(p));
}

static void test_nt_root_of_unity_order(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 300 * test_multiplier(); it++) {
        uint64_t p = random_prime(rng, 3, 1000000),
                 q = test_rng_range(rng, 1, 12);
        uint64_t r, x, j;
        grundy_nt_mod m;
        int have;
        assert_int_equal(grundy_nt_mod_init(&m, p), GRUNDY_OK);
        have = grundy_nt_mod_root_of_unity(&r, q, &m);
        assert_int_equal(have, (p - 1) % q == 0);
        if (!have)
            continue;
        /* r^j != 1 for 0 < j < q, r^q == 1 */
        for (x = r, j = 1; j < q; j++) {
            if (x == m.r1)
                fail_msg("seed=%llu it=%ld p=%llu q=%llu: order %llu",
                         (unsigned long long)test_seed(), it,
                         (unsigned long long)p, (unsigned long long)q,
                         (unsigned long long)j);
            x = grundy_nt_mod_mul(x, r, &m);
        }
        assert_int_equal(x, m.r1);
    }
}

static void test_nt_cyclotomic_known(void **state)
{
    static const int64_t phi1[] = {-1, 1}, phi2[] = {1, 1}, phi3[] = {1, 1, 1},
                         phi4[] = {1, 0, 1}, phi6[] = {1, -1, 1},
                         phi8[] = {1, 0, 0, 0, 1}, phi12[] = {1, 0, -1, 0, 1};
    static const struct {
        unsigned q, deg;
        const int64_t *c;
    } known[] = {{1, 1, phi1}, {2, 1, phi2}, {3, 2, phi3},  {4, 2, phi4},
                 {6, 2, phi6}, {8, 4, phi8}, {12, 4, phi12}};
    int64_t c[GRUNDY_NT_EXT_QMAX + 1];
    unsigned i, q, totient, j;
    (void)state;
    for (i = 0; i < sizeof known / sizeof known[0]; i++) {
        assert_int_equal(grundy_nt_cyclotomic(c, known[i].q), known[i].deg);
        assert_memory_equal(c, known[i].c, (known[i].deg + 1) * sizeof *c);
    }
    /* degree phi(q) for every q, and Phi_q(1) = l for q = l^e, else 1 (q > 1)
     */
    for (q = 2; q <= GRUNDY_NT_EXT_QMAX; q++) {
        int64_t at1 = 0, l = 0, x;
        for (totient = 0, j = 1; j <= q; j++) {
            unsigned a = j, b = q;
            while (b) {
                unsigned t = a % b;
                a = b;
                b = t;
            }
            totient += a == 1;
        }
        assert_int_equal(grundy_nt_cyclotomic(c, q), totient);
        for (j = 0; j <= totient; j++)
            at1 += c[j];
        for (x = 2; x <= (int64_t)q; x++)
            if (q % (unsigned)x == 0) {
                l = x;
                break;
            }
        for (x = (int64_t)q; x % l == 0; x /= l)
            ;
        assert_int_equal(at1, x == 1 ? l : 1);
    }
}

/* Oracle ring product: integer polynomial product with coefficients mod p
 * kept by '%', then long division by Phi_q over Z_p. */
static void oracle_ext_mul(uint64_t *out, const uint64_t *a, const uint64_t *b,
                           unsigned q, uint64_t p)
{
    int64_t c[GRUNDY_NT_EXT_QMAX + 1];
    uint64_t t[2 * GRUNDY_NT_EXT_QMAX];
    unsigned d = grundy_nt_cyclotomic(c, q), i, j;
    memset(t, 0, sizeof t);
    for (i = 0; i < d; i++)
        for (j = 0; j < d; j++)
            t[i + j] = (uint64_t)((t[i + j] + (grundy_u128)a[i] * b[j]) % p);
    for (i = 2 * d - 2; i >= d && i < 2 * d; i--) {
        uint64_t x = t[i];
        for (j = 0; j <= d; j++) {
            uint64_t cj =
                c[j] >= 0 ? (uint64_t)c[j] % p : p - (uint64_t)(-c[j]) % p;
            uint64_t sub = (uint64_t)(((grundy_u128)x * cj) % p);
            t[i - d + j] = (t[i - d + j] + p - sub) % p;
        }
    }
    memcpy(out, t, d * sizeof *out);
}

static void to_plain(uint64_t *out, const uint64_t *a, const grundy_nt_ext *r)
{
    unsigned i;
    for (i = 0; i < r->deg; i++)
        out[i] = grundy_nt_mod_get_u64(a[i], &r->m);
}

static void random_elem(uint64_t *a, test_rng *rng, const grundy_nt_ext *r)
{
    unsigned i;
    for (i = 0; i < r->deg; i++)
        a[i] = grundy_nt_mod_set_u64(test_rng_next(rng), &r->m);
}

static void test_nt_ext_ring_laws(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 400 * test_multiplier(); it++) {
        unsigned q = (unsigned)test_rng_range(rng, 2, 16), i;
        uint64_t p =
            it % 3 ? random_prime(rng, 3, 100000)
                   : random_prime(rng, UINT64_C(1) << 61, GRUNDY_NT_MOD_MAX);
        grundy_nt_mod m;
        grundy_nt_ext r;
        uint64_t a[64], b[64], c[64], x[64], y[64], z[64], pa[64], pb[64],
            one[64], w[64], e;
        assert_int_equal(grundy_nt_mod_init(&m, p), GRUNDY_OK);
        assert_int_equal(grundy_nt_ext_init(&r, &m, q), GRUNDY_OK);
        random_elem(a, rng, &r);
        random_elem(b, rng, &r);
        random_elem(c, rng, &r);
        /* product against the oracle */
        grundy_nt_ext_mul(x, a, b, &r);
        to_plain(pa, a, &r);
        to_plain(pb, b, &r);
        oracle_ext_mul(y, pa, pb, q, p);
        to_plain(z, x, &r);
        if (memcmp(y, z, r.deg * sizeof *y))
            fail_msg("seed=%llu it=%ld q=%u p=%llu: product",
                     (unsigned long long)test_seed(), it, q,
                     (unsigned long long)p);
        /* commutativity, associativity, distributivity */
        grundy_nt_ext_mul(y, b, a, &r);
        assert_true(grundy_nt_ext_equal(x, y, &r));
        grundy_nt_ext_mul(x, x, c, &r); /* (ab)c, aliasing out == a */
        grundy_nt_ext_mul(y, b, c, &r);
        grundy_nt_ext_mul(y, a, y, &r); /* a(bc), aliasing out == b */
        assert_true(grundy_nt_ext_equal(x, y, &r));
        grundy_nt_ext_add(x, b, c, &r);
        grundy_nt_ext_mul(x, a, x, &r);
        grundy_nt_ext_mul(y, a, b, &r);
        grundy_nt_ext_mul(z, a, c, &r);
        grundy_nt_ext_add(y, y, z, &r);
        assert_true(grundy_nt_ext_equal(x, y, &r));
        /* a - b + b = a; 1 is the identity */
        grundy_nt_ext_sub(x, a, b, &r);
        grundy_nt_ext_add(x, x, b, &r);
        assert_true(grundy_nt_ext_equal(x, a, &r));
        grundy_nt_ext_set_scalar(one, m.r1, &r);
        grundy_nt_ext_mul(x, a, one, &r);
        assert_true(grundy_nt_ext_equal(x, a, &r));
        /* w^q = 1, w^j != 1 for 0 < j < q, Phi_q(w) = 0 */
        grundy_nt_ext_set_wpow(w, 1, &r);
        grundy_nt_ext_pow(x, w, q, &r);
        assert_true(grundy_nt_ext_equal(x, one, &r));
        for (i = 1; i < q; i++) {
            grundy_nt_ext_pow(x, w, i, &r);
            assert_false(grundy_nt_ext_equal(x, one, &r));
            grundy_nt_ext_set_wpow(y, i + q, &r);
            assert_true(grundy_nt_ext_equal(x, y, &r));
        }
        /* pow against repeated products */
        e = test_rng_below(rng, 30);
        grundy_nt_ext_pow(x, a, e, &r);
        memcpy(y, one, sizeof one);
        for (i = 0; i < e; i++)
            grundy_nt_ext_mul(y, y, a, &r);
        assert_true(grundy_nt_ext_equal(x, y, &r));
        /* conj is a ring automorphism of order 2 sending w to w^-1 */
        grundy_nt_ext_conj(x, a, &r);
        grundy_nt_ext_conj(x, x, &r);
        assert_true(grundy_nt_ext_equal(x, a, &r));
        grundy_nt_ext_mul(x, a, b, &r);
        grundy_nt_ext_conj(x, x, &r);
        grundy_nt_ext_conj(y, a, &r);
        grundy_nt_ext_conj(z, b, &r);
        grundy_nt_ext_mul(y, y, z, &r);
        assert_true(grundy_nt_ext_equal(x, y, &r));
        grundy_nt_ext_conj(x, w, &r);
        grundy_nt_ext_set_wpow(y, q - 1, &r);
        assert_true(grundy_nt_ext_equal(x, y, &r));
    }
}

static void test_nt_ext_q3_shape(void **state)
{
    /* q = 3: a + b w with w^2 = -w - 1 */
    grundy_nt_mod m;
    grundy_nt_ext r;
    uint64_t w[2], x[2];
    (void)state;
    assert_int_equal(grundy_nt_mod_init(&m, 1000000007), GRUNDY_OK);
    assert_int_equal(grundy_nt_ext_init(&r, &m, 3), GRUNDY_OK);
    assert_int_equal(r.deg, 2);
    grundy_nt_ext_set_wpow(w, 1, &r);
    grundy_nt_ext_mul(x, w, w, &r);
    assert_int_equal(grundy_nt_mod_get_u64(x[0], &m), 1000000006);
    assert_int_equal(grundy_nt_mod_get_u64(x[1], &m), 1000000006);
    assert_int_equal(grundy_nt_ext_init(&r, &m, 1), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_nt_ext_init(&r, &m, GRUNDY_NT_EXT_QMAX + 1),
                     GRUNDY_ERR_ARG);
}

static void check_d(uint64_t n, long it)
{
    uint32_t d;
    uint64_t want = trial_divisors(n);
    if (grundy_nt_divisor_count(n) != want)
        fail_msg("seed=%llu it=%ld n=%llu: d = %llu, trial %llu",
                 (unsigned long long)test_seed(), it, (unsigned long long)n,
                 (unsigned long long)grundy_nt_divisor_count(n),
                 (unsigned long long)want);
    assert_int_equal(grundy_nt_divisor_count_batch(&d, &n, 1), GRUNDY_OK);
    if (d != want)
        fail_msg("seed=%llu it=%ld n=%llu: batch d = %u, trial %llu",
                 (unsigned long long)test_seed(), it, (unsigned long long)n, d,
                 (unsigned long long)want);
}

static void test_nt_divisor_count_matches_trial(void **state)
{
    test_rng *rng = *state;
    static const uint64_t primes_near[] = {2039,  2053,  2063, 65521,
                                           65537, 92681, 92683};
    uint64_t n, i, j;
    long it;
    for (n = 1; n <= 5000; n++)
        check_d(n, -1);
    for (it = 0; it < 3000 * test_multiplier(); it++) {
        switch (it % 4) {
        case 0:
            n = test_rng_range(rng, 1, 1000000000);
            break;
        case 1:
            n = test_rng_range(rng, 1, GRUNDY_NT_DIVISOR_BATCH_MAX + 1000);
            break;
        case 2: /* smooth numbers */
            n = 1;
            while (n < (UINT64_C(1) << 30))
                n *= test_rng_range(rng, 2, 40);
            break;
        default: /* two primes >= 2053 or one squared: the cofactor cases */
            i = primes_near[test_rng_below(rng, 7)];
            j = primes_near[test_rng_below(rng, 7)];
            n = i * j * test_rng_range(rng, 1, 1000);
        }
        check_d(n, it);
    }
    check_d(GRUNDY_NT_DIVISOR_BATCH_MAX, -2);
    check_d(GRUNDY_NT_DIVISOR_BATCH_MAX + 1, -2);
    check_d(UINT64_C(4294967295), -2);
    check_d(UINT64_C(4294967296), -2);
    check_d(UINT64_C(4294967291), -2); /* largest 32-bit prime */
    check_d(UINT64_C(4294967291) * 3, -2);
    check_d(UINT64_C(735134400), -2); /* d = 1344, the most below 10^9 */
    assert_int_equal(grundy_nt_divisor_count(UINT64_C(735134400)), 1344);
    assert_int_equal(grundy_nt_divisor_count(UINT64_C(897612484786617600)),
                     103680);
    assert_int_equal(grundy_nt_divisor_count(UINT64_MAX), 128); /* 7 primes */
}

static void test_nt_divisor_count_batch_many(void **state)
{
    test_rng *rng = *state;
    uint64_t n[1000];
    uint32_t d[1000];
    size_t i;
    /* Mixed so that runs of eight cofactors need a primality test: the
     * vectorised Miller-Rabin path as well as the scalar tail. */
    for (i = 0; i < 1000; i++) {
        uint64_t a, b;
        switch (i % 4) {
        case 0:
            n[i] = test_rng_range(rng, 1, 1000000000);
            break;
        case 1: /* two primes above 2^11 (or a prime times a composite) */
            a = test_rng_range(rng, 2053, 65521) | 1;
            b = test_rng_range(rng, 2053, 65521) | 1;
            n[i] = a * b;
            break;
        case 2:
            n[i] = test_rng_range(rng, 1, UINT64_C(4294967295));
            break;
        default:
            n[i] = test_rng_range(rng, 1, UINT64_MAX);
        }
    }
    assert_int_equal(grundy_nt_divisor_count_batch(d, n, 1000), GRUNDY_OK);
    for (i = 0; i < 1000; i++)
        if (d[i] != grundy_nt_divisor_count(n[i]) ||
            (n[i] < (UINT64_C(1) << 36) && d[i] != trial_divisors(n[i])))
            fail_msg("seed=%llu i=%zu n=%llu", (unsigned long long)test_seed(),
                     i, (unsigned long long)n[i]);
    n[500] = 0;
    assert_int_equal(grundy_nt_divisor_count_batch(d, n, 1000), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_nt_divisor_count_batch(d, n, 0), GRUNDY_OK);
}

static void test_nt_divisors_list(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 300 * test_multiplier(); it++) {
        uint64_t n = test_rng_range(rng, 1, it % 2 ? 100000 : 1000000000), x;
        uint64_t *d;
        size_t len, k = 0;
        assert_int_equal(grundy_nt_divisors(&d, &len, n), GRUNDY_OK);
        for (x = 1; x * x <= n; x++)
            if (n % x == 0)
                k += x * x == n ? 1 : 2;
        assert_int_equal(len, k);
        for (k = 0; k < len; k++) {
            assert_int_equal(n % d[k], 0);
            if (k)
                assert_true(d[k] > d[k - 1]);
        }
        free(d);
    }
    {
        uint64_t *d;
        size_t len;
        assert_int_equal(grundy_nt_divisors(&d, &len, 0), GRUNDY_ERR_ARG);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_nt_mod_matches_int128,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_nt_mod_init_rejects),
        cmocka_unit_test_setup_teardown(test_nt_is_prime_matches_trial,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_nt_root_of_unity_order,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_nt_cyclotomic_known),
        cmocka_unit_test_setup_teardown(test_nt_ext_ring_laws, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test(test_nt_ext_q3_shape),
        cmocka_unit_test_setup_teardown(test_nt_divisor_count_matches_trial,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_nt_divisor_count_batch_many,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_nt_divisors_list, test_rng_setup,
                                        test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
