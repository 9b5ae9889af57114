/*
 * sparse.c -- the sparse space method (rare and common values) for
 * take-and-break games whose moves leave at most two heaps.
 *
 * A position n is worth g(n) = mex of the values of its moves; a split of
 * n - j into (a, b) is worth g(a) ^ g(b).  Listing every split costs O(n)
 * per position, O(n^2) in all.  The sparse space method (Conway and Guy,
 * Winning Ways ch. 16; Flammenkamp's Grundy's game computations) rests on
 * an observation: for a well chosen mask M, the values v with an even
 * number of one bits in v & M ("rare") occur at very few positions, and
 * the others ("common") almost everywhere.  Parities add under XOR, so
 *
 *   common ^ common = rare,  rare ^ rare = rare,  rare ^ common = common.
 *
 * Every common value a position reaches therefore comes from a split with
 * a rare part, and those splits are few: one per rare position.  Listing
 * them gives the least common value c that is not reached, exactly.  The
 * mex is c unless a rare value below c is unreached; the rare values below
 * c are checked by scanning the splits until each has been seen, which
 * stops after a handful of splits for the many positions whose value is
 * common, and runs to the end only at rare positions.  The cost per
 * position is O(rare positions) instead of O(n).
 *
 * The mask is the one that minimises the rare positions seen so far,
 * found through a Walsh-Hadamard transform of the value histogram (the
 * number of rare positions under M is (total + WHT(histogram)[M]) / 2).
 * It is chosen again, and the rare list rebuilt, whenever the list has
 * doubled since it was built or the table has doubled.  When no mask
 * makes rare positions scarce (more than one in RARE_SHARE), the kernel
 * lists every split instead: the choice between the two is automatic.
 *
 * Octal codes are also checked for periodicity each time the table
 * doubles; once the Guy-Smith criterion proves a period, the rest of the
 * table is copied from one period earlier instead of computed.
 */
#include <stdlib.h>
#include <string.h>

#include "table/sparse.h"

#define VBITS 16                        /* values are stored in 16 bits */
#define VALUES ((1u << VBITS) + 64) /* flags over 0 .. 2^16 */
#define PLAIN_BELOW 256                 /* tables this small: list splits */
#define RARE_SHARE 8                    /* sparse while rare <= 1/8 */
#define FIRST_PERIOD_CHECK 1024

typedef struct moves {
    unsigned zero[GRUNDY_TAKEBREAK_MAX_DIGITS + 1], nzero;
    unsigned single[GRUNDY_TAKEBREAK_MAX_DIGITS + 1], nsingle;
    unsigned split[GRUNDY_TAKEBREAK_MAX_DIGITS + 1], nsplit;
    int unequal;
} moves;

typedef struct sparse {
    uint16_t *g;
    moves mv;
    unsigned k; /* every value so far is < 2^k */
    uint64_t *counts;
    unsigned mask;
    int plain;
    /* rare positions p >= 1, increasing, packed with their values as
     * p << 16 | g(p): one stream for the hot loop */
    uint64_t *rlist;
    size_t nrare, rcap, rare_limit;
    /* Byte flags over the values 0 .. 2^16: stores without read-modify-
     * write chains are what makes marking cheap. */
    uint8_t rare[VALUES];    /* v is rare under mask */
    uint8_t reached[VALUES]; /* v is the value of a move (this position) */
    uint8_t cand[VALUES];    /* a rare v < c not yet seen (this position) */
} sparse;

int grundy_table_sparse_applies(const grundy_game *g)
{
    const grundy_takebreak_params *tp = grundy_takebreak_get(g);
    return tp && tp->max_parts <= 2;
}

static void moves_init(moves *mv, const grundy_takebreak_params *tp)
{
    unsigned j;
    memset(mv, 0, sizeof *mv);
    mv->unequal = tp->unequal;
    for (j = 0; j <= tp->take; j++) {
        if ((tp->digit[j] & 1) && j > 0)
            mv->zero[mv->nzero++] = j;
        if ((tp->digit[j] & 2) && j > 0)
            mv->single[mv->nsingle++] = j;
        if (tp->digit[j] & 4)
            mv->split[mv->nsplit++] = j;
    }
}

