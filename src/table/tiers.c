/*
 * tiers.c -- every position of a board family, in popcount tiers, on
 * several threads.
 *
 * A board family (GRUNDY_RULES_BOARD) numbers its positions by bitmask and
 * every move lowers the number of 1s.  So tier k (the positions with k 1s)
 * depends only on tiers < k, and the positions of one tier are independent
 * of each other: a tier is cut into chunks of consecutive k-subsets (in
 * numeric order), which threads take from a shared counter.  A chunk starts
 * by unranking its first subset (combinatorial number system) and walks on
 * with Gosper's next-subset step, so no tier list is ever stored: the only
 * memory is the table, one byte per position.  Each tier's computation is
 * a pure function of the lower tiers and of its slice, which is what lets
 * tiers be split across processes: the steps at one position (orbit,
 * children, mex) and the shape of the tiers are shared with grundy-mpi
 * (mpi/), which runs them on its slice of each tier and fetches the
 * children's values from the other processes (table/tiers.h).
 *
 * The family is asked, never recognised: its children hook lists the
 * positions one move away (else its moves() are used), and its orbit hook
 * the images of a position under the board's symmetries.  Only the least
 * position of each orbit is computed and its value copied to the others:
 * up to 8x less work on a square board, 4x on others.
 *
 * Per position, the values of the children are OR-ed into a 64-bit mask
 * (values >= 64 set a flag and fall back to a 256-bit mask) and the mex
 * is one count-trailing-zeros.
 *
 * Values are stored in one byte; a mex above 255 stops the tabulation with
 * GRUNDY_ERR_OVERFLOW (the generic method, which widens, still applies).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/progress.h"
#include "core/threads.h"
#include "table/tiers.h"

#define TIER_CHUNK ((uint64_t)1 << 13)
#define TIER_MAX_THREADS 256
/* Below this many positions threads cost more than they save. */
#define TIER_MIN_PARALLEL ((grundy_pos)1 << 15)
/* Nor for a tier of fewer positions than this (a few chunks each). */
#define TIER_MIN_PARALLEL_TIER (4 * TIER_CHUNK)

/* The shape of the tiers *************************************************/

