/*
 * grundy/count.h -- counting winning configurations with transforms.
 *
 * The question: components are drawn from a multiset of Grundy values
 * (value v with weight c_v, weights taken mod p).  How many ordered
 * K-tuples of components form a combined game that the first player
 * wins?  Each tuple is weighted by the product of its components'
 * weights, so with weights = multiplicities this is a plain count.
 *
 *  - Normal sum (move in one component): the tuple loses iff the XOR of
 *    its values is 0 (Sprague-Grundy).  The count is the K-th power of
 *    the histogram under XOR convolution: a Walsh-Hadamard transform,
 *    pointwise K-th powers, and the zero coefficient of the inverse.
 *  - Moore's Nim_k (move in 1..k Nim heaps at once): the tuple loses iff
 *    for every binary digit position the number of heaps with a 1 there
 *    is divisible by q = k + 1.  Writing each heap's binary digits as
 *    base-q digits turns this into digit-wise addition mod q, whose
 *    characters are built from q-th roots of unity.  When q divides
 *    p - 1 those exist in Z_p; otherwise the transform runs in the ring
 *    Z_p[w]/(Phi_q(w)) (grundy/nt.h), where sum_t y_t^K still comes out
 *    as the integer q^L * (losing count).  k = 1 is normal Nim.
 *
 * With L binary digits in the largest value the transform has q^L
 * entries: O(q^L (L q + log K)) work.  The ring path pairs each index
 * with its digit-wise negation, whose transform value is the conjugate
 * (w -> w^-1), so only half of the K-th powers are computed.
 *
 * Moduli: p must be an odd prime <= GRUNDY_NT_MOD_MAX that does not
 * divide q (the last step divides by q^L).  For q = 3 and p < 2^31 a
 * vectorised 32-bit kernel is used (AVX2 chosen at load time when the
 * CPU has it).
 */
#ifndef GRUNDY_COUNT_H
#define GRUNDY_COUNT_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/nt.h"
#include "grundy/rules.h"
#include "grundy/status.h"
#include "grundy/values.h"
#include "grundy/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Results ******************************************************************/

typedef struct grundy_count_result {
    uint64_t total;   /* (sum of weights)^K mod p: every tuple */
    uint64_t losing;  /* tuples whose sum the player to move loses (P) */
    uint64_t winning; /* total - losing mod p (N) */
} grundy_count_result;

/* The transform used by grundy_count_tuples_method(). */
typedef enum grundy_count_method {
    GRUNDY_COUNT_AUTO = 0, /* the fastest that applies */
    GRUNDY_COUNT_ROOT = 1, /* q-th roots of unity in Z_p (q | p - 1); for
                              k = 1 the Walsh-Hadamard transform */
    GRUNDY_COUNT_RING = 2, /* Z_p[w]/(Phi_q): any q, generic 64-bit code */
    GRUNDY_COUNT_RING3 = 3 /* Z_p[w]/(w^2 + w + 1), 32-bit vectorised:
                              q = 3 and p < 2^31 only */
} grundy_count_method;

/* Largest k accepted (q = k + 1 <= GRUNDY_NT_EXT_QMAX). */
#define GRUNDY_COUNT_KMAX GRUNDY_MOORE_KMAX

/* Counting tuples **********************************************************/

