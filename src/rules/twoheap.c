/*
 * twoheap.c -- wythoff and twoheap:MOVES, games on two heaps whose moves
 * subtract a vector of a move set (grundy/twoheap.h).
 *
 * Positions are numbered by Szudzik's pairing, so a table of m^2 entries
 * is the m x m square and fills in increasing order.  The kernel walks the
 * square shell by shell (the positions with max(a, b) = m: first (0..m-1,
 * m), then (m, 0..m)), which visits every position behind another one on
 * any line of non-negative direction before it, and none ahead of it.
 *
 * So for a ray term pt/qt (t >= 1, unbounded) the options of (a, b) are
 * exactly the positions of its line already filled, and one bit set of
 * values per line, updated as each value is found, is the set of the
 * ray's option values.  The mex of a Wythoff position is then the first
 * zero bit of the OR of three bit sets (row, column, diagonal), found
 * after about (a + b) / 64 words; listing the a + b + min(a, b) options
 * and reading their values would cost 64 times as many steps, and the
 * generic method also writes a move record per option.  Terms with a
 * constant, a bound or a large step are read option by option.  The bit
 * sets are rebuilt from the table at the start of each call (a growing
 * table calls again with a longer square), one pass over what is there.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "grundy/experimental.h"
#include "grundy/io.h"
#include "grundy/table.h"
#include "grundy/twoheap.h"
#include "rules/rules_internal.h"
#include "rules/twoheap_internal.h"
#include "table/layout.h"

/* Pairs ********************************************************************/

grundy_pos grundy_twoheap_pos(uint64_t a, uint64_t b)
{
    assert(a <= GRUNDY_PAIR_MAX && b <= GRUNDY_PAIR_MAX);
    return a < b ? b * b + a : a * a + a + b;
}

/* floor(sqrt(x)) for every 64-bit x. */
static uint64_t isqrt64(uint64_t x)
{
    uint64_t r = (uint64_t)sqrt((double)x);
    if (r > GRUNDY_PAIR_MAX)
        r = GRUNDY_PAIR_MAX;
    while (r * r > x)
        r--;
    while (r < GRUNDY_PAIR_MAX && (r + 1) * (r + 1) <= x)
        r++;
    return r;
}

void grundy_twoheap_heaps(uint64_t *a, uint64_t *b, grundy_pos p)
{
    uint64_t m = isqrt64(p), r = p - m * m;
    if (r < m) {
        *a = r;
        *b = m;
    } else {
        *a = m;
        *b = r - m;
    }
}

/* The position after (a, b) in the numbering. */
static void pair_next(uint64_t *a, uint64_t *b)
{
    if (*a < *b) {
        if (++*a == *b) {
            *a = *b;
            *b = 0;
        }
    } else if (*b < *a) {
        ++*b;
    } else {
        *b = *a + 1;
        *a = 0;
    }
}

/* The closed form of Wythoff's P-positions *********************************/

__extension__ typedef unsigned __int128 th_u128;

/* floor(k phi) = floor((k + sqrt(5 k^2)) / 2) = (k + isqrt(5 k^2)) div 2,
 * since sqrt(5) k is irrational for k > 0 (adding its fraction never
 * carries past an odd k + isqrt). */
static uint64_t floor_k_phi(uint64_t k)
{
    th_u128 x = (th_u128)5 * k * k;
    uint64_t r = (uint64_t)sqrtl((long double)x);
    while ((th_u128)r * r > x)
        r--;
    while ((th_u128)(r + 1) * (r + 1) <= x)
        r++;
    return (k + r) / 2;
}

int grundy_twoheap_wythoff_p(uint64_t *a, uint64_t *b, uint64_t k)
{
    uint64_t x;
    if (k > GRUNDY_PAIR_MAX)
        return 0;
    x = floor_k_phi(k);
    if (x + k > GRUNDY_PAIR_MAX)
        return 0;
    *a = x;
    *b = x + k;
    return 1;
}

