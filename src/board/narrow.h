/*
 * narrow.h -- Cram on boards of at most 4 rows by a plain memo of
 * parts keyed by their columns: a second way to the value of a Cram
 * position, written apart from the board search (search_tmpl.h), for
 * the checks of doc/results.md and for comparison in bench/RESULTS.md.
 *
 * A part (a 4-connected group of empty cells) is a run of columns, each
 * a mask of at most 4 bits.  Its key is that run moved to the top-left
 * corner and taken in the least of its four mirror images (left-right,
 * top-bottom, both), packed 4 bits a column.  Its value is the mex of
 * the values of its children; a child's value is the XOR of its parts'
 * values, each from the memo or computed the same way.  No pruning, no
 * reduction, no table that forgets: every part reached is kept.
 */
#ifndef GRUNDY_BOARD_NARROW_H
#define GRUNDY_BOARD_NARROW_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/status.h"

#define GRUNDY_NARROW_MAX_ROWS 4
#define GRUNDY_NARROW_MAX_COLS 64

typedef struct grundy_narrow_stats {
    uint64_t parts;     /* parts valued (entries of the memo) */
    uint64_t children;  /* children listed */
    size_t peak_bytes;  /* the memo at its largest */
} grundy_narrow_stats;

/* grundy_narrow_cram_value() :
 * The value of the Cram position `empty` on a rows x cols board (cell
 * (r, c) is bit r*cols + c of the words empty[0 ..], a 1 is an empty
 * cell).  rows 1..4, cols 1..64.  The memo grows up to mem_limit bytes
 * (0: no limit); past it GRUNDY_ERR_LIMIT.  st may be NULL.
 * Errors: GRUNDY_ERR_ARG (a board out of range), GRUNDY_ERR_LIMIT,
 * GRUNDY_ERR_NOMEM. */
grundy_status grundy_narrow_cram_value(unsigned *out, unsigned rows,
                                       unsigned cols, const uint64_t *empty,
                                       size_t mem_limit,
                                       grundy_narrow_stats *st);

#endif
