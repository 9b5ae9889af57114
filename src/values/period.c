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

/* The built-in bound of a period search for families whose positions
 * have more moves than the position's size (splits into three heaps and
 * more): the next doubling to 2n would list about n * max_moves(2n)
 * moves, and the search stops when that passes PERIOD_WORK (a minute or
 * so), not after hours.  An explicit max goes on regardless. */
#define PERIOD_WORK ((double)((uint64_t)1 << 34))
static int past_reach(const grundy_values *v, grundy_pos n)
{
    double m = (double)v->rules->max_moves(v->params, 2 * n);
    return m > (double)(2 * n) && (double)n * m > PERIOD_WORK;
}

/* Grow the table by doubling until a period is proven or max.  The
 * sequence of sizes checked does not depend on what the object or the
 * store already holds, so neither does the answer. */
static grundy_status period_grow(grundy_period *out, grundy_values *v,
                                 grundy_pos max);

/* Progress of a period search: the tables it grows report as one phase
 * that names what is looked for, with no total (the end is not known). */
static int period_progress(void *ctx, const grundy_progress *p)
{
    const grundy_limits *outer = ctx;
    grundy_progress q = *p;
    q.phase = "period search (none proven yet), n";
    q.total = 0;
    q.final = 0;
    return outer->progress(outer->progress_ctx, &q);
}

grundy_status grundy_values_period_search(grundy_period *out, grundy_values *v,
                                          grundy_pos max)
{
    grundy_limits wrapped;
    const grundy_limits *saved = v->lim;
    grundy_status s = GRUNDY_OK;
    if (saved && saved->progress) {
        wrapped = *saved;
        wrapped.progress = period_progress;
        wrapped.progress_ctx = (void *)saved;
        v->lim = &wrapped;
    }
    s = period_grow(out, v, max);
    v->lim = saved;
    return s;
}

static grundy_status period_grow(grundy_period *out, grundy_values *v,
                                 grundy_pos max)
{
    grundy_pos n;
    int provable = grundy_period_provable(v->game);
    int max_given = max != 0;
    if (!max)
        max = grundy_values_period_default_max(v);
    n = provable ? PERIOD_FROM : max;
    if (n > max)
        n = max;
    for (;;) {
        const grundy_table *t;
        GRUNDY_TRY(grundy_values_table(&t, v, n));
        grundy_period_find(out, t);
        if (out->proven) {
            v->period = *out;
            break;
        }
        if (!provable || n >= max || (!max_given && past_reach(v, n)))
            break;
        n = n > max / 2 ? max : 2 * n;
    }
    if (out->proven || max >= grundy_values_period_default_max(v))
        v->period_searched = 1;
    return GRUNDY_OK;
}

grundy_status grundy_values_period(grundy_period *out, grundy_values *v,
                                   grundy_pos max)
{
    memset(out, 0, sizeof *out);
    GRUNDY_RETURN_IF(grundy_game_num_positions(v->game), GRUNDY_ERR_ARG);
    return grundy_values_period_search(out, v, max);
}

/* g(p) from the proven period (the table covers one period past q). */
grundy_status grundy_values_by_period(grundy_value *out, grundy_values *v,
                                      grundy_pos p)
{
    grundy_pos q = v->period.preperiod, per = v->period.period;
    GRUNDY_TRY(grundy_values_ensure_table(v, q + per));
    *out = grundy_values_table_at(v, p < q + per ? p : q + (p - q) % per);
    v->source = "period";
    return GRUNDY_OK;
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
