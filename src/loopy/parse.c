/*
 * parse.c -- graphs from text: edge lists (with or without an "n m"
 * header) and a subset of DOT, from a byte buffer, with LINE:COL on every
 * error.
 *
 * Edge lists are the format of large graphs (10^8 lines), so they are
 * read twice: the first pass checks the syntax, counts the edges and
 * finds the largest id, which fixes n and m; the memory estimate is then
 * checked, the two id arrays are allocated once at their exact size, and
 * the second pass fills them.  A growing array would briefly need twice
 * its size and copy everything on each doubling.  DOT files are small
 * and need a name table, so they are read once into growing arrays.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/grow.h"
#include "core/parse_error.h"
#include "core/progress.h"
#include "loopy/loopy_internal.h"

/* The largest id an edge list may use. */
#define MAX_ID (GRUNDY_LOOPY_MAX_VERTICES - 1)

typedef struct cursor {
    const unsigned char *p, *end, *line_start;
    unsigned long line;
} cursor;

static unsigned long col_of(const cursor *c, const unsigned char *at)
{
    return (unsigned long)(at - c->line_start) + 1;
}

/* Edge lists ***************************************************************/

typedef struct edge_pass {
    /* pass 1 results */
    uint64_t lines;    /* data lines, the first included */
    uint64_t first[2]; /* numbers of the first data line */
    unsigned long first_line, first_col[2];
    uint64_t max_rest; /* largest id after the first line */
    int any_rest;
    uint64_t ids_below; /* ids after the first line below first[0] */
    /* pass 2 */
    int skip_first; /* the first data line is a header */
    uint64_t n;     /* ids must be < n (pass 2) */
    int check_n;
    int guessed; /* the header was recognised, not asked for */
    grundy_loopy_vertex *src, *dst;
} edge_pass;

static int is_blank(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v';
}

/* One decimal; *at = its first byte.  Overflow beyond 2^64 is reported as
 * out of range. */
static grundy_status read_number(cursor *c, uint64_t *out,
                                 grundy_parse_error *where, const char *what)
{
    const unsigned char *s = c->p;
    uint64_t v = 0;
    int over = 0;
    if (s >= c->end || *s < '0' || *s > '9') {
        if (s < c->end && *s == '-')
            grundy_parse_error_set(where, c->line, col_of(c, s),
                                   "expected %s (a number from 0), got a "
                                   "negative number",
                                   what);
        else if (s >= c->end || *s == '\n' || *s == '#')
            grundy_parse_error_set(where, c->line, col_of(c, s),
                                   "expected two vertex ids 'u v'");
        else
            grundy_parse_error_set(where, c->line, col_of(c, s),
                                   "expected %s (a number from 0), got "
                                   "'%c'",
                                   what, *s >= 0x20 && *s < 0x7f ? *s : '?');
        return GRUNDY_ERR_PARSE;
    }
    while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
        unsigned d = (unsigned)(*c->p - '0');
        if (v > (UINT64_MAX - d) / 10)
            over = 1;
        else
            v = v * 10 + d;
        c->p++;
    }
    if (c->p < c->end && !is_blank(*c->p) && *c->p != '\n' && *c->p != '#') {
        grundy_parse_error_set(where, c->line, col_of(c, c->p),
                               "expected %s (a number from 0), got '%c'", what,
                               *c->p >= 0x20 && *c->p < 0x7f ? *c->p : '?');
        return GRUNDY_ERR_PARSE;
    }
    if (over) {
        grundy_parse_error_set(where, c->line, col_of(c, s),
                               "%s %.*s is too large", what,
                               (int)(c->p - s > 30 ? 30 : c->p - s), s);
        return GRUNDY_ERR_RANGE;
    }
    *out = v;
    return GRUNDY_OK;
}

