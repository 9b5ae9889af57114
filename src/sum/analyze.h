/*
 * analyze.h -- one call of grundy_sum_analyze(): what its files share
 * (ctx.c holds the call's values, searches and theories; analyze.c
 * decides and lists every move; best.c chooses the move and measures
 * remoteness; mixed.c answers sums with cycles).
 */
#ifndef GRUNDY_SUM_ANALYZE_H
#define GRUNDY_SUM_ANALYZE_H

#include "sum/sum_internal.h"

typedef struct sum_actx {
    const grundy_sum_component *sum;
    size_t n;
    const grundy_sum_opts *o;
    unsigned want; /* o->want, 0 read as GRUNDY_SUM_MOVES */
    const grundy_limits *lim;
    const grundy_value *values; /* the caller's, or own */
    grundy_value *own;
    /* the values failed, and the failure was not set aside (the result's
     * values_failed) */
    int values_failed;
    /* One space for every search of the call: the sum's and those of the
     * positions its moves lead to share what they solve. */
    sum_space S;
    int space_ready;
    sum_counts counts;
    /* The memo's space (grundy_sum_memo_take()), where the remoteness
     * of moves is searched instead of S when the call holds the memo; the
     * decision search stays in S (its answer counts its positions).
     * memo_failed: a search in M failed, so that the call is answered
     * again without the memo. */
    sum_space *M;
    int memo_failed;
    int searched; /* the sum itself, once */
    grundy_status search_status;
    grundy_sum_search_result sr;
} sum_actx;

/* Free what the call computed. */
void grundy_sum_ctx_clear(sum_actx *c);

/* The components' Grundy values (the caller's, or computed once).  A
 * failure sets c->values_failed; a caller that goes on past it clears
 * it. */
grundy_status grundy_sum_ctx_values(sum_actx *c, const grundy_value **out);

/* The exact search of the sum, run at most once per call (estimated
 * first). */
grundy_status grundy_sum_ctx_search(sum_actx *c,
                                    grundy_sum_search_result **out);

/* The moves to the end of the position the move set m[0..nm) leads to
 * (nm 0: the sum itself), by a search (estimated first) in the call's
 * space.  Past the limits GRUNDY_ERR_LIMIT / GRUNDY_ERR_WORK. */
grundy_status grundy_sum_ctx_moves_left(sum_actx *c, const grundy_sum_move *m,
                                        size_t nm, uint64_t *moves);

/* The memo's space for one call under the limits lim and max_states
 * (memo.c), or NULL when m is NULL or another call holds it; give it
 * back with grundy_sum_memo_give(), failed non-zero when a search in it
 * failed (it is then emptied, as it is when past its bound). */
sum_space *grundy_sum_memo_take(grundy_sum_memo *m, const grundy_limits *lim,
                                size_t max_states);
void grundy_sum_memo_give(grundy_sum_memo *m, int failed);

/* A copy of m[0..n) into a new array (NULL for none). */
grundy_status grundy_sum_copy_moves(grundy_sum_move **out, size_t *count,
                                    const grundy_sum_move *m, size_t n);

/* The theories' answers (ctx.c): 1 when the misere quotient decides
 * the sum, with the outcome and every winning move; Moore's rule and
 * misere Nim's rule on the components' values. */
int grundy_sum_quotient_moves(sum_actx *c, int *first, grundy_sum_move **m,
                              size_t *nm, size_t *order);
grundy_status grundy_sum_moore_rule(sum_actx *c, int *first,
                                    grundy_sum_move **set, size_t *nset);
grundy_status grundy_sum_misere_rule(sum_actx *c, int *first,
                                     grundy_sum_move **m, size_t *nm);

/* The move to play and remoteness (best.c), for finite sums. */
grundy_status grundy_sum_choose(sum_actx *c, grundy_sum_result *out,
                                int *first, grundy_sum_method *how);
grundy_status grundy_sum_remoteness(sum_actx *c, grundy_sum_result *out);


/* Sums with cycles (mixed.c): everything asked in want. */
grundy_status grundy_sum_analyze_loopy(sum_actx *c, grundy_sum_result *out,
                                       unsigned want);

#endif
