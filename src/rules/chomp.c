/*
 * chomp.c -- chomp:RxC, the poset game on an R x C bar of chocolate.
 *
 * A move picks a remaining square and eats it with every square above it
 * and to its right.  The bottom-left square is poisoned: whoever takes it
 * loses, which is normal play on the other squares (a player facing the
 * poisoned square alone has no move).  What remains is always a Young
 * diagram, written as its row lengths from the bottom row up ("7,4,2";
 * rows left empty are left out), so there are only C(R+C, R) - 1
 * positions: 12869 on 8 x 8, about 6 * 10^8 on 16 x 16, the most of any
 * board of at most 256 squares (the limit here).
 *
 * A position is the rank of its diagram among all of them ordered by the
 * number of squares, then by their bit mask (row r, column c at bit r*C +
 * c, row 0 at the bottom), that is by the row lengths read from the top
 * row down.  Every move eats squares, so it goes to a smaller number and
 * the whole game is one table filled in increasing order; the board
 * search engine (grundy/board.h) answers single positions through the
 * same hooks as the other boards.  The numbering is the same for every
 * board size, so tables kept in a store stay valid.
 *
 * No diagram is ever listed: a position is ranked and unranked through
 * one table of counts, below(i, v, m) = the diagrams of the rows 0 .. i
 * (each at most C long, none longer than the row under it) with m
 * squares whose row i is shorter than v.  The diagrams of s squares
 * before a given one are, for each row i from the top, those that agree
 * with it above row i and have a shorter row i (at least as long as the
 * row above): below(i, a_i, m_i) - below(i, a_(i+1), m_i), where m_i is
 * the number of squares in the rows 0 .. i.  A rank is one pair of
 * look-ups per row, an unrank a walk up each row's counts, and the
 * children of a diagram are ranked together: a move at row i leaves the
 * terms of the rows under i - 1 as they were, so each child costs a few
 * look-ups for the rows the move changed and those above them.  The
 * table holds R (RC + 1)(C + 2) counts of 32 bits (C(32, 16) < 2^32):
 * 20 KiB on 8 x 8, under 1 MiB on any board.
 *
 * "chomp:RxC:ROWS" starts from the diagram ROWS instead of the full bar.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "grundy/rules.h"
#include "grundy/io.h"
#include "rules/grid.h"
#include "rules/rules_internal.h"

/* The most squares of a board: C(R + C, R) stays below 2^32 (a key of
 * the board search), and a position's moves fit its sets of nimbers. */
#define CHOMP_MAX_SQUARES 256
/* The longest text of a diagram: at most 4 bytes per row. */
#define CHOMP_TEXT_MAX (4 * CHOMP_MAX_SQUARES + 1)

typedef struct chomp_state {
    unsigned rows, cols, cells;
    size_t stride; /* cols + 2 */
    grundy_pos n;  /* positions */
    /* before[s]: the diagrams of 1 .. s - 1 squares, s = 1 .. cells + 1 */
    grundy_pos before[CHOMP_MAX_SQUARES + 2];
    /* below(i, v, m) at [(i * (cells + 1) + m) * stride + v], v = 0 ..
     * C + 1 (v = C + 1: every diagram of the rows 0 .. i with m
     * squares) */
    uint32_t *below;
    grundy_pos start;
    int shaped;
} chomp_state;

/* A diagram: its row lengths from the bottom, the h non-empty ones. */
typedef struct chomp_rows {
    uint16_t len[CHOMP_MAX_SQUARES + 1]; /* len[h] = 0 */
    unsigned h, squares;
} chomp_rows;

static inline const uint32_t *below_at(const chomp_state *cs, unsigned i,
                                       unsigned m)
{
    return cs->below + ((size_t)i * (cs->cells + 1) + m) * cs->stride;
}

/* The counts, row by row: a diagram of the rows 0 .. i whose row i is u
 * long is one of the rows 0 .. i - 1 with m - u squares and a row i - 1
 * of at least u. */
static void count_diagrams(chomp_state *cs)
{
    unsigned R = cs->rows, C = cs->cols, N = cs->cells, i, m, v, s;
    for (m = 0; m <= N; m++) {
        uint32_t *t = (uint32_t *)below_at(cs, 0, m);
        for (v = 0; v <= C + 1; v++)
            t[v] = m <= C && m < v;
    }
    for (i = 1; i < R; i++)
        for (m = 0; m <= N; m++) {
            uint32_t *t = (uint32_t *)below_at(cs, i, m);
            t[0] = 0;
            for (v = 0; v <= C; v++) {
                uint32_t d = 0;
                if (v <= m) {
                    const uint32_t *u = below_at(cs, i - 1, m - v);
                    d = u[C + 1] - u[v];
                }
                t[v + 1] = t[v] + d;
            }
        }
    cs->before[1] = 0;
    for (s = 1; s <= N; s++)
        cs->before[s + 1] = cs->before[s] + below_at(cs, R - 1, s)[C + 1];
    cs->n = cs->before[N + 1];
}

