/*
 * grid.c -- the geometry of R x C boards in one 64-bit mask (grid.h).
 *
 * Keys.  A part is moved to the corner (its top row to row 0, its left
 * column to column 0), and its images are built there with word
 * operations: the half turn is a reversal of all 64 bits and one shift;
 * the vertical flip reverses the order of its h rows; the horizontal
 * flip is the half turn of the vertical flip; a transpose sends each row
 * through a table of 2^min(R, C) entries (a part that fits the board
 * turned a quarter is at most min(R, C) wide).  The least image is the
 * key, in the board's own layout, so keys of one game compare as
 * integers.
 */
#include <string.h>

#include "grundy/io.h"
#include "rules/grid.h"
#include "rules/wgrid.h"
#include "rules/rules_internal.h"

/* Column occupancy of x folded into row 0. */
static inline uint64_t col_fold(const grundy_grid *g, uint64_t x)
{
    unsigned s;
    for (s = g->cols; s < g->cells; s <<= 1)
        x |= x >> s;
    return x & g->row0;
}

/* The eight symmetries of a square, each as a transpose (or none), then
 * a flip of the rows and one of the columns (or none); the first four are
 * those of any rectangle: the identity, the flips and the half turn. */
static const struct {
    unsigned char swap, flip_rows, flip_cols;
} sym_ops[8] = {
    {0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {0, 1, 1},
    {1, 0, 0}, {1, 1, 1}, {1, 0, 1}, {1, 1, 0},
};

/* The symmetries of the whole board other than the identity (the flips
 * and the half turn; for a square also the transposes and the quarter
 * turns), with duplicates (1 x C boards) dropped. */
static void sym_init(grundy_grid *g)
{
    unsigned R = g->rows, C = g->cols, n = g->cells, t, s, i, b, v, k;
    unsigned map[GRUNDY_GRID_MAX_CELLS];
    unsigned img[7][GRUNDY_GRID_MAX_CELLS];
    g->nsym = 0;
    for (t = 1; t < (R == C ? 8u : 4u); t++) {
        int same = 1, dup = 0;
        unsigned r, c;
        for (r = 0; r < R; r++)
            for (c = 0; c < C; c++) {
                /* transposed only when square: R == C */
                unsigned rr = sym_ops[t].swap ? c : r;
                unsigned cc = sym_ops[t].swap ? r : c;
                if (sym_ops[t].flip_rows)
                    rr = R - 1 - rr;
                if (sym_ops[t].flip_cols)
                    cc = C - 1 - cc;
                map[r * C + c] = rr * C + cc;
                if (map[r * C + c] != r * C + c)
                    same = 0;
            }
        for (s = 0; s < g->nsym && !dup; s++) {
            dup = 1;
            for (i = 0; i < n; i++)
                if (img[s][i] != map[i])
                    dup = 0;
        }
        if (same || dup)
            continue;
        for (i = 0; i < n; i++)
            img[g->nsym][i] = map[i];
        for (b = 0; b < 8; b++)
            for (v = 0; v < 256; v++) {
                uint64_t y = 0;
                for (k = 0; k < 8; k++)
                    if (((v >> k) & 1) && 8 * b + k < n)
                        y |= 1ull << map[8 * b + k];
                g->sym[g->nsym][b][v] = y;
            }
        g->nsym++;
    }
}

void grundy_grid_init(grundy_grid *g, unsigned rows, unsigned cols)
{
    unsigned r, c, x;
    memset(g, 0, sizeof *g);
    g->rows = rows;
    g->cols = cols;
    g->cells = rows * cols;
    g->all = g->cells == 64 ? ~0ull : (1ull << g->cells) - 1;
    g->row0 = cols == 64 ? ~0ull : (1ull << cols) - 1;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            uint64_t bit = 1ull << (r * cols + c);
            if (c > 0)
                g->not_left |= bit;
            if (c + 1 < cols)
                g->not_right |= bit;
        }
    for (x = 0; x < 64; x++)
        g->row_of[x] = (unsigned char)(x / cols);
    g->side = rows < cols ? rows : cols;
    for (x = 0; x < (1u << g->side); x++)
        for (c = 0; c < g->side; c++)
            if ((x >> c) & 1)
                g->spread[x] |= 1ull << (c * cols);
    sym_init(g);
}

