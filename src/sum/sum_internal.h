/*
 * sum_internal.h -- what the files of the sum module share: preparing the
 * components' value sources, move normalisation, and the space of a sum's
 * positions that the exact search (search.c) and the retrograde analysis
 * of sums with cycles (retro.c) walk.
 */
#ifndef GRUNDY_SUM_INTERNAL_H
#define GRUNDY_SUM_INTERNAL_H

#include "core/progress.h"
#include "grundy/loopy.h"
#include "grundy/sum.h"
#include "rules/rules_internal.h"

/* Prepare the values objects of sum[0..n) for their largest positions;
 * GRUNDY_ERR_RANGE for a position outside a finite family. */
grundy_status grundy_sum_prepare(const grundy_sum_component *sum, size_t n);

/* Moves with the same sorted parts (grundy_move_sort_parts()). */
int grundy_sum_move_equal(const grundy_move *a, const grundy_move *b);

/* A growing array of grundy_sum_move. */
typedef struct sum_move_list {
    grundy_sum_move *a;
    size_t n, cap;
} sum_move_list;

grundy_status grundy_sum_move_list_push(sum_move_list *l,
                                        const grundy_sum_move *m);
/* Non-zero when l[from..n) already holds a move of the same component
 * with the same parts. */
int grundy_sum_move_list_has(const sum_move_list *l, size_t from,
                             const grundy_sum_move *m);

/* Drop from l[from..n) the moves whose sorted parts an earlier one of
 * them has (moves of one component), keeping the order.  O(k log k). */
grundy_status grundy_sum_move_list_dedupe(sum_move_list *l, size_t from);

/* The components after the move set m[0..nm) into a new array *out of
 * *count (free() it): a moved component's parts in its place. */
grundy_status grundy_sum_after_set(grundy_sum_component **out, size_t *count,
                                   const grundy_sum_component *sum, size_t n,
                                   const grundy_sum_move *m, size_t nm);

/* Non-zero when some component's family has cycles (GRUNDY_RULES_LOOPY). */
int grundy_sum_has_loopy(const grundy_sum_component *sum, size_t n);

/* The solved graph of a game with cycles, made on first use with the
 * values object's limits and kept with it (freed with it); where->msg
 * says why it could not be made. */
grundy_status grundy_sum_loopy_game(const grundy_loopy_game **out,
                                    grundy_values *v,
                                    grundy_parse_error *where);

/* The space of a sum's positions (space.c) *********************************/

/* A position of the sum is a multiset of (game, position) items, kept
 * sorted so that equal components are interchangeable, with items that
 * certainly have no move dropped.  Each distinct multiset is interned
 * once; its number is its index in st[]. */
typedef struct sum_item {
    uint64_t g; /* index into the space's games */
    grundy_pos p;
} sum_item;

typedef struct sum_state {
    size_t off, len; /* items in the arena */
    uint64_t r;      /* remoteness, once known */
    unsigned char status;
} sum_state;

typedef struct sum_space {
    const grundy_game **games;
    size_t ngames, gcap;
    grundy_play_convention conv;
    unsigned k; /* a move changes 1..k items */
    size_t max_states;
    /* Children generated so far (the steps of the work limit) and the
     * bound on them. */
    uint64_t work, max_work;
    const grundy_limits *lim; /* the memory limit of what grows */
    size_t bytes;             /* held by the arrays below */
    grundy_ticker tick;

    sum_item *arena;
    size_t alen, acap;
    sum_state *st;
    size_t nst, stcap;
    size_t *slot; /* state index + 1; 0 = empty */
    size_t hcap;

    /* Expansion scratch: a parent's items, each item's moves, the
     * chosen items and moves of a move set, and the child. */
    sum_item *par;
    size_t parcap;
    grundy_move *mv;
    size_t nmv, mvcap;
    size_t *mvoff, *mvcnt;
    size_t mvoff_cap, mvcnt_cap;
    grundy_move *tmp;
    size_t tmpcap;
    sum_item *kid;
    size_t kidcap;
    size_t sel[64], pick[64];
} sum_space;

/* An empty space for games of convention conv, k per move, refusing
 * (GRUNDY_ERR_LIMIT) above max_states positions (0: the default) and
 * (GRUNDY_ERR_WORK) past the work limit of lim, reporting progress as
 * phase. */
void grundy_sum_space_init(sum_space *S, grundy_play_convention conv,
                           unsigned k, size_t max_states,
                           const grundy_limits *lim, const char *phase);
void grundy_sum_space_free(sum_space *S);

/* *p grown to hold need items of size bytes; with S, checked first
 * against its memory limit and counted. */
grundy_status grundy_sum_space_grow(sum_space *S, void **p, size_t *cap,
                                    size_t need, size_t size);

/* The items of sum[0..n) after the move set m[0..nm) (nm 0: the sum
 * itself): out[0..*len) sorted, items with no move dropped.  *cap: room
 * in *out, grown as needed.  GRUNDY_ERR_RANGE for a position outside a
 * finite family. */
grundy_status grundy_sum_space_items(sum_space *S, sum_item **out,
                                     size_t *cap, size_t *len,
                                     const grundy_sum_component *sum,
                                     size_t n, const grundy_sum_move *m,
                                     size_t nm);