static grundy_status id_range_error(grundy_parse_error *where,
                                    unsigned long line, unsigned long col,
                                    uint64_t id, const edge_pass *ep)
{
    if (ep->check_n && ep->guessed)
        grundy_parse_error_set(where, line, col,
                               "vertex id %llu out of range: line %lu reads "
                               "as a header of %llu vertices (--format edges "
                               "reads it as an edge)",
                               (unsigned long long)id, ep->first_line,
                               (unsigned long long)ep->n);
    else if (ep->check_n)
        grundy_parse_error_set(where, line, col,
                               "vertex id %llu out of range: the header "
                               "declares %llu vertices (ids 0 to %llu)",
                               (unsigned long long)id,
                               (unsigned long long)ep->n,
                               (unsigned long long)(ep->n - 1));
    else
        grundy_parse_error_set(where, line, col,
                               "vertex id %llu out of range (ids go up to "
                               "%llu)",
                               (unsigned long long)id,
                               (unsigned long long)MAX_ID);
    return GRUNDY_ERR_RANGE;
}

/* One pass over an edge list.  pass == 1: count and check syntax;
 * pass == 2: store (ids checked against n). */
static grundy_status edge_list_pass(const char *text, size_t len, int pass,
                                    edge_pass *ep, grundy_parse_error *where,
                                    const grundy_limits *lim)
{
    cursor c;
    uint64_t k = 0; /* edges stored (pass 2) */
    uint64_t data = 0;
    grundy_ticker t;
    /* Progress in bytes read, the two passes one after the other. */
    grundy_ticker_init(&t, lim, "loopy read", 2 * (uint64_t)len);
    c.p = (const unsigned char *)text;
    c.end = c.p + len;
    c.line_start = c.p;
    c.line = 1;
    while (c.p < c.end) {
        uint64_t u, v;
        const unsigned char *su, *sv;
        while (c.p < c.end && is_blank(*c.p))
            c.p++;
        if (c.p < c.end && *c.p == '#')
            while (c.p < c.end && *c.p != '\n')
                c.p++;
        if (c.p >= c.end)
            break;
        if (*c.p == '\n') {
            c.p++;
            c.line++;
            c.line_start = c.p;
            continue;
        }
        su = c.p;
        GRUNDY_TRY(read_number(&c, &u, where, "a vertex id"));
        while (c.p < c.end && is_blank(*c.p))
            c.p++;
        sv = c.p;
        GRUNDY_TRY(read_number(&c, &v, where, "a vertex id"));
        while (c.p < c.end && is_blank(*c.p))
            c.p++;
        if (c.p < c.end && *c.p != '\n' && *c.p != '#') {
            grundy_parse_error_set(where, c.line, col_of(&c, c.p),
                                   "expected the end of the line after "
                                   "'u v' (comments start with '#')");
            return GRUNDY_ERR_PARSE;
        }
        if (pass == 1) {
            if (data == 0) {
                ep->first[0] = u;
                ep->first[1] = v;
                ep->first_line = c.line;
                ep->first_col[0] = col_of(&c, su);
                ep->first_col[1] = col_of(&c, sv);
            } else {
                if (u > MAX_ID)
                    return id_range_error(where, c.line, col_of(&c, su), u, ep);
                if (v > MAX_ID)
                    return id_range_error(where, c.line, col_of(&c, sv), v, ep);
                if (!ep->any_rest || u > ep->max_rest)
                    ep->max_rest = u;
                if (v > ep->max_rest)
                    ep->max_rest = v;
                ep->ids_below += (u < ep->first[0]) + (v < ep->first[0]);
                ep->any_rest = 1;
            }
        } else if (!(data == 0 && ep->skip_first)) {
            uint64_t bound = ep->check_n ? ep->n : MAX_ID + 1;
            if (u >= bound)
                return id_range_error(where, c.line, col_of(&c, su), u, ep);
            if (v >= bound)
                return id_range_error(where, c.line, col_of(&c, sv), v, ep);
            ep->src[k] = (grundy_loopy_vertex)u;
            ep->dst[k] = (grundy_loopy_vertex)v;
            k++;
        }
        data++;
        GRUNDY_TRY(grundy_ticker_tick(
            &t, (uint64_t)(pass - 1) * len +
                    (uint64_t)(c.p - (const unsigned char *)text)));
    }
    if (pass == 1)
        ep->lines = data;
    return pass == 2 ? grundy_ticker_done(&t) : GRUNDY_OK;
}

