/*
 * grundy/twoheap.h -- games on two heaps: Wythoff's game and the
 * two-heap games of a move set.
 *
 * A position is a pair (a, b) of heap sizes, written "a,b".  A move
 * subtracts a vector (x, y) of the game's move set M, x, y >= 0 and not
 * both 0, from it: (a, b) -> (a - x, b - y), provided x <= a and y <= b.
 * The player who cannot move loses.
 *
 *   wythoff        take any number of tokens from one heap, or the same
 *                  number from both: M = {(t, 0), (0, t), (t, t) : t >= 1}
 *                  (Wythoff 1907).
 *   twoheap:MOVES  M given as a list of terms, each a vector X/Y whose
 *                  coordinates are whole numbers or affine in t:
 *
 *                    MOVES := TERM [',' TERM]...
 *                    TERM  := COORD '/' COORD ['@' RANGE]
 *                    COORD := N | [N] 't' [('+' | '-') N]
 *                    RANGE := N | N '..' [N]      (t from 1 to N, from
 *                                                  A to B, or from A up)
 *
 *                  t counts from 1 up (unbounded unless a range is
 *                  given), and a value of t that gives a negative
 *                  coordinate or the vector (0, 0) gives no move.  A term
 *                  without t is a single vector.  Numbers are at most
 *                  2^32 - 1.  Examples:
 *
 *                    twoheap:t/0,0/t,t/t      Wythoff's game
 *                    twoheap:t/0,0/t,t/t@3    the same from both heaps
 *                                             only up to 3 at a time
 *                    twoheap:t/0,0/t,t/t,t/t+1,t+1/t
 *                                             Fraenkel's 2-Wythoff: k from
 *                                             one heap and l from the
 *                                             other, |k - l| < 2
 *                    twoheap:t/0,0/t,t/2t,2t/t  rays of a NimHof game
 *                                             (Friedman et al.)
 *                    twoheap:1/0,0/1,1/1,2/0,0/2   finitely many moves
 *
 *                  The canonical spec lists the terms sorted, without
 *                  repeats, each in its shortest spelling.
 *
 * Numbering.  Families with the flag GRUNDY_RULES_PAIRS number their
 * positions by Szudzik's pairing, in square shells:
 *
 *     (a, b) -> b^2 + a        when a < b,
 *     (a, b) -> a^2 + a + b    when a >= b,
 *
 * so the positions with a, b < m are exactly the numbers 0 .. m^2 - 1, and
 * since a move never makes a heap larger, it leads to a smaller number: a
 * table of the first m^2 positions is the m x m square of g(a, b), filled
 * in increasing order.  Heaps are at most GRUNDY_PAIR_MAX = 2^32 - 1, so
 * that every 64-bit number is a position.
 *
 * Values.  A table of m^2 entries holds g(a, b) for a, b < m.  Its kernel
 * treats the terms that are rays from the position, pt/qt with t >= 1 and
 * no bound (t/0, 0/t, t/t, t/2t ...), through one bit set of the values
 * seen so far on each line of direction (p, q): since the table fills in
 * an order in which every position behind one on its line comes first and
 * none ahead of it, the bit set of the line is exactly the set of values
 * of the ray's options, and the mex is found by OR-ing a few bit sets,
 * about m / 64 words per position instead of m table reads.  Other terms
 * are read move by move.
 *
 * A closed form: the positions of Wythoff's game of value 0 are
 * (floor(k phi), floor(k phi^2)) and their mirror images, k >= 0, phi the
 * golden ratio (Wythoff 1907; Beatty sequences).  The family's value hook
 * answers 0 at those positions at any size, in integer arithmetic
 * (floor(k phi) = (k + isqrt(5 k^2)) div 2), and declines elsewhere, so
 * a P-position far beyond any table is answered at once; the tests check
 * it against the table.
 */
#ifndef GRUNDY_TWOHEAP_H
#define GRUNDY_TWOHEAP_H

#include <stdint.h>

#include "grundy/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest heap of a two-heap position: 2^32 - 1. */
#define GRUNDY_PAIR_MAX UINT64_C(0xFFFFFFFF)

/* The families. */
GRUNDY_API extern const grundy_rules grundy_rules_wythoff; /* "wythoff" */
GRUNDY_API extern const grundy_rules grundy_rules_twoheap; /* "twoheap:MOVES" */

/* grundy_twoheap_pos() :
 * The number of the position (a, b) (Szudzik's pairing, see above).
 * @pre a, b <= GRUNDY_PAIR_MAX.  O(1). */
GRUNDY_API grundy_pos grundy_twoheap_pos(uint64_t a, uint64_t b);

/* grundy_twoheap_heaps() :
 * The heaps (a, b) of position number p; the inverse of
 * grundy_twoheap_pos() for every 64-bit p.  O(1) (an integer square root). */
GRUNDY_API void grundy_twoheap_heaps(uint64_t *a, uint64_t *b, grundy_pos p);

/* grundy_twoheap_wythoff_p() :
 * The k-th P-position (a, b), a <= b, of Wythoff's game from the closed
 * form: a = floor(k phi), b = a + k = floor(k phi^2), in integer
 * arithmetic.  @return 1, or 0 (and *a, *b untouched) when b would pass
 * GRUNDY_PAIR_MAX.  O(1). */
GRUNDY_API int grundy_twoheap_wythoff_p(uint64_t *a, uint64_t *b,
                                         uint64_t k);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_TWOHEAP_H */
