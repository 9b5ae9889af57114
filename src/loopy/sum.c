/*
 * sum.c -- sums of loopy games: their value, their good moves, and the
 * move to play.
 *
 * Smith's rule adds the components' values: the XOR of the finite ones,
 * shifted into K when exactly one is infinite, inf() when two are.  The
 * outcome after a move in component j from u to w needs only the XOR X'
 * of the finite values after the move and which components are then
 * infinite: none (X' == 0 loses for the player then to move), one
 * component z (it wins iff z has an option of finite value X'), or two
 * (a draw).  So each move costs O(1), plus a look at w's options when w
 * itself is infinite; the K of an infinite component that stays is
 * sorted once and searched.
 *
 * Playing a won sum to its end needs more than moves to value 0: the
 * loser may undo the winner's progress by a move that raises a value,
 * and the winner's reversing answer must not let the play cycle.  The
 * counters of the values give the measure: for every P-position reached,
 * (sum of values, sum of counters) is lower than at the previous one when
 * the winner always picks the winning move that makes this pair least
 * (an answer to a lowering move lowers the sum of values; a reversing
 * answer to a raising move restores the value with a smaller counter, as
 * the definition of the counter promises).
 */
#include <stdlib.h>
#include <string.h>

#include "loopy/loopy_internal.h"

typedef struct sum_info {
    uint64_t infinite;   /* infinite components */
    size_t inf_at[2];    /* the first two of them */
    uint32_t x;          /* XOR of the finite values */
    uint64_t vsum, csum; /* sums of the finite values and their counters */
} sum_info;

static uint32_t raw(const grundy_loopy_component *c)
{
    return c->sol->val[c->vertex];
}

static grundy_status check(const grundy_loopy_component *c, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        GRUNDY_RETURN_IF(!c[i].sol || c[i].vertex >= c[i].sol->g->n,
                         GRUNDY_ERR_RANGE);
    return GRUNDY_OK;
}

static void info(sum_info *si, const grundy_loopy_component *c, size_t n)
{
    size_t i;
    memset(si, 0, sizeof *si);
    for (i = 0; i < n; i++) {
        uint32_t v = raw(&c[i]);
        if (v == GRUNDY_LOOPY_INF) {
            if (si->infinite < 2)
                si->inf_at[si->infinite] = i;
            si->infinite++;
        } else {
            si->x ^= v;
            si->vsum += v;
            si->csum += c[i].sol->ctr[c[i].vertex];
        }
    }
}

grundy_status grundy_loopy_sum_value(grundy_loopy_value *out,
                                     const grundy_loopy_component *c, size_t n)
{
    sum_info si;
    GRUNDY_TRY(check(c, n));
    info(&si, c, n);
    if (si.infinite == 0) {
        grundy_loopy_value_set_finite(out, si.x);
        return GRUNDY_OK;
    }
    if (si.infinite >= 2) {
        out->infinite = 1;
        out->finite = 0;
        out->nk = 0;
        return GRUNDY_OK;
    }
    {
        grundy_loopy_value x;
        grundy_status st;
        const grundy_loopy_component *z = &c[si.inf_at[0]];
        GRUNDY_TRY(grundy_loopy_solution_value(out, z->sol, z->vertex));
        grundy_loopy_value_init(&x);
        grundy_loopy_value_set_finite(&x, si.x);
        st = grundy_loopy_value_sum(out, out, &x);
        grundy_loopy_value_clear(&x);
        return st;
    }
}

/* The sorted K of an infinite component, to be searched. */
typedef struct kset {
    grundy_loopy_value v;
    int have;
} kset;

