/*
 * nodekayles.c -- node-kayles:GRAPH, a move removes a vertex and its
 * neighbours.
 *
 * A position is the set of vertices left (bit v for vertex v); a move
 * picks one and removes it with its neighbours, so the game on a path is
 * Dawson's chess (0.137) and on a graph without edges it is Nim with
 * heaps of 1.  The parts of a position are the connected groups of the
 * graph it induces.  The graphs, up to 256 vertices, are read in
 * nk_graphs.c.
 *
 * Paths and grids keep their geometry (rules/grid.h): parts are grown
 * with word shifts and keyed by shape up to translation and the
 * lattice's symmetries, and a part that is its own image under the half
 * turn, without both central vertices (or the central one), is left out:
 * 0 by the mirror strategy (grundy_grid_mirrored()); the queens graph's
 * parts are keyed by shape too
 * (its edges follow the lines of the lattice, which translations, turns
 * and flips keep).  Other graphs key a part by the graph it induces: its
 * vertices are ordered by a breadth-first search that starts from a
 * vertex of least degree and visits neighbours by degree then number,
 * and the key records which of the b vertices before each one it is
 * joined to (b, the bandwidth of that order, at most 7).  Equal keys are
 * isomorphic graphs (the order is an isomorphism), so values can be
 * shared; a part whose record does not fit the key is keyed by its
 * vertex set, which is always exact.  The order is a cheap invariant,
 * not a canonical labelling: isomorphic parts can get different keys, at
 * a cost in table hits, never in correctness.
 *
 * Graphs of more than 64 vertices are searched on sets of 2 or 4 words
 * (grundy_board_wide), positions named by handles (rules/cellpool.h);
 * the wide hooks serve smaller graphs too, for the tests.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/rules.h"
#include "rules/nk_internal.h"
#include "rules/rules_internal.h"

static void nk_free(void *params)
{
    nk_state *s = params;
    if (!s)
        return;
    if (s->pool) {
        grundy_cellpool_clear(s->pool);
        free(s->pool);
    }
    free(s->spec);
    free(s);
}

static grundy_status nk_parse(void **params, const char *args,
                              grundy_parse_error *where)
{
    nk_state *s = calloc(1, sizeof *s);
    grundy_status st;
    *params = NULL;
    GRUNDY_RETURN_IF(!s, GRUNDY_ERR_NOMEM);
    st = grundy_nk_parse_graph(s, args, where);
    if (st == GRUNDY_OK && s->words > 1) {
        s->pool = malloc(sizeof *s->pool);
        if (!s->pool) {
            st = GRUNDY_ERR_NOMEM;
        } else {
            grundy_cellpool_init(s->pool, s->words);
            st = grundy_cellpool_put(s->pool, s->wall, &s->start);
        }
    } else {
        s->start = s->all;
    }
    if (st != GRUNDY_OK) {
        nk_free(s);
        return st;
    }
    *params = s;
    return GRUNDY_OK;
}

static grundy_pos nk_num_positions(const void *params)
{
    const nk_state *s = params;
    return s->n >= 64 ? UINT64_MAX : (grundy_pos)1 << s->n;
}

static int on_board(const nk_state *s)
{
    return s->kind == NK_GRID || s->kind == NK_QUEENS;
}

/* Positions past 64 vertices: handles **************************************/

static int nk_cells(const void *params, grundy_pos p, uint64_t *out,
                    unsigned words)
{
    const nk_state *s = params;
    return grundy_cellpool_cells(s->pool, s->words, s->all, p, out, words);
}

/* Positions as text: grids as rows (grid.h), other graphs one 0/1 per
 * vertex, vertex 0 first. */
static grundy_status nk_pos_parse(const void *params, const char *text,
                                  size_t len, grundy_pos *out,
                                  grundy_parse_error *where)
{
    const nk_state *s = params;
    uint64_t x[GRUNDY_CELLS_MAX_WORDS] = {0};
    size_t i;
    if (on_board(s)) {
        GRUNDY_TRY(grundy_wgrid_pos_parse(&s->wg, text, len, x,
                                          GRUNDY_CELLS_MAX_WORDS, where));
    } else {
        for (i = 0; i < len; i++) {
            if (text[i] != '0' && text[i] != '1') {
                grundy_parse_error_set(where, 1, i + 1,
                                       "expected '0' or '1' (one per "
                                       "vertex)");
                return GRUNDY_ERR_PARSE;
            }
            if (i == s->n) {
                grundy_parse_error_set(where, 1, i + 1,
                                       "more than %u vertices", s->n);
                return GRUNDY_ERR_PARSE;
            }
            if (text[i] == '1')
                grundy_cells_set(x, (unsigned)i);
        }
        if (len != s->n) {
            grundy_parse_error_set(where, 1, len + 1,
                                   "%zu vertices, expected %u", len, s->n);
            return GRUNDY_ERR_PARSE;
        }
    }
    if (s->words > 1)
        return grundy_cellpool_put(s->pool, x, out);
    *out = x[0];
    return GRUNDY_OK;
}

