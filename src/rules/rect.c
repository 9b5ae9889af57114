/*
 * rect.c -- rect:RxC, rectangle removal on an R x C 0/1 board.
 *
 * A position is a bitmask (cell (r, c) is bit r*C + c, see grundy/rect.h);
 * a move clears an all-1 axis-aligned rectangle.  Moves are listed by the
 * bit-parallel generator of rect_internal.h, which grows rectangles for
 * all corners at once and never visits one that is not all 1s.  Positions are
 * written as rows of 0/1 separated by '/'.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/io.h"
#include "grundy/rect.h"
#include "rules/grid.h"
#include "rules/rect_internal.h"
#include "rules/rules_internal.h"

size_t grundy_rect_children(grundy_pos *out, unsigned rows, unsigned cols,
                            grundy_pos p)
{
    grundy_rect_geom geom;
    uint32_t b = (uint32_t)p, q = 0;
    size_t k = 0;
    assert(rows >= 1 && cols >= 1 && rows * cols <= GRUNDY_RECT_MAX_CELLS);
    assert(p >> (rows * cols) == 0);
    grundy_rect_geom_init(&geom, rows, cols);
    GRUNDY_RECT_FOR_EACH_CHILD(&geom, b, q, out[k++] = q);
    assert(k <= GRUNDY_RECT_MAX_MOVES);
    return k;
}

/* The parameters: the public part first (grundy_game_params() is a
 * grundy_rect_params to callers), then the generator's masks, built once. */
typedef struct rect_state {
    grundy_rect_params pub;
    grundy_rect_geom geom;
    /* The board's symmetries other than the identity, as bit
     * permutations applied a byte at a time. */
    unsigned nsym;
    uint32_t sym[7][4][256];
    /* Parts and keys for the board search (grundy/board.h). */
    grundy_grid grid;
} rect_state;

/* The symmetries of the board other than the identity (the grid's, in
 * its order), narrowed to the 32 bits of a position. */
static void sym_init(rect_state *rs)
{
    unsigned s, b, v;
    rs->nsym = rs->grid.nsym;
    for (s = 0; s < rs->nsym; s++)
        for (b = 0; b < 4; b++)
            for (v = 0; v < 256; v++)
                rs->sym[s][b][v] = (uint32_t)rs->grid.sym[s][b][v];
}

/* "RxC": R and C >= 1 with R*C <= 30; where->col 1-based in args. */
static grundy_status rect_parse(void **params, const char *args,
                                grundy_parse_error *where)
{
    rect_state *rs;
    unsigned r, c;
    size_t used;

    *params = NULL;
    GRUNDY_TRY(grundy_grid_parse_dims(&r, &c, &used, args,
                                      GRUNDY_RECT_MAX_CELLS, "rect", where));
    GRUNDY_TRY(grundy_grid_dims_end(args, used, NULL, where));
    rs = malloc(sizeof *rs);
    GRUNDY_RETURN_IF(!rs, GRUNDY_ERR_NOMEM);
    rs->pub.rows = r;
    rs->pub.cols = c;
    grundy_rect_geom_init(&rs->geom, r, c);
    grundy_grid_init(&rs->grid, r, c);
    sym_init(rs);
    *params = rs;
    return GRUNDY_OK;
}

static void rect_free(void *params)
{
    free(params);
}

static grundy_pos rect_num_positions(const void *params)
{
    const grundy_rect_params *rp = params;
    return (grundy_pos)1 << (rp->rows * rp->cols);
}

/* Rows of C characters separated by '/' (grid.c). */
static grundy_status rect_pos_parse(const void *params, const char *text,
                                    size_t len, grundy_pos *out,
                                    grundy_parse_error *where)
{
    const rect_state *rs = params;
    return grundy_grid_pos_parse(&rs->grid, text, len, out, where);
}

static size_t rect_pos_format(const void *params, grundy_pos p, char *buf,
                              size_t cap)
{
    const rect_state *rs = params;
    return grundy_grid_pos_format(&rs->grid, p, buf, cap);
}

static size_t rect_max_moves(const void *params, grundy_pos p)
{
    const grundy_rect_params *rp = params;
    (void)p;
    return (size_t)rp->rows * (rp->rows + 1) / 2 * rp->cols * (rp->cols + 1) /
           2;
}

static size_t rect_moves(const void *params, grundy_pos p, grundy_move *out,
                         size_t cap)
{
    const rect_state *rs = params;
    uint32_t b = (uint32_t)p, q = 0;
    size_t k = 0;
    assert(p >> (rs->pub.rows * rs->pub.cols) == 0);
    GRUNDY_RECT_FOR_EACH_CHILD(&rs->geom, b, q, {
        if (k < cap) {
            out[k].part[0] = q;
            out[k].nparts = 1;
        }
        k++;
    });
    return k;
}

static size_t rect_children(const void *params, grundy_pos p,
                            grundy_pos *out, size_t cap)
{
    const rect_state *rs = params;
    uint32_t b = (uint32_t)p, q = 0;
    size_t k = 0;
    GRUNDY_RECT_FOR_EACH_CHILD(&rs->geom, b, q, {
        if (k < cap)
            out[k] = q;
        k++;
    });
    return k;
}

/* sigma(p) for each symmetry: four byte-table lookups; stops at the
 * first image below p. */
static size_t rect_orbit(const void *params, grundy_pos p, grundy_pos *out,
                         size_t cap)
{
    const rect_state *rs = params;
    uint32_t x = (uint32_t)p;
    unsigned s;
    for (s = 0; s < rs->nsym && s < cap; s++) {
        out[s] = rs->sym[s][0][x & 0xFF] | rs->sym[s][1][(x >> 8) & 0xFF] |
                 rs->sym[s][2][(x >> 16) & 0xFF] | rs->sym[s][3][x >> 24];
        if (out[s] < p)
            return s + 1;
    }
    return rs->nsym;
}

/* Every rectangle of 1s lies in one 4-connected group of 1s: the groups
 * are independent parts, and a part's value depends only on its shape up
 * to the board's symmetries. */
static size_t rect_components(const void *params, grundy_pos p,
                              grundy_pos *out, size_t cap)
{
    const rect_state *rs = params;
    return grundy_grid_components(&rs->grid, p, 1, out, cap);
}

static void rect_key(const void *params, grundy_pos p, uint64_t key[2])
{
    const rect_state *rs = params;
    key[0] = grundy_grid_key(&rs->grid, p);
    key[1] = 0;
}

static grundy_status rect_geometry(const void *params, grundy_pos p,
                                   grundy_board_geometry *out)
{
    grundy_grid_geometry(&((const rect_state *)params)->grid, p, out);
    out->taken = "a 0 cell";
    return GRUNDY_OK;
}

static size_t rect_spec(const void *params, char *buf, size_t cap)
{
    const grundy_rect_params *rp = params;
    grundy_spec_buf b = grundy_spec_start(buf, cap, "rect:");
    grundy_spec_put_u64(&b, rp->rows);
    grundy_spec_put(&b, "x");
    grundy_spec_put_u64(&b, rp->cols);
    return b.len;
}

const grundy_rules grundy_rules_rect = {
    .name = "rect",
    .synopsis = "rect:RxC           clear an all-1 rectangle of an R x C 0/1 "
                "board (R*C <= 30)",
    .flags = GRUNDY_RULES_BOARD | GRUNDY_RULES_SUBSETS,
    GRUNDY_BOARD_FAMILY(rect),
    .components = rect_components,
};
