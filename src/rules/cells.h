/*
 * cells.h -- sets of cells of boards of up to 256 cells (grundy/rules.h:
 * GRUNDY_BOARD_MAX_CELLS), as arrays of W 64-bit words: cell i is bit
 * i % 64 of word i / 64.
 *
 * Every function takes the width W (1, 2 or 4) as its last argument.
 * Callers pass a constant, so once inlined each loop over the words
 * unrolls into plain word operations: the board families write their
 * wide hooks once and instantiate them per width, and the board search
 * does the same (src/board/search_tmpl.h).
 *
 * Arguments may alias unless a function says otherwise.
 */
#ifndef GRUNDY_RULES_CELLS_H
#define GRUNDY_RULES_CELLS_H

#include <stdint.h>
#include <string.h>

#define GRUNDY_CELLS_MAX_WORDS 4

static inline void grundy_cells_zero(uint64_t *x, unsigned W)
{
    unsigned i;
    for (i = 0; i < W; i++)
        x[i] = 0;
}

static inline void grundy_cells_copy(uint64_t *out, const uint64_t *x,
                                     unsigned W)
{
    unsigned i;
    for (i = 0; i < W; i++)
        out[i] = x[i];
}

static inline int grundy_cells_empty(const uint64_t *x, unsigned W)
{
    uint64_t o = 0;
    unsigned i;
    for (i = 0; i < W; i++)
        o |= x[i];
    return o == 0;
}

static inline int grundy_cells_eq(const uint64_t *a, const uint64_t *b,
                                  unsigned W)
{
    uint64_t d = 0;
    unsigned i;
    for (i = 0; i < W; i++)
        d |= a[i] ^ b[i];
    return d == 0;
}

/* -1, 0, 1 as a < b, a == b, a > b, read as numbers (the last word the
 * most significant). */
static inline int grundy_cells_cmp(const uint64_t *a, const uint64_t *b,
                                   unsigned W)
{
    unsigned i = W;
    while (i-- > 0)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static inline unsigned grundy_cells_pop(const uint64_t *x, unsigned W)
{
    unsigned i, n = 0;
    for (i = 0; i < W; i++)
        n += (unsigned)__builtin_popcountll(x[i]);
    return n;
}

static inline int grundy_cells_has(const uint64_t *x, unsigned i)
{
    return (int)((x[i >> 6] >> (i & 63)) & 1);
}

static inline void grundy_cells_set(uint64_t *x, unsigned i)
{
    x[i >> 6] |= 1ull << (i & 63);
}

static inline void grundy_cells_clear(uint64_t *x, unsigned i)
{
    x[i >> 6] &= ~(1ull << (i & 63));
}

/* The least cell of a non-empty set. */
static inline unsigned grundy_cells_low(const uint64_t *x, unsigned W)
{
    unsigned i;
    for (i = 0; i + 1 < W && !x[i]; i++)
        ;
    return 64 * i + (unsigned)__builtin_ctzll(x[i]);
}

/* The greatest cell of a non-empty set. */
static inline unsigned grundy_cells_high(const uint64_t *x, unsigned W)
{
    unsigned i = W - 1;
    while (i > 0 && !x[i])
        i--;
    return 64 * i + 63 - (unsigned)__builtin_clzll(x[i]);
}

/* The least cell and the set without it, for walking a set; x non-empty. */
static inline unsigned grundy_cells_pop_low(uint64_t *x, unsigned W)
{
    unsigned i;
    for (i = 0; i + 1 < W && !x[i]; i++)
        ;
    {
        unsigned b = (unsigned)__builtin_ctzll(x[i]);
        x[i] &= x[i] - 1;
        return 64 * i + b;
    }
}

static inline void grundy_cells_and(uint64_t *out, const uint64_t *a,
                                    const uint64_t *b, unsigned W)
{
    unsigned i;
    for (i = 0; i < W; i++)
        out[i] = a[i] & b[i];
}

static inline void grundy_cells_or(uint64_t *out, const uint64_t *a,
                                   const uint64_t *b, unsigned W)
{
    unsigned i;
    for (i = 0; i < W; i++)
        out[i] = a[i] | b[i];
}

static inline void grundy_cells_xor(uint64_t *out, const uint64_t *a,
                                    const uint64_t *b, unsigned W)
{
    unsigned i;
    for (i = 0; i < W; i++)
        out[i] = a[i] ^ b[i];
}

/* a and not b */
static inline void grundy_cells_andnot(uint64_t *out, const uint64_t *a,
                                       const uint64_t *b, unsigned W)
{
    unsigned i;
    for (i = 0; i < W; i++)
        out[i] = a[i] & ~b[i];
}

/* x moved k cells up (towards higher cells), k < 64 * W; cells moved past
 * the last word are lost.  out must not alias x. */
static inline void grundy_cells_shl(uint64_t *out, const uint64_t *x,
                                    unsigned k, unsigned W)
{
    unsigned q = k >> 6, r = k & 63, i;
    for (i = W; i-- > 0;) {
        uint64_t v = 0;
        if (i >= q) {
            v = x[i - q] << r;
            if (r && i > q)
                v |= x[i - q - 1] >> (64 - r);
        }
        out[i] = v;
    }
}

/* x moved k cells down, k < 64 * W.  out must not alias x. */
static inline void grundy_cells_shr(uint64_t *out, const uint64_t *x,
                                    unsigned k, unsigned W)
{
    unsigned q = k >> 6, r = k & 63, i;
    for (i = 0; i < W; i++) {
        uint64_t v = 0;
        if (i + q < W) {
            v = x[i + q] >> r;
            if (r && i + q + 1 < W)
                v |= x[i + q + 1] << (64 - r);
        }
        out[i] = v;
    }
}

/* Bits [at, at + n) of x, n <= 64, as a word. */
static inline uint64_t grundy_cells_get_bits(const uint64_t *x, unsigned at,
                                             unsigned n, unsigned W)
{
    unsigned q = at >> 6, r = at & 63;
    uint64_t v;
    if (q >= W)
        return 0;
    v = x[q] >> r;
    if (r && r + n > 64 && q + 1 < W)
        v |= x[q + 1] << (64 - r);
    return n == 64 ? v : v & ((1ull << n) - 1);
}

/* OR the low n bits of v (n <= 64) into x at [at, at + n). */
static inline void grundy_cells_put_bits(uint64_t *x, unsigned at,
                                         uint64_t v, unsigned n, unsigned W)
{
    unsigned q = at >> 6, r = at & 63;
    if (n < 64)
        v &= (1ull << n) - 1;
    if (q >= W)
        return;
    x[q] |= v << r;
    if (r && r + n > 64 && q + 1 < W)
        x[q + 1] |= v >> (64 - r);
}

/* A hash of a set (for tables and fingerprints). */
static inline uint64_t grundy_cells_hash(const uint64_t *x, unsigned W)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    unsigned i;
    for (i = 0; i < W; i++) {
        h ^= x[i];
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    return h;
}

#endif