static size_t nk_pos_format(const void *params, grundy_pos p, char *buf,
                            size_t cap)
{
    const nk_state *s = params;
    uint64_t x[GRUNDY_CELLS_MAX_WORDS];
    size_t i;
    if (!nk_cells(params, p, x, GRUNDY_CELLS_MAX_WORDS))
        grundy_cells_zero(x, GRUNDY_CELLS_MAX_WORDS);
    if (on_board(s))
        return grundy_wgrid_pos_format(&s->wg, x, buf, cap,
                                       GRUNDY_CELLS_MAX_WORDS);
    for (i = 0; i < s->n && i + 1 < cap; i++)
        buf[i] = (char)('0' + grundy_cells_has(x, (unsigned)i));
    if (cap)
        buf[s->n < cap ? s->n : cap - 1] = 0;
    return s->n;
}

/* The moves, the parts and the keys, over the width *************************/

static inline size_t w_children(const nk_state *s, const uint64_t *p,
                                uint64_t *out, size_t cap, unsigned W)
{
    uint64_t x[GRUNDY_CELLS_MAX_WORDS];
    size_t k = 0;
    grundy_cells_copy(x, p, W);
    while (!grundy_cells_empty(x, W)) {
        unsigned v = grundy_cells_pop_low(x, W);
        if (k < cap)
            grundy_cells_andnot(out + k * W, p, s->wclosed[v], W);
        k++;
    }
    return k;
}

/* The connected groups of p through the graph's edges. */
static inline size_t w_graph_parts(const nk_state *s, const uint64_t *p,
                                   uint64_t *out, size_t cap, unsigned W)
{
    uint64_t rest[GRUNDY_CELLS_MAX_WORDS], part[GRUNDY_CELLS_MAX_WORDS];
    uint64_t front[GRUNDY_CELLS_MAX_WORDS], next[GRUNDY_CELLS_MAX_WORDS];
    size_t k = 0;
    grundy_cells_copy(rest, p, W);
    while (!grundy_cells_empty(rest, W)) {
        grundy_cells_zero(part, W);
        grundy_cells_set(part, grundy_cells_low(rest, W));
        grundy_cells_copy(front, part, W);
        while (!grundy_cells_empty(front, W)) {
            grundy_cells_zero(next, W);
            while (!grundy_cells_empty(front, W))
                grundy_cells_or(next, next,
                                s->wadj[grundy_cells_pop_low(front, W)], W);
            grundy_cells_and(next, next, p, W);
            grundy_cells_andnot(front, next, part, W);
            grundy_cells_or(part, part, front, W);
        }
        grundy_cells_andnot(rest, rest, part, W);
        if (k < cap)
            grundy_cells_copy(out + k * W, part, W);
        k++;
    }
    return k;
}

/* The parts of p; on a grid, those the mirror strategy shows to be 0 are
 * left out (rules/grid.h: a vertex is its image's neighbour only at the
 * centre). */
static inline size_t w_components(const nk_state *s, const uint64_t *p,
                                  uint64_t *out, size_t cap, unsigned W)
{
    size_t n, i, k;
    if (s->kind != NK_GRID)
        return w_graph_parts(s, p, out, cap, W);
    n = grundy_wgrid_components(&s->wg, p, 1, out, cap, W);
    if (n > cap)
        return n; /* the caller asks again with room for n */
    for (i = k = 0; i < n; i++)
        if (!grundy_wgrid_mirrored(&s->wg, out + i * W, W)) {
            if (k != i)
                grundy_cells_copy(out + k * W, out + i * W, W);
            k++;
        }
    return k;
}

