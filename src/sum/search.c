/*
 * search.c -- decide a finite sum by searching its game tree, without
 * Grundy values: for misere play and Moore's Nim_k outside Nim, for the
 * longest resistance in a lost position, and for the remoteness of every
 * move a front end shows.
 *
 * The positions are those of the sum's space (space.c), each solved once
 * by an iterative depth-first search: the children of a frame live on one
 * shared stack, so the depth of the game costs no C stack.  Every
 * position gets its remoteness (Steinhaus): 0 for a finished normal-play
 * game; otherwise, if some child has even remoteness (a loss for the
 * player then to move), 1 + the least such, else 1 + the largest.  The
 * parity is the outcome.  For misere play a finished game has remoteness
 * 1 (the player to move has won), and the same recursion holds.
 *
 * What one call solves stays in the space, so the remoteness of several
 * children of one position (the winning moves a theory found) costs no
 * more than the positions they reach together.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sum/sum_internal.h"

enum { ST_NEW = 0, ST_ACTIVE = 1, ST_DONE = 2 };

typedef struct frame {
    size_t id;
    size_t first, count, next; /* children on the child stack */
    int expanded;
} frame;

/* 1 + the least even child, else 1 + the largest odd one. */
static uint64_t remoteness_of(const sum_space *S, const size_t *child,
                              size_t count)
{
    uint64_t min_even = UINT64_MAX, max_odd = 0;
    size_t i;
    if (!count)
        return S->conv == GRUNDY_PLAY_MISERE ? 1 : 0;
    for (i = 0; i < count; i++) {
        uint64_t cr = S->st[child[i]].r;
        if (cr % 2 == 0) {
            if (cr < min_even)
                min_even = cr;
        } else if (cr > max_odd) {
            max_odd = cr;
        }
    }
    return min_even != UINT64_MAX ? min_even + 1 : max_odd + 1;
}

static grundy_status solve(sum_space *S, size_t root)
{
    frame *fs = NULL;
    size_t nf = 0, fcap = 0;
    sum_ids D = {NULL, 0, 0};
    grundy_status s = GRUNDY_OK;

    if (S->st[root].status == ST_DONE)
        return GRUNDY_OK;
    s = grundy_sum_space_grow(NULL, (void **)&fs, &fcap, 1, sizeof *fs);
    if (s != GRUNDY_OK)
        return s;
    memset(&fs[0], 0, sizeof fs[0]);
    fs[0].id = root;
    S->st[root].status = ST_ACTIVE;
    nf = 1;
    while (nf && s == GRUNDY_OK) {
        frame *f = &fs[nf - 1];
        int pushed = 0;
        if (!f->expanded) {
            f->first = D.n;
            s = grundy_sum_space_child_ids(S, f->id, &D);
            if (s != GRUNDY_OK)
                break;
            f->count = D.n - f->first;
            f->expanded = 1;
        }
        while (f->next < f->count) {
            size_t c = D.id[f->first + f->next];
            if (S->st[c].status == ST_DONE) {
                f->next++;
                continue;
            }
            if (S->st[c].status == ST_ACTIVE) {
                s = GRUNDY_ERR_ARG; /* a loop: not a finite game */
                break;
            }
            s = grundy_sum_space_grow(NULL, (void **)&fs, &fcap, nf + 1,
                                      sizeof *fs);
            if (s != GRUNDY_OK)
                break;
            f = &fs[nf - 1];
            memset(&fs[nf], 0, sizeof fs[nf]);
            fs[nf].id = c;
            S->st[c].status = ST_ACTIVE;
            nf++;
            pushed = 1;
            break;
        }
        if (pushed || s != GRUNDY_OK)
            continue;
        S->st[f->id].r =
            remoteness_of(S, D.id ? D.id + f->first : NULL, f->count);
        S->st[f->id].status = ST_DONE;
        D.n = f->first;
        nf--;
    }
    /* a failed search leaves its frames half done: start them afresh */
    while (s != GRUNDY_OK && nf)
        S->st[fs[--nf].id].status = ST_NEW;
    free(fs);
    free(D.id);
    return s;
}

grundy_status grundy_sum_search_solve(sum_space *S, const sum_item *it,
                                      size_t len, uint64_t *r)
{
    size_t id;
    GRUNDY_TRY(grundy_sum_space_intern(S, it, len, &id));
    GRUNDY_TRY(solve(S, id));
    *r = S->st[id].r;
    return GRUNDY_OK;
}

/* Estimates ****************************************************************/

