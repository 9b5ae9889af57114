/*
 * cram.c -- cram:RxC, dominoes placed on an R x C board.
 *
 * A position is the set of empty cells, bit r*C + c for row r (0 = top)
 * and column c (grundy/rules.h); a move fills two orthogonally adjacent
 * empty cells.  Every domino fits in one 4-connected group of empty
 * cells, so a position is the sum of its groups, and a cell alone is
 * dead (no domino fits it): the parts are the groups of two cells or
 * more.  Before it is split, a position loses cells that cannot change
 * its value (reduced to a fixed point; Beling's solver does the same):
 *
 *   - a star: a cell with several leaves (cells whose only empty
 *     neighbour it is) keeps one of them.  A domino on a leaf covers the
 *     centre, which leaves the other leaves dead, so every leaf gives the
 *     same option, and a move elsewhere that covers the centre kills them
 *     all: the position is the same game with one leaf;
 *   - a bridge: a cell that is neither a leaf nor a centre and all of
 *     whose empty neighbours are centres.  A domino on the bridge and a
 *     centre c leaves c's leaf dead, the same position as the domino on c
 *     and its leaf without the bridge; by induction on the cells the
 *     bridge adds no other option value (the test compares every position
 *     of small boards with the table of all positions);
 *   - a cell alone (no empty neighbour) is dead;
 *   - a twin square: a 2 x 2 square of empty cells a b / c d in which a's
 *     only empty neighbours are b and c, and so are d's (or b's and c's
 *     are a and d, the mirror image).  a and d are then twins (the same
 *     neighbours, not each other's), so the domino a-b gives the same
 *     position as b-d turned by the swap of a and d, and c-d the same
 *     as a-c: the game is the same without the two horizontal edges a-b
 *     and c-d (by induction: a move that takes b or c leaves a and d
 *     leaves of one star, reduced above; any other move keeps the
 *     square).  The parts are therefore grown without crossing those
 *     edges, which splits a group where they were its only link (Beling's
 *     solver does the same), and a part cut off is reduced and split
 *     again.
 *
 * A part that is its own image under the half turn about the centre of
 * its bounding box is left out too, when no domino of it lies on its own
 * image: then it is a second-player win (value 0), since each move is
 * answered by its image, which is disjoint from it and still empty
 * (Tweedledum and Tweedledee).  A domino meets its image only at the
 * centre: the centre cell when both sides of the box are odd, the central
 * domino when one side is even; when both are even no domino does.  The
 * empty even x even board is such a part.
 *
 * The moves are read off two masks, p & (p >> 1) on the columns
 * that have a right neighbour (horizontal dominoes, by their left cell)
 * and p & (p >> C) (vertical ones, by their top cell).
 *
 * "cram:RxC:ROWS" starts from the board ROWS (rows of 0/1, 1 = empty)
 * instead of the empty board.
 *
 * Boards of more than 64 cells (up to 256) are searched on sets of 2 or 4
 * words (grundy_board_wide): the same moves, reduction and parts written
 * once over the width (rules/cells.h, rules/wgrid.h), and positions named
 * by handles (rules/cellpool.h).  The wide hooks serve boards of 64 cells
 * or fewer too, so that the tests can compare the widths.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/rules.h"
#include "rules/cellpool.h"
#include "rules/cells.h"
#include "rules/grid.h"
#include "rules/rules_internal.h"
#include "rules/wgrid.h"

typedef struct cram_state {
    grundy_grid grid;   /* boards of at most 64 cells */
    grundy_wgrid wg;    /* every board */
    unsigned words;     /* 1, 2 or 4: the least width of the board */
    grundy_cellpool *pool; /* words > 1: the handles of positions */
    grundy_pos start;
    uint64_t wstart[GRUNDY_CELLS_MAX_WORDS];
    int shaped; /* the spec gave a starting board */
} cram_state;

static unsigned words_for(unsigned cells)
{
    return cells <= 64 ? 1 : cells <= 128 ? 2 : 4;
}

static void cram_free(void *params)
{
    cram_state *cs = params;
    if (cs && cs->pool) {
        grundy_cellpool_clear(cs->pool);
        free(cs->pool);
    }
    free(cs);
}

