/*
 * quotient.c -- the misere quotient of a take-and-break game, grown heap
 * by heap.
 *
 * Adding heap n to the quotient Q of heaps 1..n-1 (Plambeck and Siegel,
 * "Misere quotients for impartial games", 2008; the same outline as
 * Siegel's MisereSolver, with our own search and candidates):
 *
 * 1. Conservative extension.  If some x in Q makes a correct pretension
 *    once heap n is mapped to x, the quotient is unchanged (a quotient of
 *    more heaps is never smaller, and an onto map of the same size is an
 *    isomorphism).  x must be in P exactly when no option of n is, and no
 *    y may have both y x and y t in P for an option image t (condition
 *    (P), checked in O(|Q|) per x).  Condition (N) holds at once when the
 *    stored antichain (verify.c) has a word u of image x whose option
 *    images all lie among those of n: every sum with n then has at least
 *    the options' images of the same sum with u, which is a correct sum
 *    of smaller heaps.  Otherwise a full search of (N) decides.
 *
 * 2. Expansion.  The first candidate is Q x C(2, 2), heap n counted in
 *    the cyclic part, marked and reduced (trial.c).  It predicts every
 *    sum without heap n correctly.  If the verification finds the
 *    colex-least wrong sum w, every smaller sum is right, so the
 *    candidate is refined: some heaps of w are freed, each counted in a
 *    cyclic monoid C(a, p) with a above its count in w and above the
 *    index of its element and p a multiple of that element's period, the
 *    others keep their element of the candidate.  Such a trial maps onto
 *    the candidate, so it still predicts every sum below w; among the
 *    smallest sets of freed heaps (the largest heaps of w tried first)
 *    under which w comes out right we keep the one whose reduced trial is
 *    smallest (smaller candidates make fewer wrong guesses further on),
 *    and freeing all of w's heaps always works (no smaller sum then
 *    shares w's element).  The least wrong sum therefore grows strictly
 *    from one candidate to the next; a candidate without one is the
 *    quotient, since it is reduced and every element is a sum.  Trials
 *    above 16 max_order elements, and reductions past max_order classes,
 *    are abandoned: growth stops there (Dawson's Kayles at heap 34, where
 *    the failing sums need ever more copies of heaps 30 and 34).
 *
 * The cost is in the searches of (N): conservative heaps need none as
 * long as the antichain covers them, and expansions need one per
 * candidate, cut short at the least failure of (P).
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/grow.h"
#include "grundy/takebreak.h"
#include "grundy/values.h"
#include "misere/trial.h"

/* Options ********************************************************************/

static void opts_clear(mq_opts *o)
{
    GRUNDY_FREE_ALL(o->heap, o->start, o->opt);
    memset(o, 0, sizeof *o);
}

/* Append the options of heap h as live heap o->nlive (not yet counted in
 * nlive: the caller commits with o->nlive++).  *count = 0 when h has no
 * move at all. */
