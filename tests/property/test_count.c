/*
 * test_count.c -- transforms and counts against brute force.
 *
 * Oracles written here, sharing no code with count/:
 *  - O(n^2) convolutions (XOR, base-q digit-wise) and O(n^2) direct
 *    transforms from the definition;
 *  - a direct game-tree search of Moore's Nim_k on the actual heaps (a
 *    move lowers 1..k heaps), used to decide every enumerated K-tuple;
 *  - a direct search of the divisor game with moves in one or two piles
 *    (mdswin), on the actual counts and targets;
 *  - a direct search of sums of heaps of a family for the P-position
 *    counts, with move generators from tests/support/oracle.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "test_support.h"

#define MOD 1000000007u

/* Modular helpers for the oracles ('%' on 128-bit products). */
static uint64_t mulm(uint64_t a, uint64_t b, uint64_t p)
{
    return (uint64_t)(((grundy_u128)a * b) % p);
}

static uint64_t powm(uint64_t a, uint64_t e, uint64_t p)
{
    uint64_t r = 1 % p;
    a %= p;
    while (e) {
        if (e & 1)
            r = mulm(r, a, p);
        a = mulm(a, a, p);
        e >>= 1;
    }
    return r;
}

static int slow_prime(uint64_t n)
{
    uint64_t d;
    if (n < 2)
        return 0;
    for (d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

static uint64_t random_prime(test_rng *rng, uint64_t lo, uint64_t hi)
{
    for (;;) {
        uint64_t p = test_rng_range(rng, lo, hi) | 1;
        if (p >= 3 && p <= hi && slow_prime(p))
            return p;
    }
}

/* Base-q digit vectors of binary values ***********************************/

static size_t qpow(unsigned q, unsigned L)
{
    size_t n = 1;
    while (L--)
        n *= q;
    return n;
}

static size_t to_digits(uint64_t v, unsigned q)
{
    size_t idx = 0, pw = 1;
    for (; v; v >>= 1, pw *= q)
        idx += (v & 1) * pw;
    return idx;
}

/* digit-wise (a + b) mod q of two indices */
static size_t digit_add(size_t a, size_t b, unsigned q, unsigned L)
{
    size_t r = 0, pw = 1;
    unsigned i;
    for (i = 0; i < L; i++, pw *= q, a /= q, b /= q)
        r += ((a % q + b % q) % q) * pw;
    return r;
}

static size_t digit_dot(size_t a, size_t b, unsigned q, unsigned L)
{
    size_t r = 0;
    unsigned i;
    for (i = 0; i < L; i++, a /= q, b /= q)
        r += (a % q) * (b % q);
    return r % q;
}

/* c = a (*) b under digit-wise addition, O(n^2), plain residues */
static void conv_digits(uint64_t *c, const uint64_t *a, const uint64_t *b,
                        unsigned q, unsigned L, uint64_t p)
{
    size_t n = qpow(q, L), i, j;
    uint64_t *t = calloc(n, sizeof *t);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (a[i] && b[j]) {
                size_t k = digit_add(i, j, q, L);
                t[k] = (t[k] + mulm(a[i], b[j], p)) % p;
            }
    memcpy(c, t, n * sizeof *c);
    free(t);
}

/* (a^(*K))[0] by repeated squaring of O(n^2) convolutions */
static uint64_t conv_power_zero(const uint64_t *a, unsigned q, unsigned L,
                                uint64_t K, uint64_t p)
{
    size_t n = qpow(q, L);
    uint64_t *r = calloc(n, sizeof *r), *b = malloc(n * sizeof *b), z;
    memcpy(b, a, n * sizeof *b);
    r[0] = 1 % p;
    while (K) {
        if (K & 1)
            conv_digits(r, r, b, q, L, p);
        K >>= 1;
        if (K)
            conv_digits(b, b, b, q, L, p);
    }
    z = r[0];
    free(r);
    free(b);
    return z;
}

/* Transforms ****************************************************************/

static void test_wht_matches_xor_convolution(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 200 * test_multiplier(); it++) {
        unsigned L = (unsigned)test_rng_below(rng, 7);
        size_t n = (size_t)1 << L, i, j;
        uint64_t p = it % 2 ? random_prime(rng, 3, 1000) : MOD;
        uint64_t a[64], b[64], c[64], ta[64], tb[64], tc[64];
        grundy_nt_mod m;
        assert_int_equal(grundy_nt_mod_init(&m, p), GRUNDY_OK);
        memset(c, 0, sizeof c);
        for (i = 0; i < n; i++) {
            a[i] = test_rng_below(rng, p);
            b[i] = test_rng_below(rng, p);
        }
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                c[i ^ j] = (c[i ^ j] + mulm(a[i], b[j], p)) % p;
        memcpy(ta, a, sizeof a);
        memcpy(tb, b, sizeof b);
        memcpy(tc, c, sizeof c);
        grundy_count_wht(ta, n, &m);
        grundy_count_wht(tb, n, &m);
        grundy_count_wht(tc, n, &m);
        for (i = 0; i < n; i++)
            if (mulm(ta[i], tb[i], p) != tc[i])
                fail_msg("seed=%llu it=%ld L=%u i=%zu",
                         (unsigned long long)test_seed(), it, L, i);
        grundy_count_wht(ta, n, &m); /* twice: n a */
        for (i = 0; i < n; i++)
            assert_int_equal(ta[i], mulm(a[i], n, p));
    }
}

static void test_dft_digits_matches_definition(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 150 * test_multiplier(); it++) {
        unsigned q = (unsigned)test_rng_range(rng, 2, 6);
        unsigned L = (unsigned)test_rng_below(rng, q <= 3 ? 5 : 3);
        size_t n = qpow(q, L), t, v;
        uint64_t p, root, rp[8], *a, *b, *c, *ta, *tb, *tc;
        grundy_nt_mod m;
        unsigned e;
        do
            p = random_prime(rng, 3, 100000);
        while ((p - 1) % q);
        assert_int_equal(grundy_nt_mod_init(&m, p), GRUNDY_OK);
        assert_true(grundy_nt_mod_root_of_unity(&root, q, &m));
        rp[0] = 1;
        for (e = 1; e < q; e++)
            rp[e] = mulm(rp[e - 1], grundy_nt_mod_get_u64(root, &m), p);
        a = malloc(n * sizeof *a);
        b = malloc(n * sizeof *b);
        c = malloc(n * sizeof *c);
        ta = malloc(n * sizeof *ta);
        tb = malloc(n * sizeof *tb);
        tc = malloc(n * sizeof *tc);
        for (v = 0; v < n; v++) {
            a[v] = test_rng_below(rng, p);
            b[v] = test_rng_below(rng, p);
            ta[v] = grundy_nt_mod_set_u64(a[v], &m);
            tb[v] = grundy_nt_mod_set_u64(b[v], &m);
        }
        conv_digits(c, a, b, q, L, p);
        for (v = 0; v < n; v++)
            tc[v] = grundy_nt_mod_set_u64(c[v], &m);
        grundy_count_dft_digits(ta, q, L, root, &m);
        grundy_count_dft_digits(tb, q, L, root, &m);
        grundy_count_dft_digits(tc, q, L, root, &m);
        for (t = 0; t < n; t++) {
            uint64_t want = 0;
            for (v = 0; v < n; v++)
                want = (want + mulm(a[v], rp[digit_dot(t, v, q, L)], p)) % p;
            if (grundy_nt_mod_get_u64(ta[t], &m) != want)
                fail_msg("seed=%llu it=%ld q=%u L=%u t=%zu: definition",
                         (unsigned long long)test_seed(), it, q, L, t);
            if (grundy_nt_mod_mul(ta[t], tb[t], &m) != tc[t])
                fail_msg("seed=%llu it=%ld q=%u L=%u t=%zu: convolution",
                         (unsigned long long)test_seed(), it, q, L, t);
        }
        free(a);
        free(b);
        free(c);
        free(ta);
        free(tb);
        free(tc);
    }
}

