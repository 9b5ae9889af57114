/*
 * alloc.h -- an object's birth and death in one line each: a zeroed
 * object or GRUNDY_ERR_NOMEM, and the freeing of every block an object
 * owns.
 */
#ifndef GRUNDY_CORE_ALLOC_H
#define GRUNDY_CORE_ALLOC_H

#include <stddef.h>
#include <stdlib.h>

#include "grundy/status.h"

/* GRUNDY_NEW(p) :
 * p (an lvalue of pointer type) becomes a zeroed object of the type it
 * points to.
 * @return GRUNDY_OK, or GRUNDY_ERR_NOMEM with p NULL. */
#define GRUNDY_NEW(p)                                                         \
    (((p) = calloc(1, sizeof *(p))) != NULL ? (grundy_status)GRUNDY_OK        \
                                            : GRUNDY_ERR_NOMEM)

/* grundy_free_blocks() : free() of each of the n blocks (NULL ones too). */
static inline void grundy_free_blocks(void *const *blocks, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        free(blocks[i]);
}

/* GRUNDY_FREE_ALL(a, b, ...) : free(a), free(b), ... in that order: the
 * blocks an object owns, the object itself last. */
#define GRUNDY_FREE_ALL(...)                                                  \
    grundy_free_blocks((void *const[]){__VA_ARGS__},                          \
                       sizeof((void *const[]){__VA_ARGS__}) / sizeof(void *))

#endif
