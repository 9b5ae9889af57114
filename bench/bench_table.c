/*
 * bench_table.c -- the digits table to 10^8 and 10^9 entries.
 *
 * Variants, measured side by side in one run:
 *   kernel    grundy_table_new(digits): the library's dispatch (block
 *             kernel), including allocating and faulting in the table
 *   blocks    the block kernel on a mapped buffer (src/table/digits.c)
 *   window    the per-entry branch-free kernel on a mapped buffer
 *   loop      the per-entry digit-loop kernel on a mapped buffer
 *   generic   grundy_table_new_naive: moves() + mex, any family
 *   naive     written here: digits by division, mex by scanning an array
 *   chain     the floor: a loop carrying g(x-1) -> g(x) through the same
 *             shift / or / not / tzcnt as the kernel, storing each byte
 *   memset    touching the memory: memset of n bytes already mapped
 *   touch     producing a fresh table: malloc, memset, free of n bytes
 *             (page faults included, as in kernel)
 * norm is ns per entry.
 *
 * Usage: bench_table [LOG10_MAX] [REPEATS]   (default 9 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchfn.h"
#include "grundy/grundy.h"
#include "table/digits.h"

typedef struct payload {
    uint64_t n;
    uint8_t *buf;
    grundy_game *g;
    grundy_digits_kernel kernel;
} payload;

static uint64_t run_variant(void *p)
{
    payload *pl = p;
    if (grundy_digits_fill(pl->buf, 0, 0, pl->n, 10, pl->kernel, NULL) !=
        GRUNDY_OK)
        abort();
    return pl->buf[pl->n - 1];
}

static uint64_t run_kernel(void *p)
{
    payload *pl = p;
    grundy_table *t;
    uint64_t s;
    if (grundy_table_new(&t, pl->g, pl->n, NULL) != GRUNDY_OK)
        abort();
    s = grundy_table_get(t, pl->n - 1);
    grundy_table_free(t);
    return s;
}

static uint64_t run_generic(void *p)
{
    payload *pl = p;
    grundy_table *t;
    grundy_limits o;
    uint64_t s;
    grundy_limits_init(&o);
    if (grundy_table_new_naive(&t, pl->g, pl->n, &o) != GRUNDY_OK)
        abort();
    s = grundy_table_get(t, pl->n - 1);
    grundy_table_free(t);
    return s;
}

/* The textbook loop: decimal digits by division, mex by scanning. */
static uint64_t run_naive(void *p)
{
    payload *pl = p;
    uint8_t *g = pl->buf;
    uint64_t x;
    for (x = 0; x < pl->n; x++) {
        unsigned char seen[16] = {0};
        uint64_t y;
        unsigned m = 0;
        for (y = x; y; y /= 10) {
            unsigned d = (unsigned)(y % 10);
            if (d)
                seen[g[x - d]] = 1;
        }
        while (seen[m])
            m++;
        g[x] = (uint8_t)m;
    }
    return g[pl->n - 1];
}

/* The floor: the same loop-carried chain, nothing else. */
static uint64_t run_chain(void *p)
{
    payload *pl = p;
    uint8_t *g = pl->buf;
    uint64_t x, prev = 1, part = 0x2;
    for (x = 0; x < pl->n; x++) {
        unsigned v = (unsigned)__builtin_ctzll(~(part | prev));
        g[x] = (uint8_t)v;
        prev = 1ull << v;
        part = (x & 7) ? 0x2 : 0x5;
    }
    return g[pl->n - 1];
}

static uint64_t run_touch(void *p)
{
    payload *pl = p;
    uint8_t *b = malloc(pl->n);
    uint64_t s;
    if (!b)
        abort();
    memset(b, (int)(pl->n & 0x7F), pl->n);
    s = b[pl->n / 3];
    free(b);
    return s;
}

static uint64_t run_memset(void *p)
{
    payload *pl = p;
    memset(pl->buf, (int)(pl->n & 0x7F), pl->n);
    return pl->buf[pl->n / 2];
}

int main(int argc, char **argv)
{
    int maxlog = argc > 1 ? atoi(argv[1]) : 9;
    int reps = argc > 2 ? atoi(argv[2]) : 3;
    payload pl;
    grundy_parse_error where;
    int lg;
    if (grundy_game_new(&pl.g, "digits", &where) != GRUNDY_OK)
        return 1;
    bench_header();
    for (lg = 6; lg <= maxlog; lg++) {
        bench_result r;
        uint64_t i;
        pl.n = 1;
        for (i = 0; i < (uint64_t)lg; i++)
            pl.n *= 10;
        pl.buf = malloc(pl.n);
        if (!pl.buf)
            return 1;
        memset(pl.buf, 0, pl.n); /* fault the pages in once */
        r = bench_run(run_kernel, &pl, reps);
        bench_print("table.digits", "kernel", pl.n, &r, (double)pl.n);
        {
            static const struct {
                grundy_digits_kernel k;
                const char *name;
            } vs[] = {{GRUNDY_DIGITS_BLOCKS, "blocks"},
                      {GRUNDY_DIGITS_WINDOW, "window"},
                      {GRUNDY_DIGITS_LOOP, "loop"}};
            size_t v;
            for (v = 0; v < 3; v++) {
                pl.kernel = vs[v].k;
                r = bench_run(run_variant, &pl, reps);
                bench_print("table.digits", vs[v].name, pl.n, &r,
                            (double)pl.n);
            }
        }
        r = bench_run(run_naive, &pl, lg >= 9 ? 1 : reps);
        bench_print("table.digits", "naive", pl.n, &r, (double)pl.n);
        if (lg <= 8) {
            r = bench_run(run_generic, &pl, 1);
            bench_print("table.digits", "generic", pl.n, &r, (double)pl.n);
        }
        r = bench_run(run_chain, &pl, reps);
        bench_print("table.digits", "chain", pl.n, &r, (double)pl.n);
        r = bench_run(run_memset, &pl, reps);
        bench_print("table.digits", "memset", pl.n, &r, (double)pl.n);
        r = bench_run(run_touch, &pl, reps);
        bench_print("table.digits", "touch", pl.n, &r, (double)pl.n);
        free(pl.buf);
    }
    grundy_game_free(pl.g);
    return 0;
}
