/*
 * oracle.c -- direct, slow, obviously-right searches.
 */
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

size_t oracle_moves_nim(const void *ctx, uint64_t h, uint64_t *out)
{
    uint64_t i;
    (void)ctx;
    for (i = 0; i < h; i++)
        out[i] = i;
    return (size_t)h;
}

size_t oracle_moves_subtract(const void *ctx, uint64_t h, uint64_t *out)
{
    const oracle_set *s = ctx;
    size_t n = 0;
    uint64_t k;
    for (k = 1; k <= h && k < s->cap; k++)
        if (s->in[k])
            out[n++] = h - k;
    return n;
}

size_t oracle_moves_allbut(const void *ctx, uint64_t h, uint64_t *out)
{
    const oracle_set *s = ctx;
    size_t n = 0;
    uint64_t k;
    for (k = 1; k <= h; k++)
        if (!(k < s->cap && s->in[k]))
            out[n++] = h - k;
    return n;
}

/* ctx: pointer to an unsigned base.  Distinct digits only. */
size_t oracle_moves_digits(const void *ctx, uint64_t h, uint64_t *out)
{
    unsigned base = *(const unsigned *)ctx;
    unsigned char used[37] = {0};
    size_t n = 0;
    uint64_t x;
    for (x = h; x > 0; x /= base) {
        unsigned d = (unsigned)(x % base);
        if (d && !used[d]) {
            used[d] = 1;
            out[n++] = h - d;
        }
    }
    return n;
}

size_t oracle_moves_half(const void *ctx, uint64_t h, uint64_t *out)
{
    size_t n = 0;
    uint64_t k;
    (void)ctx;
    for (k = 1; k <= h / 2; k++)
        out[n++] = h - k;
    return n;
}

static uint32_t mex_rec(uint32_t *g, unsigned char *known, uint64_t h,
                        oracle_heap_moves_fn moves, const void *ctx)
{
    uint64_t *out;
    size_t n, i;
    unsigned char *seen;
    uint32_t m = 0;
    if (known[h])
        return g[h];
    out = malloc((h + 1) * sizeof *out);
    n = moves(ctx, h, out);
    seen = calloc(n + 2, 1);
    for (i = 0; i < n; i++) {
        uint32_t v = mex_rec(g, known, out[i], moves, ctx);
        if (v <= n)
            seen[v] = 1;
    }
    while (seen[m])
        m++;
    free(seen);
    free(out);
    g[h] = m;
    known[h] = 1;
    return m;
}

void oracle_mex_values(uint32_t *g, size_t n, oracle_heap_moves_fn moves,
                       const void *ctx)
{
    unsigned char *known = calloc(n ? n : 1, 1);
    size_t h;
    for (h = 0; h < n; h++)
        mex_rec(g, known, h, moves, ctx);
    free(known);
}

/* Win/loss memo over tuples, keyed by the mixed-radix index of the sorted
 * tuple (sums are symmetric, so sorting only shrinks the table). */
static int cmp64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static size_t key_of(const uint64_t *h, size_t k, uint64_t maxh)
{
    uint64_t t[4];
    size_t i, key = 0;
    memcpy(t, h, k * sizeof *t);
    qsort(t, k, sizeof *t, cmp64);
    for (i = 0; i < k; i++)
        key = key * (size_t)(maxh + 1) + (size_t)t[i];
    return key;
}

static int wins_rec(uint64_t *h, size_t k, uint64_t maxh,
                    oracle_heap_moves_fn moves, const void *ctx,
                    signed char *memo)
{
    size_t key = key_of(h, k, maxh), i, j, n;
    uint64_t *out;
    int win = 0;
    if (memo[key] >= 0)
        return memo[key];
    out = malloc((maxh + 1) * sizeof *out);
    for (i = 0; i < k && !win; i++) {
        uint64_t save = h[i];
        n = moves(ctx, save, out);
        for (j = 0; j < n && !win; j++) {
            h[i] = out[j];
            if (!wins_rec(h, k, maxh, moves, ctx, memo))
                win = 1;
        }
        h[i] = save;
    }
    free(out);
    memo[key] = (signed char)win;
    return win;
}

int oracle_wins(const uint64_t *h, size_t k, uint64_t maxh,
                oracle_heap_moves_fn moves, const void *ctx)
{
    size_t states = 1, i;
    signed char *memo;
    uint64_t t[4];
    int w;
    for (i = 0; i < k; i++)
        states *= (size_t)(maxh + 1);
    memo = malloc(states);
    memset(memo, -1, states);
    memcpy(t, h, k * sizeof *t);
    w = wins_rec(t, k, maxh, moves, ctx, memo);
    free(memo);
    return w;
}
