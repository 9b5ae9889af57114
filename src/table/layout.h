/*
 * layout.h -- the layout of grundy_table and the calls that make room in
 * it, append to it and note values written in place (and the store of
 * one value at a width, which the kernels of families use too).  Only the table
 * module (table.c, the kernels, tiers) reaches into a table's fields;
 * every other module creates and wraps tables through grundy/table.h and
 * grundy/experimental.h.
 */
#ifndef GRUNDY_TABLE_LAYOUT_H
#define GRUNDY_TABLE_LAYOUT_H

#include <assert.h>

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
    /* A table grown in its file: data is a writable mapping of cap
     * entries that never moves (reserve and widen refuse to), and drop()
     * lets go of entries lo .. hi-1 (see grundy_fill_release()). */
    int in_place;
    void (*drop)(void *ctx, grundy_pos lo, grundy_pos hi);
};

/* values[p] = v in an array of width bytes an entry (1, 2 or 4), as a
 * table's data and a kernel's values are; v must fit the width.  The
 * store of grundy_table_get_raw() (grundy/table.h). */
static inline void grundy_table_put_raw(void *values, unsigned width,
                                        grundy_pos p, grundy_value v)
{
    if (width == 1)
        ((uint8_t *)values)[p] = (uint8_t)v;
    else if (width == 2)
        ((uint16_t *)values)[p] = (uint16_t)v;
    else
        ((uint32_t *)values)[p] = (uint32_t)v;
}

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
    grundy_table_put_raw(t->data, t->width, t->size, v);
    t->size++;
    return GRUNDY_OK;
}

/* After values size .. n-1 were written directly: update max / max_at
 * and set size = n. */
void grundy_table_note(grundy_table *t, grundy_pos n);

#endif
