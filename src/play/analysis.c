/*
 * analysis.c -- a state's position analyzed: grundy_sum_analyze()'s
 * answer, with the values a front end shows beside it.
 *
 * Under normal play every component has a value: a Grundy value, or for
 * a game with cycles its generalized value (finite, or inf(K) with K the
 * finite values among its options).  The sum's value is Smith's: the XOR
 * of the finite values, shifted into K when one component is infinite,
 * inf() when two are.  The K sets of an analysis share one pool, so
 * clearing it is two frees.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/parse_error.h"
#include "play/play_internal.h"
#include "sum/sum_internal.h"

size_t grundy_play_value_format(const grundy_play_value *v, char *buf,
                                size_t cap)
{
    size_t len = 0, i;
    int k;
    if (cap)
        buf[0] = 0;
    if (!v->infinite) {
        k = snprintf(buf, cap, "%llu", (unsigned long long)v->value);
        return k < 0 ? 0 : (size_t)k;
    }
    k = snprintf(buf, cap, "inf(");
    len += (size_t)(k < 0 ? 0 : k);
    for (i = 0; i < v->nk; i++) {
        k = snprintf(len < cap ? buf + len : NULL, len < cap ? cap - len : 0,
                     "%s%llu", i ? "," : "", (unsigned long long)v->k[i]);
        len += (size_t)(k < 0 ? 0 : k);
    }
    k = snprintf(len < cap ? buf + len : NULL, len < cap ? cap - len : 0,
                 ")");
    len += (size_t)(k < 0 ? 0 : k);
    return len;
}

void grundy_play_analysis_clear(grundy_play_analysis *a)
{
    if (!a)
        return;
    grundy_sum_result_clear(&a->sum);
    GRUNDY_FREE_ALL(a->component, a->move_value, a->kpool);
    memset(a, 0, sizeof *a);
}

/* Building values: K sets go to the pool as offsets (in v->nk's place
 * until the pool stops moving: see fix_pool). */
typedef struct kref {
    grundy_play_value *v;
    size_t off;
} kref;

typedef struct builder {
    grundy_play_analysis *a;
    kref *refs;
    size_t nrefs, rcap;
} builder;

static grundy_status put_k(builder *b, grundy_play_value *v,
                           const uint64_t *k, size_t nk)
{
    grundy_play_analysis *a = b->a;
    GRUNDY_TRY(grundy_play_grow((void **)&a->kpool, &a->kcap,
                                a->nkpool + nk + 1, sizeof *a->kpool));
    GRUNDY_TRY(grundy_play_grow((void **)&b->refs, &b->rcap, b->nrefs + 1,
                                sizeof *b->refs));
    if (nk)
        memcpy(a->kpool + a->nkpool, k, nk * sizeof *k);
    b->refs[b->nrefs].v = v;
    b->refs[b->nrefs++].off = a->nkpool;
    a->nkpool += nk;
    v->infinite = 1;
    v->nk = nk;
    return GRUNDY_OK;
}

static void fix_pool(builder *b)
{
    size_t i;
    for (i = 0; i < b->nrefs; i++)
        b->refs[i].v->k = b->a->kpool + b->refs[i].off;
}

