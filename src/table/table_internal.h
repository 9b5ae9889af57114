/*
 * table_internal.h -- the layout of grundy_table and of a fill in
 * progress, shared by the table methods (table.c), the kernels (digits.c,
 * sparse.c, kernels.c, tiers.c), the value engine and the store.
 */
#ifndef GRUNDY_TABLE_INTERNAL_H
#define GRUNDY_TABLE_INTERNAL_H

#include <assert.h>

#include "core/progress.h"
#include "grundy/table.h"

struct grundy_table {
    const grundy_game *game;
    grundy_pos size; /* entries computed */
    grundy_pos cap;  /* entries allocated */
    unsigned width;  /* 1, 2 or 4 bytes */
    void *data;
    grundy_value max;
    grundy_pos max_at;
    /* data is not ours to free() (a mapping of a stored file): release()
     * is called with it instead, and the first growth copies it. */
    void (*release)(void *ctx);
    void *release_ctx;
    /* A table grown in its file: data is a writable mapping of cap
     * entries that never moves (reserve and widen refuse to), and drop()
     * lets go of entries lo .. hi-1 (see grundy_fill_release()). */
    int in_place;
    void (*drop)(void *ctx, grundy_pos lo, grundy_pos hi);
};

/* How a table is filled, resolved from grundy_table_method. */
typedef enum grundy_fill_method {
    GRUNDY_FILL_NAIVE,  /* moves + mex, widening as needed */
    GRUNDY_FILL_CLOSED, /* the family's closed form (mex where it declines) */
    GRUNDY_FILL_KERNEL, /* the family's kernel hook */
    GRUNDY_FILL_TIERS   /* boards: popcount tiers (tiers.c) */
} grundy_fill_method;

/* Called during a fill once g(0 .. done) are final, every interval_ms at
 * most (and never sooner than 100 times the last call took), and once
 * more when the fill is cancelled: the value engine keeps a checkpoint of
 * the table in the store.  A failure is not the fill's:
 * the hook deals with it and returns nothing. */
typedef struct grundy_fill_hook {
    void (*checkpoint)(void *ctx, const grundy_table *t, grundy_pos done);
    void *ctx;
    uint64_t interval_ms;
} grundy_fill_hook;

struct grundy_fill {
    grundy_table *t;       /* NULL in a window */
    grundy_pos offset;     /* values[0] holds g(offset) */
    grundy_pos from, n;
    grundy_pos done; /* the last tick: values [0, done) are final */
    const grundy_limits *limits;
    grundy_ticker ticker;
    const grundy_fill_hook *hook;
    uint64_t next_checkpoint_ms;
};

/* The method AUTO picks for g, and whether FAST has one. */
grundy_fill_method grundy_table_auto_method(const grundy_game *g);
/* The family's kernel when it applies to g, else NULL. */
const grundy_kernel *grundy_table_kernel(const grundy_game *g);

/* Grow t to n entries with method m, ticking and checkpointing through
 * hook (may be NULL).  On GRUNDY_ERR_CANCELLED t holds the prefix that was
 * final at the last tick. */
grundy_status grundy_table_grow(grundy_table *t, grundy_pos n,
                                grundy_fill_method m, const grundy_limits *lim,
                                const grundy_fill_hook *hook);

/* The width the family's kernel writes when it names one, else 0. */
unsigned grundy_table_kernel_width(const grundy_game *g);
/* grundy_table_work() :
 * The steps (grundy_limits.work_limit) of computing g(from .. n-1) with
 * method m, estimated before starting: one per position for a closed
 * form, and for a kernel while positions have at most linearly many
 * moves; the family's max_moves per position otherwise (quadratic for
 * families whose moves grow with the heap).  Saturates at UINT64_MAX.
 * A two-heap take-and-break kernel is counted linear: on sparse codes it
 * is, on dense ones it lists every split and takes quadratic time, which
 * no estimate made before the values are known can tell apart. */
uint64_t grundy_table_work(const grundy_game *g, grundy_fill_method m,
                           grundy_pos from, grundy_pos n);

/* The steps of a sliding window up to p of a game whose moves take at
 * most `take` tokens: (p + 1) times its moves per position. */
uint64_t grundy_table_window_work(const grundy_game *g, grundy_pos p);

/* An empty table of g at the given width. */
grundy_status grundy_table_alloc(grundy_table **out, const grundy_game *g,
                                 unsigned width);

/* Make room for n entries at the current width (mem-checked); copies a
 * mapped table into memory of its own. */
grundy_status grundy_table_reserve(grundy_table *t, grundy_pos n,
                                   const grundy_limits *lim);
/* Re-store the table at a width that holds v (mem-checked);
 * GRUNDY_ERR_OVERFLOW above 32 bits. */
grundy_status grundy_table_widen(grundy_table *t, grundy_value v,
                                 const grundy_limits *lim);
