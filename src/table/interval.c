/*
 * interval.c -- the range-mex kernel: tables of heap families whose
 * options from p are the heaps of an interval lo(p) .. hi(p), less a few
 * excluded ones (grundy_rules.interval: allbut:S, take:A..B).
 *
 * Listing the moves costs O(hi - lo) per position, O(n^2) in all for
 * allbut or take:1..h/2.  Here both ends of the interval only grow, so
 * the interval is a sliding window over the table: each value enters it
 * once and leaves it once.  The window keeps count[v], the number of
 * positions of value v inside it, and a bitmap of the values with
 * count[v] > 0 with two summary levels (a bit per full word below it).
 * The mex is the first zero of the bitmap: three levels down, each a
 * count of trailing ones.  An excluded heap takes its value out of the
 * window for the one query (its count goes down and back up).  So a
 * position costs O(1) amortised for the window plus O(1 + exclusions)
 * for the query: allbut:1,2 and take:1..h/2 to 10^8 take seconds.
 *
 * The alternative, the last position of each value in a segment tree
 * searched for the first value last seen before lo, costs O(log V) per
 * update and query and 16 bytes per value; the counts cost 4.
 */
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "rules/rules_internal.h"
#include "table/fill.h"

#define TICK 4096

typedef struct window {
    uint32_t *count;
    uint64_t *l0, *l1, *l2; /* present values; full words; full words */
    size_t nv;              /* values 0 .. nv - 1 */
    size_t n0, n1, n2;      /* words per level */
} window;

static grundy_status window_init(window *w, size_t nv,
                                 const grundy_limits *lim)
{
    size_t bytes;
    memset(w, 0, sizeof *w);
    w->nv = nv;
    w->n0 = nv / 64 + 1;
    w->n1 = w->n0 / 64 + 1;
    w->n2 = w->n1 / 64 + 1;
    bytes = nv * sizeof *w->count + (w->n0 + w->n1 + w->n2) * 8;
    GRUNDY_TRY(grundy_limits_mem_check(lim, bytes));
    w->count = calloc(nv, sizeof *w->count);
    w->l0 = calloc(w->n0 + w->n1 + w->n2, 8);
    if (!w->count || !w->l0) {
        free(w->count);
        free(w->l0);
        return GRUNDY_ERR_NOMEM;
    }
    w->l1 = w->l0 + w->n0;
    w->l2 = w->l1 + w->n1;
    return GRUNDY_OK;
}

static void window_clear(window *w)
{
    free(w->count);
    free(w->l0);
}

static void bit_set(window *w, size_t v)
{
    size_t i0 = v / 64, i1 = i0 / 64;
    w->l0[i0] |= (uint64_t)1 << (v % 64);
    if (~w->l0[i0])
        return;
    w->l1[i1] |= (uint64_t)1 << (i0 % 64);
    if (~w->l1[i1])
        return;
    w->l2[i1 / 64] |= (uint64_t)1 << (i1 % 64);
}

static void bit_clear(window *w, size_t v)
{
    size_t i0 = v / 64, i1 = i0 / 64;
    w->l0[i0] &= ~((uint64_t)1 << (v % 64));
    w->l1[i1] &= ~((uint64_t)1 << (i0 % 64));
    w->l2[i1 / 64] &= ~((uint64_t)1 << (i1 % 64));
}

static void window_add(window *w, grundy_value v)
{
    if (w->count[v]++ == 0)
        bit_set(w, (size_t)v);
}

static void window_remove(window *w, grundy_value v)
{
    if (--w->count[v] == 0)
        bit_clear(w, (size_t)v);
}

/* The least value absent from the window. */
static grundy_value window_mex(const window *w)
{
    size_t i2 = 0, i1, i0;
    while (!~w->l2[i2])
        i2++;
    i1 = 64 * i2 + (size_t)__builtin_ctzll(~w->l2[i2]);
    i0 = 64 * i1 + (size_t)__builtin_ctzll(~w->l1[i1]);
    return 64 * i0 + (size_t)__builtin_ctzll(~w->l0[i0]);
}

static inline grundy_value get(const void *g, unsigned width, grundy_pos x)
{
    return grundy_table_get_raw(g, width, x);
}

static grundy_status interval_fill(const void *params, void *values,
                                   grundy_pos from, grundy_pos n,
                                   grundy_fill *f)
{
    grundy_table *t = grundy_fill_table(f);
    const grundy_rules *r = grundy_game_rules(t->game);
    unsigned width = t->width;
    grundy_value cap = width == 1 ? 0xFF : width == 2 ? 0xFFFF : 0xFFFFFFFFu;
    grundy_pos p, wlo = 0, whi = 0; /* the window holds wlo .. whi - 1 */
    grundy_pos *excl = NULL;
    size_t ecap = 16, ne, i;
    window w;
    grundy_status st;

    GRUNDY_RETURN_IF(!r->interval || grundy_fill_offset(f) != 0,
                     GRUNDY_ERR_ARG);
    /* values are at most the number of options, < n */
    GRUNDY_TRY(window_init(&w, (size_t)(n < cap ? n : cap) + 2,
                           grundy_fill_limits(f)));
    excl = malloc(ecap * sizeof *excl);
    if (!excl) {
        window_clear(&w);
        return GRUNDY_ERR_NOMEM;
    }
    st = GRUNDY_OK;
    for (p = from; p < n && st == GRUNDY_OK; p++) {
        grundy_pos lo, hi;
        grundy_value v;
        ne = r->interval(params, p, &lo, &hi, excl, ecap);
        if (ne > ecap) {
            st = GRUNDY_GROW(excl, ecap, ne);
            if (st != GRUNDY_OK)
                break;
            ne = r->interval(params, p, &lo, &hi, excl, ecap);
        }
        if (lo > hi) {
            v = 0; /* no option */
        } else {
            /* the contract: parts below p, ends that never decrease */
            if (hi >= p || lo < wlo || hi + 1 < whi) {
                st = GRUNDY_ERR_ARG;
                break;
            }
            if (lo >= whi) { /* no overlap: start the window again */
                while (wlo < whi)
                    window_remove(&w, get(values, width, wlo++));
                wlo = whi = lo;
            }
            while (whi <= hi)
                window_add(&w, get(values, width, whi++));
            while (wlo < lo)
                window_remove(&w, get(values, width, wlo++));
            for (i = 0; i < ne; i++) {
                if (excl[i] < lo || excl[i] > hi) {
                    st = GRUNDY_ERR_ARG;
                    break;
                }
                window_remove(&w, get(values, width, excl[i]));
            }
            if (st != GRUNDY_OK)
                break;
            v = window_mex(&w);
            for (i = 0; i < ne; i++)
                window_add(&w, get(values, width, excl[i]));
        }
        if (v > cap) {
            st = GRUNDY_ERR_OVERFLOW;
            break;
        }
        grundy_table_put_raw(values, width, p, v);
        if (p % TICK == TICK - 1)
            st = grundy_fill_tick(f, p + 1);
    }
    if (st == GRUNDY_OK)
        st = grundy_fill_tick(f, n);
    free(excl);
    window_clear(&w);
    return st;
}

/* The counts and the bitmaps of values below n. */
static size_t interval_work(const void *params, grundy_pos n)
{
    (void)params;
    return (size_t)(n + 2) * (sizeof(uint32_t) + 1);
}

const grundy_kernel grundy_kernel_interval = {
    .name = "range-mex",
    .fill = interval_fill,
    .work_bytes = interval_work,
};
