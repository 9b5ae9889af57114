/*
 * grow.c -- an array that grows on need (see grow.h).  Doubling keeps the
 * cost of n appends at O(n) copies in all.
 */
#include <stdint.h>
#include <stdlib.h>

#include "core/grow.h"

grundy_status grundy_array_grow_counted(void **a, size_t *cap, size_t need,
                                        size_t size, const grundy_limits *lim,
                                        size_t *bytes)
{
    size_t c, more;
    void *na;
    if (need <= *cap)
        return GRUNDY_OK;
    c = *cap ? *cap : 8;
    while (c < need) {
        GRUNDY_RETURN_IF(c > SIZE_MAX / 2 / size, GRUNDY_ERR_NOMEM);
        c *= 2;
    }
    GRUNDY_RETURN_IF(c > SIZE_MAX / size, GRUNDY_ERR_NOMEM);
    more = (c - *cap) * size;
    if (bytes) {
        GRUNDY_RETURN_IF(*bytes > SIZE_MAX - more, GRUNDY_ERR_LIMIT);
        GRUNDY_TRY(grundy_limits_mem_check(lim, *bytes + more));
    }
    na = realloc(*a, c * size);
    GRUNDY_RETURN_IF(!na, GRUNDY_ERR_NOMEM);
    *a = na;
    *cap = c;
    if (bytes)
        *bytes += more;
    return GRUNDY_OK;
}

grundy_status grundy_array_grow(void **a, size_t *cap, size_t need,
                                size_t size)
{
    return grundy_array_grow_counted(a, cap, need, size, NULL, NULL);
}
