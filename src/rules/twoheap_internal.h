/*
 * twoheap_internal.h -- what twoheap.c (the families, moves, the square
 * kernel) and twoheap_rows.c (single values off the rows) share; the
 * span of a term is inline here, so neither file calls into the other
 * for it (twoheap.c calls the rows, never the reverse).
 */
#ifndef GRUNDY_TWOHEAP_INTERNAL_H
#define GRUNDY_TWOHEAP_INTERNAL_H

#include <stdint.h>

#include "grundy/rules.h"

#define TH_INF INT64_MAX
#define TH_MAX_TERMS 64
/* Rays with a step of at most this many cells get a bit set per line;
 * longer steps have few options per line and are read one by one. */
#define TH_RAY_MAX_STEP 8
#define TH_MAX_RAYS 8
/* Positions between two progress ticks. */
#define TH_TICK 4096

typedef struct th_term {
    int64_t cx, dx, cy, dy; /* the vector (cx t + dx, cy t + dy) */
    int64_t lo, hi;         /* t in lo .. hi (TH_INF: unbounded); 1 .. 1
                               for a term without t */
} th_term;

typedef struct th_params {
    size_t n;
    th_term t[TH_MAX_TERMS];
    int wythoff;              /* the family "wythoff" (its closed form) */
    size_t nrays;             /* terms kept as bit sets per line ... */
    unsigned ray[TH_MAX_RAYS]; /* ... their indices in t[] */
} th_params;

/* The values of t in [*lo, *hi] for which c t + d lies in 0 .. a narrow
 * [*lo, *hi] to them; 0 when there are none. */
static inline int th_coord_span(int64_t c, int64_t d, int64_t a, int64_t *lo,
                                int64_t *hi)
{
    int64_t tmin, tmax;
    if (c == 0)
        return d >= 0 && d <= a;
    if (a - d < 0)
        return 0;
    tmax = (a - d) / c;
    tmin = d >= 0 ? 0 : (-d + c - 1) / c;
    if (tmin > *lo)
        *lo = tmin;
    if (tmax < *hi)
        *hi = tmax;
    return *lo <= *hi;
}

/* The values of t that give term u a move from (a, b) lie in [*t0, *t1]
 * (the vector (0, 0) aside); 0 when there are none. */
static inline int th_term_span(const th_term *u, uint64_t a, uint64_t b,
                               int64_t *t0, int64_t *t1)
{
    *t0 = u->lo;
    *t1 = u->hi;
    return th_coord_span(u->cx, u->dx, (int64_t)a, t0, t1) &&
           th_coord_span(u->cy, u->dy, (int64_t)b, t0, t1);
}

/* grundy_th_rows_value() :
 * g(a, b) from the rows of the short side only (twoheap_rows.c): every
 * position a move from (a, b) can reach lies in the rectangle 0..a x
 * 0..b, so it is filled row by row instead of the square of the long
 * side; for Wythoff's game, whose rows are additively periodic, a row's
 * period once proven gives positions far out.  Returns 1 with *out set,
 * 0 when the work or the memory would pass the bounds of a single value
 * (the square table then answers, under the caller's limits). */
int grundy_th_rows_value(const th_params *tp, uint64_t a, uint64_t b,
                         grundy_value *out);

/* grundy_th_rows_cost() :
 * The steps grundy_th_rows_value(tp, a, b) is estimated to take (a
 * generous estimate: rows of Wythoff's game are taken to need the columns
 * up to n^3 to prove their periods); about 1e300 when it cannot answer. */
double grundy_th_rows_cost(const th_params *tp, uint64_t a, uint64_t b);

#endif
