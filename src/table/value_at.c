/*
 * value_at.c -- one Grundy value, computing only what it needs.
 *
 * In order of preference: the family's closed form; a proven period
 * (subtraction games and octal codes, found on a table grown by
 * doubling); a sliding window of the last max_take values, O(1) memory,
 * for heap games whose moves stay within that window; a memoised
 * depth-first search of the positions reachable from p for finite families
 * (for rect:RxC, a dense table over the subsets of p); a dense table up to
 * p.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/rect.h"
#include "grundy/takebreak.h"
#include "core/progress.h"
#include "table/table_internal.h"

#define PERIOD_TABLE_MAX ((grundy_pos)1 << 26)

static grundy_status by_period(grundy_value *out, const grundy_game *g,
                               grundy_pos p, const grundy_limits *opts,
                               int *done)
{
    grundy_table *t = NULL;
    grundy_pos n = 1024;
    grundy_period per;
    *done = 0;
    GRUNDY_TRY(grundy_table_new(&t, g, n, opts));
    for (;;) {
        grundy_status s;
        if (p < grundy_table_size(t)) {
            *out = grundy_table_get(t, p);
            *done = 1;
            break;
        }
        grundy_period_find(&per, t);
        if (per.proven) {
            grundy_pos q = per.preperiod;
            *out = grundy_table_get(t, q + (p - q) % per.period);
            *done = 1;
            break;
        }
        /* take-and-break tables cost more per entry: stop at 2^20 */
        if (n >= (grundy_takebreak_get(g) ? PERIOD_TABLE_MAX >> 6
                                           : PERIOD_TABLE_MAX))
            break;
        n *= 2;
        s = grundy_table_extend(t, n, opts);
        if (s != GRUNDY_OK) {
            grundy_table_free(t);
            return s;
        }
    }
    grundy_table_free(t);
    return GRUNDY_OK;
}

/* Sliding window: ring[x % w] = g(x) for the last w positions.  Returns
 * *done = 0 if a move leaves the window (then another method is used). */
static grundy_status by_window(grundy_value *out, const grundy_game *g,
                               grundy_pos p, grundy_pos take,
                               const grundy_limits *opts, int *done)
{
    size_t w = (size_t)take + 1, nm, mcap = 0, i;
    grundy_value *ring;
    grundy_move *mv = NULL;
    grundy_status s = GRUNDY_OK;
    grundy_pos x;

    *done = 0;
    GRUNDY_RETURN_IF(take >= ((grundy_pos)1 << 24), GRUNDY_OK);
    ring = calloc(w, sizeof *ring);
    GRUNDY_RETURN_IF(!ring, GRUNDY_ERR_NOMEM);
    for (x = 0; x <= p; x++) {
        uint64_t seen[4] = {0, 0, 0, 0};
        grundy_value mex = 0, big = 0;
        s = grundy_game_moves(g, x, &mv, &mcap, &nm);
        if (s != GRUNDY_OK)
            break;
        for (i = 0; i < nm; i++) {
            grundy_value v = 0;
            unsigned k;
            for (k = 0; k < mv[i].nparts; k++) {
                if (mv[i].part[k] >= x || mv[i].part[k] + take < x)
                    goto out; /* leaves the window */
                v ^= ring[mv[i].part[k] % w];
            }
            if (v < 256)
                seen[v / 64] |= 1ull << (v % 64);
            else
                big = 1;
        }
        if (big)
            goto out; /* values this large: use a table */
        while (mex < 256 && (seen[mex / 64] >> (mex % 64)) & 1)
            mex++;
        ring[x % w] = mex;
        if (opts && opts->progress && (x % GRUNDY_PROGRESS_STEP) == 0)
            grundy_progress_report(opts, "table", x, p);
    }
    *out = ring[p % w];
    *done = 1;
out:
    free(ring);
    free(mv);
    return s;
}

/* Memoised search for finite families. */
typedef struct memo {
    grundy_pos *key;
    grundy_value *val;
    size_t cap, n;
} memo;

