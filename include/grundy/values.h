/*
 * grundy/values.h -- the one source of Grundy values of a game.
 *
 * A grundy_values object owns the decision, for one game, of where each
 * value comes from, and keeps what it computed for the next question:
 *
 *   1. the family's closed form (grundy_rules.value);
 *   2. a table already in memory or in the store (grundy/store.h) that
 *      covers the position; for a board, also a split table (the slices
 *      and manifest grundy-mpi writes): assembled when the whole table
 *      fits the memory limit, else single values read from their slice;
 *   3. a proven period (found once by growing a table, for families with
 *      a period criterion), which answers any position in O(1);
 *   4. for a single far position (2^22 and beyond) of a family whose
 *      kernel has a lookback (grundy_kernel.lookback: digits, subtract),
 *      the kernel in a sliding window: as fast per entry as a table, in
 *      the memory of the window;
 *   5. a table grown on demand with the family's kernel, while it fits
 *      the memory limit (board families: the table of every position,
 *      or, for a single position, the table of its subsets alone); else
 *      a sliding window of the last max_take values for heap families
 *      whose moves take a bounded number of tokens;
 *   6. single positions of more than 18 cells of a board family
 *      that splits positions into parts or keys them (cram, node-kayles,
 *      chomp, rect): the board search of grundy/board.h, kept with its
 *      table for the next question; other finite families too large to
 *      tabulate: a memoised search of the positions reachable from p;
 *   7. a table by the generic method.
 *
 * Sums (grundy/sum.h), range sessions, counts (grundy/count.h) and the
 * command-line program obtain every value through this object.  Tables
 * it computes go to the store when one is given (kept for the next run,
 * extended instead of recomputed, checkpointed while they are computed:
 * see grundy/store.h).
 *
 * Not thread-safe: one object per thread.  The game, the limits and the
 * store given at creation must outlive the object.
 */
#ifndef GRUNDY_VALUES_H
#define GRUNDY_VALUES_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/board.h"
#include "grundy/core.h"
#include "grundy/rules.h"
#include "grundy/status.h"
#include "grundy/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct grundy_values grundy_values; /* opaque */
typedef struct grundy_store grundy_store;   /* grundy/store.h */

typedef struct grundy_values_opts {
    const grundy_limits *limits; /* NULL: defaults */
    grundy_store *store;         /* NULL: nothing is kept on disk */
    /* Tables by this method (GRUNDY_TABLE_AUTO: the fastest).  With any
     * other method the store is not used. */
    grundy_table_method method;
    /* A table is saved to the store when computing it took at least this
     * many milliseconds (or it extends a stored one); < 0: 1000. */
    long store_min_ms;
    /* Milliseconds between two checkpoints of a table being computed;
     * <= 0: five minutes. */
    long checkpoint_ms;
    /* Non-zero: tables of families whose kernel writes a fixed width are
     * grown in their file in the store (grundy_store_grow_open()), out
     * of core: memory holds what the kernel reads at random, the rest is
     * written out as it is finished; a run that was killed is taken up
     * from its last checkpoint.  Needs a writable store (else tables stay
     * in memory). */
    int out_of_core;
    /* Non-zero: a table computed only to answer single values
     * (grundy_values_get() of a position past the table held, without
     * grundy_values_prepare() or grundy_values_table()) is kept in the
     * store, with its checkpoints, like any other; 0 (the default): it is
     * not, so that one value far out does not fill the store. */
    int keep_single;
    /* The endgame database of board searches (grundy_board_set_enddb()):
     * the values of every part of at most this many cells that the
     * board's window holds, from the window game's table (taken from the
     * store, or tabulated and saved there like any table).  0 (the
     * default after grundy_values_opts_init()): none, as measured on
     * Cram and Node-Kayles the transposition table already holds the
     * small parts and the database saves no position (bench/RESULTS.md);
     * negative: chosen from the memory limit.  A size whose table and database do not
     * fit the memory limit is lowered until they do
     * (grundy_values_enddb_cells() says what was used). */
    int enddb;
} grundy_values_opts;

/* Defaults: default limits, no store, AUTO, the default store timings. */
GRUNDY_API void grundy_values_opts_init(grundy_values_opts *o);

