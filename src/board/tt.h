/*
 * tt.h -- the transposition table of the board search: exact values of
 * parts under their keys, in 8 bytes an entry.
 *
 * Compact entries.  A key k of at most B bits (B = clusters' bits + Q,
 * Q = min(40, 64 - clusters' bits)) is mixed by a bijection of B-bit
 * numbers; the top bits of the mix choose a cluster of eight 8-byte
 * entries (one 64-byte cache line) and the low Q bits, the quotient, are
 * kept in the entry with the value (16 bits) and its cost (8 bits).  The
 * cluster and the quotient give back the whole mix, hence the key: an
 * entry is exact, not a fingerprint, and the table can double by reading
 * its own keys back (Cleary's quotienting; Beling's succinct table keeps
 * a value in 4 bytes the same way).  Keys of Cram and rect parts and of
 * grid graphs fit (a part at the corner of a board of at most 64 cells);
 * a key that does not (an induced graph's 95-bit code) goes to the wide
 * entries: 16 bytes, four to a line, the full key kept.
 *
 * A value field holds an exact value below 2^15, or (GRUNDY_BOARD_TT_EXCL
 * set) the set of values 0..14 the part is known not to have.  The cost
 * is 1 + log2 of the positions the value took (0: an empty entry).
 *
 * Replacement (policy COST, the default): a store into a full cluster
 * keeps the entries whose values cost the most in all ways but the last
 * (the new value replaces the cheapest of them when it cost at least as
 * much) and otherwise writes the last way, which always takes the newest
 * value.  Policy NEWEST shifts the cluster by one and writes the new
 * value first, dropping the oldest (what Beling's table does).  The
 * compact entries double when three quarters full (eight ways to a
 * cluster lose few values at that load), the wide ones when half full,
 * while the doubled table fits the budget; then every store into a full
 * cluster evicts.  From 2^24 clusters (1 GiB) on, B is 64 whatever the
 * size, so a doubling moves the entries of cluster c to 2c or 2c + 1:
 * the compact entries then double in place, in the room reserved for the
 * budget (grundy_board_room), with no memory beside them.
 *
 * Threads: one table may be shared by the searchers of a parallel search
 * (board.c) once it no longer grows (grundy_board_tt_freeze()): entries
 * are read and written whole with relaxed atomic operations, so a reader
 * sees an entry before or after a store, never half of one; two stores
 * into one cluster may lose one of the values, never corrupt another.
 * Statistics are kept by the caller (grundy_board_tt_counts).
 */
#ifndef GRUNDY_BOARD_TT_H
#define GRUNDY_BOARD_TT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/board.h"
#include "grundy/core.h"
#include "grundy/status.h"

#define GRUNDY_BOARD_TT_WAYS 8      /* compact entries per cluster */
#define GRUNDY_BOARD_TT_WIDE_WAYS 4 /* wide entries per cluster */
#define GRUNDY_BOARD_TT_QBITS 40    /* the quotient's largest width */

/* An entry holds an exact value below 2^15, or (EXCL set) the set of
 * values 0..14 the part is known not to have. */
#define GRUNDY_BOARD_TT_EXCL 0x8000u
/* The keeper's facts (grundy/board.h) are the table's values. */
_Static_assert(GRUNDY_BOARD_TT_EXCL == GRUNDY_BOARD_KEEP_EXCL,
               "a kept exclusion is the table's");
#define GRUNDY_BOARD_TT_EXCL_VALUES 15

typedef enum grundy_board_tt_policy {
    GRUNDY_BOARD_TT_COST = 0,  /* keep the costly values, one way for the
                                  newest */
    GRUNDY_BOARD_TT_NEWEST = 1 /* first in, first out */
} grundy_board_tt_policy;

typedef struct grundy_board_tt_wide {
    uint64_t lo;
    uint32_t hi;
    uint16_t value;
    uint8_t cost; /* 0: empty */
    uint8_t pad;
} grundy_board_tt_wide;

/* Memory a table doubles into without moving.  Address space for the
 * whole budget is reserved when the table is made (no memory behind it)
 * and opened, readable and writable, as the table doubles: a doubling
 * then copies nothing, and its peak is the doubled size alone, not the
 * old and the new array side by side.  Where nothing can be reserved
 * (no mmap, or the address space is limited), the table comes from
 * grundy_board_tt_alloc_lines() and doubles by copying. */
typedef struct grundy_board_room {
    void *map;      /* the reservation; NULL when there is none */
    size_t map_len; /* its length */
    size_t room;    /* the bytes from the table's start it holds */
} grundy_board_room;

/* A zeroed table of `bytes`, with room reserved to grow to `budget` in
 * place when it can be; NULL when memory fails. */
void *grundy_board_room_new(grundy_board_room *r, size_t bytes,
                            size_t budget);
