/*
 * twoheap_rows.c -- one value of a two-heap game from the rows of its
 * short side (see twoheap_internal.h).
 *
 * A move never adds to a heap, so every position a game from (a, b) can
 * reach lies in the rectangle 0..a x 0..b.  With n the short side and m
 * the long one, the rectangle is n + 1 rows of m + 1 cells: g(20000, 3)
 * needs 4 rows of 20001 values, not the 20001 x 20001 square.  The rows
 * are filled column by column.  A move along the row (the ray t/0, every
 * amount taken from the long heap) reaches every earlier cell of the row,
 * so each row keeps the set of its values as a bit set and the lowest
 * value missing from it, and the mex of a cell is the first value missing
 * from that set that no other move reaches; every other move changes the
 * short heap too (so it reaches at most n + 1 cells) or has a bounded
 * number of amounts, and is read move by move from a ring of the last
 * columns.  A move set with another unbounded move along the row (2t/0,
 * t/0 from t = 2) is left to the square.
 *
 * Wythoff's game: rows far out.  Each row of Wythoff's game is additively
 * periodic: g(x + p, y) = g(x, y) + p for x past a preperiod (A. Dress,
 * A. Flammenkamp and N. Pink, "Additive periodicity of the Sprague-Grundy
 * function of certain Nim games", Adv. Appl. Math. 22 (1999) 249-270; a
 * finite-state proof: H. Landman, "A simple FSM-based proof of the
 * additive periodicity of the Sprague-Grundy function of Wythoff's game",
 * More Games of No Chance, MSRI Publ. 42 (2002) 383-386).  The theorem
 * says a period exists, not where; the period used here is proven from
 * the values themselves, Landman's way.  Row y's future depends only on
 * the set of its values so far, written relative to the column x (the
 * lowest missing value and the values above it, minus x), and on the
 * values of the rows below at columns x - y .. x, relative to x.  Once the
 * rows below are proven periodic (period p', from q'), that second part
 * repeats with P, the least common multiple of their periods, from Q, the
 * largest preperiod plus y.  So when the first part is the same at two
 * columns x1 < x2 with x1 >= Q and x2 - x1 a multiple of P, the row
 * repeats from x1 with period and saltus x2 - x1, for ever.  Row 0 (g(x,
 * 0) = x) has period 1; row 1 is proven from it, and so on up to row n,
 * and g(m, n) = g(r, n) + (m - r) for the r of one period that m falls
 * on.  No other family is claimed: twoheap move sets get the rectangle
 * only.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "rules/twoheap_internal.h"

/* Bounds of the work of one value (steps: a cell plus the moves it
 * reads) and of its memory: past them the square table answers, under
 * the caller's limits. */
#define ROWS_MAX_STEPS ((uint64_t)1 << 26)
#define ROWS_MAX_BYTES ((size_t)64 << 20)
/* The rows of Wythoff's game whose periods are looked for: row 30 is
 * proven in about 0.6 s, row 45 not within the bound of work. */
#define ROWS_PERIOD_ROWS 32
/* A term along the row with at most this many amounts is read move by
 * move. */
#define ROWS_MAX_AMOUNTS 256

/* A row's value set: bits[v] for the values of its cells so far, and the
 * lowest value missing. */
typedef struct rset {
    uint64_t *bits;
    size_t words;
    grundy_value low, top; /* top: one past the largest value */
} rset;

/* The keys of one row's states at its checkpoints (Wythoff). */
typedef struct rkeys {
    int64_t *pool;  /* keys back to back: length, then the entries */
    size_t len, cap;
    uint64_t *at;   /* at[i]: the column of key i */
    size_t *off;    /* off[i]: its offset in pool */
    size_t n, ncap;
} rkeys;

typedef struct rows {
    const th_params *tp;
    th_term t[TH_MAX_TERMS]; /* the terms, x the long heap */
    size_t nt;
    int ray;                 /* a term t/0: every amount of the long heap */
    uint64_t n;              /* rows 0 .. n */
    size_t w;                /* columns kept in the ring */
    grundy_value *ring;      /* ring[(x % w) * (n + 1) + y] */
    rset *set;               /* per row, with a ray */
    grundy_value *opt;       /* the values of a cell's other moves */
    size_t nopt, capopt;
    uint64_t steps;
    size_t bytes;
    /* Wythoff: the rows proven periodic, and row n's values */
    uint64_t *per, *pre;     /* per[y] = 0: not yet */
    rkeys *keys;
    int32_t *hist;           /* g(x, n) - x for every x computed */
    size_t hcap;
} rows;

