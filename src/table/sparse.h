/*
 * sparse.h -- the sparse space (rare and common values) kernel for
 * take-and-break games whose moves leave at most two heaps.
 */
#ifndef GRUNDY_TABLE_SPARSE_H
#define GRUNDY_TABLE_SPARSE_H

#include "grundy/takebreak.h"
#include "table/table_internal.h"

/* The kernel is grundy_kernel_takebreak (rules/rules_internal.h), the
 * kernel hook of the octal codes and of Grundy's game.  Values are stored
 * 16 bits wide; GRUNDY_ERR_OVERFLOW when a value reaches 2^16. */

/* The vector kernels of the sparse method, chosen at run time (AUTO) or
 * forced (tests compare them). */
typedef enum grundy_sparse_isa {
    GRUNDY_SPARSE_AUTO,
    GRUNDY_SPARSE_PORTABLE,
    GRUNDY_SPARSE_AVX2,
    GRUNDY_SPARSE_AVX512
} grundy_sparse_isa;

/* Non-zero when this CPU runs isa. */
int grundy_sparse_isa_supported(grundy_sparse_isa isa);

/* Fill the 16-bit table t to n with the kernels of isa; GRUNDY_ERR_ARG
 * when the CPU lacks it. */
grundy_status grundy_table_fill_sparse_isa(grundy_table *t, grundy_pos n,
                                           const grundy_limits *opts,
                                           grundy_sparse_isa isa);

/* The method, forced for tests (each must equal the generic method on
 * every code): NONE lets the kernel choose; BYTES and BITS list every
 * split (into a byte array; with the vector scans as a bitset, where the
 * values are narrow enough); VALUE and PARITY use the sparse space method
 * at every size, under the best mask of the value rule, or of a parity
 * rule when the code's splits allow one (else the value rule).  Three-
 * heap codes always list.  Applies to fills started later; returns the
 * old setting. */
enum {
    GRUNDY_SPARSE_FORCE_NONE,
    GRUNDY_SPARSE_FORCE_BYTES,
    GRUNDY_SPARSE_FORCE_BITS,
    GRUNDY_SPARSE_FORCE_VALUE,
    GRUNDY_SPARSE_FORCE_PARITY
};
int grundy_sparse_set_force(int force);

/* What a fill did (tests, benchmarks). */
typedef struct grundy_sparse_stats {
    int helper_started;          /* the second thread ran */
    unsigned long helper_jobs;   /* jobs it took */
    unsigned long epochs_shared; /* measured epochs shared and alone */
    unsigned long epochs_alone;
} grundy_sparse_stats;

/* grundy_table_fill_sparse_isa() with what the fill did in *stats (may
 * be NULL). */
grundy_status grundy_table_fill_sparse_stats(grundy_table *t, grundy_pos n,
                                             const grundy_limits *opts,
                                             grundy_sparse_isa isa,
                                             grundy_sparse_stats *stats);

/* The two loops of the kernel on their own, for tests.
 * grundy_sparse_scan(): clear from cand (a bitmap over values < 2^k, k <=
 * 16, with at least 64 words) each g(a') ^ g(m - a') for a <= a' <= last,
 * stopping when ncand (its number of bits) reaches 0; returns the count
 * left.  grundy_sparse_marks(): for r0 <= r < r1 and j < 16, set
 * rows[(j << k) + (rv[r] ^ g(base - rp[r] + j))] = stamp. */
#define GRUNDY_SPARSE_BLOCK 16

/* Moves that leave three heaps use sets of pair values while the values
 * are below 2^bits (6 <= bits <= 12, default 12), and list the triples
 * beyond.  Sets the limit for later tables (tests); returns the old one. */
unsigned grundy_sparse_triple_bits(unsigned bits);

/* A table grown in its file keeps in memory its first and its last
 * max(entries, 2 * the last rare position + 32) entries (default 2^26)
 * and releases the rest as it grows.  Sets it for later fills (tests: a
 * tiny window makes the out-of-core path run); 0 restores the default.
 * Returns the old setting. */
grundy_pos grundy_sparse_keep(grundy_pos entries);
unsigned grundy_sparse_scan(grundy_sparse_isa isa, unsigned k, uint64_t *cand,
                            unsigned ncand, const uint16_t *g, grundy_pos m,
                            grundy_pos a, grundy_pos last);
void grundy_sparse_marks(grundy_sparse_isa isa, uint32_t *rows, unsigned k,
                         uint32_t stamp, const uint16_t *g, grundy_pos base,
                         const grundy_pos *rp, const uint16_t *rv, size_t r0,
                         size_t r1);

#endif
