/*
 * range.c -- the range engine: nim-sums, ranks, subset counts and winning
 * moves over a sequence of Grundy values under point updates.
 *
 * Two layouts sit behind the API (grundy/range.h explains the choice):
 *
 * Block tree (PRESENCE, BITS).  Level 0 is the value array itself, cut
 * into blocks of 32 values (64 bytes, one cache line).  Level 1 holds one
 * summary per block, each level above one summary per 16 entries below,
 * up to a single root.  A summary packs a (the presence mask 1<<v, or the
 * OR of the values) and x (the XOR) in one 32-bit word.  Every level
 * above 0 also keeps, for each entry, the fold of its group of 16 up to
 * it (pre) and from it (suf).  A query [lo, hi] scans the two partial
 * blocks of values, then at each level takes suf at the left end and pre
 * at the right end and moves up with [parent(lo)+1, parent(hi)-1], until
 * both ends share a group, which it scans: two words per level, about 6
 * levels for 10^7 values, all but the first two in cache.  A Fenwick tree
 * per value (the contest approach) reads 2 * log2(n) scattered words per
 * value instead.  An update rescans one block; when the block's mask is
 * unchanged (the usual case: a block of 32 holds most small values) no
 * mask above it changes either, and the update only XORs the difference
 * into the pre / suf runs and nodes on its path; otherwise it redoes the
 * pre / suf of one group per level (two chains of 16 ORs and XORs).
 *
 * With 10^7 values the cost is cache misses (about 150 ns each here), not
 * instructions: the partial scans of level 0 are two of them per query.
 * grundy_range_prefetch() lets a caller that knows the next operation
 * start those loads early; huge pages (where the kernel offers them on
 * request) spare the page walks.
 *
 * Segment tree of bases (BASIS).  Leaves are the same 32-value blocks;
 * each node stores a GF(2) basis in echelon form (b[k] has leading bit k,
 * or is 0) with the XOR and OR of its values.  A query inserts the partial
 * blocks' values and the O(log n) covering nodes' vectors into one basis.
 *
 * Powers of two modulo p come from three tables of 4096 entries
 * (2^j, 2^(4096 j), 2^(2^24 j)), so a count costs at most three modular
 * products; each multiplies by a table constant, so it uses Shoup's
 * precomputed quotient (a few multiplications, no division).
 */
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "core/alloc.h"
#include "grundy/range.h"
#include "grundy/table.h"
#include "range_pow.h"
#include "range_xor.h"

#define B0_LOG 5 /* values per level-1 node: 32, 64 bytes */
#define F_LOG 4  /* children per node above level 1: 16 */
#define F (1u << F_LOG)
#define BT_LOG 5 /* values per leaf of the tree of bases: 32 */
#define BT (1u << BT_LOG)
#define MAX_LEVELS 12
#define MAX_LEN ((uint64_t)1 << (3 * RANGE_POW_BITS)) /* counts: < 2^36 */
#define SMALL_LIMIT 16u /* PRESENCE holds values < 16 */

typedef struct bnode {
    uint16_t b[16];
    uint16_t x, o;
} bnode;

struct grundy_range {
    size_t n;
    grundy_range_repr repr;
    int forced;
    unsigned flags;
    size_t mem_limit;
    uint64_t p;
    uint16_t *val;
    /* Block tree: level 0 is val, levels 1 .. nlev hold nodes (nd),
     * level nlev a single root.  pre / suf (levels >= 1): folds within
     * each group of 16 entries up to / from each entry. */
    unsigned nlev;
    size_t lev_n[MAX_LEVELS + 1];
    uint32_t *nd[MAX_LEVELS + 1];
    uint32_t *pre[MAX_LEVELS + 1];
    uint32_t *suf[MAX_LEVELS + 1];
    /* Segment tree of bases over nblk blocks; leaves at tsize. */
    size_t nblk, tsize;
    bnode *tree;
    range_xor xr;        /* the XOR layout (val unused) */
    range_pow pw;        /* powers of two, when counts can be asked */
};

/* Arrays are aligned to cache lines, so that a block of 32 values or a
 * group of 16 summaries is one line; from 2 MB on they ask for huge pages,
 * so that a query does not pay a page walk (two, in a virtual machine)
 * per level.  Freed with free(). */
