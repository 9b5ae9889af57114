/*
 * divisors.c -- d(n), the number of divisors.
 *
 * The general path factorises with FLINT's n_factor (about 5 us for
 * n ~ 10^9), loaded on first use (flint_dl.c): d(n) is 0 and the other
 * functions return GRUNDY_ERR_IO when libflint cannot be loaded.  The batched path is the one hot loops use.  For n < 2053^3
 * it removes every prime below 2^11 and is then left with 1, a prime, a
 * prime squared, or a product of two distinct primes (each remaining
 * factor is >= 2053): d multiplies by 1, 2, 3 or 4, and one primality
 * test tells them apart: a three-base Miller-Rabin with 32-bit Montgomery
 * products below 2^32 (about three times faster than FLINT's general
 * general test, grundy_nt_is_prime, which takes the cofactors above
 * 2^32).
 *
 * Divisibility by an odd prime p is tested without dividing: for n below
 * 2^32, p | n iff n * p^-1 mod 2^32 <= (2^32 - 1) / p, and the product is
 * then the exact quotient.  Blocks of 16 primes are tested with an OR of
 * comparisons, which GCC vectorises; the loop is compiled twice, for AVX2
 * and portable, and grundy_cpu_features() picks one (no ifunc resolver,
 * which would run before a sanitizer runtime is ready).  Most blocks have no hit,
 * so the per-prime cost is about a quarter of a cycle instead of the
 * twenty-odd cycles of a hardware division.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/core.h"
#include "grundy/nt.h"
#include "nt_internal.h"

#define NPRIMES 308 /* odd primes below 2048 */
#define BLOCK 16
#define NPAD 320 /* NPRIMES rounded up to BLOCK */

static struct {
    uint32_t p[NPAD];
    uint32_t inv32[NPAD], lim32[NPAD];
    uint64_t inv64[NPAD], lim64[NPAD];
} tab;
static pthread_once_t tab_once = PTHREAD_ONCE_INIT;

static void tab_init(void)
{
    unsigned char composite[2048];
    unsigned i, j, k = 0;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
#endif
    memset(composite, 0, sizeof composite);
    for (i = 3; i < 2048; i += 2) {
        if (composite[i])
            continue;
        for (j = i * i; j < 2048; j += 2 * i)
            composite[j] = 1;
        tab.p[k] = i;
        tab.inv64[k] = grundy_nt_inv64(i);
        tab.lim64[k] = UINT64_MAX / i;
        tab.inv32[k] = (uint32_t)tab.inv64[k];
        tab.lim32[k] = UINT32_MAX / i;
        k++;
    }
    /* Padding never divides a non-zero n: n * 1 <= 0 fails. */
    for (; k < NPAD; k++) {
        tab.p[k] = 2053;
        tab.inv32[k] = 1;
        tab.inv64[k] = 1;
        tab.lim32[k] = 0;
        tab.lim64[k] = 0;
    }
}

uint64_t grundy_nt_divisor_count(uint64_t n)
{
    n_factor_t f;
    uint64_t d = 1;
    int i;
    if (n <= 1)
        return n;
    if (grundy_nt_flint_factor(&f, n) != GRUNDY_OK)
        return 0;
    for (i = 0; i < f.num; i++)
        d *= (uint64_t)f.exp[i] + 1;
    return d;
}

/* Montgomery product a b 2^-32 mod n for odd n < 2^32, in the subtractive
 * form (q = t n^-1 mod 2^32, so t - q n is a multiple of 2^32 and neither
 * term overflows 64 bits). */
static inline uint32_t mr_mul(uint32_t a, uint32_t b, uint32_t n, uint32_t ninv)
{
    uint64_t t = (uint64_t)a * b;
    uint32_t q = (uint32_t)t * ninv;
    uint32_t th = (uint32_t)(t >> 32);
    uint32_t qh = (uint32_t)(((uint64_t)q * n) >> 32);
    return th >= qh ? th - qh : th - qh + n;
}

/* Miller-Rabin with the bases 2, 7 and 61, deterministic below
 * 4 759 123 141 (Jaeschke).  The three chains share the exponent, so
 * they run interleaved: three independent products per step keep the
 * multiplier busy.  @pre n odd, 61 < n < 2^32. */
static inline uint32_t mr_add(uint32_t a, uint32_t b, uint32_t n)
{
    uint64_t s = (uint64_t)a + b;
    return (uint32_t)(s >= n ? s - n : s);
}

/* a * 2^32 mod n for small a, from one = 2^32 mod n by doubling (no
 * 64-bit division: those cost as much as a dozen products). */