static grundy_status parse_edge_list(grundy_loopy_graph *g, const char *text,
                                     size_t len, grundy_loopy_format format,
                                     grundy_parse_error *where,
                                     const grundy_limits *lim)
{
    edge_pass ep;
    uint64_t n, m;
    size_t bytes;
    grundy_status st;
    memset(&ep, 0, sizeof ep);
    GRUNDY_TRY(edge_list_pass(text, len, 1, &ep, where, lim));
    if (format == GRUNDY_LOOPY_FORMAT_HEADER) {
        if (ep.lines == 0) {
            grundy_parse_error_set(where, 1, 1,
                                   "missing the header line 'n m'");
            return GRUNDY_ERR_PARSE;
        }
        if (ep.first[1] != ep.lines - 1) {
            grundy_parse_error_set(where, ep.first_line, ep.first_col[1],
                                   "the header announces %llu edges but "
                                   "%llu follow",
                                   (unsigned long long)ep.first[1],
                                   (unsigned long long)(ep.lines - 1));
            return GRUNDY_ERR_PARSE;
        }
        ep.skip_first = 1;
    } else if (format == GRUNDY_LOOPY_FORMAT_AUTO) {
        /* A header when its edge count is the number of lines after it
         * and half or more of the 2m ids there are below its n: then an id
         * at n or above is a mistake to report, not a sign that the line
         * is an edge, since an edge list whose first edge "u v" has v
         * lines after it, mostly of ids below u, is rare.  "0 1 / 1 0" or
         * "1 2 / 2 3 / 3 1" stay edge lists. */
        ep.skip_first =
            ep.lines > 0 && ep.first[1] == ep.lines - 1 &&
            (!ep.any_rest || ep.max_rest < ep.first[0] ||
             (ep.first[0] > 0 && ep.ids_below >= ep.lines - 1));
        ep.guessed = ep.skip_first;
        /* A first line whose n bounds every id after it reads as a header
         * "n m"; with the wrong count m it is neither a header nor, surely,
         * an edge (read as one, a graph of 2 announced edges and 3 lines
         * would gain an edge n -> m): refused, as HEADER refuses it. */
        if (!ep.skip_first && ep.any_rest && ep.max_rest < ep.first[0] &&
            ep.first[1] != ep.lines - 1) {
            grundy_parse_error_set(where, ep.first_line, ep.first_col[1],
                                   "a header of %llu vertices and %llu "
                                   "edges, but %llu lines follow "
                                   "(--format edges reads it as an edge)",
                                   (unsigned long long)ep.first[0],
                                   (unsigned long long)ep.first[1],
                                   (unsigned long long)(ep.lines - 1));
            return GRUNDY_ERR_PARSE;
        }
    }
    if (ep.skip_first) {
        n = ep.first[0];
        m = ep.first[1];
        if (n > GRUNDY_LOOPY_MAX_VERTICES) {
            grundy_parse_error_set(
                where, ep.first_line, ep.first_col[0],
                "the header declares %llu vertices, "
                "more than %llu",
                (unsigned long long)n,
                (unsigned long long)GRUNDY_LOOPY_MAX_VERTICES);
            return GRUNDY_ERR_LIMIT;
        }
        ep.check_n = 1;
        ep.n = n;
    } else {
        uint64_t mx = ep.any_rest ? ep.max_rest : 0;
        if (ep.lines > 0) {
            ep.n = MAX_ID + 1;
            if (ep.first[0] > MAX_ID)
                return id_range_error(where, ep.first_line, ep.first_col[0],
                                      ep.first[0], &ep);
            if (ep.first[1] > MAX_ID)
                return id_range_error(where, ep.first_line, ep.first_col[1],
                                      ep.first[1], &ep);
            if (ep.first[0] > mx)
                mx = ep.first[0];
            if (ep.first[1] > mx)
                mx = ep.first[1];
        }
        n = ep.lines ? mx + 1 : 0;
        m = ep.lines;
    }
    if (grundy_loopy_estimate(&bytes, n, m) != GRUNDY_OK ||
        grundy_limits_mem_check(lim, bytes) != GRUNDY_OK) {
        grundy_parse_error_set(where, ep.lines ? ep.first_line : 1, 1, "%s",
                               "");
        grundy_loopy_limit_message(where, n, m);
        return GRUNDY_ERR_LIMIT;
    }
    GRUNDY_RETURN_IF(m > SIZE_MAX / sizeof(grundy_loopy_vertex),
                     GRUNDY_ERR_LIMIT);
    ep.src = malloc((m ? m : 1) * sizeof *ep.src);
    ep.dst = malloc((m ? m : 1) * sizeof *ep.dst);
    if (!ep.src || !ep.dst) {
        free(ep.src);
        free(ep.dst);
        return GRUNDY_ERR_NOMEM;
    }
    st = edge_list_pass(text, len, 2, &ep, where, lim);
    if (st == GRUNDY_OK)
        st =
            grundy_loopy_graph_build(g, n, &ep.src, &ep.dst, (size_t)m, 1, lim);
    free(ep.src);
    free(ep.dst);
    return st;
}

