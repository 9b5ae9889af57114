/*
 * threads.c -- thread starts, counted (see threads.h).
 */
#include <stdatomic.h>

#include "core/threads.h"

static atomic_uint_fast64_t started;

int grundy_thread_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
    int e = pthread_create(t, NULL, fn, arg);
    if (e == 0)
        atomic_fetch_add_explicit(&started, 1, memory_order_relaxed);
    return e;
}

uint64_t grundy_threads_started(void)
{
    return atomic_load_explicit(&started, memory_order_relaxed);
}

uint64_t grundy_locked_u64(pthread_mutex_t *mu, const uint64_t *v)
{
    uint64_t n;
    pthread_mutex_lock(mu);
    n = *v;
    pthread_mutex_unlock(mu);
    return n;
}
