/*
 * chomp.c -- chomp:RxC, the poset game on an R x C bar of chocolate.
 *
 * A move picks a remaining square and eats it with every square above it
 * and to its right.  The bottom-left square is poisoned: whoever takes it
 * loses, which is normal play on the other squares (a player facing the
 * poisoned square alone has no move).  What remains is always a Young
 * diagram, written as its row lengths from the bottom row up ("7,4,2";
 * rows left empty are left out), so there are only C(R+C, R) - 1
 * positions: 12869 on the largest board, 8 x 8.  A position is the rank
 * of its diagram among all of them ordered by the number of squares, then
 * by their bit mask (row r, column c at bit r*C + c, row 0 at the
 * bottom), so every move goes to a smaller number and the whole game is
 * one small table; the board search engine (grundy/board.h) answers
 * single positions through the same hooks as the other boards.
 *
 * "chomp:RxC:ROWS" starts from the diagram ROWS instead of the full bar.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/rules.h"
#include "grundy/io.h"
#include "rules/grid.h"
#include "rules/rules_internal.h"

/* Diagrams are held as 64-bit masks. */
#define CHOMP_MAX_CELLS 64

typedef struct chomp_state {
    unsigned rows, cols;
    size_t n;            /* positions */
    uint64_t *mask;      /* mask[rank] */
    uint64_t *by_mask;   /* the masks in increasing order ... */
    uint32_t *rank_of;   /* ... and their ranks */
    uint64_t quad[64];   /* the squares eaten by a move at square i */
    grundy_pos start;
    int shaped;
} chomp_state;

static int cmp_rank(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    int px = __builtin_popcountll(x), py = __builtin_popcountll(y);
    if (px != py)
        return px - py;
    return (x > y) - (x < y);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Every diagram with the poisoned square: rows of non-increasing length. */
static void enumerate(chomp_state *cs, unsigned r, unsigned maxlen,
                      uint64_t m, size_t *k)
{
    unsigned len;
    if (r == cs->rows) {
        cs->mask[(*k)++] = m;
        return;
    }
    for (len = r == 0 ? 1 : 0; len <= maxlen; len++) {
        uint64_t row = len == 64 ? ~0ull : (1ull << len) - 1;
        enumerate(cs, r + 1, len, m | (row << (r * cs->cols)), k);
    }
}

static uint64_t binom(unsigned n, unsigned k)
{
    uint64_t b = 1;
    unsigned i;
    for (i = 1; i <= k; i++)
        b = b * (n - k + i) / i;
    return b;
}

static grundy_pos rank_of(const chomp_state *cs, uint64_t m)
{
    size_t lo = 0, hi = cs->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cs->by_mask[mid] < m)
            lo = mid + 1;
        else
            hi = mid;
    }
    assert(lo < cs->n && cs->by_mask[lo] == m);
    return cs->rank_of[lo];
}

static grundy_status chomp_pos_parse(const void *params, const char *text,
                                     size_t len, grundy_pos *out,
                                     grundy_parse_error *where);

static void chomp_free(void *params)
{
    chomp_state *cs = params;
    if (!cs)
        return;
    free(cs->mask);
    free(cs->by_mask);
    free(cs->rank_of);
    free(cs);
}

