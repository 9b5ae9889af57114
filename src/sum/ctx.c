/*
 * ctx.c -- what one call of grundy_sum_analyze() computes once and its
 * parts share: the components' values, the one space of its searches
 * (the sum's own and those of the positions its moves lead to), and the
 * theories that decide a sum without a search: the misere quotient (kept
 * with the values object of its game for every later call), Moore's rule
 * and misere Nim's rule on the components' values.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "grundy/misere.h"
#include "sum/analyze.h"
#include "values/values_internal.h"

/* The misere quotient kept with a values object ****************************/

typedef struct kept_quotient {
    grundy_misere *q;      /* grown as far as asked (NULL: not yet) */
    int refused;           /* the game has no quotient (no heap moves) */
    grundy_pos stopped_at; /* growth to this heap was refused ... */
    size_t stopped_order;  /* ... with this largest order (0: never) */
    /* growth to this heap passed this work limit (0: never) */
    grundy_pos work_stopped_at;
    uint64_t work_stopped_limit;
} kept_quotient;

static void kept_quotient_free(void *p)
{
    kept_quotient *k = p;
    if (k)
        grundy_misere_free(k->q);
    free(k);
}

/* The quotient deciding misere sums of sum[0..n), grown to the largest
 * heap, or NULL when none applies (the caller goes on to another
 * method). */
static const grundy_misere *sum_quotient(const grundy_sum_component *sum,
                                         size_t n, const grundy_sum_opts *o,
                                         const grundy_limits *lim)
{
    const grundy_game *g = n ? grundy_values_game(sum[0].values) : NULL;
    size_t max_order =
        o->quotient_max_order ? o->quotient_max_order
                              : GRUNDY_SUM_QUOTIENT_MAX_ORDER;
    grundy_pos max_heap = o->quotient_max_heap ? o->quotient_max_heap
                                               : GRUNDY_SUM_QUOTIENT_MAX_HEAP;
    grundy_pos top = 0;
    kept_quotient **slot, *k;
    grundy_status s;
    size_t i;

    if (!g || !(grundy_game_rules(g)->flags & GRUNDY_RULES_MISERE))
        return NULL;
    for (i = 0; i < n; i++) {
        if (grundy_values_game(sum[i].values) != g)
            return NULL;
        if (sum[i].pos > top)
            top = sum[i].pos;
    }
    if (top > max_heap || top > GRUNDY_MISERE_MAX_HEAP)
        return NULL;
    slot = (kept_quotient **)grundy_values_attached(sum[0].values,
                                                    kept_quotient_free);
    if (!*slot) {
        *slot = calloc(1, sizeof **slot);
        if (!*slot)
            return NULL;
    }
    k = *slot;
    if (k->refused)
        return NULL;
    if (k->q && grundy_misere_heaps(k->q) >= top)
        return grundy_misere_order(k->q) <= max_order ? k->q : NULL;
    if (k->stopped_at && top >= k->stopped_at && max_order <= k->stopped_order)
        return NULL; /* refused before, with no more room */
    if (k->work_stopped_at && top >= k->work_stopped_at &&
        grundy_limits_work(lim) <= k->work_stopped_limit)
        return NULL; /* past the work limit before, with no more */
    if (!k->q) {
        s = grundy_misere_new(&k->q, g, lim);
        if (s != GRUNDY_OK) {
            k->q = NULL;
            k->refused = s == GRUNDY_ERR_ARG;
            return NULL;
        }
    }
    s = grundy_misere_grow(k->q, top, max_order, lim);
    if (s != GRUNDY_OK) {
        /* q stays the quotient of the heaps it reached */
        if (s == GRUNDY_ERR_LIMIT) {
            k->stopped_at = grundy_misere_heaps(k->q) + 1;
            k->stopped_order = max_order;
        }
        if (s == GRUNDY_ERR_WORK) {
            k->work_stopped_at = grundy_misere_heaps(k->q) + 1;
            k->work_stopped_limit = grundy_limits_work(lim);
        }
        return NULL;
    }
    return k->q;
}

void grundy_sum_ctx_clear(sum_actx *c)
{
    grundy_sum_search_result_clear(&c->sr);
    if (c->space_ready)
        grundy_sum_space_free(&c->S);
    free(c->counts.a);
    free(c->own);
}

grundy_status grundy_sum_ctx_values(sum_actx *c, const grundy_value **out)
{
    if (!c->values) {
        c->own = malloc((c->n ? c->n : 1) * sizeof *c->own);
        GRUNDY_RETURN_IF(!c->own, GRUNDY_ERR_NOMEM);
        grundy_status s = grundy_sum_values(c->own, c->sum, c->n);
        c->values_failed = s != GRUNDY_OK;
        GRUNDY_TRY(s);
        c->values = c->own;
    }
    *out = c->values;
    return GRUNDY_OK;
}

static void ctx_opts(const sum_actx *c, grundy_sum_search_opts *so)
{
    grundy_sum_search_opts_init(so);
    so->convention = c->o->convention;
    so->moore_k = c->o->moore_k;
    so->max_states = c->o->max_states;
    so->limits = c->lim;
}

static sum_space *ctx_space(sum_actx *c)
{
    if (!c->space_ready) {
        grundy_sum_space_init(&c->S, c->o->convention, c->o->moore_k,
                              c->o->max_states, c->lim, "search");
        c->space_ready = 1;
    }
    return &c->S;
}

