/*
 * nodekayles.c -- node-kayles:GRAPH, a move removes a vertex and its
 * neighbours.
 *
 * A position is the set of vertices left (bit v for vertex v, at most 64
 * vertices); a move picks one and removes it with its neighbours, so the
 * game on a path is Dawson's chess (0.137) and on a graph without edges
 * it is Nim with heaps of 1.  The parts of a position are the connected
 * groups of the graph it induces.
 *
 * Graphs: path:N, cycle:N, grid:RxC, complete:N, petersen, and file:PATH
 * (an edge list, "u v" per line, at most 1 MiB); a graph read from a file
 * is written in its canonical spec as edges:N:u-v,u-v,... which parses
 * back to the same graph.  Paths and grids keep their geometry
 * (rules/grid.h): parts are grown with word shifts and keyed by shape up
 * to translation and the lattice's symmetries.  Other graphs key a part
 * by the graph it induces: its vertices are ordered by a breadth-first
 * search that starts from a vertex of least degree and visits neighbours
 * by degree then number, and the key records which of the b vertices
 * before each one it is joined to (b, the bandwidth of that order, at
 * most 7, and the whole in 95 bits).  Equal keys are isomorphic graphs
 * (the order is an isomorphism), so values can be shared; a part whose
 * record does not fit is keyed by its vertex set, which is always exact.
 * The order is a cheap invariant, not a canonical labelling: isomorphic
 * parts can get different keys, at a cost in table hits, never in
 * correctness.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/rules.h"
#include "grundy/io.h"
#include "rules/grid.h"
#include "rules/rules_internal.h"

enum { G_GRID, G_CYCLE, G_COMPLETE, G_PETERSEN, G_FILE };

typedef struct nk_state {
    int kind;
    unsigned n;           /* vertices 0 .. n-1 */
    uint64_t all;
    uint64_t adj[64];     /* neighbours */
    uint64_t closed[64];  /* neighbours and the vertex itself */
    grundy_grid grid;     /* G_GRID (paths are 1 x N grids) */
    char *spec;           /* canonical spec */
} nk_state;

/* Graphs ********************************************************************/

static void add_edge(nk_state *s, unsigned u, unsigned v)
{
    s->adj[u] |= 1ull << v;
    s->adj[v] |= 1ull << u;
}

static void finish(nk_state *s)
{
    unsigned v;
    s->all = s->n == 64 ? ~0ull : (1ull << s->n) - 1;
    for (v = 0; v < s->n; v++)
        s->closed[v] = s->adj[v] | (1ull << v);
}

static void make_grid(nk_state *s, unsigned r, unsigned c)
{
    unsigned v;
    s->kind = G_GRID;
    s->n = r * c;
    grundy_grid_init(&s->grid, r, c);
    for (v = 0; v < s->n; v++)
        s->adj[v] = grundy_grid_grow(&s->grid, 1ull << v) & ~(1ull << v);
}

static size_t digit_run(const char *s)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    return n;
}

/* "N" after "name:" at args + off, lo <= N <= 64. */
static grundy_status parse_count(unsigned *out, const char *args, size_t off,
                                 unsigned lo, const char *what,
                                 grundy_parse_error *where)
{
    size_t nd = digit_run(args + off);
    uint64_t x;
    grundy_status s;
    if (!nd) {
        grundy_parse_error_set(where, 1, off + 1,
                               "expected the number of vertices of the %s",
                               what);
        return GRUNDY_ERR_PARSE;
    }
    if (args[off + nd]) {
        grundy_parse_error_set(where, 1, off + nd + 1,
                               "unexpected '%c' after the number of vertices",
                               args[off + nd]);
        return GRUNDY_ERR_PARSE;
    }
    s = grundy_u64_parse(&x, args + off, nd, lo, GRUNDY_BOARD_MAX_CELLS,
                         where);
    if (s != GRUNDY_OK) {
        grundy_parse_error_set(where, 1, off + 1,
                               "a %s has %u to %d vertices", what, lo,
                               GRUNDY_BOARD_MAX_CELLS);
        return s;
    }
    *out = (unsigned)x;
    return GRUNDY_OK;
}

