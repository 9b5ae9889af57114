/*
 * verify.c -- the proof that a candidate quotient is right, and the
 * colex-least sum at which it is wrong when it is not.
 *
 * A pretension is a finite commutative monoid Q, a set P in it and an
 * element phi(h) for every live heap; a sum (word) w has the image
 * Phi(w), the product of its heaps' elements, and the set T(w) of the
 * images of its options.  If
 *
 *   (P) no word w with Phi(w) in P has an option with image in P, and
 *   (N) every non-empty word w with Phi(w) outside P has one,
 *
 * then by induction on w (options are colex-smaller) w is lost for the
 * player to move exactly when Phi(w) is in P: the terminal position, the
 * empty word, is won under misere play and its image, the identity, is
 * outside P.  Plambeck and Siegel ("Misere quotients for impartial
 * games", 2008) build their MisereSolver on this test; the search below
 * is ours.
 *
 * (P) depends only on Phi(w minus one heap): for every x in Q, live heap
 * l and option image t of l, x phi(l) and x t are not both in P.  That is
 * a finite check, and its least failing word is lex(x) + l, lex(x) the
 * colex-least word with image x.
 *
 * (N) depends on w through the state (Phi(w), T(w)), and adding a heap
 * moves the state monotonically:
 *
 *     (x, T) + l  =  (x phi(l),  T phi(l)  u  x T(l)),
 *
 * so if T(u) is a subset of T(w) for two words of the same image, every
 * extension of w fails (N) no later than the same extension of u.  The
 * words are explored depth first in colex order (children w + l for l =
 * 0, 1, ..., up to the last heap added, so every word is met once, after
 * all smaller ones), and a word whose state contains the state of a word
 * met before is not extended.  Each element keeps its antichain of
 * minimal T's, so the search ends; and since u < w implies u + v < w + v,
 * a failure skipped this way has a smaller failure met instead: the first
 * failure met is the colex-least one.  The empty word is never stored
 * (its state would dominate every other word of the identity).
 *
 * The antichain of a complete check is kept: a new heap whose option set
 * contains the T of a stored word u of image x can be given the element
 * x, because every sum with that heap then contains the state of the same
 * sum with u instead (quotient.c).
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/grow.h"
#include "misere/misere_internal.h"

void grundy_mq_chain_clear(mq_chain *c)
{
    uint32_t x;
    if (c->list)
        for (x = 0; x < c->q; x++)
            free(c->list[x]);
    GRUNDY_FREE_ALL(c->list, c->len, c->lcap, c->pool, c->free_ids);
    memset(c, 0, sizeof *c);
}

static grundy_status chain_init(mq_chain *c, uint32_t q,
                                const grundy_limits *lim)
{
    memset(c, 0, sizeof *c);
    c->q = q;
    c->w = mq_words(q);
    c->bytes = (size_t)q * (sizeof(uint32_t *) + 2 * sizeof(uint32_t));
    GRUNDY_TRY(grundy_limits_mem_check(lim, c->bytes));
    c->list = calloc(q, sizeof *c->list);
    c->len = calloc(q, sizeof *c->len);
    c->lcap = calloc(q, sizeof *c->lcap);
    if (!c->list || !c->len || !c->lcap) {
        grundy_mq_chain_clear(c);
        return GRUNDY_ERR_NOMEM;
    }
    return GRUNDY_OK;
}

static int subset(const uint64_t *a, const uint64_t *b, size_t w)
{
    size_t i;
    for (i = 0; i < w; i++)
        if (a[i] & ~b[i])
            return 0;
    return 1;
}

/* Add (x, t) unless a stored set of x is a subset of t; drop the stored
 * supersets of t.  *added = 0 when dominated. */
