/*
 * search_tmpl.h -- the board search, written once over the width of a
 * position (grundy/board.h; the method is described at the top of
 * board.c).  Included by search64.c, search128.c and search256.c with
 *
 *   BW  the words of a position: 1, 2 or 4;
 *   BN  the bits: 64, 128 or 256 (the suffix of the three functions each
 *       instantiation exports, board_internal.h).
 *
 * The template is three files: this one (types, the table and the
 * family's hooks, the order of moves), search_run.h (the search) and
 * search_par.h (threads, the endgame database, the entry points), which
 * it includes at its end.
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
#include <stdio.h>
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
    char root_note[64]; /* tk.detail: where the root stands (root_at()) */
    uint64_t work_end; /* the caller's search stops past this many nodes,
                        * the helpers' counted in */
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

/* A fact about part h (key) that took `nodes` positions, to the keeper
 * when the part is big enough: an exact value, or GRUNDY_BOARD_KEEP_EXCL
 * and the values it is known not to have. */
static void keep(searcher *b, const bpos *h, const bkey *key, uint32_t v,
                 uint64_t nodes)
{
    const grundy_board_keeper *kp = b->o.keeper;
    if (kp && pos_pop(h) >= kp->min_cells) {
#if BW == 1
        uint64_t w[2] = {key->k0, key->k1};
        kp->put(kp->ctx, w, 2, 0, v, nodes);
#else
        kp->put(kp->ctx, key->w, BW, key->tag, v, nodes);
#endif
    }
}

/* An exact value of part h (key) that took `nodes` positions: into the
 * table, and to the keeper when the part is big enough. */
static void put_exact(searcher *b, const bpos *h, const bkey *key,
                      uint32_t v, uint64_t nodes)
{
    TT_PUT(b, key, v, cost_of(nodes));
    keep(b, h, key, v, nodes);
}

/* Part h (key) is none of the values of mask (bits 0..14), shown by a
 * search of `nodes` positions: into the table, and to the keeper, so a
 * run stopped inside a long search keeps what its finished searches
 * showed. */
static void put_excluded(searcher *b, const bpos *h, const bkey *key,
                         uint32_t mask, uint64_t nodes)
{
    mask &= GRUNDY_BOARD_KEEP_EXCL - 1;
    if (!mask)
        return;
    TT_EXCLUDE(b, key, mask, cost_of(nodes));
    keep(b, h, key, GRUNDY_BOARD_KEEP_EXCL | mask, nodes);
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

/* The caller's search at its root is asking whether the value is t, at
 * child i of n: --stats's "root" line, and the progress report's detail
 * (read in this thread only, by the ticker's callback). */
static void root_at(searcher *b, unsigned t, uint64_t i, uint64_t n)
{
    b->st.root_value = t;
    b->st.root_done = i;
    b->st.root_children = n;
    snprintf(b->root_note, sizeof b->root_note,
             "round %u, child %llu of %llu", t, (unsigned long long)i + 1,
             (unsigned long long)n);
    b->tk.detail = b->root_note;
}

/* The search, then the threads and the entry points. */
#include "board/search_run.h"
#include "board/search_par.h"
