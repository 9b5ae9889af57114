/*
 * search.c -- decide a sum by searching its game tree, without Grundy
 * values: for misere play and Moore's Nim_k outside Nim, and to find the
 * longest resistance in a lost position.
 *
 * A position of the sum is a multiset of (game, position) items, kept
 * sorted so that equal components are interchangeable, with items that
 * certainly have no move dropped (they add nothing to any player's
 * options).  Each distinct multiset is interned once in an open-addressing
 * table over an arena of items, and solved once by an iterative
 * depth-first search: the children of a frame live on one shared stack,
 * so the depth of the game costs no C stack.  Every position gets its
 * remoteness (Steinhaus): 0 for a finished normal-play game; otherwise,
 * if some child has even remoteness (a loss for the player then to move),
 * 1 + the least such, else 1 + the largest.  The parity is the outcome.
 * For misere play a finished game has remoteness 1 (the player to move
 * has won), and the same recursion holds.
 *
 * The whole reachable space is solved (a win needs its fastest winning
 * line, a loss its longest), so the state count is a property of the
 * position alone and the refusal above max_states is deterministic.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sum/sum_internal.h"

typedef struct item {
    uint64_t g; /* index into the search's games */
    grundy_pos p;
} item;

enum { ST_NEW = 0, ST_ACTIVE = 1, ST_DONE = 2 };

typedef struct state {
    size_t off;    /* first item in the arena */
    size_t len;    /* number of items */
    uint64_t r;    /* remoteness, when ST_DONE */
    unsigned char status;
} state;

typedef struct frame {
    size_t id;
    size_t first, count, next; /* children on the child stack */
    int expanded;
} frame;

typedef struct search {
    const grundy_game **games;
    size_t ngames;
    grundy_play_convention conv;
    unsigned k;
    size_t max_states;
    /* Moves listed so far, and the bound past which the search is
     * refused like one past max_states: a few positions with very many
     * moves (one Nim heap of 10^5) cost as much as many positions. */
    uint64_t moves_listed, max_moves_listed;
    const grundy_limits *lim; /* the memory limit of what grows */
    size_t bytes;             /* held by the arrays below */

    item *arena;
    size_t alen, acap;
    state *st;
    size_t nst, stcap;
    size_t *slot; /* state index + 1; 0 = empty */
    size_t hcap;

    size_t *child;
    size_t nchild, childcap;

    /* Expansion scratch: the parent's items and each item's moves. */
    item *par;
    size_t parcap;
    grundy_move *mv;
    size_t nmv, mvcap;
    size_t *mvoff, *mvcnt;
    size_t mvoff_cap, mvcnt_cap;
    grundy_move *tmp;
    size_t tmpcap;
    item *kid;
    size_t kidcap;
    size_t sel[64], pick[64]; /* chosen items and their moves */
} search;

/* *p grown to hold need items of size bytes; with S, checked first
 * against its memory limit (GRUNDY_ERR_LIMIT) and counted. */
static grundy_status grow(search *S, void **p, size_t *cap, size_t need,
                          size_t size)
{
    size_t c;
    void *np;
    if (need <= *cap)
        return GRUNDY_OK;
    c = *cap ? *cap : 16;
    while (c < need) {
        GRUNDY_RETURN_IF(c > SIZE_MAX / 2 / size, GRUNDY_ERR_NOMEM);
        c *= 2;
    }
    if (S) {
        GRUNDY_TRY(grundy_limits_mem_check(S->lim,
                                           S->bytes + (c - *cap) * size));
        S->bytes += (c - *cap) * size;
    }
    np = realloc(*p, c * size);
    GRUNDY_RETURN_IF(!np, GRUNDY_ERR_NOMEM);
    *p = np;
    *cap = c;
    return GRUNDY_OK;
}

static int item_cmp(const void *a, const void *b)
{
    const item *x = a, *y = b;
    if (x->g != y->g)
        return x->g < y->g ? -1 : 1;
    return (x->p > y->p) - (x->p < y->p);
}

