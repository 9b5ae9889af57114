/*
 * ring3.c -- the hot kernel for Moore's Nim_2 modulo a prime p < 2^31
 * (p != 3): transform over Z_p[w]/(w^2 + w + 1), then K-th powers.  The
 * ring is needed when p = 2 mod 3, where Z_p has no cube root of unity
 * (10^9 + 7 is such a prime); it is valid for every p != 3.
 *
 * Layout is structure-of-arrays (u[], v[] for u + v*w) of 32-bit
 * Montgomery residues, so that every loop is a straight run of 32-bit
 * lanes: products are 32x32->64 (vpmuludq), reductions are min() tricks
 * (vpminud) instead of branches.  GCC vectorises the transform passes
 * (one body compiled twice, with target("avx2") and portable, picked
 * through grundy_cpu_features(): no ifunc resolver, so the sanitizer
 * runtimes start first); the powers, 80% of the work, have a hand-written
 * AVX2 kernel chosen the same way, with the portable loop as the
 * fallback.
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

#include "core/alloc.h"
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

static inline uint32_t mul32(uint32_t a, uint32_t b, uint32_t p, uint32_t pinv)
{
    uint64_t t = (uint64_t)a * b;
    uint32_t q = (uint32_t)t * pinv;
    uint32_t r = (uint32_t)((t + (uint64_t)q * p) >> 32);
    return MIN32(r, r - p);
}

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#define RING3_X86 1
#endif

/* (u, v) <- (u + v w)^2 and (u, v) <- (u + v w)(c + d w), written once
 * for the portable lanes and the AVX2 ones: lanes of type T, through
 * ADD(x, y), SUB(x, y) and MUL(x, y) of that type (the formulas above). */
#define RING3_SQUARE(T, u, v, ADD, SUB, MUL)                                  \
    do {                                                                      \
        T a_ = (u), b_ = (v);                                                 \
        (u) = MUL(SUB(a_, b_), ADD(a_, b_));                                  \
        (v) = MUL(b_, SUB(ADD(a_, a_), b_));                                  \
    } while (0)
#define RING3_TIMES(T, u, v, c, d, ADD, SUB, MUL)                             \
    do {                                                                      \
        T a_ = (u), b_ = (v), c_ = (c), d_ = (d);                             \
        T ac_ = MUL(a_, c_), bd_ = MUL(b_, d_);                               \
        T e_ = MUL(ADD(a_, b_), ADD(c_, d_));                                 \
        (u) = SUB(ac_, bd_);                                                  \
        (v) = SUB(SUB(e_, ac_), ADD(bd_, bd_));                               \
    } while (0)

/* (x[i])^K for i < n, x[i] = (xu[i], xv[i]) holding b[i] = (bu[i], bv[i])
 * on entry: K's bits below its top one, each a squaring of every element
 * and, for a 1, a product by b.  K >= 1. */
#define RING3_POW(T, K, n, xu, xv, bu, bv, ADD, SUB, MUL)                     \
    do {                                                                      \
        int bit_;                                                             \
        size_t i_;                                                            \
        for (bit_ = 62 - __builtin_clzll(K); bit_ >= 0; bit_--) {             \
            for (i_ = 0; i_ < (n); i_++)                                      \
                RING3_SQUARE(T, (xu)[i_], (xv)[i_], ADD, SUB, MUL);           \
            if (((K) >> bit_) & 1)                                            \
                for (i_ = 0; i_ < (n); i_++)                                  \
                    RING3_TIMES(T, (xu)[i_], (xv)[i_], (bu)[i_], (bv)[i_],    \
                                ADD, SUB, MUL);                               \
        }                                                                     \
    } while (0)

/* One digit pass with stride s over u[], v[] (n entries). */
static inline __attribute__((always_inline)) void
pass3_body(uint32_t *restrict u, uint32_t *restrict v, size_t n, size_t s,
      uint32_t p)
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
static inline __attribute__((always_inline)) void
pow_block_body(uint32_t *restrict u, uint32_t *restrict v, size_t len, uint64_t K,
          uint32_t p, uint32_t pinv)
{
    uint32_t bu[BLOCK], bv[BLOCK];
    memcpy(bu, u, len * sizeof *u);
    memcpy(bv, v, len * sizeof *v);
#define ADD(x, y) add32(x, y, p)
#define SUB(x, y) sub32(x, y, p)
#define MUL(x, y) mul32(x, y, p, pinv)
    RING3_POW(uint32_t, K, len, u, v, bu, bv, ADD, SUB, MUL);
#undef ADD
#undef SUB
#undef MUL
}

/* The two builds of each body: portable, and AVX2 (GCC vectorises the
 * same loops with 256-bit lanes). */
static void pass3(uint32_t *restrict u, uint32_t *restrict v, size_t n,
                  size_t s, uint32_t p)
{
    pass3_body(u, v, n, s, p);
}

static void pow_block(uint32_t *restrict u, uint32_t *restrict v, size_t len,
                      uint64_t K, uint32_t p, uint32_t pinv)
{
    pow_block_body(u, v, len, K, p, pinv);
}

#ifdef RING3_X86
__attribute__((target("avx2"))) static void
pass3_avx2(uint32_t *restrict u, uint32_t *restrict v, size_t n, size_t s,
           uint32_t p)
{
    pass3_body(u, v, n, s, p);
}