static void test_dft_ring_matches_definition(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 100 * test_multiplier(); it++) {
        unsigned q = (unsigned)test_rng_range(rng, 2, 7);
        unsigned L = (unsigned)test_rng_below(rng, q <= 3 ? 5 : 3);
        size_t n = qpow(q, L), t, v;
        uint64_t p = it % 2 ? random_prime(rng, 3, 1000) : MOD;
        uint64_t *a, *b, *c, *ya, *yb, *yc, x[64], wp[64], acc[64];
        grundy_nt_mod m;
        grundy_nt_ext r;
        if (q % p == 0)
            continue;
        assert_int_equal(grundy_nt_mod_init(&m, p), GRUNDY_OK);
        assert_int_equal(grundy_nt_ext_init(&r, &m, q), GRUNDY_OK);
        a = malloc(n * sizeof *a);
        b = malloc(n * sizeof *b);
        c = malloc(n * sizeof *c);
        ya = malloc(n * r.deg * sizeof *ya);
        yb = malloc(n * r.deg * sizeof *yb);
        yc = malloc(n * r.deg * sizeof *yc);
        for (v = 0; v < n; v++) {
            a[v] = test_rng_below(rng, p);
            b[v] = test_rng_below(rng, p);
        }
        conv_digits(c, a, b, q, L, p);
        for (v = 0; v < n; v++) {
            a[v] = grundy_nt_mod_set_u64(a[v], &m);
            b[v] = grundy_nt_mod_set_u64(b[v], &m);
            c[v] = grundy_nt_mod_set_u64(c[v], &m);
        }
        assert_int_equal(grundy_count_dft_digits_ring(ya, a, L, &r), GRUNDY_OK);
        assert_int_equal(grundy_count_dft_digits_ring(yb, b, L, &r), GRUNDY_OK);
        assert_int_equal(grundy_count_dft_digits_ring(yc, c, L, &r), GRUNDY_OK);
        for (t = 0; t < n; t++) {
            grundy_nt_ext_zero(acc, &r);
            for (v = 0; v < n; v++) {
                grundy_nt_ext_set_wpow(wp, digit_dot(t, v, q, L), &r);
                grundy_nt_ext_set_scalar(x, a[v], &r);
                grundy_nt_ext_mul(x, x, wp, &r);
                grundy_nt_ext_add(acc, acc, x, &r);
            }
            if (!grundy_nt_ext_equal(acc, ya + t * r.deg, &r))
                fail_msg("seed=%llu it=%ld q=%u L=%u p=%llu t=%zu: definition",
                         (unsigned long long)test_seed(), it, q, L,
                         (unsigned long long)p, t);
            grundy_nt_ext_mul(x, ya + t * r.deg, yb + t * r.deg, &r);
            if (!grundy_nt_ext_equal(x, yc + t * r.deg, &r))
                fail_msg("seed=%llu it=%ld q=%u L=%u t=%zu: convolution",
                         (unsigned long long)test_seed(), it, q, L, t);
        }
        free(a);
        free(b);
        free(c);
        free(ya);
        free(yb);
        free(yc);
    }
}

