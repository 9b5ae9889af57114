/*
 * trial.h -- candidate monoids for a quotient (trial.c).
 */
#ifndef GRUNDY_MISERE_TRIAL_H
#define GRUNDY_MISERE_TRIAL_H

#include "misere/misere_internal.h"

#define MQ_DIRECT_MAX ((uint64_t)1 << 24)

/* The most heaps a trial frees at once. */
#define MQ_MAX_FREED 8

typedef struct mq_trial {
    mq_mon *base;
    uint32_t nlive, nf;
    uint32_t *freed;               /* freed[l]: index among freed, or NONE */
    uint32_t a[MQ_MAX_FREED], p[MQ_MAX_FREED], mod[MQ_MAX_FREED];
    uint64_t radix[MQ_MAX_FREED];
    uint64_t *gen;                 /* code of each live heap */
    uint32_t *ostart;              /* option images of each live heap */
    uint64_t *ocode;
    /* reached elements, in walk order */
    uint64_t *rcode;
    uint32_t *rpar, *rvia;
    uint8_t *rp;
    uint32_t *stamp, sgen;     /* deduplication of option sets */
    size_t nr, rcap, max_states;
    /* code -> walk index: a table over all codes when they number at most
     * MQ_DIRECT_MAX, else a hash table */
    uint32_t *direct;
    uint64_t size;
    uint64_t *hkey;
    uint32_t *hval;
    size_t hcap;
    /* option sets of the frames of the walk (walk indices) */
    uint64_t *arena;
    size_t alen, acap;
    size_t bytes, arena_bytes, extra_bytes;
    int too_many;             /* the walk met more than max_states */
    size_t reduced_order;     /* classes after grundy_mq_trial_reduce() */
} mq_trial;

/* Walk the trial base' x C(fa[i], fp[i]) (heaps fl[i] freed) over live
 * heaps 0..nlive-1 and mark its P set (hashed: never index the codes
 * directly, as the baseline of bench/ does).  Heaps not freed must be mapped by
 * base.  GRUNDY_ERR_LIMIT (with too_many set) above max_states elements
 * or over the memory limit. */
grundy_status grundy_mq_trial_mark(mq_trial *t, mq_mon *base, const mq_opts *o,
                                   uint32_t nlive, const uint32_t *fl,
                                   const uint32_t *fa, const uint32_t *fp,
                                   uint32_t nf, size_t max_states, int hashed,
                                   grundy_ticker *tick,
                                   const grundy_limits *lim);

/* Whether the trial marks the image of word (nlive entries) P. */
int grundy_mq_trial_word_is_p(const mq_trial *t, const uint32_t *word);

/* Reduce a marked trial into *out.  GRUNDY_ERR_LIMIT when it has more
 * than max_order classes (0: no limit); reduced_order says how many. */
grundy_status grundy_mq_trial_reduce(mq_mon *out, mq_trial *t, size_t max_order,
                                     grundy_ticker *tick,
                                     const grundy_limits *lim);

void grundy_mq_trial_clear(mq_trial *t);

#endif
