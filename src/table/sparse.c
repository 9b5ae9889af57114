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
 * stops after a few thousand splits at most positions (whose value is
 * common), and runs to the end only at rare positions.  The cost per
 * position is O(rare positions) instead of O(n).
 *
 * Positions are computed in blocks of BLOCK: the splits with a rare part
 * p >= BIG_P read g(n - p) for the 16 positions n of a block as one
 * contiguous run, so they are marked for the whole block at once (see
 * "Blocks" below), by a second thread on machines with two cores.  The
 * scan and the marks have vector versions, chosen at run time.
 *
 * The mask is the one that minimises the rare positions seen so far,
 * found through a Walsh-Hadamard transform of the value histogram (the
 * number of rare positions under M is (total + WHT(histogram)[M]) / 2).
 * It is chosen again, and the rare list rebuilt, whenever the list has
 * doubled since it was built or the table has doubled.  When no mask
 * makes rare positions scarce (more than one in RARE_SHARE), the kernel
 * lists every split instead: the choice between the two is automatic.
 *
 * Octal codes are also tracked for periodicity as they are computed
 * (period_track.h: one comparison per entry, and a linear look for a
 * candidate now and then); once the Guy-Smith criterion proves a period,
 * the rest of the table is copied from one period earlier instead of
 * computed.
 */
#define _GNU_SOURCE /* sched_getaffinity */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/bsearch.h"
#include "core/threads.h"
#include "rules/rules_internal.h"
#include "table/period_track.h"
#include "table/rare.h"
#include "table/share.h"
#include "table/sparse.h"
#include "table/sparse_loops.h"

#include "core/alloc.h"
#include "table/sparse_internal.h"


static void moves_init(moves *mv, const grundy_takebreak_params *tp)
{
    unsigned j;
    memset(mv, 0, sizeof *mv);
    mv->unequal = tp->unequal;
    if (tp->repeat) {
        mv->rep = tp->digit[tp->take];
        mv->rep_from = tp->take;
    }
    for (j = 0; j <= tp->take && !(mv->rep && j == mv->rep_from); j++) {
        if ((tp->digit[j] & 1) && j > 0)
            mv->zero[mv->nzero++] = j;
        if ((tp->digit[j] & 2) && j > 0)
            mv->single[mv->nsingle++] = j;
        if (tp->digit[j] & 4)
            mv->split[mv->nsplit++] = j;
        if (tp->digit[j] & 8)
            mv->triple[mv->ntriple++] = j;
    }
}

static inline int is_rare(const sparse *s, unsigned v, grundy_pos x)
{
    return (int)(s->rare_bits[x & 1][v >> 6] >> (v & 63) & 1);
}

/* rare_bits[par]: the values rare at positions of parity par. */
static void set_mask(sparse *s, unsigned mask, unsigned rule)
{
    unsigned v, par;
    s->mask = mask;
    s->rule = rule;
    memset(s->rare_bits, 0, sizeof s->rare_bits);
    for (par = 0; par < 2; par++)
        for (v = 0; v <= (1u << VBITS); v++)
            s->rare_bits[par][v >> 6] |=
                (uint64_t)grundy_rare_is(mask, rule, v, par) << (v & 63);
}

/* Room for want rare entries. */
static grundy_status rare_room(sparse *s, size_t want)
{
    size_t cap = s->rcap ? s->rcap : 256;
    grundy_pos *np;
    uint16_t *nv;
    if (want <= s->rcap)
        return GRUNDY_OK;
    while (cap < want)
        cap *= 2;
    np = realloc(s->rp, cap * sizeof *np);
    GRUNDY_RETURN_IF(!np, GRUNDY_ERR_NOMEM);
    s->rp = np;
    nv = realloc(s->rv, cap * sizeof *nv);
    GRUNDY_RETURN_IF(!nv, GRUNDY_ERR_NOMEM);
    s->rv = nv;
    s->rcap = cap;
    return GRUNDY_OK;
}

static grundy_status rare_push(sparse *s, grundy_pos p, uint16_t v)
{
    GRUNDY_TRY(rare_room(s, s->nrare + 1));
    s->rp[s->nrare] = p;
    s->rv[s->nrare++] = v;
    return GRUNDY_OK;
}

/* Choose the method and mask for the table g[0..size), and rebuild the
 * rare list when the mask changes. */
