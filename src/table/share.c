/*
 * share.c -- a second thread that takes a kernel's next piece of work when
 * that pays (see share.h).
 *
 * The job's state goes IDLE -> POSTED (the kernel) -> CLAIMED (the helper,
 * by compare-and-swap) -> DONE (the helper) -> IDLE (the kernel), or
 * POSTED -> IDLE when the kernel takes its own job back.  Both sides wait
 * by spinning for SPIN_NS and then sleeping on the state word (futex on
 * Linux, short sleeps elsewhere); each announces its sleep in a flag that
 * the other reads after changing the state (both sequentially consistent,
 * so one of them sees the other: no lost wake-up).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "table/share.h"
#include "core/threads.h"

enum { IDLE, POSTED, CLAIMED, DONE, QUIT };

#define SPIN_NS 30000u          /* spin this long before sleeping */
#define EPOCH_NS 20000000u      /* one measured stretch of work */
#define STRETCH_FIRST 4u        /* epochs of the winner after a probe */
#define STRETCH_MAX 64u
#define SHARE_MARGIN 1.03       /* sharing must win by 3% */

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#endif
}

static void sleep_on(atomic_int *word, int val)
{
#if defined(__linux__)
    syscall(SYS_futex, (int *)word, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
#else
    struct timespec ts = {0, 50000};
    (void)word;
    (void)val;
    nanosleep(&ts, NULL);
#endif
}

static void wake(atomic_int *word)
{
#if defined(__linux__)
    syscall(SYS_futex, (int *)word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
#else
    (void)word;
#endif
}

/* Spin while the state is `while_is` (or, for want_job, while it is
 * neither POSTED nor QUIT), at most SPIN_NS.  @return non-zero when the
 * wait is over, 0 when the time ran out. */
static int spin_while(atomic_int *state, int while_is, int want_job)
{
    uint64_t t0 = 0;
    unsigned i;
    for (i = 0;; i++) {
        int st = atomic_load_explicit(state, memory_order_acquire);
        if (want_job ? st == POSTED || st == QUIT : st != while_is)
            return 1;
        cpu_relax();
        if ((i & 31) == 31) {
            uint64_t t = now_ns();
            if (!t0)
                t0 = t;
            else if (t - t0 > SPIN_NS)
                return 0;
        }
    }
}

static void *helper_main(void *arg)
{
    grundy_share *sh = arg;
    for (;;) {
        int st = atomic_load_explicit(&sh->state, memory_order_acquire);
        if (st == QUIT)
            return NULL;
        if (st == POSTED) {
            int expect = POSTED;
            if (atomic_compare_exchange_strong(&sh->state, &expect,
                                               CLAIMED)) {
                sh->fn(sh->arg);
                atomic_fetch_add_explicit(&sh->helper_jobs, 1,
                                          memory_order_relaxed);
                atomic_store(&sh->state, DONE);
                if (atomic_load(&sh->main_asleep))
                    wake(&sh->state);
            }
            continue;
        }
        /* nothing for us: spin a little, then sleep until a post */
        if (!spin_while(&sh->state, 0, 1)) {
            atomic_store(&sh->helper_asleep, 1);
            st = atomic_load(&sh->state);
            if (st != POSTED && st != QUIT)
                sleep_on(&sh->state, st);
            atomic_store(&sh->helper_asleep, 0);
        }
    }
}

static atomic_int share_policy = GRUNDY_SHARE_MEASURE;

int grundy_share_set_policy(int policy)
{
    return atomic_exchange(&share_policy, policy);
}

int grundy_share_start(grundy_share *sh, const grundy_limits *lim)
{
    memset(sh, 0, sizeof *sh);
    atomic_init(&sh->state, IDLE);
    atomic_init(&sh->helper_asleep, 0);
    atomic_init(&sh->main_asleep, 0);
    atomic_init(&sh->helper_jobs, 0);
    sh->shared = 0;
    sh->probing = 1;
    sh->stretch = STRETCH_FIRST;
    sh->last_winner = -1;
    sh->policy = atomic_load(&share_policy);
    if (grundy_limits_threads(lim) < 2)
        return 0;
    sh->started = grundy_thread_start(&sh->thread, helper_main, sh) == 0;
    return sh->started;
}

void grundy_share_stop(grundy_share *sh)
{
    if (!sh->started)
        return;
    grundy_share_finish(sh);
    atomic_store(&sh->state, QUIT);
    wake(&sh->state);
    pthread_join(sh->thread, NULL);
    sh->started = 0;
}

void grundy_share_post(grundy_share *sh, grundy_share_job *fn, void *arg)
{
    sh->fn = fn;
    sh->arg = arg;
    sh->posted = 1;
    atomic_store(&sh->state, POSTED);
    if (atomic_load(&sh->helper_asleep))
        wake(&sh->state);
}

void grundy_share_finish(grundy_share *sh)
{
    int expect = POSTED;
    if (!sh->posted)
        return;
    sh->posted = 0;
    if (atomic_compare_exchange_strong(&sh->state, &expect, IDLE)) {
        sh->fn(sh->arg); /* not claimed: ours again */
        return;
    }
    if (!spin_while(&sh->state, CLAIMED, 0)) {
        atomic_store(&sh->main_asleep, 1);
        while (atomic_load(&sh->state) == CLAIMED)
            sleep_on(&sh->state, CLAIMED);
        atomic_store(&sh->main_asleep, 0);
    }
    atomic_store_explicit(&sh->state, IDLE, memory_order_relaxed);
}

/* The end of an epoch: record its speed and choose the next way. */
static void epoch_end(grundy_share *sh, double rate)
{
    if (sh->shared)
        sh->epochs_shared++;
    else
        sh->epochs_alone++;
    if (sh->probing == 1) {
        sh->probe_rate = rate;
        sh->probing = 2;
        sh->shared = !sh->shared;
        return;
    }
    if (sh->probing == 2) {
        double rs = sh->shared ? rate : sh->probe_rate;
        double ra = sh->shared ? sh->probe_rate : rate;
        int winner = rs > SHARE_MARGIN * ra;
        if (winner == sh->last_winner && sh->stretch < STRETCH_MAX)
            sh->stretch *= 2;
        else if (winner != sh->last_winner)
            sh->stretch = STRETCH_FIRST;
        sh->last_winner = winner;
        sh->shared = winner;
        sh->left = sh->stretch;
        sh->probing = 0;
        sh->cycles++;
        return;
    }
    if (--sh->left == 0) {
        /* probe again, in the order opposite to the last time (ABBA), so
         * that a steady drift in the cost per position cancels */
        sh->probing = 1;
        sh->shared = (sh->cycles & 1) != 0;
    }
}

int grundy_share_advise(grundy_share *sh, uint64_t done)
{
    uint64_t t;
    if (!sh->started || sh->policy == GRUNDY_SHARE_NEVER)
        return 0;
    if (sh->policy == GRUNDY_SHARE_ALWAYS)
        return 1;
    t = now_ns();
    if (!sh->epoch_ns) {
        sh->epoch_ns = t;
        sh->epoch_done = done;
        return sh->shared;
    }
    if (t - sh->epoch_ns >= EPOCH_NS) {
        double rate = (double)(done - sh->epoch_done) / (double)(t - sh->epoch_ns);
        epoch_end(sh, rate);
        sh->epoch_ns = t;
        sh->epoch_done = done;
    }
    return sh->shared;
}
