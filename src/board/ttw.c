/*
 * ttw.c -- the transposition table for keys of 2 or 4 words (ttw.h).
 */
#include <stdlib.h>
#include <string.h>

#include "board/ttw.h"

#define BW GRUNDY_BOARD_TTW_BUCKET_WORDS
#define FIRST_BUCKETS 2048 /* 256 KiB */
#define MIN_BUCKETS 256    /* 32 KiB */

/* The entry word after the key: tag, value, cost. */
static inline unsigned meta_tag(uint64_t m)
{
    return (unsigned)(m & 0xFF);
}
static inline uint32_t meta_value(uint64_t m)
{
    return (uint32_t)(m >> 8) & 0xFFFFu;
}
static inline unsigned meta_cost(uint64_t m)
{
    return (unsigned)(m >> 24) & 0xFF;
}
static inline uint64_t make_meta(unsigned tag, uint32_t v, unsigned cost)
{
    return (uint64_t)(tag & 0xFF) | ((uint64_t)(v & 0xFFFF) << 8) |
           ((uint64_t)(cost & 0xFF) << 24);
}

/* Entry words are read and written whole.  A frozen table reads and
 * writes them sequentially consistent (on x86 a read is still a plain
 * load; a write takes an exchange), which is what makes the sequence
 * lock of a bucket sound without fences: every read of a reader lies
 * between its two reads of the version in the one total order of such
 * operations, so no write can fall between them unseen. */