/* Rare positions under every mask below 2^k at once:
 * rare(M) = (total + sum_v counts[v] (-1)^popcount(v & M)) / 2. */
static grundy_status best_mask(unsigned *mask, uint64_t *rare,
                               const uint64_t *counts, unsigned k)
{
    size_t size = (size_t)1 << k, h, i, j;
    int64_t *f = malloc(size * sizeof *f);
    uint64_t total = 0;
    GRUNDY_RETURN_IF(!f, GRUNDY_ERR_NOMEM);
    for (i = 0; i < size; i++) {
        f[i] = (int64_t)counts[i];
        total += counts[i];
    }
    for (h = 1; h < size; h *= 2)
        for (i = 0; i < size; i += 2 * h)
            for (j = i; j < i + h; j++) {
                int64_t x = f[j], y = f[j + h];
                f[j] = x + y;
                f[j + h] = x - y;
            }
    *mask = 0;
    *rare = total;
    for (i = 1; i < size; i++) {
        uint64_t r = (uint64_t)(((int64_t)total + f[i]) / 2);
        if (r < *rare) {
            *rare = r;
            *mask = (unsigned)i;
        }
    }
    free(f);
    return GRUNDY_OK;
}

static void set_mask(sparse *s, unsigned mask)
{
    unsigned v;
    s->mask = mask;
    for (v = 0; v <= (1u << VBITS); v++)
        s->rare[v] = (uint8_t)!__builtin_parity(v & mask);
}

static grundy_status rare_push(sparse *s, grundy_pos p, uint16_t v)
{
    if (s->nrare == s->rcap) {
        size_t cap = s->rcap ? 2 * s->rcap : 256;
        uint64_t *nl = realloc(s->rlist, cap * sizeof *nl);
        GRUNDY_RETURN_IF(!nl, GRUNDY_ERR_NOMEM);
        s->rlist = nl;
        s->rcap = cap;
    }
    assert(p < ((grundy_pos)1 << 48));
    s->rlist[s->nrare++] = (uint64_t)p << 16 | v;
    return GRUNDY_OK;
}

/* Choose the method and mask for the table g[0..size), and rebuild the
 * rare list when the mask changes. */
static grundy_status reconsider(sparse *s, grundy_pos size)
{
    unsigned mask;
    uint64_t rare;
    grundy_pos x;
    GRUNDY_TRY(best_mask(&mask, &rare, s->counts, s->k));
    if (size < PLAIN_BELOW || mask == 0 || rare * RARE_SHARE > size) {
        s->plain = 1;
        s->nrare = 0;
        return GRUNDY_OK;
    }
    if (s->plain || mask != s->mask) {
        set_mask(s, mask);
        s->nrare = 0;
        for (x = 1; x < size; x++)
            if (s->rare[s->g[x]])
                GRUNDY_TRY(rare_push(s, x, s->g[x]));
    }
    s->plain = 0;
    s->rare_limit = 2 * s->nrare + 64;
    return GRUNDY_OK;
}

/* The splits of m are (a, m - a) for 1 <= a <= last_a(m). */
static inline grundy_pos last_a(const moves *mv, grundy_pos m)
{
    return mv->unequal ? (m - 1) / 2 : m / 2;
}

/* Moves that leave no heap or one heap. */
static void mark_small(sparse *s, grundy_pos n)
{
    const moves *mv = &s->mv;
    unsigned i;
    for (i = 0; i < mv->nzero; i++)
        if (n == mv->zero[i])
            s->reached[0] = 1;
    for (i = 0; i < mv->nsingle; i++)
        if (n > mv->single[i])
            s->reached[s->g[n - mv->single[i]]] = 1;
}

/* g(n) by listing every split. */
static unsigned value_plain(sparse *s, grundy_pos n)
{
    const moves *mv = &s->mv;
    const uint16_t *g = s->g;
    uint8_t *reached = s->reached;
    unsigned i, v, lim = 1u << s->k;
    memset(reached, 0, lim + 1);
    mark_small(s, n);
    for (i = 0; i < mv->nsplit; i++) {
        grundy_pos m, a, last;
        if (n < mv->split[i] + 2)
            continue;
        m = n - mv->split[i];
        last = last_a(mv, m);
        for (a = 1; a <= last; a++)
            reached[g[a] ^ g[m - a]] = 1;
    }
    for (v = 0; reached[v]; v++)
        ;
    return v;
}

