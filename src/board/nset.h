/*
 * nset.h -- sets of nimbers 0..255 for the board search: the values a
 * part may still have, and the values its caller asks about.
 */
#ifndef GRUNDY_BOARD_NSET_H
#define GRUNDY_BOARD_NSET_H

#include <stdint.h>

/* Sets of nimbers 0..255 *****************************************************/

typedef struct nset {
    uint64_t w[4];
} nset;

static inline void ns_upto(nset *s, unsigned n)
{
    unsigned i;
    for (i = 0; i < 4; i++) {
        unsigned lo = 64 * i;
        s->w[i] = n >= lo + 63 ? ~0ull
                  : n < lo     ? 0
                               : (2ull << (n - lo)) - 1;
    }
}

static inline int ns_has(const nset *s, unsigned v)
{
    return v < 256 && ((s->w[v >> 6] >> (v & 63)) & 1);
}

static inline int ns_empty(const nset *s)
{
    return !(s->w[0] | s->w[1] | s->w[2] | s->w[3]);
}

static inline int ns_meets(const nset *a, const nset *b)
{
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2]) |
            (a->w[3] & b->w[3])) != 0;
}

static inline unsigned ns_max(const nset *s)
{
    int i;
    for (i = 3; i >= 0; i--)
        if (s->w[i])
            return 64 * (unsigned)i + 63 - (unsigned)__builtin_clzll(s->w[i]);
    return 0;
}

static inline unsigned ns_min(const nset *s)
{
    unsigned i;
    for (i = 0; i < 4; i++)
        if (s->w[i])
            return 64 * i + (unsigned)__builtin_ctzll(s->w[i]);
    return 0;
}

static inline void ns_del(nset *s, unsigned v)
{
    s->w[v >> 6] &= ~(1ull << (v & 63));
}

/* Strike v when it is in s, else the largest element. */
static inline void ns_strike(nset *s, unsigned v)
{
    if (ns_has(s, v))
        ns_del(s, v);
    else if (!ns_empty(s))
        ns_del(s, ns_max(s));
}

/* {v ^ x : v in s}, x < 256: the words trade places by x >> 6, and the
 * bits inside a word by x & 63 (swap blocks of 1, 2, 4, ... bits). */
static inline void ns_xor(nset *out, const nset *s, unsigned x)
{
    static const uint64_t m[6] = {
        0x5555555555555555ull, 0x3333333333333333ull, 0x0F0F0F0F0F0F0F0Full,
        0x00FF00FF00FF00FFull, 0x0000FFFF0000FFFFull, 0x00000000FFFFFFFFull};
    unsigned i, b;
    for (i = 0; i < 4; i++) {
        uint64_t w = s->w[i ^ (x >> 6)];
        for (b = 0; b < 6; b++)
            if ((x >> b) & 1)
                w = ((w & m[b]) << (1u << b)) | ((w >> (1u << b)) & m[b]);
        out->w[i] = w;
    }
}

static const nset NS_ALL = {{~0ull, ~0ull, ~0ull, ~0ull}};

#endif
