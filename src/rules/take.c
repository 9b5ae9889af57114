/*
 * take.c -- take:A..B, remove between A and B tokens from one heap, where
 * B is a number, h (the whole heap) or h/K (a K-th of the heap, rounded
 * down): take:1..3 is the subtraction game {1, 2, 3}, take:1..h is Nim,
 * take:1..h/2 leaves at least half of the heap.
 *
 * The options of a heap h are the heaps h - B(h) .. h - A, an interval
 * whose two ends never decrease as h grows, so the family has the
 * interval hook and is tabulated by the range-mex kernel
 * (src/table/interval.c) in O(log) per heap instead of O(B) moves.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/io.h"
#include "rules/rules_internal.h"

#define TAKE_MAX 0xFFFFFFFFull

typedef struct take_params {
    grundy_pos a;     /* least amount, >= 1 */
    grundy_pos b;     /* largest amount when div == 0 */
    unsigned div;     /* 0: b is a number; 1: the whole heap; K: h / K */
} take_params;

/* The most tokens a move from h may take. */
static grundy_pos take_most(const take_params *tp, grundy_pos h)
{
    grundy_pos b = tp->div ? h / tp->div : tp->b;
    return b < h ? b : h;
}

static grundy_status take_parse(void **params, const char *args,
                                grundy_parse_error *where)
{
    take_params *tp;
    const char *dots, *bt;
    grundy_pos a, b = 0;
    uint64_t k = 0;
    unsigned div = 0;
    grundy_status s;
    *params = NULL;
    if (!args || !(dots = strstr(args, ".."))) {
        grundy_parse_error_set(where, 1, 1,
                               "expected A..B, e.g. take:1..3 or "
                               "take:1..h/2");
        return GRUNDY_ERR_PARSE;
    }
    s = grundy_u64_parse(&a, args, (size_t)(dots - args), 1, TAKE_MAX,
                         where);
    if (s != GRUNDY_OK)
        return s;
    bt = dots + 2;
    if (bt[0] == 'h' && bt[1] == 0) {
        div = 1;
    } else if (bt[0] == 'h' && bt[1] == '/') {
        s = grundy_u64_parse(&k, bt + 2, strlen(bt + 2), 2, 1u << 30, where);
        if (s != GRUNDY_OK) {
            if (where)
                where->col += (size_t)(bt + 2 - args);
            return s;
        }
        div = (unsigned)k;
    } else {
        s = grundy_u64_parse(&b, bt, strlen(bt), a, TAKE_MAX, where);
        if (s != GRUNDY_OK) {
            if (where)
                where->col += (size_t)(bt - args);
            if (s == GRUNDY_ERR_PARSE && where)
                grundy_parse_error_set(where, 1, (size_t)(bt - args) + 1,
                                       "expected a number, h or h/K after "
                                       "'..'");
            return s;
        }
    }
    tp = malloc(sizeof *tp);
    GRUNDY_RETURN_IF(!tp, GRUNDY_ERR_NOMEM);
    tp->a = a;
    tp->b = b;
    tp->div = div;
    *params = tp;
    return GRUNDY_OK;
}

static size_t take_max_moves(const void *params, grundy_pos p)
{
    const take_params *tp = params;
    grundy_pos b = take_most(tp, p);
    return b >= tp->a ? (size_t)(b - tp->a + 1) : 0;
}

static size_t take_moves(const void *params, grundy_pos p, grundy_move *out,
                         size_t cap)
{
    const take_params *tp = params;
    grundy_pos b = take_most(tp, p), r;
    size_t k = 0;
    for (r = tp->a; r <= b; r++, k++)
        if (k < cap) {
            out[k].part[0] = p - r;
            out[k].nparts = 1;
        }
    return k;
}

static size_t take_interval(const void *params, grundy_pos p, grundy_pos *lo,
                            grundy_pos *hi, grundy_pos *excl, size_t cap)
{
    const take_params *tp = params;
    (void)excl;
    (void)cap;
    if (p < tp->a) {
        *lo = 1;
        *hi = 0;
        return 0;
    }
    *lo = p - take_most(tp, p);
    *hi = p - tp->a;
    return 0;
}

static grundy_pos take_max_take(const void *params)
{
    const take_params *tp = params;
    return tp->div ? 0 : tp->b;
}

/* A subtraction game {A .. B}: a run of B values proves a period. */
static grundy_pos take_period_run(const void *params, grundy_pos q,
                                  grundy_pos p)
{
    (void)q;
    (void)p;
    return take_max_take(params);
}

/* The mex of at most B - A + 1 options. */
static grundy_value take_bound(const void *params, grundy_pos n)
{
    const take_params *tp = params;
    grundy_pos b = take_most(tp, n ? n - 1 : 0);
    return b >= tp->a ? b - tp->a + 1 : 0;
}

static size_t take_spec(const void *params, char *buf, size_t cap)
{
    const take_params *tp = params;
    grundy_spec_buf b = grundy_spec_start(buf, cap, "take:");
    grundy_spec_put_u64(&b, tp->a);
    grundy_spec_put(&b, "..");
    if (tp->div == 1) {
        grundy_spec_put(&b, "h");
    } else if (tp->div) {
        grundy_spec_put(&b, "h/");
        grundy_spec_put_u64(&b, tp->div);
    } else {
        grundy_spec_put_u64(&b, tp->b);
    }
    return b.len;
}

const grundy_rules grundy_rules_take = {
    .name = "take",
    .synopsis = "take:A..B          remove between A and B stones; B may be "
                "h or h/K (of the heap h)",
    .flags = GRUNDY_RULES_HEAP,
    .parse = take_parse,
    .free_params = free,
    .max_moves = take_max_moves,
    .moves = take_moves,
    .max_take = take_max_take,
    .spec_format = take_spec,
    .value_bound = take_bound,
    .period_run = take_period_run,
    .interval = take_interval,
};
