/*
 * wgrid.h -- the geometry of R x C boards of up to 256 cells held in 2 or
 * 4 words (rules/cells.h): what grid.h does in one word, for the wide
 * board search (grundy_board_wide).
 *
 *   - the parts of a position: its 4-connected groups of cells, grown
 *     from a seed with shifts of the whole set;
 *   - a key per shape: the part's rows cut to its bounding box, and the
 *     least of its images under the eight symmetries of the square
 *     lattice (rows compared as numbers, narrower images first), packed
 *     row after row.  The key depends on the shape alone, not on the board
 *     or where the part lies, so every part of one shape in any place and
 *     orientation shares one entry of a table of values.  Boards whose
 *     rows are over 64 cells (1, 2 or 3 rows) key a part by its cells;
 *   - the text form of a position (rows of 0/1, grid.h).
 *
 * A shape's rows: rows[i] holds the cells of its row i as bits 0 .. w-1.
 */
#ifndef GRUNDY_RULES_WGRID_H
#define GRUNDY_RULES_WGRID_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/rules.h"
#include "grundy/status.h"
#include "rules/cells.h"
#include "rules/grid.h"

typedef struct grundy_wgrid {
    unsigned rows, cols, cells;
    uint64_t all[GRUNDY_CELLS_MAX_WORDS];
    uint64_t not_left[GRUNDY_CELLS_MAX_WORDS];  /* all but column 0 */
    uint64_t not_right[GRUNDY_CELLS_MAX_WORDS]; /* all but column C - 1 */
} grundy_wgrid;

/* The tags of keys (grundy_board_wide.key): a shape's width 1..64, or a
 * part keyed by its cells. */
#define GRUNDY_WGRID_TAG_CELLS 255u

void grundy_wgrid_init(grundy_wgrid *g, unsigned rows, unsigned cols);

/* x and the cells next to it (left, right, up, down) on the board; out
 * must not alias x. */
static inline void grundy_wgrid_grow(const grundy_wgrid *g, uint64_t *out,
                                     const uint64_t *x, unsigned W)
{
    uint64_t a[GRUNDY_CELLS_MAX_WORDS], b[GRUNDY_CELLS_MAX_WORDS];
    unsigned i;
    grundy_cells_and(a, x, g->not_left, W);
    grundy_cells_shr(b, a, 1, W);
    grundy_cells_or(out, x, b, W);
    grundy_cells_and(a, x, g->not_right, W);
    grundy_cells_shl(b, a, 1, W);
    grundy_cells_or(out, out, b, W);
    if (g->rows > 1) {
        grundy_cells_shr(b, x, g->cols, W);
        grundy_cells_or(out, out, b, W);
        grundy_cells_shl(b, x, g->cols, W);
        for (i = 0; i < W; i++)
            out[i] |= b[i] & g->all[i];
    }
}

/* The 4-connected groups of p with at least min_cells cells, each as a
 * set of W words, into out[0 .. cap * W); returns their number. */
size_t grundy_wgrid_components(const grundy_wgrid *g, const uint64_t *p,
                               unsigned min_cells, uint64_t *out, size_t cap,
                               unsigned W);

/* The rows of a non-empty part p cut to its bounding box (a shape's rows,
 * above) into rows[0 .. h), its width into *w; returns h, 0 when p is
 * empty or the board's rows are over 64 cells. */
unsigned grundy_wgrid_rows(const grundy_wgrid *g, const uint64_t *p,
                          uint64_t *rows, unsigned *w, unsigned W);

/* Whether part p of W words is a second-player win by the mirror
 * strategy (rules/grid.h: grundy_grid_mirrored()). */
static inline int grundy_wgrid_mirrored(const grundy_wgrid *g,
                                        const uint64_t *p, unsigned W)
{
    uint64_t rows[GRUNDY_BOARD_MAX_CELLS];
    unsigned cells = grundy_cells_pop(p, W), w = 0, h;
    return cells >= GRUNDY_GRID_MIRROR_MIN && !(cells & 1) &&
           (h = grundy_wgrid_rows(g, p, rows, &w, W)) != 0 &&
           grundy_grid_shape_mirrored(rows, h, w);
}

/* The key of a non-empty part p (see the top of the file): key[0 .. W),
 * *tag. */
void grundy_wgrid_key(const grundy_wgrid *g, const uint64_t *p,
                      uint64_t *key, unsigned *tag, unsigned W);

/* The key of a shape given by its h rows of w bits (w <= 64, every row
 * and the first and last column non-empty), into key[0 .. W) (h * w <= 64
 * * W) and *tag.  Shared by every family whose parts are shapes on the
 * square lattice (the queens graph too: its edges follow the lines of the
 * lattice). */
void grundy_wgrid_shape_key(const uint64_t *rows, unsigned h, unsigned w,
                            uint64_t *key, unsigned *tag, unsigned W);

/* The window of a board for an endgame database of up to `cells` cells
 * (grundy_rules.window): every row of the shorter side and as many lines
 * of the longer as fit, at most one fewer than the board has.  0 when
 * not even a window of 4 cells fits. */
int grundy_wgrid_window(const grundy_wgrid *g, unsigned cells,
                        unsigned *rows, unsigned *cols);

/* Position q of a window board w (one word: w has at most 64 cells)
 * placed at the top-left corner of g, into out[0 .. W); returns 1 (every
 * position is placed: a window's symmetries already thin them out, and
 * skipping shifted copies as well could skip every copy of a shape). */
int grundy_wgrid_place(const grundy_wgrid *g, const grundy_wgrid *w,
                       uint64_t q, uint64_t *out, unsigned W);

/* Rows of C characters '0' or '1' separated by '/', the top row first,
 * into out[0 .. W) (as grundy_grid_pos_parse()). */
grundy_status grundy_wgrid_pos_parse(const grundy_wgrid *g, const char *text,
                                     size_t len, uint64_t *out, unsigned W,
                                     grundy_parse_error *where);
/* The text of an R x C board whose cell i is bit i of the words p[0 ..]
 * (grid.h: rows of 0/1 separated by '/'), for boards of every width;
 * snprintf semantics. */
size_t grundy_wgrid_rows_format(unsigned rows, unsigned cols, const uint64_t *p,
                                char *buf, size_t cap);
/* The same for a board g of width W; snprintf semantics. */
size_t grundy_wgrid_pos_format(const grundy_wgrid *g, const uint64_t *p,
                               char *buf, size_t cap, unsigned W);

#endif
