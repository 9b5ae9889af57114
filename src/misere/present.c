/*
 * present.c -- a presentation of a quotient: generators, relations and
 * normal forms (see grundy/misere.h).
 *
 * Generators are chosen heap by heap, a new one whenever a heap's element
 * lies outside the submonoid of the generators so far.  Normal forms are
 * the colex-least words over the generators, found by the same walk as
 * elsewhere (children add generators up to the last one added; a word
 * whose element was met is not extended, since its extensions are reached
 * by smaller words).  Words that are not normal forms are closed under
 * adding generators, so they are the multiples of their minimal members
 * (Dickson: finitely many); rewriting a minimal one to its normal form
 * makes any word smaller in colex order, so those rules reach every
 * normal form and define the monoid.  A word w + g with w normal is
 * minimal non-normal when it is not normal and dropping any one of its
 * generators leaves a normal word.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "misere/misere_internal.h"

void grundy_misere_pres_clear(grundy_misere_pres *p)
{
    free(p->gen_heap);
    free(p->rel);
    free(p->normal);
    memset(p, 0, sizeof *p);
}

/* The element of a word over the generators. */
static uint32_t elem_of(const mq_mon *m, const uint32_t *glet,
                        const uint32_t *w, size_t ng)
{
    uint32_t x = 0, k;
    size_t j;
    for (j = 0; j < ng; j++)
        for (k = 0; k < w[j]; k++)
            x = m->act[(size_t)glet[j] * m->q + x];
    return x;
}

typedef struct pframe {
    uint32_t x, maxd, next, via;
} pframe;