/* Does any of the 8 splits (a .. a+7, m - a .. m - a - 7) hit a
 * candidate?  Branch-free filter for the scan below. */
static inline int any8(const uint8_t *cand, const uint16_t *g, grundy_pos a,
                       grundy_pos m)
{
    const uint16_t *lo = g + a, *hi = g + (m - a);
    return (cand[lo[0] ^ hi[0]] | cand[lo[1] ^ hi[-1]] |
            cand[lo[2] ^ hi[-2]] | cand[lo[3] ^ hi[-3]] |
            cand[lo[4] ^ hi[-4]] | cand[lo[5] ^ hi[-5]] |
            cand[lo[6] ^ hi[-6]] | cand[lo[7] ^ hi[-7]]) != 0;
}

/* g(n) by the rare/common split. */
static unsigned value_sparse(sparse *s, grundy_pos n)
{
    const moves *mv = &s->mv;
    const uint16_t *g = s->g;
    const uint64_t *rlist = s->rlist;
    uint8_t *reached = s->reached, *cand = s->cand;
    const uint8_t *rare = s->rare;
    unsigned i, v, lim = 1u << s->k, c, ncand = 0, result;
    size_t r, nrare = s->nrare;

    memset(reached, 0, lim + 1);
    mark_small(s, n);
    for (i = 0; i < mv->nsplit; i++) {
        grundy_pos m;
        if (n < mv->split[i] + 2)
            continue;
        m = n - mv->split[i];
        if (mv->unequal) {
            for (r = 0; r < nrare; r++) {
                grundy_pos p = rlist[r] >> 16;
                if (p >= m)
                    break;
                if (2 * p != m)
                    reached[(rlist[r] & 0xFFFF) ^ g[m - p]] = 1;
            }
        } else {
            for (r = 0; r < nrare; r++) {
                grundy_pos p = rlist[r] >> 16;
                if (p >= m)
                    break;
                reached[(rlist[r] & 0xFFFF) ^ g[m - p]] = 1;
            }
        }
    }
    /* c: the least common value not reached.  Values >= 2^k are never
     * reached and 2^k is rare, so the mex is at most lim. */
    for (c = 0; c < lim && (reached[c] | rare[c]); c++)
        ;
    for (v = 0; v < c; v++)
        if (rare[v] && !reached[v]) {
            cand[v] = 1;
            ncand++;
        }
    if (!ncand)
        return c;
    /* Scan the splits until every candidate has been seen; c when all
     * are, else the least one never seen. */
    result = c;
    for (i = 0; i < mv->nsplit && ncand; i++) {
        grundy_pos m, a, last;
        if (n < mv->split[i] + 2)
            continue;
        m = n - mv->split[i];
        last = last_a(mv, m);
        for (a = 1; a <= last && ncand; a++) {
            unsigned x;
            if (a + 8 <= last && !any8(cand, g, a, m)) {
                a += 7;
                continue;
            }
            x = g[a] ^ g[m - a];
            if (cand[x]) {
                cand[x] = 0;
                ncand--;
            }
        }
    }
    if (ncand)
        for (v = 0; v < c; v++)
            if (cand[v]) {
                if (result == c)
                    result = v;
                cand[v] = 0;
            }
    return result;
}

static void sparse_free(sparse *s)
{
    free(s->counts);
    free(s->rlist);
    free(s);
}

static unsigned bit_length(unsigned v)
{
    return v ? 32u - (unsigned)__builtin_clz(v) : 0;
}

/* Copy the rest of the table from one period earlier once a period is
 * proven.  @return non-zero when it did. */
static int extend_by_period(grundy_table *t, grundy_pos n)
{
    grundy_period per;
    uint16_t *g = t->data;
    grundy_pos x;
    grundy_period_find(&per, t);
    if (!per.proven || per.saltus)
        return 0;
    for (x = t->size; x < n; x++)
        g[x] = g[x - per.period];
    t->size = n;
    return 1;
}

