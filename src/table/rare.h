/*
 * rare.h -- how the values of a take-and-break table split into rare and
 * common ones: by a mask over the value, or by a mask over the value and
 * the parity of the heap.
 *
 * Under a mask M and a parity rule h, position x is common when the
 * parity of g(x) & M equals h(x), and rare otherwise:
 *
 *   GRUNDY_RARE_BY_VALUE      h(x) = 1
 *   GRUNDY_RARE_SAME_PARITY   h(x) = x mod 2
 *   GRUNDY_RARE_OTHER_PARITY  h(x) = 1 - x mod 2
 *
 * The sparse space method needs every split of n - j into a + b whose
 * two parts are common to give a value outside n's common class, so that
 * every common value n reaches comes from a split with a rare part.  The
 * value's parity is then h(a) ^ h(b); n's common class is h(n); and a +
 * b = n - j gives h(a) ^ h(b) ^ h(n) = 1 for the value rule, j mod 2 for
 * the same-parity rule and 1 - j mod 2 for the other one.  So the value
 * rule fits every code, the same-parity rule codes whose splits all take
 * an odd number of tokens (0.106, 0.126), the other-parity rule codes
 * whose splits all take an even number (0.063, 4.x, Grundy's game).
 * Some codes are sparse only under a parity rule: 0.106 has 15 rare
 * positions to 3*10^4 under (13, same parity) and half its positions
 * rare under every mask of the value alone.
 */
#ifndef GRUNDY_TABLE_RARE_H
#define GRUNDY_TABLE_RARE_H

#include <stdint.h>

#include "grundy/takebreak.h"

/* The rules a code's splits allow, as bits 1 << rule. */
unsigned grundy_rare_rules(const grundy_takebreak_params *tp);

/* h(x) of the rule. */
static inline unsigned grundy_rare_h(unsigned rule, uint64_t x)
{
    return rule == GRUNDY_RARE_BY_VALUE       ? 1u
           : rule == GRUNDY_RARE_SAME_PARITY ? (unsigned)(x & 1)
                                              : (unsigned)(~x & 1);
}

/* Whether a position x of value v is rare under (mask, rule). */
static inline int grundy_rare_is(unsigned mask, unsigned rule, unsigned v,
                                 uint64_t x)
{
    return (unsigned)__builtin_parity(v & mask) != grundy_rare_h(rule, x);
}

/* The (mask, rule) among the rules in `rules` (bits) and the masks below
 * 2^k with the fewest rare positions, from the value counts of the even
 * and the odd positions (2^k entries each): ties go to the value rule,
 * then to the smaller mask.  Through a Walsh-Hadamard transform of each:
 * O(k 2^k).  GRUNDY_ERR_NOMEM. */
grundy_status grundy_rare_best(unsigned *mask, unsigned *rule, uint64_t *rare,
                               const uint64_t *even, const uint64_t *odd,
                               unsigned k, unsigned rules);

/* The fewest rare positions among g(0..n-1) of t (n <= its size) under
 * the best (mask, rule), as grundy_table_rare() chooses them; n when a
 * value passes 2^16 (no split worth the name).  One pass over the
 * entries.  GRUNDY_ERR_NOMEM. */
grundy_status grundy_table_rare_prefix(uint64_t *rare, const grundy_table *t,
                                       grundy_pos n);

#endif
