/*
 * grundy/nt.h -- number theory in support of counting: arithmetic modulo
 * a prime p < 2^62, the extension rings Z_p[w]/(Phi_q(w)), and the number
 * of divisors d(n).
 *
 * Residues are kept in Montgomery form (x * 2^64 mod p) so that a product
 * costs one 64x64->128 multiplication and one reduction without division.
 * Convert with grundy_nt_mod_set_u64() / grundy_nt_mod_get_u64().  Every
 * residue a function takes or returns lies in [0, p).
 *
 * For moduli below 2^31 a 32-bit Montgomery form (grundy_nt_mod32) is
 * offered as well: its products fit in 64 bits, so loops over arrays of
 * residues vectorise (AVX2 multiplies eight 32-bit lanes at once).
 *
 * The extension ring Z_p[w]/(Phi_q(w)) adjoins a primitive q-th root of
 * unity w when Z_p has none (q does not divide p - 1).  Its elements are
 * polynomials of degree < phi(q) in w, stored as phi(q) Montgomery
 * residues, lowest degree first.  For q = 3 an element is a + b*w with
 * w^2 = -w - 1.  The ring need not be a field (Phi_q may split mod p);
 * nothing here divides by ring elements.
 *
 * d(n) uses FLINT's factorisation (n_factor) for any n < 2^64; a batched
 * variant for many n < 2053^3 divides out the primes below 2^11 with
 * multiply-and-compare tests and classifies what is left (1, a prime, a
 * prime squared, or two distinct primes) with one primality test: a
 * three-base Miller-Rabin run on eight cofactors per AVX2 vector below
 * 2^32, a seven-base one above.  That is about twenty times faster than
 * factorising each number.  libflint is loaded by the first
 * factorisation (not at start-up); when it cannot be loaded, the calls
 * that factorise fail with GRUNDY_ERR_IO (d(n) is then 0).
 *
 * Aliasing: every out argument may alias any input of the same type.
 */
#ifndef GRUNDY_NT_H
#define GRUNDY_NT_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#if !defined(__SIZEOF_INT128__)
#error "grundy/nt.h needs a compiler with unsigned __int128 (GCC, Clang)"
#endif
__extension__ typedef unsigned __int128 grundy_u128;

/* Moduli *******************************************************************/

/* The largest odd modulus accepted: products of two residues plus a
 * multiple of p stay below 2^127, and sums of two residues below 2^63. */
#define GRUNDY_NT_MOD_MAX ((UINT64_C(1) << 62) - 1)

/* The largest prime below 2^62 (a convenient default modulus: counts
 * below it are exact). */
#define GRUNDY_NT_PRIME_62 UINT64_C(4611686018427387847)

typedef struct grundy_nt_mod {
    uint64_t p;    /* the odd modulus, 3 <= p <= GRUNDY_NT_MOD_MAX */
    uint64_t pinv; /* -p^{-1} mod 2^64 */
    uint64_t r1;   /* 2^64 mod p: the Montgomery form of 1 */
    uint64_t r2;   /* 2^128 mod p: converts into Montgomery form */
} grundy_nt_mod;

/* grundy_nt_mod_init() :
 * Set up arithmetic modulo the odd number p.  @return GRUNDY_ERR_ARG when
 * p is even, p < 3 or p > GRUNDY_NT_MOD_MAX.  O(1). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_nt_mod_init(grundy_nt_mod *m, uint64_t p);

/* grundy_nt_mod_init_prime() :
 * As grundy_nt_mod_init(), and GRUNDY_ERR_ARG as well when p is not prime
 * (grundy_nt_is_prime). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_nt_mod_init_prime(grundy_nt_mod *m,
                                                        uint64_t p);

/* grundy_nt_is_prime() : 1 when n is prime, else 0.  Deterministic for
 * every n < 2^64 (Miller-Rabin with bases proven sufficient), without
 * FLINT. */
GRUNDY_API int grundy_nt_is_prime(uint64_t n);

/* Montgomery reduction of t < p * 2^64: t * 2^-64 mod p, in [0, p). */
static inline uint64_t grundy_nt_mod_redc(grundy_u128 t, const grundy_nt_mod *m)
{
    uint64_t q = (uint64_t)t * m->pinv;
    uint64_t r = (uint64_t)((t + (grundy_u128)q * m->p) >> 64);
    return r >= m->p ? r - m->p : r;
}

/* a * b in Montgomery form (both in Montgomery form). */
static inline uint64_t grundy_nt_mod_mul(uint64_t a, uint64_t b,
                                         const grundy_nt_mod *m)
{
    return grundy_nt_mod_redc((grundy_u128)a * b, m);
}