static grundy_status cram_parse(void **params, const char *args,
                                grundy_parse_error *where)
{
    cram_state *cs;
    unsigned r, c;
    size_t used;
    grundy_status s = GRUNDY_OK;
    *params = NULL;
    GRUNDY_TRY(grundy_grid_parse_dims(&r, &c, &used, args,
                                      GRUNDY_BOARD_MAX_CELLS, "cram", where));
    GRUNDY_TRY(grundy_grid_dims_end(args, used, "board", where));
    cs = calloc(1, sizeof *cs);
    GRUNDY_RETURN_IF(!cs, GRUNDY_ERR_NOMEM);
    grundy_wgrid_init(&cs->wg, r, c);
    cs->words = words_for(r * c);
    if (cs->words == 1)
        grundy_grid_init(&cs->grid, r, c);
    grundy_cells_copy(cs->wstart, cs->wg.all, GRUNDY_CELLS_MAX_WORDS);
    if (args[used] == ':') {
        s = grundy_wgrid_pos_parse(&cs->wg, args + used + 1,
                                   strlen(args + used + 1), cs->wstart,
                                   GRUNDY_CELLS_MAX_WORDS, where);
        if (s != GRUNDY_OK && where)
            where->col += used + 1;
        cs->shaped = 1;
    }
    if (s == GRUNDY_OK && cs->words > 1) {
        cs->pool = malloc(sizeof *cs->pool);
        if (!cs->pool)
            s = GRUNDY_ERR_NOMEM;
        else {
            grundy_cellpool_init(cs->pool, cs->words);
            s = grundy_cellpool_put(cs->pool, cs->wstart, &cs->start);
        }
    } else {
        cs->start = cs->wstart[0];
    }
    if (s != GRUNDY_OK) {
        cram_free(cs);
        return s;
    }
    *params = cs;
    return GRUNDY_OK;
}

static grundy_pos cram_num_positions(const void *params)
{
    const cram_state *cs = params;
    /* 2^64 or more: UINT64_MAX */
    return cs->wg.cells >= 64 ? UINT64_MAX : (grundy_pos)1 << cs->wg.cells;
}

/* Positions past 64 cells: handles ****************************************/

/* The cells of position p into out[0 .. words), words >= cs->words. */
static int cram_cells(const void *params, grundy_pos p, uint64_t *out,
                      unsigned words)
{
    const cram_state *cs = params;
    return grundy_cellpool_cells(cs->pool, cs->words, cs->grid.all, p, out,
                                 words);
}

static grundy_status cram_pos_parse(const void *params, const char *text,
                                    size_t len, grundy_pos *out,
                                    grundy_parse_error *where)
{
    const cram_state *cs = params;
    uint64_t x[GRUNDY_CELLS_MAX_WORDS];
    if (cs->words == 1)
        return grundy_grid_pos_parse(&cs->grid, text, len, out, where);
    GRUNDY_TRY(grundy_wgrid_pos_parse(&cs->wg, text, len, x, cs->words,
                                      where));
    return grundy_cellpool_put(cs->pool, x, out);
}

static size_t cram_pos_format(const void *params, grundy_pos p, char *buf,
                              size_t cap)
{
    const cram_state *cs = params;
    uint64_t x[GRUNDY_CELLS_MAX_WORDS];
    if (cs->words == 1)
        return grundy_grid_pos_format(&cs->grid, p, buf, cap);
    if (!cram_cells(params, p, x, cs->words))
        grundy_cells_zero(x, cs->words);
    return grundy_wgrid_pos_format(&cs->wg, x, buf, cap, cs->words);
}

static size_t cram_max_moves(const void *params, grundy_pos p)
{
    const cram_state *cs = params;
    (void)p;
    return (size_t)cs->wg.rows * (cs->wg.cols - 1) +
           (size_t)(cs->wg.rows - 1) * cs->wg.cols;
}

/* The moves, the reduction and the parts, over the width ********************/