static int grow_bytes(rows *r, size_t more)
{
    if (r->bytes + more > ROWS_MAX_BYTES)
        return 0;
    r->bytes += more;
    return 1;
}

/* *p, an array of *cap items of size bytes, grown to at least need items
 * (doubling, from first), the new bytes counted; 0 past ROWS_MAX_BYTES
 * or out of memory. */
static int grow_array(rows *r, void **p, size_t *cap, size_t need, size_t first,
                      size_t size)
{
    size_t nc = *cap ? 2 * *cap : first;
    void *np;
    while (nc < need)
        nc *= 2;
    if (!grow_bytes(r, (nc - *cap) * size))
        return 0;
    np = realloc(*p, nc * size);
    if (!np)
        return 0;
    *p = np;
    *cap = nc;
    return 1;
}

static int set_add(rows *r, rset *s, grundy_value v)
{
    size_t wi = (size_t)(v / 64);
    if (wi >= s->words) {
        size_t old = s->words;
        if (!grow_array(r, (void **)&s->bits, &s->words, wi + 1, 64,
                        sizeof *s->bits))
            return 0;
        memset(s->bits + old, 0, (s->words - old) * sizeof *s->bits);
    }
    s->bits[wi] |= (uint64_t)1 << (v % 64);
    if (v + 1 > s->top)
        s->top = v + 1;
    while (s->low / 64 < s->words &&
           (s->bits[s->low / 64] >> (s->low % 64) & 1))
        s->low++;
    return 1;
}

static int set_has(const rset *s, grundy_value v)
{
    return v / 64 < s->words && (s->bits[v / 64] >> (v % 64) & 1);
}

static int cmp_value(const void *x, const void *y)
{
    grundy_value a = *(const grundy_value *)x, b = *(const grundy_value *)y;
    return (a > b) - (a < b);
}

/* The terms with x along the long heap; 0 when one of them is an
 * unbounded move along the row other than t/0 (left to the square). */
static int orient(rows *r, int swap)
{
    size_t i;
    r->nt = 0;
    r->ray = 0;
    for (i = 0; i < r->tp->n; i++) {
        th_term u = r->tp->t[i];
        if (swap) {
            int64_t c = u.cx, d = u.dx;
            u.cx = u.cy;
            u.dx = u.dy;
            u.cy = c;
            u.dy = d;
        }
        if (u.cx == 1 && u.dx == 0 && u.cy == 0 && u.dy == 0 && u.lo == 1 &&
            u.hi == TH_INF) {
            r->ray = 1;
            continue;
        }
        if (u.cy == 0 && u.cx != 0 &&
            (u.hi == TH_INF || u.hi - u.lo >= ROWS_MAX_AMOUNTS))
            return 0;
        r->t[r->nt++] = u;
    }
    return 1;
}

/* The columns the other moves reach back: the ring's width. */
static size_t ring_width(const rows *r)
{
    uint64_t most = 0;
    size_t i;
    for (i = 0; i < r->nt; i++) {
        const th_term *u = &r->t[i];
        int64_t t1 = u->hi, back;
        if (u->cy > 0 && (t1 == TH_INF || t1 > ((int64_t)r->n - u->dy) /
                                                     u->cy))
            t1 = ((int64_t)r->n - u->dy) / u->cy;
        if (t1 < u->lo || t1 == TH_INF)
            continue; /* no move in the rectangle (or none along x) */
        back = u->cx * t1 + u->dx;
        if (back > 0 && (uint64_t)back > most)
            most = (uint64_t)back;
    }
    return (size_t)most + 1;
}