/* The largest edge list read: 64 vertices have at most 2016 edges, so
 * this leaves ample room for comments, and a device or a huge file named
 * by mistake is refused instead of read without end. */
#define NK_FILE_MAX ((size_t)1 << 20)

/* The whole of the file at path, NUL-terminated, in *text (free it);
 * refused past NK_FILE_MAX bytes or with a NUL byte in it. */
static grundy_status slurp(char **text, const char *path, const char *shown,
                           grundy_parse_error *where)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    size_t len, nul;
    *text = NULL;
    if (!f) {
        grundy_parse_error_set(where, 1, 1, "cannot read %s: %s", shown,
                               strerror(errno));
        return GRUNDY_ERR_IO;
    }
    buf = malloc(NK_FILE_MAX + 2);
    if (!buf) {
        fclose(f);
        return GRUNDY_ERR_NOMEM;
    }
    len = fread(buf, 1, NK_FILE_MAX + 1, f);
    if (ferror(f)) {
        grundy_parse_error_set(where, 1, 1, "cannot read %s", shown);
        fclose(f);
        free(buf);
        return GRUNDY_ERR_IO;
    }
    fclose(f);
    if (len > NK_FILE_MAX) {
        grundy_parse_error_set(where, 1, 1,
                               "%s: larger than an edge list can be (%zu "
                               "bytes at most)",
                               shown, NK_FILE_MAX);
        free(buf);
        return GRUNDY_ERR_RANGE;
    }
    buf[len] = '\0';
    nul = strlen(buf);
    if (nul < len) {
        size_t ln = 1, col = 1, i;
        for (i = 0; i < nul; i++, col++)
            if (buf[i] == '\n') {
                ln++;
                col = 0;
            }
        grundy_parse_error_set(where, 1, 1, "%s:%zu:%zu: a NUL byte", shown,
                               ln, col);
        free(buf);
        return GRUNDY_ERR_PARSE;
    }
    *text = buf;
    return GRUNDY_OK;
}

/* An edge list: "u v" per line (or "v" alone for a vertex without
 * edges), '#' to the end of a line is a comment. */