static void *big_alloc(size_t bytes)
{
    void *p = NULL;
    if (bytes < ((size_t)1 << 21))
        return posix_memalign(&p, 64, bytes ? bytes : 1) == 0 ? p : NULL;
    if (posix_memalign(&p, (size_t)1 << 21, bytes) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

/* Rank of the span of a set of 4-bit values given as a presence mask. */
static uint8_t rank_tab[1u << 16];
static uint16_t bit_masks[16]; /* presence masks of the values with bit t */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static unsigned top_bit(unsigned v)
{
    assert(v != 0);
    return 31u - (unsigned)__builtin_clz(v);
}

/* Insert v into an echelon basis; @return 1 when it was independent. */
static inline int basis_insert(uint16_t b[16], unsigned v)
{
    while (v) {
        unsigned k = top_bit(v);
        if (!b[k]) {
            b[k] = (uint16_t)v;
            return 1;
        }
        v ^= b[k];
    }
    return 0;
}

static void tables_build(void)
{
    unsigned m, v, t;
    for (m = 0; m < (1u << 16); m++) {
        uint16_t b[16] = {0};
        unsigned r = 0;
        for (v = 1; v < 16; v++)
            if (m >> v & 1)
                r += (unsigned)basis_insert(b, v);
        rank_tab[m] = (uint8_t)r;
    }
    for (t = 0; t < 16; t++) {
        unsigned mask = 0;
        for (v = 0; v < 16; v++)
            if (v >> t & 1)
                mask |= 1u << v;
        bit_masks[t] = (uint16_t)mask;
    }
}

/* Block tree ************************************************************/

/* A summary packs a (low 16 bits: presence mask or OR of values) and x
 * (high 16 bits: XOR of values) in one word. */
#define COMB(p, q) ((((p) | (q)) & 0xFFFFu) | (((p) ^ (q)) & 0xFFFF0000u))

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

static size_t min_sz(size_t a, size_t b)
{
    return a < b ? a : b;
}

static inline uint32_t leaf(const grundy_range *r, unsigned v)
{
    return (r->repr == GRUNDY_RANGE_PRESENCE ? 1u << v : v) | (v << 16);
}

/* Entry j of level k: a value's summary (k = 0) or a node. */
static inline uint32_t entry(const grundy_range *r, unsigned k, size_t j)
{
    return k == 0 ? leaf(r, r->val[j]) : r->nd[k][j];
}

static inline unsigned group_log(unsigned k)
{
    return k == 0 ? B0_LOG : F_LOG;
}

/* Fold entries [a, b) of level k by a scan. */
static uint32_t fold_scan(const grundy_range *r, unsigned k, size_t a,
                          size_t b)
{
    uint32_t o = 0, x = 0;
    size_t i;
    if (k == 0) {
        const uint16_t *v = r->val;
        if (r->repr == GRUNDY_RANGE_PRESENCE)
            for (i = a; i < b; i++) {
                o |= 1u << v[i];
                x ^= v[i];
            }
        else
            for (i = a; i < b; i++) {
                o |= v[i];
                x ^= v[i];
            }
        return o | (x << 16);
    }
    for (i = a; i < b; i++) {
        o |= r->nd[k][i];
        x ^= r->nd[k][i];
    }
    return (o & 0xFFFFu) | (x & 0xFFFF0000u);
}

/* Recompute node b of level 1 from its block of values.  @return 1 when
 * it changed. */
static int block_update(grundy_range *r, size_t b)
{
    uint32_t v, old;
    if (r->nlev == 0)
        return 0;
    v = fold_scan(r, 0, b << B0_LOG, min_sz(r->n, (b + 1) << B0_LOG));
    old = r->nd[1][b];
    r->nd[1][b] = v;
    return v != old;
}

/* After entries [j, jh] of one group of level k >= 1 changed: recompute the
 * prefix folds from j to the end of the group and the suffix folds from
 * jh down to its start, then the group's node on level k + 1.
 * @return 1 when that node changed. */
static int group_update(grundy_range *r, unsigned k, size_t j, size_t jh)
{
    unsigned lg = group_log(k);
    size_t start = j >> lg << lg, end = min_sz(r->lev_n[k], start +
                                                            ((size_t)1 << lg));
    uint32_t *pre = r->pre[k], *suf = r->suf[k], o, x, old;
    size_t i;
    /* Two one-cycle dependency chains (OR and XOR) rather than one
     * chain through COMB. */
    o = x = j > start ? pre[j - 1] : 0;
    for (i = j; i < end; i++) {
        uint32_t e = entry(r, k, i);
        o |= e;
        x ^= e;
        pre[i] = (o & 0xFFFFu) | (x & 0xFFFF0000u);
    }
    o = x = jh + 1 < end ? suf[jh + 1] : 0;
    for (i = jh + 1; i-- > start;) {
        uint32_t e = entry(r, k, i);
        o |= e;
        x ^= e;
        suf[i] = (o & 0xFFFFu) | (x & 0xFFFF0000u);
    }
    if (k == r->nlev)
        return 0;
    old = r->nd[k + 1][start >> lg];
    r->nd[k + 1][start >> lg] = pre[end - 1];
    return old != pre[end - 1];
}

/* Recompute every node and group above values [lo, hi]. */
static void tree_refresh(grundy_range *r, size_t lo, size_t hi)
{
    unsigned k;
    size_t g;
    for (g = lo >> B0_LOG; g <= hi >> B0_LOG; g++)
        (void)block_update(r, g);
    lo >>= B0_LOG;
    hi >>= B0_LOG;
    for (k = 1; k <= r->nlev; k++) {
        unsigned lg = group_log(k);
        for (g = lo >> lg; g <= hi >> lg; g++)
            (void)group_update(r, k, g << lg,
                               min_sz(r->lev_n[k], (g + 1) << lg) - 1);
        lo >>= lg;
        hi >>= lg;
    }
}

static void tree_free(grundy_range *r)
{
    unsigned k;
    for (k = 0; k <= MAX_LEVELS; k++) {
        GRUNDY_FREE_ALL(r->nd[k], r->pre[k], r->suf[k]);
        r->nd[k] = r->pre[k] = r->suf[k] = NULL;
    }
    r->nlev = 0;
}

/* Levels 0 .. nlev; level nlev has one entry (none when n = 0). */
static size_t tree_bytes(size_t n)
{
    size_t m = n, total = 0;
    unsigned k = 0;
    while (m > 0) {
        total += k ? 12 * m : 0;
        if (m == 1)
            break;
        m = (m + ((size_t)1 << group_log(k)) - 1) >> group_log(k);
        k++;
    }
    return total;
}

static grundy_status tree_alloc(grundy_range *r)
{
    size_t m = r->n;
    unsigned k = 0;
    while (m > 0) {
        assert(k <= MAX_LEVELS);
        r->lev_n[k] = m;
        r->nlev = k;
        if (k) {
            r->pre[k] = big_alloc(m * sizeof(uint32_t));
            r->suf[k] = big_alloc(m * sizeof(uint32_t));
            r->nd[k] = big_alloc(m * sizeof(uint32_t));
        }
        if (k && (!r->pre[k] || !r->suf[k] || !r->nd[k])) {
            tree_free(r);
            return GRUNDY_ERR_NOMEM;
        }
        if (m == 1)
            break;
        m = (m + ((size_t)1 << group_log(k)) - 1) >> group_log(k);
        k++;
    }
    return GRUNDY_OK;
}

/* The summary of values [lo, hi]: at each level the suffix fold of the
 * left end's group and the prefix fold of the right end's group, then
 * one level up with the groups strictly between, until both ends share a
 * group, which is scanned. */
static uint32_t tree_query(const grundy_range *r, size_t lo, size_t hi)
{
    uint32_t acc = 0;
    unsigned k;
    /* The lines this query will miss on, requested together so that
     * their latencies overlap. */
    size_t l1 = (lo >> B0_LOG) + 1, h1 = hi >> B0_LOG;
    PREFETCH(r->val + lo);
    PREFETCH(r->val + hi);
    if (l1 < h1) {
        PREFETCH(r->suf[1] + l1);
        PREFETCH(r->pre[1] + h1 - 1);
    }
    for (k = 0;; k++) {
        unsigned lg = group_log(k);
        size_t bl = lo >> lg, bh = hi >> lg;
        if (bl == bh)
            return COMB(acc, fold_scan(r, k, lo, hi + 1));
        if (k == 0) /* values: scan the two partial blocks */
            acc = COMB(fold_scan(r, 0, lo, (bl + 1) << lg),
                       fold_scan(r, 0, bh << lg, hi + 1));
        else
            acc = COMB(acc, COMB(r->suf[k][lo], r->pre[k][hi]));
        if (bl + 1 > bh - 1)
            return acc;
        lo = bl + 1;
        hi = bh - 1;
    }
}

/* Leftmost value index in [a, b) with bit t, or SIZE_MAX. */
static size_t first_val(const grundy_range *r, size_t a, size_t b,
                        unsigned t)
{
    size_t i;
    for (i = a; i < b; i++)
        if (r->val[i] >> t & 1)
            return i;
    return SIZE_MAX;
}

/* Leftmost value index below entry j of level k whose value has bit t;
 * the entry is known to contain one. */
static size_t tree_descend(const grundy_range *r, unsigned k, size_t j,
                           unsigned t, uint32_t want)
{
    size_t i, end;
    for (; k > 1; k--) {
        end = min_sz(r->lev_n[k - 1], (j + 1) << F_LOG);
        for (i = j << F_LOG; i < end; i++)
            if (r->nd[k - 1][i] & want)
                break;
        assert(i < end);
        j = i;
    }
    if (k == 1)
        j = first_val(r, j << B0_LOG, min_sz(r->n, (j + 1) << B0_LOG), t);
    assert(j != SIZE_MAX);
    return j;
}

static size_t tree_find(const grundy_range *r, size_t lo, size_t hi,
                        unsigned t)
{
    /* The pieces of the query, left to right: left runs going up, then
     * right runs coming down. */
    size_t la[MAX_LEVELS + 1], lb[MAX_LEVELS + 1];
    size_t ra[MAX_LEVELS + 1], rb[MAX_LEVELS + 1];
    uint32_t want = r->repr == GRUNDY_RANGE_PRESENCE ? bit_masks[t]
                                                     : 1u << t;
    unsigned k, top;
    size_t i;
    for (k = 0;; k++) {
        unsigned lg = group_log(k);
        size_t bl = lo >> lg, bh = hi >> lg;
        top = k;
        la[k] = lo;
        if (bl == bh) {
            lb[k] = hi + 1;
            ra[k] = rb[k] = 0;
            break;
        }
        lb[k] = (bl + 1) << lg;
        ra[k] = bh << lg;
        rb[k] = hi + 1;
        if (bl + 1 > bh - 1) {
            la[k + 1] = lb[k + 1] = ra[k + 1] = rb[k + 1] = 0;
            top = k + 1;
            break;
        }
        lo = bl + 1;
        hi = bh - 1;
    }
    for (k = 0; k <= top; k++)
        for (i = la[k]; i < lb[k]; i++)
            if (entry(r, k, i) & (k ? want : 1u << (16 + t)))
                return tree_descend(r, k, i, t, want);
    for (k = top + 1; k-- > 0;)
        for (i = ra[k]; i < rb[k]; i++)
            if (entry(r, k, i) & (k ? want : 1u << (16 + t)))
                return tree_descend(r, k, i, t, want);
    return SIZE_MAX;
}

/* Segment tree of bases ***************************************************/

static void bnode_merge(bnode *dst, const bnode *a, const bnode *b)
{
    unsigned k;
    *dst = *a;
    for (k = 0; k < 16; k++)
        if (b->b[k])
            (void)basis_insert(dst->b, b->b[k]);
    dst->x = (uint16_t)(a->x ^ b->x);
    dst->o = (uint16_t)(a->o | b->o);
}

static void bleaf_build(grundy_range *r, size_t blk)
{
    bnode *nd = &r->tree[r->tsize + blk];
    size_t i, end = min_sz(r->n, (blk + 1) << BT_LOG);
    unsigned x = 0, o = 0;
    memset(nd, 0, sizeof *nd);
    for (i = blk << BT_LOG; i < end; i++) {
        (void)basis_insert(nd->b, r->val[i]);
        x ^= r->val[i];
        o |= r->val[i];
    }
    nd->x = (uint16_t)x;
    nd->o = (uint16_t)o;
}

static void btree_refresh(grundy_range *r, size_t lo, size_t hi)
{
    size_t j;
    lo >>= BT_LOG;
    hi >>= BT_LOG;
    for (j = lo; j <= hi; j++)
        bleaf_build(r, j);
    lo += r->tsize;
    hi += r->tsize;
    while (lo > 1) {
        lo >>= 1;
        hi >>= 1;
        for (j = lo; j <= hi; j++)
            bnode_merge(&r->tree[j], &r->tree[2 * j], &r->tree[2 * j + 1]);
    }
}

static size_t btree_size(size_t n)
{
    size_t nblk = (n + BT - 1) >> BT_LOG, t = 1;
    while (t < nblk)
        t <<= 1;
    return t;
}

/* An accumulating basis. */
typedef struct bacc {
    uint16_t b[16];
    unsigned rank, x;
} bacc;

static void bacc_vals(const grundy_range *r, bacc *acc, size_t a, size_t b)
{
    size_t i;
    for (i = a; i < b; i++) {
        acc->x ^= r->val[i];
        if (acc->rank < 16)
            acc->rank += (unsigned)basis_insert(acc->b, r->val[i]);
    }
}

static void bacc_node(bacc *acc, const bnode *nd, int with_basis)
{
    unsigned k;
    acc->x ^= nd->x;
    if (!with_basis)
        return;
    for (k = 0; k < 16 && acc->rank < 16; k++)
        if (nd->b[k])
            acc->rank += (unsigned)basis_insert(acc->b, nd->b[k]);
}

static void btree_query(const grundy_range *r, size_t lo, size_t hi,
                        bacc *acc, int with_basis)
{
    size_t bl = lo >> BT_LOG, bh = hi >> BT_LOG, a, b;
    if (bl == bh) {
        bacc_vals(r, acc, lo, hi + 1);
        return;
    }
    bacc_vals(r, acc, lo, (bl + 1) << BT_LOG);
    bacc_vals(r, acc, bh << BT_LOG, hi + 1);
    for (a = bl + 1 + r->tsize, b = bh + r->tsize; a < b;
         a >>= 1, b >>= 1) {
        if (a & 1)
            bacc_node(acc, &r->tree[a++], with_basis);
        if (b & 1)
            bacc_node(acc, &r->tree[--b], with_basis);
    }
}

static size_t btree_find(const grundy_range *r, size_t lo, size_t hi,
                         unsigned t)
{
    size_t bl = lo >> BT_LOG, bh = hi >> BT_LOG, a, b, i;
    size_t left[2 * 64], right[2 * 64];
    unsigned nl = 0, nr = 0, want = 1u << t;
    if (bl == bh)
        return first_val(r, lo, hi + 1, t);
    if ((i = first_val(r, lo, (bl + 1) << BT_LOG, t)) != SIZE_MAX)
        return i;
    for (a = bl + 1 + r->tsize, b = bh + r->tsize; a < b;
         a >>= 1, b >>= 1) {
        if (a & 1)
            left[nl++] = a++;
        if (b & 1)
            right[nr++] = --b;
    }
    while (nr > 0)
        left[nl++] = right[--nr];
    for (i = 0; i < nl; i++) {
        size_t j = left[i];
        if (!(r->tree[j].o & want))
            continue;
        while (j < r->tsize)
            j = (r->tree[2 * j].o & want) ? 2 * j : 2 * j + 1;
        j -= r->tsize;
        i = first_val(r, j << BT_LOG, min_sz(r->n, (j + 1) << BT_LOG), t);
        assert(i != SIZE_MAX);
        return i;
    }
    return first_val(r, bh << BT_LOG, hi + 1, t);
}

/* Layout changes *********************************************************/

static grundy_status layout_check(const grundy_range *r,
                                  grundy_range_repr repr, size_t extra)
{
    grundy_limits o;
    size_t bytes = extra;
    grundy_limits_init(&o);
    o.mem_limit = r->mem_limit;
    if (repr == GRUNDY_RANGE_BASIS) {
        size_t t = btree_size(r->n);
        GRUNDY_RETURN_IF(t > SIZE_MAX / (2 * sizeof(bnode)),
                         GRUNDY_ERR_OVERFLOW);
        bytes += 2 * t * sizeof(bnode);
    } else if (repr == GRUNDY_RANGE_XOR) {
        bytes += grundy_range_xor_bytes(r->n);
    } else {
        bytes += tree_bytes(r->n);
    }
    return grundy_limits_mem_check(&o, bytes);
}

/* Build the layout repr over the current values. */
static grundy_status layout_build(grundy_range *r, grundy_range_repr repr)
{
    if (repr == GRUNDY_RANGE_BASIS) {
        bnode *tree;
        size_t t = btree_size(r->n), j;
        GRUNDY_TRY(layout_check(r, repr, 0));
        tree = big_alloc(2 * t * sizeof *tree);
        GRUNDY_RETURN_IF(!tree, GRUNDY_ERR_NOMEM);
        memset(tree, 0, 2 * t * sizeof *tree);
        tree_free(r);
        r->tree = tree;
        r->tsize = t;
        r->nblk = (r->n + BT - 1) >> BT_LOG;
        r->repr = repr;
        for (j = 0; j < r->nblk; j++)
            bleaf_build(r, j);
        for (j = t - 1; j >= 1; j--)
            bnode_merge(&r->tree[j], &r->tree[2 * j], &r->tree[2 * j + 1]);
        return GRUNDY_OK;
    }
    GRUNDY_TRY(tree_alloc(r));
    r->repr = repr;
    if (r->n)
        tree_refresh(r, 0, r->n - 1);
    return GRUNDY_OK;
}

/* XOR to BITS, at the first value of 256 or more: the values decoded
 * into val and the tree built over them; on failure nothing changes. */
static grundy_status xor_leave(grundy_range *r)
{
    size_t i;
    grundy_status s;
    GRUNDY_RETURN_IF(r->forced, GRUNDY_ERR_RANGE);
    GRUNDY_TRY(layout_check(r, GRUNDY_RANGE_BITS, r->n * sizeof *r->val));
    r->val = big_alloc(r->n * sizeof *r->val);
    GRUNDY_RETURN_IF(!r->val, GRUNDY_ERR_NOMEM);
    for (i = 0; i < r->n; i++)
        r->val[i] = (uint16_t)grundy_range_xor_get(&r->xr, i);
    s = layout_build(r, GRUNDY_RANGE_BITS);
    if (s != GRUNDY_OK) {
        free(r->val);
        r->val = NULL;
        return s;
    }
    grundy_range_xor_free(&r->xr);
    return GRUNDY_OK;
}

/* Memory management ******************************************************/

void grundy_range_opts_init(grundy_range_opts *o)
{
    memset(o, 0, sizeof *o);
    o->flags = GRUNDY_RANGE_COUNT;
    o->repr = GRUNDY_RANGE_AUTO;
    o->modulus = GRUNDY_RANGE_DEFAULT_MODULUS;
}

grundy_status grundy_range_new(grundy_range **out, size_t n,
                               const grundy_range_opts *opts)
{
    grundy_range_opts def;
    grundy_range *r;
    grundy_range_repr repr;
    grundy_status s;
    uint64_t p;
    int counts;

    *out = NULL;
    if (!opts) {
        grundy_range_opts_init(&def);
        opts = &def;
    }
    p = opts->modulus ? opts->modulus : GRUNDY_RANGE_DEFAULT_MODULUS;
    GRUNDY_TRY(grundy_range_modulus_check(p));
    GRUNDY_RETURN_IF(opts->repr > GRUNDY_RANGE_XOR, GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF((opts->repr == GRUNDY_RANGE_BITS ||
                      opts->repr == GRUNDY_RANGE_XOR) &&
                         (opts->flags & GRUNDY_RANGE_COUNT),
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF((opts->flags & GRUNDY_RANGE_COUNT) && n >= MAX_LEN,
                     GRUNDY_ERR_LIMIT);
    GRUNDY_RETURN_IF(n > SIZE_MAX / 4, GRUNDY_ERR_OVERFLOW);
    repr = opts->repr;
    if (repr == GRUNDY_RANGE_AUTO)
        repr = (opts->flags & GRUNDY_RANGE_COUNT) ? GRUNDY_RANGE_PRESENCE
               : (opts->flags & GRUNDY_RANGE_NO_MOVES) ? GRUNDY_RANGE_XOR
                                                       : GRUNDY_RANGE_BITS;
    if (repr == GRUNDY_RANGE_PRESENCE) /* the only user of the tables */
        pthread_once(&tables_once, tables_build);
    GRUNDY_TRY(GRUNDY_NEW(r));
    r->n = n;
    r->forced = opts->repr != GRUNDY_RANGE_AUTO;
    r->flags = opts->flags & GRUNDY_RANGE_COUNT;
    r->mem_limit = opts->mem_limit;
    r->p = p;
    r->pw.p = p;
    /* Powers of two only where counts can be asked. */
    counts = repr == GRUNDY_RANGE_PRESENCE || repr == GRUNDY_RANGE_BASIS;
    s = layout_check(r, repr, (repr == GRUNDY_RANGE_XOR ? 0 : n * 2) +
                                  (counts ? RANGE_POW_WORDS * 8 : 0));
    if (s == GRUNDY_OK && repr == GRUNDY_RANGE_XOR) {
        r->repr = repr;
        s = grundy_range_xor_init(&r->xr, n, big_alloc);
    } else if (s == GRUNDY_OK) {
        r->val = big_alloc(n * sizeof *r->val);
        if (r->val)
            memset(r->val, 0, n * sizeof *r->val);
        r->pw.pow = counts ? malloc(RANGE_POW_WORDS * 8) : NULL;
        s = r->val && (r->pw.pow || !counts) ? GRUNDY_OK : GRUNDY_ERR_NOMEM;
        if (s == GRUNDY_OK && counts)
            grundy_range_pow_build(&r->pw);
        if (s == GRUNDY_OK)
            s = layout_build(r, repr);
    }
    if (s != GRUNDY_OK) {
        grundy_range_free(r);
        return s;
    }
    *out = r;
    return GRUNDY_OK;
}

void grundy_range_free(grundy_range *r)
{
    if (!r)
        return;
    tree_free(r);
    grundy_range_xor_free(&r->xr);
    GRUNDY_FREE_ALL(r->tree, r->val, r->pw.pow, r);
}

/* Updates ****************************************************************/

grundy_status grundy_range_assign(grundy_range *r, size_t first,
                                  const grundy_value *values, size_t count)
{
    size_t i;
    grundy_value big = 0;
    if (count == 0)
        return first <= r->n ? GRUNDY_OK : GRUNDY_ERR_RANGE;
    GRUNDY_RETURN_IF(first >= r->n || count > r->n - first,
                     GRUNDY_ERR_RANGE);
    for (i = 0; i < count; i++)
        if (values[i] > big)
            big = values[i];
    GRUNDY_RETURN_IF(big > GRUNDY_RANGE_VALUE_MAX, GRUNDY_ERR_RANGE);
    if (r->repr == GRUNDY_RANGE_XOR && big <= RANGE_XOR_VALUE_MAX) {
        grundy_range_xor_assign(&r->xr, first, values, count);
        return GRUNDY_OK;
    }
    if (r->repr == GRUNDY_RANGE_XOR)
        GRUNDY_TRY(xor_leave(r));
    if (r->repr == GRUNDY_RANGE_PRESENCE && big >= SMALL_LIMIT) {
        uint16_t *save;
        grundy_status s;
        GRUNDY_RETURN_IF(r->forced, GRUNDY_ERR_RANGE);
        /* Move to BASIS: keep the old values until the new layout is
         * built, so that a failure leaves the engine as it was. */
        save = malloc(count * sizeof *save);
        GRUNDY_RETURN_IF(!save, GRUNDY_ERR_NOMEM);
        memcpy(save, r->val + first, count * sizeof *save);
        for (i = 0; i < count; i++)
            r->val[first + i] = (uint16_t)values[i];
        s = layout_build(r, GRUNDY_RANGE_BASIS);
        if (s != GRUNDY_OK)
            memcpy(r->val + first, save, count * sizeof *save);
        free(save);
        return s;
    }
    for (i = 0; i < count; i++)
        r->val[first + i] = (uint16_t)values[i];
    if (r->repr == GRUNDY_RANGE_BASIS)
        btree_refresh(r, first, first + count - 1);
    else
        tree_refresh(r, first, first + count - 1);
    return GRUNDY_OK;
}

grundy_status grundy_range_set(grundy_range *r, size_t i, grundy_value v)
{
    unsigned k;
    size_t j;
    uint32_t delta, old;
    GRUNDY_RETURN_IF(i >= r->n || v > GRUNDY_RANGE_VALUE_MAX,
                     GRUNDY_ERR_RANGE);
    if (r->repr == GRUNDY_RANGE_XOR && v <= RANGE_XOR_VALUE_MAX) {
        grundy_range_xor_set(&r->xr, i, (unsigned)v);
        return GRUNDY_OK;
    }
    if (r->repr == GRUNDY_RANGE_XOR)
        GRUNDY_TRY(xor_leave(r));
    if (r->val[i] == v)
        return GRUNDY_OK;
    if (r->repr == GRUNDY_RANGE_PRESENCE && v >= SMALL_LIMIT)
        return grundy_range_assign(r, i, &v, 1);
    delta = (uint32_t)(r->val[i] ^ v) << 16;
    r->val[i] = (uint16_t)v;
    if (r->repr == GRUNDY_RANGE_BASIS) {
        btree_refresh(r, i, i);
        return GRUNDY_OK;
    }
    j = i >> B0_LOG;
    if (r->nlev) {
        size_t g = j >> F_LOG << F_LOG;
        PREFETCH(r->nd[1] + g);
        PREFETCH(r->pre[1] + g);
        PREFETCH(r->suf[1] + g);
    }
    if (r->nlev == 0)
        return GRUNDY_OK;
    old = r->nd[1][j];
    (void)block_update(r, j);
    if (!((old ^ r->nd[1][j]) & 0xFFFFu)) {
        /* The block's mask (or OR) did not change, so no mask above it
         * does: only the XOR halves on the path move, by delta -- no
         * dependency chains, no rescans. */
        for (k = 1; k <= r->nlev; k++) {
            size_t start = j >> F_LOG << F_LOG,
                   end = min_sz(r->lev_n[k], start + F), t;
            for (t = j; t < end; t++)
                r->pre[k][t] ^= delta;
            for (t = start; t <= j; t++)
                r->suf[k][t] ^= delta;
            if (k < r->nlev)
                r->nd[k + 1][j >> F_LOG] ^= delta;
            j >>= F_LOG;
        }
        return GRUNDY_OK;
    }
    for (k = 1; k <= r->nlev; k++) {
        if (!group_update(r, k, j, j))
            break;
        j >>= F_LOG;
    }
    return GRUNDY_OK;
}

/* Queries ****************************************************************/

size_t grundy_range_size(const grundy_range *r)
{
    return r->n;
}

grundy_range_repr grundy_range_get_repr(const grundy_range *r)
{
    return r->repr;
}

uint64_t grundy_range_modulus(const grundy_range *r)
{
    return r->p;
}

grundy_value grundy_range_get(const grundy_range *r, size_t i)
{
    assert(i < r->n);
    return r->repr == GRUNDY_RANGE_XOR ? grundy_range_xor_get(&r->xr, i) : r->val[i];
}

grundy_value grundy_range_xor(const grundy_range *r, size_t lo, size_t hi)
{
    assert(lo <= hi && hi < r->n);
    if (r->repr == GRUNDY_RANGE_XOR) {
        return grundy_range_xor_query(&r->xr, lo, hi);
    } else if (r->repr == GRUNDY_RANGE_BASIS) {
        bacc acc;
        memset(&acc, 0, sizeof acc);
        btree_query(r, lo, hi, &acc, 0);
        return acc.x;
    } else {
        return tree_query(r, lo, hi) >> 16;
    }
}

int grundy_range_winner(const grundy_range *r, size_t lo, size_t hi)
{
    return grundy_range_xor(r, lo, hi) != 0;
}

unsigned grundy_range_rank(const grundy_range *r, size_t lo, size_t hi)
{
    assert(lo <= hi && hi < r->n);
    assert(r->repr != GRUNDY_RANGE_BITS && r->repr != GRUNDY_RANGE_XOR);
    if (r->repr == GRUNDY_RANGE_BASIS) {
        bacc acc;
        memset(&acc, 0, sizeof acc);
        btree_query(r, lo, hi, &acc, 1);
        return acc.rank;
    } else {
        return rank_tab[tree_query(r, lo, hi) & 0xFFFFu];
    }
}

uint64_t grundy_range_count(const grundy_range *r, size_t lo, size_t hi)
{
    return grundy_range_pow_count(&r->pw, (uint64_t)(hi - lo) + 1,
                           grundy_range_rank(r, lo, hi));
}

void grundy_range_prefetch(const grundy_range *r, size_t lo, size_t hi)
{
    assert(lo <= hi && hi < r->n);
    if (r->repr == GRUNDY_RANGE_XOR) {
        grundy_range_xor_prefetch(&r->xr, lo, hi);
        return;
    }
    PREFETCH(r->val + lo);
    PREFETCH(r->val + hi);
    if (r->repr == GRUNDY_RANGE_BASIS) {
        PREFETCH(r->tree + r->tsize + (lo >> BT_LOG));
        PREFETCH(r->tree + r->tsize + (hi >> BT_LOG));
    } else if (r->nlev) {
        size_t l1 = lo >> B0_LOG, h1 = hi >> B0_LOG;
        if (lo == hi) { /* an update: the node and its group */
            size_t g = l1 >> F_LOG << F_LOG;
            PREFETCH(r->nd[1] + g);
            PREFETCH(r->pre[1] + g);
            PREFETCH(r->suf[1] + g);
        } else if (l1 + 1 < h1) {
            PREFETCH(r->suf[1] + l1 + 1);
            PREFETCH(r->pre[1] + h1 - 1);
        }
    }
}

int grundy_range_move(const grundy_range *r, size_t lo, size_t hi,
                      size_t *index, grundy_value *to)
{
    grundy_value x = grundy_range_xor(r, lo, hi);
    unsigned t;
    size_t i;
    if (x == 0)
        return 0;
    t = top_bit((unsigned)x);
    if (r->repr == GRUNDY_RANGE_XOR) /* a scan: moves were not wanted */
        for (i = lo; !(grundy_range_xor_get(&r->xr, i) >> t & 1); i++)
            assert(i < hi);
    else
        i = r->repr == GRUNDY_RANGE_BASIS ? btree_find(r, lo, hi, t)
                                          : tree_find(r, lo, hi, t);
    assert(i != SIZE_MAX && (grundy_range_get(r, i) >> t & 1));
    *index = i;
    *to = grundy_range_get(r, i) ^ x;
    return 1;
}
