/*
 * window.c -- single values far out in a sliding window: the family's
 * kernel over a window of its lookback (as fast per entry as a table, in
 * the memory of the window), or moves and mex over the last max_take + 1
 * values of a family whose moves take a bounded number of tokens.
 */
#include <stdlib.h>
#include <string.h>

#include "values/values_internal.h"

/* Sliding window: ring[x % w] = g(x) for the last w positions.  Returns
 * *done = 0 if a move leaves the window (then another method is used). */
static grundy_status by_window(grundy_value *out, const grundy_game *g,
                               grundy_pos p, grundy_pos take,
                               const grundy_limits *lim, int *done)
{
    grundy_ticker tk;
    size_t w = (size_t)take + 1, nm, mcap = 0, i;
    grundy_value *ring;
    grundy_move *mv = NULL;
    grundy_status s = GRUNDY_OK;
    grundy_pos x;

    *done = 0;
    GRUNDY_RETURN_IF(take >= ((grundy_pos)1 << 24), GRUNDY_OK);
    GRUNDY_TRY(grundy_limits_mem_check(lim, w * sizeof *ring));
    ring = calloc(w, sizeof *ring);
    GRUNDY_RETURN_IF(!ring, GRUNDY_ERR_NOMEM);
    grundy_ticker_init(&tk, lim, "window", p + 1);
    for (x = 0; x <= p; x++) {
        uint64_t seen[4] = {0, 0, 0, 0};
        grundy_value mex = 0, big = 0;
        s = grundy_game_moves(g, x, &mv, &mcap, &nm);
        if (s != GRUNDY_OK)
            break;
        for (i = 0; i < nm; i++) {
            grundy_value v = 0;
            unsigned k;
            for (k = 0; k < mv[i].nparts; k++) {
                if (mv[i].part[k] >= x || mv[i].part[k] + take < x)
                    goto out; /* leaves the window */
                v ^= ring[mv[i].part[k] % w];
            }
            if (v < 256)
                seen[v / 64] |= 1ull << (v % 64);
            else
                big = 1;
        }
        if (big)
            goto out; /* values this large: use a table */
        while (mex < 256 && (seen[mex / 64] >> (mex % 64)) & 1)
            mex++;
        ring[x % w] = mex;
        s = grundy_ticker_tick(&tk, x + 1);
        if (s != GRUNDY_OK)
            goto out;
    }
    *out = ring[p % w];
    *done = 1;
out:
    free(ring);
    free(mv);
    return s;
}

/* Sources ******************************************************************/

static int kernel_applies(const grundy_values *v, grundy_pos p)
{
    return grundy_values_fill_method(v) == GRUNDY_FILL_KERNEL &&
           p >= WINDOW_FROM && grundy_table_kernel(v->game)->lookback;
}

static grundy_status kernel_get(grundy_value *out, int *done, grundy_values *v,
                                grundy_pos p)
{
    grundy_status s;
    GRUNDY_TRY(grundy_values_work_check(v, p == UINT64_MAX ? p : p + 1));
    s = grundy_table_window_value(out, v->game, p, v->lim);
    if (s == GRUNDY_ERR_ARG)
        return GRUNDY_OK;
    if (s == GRUNDY_OK)
        v->source = "window";
    *done = 1;
    return s;
}

const grundy_values_src grundy_values_src_kernel_window = {
    "window", kernel_applies, kernel_get};

static int window_applies(const grundy_values *v, grundy_pos p)
{
    return v->rules->max_take && v->rules->max_take(v->params) > 0 &&
           p < UINT64_MAX;
}

static grundy_status window_get(grundy_value *out, int *done, grundy_values *v,
                                grundy_pos p)
{
    GRUNDY_TRY(
        grundy_values_work_check(v, grundy_table_window_work(v->game, p)));
    GRUNDY_TRY(by_window(out, v->game, p, v->rules->max_take(v->params), v->lim,
                         done));
    if (*done)
        v->source = "window";
    return GRUNDY_OK;
}

const grundy_values_src grundy_values_src_window = {"window", window_applies,
                                                    window_get};
