/*
 * sum_oracle.c -- the obviously-right search behind sum_oracle.h: a
 * recursive win/loss search with a memo keyed by the sorted list of
 * components.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sum_oracle.h"

#define MOVE_CAP 128

size_t oracle_family_moves(const oracle_family *f, uint64_t pos,
                           oracle_move3 *out, size_t cap)
{
    uint64_t h[MOVE_CAP];
    size_t n, i;
    if (f->moves)
        return f->moves(f->ctx, pos, out, cap);
    assert(pos + 1 <= cap && pos < MOVE_CAP);
    n = f->heap(f->ctx, pos, h);
    for (i = 0; i < n; i++) {
        out[i].part[0] = h[i];
        out[i].n = 1;
    }
    return n;
}

size_t oracle_moves_octal(const void *ctx, uint64_t h, oracle_move3 *out,
                          size_t cap)
{
    const oracle_octal *o = ctx;
    size_t n = 0;
    uint64_t j, a;
    for (j = 1; j <= h && j < 32; j++) {
        uint64_t rest = h - j;
        if ((o->d[j] & 1) && rest == 0 && n < cap)
            out[n++].n = 0;
        if ((o->d[j] & 2) && rest > 0 && n < cap) {
            out[n].part[0] = rest;
            out[n++].n = 1;
        }
        if (o->d[j] & 4)
            for (a = 1; 2 * a <= rest && n < cap; a++) {
                out[n].part[0] = a;
                out[n].part[1] = rest - a;
                out[n++].n = 2;
            }
    }
    return n;
}

size_t oracle_moves_grundy_game(const void *ctx, uint64_t h,
                                oracle_move3 *out, size_t cap)
{
    size_t n = 0;
    uint64_t a;
    (void)ctx;
    for (a = 1; 2 * a < h && n < cap; a++) {
        out[n].part[0] = a;
        out[n].part[1] = h - a;
        out[n++].n = 2;
    }
    return n;
}

size_t oracle_moves_rect(const void *ctx, uint64_t b, oracle_move3 *out,
                         size_t cap)
{
    const oracle_rect *rc = ctx;
    unsigned r0, r1, c0, c1, r, c;
    size_t n = 0;
    for (r0 = 0; r0 < rc->rows; r0++)
        for (r1 = r0; r1 < rc->rows; r1++)
            for (c0 = 0; c0 < rc->cols; c0++)
                for (c1 = c0; c1 < rc->cols; c1++) {
                    uint64_t mask = 0;
                    for (r = r0; r <= r1; r++)
                        for (c = c0; c <= c1; c++)
                            mask |= 1ull << (r * rc->cols + c);
                    if ((b & mask) == mask && n < cap) {
                        out[n].part[0] = b & ~mask;
                        out[n++].n = 1;
                    }
                }
    return n;
}

/* The memo: open addressing over keys that are item lists. */
typedef struct entry {
    oracle_item *key;
    size_t len;
    int win;
} entry;

struct oracle_sum {
    const oracle_family *fams;
    size_t nfams;
    unsigned k;
    int misere;
    entry *tab;
    size_t cap, n;
};

oracle_sum *oracle_sum_new(const oracle_family *fams, size_t nfams,
                           unsigned k, int misere)
{
    oracle_sum *o = calloc(1, sizeof *o);
    o->fams = fams;
    o->nfams = nfams;
    o->k = k;
    o->misere = misere;
    o->cap = 1024;
    o->tab = calloc(o->cap, sizeof *o->tab);
    return o;
}

void oracle_sum_free(oracle_sum *o)
{
    size_t i;
    if (!o)
        return;
    for (i = 0; i < o->cap; i++)
        free(o->tab[i].key);
    free(o->tab);
    free(o);
}

static int item_less(const oracle_item *a, const oracle_item *b)
{
    return a->fam != b->fam ? a->fam < b->fam : a->pos < b->pos;
}

static void sort_items(oracle_item *it, size_t n)
{
    size_t i, j;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && item_less(&it[j], &it[j - 1]); j--) {
            oracle_item t = it[j];
            it[j] = it[j - 1];
            it[j - 1] = t;
        }
}

static size_t hash_key(const oracle_item *it, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    size_t i;
    for (i = 0; i < n; i++) {
        h = (h ^ it[i].fam) * 1099511628211ull;
        h = (h ^ it[i].pos) * 1099511628211ull;
    }
    return (size_t)(h ^ (h >> 29));
}