/* Vertices of p in breadth-first order (see the top of the file). */
static unsigned bfs_order(const nk_state *s, const uint64_t *p,
                          unsigned *order, unsigned W)
{
    unsigned deg[GRUNDY_BOARD_MAX_CELLS], k = 0, head;
    uint64_t left[GRUNDY_CELLS_MAX_WORDS], x[GRUNDY_CELLS_MAX_WORDS];
    uint64_t t[GRUNDY_CELLS_MAX_WORDS];
    grundy_cells_copy(x, p, W);
    while (!grundy_cells_empty(x, W)) {
        unsigned v = grundy_cells_pop_low(x, W);
        grundy_cells_and(t, s->wadj[v], p, W);
        deg[v] = grundy_cells_pop(t, W);
    }
    grundy_cells_copy(left, p, W);
    while (!grundy_cells_empty(left, W)) {
        unsigned best = grundy_cells_low(left, W);
        grundy_cells_copy(x, left, W);
        while (!grundy_cells_empty(x, W)) {
            unsigned v = grundy_cells_pop_low(x, W);
            if (deg[v] < deg[best])
                best = v;
        }
        order[k++] = best;
        grundy_cells_clear(left, best);
        for (head = k - 1; head < k; head++) {
            unsigned first = k, i;
            grundy_cells_and(t, s->wadj[order[head]], left, W);
            grundy_cells_andnot(left, left, t, W);
            while (!grundy_cells_empty(t, W)) {
                /* insert by (degree, number) */
                unsigned v = grundy_cells_pop_low(t, W);
                for (i = k; i > first && deg[order[i - 1]] > deg[v]; i--)
                    order[i] = order[i - 1];
                order[i] = v;
                k++;
            }
        }
    }
    return k;
}

/* The record of the graph p induces (top of the file) into nbits bits of
 * key[0 .. words): 1, or 0 when it does not fit (bandwidth over 7, or
 * more bits than the key holds). */
static int graph_code(const nk_state *s, const uint64_t *p, uint64_t *key,
                      unsigned nbits, unsigned W)
{
    unsigned order[GRUNDY_BOARD_MAX_CELLS], pos[GRUNDY_BOARD_MAX_CELLS];
    unsigned k, i, b = 0, d, at = 0;
    uint64_t t[GRUNDY_CELLS_MAX_WORDS];
    k = bfs_order(s, p, order, W);
    for (i = 0; i < k; i++)
        pos[order[i]] = i;
    for (i = 0; i < k; i++) {
        grundy_cells_and(t, s->wadj[order[i]], p, W);
        while (!grundy_cells_empty(t, W)) {
            unsigned j = pos[grundy_cells_pop_low(t, W)];
            if (j < i && i - j > b)
                b = i - j;
        }
    }
    if (b > 7 || 11 + (k - 1) * b > nbits)
        return 0;
    grundy_cells_zero(key, (nbits + 63) / 64);
    grundy_cells_put_bits(key, 0, k - 1, 8, GRUNDY_CELLS_MAX_WORDS);
    grundy_cells_put_bits(key, 8, b, 3, GRUNDY_CELLS_MAX_WORDS);
    at = 11;
    for (i = 1; i < k; i++)
        for (d = 1; d <= b; d++, at++)
            if (d <= i && grundy_cells_has(s->wadj[order[i]], order[i - d]))
                grundy_cells_set(key, at);
    return 1;
}

/* The key of a wide part: its shape on boards, its graph's record
 * otherwise (tag 1), its vertices when that does not fit. */
static inline void w_key(const nk_state *s, const uint64_t *p, uint64_t *key,
                         unsigned *tag, unsigned W)
{
    if (on_board(s)) {
        grundy_wgrid_key(&s->wg, p, key, tag, W);
        return;
    }
    if (graph_code(s, p, key, 64 * W, W)) {
        *tag = 1;
        return;
    }
    grundy_cells_copy(key, p, W);
    *tag = GRUNDY_WGRID_TAG_CELLS;
}

static size_t nk_max_moves(const void *params, grundy_pos p);

#define NK_WIDE(W)                                                            \
    static size_t nk_max_moves_##W(const void *params, const uint64_t *p)    \
    {                                                                         \
        (void)params;                                                         \
        return grundy_cells_pop(p, W);                                        \
    }                                                                         \
    static size_t nk_children_##W(const void *params, const uint64_t *p,     \
                                  uint64_t *out, size_t cap)                  \
    {                                                                         \
        return w_children(params, p, out, cap, W);                            \
    }                                                                         \
    static size_t nk_components_##W(const void *params, const uint64_t *p,   \
                                    uint64_t *out, size_t cap)                \
    {                                                                         \
        return w_components(params, p, out, cap, W);                          \
    }                                                                         \
    static void nk_key_##W(const void *params, const uint64_t *p,            \
                           uint64_t *key, unsigned *tag)                      \
    {                                                                         \
        w_key(params, p, key, tag, W);                                        \
    }                                                                         \
    static const grundy_board_wide nk_wide_##W = {                            \
        W, nk_max_moves_##W, nk_children_##W, nk_components_##W, nk_key_##W}
