/*
 * memo.c -- the positions the remoteness searches of grundy_sum_analyze()
 * solved, kept from one call to the next (grundy_sum_memo in
 * grundy/sum.h).
 *
 * The memo is one space of the exact search (space.c), kept whole between
 * calls: a position is solved there only once all it reaches is solved
 * there too, so a solved position is a look-up for every later call, and
 * the space holds a superset of what a call made from nothing would have
 * searched.  That is why it is dropped whole and never position by
 * position: a partial eviction would leave solved positions whose
 * descendants are gone, and the argument that a call within its limits
 * here was within them from nothing (grundy/sum.h) would no longer hold.
 * The work the space did is counted from its start, not per call, for the
 * same reason.
 *
 * One call holds the memo at a time (a mutex taken with trylock: a call
 * that finds it held searches without it rather than wait).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sum/analyze.h"

struct grundy_sum_memo {
    pthread_mutex_t lock;
    sum_space S;
    int ready; /* S initialized */
    size_t max_bytes;
    uint64_t emptied, calls;
    uint64_t calls_without; /* atomic: counted without the lock */
};

grundy_status grundy_sum_memo_new(grundy_sum_memo **out, size_t max_bytes)
{
    grundy_sum_memo *m = calloc(1, sizeof *m);
    *out = NULL;
    GRUNDY_RETURN_IF(!m, GRUNDY_ERR_NOMEM);
    if (pthread_mutex_init(&m->lock, NULL) != 0) {
        free(m);
        return GRUNDY_ERR_NOMEM;
    }
    m->max_bytes = max_bytes ? max_bytes : GRUNDY_SUM_MEMO_DEFAULT;
    *out = m;
    return GRUNDY_OK;
}

static void memo_empty(grundy_sum_memo *m)
{
    if (m->ready) {
        grundy_sum_space_free(&m->S);
        m->ready = 0;
        m->emptied++;
    }
}

void grundy_sum_memo_free(grundy_sum_memo *m)
{
    if (!m)
        return;
    if (m->ready)
        grundy_sum_space_free(&m->S);
    pthread_mutex_destroy(&m->lock);
    free(m);
}

void grundy_sum_memo_stats_get(grundy_sum_memo_stats *out,
                               grundy_sum_memo *m)
{
    memset(out, 0, sizeof *out);
    if (!m)
        return;
    pthread_mutex_lock(&m->lock);
    out->bytes = m->ready ? m->S.bytes : 0;
    out->max_bytes = m->max_bytes;
    out->positions = m->ready ? m->S.nst : 0;
    out->emptied = m->emptied;
    out->calls = m->calls;
    pthread_mutex_unlock(&m->lock);
    out->calls_without = __atomic_load_n(&m->calls_without, __ATOMIC_RELAXED);
}

sum_space *grundy_sum_memo_take(grundy_sum_memo *m, const grundy_limits *lim,
                                size_t max_states)
{
    if (!m)
        return NULL;
    if (pthread_mutex_trylock(&m->lock) != 0) {
        __atomic_add_fetch(&m->calls_without, 1, __ATOMIC_RELAXED);
        return NULL;
    }
    m->calls++;
    if (!m->ready) {
        grundy_sum_space_init(&m->S, GRUNDY_PLAY_NORMAL, 1, max_states, lim,
                              "search");
        m->ready = 1;
        return &m->S;
    }
    /* this call's limits; the work and the memory counted from the
     * space's start */
    m->S.max_states =
        max_states ? max_states : GRUNDY_SUM_SEARCH_DEFAULT_STATES;
    m->S.max_work = grundy_limits_work(lim);
    m->S.lim = lim;
    grundy_ticker_init(&m->S.tick, lim, "search", 0);
    return &m->S;
}

void grundy_sum_memo_give(grundy_sum_memo *m, int failed)
{
    if (failed || (m->ready && m->S.bytes > m->max_bytes))
        memo_empty(m);
    else if (m->ready)
        m->S.lim = NULL; /* the call's limits die with it */
    pthread_mutex_unlock(&m->lock);
}