/* g(x, y) from the ring, the row's set and the other moves. */
static int cell(rows *r, uint64_t x, uint64_t y, grundy_value *out)
{
    size_t i, k;
    grundy_value v;
    r->nopt = 0;
    for (i = 0; i < r->nt; i++) {
        const th_term *u = &r->t[i];
        int64_t t, t0, t1;
        if (!th_term_span(u, x, y, &t0, &t1))
            continue;
        for (t = t0; t <= t1; t++) {
            int64_t ox = u->cx * t + u->dx, oy = u->cy * t + u->dy;
            if (ox == 0 && oy == 0)
                continue;
            if (r->nopt == r->capopt &&
                !grow_array(r, (void **)&r->opt, &r->capopt, r->nopt + 1, 64,
                            sizeof *r->opt))
                return 0;
            r->opt[r->nopt++] =
                r->ring[((x - (uint64_t)ox) % r->w) * (r->n + 1) + y -
                        (uint64_t)oy];
        }
    }
    r->steps += 4 * r->nopt + 1; /* the moves, and their sort */
    if (r->nopt)
        qsort(r->opt, r->nopt, sizeof *r->opt, cmp_value);
    /* the least value neither in the row's set nor among the others */
    v = r->ray ? r->set[y].low : 0;
    for (k = 0;;) {
        while (k < r->nopt && r->opt[k] < v)
            k++;
        if (r->ray && set_has(&r->set[y], v)) {
            v++;
            continue;
        }
        if (k < r->nopt && r->opt[k] == v) {
            v++;
            continue;
        }
        break;
    }
    *out = v;
    return 1;
}

/* Wythoff: the key of row y at column x (its value set relative to x),
 * kept when it is new; the column it was first seen at, or UINT64_MAX. */