/* The value of position pos of component c's game. */
static grundy_status value_at(builder *b, grundy_play_value *v,
                              const grundy_sum_component *c, grundy_pos pos)
{
    const grundy_game *g = grundy_values_game(c->values);
    memset(v, 0, sizeof *v);
    if (grundy_game_rules(g)->flags & GRUNDY_RULES_LOOPY) {
        const grundy_loopy_game *lg;
        grundy_loopy_value lv;
        uint64_t *k;
        size_t i;
        grundy_status s;
        GRUNDY_TRY(grundy_sum_loopy_game(&lg, c->values, NULL));
        grundy_loopy_value_init(&lv);
        s = grundy_loopy_solution_value(&lv, grundy_loopy_game_solution(lg),
                                        (grundy_loopy_vertex)pos);
        if (s == GRUNDY_OK && !lv.infinite) {
            v->value = lv.finite;
        } else if (s == GRUNDY_OK) {
            k = malloc((lv.nk ? lv.nk : 1) * sizeof *k);
            s = k ? GRUNDY_OK : GRUNDY_ERR_NOMEM;
            for (i = 0; k && i < lv.nk; i++)
                k[i] = lv.k[i];
            if (s == GRUNDY_OK)
                s = put_k(b, v, k, lv.nk);
            free(k);
        }
        grundy_loopy_value_clear(&lv);
        return s;
    }
    return grundy_values_get(&v->value, c->values, pos);
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* The sum's value from its components' (Smith's rule). */
static grundy_status sum_value(builder *b, size_t n)
{
    grundy_play_analysis *a = b->a;
    const grundy_play_value *inf = NULL;
    uint64_t x = 0, *k;
    size_t i, infinite = 0;
    grundy_status s;
    for (i = 0; i < n; i++) {
        if (a->component[i].infinite) {
            inf = &a->component[i];
            infinite++;
        } else {
            x ^= a->component[i].value;
        }
    }
    memset(&a->value, 0, sizeof a->value);
    if (!infinite) {
        a->value.value = x;
        return GRUNDY_OK;
    }
    if (infinite > 1)
        return put_k(b, &a->value, NULL, 0);
    /* inf's K is in the pool at its offset: copy it out first */
    for (i = 0; i < b->nrefs && b->refs[i].v != inf; i++)
        ;
    k = malloc((inf->nk ? inf->nk : 1) * sizeof *k);
    GRUNDY_RETURN_IF(!k, GRUNDY_ERR_NOMEM);
    for (n = 0; n < inf->nk; n++)
        k[n] = a->kpool[b->refs[i].off + n] ^ x;
    qsort(k, inf->nk, sizeof *k, cmp_u64);
    s = put_k(b, &a->value, k, inf->nk);
    free(k);
    return s;
}

static grundy_status values(builder *b, const grundy_sum_component *c,
                            size_t n)
{
    grundy_play_analysis *a = b->a;
    const grundy_sum_result *r = &a->sum;
    size_t i;
    a->component = calloc(n ? n : 1, sizeof *a->component);
    a->move_value = calloc(r->nmoves ? r->nmoves : 1, sizeof *a->move_value);
    GRUNDY_RETURN_IF(!a->component || !a->move_value, GRUNDY_ERR_NOMEM);
    for (i = 0; i < n; i++)
        GRUNDY_TRY(value_at(b, &a->component[i], &c[i], c[i].pos));
    GRUNDY_TRY(sum_value(b, n));
    for (i = 0; i < r->nmoves; i++) {
        const grundy_sum_move *m = &r->moves[i];
        if (r->moves[i].value != GRUNDY_SUM_INFINITE ||
            m->to.nparts != 1) {
            a->move_value[i].value = m->value;
            continue;
        }
        GRUNDY_TRY(value_at(b, &a->move_value[i], &c[m->component],
                            m->to.part[0]));
    }
    a->has_values = 1;
    return GRUNDY_OK;
}

grundy_status grundy_play_analyze(grundy_play_analysis *out, grundy_play *p,
                                  unsigned want)
{
    grundy_sum_opts o;
    size_t n;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    builder b;
    grundy_status s;
    memset(out, 0, sizeof *out);
    grundy_sum_opts_init(&o);
    o.convention = p->o.convention;
    o.moore_k = p->o.moore_k;
    o.max_states = p->o.max_states;
    o.limits = grundy_session_limits(p->s);
    o.memo = grundy_session_sum_memo(p->s);
    o.want = want & ~GRUNDY_PLAY_VALUES;
    GRUNDY_TRY(grundy_sum_analyze(&out->sum, c, n, NULL, &o));
    if (!(want & GRUNDY_PLAY_VALUES))
        return GRUNDY_OK;
    memset(&b, 0, sizeof b);
    b.a = out;
    s = values(&b, c, n);
    out->sum.values_failed = s != GRUNDY_OK;
    fix_pool(&b);
    free(b.refs);
    return s;
}

grundy_status grundy_play_prepare(grundy_play *p, size_t *at,
                                  grundy_parse_error *where)
{
    size_t n, i;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    const grundy_loopy_game *lg;
    grundy_parse_error_clear(where);
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_values_game(c[i].values);
        grundy_status s;
        if (!(grundy_game_rules(g)->flags & GRUNDY_RULES_LOOPY))
            continue;
        s = grundy_sum_loopy_game(&lg, c[i].values, where);
        if (s != GRUNDY_OK) {
            if (at)
                *at = i;
            return s;
        }
    }
    return GRUNDY_OK;
}

grundy_status grundy_play_best(grundy_play *p, grundy_sum_move *set,
                               size_t *n, int *first_wins, int *draw)
{
    grundy_play_analysis a;
    grundy_status s = grundy_play_analyze(&a, p, GRUNDY_SUM_BEST);
    *n = 0;
    if (s == GRUNDY_OK) {
        *n = a.sum.nbest;
        if (*n)
            memcpy(set, a.sum.best, *n * sizeof *set);
        if (first_wins)
            *first_wins = a.sum.first_wins;
        if (draw)
            *draw = a.sum.draw;
    }
    grundy_play_analysis_clear(&a);
    return s;
}

grundy_status grundy_play_reply(grundy_play *p, size_t *n, uint64_t *rem)
{
    grundy_sum_move set[GRUNDY_PLAY_MAX_SET];
    grundy_play_analysis a;
    grundy_status s =
        grundy_play_analyze(&a, p, GRUNDY_SUM_BEST | GRUNDY_SUM_REMOTENESS);
    *n = 0;
    *rem = GRUNDY_REMOTENESS_UNKNOWN;
    if (s == GRUNDY_OK) {
        *n = a.sum.nbest;
        if (*n)
            memcpy(set, a.sum.best, *n * sizeof *set);
        *rem = a.sum.best_remoteness;
    }
    grundy_play_analysis_clear(&a);
    if (s == GRUNDY_ERR_LIMIT || s == GRUNDY_ERR_WORK)
        s = grundy_play_best(p, set, n, NULL, NULL);
    if (s == GRUNDY_OK && *n)
        s = grundy_play_apply(p, set, *n);
    if (s != GRUNDY_OK)
        *n = 0;
    return s;
}