/* DOT **********************************************************************/

typedef enum tok_kind {
    T_EOF,
    T_ID,
    T_ARROW,
    T_UNDIR,
    T_LBRACE,
    T_RBRACE,
    T_LBRACK,
    T_RBRACK,
    T_SEMI,
    T_COMMA,
    T_EQ,
    T_COLON
} tok_kind;

typedef struct tok {
    tok_kind kind;
    const unsigned char *s; /* text of an ID (quotes excluded) */
    size_t len;
    int quoted; /* "..." or <...>: never a keyword */
    unsigned long line, col;
} tok;

typedef struct dot {
    cursor c;
    tok t; /* the current token */
    int have_peek;
    tok peek2;     /* one more token of look-ahead */
    cursor after2; /* the cursor after peek2 */
    grundy_loopy_graph *g;
    uint64_t n; /* names so far */
    grundy_loopy_vertex *src, *dst;
    size_t m, cap;
    grundy_loopy_vertex *set; /* vertices of the operands being read */
    size_t nset, setcap;
    int depth;   /* subgraph nesting */
    int arrows;  /* an edge operator was read */
    char *unesc; /* scratch for a quoted name */
    size_t unesc_cap;
    grundy_parse_error *where;
    const grundy_limits *lim;
} dot;

static grundy_status dot_error(dot *d, unsigned long line, unsigned long col,
                               const char *msg)
{
    grundy_parse_error_set(d->where, line, col, "%s", msg);
    return GRUNDY_ERR_PARSE;
}

static int id_char(unsigned char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch >= 0x80;
}

/* Step over one byte, counting the lines. */
static void advance(cursor *c)
{
    if (*c->p == '\n') {
        c->line++;
        c->line_start = c->p + 1;
    }
    c->p++;
}

/* Skip whitespace and comments; error on an unterminated block comment. */
static grundy_status skip_space(dot *d, cursor *c)
{
    for (;;) {
        while (c->p < c->end && (is_blank(*c->p) || *c->p == '\n'))
            advance(c);
        if (c->p >= c->end)
            return GRUNDY_OK;
        if (*c->p == '#' && c->p == c->line_start) {
            while (c->p < c->end && *c->p != '\n')
                c->p++;
        } else if (*c->p == '/' && c->p + 1 < c->end && c->p[1] == '/') {
            while (c->p < c->end && *c->p != '\n')
                c->p++;
        } else if (*c->p == '/' && c->p + 1 < c->end && c->p[1] == '*') {
            unsigned long l = c->line, col = col_of(c, c->p);
            c->p += 2;
            while (c->p + 1 < c->end && !(c->p[0] == '*' && c->p[1] == '/'))
                advance(c);
            if (c->p + 1 >= c->end)
                return dot_error(d, l, col, "unterminated comment");
            c->p += 2;
        } else {
            return GRUNDY_OK;
        }
    }
}

