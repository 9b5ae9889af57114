/*
 * search_tmpl.h -- the board search, written once over the width of a
 * position (grundy/board.h; the method is described at the top of
 * board.c).  Included by search64.c, search128.c and search256.c with
 *
 *   BW  the words of a position: 1, 2 or 4;
 *   BN  the bits: 64, 128 or 256 (the suffix of the three functions each
 *       instantiation exports, board_internal.h).
 *
 * Everything else is static, so the three copies never meet.  A 64-bit
 * position is a grundy_pos and goes through the family's grundy_pos
 * hooks and the compact table (tt.h); a wider one is an array of words
 * and goes through the family's grundy_board_wide hooks and the wide-key
 * table (ttw.h).
 *
 * search(h, want) returns g(h) or NOT_IN_SET, for a part h that does not
 * split, where NOT_IN_SET is allowed only when g(h) is not in the set
 * `want` (Beling and Rogalski 2020).  With n moves, g(h) is in P =
 * {0..n}.  Each child strikes one element of P: its value when that is in
 * P, else the largest element.  P keeps n + 1 - (children seen) elements
 * and always holds the true mex, which is therefore the last element
 * left.  A child is asked for (P minus its largest element) and only up
 * to the largest wanted value: when its value is not among those, striking
 * the largest is right as long as the answer turns out to be at most the
 * largest wanted value (values above it cannot change which smaller value
 * is missing), which is checked at the end.  The search stops with
 * NOT_IN_SET as soon as P and `want` are disjoint, since the answer is in
 * P.  Only exact values enter the table.
 *
 * A child is a position; the family's components hook splits it into
 * parts, whose values XOR.  Parts already in the table are read first
 * (for every child, before any search: a child whose parts are all known
 * strikes its value at once); of the rest, all but the largest part are
 * computed exactly and the largest is asked for `want` XOR theirs
 * (Lemoine and Viennot 2012: the values of the smaller parts are needed
 * anyway).  Children are searched easiest first (least sum of squared
 * part sizes), and among equally easy ones first those whose move (the
 * cells it takes, h XOR child) cut a search short most often before (a
 * history table, as in chess programs: 25 to 45% fewer positions on
 * Cram boards).  A child whose unknown parts have the same keys and
 * whose known parts the same XOR as an earlier child has its value: it
 * strikes the largest element without a search (what the search would
 * have found).
 *
 * A part with more than 255 moves (nimber sets hold 0..255) and the plain
 * method (prune = 0) take the mex of every child's exact value.
 *
 * Per depth, one level holds the children, their parts and the pending
 * list; levels are allocated once and reused, so a search allocates
 * nothing after its first descent except when a position has more moves
 * or parts than any before at its depth.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/board_internal.h"
#include "board/nset.h"
#include "core/progress.h"
#include "core/threads.h"
#include "rules/cells.h"
#include "rules/grid.h"

#define TMPL_CAT2(a, b) a##_##b
#define TMPL_CAT(a, b) TMPL_CAT2(a, b)
#define EXPORT(name) TMPL_CAT(name, BN)

#define NOT_IN_SET 0xFFFFFFFFu
#define MAX_DEPTH 4096

/* Positions and keys of this width *******************************************/

#if BW == 1
typedef grundy_pos bpos;
typedef struct bkey {
    uint64_t k0, k1; /* k1 < 2^32 */
} bkey;
typedef grundy_board_tt tt_t;

static inline unsigned pos_pop(const bpos *p)
{
    return grundy_pop64(*p);
}
/* A hash of the cells a move took (h XOR child). */
static inline uint64_t move_hash(const bpos *h, const bpos *c)
{
    return *h ^ *c;
}
static inline int key_eq(const bkey *a, const bkey *b)
{
    return a->k0 == b->k0 && a->k1 == b->k1;
}
static inline int key_lt(const bkey *a, const bkey *b)
{
    return a->k0 != b->k0 ? a->k0 < b->k0 : a->k1 < b->k1;
}
static inline uint64_t key_print(const bkey *k)
{
    return k->k0 ^ (k->k1 << 40);
}
#define TT_LOOK(b, k, v, ex) grundy_board_tt_look((b)->tt, &(b)->tc, (k)->k0, (k)->k1, v, ex)
#define TT_GET(b, k, v) grundy_board_tt_get((b)->tt, &(b)->tc, (k)->k0, (k)->k1, v)
#define TT_PUT(b, k, v, cost) grundy_board_tt_put((b)->tt, &(b)->tc, (k)->k0, (k)->k1, v, cost)
#define TT_EXCLUDE(b, k, m, cost) grundy_board_tt_exclude((b)->tt, &(b)->tc, (k)->k0, (k)->k1, m, cost)
#define TT_PREFETCH(b, k) grundy_board_tt_prefetch((b)->tt, (k)->k0, (k)->k1)
#define TT_CAPACITY(t) grundy_board_tt_capacity(t)
#define TT_GROW(t) grundy_board_tt_grow(t)
#define TT_OF(bd) (&(bd)->tt)
#else
typedef struct bpos {
    uint64_t w[BW];
} bpos;
typedef struct bkey {
    uint64_t w[BW];
    uint32_t tag;
} bkey;
typedef grundy_board_ttw tt_t;

static inline unsigned pos_pop(const bpos *p)
{
    return grundy_cells_pop(p->w, BW);
}
static inline uint64_t move_hash(const bpos *h, const bpos *c)
{
    uint64_t x[BW];
    grundy_cells_xor(x, h->w, c->w, BW);
    return grundy_cells_hash(x, BW);
}
static inline int key_eq(const bkey *a, const bkey *b)
{
    return a->tag == b->tag && grundy_cells_eq(a->w, b->w, BW);
}
static inline int key_lt(const bkey *a, const bkey *b)
{
    int c = grundy_cells_cmp(a->w, b->w, BW);
    return c ? c < 0 : a->tag < b->tag;
}
static inline uint64_t key_print(const bkey *k)
{
    return grundy_cells_hash(k->w, BW) ^ k->tag;
}
#define TT_LOOK(b, k, v, ex) grundy_board_ttw_look((b)->tt, &(b)->tc, (k)->w, (k)->tag, v, ex)
#define TT_GET(b, k, v) grundy_board_ttw_get((b)->tt, &(b)->tc, (k)->w, (k)->tag, v)
#define TT_PUT(b, k, v, cost) grundy_board_ttw_put((b)->tt, &(b)->tc, (k)->w, (k)->tag, v, cost)
#define TT_EXCLUDE(b, k, m, cost) grundy_board_ttw_exclude((b)->tt, &(b)->tc, (k)->w, (k)->tag, m, cost)
#define TT_PREFETCH(b, k) grundy_board_ttw_prefetch((b)->tt, (k)->w, (k)->tag)
#define TT_CAPACITY(t) grundy_board_ttw_capacity(t)
#define TT_GROW(t) grundy_board_ttw_grow(t)
#define TT_OF(bd) (&(bd)->ttw)
#endif

/* The endgame database ******************************************************/

/* The values of every part a window of the board holds (board.h:
 * grundy_board_set_enddb()), under the search's own keys: open
 * addressing, a key and its value per slot, read only once built, so the
 * threads share it without locks. */
typedef struct enddb {
    bkey *keys;
    uint16_t *vals; /* ENDDB_EMPTY: a free slot */
    size_t cap;     /* a power of 2 */
    size_t n;
    unsigned max_cells; /* the largest part held */
    uint64_t window_positions;
} enddb;

#define ENDDB_EMPTY 0xFFFFu

static inline size_t enddb_slot(const enddb *db, const bkey *k)
{
#if BW == 1
    uint64_t h = k->k0 * 0x9E3779B97F4A7C15ull ^ k->k1;
#else
    uint64_t h = grundy_cells_hash(k->w, BW) ^ k->tag;
#endif
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return (size_t)h & (db->cap - 1);
}