/* Horizontal dominoes by their left cell, vertical ones by their top cell. */
static inline void w_dominoes(const grundy_wgrid *g, const uint64_t *p,
                              uint64_t *hz, uint64_t *vt, unsigned W)
{
    uint64_t t[GRUNDY_CELLS_MAX_WORDS];
    grundy_cells_shr(t, p, 1, W);
    grundy_cells_and(hz, p, t, W);
    grundy_cells_and(hz, hz, g->not_right, W);
    if (g->rows > 1) {
        grundy_cells_shr(t, p, g->cols, W);
        grundy_cells_and(vt, p, t, W);
    } else {
        grundy_cells_zero(vt, W);
    }
}

static inline size_t w_children(const grundy_wgrid *g, const uint64_t *p,
                                uint64_t *out, size_t cap, unsigned W)
{
    uint64_t hz[GRUNDY_CELLS_MAX_WORDS], vt[GRUNDY_CELLS_MAX_WORDS];
    size_t k = 0;
    w_dominoes(g, p, hz, vt, W);
    while (!grundy_cells_empty(hz, W)) {
        unsigned b = grundy_cells_pop_low(hz, W);
        if (k < cap) {
            uint64_t *o = out + k * W;
            grundy_cells_copy(o, p, W);
            grundy_cells_clear(o, b);
            grundy_cells_clear(o, b + 1);
        }
        k++;
    }
    while (!grundy_cells_empty(vt, W)) {
        unsigned b = grundy_cells_pop_low(vt, W);
        if (k < cap) {
            uint64_t *o = out + k * W;
            grundy_cells_copy(o, p, W);
            grundy_cells_clear(o, b);
            grundy_cells_clear(o, b + g->cols);
        }
        k++;
    }
    return k;
}

/* The centres of the leaves whose neighbour is on side h (a shift by k
 * towards the higher bits when up, else the lower), added to seen; a
 * centre seen before keeps its earlier leaf, and the new one leaves
 * out (as reduce_step() below, direction by direction). */
static inline void w_centres(uint64_t *out, uint64_t *seen,
                             const uint64_t *leaves, const uint64_t *h,
                             unsigned k, int up, unsigned W)
{
    uint64_t t[GRUNDY_CELLS_MAX_WORDS], c[GRUNDY_CELLS_MAX_WORDS];
    uint64_t u[GRUNDY_CELLS_MAX_WORDS];
    grundy_cells_and(t, leaves, h, W);
    if (up)
        grundy_cells_shl(c, t, k, W);
    else
        grundy_cells_shr(c, t, k, W);
    grundy_cells_and(t, c, seen, W);
    if (up)
        grundy_cells_shr(u, t, k, W);
    else
        grundy_cells_shl(u, t, k, W);
    grundy_cells_andnot(out, out, u, W);
    grundy_cells_or(seen, seen, c, W);
}

/* The cells of p with an empty neighbour on their left, right, upper and
 * lower side. */
static inline void w_sides(const grundy_wgrid *g, const uint64_t *p,
                           uint64_t *hl, uint64_t *hr, uint64_t *hu,
                           uint64_t *hd, unsigned W)
{
    uint64_t t[GRUNDY_CELLS_MAX_WORDS];
    unsigned i;
    grundy_cells_shl(t, p, 1, W);
    for (i = 0; i < W; i++)
        hl[i] = p[i] & t[i] & g->not_left[i];
    grundy_cells_shr(t, p, 1, W);
    for (i = 0; i < W; i++)
        hr[i] = p[i] & t[i] & g->not_right[i];
    grundy_cells_zero(hu, W);
    grundy_cells_zero(hd, W);
    if (g->rows > 1) {
        grundy_cells_shl(t, p, g->cols, W);
        grundy_cells_and(hu, p, t, W);
        grundy_cells_shr(t, p, g->cols, W);
        grundy_cells_and(hd, p, t, W);
    }
}