static grundy_status reconsider(sparse *s, grundy_pos size)
{
    unsigned mask, rule;
    uint64_t rare;
    grundy_pos x;
    unsigned rules = s->rules;
    int forced = s->force == GRUNDY_SPARSE_FORCE_VALUE ||
                 s->force == GRUNDY_SPARSE_FORCE_PARITY;
    if (s->force == GRUNDY_SPARSE_FORCE_VALUE)
        rules = 1u << GRUNDY_RARE_BY_VALUE;
    else if (s->force == GRUNDY_SPARSE_FORCE_PARITY &&
             rules != 1u << GRUNDY_RARE_BY_VALUE)
        rules &= ~(1u << GRUNDY_RARE_BY_VALUE);
    GRUNDY_TRY(grundy_rare_best(&mask, &rule, &rare, s->counts,
                                s->counts + ((size_t)1 << VBITS), s->k,
                                rules));
    /* Three heaps: common ^ common ^ common is common, so a split of the
     * values saves nothing; such codes always list their moves. */
    if (s->mv.ntriple || s->mv.rep || s->force == GRUNDY_SPARSE_FORCE_BYTES ||
        s->force == GRUNDY_SPARSE_FORCE_BITS ||
        (!forced && (size < PLAIN_BELOW ||
                     (mask == 0 && rule == GRUNDY_RARE_BY_VALUE) ||
                     rare * RARE_SHARE > size))) {
        s->plain = 1;
        s->nrare = 0;
        return GRUNDY_OK;
    }
    if (s->plain || mask != s->mask || rule != s->rule) {
        set_mask(s, mask, rule);
        s->nrare = 0;
        for (x = 1; x < size; x++) {
            if (is_rare(s, s->g[x], x))
                GRUNDY_TRY(rare_push(s, x, s->g[x]));
            if (s->table->in_place &&
                (x & (RELEASE_EVERY - 1)) == RELEASE_EVERY - 1)
                grundy_table_release(s->table, x + 1 - RELEASE_EVERY,
                                     x + 1);
        }
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

static grundy_sparse_scan_fn *pick_scan(const sparse *s)
{
    return grundy_sparse_scan_for(s->isa, s->k);
}

/* Blocks *******************************************************************
 *
 * Positions are computed in blocks of BLOCK.  The splits of a block's
 * positions with a rare part p >= BIG_P read only values from before the
 * previous block, so they are marked for the whole block at once, and on
 * machines with two cores by a second thread while this thread computes
 * the previous block.  Every other split is marked position by position:
 * rare p < BIG_P, rare p too recent for the block, and for unequal splits
 * the p whose split (p, p) lands in the block. */

#define BIG_P (2 * BLOCK)

/* First rare entry with position >= p. */
static size_t rare_lower(const sparse *s, grundy_pos p)
{
    size_t lo;
    GRUNDY_PARTITION_POINT(lo, s->nrare, mid, s->rp[mid] < p);
    return lo;
}

/* The rare entries of the block at n0, per split move i: the block marks
 * [first_big, half_lo) and [half_hi, tail); the rows take the rest. */
static void block_plan(const sparse *s, plan *pl, grundy_pos n0,
                       grundy_pos nahead)
{
    const moves *mv = &s->mv;
    unsigned i;
    pl->n0 = n0;
    pl->first_big = rare_lower(s, BIG_P);
    for (i = 0; i < mv->nsplit; i++) {
        grundy_pos base;
        size_t hi, h0, h1;
        pl->half_lo[i] = pl->half_hi[i] = pl->tail[i] = pl->first_big;
        pl->ahead[i] = BIG_P - 1;
        if (n0 < mv->split[i] + BIG_P + 1)
            continue;
        base = n0 - mv->split[i];
        pl->ahead[i] =
            last_a(mv, base) < nahead ? last_a(mv, base) : nahead;
        if (pl->ahead[i] < BIG_P - 1)
            pl->ahead[i] = BIG_P - 1;
        hi = rare_lower(s, base);
        if (hi < pl->first_big)
            hi = pl->first_big;
        h0 = h1 = hi;
        if (mv->unequal) {
            h0 = rare_lower(s, (base + 1) / 2);
            h1 = rare_lower(s, (base + BLOCK + 1) / 2);
            if (h0 < pl->first_big)
                h0 = pl->first_big;
            if (h0 > hi)
                h0 = hi;
            if (h1 < h0)
                h1 = h0;
            if (h1 > hi)
                h1 = hi;
        }
        pl->half_lo[i] = h0;
        pl->half_hi[i] = h1;
        pl->tail[i] = hi;
    }
}

/* The block marks of pl into rows[slot], under a fresh stamp. */
static void block_marks(sparse *s, const plan *pl, unsigned slot)
{
    const moves *mv = &s->mv;
    grundy_sparse_marks_fn *marks = s->marks;
    uint32_t *rows = s->rows[slot];
    unsigned i;
    if (++s->stamp[slot] == 0) {
        memset(rows, 0, ((size_t)BLOCK << s->rows_k) * sizeof *rows);
        s->stamp[slot] = 1;
    }
    for (i = 0; i < mv->nsplit; i++) {
        grundy_pos base;
        if (pl->tail[i] == pl->first_big && pl->ahead[i] < BIG_P)
            continue;
        base = pl->n0 - mv->split[i];
        marks(rows, s->rows_k, s->stamp[slot], s->g, base, s->rp, s->rv,
              pl->first_big, pl->half_lo[i]);
        marks(rows, s->rows_k, s->stamp[slot], s->g, base, s->rp, s->rv,
              pl->half_hi[i], pl->tail[i]);
        if (pl->ahead[i] >= BIG_P)
            marks(rows, s->rows_k, s->stamp[slot], s->g, base, s->seq, s->g,
                  BIG_P, (size_t)pl->ahead[i] + 1);
    }
}

/* Rows wide enough for values below 2^k (the pipeline is idle). */
static grundy_status rows_fit(sparse *s)
{
    unsigned slot;
    unsigned k = s->k < 6 ? 6 : s->k; /* rows are read 64 at a time */
    if (s->rows[0] && s->rows_k >= k)
        return GRUNDY_OK;
    for (slot = 0; slot < 2; slot++) {
        uint32_t *nr = calloc((size_t)BLOCK << k, sizeof *nr);
        GRUNDY_RETURN_IF(!nr, GRUNDY_ERR_NOMEM);
        free(s->rows[slot]);
        s->rows[slot] = nr;
        s->stamp[slot] = 0;
    }
    s->rows_k = k;
    return GRUNDY_OK;
}

/* Marks of rare entries r0 .. r1 - 1 on row for the splits of m. */
static void row_marks(uint32_t *row, uint32_t stamp, const sparse *s,
                      grundy_pos m, size_t r0, size_t r1)
{
    const grundy_pos *rp = s->rp;
    const uint16_t *rv = s->rv, *g = s->g;
    size_t r;
    for (r = r0; r < r1; r++) {
        grundy_pos p = rp[r];
        if (p >= m)
            break;
        if (s->mv.unequal && 2 * p == m)
            continue;
        row[rv[r] ^ g[m - p]] = stamp;
    }
}

/* g(n) for n in the block of pl, whose block marks are in rows[slot]. */
static unsigned block_value(sparse *s, const plan *pl, unsigned slot,
                            grundy_pos n, grundy_sparse_scan_fn *scan)
{
    const moves *mv = &s->mv;
    const uint16_t *g = s->g;
    unsigned lim = 1u << s->k, i, c, v, ncand = 0;
    uint32_t stamp = s->stamp[slot];
    uint32_t *row = s->rows[slot] + ((size_t)(n - pl->n0) << s->rows_k);
    uint64_t *cand = s->cand;

    for (i = 0; i < mv->nzero; i++)
        if (n == mv->zero[i])
            row[0] = stamp;
    for (i = 0; i < mv->nsingle; i++)
        if (n > mv->single[i])
            row[g[n - mv->single[i]]] = stamp;
    for (i = 0; i < mv->nsplit; i++) {
        grundy_pos m;
        if (n < mv->split[i] + 2)
            continue;
        m = n - mv->split[i];
        row_marks(row, stamp, s, m, 0, pl->first_big);
        row_marks(row, stamp, s, m, pl->half_lo[i], pl->half_hi[i]);
        row_marks(row, stamp, s, m, pl->tail[i], s->nrare);
    }
    /* c: the least common value not reached, 64 values at a time, or lim
     * (values >= lim = 2^k are never reached, so the mex is at most lim).
     * The rare values below c that no marked split reached are the
     * candidates. */
    for (i = 0;; i++) {
        uint64_t r = 0, rw = s->rare_bits[n & 1][i], stop = ~(uint64_t)0,
                 open;
        if (64 * i < lim) {
            /* the row has lim entries; later bits belong to the next */
            r = s->row_word(row + 64 * i, stamp);
            stop = lim - 64 * i < 64 ? stop << (lim - 64 * i) : 0;
            r &= ~stop;
        }
        open = ~(r | rw) | stop;
        if (open) {
            c = 64 * i + (unsigned)__builtin_ctzll(open);
            cand[i] = rw & ~r & (((uint64_t)1 << (c & 63)) - 1);
            ncand += (unsigned)__builtin_popcountll(cand[i]);
            break;
        }
        cand[i] = rw & ~r;
        ncand += (unsigned)__builtin_popcountll(cand[i]);
    }
    /* Every rare value below c must be the value of some split: scan the
     * splits until each has been seen.  c when all are, else the least
     * one never seen (a rare position). */
    for (i = 0; i < mv->nsplit && ncand; i++) {
        grundy_pos m, last;
        if (n < mv->split[i] + 2)
            continue;
        m = n - mv->split[i];
        last = last_a(mv, m);
        ncand = scan(cand, ncand, g, m, 1, last < BIG_P ? last : BIG_P - 1);
        ncand = scan(cand, ncand, g, m, pl->ahead[i] + 1, last);
    }
    if (ncand) {
        for (v = 0; v < c && !grundy_sparse_cand_has(cand, v); v++)
            ;
        /* leave the bitmap empty for the next position */
        memset(cand, 0, ((c >> 6) + 1) * sizeof *cand);
        return v;
    }
    return c;
}

/* The second thread ********************************************************/

static void plain_splits(const sparse *s, uint8_t *reached, grundy_pos n,
                         unsigned part, unsigned parts);

/* The jobs the second thread may take (see share.h). */
static void job_block(void *arg)
{
    sparse *s = arg;
    block_marks(s, &s->job, s->job_slot);
}

static void job_plain(void *arg)
{
    sparse *s = arg;
    memset(s->reached2, 0, (1u << s->k) + 1);
    plain_splits(s, s->reached2, s->plain_n, 1, 2);
}

static void helper_start(sparse *s, const grundy_limits *opts,
                         grundy_pos remaining)
{
    unsigned i;
    if (grundy_limits_threads(opts) < 2 || remaining < PIPELINE_MIN)
        return;
    s->seq = malloc((SPLITS_AHEAD + 1) * sizeof *s->seq);
    if (!s->seq)
        return;
    for (i = 0; i <= SPLITS_AHEAD; i++)
        s->seq[i] = i;
    s->helper_started = grundy_share_start(&s->share, opts);
    s->stats.helper_started = s->helper_started;
}

static void helper_stop(sparse *s)
{
    if (s->helper_started) {
        grundy_share_stop(&s->share);
        s->stats.helper_jobs = atomic_load(&s->share.helper_jobs);
        s->stats.epochs_shared = s->share.epochs_shared;
        s->stats.epochs_alone = s->share.epochs_alone;
    }
    s->helper_started = 0;
}

static void helper_wait(sparse *s)
{
    if (s->helper_started)
        grundy_share_finish(&s->share);
}

static void sparse_free(sparse *s)
{
    GRUNDY_FREE_ALL(s->counts, s->rp, s->rv, s->rows[0], s->pairs, s->acc,
                    s->seq, s->rows[1], s);
}

static unsigned bit_length(unsigned v)
{
    return v ? 32u - (unsigned)__builtin_clz(v) : 0;
}

/* Copy the rest of the table from one period earlier: the period p is
 * proven. */
static void extend_by_period(grundy_table *t, grundy_pos p, grundy_pos n)
{
    uint16_t *g = t->data;
    grundy_pos x, keep = p + RELEASE_EVERY;
    for (x = t->size; x < n; x++) {
        g[x] = g[x - p];
        if (t->in_place && (x & (RELEASE_EVERY - 1)) == 0 && x > 2 * keep)
            grundy_table_release(t, keep, x - keep);
    }
    t->size = n;
}

static _Atomic grundy_pos keep_min = KEEP_MIN;

grundy_pos grundy_sparse_keep(grundy_pos entries)
{
    return atomic_exchange(&keep_min, entries ? entries : KEEP_MIN);
}

/* Tables longer than memory ************************************************
 *
 * The kernel reads at random only the start of the table (the first
 * parts of the splits it scans, and the rare positions) and a window
 * behind the current position (the other parts: n - p for each rare p,
 * and m - a for the scanned a).  Each is kept max(keep_min, 2 * the last
 * rare position + 2 blocks) entries long; everything between is
 * released every min(keep_min, RELEASE_EVERY) positions: a table grown in its file
 * writes it out in order and drops it from memory.  A read that goes
 * further (a scan that runs long, a rare position, a new mask) maps the
 * pages back in from the file: slower, never wrong. */
static grundy_pos keep_span(const sparse *s)
{
    grundy_pos k = atomic_load(&keep_min);
    grundy_pos last = s->nrare ? s->rp[s->nrare - 1] : 0;
    if (2 * last + 2 * BLOCK > k)
        k = 2 * last + 2 * BLOCK;
    return k;
}

/* Let go of what lies between the start and the window behind x. */
static void release_middle(const sparse *s, grundy_fill *f, grundy_pos x)
{
    grundy_pos k = keep_span(s);
    if (x > 2 * k)
        grundy_fill_release(f, k, x - k);
}
static atomic_int sparse_force = GRUNDY_SPARSE_FORCE_NONE;

int grundy_sparse_set_force(int force)
{
    return atomic_exchange(&sparse_force, force);
}

/* Listing every split ******************************************************/

/* Mark the splits of n with a in part `part` of `parts` (1 or 2) of each
 * range 1 .. last. */
/* Split i of n leaves m = n - split[i] in two heaps a and m - a: the
 * range lo .. hi of a in part `part` of `parts` (1 or 2).  0 when n has
 * no split i. */
static inline int split_part(const moves *mv, unsigned i, grundy_pos n,
                             unsigned part, unsigned parts, grundy_pos *m,
                             grundy_pos *lo, grundy_pos *hi)
{
    if (n < mv->split[i] + 2)
        return 0;
    *m = n - mv->split[i];
    *lo = 1;
    *hi = last_a(mv, *m);
    if (parts == 2) {
        grundy_pos mid = *hi / 2;
        if (part == 0)
            *hi = mid;
        else
            *lo = mid + 1;
    }
    return 1;
}

static void plain_splits(const sparse *s, uint8_t *reached, grundy_pos n,
                         unsigned part, unsigned parts)
{
    const moves *mv = &s->mv;
    const uint16_t *g = s->g;
    unsigned i;
    for (i = 0; i < mv->nsplit; i++) {
        grundy_pos m, a, lo, hi;
        if (!split_part(mv, i, n, part, parts, &m, &lo, &hi))
            continue;
        for (a = lo; a <= hi; a++)
            reached[g[a] ^ g[m - a]] = 1;
    }
}

/* The splits of n with a in part `part` of `parts` (1 or 2) of each range
 * 1 .. last, cleared from the candidates: the vector scans without their
 * early end, as a bitset listing. */
static unsigned plain_scan(const sparse *s, uint64_t *cand, unsigned ncand,
                           grundy_pos n, unsigned part, unsigned parts)
{
    const moves *mv = &s->mv;
    grundy_sparse_scan_fn *scan = grundy_sparse_scan_for(s->isa, s->k);
    unsigned i;
    for (i = 0; i < mv->nsplit; i++) {
        grundy_pos m, lo, hi;
        if (split_part(mv, i, n, part, parts, &m, &lo, &hi) && lo <= hi)
            ncand = scan(cand, ncand, s->g, m, lo, hi);
    }
    return ncand;
}

static void job_plain_bits(void *arg)
{
    sparse *s = arg;
    s->ncand2 = plain_scan(s, s->cand2, s->ncand2, s->plain_n, 1, 2);
}

/* Listing with the vector scans (values below 2^12 with AVX-512, 2^9
 * with AVX2): the candidates are every value up to 2^k, and a split
 * whose value is still a candidate clears it; after the first few
 * hundred splits nearly every split misses, and a miss costs a permute
 * lookup for 32 (16) splits at a time instead of a byte store each. */
static unsigned value_plain_bits(sparse *s, grundy_pos n)
{
    const moves *mv = &s->mv;
    const uint16_t *g = s->g;
    uint64_t *cand = s->cand;
    unsigned i, v, lim = 1u << s->k, ncand = lim + 1;
    size_t words = (lim >> 6) + 1, w;
    memset(cand, 0xFF, words * sizeof *cand);
    cand[lim >> 6] = ((uint64_t)2 << (lim & 63)) - 1;
    for (i = 0; i < mv->nzero; i++)
        if (n == mv->zero[i])
            ncand = grundy_sparse_cand_take(cand, ncand, 0);
    for (i = 0; i < mv->nsingle; i++)
        if (n > mv->single[i])
            ncand = grundy_sparse_cand_take(cand, ncand, g[n - mv->single[i]]);
    if (s->helper_started && n >= PLAIN_SHARED &&
        grundy_share_advise(&s->share, n)) {
        s->plain_n = n;
        memcpy(s->cand2, cand, words * sizeof *cand);
        s->ncand2 = ncand;
        grundy_share_post(&s->share, job_plain_bits, s);
        plain_scan(s, cand, ncand, n, 0, 2);
        grundy_share_finish(&s->share);
        for (w = 0; w < words; w++)
            cand[w] &= s->cand2[w];
        memset(s->cand2, 0, words * sizeof *cand);
    } else {
        plain_scan(s, cand, ncand, n, 0, 1);
    }
    for (w = 0; !cand[w]; w++)
        ;
    v = 64 * (unsigned)w + (unsigned)__builtin_ctzll(cand[w]);
    memset(cand, 0, words * sizeof *cand);
    return v;
}

/* Bring pre[] up to heaps of upto tokens: O(upto) per new heap, since a
 * heap's splits are all listed once. */
static void pre_grow(sparse *s, grundy_pos upto)
{
    const uint16_t *g = s->g;
    grundy_pos m, a;
    for (m = s->pre_upto + 1; m <= upto; m++) {
        if (s->mv.rep & 2)
            s->pre[g[m]] = 1;
        if (s->mv.rep & 4)
            for (a = 1; 2 * a <= m; a++)
                s->pre[g[a] ^ g[m - a]] = 1;
    }
    if (upto > s->pre_upto)
        s->pre_upto = upto;
}

/* g(n) by listing every split, half of them on the second thread when
 * there are enough. */
static unsigned value_plain(sparse *s, grundy_pos n)
{
    const moves *mv = &s->mv;
    const uint16_t *g = s->g;
    uint8_t *reached = s->reached;
    unsigned i, v, lim = 1u << s->k;
    /* the AVX2 lookups of values of 10 and 11 bits cost more than byte
     * flags when nearly every split is new */
    if (!mv->ntriple && !mv->rep &&
        grundy_sparse_scan_is_vector(s->isa, s->k) &&
        (s->isa == GRUNDY_SPARSE_AVX512 || s->k <= 9) &&
        s->force != GRUNDY_SPARSE_FORCE_BYTES)
        return value_plain_bits(s, n);
    memset(reached, 0, lim + 1);
    for (i = 0; i < mv->nzero; i++)
        if (n == mv->zero[i])
            reached[0] = 1;
    for (i = 0; i < mv->nsingle; i++)
        if (n > mv->single[i])
            reached[g[n - mv->single[i]]] = 1;
    if (s->helper_started && n >= PLAIN_SHARED &&
        grundy_share_advise(&s->share, n)) {
        s->plain_n = n;
        grundy_share_post(&s->share, job_plain, s);
        plain_splits(s, reached, n, 0, 2);
        grundy_share_finish(&s->share);
        for (v = 0; v <= lim; v++)
            reached[v] |= s->reached2[v];
    } else {
        plain_splits(s, reached, n, 0, 1);
    }
    if (mv->ntriple)
        grundy_sparse_triple_marks(s, reached, n);
    if (mv->rep && n >= mv->rep_from) {
        pre_grow(s, n - mv->rep_from);
        if ((mv->rep & 1) && n >= 1)
            reached[0] = 1; /* remove all n >= rep_from tokens */
        for (v = 0; v <= lim; v++)
            reached[v] |= s->pre[v];
    }
    for (v = 0; reached[v]; v++)
        ;
    return v;
}

/* Store g(x) = v and keep the statistics.  *fresh is set when the block
 * must end here: the value range grew, or the rare list outgrew its
 * limit (s->rethink: choose the mask again once the pipeline is idle). */
static grundy_status record(sparse *s, grundy_table *t, grundy_pos x,
                            unsigned v, int *fresh)
{
    GRUNDY_RETURN_IF(v > 0xFFFF, GRUNDY_ERR_OVERFLOW);
    s->g[x] = (uint16_t)v;
    t->size = x + 1;
    grundy_period_track_note16(&s->track, s->g, x);
    s->counts[(x & 1) << VBITS | v]++;
    if (v > t->max) {
        t->max = v;
        t->max_at = x;
        if (bit_length(v) != s->k) {
            s->k = bit_length(v);
            *fresh = 1;
        }
    }
    if (!s->plain && x >= 1 && is_rare(s, v, x)) {
        GRUNDY_TRY(rare_push(s, x, (uint16_t)v));
        if (s->nrare > s->rare_limit) {
            s->rethink = 1;
            *fresh = 1;
        }
    }
    return GRUNDY_OK;
}

/* The kernel on the fill f, with the vector loops of isa. */
static grundy_status sparse_fill(grundy_fill *f, grundy_sparse_isa isa,
                                 const grundy_takebreak_params *tp,
                                 grundy_sparse_stats *stats)
{
    grundy_table *t = grundy_fill_table(f);
    const grundy_limits *opts = grundy_fill_limits(f);
    grundy_pos n = f->n;
    sparse *s;
    grundy_status st = GRUNDY_OK;
    grundy_pos x, next_check, per, pre, next_release = 0;
    plan cur;
    unsigned slot = 0;

    GRUNDY_RETURN_IF(!tp, GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(!grundy_sparse_isa_supported(isa), GRUNDY_ERR_ARG);
    if (n <= t->size)
        return GRUNDY_OK;
    GRUNDY_RETURN_IF(t->width != 2 || t->cap < n, GRUNDY_ERR_ARG);

    GRUNDY_TRY(GRUNDY_NEW(s));
    s->counts = calloc((size_t)2 << VBITS, sizeof *s->counts);
    if (!s->counts) {
        sparse_free(s);
        return GRUNDY_ERR_NOMEM;
    }
    s->isa = grundy_sparse_resolve_isa(isa);
    s->marks = grundy_sparse_marks_for(s->isa);
    s->row_word = grundy_sparse_row_word_for(s->isa);
    s->g = t->data;
    s->table = t;
    moves_init(&s->mv, tp);
    s->rules = grundy_rare_rules(tp);
    s->force = atomic_load(&sparse_force);
    for (x = 0; x < t->size; x++) {
        s->counts[(x & 1) << VBITS | s->g[x]]++;
        if (t->in_place && (x & (RELEASE_EVERY - 1)) == RELEASE_EVERY - 1)
            grundy_fill_release(f, x + 1 - RELEASE_EVERY, x + 1);
    }
    s->k = bit_length((unsigned)t->max);
    s->plain = 1;
    st = reconsider(s, t->size);
    if (st == GRUNDY_OK && s->mv.ntriple) {
        st = grundy_sparse_pairs_fit(s, n, opts);
        for (x = 0; x < t->size && st == GRUNDY_OK; x++)
            grundy_sparse_pairs_note(s, x);
    }
    grundy_period_track_init(&s->track, t->game, t->size);
    next_check = FIRST_RETHINK;
    while (next_check <= t->size)
        next_check *= 2;
    helper_start(s, opts, n - t->size);

    x = t->size;
    while (x < n && st == GRUNDY_OK) {
        grundy_pos end;
        int fresh = 0;
        if (t->in_place && x >= next_release) {
            grundy_pos every = atomic_load(&keep_min);
            release_middle(s, f, x);
            next_release = x + (every < RELEASE_EVERY ? every : RELEASE_EVERY);
        }
        if (grundy_period_track_due(&s->track, x)) {
            helper_wait(s);
            per = grundy_period_track_step16(&s->track, s->g, x, &pre);
            if (per) {
                extend_by_period(t, per, n);
                break;
            }
        }
        if (x == next_check || s->plain || s->rethink) {
            helper_wait(s);
            if (x == next_check) {
                s->rethink = 1;
                next_check *= 2;
            }
            if (s->rethink) {
                s->rethink = 0;
                st = reconsider(s, x);
                if (st != GRUNDY_OK)
                    break;
            }
            if (s->plain) {
                st = record(s, t, x, value_plain(s, x), &fresh);
                if (st == GRUNDY_OK && s->mv.ntriple) {
                    if (fresh) /* wider values: wider sets */
                        st = grundy_sparse_pairs_fit(s, n, opts);
                    if (st == GRUNDY_OK)
                        grundy_sparse_pairs_note(s, x);
                }
                x++;
                if (st == GRUNDY_OK)
                    st = grundy_fill_tick(f, x);
                continue;
            }
        }
        /* A block of positions, cut short at the next event. */
        end = x + BLOCK;
        if (end > n)
            end = n;
        if (end > next_check)
            end = next_check;
        if (s->helper_started && s->share.posted && s->job.n0 == x) {
            grundy_share_finish(&s->share);
            cur = s->job;
            slot = s->job_slot;
        } else {
            helper_wait(s);
            st = rows_fit(s);
            if (st != GRUNDY_OK)
                break;
            block_plan(s, &cur, x, 0);
            slot ^= 1;
            block_marks(s, &cur, slot);
        }
        /* Let the second thread mark the next block meanwhile (with the
         * splits of a part up to SPLITS_AHEAD), when sharing pays. */
        if (s->helper_started && end == x + BLOCK && end < n &&
            end < next_check && grundy_share_advise(&s->share, x)) {
            /* the list must not move while the thread reads it */
            st = rare_room(s, s->nrare + BLOCK);
            if (st != GRUNDY_OK)
                break;
            block_plan(s, &s->job, end, SPLITS_AHEAD);
            s->job_slot = slot ^ 1;
            grundy_share_post(&s->share, job_block, s);
        }
        {
            grundy_sparse_scan_fn *scan = pick_scan(s);
            while (x < end && !fresh && st == GRUNDY_OK) {
                st = record(s, t, x, block_value(s, &cur, slot, x, scan),
                            &fresh);
                x++;
            }
        }
        if (fresh)
            helper_wait(s); /* its rows are stale */
        if (st == GRUNDY_OK)
            st = grundy_fill_tick(f, x);
    }
    helper_stop(s);
    if (stats)
        *stats = s->stats;
    sparse_free(s);
    f->done = t->size;
    return st;
}

static grundy_status takebreak_fill(const void *params, void *values,
                                    grundy_pos from, grundy_pos n,
                                    grundy_fill *f)
{
    (void)values;
    (void)from;
    (void)n;
    return sparse_fill(f, GRUNDY_SPARSE_AUTO, params, NULL);
}

static unsigned takebreak_width(const void *params)
{
    (void)params;
    return 2;
}

/* The rare list and the rows, for n positions (the rest is small). */
static size_t takebreak_work(const void *params, grundy_pos n)
{
    (void)params;
    (void)n;
    return ((size_t)1 << VBITS) * sizeof(uint64_t) + sizeof(sparse);
}

const grundy_kernel grundy_kernel_takebreak = {
    .name = "sparse-space",
    .width = takebreak_width,
    .fill = takebreak_fill,
    .work_bytes = takebreak_work,
};

grundy_status grundy_table_fill_sparse_isa(grundy_table *t, grundy_pos n,
                                           const grundy_limits *opts,
                                           grundy_sparse_isa isa)
{
    return grundy_table_fill_sparse_stats(t, n, opts, isa, NULL);
}

grundy_status grundy_table_fill_sparse_stats(grundy_table *t, grundy_pos n,
                                             const grundy_limits *opts,
                                             grundy_sparse_isa isa,
                                             grundy_sparse_stats *stats)
{
    grundy_fill f;
    grundy_status st;
    if (n <= t->size)
        return GRUNDY_OK;
    GRUNDY_RETURN_IF(t->width != 2, GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_table_reserve(t, n, opts));
    grundy_fill_init(&f, t, n, opts, NULL);
    st = sparse_fill(&f, isa, grundy_takebreak_get(t->game), stats);
    grundy_table_note(t, f.done);
    return st;
}
