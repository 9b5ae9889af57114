/*
 * xor.c -- the XOR layout of the range engine (see range_xor.h).
 */
#include <stdlib.h>
#include <string.h>

#include "range_xor.h"

#define G_LOG 6 /* lanes per group: 64 */
#define G (1u << G_LOG)
#define LANES 0x0101010101010101ull

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

static size_t words_of(size_t m) /* whole groups */
{
    return (m + G - 1) / G * (G / 8);
}

static inline unsigned lane(const uint64_t *a, size_t i)
{
    return (unsigned)(a[i >> 3] >> ((i & 7) * 8)) & 0xFFu;
}

static inline void lane_set(uint64_t *a, size_t i, unsigned v)
{
    unsigned s = (unsigned)(i & 7) * 8;
    a[i >> 3] = (a[i >> 3] & ~((uint64_t)0xFF << s)) | (uint64_t)v << s;
}

/* XOR d into lanes j .. the end of j's group. */
static inline void xor_from(uint64_t *a, size_t j, unsigned d)
{
    uint64_t w = LANES * d, *g = a + (j >> G_LOG) * (G / 8);
    unsigned k = (unsigned)(j & (G - 1)) >> 3, t;
    g[k] ^= w << ((j & 7) * 8);
    for (t = k + 1; t < G / 8; t++)
        g[t] ^= w;
}

/* Level sizes; @return the top level. */
static unsigned levels(size_t n, size_t lev_n[RANGE_XOR_LEVELS])
{
    unsigned k = 0;
    lev_n[0] = n;
    while (lev_n[k] > G && k + 1 < RANGE_XOR_LEVELS) {
        lev_n[k + 1] = (lev_n[k] + G - 1) >> G_LOG;
        k++;
    }
    return k;
}

size_t grundy_range_xor_bytes(size_t n)
{
    size_t lev_n[RANGE_XOR_LEVELS], total = 0;
    unsigned k, top = levels(n, lev_n);
    for (k = 0; k <= top; k++)
        total += words_of(lev_n[k]) * 8;
    return total;
}

grundy_status grundy_range_xor_init(range_xor *x, size_t n,
                             void *(*alloc)(size_t bytes))
{
    unsigned k;
    memset(x, 0, sizeof *x);
    x->n = n;
    x->top = levels(n, x->lev_n);
    for (k = 0; k <= x->top; k++) {
        size_t bytes = words_of(x->lev_n[k]) * 8;
        x->lv[k] = alloc(bytes ? bytes : 8);
        if (!x->lv[k]) {
            grundy_range_xor_free(x);
            return GRUNDY_ERR_NOMEM;
        }
        memset(x->lv[k], 0, bytes ? bytes : 8);
    }
    return GRUNDY_OK;
}

void grundy_range_xor_free(range_xor *x)
{
    unsigned k;
    for (k = 0; k < RANGE_XOR_LEVELS; k++)
        free(x->lv[k]);
    memset(x, 0, sizeof *x);
}

unsigned grundy_range_xor_get(const range_xor *x, size_t i)
{
    return lane(x->lv[0], i) ^ ((i & (G - 1)) ? lane(x->lv[0], i - 1) : 0);
}

void grundy_range_xor_set(range_xor *x, size_t i, unsigned v)
{
    unsigned d = grundy_range_xor_get(x, i) ^ v, k;
    if (!d)
        return;
    xor_from(x->lv[0], i, d);
    for (k = 1; k <= x->top; k++) {
        i >>= G_LOG; /* entry i of level k changed by d */
        if ((i & (G - 1)) != G - 1)
            xor_from(x->lv[k], i + 1, d);
    }
}

/* Entry j of level k >= 1: the XOR of group j of level k - 1. */
static unsigned entry(const range_xor *x, unsigned k, size_t j)
{
    size_t last = ((j + 1) << G_LOG) - 1;
    if (last >= x->lev_n[k - 1])
        last = x->lev_n[k - 1] - 1;
    if (k == 1)
        return lane(x->lv[0], last);
    return lane(x->lv[k - 1], last) ^ entry(x, k - 1, last);
}

void grundy_range_xor_assign(range_xor *x, size_t first, const grundy_value *v,
                      size_t c)
{
    size_t lo = first >> G_LOG, hi = (first + c - 1) >> G_LOG, b, j;
    unsigned k;
    if (c == 0)
        return;
    for (b = lo; b <= hi; b++) { /* level 0: the groups touched */
        unsigned char val[G], acc = 0;
        size_t base = b << G_LOG, end = base + G < x->n ? base + G : x->n;
        for (j = base; j < end; j++)
            val[j - base] = j >= first && j - first < c
                                ? (unsigned char)v[j - first]
                                : (unsigned char)grundy_range_xor_get(x, j);
        for (j = base; j < end; j++) {
            acc ^= val[j - base];
            lane_set(x->lv[0], j, acc);
        }
    }
    for (k = 1; k <= x->top; k++) { /* the groups above them */
        for (b = lo >> G_LOG; b <= hi >> G_LOG; b++) {
            size_t base = b << G_LOG,
                   end = base + G < x->lev_n[k] ? base + G : x->lev_n[k];
            unsigned acc = 0;
            for (j = base; j < end; j++) {
                lane_set(x->lv[k], j, acc);
                acc ^= entry(x, k, j);
            }
        }
        lo >>= G_LOG;
        hi >>= G_LOG;
    }
}

/* The XOR of values 0..i. */
static inline unsigned prefix(const range_xor *x, size_t i)
{
    unsigned v = lane(x->lv[0], i), k;
    for (k = 1; k <= x->top; k++) {
        i >>= G_LOG;
        v ^= lane(x->lv[k], i);
    }
    return v;
}

unsigned grundy_range_xor_query(const range_xor *x, size_t lo, size_t hi)
{
    return prefix(x, hi) ^ (lo ? prefix(x, lo - 1) : 0);
}

void grundy_range_xor_prefetch(const range_xor *x, size_t lo, size_t hi)
{
    PREFETCH(x->lv[0] + (hi >> 3));
    if (lo)
        PREFETCH(x->lv[0] + ((lo - 1) >> 3));
    if (x->top >= 1) {
        PREFETCH(x->lv[1] + (hi >> (G_LOG + 3)));
        if (lo)
            PREFETCH(x->lv[1] + ((lo - 1) >> (G_LOG + 3)));
    }
}
