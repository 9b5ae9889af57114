/*
 * divisors.c -- d(n), the number of divisors.
 *
 * The general path factorises with FLINT's n_factor (about 5 us for
 * n ~ 10^9).  The batched path is the one hot loops use.  For n < 2053^3
 * it removes every prime below 2^11 and is then left with 1, a prime, a
 * prime squared, or a product of two distinct primes (each remaining
 * factor is >= 2053): d multiplies by 1, 2, 3 or 4, and one primality
 * test tells them apart: a three-base Miller-Rabin with 32-bit Montgomery
 * products below 2^32 (about three times faster than FLINT's general
 * n_is_prime, which takes the cofactors above 2^32).
 *
 * Divisibility by an odd prime p is tested without dividing: for n below
 * 2^32, p | n iff n * p^-1 mod 2^32 <= (2^32 - 1) / p, and the product is
 * then the exact quotient.  Blocks of 16 primes are tested with an OR of
 * comparisons, which GCC vectorises; target_clones builds an AVX2 and a
 * portable version and picks one at load time.  Most blocks have no hit,
 * so the per-prime cost is about a quarter of a cycle instead of the
 * twenty-odd cycles of a hardware division.
 */
#include <flint/ulong_extras.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/nt.h"

#define NPRIMES 308 /* odd primes below 2048 */
#define BLOCK 16
#define NPAD 320 /* NPRIMES rounded up to BLOCK */

static struct {
    uint32_t p[NPAD];
    uint32_t inv32[NPAD], lim32[NPAD];
    uint64_t inv64[NPAD], lim64[NPAD];
} tab;
static pthread_once_t tab_once = PTHREAD_ONCE_INIT;

static uint64_t inv64_of(uint64_t p)
{
    uint64_t x = p;
    int i;
    for (i = 0; i < 5; i++)
        x *= 2 - p * x;
    return x;
}

static void tab_init(void)
{
    unsigned char composite[2048];
    unsigned i, j, k = 0;
    memset(composite, 0, sizeof composite);
    for (i = 3; i < 2048; i += 2) {
        if (composite[i])
            continue;
        for (j = i * i; j < 2048; j += 2 * i)
            composite[j] = 1;
        tab.p[k] = i;
        tab.inv64[k] = inv64_of(i);
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
    n_factor_init(&f);
    n_factor(&f, (ulong)n, 0);
    for (i = 0; i < f.num; i++)
        d *= (uint64_t)f.exp[i] + 1;
    return d;
}

/* Montgomery product a b 2^-32 mod n for odd n < 2^32, in the subtractive
 * form (q = t n^-1 mod 2^32, so t - q n is a multiple of 2^32 and neither
 * term overflows 64 bits). */
static inline uint32_t mr_mul(uint32_t a, uint32_t b, uint32_t n,
                              uint32_t ninv)
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
    uint32_t ninv = (uint32_t)inv64_of(n), d = n - 1, one, mone, x[3],
             a[3];
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
static uint32_t cofactor_divisors(uint64_t r, uint64_t next)
{
    if (r == 1)
        return 1;
    if (r < next * next)
        return 2;
    if (n_is_square((ulong)r))
        return 3;
    if (r < (UINT64_C(1) << 32))
        return is_prime32((uint32_t)r) ? 2 : 4;
    return n_is_prime((ulong)r) ? 2 : 4;
}

/* Eight 32-bit lanes: AVX2 registers in the avx2 clone, two SSE2
 * registers in the portable one (GCC vector extensions, no intrinsics). */
typedef uint32_t v8u __attribute__((vector_size(32)));

static inline int block_hits(uint32_t n, unsigned b)
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

__attribute__((target_clones("avx2", "default")))
static uint32_t dcount32(uint32_t n)
{
    uint32_t d;
    unsigned b, j;
    d = (uint32_t)__builtin_ctz(n) + 1;
    n >>= __builtin_ctz(n);
    for (b = 0; b < NPAD; b += BLOCK) {
        uint64_t next;
        if (block_hits(n, b))
            for (j = b; j < b + BLOCK; j++) {
                uint32_t e = 1;
                while (n * tab.inv32[j] <= tab.lim32[j]) {
                    n *= tab.inv32[j];
                    e++;
                }
                d *= e;
            }
        next = b + BLOCK < NPRIMES ? tab.p[b + BLOCK] : 2053;
        if (next * next * next > n)
            return d * cofactor_divisors(n, next);
    }
    return d * cofactor_divisors(n, 2053);
}

static uint32_t dcount64(uint64_t n)
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
        if (n < ((uint64_t)1 << 32))
            return d * dcount32((uint32_t)n);
    }
    return d * cofactor_divisors(n, 2053);
}

grundy_status grundy_nt_divisor_count_batch(uint32_t *out, const uint64_t *n,
                                            size_t len)
{
    size_t i;
    pthread_once(&tab_once, tab_init);
    for (i = 0; i < len; i++) {
        uint64_t x = n[i];
        GRUNDY_RETURN_IF(x == 0, GRUNDY_ERR_ARG);
        if (x < ((uint64_t)1 << 32))
            out[i] = dcount32((uint32_t)x);
        else if (x <= GRUNDY_NT_DIVISOR_BATCH_MAX)
            out[i] = dcount64(x);
        else
            out[i] = (uint32_t)grundy_nt_divisor_count(x);
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
        n_factor(&f, (ulong)n, 0);
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