static uint32_t mr_form(uint32_t a, uint32_t one, uint32_t n)
{
    uint32_t r = 0;
    int bit;
    for (bit = 31 - __builtin_clz(a); bit >= 0; bit--) {
        r = mr_add(r, r, n);
        if ((a >> bit) & 1)
            r = mr_add(r, one, n);
    }
    return r;
}

static int is_prime32(uint32_t n)
{
    static const uint32_t bases[3] = {2, 7, 61};
    uint32_t ninv = (uint32_t)grundy_nt_inv64(n), d = n - 1;
    uint32_t one, mone, x[3], a[3];
    int s = __builtin_ctz(d), bit, i, r;
    d >>= s;
    one = (uint32_t)(0u - n) % n; /* 2^32 mod n */
    mone = n - one;
    for (i = 0; i < 3; i++)
        x[i] = a[i] = mr_form(bases[i], one, n);
    for (bit = 30 - __builtin_clz(d); bit >= 0; bit--) {
        for (i = 0; i < 3; i++)
            x[i] = mr_mul(x[i], x[i], n, ninv);
        if ((d >> bit) & 1)
            for (i = 0; i < 3; i++)
                x[i] = mr_mul(x[i], a[i], n, ninv);
    }
    for (i = 0; i < 3; i++) {
        if (x[i] == one || x[i] == mone)
            continue;
        for (r = 1; r < s; r++) {
            x[i] = mr_mul(x[i], x[i], n, ninv);
            if (x[i] == mone)
                break;
        }
        if (r >= s)
            return 0;
    }
    return 1;
}

/* What is left after removing every prime < next: 1, s, s^2 or s*t with
 * primes s, t >= next, and r < next^3. */
static uint32_t cofactor_quick(uint64_t r, uint64_t next);

static uint32_t cofactor_divisors(uint64_t r, uint64_t next)
{
    uint32_t q = cofactor_quick(r, next);
    if (q)
        return q;
    if (r < (UINT64_C(1) << 32))
        return is_prime32((uint32_t)r) ? 2 : 4;
    return grundy_nt_is_prime(r) ? 2 : 4;
}

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#define DIVISORS_X86 1
#endif

/* Eight 32-bit lanes: AVX2 registers in the avx2 build, two SSE2
 * registers in the portable one (GCC vector extensions, no intrinsics). */
typedef uint32_t v8u __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) int block_hits(uint32_t n,
                                                            unsigned b)
{
    v8u nv = {n, n, n, n, n, n, n, n}, inv, lim, m;
    uint64_t w[4];
    unsigned j;
    memcpy(&inv, tab.inv32 + b, sizeof inv);
    memcpy(&lim, tab.lim32 + b, sizeof lim);
    m = (v8u)(nv * inv <= lim);
    for (j = 8; j < BLOCK; j += 8) {
        memcpy(&inv, tab.inv32 + b + j, sizeof inv);
        memcpy(&lim, tab.lim32 + b + j, sizeof lim);
        m |= (v8u)(nv * inv <= lim);
    }
    memcpy(w, &m, sizeof w);
    return (w[0] | w[1] | w[2] | w[3]) != 0;
}

/* d of the part of n made of primes below *next, and the rest *rest,
 * which has at most two prime factors, all >= *next. */
static inline __attribute__((always_inline)) uint32_t
dcount32_body(uint32_t n, uint32_t *rest, uint32_t *next)
{
    uint32_t d;
    unsigned b, j;
    d = (uint32_t)__builtin_ctz(n) + 1;
    n >>= __builtin_ctz(n);
    for (b = 0; b < NPAD; b += BLOCK) {
        uint64_t nx;
        if (block_hits(n, b))
            for (j = b; j < b + BLOCK; j++) {
                uint32_t e = 1;
                while (n * tab.inv32[j] <= tab.lim32[j]) {
                    n *= tab.inv32[j];
                    e++;
                }
                d *= e;
            }
        nx = b + BLOCK < NPRIMES ? tab.p[b + BLOCK] : 2053;
        if (nx * nx * nx > n)
            break;
    }
    *rest = n;
    *next = b + BLOCK < NPRIMES ? tab.p[b + BLOCK] : 2053;
    return d;
}

typedef uint32_t (*dcount32_fn)(uint32_t n, uint32_t *rest, uint32_t *next);

static uint32_t dcount32_portable(uint32_t n, uint32_t *rest, uint32_t *next)
{
    return dcount32_body(n, rest, next);
}