/* Moore's Nim_k by direct search ******************************************/

typedef struct moore_oracle {
    unsigned n, k, base; /* n heaps, each < base */
    signed char *memo;   /* base^n, keyed by the sorted tuple */
} moore_oracle;

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static size_t moore_key(const moore_oracle *o, const uint64_t *h)
{
    uint64_t t[8];
    size_t key = 0;
    unsigned i;
    memcpy(t, h, o->n * sizeof *t);
    qsort(t, o->n, sizeof *t, cmp_u64);
    for (i = 0; i < o->n; i++)
        key = key * o->base + (size_t)t[i];
    return key;
}

static int moore_wins(moore_oracle *o, uint64_t *h);

/* Try every way to lower heaps from index i on, having changed `used` so
 * far; 1 if some completed move reaches a loss. */
static int moore_try(moore_oracle *o, uint64_t *h, unsigned i, unsigned used)
{
    uint64_t save, x;
    if (i == o->n)
        return used > 0 && !moore_wins(o, h);
    if (moore_try(o, h, i + 1, used))
        return 1;
    if (used == o->k)
        return 0;
    save = h[i];
    for (x = 0; x < save; x++) {
        h[i] = x;
        if (moore_try(o, h, i + 1, used + 1)) {
            h[i] = save;
            return 1;
        }
    }
    h[i] = save;
    return 0;
}

static int moore_wins(moore_oracle *o, uint64_t *h)
{
    size_t key = moore_key(o, h);
    if (o->memo[key] < 0)
        o->memo[key] = (signed char)moore_try(o, h, 0, 0);
    return o->memo[key];
}

static void moore_init(moore_oracle *o, unsigned n, unsigned k, unsigned base)
{
    o->n = n;
    o->k = k;
    o->base = base;
    o->memo = malloc(qpow(base, n));
    memset(o->memo, -1, qpow(base, n));
}