static uint64_t hash_items(const item *it, size_t len)
{
    uint64_t h = 0x9E3779B97F4A7C15ull ^ len;
    size_t i;
    for (i = 0; i < len; i++) {
        h ^= it[i].p + 0x632BE59BD9B4E019ull * (it[i].g + 1);
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    /* the last items must reach every bit of the slot index: a full
     * finalizer (splitmix64), else near multisets cluster in the table */
    h ^= h >> 30;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 27;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 31;
    return h;
}

static size_t find_slot(const search *S, const item *it, size_t len)
{
    size_t i = (size_t)(hash_items(it, len) >> 7) & (S->hcap - 1);
    for (;;) {
        size_t id = S->slot[i];
        if (!id)
            return i;
        id--;
        if (S->st[id].len == len &&
            memcmp(S->arena + S->st[id].off, it, len * sizeof *it) == 0)
            return i;
        i = (i + 1) & (S->hcap - 1);
    }
}

static grundy_status rehash(search *S)
{
    size_t ncap = S->hcap ? 2 * S->hcap : 1024, i;
    size_t *ns;
    GRUNDY_TRY(grundy_limits_mem_check(
        S->lim, S->bytes + (ncap - S->hcap) * sizeof *ns));
    ns = calloc(ncap, sizeof *ns);
    GRUNDY_RETURN_IF(!ns, GRUNDY_ERR_NOMEM);
    S->bytes += (ncap - S->hcap) * sizeof *ns;
    free(S->slot);
    S->slot = ns;
    S->hcap = ncap;
    for (i = 0; i < S->nst; i++) {
        size_t j = find_slot(S, S->arena + S->st[i].off, S->st[i].len);
        S->slot[j] = i + 1;
    }
    return GRUNDY_OK;
}

/* The id of the sorted multiset it[0..len), creating it when new. */
static grundy_status intern(search *S, const item *it, size_t len,
                            size_t *id)
{
    size_t j;
    if (2 * (S->nst + 1) > S->hcap)
        GRUNDY_TRY(rehash(S));
    j = find_slot(S, it, len);
    if (S->slot[j]) {
        *id = S->slot[j] - 1;
        return GRUNDY_OK;
    }
    GRUNDY_RETURN_IF(S->nst >= S->max_states, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grow(S, (void **)&S->st, &S->stcap, S->nst + 1, sizeof *S->st));
    GRUNDY_TRY(grow(S, (void **)&S->arena, &S->acap, S->alen + len + 1,
                    sizeof *S->arena));
    if (len)
        memcpy(S->arena + S->alen, it, len * sizeof *it);
    S->st[S->nst].off = S->alen;
    S->st[S->nst].len = len;
    S->st[S->nst].r = 0;
    S->st[S->nst].status = ST_NEW;
    S->alen += len;
    S->slot[j] = S->nst + 1;
    *id = S->nst++;
    return GRUNDY_OK;
}

/* Certainly no move: checked cheaply, else assumed movable (keeping an
 * item that cannot move is harmless, only less compact). */
static int is_terminal(const grundy_game *g, grundy_pos p)
{
    const grundy_rules *r = grundy_game_rules(g);
    const void *params = grundy_game_params(g);
    grundy_move buf[64];
    size_t mm = r->max_moves(params, p);
    if (mm == 0)
        return 1;
    if (mm > 64)
        return 0;
    return r->moves(params, p, buf, 64) == 0;
}

/* The moves of every item of par[0..m) into S->mv. */
static grundy_status list_moves(search *S, const item *par, size_t m)
{
    size_t j, nm;
    GRUNDY_TRY(grow(S, (void **)&S->mvoff, &S->mvoff_cap, m + 1,
                    sizeof *S->mvoff));
    GRUNDY_TRY(grow(S, (void **)&S->mvcnt, &S->mvcnt_cap, m + 1,
                    sizeof *S->mvcnt));
    S->nmv = 0;
    for (j = 0; j < m; j++) {
        const grundy_game *g = S->games[par[j].g];
        const grundy_rules *r = grundy_game_rules(g);
        GRUNDY_RETURN_IF(r->max_moves(grundy_game_params(g), par[j].p) >
                             GRUNDY_SUM_MAX_MOVES,
                         GRUNDY_ERR_LIMIT);
        GRUNDY_TRY(grundy_game_moves(g, par[j].p, &S->tmp, &S->tmpcap, &nm));
        GRUNDY_TRY(grow(S, (void **)&S->mv, &S->mvcap, S->nmv + nm + 1,
                        sizeof *S->mv));
        if (nm)
            memcpy(S->mv + S->nmv, S->tmp, nm * sizeof *S->mv);
        S->mvoff[j] = S->nmv;
        S->mvcnt[j] = nm;
        S->nmv += nm;
        S->moves_listed += nm;
    }
    GRUNDY_RETURN_IF(S->max_moves_listed &&
                         S->moves_listed > S->max_moves_listed,
                     GRUNDY_ERR_LIMIT);
    return GRUNDY_OK;
}

/* Called for each move set: depth items sel[] with moves pick[]; the
 * child's sorted items are in S->kid[0..len). */
typedef grundy_status (*emit_fn)(search *S, void *ctx, size_t depth,
                                 size_t len);

static grundy_status emit_child(search *S, const item *par, size_t m,
                                size_t depth, emit_fn fn, void *ctx)
{
    size_t len = 0, j, d;
    GRUNDY_TRY(grow(S, (void **)&S->kid, &S->kidcap,
                    m + (size_t)GRUNDY_MAX_PARTS * depth + 1,
                    sizeof *S->kid));
    for (j = 0; j < m; j++) {
        int chosen = 0;
        for (d = 0; d < depth; d++)
            chosen |= S->sel[d] == j;
        if (!chosen)
            S->kid[len++] = par[j];
    }
    for (d = 0; d < depth; d++) {
        const grundy_move *mv = &S->mv[S->mvoff[S->sel[d]] + S->pick[d]];
        const grundy_game *g = S->games[par[S->sel[d]].g];
        unsigned q;
        for (q = 0; q < mv->nparts; q++)
            if (!is_terminal(g, mv->part[q])) {
                S->kid[len].g = par[S->sel[d]].g;
                S->kid[len].p = mv->part[q];
                len++;
            }
    }
    qsort(S->kid, len, sizeof *S->kid, item_cmp);
    return fn(S, ctx, depth, len);
}

/* Every move set of 1..k items of par[0..m) chosen from index start on.
 * With dedupe, equal items are chosen in order only (a multiset). */
static grundy_status gen(search *S, const item *par, size_t m, size_t start,
                         size_t depth, int dedupe, emit_fn fn, void *ctx)
{
    size_t j, t;
    for (j = start; j < m; j++) {
        if (dedupe && j > start && item_cmp(&par[j], &par[j - 1]) == 0)
            continue;
        S->sel[depth] = j;
        for (t = 0; t < S->mvcnt[j]; t++) {
            S->pick[depth] = t;
            GRUNDY_TRY(emit_child(S, par, m, depth + 1, fn, ctx));
            if (depth + 1 < S->k)
                GRUNDY_TRY(gen(S, par, m, j + 1, depth + 1, dedupe, fn,
                               ctx));
        }
    }
    return GRUNDY_OK;
}

static grundy_status push_child(search *S, void *ctx, size_t depth,
                                size_t len)
{
    size_t id;
    (void)ctx;
    (void)depth;
    GRUNDY_TRY(intern(S, S->kid, len, &id));
    GRUNDY_TRY(grow(S, (void **)&S->child, &S->childcap, S->nchild + 1,
                    sizeof *S->child));
    S->child[S->nchild++] = id;
    return GRUNDY_OK;
}

/* Push the children of state id onto the child stack. */
static grundy_status expand(search *S, size_t id)
{
    size_t m = S->st[id].len;
    GRUNDY_TRY(grow(S, (void **)&S->par, &S->parcap, m + 1, sizeof *S->par));
    if (m)
        memcpy(S->par, S->arena + S->st[id].off, m * sizeof *S->par);
    GRUNDY_TRY(list_moves(S, S->par, m));
    return gen(S, S->par, m, 0, 0, 1, push_child, NULL);
}

static grundy_status solve(search *S, size_t root)
{
    frame *fs = NULL;
    size_t nf = 0, fcap = 0;
    grundy_status s = GRUNDY_OK;

    if (S->st[root].status == ST_DONE)
        return GRUNDY_OK;
    s = grow(NULL, (void **)&fs, &fcap, 1, sizeof *fs);
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
            f->first = S->nchild;
            s = expand(S, f->id);
            if (s != GRUNDY_OK)
                break;
            f->count = S->nchild - f->first;
            f->expanded = 1;
        }
        while (f->next < f->count) {
            size_t c = S->child[f->first + f->next];
            if (S->st[c].status == ST_DONE) {
                f->next++;
                continue;
            }
            if (S->st[c].status == ST_ACTIVE) {
                s = GRUNDY_ERR_ARG; /* a loop: not a finite game */
                break;
            }
            s = grow(NULL, (void **)&fs, &fcap, nf + 1, sizeof *fs);
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
        {
            uint64_t min_even = UINT64_MAX, max_odd = 0, r;
            int any = 0;
            size_t i;
            for (i = 0; i < f->count; i++) {
                uint64_t cr = S->st[S->child[f->first + i]].r;
                any = 1;
                if (cr % 2 == 0) {
                    if (cr < min_even)
                        min_even = cr;
                } else if (cr > max_odd) {
                    max_odd = cr;
                }
            }
            if (!any)
                r = S->conv == GRUNDY_PLAY_MISERE ? 1 : 0;
            else if (min_even != UINT64_MAX)
                r = min_even + 1;
            else
                r = max_odd + 1;
            S->st[f->id].r = r;
            S->st[f->id].status = ST_DONE;
            S->nchild = f->first;
            nf--;
        }
    }
    free(fs);
    return s;
}

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