static grundy_status opts_add(grundy_misere *q, grundy_pos h,
                              uint32_t *count, const grundy_limits *lim)
{
    mq_opts *o = &q->opts;
    size_t n, i, first, k;
    uint32_t l = o->nlive;
    GRUNDY_TRY(grundy_game_moves(q->game, h, &q->mbuf, &q->mcap, &n));
    *count = 0;
    if (n == 0)
        return GRUNDY_OK;
    if (l + 2 > o->cap_live) {
        uint32_t nc = o->cap_live ? 2 * o->cap_live : 64;
        grundy_pos *nh = realloc(o->heap, nc * sizeof *nh);
        uint32_t *ns;
        GRUNDY_RETURN_IF(!nh, GRUNDY_ERR_NOMEM);
        o->heap = nh;
        ns = realloc(o->start, (nc + 1) * sizeof *ns);
        GRUNDY_RETURN_IF(!ns, GRUNDY_ERR_NOMEM);
        o->start = ns;
        o->cap_live = nc;
    }
    first = o->start[l];
    if (first + n > o->cap_opt) {
        size_t nc = o->cap_opt ? 2 * o->cap_opt : 1024;
        uint32_t(*no)[4];
        while (nc < first + n)
            nc *= 2;
        GRUNDY_TRY(grundy_limits_mem_check(lim, nc * sizeof *no +
                                                    q->mon.bytes +
                                                    q->chain.bytes));
        no = realloc(o->opt, nc * sizeof *no);
        GRUNDY_RETURN_IF(!no, GRUNDY_ERR_NOMEM);
        o->opt = no;
        o->cap_opt = nc;
    }
    for (i = 0; i < n; i++) {
        uint32_t *w = o->opt[first + i], m = 0, a, b;
        unsigned p;
        memset(w, 0, 4 * sizeof *w);
        for (p = 0; p < q->mbuf[i].nparts; p++) {
            grundy_pos part = q->mbuf[i].part[p];
            uint32_t pl = part ? q->live_of[part] : MQ_NONE;
            if (pl != MQ_NONE)
                w[1 + m++] = pl;
        }
        w[0] = m;
        for (a = 1; a < m; a++)
            for (b = a + 1; b <= m; b++)
                if (w[b] < w[a]) {
                    uint32_t t = w[a];
                    w[a] = w[b];
                    w[b] = t;
                }
    }
    k = n;
    o->heap[l] = h;
    o->start[l + 1] = (uint32_t)(first + k);
    *count = (uint32_t)k;
    return GRUNDY_OK;
}

static void opts_reset(grundy_misere *q)
{
    q->opts.nlive = 0;
    q->opts.start[0] = 0;
}

/* Options of every live heap 0..l-1, and of heap h as live heap l. */
static grundy_status opts_all(grundy_misere *q, uint32_t l, grundy_pos h,
                              const grundy_limits *lim)
{
    uint32_t k, c;
    opts_reset(q);
    for (k = 0; k < l; k++) {
        GRUNDY_TRY(opts_add(q, q->live_heap[k], &c, lim));
        q->opts.nlive++;
    }
    GRUNDY_TRY(opts_add(q, h, &c, lim));
    q->opts.nlive++;
    return GRUNDY_OK;
}

/* Life cycle ****************************************************************/

static grundy_status heaps_room(grundy_misere *q, grundy_pos h)
{
    GRUNDY_RETURN_IF(h >= SIZE_MAX, GRUNDY_ERR_NOMEM);
    return GRUNDY_GROW(q->live_of, q->cap_heaps, (size_t)h + 1);
}

void grundy_misere_free(grundy_misere *q)
{
    if (!q)
        return;
    grundy_mq_mon_clear(&q->mon);
    grundy_mq_chain_clear(&q->chain);
    opts_clear(&q->opts);
    GRUNDY_FREE_ALL(q->live_of, q->live_heap, q->mbuf, q);
}

grundy_status grundy_misere_new(grundy_misere **out, const grundy_game *g,
                                const grundy_limits *lim)
{
    const grundy_takebreak_params *tp = grundy_takebreak_get(g);
    grundy_misere *q;
    grundy_status s;
    grundy_pos h;
    size_t n = 0;
    *out = NULL;
    GRUNDY_RETURN_IF(!tp, GRUNDY_ERR_ARG);
    GRUNDY_TRY(GRUNDY_NEW(q));
    q->game = g;
    /* A game with a move has one from a heap of at most take + 3. */
    for (h = 1; h <= (grundy_pos)tp->take + 4 && n == 0; h++) {
        s = grundy_game_moves(g, h, &q->mbuf, &q->mcap, &n);
        if (s != GRUNDY_OK) {
            grundy_misere_free(q);
            return s;
        }
    }
    if (n == 0) {
        grundy_misere_free(q);
        return GRUNDY_ERR_ARG;
    }
    s = grundy_mq_mon_alloc(&q->mon, 1, 0, 0, lim);
    if (s == GRUNDY_OK)
        s = heaps_room(q, 1);
    if (s == GRUNDY_OK) {
        q->opts.start = calloc(2, sizeof *q->opts.start);
        if (!q->opts.start)
            s = GRUNDY_ERR_NOMEM;
    }
    if (s != GRUNDY_OK) {
        grundy_misere_free(q);
        return s;
    }
    q->mon.parent[0] = MQ_NONE;
    q->mon.via[0] = MQ_NONE;
    q->live_of[0] = MQ_NONE;
    q->have_chain = 1;
    s = grundy_mq_verify_n(&(mq_verify_out){0, NULL}, &q->mon, &q->opts, NULL,
                           &q->chain, NULL, lim);
    if (s != GRUNDY_OK) {
        grundy_misere_free(q);
        return s;
    }
    *out = q;
    return GRUNDY_OK;
}