static inline int enddb_get(const enddb *db, const bkey *k, uint32_t *v)
{
    size_t j = enddb_slot(db, k);
    for (; db->vals[j] != ENDDB_EMPTY; j = (j + 1) & (db->cap - 1))
        if (key_eq(&db->keys[j], k)) {
            *v = db->vals[j];
            return 1;
        }
    return 0;
}

static void enddb_free(enddb *db)
{
    if (!db)
        return;
    free(db->keys);
    free(db->vals);
    free(db);
}

/* The context ****************************************************************/

typedef struct bpart {
    bpos p;
    bkey k;
    uint32_t cells;
} bpart;

typedef struct pend {
    uint32_t first, count; /* its unknown parts, the largest first */
    uint32_t known;        /* XOR of its known parts' values */
    uint64_t diff;         /* sum of squared part sizes */
    uint64_t print;        /* a fingerprint of the unknown parts' keys */
    uint32_t hist;         /* the history score of its move */
    uint32_t hidx;         /* ... and its place in the history table */
    int dup;               /* the same as an earlier child */
} pend;

typedef struct level {
    bpos *kids;
    size_t kcap;
    grundy_move *mv;
    size_t mcap;
    bpart *parts;
    size_t pcap;
    pend *pend;
    size_t ecap;
    bpos *tmp;
    size_t tcap;
    uint32_t *vals;
    size_t vcap;
    uint32_t *slots;
    size_t scap;
    uint32_t *ord;
    size_t ocap;
    /* per child, in listing order: its history slot and score, and where
     * its raw parts start in kids */
    struct child_info {
        uint32_t hidx, hist, raw;
    } *ci;
    size_t cicap;
} level;

/* One searcher per thread: its levels, history and counts; the table is
 * shared. */
typedef struct searcher {
    const grundy_rules *r;
    const grundy_board_wide *wide;
    const void *params;
    grundy_board_opts o;
    tt_t *tt;
    const enddb *db;  /* NULL: none */
    uint64_t db_hits;
    grundy_board_tt_counts tc;
    int *stop;   /* set when another searcher finished (shared) */
    grundy_board_pause *pz; /* how threads wait while the table grows */
    int reverse; /* a helper of a parallel search */
    struct rootshare *rs; /* the parallel search it takes part in */
    int aborted; /* the round of rs ended while searching */
    /* a helper's pace (helper_pace()) */
    clockid_t main_clock;
    uint64_t pace_wall, pace_cpu;
    unsigned backoff_ms;
    level **lv;
    size_t nlv;
    grundy_ticker tk;
    grundy_status err;
    grundy_board_stats st;
    size_t level_bytes;
    uint32_t hist[1 << 16];
} searcher;

/* The family's hooks at this width *******************************************/

static inline size_t hook_max_moves(const searcher *b, const bpos *h)
{
#if BW == 1
    return b->r->max_moves(b->params, *h);
#else
    return b->wide->max_moves(b->params, h->w);
#endif
}

static inline int has_children(const searcher *b)
{
#if BW == 1
    return b->r->children != NULL;
#else
    (void)b;
    return 1;
#endif
}

static inline size_t hook_children(const searcher *b, const bpos *h,
                                   bpos *out, size_t cap)
{
#if BW == 1
    return b->r->children(b->params, *h, out, cap);
#else
    return b->wide->children(b->params, h->w, out->w, cap);
#endif
}

static inline int has_components(const searcher *b)
{
#if BW == 1
    return b->r->components != NULL;
#else
    return b->wide->components != NULL;
#endif
}

static inline size_t hook_components(const searcher *b, const bpos *p,
                                     bpos *out, size_t cap)
{
#if BW == 1
    return b->r->components(b->params, *p, out, cap);
#else
    return b->wide->components(b->params, p->w, out ? out->w : NULL, cap);
#endif
}

static void part_key(searcher *b, const bpos *p, bkey *key)
{
#if BW == 1
    uint64_t k[2] = {*p, 0};
    if (b->o.keys && b->r->key) {
        b->r->key(b->params, *p, k);
        if (k[1] >> 32)
            b->err = GRUNDY_ERR_ARG;
    } else if (b->o.keys && b->r->orbit) {
        grundy_pos img[GRUNDY_MAX_ORBIT];
        size_t n = b->r->orbit(b->params, *p, img, GRUNDY_MAX_ORBIT), i;
        for (i = 0; i < n && i < GRUNDY_MAX_ORBIT; i++)
            if (img[i] < k[0])
                k[0] = img[i];
    }
    key->k0 = k[0];
    key->k1 = k[1];
#else
    unsigned tag = 0;
    if (b->o.keys && b->wide->key) {
        b->wide->key(b->params, p->w, key->w, &tag);
        if (tag > 255)
            b->err = GRUNDY_ERR_ARG;
    } else {
        /* the cells themselves: tag 256 is no family's */
        memcpy(key->w, p->w, sizeof key->w);
        tag = 0;
    }
    key->tag = tag;
#endif
}

/* The context of a width ****************************************************/

/* A searcher for the board's game on its table; NULL when memory fails. */
static searcher *searcher_new(grundy_board *bd)
{
    searcher *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->r = grundy_game_rules(bd->game);
    b->wide = bd->wide;
    b->params = grundy_game_params(bd->game);
    b->o = bd->o;
    b->tt = TT_OF(bd);
    b->db = bd->enddb;
    b->stop = &bd->stop;
    b->pz = &bd->pz;
    return b;
}

static void level_free(level *L)
{
    if (!L)
        return;
    free(L->kids);
    free(L->mv);
    free(L->parts);
    free(L->pend);
    free(L->tmp);
    free(L->vals);
    free(L->slots);
    free(L->ord);
    free(L->ci);
    free(L);
}

static void searcher_free(searcher *b)
{
    size_t i;
    if (!b)
        return;
    for (i = 0; i < b->nlv; i++)
        level_free(b->lv[i]);
    free(b->lv);
    free(b);
}

void EXPORT(grundy_board_free)(grundy_board *bd)
{
    unsigned i;
    for (i = 0; i < bd->nsearchers; i++)
        searcher_free(bd->s[i]);
    bd->nsearchers = 0;
    enddb_free(bd->enddb);
    bd->enddb = NULL;
}

void EXPORT(grundy_board_stats)(grundy_board_stats *out,
                                const grundy_board *bd)
{
    unsigned i, d;
    size_t levels = 0;
    for (i = 0; i < bd->nsearchers; i++) {
        const searcher *b = bd->s[i];
        out->nodes += b->st.nodes;
        out->probes += b->tc.probes;
        out->hits += b->tc.hits;
        out->stores += b->tc.stores;
        out->evictions += b->tc.evictions;
        out->enddb_hits += b->db_hits;
        if (b->st.depth > out->depth)
            out->depth = b->st.depth;
        for (d = 0; d < GRUNDY_BOARD_STATS_DEPTHS; d++)
            out->nodes_at[d] += b->st.nodes_at[d];
        levels += b->level_bytes;
    }
    if (bd->nsearchers) {
        const searcher *b = bd->s[0];
        out->ms = b->st.ms;
        out->root_value = b->st.root_value;
        out->root_done = b->st.root_done;
        out->root_children = b->st.root_children;
        for (i = 0; i < bd->nsearchers; i++)
            out->paused_ms += ((const searcher *)bd->s[i])->st.paused_ms;
    }
    out->peak_bytes += levels;
    if (bd->enddb) {
        const enddb *db = bd->enddb;
        out->enddb_entries = db->n;
        out->enddb_cells = db->max_cells;
        out->enddb_bytes = db->cap * (sizeof *db->keys + sizeof *db->vals);
        out->peak_bytes += out->enddb_bytes;
    }
}

