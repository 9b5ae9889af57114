/*
 * analyze.c -- one call for any sum (grundy_sum_analyze): which theory
 * decides it, every winning move, and the move to play.
 *
 * The choice follows what the families declare, never which family they
 * are: GRUNDY_RULES_NIM lets Moore's rule and misere Nim's rule work on
 * the components' values; GRUNDY_RULES_MISERE says the game has a misere
 * quotient (grundy/misere.h), which is grown once per game, kept with the
 * values object of its components and reused by every later call (a
 * player's turns, a session's questions).  Whatever no theory covers is
 * searched (search.c).
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/misere.h"
#include "sum/sum_internal.h"
#include "values/values_internal.h"

void grundy_sum_opts_init(grundy_sum_opts *o)
{
    memset(o, 0, sizeof *o);
    o->convention = GRUNDY_PLAY_NORMAL;
    o->want = GRUNDY_SUM_MOVES;
}

const char *grundy_sum_method_name(grundy_sum_method m)
{
    switch (m) {
    case GRUNDY_SUM_BY_VALUES:
        return "values";
    case GRUNDY_SUM_BY_RULE:
        return "rule";
    case GRUNDY_SUM_BY_QUOTIENT:
        return "quotient";
    case GRUNDY_SUM_BY_MISERE_NIM:
        return "misere nim";
    case GRUNDY_SUM_BY_SEARCH:
        return "search";
    case GRUNDY_SUM_BY_LOOPY:
        return "loopy";
    case GRUNDY_SUM_BY_NONE:
        return "none";
    }
    return "unknown";
}

void grundy_sum_result_clear(grundy_sum_result *r)
{
    if (!r)
        return;
    free(r->moves);
    free(r->best);
    memset(r, 0, sizeof *r);
}

/* The misere quotient kept with a values object ****************************/

typedef struct kept_quotient {
    grundy_misere *q;      /* grown as far as asked (NULL: not yet) */
    int refused;           /* the game has no quotient (no heap moves) */
    grundy_pos stopped_at; /* growth to this heap was refused ... */
    size_t stopped_order;  /* ... with this largest order (0: never) */
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
        return NULL;
    }
    return k->q;
}

/* One call *****************************************************************/

typedef struct actx {
    const grundy_sum_component *sum;
    size_t n;
    const grundy_sum_opts *o;
    const grundy_limits *lim;
    const grundy_value *values; /* the caller's, or own */
    grundy_value *own;
    int searched;
    grundy_status search_status;
    grundy_sum_search_result sr;
} actx;

static grundy_status ctx_values(actx *c, const grundy_value **out)
{
    if (!c->values) {
        c->own = malloc((c->n ? c->n : 1) * sizeof *c->own);
        GRUNDY_RETURN_IF(!c->own, GRUNDY_ERR_NOMEM);
        GRUNDY_TRY(grundy_sum_values(c->own, c->sum, c->n));
        c->values = c->own;
    }
    *out = c->values;
    return GRUNDY_OK;
}

/* The exact search, run at most once per call. */
static grundy_status ctx_search(actx *c, grundy_sum_search_result **out)
{
    if (!c->searched) {
        grundy_sum_search_opts so;
        grundy_sum_search_opts_init(&so);
        so.convention = c->o->convention;
        so.moore_k = c->o->moore_k;
        so.max_states = c->o->max_states;
        so.limits = c->lim;
        c->search_status = grundy_sum_search(&c->sr, c->sum, c->n, &so);
        c->searched = 1;
    }
    *out = &c->sr;
    return c->search_status;
}