/* Whether g(a, b) is better taken from the rows of the short heap than
 * from the square of the long one.  The values object tabulates a square
 * once (about side^3 / 64 word steps for the rays) and keeps it for the
 * next questions, while the rows are computed again for every position
 * asked: so the rows are used when even every move from (a, b) asked of
 * them (a sum's winning moves) costs less than the square, or when the
 * square is past some 10^10 steps (minutes). */
static int rows_win(const th_params *tp, uint64_t a, uint64_t b)
{
    double side = (double)(a > b ? a : b) + 1;
    double square = side * side * (side / 64 + 4);
    double rows = grundy_th_rows_cost(tp, a, b);
    double moves = (double)a + (double)b + 1;
    return rows <= 1e15 && (rows * moves < square || square > 1e10);
}

/* A P-position by the closed form; any other from the rows of its short
 * heap (twoheap_rows.c) when they beat the square (rows_win()) and are
 * not too much work for one value: else the square table answers. */
static int wythoff_value(const void *params, grundy_pos p, grundy_value *out)
{
    uint64_t a, b, k;
    grundy_twoheap_heaps(&a, &b, p);
    if (a > b) {
        k = a;
        a = b;
        b = k;
    }
    if (floor_k_phi(b - a) == a) {
        *out = 0;
        return 1;
    }
    return rows_win(params, b, a) && grundy_th_rows_value(params, b, a, out);
}

/* Any move set: from the rectangle its moves stay in. */
static int th_value(const void *params, grundy_pos p, grundy_value *out)
{
    const th_params *tp = params;
    uint64_t a, b;
    if (tp->wythoff)
        return wythoff_value(params, p, out);
    grundy_twoheap_heaps(&a, &b, p);
    return rows_win(params, a, b) && grundy_th_rows_value(params, a, b, out);
}

/* Moves ********************************************************************/

/* Narrow [*lo, *hi] to the t with 0 <= c t + d <= a; 0 when none. */
static size_t th_max_moves(const void *params, grundy_pos p)
{
    const th_params *tp = params;
    uint64_t a, b;
    size_t i, k = 0;
    int64_t t0, t1;
    grundy_twoheap_heaps(&a, &b, p);
    for (i = 0; i < tp->n; i++)
        if (th_term_span(&tp->t[i], a, b, &t0, &t1))
            k += (size_t)(t1 - t0 + 1);
    return k;
}

static int cmp_move(const void *x, const void *y)
{
    grundy_pos a = ((const grundy_move *)x)->part[0];
    grundy_pos b = ((const grundy_move *)y)->part[0];
    return (a > b) - (a < b);
}

/* Each move once (two terms may give the same vector), in the order of the
 * numbering. */
static size_t th_moves(const void *params, grundy_pos p, grundy_move *out,
                       size_t cap)
{
    const th_params *tp = params;
    uint64_t a, b;
    size_t i, k = 0, j;
    grundy_twoheap_heaps(&a, &b, p);
    for (i = 0; i < tp->n; i++) {
        const th_term *u = &tp->t[i];
        int64_t t, t0, t1;
        if (!th_term_span(u, a, b, &t0, &t1))
            continue;
        for (t = t0; t <= t1; t++) {
            int64_t x = u->cx * t + u->dx, y = u->cy * t + u->dy;
            if (x == 0 && y == 0)
                continue;
            if (k < cap) {
                out[k].part[0] =
                    grundy_twoheap_pos(a - (uint64_t)x, b - (uint64_t)y);
                out[k].nparts = 1;
            }
            k++;
        }
    }
    if (k > cap || k < 2 || tp->n < 2)
        return k;
    qsort(out, k, sizeof *out, cmp_move);
    for (i = j = 0; i < k; i++)
        if (j == 0 || out[i].part[0] != out[j - 1].part[0])
            out[j++] = out[i];
    return j;
}

