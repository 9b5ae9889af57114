/*
 * prime.c -- primality and squares of 64-bit numbers, without FLINT.
 *
 * Miller-Rabin with 64-bit Montgomery products (the subtractive form of
 * divisors.c's 32-bit one), deterministic for every n < 2^64: the bases
 * 2, 7, 61 below 4 759 123 141 (Jaeschke) and Sinclair's seven bases
 * above.  Small factors are removed first by trial division by the primes
 * up to 61.  The tests compare both functions with FLINT's n_is_prime and
 * n_is_square and with trial division.
 */
#include <math.h>

#include "grundy/nt.h"
#include "nt_internal.h"

/* a b 2^-64 mod n for odd n and a, b < n; ninv = n^-1 mod 2^64. */
static inline uint64_t mont64(uint64_t a, uint64_t b, uint64_t n,
                              uint64_t ninv)
{
    grundy_u128 t = (grundy_u128)a * b;
    uint64_t q = (uint64_t)t * ninv;
    uint64_t th = (uint64_t)(t >> 64);
    uint64_t qh = (uint64_t)(((grundy_u128)q * n) >> 64);
    return th >= qh ? th - qh : th - qh + n;
}

/* Is n a strong probable prime to each base?  @pre n odd, every base
 * non-zero modulo n. */
static int strong_probable_prime(uint64_t n, const uint64_t *bases, int nb)
{
    uint64_t ninv = grundy_nt_inv64(n), d = n - 1;
    uint64_t one = (0 - n) % n; /* 2^64 mod n */
    uint64_t mone = n - one;
    uint64_t r2 = (uint64_t)(((grundy_u128)one << 64) % n);
    int s = __builtin_ctzll(d), i, r, bit;
    d >>= s;
    for (i = 0; i < nb; i++) {
        uint64_t a = mont64(bases[i] % n, r2, n, ninv), x = a;
        for (bit = 62 - __builtin_clzll(d); bit >= 0; bit--) {
            x = mont64(x, x, n, ninv);
            if ((d >> bit) & 1)
                x = mont64(x, a, n, ninv);
        }
        if (x == one || x == mone)
            continue;
        for (r = 1; r < s; r++) {
            x = mont64(x, x, n, ninv);
            if (x == mone)
                break;
        }
        if (r >= s)
            return 0;
    }
    return 1;
}

int grundy_nt_is_prime(uint64_t n)
{
    static const uint8_t small[18] = {2,  3,  5,  7,  11, 13, 17, 19, 23,
                                      29, 31, 37, 41, 43, 47, 53, 59, 61};
    static const uint64_t b32[3] = {2, 7, 61};
    static const uint64_t b64[7] = {2,      325,     9375,      28178,
                                    450775, 9780504, 1795265022};
    int i;
    if (n < 2)
        return 0;
    for (i = 0; i < 18; i++) {
        if (n == small[i])
            return 1;
        if (n % small[i] == 0)
            return 0;
    }
    if (n < 67 * 67)
        return 1;
    if (n < UINT64_C(4759123141))
        return strong_probable_prime(n, b32, 3);
    return strong_probable_prime(n, b64, 7);
}

int grundy_nt_is_square(uint64_t n)
{
    uint64_t s;
    /* Squares are 0, 1, 4 or 9 modulo 16: three quarters of the
     * non-squares leave here. */
    if ((UINT64_C(0x0213) >> (n & 15)) & 1) {
        s = (uint64_t)sqrt((double)n);
        /* the double may be off by one either way near 2^64 */
        while (s > UINT32_MAX || s * s > n)
            s--;
        while (s < UINT32_MAX && (s + 1) * (s + 1) <= n)
            s++;
        return s * s == n;
    }
    return 0;
}