/* One step of the reduction (the header), as reduce_step() below. */
static inline void w_reduce_step(const grundy_wgrid *g, uint64_t *out,
                                 const uint64_t *p, unsigned W)
{
    unsigned C = g->cols, i;
    uint64_t hl[GRUNDY_CELLS_MAX_WORDS], hr[GRUNDY_CELLS_MAX_WORDS];
    uint64_t hu[GRUNDY_CELLS_MAX_WORDS], hd[GRUNDY_CELLS_MAX_WORDS];
    uint64_t leaves[GRUNDY_CELLS_MAX_WORDS], seen[GRUNDY_CELLS_MAX_WORDS];
    uint64_t c[GRUNDY_CELLS_MAX_WORDS], t[GRUNDY_CELLS_MAX_WORDS];
    uint64_t bridge[GRUNDY_CELLS_MAX_WORDS], u[GRUNDY_CELLS_MAX_WORDS];
    w_sides(g, p, hl, hr, hu, hd, W);
    for (i = 0; i < W; i++)
        leaves[i] = (hl[i] ^ hr[i] ^ hu[i] ^ hd[i]) &
                    ~((hl[i] & hr[i]) | (hu[i] & hd[i]) |
                      ((hl[i] ^ hr[i]) & (hu[i] ^ hd[i])));
    grundy_cells_copy(out, p, W);
    grundy_cells_zero(seen, W);
    if (g->rows > 1)
        w_centres(out, seen, leaves, hd, C, 1, W);
    w_centres(out, seen, leaves, hr, 1, 1, W);
    if (g->rows > 1)
        w_centres(out, seen, leaves, hu, C, 0, W);
    w_centres(out, seen, leaves, hl, 1, 0, W);
    for (i = 0; i < W; i++)
        bridge[i] = p[i] & ~leaves[i] & ~seen[i];
    /* bridges with a bridge beside them are not bridges */
    grundy_cells_and(t, bridge, g->not_left, W);
    grundy_cells_shr(u, t, 1, W);
    grundy_cells_and(t, bridge, g->not_right, W);
    grundy_cells_shl(c, t, 1, W);
    grundy_cells_or(u, u, c, W);
    if (g->rows > 1) {
        grundy_cells_shr(c, bridge, C, W);
        grundy_cells_or(u, u, c, W);
        grundy_cells_shl(c, bridge, C, W);
        grundy_cells_and(c, c, g->all, W);
        grundy_cells_or(u, u, c, W);
    }
    grundy_cells_andnot(bridge, bridge, u, W);
    grundy_cells_andnot(out, out, bridge, W);
}

/* p reduced to its fixed point (the header), into q. */
static inline void w_reduce(const cram_state *cs, uint64_t *q,
                            const uint64_t *p, unsigned W)
{
    uint64_t y[GRUNDY_CELLS_MAX_WORDS];
    grundy_cells_copy(q, p, W);
    for (;;) {
        w_reduce_step(&cs->wg, y, q, W);
        if (grundy_cells_eq(q, y, W))
            return;
        grundy_cells_copy(q, y, W);
    }
}


/* The twin squares of p (the header): into cut, the left cells of the
 * horizontal edges the game can do without. */
static inline void w_twin_cuts(const grundy_wgrid *g, uint64_t *cut,
                               const uint64_t *p, unsigned W)
{
    unsigned C = g->cols, i;
    uint64_t hl[GRUNDY_CELLS_MAX_WORDS], hr[GRUNDY_CELLS_MAX_WORDS];
    uint64_t hu[GRUNDY_CELLS_MAX_WORDS], hd[GRUNDY_CELLS_MAX_WORDS];
    uint64_t a[GRUNDY_CELLS_MAX_WORDS], t[GRUNDY_CELLS_MAX_WORDS];
    uint64_t x[GRUNDY_CELLS_MAX_WORDS];
    grundy_cells_zero(cut, W);
    if (g->rows < 2 || C < 2)
        return;
    w_sides(g, p, hl, hr, hu, hd, W);
    /* a: neighbours right and below only, and so is a + C + 1 on its
     * left and above: twins at a and a + C + 1 */
    for (i = 0; i < W; i++)
        x[i] = hl[i] & hu[i] & ~hr[i] & ~hd[i];
    grundy_cells_shr(a, x, C + 1, W);
    for (i = 0; i < W; i++)
        a[i] &= hr[i] & hd[i] & ~hl[i] & ~hu[i];
    /* t: neighbours left and below only, and t + C - 1 right and above:
     * twins at t and t + C - 1 */
    for (i = 0; i < W; i++)
        x[i] = hr[i] & hu[i] & ~hl[i] & ~hd[i];
    grundy_cells_shr(t, x, C - 1, W);
    for (i = 0; i < W; i++)
        t[i] &= hl[i] & hd[i] & ~hr[i] & ~hu[i];
    /* the edges a-(a+1), (a+C)-(a+C+1), (t-1)-t, (t+C-1)-(t+C) */
    grundy_cells_or(cut, cut, a, W);
    grundy_cells_shl(x, a, C, W);
    grundy_cells_or(cut, cut, x, W);
    grundy_cells_shr(x, t, 1, W);
    grundy_cells_or(cut, cut, x, W);
    grundy_cells_shl(x, t, C - 1, W);
    grundy_cells_or(cut, cut, x, W);
}

