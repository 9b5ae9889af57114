/*
 * progress.h -- the library's side of progress reports and cancellation
 * (see grundy/core.h).
 *
 * A long loop keeps one grundy_ticker and calls GRUNDY_TICK every unit of
 * work (a position, a node).  The macro costs a decrement and a branch;
 * the clock is read only when a countdown runs out, and the user's
 * callback is called at most once per interval.  A cancelled ticker keeps
 * returning GRUNDY_ERR_CANCELLED.
 */
#ifndef GRUNDY_CORE_PROGRESS_H
#define GRUNDY_CORE_PROGRESS_H

#include "grundy/core.h"

typedef struct grundy_ticker {
    const grundy_limits *limits;
    const char *phase;
    /* grundy_progress.detail: NULL (after grundy_ticker_init()) or a text
     * its owner keeps up to date */
    const char *detail;
    uint64_t total, done;
    uint64_t start;       /* done when the phase began (grundy_progress) */
    uint64_t last_look;   /* ms of the last look at the clock */
    uint64_t last_report; /* ms of the last call of the callback */
    uint64_t stride;      /* units between two looks at the clock */
    uint64_t left;        /* units until the next look */
    unsigned interval;    /* ms between two calls of the callback */
    int active, cancelled;
    /* Steps counted against the work limit (grundy_ticker_work()). */
    uint64_t work, max_work;
    /* Called at each look at the clock (checkpoints), or NULL. */
    void (*poll)(void *ctx, uint64_t now_ms, uint64_t done);
    void *poll_ctx;
} grundy_ticker;

void grundy_ticker_init(grundy_ticker *t, const grundy_limits *l,
                        const char *phase, uint64_t total);
/* Look at the clock now and then for poll(), also without a callback. */
void grundy_ticker_set_poll(grundy_ticker *t,
                            void (*poll)(void *ctx, uint64_t now_ms,
                                         uint64_t done),
                            void *ctx);
/* Milliseconds of a monotonic clock (coarse: a few ms). */
uint64_t grundy_clock_ms(void);
/* The slow path of a tick: look at the clock, maybe report. */
grundy_status grundy_ticker_slow(grundy_ticker *t, uint64_t done);
/* Report now (final = 1 ends the phase). */
grundy_status grundy_ticker_report(grundy_ticker *t, uint64_t done,
                                   int final);
/* The last report of the phase; GRUNDY_ERR_CANCELLED if it was. */
grundy_status grundy_ticker_done(grundy_ticker *t);

/* One unit of work done, `done` in all. */
static inline grundy_status grundy_ticker_tick(grundy_ticker *t,
                                               uint64_t done)
{
    if (--t->left)
        return GRUNDY_OK;
    return grundy_ticker_slow(t, done);
}

/* `units` units of work done at once (a block), `done` in all. */
static inline grundy_status grundy_ticker_add(grundy_ticker *t,
                                              uint64_t units, uint64_t done)
{
    if (t->left > units) {
        t->left -= units;
        return GRUNDY_OK;
    }
    return grundy_ticker_slow(t, done);
}

/* `units` steps of work done: counted against the limits' work limit
 * (GRUNDY_ERR_WORK past it) and as units of progress.  For loops whose
 * cost per unit varies, so that a step stands for a bounded time. */
static inline grundy_status grundy_ticker_work(grundy_ticker *t,
                                               uint64_t units)
{
    t->work += units;
    if (t->work > t->max_work)
        return GRUNDY_ERR_WORK;
    return grundy_ticker_add(t, units, t->done);
}

/* A report outside a ticker (the result of the callback is ignored). */
static inline void grundy_progress_report(const grundy_limits *l,
                                          const char *phase, uint64_t done,
                                          uint64_t total)
{
    if (l && l->progress) {
        grundy_progress p = {phase, done, total, 0, 0, NULL};
        (void)l->progress(l->progress_ctx, &p);
    }
}

#endif