static int kset_has(const kset *k, uint32_t x)
{
    size_t lo = 0, hi = k->v.nk;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (k->v.k[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < k->v.nk && k->v.k[lo] == x;
}

/* What a move in component j to w leaves, for the player then to move;
 * the finite sums after it in *vs, *cs (infinite components excluded). */
static grundy_loopy_outcome after_move(const grundy_loopy_component *c,
                                       const sum_info *si, const kset *ks,
                                       size_t j, grundy_loopy_vertex w,
                                       uint64_t *vs, uint64_t *cs)
{
    const grundy_loopy_solution *s = c[j].sol;
    uint32_t from = raw(&c[j]), to = s->val[w];
    uint64_t inf = si->infinite;
    uint32_t x = si->x;
    *vs = si->vsum;
    *cs = si->csum;
    if (from == GRUNDY_LOOPY_INF) {
        inf--;
    } else {
        x ^= from;
        *vs -= from;
        *cs -= s->ctr[c[j].vertex];
    }
    if (to == GRUNDY_LOOPY_INF) {
        inf++;
    } else {
        x ^= to;
        *vs += to;
        *cs += s->ctr[w];
    }
    if (inf == 0)
        return x == 0 ? GRUNDY_LOOPY_SECOND : GRUNDY_LOOPY_FIRST;
    if (inf >= 2)
        return GRUNDY_LOOPY_DRAW;
    if (to == GRUNDY_LOOPY_INF)
        return grundy_loopy_solution_has_option(s, w, x) ? GRUNDY_LOOPY_FIRST
                                                         : GRUNDY_LOOPY_DRAW;
    /* The one infinite component left is not j. */
    {
        const kset *k = &ks[si->inf_at[0] == j ? 1 : 0];
        return kset_has(k, x) ? GRUNDY_LOOPY_FIRST : GRUNDY_LOOPY_DRAW;
    }
}

static grundy_status ksets_init(kset ks[2], const grundy_loopy_component *c,
                                const sum_info *si)
{
    size_t i;
    for (i = 0; i < 2; i++) {
        grundy_loopy_value_init(&ks[i].v);
        ks[i].have = 0;
    }
    for (i = 0; i < 2 && i < si->infinite; i++) {
        const grundy_loopy_component *z = &c[si->inf_at[i]];
        GRUNDY_TRY(grundy_loopy_solution_value(&ks[i].v, z->sol, z->vertex));
        ks[i].have = 1;
    }
    return GRUNDY_OK;
}

static void ksets_clear(kset ks[2])
{
    grundy_loopy_value_clear(&ks[0].v);
    grundy_loopy_value_clear(&ks[1].v);
}

static grundy_loopy_outcome sum_outcome(const sum_info *si, const kset *ks)
{
    if (si->infinite == 0)
        return si->x ? GRUNDY_LOOPY_FIRST : GRUNDY_LOOPY_SECOND;
    if (si->infinite >= 2)
        return GRUNDY_LOOPY_DRAW;
    return kset_has(&ks[0], si->x) ? GRUNDY_LOOPY_FIRST : GRUNDY_LOOPY_DRAW;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* first[i] = 1 when options[i] did not occur before index i. */
static grundy_status first_occurrences(unsigned char *first,
                                       const grundy_loopy_vertex *opt, size_t d)
{
    uint64_t *key;
    size_t i;
    if (d <= 16) { /* the common case: no allocation */
        size_t j;
        for (i = 0; i < d; i++) {
            first[i] = 1;
            for (j = 0; j < i; j++)
                if (opt[j] == opt[i]) {
                    first[i] = 0;
                    break;
                }
        }
        return GRUNDY_OK;
    }
    key = malloc(d * sizeof *key);
    GRUNDY_RETURN_IF(!key, GRUNDY_ERR_NOMEM);
    for (i = 0; i < d; i++)
        key[i] = (uint64_t)opt[i] << 32 | i;
    qsort(key, d, sizeof *key, cmp_u64);
    for (i = 0; i < d; i++)
        first[key[i] & 0xffffffffu] =
            i == 0 || (key[i] >> 32) != (key[i - 1] >> 32);
    free(key);
    return GRUNDY_OK;
}

grundy_status grundy_loopy_sum_moves(grundy_loopy_move **moves, size_t *count,
                                     grundy_loopy_outcome *outcome,
                                     const grundy_loopy_component *c, size_t n)
{
    sum_info si;
    kset ks[2];
    grundy_loopy_move *out = NULL;
    unsigned char *first = NULL;
    size_t nm = 0, cap = 0, j, e;
    grundy_status st = GRUNDY_OK;
    grundy_loopy_outcome want;

    *moves = NULL;
    *count = 0;
    GRUNDY_TRY(check(c, n));
    info(&si, c, n);
    st = ksets_init(ks, c, &si);
    if (st != GRUNDY_OK) {
        ksets_clear(ks);
        return st;
    }
    *outcome = sum_outcome(&si, ks);
    want = *outcome == GRUNDY_LOOPY_FIRST ? GRUNDY_LOOPY_SECOND
                                          : GRUNDY_LOOPY_DRAW;
    for (j = 0; j < n && *outcome != GRUNDY_LOOPY_SECOND && st == GRUNDY_OK;
         j++) {
        size_t d;
        const grundy_loopy_vertex *opt =
            grundy_loopy_graph_successors(c[j].sol->g, c[j].vertex, &d);
        unsigned char *nf = realloc(first, d ? d : 1);
        if (!nf) {
            st = GRUNDY_ERR_NOMEM;
            break;
        }
        first = nf;
        st = first_occurrences(first, opt, d);
        for (e = 0; e < d && st == GRUNDY_OK; e++) {
            uint64_t vs, cs;
            if (!first[e] ||
                after_move(c, &si, ks, j, opt[e], &vs, &cs) != want)
                continue;
            if (nm == cap) {
                size_t nc = cap ? 2 * cap : 16;
                grundy_loopy_move *no = realloc(out, nc * sizeof *no);
                if (!no) {
                    st = GRUNDY_ERR_NOMEM;
                    break;
                }
                out = no;
                cap = nc;
            }
            out[nm].component = j;
            out[nm].from = c[j].vertex;
            out[nm].to = opt[e];
            out[nm].after = want;
            nm++;
        }
    }
    free(first);
    ksets_clear(ks);
    if (st != GRUNDY_OK) {
        free(out);
        return st;
    }
    *moves = out;
    *count = nm;
    return GRUNDY_OK;
}

grundy_status grundy_loopy_sum_best(grundy_loopy_move *best, int *found,
                                    const grundy_loopy_component *c, size_t n)
{
    sum_info si;
    kset ks[2];
    grundy_loopy_outcome now;
    uint64_t bv = 0, bc = 0;
    size_t j, e;
    grundy_status st;

    *found = 0;
    GRUNDY_TRY(check(c, n));
    info(&si, c, n);
    st = ksets_init(ks, c, &si);
    if (st != GRUNDY_OK) {
        ksets_clear(ks);
        return st;
    }
    now = sum_outcome(&si, ks);
    for (j = 0; j < n; j++) {
        size_t d;
        const grundy_loopy_solution *s = c[j].sol;
        const grundy_loopy_vertex *opt =
            grundy_loopy_graph_successors(s->g, c[j].vertex, &d);
        for (e = 0; e < d; e++) {
            uint64_t vs, cs;
            grundy_loopy_outcome a =
                after_move(c, &si, ks, j, opt[e], &vs, &cs);
            int take;
            if (now == GRUNDY_LOOPY_FIRST) {
                /* The least (values, counters) among the winning moves. */
                take = a == GRUNDY_LOOPY_SECOND &&
                       (!*found || vs < bv || (vs == bv && cs < bc));
            } else if (now == GRUNDY_LOOPY_DRAW) {
                take = a == GRUNDY_LOOPY_DRAW && !*found;
            } else {
                /* Lost: the greatest, an infinite option above all. */
                if (s->val[opt[e]] == GRUNDY_LOOPY_INF) {
                    vs = UINT64_MAX;
                    cs = UINT64_MAX;
                }
                take = !*found || vs > bv || (vs == bv && cs > bc);
            }
            if (take) {
                best->component = j;
                best->from = c[j].vertex;
                best->to = opt[e];
                best->after = a;
                bv = vs;
                bc = cs;
                *found = 1;
            }
        }
    }
    ksets_clear(ks);
    return GRUNDY_OK;
}
