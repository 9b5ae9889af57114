/*
 * hist.c -- the multiset of Grundy values that a count draws from
 * (grundy/count.h, "Histograms"): values added one at a time with their
 * weights, or the values of a list of positions of a game.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/count.h"

void grundy_count_hist_init(grundy_count_hist *h, uint64_t mod)
{
    memset(h, 0, sizeof *h);
    h->mod = mod;
}

void grundy_count_hist_clear(grundy_count_hist *h)
{
    free(h->weights);
    grundy_count_hist_init(h, h->mod);
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a + b < a ? UINT64_MAX : a + b;
}

/* Room for weights[v]: the table doubles, within the memory limit. */
static grundy_status room(grundy_count_hist *h, uint64_t v,
                          const grundy_limits *lim)
{
    size_t ncap = h->cap ? h->cap : 64;
    uint64_t *nw;
    GRUNDY_RETURN_IF(v > GRUNDY_COUNT_VALUE_MAX, GRUNDY_ERR_LIMIT);
    if (v < h->cap)
        return GRUNDY_OK;
    while (ncap <= v)
        ncap *= 2;
    if (lim)
        GRUNDY_TRY(grundy_limits_mem_check(lim, ncap * sizeof *nw));
    nw = realloc(h->weights, ncap * sizeof *nw);
    GRUNDY_RETURN_IF(!nw, GRUNDY_ERR_NOMEM);
    memset(nw + h->cap, 0, (ncap - h->cap) * sizeof *nw);
    h->weights = nw;
    h->cap = ncap;
    return GRUNDY_OK;
}

grundy_status grundy_count_hist_add(grundy_count_hist *h, uint64_t v,
                                    uint64_t weight, const grundy_limits *lim)
{
    GRUNDY_TRY(room(h, v, lim));
    h->weights[v] = h->mod ? (h->weights[v] + weight % h->mod) % h->mod
                           : sat_add(h->weights[v], weight);
    h->total = sat_add(h->total, weight);
    if (v >= h->nvalues)
        h->nvalues = (size_t)v + 1;
    return GRUNDY_OK;
}

/* The positions of list into *pos (a new array of *n). */
static grundy_status read_list(const grundy_game *g, const char *list,
                               grundy_pos **pos, size_t *n,
                               grundy_count_list_fault *f)
{
    size_t i = 0, j;
    grundy_status s;
    *n = 0;
    *pos = malloc((strlen(list) / 2 + 1) * sizeof **pos);
    GRUNDY_RETURN_IF(!*pos, GRUNDY_ERR_NOMEM);
    for (;;) {
        f->off = i;
        while (list[i] && list[i] != ',')
            i++;
        f->len = i - f->off;
        s = grundy_game_pos_parse(g, list + f->off, f->len, &(*pos)[*n],
                                  &f->where);
        f->unparsed = s != GRUNDY_OK;
        if (s != GRUNDY_OK)
            return s;
        for (j = 0; j < *n; j++)
            if ((*pos)[j] == (*pos)[*n]) {
                f->twice = 1;
                return GRUNDY_ERR_ARG;
            }
        ++*n;
        if (!list[i++])
            return GRUNDY_OK;
    }
}

grundy_status grundy_count_hist_positions(grundy_count_hist *h,
                                          grundy_values *v, const char *list,
                                          grundy_count_list_fault *f)
{
    grundy_pos *pos;
    size_t n, i;
    grundy_status s;
    memset(f, 0, sizeof *f);
    s = read_list(grundy_values_game(v), list, &pos, &n, f);
    for (i = 0; s == GRUNDY_OK && i < n; i++) {
        grundy_value val;
        s = grundy_values_get(&val, v, pos[i]);
        if (s == GRUNDY_OK)
            s = grundy_count_hist_add(h, val, 1, grundy_values_limits(v));
    }
    free(pos);
    return s;
}