static grundy_status chain_add(mq_chain *c, uint32_t x, const uint64_t *t,
                               int *added, size_t extra_bytes,
                               const grundy_limits *lim)
{
    uint32_t *l = c->list[x], n = c->len[x], i, j, id;
    for (i = 0; i < n; i++)
        if (subset(c->pool + (size_t)l[i] * c->w, t, c->w)) {
            *added = 0;
            return GRUNDY_OK;
        }
    for (i = j = 0; i < n; i++) {
        if (subset(t, c->pool + (size_t)l[i] * c->w, c->w)) {
            GRUNDY_TRY(GRUNDY_GROW(c->free_ids, c->cap_free, c->nfree + 1));
            c->free_ids[c->nfree++] = l[i];
        } else {
            l[j++] = l[i];
        }
    }
    n = j;
    if (c->nfree) {
        id = c->free_ids[--c->nfree];
    } else {
        if (c->nsets == c->cap) {
            size_t nc = c->cap ? 2 * c->cap : 256;
            size_t more = (nc - c->cap) * c->w * 8;
            uint64_t *np;
            GRUNDY_TRY(
                grundy_limits_mem_check(lim, c->bytes + more + extra_bytes));
            np = realloc(c->pool, nc * c->w * 8);
            GRUNDY_RETURN_IF(!np, GRUNDY_ERR_NOMEM);
            c->pool = np;
            c->cap = nc;
            c->bytes += more;
        }
        id = (uint32_t)c->nsets++;
    }
    memcpy(c->pool + (size_t)id * c->w, t, c->w * 8);
    if (n == c->lcap[x]) {
        uint32_t nc = c->lcap[x] ? 2 * c->lcap[x] : 4;
        uint32_t *nl = realloc(l, nc * sizeof *nl);
        GRUNDY_RETURN_IF(!nl, GRUNDY_ERR_NOMEM);
        c->list[x] = l = nl;
        c->bytes += (size_t)(nc - c->lcap[x]) * sizeof *nl;
        c->lcap[x] = nc;
    }
    l[n++] = id;
    c->len[x] = n;
    *added = 1;
    return GRUNDY_OK;
}

/* The option images of every live heap, deduplicated, and their columns. */
typedef struct heap_images {
    uint32_t *start, *img;
    const uint32_t **col;
} heap_images;

static void images_clear(heap_images *h)
{
    free(h->start);
    free(h->img);
    free((void *)h->col);
}

static grundy_status images_init(heap_images *h, mq_mon *m,
                                 const mq_opts *o, const grundy_limits *lim)
{
    grundy_status s;
    uint32_t l, k, n = 0;
    uint64_t *seen = calloc(mq_words(m->q) + 1, 8);
    h->start = malloc((m->nlive + 1) * sizeof *h->start);
    h->img = malloc((o->start[m->nlive] + 1) * sizeof *h->img);
    h->col = malloc((o->start[m->nlive] + 1) * sizeof *h->col);
    if (!seen || !h->start || !h->img || !h->col) {
        free(seen);
        return GRUNDY_ERR_NOMEM;
    }
    for (l = 0; l < m->nlive; l++) {
        uint32_t first = n;
        h->start[l] = n;
        for (k = o->start[l]; k < o->start[l + 1]; k++) {
            uint32_t t = grundy_mq_opt_elem(m, o->opt[k]);
            if (!mq_bit(seen, t)) {
                mq_setbit(seen, t);
                h->img[n] = t;
                s = grundy_mq_col_checked(&h->col[n], m, t, lim);
                if (s != GRUNDY_OK) {
                    free(seen);
                    return s;
                }
                n++;
            }
        }
        for (k = first; k < n; k++)
            seen[h->img[k] >> 6] = 0;
    }
    h->start[m->nlive] = n;
    free(seen);
    return GRUNDY_OK;
}

/* The search of (N) *********************************************************/

typedef struct frame {
    uint32_t x, maxd, next, via;
} frame;

static grundy_status search_n(mq_verify_out *out, mq_mon *m,
                              const heap_images *hi, const uint32_t *bound,
                              mq_chain *chain, grundy_ticker *tick,
                              const grundy_limits *lim)
{
    size_t w = mq_words(m->q), depth = 0, cap = 64, i;
    uint32_t L = m->nlive, *word = calloc(L + 1, sizeof *word);
    frame *st = malloc(cap * sizeof *st);
    uint64_t *sets = malloc(cap * w * 8 + 8), *t;
    grundy_status s = GRUNDY_OK;
    int added;

    out->ok = 1;
    if (!word || !st || !sets) {
        s = GRUNDY_ERR_NOMEM;
        goto done;
    }
    memset(sets, 0, w * 8);
    st[0].x = 0;
    st[0].maxd = L - 1;
    st[0].next = 0;
    st[0].via = MQ_NONE;
    if (L == 0)
        goto done;
    for (;;) {
        frame *f = &st[depth];
        uint32_t d, x, k;
        const uint64_t *ft;
        if (f->next > f->maxd) {
            if (depth == 0)
                break;
            word[f->via]--;
            depth--;
            continue;
        }
        d = f->next++;
        if (depth + 1 == cap) {
            uint64_t *nsets;
            s = GRUNDY_GROW(st, cap, depth + 2);
            if (s != GRUNDY_OK)
                goto done;
            nsets = realloc(sets, cap * w * 8 + 8);
            if (!nsets) {
                s = GRUNDY_ERR_NOMEM;
                goto done;
            }
            sets = nsets;
            f = &st[depth];
        }
        word[d]++;
        if (bound && grundy_mq_word_cmp(word, bound, L) >= 0) {
            /* Every word still to come is at least this one. */
            word[d]--;
            break;
        }
        /* A step per word of the set and per heap image. */
        if (tick && (s = grundy_ticker_work(
                         tick, w + (hi->start[d + 1] - hi->start[d]))) !=
                        GRUNDY_OK)
            goto done;
        ft = sets + depth * w;
        t = sets + (depth + 1) * w;
        memset(t, 0, w * 8);
        {
            const uint32_t *a = m->act + (size_t)m->let[d] * m->q;
            for (i = 0; i < w; i++) {
                uint64_t b = ft[i];
                while (b) {
                    uint32_t y = (uint32_t)(i * 64 + (size_t)__builtin_ctzll(b));
                    b &= b - 1;
                    mq_setbit(t, a[y]);
                }
            }
        }
        for (k = hi->start[d]; k < hi->start[d + 1]; k++)
            mq_setbit(t, hi->col[k][f->x]);
        x = m->act[(size_t)m->let[d] * m->q + f->x];
        s = chain_add(chain, x, t, &added, cap * (w * 8 + sizeof *st), lim);
        if (s != GRUNDY_OK)
            goto done;
        if (!added) {
            word[d]--;
            continue;
        }
        if (!mq_bit(m->p, x)) {
            int hit = 0;
            for (i = 0; i < w && !hit; i++)
                hit = (t[i] & m->p[i]) != 0;
            if (!hit) {
                out->ok = 0;
                out->failure = word;
                word = NULL;
                goto done;
            }
        }
        depth++;
        st[depth].x = x;
        st[depth].maxd = d;
        st[depth].next = 0;
        st[depth].via = d;
    }
done:
    GRUNDY_FREE_ALL(word, st, sets);
    return s;
}