/* The multisets of heaps of at most p tokens in all, sum_{m <= p} p(m)
 * (p(m) the partitions of m, by Euler's pentagonal recurrence), in
 * doubles; HUGE_VAL past SPLIT_GUESS_MAX tokens, whose count is past any
 * search (p(400) is about 6.9 * 10^18). */
#define SPLIT_GUESS_MAX 400
static double multisets_upto(grundy_pos p)
{
    double part[SPLIT_GUESS_MAX + 1], total = 0;
    unsigned m, k;
    if (p > SPLIT_GUESS_MAX)
        return HUGE_VAL;
    for (m = 0; m <= p; m++) {
        double v = m ? 0 : 1;
        for (k = 1; m && k * (3 * k - 1) / 2 <= m; k++) {
            double sign = k % 2 ? 1 : -1;
            v += sign * part[m - k * (3 * k - 1) / 2];
            if (k * (3 * k + 1) / 2 <= m)
                v += sign * part[m - k * (3 * k + 1) / 2];
        }
        part[m] = v;
        total += v;
    }
    return total;
}

/* 1 when a move of the heap game g splits a heap into two or more,
 * judged from the moves of the heap 64: a family whose heaps split does
 * so from small heaps on. */
static int heap_splits(const grundy_game *g)
{
    const grundy_rules *r = grundy_game_rules(g);
    grundy_move m[256];
    size_t n, i;
    grundy_pos h = 64;
    if (!(r->flags & GRUNDY_RULES_HEAP) || r->list_moves ||
        r->max_moves(grundy_game_params(g), h) > sizeof m / sizeof *m)
        return 0;
    n = r->moves(grundy_game_params(g), h, m, sizeof m / sizeof *m);
    for (i = 0; i < n && i < sizeof m / sizeof *m; i++)
        if (m[i].nparts > 1)
            return 1;
    return 0;
}

/* Positions one component reaches alone, without searching: a heap
 * game's positions below it (the multisets of smaller heaps when its
 * moves split heaps: *sure is then 1, the count being of the order of the
 * search's), a board's subsets or all its positions.  A guess (exact for
 * games whose moves leave one smaller heap), used to price the steps of a
 * search before it starts. */
static double guess_states(const grundy_game *g, grundy_pos p, int *sure)
{
    const grundy_rules *r = grundy_game_rules(g);
    grundy_pos np = grundy_game_num_positions(g);
    *sure = 0;
    if (!np) {
        if (heap_splits(g)) {
            *sure = 1;
            return multisets_upto(p);
        }
        return (double)p + 1;
    }
    if (r->flags & GRUNDY_RULES_SUBSETS)
        return ldexp(1.0, __builtin_popcountll(p));
    return np == UINT64_MAX ? ldexp(1.0, 64) : (double)np;
}

/* The search of a sum visits every combination of its components' own
 * positions: with c_i the state count of component i searched alone, the
 * sum holds prod c_i states when the components' positions never
 * coincide, and about prod c_i / n! when they are all equal (equal
 * components are interchangeable).  The estimate takes the geometric
 * middle, prod c_i / sqrt(n!); past max_states the sum is refused at
 * once (GRUNDY_ERR_LIMIT) instead of after filling the limit, which can
 * take minutes when positions have many moves.  The steps are the
 * positions times the moves of the components (each position lists the
 * moves of its items, about as many as the sum has at its start). */
/* The count of sum[i] searched alone: from the cache, or searched. */
static grundy_status alone(double *c, const grundy_sum_component *one,
                           const grundy_sum_search_opts *o, sum_counts *cache)
{
    grundy_sum_search_result r;
    grundy_sum_search_opts o1 = *o;
    grundy_status s;
    size_t i;
    for (i = 0; cache && i < cache->n; i++)
        if (cache->a[i].v == one->values && cache->a[i].p == one->pos) {
            *c = cache->a[i].states;
            return cache->a[i].status;
        }
    o1.moore_k = 1;
    o1.estimate = 1;
    s = grundy_sum_search(&r, one, 1, &o1);
    *c = (double)(r.states ? r.states : 1);
    grundy_sum_search_result_clear(&r);
    /* a search past the limits is not tried again in this call */
    if (s != GRUNDY_OK && s != GRUNDY_ERR_LIMIT && s != GRUNDY_ERR_WORK)
        return s;
    if (cache && grundy_sum_space_grow(NULL, (void **)&cache->a, &cache->cap,
                                       cache->n + 1,
                                       sizeof *cache->a) == GRUNDY_OK) {
        cache->a[cache->n].v = one->values;
        cache->a[cache->n].p = one->pos;
        cache->a[cache->n].status = s;
        cache->a[cache->n++].states = *c;
    }
    return s;
}