static inline int w_one_cell(const uint64_t *x, unsigned W)
{
    unsigned i, n = 0;
    for (i = 0; i < W; i++) {
        if (x[i] & (x[i] - 1))
            return 0;
        n += x[i] != 0;
    }
    return n == 1;
}

/* w_split() of each width, compiled once each (it calls itself). */
static size_t split_2(const cram_state *cs, const uint64_t *p, uint64_t *out,
                      size_t cap, size_t k);
static size_t split_4(const cram_state *cs, const uint64_t *p, uint64_t *out,
                      size_t cap, size_t k);

/* The parts of p (W words each) from out[k] on, as cram_split() below on
 * one word: p reduced, its groups grown without crossing the edges of
 * twin squares (a group they cut off is reduced and split again), cells
 * alone and mirrored parts left out.  Returns the new k; parts past cap
 * are counted, not written. */
static inline size_t w_split(const cram_state *cs, const uint64_t *p,
                             uint64_t *out, size_t cap, size_t k, unsigned W)
{
    grundy_wgrid cg = cs->wg; /* the board less the edges cut */
    uint64_t q[GRUNDY_CELLS_MAX_WORDS], cut[GRUNDY_CELLS_MAX_WORDS];
    uint64_t rest[GRUNDY_CELLS_MAX_WORDS], part[GRUNDY_CELLS_MAX_WORDS];
    uint64_t next[GRUNDY_CELLS_MAX_WORDS];
    int cuts;
    w_reduce(cs, q, p, W);
    w_twin_cuts(&cs->wg, cut, q, W);
    cuts = !grundy_cells_empty(cut, W);
    grundy_cells_andnot(cg.not_right, cs->wg.not_right, cut, W);
    grundy_cells_shl(cg.not_left, cg.not_right, 1, W);
    grundy_cells_copy(rest, q, W);
    while (!grundy_cells_empty(rest, W)) {
        grundy_cells_zero(part, W);
        grundy_cells_set(part, grundy_cells_low(rest, W));
        for (;;) {
            grundy_wgrid_grow(&cg, next, part, W);
            grundy_cells_and(next, next, q, W);
            if (grundy_cells_eq(next, part, W))
                break;
            grundy_cells_copy(part, next, W);
        }
        grundy_cells_andnot(rest, rest, part, W);
        if (w_one_cell(part, W))
            continue;
        if (cuts && !grundy_cells_eq(part, q, W)) {
            k = W == 2 ? split_2(cs, part, out, cap, k)
                       : split_4(cs, part, out, cap, k);
        } else if (!grundy_wgrid_mirrored(&cs->wg, part, W)) {
            if (k < cap)
                grundy_cells_copy(out + k * W, part, W);
            k++;
        }
    }
    return k;
}

static size_t split_2(const cram_state *cs, const uint64_t *p, uint64_t *out,
                      size_t cap, size_t k)
{
    return w_split(cs, p, out, cap, k, 2);
}

static size_t split_4(const cram_state *cs, const uint64_t *p, uint64_t *out,
                      size_t cap, size_t k)
{
    return w_split(cs, p, out, cap, k, 4);
}