/* Lifetime *****************************************************************/

/* grundy_values_new() :
 * A value source for g.  o may be NULL (defaults); its pointers must
 * outlive the object.  Computes nothing yet.  Free with
 * grundy_values_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_values_new(
    grundy_values **out, const grundy_game *g, const grundy_values_opts *o);

/* grundy_values_free() : accepts NULL. */
GRUNDY_API void grundy_values_free(grundy_values *v);

GRUNDY_API const grundy_game *grundy_values_game(const grundy_values *v);
GRUNDY_API const grundy_limits *grundy_values_limits(const grundy_values *v);

/* grundy_values_enddb_cells() :
 * The cells of the endgame database the board search uses (0: none, or
 * no board search yet), and in *asked what was asked for (-1: chosen from
 * the memory limit): the two differ when memory lowered it. */
GRUNDY_API unsigned grundy_values_enddb_cells(const grundy_values *v,
                                              int *asked);

/* grundy_values_journal_counts() :
 * 1 when the board search keeps its facts in the store (the lasting
 * table), with in *read the facts of earlier runs it read back and in
 * *kept those this object added since; 0 (and both 0) when it keeps none
 * (no store, a store it cannot write, another process holds the journal,
 * or no board search yet).  Either pointer may be NULL. */
GRUNDY_API int grundy_values_journal_counts(const grundy_values *v,
                                            uint64_t *read, uint64_t *kept);

/* Values *******************************************************************/

/* grundy_values_get() :
 * g(p), computing only what it needs (see the top of this header).
 * Errors: GRUNDY_ERR_RANGE for a position outside a finite family;
 * GRUNDY_ERR_LIMIT when every method that applies needs more memory than
 * the limit; GRUNDY_ERR_WORK when the method it would use needs more
 * steps than the work limit (a window or a table reaching p: refused
 * before it starts, grundy_values_work_needed() says how many);
 * GRUNDY_ERR_OVERFLOW when a value passes 32 bits; GRUNDY_ERR_CANCELLED;
 * GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_values_get(grundy_value *out, grundy_values *v, grundy_pos p);

/* grundy_values_prepare() :
 * Many values of positions up to maxp will be asked: build the table now
 * when a table is the right source (no closed form, and it fits the
 * memory limit; for boards, the table of every position when it fits),
 * and nothing otherwise.  Later calls grow the table by half at least, so
 * a stream of growing positions costs amortised linear time.  Errors only
 * for GRUNDY_ERR_NOMEM, GRUNDY_ERR_CANCELLED and GRUNDY_ERR_IO; a table
 * that does not fit is not an error (values then come one by one). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_values_prepare(grundy_values *v, grundy_pos maxp);

/* grundy_values_table() :
 * A table of exactly n entries (finite families: every position), from
 * the store, grown from what the object has, or computed; owned by v and
 * valid until the next call on v or its end.  Errors as for
 * grundy_table_new(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_values_table(
    const grundy_table **out, grundy_values *v, grundy_pos n);

/* grundy_values_cached() :
 * The table the object holds now (it may be longer than asked for), or
 * NULL; computes nothing.  For loops that read it directly. */
GRUNDY_API const grundy_table *grundy_values_cached(const grundy_values *v);

/* The bound of work of a period search with max 0, in steps as
 * --work-limit counts them (a position, a move listed, a rare position
 * looked at): about 10 s on a 2-core machine of 2026. */
#define GRUNDY_PERIOD_WORK_DEFAULT ((uint64_t)20000000000ull)

/* grundy_values_period() :
 * Grow the table, doubling from 1024 entries, until the family's period
 * criterion proves a period or the table reaches max entries.  max 0: a
 * bound of 2^26 entries (for families whose moves grow with the heap,
 * 2^25 when the family has a kernel, which proves periods as it
 * tabulates, else 2^20; a family without a criterion looks at 4096
 * entries), and a bound of work: the search stops before a doubling that
 * would take its estimated steps past GRUNDY_PERIOD_WORK_DEFAULT (the
 * estimate of --work-limit: quadratic for a split into two heaps whose
 * values are dense in rare ones, whose every split is listed).
 * The sizes looked at depend only on the game and max, never on what the
 * store holds.  *out says what was seen (grundy_period_find()).  A proven
 * period is kept: later values of any position come from it.  Errors as
 * for grundy_values_table(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_values_period(grundy_period *out, grundy_values *v, grundy_pos max);

/* grundy_values_period_work_bound() :
 * 1 when the last period search of v stopped without a proof at its
 * bound of work (GRUNDY_PERIOD_WORK_DEFAULT), 0 otherwise. */