grundy_status grundy_sum_ctx_search(sum_actx *c,
                                    grundy_sum_search_result **out)
{
    if (!c->searched) {
        grundy_sum_search_opts so;
        ctx_opts(c, &so);
        c->search_status = grundy_sum_search_estimate(c->sum, c->n, &so,
                                                     &c->counts);
        if (c->search_status == GRUNDY_OK)
            c->search_status =
                grundy_sum_search_in(ctx_space(c), &c->sr, c->sum, c->n);
        c->searched = 1;
    }
    *out = &c->sr;
    return c->search_status;
}

grundy_status grundy_sum_ctx_moves_left(sum_actx *c, const grundy_sum_move *m,
                                        size_t nm, uint64_t *moves)
{
    grundy_sum_component *after;
    grundy_sum_search_opts so;
    sum_item *it = NULL;
    size_t na, cap = 0, len;
    uint64_t r = 0;
    grundy_status s;
    sum_space *space;
    GRUNDY_TRY(grundy_sum_after_set(&after, &na, c->sum, c->n, m, nm));
    ctx_opts(c, &so);
    /* the memo's space when the call holds it (the sum's own search, if
     * any, is then in the other: what it solved is searched again there,
     * and kept) */
    space = c->M ? c->M : ctx_space(c);
    /* when the sum itself was searched, the space holds what the move
     * reaches; else a search the guess puts past the limit is not begun */
    s = !(c->searched && c->search_status == GRUNDY_OK) &&
                grundy_sum_search_hopeless(after, na, so.max_states)
            ? GRUNDY_ERR_LIMIT
            : grundy_sum_search_estimate(after, na, &so, &c->counts);
    if (s == GRUNDY_OK)
        s = grundy_sum_space_items(space, &it, &cap, &len, after, na, NULL,
                                   0);
    if (s == GRUNDY_OK) {
        s = grundy_sum_search_solve(space, it, len, &r);
        c->memo_failed |= s != GRUNDY_OK && space == c->M;
    }
    free(it);
    free(after);
    /* the search counts a finished misere game as 1 (its parity) */
    *moves = c->o->convention == GRUNDY_PLAY_MISERE ? r - 1 : r;
    return s;
}

grundy_status grundy_sum_copy_moves(grundy_sum_move **out, size_t *count,
                                    const grundy_sum_move *m, size_t n)
{
    *out = NULL;
    *count = 0;
    if (!n)
        return GRUNDY_OK;
    *out = malloc(n * sizeof **out);
    GRUNDY_RETURN_IF(!*out, GRUNDY_ERR_NOMEM);
    memcpy(*out, m, n * sizeof **out);
    *count = n;
    return GRUNDY_OK;
}

/* A move of a Nim heap of the component's value, made in the family:
 * m->component and m->value (the heap's new size) in, from and to out. */
static grundy_status nim_move(grundy_sum_move *m, const sum_actx *c)
{
    const grundy_sum_component *comp = &c->sum[m->component];
    int found;
    m->from = comp->pos;
    GRUNDY_TRY(grundy_values_move_to(&m->to, &found, comp->values, comp->pos,
                                     m->value));
    return found ? GRUNDY_OK : GRUNDY_ERR_ARG;
}

grundy_status grundy_sum_moore_rule(sum_actx *c, int *first,
                                    grundy_sum_move **set, size_t *nset)
{
    size_t n = c->n, room = n ? n : 1, i;
    const grundy_value *v;
    grundy_pos *h, *to;
    size_t *idx;
    grundy_status s = GRUNDY_ERR_NOMEM;
    GRUNDY_TRY(grundy_sum_ctx_values(c, &v));
    h = malloc(room * sizeof *h);
    to = malloc(room * sizeof *to);
    idx = malloc(room * sizeof *idx);
    *set = calloc(room, sizeof **set);
    *nset = 0;
    if (h && to && idx && *set) {
        for (i = 0; i < n; i++)
            h[i] = v[i];
        s = grundy_sum_moore_nim(first, idx, to, nset, h, n,
                                 c->o->moore_k);
    }
    for (i = 0; s == GRUNDY_OK && i < *nset; i++) {
        (*set)[i].component = idx[i];
        (*set)[i].value = to[i];
        s = nim_move(&(*set)[i], c);
    }
    GRUNDY_FREE_ALL(h, to, idx);
    if (s != GRUNDY_OK || !*nset) {
        free(*set);
        *set = NULL;
        *nset = 0;
    }
    return s;
}

grundy_status grundy_sum_misere_rule(sum_actx *c, int *first,
                                     grundy_sum_move **m, size_t *nm)
{
    const grundy_value *v;
    grundy_pos *h;
    size_t i;
    grundy_status s = GRUNDY_ERR_NOMEM;
    *m = NULL;
    *nm = 0;
    GRUNDY_TRY(grundy_sum_ctx_values(c, &v));
    h = malloc((c->n ? c->n : 1) * sizeof *h);
    if (h) {
        for (i = 0; i < c->n; i++)
            h[i] = v[i];
        s = grundy_sum_misere_nim(first, m, nm, h, c->n);
    }
    for (i = 0; s == GRUNDY_OK && i < *nm; i++)
        s = nim_move(&(*m)[i], c);
    free(h);
    if (s != GRUNDY_OK) {
        free(*m);
        *m = NULL;
        *nm = 0;
    }
    return s;
}

int grundy_sum_quotient_moves(sum_actx *c, int *first, grundy_sum_move **m,
                              size_t *nm, size_t *order)
{
    const grundy_misere *q = sum_quotient(c->sum, c->n, c->o, c->lim);
    if (!q)
        return 0;
    if (grundy_misere_winning_moves(first, m, nm, q, c->sum, c->n) !=
        GRUNDY_OK)
        return 0;
    *order = grundy_misere_order(q);
    return 1;
}