/* Buffers ********************************************************************/

/* Room for n elements of size sz in *a (capacity *cap), within the limit. */
static int reserve(searcher *b, void **a, size_t *cap, size_t n,
                   size_t sz)
{
    void *na;
    size_t want;
    if (n <= *cap)
        return 1;
    want = n < 16 ? 16 : n + n / 2;
    if (want > SIZE_MAX / sz / 2 ||
        grundy_limits_mem_check(b->o.limits, b->tt->peak_bytes +
                                                 b->level_bytes +
                                                 (want - *cap) * sz) !=
            GRUNDY_OK) {
        b->err = GRUNDY_ERR_LIMIT;
        return 0;
    }
    na = realloc(*a, want * sz);
    if (!na) {
        b->err = GRUNDY_ERR_NOMEM;
        return 0;
    }
    b->level_bytes += (want - *cap) * sz;
    *a = na;
    *cap = want;
    return 1;
}

#define RESERVE(b, arr, cap, n)                                               \
    reserve((b), (void **)&(arr), &(cap), (n), sizeof *(arr))

static level *get_level(searcher *b, unsigned d)
{
    if (d >= MAX_DEPTH) {
        b->err = GRUNDY_ERR_LIMIT;
        return NULL;
    }
    if (d >= b->nlv) {
        size_t n = b->nlv ? 2 * b->nlv : 16, i;
        level **nl;
        while (n <= d)
            n *= 2;
        nl = realloc(b->lv, n * sizeof *nl);
        if (!nl) {
            b->err = GRUNDY_ERR_NOMEM;
            return NULL;
        }
        for (i = b->nlv; i < n; i++)
            nl[i] = NULL;
        b->lv = nl;
        b->nlv = n;
    }
    if (!b->lv[d]) {
        b->lv[d] = calloc(1, sizeof(level));
        if (!b->lv[d]) {
            b->err = GRUNDY_ERR_NOMEM;
            return NULL;
        }
    }
    if (d + 1 > b->st.depth)
        b->st.depth = d + 1;
    return b->lv[d];
}

/* Parts **********************************************************************/

/* The parts of position p appended to L->parts from index *np on. */
static int split(searcher *b, level *L, const bpos *p, size_t *np)
{
    size_t n, i;
    if (!b->o.split || !has_components(b)) {
        if (!RESERVE(b, L->parts, L->pcap, *np + 1))
            return 0;
        L->parts[(*np)++].p = *p;
        return 1;
    }
    for (;;) {
        n = hook_components(b, p, L->tmp, L->tcap);
        if (n <= L->tcap)
            break;
        if (!RESERVE(b, L->tmp, L->tcap, n))
            return 0;
    }
    if (!RESERVE(b, L->parts, L->pcap, *np + n))
        return 0;
    for (i = 0; i < n; i++)
        L->parts[(*np)++].p = L->tmp[i];
    return 1;
}

/* The children of h into L->kids (positions) with, per child, its raw
 * parts: kid_end[i] is where child i's parts end in L->kids.  Without a
 * children hook a move's parts are its raw parts. */
static size_t list_moves(searcher *b, level *L, const bpos *h,
                         size_t *nraw)
{
    size_t need = hook_max_moves(b, h), n;
    if (has_children(b)) {
        if (!RESERVE(b, L->kids, L->kcap, need))
            return 0;
        n = hook_children(b, h, L->kids, L->kcap);
        if (n > L->kcap) {
            b->err = GRUNDY_ERR_ARG; /* more than max_moves() said */
            return 0;
        }
        *nraw = n;
        return n;
    }
#if BW == 1
    {
        size_t i, k = 0;
        if (!RESERVE(b, L->mv, L->mcap, need))
            return 0;
        n = b->r->moves(b->params, *h, L->mv, L->mcap);
        if (n > L->mcap) {
            b->err = GRUNDY_ERR_ARG;
            return 0;
        }
        if (!RESERVE(b, L->kids, L->kcap, n * GRUNDY_MAX_PARTS))
            return 0;
        for (i = 0; i < n; i++) {
            unsigned j;
            for (j = 0; j < L->mv[i].nparts; j++)
                L->kids[k++] = L->mv[i].part[j];
        }
        *nraw = k;
        return n;
    }
#else
    return 0;
#endif
}

/* 1 + log2 of the positions a value took: its worth in the table. */
static unsigned cost_of(uint64_t nodes)
{
    return nodes ? 2 + 63 - (unsigned)__builtin_clzll(nodes) : 1;
}

/* An exact value of part h (key) that took `nodes` positions: into the
 * table, and to the keeper when the part is big enough. */
static void put_exact(searcher *b, const bpos *h, const bkey *key,
                      uint32_t v, uint64_t nodes)
{
    const grundy_board_keeper *kp = b->o.keeper;
    TT_PUT(b, key, v, cost_of(nodes));
    if (kp && pos_pop(h) >= kp->min_cells) {
#if BW == 1
        uint64_t w[2] = {key->k0, key->k1};
        kp->put(kp->ctx, w, 2, 0, v, nodes);
#else
        kp->put(kp->ctx, key->w, BW, key->tag, v, nodes);
#endif
    }
}

/* Insertion sorts: the lists are short (a child's parts, a part's
 * moves), and a library sort's call per comparison costs more. */
static inline int pend_before(const pend *x, const pend *y)
{
    if (x->diff != y->diff)
        return x->diff < y->diff;
    return x->hist != y->hist ? x->hist > y->hist : x->print < y->print;
}

static void sort_pend(pend *a, size_t n)
{
    size_t i, j;
    for (i = 1; i < n; i++) {
        pend t = a[i];
        for (j = i; j > 0 && pend_before(&t, &a[j - 1]); j--)
            a[j] = a[j - 1];
        a[j] = t;
    }
}

/* The largest part first (the one a child is asked about), then by key. */
static inline int part_before(const bpart *x, const bpart *y)
{
    if (x->cells != y->cells)
        return x->cells > y->cells;
    return key_lt(&x->k, &y->k);
}

static void sort_parts(bpart *a, size_t n)
{
    size_t i, j;
    for (i = 1; i < n; i++) {
        bpart t = a[i];
        for (j = i; j > 0 && part_before(&t, &a[j - 1]); j--)
            a[j] = a[j - 1];
        a[j] = t;
    }
}

static int same_child(const level *L, const pend *x, const pend *y)
{
    uint32_t i;
    if (x->count != y->count || x->known != y->known || x->print != y->print)
        return 0;
    for (i = 0; i < x->count; i++)
        if (!key_eq(&L->parts[x->first + i].k, &L->parts[y->first + i].k))
            return 0;
    return 1;
}

/* Mark every pending child equal to an earlier one in the list (same
 * known XOR, same keys of unknown parts), wherever it stands: a small
 * open-addressing set of fingerprints, in L->slots. */
static int mark_dups(searcher *b, level *L, size_t ne)
{
    size_t cap = 16, i;
    while (cap < 2 * ne)
        cap *= 2;
    if (!RESERVE(b, L->slots, L->scap, cap))
        return 0;
    memset(L->slots, 0xFF, cap * sizeof *L->slots);
    for (i = 0; i < ne; i++) {
        pend *m = &L->pend[i];
        size_t j = (size_t)(m->print * 0x9E3779B97F4A7C15ull >> 32) & (cap - 1);
        m->dup = 0;
        if (!m->count)
            continue;
        for (; L->slots[j] != UINT32_MAX; j = (j + 1) & (cap - 1))
            if (same_child(L, &L->pend[L->slots[j]], m)) {
                m->dup = 1;
                break;
            }
        if (!m->dup)
            L->slots[j] = (uint32_t)i;
    }
    return 1;
}

