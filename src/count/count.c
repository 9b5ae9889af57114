/*
 * count.c -- counting K-tuples of components by transform and K-th
 * powers, and P-positions of k-heap games.
 *
 * For a character chi of the group G of digit vectors (Z_q^L), the
 * transform y_chi = sum_v c_v chi(v) turns K-fold convolution into the
 * K-th power, and the zero coefficient of the inverse transform is
 *   losing = q^-L * sum_chi y_chi^K.
 * The identity holds in Z[w]/(Phi_q) (the characters take values there),
 * hence in its reduction mod p even when that ring is not a field: only
 * q^L has to be inverted.  Three kernels compute sum_chi y_chi^K:
 * roots of unity in Z_p (scalar), the generic ring (any q), and the q = 3
 * 32-bit ring kernel in ring3.c.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "count/count_internal.h"

/* the extension rings reach q = k + 1 <= GRUNDY_NT_EXT_QMAX */
_Static_assert(GRUNDY_MOORE_KMAX + 1 <= GRUNDY_NT_EXT_QMAX,
               "Moore's k past the extension rings");

static unsigned bitlen(uint64_t v)
{
    return v ? 64u - (unsigned)__builtin_clzll(v) : 0u;
}

/* q^L, or 0 when q^L * unit bytes overflow size_t. */
static size_t size_for(unsigned q, unsigned L, size_t unit)
{
    size_t n = 1;
    unsigned i;
    for (i = 0; i < L; i++) {
        if (n > SIZE_MAX / q / unit)
            return 0;
        n *= q;
    }
    return n > SIZE_MAX / unit ? 0 : n;
}

int grundy_count_moore_losing(const uint64_t *heaps, size_t n, unsigned k)
{
    unsigned b;
    size_t i;
    for (b = 0; b < 64; b++) {
        uint64_t ones = 0;
        for (i = 0; i < n; i++)
            ones += (heaps[i] >> b) & 1;
        if (ones % (k + 1))
            return 0;
    }
    return 1;
}

/* Digit-wise negation of index t (base q, L digits). */
static size_t neg_index(size_t t, unsigned q, unsigned L)
{
    size_t r = 0, pw = 1;
    unsigned i;
    for (i = 0; i < L; i++) {
        unsigned d = (unsigned)(t % q);
        t /= q;
        r += (size_t)((q - d) % q) * pw;
        pw *= q;
    }
    return r;
}

/* Fill a[q^L] (Montgomery) from the weights. */
static void scatter(uint64_t *a, const uint64_t *weights, size_t nvalues,
                    unsigned q, const grundy_nt_mod *m)
{
    size_t v;
    for (v = 0; v < nvalues; v++)
        if (weights[v] % m->p)
            a[grundy_count_digit_index(v, q)] =
                grundy_nt_mod_add(a[grundy_count_digit_index(v, q)],
                                  grundy_nt_mod_set_u64(weights[v], m), m);
}

static grundy_status powsum_root(uint64_t *sum, const uint64_t *weights,
                                 size_t nvalues, uint64_t K, unsigned q,
                                 unsigned L, const grundy_nt_mod *m,
                                 const grundy_limits *opts)
{
    size_t n = size_for(q, L, sizeof(uint64_t)), t;
    uint64_t *a, root = 0, acc = 0;
    GRUNDY_RETURN_IF(!n, GRUNDY_ERR_LIMIT);
    GRUNDY_RETURN_IF(q > 2 && !grundy_nt_mod_root_of_unity(&root, q, m),
                     GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_limits_mem_check(opts, n * sizeof *a));
    a = calloc(n, sizeof *a);
    GRUNDY_RETURN_IF(!a, GRUNDY_ERR_NOMEM);
    scatter(a, weights, nvalues, q, m);
    grundy_count_dft_digits(a, q, L, root, m);
    for (t = 0; t < n; t++)
        acc = grundy_nt_mod_add(acc, grundy_nt_mod_pow(a[t], K, m), m);
    free(a);
    *sum = acc;
    return GRUNDY_OK;
}

/* a^K in a ring of degree 2 (q = 3, 4, 6): Phi_q = w^2 + f1 w + f0, so
 * (a0 + a1 w)(b0 + b1 w) = (a0 b0 - f0 a1 b1) + (a0 b1 + a1 b0 - f1 a1 b1) w.
 * Straight-line code instead of the generic schoolbook and reduction. */
