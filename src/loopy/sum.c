/*
 * sum.c -- sums of loopy games: their value, their good moves, and the
 * move to play.
 *
 * Smith's rule adds the components' values and gives each move's outcome
 * in O(1) (smith.c, shared with the sums that mix games with cycles and
 * finite games).
 *
 * Playing a won sum to its end needs more than moves to value 0: the
 * loser may undo the winner's progress by a move that raises a value,
 * and the winner's reversing answer must not let the play cycle.  The
 * counters of the values give the measure: for every P-position reached,
 * (sum of values, sum of counters) is lower than at the previous one when
 * the winner always picks the winning move that makes this pair least
 * (an answer to a lowering move lowers the sum of values; a reversing
 * answer to a raising move restores the value with a smaller counter, as
 * the definition of the counter promises).
 */
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "loopy/loopy_internal.h"
#include "loopy/smith.h"

/* The items of c[0..n) in a new array, and Smith's summary of them. */
static grundy_status prepare(grundy_smith_item **items, grundy_smith *si,
                             const grundy_loopy_component *c, size_t n)
{
    size_t i;
    grundy_status st;
    *items = NULL;
    memset(si, 0, sizeof *si);
    for (i = 0; i < n; i++)
        GRUNDY_RETURN_IF(!c[i].sol || c[i].vertex >= c[i].sol->g->n,
                         GRUNDY_ERR_RANGE);
    *items = malloc((n ? n : 1) * sizeof **items);
    GRUNDY_RETURN_IF(!*items, GRUNDY_ERR_NOMEM);
    for (i = 0; i < n; i++)
        grundy_smith_item_loopy(&(*items)[i], c[i].sol, c[i].vertex);
    st = grundy_smith_init(si, *items, n);
    if (st != GRUNDY_OK) {
        grundy_smith_clear(si);
        free(*items);
        *items = NULL;
    }
    return st;
}

grundy_status grundy_loopy_sum_value(grundy_loopy_value *out,
                                     const grundy_loopy_component *c, size_t n)
{
    grundy_smith_item *items;
    grundy_smith si;
    uint64_t x, *k = NULL;
    size_t nk = 0, i;
    int inf;
    grundy_status st;
    GRUNDY_TRY(prepare(&items, &si, c, n));
    st = grundy_smith_value(&inf, &x, &k, &nk, &si);
    if (st == GRUNDY_OK && !inf) {
        grundy_loopy_value_set_finite(out, (uint32_t)x);
    } else if (st == GRUNDY_OK) {
        /* every finite loopy value is below 2^32, and so is K xor X */
        uint32_t *k32 = malloc((nk ? nk : 1) * sizeof *k32);
        st = k32 ? GRUNDY_OK : GRUNDY_ERR_NOMEM;
        for (i = 0; k32 && i < nk; i++)
            k32[i] = (uint32_t)k[i];
        if (st == GRUNDY_OK)
            st = grundy_loopy_value_set_inf(out, k32, nk);
        free(k32);
    }
    free(k);
    free(items);
    grundy_smith_clear(&si);
    return st;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* first[i] = 1 when options[i] did not occur before index i. */
static grundy_status first_occurrences(unsigned char *first,
                                       const grundy_loopy_vertex *opt, size_t d)
{
    uint64_t *key;
    size_t i;
    if (d <= 16) { /* the common case: no allocation */
        size_t j;
        for (i = 0; i < d; i++) {
            first[i] = 1;
            for (j = 0; j < i; j++)
                if (opt[j] == opt[i]) {
                    first[i] = 0;
                    break;
                }
        }
        return GRUNDY_OK;
    }
    key = malloc(d * sizeof *key);
    GRUNDY_RETURN_IF(!key, GRUNDY_ERR_NOMEM);
    for (i = 0; i < d; i++)
        key[i] = (uint64_t)opt[i] << 32 | i;
    qsort(key, d, sizeof *key, cmp_u64);
    for (i = 0; i < d; i++)
        first[key[i] & 0xffffffffu] =
            i == 0 || (key[i] >> 32) != (key[i - 1] >> 32);
    free(key);
    return GRUNDY_OK;
}

grundy_status grundy_loopy_sum_moves(grundy_loopy_move **moves, size_t *count,
                                     grundy_loopy_outcome *outcome,
                                     const grundy_loopy_component *c, size_t n)
{
    grundy_smith_item *items, to;
    grundy_smith si;
    grundy_loopy_move *out = NULL;
    unsigned char *first = NULL;
    size_t nm = 0, cap = 0, j, e;
    grundy_status st = GRUNDY_OK;
    grundy_loopy_outcome want;

    *moves = NULL;
    *count = 0;
    GRUNDY_TRY(prepare(&items, &si, c, n));
    *outcome = grundy_smith_outcome(&si);
    want = *outcome == GRUNDY_LOOPY_FIRST ? GRUNDY_LOOPY_SECOND
                                          : GRUNDY_LOOPY_DRAW;
    for (j = 0; j < n && *outcome != GRUNDY_LOOPY_SECOND && st == GRUNDY_OK;
         j++) {
        size_t d;
        const grundy_loopy_vertex *opt =
            grundy_loopy_graph_successors(c[j].sol->g, c[j].vertex, &d);
        unsigned char *nf = realloc(first, d ? d : 1);
        if (!nf) {
            st = GRUNDY_ERR_NOMEM;
            break;
        }
        first = nf;
        st = first_occurrences(first, opt, d);
        for (e = 0; e < d && st == GRUNDY_OK; e++) {
            uint64_t vs, cs;
            if (!first[e])
                continue;
            grundy_smith_item_loopy(&to, c[j].sol, opt[e]);
            if (grundy_smith_after(&si, items, j, &to, &vs, &cs) != want)
                continue;
            st = GRUNDY_GROW(out, cap, nm + 1);
            if (st != GRUNDY_OK)
                break;
            out[nm].component = j;
            out[nm].from = c[j].vertex;
            out[nm].to = opt[e];
            out[nm].after = want;
            nm++;
        }
    }
    free(first);
    free(items);
    grundy_smith_clear(&si);
    if (st != GRUNDY_OK) {
        free(out);
        return st;
    }
    *moves = out;
    *count = nm;
    return GRUNDY_OK;
}

grundy_status grundy_loopy_sum_best(grundy_loopy_move *best, int *found,
                                    const grundy_loopy_component *c, size_t n)
{
    grundy_smith_item *items, to;
    grundy_smith si;
    grundy_loopy_outcome now;
    uint64_t bv = 0, bc = 0;
    size_t j, e;

    *found = 0;
    GRUNDY_TRY(prepare(&items, &si, c, n));
    now = grundy_smith_outcome(&si);
    for (j = 0; j < n; j++) {
        size_t d;
        const grundy_loopy_vertex *opt =
            grundy_loopy_graph_successors(c[j].sol->g, c[j].vertex, &d);
        for (e = 0; e < d; e++) {
            uint64_t vs, cs;
            grundy_loopy_outcome a;
            grundy_smith_item_loopy(&to, c[j].sol, opt[e]);
            a = grundy_smith_after(&si, items, j, &to, &vs, &cs);
            if (grundy_smith_better(now, a, to.value == GRUNDY_SMITH_INF, vs,
                                    cs, *found, &bv, &bc)) {
                best->component = j;
                best->from = c[j].vertex;
                best->to = opt[e];
                best->after = a;
                *found = 1;
            }
        }
    }
    free(items);
    grundy_smith_clear(&si);
    return GRUNDY_OK;
}
