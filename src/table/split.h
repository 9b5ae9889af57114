/*
 * split.h -- the layout of a board table split into slices (the store's
 * split tables, the processes of grundy-mpi).
 */
#ifndef GRUNDY_TABLE_SPLIT_H
#define GRUNDY_TABLE_SPLIT_H

#include "table/tiers.h"

/* A table split into slices (tiers_split.c): the layout of a split table
 * in the store, and the ownership of positions by the processes of
 * grundy-mpi.  Each tier's index range is cut into blocks of 2^block_bits
 * positions, and block b of every tier belongs to slice b mod count
 * (round robin: the least positions of each orbit, which are the ones
 * computed, crowd the start of a tier, so contiguous ranges would give
 * the first slice most of the work).  A slice holds its blocks of a tier
 * in increasing order, one byte per position, and a slice file holds
 * tiers 0 .. bits one after another. */

#define GRUNDY_SPLIT_BLOCK_BITS 12

typedef struct grundy_split {
    const grundy_tiers *tiers;
    unsigned count;      /* slices */
    unsigned block_bits; /* positions per block: 2^block_bits */
} grundy_split;

/* Positions of tier k in slice s. */
uint64_t grundy_split_len(const grundy_split *sp, unsigned k, unsigned s);

/* Where the position of index idx in its tier lives: slice *s, offset
 * *off in that slice's part of the tier. */
static inline void grundy_split_locate(const grundy_split *sp, uint64_t idx,
                                       unsigned *s, uint64_t *off)
{
    /* a tier has fewer than 2^38 positions: block numbers fit 32 bits,
     * and a 32-bit division is the faster one */
    uint32_t b = (uint32_t)(idx >> sp->block_bits);
    uint64_t mask = ((uint64_t)1 << sp->block_bits) - 1;
    *s = b % sp->count;
    *off = ((uint64_t)(b / sp->count) << sp->block_bits) | (idx & mask);
}

/* The tier index of offset off of slice s (the inverse). */
static inline uint64_t grundy_split_index(const grundy_split *sp, unsigned s,
                                          uint64_t off)
{
    uint64_t mask = ((uint64_t)1 << sp->block_bits) - 1;
    uint64_t b = (off >> sp->block_bits) * sp->count + s;
    return (b << sp->block_bits) | (off & mask);
}

/* Position p's slice and its offset in that slice's file (tiers 0 ..
 * bits one after another).  @pre p < np. */
void grundy_split_find(const grundy_split *sp, grundy_pos p, unsigned *s,
                       uint64_t *offset);

/* Write the values of slice s's part of tier k, vals[0 .. len), to their
 * positions in the whole table g. */
void grundy_split_scatter(uint8_t *g, const grundy_split *sp, unsigned k,
                          unsigned s, const uint8_t *vals);

#endif