/* Mapping a new live heap in the verified quotient **************************/

/* Give live heap l (== mon.nlive) the element x: a letter is added when x
 * is not yet the element of some heap. */
static grundy_status map_heap(mq_mon *m, uint32_t l, uint32_t x,
                              const grundy_limits *lim)
{
    uint32_t a, k, *np, *nl;
    for (a = 0; a < l; a++)
        if (m->phi[a] == x)
            break;
    np = realloc(m->phi, (l + 2) * sizeof *np);
    GRUNDY_RETURN_IF(!np, GRUNDY_ERR_NOMEM);
    m->phi = np;
    nl = realloc(m->let, (l + 2) * sizeof *nl);
    GRUNDY_RETURN_IF(!nl, GRUNDY_ERR_NOMEM);
    m->let = nl;
    if (a < l) {
        k = m->let[a];
    } else {
        const uint32_t *c;
        uint32_t *na;
        GRUNDY_TRY(grundy_mq_col_checked(&c, m, x, lim));
        GRUNDY_TRY(grundy_limits_mem_check(lim, m->bytes + m->q * 4));
        na = realloc(m->act, ((size_t)m->nlet + 1) * m->q * sizeof *na);
        GRUNDY_RETURN_IF(!na, GRUNDY_ERR_NOMEM);
        m->act = na;
        memcpy(m->act + (size_t)m->nlet * m->q, c, m->q * sizeof *c);
        m->bytes += m->q * 4;
        k = m->nlet++;
    }
    m->phi[l] = x;
    m->let[l] = k;
    m->nlive = l + 1;
    return GRUNDY_OK;
}

static void unmap_heap(mq_mon *m, uint32_t l)
{
    uint32_t a;
    m->nlive = l;
    /* Drop the letter if heap l was its only heap (it was added last). */
    if (m->nlet && m->let[l] == m->nlet - 1) {
        for (a = 0; a < l; a++)
            if (m->let[a] == m->nlet - 1)
                return;
        m->nlet--;
    }
}

/* (P) for heap -> x: no y with y x in P and y t in P, t an option image
 * (bad holds the y with some y t in P). */
static int p_ok(const mq_mon *m, const uint64_t *bad, uint32_t x)
{
    uint32_t y;
    for (y = 0; y < m->q; y++)
        if (mq_bit(bad, y) && mq_bit(m->p, grundy_mq_mul_word(m, y, x)))
            return 0;
    return 1;
}