static size_t memo_slot(const memo *m, grundy_pos k)
{
    uint64_t h = (k + 1) * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 17) & (m->cap - 1);
    while (m->key[i] != UINT64_MAX && m->key[i] != k)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static grundy_status memo_put(memo *m, grundy_pos k, grundy_value v)
{
    size_t i;
    if (2 * (m->n + 1) > m->cap) {
        memo nm;
        size_t j;
        nm.cap = m->cap ? 2 * m->cap : 1024;
        nm.n = 0;
        nm.key = malloc(nm.cap * sizeof *nm.key);
        nm.val = malloc(nm.cap * sizeof *nm.val);
        if (!nm.key || !nm.val) {
            free(nm.key);
            free(nm.val);
            return GRUNDY_ERR_NOMEM;
        }
        memset(nm.key, 0xFF, nm.cap * sizeof *nm.key);
        for (j = 0; j < m->cap; j++)
            if (m->key[j] != UINT64_MAX) {
                size_t s = memo_slot(&nm, m->key[j]);
                nm.key[s] = m->key[j];
                nm.val[s] = m->val[j];
                nm.n++;
            }
        free(m->key);
        free(m->val);
        *m = nm;
    }
    i = memo_slot(m, k);
    if (m->key[i] == UINT64_MAX)
        m->n++;
    m->key[i] = k;
    m->val[i] = v;
    return GRUNDY_OK;
}

static int memo_get(const memo *m, grundy_pos k, grundy_value *v)
{
    size_t i;
    if (!m->cap)
        return 0;
    i = memo_slot(m, k);
    if (m->key[i] == UINT64_MAX)
        return 0;
    *v = m->val[i];
    return 1;
}

typedef struct frame {
    grundy_pos pos;
    size_t first, count, next; /* moves in the shared move stack */
} frame;

/* Iterative DFS: a frame's moves live on one growing stack of moves. */
static grundy_status by_search(grundy_value *out, const grundy_game *g,
                               grundy_pos root)
{
    memo m = {0};
    frame *fs = NULL;
    grundy_move *ms = NULL, *tmp = NULL;
    size_t nf = 0, fcap = 0, nms = 0, mscap = 0, tcap = 0, nm;
    grundy_status s = GRUNDY_OK;
    grundy_value *vals = NULL;
    size_t vcap = 0;

#define PUSH_FRAME(P)                                                         \
    do {                                                                      \
        if (nf == fcap) {                                                     \
            frame *nfs;                                                       \
            fcap = fcap ? 2 * fcap : 64;                                      \
            nfs = realloc(fs, fcap * sizeof *fs);                             \
            if (!nfs) {                                                       \
                s = GRUNDY_ERR_NOMEM;                                         \
                goto done;                                                    \
            }                                                                 \
            fs = nfs;                                                         \
        }                                                                     \
        s = grundy_game_moves(g, (P), &tmp, &tcap, &nm);                      \
        if (s != GRUNDY_OK)                                                   \
            goto done;                                                        \
        if (nms + nm > mscap) {                                               \
            grundy_move *nmv;                                                 \
            mscap = 2 * (nms + nm) + 64;                                      \
            nmv = realloc(ms, mscap * sizeof *ms);                            \
            if (!nmv) {                                                       \
                s = GRUNDY_ERR_NOMEM;                                         \
                goto done;                                                    \
            }                                                                 \
            ms = nmv;                                                         \
        }                                                                     \
        if (nm)                                                               \
            memcpy(ms + nms, tmp, nm * sizeof *ms);                           \
        fs[nf].pos = (P);                                                     \
        fs[nf].first = nms;                                                   \
        fs[nf].count = nm;                                                    \
        fs[nf].next = 0;                                                      \
        nms += nm;                                                            \
        nf++;                                                                 \
    } while (0)

    PUSH_FRAME(root);
    while (nf) {
        frame *f = &fs[nf - 1];
        int pushed = 0;
        /* Make sure every part of every move is known. */
        while (!pushed && f->next < f->count) {
            const grundy_move *mv = &ms[f->first + f->next];
            unsigned k;
            grundy_value v;
            for (k = 0; k < mv->nparts; k++)
                if (!memo_get(&m, mv->part[k], &v)) {
                    grundy_pos child = mv->part[k];
                    PUSH_FRAME(child);
                    pushed = 1;
                    break;
                }
            if (!pushed)
                f->next++;
        }
        if (pushed)
            continue;
        {
            size_t i;
            grundy_value mex = 0;
            if (f->count + 1 > vcap) {
                grundy_value *nv;
                vcap = 2 * f->count + 64;
                nv = realloc(vals, vcap * sizeof *vals);
                if (!nv) {
                    s = GRUNDY_ERR_NOMEM;
                    goto done;
                }
                vals = nv;
            }
            for (i = 0; i < f->count; i++) {
                const grundy_move *mv = &ms[f->first + i];
                grundy_value v = 0, x = 0;
                unsigned k;
                for (k = 0; k < mv->nparts; k++) {
                    int ok = memo_get(&m, mv->part[k], &x);
                    assert(ok);
                    (void)ok;
                    v ^= x;
                }
                vals[i] = v;
            }
            /* mex by repeated scan is fine: boards have few moves. */
            for (;;) {
                for (i = 0; i < f->count && vals[i] != mex; i++)
                    ;
                if (i == f->count)
                    break;
                mex++;
            }
            s = memo_put(&m, f->pos, mex);
            if (s != GRUNDY_OK)
                goto done;
            nms = f->first;
            nf--;
        }
    }
    {
        int ok = memo_get(&m, root, out);
        assert(ok);
        (void)ok;
    }
#undef PUSH_FRAME
done:
    free(m.key);
    free(m.val);
    free(fs);
    free(ms);
    free(tmp);
    free(vals);
    return s;
}

