/*
 * grundy/triples.h -- three-heap Nim in which no two heaps may be equal,
 * and sums over its losing positions for bounds of any size.
 *
 * The game.  A position is three heaps of pairwise different sizes; a move
 * removes any positive number of stones from one heap, provided that the
 * three sizes stay pairwise different afterwards.  An empty heap counts as
 * a size: from (0, 1, 2) there is no move at all, and from (0, 3, 5) the
 * heap of 5 can go to 4, 2 or 1 but not to 3 or 0.  Normal play: the
 * player who cannot move loses.
 *
 * The criterion.  grundy_triples_search_new() solves every position below
 * a bound by a direct game-tree search (retrograde over all moves, no
 * theory).  Read off that table, the losing positions are exactly those in
 * which the heaps plus one have a zero nim-sum:
 *
 *     (a, b, c) is lost for the player to move
 *         <=>  (a + 1) XOR (b + 1) XOR (c + 1) == 0,
 *
 * i.e. the game is ordinary Nim on the heaps a+1, b+1, c+1, in which a
 * heap may not be emptied and no two heaps may become equal.  The test
 * suite checks this against the search for every position with all heaps
 * below 200; it is what grundy_triples_is_losing() evaluates and what the
 * counting functions below rely on.
 *
 * The sums.  For a bound N, consider the losing positions 0 < a < b < c < N.
 * F(N) is the sum of a + b + c over them and C(N) their number; F(8) = 42
 * (the positions (1,3,5), (1,4,6), (2,3,6), (2,4,5)), F(128) = 496062.
 * With x = a+1, y = b+1, z = c+1 these are the triples 2 <= x < y < z <= N
 * with x ^ y ^ z == 0, counted by a digit DP over the binary expansion of
 * N: O(log N) steps over 16 flag states (8 of them reachable), with no
 * multiplication at all, so it works modulo any m >= 1 (64-bit fast path,
 * or a modulus of any size) and exactly with GMP integers.
 *
 * Numbers of any size travel as grundy_triples_nat (read from and written
 * to decimal), so that no big-integer library appears in this header.
 */
#ifndef GRUNDY_TRIPLES_H
#define GRUNDY_TRIPLES_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Natural numbers of any size *********************************************/

/* A natural number as little-endian 64-bit limbs, normalised (nlimbs == 0
 * for zero, limb[nlimbs - 1] != 0 otherwise).  Caller-allocated: _init
 * before use, _clear after.  A nat may be an output and an input of the
 * same call unless a function says otherwise. */
typedef struct grundy_triples_nat {
    uint64_t *limb;
    size_t nlimbs;
    size_t alloc;
} grundy_triples_nat;

/* grundy_triples_nat_init() : set *n to zero.  Allocates nothing. */
GRUNDY_API void grundy_triples_nat_init(grundy_triples_nat *n);

/* grundy_triples_nat_clear() : free the limbs; *n is zero afterwards and
 * may be used again. */
GRUNDY_API void grundy_triples_nat_clear(grundy_triples_nat *n);

/* grundy_triples_nat_set_u64() : *n = v.  GRUNDY_ERR_NOMEM only. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_triples_nat_set_u64(grundy_triples_nat *n,
                                                          uint64_t v);

/* grundy_triples_nat_set_2exp() : *n = 2^k.  GRUNDY_ERR_NOMEM only. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_triples_nat_set_2exp(grundy_triples_nat *n, size_t k);

/* grundy_triples_nat_set_str() :
 * Parse text[0..len) as a decimal natural number: one or more digits
 * 0-9, nothing else (no sign, no spaces; leading zeros are allowed).
 * Any length: the conversion is GMP's subquadratic one.
 * Errors: GRUNDY_ERR_PARSE with where->col (1-based in text, line 1) at
 * the first byte that is not a digit, or at 1 for an empty text, and a
 * message that names the problem ("a sign is not allowed", "expected a
 * decimal digit, got 'x'", "empty number").  *n is unchanged on error.
 * @complexity O(M(d) log d) for d digits. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_triples_nat_set_str(grundy_triples_nat *n, const char *text, size_t len,
                           grundy_parse_error *where);

/* grundy_triples_nat_get_str() :
 * The decimal expansion of n ("0" for zero), NUL-terminated, in a new
 * buffer that the caller frees with free(); *len (if not NULL) receives
 * its length.  GRUNDY_ERR_NOMEM only. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_triples_nat_get_str(
    char **out, size_t *len, const grundy_triples_nat *n);

/* grundy_triples_nat_get_u64() : 1 and *out = n when n < 2^64, else 0
 * (and *out untouched). */
GRUNDY_API int grundy_triples_nat_get_u64(uint64_t *out, const grundy_triples_nat *n);

/* grundy_triples_nat_bits() : the number of binary digits of n (0 for
 * zero). */
GRUNDY_API size_t grundy_triples_nat_bits(const grundy_triples_nat *n);

/* grundy_triples_nat_cmp() : <0, 0, >0 as a <, ==, > b. */
GRUNDY_API int grundy_triples_nat_cmp(const grundy_triples_nat *a,
                           const grundy_triples_nat *b);

/* The criterion ***********************************************************/

/* grundy_triples_is_losing() :
 * 1 when the position with heaps a, b, c (any order) is lost for the
 * player to move, 0 when it is won.  @pre a, b, c pairwise different
 * (positions with equal heaps are not positions of this game).  O(1).
 * The criterion is the one stated at the top of this header, which the
 * test suite checks against grundy_triples_search_new(). */
