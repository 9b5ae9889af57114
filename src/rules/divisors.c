/*
 * divisors.c -- the divisor game "divisors:H": a pile with target H holds
 * a count x that divides H; a move raises it to any larger divisor of H.
 *
 * Positions are the counts x (x | H), written in decimal.  The divisors
 * above x form a chain in which every member can reach every later one,
 * so the position is isomorphic to a Nim heap of that many stones: its
 * value is the number of divisors of H larger than x, d(H) - 1 from the
 * start x = 1.  That closed form is the family's value(); moves() lists
 * the real moves, which the tests search directly.
 */
#include <stdlib.h>
#include <string.h>

#include "core/bsearch.h"
#include "core/alloc.h"
#include "grundy/io.h"
#include "grundy/nt.h"
#include "rules/rules_internal.h"

typedef struct divisors_params {
    uint64_t h;
    uint64_t *div; /* every divisor of h, increasing */
    size_t n;
} divisors_params;

static grundy_status div_parse(void **params, const char *args,
                               grundy_parse_error *where)
{
    divisors_params *dp;
    uint64_t h;
    grundy_status s;
    *params = NULL;
    if (!args || !*args) {
        grundy_parse_error_set(where, 1, 1,
                               "expected the target H: divisors:H");
        return GRUNDY_ERR_PARSE;
    }
    s = grundy_u64_parse(&h, args, strlen(args), 1, UINT64_MAX, where);
    if (s != GRUNDY_OK)
        return s;
    GRUNDY_TRY(GRUNDY_NEW(dp));
    dp->h = h;
    s = grundy_nt_divisors(&dp->div, &dp->n, h);
    if (s != GRUNDY_OK) {
        free(dp);
        return s;
    }
    *params = dp;
    return GRUNDY_OK;
}

static void div_free(void *params)
{
    divisors_params *dp = params;
    if (dp)
        free(dp->div);
    free(dp);
}

/* The number of divisors <= x. */
static size_t upto(const divisors_params *dp, uint64_t x)
{
    size_t lo;
    GRUNDY_PARTITION_POINT(lo, dp->n, mid, dp->div[mid] <= x);
    return lo;
}

static grundy_status div_pos_parse(const void *params, const char *text,
                                   size_t len, grundy_pos *out,
                                   grundy_parse_error *where)
{
    const divisors_params *dp = params;
    GRUNDY_TRY(grundy_u64_parse(out, text, len, 1, dp->h, where));
    if (dp->h % *out) {
        grundy_parse_error_set(where, 1, 1, "%llu does not divide %llu",
                               (unsigned long long)*out,
                               (unsigned long long)dp->h);
        return GRUNDY_ERR_RANGE;
    }
    return GRUNDY_OK;
}

static size_t div_max_moves(const void *params, grundy_pos p)
{
    (void)p;
    return ((const divisors_params *)params)->n;
}

static size_t div_moves(const void *params, grundy_pos p, grundy_move *out,
                        size_t cap)
{
    const divisors_params *dp = params;
    size_t i, k = 0;
    for (i = upto(dp, p); i < dp->n; i++, k++)
        if (k < cap) {
            out[k].part[0] = dp->div[i];
            out[k].nparts = 1;
        }
    return k;
}

static int div_value(const void *params, grundy_pos p, grundy_value *out)
{
    const divisors_params *dp = params;
    *out = dp->n - upto(dp, p);
    return 1;
}

/* The divisor of value v (d(H) - 1 - v divisors lie below it), when it
 * is above x. */
static int div_move_to(const void *params, grundy_pos p, grundy_value v,
                       grundy_move *out)
{
    const divisors_params *dp = params;
    size_t here = upto(dp, p);
    if (v >= dp->n - here)
        return 0;
    out->part[0] = dp->div[dp->n - v - 1];
    out->nparts = 1;
    return 1;
}

static size_t div_spec(const void *params, char *buf, size_t cap)
{
    const divisors_params *dp = params;
    grundy_spec_buf b = grundy_spec_start(buf, cap, "divisors:");
    grundy_spec_put_u64(&b, dp->h);
    return b.len;
}

const grundy_rules grundy_rules_divisors = {
    .name = "divisors",
    .synopsis = "divisors:H         a count x dividing H rises to any larger "
                "divisor of H",
    .flags = GRUNDY_RULES_NIM,
    .parse = div_parse,
    .free_params = div_free,
    .pos_parse = div_pos_parse,
    .max_moves = div_max_moves,
    .moves = div_moves,
    .value = div_value,
    .spec_format = div_spec,
    .move_to_value = div_move_to,
};