static grundy_status lex(dot *d, cursor *c, tok *t)
{
    static const char one[] = "{}[];,=:"; /* the tokens of one byte */
    static const tok_kind one_kind[] = {T_LBRACE, T_RBRACE, T_LBRACK,
                                        T_RBRACK, T_SEMI,   T_COMMA,
                                        T_EQ,     T_COLON};
    const unsigned char *s;
    const char *at;
    GRUNDY_TRY(skip_space(d, c));
    memset(t, 0, sizeof *t);
    t->line = c->line;
    t->col = col_of(c, c->p);
    if (c->p >= c->end) {
        t->kind = T_EOF;
        return GRUNDY_OK;
    }
    s = c->p;
    at = *s ? strchr(one, *s) : NULL;
    if (at) {
        t->kind = one_kind[at - one];
        c->p++;
        return GRUNDY_OK;
    }
    if (*s == '-' && s + 1 < c->end && (s[1] == '>' || s[1] == '-')) {
        t->kind = s[1] == '>' ? T_ARROW : T_UNDIR;
        c->p += 2;
        return GRUNDY_OK;
    }
    if (*s == '"') {
        c->p++;
        t->s = c->p;
        while (c->p < c->end && *c->p != '"') {
            if (*c->p == '\\' && c->p + 1 < c->end)
                c->p++;
            advance(c);
        }
        if (c->p >= c->end)
            return dot_error(d, t->line, t->col, "unterminated string");
        t->len = (size_t)(c->p - t->s);
        c->p++;
        t->kind = T_ID;
        t->quoted = 1;
        return GRUNDY_OK;
    }
    if (*s == '<') { /* an HTML string: balanced <...> */
        int depth = 0;
        t->s = s + 1;
        do {
            if (*c->p == '<')
                depth++;
            else if (*c->p == '>')
                depth--;
            advance(c);
        } while (depth > 0 && c->p < c->end);
        if (depth > 0)
            return dot_error(d, t->line, t->col, "unterminated <...> string");
        t->len = (size_t)(c->p - 1 - t->s);
        t->kind = T_ID;
        t->quoted = 1;
        return GRUNDY_OK;
    }
    if (id_char(*s) || (*s == '-' && s + 1 < c->end &&
                        ((s[1] >= '0' && s[1] <= '9') || s[1] == '.'))) {
        c->p++;
        while (c->p < c->end && id_char(*c->p))
            c->p++;
        t->s = s;
        t->len = (size_t)(c->p - s);
        t->kind = T_ID;
        return GRUNDY_OK;
    }
    grundy_parse_error_set(d->where, t->line, t->col,
                           "unexpected character '%c'",
                           *s >= 0x20 && *s < 0x7f ? *s : '?');
    return GRUNDY_ERR_PARSE;
}

static grundy_status next(dot *d)
{
    if (d->have_peek) {
        d->t = d->peek2;
        d->c = d->after2;
        d->have_peek = 0;
        return GRUNDY_OK;
    }
    return lex(d, &d->c, &d->t);
}

/* The token after the current one. */
static grundy_status peek(dot *d, const tok **out)
{
    if (!d->have_peek) {
        d->after2 = d->c;
        GRUNDY_TRY(lex(d, &d->after2, &d->peek2));
        d->have_peek = 1;
    }
    *out = &d->peek2;
    return GRUNDY_OK;
}

static int is_kw(const tok *t, const char *kw)
{
    size_t i, n = strlen(kw);
    if (t->kind != T_ID || t->quoted || t->len != n)
        return 0;
    for (i = 0; i < n; i++) {
        unsigned char ch = t->s[i];
        if (ch >= 'A' && ch <= 'Z')
            ch = (unsigned char)(ch + 32);
        if (ch != (unsigned char)kw[i])
            return 0;
    }
    return 1;
}

static grundy_status expect(dot *d, tok_kind k, const char *msg)
{
    if (d->t.kind != k)
        return dot_error(d, d->t.line, d->t.col, msg);
    return next(d);
}

static grundy_status set_push(dot *d, grundy_loopy_vertex v)
{
    GRUNDY_TRY(GRUNDY_GROW(d->set, d->setcap, d->nset + 1));
    d->set[d->nset++] = v;
    return GRUNDY_OK;
}

/* The vertex named by the current ID token (added if new); ports
 * ":port[:compass]" are skipped. */
