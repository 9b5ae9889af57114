/*
 * sparse_loops.h -- the two inner loops of the sparse space kernel
 * (sparse.c), each in a portable version and vector versions chosen at
 * run time through core/cpu.c:
 *
 *  - marks: for a run of rare positions p >= BLOCK, row j of the block
 *    gets rv ^ g(base - p + j) for j < BLOCK (as an entry equal to the
 *    block's stamp);
 *  - scan: clear from the candidate bitmap every value g(a) ^ g(m - a)
 *    for a = a0 .. last, stopping once no candidate is left;
 *  - row word: 64 entries of a row compared with the stamp, as a bitmap.
 *
 * Every version gives exactly the portable one's result (the tests
 * compare them on random data).
 */
#ifndef GRUNDY_TABLE_SPARSE_LOOPS_H
#define GRUNDY_TABLE_SPARSE_LOOPS_H

#include <stddef.h>
#include <stdint.h>

#include "table/sparse.h"

typedef unsigned grundy_sparse_scan_fn(uint64_t *cand, unsigned ncand,
                                       const uint16_t *g, grundy_pos m,
                                       grundy_pos a, grundy_pos last);
typedef void grundy_sparse_marks_fn(uint32_t *rows, unsigned k,
                                    uint32_t stamp, const uint16_t *g,
                                    grundy_pos base, const grundy_pos *rp,
                                    const uint16_t *rv, size_t r0, size_t r1);
/* Bit j of the result: row[j] == stamp, for j < 64. */
typedef uint64_t grundy_sparse_row_word_fn(const uint32_t *row,
                                           uint32_t stamp);

/* AUTO resolved to the widest set this CPU runs. */
grundy_sparse_isa grundy_sparse_resolve_isa(grundy_sparse_isa isa);
/* The loops of a resolved isa; the scan for values below 2^k. */
grundy_sparse_scan_fn *grundy_sparse_scan_for(grundy_sparse_isa isa,
                                              unsigned k);
grundy_sparse_marks_fn *grundy_sparse_marks_for(grundy_sparse_isa isa);
grundy_sparse_row_word_fn *grundy_sparse_row_word_for(grundy_sparse_isa isa);
/* Non-zero when the scan of (isa, k) is a vector one. */
int grundy_sparse_scan_is_vector(grundy_sparse_isa isa, unsigned k);

static inline int grundy_sparse_cand_has(const uint64_t *cand, unsigned x)
{
    return (int)(cand[x >> 6] >> (x & 63) & 1);
}

/* One split: clear x from the candidates.  @return the count left. */
static inline unsigned grundy_sparse_cand_take(uint64_t *cand,
                                               unsigned ncand, unsigned x)
{
    if (grundy_sparse_cand_has(cand, x)) {
        cand[x >> 6] &= ~((uint64_t)1 << (x & 63));
        ncand--;
    }
    return ncand;
}

#endif
