/*
 * count_internal.h -- the kernels behind grundy_count_tuples().
 */
#ifndef GRUNDY_COUNT_INTERNAL_H
#define GRUNDY_COUNT_INTERNAL_H

#include "grundy/count.h"

/* sum over t < 3^L of y_t^K in Z_p[w]/(w^2 + w + 1), where y is the
 * q = 3 transform of a[] (3^L Montgomery-32 residues, destroyed), as the
 * plain residue of the (constant) result.  p < 2^31. */
grundy_status grundy_count_ring3_powsum(uint64_t *out, uint32_t *a, unsigned L,
                                        uint64_t K, const grundy_nt_mod32 *m);

#endif
