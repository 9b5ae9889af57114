/*
 * grundy/board.h -- games on boards and graphs, and the search that takes
 * the value of one position of them far beyond what a table holds.
 *
 * The families whose positions are sets of cells or vertices (cram,
 * node-kayles, chomp, rect) are declared with the others in
 * grundy/rules.h, with their size limit GRUNDY_BOARD_MAX_CELLS.
 *
 * The search.  grundy_board_value() computes the value of one position
 * by search, using the family's hooks (grundy/rules.h):
 *
 *   - components: a position whose parts cannot reach each other (the
 *     groups of empty cells, the pieces of a graph) is their sum, so its
 *     value is the XOR of theirs and each part is searched alone;
 *   - key: every part of the same shape (moved to a corner, turned, or an
 *     equal graph) shares one entry of a transposition table of exact
 *     values, which has a fixed number of entries per bucket and, when
 *     full, replaces the cheapest entry (the one whose value took the
 *     fewest positions to compute);
 *   - the mex is never computed from more than it needs.  The value of a
 *     part is asked for together with the set of values the caller can
 *     use; a part with n moves has a value in {0..n}, each child's value
 *     strikes one candidate, and the search of a child asks only for the
 *     candidates still open below the largest.  The search stops as soon
 *     as no asked value can be the answer (Beling and Rogalski, "On
 *     pruning search trees of impartial games", Artificial Intelligence
 *     283, 2020).  Of a child that splits, the smaller parts' values are
 *     computed exactly and the largest is asked for the candidates XOR
 *     theirs (Lemoine and Viennot, "Nimbers are inevitable", Theoretical
 *     Computer Science 462, 2012).  Children whose parts are all in the
 *     table strike their value before any search, the others are searched
 *     easiest first (least sum of squared part sizes), and children equal
 *     up to symmetry are searched once.
 *
 * Memory.  The table keeps a value in 8 bytes (a part's key less the
 * bits its place in the table gives, the value and its cost: exact, no
 * fingerprint); keys too long for that (the codes of induced graphs)
 * take 16.  It starts small and doubles while it is 3/4 full and the
 * doubled table fits; its size is at most 7/8 of the memory limit
 * (grundy_limits.mem_limit) or table_bytes.  It doubles in place, into
 * address space reserved up to that size, so a doubling needs no memory
 * beside the doubled table (where nothing can be reserved, the old and
 * the new table stand side by side while it doubles, and both count
 * against the limit).  Once it cannot grow, new
 * values evict old ones: the search slows down but still finishes.  It
 * needs a few hundred KiB at least; below that the search is refused
 * with GRUNDY_ERR_LIMIT.  Progress and cancellation come through the
 * limits' callback (phase "search", units: positions searched).  The
 * positions one call searches, in all its threads, count against the
 * work limit (grundy_limits.work_limit): past it, GRUNDY_ERR_WORK.
 *
 * Threads.  A part of 30 cells or more is valued by the limits' threads
 * together (lazy SMP): each searches the whole part on the one table,
 * the helpers taking the part's children from the last, so that the
 * threads meet in the middle; the first to finish answers.  A helper
 * sleeps while the caller's thread gets less than 90% of a processor
 * (a busy machine), so a second thread never takes the caller's time.
 * The value is the same whatever the threads.

 * Values of a board family come through grundy/values.h like any other:
 * a grundy_values object keeps one board search (and its table) for every
 * question, and uses a table of all positions when one is at hand or the
 * board is small.
 *
 * A grundy_board is used by one thread at a time (its helpers are its
 * own).
 */
#ifndef GRUNDY_BOARD_H
#define GRUNDY_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "grundy/rules.h"
#include "grundy/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The search ***************************************************************/

struct grundy_table; /* grundy/table.h */

typedef struct grundy_board grundy_board; /* opaque */

/* Values kept beyond the search's table (a file that lasts across runs:
 * grundy/values.h).  The search hands every fact it finds about a part
 * of at least min_cells cells to put(): the part's key as the search keys
 * it (nwords words: 2 for a 64-bit search, whose key is two words, else
 * the width; and a tag), the fact and the positions it took.  The fact
 * is an exact value below GRUNDY_BOARD_KEEP_EXCL, or
 * GRUNDY_BOARD_KEEP_EXCL | mask: the part's value is none of the values
 * of mask (bits 0..14), which a search that asked only about those values
 * found.  put() may be called from several threads at once.  A later
 * search gives such facts back with grundy_board_preload(). */
