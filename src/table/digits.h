/*
 * digits.h -- the kernels of the digit-removal families on a raw byte table.
 */
#ifndef GRUNDY_TABLE_DIGITS_H
#define GRUNDY_TABLE_DIGITS_H

#include "table/fill.h"

/* The digits kernels (digits.c), on a raw byte table holding g(y) at
 * g[y - off]: g(off .. from) must hold the values already (at least the
 * base - 1 before from, or all of them when off = 0); fills g(from .. n),
 * ticking f (may be NULL).
 * BLOCKS needs base 10 and WINDOW base <= 10 (GRUNDY_ERR_ARG otherwise);
 * AUTO picks the fastest. */
typedef enum grundy_digits_kernel {
    GRUNDY_DIGITS_AUTO = 0,
    GRUNDY_DIGITS_LOOP = 1,
    GRUNDY_DIGITS_WINDOW = 2,
    GRUNDY_DIGITS_BLOCKS = 3
} grundy_digits_kernel;
grundy_status grundy_digits_fill(uint8_t *g, uint64_t off, uint64_t from,
                                 uint64_t n, unsigned base,
                                 grundy_digits_kernel kernel, grundy_fill *f);

#endif
