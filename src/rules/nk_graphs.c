/*
 * nk_graphs.c -- the graphs of node-kayles:GRAPH (nk_internal.h): path:N,
 * cycle:N, grid:RxC, complete:N, petersen, queens:N (the n x n queens
 * graph: two cells joined when a queen on one attacks the other),
 * gpetersen:N,K (the generalized Petersen graph P(N, K)), and file:PATH
 * (an edge list, "u v" per line, at most 1 MiB).  A graph read from a
 * file is written in its canonical spec as edges:N:u-v,u-v,... which
 * parses back to the same graph.  Every graph has at most 256 vertices.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/io.h"
#include "rules/nk_internal.h"
#include "rules/rules_internal.h"

#define NK_GRAPHS                                                             \
    "path:N, cycle:N, grid:RxC, complete:N, petersen, queens:N, "            \
    "gpetersen:N,K or file:PATH"

/* Graphs ********************************************************************/

static void add_edge(nk_state *s, unsigned u, unsigned v)
{
    grundy_cells_set(s->wadj[u], v);
    grundy_cells_set(s->wadj[v], u);
}

/* The word masks of a graph of n vertices, from its edges. */
static void finish(nk_state *s)
{
    unsigned v;
    grundy_cells_zero(s->wall, GRUNDY_CELLS_MAX_WORDS);
    for (v = 0; v < s->n; v++) {
        grundy_cells_set(s->wall, v);
        grundy_cells_copy(s->wclosed[v], s->wadj[v], GRUNDY_CELLS_MAX_WORDS);
        grundy_cells_set(s->wclosed[v], v);
    }
    s->words = s->n <= 64 ? 1 : s->n <= 128 ? 2 : 4;
    if (s->n <= 64) {
        s->all = s->wall[0];
        for (v = 0; v < s->n; v++) {
            s->adj[v] = s->wadj[v][0];
            s->closed[v] = s->wclosed[v][0];
        }
    }
}

/* The R x C board the grid and queens graphs lie on. */
static void board_init(nk_state *s, unsigned r, unsigned c)
{
    s->n = r * c;
    grundy_wgrid_init(&s->wg, r, c);
    if (s->n <= 64)
        grundy_grid_init(&s->grid, r, c);
}

static void make_grid(nk_state *s, unsigned r, unsigned c)
{
    unsigned i, j;
    s->kind = NK_GRID;
    board_init(s, r, c);
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++) {
            if (j + 1 < c)
                add_edge(s, i * c + j, i * c + j + 1);
            if (i + 1 < r)
                add_edge(s, i * c + j, (i + 1) * c + j);
        }
}

/* n x n cells, two joined when a queen on one attacks the other (same
 * row, column or diagonal). */
static void make_queens(nk_state *s, unsigned n)
{
    unsigned a, b;
    s->kind = NK_QUEENS;
    board_init(s, n, n);
    for (a = 0; a < n * n; a++)
        for (b = a + 1; b < n * n; b++) {
            int ra = (int)(a / n), ca = (int)(a % n), rb = (int)(b / n),
                cb = (int)(b % n);
            if (ra == rb || ca == cb || ra - ca == rb - cb ||
                ra + ca == rb + cb)
                add_edge(s, a, b);
        }
}

/* The generalized Petersen graph P(n, k): the outer cycle 0 .. n-1, the
 * spokes i -- n+i, and the inner vertices n+i -- n+(i+k mod n). */
static void make_gpetersen(nk_state *s, unsigned n, unsigned k)
{
    unsigned i;
    s->kind = NK_GPETERSEN;
    s->n = 2 * n;
    s->gp_k = k;
    for (i = 0; i < n; i++) {
        add_edge(s, i, (i + 1) % n);
        add_edge(s, i, n + i);
        add_edge(s, n + i, n + (i + k) % n);
    }
}

static size_t digit_run(const char *s)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    return n;
}

/* "N" after "name:" at args + off, lo <= N <= hi. */
static grundy_status parse_count(unsigned *out, const char *args, size_t off,
                                 unsigned lo, unsigned hi, const char *what,
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
    s = grundy_u64_parse(&x, args + off, nd, lo, hi, where);
    if (s != GRUNDY_OK) {
        grundy_parse_error_set(where, 1, off + 1, "a %s has %u to %u %s",
                               what, lo, hi,
                               strcmp(what, "queens graph") == 0
                                   ? "rows (N x N cells, at most 256)"
                                   : "vertices");
        return s;
    }
    *out = (unsigned)x;
    return GRUNDY_OK;
}

/* The largest edge list read: 256 vertices have at most 32640 edges, a
 * few hundred KiB, so this leaves room for comments, and a device or a
 * huge file named by mistake is refused instead of read without end. */
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