#define GRUNDY_BOARD_KEEP_EXCL 0x8000u
typedef struct grundy_board_keeper {
    void *ctx;
    unsigned min_cells;
    void (*put)(void *ctx, const uint64_t *key, unsigned nwords,
                unsigned tag, uint32_t value, uint64_t nodes);
} grundy_board_keeper;

typedef struct grundy_board_opts {
    const grundy_limits *limits; /* NULL: defaults */
    /* 0 turns a technique off (for tests and comparisons); all are on
     * after grundy_board_opts_init(). */
    int split; /* split positions into parts (components hook) */
    int keys;  /* key parts by the family's key hook, not by themselves */
    int prune; /* ask children only for the values that matter; 0: the
                  plain mex of every child's exact value */
    int history; /* among children equally easy (the same sum of squared
                    part sizes: those that split come first), first those
                    whose move cut a search short most often; 0: in the
                    family's listing order */
    /* The table's largest size in bytes; 0: 7/8 of the memory limit. */
    size_t table_bytes;
    /* A table at its largest that has evicted more than evict_limit times
     * the values it holds is recomputing the same positions over and
     * over; the search then stops with GRUNDY_ERR_LIMIT (more memory is
     * needed).  0: never stop.  8 after grundy_board_opts_init(). */
    unsigned evict_limit;
    /* Which entry a full cluster of the table gives up:
     * GRUNDY_BOARD_REPLACE_COST (the default) keeps the values that cost
     * the most positions, with one place for the newest;
     * GRUNDY_BOARD_REPLACE_NEWEST drops the oldest. */
    int replace;
    /* The width of a position in the search, in 64-bit words: 1 (64
     * cells), 2 (128) or 4 (256); 0, the default: the least that holds
     * the board.  A wider width than the least gives the same values
     * more slowly (the tests compare them); a narrower one is
     * GRUNDY_ERR_ARG. */
    unsigned words;
    /* NULL: exact values stay in the table only. */
    const grundy_board_keeper *keeper;
} grundy_board_opts;

#define GRUNDY_BOARD_REPLACE_COST 0
#define GRUNDY_BOARD_REPLACE_NEWEST 1

#define GRUNDY_BOARD_STATS_DEPTHS 64

/* Statistics of every search since grundy_board_new(). */
typedef struct grundy_board_stats {
    uint64_t nodes;     /* positions whose moves were listed */
    uint64_t probes;    /* table lookups */
    uint64_t hits;      /* ... that found the value */
    uint64_t stores;    /* values written to the table */
    uint64_t evictions; /* values overwritten by others for lack of room */
    uint64_t entries;   /* values held now */
    uint64_t capacity;  /* values the table can hold at its size now */
    size_t table_bytes; /* the table's size now */
    size_t peak_bytes;  /* the most the search held at once */
    unsigned depth;     /* the deepest line searched, in moves */
    uint64_t ms;        /* milliseconds in grundy_board_value() */
    /* positions searched at each depth (the part asked for is at depth 1;
     * the last counts every depth from it on) */
    uint64_t nodes_at[GRUNDY_BOARD_STATS_DEPTHS];
    unsigned threads;   /* searchers that shared the table (1: serial) */
    uint64_t paused_ms; /* helpers' sleep while the caller's thread was
                           short of a processor */
    /* the part being valued at depth 1: the value tried (is it 0? 1?
     * ...), how many of its root's children the caller's thread had asked
     * before the one it was asking (root_done + 1 is that child, as
     * --stats says it), and the children; root_children 0: no root
     * searched (the value came at once).  After a whole search,
     * root_value is the value. */
    unsigned root_value;
    uint64_t root_done, root_children;
    unsigned words;     /* the width of a position: 1, 2 or 4 words */
    /* the endgame database (grundy_board_set_enddb()): the parts it
     * holds, the largest of them in cells, its bytes, the parts it
     * answered */
    uint64_t enddb_entries;
    unsigned enddb_cells;
    size_t enddb_bytes;
    uint64_t enddb_hits;
} grundy_board_stats;

/* grundy_board_opts_init() : default limits, every technique on, the
 * table as large as the limit allows. */
GRUNDY_API void grundy_board_opts_init(grundy_board_opts *o);