static grundy_status node_id(dot *d, grundy_loopy_vertex *v)
{
    const char *name = (const char *)d->t.s;
    size_t len = d->t.len, i, k = 0;
    int added;
    grundy_status st;
    if (d->t.quoted && memchr(name, '\\', len)) {
        GRUNDY_TRY(GRUNDY_GROW(d->unesc, d->unesc_cap, len + 1));
        for (i = 0; i < len; i++) {
            if (name[i] == '\\' && i + 1 < len &&
                (name[i + 1] == '"' || name[i + 1] == '\\'))
                i++;
            d->unesc[k++] = name[i];
        }
        name = d->unesc;
        len = k;
    }
    if (memchr(name, 0, len))
        return dot_error(d, d->t.line, d->t.col,
                         "a vertex name holds a NUL byte");
    st = grundy_loopy_names_intern(d->g, &d->n, name, len, v, &added, d->lim);
    if (st == GRUNDY_ERR_LIMIT) {
        grundy_parse_error_set(d->where, d->t.line, d->t.col, "%s", "");
        grundy_loopy_limit_message(d->where, d->n, d->m);
        return st;
    }
    GRUNDY_TRY(st);
    GRUNDY_TRY(next(d));
    while (d->t.kind == T_COLON) {
        GRUNDY_TRY(next(d));
        if (d->t.kind != T_ID)
            return dot_error(d, d->t.line, d->t.col,
                             "expected a port name after ':'");
        GRUNDY_TRY(next(d));
    }
    return GRUNDY_OK;
}

static grundy_status skip_attrs(dot *d)
{
    while (d->t.kind == T_LBRACK) {
        unsigned long l = d->t.line, col = d->t.col;
        GRUNDY_TRY(next(d));
        while (d->t.kind != T_RBRACK) {
            if (d->t.kind == T_EOF)
                return dot_error(d, l, col, "unterminated attribute list");
            if (d->t.kind != T_ID && d->t.kind != T_EQ &&
                d->t.kind != T_COMMA && d->t.kind != T_SEMI)
                return dot_error(d, d->t.line, d->t.col,
                                 "unexpected symbol in an attribute list");
            GRUNDY_TRY(next(d));
        }
        GRUNDY_TRY(next(d));
    }
    return GRUNDY_OK;
}

