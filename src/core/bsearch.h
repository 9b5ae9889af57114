/*
 * bsearch.h -- the binary search the library's sorted arrays share.
 */
#ifndef GRUNDY_CORE_BSEARCH_H
#define GRUNDY_CORE_BSEARCH_H

#include <stddef.h>

/* GRUNDY_PARTITION_POINT(out, n, i, below) :
 * out = the first index i in [0, n) at which the condition `below` (an
 * expression of the size_t index named i) is false, n when there is
 * none; `below` must hold on a prefix of [0, n) and on nothing after it
 * (a sorted array: a[i] < x gives the first element >= x).  O(log n)
 * evaluations of `below`. */
#define GRUNDY_PARTITION_POINT(out, n, i, below)                              \
    do {                                                                      \
        size_t grundy_lo_ = 0, grundy_hi_ = (n);                              \
        while (grundy_lo_ < grundy_hi_) {                                     \
            size_t i = grundy_lo_ + (grundy_hi_ - grundy_lo_) / 2;            \
            if (below)                                                        \
                grundy_lo_ = i + 1;                                           \
            else                                                              \
                grundy_hi_ = i;                                               \
        }                                                                     \
        (out) = grundy_lo_;                                                   \
    } while (0)

#endif
