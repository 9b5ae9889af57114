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
 * tiers be split across processes later.
 *
 * For rect:RxC the board's symmetries (flips and the half turn; for a
 * square also transposes and quarter turns) preserve values, so only the
 * least position of each orbit is computed and its value copied to the
 * others: up to 8x less work on a square board, 4x on others (5x5: 4.9 s
 * of CPU down to 1.0-1.6 s).
 *
 * Per position, the values of the children are OR-ed into a 64-bit mask
 * (values >= 64 set a flag and fall back to a 256-bit mask) and the mex
 * is one count-trailing-zeros.  For rect:RxC the children come from the
 * inline generator of rules/rect_internal.h, with no call and no move
 * structure per child; any other board family goes through its moves().
 *
 * Values are stored in one byte; a mex above 255 stops the tabulation with
 * GRUNDY_ERR_OVERFLOW (the generic method, which widens, still applies).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/rect.h"
#include "rules/rect_internal.h"
#include "core/progress.h"
#include "table/table_internal.h"

#define TIER_MAX_BITS 40
#define TIER_CHUNK ((uint64_t)1 << 13)
#define TIER_MAX_THREADS 256
/* Below this many positions threads cost more than they save. */
#define TIER_MIN_PARALLEL ((grundy_pos)1 << 15)
/* Nor for a tier of fewer positions than this (a few chunks each). */
#define TIER_MIN_PARALLEL_TIER (4 * TIER_CHUNK)

typedef struct tier_job {
    uint8_t *g;
    const grundy_game *game;
    const grundy_limits *opts;
    grundy_pos np; /* positions 0 .. np-1 */
    unsigned bits; /* 2^bits >= np */
    unsigned rows; /* rect:RxC, or 0 for the generic path */
    grundy_rect_geom geom;
    /* rect: the board's symmetries other than the identity, as bit
     * permutations applied a byte at a time. */
    unsigned nsym;
    uint32_t sym[7][4][256];
    uint64_t binom[TIER_MAX_BITS + 1][TIER_MAX_BITS + 1];
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
    grundy_move *mv; /* generic path */
    size_t mcap;
    grundy_status err;
    pthread_t tid;
} tier_worker;

/* The idx-th k-subset of {0..bits-1} in increasing numeric order. */
static uint64_t unrank(const tier_job *job, unsigned k, uint64_t idx)
{
    uint64_t x = 0;
    unsigned i;
    for (i = k; i >= 1; i--) {
        unsigned c = i - 1;
        while (c + 1 < job->bits && job->binom[c + 1][i] <= idx)
            c++;
        x |= (uint64_t)1 << c;
        idx -= job->binom[c][i];
    }
    return x;
}

/* The next integer with the same popcount (Gosper); x != 0. */
static inline uint64_t next_subset(uint64_t x)
{
    uint64_t t = x | (x - 1);
    return (t + 1) | (((~t & (t + 1)) - 1) >> (__builtin_ctzll(x) + 1));
}

/* mex of the values of the children of x with all 256 values tracked:
 * the rare path, taken when some child's value is >= 64. */
static grundy_value mex_wide(const tier_job *job, uint32_t x)
{
    uint64_t seen[4] = {0, 0, 0, 0};
    uint32_t q = 0;
    unsigned i;
    const uint8_t *g = job->g;
    GRUNDY_RECT_FOR_EACH_CHILD(&job->geom, x, q,
                               seen[g[q] >> 6] |= 1ull << (g[q] & 63));
    for (i = 0; i < 4 && ~seen[i] == 0; i++)
        ;
    return i == 4
               ? 256
               : (grundy_value)(64 * i + (unsigned)__builtin_ctzll(~seen[i]));
}

static inline grundy_value mex_rect(const tier_job *job, uint32_t x)
{
    const uint8_t *g = job->g;
    uint32_t child[GRUNDY_RECT_MAX_MOVES], q = 0;
    uint64_t seen = 0;
    unsigned big = 0;
    size_t n = 0, i;
    /* Children first, values second: the loads are independent of each
     * other and the mask stays in a register. */
    GRUNDY_RECT_FOR_EACH_CHILD(&job->geom, x, q, child[n++] = q);
    for (i = 0; i < n; i++) {
        unsigned v = g[child[i]];
        seen |= 1ull << (v & 63);
        big |= v;
    }
    if (big >= 64 || ~seen == 0)
        return mex_wide(job, x);
    return (grundy_value)__builtin_ctzll(~seen);
}