static grundy_status add_edge(dot *d, grundy_loopy_vertex u,
                              grundy_loopy_vertex v)
{
    if (d->m == d->cap) {
        size_t nc = d->cap ? 2 * d->cap : 256, bytes;
        grundy_loopy_vertex *ns, *nd;
        if (grundy_loopy_estimate(&bytes, d->n, nc) != GRUNDY_OK ||
            grundy_limits_mem_check(d->lim, bytes) != GRUNDY_OK) {
            grundy_parse_error_set(d->where, d->t.line, d->t.col, "%s", "");
            grundy_loopy_limit_message(d->where, d->n, nc);
            return GRUNDY_ERR_LIMIT;
        }
        ns = realloc(d->src, nc * sizeof *ns);
        if (ns)
            d->src = ns;
        nd = ns ? realloc(d->dst, nc * sizeof *nd) : NULL;
        if (nd)
            d->dst = nd;
        GRUNDY_RETURN_IF(!ns || !nd, GRUNDY_ERR_NOMEM);
        d->cap = nc;
    }
    d->src[d->m] = u;
    d->dst[d->m] = v;
    d->m++;
    return GRUNDY_OK;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static grundy_status stmt_list(dot *d, tok_kind end);

/* The body of a digraph or subgraph, after its keyword: an optional
 * name, then "{ statements }"; the errors say open (no '{') or close (no
 * '}', at the place of the '{'). */
static grundy_status body(dot *d, const char *open, const char *close)
{
    unsigned long l, col;
    if (d->t.kind == T_ID)
        GRUNDY_TRY(next(d));
    l = d->t.line;
    col = d->t.col;
    GRUNDY_TRY(expect(d, T_LBRACE, open));
    GRUNDY_TRY(stmt_list(d, T_RBRACE));
    if (d->t.kind != T_RBRACE)
        return dot_error(d, l, col, close);
    return next(d);
}

/* An edge operand: a vertex or a subgraph; its vertices are appended to
 * d->set, from *from on. */
static grundy_status operand(dot *d, size_t *from)
{
    *from = d->nset;
    if (d->t.kind == T_LBRACE || is_kw(&d->t, "subgraph")) {
        grundy_status s;
        size_t i, k;
        if (is_kw(&d->t, "subgraph"))
            GRUNDY_TRY(next(d));
        d->depth++;
        s = body(d, "expected '{' to open the subgraph",
                 "unterminated subgraph: missing '}'");
        d->depth--;
        GRUNDY_TRY(s);
        /* Each vertex once, in order of ids. */
        if (d->nset - *from > 1)
            qsort(d->set + *from, d->nset - *from, sizeof *d->set, cmp_u32);
        for (i = *from, k = *from; i < d->nset; i++)
            if (k == *from || d->set[k - 1] != d->set[i])
                d->set[k++] = d->set[i];
        d->nset = k;
        return GRUNDY_OK;
    }
    if (d->t.kind == T_ID) {
        grundy_loopy_vertex v;
        GRUNDY_TRY(node_id(d, &v));
        return set_push(d, v);
    }
    return dot_error(d, d->t.line, d->t.col,
                     "expected a vertex or a '{...}' subgraph");
}

static grundy_status stmt(dot *d)
{
    size_t base = d->nset, lhs, rhs, mid, i, j;
    const tok *p;
    if ((is_kw(&d->t, "graph") || is_kw(&d->t, "node") ||
         is_kw(&d->t, "edge"))) {
        GRUNDY_TRY(peek(d, &p));
        if (p->kind == T_LBRACK) {
            GRUNDY_TRY(next(d));
            return skip_attrs(d);
        }
    }
    if (d->t.kind == T_ID && !is_kw(&d->t, "subgraph")) {
        GRUNDY_TRY(peek(d, &p));
        if (p->kind == T_EQ) { /* ID = ID */
            GRUNDY_TRY(next(d));
            GRUNDY_TRY(next(d));
            if (d->t.kind != T_ID)
                return dot_error(d, d->t.line, d->t.col,
                                 "expected a value after '='");
            return next(d);
        }
    }
    GRUNDY_TRY(operand(d, &lhs));
    mid = d->nset;
    while (d->t.kind == T_ARROW) {
        d->arrows = 1;
        GRUNDY_TRY(next(d));
        GRUNDY_TRY(operand(d, &rhs));
        for (i = lhs; i < mid; i++)
            for (j = rhs; j < d->nset; j++)
                GRUNDY_TRY(add_edge(d, d->set[i], d->set[j]));
        lhs = rhs;
        mid = d->nset;
    }
    if (d->t.kind == T_UNDIR)
        return dot_error(d, d->t.line, d->t.col,
                         "undirected edge '--': moves go one way, write "
                         "'->'");
    GRUNDY_TRY(skip_attrs(d));
    /* A subgraph collects every vertex its statements name; the top
     * level forgets them. */
    if (d->depth == 0)
        d->nset = base;
    return GRUNDY_OK;
}

static grundy_status stmt_list(dot *d, tok_kind end)
{
    while (d->t.kind != end) {
        if (d->t.kind == T_EOF)
            return GRUNDY_OK; /* the caller reports the missing '}' */
        if (d->t.kind == T_SEMI || d->t.kind == T_COMMA) {
            GRUNDY_TRY(next(d));
            continue;
        }
        GRUNDY_TRY(stmt(d));
    }
    return GRUNDY_OK;
}

static grundy_status dot_graph(dot *d)
{
    const tok *p;
    GRUNDY_TRY(next(d));
    if (is_kw(&d->t, "strict"))
        GRUNDY_TRY(next(d));
    if (is_kw(&d->t, "graph")) {
        GRUNDY_TRY(peek(d, &p));
        if (p->kind != T_LBRACK)
            return dot_error(d, d->t.line, d->t.col,
                             "an undirected graph is not a game: write "
                             "'digraph' and '->'");
    }
    if (is_kw(&d->t, "digraph")) {
        GRUNDY_TRY(next(d));
        GRUNDY_TRY(body(d, "expected '{' after 'digraph'",
                        "missing '}' to close this '{'"));
        if (d->t.kind != T_EOF)
            return dot_error(d, d->t.line, d->t.col,
                             "expected the end of the input after '}'");
        return GRUNDY_OK;
    }
    /* Bare statements, without "digraph { }": a graph only when they
     * hold an edge, so that a line of words is not read as vertices. */
    {
        unsigned long l = d->t.line, col = d->t.col;
        GRUNDY_TRY(stmt_list(d, T_EOF));
        if (d->n > 0 && !d->arrows)
            return dot_error(d, l, col,
                             "not a DOT graph: expected 'digraph {' or an "
                             "edge 'a -> b'");
    }
    return GRUNDY_OK;
}

static grundy_status parse_dot(grundy_loopy_graph *g, const char *text,
                               size_t len, grundy_parse_error *where,
                               const grundy_limits *lim)
{
    dot d;
    grundy_status st;
    size_t bytes;
    memset(&d, 0, sizeof d);
    d.c.p = (const unsigned char *)text;
    d.c.end = d.c.p + len;
    d.c.line_start = d.c.p;
    d.c.line = 1;
    d.g = g;
    d.where = where;
    d.lim = lim;
    st = dot_graph(&d);
    if (st == GRUNDY_OK &&
        (grundy_loopy_estimate(&bytes, d.n, d.m) != GRUNDY_OK ||
         grundy_limits_mem_check(lim, bytes) != GRUNDY_OK)) {
        grundy_parse_error_set(where, 1, 1, "%s", "");
        grundy_loopy_limit_message(where, d.n, d.m);
        st = GRUNDY_ERR_LIMIT;
    }
    if (st == GRUNDY_OK)
        st = grundy_loopy_graph_build(g, d.n, &d.src, &d.dst, d.m, 1, lim);
    if (st == GRUNDY_OK && !g->names) {
        /* An empty DOT graph still has (no) names. */
        g->names = malloc(1);
        if (!g->names)
            st = GRUNDY_ERR_NOMEM;
    }
    GRUNDY_FREE_ALL(d.src, d.dst, d.set, d.unesc);
    return st;
}

/* Entry points *************************************************************/

/* DOT when the text starts with [strict] [di]graph, or holds "->". */
static int looks_like_dot(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len) {
        while (i < len && (is_blank((unsigned char)text[i]) || text[i] == '\n'))
            i++;
        if (i < len &&
            (text[i] == '#' || (text[i] == '/' && i + 1 < len &&
                                (text[i + 1] == '/' || text[i + 1] == '*')))) {
            if (text[i] == '/' && text[i + 1] == '*') {
                const char *e = NULL;
                size_t j;
                for (j = i + 2; j + 1 < len; j++)
                    if (text[j] == '*' && text[j + 1] == '/') {
                        e = text + j + 2;
                        break;
                    }
                if (!e)
                    return 1;
                i = (size_t)(e - text);
            } else {
                while (i < len && text[i] != '\n')
                    i++;
            }
            continue;
        }
        break;
    }
    if ((len - i >= 6 && strncmp(text + i, "strict", 6) == 0) ||
        (len - i >= 7 && strncmp(text + i, "digraph", 7) == 0) ||
        (len - i >= 5 && strncmp(text + i, "graph", 5) == 0))
        return 1;
    for (; i + 1 < len; i++)
        if (text[i] == '-' && text[i + 1] == '>')
            return 1;
    return 0;
}

grundy_status grundy_loopy_graph_parse(grundy_loopy_graph **out,
                                       const char *text, size_t len,
                                       grundy_loopy_format format,
                                       grundy_parse_error *where,
                                       const grundy_limits *lim)
{
    grundy_loopy_graph *g;
    grundy_status st;
    grundy_parse_error_clear(where);
    GRUNDY_RETURN_IF(!out, GRUNDY_ERR_ARG);
    *out = NULL;
    GRUNDY_RETURN_IF(!text && len, GRUNDY_ERR_ARG);
    if (!text) /* the empty text: no arithmetic on a null pointer */
        text = "";
    GRUNDY_RETURN_IF((unsigned)format > GRUNDY_LOOPY_FORMAT_DOT,
                     GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_loopy_graph_alloc(&g));
    if (format == GRUNDY_LOOPY_FORMAT_DOT ||
        (format == GRUNDY_LOOPY_FORMAT_AUTO && looks_like_dot(text, len)))
        st = parse_dot(g, text, len, where, lim);
    else
        st = parse_edge_list(g, text, len, format, where, lim);
    if (st != GRUNDY_OK) {
        grundy_loopy_graph_free(g);
        return st;
    }
    *out = g;
    return GRUNDY_OK;
}
