/*
 * sum.c -- values of a sum's components, the nim-sum, and every winning
 * move under normal play.
 *
 * A winning move takes some component i to a position of value
 * v_i ^ X (X the nim-sum).  That target can exceed v_i when the family
 * has reversible moves, so every component's moves are listed and each
 * move's value (XOR of its parts' values) compared with the target.  The
 * values come from the components' grundy_values objects, each prepared
 * once for the largest position of its game in the sum: for a heap game
 * that is one table, and every part of a heap move is smaller than the
 * heap, so a sum of 10^6 components costs one table plus its moves, not
 * 10^6 searches.  Families whose positions are Nim heaps
 * (GRUNDY_RULES_NIM) have one candidate, built by the family's hook.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "sum/sum_internal.h"


/* Value sources ************************************************************/

/* Make each distinct values object of the sum ready for its largest
 * position: one table per heap game, built once, answers every lookup
 * of the components and of their moves' parts (all smaller) in O(1). */
grundy_status grundy_sum_prepare(const grundy_sum_component *sum, size_t n)
{
    size_t i, j;
    for (i = 0; i < n; i++) {
        grundy_pos maxp = sum[i].pos, np;
        for (j = 0; j < i && sum[j].values != sum[i].values; j++)
            ;
        if (j < i)
            continue; /* done with an earlier component */
        np = grundy_game_num_positions(grundy_values_game(sum[i].values));
        for (j = i + 1; j < n; j++)
            if (sum[j].values == sum[i].values && sum[j].pos > maxp)
                maxp = sum[j].pos;
        GRUNDY_RETURN_IF(np && np != UINT64_MAX && maxp >= np,
                         GRUNDY_ERR_RANGE);
        GRUNDY_TRY(grundy_values_prepare(sum[i].values, maxp));
    }
    return GRUNDY_OK;
}

/* Moves ********************************************************************/

int grundy_sum_move_equal(const grundy_move *a, const grundy_move *b)
{
    unsigned i;
    if (a->nparts != b->nparts)
        return 0;
    for (i = 0; i < a->nparts; i++)
        if (a->part[i] != b->part[i])
            return 0;
    return 1;
}

grundy_status grundy_sum_move_list_push(sum_move_list *l,
                                        const grundy_sum_move *m)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        grundy_sum_move *na;
        GRUNDY_RETURN_IF(cap > SIZE_MAX / sizeof *na, GRUNDY_ERR_NOMEM);
        na = realloc(l->a, cap * sizeof *na);
        GRUNDY_RETURN_IF(!na, GRUNDY_ERR_NOMEM);
        l->a = na;
        l->cap = cap;
    }
    l->a[l->n++] = *m;
    return GRUNDY_OK;
}

int grundy_sum_move_list_has(const sum_move_list *l, size_t from,
                             const grundy_sum_move *m)
{
    size_t i;
    for (i = from; i < l->n; i++)
        if (l->a[i].component == m->component &&
            grundy_sum_move_equal(&l->a[i].to, &m->to))
            return 1;
    return 0;
}

static int move_cmp(const grundy_move *a, const grundy_move *b)
{
    unsigned i;
    if (a->nparts != b->nparts)
        return a->nparts < b->nparts ? -1 : 1;
    for (i = 0; i < a->nparts; i++)
        if (a->part[i] != b->part[i])
            return a->part[i] < b->part[i] ? -1 : 1;
    return 0;
}

typedef struct keyed {
    grundy_move to;
    size_t at;
} keyed;

static int keyed_cmp(const void *x, const void *y)
{
    const keyed *a = x, *b = y;
    int c = move_cmp(&a->to, &b->to);
    return c ? c : (a->at > b->at) - (a->at < b->at);
}

grundy_status grundy_sum_move_list_dedupe(sum_move_list *l, size_t from)
{
    size_t n = l->n - from, i, k;
    keyed *key;
    unsigned char *drop;
    if (n < 2)
        return GRUNDY_OK;
    key = malloc(n * sizeof *key);
    drop = calloc(n, 1);
    if (!key || !drop) {
        GRUNDY_FREE_ALL(key, drop);
        return GRUNDY_ERR_NOMEM;
    }
    for (i = 0; i < n; i++) {
        key[i].to = l->a[from + i].to;
        key[i].at = i;
    }
    qsort(key, n, sizeof *key, keyed_cmp);
    for (i = 1; i < n; i++)
        if (move_cmp(&key[i].to, &key[i - 1].to) == 0)
            drop[key[i].at] = 1; /* equal ones by index: keep the first */
    for (i = 0, k = from; i < n; i++)
        if (!drop[i])
            l->a[k++] = l->a[from + i];
    l->n = k;
    free(key);
    free(drop);
    return GRUNDY_OK;
}

/* Values *******************************************************************/

grundy_value grundy_sum_nim_sum(const grundy_value *values, size_t n)
{
    grundy_value x = 0;
    size_t i;
    for (i = 0; i < n; i++)
        x ^= values[i];
    return x;
}

grundy_status grundy_sum_values(grundy_value *values,
                                const grundy_sum_component *sum, size_t n)
{
    size_t i;
    GRUNDY_TRY(grundy_sum_prepare(sum, n));
    for (i = 0; i < n; i++)
        GRUNDY_TRY(grundy_values_get(&values[i], sum[i].values, sum[i].pos));
    return GRUNDY_OK;
}