/* Any board family: its moves(), whose parts must have fewer 1s. */
static grundy_status mex_generic(tier_worker *w, grundy_pos x,
                                 grundy_value *out)
{
    tier_job *job = w->job;
    uint64_t seen[4] = {0, 0, 0, 0};
    size_t nm, i;
    unsigned k;
    GRUNDY_TRY(grundy_game_moves(job->game, x, &w->mv, &w->mcap, &nm));
    for (i = 0; i < nm; i++) {
        grundy_value v = 0;
        for (k = 0; k < w->mv[i].nparts; k++) {
            grundy_pos y = w->mv[i].part[k];
            GRUNDY_RETURN_IF(y >= job->np ||
                                 __builtin_popcountll(y) >= (int)job->k,
                             GRUNDY_ERR_ARG);
            v ^= job->g[y];
        }
        seen[v >> 6] |= 1ull << (v & 63);
    }
    for (k = 0; k < 4 && ~seen[k] == 0; k++)
        ;
    *out = k == 4
               ? 256
               : (grundy_value)(64 * k + (unsigned)__builtin_ctzll(~seen[k]));
    return GRUNDY_OK;
}

/* sigma(x) for symmetry s: four byte-table lookups. */
static inline uint32_t sym_apply(const tier_job *job, unsigned s, uint32_t x)
{
    return job->sym[s][0][x & 0xFF] | job->sym[s][1][(x >> 8) & 0xFF] |
           job->sym[s][2][(x >> 16) & 0xFF] | job->sym[s][3][x >> 24];
}

/* rect: only the least position of each orbit under the board's
 * symmetries is computed, and its value is written to the whole orbit.
 * Images have the same popcount, so they lie in this tier; no thread
 * reads this tier, and each image is written by the one thread that owns
 * its orbit's least position.  That least position is also where the
 * orbit first occurs, which is what max_at needs. */
static void run_chunk_rect(tier_worker *w, uint64_t x0, uint64_t m,
                           grundy_status *st)
{
    tier_job *job = w->job;
    uint8_t *g = job->g;
    uint32_t img[7], x = (uint32_t)x0;
    uint64_t j;
    for (j = 0; j < m; j++, x = job->k ? (uint32_t)next_subset(x) : x) {
        grundy_value v;
        unsigned s;
        for (s = 0; s < job->nsym; s++) {
            img[s] = sym_apply(job, s, x);
            if (img[s] < x)
                break;
        }
        if (s < job->nsym)
            continue; /* not the least of its orbit */
        v = mex_rect(job, x);
        if (v > 0xFF) {
            *st = GRUNDY_ERR_OVERFLOW;
            return;
        }
        g[x] = (uint8_t)v;
        for (s = 0; s < job->nsym; s++)
            g[img[s]] = (uint8_t)v;
        if (v > w->max || (v == w->max && x < w->max_at)) {
            w->max = v;
            w->max_at = x;
        }
    }
}

static grundy_status run_chunk(tier_worker *w, uint64_t chunk)
{
    tier_job *job = w->job;
    uint64_t first = chunk * TIER_CHUNK, m, j;
    uint64_t x;
    uint8_t *g = job->g;
    grundy_status st = GRUNDY_OK;

    m = job->tier_size - first < TIER_CHUNK ? job->tier_size - first
                                            : TIER_CHUNK;
    x = unrank(job, job->k, first);
    if (job->rows) {
        run_chunk_rect(w, x, m, &st);
        GRUNDY_TRY(st);
    } else {
        for (j = 0; j < m; j++, x = job->k ? next_subset(x) : x) {
            grundy_value v;
            if (x >= job->np)
                break; /* later subsets are larger still */
            GRUNDY_TRY(mex_generic(w, x, &v));
            GRUNDY_RETURN_IF(v > 0xFF, GRUNDY_ERR_OVERFLOW);
            g[x] = (uint8_t)v;
            if (v > w->max || (v == w->max && x < w->max_at)) {
                w->max = v;
                w->max_at = x;
            }
        }
    }
    atomic_fetch_add(&job->done, m);
    return GRUNDY_OK;
}

