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

/* The symmetries of an R x C board other than the identity: the two
 * flips and the half turn, and for a square also the two transposes and
 * the quarter turns; duplicates (on 1 x C boards) are dropped. */
static void sym_init(rect_state *rs, unsigned R, unsigned C)
{
    unsigned t, s, i, b, v, r, c, k;
    unsigned map[GRUNDY_RECT_MAX_CELLS];
    uint32_t img[7][GRUNDY_RECT_MAX_CELLS];
    rs->nsym = 0;
    for (t = 1; t < (R == C ? 8u : 4u); t++) {
        int same = 1, dup = 0;
        for (r = 0; r < R; r++)
            for (c = 0; c < C; c++) {
                unsigned rr = r, cc = c;
                switch (t) {
                case 1:
                    cc = C - 1 - c;
                    break;
                case 2:
                    rr = R - 1 - r;
                    break;
                case 3:
                    rr = R - 1 - r;
                    cc = C - 1 - c;
                    break;
                case 4:
                    rr = c;
                    cc = r;
                    break;
                case 5:
                    rr = C - 1 - c;
                    cc = R - 1 - r;
                    break;
                case 6:
                    rr = c;
                    cc = R - 1 - r;
                    break;
                default:
                    rr = C - 1 - c;
                    cc = r;
                    break;
                }
                map[r * C + c] = rr * C + cc;
                if (map[r * C + c] != r * C + c)
                    same = 0;
            }
        for (s = 0; s < rs->nsym && !dup; s++) {
            dup = 1;
            for (i = 0; i < R * C; i++)
                if (img[s][i] != ((uint32_t)1 << map[i]))
                    dup = 0;
        }
        if (same || dup)
            continue;
        for (i = 0; i < R * C; i++)
            img[rs->nsym][i] = (uint32_t)1 << map[i];
        for (b = 0; b < 4; b++)
            for (v = 0; v < 256; v++) {
                uint32_t y = 0;
                for (k = 0; k < 8; k++)
                    if (((v >> k) & 1) && 8 * b + k < R * C)
                        y |= img[rs->nsym][8 * b + k];
                rs->sym[rs->nsym][b][v] = y;
            }
        rs->nsym++;
    }
}

/* Length of the run of decimal digits at s. */
static size_t digit_run(const char *s)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    return n;
}

/* "RxC": R and C >= 1 with R*C <= 30; where->col 1-based in args. */
static grundy_status rect_parse(void **params, const char *args,
                                grundy_parse_error *where)
{
    rect_state *rs;
    size_t nr, nc, x;
    uint64_t r, c;
    grundy_status s;

    *params = NULL;
    if (!args)
        args = "";
    nr = digit_run(args);
    if (!nr) {
        grundy_parse_error_set(where, 1, 1,
                               "expected the number of rows (RxC, e.g. "
                               "rect:4x4)");
        return GRUNDY_ERR_PARSE;
    }
    if (args[nr] != 'x') {
        grundy_parse_error_set(where, 1, nr + 1,
                               "expected 'x' after the number of rows "
                               "(RxC, e.g. rect:4x4)");
        return GRUNDY_ERR_PARSE;
    }
    x = nr + 1;
    nc = digit_run(args + x);
    if (!nc) {
        grundy_parse_error_set(where, 1, x + 1,
                               "expected the number of columns (RxC, e.g. "
                               "rect:4x4)");
        return GRUNDY_ERR_PARSE;
    }
    if (args[x + nc]) {
        grundy_parse_error_set(where, 1, x + nc + 1,
                               "unexpected '%c' after RxC", args[x + nc]);
        return GRUNDY_ERR_PARSE;
    }
    GRUNDY_TRY(grundy_u64_parse(&r, args, nr, 1, GRUNDY_RECT_MAX_CELLS, where));
    s = grundy_u64_parse(&c, args + x, nc, 1, GRUNDY_RECT_MAX_CELLS, where);
    if (s != GRUNDY_OK) {
        if (where)
            where->col += x;
        return s;
    }
    if (r * c > GRUNDY_RECT_MAX_CELLS) {
        grundy_parse_error_set(where, 1, 1,
                               "a %llux%llu board has %llu cells; at most "
                               "%d are supported",
                               (unsigned long long)r, (unsigned long long)c,
                               (unsigned long long)(r * c),
                               GRUNDY_RECT_MAX_CELLS);
        return GRUNDY_ERR_RANGE;
    }
    rs = malloc(sizeof *rs);
    GRUNDY_RETURN_IF(!rs, GRUNDY_ERR_NOMEM);
    rs->pub.rows = (unsigned)r;
    rs->pub.cols = (unsigned)c;
    grundy_rect_geom_init(&rs->geom, rs->pub.rows, rs->pub.cols);
    sym_init(rs, rs->pub.rows, rs->pub.cols);
    grundy_grid_init(&rs->grid, rs->pub.rows, rs->pub.cols);
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

/* Rows of C characters separated by '/'.  Every error names the column of
 * the character at fault (or len + 1 when the text ends too early). */
static grundy_status rect_pos_parse(const void *params, const char *text,
                                    size_t len, grundy_pos *out,
                                    grundy_parse_error *where)
{
    const grundy_rect_params *rp = params;
    unsigned row = 0, col = 0;
    grundy_pos p = 0;
    size_t i;

    for (i = 0; i <= len; i++) {
        char ch = i < len ? text[i] : 0;
        if (ch == '/' || i == len) {
            if (col != rp->cols) {
                grundy_parse_error_set(
                    where, 1, i + 1, "row %u has %u cell%s, expected %u",
                    row + 1, col, col == 1 ? "" : "s", rp->cols);
                return GRUNDY_ERR_PARSE;
            }
            row++;
            col = 0;
            if (ch == '/' && row == rp->rows) {
                grundy_parse_error_set(where, 1, i + 1, "more than %u rows",
                                       rp->rows);
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
        if (col == rp->cols) {
            grundy_parse_error_set(where, 1, i + 1,
                                   "row %u has more than %u cells", row + 1,
                                   rp->cols);
            return GRUNDY_ERR_PARSE;
        }
        if (ch == '1')
            p |= (grundy_pos)1 << (row * rp->cols + col);
        col++;
    }
    if (row != rp->rows) {
        grundy_parse_error_set(where, 1, len + 1, "%u rows, expected %u", row,
                               rp->rows);
        return GRUNDY_ERR_PARSE;
    }
    *out = p;
    return GRUNDY_OK;
}

static size_t rect_pos_format(const void *params, grundy_pos p, char *buf,
                              size_t cap)
{
    const grundy_rect_params *rp = params;
    size_t need = (size_t)rp->rows * (rp->cols + 1) - 1, k = 0;
    unsigned r, c;
    for (r = 0; r < rp->rows; r++) {
        if (r) {
            if (k + 1 < cap)
                buf[k] = '/';
            k++;
        }
        for (c = 0; c < rp->cols; c++, k++)
            if (k + 1 < cap)
                buf[k] = (char)('0' + ((p >> (r * rp->cols + c)) & 1));
    }
    assert(k == need);
    if (cap)
        buf[need < cap ? need : cap - 1] = 0;
    return need;
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
    .parse = rect_parse,
    .free_params = rect_free,
    .num_positions = rect_num_positions,
    .pos_parse = rect_pos_parse,
    .pos_format = rect_pos_format,
    .max_moves = rect_max_moves,
    .moves = rect_moves,
    .spec_format = rect_spec,
    .children = rect_children,
    .orbit = rect_orbit,
    .components = rect_components,
    .key = rect_key,
    .geometry = rect_geometry,
};