grundy_status grundy_value_at(grundy_value *out, const grundy_game *g,
                              grundy_pos p, const grundy_limits *opts)
{
    const grundy_rules *r = grundy_game_rules(g);
    const void *params = grundy_game_params(g);
    grundy_pos np = grundy_game_num_positions(g);
    grundy_table *t;
    int done = 0;

    if (r->value && r->value(params, p, out))
        return GRUNDY_OK;
    if (np) {
        GRUNDY_RETURN_IF(p >= np, GRUNDY_ERR_RANGE);
        /* The subsets of p alone (one thread), unless p is the full board:
         * then the tier table of every position, on the threads. */
        if (r == &grundy_rules_rect &&
            ((grundy_pos)2 << __builtin_popcountll(p)) <= np)
            return grundy_table_value_rect(out, g, p, opts);
        if (r == &grundy_rules_rect) {
            GRUNDY_TRY(grundy_table_new(&t, g, np, opts));
            *out = grundy_table_get(t, p);
            grundy_table_free(t);
            return GRUNDY_OK;
        }
        return by_search(out, g, p);
    }
    if ((r == &grundy_rules_subtract || r == &grundy_rules_octal) &&
        p >= 1024) {
        GRUNDY_TRY(by_period(out, g, p, opts, &done));
        if (done)
            return GRUNDY_OK;
    }
    /* A family kernel over a table beats the generic window by 10x or
     * more; use it while the table stays small. */
    if (grundy_table_has_fast(g) && p < ((grundy_pos)1 << 32)) {
        size_t bytes;
        if (grundy_table_estimate(&bytes, g, p + 1) == GRUNDY_OK &&
            grundy_limits_mem_check(opts, bytes) == GRUNDY_OK) {
            GRUNDY_TRY(grundy_table_new(&t, g, p + 1, opts));
            *out = grundy_table_get(t, p);
            grundy_table_free(t);
            return GRUNDY_OK;
        }
    }
    if (r->max_take && r->max_take(params) > 0) {
        GRUNDY_TRY(by_window(out, g, p, r->max_take(params), opts, &done));
        if (done)
            return GRUNDY_OK;
    }
    GRUNDY_RETURN_IF(p == UINT64_MAX, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_table_new(&t, g, p + 1, opts));
    *out = grundy_table_get(t, p);
    grundy_table_free(t);
    return GRUNDY_OK;
}