/* The mex of at most as many options as a term has values of t. */
static grundy_value th_bound(const void *params, grundy_pos n)
{
    const th_params *tp = params;
    uint64_t a, b, m, sum = 0;
    size_t i;
    if (n == 0)
        return 0;
    grundy_twoheap_heaps(&a, &b, n - 1);
    m = a > b ? a : b;
    for (i = 0; i < tp->n; i++) {
        const th_term *u = &tp->t[i];
        uint64_t c = u->cx == 0 && u->cy == 0 ? 1
                     : u->hi == TH_INF        ? m + 1
                                              : (uint64_t)(u->hi - u->lo + 1);
        sum += c < m + 1 ? c : m + 1;
    }
    return sum;
}

static unsigned th_width(const void *params, grundy_pos n)
{
    grundy_value v = th_bound(params, n);
    return v <= 0xFF ? 1 : v <= 0xFFFF ? 2 : 4;
}

/* Positions: "a,b" *********************************************************/

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static grundy_status th_pos_parse(const void *params, const char *text,
                                  size_t len, grundy_pos *out,
                                  grundy_parse_error *where)
{
    size_t comma = 0;
    uint64_t a, b;
    grundy_status s;
    (void)params;
    while (comma < len && is_digit(text[comma]))
        comma++;
    if (comma == 0 && (len == 0 || text[0] == ',')) {
        grundy_parse_error_set(where, 1, 1, "the first heap is missing");
        return GRUNDY_ERR_PARSE;
    }
    if (comma == len || text[comma] != ',') {
        grundy_parse_error_set(where, 1, comma + 1,
                               "a position of two heaps is written a,b "
                               "(as in 3,5)");
        return GRUNDY_ERR_PARSE;
    }
    if (comma + 1 == len) {
        grundy_parse_error_set(where, 1, len + 1,
                               "the second heap is missing");
        return GRUNDY_ERR_PARSE;
    }
    s = grundy_u64_parse(&a, text, comma, 0, GRUNDY_PAIR_MAX, where);
    if (s == GRUNDY_OK) {
        s = grundy_u64_parse(&b, text + comma + 1, len - comma - 1, 0,
                             GRUNDY_PAIR_MAX, where);
        if (s != GRUNDY_OK && where)
            where->col += comma + 1;
    }
    if (s != GRUNDY_OK)
        return s;
    *out = grundy_twoheap_pos(a, b);
    return GRUNDY_OK;
}

static size_t th_pos_format(const void *params, grundy_pos p, char *buf,
                            size_t cap)
{
    grundy_spec_buf sb = {buf, cap, 0};
    uint64_t a, b;
    (void)params;
    if (cap)
        buf[0] = 0;
    grundy_twoheap_heaps(&a, &b, p);
    grundy_spec_put_u64(&sb, a);
    grundy_spec_put(&sb, ",");
    grundy_spec_put_u64(&sb, b);
    return sb.len;
}

/* The spec *****************************************************************/

typedef struct th_scan {
    const char *s;
    size_t i;
    grundy_parse_error *where;
} th_scan;

static grundy_status scan_fail(th_scan *sc, size_t at, const char *msg)
{
    grundy_parse_error_set(sc->where, 1, at + 1, "%s", msg);
    return GRUNDY_ERR_PARSE;
}

static grundy_status scan_num(th_scan *sc, int64_t *out)
{
    size_t start = sc->i;
    uint64_t v;
    grundy_status s;
    while (is_digit(sc->s[sc->i]))
        sc->i++;
    if (sc->i == start)
        return scan_fail(sc, start, "expected a number");
    s = grundy_u64_parse(&v, sc->s + start, sc->i - start, 0,
                         GRUNDY_PAIR_MAX, sc->where);
    if (s != GRUNDY_OK) {
        if (sc->where)
            sc->where->col += start;
        return s;
    }
    *out = (int64_t)v;
    return GRUNDY_OK;
}