static void test_moore_criterion_matches_search(void **state)
{
    unsigned k, n, i;
    (void)state;
    for (k = 1; k <= 3; k++)
        for (n = 1; n <= 4; n++) {
            unsigned base = k == 1 ? 16 : 8;
            moore_oracle o;
            size_t idx, total = qpow(base, n);
            moore_init(&o, n, k, base);
            for (idx = 0; idx < total; idx++) {
                uint64_t h[4];
                size_t x = idx;
                for (i = 0; i < n; i++, x /= base)
                    h[i] = x % base;
                if (grundy_count_moore_losing(h, n, k) == moore_wins(&o, h))
                    fail_msg("k=%u n=%u heaps %llu %llu %llu %llu", k, n,
                             (unsigned long long)h[0],
                             (unsigned long long)(n > 1 ? h[1] : 0),
                             (unsigned long long)(n > 2 ? h[2] : 0),
                             (unsigned long long)(n > 3 ? h[3] : 0));
            }
            free(o.memo);
        }
}

/* Losing K-tuples by enumeration, each decided by search. */
static uint64_t enum_losing(const uint64_t *w, unsigned nv, unsigned K,
                            unsigned k, uint64_t p)
{
    moore_oracle o;
    size_t idx, total = qpow(nv, K);
    uint64_t lose = 0;
    unsigned i;
    moore_init(&o, K, k, nv);
    for (idx = 0; idx < total; idx++) {
        uint64_t h[8], weight = 1 % p;
        size_t x = idx;
        for (i = 0; i < K; i++, x /= nv) {
            h[i] = x % nv;
            weight = mulm(weight, w[h[i]] % p, p);
        }
        if (weight && !moore_wins(&o, h))
            lose = (lose + weight) % p;
    }
    free(o.memo);
    return lose;
}

static const grundy_count_method all_methods[] = {
    GRUNDY_COUNT_AUTO, GRUNDY_COUNT_ROOT, GRUNDY_COUNT_RING,
    GRUNDY_COUNT_RING3};

static void check_methods(const uint64_t *w, size_t nv, uint64_t K, unsigned k,
                          uint64_t p, uint64_t want_losing, uint64_t want_total,
                          long it)
{
    unsigned i;
    int ran = 0;
    for (i = 0; i < 4; i++) {
        grundy_count_result r;
        grundy_status s = grundy_count_tuples_method(&r, w, nv, K, k, p,
                                                     all_methods[i], NULL);
        int applies =
            all_methods[i] == GRUNDY_COUNT_AUTO ||
            all_methods[i] == GRUNDY_COUNT_RING ||
            (all_methods[i] == GRUNDY_COUNT_ROOT && (p - 1) % (k + 1) == 0) ||
            (all_methods[i] == GRUNDY_COUNT_RING3 && k == 2 &&
             p <= GRUNDY_NT_MOD32_MAX);
        if (!applies) {
            assert_int_equal(s, GRUNDY_ERR_ARG);
            continue;
        }
        assert_int_equal(s, GRUNDY_OK);
        ran++;
        if (r.losing != want_losing || r.total != want_total ||
            r.winning != (want_total + p - want_losing) % p)
            fail_msg(
                "seed=%llu it=%ld method=%u k=%u K=%llu p=%llu: losing %llu, "
                "oracle %llu; total %llu, oracle %llu",
                (unsigned long long)test_seed(), it, i, k,
                (unsigned long long)K, (unsigned long long)p,
                (unsigned long long)r.losing, (unsigned long long)want_losing,
                (unsigned long long)r.total, (unsigned long long)want_total);
    }
    assert_true(ran >= 2);
}

static void test_count_tuples_matches_search(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 120 * test_multiplier(); it++) {
        unsigned k = (unsigned)test_rng_range(rng, 1, 4);
        unsigned K = (unsigned)test_rng_range(rng, 1, k == 1 ? 4 : 3);
        unsigned nv = (unsigned)test_rng_range(rng, 1, k == 1 ? 16 : 8), v;
        uint64_t p, w[16], wsum = 0;
        switch (it % 3) {
        case 0:
            p = MOD;
            break;
        case 1:
            p = random_prime(rng, 5, 200);
            break;
        default:
            do /* a prime with a (k+1)-th root of unity */
                p = random_prime(rng, 5, 1000000);
            while ((p - 1) % (k + 1));
        }
        if ((k + 1) % p == 0)
            continue;
        for (v = 0; v < nv; v++) {
            w[v] = test_rng_below(rng, 4) ? test_rng_below(rng, 5)
                                          : test_rng_next(rng);
            wsum = (wsum + w[v] % p) % p;
        }
        check_methods(w, nv, K, k, p, enum_losing(w, nv, K, k, p),
                      powm(wsum, K, p), it);
    }
}

