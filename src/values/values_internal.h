/*
 * values_internal.h -- the values object's fields and the sources a value
 * comes from, shared by the files of src/values/, which call one another
 * downwards only:
 *
 *   histogram.c, moves.c  what is asked of many values (counts of each
 *             value, moves to a value, legality of a typed move)
 *   values.c  the chooser: a short loop over the lists of sources below
 *             (and the two sources that are one line: the closed form,
 *             the range of a finite family)
 *   period.c  the period search and the sources that use it
 *   window.c  sliding windows (the family's kernel, or moves and mex)
 *   search.c  single positions by search (the board search, subsets of a
 *             board, a memoised search of the game tree)
 *   object.c  the object: made, freed, its accessors
 *   tables.c  tables in memory and in the store (whole, split in slices,
 *             grown in their file), values from a proven period, the
 *             fill method
 */
#ifndef GRUNDY_VALUES_INTERNAL_H
#define GRUNDY_VALUES_INTERNAL_H

#include "grundy/board.h"
#include "grundy/experimental.h"
#include "grundy/store.h"
#include "grundy/values.h"
#include "rules/rules_internal.h"
#include "table/split.h"

/* Positions from which a period is worth looking for before tabulating. */
#define PERIOD_FROM 1024
/* The period search's default bounds (grundy_values_period()). */
#define PERIOD_MAX ((grundy_pos)1 << 26)
#define PERIOD_MAX_COSTLY ((grundy_pos)1 << 20)
/* Families whose moves grow but whose kernel tabulates fast and proves
 * periods as it goes (take-and-break codes: 0.354 proves at 2*10^7). */
#define PERIOD_MAX_KERNEL ((grundy_pos)1 << 25)
#define PERIOD_UNPROVABLE 4096
/* Single values past this need no table of their own. */
#define TABLE_MAX_POS ((grundy_pos)1 << 32)
/* From here a single value of a family whose kernel has a lookback is
 * computed in a sliding window (as fast per entry, memory the window). */
#define WINDOW_FROM ((grundy_pos)1 << 22)
/* Boards up to this many positions are tabulated whole for sums. */
#define BOARD_TABLE_MAX ((grundy_pos)1 << 22)
/* Single board positions of at most this many cells (1 bits) are valued
 * from their subsets alone when the family allows it; larger ones by the
 * board search (bench/RESULTS.md, "One position from its subsets against
 * the search": the subsets are faster up to 18 cells). */
#define BOARD_SUBSETS_MAX_CELLS 18
/* Defaults: keep tables that took a second; checkpoint every 5 minutes. */
#define STORE_MIN_MS 1000
#define CHECKPOINT_MS (5 * 60 * 1000)

typedef struct grundy_values_journal grundy_values_journal;
void grundy_values_journal_free(grundy_values_journal *jr);
/* journal.c: the journal of v's board search, opened before the search
 * is made (its keeper set in *o; none without a writable store), and
 * read back into the search once it exists. */
grundy_status grundy_values_journal_setup(grundy_values *v,
                                          grundy_board_opts *o);
grundy_status grundy_values_journal_load(grundy_values *v);
/* Everything the journal holds made durable (NULL: no-op). */
void grundy_values_journal_sync(grundy_values_journal *jr);

struct grundy_values {
    const grundy_game *game;
    const grundy_rules *rules;
    const void *params;
    const grundy_limits *lim;
    grundy_store *store;
    grundy_table_method method;
    long store_min_ms, checkpoint_ms;
    int out_of_core;
    int keep_single; /* grundy_values_opts.keep_single */
    int single;      /* the table grown now answers a single value */
    grundy_table *table;    /* grown on demand, or a mapped stored one */
    grundy_pos stored_size; /* entries of the stored table (0: none) */
    int store_looked;       /* the store was asked once */
    int board_refused;      /* this question: the board search's table
                               did not fit */
    grundy_period period;   /* proven, once found */
    int period_searched;    /* the period search has run */
    int period_work_bound;  /* ... and stopped at its bound of work */
    const char *source;
    const char *method_name; /* how the table was filled */
    char spec[256];          /* canonical spec: the store's key */
    uint64_t work_needed;    /* steps of the last work refused */
    grundy_table *view;      /* the first n entries of a longer table */
    /* A split table in the store (boards): its manifest, layout and the
     * slices opened so far for single values. */
    grundy_store_split *split;
    grundy_tiers *split_tiers;
    grundy_split split_layout;
    grundy_store_mapping **slices;
    grundy_board *board; /* the board search, once used */
    /* its endgame database: asked (grundy_values_opts.enddb), used, and
     * the window game whose table it comes from */
    int enddb_asked, enddb_tried;
    unsigned enddb_cells;
    grundy_game *enddb_game;
    grundy_values *enddb_values;
    /* the journal that keeps its big parts across runs (search.c) */
    struct grundy_values_journal *journal;
    /* The stored table opened for single values: its header and block
     * table checked, each block verified when a value is read from it
     * (so one value maps and hashes one block); peeked: looked for. */
    grundy_store_mapping *peek;
    int peeked;
    /* What another module keeps with the object and frees with it
     * (src/sum/: the misere quotient of the game, grown as sums need). */
    void *attached;
    void (*attached_free)(void *);
};