grundy_status grundy_tiers_init(grundy_tiers *t, grundy_pos np)
{
    unsigned i, k, ones;
    memset(t, 0, sizeof *t);
    t->np = np;
    while (t->bits < 64 && ((grundy_pos)1 << t->bits) < np)
        t->bits++;
    GRUNDY_RETURN_IF(np == 0, GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(t->bits > GRUNDY_TIERS_MAX_BITS, GRUNDY_ERR_LIMIT);
    for (i = 0; i <= GRUNDY_TIERS_MAX_BITS; i++)
        for (k = 0; k <= i; k++)
            t->binom[i][k] = k == 0 || k == i ? 1
                                              : t->binom[i - 1][k - 1] +
                                                    t->binom[i - 1][k];
    /* Tier k below np: the k-subsets that agree with np above a 1 bit i
     * of np and have a 0 there. */
    for (k = 0; k <= t->bits; k++) {
        if (np == (grundy_pos)1 << t->bits) {
            t->size[k] = t->binom[t->bits][k];
            continue;
        }
        for (i = t->bits, ones = 0; i-- > 0;)
            if ((np >> i) & 1) {
                if (k >= ones && k - ones <= i)
                    t->size[k] += t->binom[i][k - ones];
                ones++;
            }
    }
    return GRUNDY_OK;
}

uint64_t grundy_tiers_unrank(const grundy_tiers *t, unsigned k, uint64_t idx)
{
    uint64_t x = 0;
    unsigned i;
    for (i = k; i >= 1; i--) {
        unsigned c = i - 1;
        while (c + 1 < t->bits && t->binom[c + 1][i] <= idx)
            c++;
        x |= (uint64_t)1 << c;
        idx -= t->binom[c][i];
    }
    return x;
}

void grundy_tiers_ranker_init(grundy_tiers_ranker *r, const grundy_tiers *t)
{
    unsigned b, j, v, i;
    memset(r, 0, sizeof *r);
    for (v = 0; v < 256; v++)
        r->pop[v] = (unsigned char)grundy_pop64(v);
    for (b = 0; b < GRUNDY_TIERS_MAX_BITS / 8; b++)
        for (j = 0; j <= 8 * b && j < GRUNDY_TIERS_MAX_BITS - 7; j++)
            for (v = 0; v < 256; v++) {
                uint64_t sum = 0;
                unsigned m = j;
                for (i = 0; i < 8; i++)
                    if ((v >> i) & 1)
                        sum += t->binom[8 * b + i][++m];
                r->t[b][j][v] = sum;
            }
}

/* The steps at one position ***********************************************/

void grundy_tier_step_init(grundy_tier_step *s, const grundy_game *g)
{
    memset(s, 0, sizeof *s);
    s->game = g;
    s->rules = grundy_game_rules(g);
    s->params = grundy_game_params(g);
    s->np = grundy_game_num_positions(g);
}

void grundy_tier_step_clear(grundy_tier_step *s)
{
    free(s->mv);
    free(s->child);
    s->mv = NULL;
    s->child = NULL;
    s->mcap = s->ccap = 0;
}

grundy_status grundy_tier_canon(grundy_pos *out, grundy_tier_step *s,
                                grundy_pos x)
{
    /* The hook may stop at the first image below x: follow images down
     * until x is the least of its listing, which ends because each step
     * goes lower. */
    grundy_pos img[GRUNDY_MAX_ORBIT];
    for (;;) {
        size_t ni, i;
        grundy_pos low = x;
        if (!s->rules->orbit)
            break;
        ni = s->rules->orbit(s->params, x, img, GRUNDY_MAX_ORBIT);
        GRUNDY_RETURN_IF(ni > GRUNDY_MAX_ORBIT, GRUNDY_ERR_ARG);
        for (i = 0; i < ni; i++)
            if (img[i] < low)
                low = img[i];
        if (low == x)
            break;
        GRUNDY_RETURN_IF(grundy_pop64(low) != grundy_pop64(x),
                         GRUNDY_ERR_ARG);
        x = low;
    }
    *out = x;
    return GRUNDY_OK;
}

grundy_status grundy_tier_children(size_t *nc, grundy_tier_step *s,
                                   grundy_pos x, unsigned k, int check)
{
    const grundy_rules *r = s->rules;
    size_t i, nm;
    if (r->children) {
        /* the buffer grows when a position has more children than it
         * holds, and the position is asked again */
        *nc = r->children(s->params, x, s->child, s->ccap);
        if (*nc > s->ccap) {
            grundy_pos *nb;
            GRUNDY_RETURN_IF(*nc > SIZE_MAX / 2 / sizeof *nb,
                             GRUNDY_ERR_NOMEM);
            nb = realloc(s->child, 2 * *nc * sizeof *nb);
            GRUNDY_RETURN_IF(!nb, GRUNDY_ERR_NOMEM);
            s->child = nb;
            s->ccap = 2 * *nc;
            *nc = r->children(s->params, x, s->child, s->ccap);
            GRUNDY_RETURN_IF(*nc > s->ccap, GRUNDY_ERR_ARG);
        }
    } else {
        GRUNDY_TRY(grundy_game_moves(s->game, x, &s->mv, &s->mcap, &nm));
        if (nm > s->ccap) {
            grundy_pos *nb = realloc(s->child, nm * sizeof *nb);
            GRUNDY_RETURN_IF(!nb, GRUNDY_ERR_NOMEM);
            s->child = nb;
            s->ccap = nm;
        }
        for (i = 0; i < nm; i++) {
            GRUNDY_RETURN_IF(s->mv[i].nparts != 1, GRUNDY_ERR_ARG);
            s->child[i] = s->mv[i].part[0];
        }
        *nc = nm;
        check = 1;
    }
    /* Children past the table, or of as many 1s as x, break the family's
     * contract: moves() is checked always, the children hook (a family's
     * own code, on the hot path) when asked and in debug builds, where
     * the checks cost nothing that matters. */
#ifndef NDEBUG
    check = 1;
#endif
    if (check)
        for (i = 0; i < *nc; i++)
            GRUNDY_RETURN_IF(s->child[i] >= s->np ||
                                 grundy_pop64(s->child[i]) >= k,
                             GRUNDY_ERR_ARG);
    return GRUNDY_OK;
}

/* One process ************************************************************/

typedef struct tier_job {
    uint8_t *g;
    grundy_fill *fill;
    grundy_tiers tiers;
    /* The tier in progress. */
    unsigned k;
    uint64_t tier_size, nchunks;
    atomic_uint_fast64_t next_chunk;
    atomic_uint_fast64_t done; /* positions finished, all tiers */
    atomic_int failed;
} tier_job;

typedef struct tier_worker {
    tier_job *job;
    int is_caller; /* reports progress */
    grundy_value max;
    grundy_pos max_at;
    grundy_tier_step step;
    grundy_status err;
    pthread_t tid;
} tier_worker;

/* The mex of the byte values at child[0 .. n): the loads are independent
 * of each other and the mask stays in a register. */
static grundy_value mex_bytes(const uint8_t *g, const grundy_pos *child,
                              size_t n)
{
    uint64_t seen = 0;
    unsigned big = 0;
    grundy_mex_set wide = {{0, 0, 0, 0}};
    size_t j;
    for (j = 0; j < n; j++) {
        unsigned v = g[child[j]];
        seen |= 1ull << (v & 63);
        big |= v;
    }
    if (big < 64 && ~seen != 0)
        return (grundy_value)__builtin_ctzll(~seen);
    for (j = 0; j < n; j++)
        grundy_mex_set_add(&wide, g[child[j]]);
    return grundy_mex_set_mex(&wide);
}

/* Only the least position of each orbit is computed, and its value is
 * written to the whole orbit.  Images have the same popcount, so they lie
 * in this tier; no thread reads this tier, and each image is written by
 * the one thread that owns its orbit's least position.  That least
 * position is also where the orbit first occurs, which is what max_at
 * needs. */
static grundy_status run_chunk(tier_worker *w, uint64_t chunk)
{
    tier_job *job = w->job;
    grundy_tier_step *st = &w->step;
    uint64_t first = chunk * TIER_CHUNK, m, j;
    uint64_t x;
    uint8_t *g = job->g;

    m = job->tier_size - first < TIER_CHUNK ? job->tier_size - first
                                            : TIER_CHUNK;
    x = grundy_tiers_unrank(&job->tiers, job->k, first);
    for (j = 0; j < m; j++, x = job->k ? grundy_tiers_next(x) : x) {
        grundy_value v;
        size_t i, nc;
        int least;
        GRUNDY_TRY(grundy_tier_orbit(&least, st, x, 0));
        if (!least)
            continue;
        GRUNDY_TRY(grundy_tier_children(&nc, st, x, job->k, 0));
        v = mex_bytes(g, st->child, nc);
        GRUNDY_RETURN_IF(v > 0xFF, GRUNDY_ERR_OVERFLOW);
        g[x] = (uint8_t)v;
        for (i = 0; i < st->nimg; i++)
            g[st->img[i]] = (uint8_t)v;
        if (v > w->max || (v == w->max && x < w->max_at)) {
            w->max = v;
            w->max_at = x;
        }
    }
    atomic_fetch_add(&job->done, m);
    return GRUNDY_OK;
}

static void *worker_run(void *arg)
{
    tier_worker *w = arg;
    tier_job *job = w->job;
    uint64_t c, since = 0;
    while (!atomic_load(&job->failed)) {
        c = atomic_fetch_add(&job->next_chunk, 1);
        if (c >= job->nchunks)
            break;
        w->err = run_chunk(w, c);
        if (w->err != GRUNDY_OK) {
            atomic_store(&job->failed, 1);
            break;
        }
        if (w->is_caller && ++since == 16) {
            since = 0;
            if (grundy_ticker_slow(&job->fill->ticker,
                                   atomic_load(&job->done)) != GRUNDY_OK) {
                w->err = GRUNDY_ERR_CANCELLED;
                atomic_store(&job->failed, 1);
                break;
            }
        }
    }
    return NULL;
}

static unsigned thread_count(const grundy_limits *lim, grundy_pos np)
{
    unsigned n = grundy_limits_threads(lim);
    if (np < TIER_MIN_PARALLEL)
        return 1;
    return n > TIER_MAX_THREADS ? TIER_MAX_THREADS : n;
}

grundy_status grundy_table_fill_tiers(grundy_fill *f)
{
    grundy_table *t = f->t;
    grundy_pos n = f->n;
    const grundy_limits *opts = f->limits;
    const grundy_rules *r = grundy_game_rules(t->game);
    tier_job *job;
    tier_worker *ws;
    unsigned nt, i, k, started;
    grundy_status s = GRUNDY_OK;

    GRUNDY_RETURN_IF(!(r->flags & GRUNDY_RULES_BOARD) || t->size != 0 ||
                         n != grundy_game_num_positions(t->game) ||
                         t->width != 1 || t->cap < n,
                     GRUNDY_ERR_ARG);
    GRUNDY_TRY(GRUNDY_NEW(job));
    job->g = t->data;
    job->fill = f;
    s = grundy_tiers_init(&job->tiers, n);
    if (s != GRUNDY_OK) {
        free(job);
        return s;
    }
    atomic_init(&job->next_chunk, 0);
    atomic_init(&job->done, 0);
    atomic_init(&job->failed, 0);

    nt = thread_count(opts, n);
    ws = calloc(nt, sizeof *ws);
    if (!ws) {
        free(job);
        return GRUNDY_ERR_NOMEM;
    }
    for (i = 0; i < nt; i++) {
        ws[i].job = job;
        ws[i].is_caller = i == 0;
        grundy_tier_step_init(&ws[i].step, t->game);
    }

    for (k = 0; k <= job->tiers.bits && s == GRUNDY_OK; k++) {
        job->k = k;
        job->tier_size = job->tiers.size[k];
        job->nchunks = (job->tier_size + TIER_CHUNK - 1) / TIER_CHUNK;
        atomic_store(&job->next_chunk, 0);
        /* Threads that fail to start leave their share to the others. */
        for (started = 1;
             started < nt && job->tier_size >= TIER_MIN_PARALLEL_TIER;
             started++)
            if (grundy_thread_start(&ws[started].tid, worker_run,
                                    &ws[started]) != 0)
                break;
        worker_run(&ws[0]);
        for (i = 1; i < started; i++)
            pthread_join(ws[i].tid, NULL);
        for (i = 0; i < nt; i++)
            if (ws[i].err != GRUNDY_OK && s == GRUNDY_OK)
                s = ws[i].err;
        if (s == GRUNDY_OK)
            s = grundy_ticker_slow(&f->ticker, atomic_load(&job->done));
    }

    if (s == GRUNDY_OK) {
        t->max = 0;
        t->max_at = 0;
        for (i = 0; i < nt; i++)
            if (ws[i].max > t->max ||
                (ws[i].max == t->max && ws[i].max_at < t->max_at)) {
                t->max = ws[i].max;
                t->max_at = ws[i].max_at;
            }
        t->size = n;
    }
    for (i = 0; i < nt; i++)
        grundy_tier_step_clear(&ws[i].step);
    free(ws);
    free(job);
    return s;
}

/* One position: only the subsets of p ************************************/

/* Compressed index of a subset q of p: the bits of q packed by their rank
 * among the bits of p (a software PEXT), as eight byte-table lookups. */
typedef struct sub_index {
    uint64_t t[8][256];
} sub_index;

static void sub_index_init(sub_index *s, uint64_t p)
{
    unsigned b, v, j, rank = 0;
    uint64_t rank_at[64];
    for (j = 0; j < 64; j++) {
        rank_at[j] = (uint64_t)1 << (rank & 63);
        if ((p >> j) & 1)
            rank++;
    }
    for (b = 0; b < 8; b++)
        for (v = 0; v < 256; v++) {
            uint64_t x = 0;
            for (j = 0; j < 8; j++)
                if (((v >> j) & 1) && ((p >> (8 * b + j)) & 1))
                    x |= rank_at[8 * b + j];
            s->t[b][v] = x;
        }
}

static inline uint64_t sub_index_of(const sub_index *s, uint64_t q)
{
    uint64_t x = 0;
    unsigned b;
    for (b = 0; b < 8; b++, q >>= 8)
        x |= s->t[b][q & 0xFF];
    return x;
}

grundy_status grundy_table_value_subsets(grundy_value *out,
                                         const grundy_game *g, grundy_pos p,
                                         const grundy_limits *lim)
{
    const grundy_rules *r = grundy_game_rules(g);
    grundy_tier_step w; /* for its buffers */
    sub_index *si = NULL;
    uint8_t *v = NULL;
    unsigned k = (unsigned)__builtin_popcountll(p);
    uint64_t n, i, s = 0;
    grundy_ticker tk;
    grundy_status st = GRUNDY_OK;

    GRUNDY_RETURN_IF(!(r->flags & GRUNDY_RULES_SUBSETS) ||
                         p >= grundy_game_num_positions(g),
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(k > GRUNDY_TIERS_MAX_BITS, GRUNDY_ERR_LIMIT);
    n = (uint64_t)1 << k;
    GRUNDY_TRY(grundy_limits_mem_check(lim, (size_t)n + sizeof *si));
    si = malloc(sizeof *si);
    v = malloc((size_t)n);
    if (!si || !v) {
        free(si);
        free(v);
        return GRUNDY_ERR_NOMEM;
    }
    sub_index_init(si, p);
    grundy_tier_step_init(&w, g);
    grundy_ticker_init(&tk, lim, "subsets", n);
    /* s runs over the subsets of p in increasing order, which is also the
     * order of their compressed indices i, and children come first; their
     * values are read through their compressed indices. */
    for (i = 0; i < n && st == GRUNDY_OK; i++, s = (s - p) & p) {
        size_t nc, c;
        uint64_t seen[4] = {0, 0, 0, 0};
        unsigned b;
        st = grundy_tier_children(&nc, &w, s, k + 1, 0);
        if (st != GRUNDY_OK)
            break;
        for (c = 0; c < nc; c++) {
            unsigned x;
            /* a child outside the subsets of s breaks the contract */
            if ((w.child[c] & ~s) || w.child[c] == s) {
                st = GRUNDY_ERR_ARG;
                break;
            }
            x = v[sub_index_of(si, w.child[c])];
            seen[x >> 6] |= 1ull << (x & 63);
        }
        if (st != GRUNDY_OK)
            break;
        for (b = 0; b < 4 && ~seen[b] == 0; b++)
            ;
        if (b == 4) {
            st = GRUNDY_ERR_OVERFLOW;
            break;
        }
        v[i] = (uint8_t)(64 * b + (unsigned)__builtin_ctzll(~seen[b]));
        st = grundy_ticker_tick(&tk, i + 1);
    }
    if (st == GRUNDY_OK) {
        *out = v[n - 1];
        st = grundy_ticker_done(&tk);
    }
    grundy_tier_step_clear(&w);
    free(si);
    free(v);
    return st;
}
