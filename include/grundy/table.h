/*
 * grundy/table.h -- dense tables of Grundy values: g(0), ..., g(n-1) of
 * one game, and their periods.
 *
 * Most programs do not build tables themselves: a grundy_values object
 * (grundy/values.h) decides where each value comes from (a closed form, a
 * proven period, a stored table, a table grown on demand, a sliding
 * window, a search) and builds tables when they are the right source.
 * This header is for those who want a table as such.
 *
 * Values are stored 1, 2 or 4 bytes wide: the width the family's kernel
 * writes, or the width its value bound needs, or 1 byte widened the first
 * time a value does not fit (the generic method).  Memory is estimated
 * and checked against the limit before anything is allocated.
 *
 * grundy_table_new() picks, for GRUNDY_TABLE_AUTO: the family's kernel
 * when it has one that applies (grundy_rules.kernel); for board families
 * (GRUNDY_RULES_BOARD) every position in tiers of equal popcount, one byte
 * per position, on the limits' threads, computing one position per
 * symmetry orbit (grundy_rules.orbit); the family's closed form
 * (grundy_rules.value); otherwise the generic method (list moves, XOR the
 * parts' values, take the mex), which is also the test oracle
 * (grundy_table_new_naive()).
 *
 * Family kernels (grundy_kernel in grundy/rules.h) report progress with
 * grundy_fill_tick() (grundy/experimental.h); a computation can be
 * cancelled through the limits' progress callback, and stops with
 * GRUNDY_ERR_CANCELLED.
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
    GRUNDY_TABLE_FAST = 2   /* kernel, tiers or closed form; ERR_ARG when
                               the family has none of them */
} grundy_table_method;

/* Tables *******************************************************************/

typedef struct grundy_table grundy_table; /* opaque */

/* grundy_table_estimate() :
 * Bytes a table of n entries of game g needs at most with the method AUTO
 * picks (the values at the width that method writes, the kernel's working
 * memory, a page).  For finite families n is the number of positions.
 * GRUNDY_ERR_OVERFLOW when that overflows size_t. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_table_estimate(size_t *bytes, const grundy_game *g, grundy_pos n);

/* grundy_table_new() :
 * Compute g(0..n-1).  For finite families n is ignored and every position
 * is tabulated.  Errors: GRUNDY_ERR_LIMIT before allocating when the
 * estimate exceeds the memory limit; GRUNDY_ERR_OVERFLOW when a value
 * exceeds 32 bits (or the one byte of board tiers, or the width of the
 * family's kernel, with GRUNDY_TABLE_FAST); GRUNDY_ERR_CANCELLED when the
 * progress callback asked to stop; GRUNDY_ERR_ARG for a family whose
 * moves are not well-founded in the order of the table.  The table keeps
 * a reference to g, which must outlive it.  lim may be NULL (defaults).
 * Free with grundy_table_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_table_new(grundy_table **out, const grundy_game *g, grundy_pos n,
                 const grundy_limits *lim);

/* grundy_table_new_method() :
 * grundy_table_new() with the method chosen: GRUNDY_TABLE_AUTO (the
 * fastest), GRUNDY_TABLE_NAIVE (the generic method), GRUNDY_TABLE_FAST
 * (kernel, tiers or closed form; GRUNDY_ERR_ARG when the family has none). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_table_new_method(
    grundy_table **out, const grundy_game *g, grundy_pos n,
    grundy_table_method method, const grundy_limits *lim);

/* grundy_table_new_naive() :
 * The generic method, whatever the family: for each position list its
 * moves, XOR the parts' values, take the mex.  O(total moves). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_table_new_naive(grundy_table **out, const grundy_game *g, grundy_pos n,
                       const grundy_limits *lim);

/* grundy_table_extend() :
 * Grow a heap-game table to n entries (no-op when n <= size), computing
 * only the new entries with the method AUTO picks.  GRUNDY_ERR_RANGE for
 * a finite family.  On GRUNDY_ERR_CANCELLED the table holds every entry
 * finished before the stop. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_table_extend(grundy_table *t, grundy_pos n, const grundy_limits *lim);

/* grundy_table_free() : accepts NULL. */
GRUNDY_API void grundy_table_free(grundy_table *t);

/* Number of entries. */
GRUNDY_API grundy_pos grundy_table_size(const grundy_table *t);
/* Bytes per value: 1, 2 or 4. */
GRUNDY_API unsigned grundy_table_width(const grundy_table *t);
/* The values, as uint8_t[size], uint16_t[size] or uint32_t[size] per the
 * width.  Valid until the table grows or is freed. */
GRUNDY_API const void *grundy_table_data(const grundy_table *t);
/* The largest value and where it first occurs (0, 0 when empty). */
GRUNDY_API grundy_value grundy_table_max(const grundy_table *t,
                                         grundy_pos *first_at);
GRUNDY_API const grundy_game *grundy_table_game(const grundy_table *t);

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
GRUNDY_API grundy_value grundy_table_get(const grundy_table *t, grundy_pos p);

/* grundy_table_counts() :
 * counts[v] = number of positions with value v, for v <= max; the caller
 * passes room for grundy_table_max() + 1 entries. */
GRUNDY_API void grundy_table_counts(const grundy_table *t, uint64_t *counts);

/* Periodicity **************************************************************/

typedef struct grundy_period {
    int found;              /* a period was seen in the table */
    int proven;             /* ... and a theorem proves it holds forever */
    grundy_pos preperiod;   /* g(n + period) = g(n) for all n >= preperiod */
    grundy_pos period;
    grundy_value saltus;    /* arithmetic periodicity: g(n+p) = g(n) + s;
                               0 for ordinary periodicity.  Looked for in
                               families with GRUNDY_RULES_SALTUS only, and
                               proven by a family's closed form
                               (grundy_rules.period_known) or, for
                               GRUNDY_RULES_ALLBUT, by the table */
    grundy_pos checked_upto; /* the table size the claim was checked on */
} grundy_period;

/* grundy_period_find() :
 * The shortest period (then the shortest preperiod) that the table shows
 * at least twice after its preperiod.  proven is set when the family's
 * period criterion (grundy_rules.period_run) proves it: for subtraction
 * games with largest amount m, a repetition of m consecutive values does;
 * for octal and hexadecimal codes taking at most t tokens and leaving at
 * most k heaps, g(n + p) = g(n) for q <= n < k q + (k-1) p + t does
 * (Guy-Smith).  When a family with GRUNDY_RULES_SALTUS shows no ordinary
 * period, an arithmetic one (saltus > 0) is looked for.  A family whose
 * closed form settles the question (grundy_rules.period_known) gets that
 * answer, proven, whatever the table (nothing found when it proves there
 * is none: see grundy_period_why()).  Never fails. */
GRUNDY_API void grundy_period_find(grundy_period *out, const grundy_table *t);

/* grundy_period_why() :
 * The closed form behind the period grundy_period_find() gives g's tables
 * when the family's closed form settles it (grundy_rules.period_known:
 * "g(n) = n" for Nim), else NULL.  A static string.  When it is not NULL
 * and grundy_period_find() finds nothing, the closed form proves there is
 * no period at all, ordinary or arithmetic (the halving game). */
GRUNDY_API const char *grundy_period_why(const grundy_game *g);

/* grundy_period_provable() :
 * Non-zero when g's family has a period criterion (so growing the table
 * can settle a period): grundy_rules.period_run for ordinary periods,
 * GRUNDY_RULES_ALLBUT for arithmetic ones. */
GRUNDY_API int grundy_period_provable(const grundy_game *g);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_TABLE_H */
