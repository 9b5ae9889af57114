/*
 * oracle.h -- brute-force oracles that share no code with the engine.
 *
 * oracle_mex_values(): g(0..n-1) by the definition, with a move generator
 * written here from the rules' plain-language statement (not the library's
 * moves()), so a bug in a family's moves() shows up as a mismatch.
 *
 * oracle_wins(): decides a sum of heaps by a direct game-tree search with
 * win/loss memo, using no Grundy values at all.
 */
#ifndef GRUNDY_ORACLE_H
#define GRUNDY_ORACLE_H

#include <stddef.h>
#include <stdint.h>

/* A move generator: writes the heaps reachable from h (one heap each)
 * into out and returns their count; cap is always >= h + 1. */
typedef size_t (*oracle_heap_moves_fn)(const void *ctx, uint64_t h,
                                       uint64_t *out);

/* g(0..n-1) by recursion on the definition (memo, no shared code). */
void oracle_mex_values(uint32_t *g, size_t n, oracle_heap_moves_fn moves,
                       const void *ctx);

/* First player wins the sum of heaps h[0..k) under normal play?  Direct
 * search over tuples with memo keyed by the sorted tuple; heaps <= maxh,
 * k <= 4. */
int oracle_wins(const uint64_t *h, size_t k, uint64_t maxh,
                oracle_heap_moves_fn moves, const void *ctx);

/* Plain-language move generators for the built-in heap families. */
size_t oracle_moves_nim(const void *ctx, uint64_t h, uint64_t *out);
size_t oracle_moves_subtract(const void *ctx, uint64_t h, uint64_t *out);
size_t oracle_moves_allbut(const void *ctx, uint64_t h, uint64_t *out);
size_t oracle_moves_digits(const void *ctx, uint64_t h, uint64_t *out);
size_t oracle_moves_half(const void *ctx, uint64_t h, uint64_t *out);

/* ctx for subtract / allbut: a set as a 0/1 array over 0..cap-1. */
typedef struct oracle_set {
    const unsigned char *in;
    size_t cap;
} oracle_set;

#endif