grundy_status grundy_mq_verify_n(mq_verify_out *out, mq_mon *m,
                                 const mq_opts *o, const uint32_t *bound,
                                 mq_chain *chain, grundy_ticker *tick,
                                 const grundy_limits *lim)
{
    heap_images hi;
    mq_chain local;
    grundy_status s;
    memset(&hi, 0, sizeof hi);
    out->ok = 1;
    out->failure = NULL;
    s = chain_init(&local, m->q, lim);
    if (s == GRUNDY_OK)
        s = images_init(&hi, m, o, lim);
    if (s == GRUNDY_OK)
        s = search_n(out, m, &hi, bound, &local, tick, lim);
    images_clear(&hi);
    if (s == GRUNDY_OK && out->ok && !bound && chain) {
        grundy_mq_chain_clear(chain);
        *chain = local;
    } else {
        grundy_mq_chain_clear(&local);
    }
    return s;
}

grundy_status grundy_mq_verify(mq_verify_out *out, mq_mon *m, const mq_opts *o,
                               mq_chain *chain, grundy_ticker *tick,
                               const grundy_limits *lim)
{
    heap_images hi;
    uint32_t L = m->nlive, x, l, k;
    uint32_t *best = NULL, *cand = NULL;
    grundy_status s;
    mq_verify_out nout;

    memset(&hi, 0, sizeof hi);
    out->ok = 1;
    out->failure = NULL;
    s = images_init(&hi, m, o, lim);
    if (s != GRUNDY_OK)
        goto done;
    cand = malloc((L + 1) * sizeof *cand);
    if (!cand) {
        s = GRUNDY_ERR_NOMEM;
        goto done;
    }
    /* (P): the least lex(x) + l with x phi(l) and x t both in P. */
    for (l = 0; l < L; l++) {
        const uint32_t *a = m->act + (size_t)m->let[l] * m->q;
        for (x = 0; x < m->q; x++) {
            if (!mq_bit(m->p, a[x]))
                continue;
            for (k = hi.start[l]; k < hi.start[l + 1]; k++)
                if (mq_bit(m->p, hi.col[k][x]))
                    break;
            if (k == hi.start[l + 1])
                continue;
            grundy_mq_word(m, x, cand);
            cand[l]++;
            if (!best || grundy_mq_word_cmp(cand, best, L) < 0) {
                if (!best) {
                    best = malloc((L + 1) * sizeof *best);
                    if (!best) {
                        s = GRUNDY_ERR_NOMEM;
                        goto done;
                    }
                }
                memcpy(best, cand, L * sizeof *best);
            }
        }
    }
    /* (N), searched only below the least (P) failure. */
    s = grundy_mq_verify_n(&nout, m, o, best, best ? NULL : chain, tick, lim);
    if (s != GRUNDY_OK)
        goto done;
    if (!nout.ok) {
        out->ok = 0;
        out->failure = nout.failure;
    } else if (best) {
        out->ok = 0;
        out->failure = best;
        best = NULL;
    }
done:
    images_clear(&hi);
    free(best);
    free(cand);
    return s;
}