static grundy_status chomp_parse(void **params, const char *args,
                                 grundy_parse_error *where)
{
    chomp_state *cs;
    unsigned r, c, i, j;
    size_t used, k = 0;
    uint64_t *pairs;
    *params = NULL;
    GRUNDY_TRY(grundy_grid_parse_dims(&r, &c, &used, args,
                                      CHOMP_MAX_CELLS, "chomp", where));
    if (args[used] && args[used] != ':') {
        grundy_parse_error_set(where, 1, used + 1,
                               "unexpected '%c' after RxC (a starting "
                               "position follows a ':')",
                               args[used]);
        return GRUNDY_ERR_PARSE;
    }
    cs = calloc(1, sizeof *cs);
    GRUNDY_RETURN_IF(!cs, GRUNDY_ERR_NOMEM);
    cs->rows = r;
    cs->cols = c;
    cs->n = (size_t)binom(r + c, r) - 1;
    cs->mask = malloc(cs->n * sizeof *cs->mask);
    cs->by_mask = malloc(cs->n * sizeof *cs->by_mask);
    cs->rank_of = malloc(cs->n * sizeof *cs->rank_of);
    pairs = malloc(cs->n * 2 * sizeof *pairs);
    if (!cs->mask || !cs->by_mask || !cs->rank_of || !pairs) {
        free(pairs);
        chomp_free(cs);
        return GRUNDY_ERR_NOMEM;
    }
    enumerate(cs, 0, c, 0, &k);
    assert(k == cs->n);
    qsort(cs->mask, cs->n, sizeof *cs->mask, cmp_rank);
    for (k = 0; k < cs->n; k++) {
        pairs[2 * k] = cs->mask[k];
        pairs[2 * k + 1] = k;
    }
    qsort(pairs, cs->n, 2 * sizeof *pairs, cmp_u64);
    for (k = 0; k < cs->n; k++) {
        cs->by_mask[k] = pairs[2 * k];
        cs->rank_of[k] = (uint32_t)pairs[2 * k + 1];
    }
    free(pairs);
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++) {
            unsigned a, b;
            uint64_t q = 0;
            for (a = i; a < r; a++)
                for (b = j; b < c; b++)
                    q |= 1ull << (a * c + b);
            cs->quad[i * c + j] = q;
        }
    cs->start = cs->n - 1;
    if (args[used] == ':') {
        grundy_status s =
            chomp_pos_parse(cs, args + used + 1, strlen(args + used + 1),
                            &cs->start, where);
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
    size_t i = 0;
    unsigned row = 0;
    uint64_t m = 0, prev = cs->cols;
    for (;;) {
        size_t nd = 0;
        uint64_t x;
        while (i + nd < len && text[i + nd] >= '0' && text[i + nd] <= '9')
            nd++;
        if (!nd) {
            grundy_parse_error_set(where, 1, i + 1,
                                   "expected the length of row %u (row "
                                   "lengths from the bottom, e.g. 7,4,2)",
                                   row + 1);
            return GRUNDY_ERR_PARSE;
        }
        if (row == cs->rows) {
            grundy_parse_error_set(where, 1, i + 1, "more than %u rows",
                                   cs->rows);
            return GRUNDY_ERR_PARSE;
        }
        if (nd > 3 || grundy_u64_parse(&x, text + i, nd, 0, 999, NULL) !=
                          GRUNDY_OK ||
            x > prev || (row == 0 && x == 0)) {
            if (row == 0)
                grundy_parse_error_set(where, 1, i + 1,
                                       "the bottom row has 1 to %u squares "
                                       "(the poisoned one stays)",
                                       cs->cols);
            else
                grundy_parse_error_set(where, 1, i + 1,
                                       "row %u may not be longer than the "
                                       "row below it (%llu)",
                                       row + 1, (unsigned long long)prev);
            return GRUNDY_ERR_RANGE;
        }
        if (x)
            m |= (x == 64 ? ~0ull : (1ull << x) - 1) << (row * cs->cols);
        prev = x;
        row++;
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
    *out = rank_of(cs, m);
    return GRUNDY_OK;
}

static size_t chomp_pos_format(const void *params, grundy_pos p, char *buf,
                               size_t cap)
{
    const chomp_state *cs = params;
    uint64_t m = cs->mask[p];
    char tmp[CHOMP_MAX_CELLS * 4];
    size_t k = 0, n;
    unsigned r;
    for (r = 0; r < cs->rows; r++) {
        unsigned len = (unsigned)__builtin_popcountll(
            (m >> (r * cs->cols)) &
            (cs->cols == 64 ? ~0ull : (1ull << cs->cols) - 1));
        if (!len)
            break;
        if (r)
            tmp[k++] = ',';
        k += grundy_u64_format(len, tmp + k, sizeof tmp - k);
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
    return (size_t)__builtin_popcountll(cs->mask[p]) - 1;
}

static size_t chomp_children(const void *params, grundy_pos p,
                             grundy_pos *out, size_t cap)
{
    const chomp_state *cs = params;
    uint64_t m = cs->mask[p], x;
    size_t k = 0;
    for (x = m & ~1ull; x; x &= x - 1, k++)
        if (k < cap)
            out[k] = rank_of(cs, m & ~cs->quad[__builtin_ctzll(x)]);
    return k;
}

static size_t chomp_moves(const void *params, grundy_pos p, grundy_move *out,
                          size_t cap)
{
    grundy_pos ch[CHOMP_MAX_CELLS];
    size_t n = chomp_children(params, p, ch, CHOMP_MAX_CELLS), i;
    for (i = 0; i < n && i < cap; i++) {
        out[i].part[0] = ch[i];
        out[i].nparts = 1;
    }
    return n;
}

/* The transposed diagram, on a square bar. */
static grundy_pos transposed(const chomp_state *cs, grundy_pos p)
{
    uint64_t m = cs->mask[p], t = 0, x;
    for (x = m; x; x &= x - 1) {
        unsigned i = (unsigned)__builtin_ctzll(x);
        t |= 1ull << ((i % cs->cols) * cs->cols + i / cs->cols);
    }
    return rank_of(cs, t);
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
        char rows[CHOMP_MAX_CELLS * 4];
        chomp_pos_format(cs, cs->start, rows, sizeof rows);
        grundy_spec_put(&b, ":");
        grundy_spec_put(&b, rows);
    }
    return b.len;
}

/* Rows from the bottom up: square (r, c) of the diagram, bit r * C + c,
 * is drawn at row R - 1 - r of the grid; the poisoned square is bit 0. */
static grundy_status chomp_geometry(const void *params, grundy_pos p,
                                    grundy_board_geometry *out)
{
    const chomp_state *cs = params;
    unsigned i;
    out->ncells = cs->rows * cs->cols;
    out->grid = 1;
    out->rows = cs->rows;
    out->cols = cs->cols;
    out->cells = cs->mask[p];
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
                "                     one is poisoned (R*C <= 64)",
    .flags = 0,
    .parse = chomp_parse,
    .free_params = chomp_free,
    .num_positions = chomp_num_positions,
    .pos_parse = chomp_pos_parse,
    .pos_format = chomp_pos_format,
    .max_moves = chomp_max_moves,
    .moves = chomp_moves,
    .spec_format = chomp_spec,
    .children = chomp_children,
    .orbit = chomp_orbit,
    .start = chomp_start,
    .key = chomp_key,
    .geometry = chomp_geometry,
};