size_t grundy_grid_components(const grundy_grid *g, uint64_t p,
                              unsigned min_cells, grundy_pos *out,
                              size_t cap)
{
    uint64_t rest = p;
    size_t k = 0;
    while (rest) {
        uint64_t part = rest & (~rest + 1), next;
        while ((next = grundy_grid_grow(g, part) & p) != part)
            part = next;
        rest &= ~part;
        if (min_cells <= 1 || (min_cells == 2 ? (part & (part - 1)) != 0
                                              : grundy_pop64(part) >= min_cells)) {
            if (k < cap)
                out[k] = part;
            k++;
        }
    }
    return k;
}

/* The h rows of x (at the corner) in reverse order. */
static inline uint64_t flip_rows(const grundy_grid *g, uint64_t x,
                                 unsigned h)
{
    uint64_t y = 0;
    unsigned r;
    for (r = 0; r < h; r++)
        y |= ((x >> (r * g->cols)) & g->row0) << ((h - 1 - r) * g->cols);
    return y;
}

/* The half turn of an h x w part at the corner, back at the corner. */
static inline uint64_t half_turn(const grundy_grid *g, uint64_t x,
                                 unsigned h, unsigned w)
{
    return grundy_rev64(x) >> (64 - h * g->cols + g->cols - w);
}

/* The transpose of an h x w part at the corner (w <= side, h <= C). */
static inline uint64_t transpose(const grundy_grid *g, uint64_t x,
                                 unsigned h, unsigned w)
{
    uint64_t y = 0, low = (1ull << w) - 1;
    unsigned r;
    for (r = 0; r < h; r++)
        y |= g->spread[(x >> (r * g->cols)) & low] << r;
    return y;
}

static inline uint64_t min4(const grundy_grid *g, uint64_t x, unsigned h,
                            unsigned w)
{
    uint64_t v = flip_rows(g, x, h), best = x, y;
    if (v < best)
        best = v;
    y = half_turn(g, x, h, w);
    if (y < best)
        best = y;
    y = half_turn(g, v, h, w);
    return y < best ? y : best;
}

uint64_t grundy_grid_key(const grundy_grid *g, uint64_t p)
{
    unsigned top, left, h, w;
    uint64_t cols, best;
    if (!p)
        return 0;
    top = g->row_of[__builtin_ctzll(p)];
    p >>= top * g->cols;
    cols = col_fold(g, p);
    left = (unsigned)__builtin_ctzll(cols);
    p >>= left;
    cols >>= left;
    h = g->row_of[63 - __builtin_clzll(p)] + 1u;
    w = 64 - (unsigned)__builtin_clzll(cols);
    /* an image of fewer rows is the smaller (its last row holds its
     * highest bit), so only a square box needs the images of both
     * orientations */
    if (w > g->rows || h > g->cols || w > g->side || h < w)
        return min4(g, p, h, w);
    best = min4(g, transpose(g, p, h, w), w, h);
    if (h == w) {
        uint64_t t = min4(g, p, h, w);
        if (t < best)
            best = t;
    }
    return best;
}

size_t grundy_grid_orbit(const grundy_grid *g, uint64_t p, grundy_pos *out,
                         size_t cap)
{
    unsigned s, b;
    for (s = 0; s < g->nsym && s < cap; s++) {
        uint64_t y = 0, x = p;
        for (b = 0; b < 8; b++, x >>= 8)
            y |= g->sym[s][b][x & 0xFF];
        out[s] = y;
        if (y < p)
            return s + 1;
    }
    return g->nsym;
}