/* Heap h, live heap l, whose options are in slot 0 of q->opts. */
static grundy_status conservative(grundy_misere *q, uint32_t l, grundy_pos h,
                                  int *found, grundy_ticker *tick,
                                  const grundy_limits *lim)
{
    mq_mon *m = &q->mon;
    const mq_opts *o = &q->opts;
    size_t w = mq_words(m->q), i;
    uint64_t *tn = calloc(w + 1, 8), *bad = calloc(w + 1, 8);
    uint32_t *cand = malloc((m->q + 1) * sizeof *cand), ncand = 0;
    uint32_t *img = malloc((o->start[1] - o->start[0] + 1) * 4), nimg = 0;
    uint32_t x, y, k;
    int heap_p = 1;
    grundy_status s = GRUNDY_OK;

    *found = 0;
    if (!tn || !bad || !cand || !img) {
        s = GRUNDY_ERR_NOMEM;
        goto done;
    }
    for (k = o->start[0]; k < o->start[1]; k++) {
        uint32_t t = grundy_mq_opt_elem(m, o->opt[k]);
        if (!mq_bit(tn, t)) {
            mq_setbit(tn, t);
            img[nimg++] = t;
            if (mq_bit(m->p, t))
                heap_p = 0;
        }
    }
    /* bad = {y : y t in P for some option image t} */
    for (k = 0; k < nimg; k++) {
        const uint32_t *c;
        s = grundy_mq_col_checked(&c, m, img[k], lim);
        if (s != GRUNDY_OK)
            goto done;
        for (y = 0; y < m->q; y++)
            if (mq_bit(m->p, c[y]))
                mq_setbit(bad, y);
    }
    /* A step per option and per product of an option image. */
    if (tick && (s = grundy_ticker_work(
                     tick, (o->start[1] - o->start[0]) +
                               (uint64_t)(nimg + 1) * m->q)) != GRUNDY_OK)
        goto done;
    /* Quick (N): a stored word of image x with no more option images. */
    for (x = 0; x < m->q; x++) {
        const mq_chain *c = &q->chain;
        uint32_t j;
        if (mq_bit(m->p, x) != heap_p)
            continue;
        cand[ncand++] = x;
        if (!q->have_chain || x >= c->q)
            continue;
        if (tick && (s = grundy_ticker_work(tick, (uint64_t)c->len[x] * w)) !=
                        GRUNDY_OK)
            goto done;
        for (j = 0; j < c->len[x]; j++) {
            const uint64_t *sset = c->pool + (size_t)c->list[x][j] * c->w;
            for (i = 0; i < w; i++)
                if (sset[i] & ~tn[i])
                    break;
            if (i == w)
                break;
        }
        if (j < c->len[x] && !q->baseline && p_ok(m, bad, x)) {
            s = map_heap(m, l, x, lim);
            if (s == GRUNDY_OK)
                *found = 1;
            goto done;
        }
    }
    /* Full searches of (N), over the options of every heap. */
    if (ncand) {
        s = opts_all(q, l, h, lim);
        if (s != GRUNDY_OK)
            goto done;
    }
    for (k = 0; k < ncand; k++) {
        mq_verify_out vo;
        mq_chain nc;
        if (!p_ok(m, bad, cand[k]))
            continue;
        memset(&nc, 0, sizeof nc);
        s = map_heap(m, l, cand[k], lim);
        if (s != GRUNDY_OK)
            goto done;
        s = grundy_mq_verify_n(&vo, m, o, NULL, &nc, tick, lim);
        if (s != GRUNDY_OK) {
            unmap_heap(m, l);
            goto done;
        }
        if (vo.ok) {
            grundy_mq_chain_clear(&q->chain);
            q->chain = nc;
            q->have_chain = 1;
            *found = 1;
            goto done;
        }
        free(vo.failure);
        unmap_heap(m, l);
    }
done:
    GRUNDY_FREE_ALL(tn, bad, cand, img);
    return s;
}

/* Expansion ******************************************************************/

/* Index and period of the powers of live heap l's element in m. */
static grundy_status power_shape(const mq_mon *m, uint32_t l, uint32_t *ind,
                                 uint32_t *per)
{
    uint32_t *seen = malloc((m->q + 1) * sizeof *seen), x = 0, k = 0;
    const uint32_t *a = m->act + (size_t)m->let[l] * m->q;
    GRUNDY_RETURN_IF(!seen, GRUNDY_ERR_NOMEM);
    memset(seen, 0xff, (m->q + 1) * sizeof *seen);
    while (seen[x] == MQ_NONE) {
        seen[x] = k++;
        x = a[x];
    }
    *ind = seen[x];
    *per = k - seen[x];
    free(seen);
    return GRUNDY_OK;
}