/* Open the table p of r from `from` to `to` bytes (zeroed); 0 when the
 * reservation does not hold `to` bytes (double by copying then). */
int grundy_board_room_widen(grundy_board_room *r, void *p, size_t from,
                            size_t to);
/* Give back the table p of r. */
void grundy_board_room_free(grundy_board_room *r, void *p);

/* Counts one searcher keeps (no sharing in the hot path). */
typedef struct grundy_board_tt_counts {
    uint64_t probes, hits, stores, evictions;
} grundy_board_tt_counts;

typedef struct grundy_board_tt {
    uint64_t *e;     /* compact entries, nclusters * WAYS */
    grundy_board_room eroom; /* the memory of e */
    unsigned cbits;  /* log2 of the clusters */
    unsigned qbits;  /* quotient bits: min(QBITS, 64 - cbits) */
    unsigned bbits;  /* cbits + qbits: keys below 2^bbits are compact */
    uint64_t bmask;  /* 2^bbits - 1 */
    size_t used;     /* compact entries held */
    grundy_board_tt_wide *w; /* wide entries, wbuckets * WIDE_WAYS */
    pthread_mutex_t wlock;   /* wide entries of a frozen table */
    size_t wbuckets;
    size_t wused;
    size_t max_bytes; /* the budget */
    int full;         /* the budget stopped a growth of the compact
                         entries */
    int wfull;        /* ... of the wide ones */
    int frozen;       /* shared by threads: grows only through
                         grundy_board_tt_grow() while they wait */
    int want_grow;    /* a store into a frozen table asked for room: 1
                         compact, 2 wide entries (or both) */
    grundy_board_tt_policy policy;
    const grundy_limits *lim;
    size_t peak_bytes;
    uint64_t evictions; /* by growth */
} grundy_board_tt;

/* bytes of zeroed memory aligned to a cache line (to 2 MiB and asked for
 * huge pages from 2 MiB on); free() frees it.  NULL when memory fails. */
void *grundy_board_tt_alloc_lines(size_t bytes);

/* A table of the least size, within max_bytes; GRUNDY_ERR_LIMIT when not
 * even that fits. */
grundy_status grundy_board_tt_init(grundy_board_tt *t, size_t max_bytes,
                                   const grundy_limits *lim,
                                   grundy_board_tt_policy policy);
/* The same with 2^cbits clusters at first (fewer when they do not fit;
 * grundy_board_tt_init starts with 2^12). */
grundy_status grundy_board_tt_init_at(grundy_board_tt *t, unsigned cbits,
                                      size_t max_bytes,
                                      const grundy_limits *lim,
                                      grundy_board_tt_policy policy);
void grundy_board_tt_clear(grundy_board_tt *t);

/* Shared by threads from now on: stores never grow the table, they set
 * want_grow instead, and the caller grows it with grundy_board_tt_grow()
 * while no other thread touches it. */
void grundy_board_tt_freeze(grundy_board_tt *t);
/* Growth on store again (the threads have stopped). */
void grundy_board_tt_thaw(grundy_board_tt *t);
/* Double the compact entries if the budget allows (sets full if not). */
void grundy_board_tt_grow(grundy_board_tt *t);

static inline size_t grundy_board_tt_bytes(const grundy_board_tt *t)
{
    return ((size_t)GRUNDY_BOARD_TT_WAYS << t->cbits) * sizeof(uint64_t) +
           t->wbuckets * GRUNDY_BOARD_TT_WIDE_WAYS *
               sizeof(grundy_board_tt_wide);
}

/* Entries the table can hold now. */
static inline size_t grundy_board_tt_capacity(const grundy_board_tt *t)
{
    return ((size_t)GRUNDY_BOARD_TT_WAYS << t->cbits) +
           t->wbuckets * GRUNDY_BOARD_TT_WIDE_WAYS;
}

/* The mix: a bijection of B-bit numbers (xor-shifts and multiplications
 * by odd constants, each invertible modulo 2^B). */
#define GRUNDY_BOARD_TT_M1 0xBF58476D1CE4E5B9ull
#define GRUNDY_BOARD_TT_M2 0x94D049BB133111EBull

static inline uint64_t grundy_board_tt_mix(uint64_t x, unsigned b,
                                           uint64_t mask)
{
    unsigned s = (b + 1) / 2;
    x ^= x >> s;
    x = (x * GRUNDY_BOARD_TT_M1) & mask;
    x ^= x >> s;
    x = (x * GRUNDY_BOARD_TT_M2) & mask;
    x ^= x >> s;
    return x;
}

static inline int grundy_board_tt_compact(const grundy_board_tt *t,
                                          uint64_t lo, uint64_t hi)
{
    return hi == 0 && (lo & ~t->bmask) == 0;
}