grundy_status grundy_grid_pos_parse(const grundy_grid *g, const char *text,
                                    size_t len, grundy_pos *out,
                                    grundy_parse_error *where)
{
    /* the rows text of any width (wgrid.c), on one word */
    grundy_wgrid w;
    uint64_t p;
    memset(&w, 0, sizeof w);
    w.rows = g->rows;
    w.cols = g->cols;
    w.cells = g->cells;
    GRUNDY_TRY(grundy_wgrid_pos_parse(&w, text, len, &p, 1, where));
    *out = p;
    return GRUNDY_OK;
}

size_t grundy_grid_pos_format(const grundy_grid *g, uint64_t p, char *buf,
                              size_t cap)
{
    return grundy_wgrid_rows_format(g->rows, g->cols, &p, buf, cap);
}

static size_t digit_run(const char *s)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    return n;
}

grundy_status grundy_grid_parse_dims(unsigned *rows, unsigned *cols,
                                     size_t *used, const char *args,
                                     unsigned max_cells, const char *name,
                                     grundy_parse_error *where)
{
    size_t nr, nc, x;
    uint64_t r, c;
    grundy_status s;
    if (!args)
        args = "";
    nr = digit_run(args);
    if (!nr) {
        grundy_parse_error_set(where, 1, 1,
                               "expected the number of rows (RxC, e.g. "
                               "%s:4x4)",
                               name);
        return GRUNDY_ERR_PARSE;
    }
    if (args[nr] != 'x') {
        grundy_parse_error_set(where, 1, nr + 1,
                               "expected 'x' after the number of rows "
                               "(RxC, e.g. %s:4x4)",
                               name);
        return GRUNDY_ERR_PARSE;
    }
    x = nr + 1;
    nc = digit_run(args + x);
    if (!nc) {
        grundy_parse_error_set(where, 1, x + 1,
                               "expected the number of columns (RxC, e.g. "
                               "%s:4x4)",
                               name);
        return GRUNDY_ERR_PARSE;
    }
    GRUNDY_TRY(grundy_u64_parse(&r, args, nr, 1, max_cells, where));
    s = grundy_u64_parse(&c, args + x, nc, 1, max_cells, where);
    if (s != GRUNDY_OK) {
        if (where)
            where->col += x;
        return s;
    }
    if (r * c > max_cells) {
        grundy_parse_error_set(where, 1, 1,
                               "%llux%llu is %llu cells; boards have at "
                               "most %u (one bit each)",
                               (unsigned long long)r, (unsigned long long)c,
                               (unsigned long long)(r * c), max_cells);
        return GRUNDY_ERR_RANGE;
    }
    *rows = (unsigned)r;
    *cols = (unsigned)c;
    *used = x + nc;
    return GRUNDY_OK;
}

grundy_status grundy_grid_dims_end(const char *args, size_t used,
                                   const char *start, grundy_parse_error *where)
{
    if (!args[used] || (start && args[used] == ':'))
        return GRUNDY_OK;
    if (start)
        grundy_parse_error_set(where, 1, used + 1,
                               "unexpected '%c' after RxC (a starting %s "
                               "follows a ':')",
                               args[used], start);
    else
        grundy_parse_error_set(where, 1, used + 1, "unexpected '%c' after RxC",
                               args[used]);
    return GRUNDY_ERR_PARSE;
}

void grundy_grid_geometry(const grundy_grid *g, uint64_t p,
                          grundy_board_geometry *out)
{
    unsigned i;
    out->ncells = g->cells;
    out->grid = 1;
    out->rows = g->rows;
    out->cols = g->cols;
    out->cells = p & g->all;
    for (i = 0; i < g->cells; i++) {
        out->x[i] = (double)(i % g->cols);
        out->y[i] = (double)(i / g->cols);
    }
}
