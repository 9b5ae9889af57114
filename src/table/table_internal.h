/*
 * table_internal.h -- the layout of grundy_table, shared by the table
 * kernels.
 */
#ifndef GRUNDY_TABLE_INTERNAL_H
#define GRUNDY_TABLE_INTERNAL_H

#include <assert.h>

#include "grundy/table.h"

struct grundy_table {
    const grundy_game *game;
    grundy_pos size;   /* entries computed */
    grundy_pos cap;    /* entries allocated */
    unsigned width;    /* 1, 2 or 4 bytes */
    void *data;
    grundy_value max;
    grundy_pos max_at;
    grundy_table_method method; /* NAIVE or FAST, as resolved */
};

/* Make room for n entries at the current width (mem-checked). */
grundy_status grundy_table_reserve(grundy_table *t, grundy_pos n,
                                   const grundy_limits *opts);
/* Re-store the table at a width that holds v (mem-checked);
 * GRUNDY_ERR_OVERFLOW above 32 bits. */
grundy_status grundy_table_widen(grundy_table *t, grundy_value v,
                                 const grundy_limits *opts);
/* Append g(size) = v, widening when needed.  Room must be reserved. */
static inline grundy_status grundy_table_push(grundy_table *t, grundy_value v,
                                              const grundy_limits *opts)
{
    if (v > t->max) {
        if ((t->width == 1 && v > 0xFF) || (t->width == 2 && v > 0xFFFF))
            GRUNDY_TRY(grundy_table_widen(t, v, opts));
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

/* After a kernel wrote bytes size..n-1 of a width-1 table directly: update
 * max / max_at and set size = n.  Vectorisable max, then memchr. */
void grundy_table_note_max_u8(grundy_table *t, grundy_pos n);

/* The digits kernels (digits.c), on a raw byte table: g[0..from) must
 * hold the values already; fills g[from..n).  BLOCKS needs base 10 and
 * WINDOW base <= 10 (GRUNDY_ERR_ARG otherwise); AUTO picks the fastest. */
typedef enum grundy_digits_kernel {
    GRUNDY_DIGITS_AUTO = 0,
    GRUNDY_DIGITS_LOOP = 1,
    GRUNDY_DIGITS_WINDOW = 2,
    GRUNDY_DIGITS_BLOCKS = 3
} grundy_digits_kernel;
grundy_status grundy_digits_fill(uint8_t *g, uint64_t from, uint64_t n,
                                 unsigned base, grundy_digits_kernel kernel,
                                 const grundy_limits *opts);

/* Family kernels: fill t from t->size to n.  @return GRUNDY_ERR_ARG when
 * the family has no kernel. */
grundy_status grundy_table_fill_fast(grundy_table *t, grundy_pos n,
                                     const grundy_limits *opts);
int grundy_table_has_fast(const grundy_game *g);

/* Board families: all positions in popcount tiers, on opts->threads
 * threads (tiers.c).  @pre t is empty, at width 1, with room for n =
 * num_positions entries.  GRUNDY_ERR_OVERFLOW when a value exceeds 255. */
#define GRUNDY_TIERS_MAX_POSITIONS ((grundy_pos)1 << 40)
grundy_status grundy_table_fill_tiers(grundy_table *t, grundy_pos n,
                                      const grundy_limits *opts);

/* g(p) for rect:RxC from the 2^popcount(p) subsets of p alone (every
 * move clears cells), at one byte each, mem-checked.  O(2^popcount(p)
 * * moves). */
grundy_status grundy_table_value_rect(grundy_value *out,
                                      const grundy_game *g, grundy_pos p,
                                      const grundy_limits *opts);

/* The generic method: moves + mex. */
grundy_status grundy_table_fill_naive(grundy_table *t, grundy_pos n,
                                      const grundy_limits *opts);

#define GRUNDY_PROGRESS_STEP ((grundy_pos)1 << 22)


#endif
