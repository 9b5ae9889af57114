/*
 * tt.h -- the transposition table of the board search: exact values of
 * parts under their 96-bit keys.
 *
 * Buckets of four 16-byte entries fill one 64-byte cache line.  A store
 * into a full bucket keeps the three entries whose values cost the most
 * positions to compute in the first three ways when it can (the new value
 * replaces the cheapest of them if it cost at least as much), and
 * otherwise writes the fourth way, which always takes the newest value:
 * expensive values stay, cheap recent ones still get a place.  The table
 * doubles when it is half full, while the doubled table fits the budget
 * (at half load a few per cent of stores meet a full bucket and evict a
 * cheap entry); after that, every store into a full bucket evicts.
 */
#ifndef GRUNDY_BOARD_TT_H
#define GRUNDY_BOARD_TT_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "grundy/status.h"

typedef struct tt_entry {
    uint64_t lo;
    uint32_t hi;
    uint16_t value;
    uint8_t cost; /* 0: empty; else 1 + log2 of the positions it took */
    uint8_t pad;
} tt_entry;

#define TT_WAYS 4

typedef struct board_tt {
    tt_entry *e;
    size_t nbuckets; /* a power of two */
    size_t used;
    size_t max_bytes; /* the budget */
    int full;         /* the budget stopped the last growth */
    const grundy_limits *lim;
    uint64_t probes, hits, stores, evictions;
    size_t peak_bytes;
    unsigned evict_limit; /* see grundy_board_opts */
} board_tt;

/* A table of the least size, within max_bytes; GRUNDY_ERR_LIMIT when not
 * even that fits. */
grundy_status board_tt_init(board_tt *t, size_t max_bytes,
                            const grundy_limits *lim);
void board_tt_clear(board_tt *t);

/* A table held at its budget that has evicted many times what it holds
 * is recomputing the same positions over and over: the search would not
 * end in any useful time, and stops as over the memory limit. */
static inline int board_tt_thrashing(const board_tt *t)
{
    return t->evict_limit && t->full &&
           t->evictions > (uint64_t)t->evict_limit * t->nbuckets * TT_WAYS;
}

static inline size_t board_tt_bucket(const board_tt *t, uint64_t lo,
                                     uint64_t hi)
{
    uint64_t h = lo ^ (hi * 0x9E3779B97F4A7C15ull);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 32;
    return (size_t)h & (t->nbuckets - 1);
}

static inline void board_tt_prefetch(const board_tt *t, uint64_t lo,
                                     uint64_t hi)
{
    __builtin_prefetch(t->e + board_tt_bucket(t, lo, hi) * TT_WAYS);
}

/* An entry holds an exact value below 2^15, or (TT_EXCL set) the set of
 * values 0..14 the part is known not to have. */
#define TT_EXCL 0x8000u
#define TT_EXCL_VALUES 15

/* The value stored under (lo, hi): 1 and *v, or 0 with *excl the values
 * known not to be it (0 when the key is not there). */
static inline int board_tt_look(board_tt *t, uint64_t lo, uint64_t hi,
                                uint32_t *v, uint32_t *excl)
{
    const tt_entry *b = t->e + board_tt_bucket(t, lo, hi) * TT_WAYS;
    unsigned i;
    t->probes++;
    *excl = 0;
    for (i = 0; i < TT_WAYS; i++)
        if (b[i].cost && b[i].lo == lo && b[i].hi == (uint32_t)hi) {
            if (b[i].value & TT_EXCL) {
                *excl = b[i].value & ~TT_EXCL;
                return 0;
            }
            t->hits++;
            *v = b[i].value;
            return 1;
        }
    return 0;
}

/* The exact value under (lo, hi): 1 and *v, or 0. */
static inline int board_tt_get(board_tt *t, uint64_t lo, uint64_t hi,
                               uint32_t *v)
{
    uint32_t excl;
    return board_tt_look(t, lo, hi, v, &excl);
}

/* Store the exact value v (< 2^15) under (lo, hi); it cost `cost`
 * (1..255).  Larger values are not kept. */
void board_tt_put(board_tt *t, uint64_t lo, uint64_t hi, uint32_t v,
                  unsigned cost);

/* Record that the value under (lo, hi) is none of the values in mask
 * (bits 0..14), unless the exact value is there already. */
void board_tt_exclude(board_tt *t, uint64_t lo, uint64_t hi, uint32_t mask,
                      unsigned cost);

static inline size_t board_tt_bytes(const board_tt *t)
{
    return t->nbuckets * TT_WAYS * sizeof(tt_entry);
}

#endif
