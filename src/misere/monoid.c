/*
 * monoid.c -- finite commutative monoids given by letter actions, and the
 * words of live heaps (see misere_internal.h).
 *
 * A quotient is stored as the action of each distinct heap element on
 * every element (q entries per letter) rather than as a q x q table: the
 * letters are few (a few dozen) while q reaches thousands, and every
 * product the algorithms need is either by a letter or by one of the few
 * elements that options of heaps reach, whose columns are built on first
 * use.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "misere/misere_internal.h"

void grundy_mq_mon_clear(mq_mon *m)
{
    uint32_t y;
    if (m->col) {
        for (y = 0; y < m->q; y++)
            free(m->col[y]);
        free(m->col);
    }
    GRUNDY_FREE_ALL(m->act, m->phi, m->let, m->parent, m->via, m->p);
    memset(m, 0, sizeof *m);
}

grundy_status grundy_mq_mon_alloc(mq_mon *m, uint32_t q, uint32_t nlet,
                                  uint32_t nlive, const grundy_limits *lim)
{
    size_t bytes = (size_t)q * nlet * sizeof(uint32_t) +
                   (size_t)q * (2 * sizeof(uint32_t) + sizeof(uint32_t *)) +
                   2 * (size_t)(nlive + 1) * sizeof(uint32_t) +
                   mq_words(q) * 8;
    memset(m, 0, sizeof *m);
    GRUNDY_TRY(grundy_limits_mem_check(lim, bytes));
    m->q = q;
    m->nlet = nlet;
    m->nlive = nlive;
    m->act = malloc(((size_t)q * nlet + 1) * sizeof *m->act);
    m->phi = malloc((nlive + 1) * sizeof *m->phi);
    m->let = malloc((nlive + 1) * sizeof *m->let);
    m->parent = malloc(q * sizeof *m->parent);
    m->via = malloc(q * sizeof *m->via);
    m->p = calloc(mq_words(q) + 1, sizeof *m->p);
    m->col = calloc(q, sizeof *m->col);
    m->bytes = bytes;
    if (!m->act || !m->phi || !m->let || !m->parent || !m->via || !m->p ||
        !m->col) {
        grundy_mq_mon_clear(m);
        return GRUNDY_ERR_NOMEM;
    }
    return GRUNDY_OK;
}

uint32_t grundy_mq_mul_word(const mq_mon *m, uint32_t x, uint32_t y)
{
    /* Walk y's word up the tree; the order of the letters does not matter
     * in a commutative monoid. */
    while (y != 0) {
        x = m->act[(size_t)m->let[m->via[y]] * m->q + x];
        y = m->parent[y];
    }
    return x;
}

const uint32_t *grundy_mq_col(mq_mon *m, uint32_t y)
{
    uint32_t *c, x, z;
    if (m->col[y])
        return m->col[y];
    c = malloc((size_t)m->q * sizeof *c);
    if (!c)
        return NULL;
    for (x = 0; x < m->q; x++)
        c[x] = x;
    for (z = y; z != 0; z = m->parent[z]) {
        const uint32_t *a = m->act + (size_t)m->let[m->via[z]] * m->q;
        for (x = 0; x < m->q; x++)
            c[x] = a[c[x]];
    }
    m->col[y] = c;
    m->bytes += (size_t)m->q * sizeof *c;
    return c;
}

grundy_status grundy_mq_col_checked(const uint32_t **out, mq_mon *m, uint32_t y,
                                    const grundy_limits *lim)
{
    if (!m->col[y])
        GRUNDY_TRY(grundy_limits_mem_check(lim, m->bytes + m->q * 4));
    *out = grundy_mq_col(m, y);
    return *out ? GRUNDY_OK : GRUNDY_ERR_NOMEM;
}

uint32_t grundy_mq_opt_elem(const mq_mon *m, const uint32_t *o)
{
    uint32_t x = 0, k;
    for (k = 1; k <= o[0]; k++)
        x = m->act[(size_t)m->let[o[k]] * m->q + x];
    return x;
}

void grundy_mq_word(const mq_mon *m, uint32_t x, uint32_t *w)
{
    memset(w, 0, m->nlive * sizeof *w);
    for (; x != 0; x = m->parent[x])
        w[m->via[x]]++;
}

int grundy_mq_word_cmp(const uint32_t *a, const uint32_t *b, uint32_t n)
{
    while (n-- > 0)
        if (a[n] != b[n])
            return a[n] < b[n] ? -1 : 1;
    return 0;
}
