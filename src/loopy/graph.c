/*
 * graph.c -- directed graphs in CSR form, both ways, with 4-byte ids.
 *
 * The values need the predecessors of a vertex (a label is announced to
 * them) and the options (K sets, winning moves), so both adjacency arrays
 * are kept: 8 bytes per edge and 16 per vertex.  Both are filled by a
 * counting sort: degrees, prefix sums, then a scatter that advances each
 * vertex's cursor, after which the cursors are shifted back into offsets
 * (no array besides the result).  The predecessors are built from the
 * options rather than from the edge list, so an owner's edge arrays are
 * freed before the second half is allocated and the peak is 12 bytes per
 * edge instead of 16.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/progress.h"
#include "grundy/io.h"
#include "loopy/loopy_internal.h"

uint64_t grundy_loopy_estimate_u64(uint64_t n, uint64_t m)
{
    /* offsets both ways, then the larger of: building (edges 8m +
     * options 4m) and solving (options and predecessors 8m + 36 bytes of
     * work and result per vertex: see solve.c). */
    uint64_t build = 12 * m, solve = 8 * m + 36 * n;
    return 16 * (n + 1) + (build > solve ? build : solve);
}

grundy_status grundy_loopy_estimate(size_t *bytes, uint64_t n, uint64_t m)
{
    /* 2^58 keeps every product below 2^64. */
    GRUNDY_RETURN_IF(n > ((uint64_t)1 << 58) || m > ((uint64_t)1 << 58),
                     GRUNDY_ERR_OVERFLOW);
    {
        uint64_t b = grundy_loopy_estimate_u64(n, m);
        GRUNDY_RETURN_IF(b > SIZE_MAX, GRUNDY_ERR_OVERFLOW);
        *bytes = (size_t)b;
    }
    return GRUNDY_OK;
}

void grundy_loopy_limit_message(grundy_parse_error *where, uint64_t n,
                                uint64_t m)
{
    uint64_t b = n <= ((uint64_t)1 << 58) && m <= ((uint64_t)1 << 58)
                     ? grundy_loopy_estimate_u64(n, m)
                     : UINT64_MAX;
    if (!where)
        return;
    snprintf(where->msg, sizeof where->msg,
             "the graph (%llu vertices, %llu edges) needs about %.1f MiB, "
             "over the memory limit",
             (unsigned long long)n, (unsigned long long)m,
             (double)b / 1048576.0);
}

grundy_status grundy_loopy_graph_alloc(grundy_loopy_graph **out)
{
    return GRUNDY_NEW(*out);
}

void grundy_loopy_graph_free(grundy_loopy_graph *g)
{
    if (!g)
        return;
    GRUNDY_FREE_ALL(g->out_off, g->in_off, g->out_adj, g->in_adj, g->names,
                    g->name_off, g->slots, g);
}

/* The degree of v in off[v + 1] becomes the start of v's range in off[v]
 * (prefix sums), the cursor of the scatter: off[v] is v's next free
 * slot while filling. */
static void counts_to_starts(uint64_t *off, uint64_t n)
{
    uint64_t v;
    off[0] = 0;
    for (v = 1; v <= n; v++)
        off[v] += off[v - 1];
}

/* After the scatter, off[v] = end of v; shift back into starts. */
static void cursors_to_offsets(uint64_t *off, uint64_t n)
{
    uint64_t v;
    for (v = n; v > 0; v--)
        off[v] = off[v - 1];
    off[0] = 0;
}

grundy_status grundy_loopy_graph_build_reverse(grundy_loopy_graph *g)
{
    uint64_t n = g->n, v, e;
    g->in_off = calloc(n + 2, sizeof *g->in_off);
    g->in_adj = malloc((g->m ? g->m : 1) * sizeof *g->in_adj);
    GRUNDY_RETURN_IF(!g->in_off || !g->in_adj, GRUNDY_ERR_NOMEM);
    for (e = 0; e < g->m; e++)
        g->in_off[g->out_adj[e] + 1]++;
    counts_to_starts(g->in_off, n);
    /* in_off[w] is now the start of w's range, used as a cursor; v in
     * increasing order keeps each predecessor list sorted. */
    for (v = 0; v < n; v++)
        for (e = g->out_off[v]; e < g->out_off[v + 1]; e++)
            g->in_adj[g->in_off[g->out_adj[e]]++] = (grundy_loopy_vertex)v;
    cursors_to_offsets(g->in_off, n);
    return GRUNDY_OK;
}