static grundy_status read_edges(nk_state *s, const char *path,
                                grundy_parse_error *where)
{
    char line[512], *text, *at;
    unsigned long ln = 0;
    unsigned maxv = 0;
    int any = 0;
    const char *shown = path;
    grundy_status st;
    if (strlen(shown) > 48)
        shown = shown + strlen(shown) - 48;
    st = slurp(&text, path, shown, where);
    if (st != GRUNDY_OK)
        return st;
    for (at = text; *at;) {
        size_t i = 0, len = strcspn(at, "\n");
        unsigned vs[2], nv = 0;
        ln++;
        if (len >= sizeof line - 1) {
            grundy_parse_error_set(where, 1, 1,
                                   "%s:%lu: line too long (%zu bytes at "
                                   "most)",
                                   shown, ln, sizeof line - 2);
            free(text);
            return GRUNDY_ERR_PARSE;
        }
        memcpy(line, at, len);
        line[len] = '\0';
        at += len + (at[len] == '\n');
        for (;;) {
            size_t nd;
            uint64_t x;
            while (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')
                i++;
            if (!line[i] || line[i] == '\n' || line[i] == '#')
                break;
            nd = digit_run(line + i);
            if (!nd) {
                grundy_parse_error_set(where, 1, 1,
                                       "%s:%lu:%zu: expected a vertex "
                                       "number",
                                       shown, ln, i + 1);
                free(text);
                return GRUNDY_ERR_PARSE;
            }
            if (nv == 2) {
                grundy_parse_error_set(where, 1, 1,
                                       "%s:%lu:%zu: expected the end of the "
                                       "line after 'u v'",
                                       shown, ln, i + 1);
                free(text);
                return GRUNDY_ERR_PARSE;
            }
            if (nd > 6 ||
                grundy_u64_parse(&x, line + i, nd, 0, 63, NULL) !=
                    GRUNDY_OK) {
                grundy_parse_error_set(where, 1, 1,
                                       "%s:%lu:%zu: vertex %.*s is out of "
                                       "range (at most 64 vertices, 0..63)",
                                       shown, ln, i + 1, (int)(nd > 12 ? 12 : nd),
                                       line + i);
                free(text);
                return GRUNDY_ERR_RANGE;
            }
            vs[nv++] = (unsigned)x;
            i += nd;
            if (line[i] && line[i] != ' ' && line[i] != '\t' &&
                line[i] != '\r' && line[i] != '\n' && line[i] != '#') {
                grundy_parse_error_set(where, 1, 1,
                                       "%s:%lu:%zu: unexpected '%c' in a "
                                       "vertex number",
                                       shown, ln, i + 1, line[i]);
                free(text);
                return GRUNDY_ERR_PARSE;
            }
        }
        if (nv == 2 && vs[0] == vs[1]) {
            grundy_parse_error_set(where, 1, 1,
                                   "%s:%lu: an edge from vertex %u to itself",
                                   shown, ln, vs[0]);
            free(text);
            return GRUNDY_ERR_PARSE;
        }
        if (nv == 2)
            add_edge(s, vs[0], vs[1]);
        if (nv) {
            any = 1;
            if (vs[0] > maxv)
                maxv = vs[0];
            if (nv == 2 && vs[1] > maxv)
                maxv = vs[1];
        }
    }
    free(text);
    if (!any) {
        grundy_parse_error_set(where, 1, 1, "%s: no vertices", shown);
        return GRUNDY_ERR_PARSE;
    }
    s->kind = G_FILE;
    s->n = maxv + 1;
    return GRUNDY_OK;
}

/* "edges:N:u-v,u-v,..." (the canonical spec of a graph read from a file)
 * at args: N vertices, each edge between two of them. */
static grundy_status parse_edge_list(nk_state *s, const char *args,
                                     grundy_parse_error *where)
{
    size_t off = 6, nd = digit_run(args + off);
    uint64_t x;
    if (!nd) {
        grundy_parse_error_set(where, 1, off + 1,
                               "expected the number of vertices");
        return GRUNDY_ERR_PARSE;
    }
    if (nd > 6 ||
        grundy_u64_parse(&x, args + off, nd, 1, GRUNDY_BOARD_MAX_CELLS,
                         NULL) != GRUNDY_OK) {
        grundy_parse_error_set(where, 1, off + 1,
                               "a graph has 1 to %d vertices",
                               GRUNDY_BOARD_MAX_CELLS);
        return GRUNDY_ERR_RANGE;
    }
    s->n = (unsigned)x;
    off += nd;
    if (args[off] != ':') {
        grundy_parse_error_set(where, 1, off + 1,
                               "expected ':' after the number of vertices");
        return GRUNDY_ERR_PARSE;
    }
    off++;
    while (args[off]) {
        unsigned uv[2];
        int k;
        for (k = 0; k < 2; k++) {
            nd = digit_run(args + off);
            if (!nd) {
                grundy_parse_error_set(where, 1, off + 1,
                                       "expected a vertex number");
                return GRUNDY_ERR_PARSE;
            }
            if (nd > 6 || grundy_u64_parse(&x, args + off, nd, 0, s->n - 1,
                                           NULL) != GRUNDY_OK) {
                grundy_parse_error_set(where, 1, off + 1,
                                       "vertex out of range (0..%u)",
                                       s->n - 1);
                return GRUNDY_ERR_RANGE;
            }
            uv[k] = (unsigned)x;
            off += nd;
            if (k == 0) {
                if (args[off] != '-') {
                    grundy_parse_error_set(where, 1, off + 1,
                                           "expected '-' in an edge u-v");
                    return GRUNDY_ERR_PARSE;
                }
                off++;
            }
        }
        if (uv[0] == uv[1]) {
            grundy_parse_error_set(where, 1, off + 1,
                                   "an edge from vertex %u to itself", uv[0]);
            return GRUNDY_ERR_PARSE;
        }
        add_edge(s, uv[0], uv[1]);
        if (args[off] == ',' && args[off + 1]) {
            off++;
        } else if (args[off]) {
            grundy_parse_error_set(where, 1, off + 1,
                                   "unexpected '%c' after an edge",
                                   args[off]);
            return GRUNDY_ERR_PARSE;
        }
    }
    s->kind = G_FILE;
    return GRUNDY_OK;
}

/* The canonical spec: the graph's own words, or for a file its edges. */
static grundy_status make_spec(nk_state *s, int path)
{
    size_t cap = 48, len;
    unsigned u, v;
    if (s->kind != G_FILE) {
        s->spec = malloc(cap);
        GRUNDY_RETURN_IF(!s->spec, GRUNDY_ERR_NOMEM);
        if (path)
            sprintf(s->spec, "node-kayles:path:%u", s->n);
        else if (s->kind == G_GRID)
            sprintf(s->spec, "node-kayles:grid:%ux%u", s->grid.rows,
                    s->grid.cols);
        else if (s->kind == G_CYCLE)
            sprintf(s->spec, "node-kayles:cycle:%u", s->n);
        else if (s->kind == G_COMPLETE)
            sprintf(s->spec, "node-kayles:complete:%u", s->n);
        else
            strcpy(s->spec, "node-kayles:petersen");
        return GRUNDY_OK;
    }
    for (u = 0; u < s->n; u++)
        cap += 8 * (size_t)__builtin_popcountll(s->adj[u]);
    s->spec = malloc(cap);
    GRUNDY_RETURN_IF(!s->spec, GRUNDY_ERR_NOMEM);
    len = (size_t)sprintf(s->spec, "node-kayles:edges:%u:", s->n);
    for (u = 0; u < s->n; u++)
        for (v = u + 1; v < s->n; v++)
            if ((s->adj[u] >> v) & 1)
                len += (size_t)sprintf(s->spec + len, "%s%u-%u",
                                       s->spec[len - 1] == ':' ? "" : ",", u,
                                       v);
    return GRUNDY_OK;
}

static grundy_status nk_parse(void **params, const char *args,
                              grundy_parse_error *where)
{
    nk_state *s;
    grundy_status st = GRUNDY_OK;
    unsigned v;
    *params = NULL;
    if (!args || !args[0]) {
        grundy_parse_error_set(where, 1, 1,
                               "expected a graph: path:N, cycle:N, grid:RxC, "
                               "complete:N, petersen or file:PATH");
        return GRUNDY_ERR_PARSE;
    }
    s = calloc(1, sizeof *s);
    GRUNDY_RETURN_IF(!s, GRUNDY_ERR_NOMEM);
    if (strncmp(args, "path:", 5) == 0) {
        st = parse_count(&v, args, 5, 1, "path", where);
        if (st == GRUNDY_OK)
            make_grid(s, 1, v);
    } else if (strncmp(args, "cycle:", 6) == 0) {
        st = parse_count(&v, args, 6, 3, "cycle", where);
        if (st == GRUNDY_OK) {
            unsigned i;
            s->kind = G_CYCLE;
            s->n = v;
            for (i = 0; i < v; i++)
                add_edge(s, i, (i + 1) % v);
        }
    } else if (strncmp(args, "complete:", 9) == 0) {
        st = parse_count(&v, args, 9, 1, "complete graph", where);
        if (st == GRUNDY_OK) {
            unsigned i, j;
            s->kind = G_COMPLETE;
            s->n = v;
            for (i = 0; i < v; i++)
                for (j = i + 1; j < v; j++)
                    add_edge(s, i, j);
        }
    } else if (strncmp(args, "grid:", 5) == 0) {
        unsigned r, c;
        size_t used;
        st = grundy_grid_parse_dims(&r, &c, &used, args + 5,
                                    GRUNDY_BOARD_MAX_CELLS,
                                    "node-kayles:grid", where);
        if (st != GRUNDY_OK) {
            if (where)
                where->col += 5;
        } else if (args[5 + used]) {
            grundy_parse_error_set(where, 1, 5 + used + 1,
                                   "unexpected '%c' after RxC",
                                   args[5 + used]);
            st = GRUNDY_ERR_PARSE;
        } else {
            make_grid(s, r, c);
        }
    } else if (strcmp(args, "petersen") == 0) {
        unsigned i;
        s->kind = G_PETERSEN;
        s->n = 10;
        for (i = 0; i < 5; i++) {
            add_edge(s, i, (i + 1) % 5);       /* the outer cycle */
            add_edge(s, i, i + 5);             /* the spokes */
            add_edge(s, i + 5, (i + 2) % 5 + 5); /* the inner star */
        }
    } else if (strncmp(args, "edges:", 6) == 0) {
        st = parse_edge_list(s, args, where);
    } else if (strncmp(args, "file:", 5) == 0) {
        if (!args[5]) {
            grundy_parse_error_set(where, 1, 6, "expected a file name");
            st = GRUNDY_ERR_PARSE;
        } else {
            st = read_edges(s, args + 5, where);
            if (st != GRUNDY_OK && where)
                where->col = 6;
        }
    } else {
        size_t nl = strcspn(args, ":");
        grundy_parse_error_set(where, 1, 1,
                               "unknown graph '%.*s' (path:N, cycle:N, "
                               "grid:RxC, complete:N, petersen, file:PATH)",
                               (int)(nl > 24 ? 24 : nl), args);
        st = GRUNDY_ERR_ARG;
    }
    if (st == GRUNDY_OK) {
        finish(s);
        st = make_spec(s, strncmp(args, "path:", 5) == 0);
    }
    if (st != GRUNDY_OK) {
        free(s->spec);
        free(s);
        return st;
    }
    *params = s;
    return GRUNDY_OK;
}

static void nk_free(void *params)
{
    nk_state *s = params;
    if (s)
        free(s->spec);
    free(s);
}

static grundy_pos nk_num_positions(const void *params)
{
    const nk_state *s = params;
    return s->n == 64 ? UINT64_MAX : (grundy_pos)1 << s->n;
}

/* Positions as text: grids as rows (grid.h), other graphs one 0/1 per
 * vertex, vertex 0 first. */
static grundy_status nk_pos_parse(const void *params, const char *text,
                                  size_t len, grundy_pos *out,
                                  grundy_parse_error *where)
{
    const nk_state *s = params;
    uint64_t p = 0;
    size_t i;
    if (s->kind == G_GRID)
        return grundy_grid_pos_parse(&s->grid, text, len, out, where);
    for (i = 0; i < len; i++) {
        if (text[i] != '0' && text[i] != '1') {
            grundy_parse_error_set(where, 1, i + 1,
                                   "expected '0' or '1' (one per vertex)");
            return GRUNDY_ERR_PARSE;
        }
        if (i == s->n) {
            grundy_parse_error_set(where, 1, i + 1,
                                   "more than %u vertices", s->n);
            return GRUNDY_ERR_PARSE;
        }
        if (text[i] == '1')
            p |= 1ull << i;
    }
    if (len != s->n) {
        grundy_parse_error_set(where, 1, len + 1,
                               "%zu vertices, expected %u", len, s->n);
        return GRUNDY_ERR_PARSE;
    }
    *out = p;
    return GRUNDY_OK;
}

static size_t nk_pos_format(const void *params, grundy_pos p, char *buf,
                            size_t cap)
{
    const nk_state *s = params;
    size_t i;
    if (s->kind == G_GRID)
        return grundy_grid_pos_format(&s->grid, p, buf, cap);
    for (i = 0; i < s->n && i + 1 < cap; i++)
        buf[i] = (char)('0' + ((p >> i) & 1));
    if (cap)
        buf[s->n < cap ? s->n : cap - 1] = 0;
    return s->n;
}

/* Moves *********************************************************************/

static size_t nk_max_moves(const void *params, grundy_pos p)
{
    (void)params;
    return grundy_pop64(p);
}

static size_t nk_children(const void *params, grundy_pos p, grundy_pos *out,
                          size_t cap)
{
    const nk_state *s = params;
    uint64_t x;
    size_t k = 0;
    for (x = p; x; x &= x - 1, k++)
        if (k < cap)
            out[k] = p & ~s->closed[__builtin_ctzll(x)];
    return k;
}

static size_t nk_moves(const void *params, grundy_pos p, grundy_move *out,
                       size_t cap)
{
    const nk_state *s = params;
    uint64_t x;
    size_t k = 0;
    for (x = p; x; x &= x - 1, k++)
        if (k < cap) {
            out[k].part[0] = p & ~s->closed[__builtin_ctzll(x)];
            out[k].nparts = 1;
        }
    return k;
}

/* Parts and keys ************************************************************/

static size_t nk_components(const void *params, grundy_pos p,
                            grundy_pos *out, size_t cap)
{
    const nk_state *s = params;
    uint64_t rest = p;
    size_t k = 0;
    if (s->kind == G_GRID)
        return grundy_grid_components(&s->grid, p, 1, out, cap);
    while (rest) {
        uint64_t part = rest & (~rest + 1), front = part;
        while (front) {
            uint64_t next = 0, x;
            for (x = front; x; x &= x - 1)
                next |= s->adj[__builtin_ctzll(x)];
            front = next & p & ~part;
            part |= front;
        }
        rest &= ~part;
        if (k < cap)
            out[k] = part;
        k++;
    }
    return k;
}

/* Vertices of p in breadth-first order (see the top of the file). */
static unsigned bfs_order(const nk_state *s, uint64_t p, unsigned *order)
{
    unsigned deg[64], k = 0, head;
    uint64_t left = p, x;
    for (x = p; x; x &= x - 1) {
        unsigned v = (unsigned)__builtin_ctzll(x);
        deg[v] = grundy_pop64(s->adj[v] & p);
    }
    while (left) {
        unsigned best = (unsigned)__builtin_ctzll(left);
        for (x = left & (left - 1); x; x &= x - 1) {
            unsigned v = (unsigned)__builtin_ctzll(x);
            if (deg[v] < deg[best])
                best = v;
        }
        order[k++] = best;
        left &= ~(1ull << best);
        for (head = k - 1; head < k; head++) {
            uint64_t nb = s->adj[order[head]] & left;
            unsigned first = k, i;
            left &= ~nb;
            for (; nb; nb &= nb - 1) {
                /* insert by (degree, number) */
                unsigned v = (unsigned)__builtin_ctzll(nb);
                for (i = k; i > first && deg[order[i - 1]] > deg[v]; i--)
                    order[i] = order[i - 1];
                order[i] = v;
                k++;
            }
        }
    }
    return k;
}

static void graph_key(const nk_state *s, uint64_t p, uint64_t key[2])
{
    unsigned order[64], pos[64], k, i, b = 0, d;
    uint64_t lo = 0, hi = 0;
    unsigned nbits = 0;
    key[0] = p;
    key[1] = 0;
    if (!p)
        return;
    k = bfs_order(s, p, order);
    for (i = 0; i < k; i++)
        pos[order[i]] = i;
    for (i = 0; i < k; i++) {
        uint64_t nb = s->adj[order[i]] & p;
        for (; nb; nb &= nb - 1) {
            unsigned j = pos[__builtin_ctzll(nb)];
            if (j < i && i - j > b)
                b = i - j;
        }
    }
    if (b > 7 || 10 + (k - 1) * b > 95)
        return; /* the vertex set itself */
#define PUT(bit)                                                              \
    do {                                                                      \
        if ((bit) && nbits < 64)                                              \
            lo |= 1ull << nbits;                                              \
        else if (bit)                                                         \
            hi |= 1ull << (nbits - 64);                                       \
        nbits++;                                                              \
    } while (0)
    for (i = 0; i < 7; i++)
        PUT(((k - 1) >> i) & 1);
    for (i = 0; i < 3; i++)
        PUT((b >> i) & 1);
    for (i = 1; i < k; i++)
        for (d = 1; d <= b; d++)
            PUT(d <= i && ((s->adj[order[i]] >> order[i - d]) & 1));
#undef PUT
    key[0] = lo;
    key[1] = hi | (1ull << 31);
}

static void nk_key(const void *params, grundy_pos p, uint64_t key[2])
{
    const nk_state *s = params;
    if (s->kind == G_GRID) {
        key[0] = grundy_grid_key(&s->grid, p);
        key[1] = 0;
        return;
    }
    graph_key(s, p, key);
}

/* Symmetries for tier tabulation: the grid's; for cycles the rotations
 * (and the reflections while the orbit hook's 64 images hold them); the
 * rotations of a complete graph; the ten of the Petersen graph drawn as
 * a pentagon and a pentagram. */
static uint64_t rotate(const nk_state *s, uint64_t p, unsigned k)
{
    return k ? ((p << k) | (p >> (s->n - k))) & s->all : p;
}

static uint64_t petersen_map(uint64_t p, unsigned rot, int refl)
{
    uint64_t y = 0;
    unsigned v;
    for (v = 0; v < 10; v++)
        if ((p >> v) & 1) {
            unsigned i = v % 5, ring = v / 5;
            if (refl)
                i = (5 - i) % 5;
            i = (i + rot) % 5;
            y |= 1ull << (ring * 5 + i);
        }
    return y;
}

static size_t nk_orbit(const void *params, grundy_pos p, grundy_pos *out,
                       size_t cap)
{
    const nk_state *s = params;
    size_t k = 0;
    unsigned r;
    switch (s->kind) {
    case G_GRID:
        return grundy_grid_orbit(&s->grid, p, out, cap);
    case G_CYCLE:
    case G_COMPLETE: {
        int refl = s->kind == G_CYCLE && 2 * s->n - 1 <= GRUNDY_MAX_ORBIT;
        uint64_t m = refl ? grundy_rev64(p) >> (64 - s->n) : 0;
        for (r = 0; r < s->n && k < cap; r++) {
            if (r) {
                out[k] = rotate(s, p, r);
                if (out[k++] < p)
                    return k;
            }
            if (refl && k < cap) {
                out[k] = rotate(s, m, r);
                if (out[k++] < p)
                    return k;
            }
        }
        return k;
    }
    case G_PETERSEN:
        for (r = 0; r < 10 && k < cap; r++) {
            if (r == 0)
                continue;
            out[k] = petersen_map(p, r % 5, r >= 5);
            if (out[k++] < p)
                return k;
        }
        return k;
    default:
        return 0;
    }
}

static grundy_pos nk_start(const void *params)
{
    return ((const nk_state *)params)->all;
}

static size_t nk_spec(const void *params, char *buf, size_t cap)
{
    const nk_state *s = params;
    size_t n = strlen(s->spec);
    if (cap) {
        size_t k = n < cap ? n : cap - 1;
        memcpy(buf, s->spec, k);
        buf[k] = 0;
    }
    return n;
}

/* Paths and grids as grids of cells; the Petersen graph as a pentagon
 * around a star; other graphs with their vertices on a circle, vertex 0
 * at the top and the others clockwise. */
static grundy_status nk_geometry(const void *params, grundy_pos p,
                                 grundy_board_geometry *out)
{
    const nk_state *s = params;
    const double pi = 3.14159265358979323846;
    unsigned v;
    out->mark = GRUNDY_BOARD_MARK_VERTEX;
    out->taken = "a vertex taken";
    if (s->kind == G_GRID) {
        grundy_grid_geometry(&s->grid, p, out);
        for (v = 0; v < s->n; v++)
            out->adj[v] = s->adj[v];
        return GRUNDY_OK;
    }
    out->ncells = s->n;
    out->cells = p & s->all;
    for (v = 0; v < s->n; v++) {
        double r = 0.45 * (double)s->n / pi + 1, a;
        unsigned k = v, m = s->n;
        if (s->kind == G_PETERSEN) {
            r = v < 5 ? 2.0 : 1.0;
            k = v % 5;
            m = 5;
        }
        if (r < 1.5 && s->kind != G_PETERSEN)
            r = 1.5;
        a = 2 * pi * (double)k / (double)m;
        out->x[v] = r * sin(a);
        out->y[v] = -r * cos(a);
        out->adj[v] = s->adj[v];
    }
    return GRUNDY_OK;
}

const grundy_rules grundy_rules_node_kayles = {
    .name = "node-kayles",
    .synopsis = "node-kayles:GRAPH  remove a vertex and its neighbours "
                "(<= 64 vertices); GRAPH:\n"
                "                     path:N cycle:N grid:RxC complete:N "
                "petersen file:PATH",
    .flags = GRUNDY_RULES_BOARD | GRUNDY_RULES_SUBSETS,
    .parse = nk_parse,
    .free_params = nk_free,
    .num_positions = nk_num_positions,
    .pos_parse = nk_pos_parse,
    .pos_format = nk_pos_format,
    .max_moves = nk_max_moves,
    .moves = nk_moves,
    .spec_format = nk_spec,
    .children = nk_children,
    .orbit = nk_orbit,
    .start = nk_start,
    .components = nk_components,
    .key = nk_key,
    .geometry = nk_geometry,
};
