/*
 * kernels.c -- the table kernels of the built-in heap families, as data:
 * each is a grundy_kernel that the family's rules table points to
 * (src/rules/heap.c), so the engine calls them exactly as it calls the
 * kernel of a family a program registers.
 *
 * digits: the kernels of digits.c (block transitions for base 10, a
 * branch-free window for bases up to 10, the digit loop otherwise).
 *
 * subtract:S: a bitmask mex over the amounts, for |S| < 64 (values are
 * then at most |S| < 64, one byte each).
 *
 * The take-and-break kernel lives in sparse.c.
 */
#include <stdlib.h>
#include <string.h>

#include "rules/rules_internal.h"
#include "table/digits.h"

/* digits *******************************************************************/

static grundy_status digits_fill(const void *params, void *values,
                                 grundy_pos from, grundy_pos n,
                                 grundy_fill *f)
{
    unsigned b = ((const grundy_digits_params *)params)->base;
    /* values < base <= 36: one byte */
    return grundy_digits_fill(values, grundy_fill_offset(f), from, n, b,
                              GRUNDY_DIGITS_AUTO, f);
}

static grundy_pos digits_lookback(const void *params)
{
    return ((const grundy_digits_params *)params)->base - 1;
}

const grundy_kernel grundy_kernel_digits = {
    .name = "digits",
    .fill = digits_fill,
    .lookback = digits_lookback,
};

/* subtract:S ***************************************************************/

#define SUBTRACT_TICK 4096

static int subtract_applies(const void *params)
{
    return ((const grundy_subtract_params *)params)->n < 64;
}

static grundy_status subtract_fill(const void *params, void *values,
                                   grundy_pos from, grundy_pos n,
                                   grundy_fill *f)
{
    const grundy_subtract_params *sp = params;
    uint8_t *g = values;
    grundy_pos x, off = grundy_fill_offset(f);
    size_t i;
    for (x = from; x < n; x++) {
        uint64_t reach = 0;
        for (i = 0; i < sp->n && sp->amounts[i] <= x; i++)
            reach |= 1ull << g[x - sp->amounts[i] - off];
        g[x - off] = (uint8_t)__builtin_ctzll(~reach);
        if (x % SUBTRACT_TICK == 0)
            GRUNDY_TRY(grundy_fill_tick(f, x + 1));
    }
    return GRUNDY_OK;
}

static grundy_pos subtract_lookback(const void *params)
{
    const grundy_subtract_params *sp = params;
    return sp->amounts[sp->n - 1];
}

const grundy_kernel grundy_kernel_subtract = {
    .name = "subtract-bitmask",
    .applies = subtract_applies,
    .fill = subtract_fill,
    .lookback = subtract_lookback,
};