grundy_status grundy_loopy_graph_build(grundy_loopy_graph *g, uint64_t n,
                                       grundy_loopy_vertex **src,
                                       grundy_loopy_vertex **dst, size_t m,
                                       int owned, const grundy_limits *lim)
{
    size_t e;
    const grundy_loopy_vertex *s = *src, *d = *dst;
    size_t bytes;
    GRUNDY_RETURN_IF(n > GRUNDY_LOOPY_MAX_VERTICES, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_loopy_estimate(&bytes, n, m) == GRUNDY_OK
                   ? grundy_limits_mem_check(lim, bytes)
                   : GRUNDY_ERR_LIMIT);
    g->n = n;
    g->m = m;
    g->out_off = calloc(n + 2, sizeof *g->out_off);
    g->out_adj = malloc((m ? m : 1) * sizeof *g->out_adj);
    GRUNDY_RETURN_IF(!g->out_off || !g->out_adj, GRUNDY_ERR_NOMEM);
    for (e = 0; e < m; e++)
        g->out_off[s[e] + 1]++;
    counts_to_starts(g->out_off, n);
    for (e = 0; e < m; e++)
        g->out_adj[g->out_off[s[e]]++] = d[e];
    cursors_to_offsets(g->out_off, n);
    if (owned) {
        free(*src);
        free(*dst);
        *src = *dst = NULL;
    }
    return grundy_loopy_graph_build_reverse(g);
}

grundy_status grundy_loopy_graph_from_edges(grundy_loopy_graph **out,
                                            uint64_t n,
                                            const grundy_loopy_vertex *src,
                                            const grundy_loopy_vertex *dst,
                                            size_t m, const grundy_limits *lim)
{
    grundy_loopy_graph *g;
    grundy_loopy_vertex *s = (grundy_loopy_vertex *)(uintptr_t)src;
    grundy_loopy_vertex *d = (grundy_loopy_vertex *)(uintptr_t)dst;
    grundy_status st;
    size_t e;
    *out = NULL;
    GRUNDY_RETURN_IF(n > GRUNDY_LOOPY_MAX_VERTICES, GRUNDY_ERR_LIMIT);
    GRUNDY_RETURN_IF(m && (!src || !dst), GRUNDY_ERR_ARG);
    for (e = 0; e < m; e++)
        GRUNDY_RETURN_IF(src[e] >= n || dst[e] >= n, GRUNDY_ERR_RANGE);
    GRUNDY_TRY(grundy_loopy_graph_alloc(&g));
    st = grundy_loopy_graph_build(g, n, &s, &d, m, 0, lim);
    if (st != GRUNDY_OK) {
        grundy_loopy_graph_free(g);
        return st;
    }
    *out = g;
    return GRUNDY_OK;
}

/* Grow the options array to hold `need` ids, doubling, within the
 * limit. */
static grundy_status grow_adj(grundy_loopy_vertex **adj, size_t *cap,
                              size_t need, uint64_t n, const grundy_limits *lim)
{
    size_t nc = *cap ? *cap : 1024, bytes;
    grundy_loopy_vertex *na;
    if (need <= *cap)
        return GRUNDY_OK;
    while (nc < need) {
        GRUNDY_RETURN_IF(nc > SIZE_MAX / 2 / sizeof **adj, GRUNDY_ERR_OVERFLOW);
        nc *= 2;
    }
    /* The doubled array while the old one is still held: count both. */
    GRUNDY_RETURN_IF(grundy_loopy_estimate(&bytes, n, nc) != GRUNDY_OK,
                     GRUNDY_ERR_LIMIT);
    while (grundy_limits_mem_check(lim, bytes) != GRUNDY_OK) {
        /* Doubling overshoots: halve the step, down to the exact size,
         * so that the array near the limit still grows by large steps
         * (growing it by each vertex's options would copy it each time) */
        GRUNDY_RETURN_IF(nc == need, GRUNDY_ERR_LIMIT);
        nc = need + (nc - need) / 2;
        GRUNDY_TRY(grundy_loopy_estimate(&bytes, n, nc));
    }
    na = realloc(*adj, nc * sizeof *na);
    GRUNDY_RETURN_IF(!na, GRUNDY_ERR_NOMEM);
    *adj = na;
    *cap = nc;
    return GRUNDY_OK;
}