#define MAX_CANDIDATES 100000

/* The most elements a trial may have before reduction. */
static size_t trial_states(size_t max_order)
{
    size_t n = max_order * 16;
    return n < ((size_t)1 << 16) ? (size_t)1 << 16
                                 : n > ((size_t)1 << 26) ? (size_t)1 << 26 : n;
}

/* Mark and reduce one trial over base; *fixed says whether it predicts
 * word fail as should_p (fail NULL: no test). */
static grundy_status try_trial(mq_mon *out, int *fixed, mq_mon *base,
                               const grundy_misere *q, uint32_t L,
                               const uint32_t *fl, const uint32_t *fa,
                               const uint32_t *fp, uint32_t nf,
                               const uint32_t *fail, int should_p,
                               size_t max_order, size_t *order,
                               grundy_ticker *tick, const grundy_limits *lim)
{
    mq_trial t;
    grundy_status s;
    *fixed = 0;
    *order = 0;
    s = grundy_mq_trial_mark(&t, base, &q->opts, L, fl, fa, fp, nf,
                             trial_states(max_order), q->baseline, tick, lim);
    if (s == GRUNDY_ERR_LIMIT && t.too_many) {
        *fixed = 1; /* too large to tell: counted as too large */
        *order = t.nr;
    }
    if (s == GRUNDY_OK &&
        (!fail || grundy_mq_trial_word_is_p(&t, fail) == should_p)) {
        *fixed = 1;
        s = grundy_mq_trial_reduce(out, &t, max_order, tick, lim);
        *order = t.reduced_order;
    }
    grundy_mq_trial_clear(&t);
    return s;
}

/* The next candidate after cand, whose colex-least wrong sum is fail. */
static grundy_status refine(mq_mon *next, grundy_misere *q, mq_mon *cand,
                            const uint32_t *fail, uint32_t L,
                            size_t max_order, grundy_ticker *tick,
                            const grundy_limits *lim)
{
    uint32_t supp[MQ_MAX_FREED], ns = 0, j, size, x = 0, c;
    uint32_t fl[MQ_MAX_FREED], fa[MQ_MAX_FREED], fp[MQ_MAX_FREED];
    int should_p, found = 0;
    size_t too_big = 0;
    grundy_status s = GRUNDY_OK;

    memset(next, 0, sizeof *next);
    for (j = 0; j < L; j++)
        for (c = 0; c < fail[j]; c++)
            x = cand->act[(size_t)cand->let[j] * cand->q + x];
    should_p = !mq_bit(cand->p, x);
    /* The heaps of the wrong sum (the largest MQ_MAX_FREED of them). */
    for (j = L; j-- > 0 && ns < MQ_MAX_FREED;)
        if (fail[j])
            supp[ns++] = j;
    for (size = 1; size <= ns && !found; size++) {
        uint32_t idx[MQ_MAX_FREED], i;
        for (i = 0; i < size; i++)
            idx[i] = i;
        for (;;) {
            mq_mon m;
            int fixed;
            size_t order;
            for (i = 0; i < size; i++) {
                uint32_t h = supp[idx[i]], ind, per;
                GRUNDY_TRY(power_shape(cand, h, &ind, &per));
                fl[i] = h;
                fa[i] = ind > fail[h] + 1 ? ind : fail[h] + 1;
                fp[i] = per % 2 ? 2 * per : per;
            }
            s = try_trial(&m, &fixed, cand, q, L, fl, fa, fp, size, fail,
                          should_p, max_order, &order, tick, lim);
            if (s == GRUNDY_ERR_LIMIT && fixed && order > max_order) {
                if (!too_big || order < too_big)
                    too_big = order;
                s = GRUNDY_OK;
                fixed = 0;
            }
            if (s != GRUNDY_OK) {
                grundy_mq_mon_clear(next);
                return s;
            }
            if (fixed) {
                if (!found || m.q < next->q) {
                    grundy_mq_mon_clear(next);
                    *next = m;
                } else {
                    grundy_mq_mon_clear(&m);
                }
                found = 1;
            }
            /* next subset of this size */
            for (i = size; i-- > 0;)
                if (idx[i] < ns - size + i)
                    break;
            if (i == (uint32_t)-1)
                break;
            idx[i]++;
            for (i = i + 1; i < size; i++)
                idx[i] = idx[i - 1] + 1;
        }
    }
    if (!found) {
        /* Only too large ones fix it (freeing all of its heaps always
         * does, when they are at most MQ_MAX_FREED). */
        q->stopped_order = too_big;
        q->stopped_candidate = too_big != 0;
        return GRUNDY_ERR_LIMIT;
    }
    return GRUNDY_OK;
}

