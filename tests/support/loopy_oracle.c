/*
 * loopy_oracle.c -- retrograde win/loss/draw analysis (see the header).
 *
 * The classical backward induction: terminal positions are losses; a
 * position with a losing option is a win; a position all of whose
 * options are known wins is a loss, found by counting down each
 * position's undecided options.  Whatever is never decided is a draw.
 */
#include <stdlib.h>
#include <string.h>

#include "loopy_oracle.h"

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        abort();
    return p;
}

void oracle_graph_from_edges(oracle_graph *g, size_t n, const uint32_t *src,
                             const uint32_t *dst, size_t m)
{
    size_t i, *fill;
    g->n = n;
    g->m = m;
    g->off = xmalloc((n + 1) * sizeof *g->off);
    g->adj = xmalloc(m * sizeof *g->adj);
    fill = xmalloc((n + 1) * sizeof *fill);
    memset(g->off, 0, (n + 1) * sizeof *g->off);
    for (i = 0; i < m; i++)
        g->off[src[i] + 1]++;
    for (i = 1; i <= n; i++)
        g->off[i] += g->off[i - 1];
    memcpy(fill, g->off, (n + 1) * sizeof *fill);
    for (i = 0; i < m; i++)
        g->adj[fill[src[i]]++] = dst[i];
    free(fill);
}

void oracle_graph_clear(oracle_graph *g)
{
    free(g->off);
    free(g->adj);
    memset(g, 0, sizeof *g);
}

void oracle_graph_nim(oracle_graph *g, size_t h)
{
    size_t i, j, k = 0;
    g->n = h + 1;
    g->m = h * (h + 1) / 2;
    g->off = xmalloc((h + 2) * sizeof *g->off);
    g->adj = xmalloc(g->m * sizeof *g->adj);
    for (i = 0; i <= h; i++) {
        g->off[i] = k;
        for (j = 0; j < i; j++)
            g->adj[k++] = (uint32_t)j;
    }
    g->off[h + 1] = k;
}

void oracle_graph_sum(oracle_graph *out, const oracle_graph *const *parts,
                      size_t k)
{
    size_t n = 1, m = 0, s, i, e, stride[8], pos[8];
    for (i = 0; i < k; i++) {
        stride[i] = n;
        n *= parts[i]->n;
    }
    /* Each state has the sum of its components' degrees as options. */
    for (s = 0; s < n; s++)
        for (i = 0; i < k; i++) {
            size_t p = s / stride[i] % parts[i]->n;
            m += parts[i]->off[p + 1] - parts[i]->off[p];
        }
    out->n = n;
    out->m = m;
    out->off = xmalloc((n + 1) * sizeof *out->off);
    out->adj = xmalloc(m * sizeof *out->adj);
    m = 0;
    for (s = 0; s < n; s++) {
        out->off[s] = m;
        for (i = 0; i < k; i++)
            pos[i] = s / stride[i] % parts[i]->n;
        for (i = 0; i < k; i++)
            for (e = parts[i]->off[pos[i]]; e < parts[i]->off[pos[i] + 1]; e++)
                out->adj[m++] = (uint32_t)(s - pos[i] * stride[i] +
                                           parts[i]->adj[e] * stride[i]);
    }
    out->off[n] = m;
}

void oracle_outcomes(unsigned char *out, const oracle_graph *g)
{
    size_t n = g->n, v, e, head = 0, tail = 0;
    size_t *left = xmalloc(n * sizeof *left);
    size_t *roff = xmalloc((n + 1) * sizeof *roff);
    uint32_t *radj = xmalloc(g->m * sizeof *radj);
    size_t *fill = xmalloc((n + 1) * sizeof *fill);
    uint32_t *queue = xmalloc(n * sizeof *queue);
    unsigned char *known = xmalloc(n);

    /* Predecessor lists, repeats kept (each edge counts once below). */
    memset(roff, 0, (n + 1) * sizeof *roff);
    for (e = 0; e < g->m; e++)
        roff[g->adj[e] + 1]++;
    for (v = 1; v <= n; v++)
        roff[v] += roff[v - 1];
    memcpy(fill, roff, (n + 1) * sizeof *fill);
    for (v = 0; v < n; v++)
        for (e = g->off[v]; e < g->off[v + 1]; e++)
            radj[fill[g->adj[e]]++] = (uint32_t)v;

    for (v = 0; v < n; v++) {
        out[v] = ORACLE_DRAW;
        known[v] = 0;
        left[v] = g->off[v + 1] - g->off[v];
        if (left[v] == 0) {
            out[v] = ORACLE_LOSS;
            known[v] = 1;
            queue[tail++] = (uint32_t)v;
        }
    }
    while (head < tail) {
        uint32_t w = queue[head++];
        for (e = roff[w]; e < roff[w + 1]; e++) {
            uint32_t p = radj[e];
            if (known[p])
                continue;
            if (out[w] == ORACLE_LOSS) {
                out[p] = ORACLE_WIN;
                known[p] = 1;
                queue[tail++] = p;
            } else if (--left[p] == 0) {
                out[p] = ORACLE_LOSS;
                known[p] = 1;
                queue[tail++] = p;
            }
        }
    }
    free(left);
    free(roff);
    free(radj);
    free(fill);
    free(queue);
    free(known);
}
