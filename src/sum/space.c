/*
 * space.c -- the positions of a sum as interned multisets, and the move
 * sets that lead from one to the next: what the exact search (search.c)
 * and the retrograde analysis of sums with cycles (retro.c) both walk.
 *
 * A position of the sum is a multiset of (game, position) items, kept
 * sorted so that equal components are interchangeable, with items that
 * certainly have no move dropped (they add nothing to any player's
 * options).  Each distinct multiset is interned once in an open-addressing
 * table over an arena of items.  A child is made by replacing the 1..k
 * chosen items by the parts their moves leave, then sorting.
 *
 * Both bounds are the caller's limits: max_states positions, and the work
 * limit counted in children generated (the step that costs: a sort, a
 * hash and a look-up), so that a few positions with very many moves (one
 * Nim heap of 10^5 has 10^5 positions and 5*10^9 moves among them) are
 * refused like many positions.  An estimate made before a search refuses
 * at once what the bounds would stop only after filling them.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/grow.h"
#include "sum/sum_internal.h"

enum { ST_NEW = 0 };

void grundy_sum_space_init(sum_space *S, grundy_play_convention conv,
                           unsigned k, size_t max_states,
                           const grundy_limits *lim, const char *phase)
{
    memset(S, 0, sizeof *S);
    S->conv = conv;
    S->k = k ? k : 1;
    S->max_states = max_states ? max_states : GRUNDY_SUM_SEARCH_DEFAULT_STATES;
    S->max_work = grundy_limits_work(lim);
    S->lim = lim;
    grundy_ticker_init(&S->tick, lim, phase, 0);
}

void grundy_sum_space_free(sum_space *S)
{
    GRUNDY_FREE_ALL(S->games, S->arena, S->st, S->slot, S->par, S->mv, S->mvoff,
                    S->mvcnt, S->tmp, S->kid);
    memset(S, 0, sizeof *S);
}

grundy_status grundy_sum_space_grow(sum_space *S, void **p, size_t *cap,
                                    size_t need, size_t size)
{
    return grundy_array_grow_counted(p, cap, need, size, S ? S->lim : NULL,
                                     S ? &S->bytes : NULL);
}

static int item_cmp(const void *a, const void *b)
{
    const sum_item *x = a, *y = b;
    if (x->g != y->g)
        return x->g < y->g ? -1 : 1;
    return (x->p > y->p) - (x->p < y->p);
}

static uint64_t hash_items(const sum_item *it, size_t len)
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

static size_t find_slot(const sum_space *S, const sum_item *it, size_t len)
{
    size_t i = (size_t)(hash_items(it, len) >> 7) & (S->hcap - 1);
    for (;;) {
        size_t id = S->slot[i];
        if (!id)
            return i;
        id--;
        if (S->st[id].len == len &&
            (!len ||
             memcmp(S->arena + S->st[id].off, it, len * sizeof *it) == 0))
            return i;
        i = (i + 1) & (S->hcap - 1);
    }
}

static grundy_status rehash(sum_space *S)
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

grundy_status grundy_sum_space_intern(sum_space *S, const sum_item *it,
                                      size_t len, size_t *id)
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
    GRUNDY_TRY(grundy_sum_space_grow(S, (void **)&S->st, &S->stcap,
                                     S->nst + 1, sizeof *S->st));
    GRUNDY_TRY(grundy_sum_space_grow(S, (void **)&S->arena, &S->acap,
                                     S->alen + len + 1, sizeof *S->arena));
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

static grundy_status game_index(sum_space *S, const grundy_game *g,
                                uint64_t *idx)
{
    size_t j;
    for (j = 0; j < S->ngames && S->games[j] != g; j++)
        ;
    if (j == S->ngames) {
        GRUNDY_TRY(grundy_sum_space_grow(NULL, (void **)&S->games, &S->gcap,
                                         S->ngames + 1, sizeof *S->games));
        S->games[S->ngames++] = g;
    }
    *idx = j;
    return GRUNDY_OK;
}

grundy_status grundy_sum_space_item(sum_space *S, const grundy_game *g,
                                    grundy_pos p, sum_item *it, int *keep)
{
    *keep = !is_terminal(g, p);
    if (*keep) {
        GRUNDY_TRY(game_index(S, g, &it->g));
        it->p = p;
    }
    return GRUNDY_OK;
}

/* Append (g, p) to (*out)[*len] unless it has no move. */
static grundy_status put_item(sum_space *S, sum_item **out, size_t *cap,
                              size_t *len, const grundy_game *g,
                              grundy_pos p)
{
    if (is_terminal(g, p))
        return GRUNDY_OK;
    GRUNDY_TRY(grundy_sum_space_grow(NULL, (void **)out, cap, *len + 1,
                                     sizeof **out));
    GRUNDY_TRY(game_index(S, g, &(*out)[*len].g));
    (*out)[*len].p = p;
    (*len)++;
    return GRUNDY_OK;
}