#ifdef DIVISORS_X86
__attribute__((target("avx2"))) static uint32_t
dcount32_avx2(uint32_t n, uint32_t *rest, uint32_t *next)
{
    return dcount32_body(n, rest, next);
}
#endif

/* The build of dcount32 this CPU runs best. */
static dcount32_fn dcount32_pick(void)
{
#ifdef DIVISORS_X86
    if (grundy_cpu_features() & GRUNDY_CPU_AVX2)
        return dcount32_avx2;
#endif
    return dcount32_portable;
}

/* The cofactor's share of d when it is decided without a primality test;
 * 0 when it is a prime or a product of two distinct primes. */
static uint32_t cofactor_quick(uint64_t r, uint64_t next)
{
    if (r == 1)
        return 1;
    if (r < next * next)
        return 2;
    if (grundy_nt_is_square(r))
        return 3;
    return 0;
}

static uint32_t dcount64(uint64_t n, dcount32_fn dcount32)
{
    uint32_t d;
    unsigned j;
    d = (uint32_t)__builtin_ctzll(n) + 1;
    n >>= __builtin_ctzll(n);
    for (j = 0; j < NPRIMES; j++) {
        uint32_t e = 1;
        while (n * tab.inv64[j] <= tab.lim64[j]) {
            n *= tab.inv64[j];
            e++;
        }
        d *= e;
        if (n < ((uint64_t)1 << 32)) {
            uint32_t r, next;
            d *= dcount32((uint32_t)n, &r, &next);
            return d * cofactor_divisors(r, next);
        }
    }
    return d * cofactor_divisors(n, 2053);
}

/* Miller-Rabin (bases 2, 7, 61) on eight 32-bit moduli at once ***********/