/* The slot of what another module keeps with v (NULL at first), and the
 * function that frees it with v. */
void **grundy_values_attached(grundy_values *v, void (*free_fn)(void *));

/* A source of single values: the chooser (grundy_values_get()) asks each
 * source of the game's list in turn, skipping those whose applies() says
 * no, and the first whose get() answers (*done = 1, or a failure) gives
 * the value.  get() sets the object's source name when it answers. */
typedef struct grundy_values_src {
    const char *name;
    int (*applies)(const grundy_values *v, grundy_pos p); /* NULL: always */
    grundy_status (*get)(grundy_value *out, int *done, grundy_values *v,
                         grundy_pos p);
} grundy_values_src;

/* tables.c: the sources of tables held, stored or grown */
extern const grundy_values_src grundy_values_src_held;
extern const grundy_values_src grundy_values_src_stored;
extern const grundy_values_src grundy_values_src_table;
extern const grundy_values_src grundy_values_src_table_last;
extern const grundy_values_src grundy_values_src_board_table;
extern const grundy_values_src grundy_values_src_slices;
extern const grundy_values_src grundy_values_src_whole_table;
/* period.c */
extern const grundy_values_src grundy_values_src_period;
extern const grundy_values_src grundy_values_src_period_search;
/* window.c */
extern const grundy_values_src grundy_values_src_kernel_window;
extern const grundy_values_src grundy_values_src_window;
/* search.c */
extern const grundy_values_src grundy_values_src_board_search;
extern const grundy_values_src grundy_values_src_subsets;
extern const grundy_values_src grundy_values_src_search;

/* The steps of growing v's table from `from` to n entries by m: the
 * family's estimate (grundy_table_work()), and for the take-and-break
 * kernel of a split into two heaps whose first values (g(0..from-1), or
 * the first 1024 when fewer are known) are dense in rare ones, as the
 * kernel judges it, every split listed: (n^2 - from^2) / 4 more
 * (0.004); when they are scarce, a step per rare one for each
 * position.  Linear again once a period is proven. */
uint64_t grundy_values_grow_work(const grundy_values *v, grundy_fill_method m,
                                 grundy_pos from, grundy_pos n);
/* The fill method of v's tables. */
grundy_fill_method grundy_values_fill_method(const grundy_values *v);
/* Take the stored table (or a split one, or a period) when it is longer
 * than the one held. */
grundy_status grundy_values_store_look(grundy_values *v);
/* Forget the split table. */
void grundy_values_split_drop(grundy_values *v);
/* Forget the stored table opened for single values. */
void grundy_values_peek_drop(grundy_values *v);
/* A table of at least n entries (finite families: all), computed with
 * the store's help; ..._amortised grows by half at least. */
grundy_status grundy_values_ensure_table(grundy_values *v, grundy_pos n);
grundy_status grundy_values_ensure_table_amortised(grundy_values *v,
                                                   grundy_pos n);
/* Whether a table of n entries fits the memory limit. */
int grundy_values_table_fits(const grundy_values *v, grundy_pos n);
/* GRUNDY_ERR_WORK, noting the estimate, when steps are past the limit. */
grundy_status grundy_values_work_check(grundy_values *v, uint64_t steps);
/* Whether the family's positions have many moves (splits into several
 * heaps): the period search then stops sooner. */
int grundy_values_costly_moves(const grundy_values *v);
/* The bound of a full period search. */
grundy_pos grundy_values_period_default_max(const grundy_values *v);
/* The period search up to max (0: the default bound). */
grundy_status grundy_values_period_search(grundy_period *out, grundy_values *v,
                                          grundy_pos max);

/* g(p) from the proven period. */
grundy_status grundy_values_by_period(grundy_value *out, grundy_values *v,
                                      grundy_pos p);

/* g(p) from the table held.  @pre p < its size. */
static inline grundy_value grundy_values_table_at(const grundy_values *v,
                                                  grundy_pos p)
{
    return grundy_table_get(v->table, p);
}

#endif
