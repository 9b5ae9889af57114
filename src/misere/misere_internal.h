/*
 * misere_internal.h -- what the files of src/misere share.
 *
 * Words.  The heaps that have a move ("live" heaps) are numbered 0, 1, 2,
 * ... in increasing size; a sum of heaps is a word, the vector of its
 * multiplicities over live heaps (heaps without a move are the empty game
 * and drop out).  Words are ordered colex: compare the multiplicities of
 * the largest live heap first.  An option of a word replaces one heap by
 * smaller ones, so it is colex-smaller, and the order is compatible with
 * adding words: u < v implies u + w < v + w.  Both facts carry the proofs
 * in quotient.c.
 *
 * Monoids.  A finite commutative monoid (mq_mon) is given by the action
 * of each letter (a distinct heap element) on its elements, the P set,
 * and the tree of colex-least words: word(x) = word(parent[x]) + one copy
 * of live heap via[x].  Products with any element y are read from y's
 * column x -> x y, built on first use from word(y).
 */
#ifndef GRUNDY_MISERE_INTERNAL_H
#define GRUNDY_MISERE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "core/progress.h"
#include "grundy/misere.h"

#define MQ_NONE UINT32_MAX

/* Bit sets ******************************************************************/

static inline int mq_bit(const uint64_t *s, uint32_t i)
{
    return (int)((s[i >> 6] >> (i & 63)) & 1u);
}

static inline void mq_setbit(uint64_t *s, uint32_t i)
{
    s[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline size_t mq_words(size_t q)
{
    return (q + 63) / 64;
}

/* Options of live heaps ******************************************************/

/* The options of live heaps as words of at most 3 live heaps (a
 * multiset, sorted; two options may give the same word once heaps
 * without a move are dropped, which costs nothing but time).
 * Options of splitting codes number about n/2 per heap, so they are
 * listed for all heaps only while a quotient changes (a search over all
 * sums needs them) and dropped again after. */
typedef struct mq_opts {
    uint32_t nlive;
    grundy_pos *heap;  /* heap[l]: the size of live heap l */
    uint32_t *start;   /* options of l: opt[start[l] .. start[l+1]) */
    uint32_t (*opt)[4]; /* opt[k][0] = part count, opt[k][1..3] = parts */
    size_t nopt, cap_opt;
    uint32_t cap_live;
} mq_opts;

/* Monoids *******************************************************************/

typedef struct mq_mon {
    uint32_t q;        /* elements 0..q-1; 0 is the identity */
    uint32_t nlet;     /* letters */
    uint32_t nlive;    /* live heaps mapped */
    uint32_t *act;     /* act[a * q + x] = x * letter a */
    uint32_t *phi;     /* phi[l]: element of live heap l */
    uint32_t *let;     /* let[l]: letter of live heap l */
    uint32_t *parent;  /* tree of colex-least words (parent[0] = MQ_NONE) */
    uint32_t *via;
    uint64_t *p;       /* P set, mq_words(q) words */
    uint32_t **col;    /* col[y]: x -> x y, NULL until built */
    size_t bytes;      /* memory held, for the limit */
} mq_mon;

void grundy_mq_mon_clear(mq_mon *m);
/* Allocate a monoid of q elements, nlet letters, nlive heaps. */
grundy_status grundy_mq_mon_alloc(mq_mon *m, uint32_t q, uint32_t nlet,
                                  uint32_t nlive, const grundy_limits *lim);
/* The column of y (built on first use). NULL on allocation failure. */
const uint32_t *grundy_mq_col(mq_mon *m, uint32_t y);
/* The same, refused (GRUNDY_ERR_LIMIT) when a new column would take the
 * monoid's memory over the limit. */
grundy_status grundy_mq_col_checked(const uint32_t **out, mq_mon *m, uint32_t y,
                                    const grundy_limits *lim);
/* x * y through y's word (no column). */
uint32_t grundy_mq_mul_word(const mq_mon *m, uint32_t x, uint32_t y);
/* The element of a word of up to 3 live heaps (an option). */
uint32_t grundy_mq_opt_elem(const mq_mon *m, const uint32_t *o);
/* word(x) as multiplicities over live heaps 0..nlive-1 into w. */
void grundy_mq_word(const mq_mon *m, uint32_t x, uint32_t *w);

/* Colex comparison of two words of n live heaps. */
int grundy_mq_word_cmp(const uint32_t *a, const uint32_t *b, uint32_t n);

/* The antichain of verified states (quick conservative check) ************/

/* For each element x, the minimal option-image sets T (bit sets over Q)
 * of the words explored with image x.  Filled by grundy_mq_verify(). */
typedef struct mq_chain {
    uint32_t q;
    size_t w;           /* words per set */
    uint64_t *pool;     /* sets */
    size_t nsets, cap;  /* in sets */
    uint32_t **list;    /* list[x]: set indices */
    uint32_t *len, *lcap;
    uint32_t *free_ids; /* recycled set slots */
    size_t nfree, cap_free;
    size_t bytes;
} mq_chain;

void grundy_mq_chain_clear(mq_chain *c);

/* Verification ***************************************************************/

typedef struct mq_verify_out {
    int ok;            /* no failure (below the bound, if any) */
    uint32_t *failure; /* the least failing word (nlive entries) if !ok */
} mq_verify_out;

/* Check the pretension (m, its P, its phi) over every word of the live
 * heaps 0..m->nlive-1 whose options are given by o: P-condition (no move
 * from P to P) and N-condition (every non-empty word outside P has a move
 * into P).  Finds the colex-least failing word.  When chain is not NULL
 * and the check passes in full, *chain holds the explored antichain.
 * tick counts work for progress and cancel. */
grundy_status grundy_mq_verify(mq_verify_out *out, mq_mon *m, const mq_opts *o,
                               mq_chain *chain, grundy_ticker *tick,
                               const grundy_limits *lim);

/* The N-condition alone, with the check for the P-condition left to the
 * caller (the conservative extension). */
grundy_status grundy_mq_verify_n(mq_verify_out *out, mq_mon *m,
                                 const mq_opts *o, const uint32_t *bound,
                                 mq_chain *chain, grundy_ticker *tick,
                                 const grundy_limits *lim);

/* The quotient object ********************************************************/

struct grundy_misere {
    const grundy_game *game;
    grundy_pos heaps;          /* covered: 1..heaps */
    grundy_pos last_change;
    mq_opts opts;
    mq_mon mon;                /* the verified quotient */
    mq_chain chain;            /* antichain of its last full check */
    int have_chain;
    uint32_t *live_of;         /* live_of[h]: live index of heap h or
                                  MQ_NONE, for h <= heaps */
    grundy_pos *live_heap;     /* live_heap[l]: the heap of live index l */
    size_t cap_live_heap;
    size_t cap_heaps;
    grundy_pos stopped_at;
    size_t stopped_order;
    int stopped_candidate;
    size_t expansions, candidates, largest_candidate;
    int baseline; /* see grundy_mq_misere_set_baseline() */
    /* scratch for moves */
    grundy_move *mbuf;
    size_t mcap;
};

/* The straightforward way, for bench/: every heap proved by a full search
 * of all sums (no shortcut through the stored antichain), and trial
 * elements always found through a hash table. */
void grundy_mq_misere_set_baseline(grundy_misere *q, int on);

/* Element of heap h of q (0 for dead heaps). */
static inline uint32_t mq_heap_elem(const grundy_misere *q, grundy_pos h)
{
    uint32_t l = h ? q->live_of[h] : MQ_NONE;
    return l == MQ_NONE ? 0 : q->mon.phi[l];
}

#endif