static entry *lookup(oracle_sum *o, const oracle_item *it, size_t n)
{
    size_t i = hash_key(it, n) & (o->cap - 1);
    while (o->tab[i].key) {
        if (o->tab[i].len == n &&
            memcmp(o->tab[i].key, it, n * sizeof *it) == 0)
            return &o->tab[i];
        i = (i + 1) & (o->cap - 1);
    }
    return &o->tab[i];
}

static void insert(oracle_sum *o, const oracle_item *it, size_t n, int win)
{
    entry *e;
    if (2 * (o->n + 1) > o->cap) {
        entry *old = o->tab;
        size_t oc = o->cap, i;
        o->cap *= 2;
        o->tab = calloc(o->cap, sizeof *o->tab);
        for (i = 0; i < oc; i++)
            if (old[i].key)
                *lookup(o, old[i].key, old[i].len) = old[i];
        free(old);
    }
    e = lookup(o, it, n);
    e->key = malloc((n ? n : 1) * sizeof *it);
    memcpy(e->key, it, n * sizeof *it);
    e->len = n;
    e->win = win;
    o->n++;
}

static int wins(oracle_sum *o, const oracle_item *items, size_t n);

/* Try every way of moving in 1..k of the components from index start on;
 * chosen[] marks those moved, and the parts they left are in extra[]. */
static int try_sets(oracle_sum *o, const oracle_item *items, size_t n,
                    size_t start, unsigned depth, unsigned char *chosen,
                    oracle_item *extra, size_t nextra, int *any)
{
    size_t i, j, nm;
    oracle_move3 mv[MOVE_CAP];
    for (i = start; i < n; i++) {
        nm = oracle_family_moves(&o->fams[items[i].fam], items[i].pos, mv,
                                 MOVE_CAP);
        chosen[i] = 1;
        for (j = 0; j < nm; j++) {
            oracle_item *child = malloc((n + nextra + 3) * sizeof *child);
            size_t len = 0, q;
            unsigned p;
            int opp;
            for (q = 0; q < n; q++)
                if (!chosen[q])
                    child[len++] = items[q];
            for (q = 0; q < nextra; q++)
                child[len++] = extra[q];
            for (p = 0; p < mv[j].n; p++) {
                child[len].fam = items[i].fam;
                child[len].pos = mv[j].part[p];
                len++;
            }
            *any = 1;
            opp = wins(o, child, len);
            if (!opp) {
                free(child);
                chosen[i] = 0;
                return 1;
            }
            if (depth + 1 < o->k) {
                /* Move in more components: the parts left so far ride
                 * along in extra. */
                oracle_item *ex = malloc((nextra + 3) * sizeof *ex);
                int w;
                if (nextra)
                    memcpy(ex, extra, nextra * sizeof *ex);
                for (p = 0; p < mv[j].n; p++) {
                    ex[nextra + p].fam = items[i].fam;
                    ex[nextra + p].pos = mv[j].part[p];
                }
                w = try_sets(o, items, n, i + 1, depth + 1, chosen, ex,
                             nextra + mv[j].n, any);
                free(ex);
                if (w) {
                    free(child);
                    chosen[i] = 0;
                    return 1;
                }
            }
            free(child);
        }
        chosen[i] = 0;
    }
    return 0;
}

static int wins(oracle_sum *o, const oracle_item *items, size_t n)
{
    oracle_item *s = malloc((n ? n : 1) * sizeof *s);
    unsigned char *chosen;
    entry *e;
    int w, any = 0;
    size_t i, m = 0;
    oracle_move3 mv[MOVE_CAP];
    /* A component without a move adds nothing to either player's
     * options: leave it out. */
    for (i = 0; i < n; i++)
        if (oracle_family_moves(&o->fams[items[i].fam], items[i].pos, mv,
                                MOVE_CAP) > 0)
            s[m++] = items[i];
    n = m;
    sort_items(s, n);
    e = lookup(o, s, n);
    if (e->key) {
        free(s);
        return e->win;
    }
    chosen = calloc(n ? n : 1, 1);
    w = try_sets(o, s, n, 0, 0, chosen, NULL, 0, &any);
    free(chosen);
    if (!any)
        w = o->misere; /* no move at all */
    insert(o, s, n, w);
    free(s);
    return w;
}

int oracle_sum_wins(oracle_sum *o, const oracle_item *items, size_t n)
{
    return wins(o, items, n);
}