/* COORD := N | [N] 't' [('+' | '-') N] */
static grundy_status scan_coord(th_scan *sc, int64_t *c, int64_t *d,
                                int *has_t)
{
    size_t start = sc->i;
    int64_t n = 1;
    *c = 0;
    *d = 0;
    *has_t = 0;
    if (is_digit(sc->s[sc->i])) {
        GRUNDY_TRY(scan_num(sc, &n));
        if (sc->s[sc->i] != 't') {
            *d = n;
            return GRUNDY_OK;
        }
        if (n == 0)
            return scan_fail(sc, start, "a multiple of t is at least 1t");
    } else if (sc->s[sc->i] != 't') {
        return scan_fail(sc, sc->i,
                         "expected an amount: a number, t, 2t, t+1 ...");
    }
    sc->i++; /* the t */
    *c = n;
    *has_t = 1;
    if (sc->s[sc->i] == '+' || sc->s[sc->i] == '-') {
        int neg = sc->s[sc->i] == '-';
        sc->i++;
        GRUNDY_TRY(scan_num(sc, d));
        if (neg)
            *d = -*d;
    }
    return GRUNDY_OK;
}

/* Does the term give a move from some position? */
static int term_moves_somewhere(const th_term *u)
{
    int64_t t = u->lo;
    /* the least t >= lo with both coordinates >= 0 */
    if ((u->cx == 0 && u->dx < 0) || (u->cy == 0 && u->dy < 0))
        return 0;
    if (u->cx > 0 && u->dx < 0 && (-u->dx + u->cx - 1) / u->cx > t)
        t = (-u->dx + u->cx - 1) / u->cx;
    if (u->cy > 0 && u->dy < 0 && (-u->dy + u->cy - 1) / u->cy > t)
        t = (-u->dy + u->cy - 1) / u->cy;
    if (t > u->hi)
        return 0;
    if (u->cx * t + u->dx == 0 && u->cy * t + u->dy == 0)
        return t < u->hi && (u->cx || u->cy);
    return 1;
}

/* TERM := COORD '/' COORD ['@' RANGE] */
static grundy_status scan_term(th_scan *sc, th_term *u)
{
    size_t start = sc->i, at;
    int tx, ty;
    GRUNDY_TRY(scan_coord(sc, &u->cx, &u->dx, &tx));
    if (sc->s[sc->i] != '/')
        return scan_fail(sc, sc->i,
                         "expected '/' between the two amounts of a move "
                         "(as in t/0)");
    sc->i++;
    GRUNDY_TRY(scan_coord(sc, &u->cy, &u->dy, &ty));
    u->lo = 1;
    u->hi = tx || ty ? TH_INF : 1;
    if (sc->s[sc->i] == '@') {
        at = sc->i;
        sc->i++;
        if (!tx && !ty)
            return scan_fail(sc, at, "this move has no t to range over");
        GRUNDY_TRY(scan_num(sc, &u->hi));
        if (sc->s[sc->i] == '.' && sc->s[sc->i + 1] == '.') {
            u->lo = u->hi;
            sc->i += 2;
            if (is_digit(sc->s[sc->i]))
                GRUNDY_TRY(scan_num(sc, &u->hi));
            else
                u->hi = TH_INF;
        } else {
            u->lo = 1;
        }
        if (u->lo < 1)
            return scan_fail(sc, at + 1, "t counts from 1");
        if (u->hi < u->lo)
            return scan_fail(sc, at + 1, "the range of t is empty");
    }
    if (!tx && !ty && u->dx == 0 && u->dy == 0)
        return scan_fail(sc, start, "0/0 takes nothing: it is no move");
    if (!term_moves_somewhere(u))
        return scan_fail(sc, start, "this term gives no move (an amount "
                                    "stays negative)");
    return GRUNDY_OK;
}

static int cmp_term(const void *x, const void *y)
{
    const th_term *a = x, *b = y;
    const int64_t ka[6] = {a->cx, a->cy, a->dx, a->dy, a->lo, a->hi};
    const int64_t kb[6] = {b->cx, b->cy, b->dx, b->dy, b->lo, b->hi};
    int i;
    for (i = 0; i < 6; i++)
        if (ka[i] != kb[i])
            return ka[i] < kb[i] ? -1 : 1;
    return 0;
}

