/*
 * smith.c -- Smith's rule on items (smith.h): the outcome of a sum and of
 * the sum after each move.
 *
 * The sum's value is the XOR X of its finite values, shifted into K when
 * exactly one component z is infinite (inf(K xor X)), inf() when two are.
 * The outcome after a move of component j needs only X' (X with j's old
 * value out and its new one in) and which components are then infinite:
 * none (X' == 0 loses for the player then to move), one component z (it
 * wins iff z has an option of finite value X'), or two (a draw).  The K
 * of an infinite component that stays is sorted once and searched, and a
 * new infinite position is asked for an option of value X'; so a move
 * costs O(log |K|), or the destination's degree.
 */
#include <stdlib.h>
#include <string.h>

#include "core/bsearch.h"
#include "loopy/loopy_internal.h"
#include "loopy/smith.h"

void grundy_smith_item_loopy(grundy_smith_item *it,
                             const grundy_loopy_solution *s,
                             grundy_loopy_vertex v)
{
    uint32_t raw = s->val[v];
    it->value = raw == GRUNDY_LOOPY_INF ? GRUNDY_SMITH_INF : raw;
    it->ctr = raw == GRUNDY_LOOPY_INF ? 0 : s->ctr[v];
    it->sol = s;
    it->vertex = v;
}

void grundy_smith_item_finite(grundy_smith_item *it, uint64_t g)
{
    memset(it, 0, sizeof *it);
    it->value = g;
}

grundy_status grundy_smith_init(grundy_smith *s, const grundy_smith_item *c,
                                size_t n)
{
    size_t i;
    memset(s, 0, sizeof *s);
    grundy_loopy_value_init(&s->k[0]);
    grundy_loopy_value_init(&s->k[1]);
    for (i = 0; i < n; i++) {
        if (c[i].value == GRUNDY_SMITH_INF) {
            if (s->infinite < 2) {
                s->inf_at[s->infinite] = i;
                GRUNDY_TRY(grundy_loopy_solution_value(
                    &s->k[s->infinite], c[i].sol, c[i].vertex));
            }
            s->infinite++;
        } else {
            s->x ^= c[i].value;
            s->vsum += c[i].value;
            s->csum += c[i].ctr;
        }
    }
    return GRUNDY_OK;
}

void grundy_smith_clear(grundy_smith *s)
{
    grundy_loopy_value_clear(&s->k[0]);
    grundy_loopy_value_clear(&s->k[1]);
}

/* x in the sorted K of v. */
static int k_has(const grundy_loopy_value *v, uint64_t x)
{
    size_t lo;
    if (x > UINT32_MAX)
        return 0;
    GRUNDY_PARTITION_POINT(lo, v->nk, mid, v->k[mid] < x);
    return lo < v->nk && v->k[lo] == x;
}

grundy_loopy_outcome grundy_smith_outcome(const grundy_smith *s)
{
    if (s->infinite == 0)
        return s->x ? GRUNDY_LOOPY_FIRST : GRUNDY_LOOPY_SECOND;
    if (s->infinite >= 2)
        return GRUNDY_LOOPY_DRAW;
    return k_has(&s->k[0], s->x) ? GRUNDY_LOOPY_FIRST : GRUNDY_LOOPY_DRAW;
}

grundy_loopy_outcome grundy_smith_after(const grundy_smith *s,
                                        const grundy_smith_item *c, size_t j,
                                        const grundy_smith_item *to,
                                        uint64_t *vs, uint64_t *cs)
{
    uint64_t inf = s->infinite, x = s->x;
    *vs = s->vsum;
    *cs = s->csum;
    if (c[j].value == GRUNDY_SMITH_INF) {
        inf--;
    } else {
        x ^= c[j].value;
        *vs -= c[j].value;
        *cs -= c[j].ctr;
    }
    if (to->value == GRUNDY_SMITH_INF) {
        inf++;
    } else {
        x ^= to->value;
        *vs += to->value;
        *cs += to->ctr;
    }
    if (inf == 0)
        return x == 0 ? GRUNDY_LOOPY_SECOND : GRUNDY_LOOPY_FIRST;
    if (inf >= 2)
        return GRUNDY_LOOPY_DRAW;
    if (to->value == GRUNDY_SMITH_INF)
        return x <= UINT32_MAX && grundy_loopy_solution_has_option(
                                      to->sol, to->vertex, (uint32_t)x)
                   ? GRUNDY_LOOPY_FIRST
                   : GRUNDY_LOOPY_DRAW;
    /* The one infinite component left is not j. */
    return k_has(&s->k[s->inf_at[0] == j ? 1 : 0], x) ? GRUNDY_LOOPY_FIRST
                                                       : GRUNDY_LOOPY_DRAW;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

grundy_status grundy_smith_value(int *infinite, uint64_t *finite,
                                 uint64_t **k, size_t *nk,
                                 const grundy_smith *s)
{
    size_t i;
    *k = NULL;
    *nk = 0;
    *finite = s->infinite ? 0 : s->x;
    *infinite = s->infinite != 0;
    if (s->infinite != 1 || !s->k[0].nk)
        return GRUNDY_OK; /* finite, or inf() */
    *k = malloc(s->k[0].nk * sizeof **k);
    GRUNDY_RETURN_IF(!*k, GRUNDY_ERR_NOMEM);
    for (i = 0; i < s->k[0].nk; i++)
        (*k)[i] = s->k[0].k[i] ^ s->x;
    *nk = s->k[0].nk;
    qsort(*k, *nk, sizeof **k, cmp_u64);
    return GRUNDY_OK;
}

int grundy_smith_better(grundy_loopy_outcome now, grundy_loopy_outcome after,
                        int to_infinite, uint64_t vs, uint64_t cs,
                        int found, uint64_t *bv, uint64_t *bc)
{
    int take;
    if (now == GRUNDY_LOOPY_FIRST) {
        take = after == GRUNDY_LOOPY_SECOND &&
               (!found || vs < *bv || (vs == *bv && cs < *bc));
    } else if (now == GRUNDY_LOOPY_DRAW) {
        take = after == GRUNDY_LOOPY_DRAW && !found;
    } else {
        if (to_infinite) {
            vs = UINT64_MAX;
            cs = UINT64_MAX;
        }
        take = !found || vs > *bv || (vs == *bv && cs > *bc);
    }
    if (take) {
        *bv = vs;
        *bc = cs;
    }
    return take;
}