static grundy_status from_fn(grundy_loopy_graph *g, uint64_t n,
                             grundy_loopy_moves_fn fn, const void *ctx,
                             const grundy_limits *lim)
{
    uint64_t *buf = NULL, p;
    size_t bcap = 64, cap = 0, m = 0, k, cnt, bytes;
    grundy_ticker t;
    grundy_status st = GRUNDY_OK;

    GRUNDY_RETURN_IF(n > GRUNDY_LOOPY_MAX_VERTICES, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_loopy_estimate(&bytes, n, 0));
    GRUNDY_TRY(grundy_limits_mem_check(lim, bytes));
    g->n = n;
    g->out_off = calloc(n + 2, sizeof *g->out_off);
    buf = malloc(bcap * sizeof *buf);
    if (!g->out_off || !buf) {
        free(buf);
        return GRUNDY_ERR_NOMEM;
    }
    grundy_ticker_init(&t, lim, "loopy graph", n);
    for (p = 0; p < n && st == GRUNDY_OK; p++) {
        g->out_off[p] = m;
        for (;;) {
            cnt = fn(ctx, p, buf, bcap);
            if (cnt <= bcap)
                break;
            free(buf);
            bcap = cnt;
            buf = malloc(bcap * sizeof *buf);
            if (!buf)
                return GRUNDY_ERR_NOMEM;
        }
        st = grow_adj(&g->out_adj, &cap, m + cnt, n, lim);
        for (k = 0; k < cnt && st == GRUNDY_OK; k++) {
            if (buf[k] >= n)
                st = GRUNDY_ERR_RANGE;
            else
                g->out_adj[m++] = (grundy_loopy_vertex)buf[k];
        }
        if (st == GRUNDY_OK)
            st = grundy_ticker_tick(&t, p + 1);
    }
    free(buf);
    GRUNDY_TRY(st);
    GRUNDY_TRY(grundy_ticker_done(&t));
    g->out_off[n] = m;
    g->m = m;
    if (m < cap) {
        grundy_loopy_vertex *na = realloc(g->out_adj, (m ? m : 1) * sizeof *na);
        if (na)
            g->out_adj = na;
    }
    if (!g->out_adj) {
        g->out_adj = malloc(sizeof *g->out_adj);
        GRUNDY_RETURN_IF(!g->out_adj, GRUNDY_ERR_NOMEM);
    }
    return grundy_loopy_graph_build_reverse(g);
}

grundy_status grundy_loopy_graph_from_fn(grundy_loopy_graph **out, uint64_t n,
                                         grundy_loopy_moves_fn fn,
                                         const void *ctx,
                                         const grundy_limits *lim)
{
    grundy_loopy_graph *g;
    grundy_status st;
    *out = NULL;
    GRUNDY_RETURN_IF(!fn, GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_loopy_graph_alloc(&g));
    st = from_fn(g, n, fn, ctx, lim);
    if (st != GRUNDY_OK) {
        grundy_loopy_graph_free(g);
        return st;
    }
    *out = g;
    return GRUNDY_OK;
}

/* Accessors ****************************************************************/

uint64_t grundy_loopy_graph_num_vertices(const grundy_loopy_graph *g)
{
    return g->n;
}

uint64_t grundy_loopy_graph_num_edges(const grundy_loopy_graph *g)
{
    return g->m;
}

size_t grundy_loopy_graph_bytes(const grundy_loopy_graph *g)
{
    size_t b = (size_t)(2 * (g->n + 2) * sizeof(uint64_t) +
                        2 * g->m * sizeof(grundy_loopy_vertex));
    if (g->names)
        b += g->names_len + (size_t)g->n * sizeof *g->name_off +
             g->nslots * sizeof *g->slots;
    return b;
}

const grundy_loopy_vertex *
grundy_loopy_graph_successors(const grundy_loopy_graph *g,
                              grundy_loopy_vertex v, size_t *count)
{
    *count = (size_t)(g->out_off[v + 1] - g->out_off[v]);
    return g->out_adj + g->out_off[v];
}

const grundy_loopy_vertex *
grundy_loopy_graph_predecessors(const grundy_loopy_graph *g,
                                grundy_loopy_vertex v, size_t *count)
{
    *count = (size_t)(g->in_off[v + 1] - g->in_off[v]);
    return g->in_adj + g->in_off[v];
}

const char *grundy_loopy_graph_vertex_name(const grundy_loopy_graph *g,
                                           grundy_loopy_vertex v)
{
    return g->names ? g->names + g->name_off[v] : NULL;
}

size_t grundy_loopy_graph_vertex_format(const grundy_loopy_graph *g,
                                        grundy_loopy_vertex v, char *buf,
                                        size_t cap)
{
    int k;
    if (g->names)
        k = snprintf(buf, cap, "%s", g->names + g->name_off[v]);
    else
        k = snprintf(buf, cap, "%lu", (unsigned long)v);
    return k < 0 ? 0 : (size_t)k;
}

grundy_status grundy_loopy_graph_vertex_parse(const grundy_loopy_graph *g,
                                              const char *text, size_t len,
                                              grundy_loopy_vertex *out,
                                              grundy_parse_error *where)
{
    uint64_t v;
    grundy_status st;
    if (g->names) {
        int64_t id = grundy_loopy_names_find(g, text, len);
        if (id < 0) {
            grundy_parse_error_set(where, 1, 1, "no vertex named '%.*s'",
                                   (int)(len > 60 ? 60 : len), text);
            return GRUNDY_ERR_ARG;
        }
        *out = (grundy_loopy_vertex)id;
        return GRUNDY_OK;
    }
    if (g->n == 0) {
        grundy_parse_error_set(where, 1, 1, "the graph has no vertices");
        return GRUNDY_ERR_RANGE;
    }
    st = grundy_u64_parse(&v, text, len, 0, g->n - 1, where);
    if (st != GRUNDY_OK)
        return st;
    *out = (grundy_loopy_vertex)v;
    return GRUNDY_OK;
}

