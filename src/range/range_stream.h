/*
 * range_stream.h -- the query stream of grundy/range.h
 * (grundy_range_stream_run()), internal to src/range: its state, shared
 * by stream.c (reading, values, answers), stream_fast.c (the batched
 * path of byte-table workloads) and cells.c (positions written as rows
 * of cells).
 */
#ifndef GRUNDY_RANGE_STREAM_H
#define GRUNDY_RANGE_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/range.h"

typedef struct range_stream {
    const grundy_range_stream_opts *o;
    const grundy_game *g;
    grundy_values *v;
    grundy_scanner *sc;
    grundy_writer *w;
    grundy_range_failure *why;
    grundy_parse_error *where; /* &why->where */
    grundy_range *r;
    grundy_pos *pos;   /* the positions, kept for winning moves */
    uint64_t *places;  /* where each was read, while values are assigned */
    unsigned long gen; /* buffer refills so far */
    unsigned long ahead_gen; /* the refill ahead_pos belongs to */
    size_t ahead_pos;        /* where the look-ahead stopped */
    unsigned ahead_count;    /* queries announced beyond the current one */
    uint64_t test, query;    /* the current test and query, from 1 */
    int sure;            /* no update can fail: its place need not be known */
    const uint8_t *tab8; /* a finite family's whole table of bytes */
    grundy_pos tab8_n;
} range_stream;

/* What query type t asks. */
static inline unsigned range_stream_op(const grundy_range_stream_opts *o,
                                       uint64_t t)
{
    return o->layout.ops[1] ? o->layout.ops[t] : (unsigned)t;
}

static inline int range_stream_blank(unsigned char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' ||
           c == '\f';
}

/* stream_fast.c: whether the batched path serves this stream, the values
 * of up to max positions in the buffer (@return how many), up to max
 * queries answered in batches (@return how many). */
int grundy_range_fast_ok(const range_stream *s);
size_t grundy_range_fast_values(range_stream *s, grundy_value *vals,
                                size_t max);
uint64_t grundy_range_fast_batch(range_stream *s, size_t n, uint64_t max);

/* cells.c: a position of layout.rows tokens of layout.cols cells.
 * grundy_range_cells_fast(): in its usual layout (each row followed by one
 * whitespace byte) at p[0..avail): into *out, @return the bytes it takes
 * (the last row's whitespace not included), or 0 for anything else,
 * which grundy_range_cells_read() then reads and names when it is an error. */
size_t grundy_range_cells_fast(const grundy_range_layout *l,
                               const unsigned char *p, size_t avail,
                               grundy_pos *out);
grundy_status grundy_range_cells_read(const grundy_range_layout *l,
                                      grundy_scanner *sc, grundy_pos *out,
                                      grundy_parse_error *where);

#endif
