/*
 * fill.c -- the state a kernel sees while it fills a table (grundy_fill):
 * its ticks (progress, cancellation, checkpoints), its limits and the
 * offset of a sliding window.  Every kernel (kernels.c, digits.c,
 * interval.c, sparse.c and a program's own) calls these, and they call
 * nothing of the table engine (table.c), which sits above the kernels.
 */
#include <string.h>

#include "table/table_internal.h"

/* A checkpoint is due every interval_ms, and never sooner than 100 times
 * the last one took: whatever the disk, saving costs at most about 1% of
 * the computation. */
static void fill_poll(void *ctx, uint64_t now_ms, uint64_t done)
{
    grundy_fill *f = ctx;
    uint64_t took, wait;
    if (now_ms < f->next_checkpoint_ms)
        return;
    f->hook->checkpoint(f->hook->ctx, f->t, done);
    took = grundy_clock_ms() - now_ms;
    wait = f->hook->interval_ms > 100 * took ? f->hook->interval_ms
                                             : 100 * took;
    f->next_checkpoint_ms = now_ms + took + wait;
}

grundy_status grundy_fill_tick(grundy_fill *f, grundy_pos done)
{
    grundy_pos units;
    if (!f)
        return GRUNDY_OK;
    units = done > f->done ? done - f->done : 1;
    f->done = done;
    return grundy_ticker_add(&f->ticker, units, done);
}

void grundy_fill_init(grundy_fill *f, grundy_table *t, grundy_pos n,
                      const grundy_limits *lim, const grundy_fill_hook *hook)
{
    memset(f, 0, sizeof *f);
    f->t = t;
    f->from = t->size;
    f->n = n;
    f->done = t->size;
    f->limits = lim;
    f->hook = hook;
    grundy_ticker_init(&f->ticker, lim, "table", n);
    f->ticker.start = t->size; /* a resumed table: not this run's work */
    if (hook && hook->checkpoint) {
        f->next_checkpoint_ms = grundy_clock_ms() + hook->interval_ms;
        grundy_ticker_set_poll(&f->ticker, fill_poll, f);
    }
}

void grundy_fill_release(grundy_fill *f, grundy_pos lo, grundy_pos hi)
{
    if (f && f->t && f->t->drop && lo < hi)
        f->t->drop(f->t->release_ctx, lo, hi);
}

const grundy_limits *grundy_fill_limits(const grundy_fill *f)
{
    return f->limits;
}

grundy_pos grundy_fill_offset(const grundy_fill *f)
{
    return f ? f->offset : 0;
}
