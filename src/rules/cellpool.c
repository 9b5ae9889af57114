/*
 * cellpool.c -- handles for the positions of boards of more than 64
 * cells (cellpool.h): the sets in one growing array, a table of handles
 * by hash beside it.
 */
#include <stdlib.h>
#include <string.h>

#include "rules/cellpool.h"
#include "rules/cells.h"

void grundy_cellpool_init(grundy_cellpool *cp, unsigned words)
{
    memset(cp, 0, sizeof *cp);
    pthread_mutex_init(&cp->mu, NULL);
    cp->words = words;
}

void grundy_cellpool_clear(grundy_cellpool *cp)
{
    pthread_mutex_destroy(&cp->mu);
    free(cp->sets);
    free(cp->slots);
    memset(cp, 0, sizeof *cp);
}

static size_t slot_of(const grundy_cellpool *cp, const uint64_t *x)
{
    return (size_t)(grundy_cells_hash(x, cp->words) >> 17) &
           (cp->nslots - 1);
}

static int same(const grundy_cellpool *cp, size_t h, const uint64_t *x)
{
    return memcmp(cp->sets + h * cp->words, x, cp->words * sizeof *x) == 0;
}

/* Twice the slots, every handle placed again. */
static grundy_status rehash(grundy_cellpool *cp)
{
    size_t n = cp->nslots ? 2 * cp->nslots : 64, i;
    uint32_t *s = calloc(n, sizeof *s);
    GRUNDY_RETURN_IF(!s, GRUNDY_ERR_NOMEM);
    free(cp->slots);
    cp->slots = s;
    cp->nslots = n;
    for (i = 0; i < cp->n; i++) {
        size_t j = slot_of(cp, cp->sets + i * cp->words);
        while (cp->slots[j])
            j = (j + 1) & (n - 1);
        cp->slots[j] = (uint32_t)(i + 1);
    }
    return GRUNDY_OK;
}

static grundy_status put_locked(grundy_cellpool *cp, const uint64_t *x,
                                grundy_pos *handle)
{
    size_t j;
    if (2 * (cp->n + 1) > cp->nslots)
        GRUNDY_TRY(rehash(cp));
    for (j = slot_of(cp, x); cp->slots[j]; j = (j + 1) & (cp->nslots - 1))
        if (same(cp, cp->slots[j] - 1, x)) {
            *handle = cp->slots[j] - 1;
            return GRUNDY_OK;
        }
    GRUNDY_RETURN_IF(cp->n >= UINT32_MAX - 1, GRUNDY_ERR_LIMIT);
    if (cp->n == cp->cap) {
        size_t nc = cp->cap ? 2 * cp->cap : 16;
        uint64_t *ns = realloc(cp->sets, nc * cp->words * sizeof *ns);
        GRUNDY_RETURN_IF(!ns, GRUNDY_ERR_NOMEM);
        cp->sets = ns;
        cp->cap = nc;
    }
    memcpy(cp->sets + cp->n * cp->words, x, cp->words * sizeof *x);
    cp->slots[j] = (uint32_t)(cp->n + 1);
    *handle = cp->n++;
    return GRUNDY_OK;
}

grundy_status grundy_cellpool_put(grundy_cellpool *cp, const uint64_t *x,
                                  grundy_pos *handle)
{
    grundy_status s;
    pthread_mutex_lock(&cp->mu);
    s = put_locked(cp, x, handle);
    pthread_mutex_unlock(&cp->mu);
    return s;
}

int grundy_cellpool_get(grundy_cellpool *cp, grundy_pos h, uint64_t *out)
{
    int ok;
    pthread_mutex_lock(&cp->mu);
    ok = h < cp->n;
    if (ok)
        memcpy(out, cp->sets + h * cp->words, cp->words * sizeof *out);
    pthread_mutex_unlock(&cp->mu);
    return ok;
}

int grundy_cellpool_cells(grundy_cellpool *cp, unsigned need, uint64_t all,
                          grundy_pos p, uint64_t *out, unsigned words)
{
    grundy_cells_zero(out, words);
    if (need == 1) {
        out[0] = p & all;
        return p == out[0];
    }
    return words >= need && grundy_cellpool_get(cp, p, out);
}

grundy_pos grundy_cellpool_name(grundy_cellpool *cp, const uint64_t *x, int *ok)
{
    grundy_pos h = 0;
    if (grundy_cellpool_put(cp, x, &h) != GRUNDY_OK)
        *ok = 0;
    return h;
}

size_t grundy_cellpool_size(grundy_cellpool *cp)
{
    size_t n;
    pthread_mutex_lock(&cp->mu);
    n = cp->n;
    pthread_mutex_unlock(&cp->mu);
    return n;
}