int grundy_sum_search_hopeless(const grundy_sum_component *sum, size_t n,
                               size_t max_states)
{
    size_t max = max_states ? max_states : GRUNDY_SUM_SEARCH_DEFAULT_STATES;
    double quick = 0;
    size_t i, j;
    /* The heaps of one game whose moves split heaps are together one
     * multiset of heaps: their count is that of their tokens in all, not
     * a product. */
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_values_game(sum[i].values);
        grundy_pos tokens = 0;
        for (j = 0; j < i && sum[j].values != sum[i].values; j++)
            ;
        if (j < i) /* counted with the first heap of its game */
            continue;
        if (grundy_game_num_positions(g) || !heap_splits(g))
            continue; /* guess_states() is not sure of it */
        for (j = i; j < n; j++)
            if (sum[j].values == sum[i].values)
                tokens = tokens + sum[j].pos < tokens ? UINT64_MAX
                                                      : tokens + sum[j].pos;
        quick += log(multisets_upto(tokens));
    }
    return quick > log((double)max);
}

grundy_status grundy_sum_search_estimate(const grundy_sum_component *sum,
                                        size_t n,
                                        const grundy_sum_search_opts *o,
                                        sum_counts *cache)
{
    size_t max = o->max_states ? o->max_states
                               : GRUNDY_SUM_SEARCH_DEFAULT_STATES;
    double logp = 0, moves = 0, states;
    size_t i, j;
    double *c;
    int sure;
    c = malloc((n ? n : 1) * sizeof *c);
    GRUNDY_RETURN_IF(!c, GRUNDY_ERR_NOMEM);
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_values_game(sum[i].values);
        grundy_pos np = grundy_game_num_positions(g);
        size_t mm;
        if (np && np != UINT64_MAX && sum[i].pos >= np) {
            free(c);
            return GRUNDY_ERR_RANGE;
        }
        mm = grundy_game_rules(g)->max_moves(grundy_game_params(g),
                                             sum[i].pos);
        if (mm > GRUNDY_SUM_MAX_MOVES) {
            free(c);
            return GRUNDY_ERR_LIMIT;
        }
        moves += (double)mm;
        for (j = 0; j < i; j++)
            if (sum[j].values == sum[i].values && sum[j].pos == sum[i].pos)
                break;
        if (j < i) {
            c[i] = c[j];
        } else if (n == 1) {
            c[i] = guess_states(g, sum[i].pos, &sure);
        } else {
            grundy_status s = alone(&c[i], &sum[i], o, cache);
            if (s != GRUNDY_OK) {
                free(c);
                return s;
            }
        }
        logp += log(c[i]) - 0.5 * log((double)(i + 1));
    }
    free(c);
    states = exp(logp);
    if (n > 1 && states > (double)max)
        return GRUNDY_ERR_LIMIT;
    if (states > (double)max)
        states = (double)max;
    return states * moves > (double)grundy_limits_work(o->limits)
               ? GRUNDY_ERR_WORK
               : GRUNDY_OK;
}

/* grundy_sum_search() ******************************************************/

/* Root moves: described by the original components. */
typedef struct root_ctx {
    const grundy_sum_component *sum;
    const size_t *map; /* root item -> component index */
    sum_move_list win;
    grundy_sum_move best[64];
    size_t nbest;
    uint64_t best_r;
    int have_best, first_wins;
} root_ctx;

static grundy_status root_emit(sum_space *S, void *vctx, size_t depth,
                               size_t len)
{
    root_ctx *c = vctx;
    size_t id, d;
    uint64_t r;
    grundy_sum_move desc[64];
    /* The root's expansion solved every child already. */
    GRUNDY_TRY(grundy_sum_space_intern(S, S->kid, len, &id));
    GRUNDY_RETURN_IF(S->st[id].status != ST_DONE, GRUNDY_ERR_ARG);
    r = S->st[id].r;
    for (d = 0; d < depth; d++) {
        size_t ci = c->map[S->sel[d]];
        memset(&desc[d], 0, sizeof desc[d]);
        desc[d].component = ci;
        desc[d].from = c->sum[ci].pos;
        desc[d].to = *grundy_sum_space_move(S, d);
        grundy_move_sort_parts(&desc[d].to);
    }
    if (r % 2 == 0 && depth == 1 && S->k == 1 &&
        !grundy_sum_move_list_has(&c->win, 0, &desc[0]))
        GRUNDY_TRY(grundy_sum_move_list_push(&c->win, &desc[0]));
    if (c->first_wins ? (r % 2 == 0 && (!c->have_best || r < c->best_r))
                      : (!c->have_best || r > c->best_r)) {
        c->have_best = 1;
        c->best_r = r;
        c->nbest = depth;
        memcpy(c->best, desc, depth * sizeof *desc);
    }
    return GRUNDY_OK;
}