static inline size_t grundy_board_tt_wide_bucket(const grundy_board_tt *t,
                                                 uint64_t lo, uint64_t hi)
{
    uint64_t h = lo ^ (hi * 0x9E3779B97F4A7C15ull);
    h ^= h >> 31;
    h *= GRUNDY_BOARD_TT_M1;
    h ^= h >> 29;
    h *= GRUNDY_BOARD_TT_M2;
    h ^= h >> 32;
    return (size_t)h & (t->wbuckets - 1);
}

/* Entry fields. */
#define GRUNDY_BOARD_TT_QMASK ((1ull << GRUNDY_BOARD_TT_QBITS) - 1)
static inline uint32_t grundy_board_tt_cost_of(uint64_t e)
{
    return (uint32_t)(e >> 56);
}
static inline uint32_t grundy_board_tt_value_of(uint64_t e)
{
    return (uint32_t)(e >> GRUNDY_BOARD_TT_QBITS) & 0xFFFFu;
}

static inline uint64_t grundy_board_tt_load(const uint64_t *p)
{
    return __atomic_load_n(p, __ATOMIC_RELAXED);
}

static inline void grundy_board_tt_prefetch(const grundy_board_tt *t,
                                            uint64_t lo, uint64_t hi)
{
    if (grundy_board_tt_compact(t, lo, hi)) {
        uint64_t m = grundy_board_tt_mix(lo, t->bbits, t->bmask);
        __builtin_prefetch(t->e + (m >> t->qbits) * GRUNDY_BOARD_TT_WAYS);
    } else if (t->wbuckets) {
        __builtin_prefetch(t->w + grundy_board_tt_wide_bucket(t, lo, hi) *
                                      GRUNDY_BOARD_TT_WIDE_WAYS);
    }
}

int grundy_board_tt_look_wide(const grundy_board_tt *t, uint64_t lo,
                              uint64_t hi, uint32_t *v, uint32_t *excl);

/* The value stored under (lo, hi): 1 and *v, or 0 with *excl the values
 * known not to be it (0 when the key is not there). */
static inline int grundy_board_tt_look(const grundy_board_tt *t,
                                       grundy_board_tt_counts *c,
                                       uint64_t lo, uint64_t hi,
                                       uint32_t *v, uint32_t *excl)
{
    int r;
    c->probes++;
    *excl = 0;
    if (grundy_board_tt_compact(t, lo, hi)) {
        uint64_t m = grundy_board_tt_mix(lo, t->bbits, t->bmask);
        uint64_t q = m & ((1ull << t->qbits) - 1);
        const uint64_t *b = t->e + (m >> t->qbits) * GRUNDY_BOARD_TT_WAYS;
        unsigned i;
        for (i = 0; i < GRUNDY_BOARD_TT_WAYS; i++) {
            uint64_t e = grundy_board_tt_load(b + i);
            if (!e)
                return 0; /* a cluster fills from its first way on */
            if ((e & GRUNDY_BOARD_TT_QMASK) == q) {
                uint32_t x = grundy_board_tt_value_of(e);
                if (x & GRUNDY_BOARD_TT_EXCL) {
                    *excl = x & ~GRUNDY_BOARD_TT_EXCL;
                    return 0;
                }
                c->hits++;
                *v = x;
                return 1;
            }
        }
        return 0;
    }
    r = grundy_board_tt_look_wide(t, lo, hi, v, excl);
    c->hits += (unsigned)r;
    return r;
}

/* The exact value under (lo, hi): 1 and *v, or 0. */
static inline int grundy_board_tt_get(const grundy_board_tt *t,
                                      grundy_board_tt_counts *c,
                                      uint64_t lo, uint64_t hi, uint32_t *v)
{
    uint32_t excl;
    return grundy_board_tt_look(t, c, lo, hi, v, &excl);
}

/* Store the exact value v (< 2^15) under (lo, hi); it cost `cost`
 * (1..255).  Larger values are not kept. */
void grundy_board_tt_put(grundy_board_tt *t, grundy_board_tt_counts *c,
                         uint64_t lo, uint64_t hi, uint32_t v, unsigned cost);

/* Record that the value under (lo, hi) is none of the values in mask
 * (bits 0..14), unless the exact value is there already. */
void grundy_board_tt_exclude(grundy_board_tt *t, grundy_board_tt_counts *c,
                             uint64_t lo, uint64_t hi, uint32_t mask,
                             unsigned cost);

/* Call f on every exact value held: its key and value (the lasting
 * table and tests read the table this way). */
void grundy_board_tt_each(const grundy_board_tt *t,
                          void (*f)(void *ctx, uint64_t lo, uint64_t hi,
                                    uint32_t v, unsigned cost),
                          void *ctx);

#endif