NK_WIDE(2);
NK_WIDE(4);
#undef NK_WIDE

static unsigned nk_words(const void *params)
{
    return ((const nk_state *)params)->words;
}

static const grundy_board_wide *nk_wide(const void *params, unsigned words)
{
    const nk_state *s = params;
    if (words < s->words)
        return NULL;
    return words == 2 ? &nk_wide_2 : words == 4 ? &nk_wide_4 : NULL;
}

/* The hooks of a grundy_pos: the set itself up to 64 vertices, a handle
 * past it. **********************************************************/

static size_t nk_max_moves(const void *params, grundy_pos p)
{
    const nk_state *s = params;
    uint64_t x[GRUNDY_CELLS_MAX_WORDS];
    if (s->words == 1)
        return grundy_pop64(p);
    return nk_cells(params, p, x, s->words)
               ? grundy_cells_pop(x, GRUNDY_CELLS_MAX_WORDS)
               : 0;
}

/* The children or the parts of a handle, as handles; 0 of them when the
 * pool fails. */
static size_t named_list(const nk_state *s, grundy_pos p, grundy_pos *out,
                         size_t cap, int parts)
{
    uint64_t x[GRUNDY_CELLS_MAX_WORDS];
    uint64_t list[GRUNDY_BOARD_MAX_CELLS * GRUNDY_CELLS_MAX_WORDS];
    size_t n, i;
    int ok = 1;
    if (!nk_cells(s, p, x, s->words))
        return 0;
    if (s->words == 2)
        n = parts ? w_components(s, x, list, GRUNDY_BOARD_MAX_CELLS, 2)
                  : w_children(s, x, list, GRUNDY_BOARD_MAX_CELLS, 2);
    else
        n = parts ? w_components(s, x, list, GRUNDY_BOARD_MAX_CELLS, 4)
                  : w_children(s, x, list, GRUNDY_BOARD_MAX_CELLS, 4);
    for (i = 0; i < n && i < cap && ok; i++)
        out[i] = grundy_cellpool_name(s->pool, list + i * s->words, &ok);
    return ok ? n : 0;
}

static size_t nk_children(const void *params, grundy_pos p, grundy_pos *out,
                          size_t cap)
{
    const nk_state *s = params;
    uint64_t x;
    size_t k = 0;
    if (s->words > 1)
        return named_list(s, p, out, cap, 0);
    for (x = p; x; x &= x - 1, k++)
        if (k < cap)
            out[k] = p & ~s->closed[__builtin_ctzll(x)];
    return k;
}

static size_t nk_moves(const void *params, grundy_pos p, grundy_move *out,
                       size_t cap)
{
    return grundy_moves_of_children(out, cap, nk_children, params, p);
}