GRUNDY_API int grundy_values_period_work_bound(const grundy_values *v);

/* grundy_values_histogram() :
 * counts[x] = the number of positions p <= max with g(p) = x, as a new
 * array of *nvalues = (largest value + 1) entries (free with free()).
 * Heap families only (GRUNDY_ERR_ARG otherwise).  Memory: the table, or
 * only the histogram for a closed form (mem-checked before allocating). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_values_histogram(uint64_t **counts, size_t *nvalues, grundy_values *v,
                        grundy_pos max);

/* grundy_values_move_to() :
 * A move from p to a position of value target (the move a winning player
 * makes in one component), into *out with its parts sorted; GRUNDY_OK with
 * *found = 0 when p has none.  Uses the family's move_to_value hook when
 * it has one (Nim: one step), otherwise lists p's moves (refused with
 * GRUNDY_ERR_LIMIT beyond the memory limit). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_values_move_to(grundy_move *out, int *found, grundy_values *v,
                      grundy_pos p, grundy_value target);

/* grundy_values_is_move() :
 * *legal = 1 when m (its parts in any order) is a move from p.  Families
 * whose positions are Nim heaps (GRUNDY_RULES_NIM) are answered through
 * their values and move_to_value hook, so a heap of 10^18 is no harder
 * than a small one; other families have p's moves listed (refused with
 * GRUNDY_ERR_LIMIT beyond the memory limit). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_values_is_move(int *legal, grundy_values *v, grundy_pos p,
                      const grundy_move *m);

/* grundy_values_find_move() :
 * The move from p that leaves the parts of m, as the family lists it: the
 * empty parts (position 0: an empty heap, an empty board) of either are
 * ignored and the order of the parts does not matter, so a player's "0"
 * and "-" (nothing) name the same move.  *legal = 1 and *out that move, or
 * *legal = 0.  Nim heaps (GRUNDY_RULES_NIM) are answered as by
 * grundy_values_is_move(), without listing; other families have p's moves
 * listed (GRUNDY_ERR_LIMIT beyond the memory limit, GRUNDY_ERR_WORK
 * beyond the work limit). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_values_find_move(grundy_move *out, int *legal, grundy_values *v,
                        grundy_pos p, const grundy_move *m);

/* grundy_values_search_stats() :
 * The statistics of the object's board search (grundy/board.h: positions
 * searched, table lookups and hits, memory, time), summed over every
 * value it searched for.  @return 1 when a board search ran, else 0 with
 * *out zeroed. */
GRUNDY_API int grundy_values_search_stats(grundy_board_stats *out,
                                          const grundy_values *v);

/* grundy_values_source() :
 * Where the last value or table came from: "closed form", "table",
 * "stored table", "stored slices", "period", "window", "subsets",
 * "board search", "search" (or "none" before the first question).
 * Static strings. */
GRUNDY_API const char *grundy_values_source(const grundy_values *v);

/* grundy_values_method() :
 * How the object's table was filled: the name of the family's kernel
 * (grundy_kernel.name), "tiers", "closed form" or "generic"; "none"
 * before the first table.  Static strings. */
GRUNDY_API const char *grundy_values_method(const grundy_values *v);

/* grundy_values_work_needed() :
 * The steps (grundy_limits.work_limit) that the last computation refused
 * with GRUNDY_ERR_WORK was estimated to need, for a message; 0 when none
 * was refused. */
GRUNDY_API uint64_t grundy_values_work_needed(const grundy_values *v);

/* grundy_values_known_period() :
 * The period proven so far (found and proven set), or zeros. */
GRUNDY_API void grundy_values_known_period(grundy_period *out,
                                           const grundy_values *v);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_VALUES_H */
