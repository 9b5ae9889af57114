/*
 * kernels.c -- family-specific table kernels.
 *
 * digits: g(x) = mex{ g(x-d) : d a non-zero digit of x }.  What matters is
 * that each entry costs a handful of instructions: the digit set of x is
 * the OR of two precomputed masks (low chunk of B^k values, high part
 * recomputed once per chunk), the reachable values are a bitmask built by
 * OR-ing 1 << g(x-d) from a register window of the last B-1 values, and
 * the mex is one count-trailing-zeros.  The table itself is only written,
 * never read back, so the loop is bound by the g(x-1) -> g(x) chain and
 * not by memory.
 *
 * subtract:S: the same bitmask mex over the amounts, for |S| < 64.
 *
 * nim, half: closed forms.
 *
 * Board families (GRUNDY_RULES_BOARD, rect:RxC among them): all positions
 * in popcount tiers on several threads, tiers.c.
 */
#include <stdlib.h>
#include <string.h>

#include "table/table_internal.h"

int grundy_table_has_fast(const grundy_game *g)
{
    const grundy_rules *r = grundy_game_rules(g);
    if (r == &grundy_rules_digits || r == &grundy_rules_nim ||
        r == &grundy_rules_half)
        return 1;
    if (r == &grundy_rules_subtract)
        return ((const grundy_subtract_params *)grundy_game_params(g))->n <
               64;
    if (r->flags & GRUNDY_RULES_BOARD)
        return grundy_game_num_positions(g) != 0 &&
               grundy_game_num_positions(g) <= GRUNDY_TIERS_MAX_POSITIONS;
    return 0;
}

/* Digit-set bitmask of x in base b (bit d set when d is a digit of x). */
static uint64_t digit_mask(uint64_t x, unsigned b)
{
    uint64_t m = 0;
    for (; x; x /= b)
        m |= 1ull << (x % b);
    return m;
}

static grundy_status fill_digits(grundy_table *t, grundy_pos n,
                                 const grundy_table_opts *opts)
{
    unsigned b = ((const grundy_digits_params *)grundy_game_params(t->game))
                     ->base;
    uint64_t chunk = 1, *lo_mask, x;
    uint8_t *g = t->data; /* values < base <= 36: always one byte */
    unsigned k;

    assert(t->width == 1);
    while (chunk * b <= 4096)
        chunk *= b;
    lo_mask = malloc(chunk * sizeof *lo_mask);
    GRUNDY_RETURN_IF(!lo_mask, GRUNDY_ERR_NOMEM);
    for (x = 0; x < chunk; x++)
        lo_mask[x] = digit_mask(x, b) & ~1ull;

    x = t->size;
    while (x < n) {
        uint64_t hi = x / chunk, lo = x % chunk;
        uint64_t hi_mask = digit_mask(hi, b) & ~1ull;
        uint64_t end = n - x < chunk - lo ? n - x + lo : chunk;
        uint8_t *gx = g + x - lo; /* gx[lo] = g(x) */
        for (; lo < end; lo++) {
            uint64_t d = lo_mask[lo] | hi_mask, reach = 0;
            while (d) {
                k = (unsigned)__builtin_ctzll(d);
                d &= d - 1;
                reach |= 1ull << gx[(int64_t)lo - (int64_t)k];
            }
            gx[lo] = (uint8_t)__builtin_ctzll(~reach);
        }
        x = hi * chunk + end;
        if (opts->progress && (x / chunk) % 1024 == 0)
            opts->progress(opts->progress_ctx, x, n);
    }
    free(lo_mask);
    /* max and first occurrence, in one pass over the new part. */
    for (x = t->size; x < n; x++)
        if (g[x] > t->max) {
            t->max = g[x];
            t->max_at = x;
        }
    t->size = n;
    return GRUNDY_OK;
}

static grundy_status fill_subtract(grundy_table *t, grundy_pos n,
                                   const grundy_table_opts *opts)
{
    const grundy_subtract_params *sp = grundy_game_params(t->game);
    grundy_pos x;
    size_t i;
    /* values <= |S| < 64 */
    for (x = t->size; x < n; x++) {
        uint64_t reach = 0;
        for (i = 0; i < sp->n && sp->amounts[i] <= x; i++)
            reach |= 1ull << grundy_table_get(t, x - sp->amounts[i]);
        GRUNDY_TRY(grundy_table_push(
            t, (grundy_value)__builtin_ctzll(~reach), opts));
        if (opts->progress && (x % GRUNDY_PROGRESS_STEP) == 0)
            opts->progress(opts->progress_ctx, x, n);
    }
    return GRUNDY_OK;
}

static grundy_status fill_closed(grundy_table *t, grundy_pos n,
                                 const grundy_table_opts *opts)
{
    const grundy_rules *r = grundy_game_rules(t->game);
    const void *params = grundy_game_params(t->game);
    grundy_pos x;
    for (x = t->size; x < n; x++) {
        grundy_value v = 0;
        int ok = r->value(params, x, &v);
        assert(ok);
        (void)ok;
        GRUNDY_TRY(grundy_table_push(t, v, opts));
    }
    return GRUNDY_OK;
}

grundy_status grundy_table_fill_fast(grundy_table *t, grundy_pos n,
                                     const grundy_table_opts *opts)
{
    const grundy_rules *r = grundy_game_rules(t->game);
    if (r == &grundy_rules_digits)
        return fill_digits(t, n, opts);
    if (r == &grundy_rules_subtract && grundy_table_has_fast(t->game))
        return fill_subtract(t, n, opts);
    if (r == &grundy_rules_nim || r == &grundy_rules_half)
        return fill_closed(t, n, opts);
    if (grundy_table_has_fast(t->game) && (r->flags & GRUNDY_RULES_BOARD))
        return grundy_table_fill_tiers(t, n, opts);
    return GRUNDY_ERR_ARG;
}
