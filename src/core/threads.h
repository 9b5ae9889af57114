/*
 * threads.h -- the one place the library starts threads.
 *
 * grundy_thread_start() is pthread_create() with a count kept, so that a
 * test of a parallel path can assert that threads really started (a test
 * that passed on one thread proves nothing about races).  Every module
 * that starts threads goes through it.
 */
#ifndef GRUNDY_CORE_THREADS_H
#define GRUNDY_CORE_THREADS_H

#include <pthread.h>
#include <stdint.h>

/* pthread_create(t, NULL, fn, arg); 0 on success, counted. */
int grundy_thread_start(pthread_t *t, void *(*fn)(void *), void *arg);

/* Threads started by grundy_thread_start() since the process began. */
uint64_t grundy_threads_started(void);

/* *v read under mu (a counter that other threads update under mu). */
uint64_t grundy_locked_u64(pthread_mutex_t *mu, const uint64_t *v);

#endif