/* grundy_board_applies() :
 * Non-zero when g's family gives the search its parts or keys (the
 * components or key hook): cram, node-kayles, chomp, rect and any family
 * of a program's own with them.  The search works for any family whose
 * moves are well founded, but without them it is a plain memoised
 * search. */
GRUNDY_API int grundy_board_applies(const grundy_game *g);

/* grundy_board_new() :
 * A search context for g (which must outlive it); o may be NULL
 * (defaults; its limits pointer must outlive the context).  Allocates the
 * first table at once: GRUNDY_ERR_LIMIT when even that (a few hundred
 * KiB) is over the memory limit.  Free with grundy_board_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_board_new(
    grundy_board **out, const grundy_game *g, const grundy_board_opts *o);

/* grundy_board_free() : accepts NULL. */
GRUNDY_API void grundy_board_free(grundy_board *b);

/* grundy_board_value() :
 * g(p) by search.  The table is kept for the next call.  Errors:
 * GRUNDY_ERR_CANCELLED (the table keeps what was finished);
 * GRUNDY_ERR_NOMEM; GRUNDY_ERR_ARG when a family hook breaks its
 * contract (a child equal to its position, a key with key[1] >= 2^32).
 * Time: exponential in the size of the largest part in the worst case. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_board_value(grundy_value *out, grundy_board *b, grundy_pos p);

/* grundy_board_words() : the width the search holds a position in (1, 2
 * or 4 64-bit words). */
GRUNDY_API unsigned grundy_board_words(const grundy_board *b);

/* grundy_board_largest_part() :
 * The cells of the largest part of p (the family's components hook; p
 * itself without one), 0 for a position with no part or a handle that
 * names none. */
GRUNDY_API unsigned grundy_board_largest_part(const grundy_board *b,
                                              grundy_pos p);

/* grundy_board_get_stats() : the statistics so far. */
GRUNDY_API void grundy_board_get_stats(grundy_board_stats *out,
                                       const grundy_board *b);

/* grundy_board_preload() :
 * A fact found before (an exact value, or GRUNDY_BOARD_KEEP_EXCL and the
 * values the part does not have), under a key as
 * grundy_board_keeper.put() gave it (nwords words and tag), put in the
 * table as if it had just been found at the highest cost.
 * GRUNDY_ERR_ARG when nwords is not the search's (2 for a 64-bit search,
 * else its width), the tag is over 255, or value is over 0xFFFF or is
 * GRUNDY_BOARD_KEEP_EXCL with no value excluded. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_board_preload(grundy_board *b, const uint64_t *key, unsigned nwords,
                     unsigned tag, uint32_t value);

/* grundy_board_set_enddb() :
 * An endgame database for the search: w, a game of b's family on a
 * window of its board (grundy_rules.window: cram:4x6 for cram:4x12), and
 * t, the table of the values of every position of w (a whole table, as
 * grundy_table_new() or a store gives it).  Each position of w that is
 * one part when placed on b's board is kept under the search's key of
 * that part with its value, and the search answers such parts from it
 * before its transposition table: never evicted, never searched.  Two
 * positions of one key with different values are GRUNDY_ERR_ARG (the
 * family's hooks disagree), so building it checks the keys too.  It is
 * built at once, counted against the memory limit; a database set
 * before is replaced.  Errors: GRUNDY_ERR_ARG (w of another family, t
 * not w's whole table, a family without window hooks), GRUNDY_ERR_LIMIT,
 * GRUNDY_ERR_NOMEM, GRUNDY_ERR_CANCELLED. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_board_set_enddb(
    grundy_board *b, const grundy_game *w, const struct grundy_table *t);

/* Pictures *****************************************************************/

/* grundy_board_geometry_get() :
 * How position p of a board game is drawn (grundy_board_geometry in
 * grundy/rules.h): cram, rect and chomp as grids of cells, node-kayles
 * as its graph (paths and grids as grids of cells; cycles, complete
 * graphs and graphs read from a file on a circle; the Petersen graph as
 * a pentagon around a star).  Moves are read from the geometry of p and
 * of each child: a move takes the cells of p that its child lacks.
 * Errors: GRUNDY_ERR_ARG for a NULL argument or a family with no
 * geometry hook, GRUNDY_ERR_RANGE for p past the last position. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_board_geometry_get(
    grundy_board_geometry *out, const grundy_game *g, grundy_pos p);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_BOARD_H */
