/*
 * limits.c -- resource limits, progress ticks, and the machine's facts.
 *
 * The progress tick is on every hot loop's path, so it is made cheap: a
 * tick only counts down, and the clock (CLOCK_MONOTONIC_COARSE, a vDSO
 * read) is looked at once the countdown runs out; the countdown adapts so
 * that the clock is read a few hundred times per interval at most.
 */
#define _GNU_SOURCE /* sched_getaffinity, CLOCK_MONOTONIC_COARSE */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/progress.h"

void grundy_limits_init(grundy_limits *l)
{
    memset(l, 0, sizeof *l);
}

size_t grundy_cpu_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || psz <= 0)
        return 0;
    return (size_t)pages * (size_t)psz;
}

size_t grundy_limits_mem(const grundy_limits *l)
{
    size_t phys;
    if (l && l->mem_limit)
        return l->mem_limit;
    /* Leave an eighth of the machine to everything else. */
    phys = grundy_cpu_memory();
    return phys ? phys - phys / 8 : (size_t)1 << 32;
}

grundy_status grundy_limits_mem_check(const grundy_limits *l, size_t bytes)
{
    return bytes <= grundy_limits_mem(l) ? GRUNDY_OK : GRUNDY_ERR_LIMIT;
}

uint64_t grundy_limits_work(const grundy_limits *l)
{
    return l && l->work_limit ? l->work_limit : GRUNDY_WORK_DEFAULT;
}

grundy_status grundy_limits_work_check(const grundy_limits *l,
                                       uint64_t steps)
{
    return steps <= grundy_limits_work(l) ? GRUNDY_OK : GRUNDY_ERR_WORK;
}

unsigned grundy_cpu_count(void)
{
    long online;
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (unsigned)CPU_COUNT(&set);
#endif
    online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? (unsigned)online : 1;
}

unsigned grundy_limits_threads(const grundy_limits *l)
{
    return l && l->threads ? l->threads : grundy_cpu_count();
}

/* Ticks ********************************************************************/

uint64_t grundy_clock_ms(void)
{
    struct timespec ts;
#ifdef CLOCK_MONOTONIC_COARSE
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
#else
    clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

void grundy_ticker_init(grundy_ticker *t, const grundy_limits *l,
                        const char *phase, uint64_t total)
{
    memset(t, 0, sizeof *t);
    t->limits = l;
    t->phase = phase;
    t->total = total;
    t->interval = l && l->interval_ms ? l->interval_ms : 100;
    t->last_look = t->last_report = grundy_clock_ms();
    t->stride = 1;
    t->left = 1;
    t->max_work = grundy_limits_work(l);
    t->active = l && l->progress;
}

void grundy_ticker_set_poll(grundy_ticker *t,
                            void (*poll)(void *ctx, uint64_t now_ms,
                                         uint64_t done),
                            void *ctx)
{
    t->poll = poll;
    t->poll_ctx = ctx;
    if (poll)
        t->active = 1;
}

grundy_status grundy_ticker_report(grundy_ticker *t, uint64_t done, int final)
{
    grundy_progress p;
    const grundy_limits *l = t->limits;
    t->done = done;
    if (t->cancelled)
        return GRUNDY_ERR_CANCELLED;
    if (!l || !l->progress)
        return GRUNDY_OK;
    p.phase = t->phase;
    p.done = done;
    p.total = t->total;
    p.final = final;
    p.start = t->start;
    p.detail = t->detail;
    t->last_report = grundy_clock_ms();
    if (l->progress(l->progress_ctx, &p)) {
        t->cancelled = 1;
        return GRUNDY_ERR_CANCELLED;
    }
    return GRUNDY_OK;
}

grundy_status grundy_ticker_slow(grundy_ticker *t, uint64_t done)
{
    uint64_t now, look = t->interval / 16 ? t->interval / 16 : 1;
    t->done = done;
    if (!t->active) {
        t->left = (uint64_t)1 << 40;
        return GRUNDY_OK;
    }
    if (t->cancelled)
        return GRUNDY_ERR_CANCELLED;
    now = grundy_clock_ms();
    /* Aim at one look at the clock per interval / 16. */
    if (now - t->last_look < look / 2 && t->stride < ((uint64_t)1 << 30))
        t->stride *= 2;
    else if (now - t->last_look > 2 * look && t->stride > 1)
        t->stride /= 2;
    t->last_look = now;
    t->left = t->stride;
    if (t->poll)
        t->poll(t->poll_ctx, now, done);
    if (now - t->last_report < t->interval)
        return GRUNDY_OK;
    return grundy_ticker_report(t, done, 0);
}

grundy_status grundy_ticker_done(grundy_ticker *t)
{
    if (t->cancelled)
        return GRUNDY_ERR_CANCELLED;
    if (!t->limits || !t->limits->progress)
        return GRUNDY_OK;
    return grundy_ticker_report(t, t->done, 1);
}