/* The item of position p of game g in *it, *keep = 1; *keep = 0 when it
 * certainly has no move (it is then left out of every position). */
grundy_status grundy_sum_space_item(sum_space *S, const grundy_game *g,
                                    grundy_pos p, sum_item *it, int *keep);

/* The number of the position it[0..len) (sorted), interned if new. */
grundy_status grundy_sum_space_intern(sum_space *S, const sum_item *it,
                                      size_t len, size_t *id);

/* Called for each move set of a position: its child's items are
 * S->kid[0..len); depth items were changed, S->sel[] and S->pick[] say
 * which (in the parent's items) and by which of their moves. */
typedef grundy_status (*sum_emit_fn)(sum_space *S, void *ctx, size_t depth,
                                     size_t len);

/* Every move set of the position whose items are par[0..m) (not in the
 * arena: S->par or the caller's own), through fn.  With dedupe, equal
 * items are chosen once (children of a multiset).  Counts the work. */
grundy_status grundy_sum_space_children(sum_space *S, const sum_item *par,
                                        size_t m, int dedupe, sum_emit_fn fn,
                                        void *ctx);

/* A growing list of state numbers. */
typedef struct sum_ids {
    size_t *id;
    size_t n, cap;
} sum_ids;

/* The numbers of the children of state id (interned when new; equal
 * items chosen once), appended to out in the order of
 * grundy_sum_space_children().  Uses S->par. */
grundy_status grundy_sum_space_child_ids(sum_space *S, size_t id, sum_ids *out);

/* The move of S->sel[d] / S->pick[d] (after grundy_sum_space_children). */
const grundy_move *grundy_sum_space_move(const sum_space *S, size_t d);

/* The exact search (search.c) **********************************************/

/* Refuse at once a search of the sum[0..n) that would pass max_states
 * positions or the work limit: the positions are estimated from each
 * component's own count (searched alone, once per distinct component)
 * over sqrt(n!), and the steps as positions times the components' moves.
 * GRUNDY_ERR_LIMIT / GRUNDY_ERR_WORK.  cache (or NULL) keeps the counts
 * of single components for the next call; free its array with free(). */
typedef struct sum_counts {
    struct sum_count {
        const grundy_values *v;
        grundy_pos p;
        double states;
        grundy_status status; /* of its search: GRUNDY_OK, or past the
                                 limits (GRUNDY_ERR_LIMIT, _WORK) */
    } *a;
    size_t n, cap;
} sum_counts;
/* 1 when the guess that needs no search puts the sum past max_states (0:
 * the default): heaps of a game whose moves split heaps count as the
 * multisets of heaps of their tokens in all (Kayles 1000 and the like).
 * A guess of the order of the search's count, not a bound: the
 * remoteness of a move (which may be unknown) is not searched past it;
 * a decision is still searched. */
int grundy_sum_search_hopeless(const grundy_sum_component *sum, size_t n,
                               size_t max_states);
grundy_status grundy_sum_search_estimate(const grundy_sum_component *sum,
                                        size_t n,
                                        const grundy_sum_search_opts *o,
                                        sum_counts *cache);


/* The remoteness of the position it[0..len) of a finite sum, solving
 * what it reaches (kept in S for the next call).  GRUNDY_ERR_ARG when a
 * play comes back to a position (a game with cycles). */
grundy_status grundy_sum_search_solve(sum_space *S, const sum_item *it,
                                      size_t len, uint64_t *r);

/* grundy_sum_search() in the space S (solved positions stay there for
 * grundy_sum_search_solve()), without the estimate. */
grundy_status grundy_sum_search_in(sum_space *S,
                                   grundy_sum_search_result *out,
                                   const grundy_sum_component *sum,
                                   size_t n);

/* Retrograde analysis of sums with cycles (retro.c) ************************/

/* Outcomes of a position of a sum with cycles, with the moves to the end
 * (for a draw: none). */
typedef struct sum_retro {
    sum_space S;
    /* the children of state i: edge.id[eoff[i] .. eoff[i+1]) */
    size_t *eoff;
    sum_ids edge;
    size_t eoffcap;
    unsigned char *outcome; /* grundy_loopy_outcome per state */
    int solved;
} sum_retro;

/* Every position reachable from sum[0..n) (normal play, ordinary sums),
 * solved by retrograde analysis: terminal positions lose in 0 moves; a
 * position with a losing child wins in 1 + the least such child's moves;
 * one whose children all win loses in 1 + the most of theirs; the rest
 * are draws.  Within max_states, the work limit (a child generated is a
 * step) and the memory limit (GRUNDY_ERR_LIMIT, GRUNDY_ERR_WORK). */
grundy_status grundy_sum_retro_solve(sum_retro *R,
                                     const grundy_sum_component *sum,
                                     size_t n, size_t max_states,
                                     const grundy_limits *lim);
/* The outcome and moves to the end of the sum after the move set
 * m[0..nm) (nm 0: the sum itself); GRUNDY_ERR_ARG if it was not
 * reached. */
grundy_status grundy_sum_retro_after(sum_retro *R,
                                     const grundy_sum_component *sum,
                                     size_t n, const grundy_sum_move *m,
                                     size_t nm, grundy_loopy_outcome *o,
                                     uint64_t *moves);
void grundy_sum_retro_free(sum_retro *R);

#endif
