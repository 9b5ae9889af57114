/*
 * ttw.h -- the transposition table of the board search on sets wider
 * than 64 bits (grundy_board_wide): exact values of parts under keys of
 * 2 or 4 words and a tag, the whole key kept in each entry.
 *
 * A bucket is 128 bytes (two cache lines): a version word, then 5
 * entries of 24 bytes (2-word keys) or 3 of 40 bytes (4-word keys).  An
 * entry is its key words and a word that holds the tag (8 bits), the
 * value (16 bits: an exact value below 2^15, or GRUNDY_BOARD_TT_EXCL and
 * the values 0..14 the part is known not to have, as in tt.h) and the
 * cost (8 bits, 1 + log2 of the positions the value took; 0 for an empty
 * entry).  Replacement is tt.h's: the costly values stay, one way takes
 * the newest (policy COST), or first in first out (NEWEST).
 *
 * Growth.  The table doubles when three quarters full, or when a store
 * evicts while it is half full, as long as the doubled table fits the
 * budget; then every store into a full bucket evicts.  A bucket is the
 * low bits of a hash that does not change with the size, so a doubling
 * moves each entry of bucket i to i or to i + n: in place, within the
 * room reserved for the budget (tt.h), and by copying where there is
 * none.
 *
 * Threads.  A table shared by the searchers of a parallel search is
 * frozen (grundy_board_ttw_freeze()): a bucket's version is a sequence
 * lock.  A writer takes it odd (compare and swap), writes, and makes it
 * even again; a reader reads the version, the entries and the version
 * again, and reads again when they differ or the first was odd.  So a
 * reader never sees half an entry.  The table grows only through
 * grundy_board_ttw_grow() while the other threads wait (board.c).
 */
#ifndef GRUNDY_BOARD_TTW_H
#define GRUNDY_BOARD_TTW_H

#include <stddef.h>
#include <stdint.h>

#include "board/tt.h"
#include "grundy/core.h"
#include "grundy/status.h"

#define GRUNDY_BOARD_TTW_BUCKET_WORDS 16 /* 128 bytes */

typedef struct grundy_board_ttw {
    uint64_t *b;       /* nbuckets buckets of BUCKET_WORDS words */
    grundy_board_room room; /* the memory of b */
    unsigned kw;       /* key words: 2 or 4 */
    unsigned ew;       /* words an entry takes: kw + 1 */
    unsigned ways;     /* entries a bucket holds */
    size_t nbuckets;   /* a power of 2 */
    size_t used;       /* entries held */
    size_t max_bytes;  /* the budget */
    int full;          /* the budget stopped a growth */
    int frozen;        /* shared by threads (the header) */
    int want_grow;     /* a store into a frozen table asked for growth */
    grundy_board_tt_policy policy;
    const grundy_limits *lim;
    size_t peak_bytes;
    uint64_t evictions; /* by growth */
} grundy_board_ttw;

/* A table of the least size for keys of kw words, within max_bytes;
 * GRUNDY_ERR_LIMIT when not even that fits. */
grundy_status grundy_board_ttw_init(grundy_board_ttw *t, unsigned kw,
                                    size_t max_bytes,
                                    const grundy_limits *lim,
                                    grundy_board_tt_policy policy);
void grundy_board_ttw_clear(grundy_board_ttw *t);

void grundy_board_ttw_freeze(grundy_board_ttw *t);
void grundy_board_ttw_thaw(grundy_board_ttw *t);
/* Double the table if the budget allows (sets full if not). */
void grundy_board_ttw_grow(grundy_board_ttw *t);

static inline size_t grundy_board_ttw_bytes(const grundy_board_ttw *t)
{
    return t->nbuckets * GRUNDY_BOARD_TTW_BUCKET_WORDS * sizeof(uint64_t);
}

static inline size_t grundy_board_ttw_capacity(const grundy_board_ttw *t)
{
    return t->nbuckets * t->ways;
}

/* The value under (key, tag): 1 and *v, or 0 with *excl the values known
 * not to be it (0 when the key is not there). */
int grundy_board_ttw_look(const grundy_board_ttw *t,
                          grundy_board_tt_counts *c, const uint64_t *key,
                          unsigned tag, uint32_t *v, uint32_t *excl);

static inline int grundy_board_ttw_get(const grundy_board_ttw *t,
                                       grundy_board_tt_counts *c,
                                       const uint64_t *key, unsigned tag,
                                       uint32_t *v)
{
    uint32_t excl;
    return grundy_board_ttw_look(t, c, key, tag, v, &excl);
}

void grundy_board_ttw_prefetch(const grundy_board_ttw *t, const uint64_t *key,
                               unsigned tag);

/* Store the exact value v (< 2^15) under (key, tag); it cost `cost`. */
void grundy_board_ttw_put(grundy_board_ttw *t, grundy_board_tt_counts *c,
                          const uint64_t *key, unsigned tag, uint32_t v,
                          unsigned cost);

/* Record that the value under (key, tag) is none of the values in mask
 * (bits 0..14), unless the exact value is there already. */
void grundy_board_ttw_exclude(grundy_board_ttw *t, grundy_board_tt_counts *c,
                              const uint64_t *key, unsigned tag,
                              uint32_t mask, unsigned cost);

/* Call f on every exact value held. */
void grundy_board_ttw_each(const grundy_board_ttw *t,
                           void (*f)(void *ctx, const uint64_t *key,
                                     unsigned tag, uint32_t v,
                                     unsigned cost),
                           void *ctx);

#endif
