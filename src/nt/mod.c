/*
 * mod.c -- Montgomery arithmetic modulo odd p < 2^62 (and p < 2^31).
 *
 * Montgomery's REDC replaces the division of a 128-bit product by p with
 * two multiplications by constants fixed at init time; with p < 2^62 the
 * intermediate t + q*p stays below 2^127, so one conditional subtraction
 * brings the result into [0, p).  The inverse of p modulo 2^64 comes from
 * Newton's iteration x <- x(2 - px), which doubles the correct low bits.
 */
#include "grundy/nt.h"
#include "nt_internal.h"

grundy_status grundy_nt_mod_init(grundy_nt_mod *m, uint64_t p)
{
    grundy_u128 r1;
    GRUNDY_RETURN_IF(p < 3 || !(p & 1) || p > GRUNDY_NT_MOD_MAX,
                     GRUNDY_ERR_ARG);
    m->p = p;
    m->pinv = (uint64_t)0 - grundy_nt_inv64(p);
    r1 = ((grundy_u128)1 << 64) % p;
    m->r1 = (uint64_t)r1;
    m->r2 = (uint64_t)(((grundy_u128)m->r1 << 64) % p);
    return GRUNDY_OK;
}

grundy_status grundy_nt_mod_init_prime(grundy_nt_mod *m, uint64_t p)
{
    GRUNDY_TRY(grundy_nt_mod_init(m, p));
    GRUNDY_RETURN_IF(!grundy_nt_is_prime(p), GRUNDY_ERR_ARG);
    return GRUNDY_OK;
}

uint64_t grundy_nt_mod_pow(uint64_t a, uint64_t e, const grundy_nt_mod *m)
{
    uint64_t r = m->r1;
    while (e) {
        if (e & 1)
            r = grundy_nt_mod_mul(r, a, m);
        e >>= 1;
        if (e)
            a = grundy_nt_mod_mul(a, a, m);
    }
    return r;
}

uint64_t grundy_nt_mod_inv(uint64_t a, const grundy_nt_mod *m)
{
    return grundy_nt_mod_pow(a, m->p - 2, m);
}

int grundy_nt_mod_root_of_unity(uint64_t *out, uint64_t q,
                                const grundy_nt_mod *m)
{
    uint64_t primes[16], x, g, e;
    unsigned np = 0, i;
    if ((m->p - 1) % q != 0)
        return 0;
    /* The prime divisors of q: r = g^((p-1)/q) is primitive iff
     * r^(q/l) != 1 for each of them. */
    for (x = q, g = 2; g * g <= x; g++)
        if (x % g == 0) {
            primes[np++] = g;
            while (x % g == 0)
                x /= g;
        }
    if (x > 1)
        primes[np++] = x;
    e = (m->p - 1) / q;
    for (g = 2; g < m->p && g < 100000; g++) {
        uint64_t r = grundy_nt_mod_pow(grundy_nt_mod_set_u64(g, m), e, m);
        int ok = 1;
        for (i = 0; i < np && ok; i++)
            if (grundy_nt_mod_pow(r, q / primes[i], m) == m->r1)
                ok = 0;
        if (ok) {
            *out = r;
            return 1;
        }
    }
    return 0; /* p not prime: no generator was found */
}

grundy_status grundy_nt_mod32_init(grundy_nt_mod32 *m, uint64_t p)
{
    GRUNDY_RETURN_IF(p < 3 || !(p & 1) || p > GRUNDY_NT_MOD32_MAX,
                     GRUNDY_ERR_ARG);
    m->p = (uint32_t)p;
    m->pinv = (uint32_t)((uint32_t)0 - (uint32_t)grundy_nt_inv64(p));
    m->r1 = (uint32_t)((UINT64_C(1) << 32) % p);
    m->r2 = (uint32_t)(((uint64_t)m->r1 * m->r1) % p);
    return GRUNDY_OK;
}
