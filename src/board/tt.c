/*
 * tt.c -- the transposition table of the board search (tt.h).
 *
 * Tables from 2 MiB on are aligned to 2 MiB and asked for huge pages: a
 * lookup is one random access, and with 4 KiB pages it pays a page walk
 * too (two in a virtual machine), which cost more than the lookup.
 *
 * Doubling below 1 GiB reads every key back from its cluster and
 * quotient (the mix is inverted: each xor-shift by its telescoped sum,
 * each multiplication by the inverse of its constant modulo 2^64, taken
 * by Newton's iteration), and places it again.  From 1 GiB on the mix no
 * longer changes with the size and each cluster splits in two where it
 * is (split_clusters()).  Both happen in the room the table reserved for
 * its budget (grundy_board_room), or by copying where there is none.
 */
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE */
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "board/tt.h"

#define TT_MIN_CBITS 10   /* 64 KiB */
#define TT_FIRST_CBITS 12 /* 256 KiB */
#define TT_WIDE_FIRST 64  /* wide clusters at first (4 KiB) */
#define W GRUNDY_BOARD_TT_WAYS
#define TT_GROW_COMPACT 1
#define TT_GROW_WIDE 2
#define WW GRUNDY_BOARD_TT_WIDE_WAYS

void *grundy_board_tt_alloc_lines(size_t bytes)
{
    void *p = NULL;
    size_t align = bytes >= ((size_t)1 << 21) ? (size_t)1 << 21 : 64;
    if (posix_memalign(&p, align, bytes) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    if (align > 64)
        (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
    memset(p, 0, bytes);
    return p;
}

/* Room to double in place *************************************************/

#define HUGE_BYTES ((size_t)1 << 21)

static size_t round_huge(size_t n)
{
    return (n + HUGE_BYTES - 1) & ~(HUGE_BYTES - 1);
}

void *grundy_board_room_new(grundy_board_room *r, size_t bytes,
                            size_t budget)
{
    memset(r, 0, sizeof *r);
#if defined(__linux__) && defined(MAP_NORESERVE)
    if (budget > bytes && budget <= SIZE_MAX / 2) {
        size_t room = round_huge(budget), len = room + HUGE_BYTES;
        void *m = mmap(NULL, len, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m != MAP_FAILED) {
            /* aligned to 2 MiB, so that huge pages cover it */
            char *p = (char *)round_huge((size_t)(uintptr_t)m);
#ifdef MADV_HUGEPAGE
            (void)madvise(p, room, MADV_HUGEPAGE);
#endif
            if (mprotect(p, bytes, PROT_READ | PROT_WRITE) == 0) {
                r->map = m;
                r->map_len = len;
                r->room = room;
                return p; /* new pages read as zero */
            }
            munmap(m, len);
        }
    }
#else
    (void)budget;
#endif
    return grundy_board_tt_alloc_lines(bytes);
}

int grundy_board_room_widen(grundy_board_room *r, void *p, size_t from,
                            size_t to)
{
#if defined(__linux__) && defined(MAP_NORESERVE)
    if (r->map && to <= r->room && to > from &&
        mprotect((char *)p + from, to - from, PROT_READ | PROT_WRITE) == 0)
        return 1;
#else
    (void)r;
    (void)p;
    (void)from;
    (void)to;
#endif
    return 0;
}

void grundy_board_room_free(grundy_board_room *r, void *p)
{
#if defined(__linux__) && defined(MAP_NORESERVE)
    if (r->map) {
        munmap(r->map, r->map_len);
        memset(r, 0, sizeof *r);
        return;
    }
#endif
    free(p);
    memset(r, 0, sizeof *r);
}

static size_t compact_bytes(unsigned cbits)
{
    return ((size_t)W << cbits) * sizeof(uint64_t);
}

static void set_shape(grundy_board_tt *t, unsigned cbits)
{
    t->cbits = cbits;
    t->qbits = 64 - cbits < GRUNDY_BOARD_TT_QBITS ? 64 - cbits
                                                  : GRUNDY_BOARD_TT_QBITS;
    t->bbits = cbits + t->qbits;
    t->bmask = t->bbits >= 64 ? ~0ull : (1ull << t->bbits) - 1;
}

grundy_status grundy_board_tt_init(grundy_board_tt *t, size_t max_bytes,
                                   const grundy_limits *lim,
                                   grundy_board_tt_policy policy)
{
    return grundy_board_tt_init_at(t, TT_FIRST_CBITS, max_bytes, lim,
                                   policy);
}

grundy_status grundy_board_tt_init_at(grundy_board_tt *t, unsigned cbits,
                                      size_t max_bytes,
                                      const grundy_limits *lim,
                                      grundy_board_tt_policy policy)
{
    unsigned cb = cbits;
    memset(t, 0, sizeof *t);
    t->lim = lim;
    t->max_bytes = max_bytes;
    t->policy = policy;
    pthread_mutex_init(&t->wlock, NULL);
    while (cb > TT_MIN_CBITS && compact_bytes(cb) > max_bytes)
        cb--;
    GRUNDY_RETURN_IF(compact_bytes(cb) > max_bytes, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(lim, compact_bytes(cb)));
    t->e = grundy_board_room_new(&t->eroom, compact_bytes(cb), max_bytes);
    GRUNDY_RETURN_IF(!t->e, GRUNDY_ERR_NOMEM);
    set_shape(t, cb);
    t->peak_bytes = grundy_board_tt_bytes(t);
    return GRUNDY_OK;
}

void grundy_board_tt_clear(grundy_board_tt *t)
{
    if (t->e)
        pthread_mutex_destroy(&t->wlock);
    grundy_board_room_free(&t->eroom, t->e);
    free(t->w);
    t->e = NULL;
    t->w = NULL;
    t->wbuckets = 0;
    t->used = t->wused = 0;
}

/* Inverses ******************************************************************/

static uint64_t inverse_odd(uint64_t a)
{
    uint64_t x = a; /* correct to 3 bits; each step doubles them */
    int i;
    for (i = 0; i < 5; i++)
        x *= 2 - a * x;
    return x;
}

static uint64_t unshift(uint64_t y, unsigned s, unsigned b)
{
    uint64_t x = y;
    unsigned k;
    for (k = s; k < b; k += s)
        x ^= y >> k;
    return x;
}

static uint64_t unmix(uint64_t x, unsigned b, uint64_t mask)
{
    unsigned s = (b + 1) / 2;
    x = unshift(x, s, b);
    x = (x * inverse_odd(GRUNDY_BOARD_TT_M2)) & mask;
    x = unshift(x, s, b);
    x = (x * inverse_odd(GRUNDY_BOARD_TT_M1)) & mask;
    return unshift(x, s, b);
}

/* Placing an entry **********************************************************/

static inline void store64(uint64_t *p, uint64_t v)
{
    __atomic_store_n(p, v, __ATOMIC_RELAXED);
}

static inline uint64_t merge_value(uint64_t old, uint32_t nv)
{
    uint32_t ov = grundy_board_tt_value_of(old);
    if (!(nv & GRUNDY_BOARD_TT_EXCL))
        ov = nv; /* an exact value wins */
    else if (ov & GRUNDY_BOARD_TT_EXCL)
        ov |= nv;
    return (old & ~(0xFFFFull << GRUNDY_BOARD_TT_QBITS)) |
           ((uint64_t)ov << GRUNDY_BOARD_TT_QBITS);
}

/* Write entry n (quotient q) into cluster b; returns -1 for a new entry,
 * 1 when an entry of another key was lost, 0 for an update. */
static int place(uint64_t *b, uint64_t n, uint64_t q,
                 grundy_board_tt_policy policy)
{
    unsigned i, cheap = 0;
    uint64_t e[W];
    for (i = 0; i < W; i++) {
        e[i] = grundy_board_tt_load(b + i);
        if (e[i] >> 56 && (e[i] & GRUNDY_BOARD_TT_QMASK) == q) {
            uint64_t u = merge_value(e[i], grundy_board_tt_value_of(n));
            if ((n >> 56) > (u >> 56))
                u = (u & ~(0xFFull << 56)) | (n & (0xFFull << 56));
            store64(b + i, u);
            return 0;
        }
    }
    for (i = 0; i < W; i++)
        if (!(e[i] >> 56)) {
            store64(b + i, n);
            return -1;
        }
    if (policy == GRUNDY_BOARD_TT_NEWEST) {
        for (i = W - 1; i > 0; i--)
            store64(b + i, e[i - 1]);
        store64(b, n);
        return 1;
    }
    for (i = 1; i < W - 1; i++)
        if (e[i] >> 56 < e[cheap] >> 56)
            cheap = i;
    if (e[cheap] >> 56 <= n >> 56) {
        /* the cheapest kept entry moves to the always-replace way */
        store64(b + W - 1, e[cheap]);
        store64(b + cheap, n);
    } else {
        store64(b + W - 1, n);
    }
    return 1;
}

static int place_wide(grundy_board_tt_wide *b,
                      const grundy_board_tt_wide *n)
{
    unsigned i, cheap = 0;
    for (i = 0; i < WW; i++)
        if (b[i].cost && b[i].lo == n->lo && b[i].hi == n->hi) {
            if (n->cost > b[i].cost)
                b[i].cost = n->cost;
            if (!(n->value & GRUNDY_BOARD_TT_EXCL))
                b[i].value = n->value;
            else if (b[i].value & GRUNDY_BOARD_TT_EXCL)
                b[i].value |= n->value;
            return 0;
        }
    for (i = 0; i < WW; i++)
        if (!b[i].cost) {
            b[i] = *n;
            return -1;
        }
    for (i = 1; i < WW - 1; i++)
        if (b[i].cost < b[cheap].cost)
            cheap = i;
    if (b[cheap].cost <= n->cost) {
        b[WW - 1] = b[cheap];
        b[cheap] = *n;
    } else {
        b[WW - 1] = *n;
    }
    return 1;
}

static uint64_t make_entry(uint64_t q, uint32_t v, unsigned cost)
{
    return q | ((uint64_t)(v & 0xFFFFu) << GRUNDY_BOARD_TT_QBITS) |
           ((uint64_t)cost << 56);
}

/* Growth ********************************************************************/

/* A doubling to `bytes` of compact entries, with `beside` bytes held
 * beside the table while it runs: within the budget and the limit. */
static int fits(const grundy_board_tt *t, size_t bytes, size_t beside)
{
    size_t wide = t->wbuckets * WW * sizeof(grundy_board_tt_wide);
    return bytes + wide <= t->max_bytes &&
           grundy_limits_mem_check(t->lim, bytes + beside + wide) ==
               GRUNDY_OK;
}

static void note_peak(grundy_board_tt *t, size_t extra)
{
    if (grundy_board_tt_bytes(t) + extra > t->peak_bytes)
        t->peak_bytes = grundy_board_tt_bytes(t) + extra;
}

/* Once the mix is of all 64 bits (from 2^24 clusters, 1 GiB, on), it no
 * longer changes with the size: the entries of cluster c go to 2c or
 * 2c + 1 by the top bit of their quotient, which the new quotient drops.
 * In place, from the last cluster down: the two clusters a split writes
 * are at c or past it, where every cluster has been read already.  A
 * cluster fills from its first way on, and so do the two it splits
 * into. */
static void split_clusters(uint64_t *e, size_t nold, unsigned oq)
{
    uint64_t top = 1ull << (oq - 1), low = top - 1;
    size_t c = nold;
    while (c-- > 0) {
        uint64_t x[W], *d0 = e + 2 * c * W, *d1 = d0 + W;
        unsigned i, n0 = 0, n1 = 0;
        if (!e[c * W])
            continue; /* an empty cluster */
        memcpy(x, e + c * W, sizeof x);
        memset(e + c * W, 0, sizeof x);
        for (i = 0; i < W && x[i]; i++) {
            uint64_t q = x[i] & GRUNDY_BOARD_TT_QMASK,
                     n = (x[i] & ~GRUNDY_BOARD_TT_QMASK) | (q & low);
            if (q & top)
                d1[n1++] = n;
            else
                d0[n0++] = n;
        }
    }
}

/* Double the compact entries.  In place when the reservation holds the
 * doubled size: a fixed mix splits the clusters where they are and needs
 * no memory beside the table; a changing one (tables under 1 GiB) places
 * every entry again from a copy of the old ones.  Else into a new array
 * beside the old one, placing every entry again. */
static int grow_compact(grundy_board_tt *t)
{
    unsigned ob = t->cbits, oq = t->qbits, obits = t->bbits;
    uint64_t omask = t->bmask, *old = t->e, *src = old, *tmp = NULL;
    size_t obytes = compact_bytes(ob), bytes = compact_bytes(ob + 1), i,
           nold = (size_t)W << ob;
    int split = obits == 64,
        inplace = t->eroom.map && bytes <= t->eroom.room;
    if (!fits(t, bytes, inplace && split ? 0 : obytes))
        return 0;
    if (inplace && !split) {
        src = tmp = malloc(obytes);
        if (tmp)
            memcpy(tmp, old, obytes);
    }
    if (inplace && (split || tmp) &&
        grundy_board_room_widen(&t->eroom, old, obytes, bytes)) {
        if (!split)
            memset(old, 0, obytes);
    } else {
        /* by copying: the old and the new array side by side */
        inplace = split = 0;
        free(tmp);
        tmp = NULL;
        src = old;
        if (!fits(t, bytes, obytes))
            return 0;
        t->e = grundy_board_tt_alloc_lines(bytes);
        if (!t->e) {
            t->e = old;
            return 0;
        }
    }
    set_shape(t, ob + 1);
    note_peak(t, split ? 0 : obytes);
    if (split) {
        split_clusters(t->e, (size_t)1 << ob, oq);
        return 1;
    }
    t->used = 0;
    for (i = 0; i < nold; i++) {
        uint64_t e = src[i], key, m, q;
        int r;
        if (!(e >> 56))
            continue;
        key = unmix(((uint64_t)(i / W) << oq) | (e & GRUNDY_BOARD_TT_QMASK),
                    obits, omask);
        m = grundy_board_tt_mix(key, t->bbits, t->bmask);
        q = m & ((1ull << t->qbits) - 1);
        r = place(t->e + (m >> t->qbits) * W,
                  (e & ~GRUNDY_BOARD_TT_QMASK) | q, q, t->policy);
        if (r < 0)
            t->used++;
        else if (r > 0)
            t->evictions++;
    }
    free(tmp);
    if (!inplace)
        grundy_board_room_free(&t->eroom, old);
    return 1;
}

static int grow_wide(grundy_board_tt *t)
{
    size_t nb = t->wbuckets ? 2 * t->wbuckets : TT_WIDE_FIRST, i;
    size_t bytes = nb * WW * sizeof(grundy_board_tt_wide);
    grundy_board_tt_wide *old = t->w, *nw;
    size_t oldn = t->wbuckets * WW;
    if (bytes + compact_bytes(t->cbits) > t->max_bytes ||
        grundy_limits_mem_check(t->lim, grundy_board_tt_bytes(t) + bytes) !=
            GRUNDY_OK)
        return 0;
    nw = grundy_board_tt_alloc_lines(bytes);
    if (!nw)
        return 0;
    note_peak(t, bytes);
    t->w = nw;
    t->wbuckets = nb;
    t->wused = 0;
    for (i = 0; i < oldn; i++)
        if (old[i].cost) {
            int r = place_wide(
                t->w + grundy_board_tt_wide_bucket(t, old[i].lo, old[i].hi) *
                           WW,
                &old[i]);
            if (r < 0)
                t->wused++;
            else if (r > 0)
                t->evictions++;
        }
    free(old);
    return 1;
}

void grundy_board_tt_freeze(grundy_board_tt *t)
{
    t->frozen = 1;
}

void grundy_board_tt_grow(grundy_board_tt *t)
{
    int want = __atomic_load_n(&t->want_grow, __ATOMIC_RELAXED);
    if ((want & TT_GROW_COMPACT) && !t->full && !grow_compact(t))
        t->full = 1;
    if ((want & TT_GROW_WIDE) && !t->wfull && !grow_wide(t))
        t->wfull = 1;
    __atomic_store_n(&t->want_grow, 0, __ATOMIC_RELAXED);
}

/* Room is short in the compact (or wide) entries: grow now, or ask the
 * caller's thread to. */
static void ask_growth(grundy_board_tt *t, int which)
{
    if (t->frozen) {
        __atomic_fetch_or(&t->want_grow, which, __ATOMIC_RELAXED);
    } else if (which == TT_GROW_COMPACT) {
        if (!grow_compact(t))
            t->full = 1;
    } else if (!grow_wide(t)) {
        t->wfull = 1;
    }
}

void grundy_board_tt_thaw(grundy_board_tt *t)
{
    t->frozen = 0;
}

/* Storing *******************************************************************/

static void put(grundy_board_tt *t, grundy_board_tt_counts *c, uint64_t lo,
                uint64_t hi, uint32_t v, unsigned cost)
{
    int r;
    cost = cost < 1 ? 1 : cost > 255 ? 255 : cost;
    c->stores++;
    if (grundy_board_tt_compact(t, lo, hi)) {
        uint64_t m, q;
        size_t cap = (size_t)W << t->cbits;
        if (!t->full && __atomic_load_n(&t->used, __ATOMIC_RELAXED) * 4 >=
                            3 * cap)
            ask_growth(t, TT_GROW_COMPACT);
        m = grundy_board_tt_mix(lo, t->bbits, t->bmask);
        q = m & ((1ull << t->qbits) - 1);
        r = place(t->e + (m >> t->qbits) * W, make_entry(q, v, cost), q,
                  t->policy);
        if (r < 0)
            __atomic_fetch_add(&t->used, 1, __ATOMIC_RELAXED);
        else if (r > 0 && !t->full &&
                 __atomic_load_n(&t->used, __ATOMIC_RELAXED) * 2 >= cap)
            ask_growth(t, TT_GROW_COMPACT); /* evicting while half full */
    } else {
        grundy_board_tt_wide n;
        if (!t->wbuckets) {
            if (!t->wfull)
                ask_growth(t, TT_GROW_WIDE);
            if (!t->wbuckets)
                return; /* no room for wide keys yet */
        }
        n.lo = lo;
        n.hi = (uint32_t)hi;
        n.value = (uint16_t)v;
        n.cost = (uint8_t)cost;
        n.pad = 0;
        if (t->frozen)
            pthread_mutex_lock(&t->wlock);
        r = place_wide(t->w + grundy_board_tt_wide_bucket(t, lo, hi) * WW,
                       &n);
        if (r < 0)
            t->wused++;
        if (t->frozen)
            pthread_mutex_unlock(&t->wlock);
        if (!t->wfull && (t->wused * 2 >= t->wbuckets * WW ||
                          (r > 0 && t->wused * 4 >= t->wbuckets * WW)))
            ask_growth(t, TT_GROW_WIDE);
    }
    if (r > 0)
        c->evictions++;
}

void grundy_board_tt_put(grundy_board_tt *t, grundy_board_tt_counts *c,
                         uint64_t lo, uint64_t hi, uint32_t v, unsigned cost)
{
    if (v < GRUNDY_BOARD_TT_EXCL)
        put(t, c, lo, hi, v, cost); /* larger values do not occur on boards */
}

void grundy_board_tt_exclude(grundy_board_tt *t, grundy_board_tt_counts *c,
                             uint64_t lo, uint64_t hi, uint32_t mask,
                             unsigned cost)
{
    mask &= (1u << GRUNDY_BOARD_TT_EXCL_VALUES) - 1;
    if (mask)
        put(t, c, lo, hi, mask | GRUNDY_BOARD_TT_EXCL, cost);
}

int grundy_board_tt_look_wide(const grundy_board_tt *t, uint64_t lo,
                              uint64_t hi, uint32_t *v, uint32_t *excl)
{
    const grundy_board_tt_wide *b;
    unsigned i;
    int r = 0;
    if (!t->wbuckets)
        return 0;
    if (t->frozen)
        pthread_mutex_lock((pthread_mutex_t *)&t->wlock);
    b = t->w + grundy_board_tt_wide_bucket(t, lo, hi) * WW;
    for (i = 0; i < WW; i++)
        if (b[i].cost && b[i].lo == lo && b[i].hi == (uint32_t)hi) {
            if (b[i].value & GRUNDY_BOARD_TT_EXCL)
                *excl = b[i].value & ~GRUNDY_BOARD_TT_EXCL;
            else {
                *v = b[i].value;
                r = 1;
            }
            break;
        }
    if (t->frozen)
        pthread_mutex_unlock((pthread_mutex_t *)&t->wlock);
    return r;
}

void grundy_board_tt_each(const grundy_board_tt *t,
                          void (*f)(void *ctx, uint64_t lo, uint64_t hi,
                                    uint32_t v, unsigned cost),
                          void *ctx)
{
    size_t i, n = (size_t)W << t->cbits;
    for (i = 0; i < n; i++) {
        uint64_t e = t->e[i];
        uint32_t v = grundy_board_tt_value_of(e);
        if (!(e >> 56) || (v & GRUNDY_BOARD_TT_EXCL))
            continue;
        f(ctx,
          unmix(((uint64_t)(i / W) << t->qbits) | (e & GRUNDY_BOARD_TT_QMASK),
                t->bbits, t->bmask),
          0, v, (unsigned)(e >> 56));
    }
    for (i = 0; i < t->wbuckets * WW; i++)
        if (t->w[i].cost && !(t->w[i].value & GRUNDY_BOARD_TT_EXCL))
            f(ctx, t->w[i].lo, t->w[i].hi, t->w[i].value, t->w[i].cost);
}