static void test_count_tuples_large_K_matches_convolution(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 60 * test_multiplier(); it++) {
        unsigned k = (unsigned)test_rng_range(rng, 1, 6), q = k + 1;
        unsigned nv = (unsigned)test_rng_range(rng, 1, k <= 4 ? 8 : 4), L = 0,
                 v;
        uint64_t K = test_rng_range(rng, 1, UINT64_C(1000000000000000000));
        uint64_t p = it % 2 ? MOD : random_prime(rng, 5, 100000), w[8],
                 wsum = 0;
        uint64_t *a;
        if (q % p == 0)
            continue;
        while ((uint64_t)(nv - 1) >> L)
            L++;
        a = calloc(qpow(q, L), sizeof *a);
        for (v = 0; v < nv; v++) {
            w[v] = test_rng_next(rng);
            a[to_digits(v, q)] = w[v] % p;
            wsum = (wsum + w[v] % p) % p;
        }
        check_methods(w, nv, K, k, p, conv_power_zero(a, q, L, K, p),
                      powm(wsum, K, p), it);
        free(a);
    }
}

/* weights^K below the 62-bit prime, by 128-bit products. */
__extension__ typedef unsigned __int128 count_u128;

static void test_count_exact_modulus_matches_power(void **state)
{
    test_rng *rng = *state;
    for (long it = 0; it < 2000 * test_multiplier(); it++) {
        uint64_t w = test_rng_below(rng, 4) == 0
                         ? test_rng_below(rng, 3)
                         : test_rng_next(rng) >> test_rng_below(rng, 64);
        uint64_t K = test_rng_range(rng, 1, 70), p = 0, i;
        count_u128 x = 1;
        int fits = 1;
        for (i = 0; i < K && fits; i++) {
            x *= w;
            fits = x < GRUNDY_NT_PRIME_62;
        }
        if (w <= 1)
            fits = 1;
        grundy_status s = grundy_count_exact_modulus(&p, w, K);
        if (s != (fits ? GRUNDY_OK : GRUNDY_ERR_OVERFLOW) ||
            (fits && p != GRUNDY_NT_PRIME_62))
            fail_msg("seed=%llu it=%ld: %llu^%llu: %s",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)w, (unsigned long long)K,
                     grundy_strerror(s));
    }
}