static void mr_many_scalar(uint8_t *prime, const uint32_t *n, size_t cnt)
{
    size_t i;
    for (i = 0; i < cnt; i++)
        prime[i] = (uint8_t)is_prime32(n[i]);
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* The subtractive Montgomery product above, in eight lanes: products of
 * even and odd lanes come from two vpmuludq each. */
__attribute__((target("avx2"))) static inline __m256i
mr_mul8(__m256i a, __m256i b, __m256i n, __m256i n_odd, __m256i ninv,
        __m256i ninv_odd)
{
    __m256i te = _mm256_mul_epu32(a, b);
    __m256i to =
        _mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
    __m256i qe = _mm256_mul_epu32(_mm256_mul_epu32(te, ninv), n);
    __m256i qo = _mm256_mul_epu32(_mm256_mul_epu32(to, ninv_odd), n_odd);
    __m256i th = _mm256_blend_epi32(_mm256_srli_epi64(te, 32), to, 0xAA);
    __m256i qh = _mm256_blend_epi32(_mm256_srli_epi64(qe, 32), qo, 0xAA);
    __m256i ge = _mm256_cmpeq_epi32(_mm256_max_epu32(th, qh), th);
    return _mm256_add_epi32(_mm256_sub_epi32(th, qh),
                            _mm256_andnot_si256(ge, n));
}

/* Eight lanes share the loop over exponent bits (the longest d decides
 * its length; shorter exponents have leading zeros, and 1^2 = 1).  The
 * final squarings of the strong test run per lane. */
__attribute__((target("avx2"))) static void
mr_many_avx2(uint8_t *prime, const uint32_t *n, size_t cnt)
{
    static const uint32_t bases[3] = {2, 7, 61};
    size_t i;
    for (i = 0; i + 8 <= cnt; i += 8) {
        uint32_t d[8], one[8], mone[8], ninv[8], a[3][8], x[3][8];
        int s[8], top = 0, bit, l, b, r;
        __m256i vn, vno, vi, vio, vd, vx[3], va[3];
        for (l = 0; l < 8; l++) {
            uint32_t m = n[i + l];
            s[l] = __builtin_ctz(m - 1);
            d[l] = (m - 1) >> s[l];
            ninv[l] = (uint32_t)grundy_nt_inv64(m);
            one[l] = (uint32_t)(0u - m) % m;
            mone[l] = m - one[l];
            for (b = 0; b < 3; b++)
                a[b][l] = mr_form(bases[b], one[l], m);
            if (31 - __builtin_clz(d[l]) > top)
                top = 31 - __builtin_clz(d[l]);
        }
        vn = _mm256_loadu_si256((const __m256i *)(const void *)(n + i));
        vno = _mm256_srli_epi64(vn, 32);
        vi = _mm256_loadu_si256((const __m256i *)(const void *)ninv);
        vio = _mm256_srli_epi64(vi, 32);
        vd = _mm256_loadu_si256((const __m256i *)(const void *)d);
        for (b = 0; b < 3; b++) {
            va[b] = _mm256_loadu_si256((const __m256i *)(const void *)a[b]);
            vx[b] = _mm256_loadu_si256((const __m256i *)(const void *)one);
        }
        for (bit = top; bit >= 0; bit--) {
            __m256i set = _mm256_slli_epi32(_mm256_srli_epi32(vd, bit), 31);
            set = _mm256_srai_epi32(set, 31);
            for (b = 0; b < 3; b++) {
                __m256i sq = mr_mul8(vx[b], vx[b], vn, vno, vi, vio);
                __m256i pr = mr_mul8(sq, va[b], vn, vno, vi, vio);
                vx[b] = _mm256_blendv_epi8(sq, pr, set);
            }
        }
        for (b = 0; b < 3; b++)
            _mm256_storeu_si256((__m256i *)(void *)x[b], vx[b]);
        for (l = 0; l < 8; l++) {
            int ok = 1;
            for (b = 0; b < 3 && ok; b++) {
                uint32_t y = x[b][l];
                if (y == one[l] || y == mone[l])
                    continue;
                for (r = 1; r < s[l]; r++) {
                    y = mr_mul(y, y, n[i + l], ninv[l]);
                    if (y == mone[l])
                        break;
                }
                ok = r < s[l];
            }
            prime[i + l] = (uint8_t)ok;
        }
    }
    mr_many_scalar(prime + i, n + i, cnt - i);
}
#endif

static void mr_many(uint8_t *prime, const uint32_t *n, size_t cnt)
{
#if defined(__x86_64__) || defined(__i386__)
    if (grundy_cpu_features() & GRUNDY_CPU_AVX2) {
        mr_many_avx2(prime, n, cnt);
        return;
    }
#endif
    mr_many_scalar(prime, n, cnt);
}

#define CHUNK 512

grundy_status grundy_nt_divisor_count_batch(uint32_t *out, const uint64_t *n,
                                            size_t len)
{
    uint32_t pend[CHUNK];
    size_t where[CHUNK], i, j, np;
    uint8_t prime[CHUNK];
    dcount32_fn dcount32 = dcount32_pick();

    pthread_once(&tab_once, tab_init);
    /* Trial division first; cofactors that need a primality test are
     * collected and tested eight at a time. */
    for (i = 0; i < len; i += CHUNK) {
        size_t end = len - i < CHUNK ? len : i + CHUNK;
        np = 0;
        for (j = i; j < end; j++) {
            uint64_t x = n[j];
            GRUNDY_RETURN_IF(x == 0, GRUNDY_ERR_ARG);
            if (x < ((uint64_t)1 << 32)) {
                uint32_t r, next, c;
                out[j] = dcount32((uint32_t)x, &r, &next);
                c = cofactor_quick(r, next);
                if (c) {
                    out[j] *= c;
                } else {
                    pend[np] = r;
                    where[np++] = j;
                }
            } else if (x <= GRUNDY_NT_DIVISOR_BATCH_MAX) {
                out[j] = dcount64(x, dcount32);
            } else {
                out[j] = (uint32_t)grundy_nt_divisor_count(x);
                GRUNDY_RETURN_IF(out[j] == 0, GRUNDY_ERR_IO);
            }
        }
        mr_many(prime, pend, np);
        for (j = 0; j < np; j++)
            out[where[j]] *= prime[j] ? 2u : 4u;
    }
    return GRUNDY_OK;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

grundy_status grundy_nt_divisors(uint64_t **out, size_t *len, uint64_t n)
{
    n_factor_t f;
    uint64_t *d;
    size_t cnt = 1, have = 1, i, base;
    int k, e;

    *out = NULL;
    *len = 0;
    GRUNDY_RETURN_IF(n == 0, GRUNDY_ERR_ARG);
    n_factor_init(&f);
    if (n > 1)
        GRUNDY_TRY(grundy_nt_flint_factor(&f, n));
    for (k = 0; k < f.num; k++)
        cnt *= (size_t)f.exp[k] + 1;
    d = malloc(cnt * sizeof *d);
    GRUNDY_RETURN_IF(!d, GRUNDY_ERR_NOMEM);
    d[0] = 1;
    for (k = 0; k < f.num; k++) {
        base = have;
        for (i = 0; i < base; i++) {
            uint64_t x = d[i];
            for (e = 0; e < f.exp[k]; e++) {
                x *= f.p[k];
                d[have++] = x;
            }
        }
    }
    qsort(d, cnt, sizeof *d, cmp_u64);
    *out = d;
    *len = cnt;
    return GRUNDY_OK;
}
