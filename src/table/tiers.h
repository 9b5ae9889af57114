/*
 * tiers.h -- board tables in popcount tiers: the shape of the tiers
 * (sizes, rank and unrank), the steps at one position (least of its
 * orbit, children, mex), shared by tiers.c and grundy-mpi, and one
 * board value from its subsets.
 */
#ifndef GRUNDY_TABLE_TIERS_H
#define GRUNDY_TABLE_TIERS_H

#include "table/fill.h"

/* Board families: all positions in popcount tiers, on the limits' threads
 * (tiers.c), through the family's children and orbit hooks (or its
 * moves).  @pre t is empty, at width 1, with room for every position.
 * GRUNDY_ERR_OVERFLOW when a value exceeds 255. */
#define GRUNDY_TIERS_MAX_BITS 40
#define GRUNDY_TIERS_MAX_POSITIONS ((grundy_pos)1 << GRUNDY_TIERS_MAX_BITS)
grundy_status grundy_table_fill_tiers(grundy_fill *f);

/* Board tiers (tiers.c): what the tier engine of one process and that of
 * many (mpi/, one slice of every tier per process) share.  Tier k holds
 * the positions with k 1s, in increasing numeric order; the values of
 * tier k are a pure function of tiers < k, computed position by position
 * with the steps below: is x the least of its orbit (grundy_tier_orbit),
 * its children (grundy_tier_children), the mex of their values
 * (grundy_mex_set). */

typedef struct grundy_tiers {
    grundy_pos np; /* positions 0 .. np - 1 */
    unsigned bits; /* 2^bits >= np: tiers 0 .. bits */
    /* binom[n][k] = C(n, k) (0 when k > n) */
    uint64_t binom[GRUNDY_TIERS_MAX_BITS + 1][GRUNDY_TIERS_MAX_BITS + 1];
    /* positions of tier k below np: an index range 0 .. size[k] - 1 */
    uint64_t size[GRUNDY_TIERS_MAX_BITS + 1];
} grundy_tiers;

/* The tiers of positions 0 .. np - 1; GRUNDY_ERR_LIMIT past 2^40. */
grundy_status grundy_tiers_init(grundy_tiers *t, grundy_pos np);

/* The idx-th position of tier k (combinatorial number system). */
uint64_t grundy_tiers_unrank(const grundy_tiers *t, unsigned k, uint64_t idx);

/* Bits set in x, inline (a call to the compiler's helper costs more than
 * a child's work on a CPU without POPCNT in the baseline). */
static inline unsigned grundy_pop64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

/* The index of x in its tier: sum of C(c_j, j) over its 1 bits c_1 <
 * c_2 < ...  @pre x < 2^t->bits. */
static inline uint64_t grundy_tiers_rank(const grundy_tiers *t, uint64_t x)
{
    uint64_t r = 0;
    unsigned j = 0;
    while (x) {
        r += t->binom[__builtin_ctzll(x)][++j];
        x &= x - 1;
    }
    return r;
}

/* The index of x in its tier by table lookups, a byte of x at a time:
 * t[b][j][v] is what byte b of value v adds when j 1s lie below it.  For
 * engines that rank every child (grundy-mpi): a third of the time of
 * grundy_tiers_rank() on 25-bit boards.  338 KiB. */
typedef struct grundy_tiers_ranker {
    uint64_t t[GRUNDY_TIERS_MAX_BITS / 8][GRUNDY_TIERS_MAX_BITS - 7][256];
    unsigned char pop[256];
} grundy_tiers_ranker;

void grundy_tiers_ranker_init(grundy_tiers_ranker *r, const grundy_tiers *t);

static inline uint64_t grundy_tiers_rank_fast(const grundy_tiers_ranker *r,
                                              uint64_t x)
{
    uint64_t s = 0;
    unsigned j = 0, b;
    for (b = 0; x; b++, x >>= 8) {
        unsigned v = (unsigned)(x & 0xFF);
        s += r->t[b][j][v];
        j += r->pop[v];
    }
    return s;
}

