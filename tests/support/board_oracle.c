/*
 * board_oracle.c -- direct win/loss search of a board plus a Nim heap
 * (board_oracle.h).  Slow and plain on purpose.
 */
#include <stdlib.h>
#include <string.h>

#include "board_oracle.h"

/* Memo: open addressing over (position, heap), 0 = empty slot. */
typedef struct slot {
    uint64_t p;
    uint32_t h;
    uint32_t state; /* 0 empty, 1 loss, 2 win */
} slot;

struct oracle_memo {
    oracle_moves64_fn moves;
    const void *ctx;
    slot *s;
    size_t cap, n;
};

oracle_memo *oracle_memo_new(oracle_moves64_fn moves, const void *ctx)
{
    oracle_memo *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->moves = moves;
    m->ctx = ctx;
    m->cap = 1024;
    m->s = calloc(m->cap, sizeof *m->s);
    if (!m->s) {
        free(m);
        return NULL;
    }
    return m;
}

void oracle_memo_free(oracle_memo *m)
{
    if (!m)
        return;
    free(m->s);
    free(m);
}

size_t oracle_memo_size(const oracle_memo *m)
{
    return m->n;
}

static size_t hash(uint64_t p, uint32_t h)
{
    uint64_t x = p * 0x9E3779B97F4A7C15ull + h * 0xC2B2AE3D27D4EB4Full;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    return (size_t)(x ^ (x >> 32));
}

static slot *find(oracle_memo *m, uint64_t p, uint32_t h)
{
    size_t i = hash(p, h) & (m->cap - 1);
    while (m->s[i].state && (m->s[i].p != p || m->s[i].h != h))
        i = (i + 1) & (m->cap - 1);
    return &m->s[i];
}

static void put(oracle_memo *m, uint64_t p, uint32_t h, int win)
{
    slot *e;
    if (2 * (m->n + 1) > m->cap) {
        slot *old = m->s;
        size_t oc = m->cap, i;
        m->cap *= 2;
        m->s = calloc(m->cap, sizeof *m->s);
        if (!m->s)
            abort();
        for (i = 0; i < oc; i++)
            if (old[i].state)
                *find(m, old[i].p, old[i].h) = old[i];
        free(old);
    }
    e = find(m, p, h);
    if (!e->state)
        m->n++;
    e->p = p;
    e->h = h;
    e->state = win ? 2u : 1u;
}

int oracle_heap_wins(oracle_memo *m, uint64_t p, unsigned h)
{
    uint64_t out[256];
    size_t n, i;
    unsigned k;
    int win = 0;
    slot *e = find(m, p, h);
    if (e->state)
        return e->state == 2;
    n = m->moves(m->ctx, p, out);
    for (i = 0; i < n && !win; i++)
        if (!oracle_heap_wins(m, out[i], h))
            win = 1;
    for (k = 0; k < h && !win; k++)
        if (!oracle_heap_wins(m, p, k))
            win = 1;
    put(m, p, h, win);
    return win;
}

int oracle_value_is(oracle_memo *m, uint64_t p, unsigned v)
{
    unsigned h;
    if (oracle_heap_wins(m, p, v))
        return 0;
    for (h = 0; h < v; h++)
        if (!oracle_heap_wins(m, p, h))
            return 0;
    return 1;
}

/* Generators *****************************************************************/

size_t oracle_moves_cram(const void *ctx, uint64_t p, uint64_t *out)
{
    const oracle_grid *g = ctx;
    unsigned r, c;
    size_t n = 0;
    for (r = 0; r < g->rows; r++)
        for (c = 0; c < g->cols; c++) {
            uint64_t a = 1ull << (r * g->cols + c);
            if (!(p & a))
                continue;
            if (c + 1 < g->cols && (p & (a << 1)))
                out[n++] = p & ~(a | (a << 1));
            if (r + 1 < g->rows && (p & (a << g->cols)))
                out[n++] = p & ~(a | (a << g->cols));
        }
    return n;
}

size_t oracle_moves_node_kayles(const void *ctx, uint64_t p, uint64_t *out)
{
    const oracle_graph *g = ctx;
    unsigned v, u;
    size_t n = 0;
    for (v = 0; v < g->n; v++) {
        uint64_t q;
        if (!((p >> v) & 1))
            continue;
        q = p & ~(1ull << v);
        for (u = 0; u < g->n; u++)
            if (g->adj[v][u])
                q &= ~(1ull << u);
        out[n++] = q;
    }
    return n;
}

size_t oracle_moves_domino(const void *ctx, uint64_t p, uint64_t *out)
{
    const oracle_graph *g = ctx;
    unsigned v, u;
    size_t n = 0;
    for (v = 0; v < g->n; v++)
        for (u = v + 1; u < g->n; u++)
            if (g->adj[v][u] && ((p >> v) & 1) && ((p >> u) & 1))
                out[n++] = p & ~(1ull << v) & ~(1ull << u);
    return n;
}

uint64_t oracle_chomp_pack(const unsigned *len, unsigned rows)
{
    uint64_t p = 0;
    unsigned r;
    for (r = 0; r < rows; r++)
        p |= (uint64_t)len[r] << (6 * r);
    return p;
}

size_t oracle_moves_chomp(const void *ctx, uint64_t p, uint64_t *out)
{
    const oracle_grid *g = ctx;
    unsigned len[10], r, c, i;
    size_t n = 0;
    for (r = 0; r < g->rows; r++)
        len[r] = (unsigned)((p >> (6 * r)) & 63);
    for (r = 0; r < g->rows; r++)
        for (c = 0; c < len[r]; c++) {
            unsigned nl[10];
            if (r == 0 && c == 0)
                continue; /* the poisoned square */
            for (i = 0; i < g->rows; i++)
                nl[i] = i >= r && len[i] > c ? c : len[i];
            out[n++] = oracle_chomp_pack(nl, g->rows);
        }
    return n;
}