/* An error at line ln of an edge file: "FILE:LINE: msg", or with col > 0
 * "FILE:LINE:COL: msg"; returns st. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 6, 7)))
#endif
static grundy_status
line_error(grundy_parse_error *where, grundy_status st, const char *shown,
           unsigned long ln, size_t col, const char *fmt, ...)
{
    char msg[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (col)
        grundy_parse_error_set(where, 1, 1, "%s:%lu:%zu: %s", shown, ln, col,
                               msg);
    else
        grundy_parse_error_set(where, 1, 1, "%s:%lu: %s", shown, ln, msg);
    return st;
}

/* The vertices of line ln of an edge list into vs[0..*nv): none (a blank
 * line or a comment), "v" or "u v" with u != v. */
static grundy_status edge_line(unsigned vs[2], unsigned *nv, const char *line,
                               const char *shown, unsigned long ln,
                               grundy_parse_error *where)
{
    size_t i = 0;
    *nv = 0;
    for (;;) {
        size_t nd;
        uint64_t x;
        while (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')
            i++;
        if (!line[i] || line[i] == '\n' || line[i] == '#')
            break;
        nd = digit_run(line + i);
        if (!nd)
            return line_error(where, GRUNDY_ERR_PARSE, shown, ln, i + 1,
                              "expected a vertex number");
        if (*nv == 2)
            return line_error(where, GRUNDY_ERR_PARSE, shown, ln, i + 1,
                              "expected the end of the line after 'u v'");
        if (nd > 6 || grundy_u64_parse(&x, line + i, nd, 0,
                                       GRUNDY_BOARD_MAX_CELLS - 1,
                                       NULL) != GRUNDY_OK)
            return line_error(where, GRUNDY_ERR_RANGE, shown, ln, i + 1,
                              "vertex %.*s is out of range (at most 256 "
                              "vertices, 0..255)",
                              (int)(nd > 12 ? 12 : nd), line + i);
        vs[(*nv)++] = (unsigned)x;
        i += nd;
        if (line[i] && line[i] != ' ' && line[i] != '\t' &&
            line[i] != '\r' && line[i] != '\n' && line[i] != '#')
            return line_error(where, GRUNDY_ERR_PARSE, shown, ln, i + 1,
                              "unexpected '%c' in a vertex number", line[i]);
    }
    if (*nv == 2 && vs[0] == vs[1])
        return line_error(where, GRUNDY_ERR_PARSE, shown, ln, 0,
                          "an edge from vertex %u to itself", vs[0]);
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
    for (at = text; *at && st == GRUNDY_OK;) {
        size_t len = strcspn(at, "\n");
        unsigned vs[2], nv;
        ln++;
        if (len >= sizeof line - 1) {
            st = line_error(where, GRUNDY_ERR_PARSE, shown, ln, 0,
                            "line too long (%zu bytes at most)",
                            sizeof line - 2);
            break;
        }
        memcpy(line, at, len);
        line[len] = '\0';
        at += len + (at[len] == '\n');
        st = edge_line(vs, &nv, line, shown, ln, where);
        if (st == GRUNDY_OK && nv == 2)
            add_edge(s, vs[0], vs[1]);
        if (st == GRUNDY_OK && nv) {
            any = 1;
            if (vs[0] > maxv)
                maxv = vs[0];
            if (nv == 2 && vs[1] > maxv)
                maxv = vs[1];
        }
    }
    free(text);
    if (st != GRUNDY_OK)
        return st;
    if (!any) {
        grundy_parse_error_set(where, 1, 1, "%s: no vertices", shown);
        return GRUNDY_ERR_PARSE;
    }
    s->kind = NK_FILE;
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
    s->kind = NK_FILE;
    return GRUNDY_OK;
}

/* The canonical spec: the graph's own words, or for a file its edges. */
static grundy_status make_spec(nk_state *s)
{
    size_t cap = 64, len;
    unsigned u, v;
    if (s->kind != NK_FILE) {
        s->spec = malloc(cap);
        GRUNDY_RETURN_IF(!s->spec, GRUNDY_ERR_NOMEM);
        if (s->path)
            sprintf(s->spec, "node-kayles:path:%u", s->n);
        else if (s->kind == NK_GRID)
            sprintf(s->spec, "node-kayles:grid:%ux%u", s->wg.rows,
                    s->wg.cols);
        else if (s->kind == NK_CYCLE)
            sprintf(s->spec, "node-kayles:cycle:%u", s->n);
        else if (s->kind == NK_COMPLETE)
            sprintf(s->spec, "node-kayles:complete:%u", s->n);
        else if (s->kind == NK_QUEENS)
            sprintf(s->spec, "node-kayles:queens:%u", s->wg.rows);
        else if (s->kind == NK_GPETERSEN)
            sprintf(s->spec, "node-kayles:gpetersen:%u,%u", s->n / 2,
                    s->gp_k);
        else
            strcpy(s->spec, "node-kayles:petersen");
        return GRUNDY_OK;
    }
    for (u = 0; u < s->n; u++)
        cap += 8 * (size_t)grundy_cells_pop(s->wadj[u], GRUNDY_CELLS_MAX_WORDS);
    s->spec = malloc(cap);
    GRUNDY_RETURN_IF(!s->spec, GRUNDY_ERR_NOMEM);
    len = (size_t)sprintf(s->spec, "node-kayles:edges:%u:", s->n);
    for (u = 0; u < s->n; u++)
        for (v = u + 1; v < s->n; v++)
            if (grundy_cells_has(s->wadj[u], v))
                len += (size_t)sprintf(s->spec + len, "%s%u-%u",
                                       s->spec[len - 1] == ':' ? "" : ",", u,
                                       v);
    return GRUNDY_OK;
}

/* "N,K" of gpetersen:N,K at args + off: 3 <= N <= 128, 1 <= K < N/2. */
static grundy_status parse_gpetersen(nk_state *s, const char *args,
                                     size_t off, grundy_parse_error *where)
{
    size_t nd = digit_run(args + off), kd;
    uint64_t n, k;
    if (!nd || args[off + nd] != ',') {
        grundy_parse_error_set(where, 1, off + nd + 1,
                               nd ? "expected ',' and K after N "
                                    "(gpetersen:N,K)"
                                  : "expected N (gpetersen:N,K)");
        return GRUNDY_ERR_PARSE;
    }
    kd = digit_run(args + off + nd + 1);
    if (!kd || args[off + nd + 1 + kd]) {
        grundy_parse_error_set(where, 1, off + nd + 1 + kd + 1,
                               kd ? "unexpected '%c' after K"
                                  : "expected K (gpetersen:N,K)",
                               args[off + nd + 1 + kd]);
        return GRUNDY_ERR_PARSE;
    }
    if (nd > 6 || grundy_u64_parse(&n, args + off, nd, 3,
                                   GRUNDY_BOARD_MAX_CELLS / 2,
                                   NULL) != GRUNDY_OK) {
        grundy_parse_error_set(where, 1, off + 1,
                               "P(N,K) has 3 <= N <= %d (2N vertices, at "
                               "most %d)",
                               GRUNDY_BOARD_MAX_CELLS / 2,
                               GRUNDY_BOARD_MAX_CELLS);
        return GRUNDY_ERR_RANGE;
    }
    if (kd > 6 || grundy_u64_parse(&k, args + off + nd + 1, kd, 1,
                                   (n - 1) / 2, NULL) != GRUNDY_OK) {
        grundy_parse_error_set(where, 1, off + nd + 2,
                               "P(%llu,K) has 1 <= K <= %llu",
                               (unsigned long long)n,
                               (unsigned long long)(n - 1) / 2);
        return GRUNDY_ERR_RANGE;
    }
    make_gpetersen(s, (unsigned)n, (unsigned)k);
    return GRUNDY_OK;
}

grundy_status grundy_nk_parse_graph(nk_state *s, const char *args,
                                    grundy_parse_error *where)
{
    grundy_status st = GRUNDY_OK;
    unsigned v;
    if (!args || !args[0]) {
        grundy_parse_error_set(where, 1, 1,
                               "expected a graph: " NK_GRAPHS);
        return GRUNDY_ERR_PARSE;
    }
    if (strncmp(args, "path:", 5) == 0) {
        st = parse_count(&v, args, 5, 1, GRUNDY_BOARD_MAX_CELLS, "path",
                         where);
        if (st == GRUNDY_OK) {
            make_grid(s, 1, v);
            s->path = 1;
        }
    } else if (strncmp(args, "cycle:", 6) == 0) {
        st = parse_count(&v, args, 6, 3, GRUNDY_BOARD_MAX_CELLS, "cycle",
                         where);
        if (st == GRUNDY_OK) {
            unsigned i;
            s->kind = NK_CYCLE;
            s->n = v;
            for (i = 0; i < v; i++)
                add_edge(s, i, (i + 1) % v);
        }
    } else if (strncmp(args, "complete:", 9) == 0) {
        st = parse_count(&v, args, 9, 1, GRUNDY_BOARD_MAX_CELLS,
                         "complete graph", where);
        if (st == GRUNDY_OK) {
            unsigned i, j;
            s->kind = NK_COMPLETE;
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
        } else {
            st = grundy_grid_dims_end(args, 5 + used, NULL, where);
            if (st == GRUNDY_OK)
                make_grid(s, r, c);
        }
    } else if (strcmp(args, "petersen") == 0) {
        unsigned i;
        s->kind = NK_PETERSEN;
        s->n = 10;
        for (i = 0; i < 5; i++) {
            add_edge(s, i, (i + 1) % 5);       /* the outer cycle */
            add_edge(s, i, i + 5);             /* the spokes */
            add_edge(s, i + 5, (i + 2) % 5 + 5); /* the inner star */
        }
    } else if (strncmp(args, "queens:", 7) == 0) {
        st = parse_count(&v, args, 7, 1, 16, "queens graph", where);
        if (st == GRUNDY_OK)
            make_queens(s, v);
    } else if (strncmp(args, "gpetersen:", 10) == 0) {
        st = parse_gpetersen(s, args, 10, where);
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
                               "unknown graph '%.*s' (" NK_GRAPHS ")",
                               (int)(nl > 24 ? 24 : nl), args);
        st = GRUNDY_ERR_ARG;
    }
    if (st == GRUNDY_OK) {
        finish(s);
        st = make_spec(s);
    }
    return st;
}

