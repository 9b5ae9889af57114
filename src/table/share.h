/*
 * share.h -- a second thread that takes a kernel's next piece of work when
 * that pays, and never makes the kernel slower.
 *
 * A kernel that computes positions in order has little to give away: the
 * marks of the next block, half of the splits of one position.  It posts
 * such a job; the helper claims it (an atomic exchange) and runs it; when
 * the kernel needs the result and the helper has not claimed it, the
 * kernel runs it itself.  So the kernel never waits for a thread that is
 * not running (on a loaded machine the helper may be descheduled for a
 * whole time slice), only for a job the helper is in the middle of.
 * Waiting spins for a few microseconds and then sleeps on a futex; an idle
 * helper does the same, so a helper with nothing to do costs nothing.
 *
 * Whether to share at all is measured, not guessed: the work runs in
 * epochs of about 20 ms, alternately shared and alone (in the order
 * ABBA...), and the faster way per position wins the next stretch, which
 * doubles (up to 64 epochs) while the same way keeps winning.  Sharing
 * must beat working alone by 3% to be chosen.  With one other busy
 * process on a two-core machine the handoffs of a shared block can cost
 * ten times the block; the probes see that, and the kernel then works
 * alone but for one probe epoch in 65.
 */
#ifndef GRUNDY_TABLE_SHARE_H
#define GRUNDY_TABLE_SHARE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "grundy/core.h"

typedef void grundy_share_job(void *arg);

typedef struct grundy_share {
    pthread_t thread;
    int started;
    atomic_int state;   /* see share.c */
    atomic_int helper_asleep, main_asleep;
    grundy_share_job *fn;
    void *arg;
    int posted; /* a job was posted and not finished */
    int policy;
    /* the choice: epochs alone and shared */
    int shared;           /* the way of the current epoch */
    int probing;          /* 0: exploiting, 1: first probe, 2: second */
    unsigned stretch;     /* epochs the winner runs before the next probe */
    unsigned left;        /* epochs of the stretch still to run */
    unsigned cycles;
    int last_winner;
    uint64_t epoch_ns, epoch_done;
    double probe_rate; /* positions per ns of the first probe */
    /* statistics (tests, benchmarks) */
    atomic_ulong helper_jobs; /* jobs the helper ran */
    unsigned long epochs_shared, epochs_alone;
} grundy_share;

/* How grundy_share_advise() decides, for tests: GRUNDY_SHARE_MEASURE (the
 * default), or always / never share.  Sets the way for helpers started
 * later; returns the old one. */
enum { GRUNDY_SHARE_MEASURE, GRUNDY_SHARE_ALWAYS, GRUNDY_SHARE_NEVER };
int grundy_share_set_policy(int policy);

/* Start the helper when lim allows two threads or more.  @return non-zero
 * when it runs.  sh must not move while it runs. */
int grundy_share_start(grundy_share *sh, const grundy_limits *lim);

/* Stop and join the helper (finishes a posted job first). */
void grundy_share_stop(grundy_share *sh);

/* Whether the next piece of work should be shared: done is the number of
 * positions finished so far (the measure of speed).  Always 0 without a
 * helper. */
int grundy_share_advise(grundy_share *sh, uint64_t done);

/* Offer fn(arg) to the helper.  @pre no job is posted. */
void grundy_share_post(grundy_share *sh, grundy_share_job *fn, void *arg);

/* Make sure the posted job (if any) has run: run it here when the helper
 * has not claimed it, else wait for the helper to finish it. */
void grundy_share_finish(grundy_share *sh);

#endif
