/*
 * twoheap_oracle.c -- plain move generators of two-heap games
 * (twoheap_oracle.h).
 */
#include <stdlib.h>

#include "twoheap_oracle.h"

uint64_t oracle_twoheap_pack(uint64_t a, uint64_t b)
{
    return a << 32 | b;
}

/* Every vector of the move set that fits (a, b), as what it leaves. */
static size_t leaves(const oracle_twoheap *g, long a, long b, long *ra,
                     long *rb)
{
    size_t i, n = 0, j;
    for (i = 0; i < g->n; i++) {
        const oracle_twoheap_term *u = &g->t[i];
        long t, last = u->cx == 0 && u->cy == 0 ? u->lo
                       : u->hi >= 0            ? u->hi
                                               : u->lo + a + b + 64;
        for (t = u->lo; t <= last; t++) {
            long x = u->cx * t + u->dx, y = u->cy * t + u->dy;
            int dup = 0;
            if (x < 0 || y < 0 || (x == 0 && y == 0) || x > a || y > b)
                continue;
            for (j = 0; j < n; j++)
                dup |= ra[j] == a - x && rb[j] == b - y;
            if (dup)
                continue;
            if (n == 256)
                abort(); /* the test asked for too large a position */
            ra[n] = a - x;
            rb[n] = b - y;
            n++;
        }
    }
    return n;
}

size_t oracle_moves_twoheap(const void *ctx, uint64_t p, uint64_t *out)
{
    long ra[256], rb[256];
    size_t n = leaves(ctx, (long)(p >> 32), (long)(p & 0xFFFFFFFFu), ra, rb),
           i;
    for (i = 0; i < n; i++)
        out[i] = oracle_twoheap_pack((uint64_t)ra[i], (uint64_t)rb[i]);
    return n;
}

uint64_t oracle_twoheap_pack2(uint64_t a1, uint64_t b1, uint64_t a2,
                              uint64_t b2)
{
    return a1 << 24 | b1 << 16 | a2 << 8 | b2;
}

size_t oracle_moves_twoheap_sum2(const void *ctx, uint64_t p, uint64_t *out)
{
    long ra[256], rb[256];
    long a1 = (long)(p >> 24 & 255), b1 = (long)(p >> 16 & 255),
         a2 = (long)(p >> 8 & 255), b2 = (long)(p & 255);
    size_t n1 = leaves(ctx, a1, b1, ra, rb), n = 0, i;
    for (i = 0; i < n1; i++)
        out[n++] = oracle_twoheap_pack2((uint64_t)ra[i], (uint64_t)rb[i],
                                        (uint64_t)a2, (uint64_t)b2);
    n1 = leaves(ctx, a2, b2, ra, rb);
    if (n + n1 > 256)
        abort();
    for (i = 0; i < n1; i++)
        out[n++] = oracle_twoheap_pack2((uint64_t)a1, (uint64_t)b1,
                                        (uint64_t)ra[i], (uint64_t)rb[i]);
    return n;
}
