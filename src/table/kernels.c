/*
 * kernels.c -- family-specific table kernels.
 *
 * digits: g(x) = mex{ g(x-d) : d a non-zero digit of x }.  What matters is
 * that each entry costs a handful of instructions and no branch: the digit
 * set of x is the OR of two precomputed masks (a low chunk of B^k values,
 * the high part recomputed once per chunk), the reachable values come from
 * a register window of one-hot bytes, and the mex is one
 * count-trailing-zeros.  The table is only written, never read back, so
 * the loop is bound by the g(x-1) -> g(x) chain and not by memory.
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

/* Exact g(x) from the table: the slow path of the window kernel. */
static unsigned digits_mex_exact(const uint8_t *g, uint64_t x, unsigned b)
{
    uint64_t d = digit_mask(x, b) & ~1ull, reach = 0;
    while (d) {
        unsigned k = (unsigned)__builtin_ctzll(d);
        d &= d - 1;
        reach |= 1ull << g[x - k];
    }
    return (unsigned)__builtin_ctzll(~reach);
}

/* Spread the digits 2..9 of a digit mask to bytes 0..7 (0xFF each). */
static uint64_t spread_digits(uint64_t dmask)
{
    uint64_t e = 0;
    unsigned d;
    for (d = 2; d <= 9; d++)
        if (dmask >> d & 1)
            e |= 0xFFull << (8 * (d - 2));
    return e;
}

/*
 * Bases up to 10: branch-free.  W holds, byte i, the one-hot mask
 * 1 << g(x-2-i) for i = 0..7 (0 for values >= 8).  The values reachable
 * through digits 2..9 are the OR of the bytes of W & E(x), where E(x) has
 * 0xFF in the bytes of the digits of x: three shift-ORs.  None of that
 * waits for g(x-1): it was known two entries ago.  The digit-1 term is
 * folded in without a shift on the chain: with z1 < z2 the two lowest
 * values missing from the partial set, the mex is z2 when 1 is a digit of
 * x and g(x-1) = z1, else z1.  So the loop-carried chain is one compare
 * and one select, and the loop runs at the rate its instructions issue.
 * A mex of 8 or more (all eight low values present) is rare and is redone
 * exactly from the table.
 */
typedef struct digit_lo {
    uint64_t e;  /* 0xFF in byte d-2 for each digit d in 2..9 */
    uint64_t n1; /* 0 when 1 is a digit, else all ones */
} digit_lo;

static void fill_digits_window(uint8_t *g, uint64_t x, uint64_t n,
                               unsigned b, uint64_t chunk,
                               const digit_lo *lo_tab,
                               const grundy_table_opts *opts)
{
    uint64_t W = 0, prev = 0xFF; /* prev: g(x-1), 0xFF before the start */
    unsigned i;
    for (i = 0; i < 8; i++)
        if (x >= 2 + (uint64_t)i && g[x - 2 - i] < 8)
            W |= (1ull << g[x - 2 - i]) << (8 * i);
    if (x >= 1)
        prev = g[x - 1];
    while (x < n) {
        uint64_t hi = x / chunk, lo = x % chunk;
        uint64_t dhi = digit_mask(hi, b), ehi = spread_digits(dhi);
        uint64_t n1hi = ((dhi >> 1) & 1) - 1;
        uint64_t end = n - x < chunk - lo ? n - x + lo : chunk;
        uint8_t *gx = g + x - lo;
        for (; lo < end; lo++) {
            uint64_t m = W & (lo_tab[lo].e | ehi);
            uint64_t n1 = lo_tab[lo].n1 & n1hi;
            uint64_t miss, z1, z2, key, v;
            m |= m >> 32;
            m |= m >> 16;
            m |= m >> 8;
            miss = ~(m & 0xFF);
            z1 = (uint64_t)__builtin_ctzll(miss);
            z2 = (uint64_t)__builtin_ctzll(miss & (miss - 1));
            /* a select the compiler must not turn into a branch (it is
             * unpredictable); key = z1 | n1 is off the chain */
            key = z1 | n1;
            v = z1 ^ ((z1 ^ z2) & (0 - (uint64_t)(prev == key)));
            if (v >= 8)
                v = digits_mex_exact(g, hi * chunk + lo, b);
            gx[lo] = (uint8_t)v;
            W = (W << 8) | (prev < 8 ? 1ull << prev : 0);
            prev = v;
        }
        x = hi * chunk + end;
        if (opts->progress && (x / chunk) % 4096 == 0)
            opts->progress(opts->progress_ctx, x, n);
    }
}

/* Any base: the digit loop, with the masks of the low digits tabulated. */
static void fill_digits_loop(uint8_t *g, uint64_t x, uint64_t n, unsigned b,
                             uint64_t chunk, const uint64_t *lo_d,
                             const grundy_table_opts *opts)
{
    while (x < n) {
        uint64_t hi = x / chunk, lo = x % chunk;
        uint64_t dhi = digit_mask(hi, b) & ~1ull;
        uint64_t end = n - x < chunk - lo ? n - x + lo : chunk;
        uint8_t *gx = g + x - lo;
        for (; lo < end; lo++) {
            uint64_t d = (lo_d[lo] | dhi) & ~1ull, reach = 0;
            while (d) {
                unsigned k = (unsigned)__builtin_ctzll(d);
                d &= d - 1;
                reach |= 1ull << gx[(int64_t)lo - (int64_t)k];
            }
            gx[lo] = (uint8_t)__builtin_ctzll(~reach);
        }
        x = hi * chunk + end;
        if (opts->progress && (x / chunk) % 4096 == 0)
            opts->progress(opts->progress_ctx, x, n);
    }
}

static grundy_status fill_digits(grundy_table *t, grundy_pos n,
                                 const grundy_table_opts *opts)
{
    unsigned b = ((const grundy_digits_params *)grundy_game_params(t->game))
                     ->base;
    uint64_t chunk = 1, *lo_d, x;
    digit_lo *lo_tab;
    uint8_t *g = t->data; /* values < base <= 36: always one byte */

    assert(t->width == 1);
    while (chunk * b <= 4096)
        chunk *= b;
    lo_d = malloc(chunk * sizeof *lo_d);
    lo_tab = malloc(chunk * sizeof *lo_tab);
    if (!lo_d || !lo_tab) {
        free(lo_d);
        free(lo_tab);
        return GRUNDY_ERR_NOMEM;
    }
    for (x = 0; x < chunk; x++) {
        lo_d[x] = digit_mask(x, b);
        lo_tab[x].e = spread_digits(lo_d[x]);
        lo_tab[x].n1 = ((lo_d[x] >> 1) & 1) - 1;
    }
    if (b <= 10)
        fill_digits_window(g, t->size, n, b, chunk, lo_tab, opts);
    else
        fill_digits_loop(g, t->size, n, b, chunk, lo_d, opts);
    free(lo_d);
    free(lo_tab);
    grundy_table_note_max_u8(t, n);
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