grundy_status grundy_sum_space_items(sum_space *S, sum_item **out,
                                     size_t *cap, size_t *len,
                                     const grundy_sum_component *sum,
                                     size_t n, const grundy_sum_move *m,
                                     size_t nm)
{
    size_t i, j;
    *len = 0;
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_values_game(sum[i].values);
        grundy_pos np = grundy_game_num_positions(g);
        const grundy_sum_move *mv = NULL;
        GRUNDY_RETURN_IF(np && np != UINT64_MAX && sum[i].pos >= np,
                         GRUNDY_ERR_RANGE);
        for (j = 0; j < nm && !mv; j++)
            if (m[j].component == i)
                mv = &m[j];
        if (!mv) {
            GRUNDY_TRY(put_item(S, out, cap, len, g, sum[i].pos));
            continue;
        }
        for (j = 0; j < mv->to.nparts; j++)
            GRUNDY_TRY(put_item(S, out, cap, len, g, mv->to.part[j]));
    }
    if (*len > 1)
        qsort(*out, *len, sizeof **out, item_cmp);
    return GRUNDY_OK;
}

/* The moves of every item of par[0..m) into S->mv. */
static grundy_status list_moves(sum_space *S, const sum_item *par, size_t m)
{
    size_t j, nm;
    GRUNDY_TRY(grundy_sum_space_grow(S, (void **)&S->mvoff, &S->mvoff_cap,
                                     m + 1, sizeof *S->mvoff));
    GRUNDY_TRY(grundy_sum_space_grow(S, (void **)&S->mvcnt, &S->mvcnt_cap,
                                     m + 1, sizeof *S->mvcnt));
    S->nmv = 0;
    for (j = 0; j < m; j++) {
        const grundy_game *g = S->games[par[j].g];
        const grundy_rules *r = grundy_game_rules(g);
        size_t mm = r->max_moves(grundy_game_params(g), par[j].p);
        GRUNDY_RETURN_IF(mm > GRUNDY_SUM_MAX_MOVES, GRUNDY_ERR_LIMIT);
        GRUNDY_RETURN_IF(S->work + mm > S->max_work, GRUNDY_ERR_WORK);
        GRUNDY_TRY(grundy_game_moves(g, par[j].p, &S->tmp, &S->tmpcap, &nm));
        GRUNDY_TRY(grundy_sum_space_grow(S, (void **)&S->mv, &S->mvcap,
                                         S->nmv + nm + 1, sizeof *S->mv));
        if (nm)
            memcpy(S->mv + S->nmv, S->tmp, nm * sizeof *S->mv);
        S->mvoff[j] = S->nmv;
        S->mvcnt[j] = nm;
        S->nmv += nm;
    }
    return GRUNDY_OK;
}

const grundy_move *grundy_sum_space_move(const sum_space *S, size_t d)
{
    return &S->mv[S->mvoff[S->sel[d]] + S->pick[d]];
}

static grundy_status emit_child(sum_space *S, const sum_item *par, size_t m,
                                size_t depth, sum_emit_fn fn, void *ctx)
{
    size_t len = 0, j, d;
    GRUNDY_RETURN_IF(++S->work > S->max_work, GRUNDY_ERR_WORK);
    GRUNDY_TRY(grundy_ticker_tick(&S->tick, S->work));
    GRUNDY_TRY(grundy_sum_space_grow(S, (void **)&S->kid, &S->kidcap,
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
        const grundy_move *mv = grundy_sum_space_move(S, d);
        const grundy_game *g = S->games[par[S->sel[d]].g];
        unsigned q;
        for (q = 0; q < mv->nparts; q++)
            if (!is_terminal(g, mv->part[q])) {
                S->kid[len].g = par[S->sel[d]].g;
                S->kid[len].p = mv->part[q];
                len++;
            }
    }
    if (len > 1)
        qsort(S->kid, len, sizeof *S->kid, item_cmp);
    return fn(S, ctx, depth, len);
}

/* Every move set of 1..k items of par[0..m) chosen from index start on.
 * With dedupe, equal items are chosen in order only (a multiset). */
static grundy_status gen(sum_space *S, const sum_item *par, size_t m,
                         size_t start, size_t depth, int dedupe,
                         sum_emit_fn fn, void *ctx)
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

grundy_status grundy_sum_space_children(sum_space *S, const sum_item *par,
                                        size_t m, int dedupe, sum_emit_fn fn,
                                        void *ctx)
{
    GRUNDY_TRY(list_moves(S, par, m));
    return gen(S, par, m, 0, 0, dedupe, fn, ctx);
}

static grundy_status push_id(sum_space *S, void *ctx, size_t depth, size_t len)
{
    sum_ids *out = ctx;
    size_t id;
    (void)depth;
    GRUNDY_TRY(grundy_sum_space_intern(S, S->kid, len, &id));
    GRUNDY_TRY(grundy_sum_space_grow(S, (void **)&out->id, &out->cap,
                                     out->n + 1, sizeof *out->id));
    out->id[out->n++] = id;
    return GRUNDY_OK;
}

grundy_status grundy_sum_space_child_ids(sum_space *S, size_t id, sum_ids *out)
{
    size_t m = S->st[id].len;
    GRUNDY_TRY(grundy_sum_space_grow(S, (void **)&S->par, &S->parcap, m + 1,
                                     sizeof *S->par));
    if (m)
        memcpy(S->par, S->arena + S->st[id].off, m * sizeof *S->par);
    return grundy_sum_space_children(S, S->par, m, 1, push_id, out);
}