/* Names ********************************************************************/

static uint64_t hash_bytes(const char *s, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;
    size_t i;
    for (i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x100000001b3ull;
    }
    return h ^ (h >> 29);
}

static int name_is(const grundy_loopy_graph *g, uint32_t id, const char *text,
                   size_t len)
{
    const char *s = g->names + g->name_off[id];
    return strncmp(s, text, len) == 0 && s[len] == 0;
}

int64_t grundy_loopy_names_find(const grundy_loopy_graph *g, const char *text,
                                size_t len)
{
    size_t mask, i;
    if (!g->slots)
        return -1;
    mask = g->nslots - 1;
    for (i = (size_t)hash_bytes(text, len) & mask; g->slots[i];
         i = (i + 1) & mask)
        if (name_is(g, g->slots[i] - 1, text, len))
            return (int64_t)g->slots[i] - 1;
    return -1;
}

static grundy_status rehash(grundy_loopy_graph *g, uint64_t count,
                            const grundy_limits *lim)
{
    size_t ns = g->nslots ? 2 * g->nslots : 1024, mask = ns - 1, i;
    uint32_t *slots;
    uint64_t id;
    GRUNDY_TRY(grundy_limits_mem_check(lim, ns * sizeof *slots +
                                                g->nslots * sizeof *slots));
    slots = calloc(ns, sizeof *slots);
    GRUNDY_RETURN_IF(!slots, GRUNDY_ERR_NOMEM);
    for (id = 0; id < count; id++) {
        const char *s = g->names + g->name_off[id];
        for (i = (size_t)hash_bytes(s, strlen(s)) & mask; slots[i];
             i = (i + 1) & mask)
            ;
        slots[i] = (uint32_t)(id + 1);
    }
    free(g->slots);
    g->slots = slots;
    g->nslots = ns;
    return GRUNDY_OK;
}

/* Room for `ids` names and `bytes` bytes of text, growing by half. */
static grundy_status names_reserve(grundy_loopy_graph *g, uint64_t ids,
                                   size_t bytes, const grundy_limits *lim)
{
    if (ids > g->off_cap) {
        uint64_t nc = g->off_cap + g->off_cap / 2 + 1024;
        uint64_t *no;
        GRUNDY_TRY(grundy_limits_mem_check(lim, (size_t)nc * sizeof *no));
        no = realloc(g->name_off, (size_t)nc * sizeof *no);
        GRUNDY_RETURN_IF(!no, GRUNDY_ERR_NOMEM);
        g->name_off = no;
        g->off_cap = nc;
    }
    if (bytes > g->names_cap) {
        size_t nc = g->names_cap + g->names_cap / 2 + 4096;
        char *nn;
        if (nc < bytes)
            nc = bytes;
        GRUNDY_TRY(grundy_limits_mem_check(lim, nc));
        nn = realloc(g->names, nc);
        GRUNDY_RETURN_IF(!nn, GRUNDY_ERR_NOMEM);
        g->names = nn;
        g->names_cap = nc;
    }
    return GRUNDY_OK;
}

grundy_status grundy_loopy_names_intern(grundy_loopy_graph *g, uint64_t *count,
                                        const char *text, size_t len,
                                        grundy_loopy_vertex *id, int *added,
                                        const grundy_limits *lim)
{
    int64_t found = grundy_loopy_names_find(g, text, len);
    size_t mask, i;
    *added = 0;
    if (found >= 0) {
        *id = (grundy_loopy_vertex)found;
        return GRUNDY_OK;
    }
    GRUNDY_RETURN_IF(*count >= GRUNDY_LOOPY_MAX_VERTICES, GRUNDY_ERR_LIMIT);
    if (2 * (*count + 1) > g->nslots)
        GRUNDY_TRY(rehash(g, *count, lim));
    GRUNDY_TRY(names_reserve(g, *count + 1, g->names_len + len + 1, lim));
    memcpy(g->names + g->names_len, text, len);
    g->names[g->names_len + len] = 0;
    g->name_off[*count] = g->names_len;
    g->names_len += len + 1;
    mask = g->nslots - 1;
    for (i = (size_t)hash_bytes(text, len) & mask; g->slots[i];
         i = (i + 1) & mask)
        ;
    g->slots[i] = (uint32_t)(*count + 1);
    *id = (grundy_loopy_vertex)*count;
    ++*count;
    *added = 1;
    return GRUNDY_OK;
}