/* A copy of m[0..n) into a new array (NULL for none). */
static grundy_status copy_moves(grundy_sum_move **out, size_t *count,
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
static grundy_status nim_move(grundy_sum_move *m, const actx *c)
{
    const grundy_sum_component *comp = &c->sum[m->component];
    int found;
    m->from = comp->pos;
    GRUNDY_TRY(grundy_values_move_to(&m->to, &found, comp->values, comp->pos,
                                     m->value));
    return found ? GRUNDY_OK : GRUNDY_ERR_ARG;
}

/* Moore's rule on the heaps of the components' values: the outcome and
 * one winning move set. */
static grundy_status moore_rule(actx *c, int *first, grundy_sum_move **set,
                                size_t *nset)
{
    size_t n = c->n, room = n ? n : 1, i;
    const grundy_value *v;
    grundy_pos *h, *to;
    size_t *idx;
    grundy_status s = GRUNDY_ERR_NOMEM;
    GRUNDY_TRY(ctx_values(c, &v));
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
    free(h);
    free(to);
    free(idx);
    if (s != GRUNDY_OK || !*nset) {
        free(*set);
        *set = NULL;
        *nset = 0;
    }
    return s;
}

/* Misere Nim's rule on the heaps of the components' values. */
static grundy_status misere_rule(actx *c, int *first, grundy_sum_move **m,
                                 size_t *nm)
{
    const grundy_value *v;
    grundy_pos *h;
    size_t i;
    grundy_status s = GRUNDY_ERR_NOMEM;
    *m = NULL;
    *nm = 0;
    GRUNDY_TRY(ctx_values(c, &v));
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

/* The quotient's outcome and winning moves: 1 when it applies. */
static int quotient_moves(actx *c, int *first, grundy_sum_move **m,
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

/* The outcome and every winning move (one winning set for Nim_k). */
static grundy_status decide(actx *c, grundy_sum_result *out)
{
    int misere = c->o->convention == GRUNDY_PLAY_MISERE;
    int nim = grundy_sum_is_nim(c->sum, c->n);
    grundy_sum_search_result *r;
    const grundy_value *v;

    if (!c->o->moore_k && !misere) {
        GRUNDY_TRY(ctx_values(c, &v));
        out->method = GRUNDY_SUM_BY_VALUES;
        out->value = grundy_sum_nim_sum(v, c->n);
        out->first_wins = out->value != 0;
        return grundy_sum_winning_moves(&out->moves, &out->nmoves, c->sum,
                                        c->n, v);
    }
    if (c->o->moore_k && !misere && nim) {
        out->method = GRUNDY_SUM_BY_RULE;
        return moore_rule(c, &out->first_wins, &out->moves, &out->nmoves);
    }
    if (!c->o->moore_k && !nim &&
        quotient_moves(c, &out->first_wins, &out->moves, &out->nmoves,
                       &out->quotient_order)) {
        out->method = GRUNDY_SUM_BY_QUOTIENT;
        return GRUNDY_OK;
    }
    if (!c->o->moore_k && nim) {
        out->method = GRUNDY_SUM_BY_MISERE_NIM;
        return misere_rule(c, &out->first_wins, &out->moves, &out->nmoves);
    }
    out->method = GRUNDY_SUM_BY_SEARCH;
    GRUNDY_TRY(ctx_search(c, &r));
    out->first_wins = r->first_wins;
    out->states = r->states;
    if (c->o->moore_k)
        return r->first_wins ? copy_moves(&out->moves, &out->nmoves, r->best,
                                          r->nbest)
                             : GRUNDY_OK;
    return copy_moves(&out->moves, &out->nmoves, r->winning, r->nwinning);
}

/* How much a move leaves: heap sizes, or the cells of a board. */
static uint64_t material(const grundy_game *g, const grundy_move *m)
{
    uint64_t t = 0;
    unsigned k;
    for (k = 0; k < m->nparts; k++)
        t += grundy_game_num_positions(g)
                 ? (uint64_t)__builtin_popcountll(m->part[k])
                 : m->part[k];
    return t;
}

/* Moves looked at per component when it has too many to list. */
#define LEAST_LISTED ((size_t)1 << 16)

/* Keep the move of component i when it leaves more than the best so far. */
static void keep_if_more(grundy_sum_move *best, int *found, uint64_t *most,
                         const grundy_sum_component *comp, size_t i,
                         const grundy_move *to, grundy_value value,
                         uint64_t left)
{
    if (*found && left <= *most)
        return;
    memset(best, 0, sizeof *best);
    best->component = i;
    best->from = comp->pos;
    best->to = *to;
    best->value = value;
    *most = left;
    *found = 1;
}

/* The move that takes least: a Nim heap one smaller, else the move that
 * leaves most among at most LEAST_LISTED moves of each component (so a
 * heap near 2^64 costs no more than a small one). */
static grundy_status least_taken(actx *c, grundy_sum_move *best, int *found)
{
    grundy_move *buf = NULL;
    size_t cap = 0, nm, i, j;
    uint64_t most = 0;
    grundy_status s = GRUNDY_OK;
    *found = 0;
    for (i = 0; i < c->n && s == GRUNDY_OK; i++) {
        const grundy_sum_component *comp = &c->sum[i];
        const grundy_game *g = grundy_values_game(comp->values);
        const grundy_rules *rl = grundy_game_rules(g);
        if (rl->flags & GRUNDY_RULES_NIM) {
            grundy_value gv;
            grundy_move to;
            int ok = 0;
            s = grundy_values_get(&gv, comp->values, comp->pos);
            if (s == GRUNDY_OK && gv)
                s = grundy_values_move_to(&to, &ok, comp->values, comp->pos,
                                          gv - 1);
            if (s == GRUNDY_OK && ok)
                keep_if_more(best, found, &most, comp, i, &to, gv - 1,
                             gv - 1);
            continue;
        }
        if (rl->max_moves(grundy_game_params(g), comp->pos) > LEAST_LISTED) {
            grundy_move *nb = cap < LEAST_LISTED
                                  ? realloc(buf, LEAST_LISTED * sizeof *nb)
                                  : buf;
            if (!nb) {
                s = GRUNDY_ERR_NOMEM;
                break;
            }
            buf = nb;
            cap = cap < LEAST_LISTED ? LEAST_LISTED : cap;
            nm = rl->moves(grundy_game_params(g), comp->pos, buf,
                           LEAST_LISTED);
            nm = nm > LEAST_LISTED ? LEAST_LISTED : nm;
        } else {
            s = grundy_game_moves(g, comp->pos, &buf, &cap, &nm);
            if (s != GRUNDY_OK)
                break;
        }
        for (j = 0; j < nm; j++)
            keep_if_more(best, found, &most, comp, i, &buf[j], 0,
                         material(g, &buf[j]));
    }
    free(buf);
    return s;
}

/* The move to play.  *first is the outcome found on the way (-1: none). */
static grundy_status choose(actx *c, grundy_sum_result *out, int *first,
                            grundy_sum_method *how)
{
    int misere = c->o->convention == GRUNDY_PLAY_MISERE, wins = 0, found;
    grundy_sum_search_result *r;
    grundy_sum_move *m = NULL, one;
    size_t nm = 0, order;
    grundy_status s;

    *first = -1;
    if (misere && !c->o->moore_k &&
        quotient_moves(c, &wins, &m, &nm, &order)) {
        *first = wins;
        *how = GRUNDY_SUM_BY_QUOTIENT;
        out->quotient_order = order;
        if (wins && nm) {
            s = copy_moves(&out->best, &out->nbest, m, 1);
            free(m);
            out->best_method = GRUNDY_SUM_BY_QUOTIENT;
            return s;
        }
        free(m);
        m = NULL;
    }
    s = ctx_search(c, &r);
    if (s == GRUNDY_OK) {
        if (*first < 0) {
            *first = r->first_wins;
            *how = GRUNDY_SUM_BY_SEARCH;
        }
        out->best_method = GRUNDY_SUM_BY_SEARCH;
        return copy_moves(&out->best, &out->nbest, r->best, r->nbest);
    }
    if (s != GRUNDY_ERR_LIMIT)
        return s;
    /* Too large to search: the values or the rules decide. */
    if (misere)
        s = GRUNDY_ERR_LIMIT;
    else if (!c->o->moore_k)
        s = grundy_sum_winning_moves(&m, &nm, c->sum, c->n, c->values);
    else if (grundy_sum_is_nim(c->sum, c->n))
        s = moore_rule(c, &wins, &m, &nm);
    else
        s = GRUNDY_ERR_LIMIT;
    if (s == GRUNDY_OK) {
        *first = c->o->moore_k ? wins : nm > 0;
        *how = c->o->moore_k ? GRUNDY_SUM_BY_RULE : GRUNDY_SUM_BY_VALUES;
        if (nm) {
            s = copy_moves(&out->best, &out->nbest, m,
                           c->o->moore_k ? nm : 1);
            free(m);
            out->best_method = *how;
            return s;
        }
    }
    free(m);
    if (s != GRUNDY_OK && s != GRUNDY_ERR_LIMIT && s != GRUNDY_ERR_WORK)
        return s;
    out->best_method = GRUNDY_SUM_BY_NONE;
    GRUNDY_TRY(least_taken(c, &one, &found));
    return found ? copy_moves(&out->best, &out->nbest, &one, 1) : GRUNDY_OK;
}

grundy_status grundy_sum_analyze(grundy_sum_result *out,
                                 const grundy_sum_component *sum, size_t n,
                                 const grundy_value *values,
                                 const grundy_sum_opts *o)
{
    grundy_sum_opts dflt;
    actx c;
    unsigned want;
    grundy_status s = GRUNDY_OK;

    memset(out, 0, sizeof *out);
    if (!o) {
        grundy_sum_opts_init(&dflt);
        o = &dflt;
    }
    GRUNDY_RETURN_IF(o->moore_k > GRUNDY_MOORE_KMAX, GRUNDY_ERR_ARG);
    memset(&c, 0, sizeof c);
    c.sum = sum;
    c.n = n;
    c.o = o;
    c.lim = o->limits ? o->limits
                      : n ? grundy_values_limits(sum[0].values) : NULL;
    c.values = values;
    want = o->want ? o->want : GRUNDY_SUM_MOVES;
    if (want & GRUNDY_SUM_MOVES)
        s = decide(&c, out);
    if (s == GRUNDY_OK && (want & GRUNDY_SUM_BEST)) {
        int first;
        grundy_sum_method how = GRUNDY_SUM_BY_NONE;
        s = choose(&c, out, &first, &how);
        if (s == GRUNDY_OK && !(want & GRUNDY_SUM_MOVES)) {
            out->first_wins = first;
            out->method = first < 0 ? GRUNDY_SUM_BY_NONE : how;
            if (how == GRUNDY_SUM_BY_SEARCH)
                out->states = c.sr.states;
        }
    }
    grundy_sum_search_result_clear(&c.sr);
    free(c.own);
    return s;
}
