/*
 * wgrid.c -- R x C boards of up to 256 cells in 2 or 4 words (wgrid.h).
 *
 * Each function is written once over the width and instantiated for 1, 2
 * and 4 words by a switch on the width, so the word loops unroll.
 */
#include <string.h>

#include "rules/grid.h"
#include "rules/rules_internal.h"
#include "rules/wgrid.h"

void grundy_wgrid_init(grundy_wgrid *g, unsigned rows, unsigned cols)
{
    unsigned r, c;
    memset(g, 0, sizeof *g);
    g->rows = rows;
    g->cols = cols;
    g->cells = rows * cols;
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            unsigned i = r * cols + c;
            grundy_cells_set(g->all, i);
            if (c > 0)
                grundy_cells_set(g->not_left, i);
            if (c + 1 < cols)
                grundy_cells_set(g->not_right, i);
        }
}

/* Components ****************************************************************/

static inline size_t components_w(const grundy_wgrid *g, const uint64_t *p,
                                  unsigned min_cells, uint64_t *out,
                                  size_t cap, unsigned W)
{
    uint64_t rest[GRUNDY_CELLS_MAX_WORDS], part[GRUNDY_CELLS_MAX_WORDS];
    uint64_t next[GRUNDY_CELLS_MAX_WORDS];
    size_t k = 0;
    grundy_cells_copy(rest, p, W);
    while (!grundy_cells_empty(rest, W)) {
        grundy_cells_zero(part, W);
        grundy_cells_set(part, grundy_cells_low(rest, W));
        for (;;) {
            grundy_wgrid_grow(g, next, part, W);
            grundy_cells_and(next, next, p, W);
            if (grundy_cells_eq(next, part, W))
                break;
            grundy_cells_copy(part, next, W);
        }
        grundy_cells_andnot(rest, rest, part, W);
        if (min_cells <= 1 || grundy_cells_pop(part, W) >= min_cells) {
            if (k < cap)
                grundy_cells_copy(out + k * W, part, W);
            k++;
        }
    }
    return k;
}

size_t grundy_wgrid_components(const grundy_wgrid *g, const uint64_t *p,
                               unsigned min_cells, uint64_t *out, size_t cap,
                               unsigned W)
{
    switch (W) {
    case 1:
        return components_w(g, p, min_cells, out, cap, 1);
    case 2:
        return components_w(g, p, min_cells, out, cap, 2);
    default:
        return components_w(g, p, min_cells, out, cap, 4);
    }
}

/* Keys **********************************************************************/

/* The rows of a shape in reverse order, or each row reversed within w
 * bits, or both. */
static void image(uint64_t *out, const uint64_t *rows, unsigned h,
                  unsigned w, int vflip, int hflip)
{
    unsigned i;
    for (i = 0; i < h; i++) {
        uint64_t x = rows[vflip ? h - 1 - i : i];
        out[i] = hflip ? grundy_rev64(x) >> (64 - w) : x;
    }
}

