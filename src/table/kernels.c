/*
 * kernels.c -- family-specific table kernels.
 *
 * digits: the kernels of digits.c.
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

#include "table/sparse.h"
#include "core/progress.h"
#include "table/table_internal.h"

int grundy_table_has_fast(const grundy_game *g)
{
    const grundy_rules *r = grundy_game_rules(g);
    if (r == &grundy_rules_digits || r == &grundy_rules_nim ||
        r == &grundy_rules_half)
        return 1;
    if (grundy_table_sparse_applies(g))
        return 1;
    if (r == &grundy_rules_subtract)
        return ((const grundy_subtract_params *)grundy_game_params(g))->n <
               64;
    if (r->flags & GRUNDY_RULES_BOARD)
        return grundy_game_num_positions(g) != 0 &&
               grundy_game_num_positions(g) <= GRUNDY_TIERS_MAX_POSITIONS;
    return 0;
}

static grundy_status fill_digits(grundy_table *t, grundy_pos n,
                                 const grundy_limits *opts)
{
    unsigned b = ((const grundy_digits_params *)grundy_game_params(t->game))
                     ->base;
    assert(t->width == 1); /* values < base <= 36 */
    GRUNDY_TRY(grundy_digits_fill(t->data, t->size, n, b, GRUNDY_DIGITS_AUTO,
                                  opts));
    grundy_table_note_max_u8(t, n);
    return GRUNDY_OK;
}

static grundy_status fill_subtract(grundy_table *t, grundy_pos n,
                                   const grundy_limits *opts)
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
            grundy_progress_report(opts, "table", x, n);
    }
    return GRUNDY_OK;
}

static grundy_status fill_closed(grundy_table *t, grundy_pos n,
                                 const grundy_limits *opts)
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
                                     const grundy_limits *opts)
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
    if (grundy_table_sparse_applies(t->game))
        return grundy_table_fill_sparse(t, n, opts);
    return GRUNDY_ERR_ARG;
}