static grundy_status expand(grundy_misere *q, uint32_t l, size_t max_order,
                            grundy_ticker *tick, const grundy_limits *lim)
{
    mq_mon cand, next;
    uint32_t fl = l, fa = 2, fp = 2;
    size_t iter, order;
    grundy_status s;
    int fixed;

    memset(&cand, 0, sizeof cand);
    s = try_trial(&cand, &fixed, &q->mon, q, l + 1, &fl, &fa, &fp, 1, NULL,
                  0, max_order, &order, tick, lim);
    if (s == GRUNDY_ERR_LIMIT && order > max_order) {
        q->stopped_order = order;
        q->stopped_candidate = 1;
    }
    for (iter = 0; s == GRUNDY_OK; iter++) {
        mq_verify_out vo;
        mq_chain nc;
        q->candidates++;
        if (cand.q > q->largest_candidate)
            q->largest_candidate = cand.q;
        memset(&nc, 0, sizeof nc);
        s = grundy_mq_verify(&vo, &cand, &q->opts, &nc, tick, lim);
        if (s != GRUNDY_OK)
            break;
        if (vo.ok) {
            grundy_mq_mon_clear(&q->mon);
            q->mon = cand;
            memset(&cand, 0, sizeof cand);
            grundy_mq_chain_clear(&q->chain);
            q->chain = nc;
            q->have_chain = 1;
            break;
        }
        if (iter >= MAX_CANDIDATES)
            s = GRUNDY_ERR_LIMIT;
        else
            s = refine(&next, q, &cand, vo.failure, l + 1, max_order, tick,
                       lim);
        free(vo.failure);
        grundy_mq_mon_clear(&cand);
        cand = next;
    }
    grundy_mq_mon_clear(&cand);
    return s;
}

void grundy_mq_misere_set_baseline(grundy_misere *q, int on)
{
    q->baseline = on;
}

/* Growth *********************************************************************/