static void mul_deg2(uint64_t *out, const uint64_t *a, const uint64_t *b,
                     const grundy_nt_ext *r)
{
    const grundy_nt_mod *m = &r->m;
    uint64_t p00 = grundy_nt_mod_mul(a[0], b[0], m);
    uint64_t p11 = grundy_nt_mod_mul(a[1], b[1], m);
    uint64_t mid = grundy_nt_mod_add(grundy_nt_mod_mul(a[0], b[1], m),
                                     grundy_nt_mod_mul(a[1], b[0], m), m);
    out[0] = grundy_nt_mod_sub(p00, grundy_nt_mod_mul(r->phi[0], p11, m), m);
    out[1] = grundy_nt_mod_sub(mid, grundy_nt_mod_mul(r->phi[1], p11, m), m);
}

static void pow_deg2(uint64_t *out, const uint64_t *a, uint64_t e,
                     const grundy_nt_ext *r)
{
    uint64_t base[2] = {a[0], a[1]}, acc[2];
    int bit = 63 - __builtin_clzll(e);
    acc[0] = base[0];
    acc[1] = base[1];
    for (bit--; bit >= 0; bit--) {
        mul_deg2(acc, acc, acc, r);
        if ((e >> bit) & 1)
            mul_deg2(acc, acc, base, r);
    }
    out[0] = acc[0];
    out[1] = acc[1];
}

static grundy_status powsum_ring(uint64_t *sum, const uint64_t *weights,
                                 size_t nvalues, uint64_t K, unsigned q,
                                 unsigned L, const grundy_nt_mod *m,
                                 const grundy_limits *opts)
{
    grundy_nt_ext r;
    size_t n = size_for(q, L, (q + 1) * sizeof(uint64_t)), t;
    uint64_t *a, *y, acc0[GRUNDY_NT_EXT_QMAX], acc1[GRUNDY_NT_EXT_QMAX],
        z[GRUNDY_NT_EXT_QMAX];
    grundy_status s;
    unsigned i;

    GRUNDY_RETURN_IF(!n, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_nt_ext_init(&r, m, q));
    GRUNDY_TRY(grundy_limits_mem_check(opts, n * (q + r.deg + 1) * sizeof *a));
    a = calloc(n, sizeof *a);
    y = malloc(n * r.deg * sizeof *y);
    if (!a || !y) {
        free(a);
        free(y);
        return GRUNDY_ERR_NOMEM;
    }
    scatter(a, weights, nvalues, q, m);
    s = grundy_count_dft_digits_ring(y, a, L, &r);
    free(a);
    if (s != GRUNDY_OK) {
        free(y);
        return s;
    }
    /* y at the digit-wise negation of t is conj(y_t): one power per pair,
     * then acc1 + conj(acc1) + acc0. */
    grundy_nt_ext_zero(acc0, &r);
    grundy_nt_ext_zero(acc1, &r);
    for (t = 0; t < n; t++) {
        size_t nt = neg_index(t, q, L);
        if (nt < t)
            continue;
        if (r.deg == 2)
            pow_deg2(z, y + t * 2, K, &r);
        else
            grundy_nt_ext_pow(z, y + t * r.deg, K, &r);
        grundy_nt_ext_add(nt == t ? acc0 : acc1, nt == t ? acc0 : acc1, z, &r);
    }
    free(y);
    grundy_nt_ext_conj(z, acc1, &r);
    grundy_nt_ext_add(acc1, acc1, z, &r);
    grundy_nt_ext_add(acc1, acc1, acc0, &r);
    for (i = 1; i < r.deg; i++)
        assert(acc1[i] == 0);
    *sum = acc1[0];
    return GRUNDY_OK;
}

static grundy_status powsum_ring3(uint64_t *sum, const uint64_t *weights,
                                  size_t nvalues, uint64_t K, unsigned L,
                                  const grundy_nt_mod *m,
                                  const grundy_limits *opts)
{
    grundy_nt_mod32 m32;
    size_t n = size_for(3, L, 4 * sizeof(uint32_t)), v;
    uint32_t *a;
    uint64_t plain;
    grundy_status s;

    GRUNDY_RETURN_IF(!n, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_nt_mod32_init(&m32, m->p));
    GRUNDY_TRY(grundy_limits_mem_check(opts, n * 4 * sizeof *a));
    a = calloc(n, sizeof *a);
    GRUNDY_RETURN_IF(!a, GRUNDY_ERR_NOMEM);
    for (v = 0; v < nvalues; v++)
        if (weights[v] % m->p) {
            size_t i = grundy_count_digit_index(v, 3);
            uint32_t x = grundy_nt_mod32_set_u64(weights[v], &m32);
            uint32_t t = a[i] + x;
            a[i] = t >= m32.p ? t - m32.p : t;
        }
    s = grundy_count_ring3_powsum(&plain, a, L, K, &m32);
    free(a);
    GRUNDY_TRY(s);
    *sum = grundy_nt_mod_set_u64(plain, m);
    return GRUNDY_OK;
}