/* -1, 0, 1: images of h rows compared row by row. */
static int rows_cmp(const uint64_t *a, const uint64_t *b, unsigned h)
{
    unsigned i;
    for (i = 0; i < h; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* The least of the four flips of a shape of h rows of w bits into best. */
static void least_flip(uint64_t *best, const uint64_t *rows, unsigned h,
                       unsigned w)
{
    uint64_t img[GRUNDY_BOARD_MAX_CELLS];
    int v, f;
    image(best, rows, h, w, 0, 0);
    for (v = 0; v < 2; v++)
        for (f = 0; f < 2; f++) {
            if (!v && !f)
                continue;
            image(img, rows, h, w, v, f);
            if (rows_cmp(img, best, h) < 0)
                memcpy(best, img, h * sizeof *img);
        }
}

void grundy_wgrid_shape_key(const uint64_t *rows, unsigned h, unsigned w,
                            uint64_t *key, unsigned *tag, unsigned W)
{
    uint64_t a[GRUNDY_BOARD_MAX_CELLS], t[64] = {0}, b[64];
    const uint64_t *best = a;
    unsigned bh = h, bw = w, i, j;
    least_flip(a, rows, h, w);
    if (h <= 64 && h <= w) {
        /* the transposes: w rows of h bits */
        for (j = 0; j < w; j++) {
            uint64_t x = 0;
            for (i = 0; i < h; i++)
                x |= ((rows[i] >> j) & 1) << i;
            t[j] = x;
        }
        least_flip(b, t, w, h);
        if (h < w || rows_cmp(b, a, h) < 0) {
            best = b;
            bh = w;
            bw = h;
        }
    }
    grundy_cells_zero(key, W);
    for (i = 0; i < bh; i++)
        grundy_cells_put_bits(key, i * bw, best[i], bw, W);
    *tag = bw;
}

unsigned grundy_wgrid_rows(const grundy_wgrid *g, const uint64_t *p,
                          uint64_t *rows, unsigned *w, unsigned W)
{
    uint64_t fold = 0;
    unsigned C = g->cols, top, h, i, left, right;
    if (C > 64 || grundy_cells_empty(p, W))
        return 0;
    top = grundy_cells_low(p, W) / C;
    h = grundy_cells_high(p, W) / C - top + 1;
    for (i = 0; i < h; i++) {
        rows[i] = grundy_cells_get_bits(p, (top + i) * C, C, W);
        fold |= rows[i];
    }
    left = (unsigned)__builtin_ctzll(fold);
    right = 63 - (unsigned)__builtin_clzll(fold);
    for (i = 0; i < h; i++)
        rows[i] >>= left;
    *w = right - left + 1;
    return h;
}

void grundy_wgrid_key(const grundy_wgrid *g, const uint64_t *p,
                      uint64_t *key, unsigned *tag, unsigned W)
{
    uint64_t rows[GRUNDY_BOARD_MAX_CELLS];
    unsigned w = 0, h = grundy_wgrid_rows(g, p, rows, &w, W);
    if (!h) {
        grundy_cells_copy(key, p, W);
        *tag = GRUNDY_WGRID_TAG_CELLS;
        return;
    }
    grundy_wgrid_shape_key(rows, h, w, key, tag, W);
}

/* Windows *******************************************************************/

int grundy_wgrid_window(const grundy_wgrid *g, unsigned cells,
                        unsigned *rows, unsigned *cols)
{
    unsigned R = g->rows, C = g->cols, r, c;
    if (cells > 64)
        cells = 64;
    if (R <= C) {
        r = R;
        c = cells / R;
        if (c >= C)
            c = C - 1;
    } else {
        c = C;
        r = cells / C;
        if (r >= R)
            r = R - 1;
    }
    if (r * c < 4)
        return 0;
    *rows = r;
    *cols = c;
    return 1;
}

int grundy_wgrid_place(const grundy_wgrid *g, const grundy_wgrid *w,
                       uint64_t q, uint64_t *out, unsigned W)
{
    grundy_cells_zero(out, W);
    for (; q; q &= q - 1) {
        unsigned i = (unsigned)__builtin_ctzll(q);
        grundy_cells_set(out, (i / w->cols) * g->cols + i % w->cols);
    }
    return 1;
}

/* Text **********************************************************************/

grundy_status grundy_wgrid_pos_parse(const grundy_wgrid *g, const char *text,
                                     size_t len, uint64_t *out, unsigned W,
                                     grundy_parse_error *where)
{
    unsigned row = 0, col = 0;
    size_t i;
    grundy_cells_zero(out, W);
    for (i = 0; i <= len; i++) {
        char ch = i < len ? text[i] : 0;
        if (ch == '/' || i == len) {
            if (col != g->cols) {
                grundy_parse_error_set(
                    where, 1, i + 1, "row %u has %u cell%s, expected %u",
                    row + 1, col, col == 1 ? "" : "s", g->cols);
                return GRUNDY_ERR_PARSE;
            }
            row++;
            col = 0;
            if (ch == '/' && row == g->rows) {
                grundy_parse_error_set(where, 1, i + 1, "more than %u rows",
                                       g->rows);
                return GRUNDY_ERR_PARSE;
            }
            continue;
        }
        if (ch != '0' && ch != '1') {
            grundy_parse_error_set(where, 1, i + 1,
                                   "expected a cell '0' or '1' or a row "
                                   "separator '/'");
            return GRUNDY_ERR_PARSE;
        }
        if (col == g->cols) {
            grundy_parse_error_set(where, 1, i + 1,
                                   "row %u has more than %u cells", row + 1,
                                   g->cols);
            return GRUNDY_ERR_PARSE;
        }
        if (ch == '1')
            grundy_cells_set(out, row * g->cols + col);
        col++;
    }
    if (row != g->rows) {
        grundy_parse_error_set(where, 1, len + 1, "%u rows, expected %u", row,
                               g->rows);
        return GRUNDY_ERR_PARSE;
    }
    return GRUNDY_OK;
}

size_t grundy_wgrid_rows_format(unsigned rows, unsigned cols, const uint64_t *p,
                                char *buf, size_t cap)
{
    size_t need = (size_t)rows * (cols + 1) - 1, k = 0;
    unsigned r, c;
    for (r = 0; r < rows; r++) {
        if (r) {
            if (k + 1 < cap)
                buf[k] = '/';
            k++;
        }
        for (c = 0; c < cols; c++, k++)
            if (k + 1 < cap)
                buf[k] = (char)('0' + grundy_cells_has(p, r * cols + c));
    }
    if (cap)
        buf[need < cap ? need : cap - 1] = 0;
    return need;
}

size_t grundy_wgrid_pos_format(const grundy_wgrid *g, const uint64_t *p,
                               char *buf, size_t cap, unsigned W)
{
    (void)W;
    return grundy_wgrid_rows_format(g->rows, g->cols, p, buf, cap);
}