grundy_status grundy_misere_grow(grundy_misere *q, grundy_pos upto,
                                 size_t max_order, const grundy_limits *lim)
{
    grundy_ticker tick;
    grundy_status s = GRUNDY_OK;
    GRUNDY_RETURN_IF(upto > GRUNDY_MISERE_MAX_HEAP, GRUNDY_ERR_RANGE);
    if (!max_order)
        max_order = GRUNDY_MISERE_DEFAULT_MAX_ORDER;
    q->stopped_at = 0;
    q->stopped_order = 0;
    q->stopped_candidate = 0;
    grundy_ticker_init(&tick, lim, "misere", upto);
    while (q->heaps < upto) {
        grundy_pos h = q->heaps + 1;
        uint32_t l = q->mon.nlive, count;
        int found;
        s = heaps_room(q, h);
        if (s == GRUNDY_OK && l + 1 >= q->cap_live_heap) {
            size_t nc = q->cap_live_heap ? 2 * q->cap_live_heap : 64;
            grundy_pos *nl = realloc(q->live_heap, nc * sizeof *nl);
            if (!nl)
                s = GRUNDY_ERR_NOMEM;
            else {
                q->live_heap = nl;
                q->cap_live_heap = nc;
            }
        }
        if (s != GRUNDY_OK)
            break;
        opts_reset(q);
        q->largest_candidate = 0;
        s = opts_add(q, h, &count, lim);
        if (s == GRUNDY_OK)
            s = grundy_ticker_work(&tick, count + 1);
        if (s != GRUNDY_OK) {
            q->stopped_at = h;
            break;
        }
        if (count == 0) {
            q->live_of[h] = MQ_NONE;
            q->heaps = h;
            continue;
        }
        q->opts.nlive = 1;
        s = conservative(q, l, h, &found, &tick, lim);
        if (s == GRUNDY_OK && !found && q->opts.nlive != l + 1)
            s = opts_all(q, l, h, lim);
        if (s == GRUNDY_OK && !found) {
            size_t before = q->mon.q;
            s = expand(q, l, max_order, &tick, lim);
            if (s == GRUNDY_OK) {
                q->expansions++;
                if (q->mon.q > before)
                    q->last_change = h;
            }
        }
        opts_reset(q);
        if (s != GRUNDY_OK) {
            if (q->mon.nlive > l)
                unmap_heap(&q->mon, l);
            q->stopped_at = h;
            break;
        }
        q->live_of[h] = l;
        q->live_heap[l] = h;
        q->heaps = h;
        tick.done = h;
        s = grundy_ticker_tick(&tick, h);
        if (s != GRUNDY_OK)
            break;
    }
    if (s == GRUNDY_OK)
        s = grundy_ticker_done(&tick);
    return s;
}

/* Queries *******************************************************************/

const grundy_game *grundy_misere_game(const grundy_misere *q)
{
    return q->game;
}

grundy_pos grundy_misere_heaps(const grundy_misere *q)
{
    return q->heaps;
}

size_t grundy_misere_order(const grundy_misere *q)
{
    return q->mon.q;
}

grundy_misere_elem grundy_misere_heap(const grundy_misere *q, grundy_pos h)
{
    return mq_heap_elem(q, h);
}

grundy_misere_elem grundy_misere_mul(const grundy_misere *q,
                                     grundy_misere_elem x,
                                     grundy_misere_elem y)
{
    return grundy_mq_mul_word(&q->mon, x, y);
}

int grundy_misere_is_p(const grundy_misere *q, grundy_misere_elem x)
{
    return mq_bit(q->mon.p, x);
}

static uint32_t mul_heap_elem(const grundy_misere *q, uint32_t x,
                              grundy_pos h)
{
    uint32_t l = h ? q->live_of[h] : MQ_NONE;
    if (l == MQ_NONE)
        return x;
    return q->mon.act[(size_t)q->mon.let[l] * q->mon.q + x];
}

grundy_status grundy_misere_sum(grundy_misere_elem *out,
                                const grundy_misere *q, const grundy_pos *h,
                                size_t n)
{
    uint32_t x = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        GRUNDY_RETURN_IF(h[i] > q->heaps, GRUNDY_ERR_RANGE);
        x = mul_heap_elem(q, x, h[i]);
    }
    *out = x;
    return GRUNDY_OK;
}

static int same_game(const grundy_game *a, const grundy_game *b)
{
    const grundy_takebreak_params *pa, *pb;
    if (a == b)
        return 1;
    pa = grundy_takebreak_get(a);
    pb = grundy_takebreak_get(b);
    return pa && pb && memcmp(pa, pb, sizeof *pa) == 0;
}