grundy_status grundy_count_tuples_method(grundy_count_result *out,
                                         const uint64_t *weights,
                                         size_t nvalues, uint64_t K, unsigned k,
                                         uint64_t p, grundy_count_method method,
                                         const grundy_limits *opts)
{
    grundy_nt_mod m;
    unsigned q, L;
    uint64_t wsum = 0, sum, scale;
    size_t v, vmax = 0;

    GRUNDY_RETURN_IF(K == 0 || k == 0 || k > GRUNDY_COUNT_KMAX,
                     GRUNDY_ERR_RANGE);
    GRUNDY_TRY(grundy_nt_mod_init_prime(&m, p));
    q = k + 1;
    GRUNDY_RETURN_IF(q % p == 0, GRUNDY_ERR_ARG);
    for (v = 0; v < nvalues; v++)
        if (weights[v] % p) {
            wsum = grundy_nt_mod_add(wsum,
                                     grundy_nt_mod_set_u64(weights[v], &m), &m);
            vmax = v;
        }
    L = bitlen(vmax);
    if (method == GRUNDY_COUNT_AUTO) {
        if (q == 2 || (p - 1) % q == 0)
            method = GRUNDY_COUNT_ROOT;
        else if (q == 3 && p <= GRUNDY_NT_MOD32_MAX)
            method = GRUNDY_COUNT_RING3;
        else
            method = GRUNDY_COUNT_RING;
    }
    switch (method) {
    case GRUNDY_COUNT_ROOT:
        GRUNDY_TRY(powsum_root(&sum, weights, nvalues, K, q, L, &m, opts));
        break;
    case GRUNDY_COUNT_RING:
        GRUNDY_TRY(powsum_ring(&sum, weights, nvalues, K, q, L, &m, opts));
        break;
    case GRUNDY_COUNT_RING3:
        GRUNDY_RETURN_IF(q != 3 || p > GRUNDY_NT_MOD32_MAX, GRUNDY_ERR_ARG);
        GRUNDY_TRY(powsum_ring3(&sum, weights, nvalues, K, L, &m, opts));
        break;
    default:
        return GRUNDY_ERR_ARG;
    }
    /* losing = sum / q^L */
    scale = grundy_nt_mod_pow(
        grundy_nt_mod_inv(grundy_nt_mod_set_u64(q, &m), &m), L, &m);
    sum = grundy_nt_mod_mul(sum, scale, &m);
    wsum = grundy_nt_mod_pow(wsum, K, &m);
    out->total = grundy_nt_mod_get_u64(wsum, &m);
    out->losing = grundy_nt_mod_get_u64(sum, &m);
    out->winning = grundy_nt_mod_get_u64(grundy_nt_mod_sub(wsum, sum, &m), &m);
    return GRUNDY_OK;
}

grundy_status grundy_count_exact_modulus(uint64_t *p, uint64_t weights,
                                         uint64_t K)
{
    uint64_t x = 1;
    for (uint64_t i = 0; weights > 1 && i < K; i++) { /* at most 62 rounds */
        GRUNDY_RETURN_IF(x > (GRUNDY_NT_PRIME_62 - 1) / weights,
                         GRUNDY_ERR_OVERFLOW);
        x *= weights;
    }
    *p = GRUNDY_NT_PRIME_62;
    return GRUNDY_OK;
}

grundy_status grundy_count_tuples(grundy_count_result *out,
                                  const uint64_t *weights, size_t nvalues,
                                  uint64_t K, unsigned k, uint64_t p,
                                  const grundy_limits *opts)
{
    return grundy_count_tuples_method(out, weights, nvalues, K, k, p,
                                      GRUNDY_COUNT_AUTO, opts);
}

grundy_status grundy_count_heaps(grundy_count_result *out, grundy_values *v,
                                 uint64_t heaps, uint64_t max, unsigned k,
                                 uint64_t p)
{
    const grundy_rules *r = grundy_game_rules(grundy_values_game(v));
    uint64_t *hist = NULL;
    size_t nv = 0;
    grundy_status s;

    GRUNDY_RETURN_IF(!(r->flags & GRUNDY_RULES_HEAP), GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(k > 1 && !(r->flags & GRUNDY_RULES_NIM), GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(max == UINT64_MAX, GRUNDY_ERR_RANGE);
    GRUNDY_TRY(grundy_values_histogram(&hist, &nv, v, max));
    s = grundy_count_tuples(out, hist, nv, heaps, k, p,
                            grundy_values_limits(v));
    free(hist);
    return s;
}