__attribute__((target("avx2"))) static void
pow_block_vec(uint32_t *restrict u, uint32_t *restrict v, size_t len,
              uint64_t K, uint32_t p, uint32_t pinv)
{
    pow_block_body(u, v, len, K, p, pinv);
}
#endif

#ifdef RING3_X86
#include <immintrin.h>

/* Eight Montgomery products: even and odd lanes through vpmuludq, the
 * 64-bit t + q p keeps its high half, one vpminud reduces. */
__attribute__((target("avx2"))) static inline __m256i
mul8(__m256i a, __m256i b, __m256i p, __m256i pinv)
{
    __m256i te = _mm256_mul_epu32(a, b);
    __m256i to =
        _mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
    __m256i re =
        _mm256_add_epi64(te, _mm256_mul_epu32(_mm256_mul_epu32(te, pinv), p));
    __m256i ro =
        _mm256_add_epi64(to, _mm256_mul_epu32(_mm256_mul_epu32(to, pinv), p));
    __m256i r = _mm256_blend_epi32(_mm256_srli_epi64(re, 32), ro, 0xAA);
    return _mm256_min_epu32(r, _mm256_sub_epi32(r, p));
}

__attribute__((target("avx2"))) static inline __m256i add8(__m256i a, __m256i b,
                                                           __m256i p)
{
    __m256i s = _mm256_add_epi32(a, b);
    return _mm256_min_epu32(s, _mm256_sub_epi32(s, p));
}

__attribute__((target("avx2"))) static inline __m256i sub8(__m256i a, __m256i b,
                                                           __m256i p)
{
    __m256i d = _mm256_sub_epi32(a, b);
    return _mm256_min_epu32(d, _mm256_add_epi32(d, p));
}

/* pow_block() with AVX2 intrinsics: len a multiple of 8.  GCC's own
 * vectorisation of pow_block() spends as many instructions on shuffles
 * between 32- and 64-bit lanes as on products. */
__attribute__((target("avx2"))) static void
pow_block_avx2(uint32_t *u, uint32_t *v, size_t len, uint64_t K, uint32_t p,
               uint32_t pinv)
{
    __m256i bu[BLOCK / 8], bv[BLOCK / 8], xu[BLOCK / 8], xv[BLOCK / 8];
    __m256i vp = _mm256_set1_epi32((int)p), vi = _mm256_set1_epi32((int)pinv);
    size_t nv = len / 8, i;
    for (i = 0; i < nv; i++) {
        bu[i] = xu[i] =
            _mm256_loadu_si256((const __m256i *)(const void *)(u + 8 * i));
        bv[i] = xv[i] =
            _mm256_loadu_si256((const __m256i *)(const void *)(v + 8 * i));
    }
#define ADD(x, y) add8(x, y, vp)
#define SUB(x, y) sub8(x, y, vp)
#define MUL(x, y) mul8(x, y, vp, vi)
    RING3_POW(__m256i, K, nv, xu, xv, bu, bv, ADD, SUB, MUL);
#undef ADD
#undef SUB
#undef MUL
    for (i = 0; i < nv; i++) {
        _mm256_storeu_si256((__m256i *)(void *)(u + 8 * i), xu[i]);
        _mm256_storeu_si256((__m256i *)(void *)(v + 8 * i), xv[i]);
    }
}
#endif

/* The block power, with the AVX2 kernel when the CPU has it. */
static void pow_any(uint32_t *u, uint32_t *v, size_t len, uint64_t K,
                    uint32_t p, uint32_t pinv, int avx2)
{
#ifdef RING3_X86
    if (avx2) {
        size_t head = len & ~(size_t)7;
        if (head)
            pow_block_avx2(u, v, head, K, p, pinv);
        if (head < len)
            pow_block_vec(u + head, v + head, len - head, K, p, pinv);
        return;
    }
#else
    (void)avx2;
#endif
    pow_block(u, v, len, K, p, pinv);
}

grundy_status grundy_count_ring3_powsum(uint64_t *out, uint32_t *a, unsigned L,
                                        uint64_t K, const grundy_nt_mod32 *m)
{
    size_t n = 1, s, t, pw, nrep, i, j;
    uint32_t *v, *ru, *rv, p = m->p;
    uint64_t su = 0, sv = 0, total;
    unsigned d;
    int avx2 = (grundy_cpu_features() & GRUNDY_CPU_AVX2) != 0;
    for (d = 0; d < L; d++)
        n *= 3;
    v = calloc(n, sizeof *v);
    nrep = (n - 1) / 2;
    ru = malloc((nrep ? nrep : 1) * sizeof *ru);
    rv = malloc((nrep ? nrep : 1) * sizeof *rv);
    if (!v || !ru || !rv) {
        GRUNDY_FREE_ALL(v, ru, rv);
        return GRUNDY_ERR_NOMEM;
    }
    for (s = 1; s < n; s *= 3) {
#ifdef RING3_X86
        if (avx2) {
            pass3_avx2(a, v, n, s, p);
            continue;
        }
#endif
        pass3(a, v, n, s, p);
    }
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
        pow_any(ru + i, rv + i, len, K, p, m->pinv, avx2);
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
    GRUNDY_FREE_ALL(v, ru, rv);
    return GRUNDY_OK;
}
