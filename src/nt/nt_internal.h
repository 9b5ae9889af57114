/*
 * nt_internal.h -- the number theory module's internal functions.
 *
 * FLINT (libflint) is not linked: it pulls in NTL, libstdc++, gf2x and
 * MPFR, about 6 ms of loading at every start of a program, for a
 * factorisation that most runs never ask for.  flint_dl.c loads it on
 * the first factorisation (dlopen of the soname the build found,
 * GRUNDY_FLINT_SONAME); primality and squares are computed here
 * (prime.c), so that the range engine's modulus check, run by every
 * `grundy range` and `solve`, loads nothing.
 */
#ifndef GRUNDY_NT_INTERNAL_H
#define GRUNDY_NT_INTERNAL_H

#include <flint/ulong_extras.h> /* n_factor_t (a plain struct) */
#include <stdint.h>

#include "grundy/nt.h"
#include "grundy/status.h"

/* grundy_nt_flint_factor() : f = the factorisation of n >= 2, through
 * FLINT's n_factor, loaded on first use.  GRUNDY_ERR_IO when libflint
 * cannot be loaded (f is then empty).  Thread-safe. */
grundy_status grundy_nt_flint_factor(n_factor_t *f, uint64_t n);

/* grundy_nt_is_square() : 1 when n is a perfect square, else 0. */
int grundy_nt_is_square(uint64_t n);

/* grundy_nt_inv64() : n^-1 mod 2^64 for odd n, by Newton's iteration
 * x <- x (2 - n x), which doubles the correct low bits. */
static inline uint64_t grundy_nt_inv64(uint64_t n)
{
    uint64_t x = n; /* correct to 3 bits for odd n */
    int i;
    for (i = 0; i < 5; i++)
        x *= 2 - n * x;
    return x;
}

/* grundy_nt_preinvert() : the inverse of n's normalised form,
 * floor((2^128 - 1) / d) - 2^64 with d = n shifted left until its top bit
 * is set: the same number as FLINT's n_preinvert_limb(n).  @pre n > 0. */
static inline uint64_t grundy_nt_preinvert(uint64_t n)
{
    uint64_t d = n << __builtin_clzll(n);
    return (uint64_t)((((grundy_u128)~d << 64) | ~(uint64_t)0) / d);
}

/* grundy_nt_mulmod_preinv() : a b mod n, with ninv =
 * grundy_nt_preinvert(n): Moller and Granlund's division by a
 * pre-inverted divisor (FLINT's n_mulmod2_preinv, written here so that a
 * query of the range engine is two inlined products, no call).
 * @pre a, b < n. */
static inline uint64_t grundy_nt_mulmod_preinv(uint64_t a, uint64_t b,
                                               uint64_t n, uint64_t ninv)
{
    int norm = __builtin_clzll(n);
    grundy_u128 u = ((grundy_u128)a * b) << norm; /* < d 2^64 as a, b < n */
    uint64_t u1 = (uint64_t)(u >> 64), u0 = (uint64_t)u, d = n << norm;
    grundy_u128 q = (grundy_u128)ninv * u1 + u;
    uint64_t r = u0 - ((uint64_t)(q >> 64) + 1) * d;
    if (r > (uint64_t)q)
        r += d;
    if (r >= d)
        r -= d;
    return r >> norm;
}

#endif
