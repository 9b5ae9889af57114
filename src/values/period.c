/*
 * period.c -- the period search of a values object and values from a
 * proven period.  The table grows by doubling until the family's
 * criterion proves a period or the bound is reached; the sizes checked do
 * not depend on what the object or the store already holds, so neither
 * does the answer.
 */
#include <string.h>

#include "values/values_internal.h"

/* Periods ******************************************************************/

int grundy_values_costly_moves(const grundy_values *v)
{
    return v->rules->max_moves(v->params, (grundy_pos)1 << 20) > 1024;
}

/* The bound of a full period search (grundy_values_period()). */
grundy_pos grundy_values_period_default_max(const grundy_values *v)
{
    return !grundy_period_provable(v->game) ? PERIOD_UNPROVABLE
           : !grundy_values_costly_moves(v) ? PERIOD_MAX
           : grundy_table_kernel(v->game)   ? PERIOD_MAX_KERNEL
                                            : PERIOD_MAX_COSTLY;
}

/* The built-in bound of work of a period search
 * (GRUNDY_PERIOD_WORK_DEFAULT): it stops before the doubling that would
 * take the estimated steps of the search (grundy_values_grow_work():
 * positions, moves listed, rare positions looked at) past it. */
int grundy_values_period_work_bound(const grundy_values *v)
{
    return v->period_work_bound;
}

/* The bound of work of a search with no max: the built-in one, or the
 * work limit when it is lower (the search then answers what it saw
 * instead of refusing). */
static uint64_t period_work(const grundy_values *v)
{
    uint64_t lim = grundy_limits_work(v->lim);
    return lim < GRUNDY_PERIOD_WORK_DEFAULT ? lim : GRUNDY_PERIOD_WORK_DEFAULT;
}

/* The steps of the doubling from n to next, from g(0..n-1) alone (not
 * from what the object or the store holds). */
static uint64_t doubling_work(const grundy_values *v, grundy_pos n,
                              grundy_pos next)
{
    return grundy_values_grow_work(v, grundy_values_fill_method(v), n, next);
}

/* Where a search from n (with g(0..n-1) in the table) would stop under the
 * default bound of work, `spent` steps spent: the doublings projected
 * with the density of rare positions seen so far; max at most. */
static grundy_pos projected_end(const grundy_values *v, grundy_pos n,
                                grundy_pos max, uint64_t spent)
{
    double per = 1;
    grundy_pos next = n > max / 2 ? max : 2 * n;
    uint64_t w = doubling_work(v, n, next);
    if (next > n)
        per = (double)w / ((double)next * (double)next -
                           (double)n * (double)n);
    while (n < max) {
        double step;
        next = n > max / 2 ? max : 2 * n;
        step = per * ((double)next * (double)next - (double)n * (double)n);
        if ((double)spent + step > (double)period_work(v))
            break;
        spent += (uint64_t)step;
        n = next;
    }
    return n;
}

/* Progress of a period search: the tables it grows report as one phase
 * that names what is looked for, with the largest table the search may
 * reach as the total (its bound, or where the bound of work is projected
 * to stop it). */
typedef struct period_ctx {
    const grundy_limits *outer;
    grundy_pos total;
} period_ctx;

static int period_progress(void *ctx, const grundy_progress *p)
{
    const period_ctx *c = ctx;
    grundy_progress q = *p;
    q.phase = "period search (none proven yet), n";
    q.total = c->total;
    q.final = 0;
    return c->outer->progress(c->outer->progress_ctx, &q);
}

static grundy_status period_grow(grundy_period *out, grundy_values *v,
                                 grundy_pos max, period_ctx *ctx)
{
    grundy_pos n;
    int provable = grundy_period_provable(v->game);
    int max_given = max != 0;
    uint64_t spent = 0, bound = period_work(v);
    v->period_work_bound = 0;
    if (!max)
        max = grundy_values_period_default_max(v);
    n = provable ? PERIOD_FROM : max;
    if (n > max)
        n = max;
    ctx->total = max_given || !provable ? max : projected_end(v, n, max, 0);
    for (;;) {
        const grundy_table *t;
        grundy_pos next;
        GRUNDY_TRY(grundy_values_table(&t, v, n));
        grundy_period_find(out, t);
        if (out->proven) {
            /* values come from a period found in the table, ordinary or
             * arithmetic; a closed form's (or none, proven) is the
             * family's own to give */
            if (out->found &&
                (!out->saltus || !grundy_period_why(v->game)))
                v->period = *out;
            break;
        }
        if (!provable || n >= max)
            break;
        next = n > max / 2 ? max : 2 * n;
        if (!max_given) {
            /* the bound of work, from g(0..n-1): the same sizes whatever
             * the store holds */
            uint64_t w = doubling_work(v, n, next);
            if (w > bound - spent) {
                v->period_work_bound = 1;
                break;
            }
            spent += w;
            ctx->total = projected_end(v, next, max, spent);
            if (ctx->total < next)
                ctx->total = next;
        }
        n = next;
    }
    if (out->proven || max >= grundy_values_period_default_max(v))
        v->period_searched = 1;
    return GRUNDY_OK;
}

grundy_status grundy_values_period_search(grundy_period *out, grundy_values *v,
                                          grundy_pos max)
{
    grundy_limits wrapped;
    const grundy_limits *saved = v->lim;
    period_ctx ctx;
    grundy_status s = GRUNDY_OK;
    ctx.outer = saved;
    ctx.total = 0;
    if (saved && saved->progress) {
        wrapped = *saved;
        wrapped.progress = period_progress;
        wrapped.progress_ctx = &ctx;
        v->lim = &wrapped;
    }
    s = period_grow(out, v, max, &ctx);
    v->lim = saved;
    return s;
}

grundy_status grundy_values_period(grundy_period *out, grundy_values *v,
                                   grundy_pos max)
{
    memset(out, 0, sizeof *out);
    GRUNDY_RETURN_IF(grundy_game_num_positions(v->game), GRUNDY_ERR_ARG);
    return grundy_values_period_search(out, v, max);
}

/* Sources ******************************************************************/

static int period_applies(const grundy_values *v, grundy_pos p)
{
    (void)p;
    return v->period.proven;
}

static grundy_status period_get(grundy_value *out, int *done, grundy_values *v,
                                grundy_pos p)
{
    *done = 1;
    return grundy_values_by_period(out, v, p);
}

const grundy_values_src grundy_values_src_period = {"period", period_applies,
                                                    period_get};

static int search_applies(const grundy_values *v, grundy_pos p)
{
    return grundy_period_provable(v->game) && p >= PERIOD_FROM &&
           !v->period_searched;
}

/* A position within reach of a table looks for a period only as far as
 * twice its own size (its own size when moves grow with the heap): past
 * it, the table answers. */
static grundy_status search_get(grundy_value *out, int *done, grundy_values *v,
                                grundy_pos p)
{
    grundy_period per;
    grundy_pos max = p >= grundy_values_period_default_max(v) / 2 ? 0
                     : grundy_values_costly_moves(v)              ? p + 1
                                                                  : 2 * p;
    GRUNDY_TRY(grundy_values_period_search(&per, v, max));
    if (v->period.proven) {
        *done = 1;
        return grundy_values_by_period(out, v, p);
    }
    if (p < grundy_table_size(v->table)) {
        *out = grundy_values_table_at(v, p);
        *done = 1;
    }
    return GRUNDY_OK;
}

const grundy_values_src grundy_values_src_period_search = {
    "period search", search_applies, search_get};