/* grundy_count_tuples() :
 * Count the ordered K-tuples of components, component value v having
 * weight weights[v] (v < nvalues), under Moore's Nim_k (k = 1: the normal
 * sum).  opts (may be NULL) bounds the memory: the transform needs about
 * q^L * 16 bytes, L the bit length of the largest value of non-zero
 * weight.
 * @return GRUNDY_ERR_RANGE if K == 0, k == 0 or k > GRUNDY_COUNT_KMAX;
 *         GRUNDY_ERR_ARG if p is not an odd prime <= GRUNDY_NT_MOD_MAX or
 *         p divides k + 1; GRUNDY_ERR_LIMIT / GRUNDY_ERR_NOMEM when q^L
 *         entries do not fit.
 * Complexity O(q^L (L q + log K)).  weights is not modified. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_count_tuples(
    grundy_count_result *out, const uint64_t *weights, size_t nvalues,
    uint64_t K, unsigned k, uint64_t p, const grundy_limits *opts);

/* grundy_count_exact_modulus() :
 * The modulus under which a count of weights^K configurations (weights:
 * the choices of one component, saturated at UINT64_MAX) is the exact
 * count: *p = GRUNDY_NT_PRIME_62 when weights^K < it.
 * @return GRUNDY_ERR_OVERFLOW when the count can reach it (then give a
 *         modulus).  O(min(K, 62)). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_count_exact_modulus(uint64_t *p, uint64_t weights, uint64_t K);

/* grundy_count_tuples_method() :
 * As grundy_count_tuples() with the transform chosen by the caller (for
 * tests and benchmarks).  GRUNDY_ERR_ARG when the method does not apply
 * (ROOT without a q-th root of unity mod p, RING3 with q != 3 or
 * p >= 2^31). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_count_tuples_method(
    grundy_count_result *out, const uint64_t *weights, size_t nvalues,
    uint64_t K, unsigned k, uint64_t p, grundy_count_method method,
    const grundy_limits *opts);

/* grundy_count_moore_losing() :
 * Moore's criterion: 1 when the Nim_k position heaps[0..n) is a loss for
 * the player to move (every binary digit position has a multiple of
 * k + 1 heaps with a 1 there), else 0.  k = 1 is "XOR is zero".  O(64 n).
 * @pre k >= 1. */
GRUNDY_API int grundy_count_moore_losing(const uint64_t *heaps, size_t n, unsigned k);

/* grundy_count_heaps() :
 * The P-positions (losing for the player to move) among all
 * heaps-tuples (h_1, ..., h_heaps) with every h_i in [0, max], for the
 * heap family of v, counted mod p: the histogram of g(0..max)
 * (grundy_values_histogram(): the closed form, or a table), then
 * grundy_count_tuples() with k = 1.  k > 1 counts Moore's Nim_k instead,
 * which describes moves in up to k heaps only for families whose
 * positions are Nim heaps (GRUNDY_RULES_NIM).  The limits are v's.
 * @return as grundy_count_tuples(), plus GRUNDY_ERR_ARG when the family is
 * not a heap family, or k > 1 and its positions are not Nim heaps;
 * GRUNDY_ERR_RANGE when max is UINT64_MAX. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_count_heaps(
    grundy_count_result *out, grundy_values *v, uint64_t heaps, uint64_t max,
    unsigned k, uint64_t p);

/* Histograms ***************************************************************/
/* The multiset of Grundy values that grundy_count_tuples() draws from,
 * built one value at a time: weights[v] for v < nvalues, grown by
 * doubling within the memory limit. */

/* The largest value a histogram takes (its table would not fit past). */
#define GRUNDY_COUNT_VALUE_MAX UINT64_C(0xFFFFFFFF)

typedef struct grundy_count_hist {
    uint64_t *weights; /* weights[0..nvalues) */
    size_t nvalues;    /* 1 + the largest value added (0: none) */
    size_t cap;        /* entries allocated (zeroed past nvalues) */
    uint64_t total;    /* the sum of the weights, saturated at UINT64_MAX
                          (grundy_count_exact_modulus()'s weights) */
    uint64_t mod;      /* each weight kept mod this (0: saturated at
                          UINT64_MAX instead) */
} grundy_count_hist;

/* An empty histogram whose weights are kept mod `mod` (0: exact,
 * saturated).  Free with grundy_count_hist_clear(). */
GRUNDY_API void grundy_count_hist_init(grundy_count_hist *h, uint64_t mod);

/* Frees the table; accepts an initialised or cleared histogram. */
GRUNDY_API void grundy_count_hist_clear(grundy_count_hist *h);