static inline uint64_t grundy_nt_mod_add(uint64_t a, uint64_t b,
                                         const grundy_nt_mod *m)
{
    uint64_t s = a + b;
    return s >= m->p ? s - m->p : s;
}

static inline uint64_t grundy_nt_mod_sub(uint64_t a, uint64_t b,
                                         const grundy_nt_mod *m)
{
    return a >= b ? a - b : a + m->p - b;
}

static inline uint64_t grundy_nt_mod_neg(uint64_t a, const grundy_nt_mod *m)
{
    return a ? m->p - a : 0;
}

/* x mod p in Montgomery form, for any x < 2^64. */
static inline uint64_t grundy_nt_mod_set_u64(uint64_t x, const grundy_nt_mod *m)
{
    return grundy_nt_mod_mul(x % m->p, m->r2, m);
}

/* The ordinary residue in [0, p) of a Montgomery-form a. */
static inline uint64_t grundy_nt_mod_get_u64(uint64_t a, const grundy_nt_mod *m)
{
    return grundy_nt_mod_redc(a, m);
}

/* grundy_nt_mod_pow() : a^e (Montgomery form in and out); a^0 = 1.
 * O(log e) products. */
GRUNDY_API uint64_t grundy_nt_mod_pow(uint64_t a, uint64_t e, const grundy_nt_mod *m);

/* grundy_nt_mod_inv() : a^-1 for prime p (a^(p-2)).  @pre a != 0. */
GRUNDY_API uint64_t grundy_nt_mod_inv(uint64_t a, const grundy_nt_mod *m);

/* grundy_nt_mod_root_of_unity() :
 * A primitive q-th root of unity in Z_p (Montgomery form), p prime.
 * @return 1 and sets *out when q divides p - 1 (only then does one
 * exist), else 0.  @pre q >= 1.  O(q log p) on average. */
GRUNDY_API int grundy_nt_mod_root_of_unity(uint64_t *out, uint64_t q,
                                const grundy_nt_mod *m);

/* 32-bit Montgomery arithmetic for odd p < 2^31 ***************************/

#define GRUNDY_NT_MOD32_MAX ((UINT32_C(1) << 31) - 1)

typedef struct grundy_nt_mod32 {
    uint32_t p;    /* odd, 3 <= p <= GRUNDY_NT_MOD32_MAX */
    uint32_t pinv; /* -p^{-1} mod 2^32 */
    uint32_t r1;   /* 2^32 mod p */
    uint32_t r2;   /* 2^64 mod p */
} grundy_nt_mod32;

/* grundy_nt_mod32_init() : GRUNDY_ERR_ARG unless p is odd and in
 * [3, GRUNDY_NT_MOD32_MAX]. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_nt_mod32_init(grundy_nt_mod32 *m,
                                                    uint64_t p);

/* a * b * 2^-32 mod p for a, b < p; t + q*p < 2^63 since p < 2^31. */
static inline uint32_t grundy_nt_mod32_mul(uint32_t a, uint32_t b,
                                           const grundy_nt_mod32 *m)
{
    uint64_t t = (uint64_t)a * b;
    uint32_t q = (uint32_t)t * m->pinv;
    uint32_t r = (uint32_t)((t + (uint64_t)q * m->p) >> 32);
    return r >= m->p ? r - m->p : r;
}

static inline uint32_t grundy_nt_mod32_set_u64(uint64_t x,
                                               const grundy_nt_mod32 *m)
{
    return grundy_nt_mod32_mul((uint32_t)(x % m->p), m->r2, m);
}

static inline uint32_t grundy_nt_mod32_get_u64(uint32_t a,
                                               const grundy_nt_mod32 *m)
{
    return grundy_nt_mod32_mul(a, 1, m);
}

/* The extension ring Z_p[w]/(Phi_q(w)) *************************************/

/* The largest q supported: phi(q) <= q - 1 coefficients per element. */
#define GRUNDY_NT_EXT_QMAX 64

typedef struct grundy_nt_ext {
    grundy_nt_mod m;
    unsigned q;   /* w is a root of Phi_q: w^q = 1, w^j != 1 for 0 < j < q */
    unsigned deg; /* phi(q): the number of coefficients of an element */
    /* Phi_q(w) = w^deg + sum_{i<deg} phi[i] w^i; phi[i] in Montgomery
     * form (the integer coefficients of Phi_q reduced mod p). */
    uint64_t phi[GRUNDY_NT_EXT_QMAX];
} grundy_nt_ext;

/* grundy_nt_ext_init() :
 * The ring Z_p[w]/(Phi_q(w)) over an initialised modulus.  @return
 * GRUNDY_ERR_ARG unless 2 <= q <= GRUNDY_NT_EXT_QMAX.  O(q^2). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_nt_ext_init(grundy_nt_ext *r,
                                                  const grundy_nt_mod *m,
                                                  unsigned q);

/* grundy_nt_cyclotomic() :
 * The integer coefficients of Phi_q, lowest first, into c[0..phi(q)]
 * (room for q + 1 entries).  @return phi(q).  @pre 1 <= q <= 64. */