grundy_status grundy_misere_pres_init(grundy_misere_pres *p,
                                      const grundy_misere *q,
                                      const grundy_limits *lim)
{
    const mq_mon *m = &q->mon;
    uint32_t qn = m->q, x, *glet = NULL, *queue = NULL, *w = NULL, *u = NULL;
    uint8_t *in = NULL, *met = NULL;
    size_t ng = 0, capg = 0, j, i, relcap = 0;
    pframe *st = NULL;
    grundy_status s = GRUNDY_OK;
    grundy_pos h;

    memset(p, 0, sizeof *p);
    in = calloc(qn, 1);
    queue = malloc(qn * sizeof *queue);
    if (!in || !queue) {
        s = GRUNDY_ERR_NOMEM;
        goto done;
    }
    in[0] = 1;
    /* Generators. */
    for (h = 1; h <= q->heaps; h++) {
        uint32_t l = q->live_of[h], e, head, tail;
        if (l == MQ_NONE || in[e = m->phi[l]])
            continue;
        if (ng == capg) {
            size_t nc = capg ? 2 * capg : 8;
            grundy_pos *nh = realloc(p->gen_heap, nc * sizeof *nh);
            uint32_t *nl;
            if (!nh) {
                s = GRUNDY_ERR_NOMEM;
                goto done;
            }
            p->gen_heap = nh;
            nl = realloc(glet, nc * sizeof *nl);
            if (!nl) {
                s = GRUNDY_ERR_NOMEM;
                goto done;
            }
            glet = nl;
            capg = nc;
        }
        p->gen_heap[ng] = h;
        glet[ng++] = m->let[l];
        /* The submonoid again: everything reached from what is in it. */
        tail = 0;
        for (x = 0; x < qn; x++)
            if (in[x])
                queue[tail++] = x;
        for (head = 0; head < tail; head++)
            for (j = 0; j < ng; j++) {
                uint32_t y = m->act[(size_t)glet[j] * qn + queue[head]];
                if (!in[y]) {
                    in[y] = 1;
                    queue[tail++] = y;
                }
            }
    }
    p->ngens = ng;
    p->order = qn;
    s = grundy_limits_mem_check(lim, (size_t)qn * (ng + 1) * 4 * 2);
    if (s != GRUNDY_OK)
        goto done;
    p->normal = calloc((size_t)qn * (ng + 1), sizeof *p->normal);
    met = calloc(qn, 1);
    st = malloc((qn + 2) * sizeof *st);
    w = calloc(ng + 1, sizeof *w);
    u = calloc(ng + 1, sizeof *u);
    if (!p->normal || !met || !st || !w || !u) {
        s = GRUNDY_ERR_NOMEM;
        goto done;
    }
    /* Normal forms: the colex-least word of each element. */
    met[0] = 1;
    if (ng) {
        size_t depth = 0;
        st[0].x = 0;
        st[0].maxd = (uint32_t)ng - 1;
        st[0].next = 0;
        st[0].via = MQ_NONE;
        for (;;) {
            pframe *f = &st[depth];
            uint32_t d, y;
            if (f->next > f->maxd) {
                if (depth == 0)
                    break;
                w[f->via]--;
                depth--;
                continue;
            }
            d = f->next++;
            y = m->act[(size_t)glet[d] * qn + f->x];
            if (met[y])
                continue;
            met[y] = 1;
            w[d]++;
            memcpy(p->normal + (size_t)y * ng, w, ng * sizeof *w);
            depth++;
            st[depth].x = y;
            st[depth].maxd = d;
            st[depth].next = 0;
            st[depth].via = d;
        }
    }
    /* Relations: minimal words that are not normal forms. */
    for (x = 0; x < qn; x++) {
        const uint32_t *nx = p->normal + (size_t)x * ng;
        for (j = 0; j < ng; j++) {
            uint32_t y = m->act[(size_t)glet[j] * qn + x];
            const uint32_t *ny = p->normal + (size_t)y * ng;
            int minimal = 1;
            memcpy(w, nx, ng * sizeof *w);
            w[j]++;
            /* count each word once: j is its last generator */
            for (i = j + 1; i < ng; i++)
                if (w[i])
                    break;
            if (i < ng || memcmp(w, ny, ng * sizeof *w) == 0)
                continue;
            for (i = 0; i < ng && minimal; i++) {
                uint32_t z;
                if (!w[i] || i == j)
                    continue;
                memcpy(u, w, ng * sizeof *u);
                u[i]--;
                z = elem_of(m, glet, u, ng);
                if (memcmp(u, p->normal + (size_t)z * ng,
                           ng * sizeof *u) != 0)
                    minimal = 0;
            }
            if (!minimal)
                continue;
            if (p->nrels == relcap) {
                size_t nc = relcap ? 2 * relcap : 16;
                uint32_t *nr;
                s = grundy_limits_mem_check(lim, nc * 2 * ng * 4);
                if (s != GRUNDY_OK)
                    goto done;
                nr = realloc(p->rel, nc * 2 * ng * sizeof *nr + 1);
                if (!nr) {
                    s = GRUNDY_ERR_NOMEM;
                    goto done;
                }
                p->rel = nr;
                relcap = nc;
            }
            memcpy(p->rel + 2 * p->nrels * ng, w, ng * sizeof *w);
            memcpy(p->rel + (2 * p->nrels + 1) * ng, ny, ng * sizeof *w);
            p->nrels++;
        }
    }
    /* In colex order of the left-hand sides (insertion sort: few). */
    if (p->nrels > 1) {
        uint32_t *t = malloc(2 * ng * sizeof *t);
        if (!t) {
            s = GRUNDY_ERR_NOMEM;
            goto done;
        }
        for (i = 1; i < p->nrels; i++) {
            memcpy(t, p->rel + 2 * i * ng, 2 * ng * sizeof *t);
            for (j = i; j > 0; j--) {
                uint32_t *a = p->rel + 2 * (j - 1) * ng;
                if (grundy_mq_word_cmp(a, t, (uint32_t)ng) <= 0)
                    break;
                memcpy(a + 2 * ng, a, 2 * ng * sizeof *t);
            }
            memcpy(p->rel + 2 * j * ng, t, 2 * ng * sizeof *t);
        }
        free(t);
    }
done:
    free(glet);
    free(queue);
    free(in);
    free(met);
    free(st);
    free(w);
    free(u);
    if (s != GRUNDY_OK)
        grundy_misere_pres_clear(p);
    return s;
}

size_t grundy_misere_pres_name(const grundy_misere_pres *p, size_t i,
                               char *buf, size_t cap)
{
    int n;
    (void)p;
    if (i < 26)
        n = snprintf(buf, cap, "%c", (char)('a' + i));
    else if (i < 52)
        n = snprintf(buf, cap, "%c", (char)('A' + (i - 26)));
    else
        n = snprintf(buf, cap, "g%zu", i + 1);
    return n < 0 ? 0 : (size_t)n;
}

size_t grundy_misere_pres_format(const grundy_misere_pres *p,
                                 const uint32_t *word, char *buf, size_t cap)
{
    size_t len = 0, i;
    int empty = 1, sep = p->ngens > 52;
    char name[32];
    if (cap)
        buf[0] = 0;
    for (i = 0; i < p->ngens; i++) {
        int n;
        if (!word[i])
            continue;
        grundy_misere_pres_name(p, i, name, sizeof name);
        if (word[i] > 1)
            n = snprintf(len < cap ? buf + len : NULL, len < cap ? cap - len : 0,
                         "%s%s^%u", sep && !empty ? "." : "", name, word[i]);
        else
            n = snprintf(len < cap ? buf + len : NULL, len < cap ? cap - len : 0,
                         "%s%s", sep && !empty ? "." : "", name);
        if (n > 0)
            len += (size_t)n;
        empty = 0;
    }
    if (empty) {
        int n = snprintf(cap ? buf : NULL, cap, "1");
        len = n > 0 ? (size_t)n : 0;
    }
    return len;
}