/* The symmetries of an R x C board other than the identity: the two
 * flips and the half turn, and for a square also the two transposes and
 * the quarter turns; duplicates (on 1 x C boards) are dropped. */
static void sym_init(tier_job *job, unsigned R, unsigned C)
{
    unsigned t, s, i, b, v, r, c, k;
    unsigned map[GRUNDY_RECT_MAX_CELLS];
    uint32_t img[7][GRUNDY_RECT_MAX_CELLS];
    job->nsym = 0;
    for (t = 1; t < (R == C ? 8u : 4u); t++) {
        int same = 1, dup = 0;
        for (r = 0; r < R; r++)
            for (c = 0; c < C; c++) {
                unsigned rr = r, cc = c;
                switch (t) {
                case 1:
                    cc = C - 1 - c;
                    break;
                case 2:
                    rr = R - 1 - r;
                    break;
                case 3:
                    rr = R - 1 - r;
                    cc = C - 1 - c;
                    break;
                case 4:
                    rr = c;
                    cc = r;
                    break;
                case 5:
                    rr = C - 1 - c;
                    cc = R - 1 - r;
                    break;
                case 6:
                    rr = c;
                    cc = R - 1 - r;
                    break;
                default:
                    rr = C - 1 - c;
                    cc = r;
                    break;
                }
                map[r * C + c] = rr * C + cc;
                if (map[r * C + c] != r * C + c)
                    same = 0;
            }
        for (s = 0; s < job->nsym && !dup; s++) {
            dup = 1;
            for (i = 0; i < R * C; i++)
                if (img[s][i] != ((uint32_t)1 << map[i]))
                    dup = 0;
        }
        if (same || dup)
            continue;
        for (i = 0; i < R * C; i++)
            img[job->nsym][i] = (uint32_t)1 << map[i];
        for (b = 0; b < 4; b++)
            for (v = 0; v < 256; v++) {
                uint32_t y = 0;
                for (k = 0; k < 8; k++)
                    if (((v >> k) & 1) && 8 * b + k < R * C)
                        y |= img[job->nsym][8 * b + k];
                job->sym[job->nsym][b][v] = y;
            }
        job->nsym++;
    }
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
        if (w->is_caller && job->opts->progress && ++since == 64) {
            since = 0;
            grundy_progress_report(job->opts, "table", atomic_load(&job->done), job->np);
        }
    }
    return NULL;
}

static unsigned thread_count(const grundy_limits *opts, grundy_pos np)
{
    unsigned n = opts->threads;
    if (np < TIER_MIN_PARALLEL)
        return 1;
    if (!n)
        n = grundy_cpu_count();
    return n > TIER_MAX_THREADS ? TIER_MAX_THREADS : n;
}