/* Threads ********************************************************************/

struct rootshare;
static int round_over(const searcher *b);

/* A helper must never slow the caller's thread down: when that thread
 * had less than 90% of a processor since the last look (the helper and
 * it share one, the machine being busy), the helper sleeps, longer each
 * time in a row (up to 2 s; the end of the search wakes it), and looks
 * again. */
static void helper_pace(searcher *b)
{
    uint64_t wall = grundy_board_clock_ns(CLOCK_MONOTONIC),
             cpu = grundy_board_clock_ns(b->main_clock);
    int starved = b->pace_wall && wall > b->pace_wall &&
                  (cpu - b->pace_cpu) * 10 < (wall - b->pace_wall) * 9;
    if (starved && !__atomic_load_n(b->stop, __ATOMIC_RELAXED) &&
        !round_over(b)) {
        /* a sleep that the end of the search or a growth cuts short */
        struct timespec ts;
        uint64_t until;
        b->backoff_ms = b->backoff_ms ? 2 * b->backoff_ms : 50;
        if (b->backoff_ms > 2000)
            b->backoff_ms = 2000;
        clock_gettime(CLOCK_REALTIME, &ts);
        until = (uint64_t)ts.tv_nsec + (uint64_t)b->backoff_ms * 1000000u;
        ts.tv_sec += (time_t)(until / 1000000000u);
        ts.tv_nsec = (long)(until % 1000000000u);
        pthread_mutex_lock(&b->pz->mu);
        while (!__atomic_load_n(b->stop, __ATOMIC_RELAXED) &&
               !b->pz->grow_req && !round_over(b) &&
               pthread_cond_timedwait(&b->pz->cv, &b->pz->mu, &ts) == 0)
            ;
        pthread_mutex_unlock(&b->pz->mu);
        b->st.paused_ms += b->backoff_ms;
    } else {
        b->backoff_ms = 0;
    }
    /* the next look measures only the work from here */
    b->pace_wall = grundy_board_clock_ns(CLOCK_MONOTONIC);
    b->pace_cpu = grundy_board_clock_ns(b->main_clock);
}

static void helper_park(grundy_board_pause *pz)
{
    pthread_mutex_lock(&pz->mu);
    pz->parked++;
    pthread_cond_broadcast(&pz->cv);
    while (pz->grow_req)
        pthread_cond_wait(&pz->cv, &pz->mu);
    pz->parked--;
    pthread_mutex_unlock(&pz->mu);
}

/* The caller's thread grows the shared table while the helpers wait. */
static void grow_paused(searcher *b)
{
    grundy_board_pause *pz = b->pz;
    pthread_mutex_lock(&pz->mu);
    __atomic_store_n(&pz->grow_req, 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&pz->cv); /* a pacing helper wakes up */
    while (pz->parked < pz->active)
        pthread_cond_wait(&pz->cv, &pz->mu);
    TT_GROW(b->tt);
    __atomic_store_n(&pz->grow_req, 0, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&pz->cv);
    pthread_mutex_unlock(&pz->mu);
}

/* A table held at its budget that has evicted many times the values it
 * holds is recomputing the same positions over and over: the search would
 * not end in any useful time, and stops as over the memory limit. */
static int thrashing(const searcher *b)
{
    return b->o.evict_limit && b->tt->full &&
           b->tc.evictions > (uint64_t)b->o.evict_limit * TT_CAPACITY(b->tt);
}

/* One more position searched: progress and cancellation, and the stop of
 * a table that only evicts.  0 with b->err set when the search must end. */
static int node_step(searcher *b, unsigned d)
{
    b->st.nodes_at[d < GRUNDY_BOARD_STATS_DEPTHS ? d
                                                 : GRUNDY_BOARD_STATS_DEPTHS -
                                                       1]++;
    if (b->reverse) {
        /* a helper: no progress of its own; stops when the round ends,
         * waits while the table grows */
        ++b->st.nodes;
        if (__atomic_load_n(&b->pz->grow_req, __ATOMIC_ACQUIRE))
            helper_park(b->pz);
        if (round_over(b)) {
            b->err = GRUNDY_ERR_CANCELLED;
            b->aborted = 1;
        } else if ((b->st.nodes & 0xFFF) == 0) {
            helper_pace(b);
        }
    } else if (grundy_ticker_tick(&b->tk, ++b->st.nodes) != GRUNDY_OK ||
               __atomic_load_n(b->stop, __ATOMIC_RELAXED)) {
        b->err = GRUNDY_ERR_CANCELLED;
    } else if (round_over(b)) {
        b->err = GRUNDY_ERR_CANCELLED;
        b->aborted = 1;
    } else if (__atomic_load_n(&b->tt->want_grow, __ATOMIC_RELAXED)) {
        grow_paused(b);
    }
    if (!b->err && thrashing(b))
        b->err = GRUNDY_ERR_LIMIT;
    return !b->err;
}

/* The search ****************************************************************/

/* Children are read from the table a few at a time, their keys computed
 * and their buckets fetched together. */
#define ETC_CHUNK 8

/* The children of h as pending entries of L (parts read from the table
 * first); returns the number of children, 0 on an error or when h has
 * none.  *npend: pending entries; known values are struck from P.  The
 * children are read in the order of the history table, a few at a time
 * (their keys computed and their buckets fetched together), and when want
 * is given the reading stops as soon as P and want are disjoint (*cut
 * set): most searches end there, on a value from the table, and the
 * children after the one that ended it are never split or keyed. */