grundy_status grundy_sum_value(grundy_value *out,
                               const grundy_sum_component *sum, size_t n)
{
    grundy_value *vals;
    grundy_status s;
    *out = 0;
    if (!n)
        return GRUNDY_OK;
    vals = malloc(n * sizeof *vals);
    GRUNDY_RETURN_IF(!vals, GRUNDY_ERR_NOMEM);
    s = grundy_sum_values(vals, sum, n);
    if (s == GRUNDY_OK)
        *out = grundy_sum_nim_sum(vals, n);
    free(vals);
    return s;
}

int grundy_sum_is_nim(const grundy_sum_component *sum, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!(grundy_game_rules(grundy_values_game(sum[i].values))->flags &
              GRUNDY_RULES_NIM))
            return 0;
    return 1;
}

int grundy_sum_has_loopy(const grundy_sum_component *sum, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (grundy_game_rules(grundy_values_game(sum[i].values))->flags &
            GRUNDY_RULES_LOOPY)
            return 1;
    return 0;
}

grundy_status grundy_sum_after_set(grundy_sum_component **out, size_t *count,
                                   const grundy_sum_component *sum, size_t n,
                                   const grundy_sum_move *m, size_t nm)
{
    size_t i, j, k = 0;
    grundy_sum_component *a =
        malloc((n + (size_t)GRUNDY_MAX_PARTS * nm + 1) * sizeof *a);
    GRUNDY_RETURN_IF(!a, GRUNDY_ERR_NOMEM);
    for (i = 0; i < n; i++) {
        const grundy_sum_move *mv = NULL;
        for (j = 0; j < nm && !mv; j++)
            if (m[j].component == i)
                mv = &m[j];
        if (!mv) {
            a[k++] = sum[i];
            continue;
        }
        for (j = 0; j < mv->to.nparts; j++) {
            a[k].values = sum[i].values;
            a[k++].pos = mv->to.part[j];
        }
    }
    *out = a;
    *count = k;
    return GRUNDY_OK;
}

/* Winning moves ************************************************************/

/* The winning moves of component i (target value t) appended to l;
 * *scanned counts the moves examined so far, against the work limit of
 * the component's values object (one step per move: a component of
 * 10^7 moves is refused under a limit of 10^6 at once, not listed). */
static grundy_status component_winning(sum_move_list *l,
                                       const grundy_sum_component *c,
                                       size_t i, grundy_value t,
                                       grundy_move **buf, size_t *cap,
                                       uint64_t *scanned)
{
    const grundy_game *g = grundy_values_game(c->values);
    const grundy_rules *r = grundy_game_rules(g);
    size_t nm, j, first = l->n;
    grundy_sum_move m;

    memset(&m, 0, sizeof m);
    m.component = i;
    m.from = c->pos;
    m.value = t;
    if (r->flags & GRUNDY_RULES_NIM) {
        /* A Nim heap has exactly one move to each smaller value. */
        int found;
        GRUNDY_TRY(grundy_values_move_to(&m.to, &found, c->values, c->pos, t));
        if (found)
            GRUNDY_TRY(grundy_sum_move_list_push(l, &m));
        return GRUNDY_OK;
    }
    nm = r->max_moves(grundy_game_params(g), c->pos);
    GRUNDY_RETURN_IF(nm > GRUNDY_SUM_MAX_MOVES, GRUNDY_ERR_LIMIT);
    *scanned += nm;
    GRUNDY_RETURN_IF(*scanned > grundy_limits_work(grundy_values_limits(
                                    c->values)),
                     GRUNDY_ERR_WORK);
    GRUNDY_TRY(grundy_game_moves(g, c->pos, buf, cap, &nm));
    for (j = 0; j < nm; j++) {
        grundy_value x = 0, pv;
        unsigned k;
        for (k = 0; k < (*buf)[j].nparts; k++) {
            GRUNDY_TRY(grundy_values_get(&pv, c->values, (*buf)[j].part[k]));
            x ^= pv;
        }
        if (x != t)
            continue;
        m.to = (*buf)[j];
        grundy_move_sort_parts(&m.to);
        GRUNDY_TRY(grundy_sum_move_list_push(l, &m));
    }
    /* equal moves (a split listed in both orders) once, the first kept:
     * by sorting, as a search of the list per move took time quadratic in
     * the winning moves (hours for a Kayles heap of 4 x 10^6) */
    return grundy_sum_move_list_dedupe(l, first);
}

grundy_status grundy_sum_winning_moves(grundy_sum_move **moves,
                                       size_t *count,
                                       const grundy_sum_component *sum,
                                       size_t n, const grundy_value *values)
{
    sum_move_list l = {NULL, 0, 0};
    grundy_value *own = NULL, x;
    grundy_move *buf = NULL;
    size_t cap = 0, i;
    uint64_t scanned = 0;
    grundy_status s = GRUNDY_OK;

    *moves = NULL;
    *count = 0;
    if (!n)
        return GRUNDY_OK;
    if (!values) {
        own = malloc(n * sizeof *own);
        GRUNDY_RETURN_IF(!own, GRUNDY_ERR_NOMEM);
        s = grundy_sum_values(own, sum, n);
        values = own;
    } else {
        s = grundy_sum_prepare(sum, n);
    }
    x = s == GRUNDY_OK ? grundy_sum_nim_sum(values, n) : 0;
    for (i = 0; i < n && x && s == GRUNDY_OK; i++)
        s = component_winning(&l, &sum[i], i, values[i] ^ x, &buf, &cap,
                              &scanned);
    free(buf);
    free(own);
    if (s != GRUNDY_OK) {
        free(l.a);
        return s;
    }
    *moves = l.a;
    *count = l.n;
    return GRUNDY_OK;
}