/* Append g(size) = v, widening when needed.  Room must be reserved. */
static inline grundy_status grundy_table_push(grundy_table *t, grundy_value v,
                                              const grundy_limits *lim)
{
    if (v > t->max) {
        if ((t->width == 1 && v > 0xFF) || (t->width == 2 && v > 0xFFFF))
            GRUNDY_TRY(grundy_table_widen(t, v, lim));
        t->max = v;
        t->max_at = t->size;
    }
    if (t->width == 1)
        ((uint8_t *)t->data)[t->size] = (uint8_t)v;
    else if (t->width == 2)
        ((uint16_t *)t->data)[t->size] = (uint16_t)v;
    else
        ((uint32_t *)t->data)[t->size] = (uint32_t)v;
    t->size++;
    return GRUNDY_OK;
}

/* After values size .. n-1 were written directly: update max / max_at
 * and set size = n. */
void grundy_table_note(grundy_table *t, grundy_pos n);

/* Set up f to fill t (room reserved) from its size to n. */
void grundy_fill_init(grundy_fill *f, grundy_table *t, grundy_pos n,
                      const grundy_limits *lim, const grundy_fill_hook *hook);

/* g(p) by the family's kernel in a sliding window of its lookback (see
 * grundy_kernel.lookback): memory O(lookback + a chunk), time O(p).
 * GRUNDY_ERR_ARG when the kernel has no lookback. */
grundy_status grundy_table_window_value(grundy_value *out,
                                        const grundy_game *g, grundy_pos p,
                                        const grundy_limits *lim);

/* The table of a fill, for the built-in kernels that need more than the
 * values (the take-and-break kernel proves periods on it). */
static inline grundy_table *grundy_fill_table(grundy_fill *f)
{
    return f->t;
}

/* The digits kernels (digits.c), on a raw byte table holding g(y) at
 * g[y - off]: g(off .. from) must hold the values already (at least the
 * base - 1 before from, or all of them when off = 0); fills g(from .. n),
 * ticking f (may be NULL).
 * BLOCKS needs base 10 and WINDOW base <= 10 (GRUNDY_ERR_ARG otherwise);
 * AUTO picks the fastest. */
typedef enum grundy_digits_kernel {
    GRUNDY_DIGITS_AUTO = 0,
    GRUNDY_DIGITS_LOOP = 1,
    GRUNDY_DIGITS_WINDOW = 2,
    GRUNDY_DIGITS_BLOCKS = 3
} grundy_digits_kernel;
grundy_status grundy_digits_fill(uint8_t *g, uint64_t off, uint64_t from,
                                 uint64_t n, unsigned base,
                                 grundy_digits_kernel kernel, grundy_fill *f);

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

/* A table split into slices (tiers_split.c): the layout of a split table
 * in the store, and the ownership of positions by the processes of
 * grundy-mpi.  Each tier's index range is cut into blocks of 2^block_bits
 * positions, and block b of every tier belongs to slice b mod count
 * (round robin: the least positions of each orbit, which are the ones
 * computed, crowd the start of a tier, so contiguous ranges would give
 * the first slice most of the work).  A slice holds its blocks of a tier
 * in increasing order, one byte per position, and a slice file holds
 * tiers 0 .. bits one after another. */

#define GRUNDY_SPLIT_BLOCK_BITS 12

typedef struct grundy_split {
    const grundy_tiers *tiers;
    unsigned count;      /* slices */
    unsigned block_bits; /* positions per block: 2^block_bits */
} grundy_split;

/* Positions of tier k in slice s. */
uint64_t grundy_split_len(const grundy_split *sp, unsigned k, unsigned s);

/* Where the position of index idx in its tier lives: slice *s, offset
 * *off in that slice's part of the tier. */
static inline void grundy_split_locate(const grundy_split *sp, uint64_t idx,
                                       unsigned *s, uint64_t *off)
{
    /* a tier has fewer than 2^38 positions: block numbers fit 32 bits,
     * and a 32-bit division is the faster one */
    uint32_t b = (uint32_t)(idx >> sp->block_bits);
    uint64_t mask = ((uint64_t)1 << sp->block_bits) - 1;
    *s = b % sp->count;
    *off = ((uint64_t)(b / sp->count) << sp->block_bits) | (idx & mask);
}

/* The tier index of offset off of slice s (the inverse). */
static inline uint64_t grundy_split_index(const grundy_split *sp, unsigned s,
                                          uint64_t off)
{
    uint64_t mask = ((uint64_t)1 << sp->block_bits) - 1;
    uint64_t b = (off >> sp->block_bits) * sp->count + s;
    return (b << sp->block_bits) | (off & mask);
}

/* Position p's slice and its offset in that slice's file (tiers 0 ..
 * bits one after another).  @pre p < np. */
void grundy_split_find(const grundy_split *sp, grundy_pos p, unsigned *s,
                       uint64_t *offset);

/* Write the values of slice s's part of tier k, vals[0 .. len), to their
 * positions in the whole table g. */
void grundy_split_scatter(uint8_t *g, const grundy_split *sp, unsigned k,
                          unsigned s, const uint8_t *vals);

/* g(p) for a board family with GRUNDY_RULES_SUBSETS from the
 * 2^popcount(p) subsets of p alone, at one byte each, mem-checked.
 * O(2^popcount(p) * moves). */
grundy_status grundy_table_value_subsets(grundy_value *out,
                                         const grundy_game *g, grundy_pos p,
                                         const grundy_limits *lim);

/* The generic method: moves + mex. */
grundy_status grundy_table_fill_naive(grundy_fill *f);

#endif