static size_t expand(searcher *b, level *L, const bpos *h, nset *P,
                     int prune, const nset *want, size_t *npend, int *cut)
{
    size_t nraw = 0, n, k, np = 0, ne = 0, j, w, c0;
    unsigned hcells = pos_pop(h);
    n = list_moves(b, L, h, &nraw);
    *cut = 0;
    *npend = 0;
    if (!n)
        return 0;
    if (prune)
        ns_upto(P, (unsigned)n);
    if (!RESERVE(b, L->pend, L->ecap, n) || !RESERVE(b, L->ord, L->ocap, n) ||
        !RESERVE(b, L->ci, L->cicap, n))
        return 0;
    /* the history order, the most successful move first; without a
     * children hook a move's raw parts follow the earlier moves' */
    for (k = 0, j = 0; k < n; k++) {
        uint64_t mv;
        uint32_t hi, hs;
        size_t at;
        if (has_children(b)) {
            mv = move_hash(h, &L->kids[k]);
        } else {
            mv = k;
#if BW == 1
            mv ^= *h;
#endif
        }
        hi = (uint32_t)((mv * 0x9E3779B97F4A7C15ull) >> 48);
        L->ci[k].hidx = hi;
        L->ci[k].hist = hs = b->o.history ? b->hist[hi] : 0;
        L->ci[k].raw = (uint32_t)j;
#if BW == 1
        j += has_children(b) ? 1 : L->mv[k].nparts;
#else
        j += 1;
#endif
        for (at = k; at > 0 && L->ci[L->ord[at - 1]].hist < hs; at--)
            L->ord[at] = L->ord[at - 1];
        L->ord[at] = (uint32_t)k;
    }
    for (c0 = 0; c0 < n; c0 += ETC_CHUNK) {
        size_t c1 = c0 + ETC_CHUNK < n ? c0 + ETC_CHUNK : n, pfirst = np;
        uint32_t starts[ETC_CHUNK + 1];
        /* parts and keys of the chunk's children, buckets fetched */
        for (k = c0; k < c1; k++) {
            uint32_t ci = L->ord[k];
            size_t r = L->ci[ci].raw;
#if BW == 1
            size_t rend = has_children(b) ? r + 1 : r + L->mv[ci].nparts;
#else
            size_t rend = r + 1;
#endif
            starts[k - c0] = (uint32_t)np;
            for (; r < rend; r++)
                if (!split(b, L, &L->kids[r], &np))
                    return 0;
        }
        starts[c1 - c0] = (uint32_t)np;
        for (j = pfirst; j < np; j++) {
            bpart *q = &L->parts[j];
            part_key(b, &q->p, &q->k);
            TT_PREFETCH(b, &q->k);
        }
        if (b->err)
            return 0;
        /* known parts leave the list; children made only of them strike
         * their value */
        for (k = c0, w = pfirst; k < c1; k++) {
            uint32_t ci = L->ord[k];
            size_t first = w;
            uint32_t known = 0;
            uint64_t diff = 0, print = 0;
            pend *m;
            for (j = starts[k - c0]; j < starts[k - c0 + 1]; j++) {
                bpart *q = &L->parts[j];
                uint32_t v;
                q->cells = pos_pop(&q->p);
                if (b->db && q->cells <= b->db->max_cells &&
                    enddb_get(b->db, &q->k, &v)) {
                    b->db_hits++;
                    known ^= v;
                    continue;
                }
                if (TT_GET(b, &q->k, &v)) {
                    known ^= v;
                    continue;
                }
                diff += (uint64_t)q->cells * q->cells;
                L->parts[w++] = *q;
            }
            if (w - first > 1) {
                /* two parts of one key cancel (their values XOR to 0) */
                size_t a, z = first;
                sort_parts(L->parts + first, w - first);
                for (a = first; a < w; a++) {
                    if (a + 1 < w && key_eq(&L->parts[a].k, &L->parts[a + 1].k)) {
                        diff -= 2 * (uint64_t)L->parts[a].cells *
                                L->parts[a].cells;
                        a++;
                        continue;
                    }
                    L->parts[z++] = L->parts[a];
                }
                w = z;
            }
            if (w == first && prune) {
                ns_strike(P, known);
                if (want && !ns_meets(P, want)) {
                    /* this child's value ended the search */
                    b->hist[L->ci[ci].hidx] += hcells;
                    *cut = 1;
                    *npend = ne;
                    return n;
                }
                continue;
            }
            for (j = first; j < w; j++)
                print = (print ^ key_print(&L->parts[j].k)) *
                            0x9E3779B97F4A7C15ull +
                        j - first;
            m = &L->pend[ne++];
            m->first = (uint32_t)first;
            m->count = (uint32_t)(w - first);
            m->known = known;
            m->diff = diff;
            m->dup = 0;
            m->hidx = L->ci[ci].hidx;
            m->hist = L->ci[ci].hist;
            m->print = w == first ? 0 : print ^ known;
        }
        np = w;
    }
    *npend = ne;
    return n;
}

static uint32_t search(searcher *b, const bpos *h, const bkey *key,
                       const nset *want, unsigned d);

/* Exact value of a part. */
static uint32_t exact(searcher *b, const bpart *q, unsigned d)
{
    return search(b, &q->p, &q->k, &NS_ALL, d);
}

/* The plain method: the mex of every child's exact value. */
static uint32_t plain(searcher *b, level *L, size_t ne, size_t n,
                      unsigned d)
{
    size_t i, words = n / 32 + 1;
    uint32_t j;
    if (!RESERVE(b, L->vals, L->vcap, words))
        return NOT_IN_SET;
    memset(L->vals, 0, words * sizeof *L->vals);
    for (i = 0; i < ne; i++) {
        uint32_t x = L->pend[i].known;
        for (j = 0; j < L->pend[i].count; j++) {
            x ^= exact(b, &L->parts[L->pend[i].first + j], d + 1);
            if (b->err)
                return NOT_IN_SET;
        }
        if (x <= n)
            L->vals[x / 32] |= 1u << (x % 32);
    }
    for (i = 0; L->vals[i] == 0xFFFFFFFFu; i++)
        ;
    return (uint32_t)(32 * i) + (uint32_t)__builtin_ctz(~L->vals[i]);
}

/* A search that found g(h) not in want records it (for values below
 * 15) and says so. */
static uint32_t not_in(searcher *b, const bkey *key, const nset *want,
                       uint64_t nodes0)
{
    if (!b->err)
        TT_EXCLUDE(b, key, (uint32_t)want->w[0],
                   cost_of(b->st.nodes - nodes0));
    return NOT_IN_SET;
}

static uint32_t search(searcher *b, const bpos *h, const bkey *key,
                       const nset *want, unsigned d)
{
    level *L;
    nset P, upto, want_left;
    size_t n, ne = 0, i;
    uint64_t nodes0 = b->st.nodes;
    uint32_t v, excl;
    unsigned hcells;
    int exact_all = 1, prune, cut;

    if (b->err)
        return NOT_IN_SET;
    if (b->db && pos_pop(h) <= b->db->max_cells && enddb_get(b->db, key, &v)) {
        b->db_hits++;
        return v;
    }
    if (TT_LOOK(b, key, &v, &excl))
        return v;
    if (excl) {
        /* values known not to be g(h) are not asked for */
        nset w = *want;
        w.w[0] &= ~(uint64_t)excl;
        if (ns_empty(&w))
            return NOT_IN_SET;
        want = &want_left;
        want_left = w;
    }
    if (!node_step(b, d))
        return NOT_IN_SET;
    L = get_level(b, d);
    if (!L)
        return NOT_IN_SET;
    prune = b->o.prune && hook_max_moves(b, h) < 256;
    n = expand(b, L, h, &P, prune, prune ? want : NULL, &ne, &cut);
    if (b->err)
        return NOT_IN_SET;
    if (cut)
        return not_in(b, key, want, nodes0);
    if (n == 0) {
        TT_PUT(b, key, 0, 1);
        return 0;
    }
    if (!prune) {
        v = plain(b, L, ne, n, d);
        if (b->err)
            return NOT_IN_SET;
        put_exact(b, h, key, v, b->st.nodes - nodes0);
        return v;
    }
    sort_pend(L->pend, ne);
    if (!mark_dups(b, L, ne))
        return NOT_IN_SET;
    ns_upto(&upto, ns_max(want));
    hcells = pos_pop(h);
    for (i = 0; i < ne; i++) {
        const pend *m = &L->pend[i];
        nset ask;
        uint32_t x = m->known, r;
        uint32_t j;
        if (!ns_meets(&P, want)) {
            /* the child before cut the search short: its move goes
             * earlier next time, the more the larger h is */
            if (i > 0)
                b->hist[L->pend[i - 1].hidx] += hcells;
            return not_in(b, key, want, nodes0);
        }
        if (m->dup) {
            /* the value of the child before: struck, or not wanted */
            ns_del(&P, ns_max(&P));
            continue;
        }
        for (j = m->count - 1; j > 0; j--) {
            x ^= exact(b, &L->parts[m->first + j], d + 1);
            if (b->err)
                return NOT_IN_SET;
        }
        ask = P;
        ns_del(&ask, ns_max(&ask));
        for (j = 0; j < 4; j++)
            ask.w[j] &= upto.w[j];
        if (ns_empty(&ask)) {
            r = NOT_IN_SET;
        } else {
            const bpart *q = &L->parts[m->first];
            if (x > 255) {
                r = exact(b, q, d + 1);
            } else {
                nset a;
                ns_xor(&a, &ask, x);
                r = search(b, &q->p, &q->k, &a, d + 1);
            }
            if (b->err)
                return NOT_IN_SET;
        }
        if (r == NOT_IN_SET) {
            ns_del(&P, ns_max(&P));
            exact_all = 0;
        } else {
            ns_strike(&P, r ^ x);
        }
    }
    if (!exact_all && !ns_meets(&P, &upto))
        return not_in(b, key, want, nodes0);
    v = ns_min(&P);
    put_exact(b, h, key, v, b->st.nodes - nodes0);
    return v;
}

