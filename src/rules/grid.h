/*
 * grid.h -- the geometry of boards of R x C cells held in one 64-bit
 * mask (cell (r, c) is bit r*C + c), shared by the board families (cram,
 * node-kayles on grids and paths, rect).
 *
 * Three things every board family needs and none should write twice:
 *   - the parts of a position: its 4-connected groups of cells, found by
 *     growing a seed with word shifts (one step per unit of the group's
 *     diameter);
 *   - a key per shape: the part moved to the top-left corner and taken as
 *     the least of its images under the symmetries of the square lattice
 *     that keep it on the board (the flips and the half turn always; the
 *     transposes when the part fits the board turned a quarter), so that
 *     the same shape anywhere on the board, in any orientation, shares one
 *     entry of a table of values;
 *   - the orbit of a whole position under the board's own symmetries (for
 *     tier tabulation), a byte-table lookup per symmetry and byte;
 * and the text form of a position: rows of 0/1, top row first, separated
 * by '/'.
 */
#ifndef GRUNDY_RULES_GRID_H
#define GRUNDY_RULES_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/rules.h"
#include "grundy/status.h"

#define GRUNDY_GRID_MAX_CELLS 64

typedef struct grundy_grid {
    unsigned rows, cols, cells;
    uint64_t all;       /* every cell */
    uint64_t not_left;  /* every cell but those of column 0 */
    uint64_t not_right; /* every cell but those of column C - 1 */
    uint64_t row0;      /* the cells of row 0 */
    unsigned side;      /* min(R, C): the largest square on the board */
    unsigned char row_of[64]; /* the row of each bit (no division) */
    /* spread[x]: the bits c of x (c < side) moved to c * C (a row turned
     * into a column), for transposes. */
    uint64_t spread[256];
    /* The board's symmetries other than the identity, byte by byte. */
    unsigned nsym;
    uint64_t sym[7][8][256];
} grundy_grid;

/* The drawing of position p of the board (grundy_rules.geometry): cells
 * as unit squares, cell (r, c) at x = c, y = r. */
void grundy_grid_geometry(const grundy_grid *g, uint64_t p,
                          grundy_board_geometry *out);

/* Masks and tables of an R x C board, R * C <= 64. */
void grundy_grid_init(grundy_grid *g, unsigned rows, unsigned cols);

/* The cells next to the cells of x (left, right, up, down), on the board,
 * x's own cells included. */
static inline uint64_t grundy_grid_grow(const grundy_grid *g, uint64_t x)
{
    uint64_t y = x | ((x & g->not_left) >> 1) | ((x & g->not_right) << 1);
    if (g->rows > 1) /* a shift by 64 would be undefined */
        y |= (x >> g->cols) | ((x << g->cols) & g->all);
    return y;
}

/* The 4-connected groups of p with at least min_cells cells (the others
 * are left out), each as a mask, into out[0 .. cap); returns their number
 * (as grundy_rules.components). */
size_t grundy_grid_components(const grundy_grid *g, uint64_t p,
                              unsigned min_cells, grundy_pos *out,
                              size_t cap);

/* The key of p: moved to the top-left corner and the least of its images
 * under the flips, the half turn and (when they keep it on the board) the
 * transposes.  0 for the empty position. */
uint64_t grundy_grid_key(const grundy_grid *g, uint64_t p);

/* The images of p under the board's symmetries other than the identity,
 * stopping after the first one below p (as grundy_rules.orbit). */
size_t grundy_grid_orbit(const grundy_grid *g, uint64_t p, grundy_pos *out,
                         size_t cap);

/* Rows of C characters '0' or '1' separated by '/', the top row first;
 * where->col names the character at fault (len + 1 when the text ends
 * too early). */
grundy_status grundy_grid_pos_parse(const grundy_grid *g, const char *text,
                                    size_t len, grundy_pos *out,
                                    grundy_parse_error *where);
/* snprintf semantics. */
size_t grundy_grid_pos_format(const grundy_grid *g, uint64_t p, char *buf,
                              size_t cap);

/* "RxC" with R, C >= 1 and R * C <= max_cells; errors name the column in
 * args (1-based) and, for a board too large, the limit.  name is the
 * family's, for the examples in messages. */
grundy_status grundy_grid_parse_dims(unsigned *rows, unsigned *cols,
                                     size_t *used, const char *args,
                                     unsigned max_cells, const char *name,
                                     grundy_parse_error *where);

/* What may follow "RxC" at args[used]: nothing, or with start (what the
 * family calls its starting position: "board", "position") a ':' and
 * that start.  Anything else is refused with its column. */
