/*
 * grow.h -- an array that grows on need: the one place where the library
 * doubles a buffer's capacity, checks the size for overflow (and, where a
 * module counts its bytes, the memory limit) and keeps the old buffer
 * when realloc fails.
 */
#ifndef GRUNDY_CORE_GROW_H
#define GRUNDY_CORE_GROW_H

#include <stddef.h>

#include "grundy/core.h"

/* grundy_array_grow() :
 * Make *a (an array of *cap elements of size bytes, or NULL with *cap 0)
 * hold at least need elements: the capacity doubles (from 8 at the least)
 * until it reaches need, and the elements kept move with the buffer.
 * Nothing changes when need <= *cap.
 * @return GRUNDY_ERR_NOMEM (with *a and *cap unchanged, *a still valid)
 *         when the size overflows or realloc fails. */
grundy_status grundy_array_grow(void **a, size_t *cap, size_t need,
                                size_t size);

/* grundy_array_grow_counted() :
 * grundy_array_grow() for a module that counts the bytes it holds in
 * *bytes (NULL: none counted): the bytes added must keep *bytes within
 * lim's memory limit (GRUNDY_ERR_LIMIT, nothing changed, if not), and are
 * added to *bytes when the array has grown. */
grundy_status grundy_array_grow_counted(void **a, size_t *cap, size_t need,
                                        size_t size, const grundy_limits *lim,
                                        size_t *bytes);

/* GRUNDY_GROW(arr, cap, need) : grundy_array_grow() for a typed pointer
 * arr and its size_t capacity cap, the element size read from arr; the
 * test that there is room is inline, for loops that grow on every step
 * (cap and need are read twice: no side effects in them). */
#define GRUNDY_GROW(arr, cap, need)                                           \
    ((need) <= (cap) ? (grundy_status)GRUNDY_OK                               \
                     : grundy_array_grow((void **)&(arr), &(cap), (need),     \
                                         sizeof *(arr)))

#endif