grundy_status grundy_table_fill_tiers(grundy_table *t, grundy_pos n,
                                      const grundy_limits *opts)
{
    const grundy_rules *r = grundy_game_rules(t->game);
    tier_job *job;
    tier_worker *ws;
    unsigned nt, i, k, started;
    grundy_status s = GRUNDY_OK;

    GRUNDY_RETURN_IF(!(r->flags & GRUNDY_RULES_BOARD) || t->size != 0 ||
                         n != grundy_game_num_positions(t->game) ||
                         t->width != 1 || t->cap < n,
                     GRUNDY_ERR_ARG);
    job = calloc(1, sizeof *job);
    GRUNDY_RETURN_IF(!job, GRUNDY_ERR_NOMEM);
    job->g = t->data;
    job->game = t->game;
    job->opts = opts;
    job->np = n;
    while (job->bits < 64 && ((grundy_pos)1 << job->bits) < n)
        job->bits++;
    if (job->bits > TIER_MAX_BITS) {
        free(job);
        return GRUNDY_ERR_LIMIT;
    }
    for (i = 0; i <= TIER_MAX_BITS; i++)
        for (k = 0; k <= i; k++)
            job->binom[i][k] = k == 0 || k == i ? 1
                                                : job->binom[i - 1][k - 1] +
                                                      job->binom[i - 1][k];
    if (r == &grundy_rules_rect) {
        const grundy_rect_params *rp = grundy_game_params(t->game);
        job->rows = rp->rows;
        grundy_rect_geom_init(&job->geom, rp->rows, rp->cols);
        sym_init(job, rp->rows, rp->cols);
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
    }

    for (k = 0; k <= job->bits && s == GRUNDY_OK; k++) {
        job->k = k;
        job->tier_size = job->binom[job->bits][k];
        job->nchunks = (job->tier_size + TIER_CHUNK - 1) / TIER_CHUNK;
        atomic_store(&job->next_chunk, 0);
        /* Threads that fail to start leave their share to the others. */
        for (started = 1;
             started < nt && job->tier_size >= TIER_MIN_PARALLEL_TIER;
             started++)
            if (pthread_create(&ws[started].tid, NULL, worker_run,
                               &ws[started]) != 0)
                break;
        worker_run(&ws[0]);
        for (i = 1; i < started; i++)
            pthread_join(ws[i].tid, NULL);
        for (i = 0; i < nt; i++)
            if (ws[i].err != GRUNDY_OK && s == GRUNDY_OK)
                s = ws[i].err;
        if (opts->progress)
            grundy_progress_report(opts, "table", atomic_load(&job->done), n);
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
        free(ws[i].mv);
    free(ws);
    free(job);
    return s;
}

/* One rect position: only the subsets of p
 * ************************************/

/* Compressed index of a subset q of p: the bits of q packed by their rank
 * among the bits of p (a software PEXT), as four byte-table lookups. */
typedef struct sub_index {
    uint32_t t[4][256];
} sub_index;

static void sub_index_init(sub_index *s, uint32_t p)
{
    unsigned b, v, j, rank = 0;
    uint32_t rank_at[32];
    for (j = 0; j < 32; j++) {
        rank_at[j] = (uint32_t)1 << rank;
        if ((p >> j) & 1)
            rank++;
    }
    for (b = 0; b < 4; b++)
        for (v = 0; v < 256; v++) {
            uint32_t x = 0;
            for (j = 0; j < 8; j++)
                if (((v >> j) & 1) && ((p >> (8 * b + j)) & 1))
                    x |= rank_at[8 * b + j];
            s->t[b][v] = x;
        }
}

static inline uint32_t sub_index_of(const sub_index *s, uint32_t q)
{
    return s->t[0][q & 0xFF] | s->t[1][(q >> 8) & 0xFF] |
           s->t[2][(q >> 16) & 0xFF] | s->t[3][q >> 24];
}

grundy_status grundy_table_value_rect(grundy_value *out, const grundy_game *g,
                                      grundy_pos p,
                                      const grundy_limits *opts)
{
    const grundy_rect_params *rp = grundy_game_params(g);
    grundy_rect_geom geom;
    sub_index *si;
    uint8_t *v;
    unsigned k = (unsigned)__builtin_popcountll(p);
    uint64_t n = (uint64_t)1 << k, i;
    uint32_t s = 0, q = 0, mask = (uint32_t)p;
    grundy_status st = GRUNDY_OK;

    GRUNDY_RETURN_IF(grundy_game_rules(g) != &grundy_rules_rect ||
                         p >= grundy_game_num_positions(g),
                     GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_limits_mem_check(opts, (size_t)n + sizeof *si));
    grundy_rect_geom_init(&geom, rp->rows, rp->cols);
    si = malloc(sizeof *si);
    v = malloc((size_t)n);
    if (!si || !v) {
        free(si);
        free(v);
        return GRUNDY_ERR_NOMEM;
    }
    sub_index_init(si, mask);
    /* s runs over the subsets of p in increasing order, which is also the
     * order of their compressed indices i, and children come first. */
    for (i = 0; i < n; i++, s = (s - mask) & mask) {
        uint64_t seen[4] = {0, 0, 0, 0};
        unsigned w;
        GRUNDY_RECT_FOR_EACH_CHILD(
            &geom, s, q,
            (w = v[sub_index_of(si, q)], seen[w >> 6] |= 1ull << (w & 63)));
        for (w = 0; w < 4 && ~seen[w] == 0; w++)
            ;
        if (w == 4) {
            st = GRUNDY_ERR_OVERFLOW;
            break;
        }
        v[i] = (uint8_t)(64 * w + (unsigned)__builtin_ctzll(~seen[w]));
        if (opts && opts->progress && (i % GRUNDY_PROGRESS_STEP) == 0 && i)
            grundy_progress_report(opts, "table", i, n);
    }
    if (st == GRUNDY_OK)
        *out = v[n - 1];
    free(si);
    free(v);
    return st;
}