/* The next integer with the same number of 1s (Gosper); x != 0. */
static inline uint64_t grundy_tiers_next(uint64_t x)
{
    uint64_t t = x | (x - 1);
    return (t + 1) | (((~t & (t + 1)) - 1) >> (__builtin_ctzll(x) + 1));
}

/* One worker's buffers for the steps at a position. */
typedef struct grundy_tier_step {
    const grundy_game *game;
    const grundy_rules *rules;
    const void *params;
    grundy_pos np;
    grundy_move *mv; /* without a children hook */
    size_t mcap;
    grundy_pos *child; /* children of the last position */
    size_t ccap;
    grundy_pos img[GRUNDY_MAX_ORBIT]; /* images of the last least one */
    size_t nimg;
} grundy_tier_step;

void grundy_tier_step_init(grundy_tier_step *s, const grundy_game *g);
void grundy_tier_step_clear(grundy_tier_step *s);

/* *least = 1 when x is the least position of its orbit (always, for a
 * family without an orbit hook); its images other than x are then in
 * s->img[0 .. s->nimg).  GRUNDY_ERR_ARG when the hook breaks its
 * contract: too many images, or an image past the table (or, with check
 * set, of another tier).  Inline: it runs at every position. */
static inline grundy_status grundy_tier_orbit(int *least, grundy_tier_step *s,
                                              grundy_pos x, int check)
{
    size_t ni, i;
    *least = 1;
    s->nimg = 0;
    if (!s->rules->orbit)
        return GRUNDY_OK;
    ni = s->rules->orbit(s->params, x, s->img, GRUNDY_MAX_ORBIT);
    GRUNDY_RETURN_IF(ni > GRUNDY_MAX_ORBIT, GRUNDY_ERR_ARG);
    for (i = 0; i < ni; i++)
        if (s->img[i] < x) {
            *least = 0;
            return GRUNDY_OK;
        }
    for (i = 0; i < ni; i++)
        GRUNDY_RETURN_IF(s->img[i] >= s->np ||
                             (check && grundy_pop64(s->img[i]) !=
                                           grundy_pop64(x)),
                         GRUNDY_ERR_ARG);
    s->nimg = ni;
    return GRUNDY_OK;
}

/* The least position of x's orbit (x for a family without an orbit
 * hook). */
grundy_status grundy_tier_canon(grundy_pos *out, grundy_tier_step *s,
                                grundy_pos x);

/* The children of x (of tier k) into s->child[0 .. *nc), from the
 * family's children hook, or from its moves (each must leave one
 * position).  Each child must lie in a tier < k and below np:
 * GRUNDY_ERR_ARG otherwise.  This is checked always for moves() and with
 * check set; for the hook (a family's own code, on the hot path) only in
 * debug builds otherwise. */
grundy_status grundy_tier_children(size_t *nc, grundy_tier_step *s,
                                   grundy_pos x, unsigned k, int check);

/* A set of values below 256, for a mex. */
typedef struct grundy_mex_set {
    uint64_t w[4];
} grundy_mex_set;

static inline void grundy_mex_set_add(grundy_mex_set *m, unsigned v)
{
    m->w[(v >> 6) & 3] |= 1ull << (v & 63);
}

/* The least value not in m; 256 when every value below 256 is. */
static inline grundy_value grundy_mex_set_mex(const grundy_mex_set *m)
{
    unsigned i;
    for (i = 0; i < 4 && ~m->w[i] == 0; i++)
        ;
    return i == 4 ? 256
                  : (grundy_value)(64 * i + (unsigned)__builtin_ctzll(~m->w[i]));
}

/* g(p) for a board family with GRUNDY_RULES_SUBSETS from the
 * 2^popcount(p) subsets of p alone, at one byte each, mem-checked.
 * O(2^popcount(p) * moves). */
grundy_status grundy_table_value_subsets(grundy_value *out,
                                         const grundy_game *g, grundy_pos p,
                                         const grundy_limits *lim);

#endif
