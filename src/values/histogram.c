/*
 * histogram.c -- the count of each value over g(0..max)
 * (grundy_values_histogram()): from the closed form position by
 * position, else from a table of the values object.
 */
#include <stdlib.h>
#include <string.h>

#include "values/values_internal.h"

/* From the closed form; *ok = 0 when it declines some position. */
static grundy_status hist_closed(uint64_t **hist, size_t *nv, int *ok,
                                 grundy_values *v, grundy_pos max)
{
    uint64_t *h = NULL;
    size_t cap = 0;
    grundy_pos pos = 0;
    grundy_ticker tk;
    *ok = 0;
    *hist = NULL;
    *nv = 0;
    if (v->rules->value_bound) {
        grundy_value b = v->rules->value_bound(v->params, max + 1);
        GRUNDY_RETURN_IF(b >= SIZE_MAX / sizeof *h, GRUNDY_ERR_LIMIT);
        cap = (size_t)b + 1;
    }
    grundy_ticker_init(&tk, v->lim, "histogram", max + 1);
    for (;;) {
        grundy_value x;
        grundy_status s;
        if (!v->rules->value(v->params, pos, &x)) {
            free(h);
            return GRUNDY_OK;
        }
        if (x >= cap || !h) {
            size_t ncap = cap > x ? cap : (size_t)x + 1;
            uint64_t *nh;
            GRUNDY_RETURN_IF(x >= SIZE_MAX / 2 / sizeof *h, GRUNDY_ERR_LIMIT);
            if (h && ncap < 2 * cap)
                ncap = 2 * cap;
            if (grundy_limits_mem_check(v->lim, ncap * sizeof *h) !=
                GRUNDY_OK) {
                free(h);
                return GRUNDY_ERR_LIMIT;
            }
            nh = realloc(h, ncap * sizeof *h);
            if (!nh) {
                free(h);
                return GRUNDY_ERR_NOMEM;
            }
            memset(nh + (h ? cap : 0), 0, (ncap - (h ? cap : 0)) * sizeof *nh);
            h = nh;
            cap = ncap;
        }
        h[x]++;
        if (x + 1 > *nv)
            *nv = (size_t)x + 1;
        s = grundy_ticker_tick(&tk, pos + 1);
        if (s != GRUNDY_OK) {
            free(h);
            return s;
        }
        if (pos == max)
            break;
        pos++;
    }
    *hist = h;
    *ok = 1;
    v->source = "closed form";
    return GRUNDY_OK;
}

grundy_status grundy_values_histogram(uint64_t **counts, size_t *nvalues,
                                      grundy_values *v, grundy_pos max)
{
    int ok = 0;
    size_t nv;
    uint64_t *h;
    *counts = NULL;
    *nvalues = 0;
    GRUNDY_RETURN_IF(!(v->rules->flags & GRUNDY_RULES_HEAP), GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(max == UINT64_MAX, GRUNDY_ERR_RANGE);
    if (v->rules->value) {
        GRUNDY_TRY(hist_closed(counts, nvalues, &ok, v, max));
        if (ok)
            return GRUNDY_OK;
    }
    GRUNDY_RETURN_IF(!grundy_values_table_fits(v, max + 1), GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_values_ensure_table(v, max + 1));
    if (grundy_table_size(v->table) > max + 1) {
        /* a longer table is at hand: count its first max + 1 entries */
        grundy_table *prefix;
        grundy_status s;
        GRUNDY_TRY(grundy_table_prefix(&prefix, v->table, max + 1));
        nv = (size_t)grundy_table_max(prefix, NULL) + 1;
        s = grundy_limits_mem_check(v->lim, nv * sizeof *h);
        h = s == GRUNDY_OK ? malloc(nv * sizeof *h) : NULL;
        if (h)
            grundy_table_counts(prefix, h);
        grundy_table_free(prefix);
        GRUNDY_TRY(s);
        GRUNDY_RETURN_IF(!h, GRUNDY_ERR_NOMEM);
    } else {
        nv = (size_t)grundy_table_max(v->table, NULL) + 1;
        GRUNDY_TRY(grundy_limits_mem_check(v->lim, nv * sizeof *h));
        h = malloc(nv * sizeof *h);
        GRUNDY_RETURN_IF(!h, GRUNDY_ERR_NOMEM);
        grundy_table_counts(v->table, h);
    }
    *counts = h;
    *nvalues = nv;
    return GRUNDY_OK;
}