/* The hooks of one width. */
#define CRAM_WIDE(W)                                                          \
    static size_t cram_max_moves_##W(const void *params, const uint64_t *p)  \
    {                                                                         \
        (void)p;                                                              \
        return cram_max_moves(params, 0);                                     \
    }                                                                         \
    static size_t cram_children_##W(const void *params, const uint64_t *p,   \
                                     uint64_t *out, size_t cap)               \
    {                                                                         \
        return w_children(&((const cram_state *)params)->wg, p, out, cap, W); \
    }                                                                         \
    static size_t cram_components_##W(const void *params, const uint64_t *p, \
                                      uint64_t *out, size_t cap)              \
    {                                                                         \
        return split_##W(params, p, out, cap, 0);                             \
    }                                                                         \
    static void cram_key_##W(const void *params, const uint64_t *p,          \
                             uint64_t *key, unsigned *tag)                    \
    {                                                                         \
        grundy_wgrid_key(&((const cram_state *)params)->wg, p, key, tag, W);  \
    }                                                                         \
    static const grundy_board_wide cram_wide_##W = {                          \
        W, cram_max_moves_##W, cram_children_##W, cram_components_##W,        \
        cram_key_##W}
CRAM_WIDE(2);
CRAM_WIDE(4);
#undef CRAM_WIDE

static unsigned cram_words(const void *params)
{
    return ((const cram_state *)params)->words;
}

static const grundy_board_wide *cram_wide(const void *params,
                                          unsigned words)
{
    const cram_state *cs = params;
    if (words < cs->words)
        return NULL;
    return words == 2 ? &cram_wide_2 : words == 4 ? &cram_wide_4 : NULL;
}

/* The hooks of a grundy_pos: the set itself up to 64 cells, a handle
 * past it. */

/* Horizontal dominoes by their left cell, vertical ones by their top cell. */
static inline uint64_t horizontal(const grundy_grid *g, uint64_t p)
{
    return p & g->not_right & (p >> 1);
}

static inline uint64_t vertical(const grundy_grid *g, uint64_t p)
{
    return g->rows > 1 ? p & (p >> g->cols) : 0;
}

/* A handle's children as handles; 0 children when the pool fails. */
static size_t named_children(const cram_state *cs, grundy_pos p,
                             grundy_pos *out, size_t cap)
{
    uint64_t x[GRUNDY_CELLS_MAX_WORDS];
    uint64_t kids[2 * GRUNDY_BOARD_MAX_CELLS * GRUNDY_CELLS_MAX_WORDS];
    size_t n, i;
    int ok = 1;
    if (!cram_cells(cs, p, x, cs->words))
        return 0;
    n = cs->words == 2 ? w_children(&cs->wg, x, kids, 2 * GRUNDY_BOARD_MAX_CELLS, 2)
                       : w_children(&cs->wg, x, kids, 2 * GRUNDY_BOARD_MAX_CELLS, 4);
    for (i = 0; i < n && i < cap && ok; i++)
        out[i] = grundy_cellpool_name(cs->pool, kids + i * cs->words, &ok);
    return ok ? n : 0;
}

static size_t cram_children(const void *params, grundy_pos p,
                            grundy_pos *out, size_t cap)
{
    const cram_state *cs = params;
    uint64_t h, v, down;
    size_t k = 0;
    if (cs->words > 1)
        return named_children(cs, p, out, cap);
    h = horizontal(&cs->grid, p);
    v = vertical(&cs->grid, p);
    down = cs->grid.rows > 1 ? 1ull | (1ull << cs->grid.cols) : 0;
    for (; h; h &= h - 1, k++)
        if (k < cap)
            out[k] = p & ~(3ull << __builtin_ctzll(h));
    for (; v; v &= v - 1, k++)
        if (k < cap)
            out[k] = p & ~(down << __builtin_ctzll(v));
    return k;
}

static size_t cram_moves(const void *params, grundy_pos p, grundy_move *out,
                         size_t cap)
{
    grundy_pos ch[GRUNDY_BOARD_MAX_CELLS * 2];
    size_t n = cram_children(params, p, ch, sizeof ch / sizeof ch[0]);
    return grundy_moves_of_positions(out, cap, ch, n);
}

static size_t cram_orbit(const void *params, grundy_pos p, grundy_pos *out,
                         size_t cap)
{
    const cram_state *cs = params;
    if (cs->words > 1)
        return 0;
    return grundy_grid_orbit(&cs->grid, p, out, cap);
}