void grundy_sum_search_opts_init(grundy_sum_search_opts *o)
{
    memset(o, 0, sizeof *o);
    o->convention = GRUNDY_PLAY_NORMAL;
    o->moore_k = 1;
    o->max_states = GRUNDY_SUM_SEARCH_DEFAULT_STATES;
    o->estimate = 1;
}

void grundy_sum_search_result_clear(grundy_sum_search_result *r)
{
    free(r->best);
    free(r->winning);
    memset(r, 0, sizeof *r);
}

static grundy_status search_run(sum_space *S, grundy_sum_search_result *out,
                                const grundy_sum_component *sum, size_t n,
                                root_ctx *rc)
{
    sum_item *orig = malloc((n + 1) * sizeof *orig), *canon = NULL;
    size_t *map = malloc((n + 1) * sizeof *map);
    size_t ccap = 0, clen, len = 0, i;
    uint64_t r;
    int keep;
    grundy_status s = orig && map ? GRUNDY_OK : GRUNDY_ERR_NOMEM;

    /* The root sorted (its number in the space), and in the sum's order
     * (its moves are described by component). */
    if (s == GRUNDY_OK)
        s = grundy_sum_space_items(S, &canon, &ccap, &clen, sum, n, NULL, 0);
    for (i = 0; i < n && s == GRUNDY_OK; i++) {
        s = grundy_sum_space_item(S, grundy_values_game(sum[i].values),
                                  sum[i].pos, &orig[len], &keep);
        if (keep)
            map[len++] = i;
    }
    if (s == GRUNDY_OK)
        s = grundy_sum_search_solve(S, canon, clen, &r);
    if (s == GRUNDY_OK) {
        out->remoteness = r;
        out->first_wins = (int)(r % 2);
        rc->first_wins = out->first_wins;
        rc->sum = sum;
        rc->map = map;
        s = grundy_sum_space_children(S, orig, len, 0, root_emit, rc);
    }
    out->states = S->nst;
    free(orig);
    free(canon);
    free(map);
    return s;
}

grundy_status grundy_sum_search_in(sum_space *S,
                                   grundy_sum_search_result *out,
                                   const grundy_sum_component *sum, size_t n)
{
    root_ctx rc;
    grundy_status s;
    memset(out, 0, sizeof *out);
    memset(&rc, 0, sizeof rc);
    s = search_run(S, out, sum, n, &rc);
    if (s == GRUNDY_OK && rc.nbest) {
        out->best = malloc(rc.nbest * sizeof *out->best);
        if (!out->best)
            s = GRUNDY_ERR_NOMEM;
        else {
            memcpy(out->best, rc.best, rc.nbest * sizeof *out->best);
            out->nbest = rc.nbest;
        }
    }
    if (s != GRUNDY_OK) {
        free(rc.win.a);
        grundy_sum_search_result_clear(out);
        return s;
    }
    out->winning = rc.win.a;
    out->nwinning = rc.win.n;
    return GRUNDY_OK;
}

grundy_status grundy_sum_search(grundy_sum_search_result *out,
                                const grundy_sum_component *sum, size_t n,
                                const grundy_sum_search_opts *o)
{
    sum_space S;
    grundy_sum_search_opts def;
    grundy_status s;

    memset(out, 0, sizeof *out);
    if (!o) {
        grundy_sum_search_opts_init(&def);
        o = &def;
    }
    GRUNDY_RETURN_IF(o->moore_k > GRUNDY_MOORE_KMAX, GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(grundy_sum_has_loopy(sum, n), GRUNDY_ERR_ARG);
    if (o->estimate)
        GRUNDY_TRY(grundy_sum_search_estimate(sum, n, o, NULL));
    grundy_sum_space_init(&S, o->convention, o->moore_k, o->max_states,
                          o->limits, "search");
    s = grundy_sum_search_in(&S, out, sum, n);
    if (s == GRUNDY_OK)
        s = grundy_ticker_done(&S.tick);
    if (s != GRUNDY_OK)
        grundy_sum_search_result_clear(out);
    grundy_sum_space_free(&S);
    return s;
}