GRUNDY_API unsigned grundy_nt_cyclotomic(int64_t *c, unsigned q);

/* Elements are uint64_t[r->deg]; out may alias a or b everywhere. */
GRUNDY_API void grundy_nt_ext_zero(uint64_t *out, const grundy_nt_ext *r);
/* The element a (Montgomery residue) of the base ring. */
GRUNDY_API void grundy_nt_ext_set_scalar(uint64_t *out, uint64_t a,
                              const grundy_nt_ext *r);
/* w^j for any j (reduced mod q). */
GRUNDY_API void grundy_nt_ext_set_wpow(uint64_t *out, uint64_t j, const grundy_nt_ext *r);
GRUNDY_API void grundy_nt_ext_add(uint64_t *out, const uint64_t *a, const uint64_t *b,
                       const grundy_nt_ext *r);
GRUNDY_API void grundy_nt_ext_sub(uint64_t *out, const uint64_t *a, const uint64_t *b,
                       const grundy_nt_ext *r);
/* a * b: schoolbook, then reduction by Phi_q.  O(deg^2). */
GRUNDY_API void grundy_nt_ext_mul(uint64_t *out, const uint64_t *a, const uint64_t *b,
                       const grundy_nt_ext *r);
/* a^e, a^0 = 1.  O(deg^2 log e). */
GRUNDY_API void grundy_nt_ext_pow(uint64_t *out, const uint64_t *a, uint64_t e,
                       const grundy_nt_ext *r);
/* grundy_nt_ext_reduce() :
 * The polynomial c[0..len) (Montgomery residues) reduced mod Phi_q into
 * out[0..deg).  @pre len <= 2 * GRUNDY_NT_EXT_QMAX.  c is not modified;
 * out may alias c. */
GRUNDY_API void grundy_nt_ext_reduce(uint64_t *out, const uint64_t *c, size_t len,
                          const grundy_nt_ext *r);
/* grundy_nt_ext_conj() :
 * The ring automorphism w -> w^-1 = w^(q-1) applied to a.  O(deg q). */
GRUNDY_API void grundy_nt_ext_conj(uint64_t *out, const uint64_t *a,
                        const grundy_nt_ext *r);
/* 1 when a == b. */
GRUNDY_API int grundy_nt_ext_equal(const uint64_t *a, const uint64_t *b,
                        const grundy_nt_ext *r);

/* Divisor counts ***********************************************************/

/* grundy_nt_divisor_count() :
 * d(n), the number of divisors of n, through FLINT's n_factor.
 * @pre n >= 1.  d(n) <= 103680 for n < 2^64.  About 5 us for n ~ 10^9.
 * 0 for n >= 2 when libflint cannot be loaded. */
GRUNDY_API uint64_t grundy_nt_divisor_count(uint64_t n);

/* The batched method below applies to n below this bound: after dividing
 * out every prime < 2^11, at most two prime factors can remain. */
#define GRUNDY_NT_DIVISOR_BATCH_MAX UINT64_C(8653002876) /* 2053^3 - 1 */

/* grundy_nt_divisor_count_batch() :
 * out[i] = d(n[i]) for i < len.  Entries below
 * GRUNDY_NT_DIVISOR_BATCH_MAX use trial division by the primes < 2^11
 * (multiply-and-compare tests, eight primes per vector instruction with
 * AVX2), then one primality test of the cofactor (Miller-Rabin with the
 * bases 2, 7, 61, eight cofactors at a time with AVX2, chosen at run
 * time; grundy_nt_is_prime above 2^32); larger entries go to n_factor.
 * O(len) with about 0.3 us per entry near 10^9.
 * @return GRUNDY_ERR_ARG (outputs unspecified) if some n[i] == 0;
 * GRUNDY_ERR_IO if an entry above the bound needs libflint and it cannot
 * be loaded.
 * out may not alias n. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_nt_divisor_count_batch(uint32_t *out,
                                                             const uint64_t *n,
                                                             size_t len);

/* grundy_nt_divisors() :
 * Every divisor of n in increasing order, in a new array *out of *len
 * entries (free it with free()).  Through n_factor; O(d(n) log d(n)).
 * @return GRUNDY_ERR_ARG if n == 0, GRUNDY_ERR_NOMEM; GRUNDY_ERR_IO for
 * n >= 2 when libflint cannot be loaded. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_nt_divisors(uint64_t **out, size_t *len,
                                                  uint64_t n);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_NT_H */