static int key_seen(rows *r, uint64_t y, uint64_t x, uint64_t *seen)
{
    const rset *s = &r->set[y];
    rkeys *kk = &r->keys[y];
    size_t len = 1, i, need;
    grundy_value v;
    int64_t *key;
    for (v = s->low + 1; v < s->top; v++)
        len += set_has(s, v) != 0;
    need = kk->len + len + 1;
    if (need > kk->cap && !grow_array(r, (void **)&kk->pool, &kk->cap, need,
                                      1024, sizeof *kk->pool))
        return 0;
    key = kk->pool + kk->len;
    key[0] = (int64_t)len;
    key[1] = (int64_t)s->low - (int64_t)x;
    for (v = s->low + 1, i = 2; v < s->top; v++)
        if (set_has(s, v))
            key[i++] = (int64_t)v - (int64_t)x;
    r->steps += len;
    /* the keys are few (one per checkpoint until the first repeat) */
    for (i = 0; i < kk->n; i++) {
        const int64_t *o = kk->pool + kk->off[i];
        if (o[0] == key[0] &&
            memcmp(o + 1, key + 1, (size_t)len * sizeof *key) == 0) {
            *seen = kk->at[i];
            return 1;
        }
    }
    if (kk->n == kk->ncap) {
        size_t nc = kk->ncap ? 2 * kk->ncap : 64;
        uint64_t *na;
        size_t *no;
        if (!grow_bytes(r, (nc - kk->ncap) * 16))
            return 0;
        na = realloc(kk->at, nc * sizeof *na);
        if (!na)
            return 0;
        kk->at = na;
        no = realloc(kk->off, nc * sizeof *no);
        if (!no)
            return 0;
        kk->off = no;
        kk->ncap = nc;
    }
    kk->at[kk->n] = x;
    kk->off[kk->n++] = kk->len;
    kk->len += len + 1;
    *seen = UINT64_MAX;
    return 1;
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Wythoff: look for row y's period at column x, before g(x, y) is added;
 * 0 on a failed allocation. */
static int check_period(rows *r, uint64_t y, uint64_t x)
{
    uint64_t q = 0, p = 1, seen, k;
    for (k = 0; k < y; k++) {
        if (!r->per[k])
            return 1; /* a row below is not proven yet */
        if (r->pre[k] > q)
            q = r->pre[k];
        p = p / gcd64(p, r->per[k]) * r->per[k];
        if (p > ((uint64_t)1 << 40))
            return 1; /* too long to see */
    }
    q += y;
    if (x < q || (x - q) % p != 0)
        return 1;
    if (!key_seen(r, y, x, &seen))
        return 0;
    if (seen != UINT64_MAX) {
        r->pre[y] = seen;
        r->per[y] = x - seen;
    }
    return 1;
}

static void rows_free(rows *r)
{
    uint64_t y;
    free(r->ring);
    free(r->opt);
    for (y = 0; r->set && y <= r->n; y++)
        free(r->set[y].bits);
    for (y = 0; r->keys && y <= r->n; y++)
        GRUNDY_FREE_ALL(r->keys[y].pool, r->keys[y].at, r->keys[y].off);
    GRUNDY_FREE_ALL(r->set, r->keys, r->per, r->pre, r->hist);
}

static int hist_put(rows *r, uint64_t x, grundy_value v)
{
    int64_t d = (int64_t)v - (int64_t)x;
    if (x >= r->hcap && !grow_array(r, (void **)&r->hist, &r->hcap,
                                    (size_t)x + 1, 4096, sizeof *r->hist))
        return 0;
    if (d < INT32_MIN || d > INT32_MAX)
        return 0;
    r->hist[x] = (int32_t)d;
    return 1;
}

/* Fill columns 0, 1, ... until (m, n) is known, or (Wythoff) row n is
 * proven periodic.  1 with *out, or 0 past the bounds. */
static int fill(rows *r, uint64_t m, grundy_value *out)
{
    uint64_t x, y;
    int per = r->tp->wythoff;
    for (x = 0; x <= m; x++) {
        for (y = 0; y <= r->n; y++) {
            grundy_value v;
            if (per && !r->per[y] && !check_period(r, y, x))
                return 0;
            if (per && y == r->n && r->per[y]) {
                /* g(m, n) from one period of row n */
                uint64_t q = r->pre[y], p = r->per[y];
                uint64_t rr = q + (m - q) % p;
                *out = (grundy_value)((int64_t)rr + r->hist[rr]) + (m - rr);
                return 1;
            }
            if (!cell(r, x, y, &v))
                return 0;
            r->ring[(x % r->w) * (r->n + 1) + y] = v;
            if (r->ray && !set_add(r, &r->set[y], v))
                return 0;
            if (per && y == r->n && !hist_put(r, x, v))
                return 0;
        }
        if (r->steps > ROWS_MAX_STEPS)
            return 0;
    }
    *out = r->ring[(m % r->w) * (r->n + 1) + r->n];
    return 1;
}

double grundy_th_rows_cost(const th_params *tp, uint64_t a, uint64_t b)
{
    rows r;
    int swap = a < b;
    double m = (double)(swap ? b : a), n, per_cell, cols;
    memset(&r, 0, sizeof r);
    r.tp = tp;
    r.n = swap ? a : b;
    if (!orient(&r, swap))
        return 1e300;
    n = (double)r.n;
    per_cell = 4 * (double)r.nt * (n + 1) + 1;
    cols = m + 1;
    /* Wythoff: a row's period is proven by about column n^3 (measured:
     * row 10 near column 150, row 20 near 2200, row 30 near 10^4) */
    if (tp->wythoff && r.n <= ROWS_PERIOD_ROWS && 64 + n * n * n < cols)
        cols = 64 + n * n * n;
    return cols * (n + 1) * per_cell;
}

int grundy_th_rows_value(const th_params *tp, uint64_t a, uint64_t b,
                         grundy_value *out)
{
    rows r;
    int swap = a < b, ok = 0;
    uint64_t m = swap ? b : a;
    memset(&r, 0, sizeof r);
    r.tp = tp;
    r.n = swap ? a : b;
    if (!orient(&r, swap))
        return 0;
    /* Wythoff is symmetric: its terms are the same either way */
    r.w = ring_width(&r);
    if (r.n >= ROWS_MAX_BYTES || r.w >= ROWS_MAX_BYTES ||
        !grow_bytes(&r, (r.n + 1) * r.w * sizeof *r.ring +
                            (r.n + 1) * (sizeof *r.set + sizeof *r.keys +
                                         2 * sizeof *r.per)))
        return 0;
    /* the work: a cell and its moves per cell, unless a period ends it
     * (proving the periods of rows past ROWS_PERIOD_ROWS takes longer than
     * the bound of one value) */
    if ((m + 1) * (r.n + 1) > ROWS_MAX_STEPS / (4 * r.n + 1) &&
        (!tp->wythoff || r.n > ROWS_PERIOD_ROWS))
        return 0;
    r.ring = calloc((r.n + 1) * r.w, sizeof *r.ring);
    r.set = calloc(r.n + 1, sizeof *r.set);
    r.keys = calloc(r.n + 1, sizeof *r.keys);
    r.per = calloc(r.n + 1, sizeof *r.per);
    r.pre = calloc(r.n + 1, sizeof *r.pre);
    if (r.ring && r.set && r.keys && r.per && r.pre)
        ok = fill(&r, m, out);
    rows_free(&r);
    return ok;
}