/* Sort, drop repeats, and pick the terms the kernel keeps per line. */
static void th_finish(th_params *tp)
{
    size_t i, j;
    qsort(tp->t, tp->n, sizeof tp->t[0], cmp_term);
    for (i = j = 0; i < tp->n; i++)
        if (j == 0 || cmp_term(&tp->t[i], &tp->t[j - 1]) != 0)
            tp->t[j++] = tp->t[i];
    tp->n = j;
    tp->nrays = 0;
    for (i = 0; i < tp->n && tp->nrays < TH_MAX_RAYS; i++) {
        const th_term *u = &tp->t[i];
        if (u->dx == 0 && u->dy == 0 && u->lo == 1 && u->hi == TH_INF &&
            u->cx <= TH_RAY_MAX_STEP && u->cy <= TH_RAY_MAX_STEP)
            tp->ray[tp->nrays++] = (unsigned)i;
    }
}

static grundy_status twoheap_parse(void **params, const char *args,
                                   grundy_parse_error *where)
{
    th_params *tp;
    th_scan sc;
    grundy_status s = GRUNDY_OK;
    *params = NULL;
    if (!args || !args[0]) {
        grundy_parse_error_set(where, 1, 1,
                               "twoheap needs its moves, as in "
                               "twoheap:t/0,0/t,t/t (Wythoff's game)");
        return GRUNDY_ERR_PARSE;
    }
    GRUNDY_TRY(GRUNDY_NEW(tp));
    sc.s = args;
    sc.i = 0;
    sc.where = where;
    for (;;) {
        if (tp->n == TH_MAX_TERMS) {
            s = scan_fail(&sc, sc.i, "at most 64 moves");
            break;
        }
        s = scan_term(&sc, &tp->t[tp->n]);
        if (s != GRUNDY_OK)
            break;
        tp->n++;
        if (sc.s[sc.i] == 0)
            break;
        if (sc.s[sc.i] != ',') {
            s = scan_fail(&sc, sc.i,
                          "expected ',' before the next move, or the end");
            break;
        }
        sc.i++;
    }
    if (s != GRUNDY_OK) {
        free(tp);
        return s;
    }
    th_finish(tp);
    *params = tp;
    return GRUNDY_OK;
}

static grundy_status wythoff_parse(void **params, const char *args,
                                   grundy_parse_error *where)
{
    th_params *tp;
    static const th_term w[3] = {{0, 0, 1, 0, 1, TH_INF},
                                 {1, 0, 0, 0, 1, TH_INF},
                                 {1, 0, 1, 0, 1, TH_INF}};
    *params = NULL;
    if (args) {
        grundy_parse_error_set(where, 1, 1,
                               "wythoff takes no parameters (other move "
                               "sets: twoheap:MOVES)");
        return GRUNDY_ERR_PARSE;
    }
    GRUNDY_TRY(GRUNDY_NEW(tp));
    memcpy(tp->t, w, sizeof w);
    tp->n = 3;
    tp->wythoff = 1;
    th_finish(tp);
    *params = tp;
    return GRUNDY_OK;
}

static void th_free(void *params)
{
    free(params);
}

static void put_coord(grundy_spec_buf *b, int64_t c, int64_t d)
{
    if (c == 0) {
        grundy_spec_put_u64(b, (uint64_t)d);
        return;
    }
    if (c != 1)
        grundy_spec_put_u64(b, (uint64_t)c);
    grundy_spec_put(b, "t");
    if (d) {
        grundy_spec_put(b, d > 0 ? "+" : "-");
        grundy_spec_put_u64(b, (uint64_t)(d > 0 ? d : -d));
    }
}

