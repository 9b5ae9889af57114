/*
 * range_xor.h -- the XOR layout of the range engine (GRUNDY_RANGE_XOR,
 * grundy/range.h): values below 256, nim-sums only.
 *
 * Level 0 holds, for each value, the XOR of its group of 64 up to it (a
 * group is one 64-byte cache line of byte lanes).  Level k >= 1 has one
 * entry per group of level k - 1 (the XOR of that group) and holds, for
 * each, the XOR of the entries of its own group before it.  The top level
 * is a single group.  The XOR of values 0..i is then one lane per level:
 * a range query reads 2 * levels bytes at independent addresses (8 for
 * 10^6 values) and an update XORs the difference into the rest of one
 * group per level (a few word operations each), with no dependency
 * chains.  Lanes are bytes of 64-bit words, addressed by shifts.
 */
#ifndef GRUNDY_RANGE_XOR_H
#define GRUNDY_RANGE_XOR_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/rules.h"
#include "grundy/status.h"

#define RANGE_XOR_LEVELS 8 /* 64^8 = 2^48 values */
#define RANGE_XOR_VALUE_MAX 255u

typedef struct range_xor {
    size_t n;
    unsigned top; /* levels 0 .. top */
    size_t lev_n[RANGE_XOR_LEVELS];
    uint64_t *lv[RANGE_XOR_LEVELS];
} range_xor;

/* The bytes grundy_range_xor_init() allocates for n values. */
size_t grundy_range_xor_bytes(size_t n);
/* n values, all 0 (arrays from alloc, 64-byte aligned, freed with
 * free()). */
grundy_status grundy_range_xor_init(range_xor *x, size_t n,
                             void *(*alloc)(size_t bytes));
void grundy_range_xor_free(range_xor *x);

unsigned grundy_range_xor_get(const range_xor *x, size_t i);
/* @pre v <= RANGE_XOR_VALUE_MAX */
void grundy_range_xor_set(range_xor *x, size_t i, unsigned v);
/* Values first .. first + c - 1, each <= RANGE_XOR_VALUE_MAX. */
void grundy_range_xor_assign(range_xor *x, size_t first, const grundy_value *v,
                      size_t c);
/* The XOR of values lo..hi. */
unsigned grundy_range_xor_query(const range_xor *x, size_t lo, size_t hi);
void grundy_range_xor_prefetch(const range_xor *x, size_t lo, size_t hi);

#endif
