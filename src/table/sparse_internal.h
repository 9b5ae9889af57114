/*
 * sparse_internal.h -- the state of the sparse space kernel (sparse.c),
 * shared with the code of its moves that leave three heaps
 * (sparse_triple.c).
 */
#ifndef GRUNDY_TABLE_SPARSE_INTERNAL_H
#define GRUNDY_TABLE_SPARSE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "table/period_track.h"
#include "table/share.h"
#include "table/sparse.h"
#include "table/sparse_loops.h"

#define VBITS 16                    /* values are stored in 16 bits */
#define VALUES ((1u << VBITS) + 64) /* flags over 0 .. 2^16 */
#define PLAIN_BELOW 256             /* tables this small: list splits */
#define RARE_SHARE 8                /* sparse while rare <= 1/8 */
#define FIRST_RETHINK 1024 /* choose the mask again at each doubling */
#define TRIPLE_MAX_BITS 12        /* values of three-heap codes below 2^12 */
#define BLOCK GRUNDY_SPARSE_BLOCK /* positions marked together */
#define PIPELINE_MIN 4096         /* fewer positions: no second thread */
#define SPLITS_AHEAD 256  /* splits the second thread marks per position */
#define PLAIN_SHARED 8192 /* from here on, listing splits takes two threads */
/* A table grown in its file (out of core) keeps in memory the start and
 * a window behind the current position, each max(keep_min, 2 * the last
 * rare position + 2 blocks) entries long, and lets go of the rest every
 * RELEASE_EVERY positions at most (see "Tables longer than memory"). */
#define KEEP_MIN ((grundy_pos)1 << 26)
#define RELEASE_EVERY ((grundy_pos)1 << 20)


typedef struct moves {
    unsigned zero[GRUNDY_TAKEBREAK_MAX_DIGITS + 1], nzero;
    unsigned single[GRUNDY_TAKEBREAK_MAX_DIGITS + 1], nsingle;
    unsigned split[GRUNDY_TAKEBREAK_MAX_DIGITS + 1], nsplit;
    unsigned triple[GRUNDY_TAKEBREAK_MAX_DIGITS + 1], ntriple;
    int unequal;
    /* An infinite code: removing j >= rep_from tokens may leave what the
     * bits of rep say (0: a finite code). */
    unsigned rep, rep_from;
} moves;

/* The rare entries of one block (see block_plan()). */
typedef struct plan {
    grundy_pos n0;
    size_t first_big;
    size_t half_lo[GRUNDY_TAKEBREAK_MAX_DIGITS + 1];
    size_t half_hi[GRUNDY_TAKEBREAK_MAX_DIGITS + 1];
    size_t tail[GRUNDY_TAKEBREAK_MAX_DIGITS + 1];
    /* splits (a, m - a) with BIG_P <= a <= ahead[i] are in the block marks */
    grundy_pos ahead[GRUNDY_TAKEBREAK_MAX_DIGITS + 1];
} plan;


typedef struct sparse {
    uint16_t *g;
    const grundy_table *table;
    moves mv;
    unsigned k; /* every value so far is < 2^k */
    uint64_t *counts; /* counts[(x & 1) << VBITS | g(x)] */
    unsigned mask;
    int plain;
    grundy_sparse_isa isa;
    /* Rare positions p >= 1, increasing, and their values. */
    grundy_pos *rp;
    uint16_t *rv;
    size_t nrare, rcap, rare_limit;
    grundy_sparse_marks_fn *marks;
    grundy_sparse_row_word_fn *row_word;
    /* bit v of rare_bits[x & 1]: v is rare at position x under (mask,
     * rule); see rare.h */
    uint64_t rare_bits[2][VALUES / 64 + 1];
    unsigned rule, rules; /* the rule in use, the rules the code allows */
    /* Two sets of rows, one per block in flight.  Row j of a set (2^k
     * entries) holds the values position n0 + j reaches, as entries
     * equal to the set's stamp; a new stamp empties every row at once. */
    uint32_t *rows[2];
    unsigned rows_k;
    uint32_t stamp[2];
    int rethink; /* choose the mask again before the next block */
    int force;   /* grundy_sparse_set_force() */
    grundy_period_track track; /* the period, for families with a proof */
    /* Blocks given to the second thread also mark the splits (a, m - a)
     * for BIG_P <= a <= SPLITS_AHEAD: seq[a] = a. */
    grundy_pos *seq;
    grundy_sparse_stats stats;
    /* The second thread, which marks the next block when that pays. */
    grundy_share share;
    int helper_started;
    plan job;
    unsigned job_slot;
    grundy_pos plain_n;
    uint8_t reached2[VALUES]; /* the second thread's half of plain_n */
    /* Moves that leave three heaps (hexadecimal digits 8 to F): pairs[k]
     * is the set of values of two heaps of k tokens in all, pw words per
     * set (values below 64 pw); acc holds one set per value of the first
     * heap while a position is computed. */
    uint64_t *pairs, *acc;
    size_t pairs_cap;
    unsigned pw;
    int triples_direct; /* values too wide for the sets: list triples */
    uint8_t used[1u << TRIPLE_MAX_BITS];       /* acc[t] is in use */
    uint16_t used_list[1u << TRIPLE_MAX_BITS]; /* those t */
    uint8_t reached[VALUES]; /* listing every split: v is reached */
    /* An infinite code: pre[v] = 1 when a move that removes rep_from
     * tokens or more from a heap of rep_from + pre_upto reaches v, that
     * is when v is the value of a heap 1 .. pre_upto (bit 2 of the
     * repeated digit) or of a split of a heap 2 .. pre_upto (bit 4). */
    uint8_t pre[VALUES];
    grundy_pos pre_upto;
    /* Rare values still to be seen; all zero between positions.  The
     * vector scans read the first 64 words. */
    uint64_t cand[VALUES / 64 + 64];
    /* The second thread's candidates in a bitset listing of plain_n. */
    uint64_t cand2[VALUES / 64 + 64];
    unsigned ncand2;
} sparse;

/* Moves that leave three heaps (sparse_triple.c). */
/* Sets wide enough for values below 2^k, room for n of them. */
grundy_status grundy_sparse_pairs_fit(sparse *s, grundy_pos n,
                                      const grundy_limits *opts);
/* pairs[n]: the values of two heaps of n tokens in all. */
void grundy_sparse_pairs_note(sparse *s, grundy_pos n);
/* Mark the values of the moves of n that leave three heaps. */
void grundy_sparse_triple_marks(sparse *s, uint8_t *reached, grundy_pos n);

#endif