/* "wythoff", or "twoheap:" and the moves. */
static size_t th_spec(const void *params, char *buf, size_t cap)
{
    const th_params *tp = params;
    grundy_spec_buf b =
        grundy_spec_start(buf, cap, tp->wythoff ? "wythoff" : "twoheap:");
    size_t i;
    if (tp->wythoff)
        return b.len;
    for (i = 0; i < tp->n; i++) {
        const th_term *u = &tp->t[i];
        if (i)
            grundy_spec_put(&b, ",");
        put_coord(&b, u->cx, u->dx);
        grundy_spec_put(&b, "/");
        put_coord(&b, u->cy, u->dy);
        if (u->cx == 0 && u->cy == 0)
            continue;
        if (u->lo == 1 && u->hi != TH_INF) {
            grundy_spec_put(&b, "@");
            grundy_spec_put_u64(&b, (uint64_t)u->hi);
        } else if (u->lo != 1) {
            grundy_spec_put(&b, "@");
            grundy_spec_put_u64(&b, (uint64_t)u->lo);
            grundy_spec_put(&b, "..");
            if (u->hi != TH_INF)
                grundy_spec_put_u64(&b, (uint64_t)u->hi);
        }
    }
    return b.len;
}

/* The kernel ***************************************************************/

/* A line of direction (p, q) through (x, y) is named by its first point,
 * (x, y) moved back s = min(x / p, y / q) steps: a point with x < p, or
 * failing that y < q.  Over a square of side m these are at most
 * (p + q) m names. */
static size_t line_of(uint64_t p, uint64_t q, uint64_t x, uint64_t y,
                      uint64_t m)
{
    uint64_t s = UINT64_MAX, bx, by;
    if (p)
        s = p == 1 ? x : x / p;
    if (q) {
        uint64_t sy = q == 1 ? y : y / q;
        s = sy < s ? sy : s;
    }
    bx = x - s * p;
    by = y - s * q;
    return (size_t)(bx < p ? bx * m + by : p * m + by * m + bx);
}

/* Bytes of the line bit sets for a table of n entries. */
static size_t th_work_bytes(const void *params, grundy_pos n)
{
    const th_params *tp = params;
    uint64_t a, b, m, words, lines = 0;
    size_t i;
    if (n == 0)
        return 0;
    grundy_twoheap_heaps(&a, &b, n - 1);
    m = (a > b ? a : b) + 1;
    words = th_bound(params, n) / 64 + 1;
    for (i = 0; i < tp->nrays; i++) {
        const th_term *u = &tp->t[tp->ray[i]];
        lines += (uint64_t)(u->cx + u->cy) * m;
    }
    if (lines && words > SIZE_MAX / 8 / lines)
        return SIZE_MAX / 2;
    return (size_t)((lines + 1) * words * 8);
}