/* One step of the reduction (the header): p less its extra leaves of
 * stars, its bridges and its cells alone (p itself when it has no leaf). */
static uint64_t reduce_step(const grundy_grid *g, uint64_t p)
{
    unsigned C = g->cols;
    uint64_t hl = p & (p << 1) & g->not_left;  /* has a left neighbour */
    uint64_t hr = p & (p >> 1) & g->not_right; /* ... a right one */
    uint64_t hu = 0, hd = 0, leaves, seen, c, keep, bridge;
    if (g->rows > 1) { /* a shift by C = 64 would be undefined */
        hu = p & (p << C);
        hd = p & (p >> C);
    }
    /* exactly one neighbour: an odd count, and no two of them */
    leaves = (hl ^ hr ^ hu ^ hd) & ~((hl & hr) | (hu & hd) | ((hl ^ hr) & (hu ^ hd)));
    if (!leaves) /* no star and no bridge: only cells alone would go, */
        return p; /* and the parts leave those out anyway */
    keep = p;
    /* the centres, direction by direction; a centre seen before keeps
     * its earlier leaf */
    seen = g->rows > 1 ? (leaves & hd) << C : 0;
    c = (leaves & hr) << 1;
    keep &= ~((c & seen) >> 1);
    seen |= c;
    c = g->rows > 1 ? (leaves & hu) >> C : 0;
    keep &= ~(g->rows > 1 ? (c & seen) << C : 0);
    seen |= c;
    c = (leaves & hl) >> 1;
    keep &= ~((c & seen) << 1);
    seen |= c;
    /* cells neither leaves nor centres with no such neighbour */
    bridge = p & ~leaves & ~seen;
    bridge &= ~(((bridge & g->not_left) >> 1) | ((bridge & g->not_right) << 1) |
                (g->rows > 1 ? (bridge >> C) | ((bridge << C) & g->all) : 0));
    return keep & ~bridge;
}

static uint64_t cram_reduce(const grundy_grid *g, uint64_t p)
{
    uint64_t r;
    while ((r = reduce_step(g, p)) != p)
        p = r;
    return p;
}

/* The twin squares of p (the header): the left cells of the horizontal
 * edges the game can do without. */
static uint64_t twin_cuts(const grundy_grid *g, uint64_t p)
{
    unsigned C = g->cols;
    uint64_t hl, hr, hu, hd, tl, br, tr, bl, a, t;
    if (g->rows < 2 || C < 2)
        return 0;
    hl = p & (p << 1) & g->not_left;
    hr = p & (p >> 1) & g->not_right;
    hu = p & (p << C);
    hd = p & (p >> C);
    tl = hr & hd & ~hl & ~hu; /* neighbours right and below only */
    br = hl & hu & ~hr & ~hd;
    tr = hl & hd & ~hr & ~hu;
    bl = hr & hu & ~hl & ~hd;
    a = tl & (br >> (C + 1)); /* twins at a and a + C + 1 */
    t = tr & (bl >> (C - 1)); /* twins at t and t + C - 1 */
    return a | (a << C) | (t >> 1) | (t << (C - 1));
}

/* The parts of p from out[k] on, twin squares cut (a part they cut off
 * is reduced and split again); returns the new k. */
static size_t cram_split(const grundy_grid *g, uint64_t p, grundy_pos *out,
                         size_t cap, size_t k)
{
    unsigned C = g->cols;
    uint64_t q = cram_reduce(g, p), cut = twin_cuts(g, q), rest = q;
    uint64_t go_right = g->not_right & ~cut, go_left = go_right << 1;
    while (rest) {
        uint64_t part = rest & (~rest + 1), next;
        if (cut) {
            for (;;) {
                next = part | ((part & go_left) >> 1) |
                       ((part & go_right) << 1) | (part >> C) |
                       ((part << C) & g->all);
                next &= q;
                if (next == part)
                    break;
                part = next;
            }
        } else {
            while ((next = grundy_grid_grow(g, part) & q) != part)
                part = next;
        }
        rest &= ~part;
        if (!(part & (part - 1)))
            continue; /* a cell alone */
        if (cut && part != q) {
            k = cram_split(g, part, out, cap, k);
        } else if (!grundy_grid_mirrored(g, part)) {
            if (k < cap)
                out[k] = part;
            k++;
        }
    }
    return k;
}

