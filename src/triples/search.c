/*
 * search.c -- the direct game-tree search over triples: the oracle for the
 * criterion and for every count derived from it.
 *
 * A position is a sorted triple a < b < c.  Numbering them by
 * C(c,3) + C(b,2) + a enumerates them in increasing (c, b, a); any move
 * lowers that key (lowering c lowers the largest heap, lowering b keeps c
 * and lowers the middle one, lowering a keeps both), so one pass in index
 * order sees every successor solved before the position itself.  The
 * moves are generated straight from the rules: each heap goes to every
 * smaller size that differs from the two other heaps, 0 included.
 *
 * Results take one bit per triple (bound^3 / 48 bytes).  Nothing is known
 * about the game in advance, so a lost position costs a full scan of its
 * moves; a won one stops at the first lost successor.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "triples_internal.h"

struct grundy_triples_search {
    uint32_t bound;
    uint64_t *bits;
    uint64_t *c3; /* C(c, 3) */
    uint64_t *b2; /* C(b, 2) */
};

static uint64_t key(const grundy_triples_search *s, uint32_t a, uint32_t b,
                    uint32_t c)
{
    return s->c3[c] + s->b2[b] + a;
}

static int lost_at(const grundy_triples_search *s, uint64_t k)
{
    return (int)((s->bits[k / 64] >> (k % 64)) & 1u);
}

/* Lost successor among the sorted triple of {u, v, w} with u < v. */
static int lost3(const grundy_triples_search *s, uint32_t u, uint32_t v,
                 uint32_t w)
{
    if (w > v)
        return lost_at(s, key(s, u, v, w));
    if (w > u)
        return lost_at(s, key(s, u, w, v));
    return lost_at(s, key(s, w, u, v));
}

static int is_lost(const grundy_triples_search *s, uint32_t a, uint32_t b,
                   uint32_t c)
{
    uint32_t v;
    for (v = 0; v < a; v++) /* a -> v: (v, b, c) */
        if (lost_at(s, key(s, v, b, c)))
            return 0;
    for (v = 0; v < b; v++) /* b -> v, v != a */
        if (v != a && lost3(s, a, c, v))
            return 0;
    for (v = 0; v < c; v++) /* c -> v, v != a, b */
        if (v != a && v != b && lost3(s, a, b, v))
            return 0;
    return 1;
}

grundy_status grundy_triples_search_new(grundy_triples_search **out,
                                        uint32_t bound)
{
    grundy_triples_search *s;
    uint64_t n, k;
    uint32_t a, b, c;

    *out = NULL;
    GRUNDY_RETURN_IF(bound > GRUNDY_TRIPLES_SEARCH_MAX_BOUND, GRUNDY_ERR_RANGE);
    GRUNDY_TRY(GRUNDY_NEW(s));
    s->bound = bound;
    n = (uint64_t)bound * (bound > 0 ? bound - 1 : 0) *
        (bound > 1 ? bound - 2 : 0) / 6; /* C(bound, 3) */
    s->bits = calloc((size_t)(n / 64 + 1), sizeof *s->bits);
    s->c3 = malloc(((size_t)bound + 1) * sizeof *s->c3);
    s->b2 = malloc(((size_t)bound + 1) * sizeof *s->b2);
    if (!s->bits || !s->c3 || !s->b2) {
        grundy_triples_search_free(s);
        return GRUNDY_ERR_NOMEM;
    }
    for (c = 0; c <= bound; c++) {
        s->c3[c] = (uint64_t)c * (c > 0 ? c - 1 : 0) * (c > 1 ? c - 2 : 0) / 6;
        s->b2[c] = (uint64_t)c * (c > 0 ? c - 1 : 0) / 2;
    }
    k = 0;
    for (c = 2; c < bound; c++)
        for (b = 1; b < c; b++)
            for (a = 0; a < b; a++, k++) {
                assert(k == key(s, a, b, c));
                if (is_lost(s, a, b, c))
                    s->bits[k / 64] |= (uint64_t)1 << (k % 64);
            }
    assert(k == n);
    *out = s;
    return GRUNDY_OK;
}

void grundy_triples_search_free(grundy_triples_search *s)
{
    if (!s)
        return;
    GRUNDY_FREE_ALL(s->bits, s->c3, s->b2, s);
}

uint32_t grundy_triples_search_bound(const grundy_triples_search *s)
{
    return s->bound;
}

int grundy_triples_search_losing(const grundy_triples_search *s, uint32_t a,
                                 uint32_t b, uint32_t c)
{
    uint32_t t;
    if (a > b) {
        t = a;
        a = b;
        b = t;
    }
    if (b > c) {
        t = b;
        b = c;
        c = t;
    }
    if (a > b) {
        t = a;
        a = b;
        b = t;
    }
    assert(a < b && b < c && c < s->bound);
    return lost_at(s, key(s, a, b, c));
}
