/*
 * tt.c -- the transposition table of the board search (tt.h).
 *
 * Tables from 2 MiB on are aligned to 2 MiB and asked for huge pages: a
 * lookup is one random access, and with 4 KiB pages it pays a page walk
 * too (two in a virtual machine), which cost more than the lookup.
 */
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE */
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "board/tt.h"

#define TT_MIN_BUCKETS ((size_t)1 << 10)   /* 64 KiB */
#define TT_FIRST_BUCKETS ((size_t)1 << 12) /* 256 KiB */

static tt_entry *alloc_entries(size_t nbuckets)
{
    size_t bytes = nbuckets * TT_WAYS * sizeof(tt_entry);
    void *p = NULL;
    size_t align = bytes >= ((size_t)1 << 21) ? (size_t)1 << 21 : 64;
    if (posix_memalign(&p, align, bytes) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    if (align > 64)
        (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
    memset(p, 0, bytes);
    return p;
}

grundy_status board_tt_init(board_tt *t, size_t max_bytes,
                            const grundy_limits *lim)
{
    size_t nb = TT_FIRST_BUCKETS;
    memset(t, 0, sizeof *t);
    t->lim = lim;
    t->max_bytes = max_bytes;
    while (nb > TT_MIN_BUCKETS && nb * TT_WAYS * sizeof(tt_entry) > max_bytes)
        nb /= 2;
    GRUNDY_RETURN_IF(nb * TT_WAYS * sizeof(tt_entry) > max_bytes,
                     GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(lim, nb * TT_WAYS * sizeof(tt_entry)));
    t->e = alloc_entries(nb);
    GRUNDY_RETURN_IF(!t->e, GRUNDY_ERR_NOMEM);
    t->nbuckets = nb;
    t->peak_bytes = board_tt_bytes(t);
    return GRUNDY_OK;
}

void board_tt_clear(board_tt *t)
{
    free(t->e);
    t->e = NULL;
    t->nbuckets = 0;
    t->used = 0;
}

/* Write into bucket b; returns 1 when an entry of another key was lost. */
static int place(tt_entry *b, const tt_entry *n)
{
    unsigned i, cheap = 0;
    for (i = 0; i < TT_WAYS; i++)
        if (b[i].cost && b[i].lo == n->lo && b[i].hi == n->hi) {
            if (n->cost > b[i].cost)
                b[i].cost = n->cost;
            if (!(n->value & TT_EXCL))
                b[i].value = n->value; /* an exact value wins */
            else if (b[i].value & TT_EXCL)
                b[i].value |= n->value;
            return 0;
        }
    for (i = 0; i < TT_WAYS; i++)
        if (!b[i].cost) {
            b[i] = *n;
            return -1; /* a new entry */
        }
    for (i = 1; i < TT_WAYS - 1; i++)
        if (b[i].cost < b[cheap].cost)
            cheap = i;
    if (b[cheap].cost <= n->cost) {
        /* the cheapest kept entry moves to the always-replace way */
        b[TT_WAYS - 1] = b[cheap];
        b[cheap] = *n;
    } else {
        b[TT_WAYS - 1] = *n;
    }
    return 1;
}

/* Double the table when the doubled one and the old one fit together. */
static void grow(board_tt *t)
{
    size_t nb = t->nbuckets * 2, bytes = nb * TT_WAYS * sizeof(tt_entry), i;
    tt_entry *ne, *old = t->e;
    size_t oldnb = t->nbuckets;
    if (bytes > t->max_bytes ||
        grundy_limits_mem_check(t->lim, bytes + board_tt_bytes(t)) !=
            GRUNDY_OK) {
        t->full = 1;
        return;
    }
    ne = alloc_entries(nb);
    if (!ne) {
        t->full = 1; /* keep the table we have */
        return;
    }
    if (bytes + board_tt_bytes(t) > t->peak_bytes)
        t->peak_bytes = bytes + board_tt_bytes(t);
    t->e = ne;
    t->nbuckets = nb;
    t->used = 0;
    for (i = 0; i < oldnb * TT_WAYS; i++)
        if (old[i].cost) {
            int r = place(t->e + board_tt_bucket(t, old[i].lo, old[i].hi) *
                                     TT_WAYS,
                          &old[i]);
            if (r < 0)
                t->used++;
            else if (r > 0)
                t->evictions++;
        }
    free(old);
}

static void put(board_tt *t, uint64_t lo, uint64_t hi, uint32_t v,
                unsigned cost)
{
    tt_entry n;
    int r;
    if (!t->full && t->used * 2 >= t->nbuckets * TT_WAYS)
        grow(t);
    n.lo = lo;
    n.hi = (uint32_t)hi;
    n.value = (uint16_t)v;
    n.cost = (uint8_t)(cost < 1 ? 1 : cost > 255 ? 255 : cost);
    n.pad = 0;
    r = place(t->e + board_tt_bucket(t, lo, hi) * TT_WAYS, &n);
    t->stores++;
    if (r < 0)
        t->used++;
    else if (r > 0)
        t->evictions++;
}

void board_tt_put(board_tt *t, uint64_t lo, uint64_t hi, uint32_t v,
                  unsigned cost)
{
    if (v < TT_EXCL)
        put(t, lo, hi, v, cost); /* larger values do not occur on boards */
}

void board_tt_exclude(board_tt *t, uint64_t lo, uint64_t hi, uint32_t mask,
                      unsigned cost)
{
    mask &= (1u << TT_EXCL_VALUES) - 1;
    if (mask)
        put(t, lo, hi, mask | TT_EXCL, cost);
}