/* The exact value of part h by aspiration (Beling and Rogalski's
 * aspiration sets): is it 0?  1?  ...  For the value t tried, each open
 * child is asked only whether its value is t; a child that answers with
 * its exact value is closed, and t is the answer when no child has it.
 * A child equal to an earlier one is never asked. */
static uint32_t aspire(searcher *b, const bpos *h, const bkey *key,
                       unsigned d)
{
    level *L;
    nset P, skip = {{0, 0, 0, 0}};
    size_t n, ne = 0, i;
    uint64_t nodes0 = b->st.nodes;
    uint32_t t;
    unsigned hcells = pos_pop(h);
    int cut;

    if (b->err)
        return NOT_IN_SET;
    if (!node_step(b, d))
        return NOT_IN_SET;
    L = get_level(b, d);
    if (!L)
        return NOT_IN_SET;
    n = expand(b, L, h, &P, 0, NULL, &ne, &cut);
    if (b->err)
        return NOT_IN_SET;
    if (n == 0) {
        TT_PUT(b, key, 0, 1);
        return 0;
    }
    if (n > 255 || !b->o.prune) {
        t = plain(b, L, ne, n, d);
        if (b->err)
            return NOT_IN_SET;
        put_exact(b, h, key, t, b->st.nodes - nodes0);
        return t;
    }
    sort_pend(L->pend, ne);
    if (!mark_dups(b, L, ne))
        return NOT_IN_SET;
    for (i = 0; i < ne; i++) {
        pend *m = &L->pend[i];
        if (!m->count && m->known < 256)
            skip.w[m->known >> 6] |= 1ull << (m->known & 63);
    }
    for (t = 0; t < n; t++) {
        int found = 0;
        if (ns_has(&skip, t))
            continue;
        if (d == 1) {
            b->st.root_value = t;
            b->st.root_children = ne;
        }
        for (i = 0; i < ne && !found; i++) {
            pend *m = &L->pend[i];
            const bpart *q;
            uint32_t r, v;
            if (d == 1)
                b->st.root_done = i;
            if (!m->count || m->dup)
                continue;
            for (; m->count > 1; m->count--) {
                m->known ^= exact(b, &L->parts[m->first + m->count - 1],
                                  d + 1);
                if (b->err)
                    return NOT_IN_SET;
            }
            q = &L->parts[m->first];
            if (!TT_GET(b, &q->k, &r)) {
                if ((t ^ m->known) > 255) {
                    r = exact(b, q, d + 1);
                } else {
                    nset a = {{0, 0, 0, 0}};
                    a.w[(t ^ m->known) >> 6] = 1ull << ((t ^ m->known) & 63);
                    r = search(b, &q->p, &q->k, &a, d + 1);
                }
                if (b->err)
                    return NOT_IN_SET;
            }
            if (r == NOT_IN_SET)
                continue;
            v = r ^ m->known;
            m->count = 0;
            m->known = v;
            if (v < 256)
                skip.w[v >> 6] |= 1ull << (v & 63);
            found = v == t;
            if (found)
                b->hist[m->hidx] += hcells;
        }
        if (!found)
            break;
    }
    put_exact(b, h, key, t, b->st.nodes - nodes0);
    return t;
}

/* The parallel search ******************************************************/

/* A part of at least this many cells is valued by all the limits'
 * threads together; smaller parts take a fraction of a second and are
 * searched by the caller's thread alone.
 *
 * The threads share the root's children.  Aspiration asks, for t = 0, 1,
 * ..., whether some child has the value t; in each such round the
 * threads take the open children one at a time from a shared counter
 * (in the caller's order) and ask each whether its value is t, all on
 * the one table.  A child found to have value t ends the round at once
 * (the others drop the child they hold: what they finished is in the
 * table); a round in which no child has t answers t.  A child whose
 * exact value comes out is closed for the later rounds.  The caller's
 * thread never waits on a helper: once no child is left to take, it asks
 * the children still held by helpers itself, so a helper that sleeps
 * (helper_pace(): the machine is busy) or lags costs it nothing but the
 * table it shares. */
#define PARALLEL_MIN_CELLS 30

typedef struct rootshare {
    /* the root's pending children, in the caller's order: read only */
    const bpart *parts;
    pend *pend; /* a copy each helper copies again */
    size_t ne;
    unsigned hcells;
    /* per child: its exact value once known (NOT_IN_SET before), and the
     * last round that answered it */
    uint32_t *closed;
    unsigned *answered;
    /* the round (under the pause's mutex: gen, t, quit) */
    unsigned gen;
    uint32_t t;
    size_t next;    /* the next child to take */
    int found;      /* a child of value t */
    int abort;      /* the round is over: drop what you hold */
    int quit;
} rootshare;

/* A child of a parallel root whose round has ended is dropped. */
static int round_over(const searcher *b)
{
    return b->rs && __atomic_load_n(&b->rs->abort, __ATOMIC_ACQUIRE);
}

typedef struct helper_job {
    searcher *s;
    rootshare *rs;
    pend *local; /* the helper's own copy of the children */
    size_t lcap;
    pthread_t th;
} helper_job;

/* Ask child i of the root whether its value is t (rs->t); 0 when the
 * search was stopped (b->err set). */
static int root_child(searcher *b, rootshare *rs, pend *m, size_t i,
                      uint32_t t, unsigned gen)
{
    const bpart *q;
    uint32_t r, v;
    if (__atomic_load_n(&rs->closed[i], __ATOMIC_ACQUIRE) != NOT_IN_SET ||
        __atomic_load_n(&rs->answered[i], __ATOMIC_ACQUIRE) == gen ||
        !m->count || m->dup)
        return 1;
    while (m->count > 1) {
        uint32_t e = exact(b, &rs->parts[m->first + m->count - 1], 2);
        if (b->err)
            return 0;
        m->known ^= e;
        m->count--;
    }
    q = &rs->parts[m->first];
    if (!TT_GET(b, &q->k, &r)) {
        if ((t ^ m->known) > 255) {
            r = exact(b, q, 2);
        } else {
            nset a = {{0, 0, 0, 0}};
            a.w[(t ^ m->known) >> 6] = 1ull << ((t ^ m->known) & 63);
            r = search(b, &q->p, &q->k, &a, 2);
        }
        if (b->err)
            return 0;
    }
    if (r != NOT_IN_SET) {
        v = r ^ m->known;
        __atomic_store_n(&rs->closed[i], v, __ATOMIC_RELEASE);
        if (v == t) {
            b->hist[m->hidx] += rs->hcells;
            __atomic_store_n(&rs->found, 1, __ATOMIC_RELEASE);
            __atomic_store_n(&rs->abort, 1, __ATOMIC_RELEASE);
        }
    }
    __atomic_store_n(&rs->answered[i], gen, __ATOMIC_RELEASE);
    return 1;
}

/* A stop of one's child because the round ended is no error. */
static void clear_abort(searcher *b)
{
    if (b->err == GRUNDY_ERR_CANCELLED && b->aborted) {
        b->err = GRUNDY_OK;
        b->aborted = 0;
    }
}

