/*
 * retro.c -- sums with cycles (and finite games mixed in) solved by
 * retrograde analysis of the positions they reach: who wins, in how many
 * moves, and which positions are draws.
 *
 * The positions are those of the sum's space (space.c), numbered as a
 * breadth-first walk from the start meets them, so that the children of
 * position i are appended to one edge array when i is expanded (CSR
 * without a second pass).  Then, backwards (the textbook method for
 * games with cycles, as GamesmanOne's solvers do it): every position with
 * no move is a loss in 0; a queue hands out positions in increasing
 * moves to the end; a position first reached from a loss is a win in one
 * more move (the least, since the queue is in order), and a position
 * whose last undecided child turns out a win is a loss in one more than
 * that child (the most).  What the queue never reaches is a draw: from
 * it neither player can force the end.  O(positions + edges) time, 24
 * bytes per edge (edges both ways) and a few words per position, all
 * within the memory limit.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "sum/sum_internal.h"

#define UNDECIDED 3

/* Every position reachable from state 0, with its children. */
static grundy_status explore(sum_retro *R)
{
    sum_space *S = &R->S;
    size_t i;
    for (i = 0; i < S->nst; i++) {
        GRUNDY_TRY(grundy_sum_space_grow(S, (void **)&R->eoff, &R->eoffcap,
                                         i + 2, sizeof *R->eoff));
        R->eoff[i] = R->edge.n;
        GRUNDY_TRY(grundy_sum_space_child_ids(S, i, &R->edge));
    }
    R->eoff[S->nst] = R->edge.n;
    return GRUNDY_OK;
}

static grundy_status backwards(sum_retro *R)
{
    sum_space *S = &R->S;
    size_t n = S->nst, i, e, head = 0, tail = 0;
    size_t *poff, *pred, *left, *queue;
    grundy_status s;

    s = grundy_limits_mem_check(S->lim, S->bytes + R->edge.n * sizeof *pred +
                                            (3 * n + 1) * sizeof *poff + n);
    if (s != GRUNDY_OK)
        return s;
    R->outcome = malloc(n ? n : 1);
    poff = calloc(n + 1, sizeof *poff);
    pred = malloc((R->edge.n ? R->edge.n : 1) * sizeof *pred);
    left = malloc((n ? n : 1) * sizeof *left);
    queue = malloc((n ? n : 1) * sizeof *queue);
    if (!R->outcome || !poff || !pred || !left || !queue) {
        GRUNDY_FREE_ALL(poff, pred, left, queue);
        return GRUNDY_ERR_NOMEM;
    }
    /* the edges backwards, by a counting sort */
    for (e = 0; e < R->edge.n; e++)
        poff[R->edge.id[e] + 1]++;
    for (i = 0; i < n; i++)
        poff[i + 1] += poff[i];
    for (i = 0; i < n; i++) {
        left[i] = R->eoff[i + 1] - R->eoff[i];
        for (e = R->eoff[i]; e < R->eoff[i + 1]; e++)
            pred[poff[R->edge.id[e]]++] = i;
        R->outcome[i] = UNDECIDED;
        if (!left[i]) {
            R->outcome[i] = GRUNDY_LOOPY_SECOND;
            S->st[i].r = 0;
            queue[tail++] = i;
        }
    }
    for (i = n; i > 0; i--) /* back from ends to starts */
        poff[i] = poff[i - 1];
    poff[0] = 0;
    while (head < tail) {
        size_t c = queue[head++];
        for (e = poff[c]; e < poff[c + 1]; e++) {
            size_t p = pred[e];
            if (R->outcome[p] != UNDECIDED)
                continue;
            if (R->outcome[c] == GRUNDY_LOOPY_SECOND || --left[p] == 0) {
                R->outcome[p] = R->outcome[c] == GRUNDY_LOOPY_SECOND
                                    ? GRUNDY_LOOPY_FIRST
                                    : GRUNDY_LOOPY_SECOND;
                S->st[p].r = S->st[c].r + 1;
                queue[tail++] = p;
            }
        }
    }
    for (i = 0; i < n; i++)
        if (R->outcome[i] == UNDECIDED)
            R->outcome[i] = GRUNDY_LOOPY_DRAW;
    GRUNDY_FREE_ALL(poff, pred, left, queue);
    return GRUNDY_OK;
}

grundy_status grundy_sum_retro_solve(sum_retro *R,
                                     const grundy_sum_component *sum,
                                     size_t n, size_t max_states,
                                     const grundy_limits *lim)
{
    sum_item *root = NULL;
    size_t cap = 0, len, id;
    grundy_status s;
    memset(R, 0, sizeof *R);
    grundy_sum_space_init(&R->S, GRUNDY_PLAY_NORMAL, 1, max_states, lim,
                          "retrograde analysis");
    s = grundy_sum_space_items(&R->S, &root, &cap, &len, sum, n, NULL, 0);
    if (s == GRUNDY_OK)
        s = grundy_sum_space_intern(&R->S, root, len, &id);
    free(root);
    if (s == GRUNDY_OK)
        s = explore(R);
    if (s == GRUNDY_OK)
        s = backwards(R);
    if (s == GRUNDY_OK)
        s = grundy_ticker_done(&R->S.tick);
    R->solved = s == GRUNDY_OK;
    return s;
}

grundy_status grundy_sum_retro_after(sum_retro *R,
                                     const grundy_sum_component *sum,
                                     size_t n, const grundy_sum_move *m,
                                     size_t nm, grundy_loopy_outcome *o,
                                     uint64_t *moves)
{
    sum_item *it = NULL;
    size_t cap = 0, len, id, solved = R->S.nst;
    grundy_status s;
    GRUNDY_RETURN_IF(!R->solved, GRUNDY_ERR_ARG);
    s = grundy_sum_space_items(&R->S, &it, &cap, &len, sum, n, m, nm);
    if (s == GRUNDY_OK)
        s = grundy_sum_space_intern(&R->S, it, len, &id);
    free(it);
    GRUNDY_TRY(s);
    GRUNDY_RETURN_IF(id >= solved, GRUNDY_ERR_ARG);
    *o = (grundy_loopy_outcome)R->outcome[id];
    *moves = R->S.st[id].r;
    return GRUNDY_OK;
}

void grundy_sum_retro_free(sum_retro *R)
{
    grundy_sum_space_free(&R->S);
    GRUNDY_FREE_ALL(R->eoff, R->edge.id, R->outcome);
    memset(R, 0, sizeof *R);
}