static grundy_status th_fill(const void *params, void *values, grundy_pos from,
                             grundy_pos n, grundy_fill *f)
{
    const th_params *tp = params;
    unsigned w = th_width(params, n);
    uint64_t a, b, m, words;
    size_t base[TH_MAX_RAYS], i, r;
    uint64_t *bits, *scratch, *line[TH_MAX_RAYS];
    grundy_pos p;
    size_t lines = 0;
    grundy_status s = GRUNDY_OK;

    if (from >= n)
        return GRUNDY_OK;
    grundy_twoheap_heaps(&a, &b, n - 1);
    m = (a > b ? a : b) + 1;
    words = th_bound(params, n) / 64 + 1;
    for (r = 0; r < tp->nrays; r++) {
        const th_term *u = &tp->t[tp->ray[r]];
        base[r] = lines;
        lines += (size_t)(u->cx + u->cy) * (size_t)m;
    }
    bits = calloc((lines + 1) * (size_t)words, sizeof *bits);
    GRUNDY_RETURN_IF(!bits, GRUNDY_ERR_NOMEM);
    scratch = bits + lines * (size_t)words;

    /* what the table holds: into the bit sets of its lines */
    a = b = 0;
    for (p = 0; p < from; p++) {
        grundy_value v = grundy_table_get_raw(values, w, p);
        for (r = 0; r < tp->nrays; r++) {
            const th_term *u = &tp->t[tp->ray[r]];
            uint64_t *l = bits + (base[r] + line_of((uint64_t)u->cx,
                                                    (uint64_t)u->cy, a, b,
                                                    m)) *
                                     (size_t)words;
            l[v / 64] |= UINT64_C(1) << (v % 64);
        }
        pair_next(&a, &b);
    }

    for (p = from; p < n; p++) {
        size_t hi = 0, k;
        grundy_value v;
        /* the terms read option by option: into scratch */
        for (i = 0, r = 0; i < tp->n; i++) {
            const th_term *u = &tp->t[i];
            int64_t t, t0, t1;
            if (r < tp->nrays && tp->ray[r] == i) {
                r++;
                continue;
            }
            if (!th_term_span(u, a, b, &t0, &t1))
                continue;
            for (t = t0; t <= t1; t++) {
                int64_t x = u->cx * t + u->dx, y = u->cy * t + u->dy;
                grundy_value o;
                if (x == 0 && y == 0)
                    continue;
                o = grundy_table_get_raw(
                    values, w,
                    grundy_twoheap_pos(a - (uint64_t)x, b - (uint64_t)y));
                scratch[o / 64] |= UINT64_C(1) << (o % 64);
                if (o / 64 > hi)
                    hi = (size_t)(o / 64);
            }
        }
        /* the rays' lines */
        for (r = 0; r < tp->nrays; r++) {
            const th_term *u = &tp->t[tp->ray[r]];
            line[r] = bits + (base[r] + line_of((uint64_t)u->cx,
                                                (uint64_t)u->cy, a, b, m)) *
                                 (size_t)words;
        }
        /* the mex is at most the number of options: within words */
        for (k = 0, v = UINT64_MAX; k < words; k++) {
            uint64_t x = k <= hi ? scratch[k] : 0;
            for (r = 0; r < tp->nrays; r++)
                x |= line[r][k];
            if (~x) {
                v = (grundy_value)k * 64 + (grundy_value)__builtin_ctzll(~x);
                break;
            }
        }
        memset(scratch, 0, (hi + 1) * sizeof *scratch);
        if (v == UINT64_MAX) {
            s = GRUNDY_ERR_ARG;
            break;
        }
        grundy_table_put_raw(values, w, p, v);
        for (r = 0; r < tp->nrays; r++)
            line[r][v / 64] |= UINT64_C(1) << (v % 64);
        pair_next(&a, &b);
        if ((p + 1) % TH_TICK == 0) {
            s = grundy_fill_tick(f, p + 1);
            if (s != GRUNDY_OK)
                break;
        }
    }
    free(bits);
    return s;
}

static const grundy_kernel th_kernel = {
    .name = "two-heap lines",
    .fill = th_fill,
    .work_bytes = th_work_bytes,
};

/* The families *************************************************************/

/* The two families differ only in how they read their moves: the params
 * say which family they are (th_params.wythoff). */
#define TWOHEAP_FAMILY                                                        \
    .flags = GRUNDY_RULES_PAIRS, .free_params = th_free,                      \
    .pos_parse = th_pos_parse, .pos_format = th_pos_format,                   \
    .max_moves = th_max_moves, .moves = th_moves, .value = th_value,          \
    .spec_format = th_spec, .value_bound = th_bound, .kernel = &th_kernel

const grundy_rules grundy_rules_wythoff = {
    .name = "wythoff",
    .synopsis = "wythoff            two heaps a,b: take any number from one "
                "heap, or the same from both",
    TWOHEAP_FAMILY,
    .parse = wythoff_parse,
};

const grundy_rules grundy_rules_twoheap = {
    .name = "twoheap",
    .synopsis = "twoheap:MOVES      two heaps a,b: subtract a vector X/Y of "
                "MOVES (e.g. twoheap:t/0,0/t,t/t@3)",
    TWOHEAP_FAMILY,
    .parse = twoheap_parse,
};
