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
 *   - a cell alone (no empty neighbour) is dead.
 *
 * The moves are read off two masks, p & (p >> 1) on the columns
 * that have a right neighbour (horizontal dominoes, by their left cell)
 * and p & (p >> C) (vertical ones, by their top cell).
 *
 * "cram:RxC:ROWS" starts from the board ROWS (rows of 0/1, 1 = empty)
 * instead of the empty board.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/rules.h"
#include "rules/grid.h"
#include "rules/rules_internal.h"

typedef struct cram_state {
    grundy_grid grid;
    grundy_pos start;
    int shaped; /* the spec gave a starting board */
} cram_state;

static grundy_status cram_parse(void **params, const char *args,
                                grundy_parse_error *where)
{
    cram_state *cs;
    unsigned r, c;
    size_t used;
    grundy_pos start;
    *params = NULL;
    GRUNDY_TRY(grundy_grid_parse_dims(&r, &c, &used, args,
                                      GRUNDY_BOARD_MAX_CELLS, "cram", where));
    if (args[used] && args[used] != ':') {
        grundy_parse_error_set(where, 1, used + 1,
                               "unexpected '%c' after RxC (a starting board "
                               "follows a ':')",
                               args[used]);
        return GRUNDY_ERR_PARSE;
    }
    cs = malloc(sizeof *cs);
    GRUNDY_RETURN_IF(!cs, GRUNDY_ERR_NOMEM);
    grundy_grid_init(&cs->grid, r, c);
    cs->start = cs->grid.all;
    cs->shaped = 0;
    if (args[used] == ':') {
        grundy_status s = grundy_grid_pos_parse(
            &cs->grid, args + used + 1, strlen(args + used + 1), &start, where);
        if (s != GRUNDY_OK) {
            if (where)
                where->col += used + 1;
            free(cs);
            return s;
        }
        cs->start = start;
        cs->shaped = 1;
    }
    *params = cs;
    return GRUNDY_OK;
}

static void cram_free(void *params)
{
    free(params);
}

static grundy_pos cram_num_positions(const void *params)
{
    const cram_state *cs = params;
    return cs->grid.cells == 64 ? UINT64_MAX : (grundy_pos)1 << cs->grid.cells;
}

static grundy_status cram_pos_parse(const void *params, const char *text,
                                    size_t len, grundy_pos *out,
                                    grundy_parse_error *where)
{
    const cram_state *cs = params;
    return grundy_grid_pos_parse(&cs->grid, text, len, out, where);
}

static size_t cram_pos_format(const void *params, grundy_pos p, char *buf,
                              size_t cap)
{
    const cram_state *cs = params;
    return grundy_grid_pos_format(&cs->grid, p, buf, cap);
}

static size_t cram_max_moves(const void *params, grundy_pos p)
{
    const cram_state *cs = params;
    (void)p;
    return (size_t)cs->grid.rows * (cs->grid.cols - 1) +
           (size_t)(cs->grid.rows - 1) * cs->grid.cols;
}

/* Horizontal dominoes by their left cell, vertical ones by their top cell. */
static inline uint64_t horizontal(const grundy_grid *g, uint64_t p)
{
    return p & g->not_right & (p >> 1);
}

static inline uint64_t vertical(const grundy_grid *g, uint64_t p)
{
    return g->rows > 1 ? p & (p >> g->cols) : 0;
}

static size_t cram_children(const void *params, grundy_pos p,
                            grundy_pos *out, size_t cap)
{
    const cram_state *cs = params;
    uint64_t h = horizontal(&cs->grid, p), v = vertical(&cs->grid, p);
    uint64_t down = cs->grid.rows > 1 ? 1ull | (1ull << cs->grid.cols) : 0;
    size_t k = 0;
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
    size_t n = cram_children(params, p, ch, sizeof ch / sizeof ch[0]), i;
    for (i = 0; i < n && i < cap; i++) {
        out[i].part[0] = ch[i];
        out[i].nparts = 1;
    }
    return n;
}

static size_t cram_orbit(const void *params, grundy_pos p, grundy_pos *out,
                         size_t cap)
{
    const cram_state *cs = params;
    return grundy_grid_orbit(&cs->grid, p, out, cap);
}

/* One step of the reduction (the header): p less its extra leaves of
 * stars, its bridges and its cells alone. */
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

static size_t cram_components(const void *params, grundy_pos p,
                              grundy_pos *out, size_t cap)
{
    const cram_state *cs = params;
    return grundy_grid_components(&cs->grid, cram_reduce(&cs->grid, p), 2,
                                  out, cap);
}

static void cram_key(const void *params, grundy_pos p, uint64_t key[2])
{
    const cram_state *cs = params;
    key[0] = grundy_grid_key(&cs->grid, p);
    key[1] = 0;
}

static grundy_pos cram_start(const void *params)
{
    return ((const cram_state *)params)->start;
}

static grundy_status cram_geometry(const void *params, grundy_pos p,
                                   grundy_board_geometry *out)
{
    grundy_grid_geometry(&((const cram_state *)params)->grid, p, out);
    out->mark = GRUNDY_BOARD_MARK_DOMINO;
    out->taken = "a covered cell";
    return GRUNDY_OK;
}

static size_t cram_spec(const void *params, char *buf, size_t cap)
{
    const cram_state *cs = params;
    grundy_spec_buf b = {buf, cap, 0};
    if (cap)
        buf[0] = 0;
    grundy_spec_put(&b, "cram:");
    grundy_spec_put_u64(&b, cs->grid.rows);
    grundy_spec_put(&b, "x");
    grundy_spec_put_u64(&b, cs->grid.cols);
    if (cs->shaped) {
        char rows[GRUNDY_BOARD_MAX_CELLS * 2 + 2];
        grundy_grid_pos_format(&cs->grid, cs->start, rows, sizeof rows);
        grundy_spec_put(&b, ":");
        grundy_spec_put(&b, rows);
    }
    return b.len;
}

const grundy_rules grundy_rules_cram = {
    .name = "cram",
    .synopsis = "cram:RxC[:ROWS]    place a domino on two adjacent empty "
                "cells (R*C <= 64)",
    .flags = GRUNDY_RULES_BOARD | GRUNDY_RULES_SUBSETS,
    .parse = cram_parse,
    .free_params = cram_free,
    .num_positions = cram_num_positions,
    .pos_parse = cram_pos_parse,
    .pos_format = cram_pos_format,
    .max_moves = cram_max_moves,
    .moves = cram_moves,
    .spec_format = cram_spec,
    .children = cram_children,
    .orbit = cram_orbit,
    .start = cram_start,
    .components = cram_components,
    .key = cram_key,
    .geometry = cram_geometry,
};