GRUNDY_API int grundy_triples_is_losing(uint64_t a, uint64_t b, uint64_t c);

/* grundy_triples_winning_move() :
 * For a won position (a, b, c) (pairwise different, any order), write
 * the position after a winning move into out[0..3), heaps in the same
 * order as given (exactly one of them smaller), and return 1.  For a lost
 * position return 0 and leave out untouched.  O(1). */
GRUNDY_API int grundy_triples_winning_move(uint64_t out[3], uint64_t a, uint64_t b,
                                uint64_t c);

/* Direct game-tree search (the oracle) ************************************/

typedef struct grundy_triples_search grundy_triples_search; /* opaque */

/* Largest bound grundy_triples_search_new() accepts: one bit per sorted
 * triple, about 22 MB at this bound. */
#define GRUNDY_TRIPLES_SEARCH_MAX_BOUND 1024u

/* grundy_triples_search_new() :
 * Solve every position whose heaps are all below bound by a direct search:
 * the positions are visited in an order in which every move leads to a
 * position already solved (sorted triples (a < b < c) in increasing
 * (c, b, a)), and a position is lost iff none of its moves, generated one
 * by one from the rules, leads to a lost position.  No property of the
 * game is assumed, so this is the oracle for everything else here.
 * GRUNDY_ERR_RANGE when bound > GRUNDY_TRIPLES_SEARCH_MAX_BOUND,
 * GRUNDY_ERR_NOMEM.  Free with grundy_triples_search_free().
 * @complexity O(bound^4) time (about bound^4 / 12 move checks),
 * bound^3 / 48 bytes. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_triples_search_new(grundy_triples_search **out, uint32_t bound);

/* grundy_triples_search_free() : NULL is a no-op. */
GRUNDY_API void grundy_triples_search_free(grundy_triples_search *s);

/* grundy_triples_search_bound() : the bound s was built with. */
GRUNDY_API uint32_t grundy_triples_search_bound(const grundy_triples_search *s);

/* grundy_triples_search_losing() :
 * 1 when (a, b, c) (any order) is lost for the player to move, as found by
 * the search.  @pre a, b, c pairwise different and below the bound. */
GRUNDY_API int grundy_triples_search_losing(const grundy_triples_search *s, uint32_t a,
                                 uint32_t b, uint32_t c);

/* Counting losing positions below N ***************************************/

/* In all functions below, the positions counted are the losing ones with
 * 0 < a < b < c < N; *count receives their number C(N) and *sum the sum
 * F(N) of a + b + c over them.  N = 0, 1, 2, 3 give 0 and 0.  Either
 * output may be NULL when it is not wanted. */

/* grundy_triples_losing_mod() :
 * C(N) mod m and F(N) mod m for a 64-bit modulus m >= 1 (GRUNDY_ERR_ARG
 * for m == 0).  The digit DP uses additions modulo m only, so any m works,
 * not only primes.  O(log N), no allocation: about 50 ns per binary digit
 * of N (3 us for N = 10^18, 0.2 ms for N = 10^1000). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_triples_losing_mod(
    uint64_t *count, uint64_t *sum, const grundy_triples_nat *n, uint64_t m);

/* grundy_triples_losing_mod_u64() : the same for a 64-bit N. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_triples_losing_mod_u64(uint64_t *count,
                                                             uint64_t *sum,
                                                             uint64_t n,
                                                             uint64_t m);

/* Largest number of binary digits of N grundy_triples_losing_exact()
 * accepts (about 19 700 decimal digits): the exact DP costs O(log^2 N). */
#define GRUNDY_TRIPLES_EXACT_MAX_BITS 65536u

/* grundy_triples_losing_exact() :
 * C(N) and F(N) exactly.  The outputs may alias n.
 * GRUNDY_ERR_LIMIT when N has more than GRUNDY_TRIPLES_EXACT_MAX_BITS
 * binary digits, GRUNDY_ERR_NOMEM.
 * @complexity O(log^2 N) bit operations (the DP's numbers grow by one
 * bit per step): about 10 ms for N = 10^1000, 1 s for N = 10^10000. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_triples_losing_exact(grundy_triples_nat *count, grundy_triples_nat *sum,
                            const grundy_triples_nat *n);

/* grundy_triples_losing_mod_nat() :
 * C(N) mod m and F(N) mod m for a modulus m >= 1 of any size
 * (GRUNDY_ERR_ARG for m == 0).  Numbers stay below 4m, so the cost is
 * O(log N * log m).  The outputs may alias n or m. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_triples_losing_mod_nat(
    grundy_triples_nat *count, grundy_triples_nat *sum,
    const grundy_triples_nat *n, const grundy_triples_nat *m);

/* grundy_triples_losing_naive() :
 * The same as grundy_triples_losing_mod_u64(), by enumerating the pairs
 * a < b and completing each with the one c the criterion allows.
 * O(N^2): the baseline of the benchmark and a test oracle for the DP.
 * GRUNDY_ERR_ARG for m == 0, GRUNDY_ERR_RANGE for N > 2^32. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_triples_losing_naive(uint64_t *count,
                                                           uint64_t *sum,
                                                           uint64_t n,
                                                           uint64_t m);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_TRIPLES_H */