static void *helper_main(void *arg)
{
    helper_job *j = arg;
    searcher *b = j->s;
    rootshare *rs = j->rs;
    grundy_board_pause *pz = b->pz;
    unsigned last = 0;
    for (;;) {
        unsigned gen;
        uint32_t t;
        size_t i;
        pthread_mutex_lock(&pz->mu);
        while (rs->gen == last && !rs->quit)
            pthread_cond_wait(&pz->cv, &pz->mu);
        while (pz->grow_req && !rs->quit)
            pthread_cond_wait(&pz->cv, &pz->mu);
        if (rs->quit) {
            pthread_mutex_unlock(&pz->mu);
            break;
        }
        gen = last = rs->gen;
        t = rs->t;
        pz->active++;
        pthread_mutex_unlock(&pz->mu);
        if (!j->local) {
            j->local = malloc(rs->ne * sizeof *j->local);
            if (j->local)
                memcpy(j->local, rs->pend, rs->ne * sizeof *j->local);
        }
        b->err = GRUNDY_OK;
        b->aborted = 0;
        b->pace_wall = grundy_board_clock_ns(CLOCK_MONOTONIC);
        b->pace_cpu = grundy_board_clock_ns(b->main_clock);
        while (j->local && !__atomic_load_n(&rs->abort, __ATOMIC_ACQUIRE) &&
               (i = __atomic_fetch_add(&rs->next, 1, __ATOMIC_ACQ_REL)) <
                   rs->ne)
            if (!root_child(b, rs, &j->local[i], i, t, gen))
                break;
        clear_abort(b);
        pthread_mutex_lock(&pz->mu);
        pz->active--;
        pthread_cond_broadcast(&pz->cv);
        pthread_mutex_unlock(&pz->mu);
    }
    return NULL;
}

/* The exact value of part h on every thread (the top of this section). */
static uint32_t aspire_shared(grundy_board *bd, const bpos *h,
                              const bkey *key, unsigned nthreads,
                              clockid_t self)
{
    searcher *b = bd->s[0];
    grundy_board_pause *pz = &bd->pz;
    helper_job job[GRUNDY_BOARD_MAX_SEARCHERS];
    rootshare rs;
    level *L;
    nset P;
    size_t n, ne = 0, i, started = 0;
    uint64_t nodes0 = b->st.nodes;
    uint32_t t = 0;
    int cut;

    if (!node_step(b, 1))
        return NOT_IN_SET;
    L = get_level(b, 1);
    if (!L)
        return NOT_IN_SET;
    n = expand(b, L, h, &P, 0, NULL, &ne, &cut);
    if (b->err)
        return NOT_IN_SET;
    if (n == 0) {
        TT_PUT(b, key, 0, 1);
        return 0;
    }
    if (n > 255 || !b->o.prune)
        return aspire(b, h, key, 1);
    sort_pend(L->pend, ne);
    if (!mark_dups(b, L, ne))
        return NOT_IN_SET;
    memset(&rs, 0, sizeof rs);
    rs.parts = L->parts;
    rs.ne = ne;
    rs.hcells = pos_pop(h);
    rs.pend = malloc(ne * sizeof *rs.pend);
    rs.closed = malloc(ne * sizeof *rs.closed);
    rs.answered = calloc(ne, sizeof *rs.answered);
    if (!rs.pend || !rs.closed || !rs.answered) {
        free(rs.pend);
        free(rs.closed);
        free(rs.answered);
        b->err = GRUNDY_ERR_NOMEM;
        return NOT_IN_SET;
    }
    memcpy(rs.pend, L->pend, ne * sizeof *rs.pend);
    for (i = 0; i < ne; i++)
        rs.closed[i] = L->pend[i].count ? NOT_IN_SET : L->pend[i].known;
    /* the helpers, waiting for the first round */
    while (bd->nsearchers < nthreads) {
        searcher *hs = searcher_new(bd);
        if (!hs)
            break;
        hs->reverse = 1;
        bd->s[bd->nsearchers++] = hs;
    }
    for (i = 1; i < bd->nsearchers && i < nthreads; i++) {
        job[i].s = bd->s[i];
        job[i].s->main_clock = self;
        job[i].s->rs = &rs;
        job[i].rs = &rs;
        job[i].local = NULL;
        if (grundy_thread_start(&job[i].th, helper_main, &job[i]) != 0)
            break;
        started = i;
    }
    b->rs = &rs;
    for (t = 0; t < n && !b->err; t++) {
        int known = 0;
        unsigned gen;
        for (i = 0; i < ne && !known; i++)
            known = __atomic_load_n(&rs.closed[i], __ATOMIC_ACQUIRE) == t;
        if (known)
            continue;
        b->st.root_value = t;
        b->st.root_children = ne;
        pthread_mutex_lock(&pz->mu);
        rs.t = t;
        rs.next = 0;
        rs.found = 0;
        rs.abort = 0;
        gen = ++rs.gen;
        pthread_cond_broadcast(&pz->cv);
        pthread_mutex_unlock(&pz->mu);
        /* take children while there are any, then ask those the helpers
         * still hold */
        while (!__atomic_load_n(&rs.abort, __ATOMIC_ACQUIRE) &&
               (i = __atomic_fetch_add(&rs.next, 1, __ATOMIC_ACQ_REL)) < ne) {
            b->st.root_done = i;
            if (!root_child(b, &rs, &L->pend[i], i, t, gen))
                break;
        }
        for (i = 0; i < ne && !b->err &&
                    !__atomic_load_n(&rs.found, __ATOMIC_ACQUIRE);
             i++)
            if (!root_child(b, &rs, &L->pend[i], i, t, gen))
                break;
        clear_abort(b);
        /* the round is over: the helpers drop what they hold */
        pthread_mutex_lock(&pz->mu);
        __atomic_store_n(&rs.abort, 1, __ATOMIC_RELEASE);
        pthread_cond_broadcast(&pz->cv); /* a pacing helper wakes up */
        while (pz->active)
            pthread_cond_wait(&pz->cv, &pz->mu);
        pthread_mutex_unlock(&pz->mu);
        if (b->err)
            break;
        if (!rs.found)
            break; /* no child has t */
    }
    pthread_mutex_lock(&pz->mu);
    rs.quit = 1;
    pthread_cond_broadcast(&pz->cv);
    pthread_mutex_unlock(&pz->mu);
    for (i = 1; i <= started; i++) {
        pthread_join(job[i].th, NULL);
        free(job[i].local);
        job[i].s->rs = NULL;
    }
    b->rs = NULL;
    free(rs.pend);
    free(rs.closed);
    free(rs.answered);
    if (b->err)
        return NOT_IN_SET;
    put_exact(b, h, key, t, b->st.nodes - nodes0);
    return t;
}

static void tt_share(tt_t *t, int on)
{
#if BW == 1
    if (on)
        grundy_board_tt_freeze(t);
    else
        grundy_board_tt_thaw(t);
#else
    if (on)
        grundy_board_ttw_freeze(t);
    else
        grundy_board_ttw_thaw(t);
#endif
}

static uint32_t part_value(grundy_board *bd, const bpos *p, const bkey *key)
{
    searcher *b = bd->s[0];
    unsigned n = grundy_limits_threads(b->o.limits);
    clockid_t self;
    uint32_t v;
    if (n > GRUNDY_BOARD_MAX_SEARCHERS)
        n = GRUNDY_BOARD_MAX_SEARCHERS;
    if (n < 2 || pos_pop(p) < PARALLEL_MIN_CELLS ||
        pthread_getcpuclockid(pthread_self(), &self) != 0)
        return aspire(b, p, key, 1);
    tt_share(b->tt, 1);
    v = aspire_shared(bd, p, key, n, self);
    tt_share(b->tt, 0);
    return v;
}

