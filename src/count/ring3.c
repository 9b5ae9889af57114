/*
 * ring3.c -- the hot kernel for Moore's Nim_2 modulo a prime p < 2^31
 * (p != 3): transform over Z_p[w]/(w^2 + w + 1), then K-th powers.  The
 * ring is needed when p = 2 mod 3, where Z_p has no cube root of unity
 * (10^9 + 7 is such a prime); it is valid for every p != 3.
 *
 * Layout is structure-of-arrays (u[], v[] for u + v*w) of 32-bit
 * Montgomery residues, so that every loop is a straight run of 32-bit
 * lanes: products are 32x32->64 (vpmuludq), reductions are min() tricks
 * (vpminud) instead of branches.  GCC vectorises the loops; target_clones
 * builds an AVX2 and a portable version and picks one at load time.
 *
 * Powers are taken over blocks of BLOCK elements, bit by bit of K, so a
 * block's squarings are independent and fill the pipeline instead of
 * waiting on one element's chain of products.  Indices t and -t (digit-wise)
 * have conjugate transforms, so only the (3^L - 1) / 2 indices whose lowest
 * non-zero digit is 1 are powered, and the sum is 2 Re - Im plus y_0^K:
 * (u + v w) + conj = (u + v w) + (u + v w^2) = 2u - v.
 *
 * Multiplication: (a + bw)(c + dw) = (ac - bd) + ((a+b)(c+d) - ac - 2bd) w
 * (three products); squaring: (a + bw)^2 = (a-b)(a+b) + b(2a - b) w (two).
 */
#include <stdlib.h>
#include <string.h>

#include "count/count_internal.h"

#define BLOCK 512

#define MIN32(x, y) ((x) < (y) ? (x) : (y))

static inline uint32_t add32(uint32_t a, uint32_t b, uint32_t p)
{
    uint32_t s = a + b;
    return MIN32(s, s - p);
}

static inline uint32_t sub32(uint32_t a, uint32_t b, uint32_t p)
{
    uint32_t d = a - b;
    return MIN32(d, d + p);
}

static inline uint32_t mul32(uint32_t a, uint32_t b, uint32_t p,
                             uint32_t pinv)
{
    uint64_t t = (uint64_t)a * b;
    uint32_t q = (uint32_t)t * pinv;
    uint32_t r = (uint32_t)((t + (uint64_t)q * p) >> 32);
    return MIN32(r, r - p);
}

/* One digit pass with stride s over u[], v[] (n entries). */
__attribute__((target_clones("avx2", "default")))
static void pass3(uint32_t *restrict u, uint32_t *restrict v, size_t n,
                  size_t s, uint32_t p)
{
    size_t base, j;
    for (base = 0; base < n; base += 3 * s) {
        uint32_t *u0 = u + base, *u1 = u0 + s, *u2 = u1 + s;
        uint32_t *v0 = v + base, *v1 = v0 + s, *v2 = v1 + s;
        for (j = 0; j < s; j++) {
            uint32_t a0 = u0[j], b0 = v0[j], a1 = u1[j], b1 = v1[j];
            uint32_t a2 = u2[j], b2 = v2[j];
            /* w(a + bw) = -b + (a - b)w,  w^2(a + bw) = (b - a) - a w */
            u0[j] = add32(add32(a0, a1, p), a2, p);
            v0[j] = add32(add32(b0, b1, p), b2, p);
            u1[j] = sub32(add32(a0, b2, p), add32(b1, a2, p), p);
            v1[j] = sub32(add32(b0, a1, p), add32(b1, a2, p), p);
            u2[j] = sub32(add32(a0, b1, p), add32(a1, b2, p), p);
            v2[j] = sub32(add32(b0, a2, p), add32(a1, b2, p), p);
        }
    }
}

/* (u, v) <- (u, v)^K for len <= BLOCK elements; K >= 1. */
__attribute__((target_clones("avx2", "default")))
static void pow_block(uint32_t *restrict u, uint32_t *restrict v, size_t len,
                      uint64_t K, uint32_t p, uint32_t pinv)
{
    uint32_t bu[BLOCK], bv[BLOCK];
    int bit = 63 - __builtin_clzll(K);
    size_t i;
    memcpy(bu, u, len * sizeof *u);
    memcpy(bv, v, len * sizeof *v);
    for (bit = bit - 1; bit >= 0; bit--) {
        for (i = 0; i < len; i++) {
            uint32_t a = u[i], b = v[i];
            u[i] = mul32(sub32(a, b, p), add32(a, b, p), p, pinv);
            v[i] = mul32(b, sub32(add32(a, a, p), b, p), p, pinv);
        }
        if ((K >> bit) & 1)
            for (i = 0; i < len; i++) {
                uint32_t a = u[i], b = v[i], c = bu[i], d = bv[i];
                uint32_t ac = mul32(a, c, p, pinv), bd = mul32(b, d, p, pinv);
                uint32_t e = mul32(add32(a, b, p), add32(c, d, p), p, pinv);
                u[i] = sub32(ac, bd, p);
                v[i] = sub32(sub32(e, ac, p), add32(bd, bd, p), p);
            }
    }
}

grundy_status grundy_count_ring3_powsum(uint64_t *out, uint32_t *a,
                                        unsigned L, uint64_t K,
                                        const grundy_nt_mod32 *m)
{
    size_t n = 1, s, t, pw, nrep, i, j;
    uint32_t *v, *ru, *rv, p = m->p;
    uint64_t su = 0, sv = 0, total;
    unsigned d;

    for (d = 0; d < L; d++)
        n *= 3;
    v = calloc(n, sizeof *v);
    nrep = (n - 1) / 2;
    ru = malloc((nrep ? nrep : 1) * sizeof *ru);
    rv = malloc((nrep ? nrep : 1) * sizeof *rv);
    if (!v || !ru || !rv) {
        free(v);
        free(ru);
        free(rv);
        return GRUNDY_ERR_NOMEM;
    }
    for (s = 1; s < n; s *= 3)
        pass3(a, v, n, s, p);
    /* Representatives t = (3i + 1) 3^j: lowest non-zero digit 1. */
    j = 0;
    for (pw = 1; pw < n; pw *= 3)
        for (t = pw; t < n; t += 3 * pw) {
            ru[j] = a[t];
            rv[j] = v[t];
            j++;
        }
    for (i = 0; i < nrep; i += BLOCK) {
        size_t len = nrep - i < BLOCK ? nrep - i : BLOCK;
        pow_block(ru + i, rv + i, len, K, p, m->pinv);
        for (j = i; j < i + len; j++) {
            su += ru[j];
            sv += rv[j];
        }
    }
    /* y_0 = sum of weights, a scalar: its power has no w part. */
    pow_block(a, v, 1, K, p, m->pinv);
    su %= p;
    sv %= p;
    total = (2 * su + (p - sv) + a[0]) % p;
    *out = grundy_nt_mod32_get_u64((uint32_t)total, m);
    free(v);
    free(ru);
    free(rv);
    return GRUNDY_OK;
}