static size_t nk_components(const void *params, grundy_pos p,
                            grundy_pos *out, size_t cap)
{
    const nk_state *s = params;
    uint64_t rest = p;
    size_t k = 0;
    if (s->words > 1)
        return named_list(s, p, out, cap, 1);
    if (s->kind == NK_GRID) {
        /* less the parts that are 0 by the mirror strategy, as above */
        size_t n = grundy_grid_components(&s->grid, p, 1, out, cap), i;
        if (n > cap)
            return n;
        for (i = 0; i < n; i++)
            if (!grundy_grid_mirrored(&s->grid, out[i]))
                out[k++] = out[i];
        return k;
    }
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

static void nk_key(const void *params, grundy_pos p, uint64_t key[2])
{
    const nk_state *s = params;
    key[1] = 0;
    if (s->words > 1) {
        key[0] = p; /* a handle names one set */
        return;
    }
    if (on_board(s)) {
        key[0] = grundy_grid_key(&s->grid, p);
        return;
    }
    key[0] = p;
    if (p && graph_code(s, &p, key, 95, 1)) {
        /* the record in 95 bits, marked by bit 31 of key[1] */
        key[1] |= 1ull << 31;
    } else {
        key[0] = p;
        key[1] = 0;
    }
}

/* Symmetries for tier tabulation: the grid's; for cycles the rotations
 * (and the reflections while the orbit hook's 64 images hold them); the
 * rotations of a complete graph; the ten of the Petersen graph drawn as
 * a pentagon and a pentagram; the rotations and reflections of P(n, k). */
static uint64_t rotate(const nk_state *s, uint64_t p, unsigned k)
{
    return k ? ((p << k) | (p >> (s->n - k))) & s->all : p;
}

static uint64_t petersen_map(uint64_t p, unsigned n, unsigned rot, int refl)
{
    uint64_t y = 0;
    unsigned v;
    for (v = 0; v < 2 * n; v++)
        if ((p >> v) & 1) {
            unsigned i = v % n, ring = v / n;
            if (refl)
                i = (n - i) % n;
            i = (i + rot) % n;
            y |= 1ull << (ring * n + i);
        }
    return y;
}

static size_t nk_orbit(const void *params, grundy_pos p, grundy_pos *out,
                       size_t cap)
{
    const nk_state *s = params;
    size_t k = 0;
    unsigned r, m;
    if (s->words > 1)
        return 0;
    switch (s->kind) {
    case NK_GRID:
    case NK_QUEENS:
        return grundy_grid_orbit(&s->grid, p, out, cap);
    case NK_CYCLE:
    case NK_COMPLETE: {
        int refl = s->kind == NK_CYCLE && 2 * s->n - 1 <= GRUNDY_MAX_ORBIT;
        uint64_t mm = refl ? grundy_rev64(p) >> (64 - s->n) : 0;
        for (r = 0; r < s->n && k < cap; r++) {
            if (r) {
                out[k] = rotate(s, p, r);
                if (out[k++] < p)
                    return k;
            }
            if (refl && k < cap) {
                out[k] = rotate(s, mm, r);
                if (out[k++] < p)
                    return k;
            }
        }
        return k;
    }
    case NK_PETERSEN:
    case NK_GPETERSEN:
        /* P(5, 2) drawn as a pentagon and a pentagram; P(n, k) keeps its
         * rotations and reflections */
        m = s->n / 2;
        for (r = 0; r < 2 * m && k < cap; r++) {
            if (r == 0)
                continue;
            out[k] = petersen_map(p, m, r % m, r >= m);
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
    return ((const nk_state *)params)->start;
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

/* Grids: a window of the board (paths too, as 1 x N grids). */
static size_t nk_window(const void *params, unsigned cells, char *buf,
                        size_t cap)
{
    const nk_state *s = params;
    unsigned r, c;
    int n;
    if (s->kind != NK_GRID || !grundy_wgrid_window(&s->wg, cells, &r, &c))
        return 0;
    n = snprintf(buf, cap, "node-kayles:grid:%ux%u", r, c);
    return n < 0 ? 0 : (size_t)n;
}

static int nk_window_place(const void *params, const void *wparams,
                           grundy_pos q, uint64_t *out, unsigned words)
{
    return grundy_wgrid_place(&((const nk_state *)params)->wg,
                       &((const nk_state *)wparams)->wg, q, out, words);
}

/* Paths and grids as grids of cells; the Petersen graphs as a polygon
 * around a star; other graphs with their vertices on a circle, vertex 0
 * at the top and the others clockwise. */
static grundy_status nk_geometry(const void *params, grundy_pos p,
                                 grundy_board_geometry *out)
{
    const nk_state *s = params;
    const double pi = 3.14159265358979323846;
    unsigned v;
    GRUNDY_RETURN_IF(s->n > GRUNDY_BOARD_DRAW_MAX_CELLS, GRUNDY_ERR_RANGE);
    out->mark = GRUNDY_BOARD_MARK_VERTEX;
    out->taken = "a vertex taken";
    if (on_board(s)) {
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
        int ring = s->kind == NK_PETERSEN || s->kind == NK_GPETERSEN;
        if (ring) {
            m = s->n / 2;
            r = v < m ? 2.0 : 1.0;
            if (m > 5)
                r *= 0.2 * (double)m;
            k = v % m;
        }
        if (r < 1.5 && !ring)
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
                "(<= 256 vertices); GRAPH:\n"
                "                     path:N cycle:N grid:RxC complete:N "
                "petersen queens:N\n"
                "                     gpetersen:N,K file:PATH",
    .flags = GRUNDY_RULES_BOARD | GRUNDY_RULES_SUBSETS,
    GRUNDY_BOARD_FAMILY(nk),
    .start = nk_start,
    .components = nk_components,
    .words = nk_words,
    .wide = nk_wide,
    .cells = nk_cells,
    .window = nk_window,
    .window_place = nk_window_place,
};