grundy_status EXPORT(grundy_board_value)(grundy_value *out, grundy_board *bd,
                                         const uint64_t *cells)
{
    searcher *b;
    level *L;
    size_t np = 0, i;
    grundy_value x = 0;
    uint64_t t0 = grundy_clock_ms();
    bpos p;
    *out = 0;
    if (!bd->nsearchers) {
        bd->s[0] = searcher_new(bd);
        GRUNDY_RETURN_IF(!bd->s[0], GRUNDY_ERR_NOMEM);
        bd->nsearchers = 1;
    }
    b = bd->s[0];
#if BW == 1
    p = cells[0];
#else
    memcpy(p.w, cells, sizeof p.w);
#endif
    b->err = GRUNDY_OK;
    grundy_ticker_init(&b->tk, b->o.limits, "search", 0);
    /* the parts of p live in a level of their own, below the search's */
    L = get_level(b, 0);
    if (L && split(b, L, &p, &np)) {
        for (i = 0; i < np && !b->err; i++) {
            bkey key;
            uint32_t v;
            part_key(b, &L->parts[i].p, &key);
            if (b->db && pos_pop(&L->parts[i].p) <= b->db->max_cells &&
                enddb_get(b->db, &key, &v))
                b->db_hits++;
            else if (!TT_GET(b, &key, &v))
                v = part_value(bd, &L->parts[i].p, &key);
            x ^= v;
        }
    }
    b->st.ms += grundy_clock_ms() - t0;
    if (b->err == GRUNDY_OK)
        b->err = grundy_ticker_done(&b->tk);
    if (b->err != GRUNDY_OK)
        return b->err;
    *out = x;
    return GRUNDY_OK;
}

/* The endgame database of window game w, whose table is t (board.h). */
static grundy_status enddb_put(enddb *db, const bkey *k, uint32_t v);

static grundy_status enddb_grow(enddb *db)
{
    enddb old = *db;
    size_t i;
    db->cap = old.cap ? 2 * old.cap : 1024;
    db->keys = malloc(db->cap * sizeof *db->keys);
    db->vals = malloc(db->cap * sizeof *db->vals);
    db->n = 0;
    if (!db->keys || !db->vals) {
        free(db->keys);
        free(db->vals);
        *db = old;
        return GRUNDY_ERR_NOMEM;
    }
    memset(db->vals, 0xFF, db->cap * sizeof *db->vals);
    for (i = 0; i < old.cap; i++)
        if (old.vals[i] != ENDDB_EMPTY)
            (void)enddb_put(db, &old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
    return GRUNDY_OK;
}

/* Keep (k, v); GRUNDY_ERR_ARG when k is there with another value (two
 * positions the family says are one part of one shape differ). */
static grundy_status enddb_put(enddb *db, const bkey *k, uint32_t v)
{
    size_t j;
    if (2 * (db->n + 1) > db->cap)
        GRUNDY_TRY(enddb_grow(db));
    for (j = enddb_slot(db, k); db->vals[j] != ENDDB_EMPTY;
         j = (j + 1) & (db->cap - 1))
        if (key_eq(&db->keys[j], k))
            return db->vals[j] == v ? GRUNDY_OK : GRUNDY_ERR_ARG;
    db->keys[j] = *k;
    db->vals[j] = (uint16_t)v;
    db->n++;
    return GRUNDY_OK;
}

grundy_status EXPORT(grundy_board_enddb)(grundy_board *bd,
                                         const grundy_game *w,
                                         const grundy_table *t)
{
    const grundy_rules *r = grundy_game_rules(bd->game);
    const void *params = grundy_game_params(bd->game);
    const void *wparams = grundy_game_params(w);
    const grundy_rules *wr = grundy_game_rules(w);
    grundy_pos np = grundy_table_size(t), q;
    enddb *db;
    searcher *b;
    bpos *parts = NULL;
    size_t pcap = 0;
    grundy_status s = GRUNDY_OK;
    grundy_ticker tk;
    if (!bd->nsearchers) {
        bd->s[0] = searcher_new(bd);
        GRUNDY_RETURN_IF(!bd->s[0], GRUNDY_ERR_NOMEM);
        bd->nsearchers = 1;
    }
    b = bd->s[0];
    db = calloc(1, sizeof *db);
    GRUNDY_RETURN_IF(!db, GRUNDY_ERR_NOMEM);
    b->err = GRUNDY_OK;
    grundy_ticker_init(&tk, b->o.limits, "end database", np);
    for (q = 1; q < np && s == GRUNDY_OK; q++) {
        uint64_t cells[GRUNDY_CELLS_MAX_WORDS];
        bpos p;
        size_t n;
        bkey k;
        uint32_t v = (uint32_t)grundy_table_get(t, q);
        if ((q & 0xFFF) == 0 && (s = grundy_ticker_tick(&tk, q)) != GRUNDY_OK)
            break;
        if (!r->window_place(params, wparams, q, cells, BW))
            continue;
        if (wr->orbit) {
            /* one position of each orbit of the window: its images have
             * the same parts up to the keys */
            grundy_pos img[GRUNDY_MAX_ORBIT];
            size_t ni = wr->orbit(wparams, q, img, GRUNDY_MAX_ORBIT), i;
            int least = 1;
            for (i = 0; i < ni && i < GRUNDY_MAX_ORBIT && least; i++)
                least = img[i] >= q;
            if (!least)
                continue;
        }
#if BW == 1
        p = cells[0];
#else
        memcpy(p.w, cells, sizeof p.w);
#endif
        for (;;) {
            n = has_components(b) && b->o.split
                    ? hook_components(b, &p, parts, pcap)
                    : (pcap ? (parts[0] = p, 1) : 1);
            if (n <= pcap)
                break;
            if (!RESERVE(b, parts, pcap, n)) {
                s = b->err;
                break;
            }
        }
        if (s != GRUNDY_OK || n != 1)
            continue; /* no part, or several */
        part_key(b, &parts[0], &k);
        if (b->err) {
            s = b->err;
            break;
        }
        if (v >= ENDDB_EMPTY)
            continue;
        s = enddb_put(db, &k, v);
        if (s == GRUNDY_OK && pos_pop(&parts[0]) > db->max_cells)
            db->max_cells = pos_pop(&parts[0]);
    }
    if (s == GRUNDY_OK)
        s = grundy_ticker_done(&tk);
    b->level_bytes -= pcap * sizeof *parts;
    free(parts);
    if (s == GRUNDY_OK &&
        grundy_limits_mem_check(b->o.limits,
                                db->cap * (sizeof *db->keys +
                                           sizeof *db->vals)) != GRUNDY_OK)
        s = GRUNDY_ERR_LIMIT;
    if (s != GRUNDY_OK) {
        enddb_free(db);
        return s;
    }
    db->window_positions = np;
    enddb_free(bd->enddb);
    bd->enddb = db;
    for (q = 0; q < bd->nsearchers; q++)
        ((searcher *)bd->s[q])->db = db;
    return GRUNDY_OK;
}

grundy_status EXPORT(grundy_board_preload_key)(grundy_board *bd,
                                               const uint64_t *key,
                                               unsigned nwords, unsigned tag,
                                               uint32_t value)
{
    grundy_board_tt_counts c = {0, 0, 0, 0};
    bkey k;
#if BW == 1
    GRUNDY_RETURN_IF(nwords != 2 || tag != 0 || (key[1] >> 32),
                     GRUNDY_ERR_ARG);
    k.k0 = key[0];
    k.k1 = key[1];
    GRUNDY_RETURN_IF(value >= GRUNDY_BOARD_TT_EXCL, GRUNDY_ERR_ARG);
    grundy_board_tt_put(TT_OF(bd), &c, k.k0, k.k1, value, 255);
#else
    GRUNDY_RETURN_IF(nwords != BW || tag > 255 ||
                         value >= GRUNDY_BOARD_TT_EXCL,
                     GRUNDY_ERR_ARG);
    memcpy(k.w, key, sizeof k.w);
    k.tag = tag;
    grundy_board_ttw_put(TT_OF(bd), &c, k.w, k.tag, value, 255);
#endif
    return GRUNDY_OK;
}
