/*
 * fill.h -- the fill engine: how a table is filled (the method, the
 * state a kernel sees, the checkpoint hook), the estimates made before a
 * fill starts, and the sliding window of a kernel with a lookback.
 */
#ifndef GRUNDY_TABLE_FILL_H
#define GRUNDY_TABLE_FILL_H

#include "core/progress.h"
#include "grundy/experimental.h"
#include "table/layout.h"

/* How a table is filled, resolved from grundy_table_method. */
typedef enum grundy_fill_method {
    GRUNDY_FILL_NAIVE,  /* moves + mex, widening as needed */
    GRUNDY_FILL_CLOSED, /* the family's closed form (mex where it declines) */
    GRUNDY_FILL_KERNEL, /* the family's kernel hook */
    GRUNDY_FILL_TIERS   /* boards: popcount tiers (tiers.c) */
} grundy_fill_method;

/* Called during a fill once g(0 .. done) are final, every interval_ms at
 * most (and never sooner than 100 times the last call took), and once
 * more when the fill is cancelled: the value engine keeps a checkpoint of
 * the table in the store.  A failure is not the fill's:
 * the hook deals with it and returns nothing. */
typedef struct grundy_fill_hook {
    void (*checkpoint)(void *ctx, const grundy_table *t, grundy_pos done);
    void *ctx;
    uint64_t interval_ms;
} grundy_fill_hook;

struct grundy_fill {
    grundy_table *t;       /* NULL in a window */
    grundy_pos offset;     /* values[0] holds g(offset) */
    grundy_pos from, n;
    grundy_pos done; /* the last tick: values [0, done) are final */
    const grundy_limits *limits;
    grundy_ticker ticker;
    const grundy_fill_hook *hook;
    uint64_t next_checkpoint_ms;
};

/* The method AUTO picks for g, and whether FAST has one. */
grundy_fill_method grundy_table_auto_method(const grundy_game *g);
/* The family's kernel when it applies to g, else NULL. */
const grundy_kernel *grundy_table_kernel(const grundy_game *g);

/* Grow t to n entries with method m, ticking and checkpointing through
 * hook (may be NULL).  On GRUNDY_ERR_CANCELLED t holds the prefix that was
 * final at the last tick. */
grundy_status grundy_table_grow(grundy_table *t, grundy_pos n,
                                grundy_fill_method m, const grundy_limits *lim,
                                const grundy_fill_hook *hook);

/* The width the family's kernel writes when it names one, else 0. */
unsigned grundy_table_kernel_width(const grundy_game *g);
/* grundy_table_work() :
 * The steps (grundy_limits.work_limit) of computing g(from .. n-1) with
 * method m, estimated before starting: one per position for a closed
 * form, and for a kernel while positions have at most linearly many
 * moves; the family's max_moves per position otherwise (quadratic for
 * families whose moves grow with the heap).  Saturates at UINT64_MAX.
 * A two-heap take-and-break kernel is counted linear: on sparse codes it
 * is, on dense ones it lists every split and takes quadratic time, which
 * no estimate made before the values are known can tell apart. */
uint64_t grundy_table_work(const grundy_game *g, grundy_fill_method m,
                           grundy_pos from, grundy_pos n);

/* The steps of a sliding window up to p of a game whose moves take at
 * most `take` tokens: (p + 1) times its moves per position. */
uint64_t grundy_table_window_work(const grundy_game *g, grundy_pos p);

/* Set up f to fill t (room reserved) from its size to n. */
void grundy_fill_init(grundy_fill *f, grundy_table *t, grundy_pos n,
                      const grundy_limits *lim, const grundy_fill_hook *hook);

/* g(p) by the family's kernel in a sliding window of its lookback (see
 * grundy_kernel.lookback): memory O(lookback + a chunk), time O(p).
 * GRUNDY_ERR_ARG when the kernel has no lookback. */
grundy_status grundy_table_window_value(grundy_value *out,
                                        const grundy_game *g, grundy_pos p,
                                        const grundy_limits *lim);

/* The table of a fill, for the built-in kernels that need more than the
 * values (the take-and-break kernel proves periods on it). */
static inline grundy_table *grundy_fill_table(grundy_fill *f)
{
    return f->t;
}

/* The generic method: moves + mex. */
grundy_status grundy_table_fill_naive(grundy_fill *f);

#endif
