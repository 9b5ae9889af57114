/*
 * search.c -- single positions of finite families by search: the board
 * search (grundy/board.h) for families with parts and keys, the subsets
 * of a board position, and a memoised search of the game tree for the
 * rest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/grow.h"
#include "core/progress.h"
#include "values/values_internal.h"

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

static grundy_status memo_put(memo *m, grundy_pos k, grundy_value v,
                              const grundy_limits *lim)
{
    size_t i;
    if (2 * (m->n + 1) > m->cap) {
        memo nm;
        size_t j;
        nm.cap = m->cap ? 2 * m->cap : 1024;
        GRUNDY_TRY(grundy_limits_mem_check(
            lim, nm.cap * (sizeof *nm.key + sizeof *nm.val)));
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
                               grundy_pos root, const grundy_limits *lim)
{
    grundy_ticker tk;
    memo m = {0};
    frame *fs = NULL;
    grundy_move *ms = NULL, *tmp = NULL;
    size_t nf = 0, fcap = 0, nms = 0, mscap = 0, tcap = 0, nm;
    grundy_status s = GRUNDY_OK;
    grundy_value *vals = NULL;
    size_t vcap = 0;

#define PUSH_FRAME(P)                                                         \
    do {                                                                      \
        s = GRUNDY_GROW(fs, fcap, nf + 1);                                    \
        if (s == GRUNDY_OK)                                                   \
            s = grundy_game_moves(g, (P), &tmp, &tcap, &nm);                  \
        if (s == GRUNDY_OK)                                                   \
            s = GRUNDY_GROW(ms, mscap, nms + nm);                             \
        if (s != GRUNDY_OK)                                                   \
            goto done;                                                        \
        if (nm)                                                               \
            memcpy(ms + nms, tmp, nm * sizeof *ms);                           \
        fs[nf].pos = (P);                                                     \
        fs[nf].first = nms;                                                   \
        fs[nf].count = nm;                                                    \
        fs[nf].next = 0;                                                      \
        nms += nm;                                                            \
        nf++;                                                                 \
    } while (0)

    grundy_ticker_init(&tk, lim, "search", 0);
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
            s = GRUNDY_GROW(vals, vcap, f->count + 1);
            if (s != GRUNDY_OK)
                goto done;
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
            s = memo_put(&m, f->pos, mex, lim);
            if (s == GRUNDY_OK)
                s = grundy_ticker_tick(&tk, m.n);
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
    GRUNDY_FREE_ALL(m.key, m.val, fs, ms, tmp, vals);
    return s;
}
/* The endgame database ******************************************************/

/* Chosen from the memory limit: the window's table (a byte a position)
 * within 1/64 of it, at most ENDDB_AUTO_MAX cells; and only for a search
 * whose largest part has ENDDB_AUTO_MARGIN cells more than the window
 * (a smaller search ends before the database would be built). */
#define ENDDB_AUTO_MAX 24
#define ENDDB_AUTO_MARGIN 16
/* Asked for: at most this many cells (the window's table of 2^40
 * bytes would not fit any machine this runs on anyway). */
#define ENDDB_MAX 40

static unsigned enddb_auto(const grundy_values *v)
{
    size_t mem = grundy_limits_mem(v->lim);
    unsigned k = ENDDB_AUTO_MAX;
    while (k > 4 && ((size_t)1 << k) * 64 > mem)
        k--;
    return k;
}

static void enddb_drop(grundy_values *v)
{
    grundy_values_free(v->enddb_values);
    grundy_game_free(v->enddb_game);
    v->enddb_values = NULL;
    v->enddb_game = NULL;
}

/* The window game of at most k cells, its table (from the store, or
 * tabulated and saved there) and the database built from it; a window
 * that does not fit the memory or work limits is made smaller. */
static grundy_status enddb_setup(grundy_values *v, unsigned k)
{
    grundy_values_opts o;
    grundy_values_opts_init(&o);
    o.limits = v->lim;
    o.store = v->store;
    o.store_min_ms = 0; /* a window table is always worth keeping */
    o.checkpoint_ms = v->checkpoint_ms;
    o.enddb = 0;
    while (k >= 4) {
        char spec[128];
        const grundy_table *t = NULL;
        grundy_status s;
        grundy_pos np;
        size_t n = v->rules->window(v->params, k, spec, sizeof spec);
        if (!n || n >= sizeof spec)
            return GRUNDY_OK; /* no window */
        s = grundy_game_new(&v->enddb_game, spec, NULL);
        if (s == GRUNDY_OK)
            s = grundy_values_new(&v->enddb_values, v->enddb_game, &o);
        np = s == GRUNDY_OK ? grundy_game_num_positions(v->enddb_game) : 0;
        if (s == GRUNDY_OK)
            s = grundy_values_table(&t, v->enddb_values, np);
        if (s == GRUNDY_OK)
            s = grundy_board_set_enddb(v->board, v->enddb_game, t);
        if (s == GRUNDY_OK) {
            v->enddb_cells = (unsigned)__builtin_ctzll(np);
            return GRUNDY_OK;
        }
        enddb_drop(v);
        if (s != GRUNDY_ERR_LIMIT && s != GRUNDY_ERR_WORK &&
            s != GRUNDY_ERR_NOMEM)
            return s;
        /* too large: the next smaller window */
        k = (unsigned)__builtin_ctzll(np ? np : 2) - 1;
    }
    return GRUNDY_OK;
}