static void test_count_tuples_errors(void **state)
{
    uint64_t w[3] = {1, 1, 1};
    grundy_count_result r;
    (void)state;
    assert_int_equal(grundy_count_tuples(&r, w, 3, 0, 1, MOD, NULL),
                     GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_count_tuples(&r, w, 3, 1, 0, MOD, NULL),
                     GRUNDY_ERR_RANGE);
    assert_int_equal(
        grundy_count_tuples(&r, w, 3, 1, GRUNDY_COUNT_KMAX + 1, MOD, NULL),
        GRUNDY_ERR_RANGE);
    assert_int_equal(grundy_count_tuples(&r, w, 3, 1, 1, 1000000006, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_count_tuples(&r, w, 3, 1, 1, 1000000005, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_count_tuples(&r, w, 3, 1, 1, 2, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_count_tuples(&r, w, 3, 1, 2, 3, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_count_tuples(&r, w, 3, 1, 4, 5, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_count_tuples(&r, w, 3, 1, 2, UINT64_MAX, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_count_tuples_method(&r, w, 3, 1, 2, MOD,
                                                GRUNDY_COUNT_ROOT, NULL),
                     GRUNDY_ERR_ARG); /* 3 does not divide 10^9 + 6 */
    assert_int_equal(grundy_count_tuples_method(&r, w, 3, 1, 3, MOD,
                                                GRUNDY_COUNT_RING3, NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_count_tuples_method(&r, w, 3, 1, 2,
                                                GRUNDY_NT_PRIME_62,
                                                GRUNDY_COUNT_RING3, NULL),
                     GRUNDY_ERR_ARG);
    /* a value far too large for a transform: refused, not attempted */
    {
        grundy_limits o;
        uint64_t *big = calloc((size_t)1 << 20, sizeof *big);
        grundy_limits_init(&o);
        o.mem_limit = (size_t)1 << 20;
        big[((size_t)1 << 20) - 1] = 1;
        assert_int_equal(
            grundy_count_tuples(&r, big, (size_t)1 << 20, 2, 2, MOD, &o),
            GRUNDY_ERR_LIMIT);
        free(big);
    }
    /* empty and all-zero histograms: no tuples at all */
    assert_int_equal(grundy_count_tuples(&r, w, 0, 5, 2, MOD, NULL), GRUNDY_OK);
    assert_int_equal(r.total, 0);
    assert_int_equal(r.losing, 0);
}

/* The divisor game (mdswin) by direct search ******************************/

typedef struct div_game {
    unsigned K;
    uint64_t h[4];
    uint64_t div[4][64];
    unsigned nd[4];
    signed char *memo; /* keyed by divisor indices, mixed radix */
} div_game;

static size_t div_key(const div_game *g, const unsigned *at)
{
    size_t key = 0;
    unsigned i;
    for (i = 0; i < g->K; i++)
        key = key * g->nd[i] + at[i];
    return key;
}

/* Win for the player to move: pick one or two piles, raise each count to a
 * larger divisor of its target. */
static int div_wins(div_game *g, unsigned *at)
{
    size_t key = div_key(g, at);
    unsigned i, j, a, b;
    int win = 0;
    if (g->memo[key] >= 0)
        return g->memo[key];
    for (i = 0; i < g->K && !win; i++) {
        unsigned si = at[i];
        for (a = si + 1; a < g->nd[i] && !win; a++) {
            at[i] = a;
            if (!div_wins(g, at))
                win = 1;
            for (j = i + 1; j < g->K && !win; j++) {
                unsigned sj = at[j];
                for (b = sj + 1; b < g->nd[j] && !win; b++) {
                    at[j] = b;
                    if (!div_wins(g, at))
                        win = 1;
                }
                at[j] = sj;
            }
        }
        at[i] = si;
    }
    g->memo[key] = (signed char)win;
    return win;
}

/* First player wins the game with targets h[0..K) from counts 1? */
static int mdswin_oracle(const uint64_t *h, unsigned K)
{
    div_game g;
    unsigned i, at[4] = {0, 0, 0, 0};
    size_t states = 1;
    uint64_t x;
    int w;
    g.K = K;
    for (i = 0; i < K; i++) {
        g.h[i] = h[i];
        g.nd[i] = 0;
        for (x = 1; x <= h[i]; x++)
            if (h[i] % x == 0)
                g.div[i][g.nd[i]++] = x;
        states *= g.nd[i];
    }
    g.memo = malloc(states);
    memset(g.memo, -1, states);
    w = div_wins(&g, at);
    free(g.memo);
    return w;
}

static uint64_t mdswin_library(const uint64_t *s, size_t n, uint64_t K,
                               grundy_count_method method)
{
    uint32_t d[16];
    uint64_t hist[64];
    size_t i, nv = 0;
    grundy_count_result r;
    memset(hist, 0, sizeof hist);
    assert_int_equal(grundy_nt_divisor_count_batch(d, s, n), GRUNDY_OK);
    for (i = 0; i < n; i++) {
        hist[d[i] - 1]++;
        nv = d[i] > nv ? d[i] : nv;
    }
    assert_int_equal(
        grundy_count_tuples_method(&r, hist, nv, K, 2, MOD, method, NULL),
        GRUNDY_OK);
    return r.winning;
}

static void test_mdswin_matches_divisor_game_search(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 40 * test_multiplier(); it++) {
        unsigned n = (unsigned)test_rng_range(rng, 1, 5), K, i;
        uint64_t s[8], win = 0;
        size_t idx, total;
        K = (unsigned)test_rng_range(rng, 1, n > 3 ? 3 : 4);
        for (i = 0; i < n; i++) { /* distinct targets up to 60 */
            unsigned j;
            do {
                s[i] = test_rng_range(rng, 1, 60);
                for (j = 0; j < i && s[j] != s[i]; j++)
                    ;
            } while (j < i);
        }
        total = qpow(n, K);
        for (idx = 0; idx < total; idx++) {
            uint64_t h[4];
            size_t x = idx;
            for (i = 0; i < K; i++, x /= n)
                h[i] = s[x % n];
            win += (uint64_t)mdswin_oracle(h, K);
        }
        if (mdswin_library(s, n, K, GRUNDY_COUNT_AUTO) != win % MOD ||
            mdswin_library(s, n, K, GRUNDY_COUNT_RING) != win % MOD)
            fail_msg(
                "seed=%llu it=%ld n=%u K=%u: library %llu, search %llu",
                (unsigned long long)test_seed(), it, n, K,
                (unsigned long long)mdswin_library(s, n, K, GRUNDY_COUNT_AUTO),
                (unsigned long long)win);
    }
}

static void test_mdswin_samples(void **state)
{
    static const uint64_t s1[] = {65, 28, 8}, s2[] = {100, 36, 96};
    (void)state;
    assert_int_equal(mdswin_library(s1, 3, 4, GRUNDY_COUNT_AUTO), 81);
    assert_int_equal(mdswin_library(s2, 3, 2, GRUNDY_COUNT_AUTO), 9);
}

/* The divisors family: moves are the larger divisors, value d(H) - 1 from 1. */
static void test_divisors_family(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 100 * test_multiplier(); it++) {
        uint64_t h = test_rng_range(rng, 1, it % 2 ? 200 : 1000000000), x;
        char spec[64];
        grundy_game *g;
        grundy_value v;
        grundy_move *buf = NULL;
        size_t cap = 0, cnt, i, larger;
        snprintf(spec, sizeof spec, "divisors:%llu", (unsigned long long)h);
        g = test_game(spec);
        assert_int_equal(test_value_at(&v, g, 1, NULL), GRUNDY_OK);
        assert_int_equal(v + 1, grundy_nt_divisor_count(h));
        if (h <= 200) {
            for (x = 1; x <= h; x++) {
                grundy_pos p;
                char txt[24];
                int len =
                    snprintf(txt, sizeof txt, "%llu", (unsigned long long)x);
                grundy_status s =
                    grundy_game_pos_parse(g, txt, (size_t)len, &p, NULL);
                if (h % x) {
                    assert_int_not_equal(s, GRUNDY_OK);
                    continue;
                }
                assert_int_equal(s, GRUNDY_OK);
                assert_int_equal(grundy_game_moves(g, x, &buf, &cap, &cnt),
                                 GRUNDY_OK);
                for (larger = 0, i = x + 1; i <= h; i++)
                    larger += h % i == 0;
                assert_int_equal(cnt, larger);
                for (i = 0; i < cnt; i++) {
                    assert_int_equal(buf[i].nparts, 1);
                    assert_true(buf[i].part[0] > x && h % buf[i].part[0] == 0);
                }
                /* the value is the mex over the moves: a Nim heap of cnt */
                assert_int_equal(test_value_at(&v, g, x, NULL), GRUNDY_OK);
                assert_int_equal(v, cnt);
            }
        }
        free(buf);
        grundy_game_free(g);
    }
}

/* P-positions of k-heap games ***********************************************/

typedef struct heap_family {
    const char *spec;
    oracle_heap_moves_fn moves;
    const void *ctx;
} heap_family;

static int sum_wins(uint64_t *h, unsigned n, unsigned base,
                    const heap_family *f, signed char *memo)
{
    size_t key = 0;
    unsigned i, j;
    uint64_t out[64];
    int win = 0;
    for (i = 0; i < n; i++)
        key = key * base + (size_t)h[i];
    if (memo[key] >= 0)
        return memo[key];
    for (i = 0; i < n && !win; i++) {
        uint64_t save = h[i];
        size_t m = f->moves(f->ctx, save, out);
        for (j = 0; j < m && !win; j++) {
            h[i] = out[j];
            win = !sum_wins(h, n, base, f, memo);
        }
        h[i] = save;
    }
    memo[key] = (signed char)win;
    return win;
}

static void test_count_heaps_matches_search(void **state)
{
    test_rng *rng = *state;
    static const unsigned char sub_set[64] = {0, 1, 0, 1, 1};
    static const oracle_set sub = {sub_set, 64};
    static const unsigned base10 = 10, base3 = 3;
    static const heap_family fams[] = {
        {"half", oracle_moves_half, NULL},
        {"nim", oracle_moves_nim, NULL},
        {"subtract:1,3,4", oracle_moves_subtract, &sub},
        {"allbut:1,3,4", oracle_moves_allbut, &sub},
        {"digits", oracle_moves_digits, &base10},
        {"digits:base=3", oracle_moves_digits, &base3},
    };
    long it;
    for (it = 0; it < 60 * test_multiplier(); it++) {
        const heap_family *f = &fams[it % 6];
        unsigned n = (unsigned)test_rng_range(rng, 1, 3), i;
        uint64_t M = test_rng_range(rng, 0, n == 3 ? 14 : 40), lose = 0;
        size_t states = qpow((unsigned)(M + 1), n), idx;
        signed char *memo = malloc(states);
        grundy_game *g = test_game(f->spec);
        grundy_count_result r;
        memset(memo, -1, states);
        for (idx = 0; idx < states; idx++) {
            uint64_t h[3];
            size_t x = idx;
            for (i = 0; i < n; i++, x /= (M + 1))
                h[i] = x % (M + 1);
            lose += !sum_wins(h, n, (unsigned)(M + 1), f, memo);
        }
        free(memo);
        assert_int_equal(
            grundy_count_heaps(&r, test_values(g), n, M, 1, GRUNDY_NT_PRIME_62),
            GRUNDY_OK);
        if (r.losing != lose || r.total != states)
            fail_msg("seed=%llu it=%ld %s heaps=%u max=%llu: %llu, search %llu",
                     (unsigned long long)test_seed(), it, f->spec, n,
                     (unsigned long long)M, (unsigned long long)r.losing,
                     (unsigned long long)lose);
        test_game_free(g);
    }
}

static void test_count_heaps_half_two_heaps_50(void **state)
{
    /* The two-heap halving game, heaps 0..50: checked by search, pinned. */
    heap_family f = {"half", oracle_moves_half, NULL};
    signed char *memo = malloc(51 * 51);
    grundy_game *g = test_game("half");
    grundy_count_result r;
    uint64_t h[2], lose = 0;
    (void)state;
    memset(memo, -1, 51 * 51);
    for (h[0] = 0; h[0] <= 50; h[0]++)
        for (h[1] = 0; h[1] <= 50; h[1]++) {
            uint64_t t[2] = {h[0], h[1]};
            lose += !sum_wins(t, 2, 51, &f, memo);
        }
    free(memo);
    assert_int_equal(
        grundy_count_heaps(&r, test_values(g), 2, 50, 1, GRUNDY_NT_PRIME_62),
        GRUNDY_OK);
    assert_int_equal(r.losing, lose);
    assert_int_equal(r.losing, 145);
    test_game_free(g);
}

static void test_count_heaps_moore_nim(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 20 * test_multiplier(); it++) {
        unsigned k = (unsigned)test_rng_range(rng, 1, 3);
        unsigned n = (unsigned)test_rng_range(rng, 1, 4);
        uint64_t M = test_rng_range(rng, 0, 7), lose = 0, w[8];
        grundy_game *g = test_game("nim");
        grundy_count_result r;
        unsigned v;
        for (v = 0; v <= M; v++)
            w[v] = 1;
        lose = enum_losing(w, (unsigned)M + 1, n, k, GRUNDY_NT_PRIME_62);
        assert_int_equal(
            grundy_count_heaps(&r, test_values(g), n, M, k, GRUNDY_NT_PRIME_62),
            GRUNDY_OK);
        if (r.losing != lose)
            fail_msg("seed=%llu it=%ld k=%u n=%u M=%llu",
                     (unsigned long long)test_seed(), it, k, n,
                     (unsigned long long)M);
        test_game_free(g);
    }
    {
        grundy_game *g = test_game("half"), *d = test_game("divisors:12");
        grundy_count_result r;
        assert_int_equal(grundy_count_heaps(&r, test_values(g), 2, 5, 2, MOD),
                         GRUNDY_ERR_ARG);
        assert_int_equal(grundy_count_heaps(&r, test_values(d), 2, 5, 1, MOD),
                         GRUNDY_ERR_ARG);
        assert_int_equal(grundy_count_heaps(&r, test_values(g), 2, UINT64_MAX, 1, MOD),
                         GRUNDY_ERR_RANGE);
        test_game_free(g);
        test_game_free(d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_wht_matches_xor_convolution,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_dft_digits_matches_definition,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_dft_ring_matches_definition,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_moore_criterion_matches_search),
        cmocka_unit_test_setup_teardown(test_count_tuples_matches_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_count_tuples_large_K_matches_convolution, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test(test_count_tuples_errors),
        cmocka_unit_test_setup_teardown(
            test_count_exact_modulus_matches_power, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_mdswin_matches_divisor_game_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_mdswin_samples),
        cmocka_unit_test_setup_teardown(test_divisors_family, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_count_heaps_matches_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_count_heaps_half_two_heaps_50),
        cmocka_unit_test_setup_teardown(test_count_heaps_moore_nim,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
