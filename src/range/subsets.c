/*
 * subsets.c -- the range engine's counts of winning subsets modulo p:
 * the modulus check, the reference count (square-and-multiply, no
 * tables) and the engine's own, from tables of powers of two
 * (range_pow.h).
 */
#include <assert.h>

#include "grundy/range.h"
#include "nt/nt_internal.h"
#include "range_pow.h"

__extension__ typedef unsigned __int128 u128;

uint64_t grundy_range_count_subsets(uint64_t len, unsigned rank, uint64_t p)
{
    uint64_t base = 2 % p, e = len - rank, a = 1, b;
    assert(rank <= len && p >= 2);
    while (e) {
        if (e & 1)
            a = (uint64_t)((u128)a * base % p);
        base = (uint64_t)((u128)base * base % p);
        e >>= 1;
    }
    /* a = 2^(len - rank); the count is a * (2^rank - 1). */
    b = 1;
    for (e = 0; e < rank; e++)
        b = (uint64_t)((u128)b * 2 % p);
    b = (b + p - 1) % p;
    return (uint64_t)((u128)a * b % p);
}

grundy_status grundy_range_modulus_check(uint64_t p)
{
    GRUNDY_RETURN_IF(p < 2 || p >= ((uint64_t)1 << 62), GRUNDY_ERR_RANGE);
    GRUNDY_RETURN_IF(!grundy_nt_is_prime(p), GRUNDY_ERR_ARG);
    return GRUNDY_OK;
}

/* a * w mod p for a constant w with its Shoup quotient wq =
 * floor(w 2^64 / p): one high product, two low ones, one correction.
 * @pre w < p < 2^63 (any a). */
static inline uint64_t shoup_mul(uint64_t a, const uint64_t w[2], uint64_t p)
{
    uint64_t q = (uint64_t)(((u128)a * w[1]) >> 64);
    uint64_t x = a * w[0] - q * p;
    return x >= p ? x - p : x;
}

static void shoup_set(uint64_t w[2], uint64_t v, uint64_t p)
{
    w[0] = v;
    w[1] = (uint64_t)(((u128)v << 64) / p);
}

/* 2^e mod p: entry (e mod 4096) times the Shoup constants of the higher
 * digits of e.  Table t entry j sits at pow[2 (t 4096 + j)]. */
static uint64_t pow2(const range_pow *r, uint64_t e)
{
    uint64_t v = r->pow[2 * (e & (RANGE_POW_SIZE - 1))];
    assert(e >> (3 * RANGE_POW_BITS) == 0);
    if (e >> RANGE_POW_BITS)
        v = shoup_mul(v, r->pow + 2 * (RANGE_POW_SIZE + ((e >> RANGE_POW_BITS) &
                                                   (RANGE_POW_SIZE - 1))),
                      r->p);
    if (e >> (2 * RANGE_POW_BITS))
        v = shoup_mul(v, r->pow + 2 * (2 * RANGE_POW_SIZE + (e >> (2 * RANGE_POW_BITS))),
                      r->p);
    return v;
}

void grundy_range_pow_build(range_pow *r)
{
    uint64_t pinv = grundy_nt_preinvert(r->p);
    unsigned t, j;
    uint64_t step = 2 % r->p, cur, f;
    for (t = 0; t < 3; t++) {
        uint64_t *tab = r->pow + (size_t)t * 2 * RANGE_POW_SIZE;
        cur = 1 % r->p;
        for (j = 0; j < RANGE_POW_SIZE; j++) {
            shoup_set(tab + 2 * j, cur, r->p);
            cur = grundy_nt_mulmod_preinv(cur, step, r->p, pinv);
        }
        step = cur; /* step^4096 */
    }
    for (j = 0; j <= 16; j++) { /* 2^j - 1 */
        f = r->pow[2 * j] + r->p - 1;
        shoup_set(r->fac[j], f >= r->p ? f - r->p : f, r->p);
    }
}

uint64_t grundy_range_pow_count(const range_pow *r, uint64_t len, unsigned rank)
{
    return shoup_mul(pow2(r, len - rank), r->fac[rank], r->p);
}