/* grundy_count_hist_add() :
 * Value v with weight `weight` (v stands for that many components).
 * Errors, h unchanged: GRUNDY_ERR_LIMIT for v above
 * GRUNDY_COUNT_VALUE_MAX or a table past lim's memory limit (lim may be
 * NULL; the transform needs as much again, checked when it starts);
 * GRUNDY_ERR_NOMEM.  Amortised O(1). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_count_hist_add(
    grundy_count_hist *h, uint64_t v, uint64_t weight,
    const grundy_limits *lim);

/* What grundy_count_hist_positions() found wrong, and where. */
typedef struct grundy_count_list_fault {
    int unparsed;  /* the item is not a position of the game */
    int twice;     /* the item is listed twice */
    size_t off, len; /* the item: list[off .. off + len) */
    grundy_parse_error where; /* the parse error, col into the item */
} grundy_count_list_fault;

/* grundy_count_hist_positions() :
 * The value of each position of list (comma-separated, as
 * grundy_game_pos_parse() reads one, each listed once) of the game of v,
 * weight 1 each, added to h.  Every position is read before any value is
 * asked.  Errors: a position's parse error (f->unparsed), or
 * GRUNDY_ERR_ARG for one listed twice (f->twice), f naming the item,
 * nothing added;
 * those of grundy_values_get() and grundy_count_hist_add() (with v's
 * limits), h then holding the values before.  O(n^2) for n positions
 * (the check for repeats) plus the values. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_count_hist_positions(
    grundy_count_hist *h, grundy_values *v, const char *list,
    grundy_count_list_fault *f);

/* Transforms ***************************************************************/

/* grundy_count_wht() :
 * In-place Walsh-Hadamard transform over Z_p (unnormalised):
 * a[t] <- sum_v (-1)^popcount(t & v) a[v].  Applying it twice multiplies
 * by n.  Only additions: any residues in [0, p) (plain or Montgomery).
 * @pre n is a power of two (n = 1 is the identity).  O(n log n). */
GRUNDY_API void grundy_count_wht(uint64_t *a, size_t n, const grundy_nt_mod *m);

/* grundy_count_dft_digits() :
 * In-place transform for base-q digit-wise addition mod q over Z_p:
 * a[t] <- sum_v root^<t,v> a[v], where <t,v> is the sum of products of
 * the base-q digits of t and v, and root is a primitive q-th root of
 * unity (Montgomery form, grundy_nt_mod_root_of_unity()).  a holds q^L
 * Montgomery residues.  @pre 2 <= q <= GRUNDY_NT_EXT_QMAX.
 * O(q^L L q). */
GRUNDY_API void grundy_count_dft_digits(uint64_t *a, unsigned q, unsigned L, uint64_t root,
                             const grundy_nt_mod *m);

/* grundy_count_dft_digits_ring() :
 * The same transform with w in Z_p[w]/(Phi_q(w)) (q = r->q): out[t]
 * (r->deg coefficients each, out[t * r->deg ..]) = sum_v w^<t,v> in[v],
 * in[] holding q^L Montgomery residues.  Internally elements live in
 * Z_p[x]/(x^q - 1), where multiplying by x is a rotation, and are
 * reduced by Phi_q at the end.  out (q^L * r->deg entries) must not
 * overlap in.  @return GRUNDY_ERR_NOMEM when the q^L * q scratch
 * entries cannot be allocated.  O(q^L (L q^2 + q deg)). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_count_dft_digits_ring(
    uint64_t *out, const uint64_t *in, unsigned L, const grundy_nt_ext *r);

/* grundy_count_digit_index() :
 * The transform index of value v: its binary digits read in base q
 * (sum_i bit_i(v) q^i).  @pre q^bitlen(v) fits in size_t. */
GRUNDY_API size_t grundy_count_digit_index(uint64_t v, unsigned q);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_COUNT_H */