/* The number of squares of position p: before[s] <= p < before[s + 1]. */
static unsigned squares_of(const chomp_state *cs, grundy_pos p)
{
    unsigned lo = 1, hi = cs->cells;
    while (lo < hi) {
        unsigned mid = (lo + hi + 1) / 2;
        if (cs->before[mid] <= p)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

static grundy_pos rank_of(const chomp_state *cs, const chomp_rows *d)
{
    grundy_pos r = 0;
    unsigned i, m = 0;
    for (i = 0; i < d->h; i++) {
        const uint32_t *t;
        m += d->len[i];
        t = below_at(cs, i, m);
        r += t[d->len[i]] - t[d->len[i + 1]];
    }
    return cs->before[m] + r;
}

/* The diagram of position p < n.  Hooks called with a number past the
 * last position (grundy_game_moves() and grundy_game_pos_format() pass
 * any number on) see a position with no move, written as its number. */
static void unrank(const chomp_state *cs, grundy_pos p, chomp_rows *d)
{
    unsigned m = squares_of(cs, p), lo = 0, i;
    grundy_pos idx = p - cs->before[m];
    assert(p < cs->n);
    d->squares = m;
    d->h = 0;
    for (i = cs->rows; i-- > 0;) {
        const uint32_t *t = below_at(cs, i, m);
        grundy_pos at = idx + t[lo];
        unsigned v = lo;
        while (t[v + 1] <= at)
            v++;
        idx = at - t[v];
        d->len[i] = (uint16_t)v;
        m -= v;
        lo = v;
        if (v && !d->h)
            d->h = i + 1;
    }
    d->len[d->h] = 0;
    assert(m == 0 && idx == 0);
}

static grundy_status chomp_pos_parse(const void *params, const char *text,
                                     size_t len, grundy_pos *out,
                                     grundy_parse_error *where);

static void chomp_free(void *params)
{
    chomp_state *cs = params;
    if (!cs)
        return;
    free(cs->below);
    free(cs);
}

/* A board past CHOMP_MAX_SQUARES, told here with chomp's own limit before
 * the grid's check of the rows and columns, whose limit is one bit per
 * cell. */
static grundy_status check_size(const char *args, grundy_parse_error *where)
{
    static const char digits[] = "0123456789";
    size_t nr = args ? strspn(args, digits) : 0, nc;
    uint64_t r, c;
    if (!nr || nr > 9 || args[nr] != 'x')
        return GRUNDY_OK;
    nc = strspn(args + nr + 1, digits);
    if (!nc || nc > 9 ||
        grundy_u64_parse(&r, args, nr, 1, UINT32_MAX, NULL) != GRUNDY_OK ||
        grundy_u64_parse(&c, args + nr + 1, nc, 1, UINT32_MAX, NULL) !=
            GRUNDY_OK ||
        r * c <= CHOMP_MAX_SQUARES)
        return GRUNDY_OK;
    grundy_parse_error_set(where, 1, 1,
                           "%llux%llu is %llu squares; chomp boards have at "
                           "most %u",
                           (unsigned long long)r, (unsigned long long)c,
                           (unsigned long long)(r * c), CHOMP_MAX_SQUARES);
    return GRUNDY_ERR_RANGE;
}

static grundy_status chomp_parse(void **params, const char *args,
                                 grundy_parse_error *where)
{
    chomp_state *cs;
    unsigned r, c;
    size_t used;
    *params = NULL;
    GRUNDY_TRY(check_size(args, where));
    GRUNDY_TRY(grundy_grid_parse_dims(&r, &c, &used, args, CHOMP_MAX_SQUARES,
                                      "chomp", where));
    GRUNDY_TRY(grundy_grid_dims_end(args, used, "position", where));
    GRUNDY_TRY(GRUNDY_NEW(cs));
    cs->rows = r;
    cs->cols = c;
    cs->cells = r * c;
    cs->stride = (size_t)c + 2;
    cs->below =
        malloc((size_t)r * (cs->cells + 1) * cs->stride * sizeof *cs->below);
    if (!cs->below) {
        chomp_free(cs);
        return GRUNDY_ERR_NOMEM;
    }
    count_diagrams(cs);
    cs->start = cs->n - 1;
    if (args[used] == ':') {
        grundy_status s = chomp_pos_parse(
            cs, args + used + 1, strlen(args + used + 1), &cs->start, where);
        if (s != GRUNDY_OK) {
            if (where)
                where->col += used + 1;
            chomp_free(cs);
            return s;
        }
        cs->shaped = 1;
    }
    *params = cs;
    return GRUNDY_OK;
}

static grundy_pos chomp_num_positions(const void *params)
{
    return ((const chomp_state *)params)->n;
}

/* Row lengths from the bottom up, non-increasing, the first at least 1;
 * rows not given are empty. */
static grundy_status chomp_pos_parse(const void *params, const char *text,
                                     size_t len, grundy_pos *out,
                                     grundy_parse_error *where)
{
    const chomp_state *cs = params;
    chomp_rows d;
    size_t i = 0;
    uint64_t prev = cs->cols;
    d.h = 0;
    for (;;) {
        size_t nd = 0;
        uint64_t x;
        while (i + nd < len && text[i + nd] >= '0' && text[i + nd] <= '9')
            nd++;
        if (!nd) {
            grundy_parse_error_set(where, 1, i + 1,
                                   "expected the length of row %u (row "
                                   "lengths from the bottom, e.g. 7,4,2)",
                                   d.h + 1);
            return GRUNDY_ERR_PARSE;
        }
        if (d.h == cs->rows) {
            grundy_parse_error_set(where, 1, i + 1, "more than %u row%s",
                                   cs->rows, cs->rows == 1 ? "" : "s");
            return GRUNDY_ERR_PARSE;
        }
        if (nd > 3 ||
            grundy_u64_parse(&x, text + i, nd, 0, 999, NULL) != GRUNDY_OK ||
            x > prev || (d.h == 0 && x == 0)) {
            if (d.h == 0)
                grundy_parse_error_set(where, 1, i + 1,
                                       "the bottom row has 1 to %u squares "
                                       "(the poisoned one stays)",
                                       cs->cols);
            else
                grundy_parse_error_set(where, 1, i + 1,
                                       "row %u may not be longer than the "
                                       "row below it (%llu)",
                                       d.h + 1, (unsigned long long)prev);
            return GRUNDY_ERR_RANGE;
        }
        d.len[d.h++] = (uint16_t)x;
        prev = x;
        i += nd;
        if (i == len)
            break;
        if (text[i] != ',') {
            grundy_parse_error_set(where, 1, i + 1,
                                   "expected ',' between row lengths");
            return GRUNDY_ERR_PARSE;
        }
        i++;
    }
    while (d.h > 0 && d.len[d.h - 1] == 0)
        d.h--;
    d.len[d.h] = 0;
    *out = rank_of(cs, &d);
    return GRUNDY_OK;
}

static size_t chomp_pos_format(const void *params, grundy_pos p, char *buf,
                               size_t cap)
{
    const chomp_state *cs = params;
    chomp_rows d;
    char tmp[CHOMP_TEXT_MAX];
    size_t k = 0, n;
    unsigned r;
    if (p >= cs->n)
        return grundy_u64_format(p, buf, cap);
    unrank(cs, p, &d);
    for (r = 0; r < d.h; r++) {
        if (r)
            tmp[k++] = ',';
        k += grundy_u64_format(d.len[r], tmp + k, sizeof tmp - k);
    }
    tmp[k] = 0;
    n = k;
    if (cap) {
        size_t w = n < cap ? n : cap - 1;
        memcpy(buf, tmp, w);
        buf[w] = 0;
    }
    return n;
}

static size_t chomp_max_moves(const void *params, grundy_pos p)
{
    const chomp_state *cs = params;
    return p < cs->n ? squares_of(cs, p) - 1 : 0;
}

/* A move at square (i, j) cuts the rows i .. t - 1 (those longer than j)
 * to j.  In the rank of the child, the terms of the rows under i - 1
 * are the parent's, the rows i .. t - 2 give none (each is as long as
 * the one above), and the rows from t on keep their lengths with `cut`
 * fewer squares under them. */
static size_t chomp_children(const void *params, grundy_pos p, grundy_pos *out,
                             size_t cap)
{
    const chomp_state *cs = params;
    chomp_rows d;
    unsigned sum[CHOMP_MAX_SQUARES + 1];   /* sum[i]: squares of rows < i */
    grundy_pos pre[CHOMP_MAX_SQUARES + 1]; /* the terms of rows < i */
    unsigned i, j, k;
    size_t n = 0;
    if (p >= cs->n)
        return 0;
    unrank(cs, p, &d);
    sum[0] = 0;
    pre[0] = 0;
    for (i = 0; i < d.h; i++) {
        const uint32_t *t;
        sum[i + 1] = sum[i] + d.len[i];
        t = below_at(cs, i, sum[i + 1]);
        pre[i + 1] = pre[i] + t[d.len[i]] - t[d.len[i + 1]];
    }
    for (i = 0; i < d.h; i++) {
        unsigned t = d.h;
        for (j = i == 0 ? 1 : 0; j < d.len[i]; j++, n++) {
            unsigned cut, m;
            grundy_pos r;
            const uint32_t *b;
            while (d.len[t - 1] <= j)
                t--;
            if (n >= cap)
                continue;
            cut = sum[t] - sum[i] - (t - i) * j;
            r = 0;
            if (i > 0) {
                b = below_at(cs, i - 1, sum[i]);
                r = pre[i - 1] + b[d.len[i - 1]] - b[j];
            }
            m = sum[i] + (t - i) * j;
            b = below_at(cs, t - 1, m);
            r += b[j] - b[d.len[t]];
            for (k = t; k < d.h; k++) {
                m += d.len[k];
                b = below_at(cs, k, m);
                r += b[d.len[k]] - b[d.len[k + 1]];
            }
            out[n] = cs->before[d.squares - cut] + r;
        }
    }
    return n;
}

static size_t chomp_moves(const void *params, grundy_pos p, grundy_move *out,
                          size_t cap)
{
    return grundy_moves_of_children(out, cap, chomp_children, params, p);
}

/* The transposed diagram, on a square bar: row c of it is as long as
 * column c of d is high. */
static grundy_pos transposed(const chomp_state *cs, grundy_pos p)
{
    chomp_rows d, t;
    unsigned c, r;
    if (p >= cs->n)
        return p;
    unrank(cs, p, &d);
    t.h = d.len[0];
    t.squares = d.squares;
    for (c = 0, r = d.h; c < t.h; c++) {
        while (d.len[r - 1] <= c)
            r--;
        t.len[c] = (uint16_t)r;
    }
    t.len[t.h] = 0;
    return rank_of(cs, &t);
}

static size_t chomp_orbit(const void *params, grundy_pos p, grundy_pos *out,
                          size_t cap)
{
    const chomp_state *cs = params;
    grundy_pos t;
    if (cs->rows != cs->cols || !cap)
        return 0;
    t = transposed(cs, p);
    if (t == p)
        return 0;
    out[0] = t;
    return 1;
}

static void chomp_key(const void *params, grundy_pos p, uint64_t key[2])
{
    const chomp_state *cs = params;
    key[0] = p;
    key[1] = 0;
    if (cs->rows == cs->cols) {
        grundy_pos t = transposed(cs, p);
        if (t < p)
            key[0] = t;
    }
}

static grundy_pos chomp_start(const void *params)
{
    return ((const chomp_state *)params)->start;
}

static size_t chomp_spec(const void *params, char *buf, size_t cap)
{
    const chomp_state *cs = params;
    grundy_spec_buf b = {buf, cap, 0};
    if (cap)
        buf[0] = 0;
    grundy_spec_put(&b, "chomp:");
    grundy_spec_put_u64(&b, cs->rows);
    grundy_spec_put(&b, "x");
    grundy_spec_put_u64(&b, cs->cols);
    if (cs->shaped) {
        char rows[CHOMP_TEXT_MAX];
        chomp_pos_format(cs, cs->start, rows, sizeof rows);
        grundy_spec_put(&b, ":");
        grundy_spec_put(&b, rows);
    }
    return b.len;
}

/* Rows from the bottom up: square (r, c) of the diagram, bit r * C + c,
 * is drawn at row R - 1 - r of the grid; the poisoned square is bit 0.
 * A drawing holds 64 cells: larger boards are GRUNDY_ERR_RANGE. */
static grundy_status chomp_geometry(const void *params, grundy_pos p,
                                    grundy_board_geometry *out)
{
    const chomp_state *cs = params;
    chomp_rows d;
    unsigned i;
    GRUNDY_RETURN_IF(cs->cells > 64 || p >= cs->n, GRUNDY_ERR_RANGE);
    unrank(cs, p, &d);
    out->ncells = cs->cells;
    out->grid = 1;
    out->rows = cs->rows;
    out->cols = cs->cols;
    out->cells = 0;
    for (i = 0; i < d.h; i++)
        out->cells |= (d.len[i] == 64 ? ~0ull : (1ull << d.len[i]) - 1)
                      << (i * cs->cols);
    out->marked = 1;
    out->mark = GRUNDY_BOARD_MARK_CORNER;
    out->taken = "an eaten square";
    for (i = 0; i < out->ncells; i++) {
        out->x[i] = (double)(i % cs->cols);
        out->y[i] = (double)(cs->rows - 1 - i / cs->cols);
    }
    return GRUNDY_OK;
}

const grundy_rules grundy_rules_chomp = {
    .name = "chomp",
    .synopsis = "chomp:RxC[:ROWS]   eat a square and all above and right "
                "of it; the bottom-left\n"
                "                     one is poisoned (R*C <= 256)",
    .flags = 0,
    GRUNDY_BOARD_FAMILY(chomp),
    .start = chomp_start,
};
