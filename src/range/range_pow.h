/*
 * range_pow.h -- powers of two modulo p from three tables of 4096 entries
 * (2^j, 2^(4096 j), 2^(2^24 j)), each with its Shoup quotient, for the
 * range engine's subset counts (subsets.c).
 */
#ifndef GRUNDY_RANGE_POW_H
#define GRUNDY_RANGE_POW_H

#include <stdint.h>

#define RANGE_POW_BITS 12
#define RANGE_POW_SIZE (1u << RANGE_POW_BITS)
#define RANGE_POW_WORDS (6 * RANGE_POW_SIZE) /* the tables' uint64_t */

typedef struct range_pow {
    uint64_t p;          /* the prime, 2 <= p < 2^62 */
    uint64_t *pow;       /* RANGE_POW_WORDS: (value, Shoup) pairs */
    uint64_t fac[17][2]; /* 2^rank - 1, with its Shoup quotient */
} range_pow;

/* Fill the tables of r (r->p and r->pow set). */
void grundy_range_pow_build(range_pow *r);
/* 2^len - 2^(len - rank) mod p.  @pre rank <= 16, rank <= len < 2^36. */
uint64_t grundy_range_pow_count(const range_pow *r, uint64_t len, unsigned rank);

#endif