static grundy_status root_emit(search *S, void *vctx, size_t depth,
                               size_t len)
{
    root_ctx *c = vctx;
    size_t id, d;
    uint64_t r;
    grundy_sum_move desc[64];
    /* The root's expansion solved every child already. */
    GRUNDY_TRY(intern(S, S->kid, len, &id));
    GRUNDY_RETURN_IF(S->st[id].status != ST_DONE, GRUNDY_ERR_ARG);
    r = S->st[id].r;
    for (d = 0; d < depth; d++) {
        size_t ci = c->map[S->sel[d]];
        memset(&desc[d], 0, sizeof desc[d]);
        desc[d].component = ci;
        desc[d].from = c->sum[ci].pos;
        desc[d].to = S->mv[S->mvoff[S->sel[d]] + S->pick[d]];
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

static void search_free(search *S)
{
    free(S->games);
    free(S->arena);
    free(S->st);
    free(S->slot);
    free(S->child);
    free(S->par);
    free(S->mv);
    free(S->mvoff);
    free(S->mvcnt);
    free(S->tmp);
    free(S->kid);
}

static grundy_status search_run(search *S, grundy_sum_search_result *out,
                                const grundy_sum_component *sum, size_t n,
                                root_ctx *rc)
{
    item *orig, *canon;
    size_t *map;
    size_t i, j, len = 0, root;
    grundy_status s;

    S->games = malloc((n + 1) * sizeof *S->games);
    orig = malloc((n + 1) * sizeof *orig);
    canon = malloc((n + 1) * sizeof *canon);
    map = malloc((n + 1) * sizeof *map);
    if (!S->games || !orig || !canon || !map) {
        s = GRUNDY_ERR_NOMEM;
        goto out;
    }
    for (i = 0; i < n; i++) {
        const grundy_game *gi = grundy_values_game(sum[i].values);
        grundy_pos np = grundy_game_num_positions(gi);
        if (np && np != UINT64_MAX && sum[i].pos >= np) {
            s = GRUNDY_ERR_RANGE;
            goto out;
        }
        for (j = 0; j < S->ngames && S->games[j] != gi; j++)
            ;
        if (j == S->ngames)
            S->games[S->ngames++] = gi;
        if (!is_terminal(gi, sum[i].pos)) {
            orig[len].g = j;
            orig[len].p = sum[i].pos;
            map[len] = i;
            canon[len] = orig[len];
            len++;
        }
    }
    qsort(canon, len, sizeof *canon, item_cmp);
    s = intern(S, canon, len, &root);
    if (s == GRUNDY_OK)
        s = solve(S, root);
    if (s != GRUNDY_OK)
        goto out;
    out->remoteness = S->st[root].r;
    out->first_wins = (int)(S->st[root].r % 2);
    rc->first_wins = out->first_wins;
    rc->sum = sum;
    rc->map = map;
    /* The root's moves again, in the order and numbering of the sum. */
    s = list_moves(S, orig, len);
    if (s == GRUNDY_OK)
        s = gen(S, orig, len, 0, 0, 0, root_emit, rc);
    out->states = S->nst;
out:
    free(orig);
    free(canon);
    free(map);
    return s;
}

/* The search of a sum visits every combination of its components' own
 * positions: with c_i the state count of component i searched alone, the
 * sum holds prod c_i states when the components' positions never
 * coincide, and about prod c_i / n! when they are all equal (equal
 * components are interchangeable).  The estimate takes the geometric
 * middle, prod c_i / sqrt(n!); past max_states the sum is refused at
 * once (GRUNDY_ERR_LIMIT) instead of after filling the limit, which can
 * take minutes when positions have many moves. */
#define SEARCH_ESTIMATE_MARGIN 1.0

/* The moves a search may list, per state it may hold (see search.max_moves
 * _listed). */
#define SEARCH_MOVES_PER_STATE 32
static grundy_status estimate(const grundy_sum_component *sum, size_t n,
                              const grundy_sum_search_opts *o)
{
    double logp = 0, lim = log((double)(o->max_states
                                            ? o->max_states
                                            : GRUNDY_SUM_SEARCH_DEFAULT_STATES) *
                               SEARCH_ESTIMATE_MARGIN);
    size_t i, j;
    double *c = malloc(n * sizeof *c);
    GRUNDY_RETURN_IF(!c, GRUNDY_ERR_NOMEM);
    for (i = 0; i < n; i++) {
        grundy_sum_search_result r;
        grundy_sum_search_opts one = *o;
        grundy_status s;
        for (j = 0; j < i; j++)
            if (sum[j].values == sum[i].values && sum[j].pos == sum[i].pos)
                break;
        if (j < i) {
            c[i] = c[j];
        } else {
            one.moore_k = 1;
            one.estimate = 0;
            s = grundy_sum_search(&r, &sum[i], 1, &one);
            c[i] = (double)(r.states ? r.states : 1);
            grundy_sum_search_result_clear(&r);
            if (s != GRUNDY_OK) {
                free(c);
                return s;
            }
        }
        logp += log(c[i]) - 0.5 * log((double)(i + 1));
    }
    free(c);
    return logp > lim ? GRUNDY_ERR_LIMIT : GRUNDY_OK;
}

grundy_status grundy_sum_search(grundy_sum_search_result *out,
                                const grundy_sum_component *sum, size_t n,
                                const grundy_sum_search_opts *o)
{
    search S;
    root_ctx rc;
    grundy_sum_search_opts def;
    grundy_status s;

    memset(out, 0, sizeof *out);
    if (!o) {
        grundy_sum_search_opts_init(&def);
        o = &def;
    }
    GRUNDY_RETURN_IF(o->moore_k > GRUNDY_MOORE_KMAX, GRUNDY_ERR_ARG);
    if (n > 1 && o->estimate)
        GRUNDY_TRY(estimate(sum, n, o));
    memset(&S, 0, sizeof S);
    memset(&rc, 0, sizeof rc);
    S.conv = o->convention;
    S.k = o->moore_k ? o->moore_k : 1;
    S.max_states =
        o->max_states ? o->max_states : GRUNDY_SUM_SEARCH_DEFAULT_STATES;
    S.max_moves_listed = (uint64_t)S.max_states * SEARCH_MOVES_PER_STATE;
    S.lim = o->limits;
    s = search_run(&S, out, sum, n, &rc);
    search_free(&S);
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
