/*
 * sum_oracle.h -- a direct game-tree search of a whole sum, sharing no
 * code with the library: win/loss only, no Grundy values.
 *
 * A component belongs to a family given by a plain-language move
 * generator that may split a position into up to 3 parts.  A position of
 * the sum is the sorted list of its components' (family, position) pairs;
 * a move changes 1..k of them (k = 1: the ordinary sum; k > 1: Moore's
 * Nim_k), and the player who cannot move loses (normal) or wins (misere).
 */
#ifndef GRUNDY_SUM_ORACLE_H
#define GRUNDY_SUM_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "oracle.h"

typedef struct oracle_move3 {
    uint64_t part[3];
    unsigned n;
} oracle_move3;

/* Moves from pos into out[0..cap); returns their number (<= cap). */
typedef size_t (*oracle_split_moves_fn)(const void *ctx, uint64_t pos,
                                        oracle_move3 *out, size_t cap);

typedef struct oracle_family {
    oracle_split_moves_fn moves; /* or NULL with heap set */
    oracle_heap_moves_fn heap;   /* a one-heap generator from oracle.h */
    const void *ctx;
} oracle_family;

typedef struct oracle_item {
    unsigned fam; /* index into the families */
    uint64_t pos;
} oracle_item;

/* Moves of one component through either kind of generator; heap
 * generators need pos < cap <= 512. */
size_t oracle_family_moves(const oracle_family *f, uint64_t pos,
                           oracle_move3 *out, size_t cap);

typedef struct oracle_sum oracle_sum; /* a memo over one set of families */

oracle_sum *oracle_sum_new(const oracle_family *fams, size_t nfams,
                           unsigned k, int misere);
void oracle_sum_free(oracle_sum *o);
/* The player to move wins the sum items[0..n)? */
int oracle_sum_wins(oracle_sum *o, const oracle_item *items, size_t n);

/* Plain-language take-and-break codes d0.d1d2... (octal): digit d_j says
 * whether removing j tokens may leave 0 heaps (bit 1), 1 heap (bit 2) or
 * 2 non-empty heaps (bit 4).  ctx: oracle_octal. */
typedef struct oracle_octal {
    unsigned char d[32]; /* d[j] for j = 1..31 */
} oracle_octal;
size_t oracle_moves_octal(const void *ctx, uint64_t h, oracle_move3 *out,
                          size_t cap);

/* Grundy's game: split a heap into two unequal non-empty heaps.  ctx:
 * unused. */
size_t oracle_moves_grundy_game(const void *ctx, uint64_t h,
                                oracle_move3 *out, size_t cap);

/* Rectangle removal on an R x C board of 0/1 cells, bit r*C + c: a move
 * clears an all-ones axis-aligned rectangle.  ctx: oracle_rect. */
typedef struct oracle_rect {
    unsigned rows, cols;
} oracle_rect;
size_t oracle_moves_rect(const void *ctx, uint64_t board, oracle_move3 *out,
                         size_t cap);

#endif