static size_t cram_components(const void *params, grundy_pos p,
                              grundy_pos *out, size_t cap)
{
    const cram_state *cs = params;
    if (cs->words > 1) {
        uint64_t x[GRUNDY_CELLS_MAX_WORDS];
        uint64_t parts[GRUNDY_BOARD_MAX_CELLS / 2 * GRUNDY_CELLS_MAX_WORDS];
        size_t n, i;
        int ok = 1;
        if (!cram_cells(cs, p, x, cs->words))
            return 0;
        n = cs->words == 2
                ? split_2(cs, x, parts, GRUNDY_BOARD_MAX_CELLS / 2, 0)
                : split_4(cs, x, parts, GRUNDY_BOARD_MAX_CELLS / 2, 0);
        for (i = 0; i < n && i < cap && ok; i++)
            out[i] = grundy_cellpool_name(cs->pool, parts + i * cs->words, &ok);
        return ok ? n : 0;
    }
    return cram_split(&cs->grid, p, out, cap, 0);
}

static void cram_key(const void *params, grundy_pos p, uint64_t key[2])
{
    const cram_state *cs = params;
    key[0] = cs->words > 1 ? p : grundy_grid_key(&cs->grid, p);
    key[1] = 0;
}

static grundy_pos cram_start(const void *params)
{
    return ((const cram_state *)params)->start;
}

static grundy_status cram_geometry(const void *params, grundy_pos p,
                                   grundy_board_geometry *out)
{
    const cram_state *cs = params;
    GRUNDY_RETURN_IF(cs->words > 1, GRUNDY_ERR_RANGE);
    grundy_grid_geometry(&cs->grid, p, out);
    out->mark = GRUNDY_BOARD_MARK_DOMINO;
    out->taken = "a covered cell";
    return GRUNDY_OK;
}

static size_t cram_window(const void *params, unsigned cells, char *buf,
                          size_t cap)
{
    const cram_state *cs = params;
    unsigned r, c;
    int n;
    if (!grundy_wgrid_window(&cs->wg, cells, &r, &c))
        return 0;
    n = snprintf(buf, cap, "cram:%ux%u", r, c);
    return n < 0 ? 0 : (size_t)n;
}

static int cram_window_place(const void *params, const void *wparams,
                             grundy_pos q, uint64_t *out, unsigned words)
{
    return grundy_wgrid_place(&((const cram_state *)params)->wg,
                       &((const cram_state *)wparams)->wg, q, out, words);
}

static size_t cram_spec(const void *params, char *buf, size_t cap)
{
    const cram_state *cs = params;
    grundy_spec_buf b = {buf, cap, 0};
    if (cap)
        buf[0] = 0;
    grundy_spec_put(&b, "cram:");
    grundy_spec_put_u64(&b, cs->wg.rows);
    grundy_spec_put(&b, "x");
    grundy_spec_put_u64(&b, cs->wg.cols);
    if (cs->shaped) {
        char rows[GRUNDY_BOARD_MAX_CELLS * 2 + 2];
        grundy_wgrid_pos_format(&cs->wg, cs->wstart, rows, sizeof rows,
                                GRUNDY_CELLS_MAX_WORDS);
        grundy_spec_put(&b, ":");
        grundy_spec_put(&b, rows);
    }
    return b.len;
}

const grundy_rules grundy_rules_cram = {
    .name = "cram",
    .synopsis = "cram:RxC[:ROWS]    place a domino on two adjacent empty "
                "cells (R*C <= 256)",
    .flags = GRUNDY_RULES_BOARD | GRUNDY_RULES_SUBSETS,
    GRUNDY_BOARD_FAMILY(cram),
    .start = cram_start,
    .components = cram_components,
    .words = cram_words,
    .wide = cram_wide,
    .cells = cram_cells,
    .window = cram_window,
    .window_place = cram_window_place,
};
