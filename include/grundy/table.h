/*
 * grundy/table.h -- Grundy values of one component: dense tables, single
 * values, periodicity.
 *
 * A table holds g(0), ..., g(n-1) for one game.  Values are stored 8 bits
 * wide while they fit and widened to 16 bits the first time a value
 * exceeds 255, so the width is chosen from the data.  Memory is estimated
 * and checked against a limit before anything is allocated.
 *
 * grundy_table_new() dispatches between the generic method (list moves,
 * XOR parts, mex: also the test oracle, grundy_table_new_naive()) and
 * kernels specialised by family (digits, subtraction, half, nim).  Board
 * families (GRUNDY_RULES_BOARD, such as rect:RxC) are tabulated whole, in
 * tiers of equal popcount, one byte per position, on opts->threads
 * threads; their values must stay below 256 (GRUNDY_ERR_OVERFLOW).
 */
#ifndef GRUNDY_TABLE_H
#define GRUNDY_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "grundy/rules.h"
#include "grundy/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Methods ******************************************************************/

typedef enum grundy_table_method {
    GRUNDY_TABLE_AUTO = 0,  /* the fastest method that applies */
    GRUNDY_TABLE_NAIVE = 1, /* generic: moves + mex, O(sum of moves) */
    GRUNDY_TABLE_FAST = 2   /* the family's kernel; ERR_ARG if it has none */
} grundy_table_method;

/* Tables *******************************************************************/

typedef struct grundy_table grundy_table; /* opaque */

/* grundy_table_estimate() :
 * Bytes a table of n entries of game g needs at most (values 16 bits wide
 * plus working memory).  GRUNDY_ERR_OVERFLOW when that overflows size_t,
 * GRUNDY_ERR_ARG when g cannot be tabulated densely. */
GRUNDY_NODISCARD grundy_status grundy_table_estimate(size_t *bytes,
                                                     const grundy_game *g,
                                                     grundy_pos n);

/* grundy_table_new() :
 * Compute g(0..n-1).  For finite families n is ignored and every position
 * is tabulated.  GRUNDY_ERR_LIMIT before allocating when the estimate
 * exceeds the memory limit; GRUNDY_ERR_OVERFLOW when a value exceeds 16
 * bits.  The table keeps a reference to g, which must outlive it.
 * Free with grundy_table_free(). */
GRUNDY_NODISCARD grundy_status grundy_table_new(grundy_table **out,
                                                const grundy_game *g,
                                                grundy_pos n,
                                                const grundy_limits *opts);

/* grundy_table_new_method() :
 * grundy_table_new() with the method chosen: GRUNDY_TABLE_AUTO (the
 * fastest), GRUNDY_TABLE_NAIVE (the generic method), GRUNDY_TABLE_FAST
 * (the family's kernel; GRUNDY_ERR_ARG when it has none). */
GRUNDY_NODISCARD grundy_status grundy_table_new_method(
    grundy_table **out, const grundy_game *g, grundy_pos n,
    grundy_table_method method, const grundy_limits *opts);

/* grundy_table_new_naive() :
 * The generic method, whatever the family: for each position list its
 * moves, XOR the parts' values, take the mex.  O(total moves). */
GRUNDY_NODISCARD grundy_status grundy_table_new_naive(
    grundy_table **out, const grundy_game *g, grundy_pos n,
    const grundy_limits *opts);

/* grundy_table_extend() :
 * Grow a heap-game table to n entries (no-op when n <= size), computing
 * only the new entries with the table's method. */
GRUNDY_NODISCARD grundy_status grundy_table_extend(grundy_table *t,
                                                   grundy_pos n,
                                                   const grundy_limits *opts);

/* grundy_table_free() : accepts NULL. */
void grundy_table_free(grundy_table *t);

/* Number of entries. */
grundy_pos grundy_table_size(const grundy_table *t);
/* Bytes per value: 1 or 2. */
unsigned grundy_table_width(const grundy_table *t);
/* The values, as uint8_t[size] or uint16_t[size] per the width. */
const void *grundy_table_data(const grundy_table *t);
/* The largest value and where it first occurs (0, 0 when empty). */
grundy_value grundy_table_max(const grundy_table *t, grundy_pos *first_at);
const grundy_game *grundy_table_game(const grundy_table *t);

/* grundy_table_get_raw() :
 * Entry p of values stored `width` (1, 2 or 4) bytes wide, as returned by
 * grundy_table_data() / grundy_table_width(): for loops that hoist the
 * table's fields.  O(1). */
static inline grundy_value grundy_table_get_raw(const void *data,
                                                unsigned width, grundy_pos p)
{
    return width == 1   ? ((const uint8_t *)data)[p]
           : width == 2 ? ((const uint16_t *)data)[p]
                        : ((const uint32_t *)data)[p];
}

/* grundy_table_get() : g(p).  @pre p < grundy_table_size(t).  O(1). */
grundy_value grundy_table_get(const grundy_table *t, grundy_pos p);

/* grundy_table_counts() :
 * counts[v] = number of positions with value v, for v <= max; the caller
 * passes room for grundy_table_max() + 1 entries. */
void grundy_table_counts(const grundy_table *t, uint64_t *counts);

/* Single values ************************************************************/

/* grundy_value_at() :
 * g(p), computing only what it needs: a closed form when the family has
 * one, a proven period when one is known, a sliding window of max_take
 * values for bounded-take heap games, a memoised search of the positions
 * reachable from p for boards, and a dense table up to p otherwise
 * (subject to the memory limit). */
GRUNDY_NODISCARD grundy_status grundy_value_at(grundy_value *out,
                                               const grundy_game *g,
                                               grundy_pos p,
                                               const grundy_limits *opts);

/* Periodicity **************************************************************/

typedef struct grundy_period {
    int found;              /* a period was seen in the table */
    int proven;             /* ... and a theorem proves it holds forever */
    grundy_pos preperiod;   /* g(n + period) = g(n) for all n >= preperiod */
    grundy_pos period;
    grundy_value saltus;    /* arithmetic periodicity: g(n+p) = g(n) + s;
                               0 for ordinary periodicity.  Looked for in
                               take-and-break games only, and never
                               proven */
    grundy_pos checked_upto; /* the table size the claim was checked on */
} grundy_period;

/* grundy_period_find() :
 * The shortest period (then the shortest preperiod) that the table shows
 * at least twice after its preperiod.  proven is set when a criterion for
 * the family proves it: for subtraction games with largest amount m, a
 * repetition of m consecutive values does; for octal and hexadecimal
 * codes taking at most t tokens and leaving at most k heaps, g(n + p) =
 * g(n) for q <= n < k q + (k-1) p + t does (Guy-Smith).  When a
 * take-and-break game shows no ordinary period, an arithmetic one
 * (saltus > 0) is looked for.  Never fails. */
void grundy_period_find(grundy_period *out, const grundy_table *t);

/* grundy_period_provable() :
 * Non-zero when grundy_period_find() has a criterion that can prove a
 * period of this game (so growing the table can settle it). */
int grundy_period_provable(const grundy_game *g);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_TABLE_H */
