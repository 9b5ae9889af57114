/*
 * smith.h -- Smith's rule for sums whose components are positions of
 * games with cycles, of finite games, or both: the outcome of the sum and
 * of the sum after one move, in O(1) per move.  The loopy module's sums
 * (sum.c) and the sum module's mixed sums (src/sum/mixed.c) share it.
 *
 * A component is an item: its value (finite, 64 bits: a finite game's
 * Grundy value may pass 2^32; or GRUNDY_SMITH_INF), its counter (the
 * labelling step of a loopy vertex; 0 for a finite game, whose plays end
 * anyway), and for a loopy vertex the solution it belongs to, from which
 * an infinite value's K is read.
 */
#ifndef GRUNDY_LOOPY_SMITH_H
#define GRUNDY_LOOPY_SMITH_H

#include "grundy/loopy.h"

#define GRUNDY_SMITH_INF UINT64_MAX

typedef struct grundy_smith_item {
    uint64_t value; /* finite value, or GRUNDY_SMITH_INF */
    uint64_t ctr;   /* counter of a finite value (0 for finite games) */
    const grundy_loopy_solution *sol; /* a loopy vertex: its solution */
    grundy_loopy_vertex vertex;
} grundy_smith_item;

/* What a sum's outcome and its moves' outcomes need: the XOR of the
 * finite values, the infinite components (K of the first two, sorted),
 * and the sums of finite values and counters (the measure of progress
 * that makes a won loopy sum end). */
typedef struct grundy_smith {
    uint64_t infinite; /* how many components are infinite */
    size_t inf_at[2];  /* the first two of them */
    uint64_t x;        /* XOR of the finite values */
    uint64_t vsum, csum;
    grundy_loopy_value k[2]; /* K of inf_at[0], inf_at[1] */
} grundy_smith;

/* The item of vertex v of solution s. */
void grundy_smith_item_loopy(grundy_smith_item *it,
                             const grundy_loopy_solution *s,
                             grundy_loopy_vertex v);
/* The item of a finite game's position of value g. */
void grundy_smith_item_finite(grundy_smith_item *it, uint64_t g);

grundy_status grundy_smith_init(grundy_smith *s, const grundy_smith_item *c,
                                size_t n);
void grundy_smith_clear(grundy_smith *s);

/* The sum's outcome for the player to move. */
grundy_loopy_outcome grundy_smith_outcome(const grundy_smith *s);

/* The outcome for the player to move after component j goes to `to`
 * (for a move that leaves several parts of a finite game, `to` holds
 * the XOR of their values); *vs and *cs the finite sums after it. */
grundy_loopy_outcome grundy_smith_after(const grundy_smith *s,
                                        const grundy_smith_item *c, size_t j,
                                        const grundy_smith_item *to,
                                        uint64_t *vs, uint64_t *cs);

/* The sum's value: *finite when no component is infinite, else the K of
 * the sum into *k (a new array of *nk values, sorted; free() it; NULL
 * for inf()).  Returns 1 when the value is infinite. */
grundy_status grundy_smith_value(int *infinite, uint64_t *finite,
                                 uint64_t **k, size_t *nk,
                                 const grundy_smith *s);

/* Choosing the move to play: given the sum's outcome `now`, a move with
 * outcome `after` and measure (vs, cs) (an infinite destination counts
 * as largest when the sum is lost), is it better than the best so far
 * (*bv, *bc; found says whether there is one)?  In a won sum: the
 * winning move of least (values, counters), so that the win comes in
 * finitely many moves; drawn: the first move that keeps the draw; lost:
 * the move of greatest (values, counters). */
int grundy_smith_better(grundy_loopy_outcome now, grundy_loopy_outcome after,
                        int to_infinite, uint64_t vs, uint64_t cs,
                        int found, uint64_t *bv, uint64_t *bc);

#endif