grundy_status grundy_table_fill_sparse(grundy_table *t, grundy_pos n,
                                       const grundy_table_opts *opts)
{
    const grundy_takebreak_params *tp = grundy_takebreak_get(t->game);
    sparse *s;
    grundy_status st = GRUNDY_OK;
    grundy_pos x, next_check, next_progress;
    int periodic_family;

    GRUNDY_RETURN_IF(!tp || tp->max_parts > 2, GRUNDY_ERR_ARG);
    if (n <= t->size)
        return GRUNDY_OK;
    if (t->width == 1) {
        if (t->size == 0) {
            /* Nothing to keep: store 16 bits wide from the start, so
             * the table never holds two copies. */
            free(t->data);
            t->data = NULL;
            t->cap = 0;
            t->width = 2;
        } else {
            GRUNDY_TRY(grundy_table_widen(t, 0x100, opts));
        }
    }
    GRUNDY_RETURN_IF(t->width != 2, GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_table_reserve(t, n, opts));

    s = calloc(1, sizeof *s);
    GRUNDY_RETURN_IF(!s, GRUNDY_ERR_NOMEM);
    s->counts = calloc((size_t)1 << VBITS, sizeof *s->counts);
    if (!s->counts) {
        sparse_free(s);
        return GRUNDY_ERR_NOMEM;
    }
    s->g = t->data;
    moves_init(&s->mv, tp);
    for (x = 0; x < t->size; x++)
        s->counts[s->g[x]]++;
    s->k = bit_length((unsigned)t->max);
    s->plain = 1;
    st = reconsider(s, t->size);
    periodic_family = !tp->unequal;
    next_check = FIRST_PERIOD_CHECK;
    while (next_check <= t->size)
        next_check *= 2;
    next_progress = t->size + GRUNDY_PROGRESS_STEP;

    for (x = t->size; x < n && st == GRUNDY_OK; x++) {
        unsigned v;
        if (x == next_check) {
            if (periodic_family && extend_by_period(t, n))
                break;
            st = reconsider(s, x);
            if (st != GRUNDY_OK)
                break;
            next_check *= 2;
        }
        if (x == next_progress) {
            if (opts->progress)
                opts->progress(opts->progress_ctx, x, n);
            next_progress += GRUNDY_PROGRESS_STEP;
        }
        v = s->plain ? value_plain(s, x) : value_sparse(s, x);
        if (v > 0xFFFF) {
            st = GRUNDY_ERR_OVERFLOW;
            break;
        }
        s->g[x] = (uint16_t)v;
        t->size = x + 1;
        s->counts[v]++;
        if (v > t->max) {
            t->max = v;
            t->max_at = x;
            s->k = bit_length(v);
        }
        if (!s->plain && x >= 1 && s->rare[v]) {
            st = rare_push(s, x, (uint16_t)v);
            if (st == GRUNDY_OK && s->nrare > s->rare_limit)
                st = reconsider(s, x + 1);
        }
    }
    sparse_free(s);
    return st;
}

/* Statistics ***************************************************************/

grundy_status grundy_table_rare(grundy_rare_info *out, const grundy_table *t)
{
    grundy_value maxv = grundy_table_max(t, NULL);
    grundy_pos size = grundy_table_size(t), x;
    unsigned k = bit_length((unsigned)maxv), mask;
    uint64_t *counts, rare;
    size_t v;
    grundy_status s;

    memset(out, 0, sizeof *out);
    out->positions = size;
    GRUNDY_RETURN_IF(maxv > 0xFFFF, GRUNDY_ERR_RANGE);
    counts = calloc((size_t)1 << k, sizeof *counts);
    GRUNDY_RETURN_IF(!counts, GRUNDY_ERR_NOMEM);
    for (x = 0; x < size; x++)
        counts[grundy_table_get(t, x)]++;
    s = best_mask(&mask, &rare, counts, k);
    if (s == GRUNDY_OK) {
        out->mask = mask;
        out->rare_positions = rare;
        for (v = 0; v < ((size_t)1 << k); v++)
            if (counts[v] && !__builtin_parity((unsigned)v & mask))
                out->rare_values++;
        for (x = size; x-- > 0;)
            if (!__builtin_parity((unsigned)grundy_table_get(t, x) & mask)) {
                out->last_rare = x;
                break;
            }
    }
    free(counts);
    return s;
}