grundy_status grundy_misere_winning_moves(int *first_wins,
                                          grundy_sum_move **moves,
                                          size_t *count,
                                          const grundy_misere *q,
                                          const grundy_sum_component *sum,
                                          size_t n)
{
    uint32_t *pre = NULL, *suf = NULL;
    grundy_sum_move *out = NULL;
    grundy_move *buf = NULL;
    size_t cap = 0, nout = 0, capout = 0, i, j, nm;
    grundy_status s = GRUNDY_OK;

    *moves = NULL;
    *count = 0;
    *first_wins = 0;
    for (i = 0; i < n; i++) {
        GRUNDY_RETURN_IF(!same_game(grundy_values_game(sum[i].values), q->game), GRUNDY_ERR_ARG);
        GRUNDY_RETURN_IF(sum[i].pos > q->heaps, GRUNDY_ERR_RANGE);
    }
    pre = malloc((n + 1) * sizeof *pre);
    suf = malloc((n + 1) * sizeof *suf);
    GRUNDY_RETURN_IF(!pre || !suf, (free(pre), free(suf), GRUNDY_ERR_NOMEM));
    pre[0] = 0;
    for (i = 0; i < n; i++)
        pre[i + 1] = mul_heap_elem(q, pre[i], sum[i].pos);
    suf[n] = 0;
    for (i = n; i-- > 0;)
        suf[i] = mul_heap_elem(q, suf[i + 1], sum[i].pos);
    *first_wins = !mq_bit(q->mon.p, pre[n]);
    for (i = 0; i < n && *first_wins; i++) {
        uint32_t rest;
        if (!sum[i].pos || q->live_of[sum[i].pos] == MQ_NONE)
            continue; /* no move */
        rest = grundy_mq_mul_word(&q->mon, pre[i], suf[i + 1]);
        s = grundy_game_moves(q->game, sum[i].pos, &buf, &cap, &nm);
        if (s != GRUNDY_OK)
            break;
        for (j = 0; j < nm; j++) {
            uint32_t x = rest;
            unsigned k;
            for (k = 0; k < buf[j].nparts; k++)
                x = mul_heap_elem(q, x, buf[j].part[k]);
            if (!mq_bit(q->mon.p, x))
                continue;
            s = GRUNDY_GROW(out, capout, nout + 1);
            if (s != GRUNDY_OK)
                break;
            memset(&out[nout], 0, sizeof out[nout]);
            out[nout].component = i;
            out[nout].from = sum[i].pos;
            for (k = 0; k < buf[j].nparts; k++)
                out[nout].to.part[k] = buf[j].part[k];
            out[nout].to.nparts = buf[j].nparts;
            nout++;
        }
        if (s != GRUNDY_OK)
            break;
    }
    GRUNDY_FREE_ALL(pre, suf, buf);
    if (s != GRUNDY_OK) {
        free(out);
        return s;
    }
    *moves = out;
    *count = nout;
    return GRUNDY_OK;
}

/* Info **********************************************************************/

#define PERIOD_SEARCH_MAX 20000

void grundy_misere_get_info(grundy_misere_info *out, const grundy_misere *q)
{
    grundy_pos n = q->heaps, p, h;
    uint32_t x;
    memset(out, 0, sizeof *out);
    out->heaps = n;
    out->order = q->mon.q;
    for (x = 0; x < q->mon.q; x++)
        out->p_count += (size_t)mq_bit(q->mon.p, x);
    out->last_change = q->last_change;
    out->stopped_at = q->stopped_at;
    out->stopped_order = q->stopped_order;
    out->stopped_candidate = q->stopped_candidate;
    out->expansions = q->expansions;
    out->candidates = q->candidates;
    out->largest_candidate = q->largest_candidate;
    for (p = 1; 2 * p <= n && p <= PERIOD_SEARCH_MAX; p++) {
        for (h = n - p; h >= 1; h--)
            if (mq_heap_elem(q, h) != mq_heap_elem(q, h + p))
                break;
        if (n - h >= 2 * p) {
            out->period = p;
            out->preperiod = h + 1;
            break;
        }
    }
}