grundy_status grundy_grid_dims_end(const char *args, size_t used,
                                   const char *start,
                                   grundy_parse_error *where);

/* Bits set in x, inline (the compiler's helper is a call without POPCNT
 * in the baseline instruction set). */
static inline unsigned grundy_pop64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

/* The bits of x in reverse order. */
static inline uint64_t grundy_rev64(uint64_t x)
{
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    return __builtin_bswap64(x);
}

/* The mirror strategy.  A part that is its own image under the half turn
 * about the centre of its bounding box is a second-player win when no
 * move lies on, or meets, its own image: each move is then answered by
 * its image, which is disjoint from it and still there (Tweedledum and
 * Tweedledee).  On the grid that happens only at the centre, for a
 * domino of Cram and for a vertex of Node-Kayles (a vertex is its own
 * image, or its image's neighbour, only there): the centre cell when
 * both sides of the box are odd, the two central cells when one side is
 * even, none when both are even.  So the part is a win for the second
 * player when it is its own image and does not hold every centre cell.
 * Parts of fewer than GRUNDY_GRID_MIRROR_MIN cells are not tried: the
 * table soon holds them. */
#define GRUNDY_GRID_MIRROR_MIN 8

/* Whether the shape of h rows of w bits (rows[i]: row i, at the box's
 * left) is such a part. */
static inline int grundy_grid_shape_mirrored(const uint64_t *rows,
                                             unsigned h, unsigned w)
{
    unsigned i, ra = (h - 1) / 2, rb = h / 2, ca = (w - 1) / 2, cb = w / 2;
    for (i = 0; i <= ra; i++)
        if (rows[i] != grundy_rev64(rows[h - 1 - i]) >> (64 - w))
            return 0;
    if (ra != rb && ca != cb)
        return 1;
    return !(((rows[ra] & rows[rb]) >> ca) & ((rows[ra] & rows[rb]) >> cb) &
             1);
}

/* The same on one word: the part turned half about the board's centre
 * (all bits reversed) and moved onto its own box is the part itself.
 * Most parts fail a first test: the half turn swaps the first and the
 * last cell (in the order of the bits), the second and the one before
 * the last, and the last of the top row and the first of the bottom row,
 * so the three pairs have the same sum of bit numbers.  A part of an odd
 * number of cells is its own image only with the centre cell. */
static inline int grundy_grid_mirrored(const grundy_grid *g, uint64_t p)
{
    unsigned C = g->cols, top, bot, left, right, s, ra, rb, ca, cb;
    unsigned lo = (unsigned)__builtin_ctzll(p),
             hi = 63 - (unsigned)__builtin_clzll(p);
    uint64_t fold = p, q, centre, inner = p & (p - 1) & ~(1ull << hi);
    int shift;
    uint64_t first, last;
    if (!inner || lo + hi != (unsigned)__builtin_ctzll(inner) + 63 -
                                 (unsigned)__builtin_clzll(inner))
        return 0;
    /* ... and the last cell of the top row with the first of the bottom
     * row */
    top = g->row_of[lo];
    bot = g->row_of[hi];
    first = (p >> (top * C)) & g->row0;
    last = (p >> (bot * C)) & g->row0;
    if (!first || !last ||
        lo + hi != top * C + 63 - (unsigned)__builtin_clzll(first) +
                       bot * C + (unsigned)__builtin_ctzll(last) ||
        grundy_pop64(p) < GRUNDY_GRID_MIRROR_MIN || (grundy_pop64(p) & 1))
        return 0;
    for (s = C; s < g->cells; s <<= 1)
        fold |= fold >> s;
    fold &= g->row0;
    left = (unsigned)__builtin_ctzll(fold);
    right = 63 - (unsigned)__builtin_clzll(fold);
    /* cell (r, c) turned about the board's centre is (R-1-r, C-1-c);
     * about the box's, (top+bot-r, left+right-c) */
    q = grundy_rev64(p) >> (64 - g->cells);
    shift = ((int)(top + bot) + 1 - (int)g->rows) * (int)C +
            (int)(left + right) + 1 - (int)C;
    q = shift >= 0 ? q << shift : q >> -shift;
    if (q != p)
        return 0;
    ra = (top + bot) / 2;
    rb = (top + bot + 1) / 2;
    ca = (left + right) / 2;
    cb = (left + right + 1) / 2;
    if (ra != rb && ca != cb)
        return 1;
    centre = (1ull << (ra * C + ca)) | (1ull << (rb * C + cb));
    return (p & centre) != centre;
}

#endif
