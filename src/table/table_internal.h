/*
 * table_internal.h -- the layout of grundy_table and of a fill in
 * progress, shared by the table methods (table.c), the kernels (digits.c,
 * sparse.c, kernels.c, tiers.c), the value engine and the store.
 */
#ifndef GRUNDY_TABLE_INTERNAL_H
#define GRUNDY_TABLE_INTERNAL_H

#include <assert.h>

#include "core/progress.h"
#include "grundy/table.h"

struct grundy_table {
    const grundy_game *game;
    grundy_pos size; /* entries computed */
    grundy_pos cap;  /* entries allocated */
    unsigned width;  /* 1, 2 or 4 bytes */
    void *data;
    grundy_value max;
    grundy_pos max_at;
    /* data is not ours to free() (a mapping of a stored file): release()
     * is called with it instead, and the first growth copies it. */
    void (*release)(void *ctx);
    void *release_ctx;
};

/* How a table is filled, resolved from grundy_table_method. */
typedef enum grundy_fill_method {
    GRUNDY_FILL_NAIVE,  /* moves + mex, widening as needed */
    GRUNDY_FILL_CLOSED, /* the family's closed form (mex where it declines) */
    GRUNDY_FILL_KERNEL, /* the family's kernel hook */
    GRUNDY_FILL_TIERS   /* boards: popcount tiers (tiers.c) */
} grundy_fill_method;

/* Called during a fill once g(0 .. done) are final, every interval_ms at
 * most (and never sooner than 100 times the last call took), and once
 * more when the fill is cancelled: the value engine keeps a checkpoint of
 * the table in the store.  A failure is not the fill's:
 * the hook deals with it and returns nothing. */
typedef struct grundy_fill_hook {
    void (*checkpoint)(void *ctx, const grundy_table *t, grundy_pos done);
    void *ctx;
    uint64_t interval_ms;
} grundy_fill_hook;

struct grundy_fill {
    grundy_table *t;       /* NULL in a window */
    grundy_pos offset;     /* values[0] holds g(offset) */
    grundy_pos from, n;
    grundy_pos done; /* the last tick: values [0, done) are final */
    const grundy_limits *limits;
    grundy_ticker ticker;
    const grundy_fill_hook *hook;
    uint64_t next_checkpoint_ms;
};

/* The method AUTO picks for g, and whether FAST has one. */
grundy_fill_method grundy_table_auto_method(const grundy_game *g);
/* The family's kernel when it applies to g, else NULL. */
const grundy_kernel *grundy_table_kernel(const grundy_game *g);

/* Grow t to n entries with method m, ticking and checkpointing through
 * hook (may be NULL).  On GRUNDY_ERR_CANCELLED t holds the prefix that was
 * final at the last tick. */
grundy_status grundy_table_grow(grundy_table *t, grundy_pos n,
                                grundy_fill_method m, const grundy_limits *lim,
                                const grundy_fill_hook *hook);

/* grundy_table_work() :
 * The steps (grundy_limits.work_limit) of computing g(from .. n-1) with
 * method m, estimated before starting: one per position for a closed
 * form, and for a kernel while positions have at most linearly many
 * moves; the family's max_moves per position otherwise (quadratic for
 * families whose moves grow with the heap).  Saturates at UINT64_MAX.
 * A two-heap take-and-break kernel is counted linear: on sparse codes it
 * is, on dense ones it lists every split and takes quadratic time, which
 * no estimate made before the values are known can tell apart. */
uint64_t grundy_table_work(const grundy_game *g, grundy_fill_method m,
                           grundy_pos from, grundy_pos n);

/* The steps of a sliding window up to p of a game whose moves take at
 * most `take` tokens: (p + 1) times its moves per position. */
uint64_t grundy_table_window_work(const grundy_game *g, grundy_pos p);

/* An empty table of g at the given width. */
grundy_status grundy_table_alloc(grundy_table **out, const grundy_game *g,
                                 unsigned width);

/* Make room for n entries at the current width (mem-checked); copies a
 * mapped table into memory of its own. */
grundy_status grundy_table_reserve(grundy_table *t, grundy_pos n,
                                   const grundy_limits *lim);
/* Re-store the table at a width that holds v (mem-checked);
 * GRUNDY_ERR_OVERFLOW above 32 bits. */
grundy_status grundy_table_widen(grundy_table *t, grundy_value v,
                                 const grundy_limits *lim);
/* Append g(size) = v, widening when needed.  Room must be reserved. */
static inline grundy_status grundy_table_push(grundy_table *t, grundy_value v,
                                              const grundy_limits *lim)
{
    if (v > t->max) {
        if ((t->width == 1 && v > 0xFF) || (t->width == 2 && v > 0xFFFF))
            GRUNDY_TRY(grundy_table_widen(t, v, lim));
        t->max = v;
        t->max_at = t->size;
    }
    if (t->width == 1)
        ((uint8_t *)t->data)[t->size] = (uint8_t)v;
    else if (t->width == 2)
        ((uint16_t *)t->data)[t->size] = (uint16_t)v;
    else
        ((uint32_t *)t->data)[t->size] = (uint32_t)v;
    t->size++;
    return GRUNDY_OK;
}

/* After values size .. n-1 were written directly: update max / max_at
 * and set size = n. */
void grundy_table_note(grundy_table *t, grundy_pos n);

/* Set up f to fill t (room reserved) from its size to n. */
void grundy_fill_init(grundy_fill *f, grundy_table *t, grundy_pos n,
                      const grundy_limits *lim, const grundy_fill_hook *hook);

/* g(p) by the family's kernel in a sliding window of its lookback (see
 * grundy_kernel.lookback): memory O(lookback + a chunk), time O(p).
 * GRUNDY_ERR_ARG when the kernel has no lookback. */
grundy_status grundy_table_window_value(grundy_value *out,
                                        const grundy_game *g, grundy_pos p,
                                        const grundy_limits *lim);

/* The table of a fill, for the built-in kernels that need more than the
 * values (the take-and-break kernel proves periods on it). */
static inline grundy_table *grundy_fill_table(grundy_fill *f)
{
    return f->t;
}

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

/* Board families: all positions in popcount tiers, on the limits' threads
 * (tiers.c), through the family's children and orbit hooks (or its
 * moves).  @pre t is empty, at width 1, with room for every position.
 * GRUNDY_ERR_OVERFLOW when a value exceeds 255. */
#define GRUNDY_TIERS_MAX_POSITIONS ((grundy_pos)1 << 40)
grundy_status grundy_table_fill_tiers(grundy_fill *f);

/* g(p) for a board family with GRUNDY_RULES_SUBSETS from the
 * 2^popcount(p) subsets of p alone, at one byte each, mem-checked.
 * O(2^popcount(p) * moves). */
grundy_status grundy_table_value_subsets(grundy_value *out,
                                         const grundy_game *g, grundy_pos p,
                                         const grundy_limits *lim);

/* The generic method: moves + mex. */
grundy_status grundy_table_fill_naive(grundy_fill *f);

#endif
