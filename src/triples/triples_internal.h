/*
 * triples_internal.h -- shared between the files of src/triples/.
 */
#ifndef GRUNDY_TRIPLES_INTERNAL_H
#define GRUNDY_TRIPLES_INTERNAL_H

#include <gmp.h>

#include "grundy/triples.h"

grundy_status grundy_triples_nat_reserve(grundy_triples_nat *n, size_t nlimbs);
void grundy_triples_nat_normalise(grundy_triples_nat *n);
grundy_status grundy_triples_nat_set_mpz(grundy_triples_nat *n, const mpz_t z);
/* z must be initialised. */
void grundy_triples_nat_get_mpz(mpz_t z, const grundy_triples_nat *n);

/* Bit i of n (0 beyond the top). */
static inline unsigned triples_nat_bit(const grundy_triples_nat *n, size_t i)
{
    return i / 64 < n->nlimbs ? (unsigned)(n->limb[i / 64] >> (i % 64)) & 1u
                              : 0u;
}

#endif
