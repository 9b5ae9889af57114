/*
 * twoheap_oracle.h -- the moves of two-heap games written from the plain
 * statement "subtract a vector of the move set", for the direct win/loss
 * search of board_oracle.h.  Shares no code with the library: its own
 * term type, its own packing of positions (a << 32 | b, not the library's
 * numbering), a loop over t instead of ranges worked out in advance.
 */
#ifndef GRUNDY_TWOHEAP_ORACLE_H
#define GRUNDY_TWOHEAP_ORACLE_H

#include <stddef.h>
#include <stdint.h>

/* The vectors (cx t + dx, cy t + dy) for t = lo .. hi (hi < 0: no bound;
 * a term with cx = cy = 0 is the one vector (dx, dy)). */
typedef struct oracle_twoheap_term {
    long cx, dx, cy, dy, lo, hi;
} oracle_twoheap_term;

typedef struct oracle_twoheap {
    size_t n;
    oracle_twoheap_term t[8];
} oracle_twoheap;

/* (a, b) as the oracle packs it. */
uint64_t oracle_twoheap_pack(uint64_t a, uint64_t b);

/* The positions one move from p (each once); ctx: oracle_twoheap. */
size_t oracle_moves_twoheap(const void *ctx, uint64_t p, uint64_t *out);

/* A sum of two positions of the same game, heaps < 256, packed a1 << 24 |
 * b1 << 16 | a2 << 8 | b2: a move is made in one of them. */
uint64_t oracle_twoheap_pack2(uint64_t a1, uint64_t b1, uint64_t a2,
                              uint64_t b2);
size_t oracle_moves_twoheap_sum2(const void *ctx, uint64_t p, uint64_t *out);

#endif