static inline uint64_t ld(const uint64_t *p)
{
    return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static inline void st_sc(uint64_t *p, uint64_t v)
{
    __atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}

static inline void st_relaxed(uint64_t *p, uint64_t v)
{
    __atomic_store_n(p, v, __ATOMIC_RELAXED);
}

/* A store of the table: sequentially consistent only while shared. */
#define st(p, v) (t->frozen ? st_sc((p), (v)) : st_relaxed((p), (v)))

static size_t bucket_of(const grundy_board_ttw *t, const uint64_t *key,
                        unsigned tag)
{
    uint64_t h = 0x9E3779B97F4A7C15ull * (tag + 1);
    unsigned i;
    for (i = 0; i < t->kw; i++) {
        h ^= key[i];
        h *= GRUNDY_BOARD_TT_M1;
        h ^= h >> 29;
    }
    h *= GRUNDY_BOARD_TT_M2;
    h ^= h >> 32;
    return (size_t)h & (t->nbuckets - 1);
}

static size_t table_bytes(size_t nbuckets)
{
    return nbuckets * BW * sizeof(uint64_t);
}

grundy_status grundy_board_ttw_init(grundy_board_ttw *t, unsigned kw,
                                    size_t max_bytes,
                                    const grundy_limits *lim,
                                    grundy_board_tt_policy policy)
{
    size_t nb = FIRST_BUCKETS;
    memset(t, 0, sizeof *t);
    t->kw = kw;
    t->ew = kw + 1;
    t->ways = (BW - 1) / t->ew;
    t->lim = lim;
    t->max_bytes = max_bytes;
    t->policy = policy;
    while (nb > MIN_BUCKETS && table_bytes(nb) > max_bytes)
        nb /= 2;
    GRUNDY_RETURN_IF(table_bytes(nb) > max_bytes, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(lim, table_bytes(nb)));
    t->b = grundy_board_room_new(&t->room, table_bytes(nb), max_bytes);
    GRUNDY_RETURN_IF(!t->b, GRUNDY_ERR_NOMEM);
    t->nbuckets = nb;
    t->peak_bytes = table_bytes(nb);
    return GRUNDY_OK;
}

void grundy_board_ttw_clear(grundy_board_ttw *t)
{
    grundy_board_room_free(&t->room, t->b);
    t->b = NULL;
    t->nbuckets = 0;
    t->used = 0;
}

/* Reading *******************************************************************/

/* The entry of (key, tag) in bucket b, or -1; *meta its last word. */
static int find(const grundy_board_ttw *t, const uint64_t *b,
                const uint64_t *key, unsigned tag, uint64_t *meta)
{
    unsigned w, i;
    for (w = 0; w < t->ways; w++) {
        const uint64_t *e = b + 1 + w * t->ew;
        uint64_t m = ld(e + t->kw);
        int same = 1;
        if (!meta_cost(m))
            return -1; /* a bucket fills from its first way on */
        if (meta_tag(m) != tag)
            continue;
        for (i = 0; i < t->kw; i++)
            if (ld(e + i) != key[i]) {
                same = 0;
                break;
            }
        if (same) {
            *meta = m;
            return (int)w;
        }
    }
    return -1;
}

int grundy_board_ttw_look(const grundy_board_ttw *t,
                          grundy_board_tt_counts *c, const uint64_t *key,
                          unsigned tag, uint32_t *v, uint32_t *excl)
{
    const uint64_t *b = t->b + bucket_of(t, key, tag) * BW;
    uint64_t m = 0;
    int w;
    c->probes++;
    *excl = 0;
    if (!t->frozen) {
        w = find(t, b, key, tag, &m);
    } else {
        for (;;) {
            uint64_t v1 = __atomic_load_n(b, __ATOMIC_SEQ_CST), v2;
            if (v1 & 1)
                continue; /* a writer is in the bucket */
            w = find(t, b, key, tag, &m);
            v2 = __atomic_load_n(b, __ATOMIC_SEQ_CST);
            if (v1 == v2)
                break;
        }
    }
    if (w < 0)
        return 0;
    if (meta_value(m) & GRUNDY_BOARD_TT_EXCL) {
        *excl = meta_value(m) & ~GRUNDY_BOARD_TT_EXCL;
        return 0;
    }
    c->hits++;
    *v = meta_value(m);
    return 1;
}

void grundy_board_ttw_prefetch(const grundy_board_ttw *t, const uint64_t *key,
                               unsigned tag)
{
    const uint64_t *b = t->b + bucket_of(t, key, tag) * BW;
    __builtin_prefetch(b);
    __builtin_prefetch(b + 8);
}

/* Writing *******************************************************************/

static void write_entry(const grundy_board_ttw *t, uint64_t *e,
                        const uint64_t *key, uint64_t meta)
{
    unsigned i;
    for (i = 0; i < t->kw; i++)
        st(e + i, key[i]);
    st(e + t->kw, meta);
}

static uint64_t merge(uint64_t old, uint64_t nw)
{
    uint32_t ov = meta_value(old), nv = meta_value(nw);
    unsigned cost = meta_cost(old) > meta_cost(nw) ? meta_cost(old)
                                                   : meta_cost(nw);
    if (!(nv & GRUNDY_BOARD_TT_EXCL))
        ov = nv; /* an exact value wins */
    else if (ov & GRUNDY_BOARD_TT_EXCL)
        ov |= nv;
    return make_meta(meta_tag(old), ov, cost);
}

/* Place (key, meta) into bucket b: -1 for a new entry, 1 when an entry of
 * another key was lost, 0 for an update. */
static int place(const grundy_board_ttw *t, uint64_t *b, const uint64_t *key,
                 uint64_t meta)
{
    unsigned w, cheap = 0, ew = t->ew, W = t->ways;
    uint64_t m;
    int at = find(t, b, key, meta_tag(meta), &m);
    if (at >= 0) {
        st(b + 1 + (unsigned)at * ew + t->kw, merge(m, meta));
        return 0;
    }
    for (w = 0; w < W; w++)
        if (!meta_cost(ld(b + 1 + w * ew + t->kw))) {
            write_entry(t, b + 1 + w * ew, key, meta);
            return -1;
        }
    if (t->policy == GRUNDY_BOARD_TT_NEWEST) {
        for (w = W - 1; w > 0; w--) {
            unsigned i;
            for (i = 0; i < ew; i++)
                st(b + 1 + w * ew + i, ld(b + 1 + (w - 1) * ew + i));
        }
        write_entry(t, b + 1, key, meta);
        return 1;
    }
    for (w = 1; w + 1 < W; w++)
        if (meta_cost(ld(b + 1 + w * ew + t->kw)) <
            meta_cost(ld(b + 1 + cheap * ew + t->kw)))
            cheap = w;
    if (meta_cost(ld(b + 1 + cheap * ew + t->kw)) <= meta_cost(meta)) {
        /* the cheapest kept entry moves to the always-replace way */
        unsigned i;
        for (i = 0; i < ew; i++)
            st(b + 1 + (W - 1) * ew + i, ld(b + 1 + cheap * ew + i));
        write_entry(t, b + 1 + cheap * ew, key, meta);
    } else {
        write_entry(t, b + 1 + (W - 1) * ew, key, meta);
    }
    return 1;
}

/* The entries of bucket i (of the n before a doubling) stay in i or go
 * to i + n, each list keeping the order of its ways (a bucket fills
 * from its first way on); nbuckets is the doubled count already. */
static void split_buckets(grundy_board_ttw *t, size_t n)
{
    size_t i, esz = t->ew * sizeof(uint64_t);
    for (i = 0; i < n; i++) {
        uint64_t *b = t->b + i * BW, *hi = t->b + (i + n) * BW;
        unsigned w, keep = 0, moved = 0;
        for (w = 0; w < t->ways; w++) {
            uint64_t *e = b + 1 + w * t->ew, m = e[t->kw];
            if (!meta_cost(m))
                break;
            if (bucket_of(t, e, meta_tag(m)) != i) {
                memcpy(hi + 1 + moved++ * t->ew, e, esz);
            } else {
                if (keep != w)
                    memcpy(b + 1 + keep * t->ew, e, esz);
                keep++;
            }
        }
        if (keep < w)
            memset(b + 1 + keep * t->ew, 0, (w - keep) * esz);
    }
}

static int grow(grundy_board_ttw *t)
{
    size_t nb = 2 * t->nbuckets, i, bytes = table_bytes(nb),
           obytes = grundy_board_ttw_bytes(t);
    uint64_t *old = t->b, *nbk;
    size_t oldn = t->nbuckets;
    int inplace = t->room.map && bytes <= t->room.room;
    if (bytes > t->max_bytes)
        return 0;
    if (inplace && grundy_limits_mem_check(t->lim, bytes) == GRUNDY_OK &&
        grundy_board_room_widen(&t->room, old, obytes, bytes)) {
        t->nbuckets = nb;
        split_buckets(t, oldn);
        if (bytes > t->peak_bytes)
            t->peak_bytes = bytes;
        return 1;
    }
    /* by copying: the old and the new array side by side */
    if (grundy_limits_mem_check(t->lim, bytes + obytes) != GRUNDY_OK)
        return 0;
    nbk = grundy_board_tt_alloc_lines(bytes);
    if (!nbk)
        return 0;
    if (obytes + bytes > t->peak_bytes)
        t->peak_bytes = obytes + bytes;
    t->b = nbk;
    t->nbuckets = nb;
    t->used = 0;
    for (i = 0; i < oldn; i++) {
        const uint64_t *b = old + i * BW;
        unsigned w;
        for (w = 0; w < t->ways; w++) {
            const uint64_t *e = b + 1 + w * t->ew;
            uint64_t m = e[t->kw];
            int r;
            if (!meta_cost(m))
                break;
            r = place(t, t->b + bucket_of(t, e, meta_tag(m)) * BW, e, m);
            if (r < 0)
                t->used++;
            else if (r > 0)
                t->evictions++;
        }
    }
    grundy_board_room_free(&t->room, old);
    return 1;
}

void grundy_board_ttw_freeze(grundy_board_ttw *t)
{
    t->frozen = 1;
}

void grundy_board_ttw_thaw(grundy_board_ttw *t)
{
    t->frozen = 0;
}

void grundy_board_ttw_grow(grundy_board_ttw *t)
{
    if (!t->full && !grow(t))
        t->full = 1;
    __atomic_store_n(&t->want_grow, 0, __ATOMIC_RELAXED);
}

/* Room is short: grow now, or ask the caller's thread to. */
static void ask_growth(grundy_board_ttw *t)
{
    if (t->frozen)
        __atomic_store_n(&t->want_grow, 1, __ATOMIC_RELAXED);
    else if (!grow(t))
        t->full = 1;
}

static void put(grundy_board_ttw *t, grundy_board_tt_counts *c,
                const uint64_t *key, unsigned tag, uint32_t v, unsigned cost)
{
    uint64_t *b, meta;
    size_t cap;
    int r;
    cost = cost < 1 ? 1 : cost > 255 ? 255 : cost;
    c->stores++;
    cap = grundy_board_ttw_capacity(t);
    if (!t->full && __atomic_load_n(&t->used, __ATOMIC_RELAXED) * 4 >= 3 * cap)
        ask_growth(t);
    meta = make_meta(tag, v, cost);
    b = t->b + bucket_of(t, key, tag) * BW;
    if (t->frozen) {
        uint64_t ver;
        for (;;) {
            ver = __atomic_load_n(b, __ATOMIC_RELAXED);
            if (!(ver & 1) &&
                __atomic_compare_exchange_n(b, &ver, ver + 1, 0,
                                            __ATOMIC_SEQ_CST,
                                            __ATOMIC_RELAXED))
                break;
        }
        r = place(t, b, key, meta);
        __atomic_store_n(b, ver + 2, __ATOMIC_SEQ_CST);
    } else {
        r = place(t, b, key, meta);
    }
    if (r < 0) {
        __atomic_fetch_add(&t->used, 1, __ATOMIC_RELAXED);
    } else if (r > 0) {
        c->evictions++;
        if (!t->full && __atomic_load_n(&t->used, __ATOMIC_RELAXED) * 2 >= cap)
            ask_growth(t);
    }
}

void grundy_board_ttw_put(grundy_board_ttw *t, grundy_board_tt_counts *c,
                          const uint64_t *key, unsigned tag, uint32_t v,
                          unsigned cost)
{
    if (v < GRUNDY_BOARD_TT_EXCL)
        put(t, c, key, tag, v, cost);
}

void grundy_board_ttw_exclude(grundy_board_ttw *t, grundy_board_tt_counts *c,
                              const uint64_t *key, unsigned tag,
                              uint32_t mask, unsigned cost)
{
    mask &= (1u << GRUNDY_BOARD_TT_EXCL_VALUES) - 1;
    if (mask)
        put(t, c, key, tag, mask | GRUNDY_BOARD_TT_EXCL, cost);
}

void grundy_board_ttw_each(const grundy_board_ttw *t,
                           void (*f)(void *ctx, const uint64_t *key,
                                     unsigned tag, uint32_t v,
                                     unsigned cost),
                           void *ctx)
{
    size_t i;
    for (i = 0; i < t->nbuckets; i++) {
        const uint64_t *b = t->b + i * BW;
        unsigned w;
        for (w = 0; w < t->ways; w++) {
            const uint64_t *e = b + 1 + w * t->ew;
            uint64_t m = e[t->kw];
            if (!meta_cost(m))
                break;
            if (!(meta_value(m) & GRUNDY_BOARD_TT_EXCL))
                f(ctx, e, meta_tag(m), meta_value(m), meta_cost(m));
        }
    }
}