unsigned grundy_values_enddb_cells(const grundy_values *v, int *asked)
{
    if (asked)
        *asked = v->enddb_asked;
    return v->enddb_cells;
}

/* The board search (grundy/board.h), made on first use and kept, with its
 * table, for every later question.  GRUNDY_ERR_LIMIT when not even its
 * smallest table fits: the other methods are then tried.  The endgame
 * database is built for the first position that needs it. */
static grundy_status by_board(grundy_value *out, grundy_values *v,
                              grundy_pos p)
{
    grundy_status s;
    if (!v->board) {
        grundy_board_opts o;
        grundy_board_opts_init(&o);
        o.limits = v->lim;
        GRUNDY_TRY(grundy_values_journal_setup(v, &o));
        GRUNDY_TRY(grundy_board_new(&v->board, v->game, &o));
        GRUNDY_TRY(grundy_values_journal_load(v));
    }
    if (v->enddb_asked && !v->enddb_tried && v->rules->window) {
        unsigned k = v->enddb_asked > 0 ? (unsigned)v->enddb_asked
                                        : enddb_auto(v);
        if (k > ENDDB_MAX)
            k = ENDDB_MAX;
        if (v->enddb_asked > 0 ||
            grundy_board_largest_part(v->board, p) >= k + ENDDB_AUTO_MARGIN) {
            v->enddb_tried = 1;
            GRUNDY_TRY(enddb_setup(v, k));
        }
    }
    v->source = "board search";
    s = grundy_board_value(out, v->board, p);
    if (s == GRUNDY_ERR_CANCELLED)
        grundy_values_journal_sync(v->journal); /* what was found */
    return s;
}

int grundy_values_search_stats(grundy_board_stats *out,
                               const grundy_values *v)
{
    memset(out, 0, sizeof *out);
    if (!v->board)
        return 0;
    grundy_board_get_stats(out, v->board);
    return 1;
}

/* Sources ******************************************************************/

/* Boards with parts and keys: the board search, unless p is small enough
 * for its subsets. */
static int board_applies(const grundy_values *v, grundy_pos p)
{
    if (grundy_game_board_words(v->game) > 1)
        return 1; /* positions are handles: nothing else applies */
    return grundy_board_applies(v->game) && v->method == GRUNDY_TABLE_AUTO &&
           !((v->rules->flags & GRUNDY_RULES_SUBSETS) &&
             __builtin_popcountll(p) <= BOARD_SUBSETS_MAX_CELLS);
}

static grundy_status board_get(grundy_value *out, int *done,
                               grundy_values *v, grundy_pos p)
{
    grundy_status s = by_board(out, v, p);
    if (s != GRUNDY_ERR_LIMIT) {
        *done = 1;
        return s;
    }
    v->board_refused = 1;
    return GRUNDY_OK;
}

const grundy_values_src grundy_values_src_board_search = {
    "board search", board_applies, board_get};

/* The subsets of p alone, unless p is the full board (or close): then the
 * table of every position, on the threads.  (2 << cells is only taken
 * below 63 cells: past it the shift wraps.) */
static int subsets_applies(const grundy_values *v, grundy_pos p)
{
    return (v->rules->flags & GRUNDY_RULES_SUBSETS) &&
           __builtin_popcountll(p) < 63 &&
           ((grundy_pos)2 << __builtin_popcountll(p)) <=
               grundy_game_num_positions(v->game);
}

static grundy_status subsets_get(grundy_value *out, int *done,
                                 grundy_values *v, grundy_pos p)
{
    grundy_status s = grundy_table_value_subsets(out, v->game, p, v->lim);
    if (s == GRUNDY_ERR_OVERFLOW)
        return GRUNDY_OK;
    v->source = "subsets";
    *done = 1;
    return s;
}

const grundy_values_src grundy_values_src_subsets = {
    "subsets", subsets_applies, subsets_get};

/* The last resort.  A board search past the memory limit is the answer:
 * the plain search would need more memory still, or run without end. */
static grundy_status search_get(grundy_value *out, int *done,
                                grundy_values *v, grundy_pos p)
{
    GRUNDY_RETURN_IF(v->board_refused, GRUNDY_ERR_LIMIT);
    v->source = "search";
    *done = 1;
    return by_search(out, v->game, p, v->lim);
}

const grundy_values_src grundy_values_src_search = {"search", NULL,
                                                       search_get};
