/*
 * sum.c -- values of a sum's components, the nim-sum, and every winning
 * move under normal play.
 *
 * A winning move takes some component i to a position of value
 * v_i ^ X (X the nim-sum).  That target can exceed v_i when the family
 * has reversible moves, so every component's moves are listed and each
 * move's value (XOR of its parts' values) compared with the target.  The
 * values come from one table per heap game, built once up to the largest
 * position of that game in the sum: every part of a heap move is smaller
 * than the heap, so the table answers every lookup in O(1), and a sum of
 * 10^6 components costs one table plus its moves, not 10^6 searches.
 * Nim heaps are handled in closed form: their only candidate is v_i ^ X.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sum/sum_internal.h"

#define BOARD_TABLE_MAX ((grundy_pos)1 << 22)
#define HEAP_TABLE_MAX ((grundy_pos)1 << 32)

/* Value sources ************************************************************/

static grundy_status valuer_build(sum_valuer_entry *e, grundy_pos maxp,
                                  const grundy_limits *opts)
{
    const grundy_rules *r = grundy_game_rules(e->game);
    grundy_pos np = grundy_game_num_positions(e->game);
    size_t bytes;
    grundy_status s;

    if (r->value && !np)
        return GRUNDY_OK; /* closed form, with value_at as the fallback */
    if (np) {
        if (np > BOARD_TABLE_MAX)
            return GRUNDY_OK;
    } else if (!(r->flags & GRUNDY_RULES_HEAP) || maxp >= HEAP_TABLE_MAX) {
        return GRUNDY_OK;
    }
    if (grundy_table_estimate(&bytes, e->game, maxp + 1) != GRUNDY_OK ||
        grundy_limits_mem_check(opts, bytes) != GRUNDY_OK)
        return GRUNDY_OK;
    s = grundy_table_new(&e->table, e->game, maxp + 1, opts);
    if (s == GRUNDY_ERR_LIMIT || s == GRUNDY_ERR_OVERFLOW ||
        s == GRUNDY_ERR_ARG) {
        e->table = NULL; /* fall back to single values */
        return GRUNDY_OK;
    }
    if (s == GRUNDY_OK) {
        e->data = grundy_table_data(e->table);
        e->width = grundy_table_width(e->table);
        e->size = grundy_table_size(e->table);
    }
    return s;
}

grundy_status sum_valuer_init(sum_valuer *v, const grundy_sum_component *sum,
                              size_t n, const grundy_limits *opts)
{
    size_t i, j;
    memset(v, 0, sizeof *v);
    v->opts = opts;
    if (!n)
        return GRUNDY_OK;
    v->e = calloc(n, sizeof *v->e);
    GRUNDY_RETURN_IF(!v->e, GRUNDY_ERR_NOMEM);
    for (i = 0; i < n; i++) {
        for (j = 0; j < v->n && v->e[j].game != sum[i].game; j++)
            ;
        if (j == v->n)
            v->e[v->n++].game = sum[i].game;
    }
    for (j = 0; j < v->n; j++) {
        grundy_pos maxp = 0, np = grundy_game_num_positions(v->e[j].game);
        grundy_status s;
        for (i = 0; i < n; i++)
            if (sum[i].game == v->e[j].game) {
                if (np && sum[i].pos >= np) {
                    sum_valuer_clear(v);
                    return GRUNDY_ERR_RANGE;
                }
                if (sum[i].pos > maxp)
                    maxp = sum[i].pos;
            }
        s = valuer_build(&v->e[j], maxp, opts);
        if (s != GRUNDY_OK) {
            sum_valuer_clear(v);
            return s;
        }
    }
    return GRUNDY_OK;
}

void sum_valuer_clear(sum_valuer *v)
{
    size_t j;
    for (j = 0; j < v->n; j++)
        grundy_table_free(v->e[j].table);
    free(v->e);
    memset(v, 0, sizeof *v);
}

grundy_status sum_valuer_get(sum_valuer *v, const grundy_game *g,
                             grundy_pos p, grundy_value *out)
{
    const grundy_rules *r;
    size_t j = v->last;
    if (j >= v->n || v->e[j].game != g) {
        for (j = 0; j < v->n && v->e[j].game != g; j++)
            ;
        assert(j < v->n);
        v->last = j;
    }
    if (j < v->n && p < v->e[j].size) {
        const sum_valuer_entry *e = &v->e[j];
        *out = grundy_table_get_raw(e->data, e->width, p);
        return GRUNDY_OK;
    }
    r = grundy_game_rules(g);
    if (r->value && r->value(grundy_game_params(g), p, out))
        return GRUNDY_OK;
    return grundy_value_at(out, g, p, v->opts);
}

/* Moves ********************************************************************/

void sum_move_sort_parts(grundy_move *m)
{
    unsigned i, j;
    for (i = 1; i < m->nparts; i++)
        for (j = i; j > 0 && m->part[j - 1] > m->part[j]; j--) {
            grundy_pos t = m->part[j];
            m->part[j] = m->part[j - 1];
            m->part[j - 1] = t;
        }
}

int sum_move_equal(const grundy_move *a, const grundy_move *b)
{
    unsigned i;
    if (a->nparts != b->nparts)
        return 0;
    for (i = 0; i < a->nparts; i++)
        if (a->part[i] != b->part[i])
            return 0;
    return 1;
}

grundy_status sum_move_list_push(sum_move_list *l, const grundy_sum_move *m)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        grundy_sum_move *na;
        GRUNDY_RETURN_IF(cap > SIZE_MAX / sizeof *na, GRUNDY_ERR_NOMEM);
        na = realloc(l->a, cap * sizeof *na);
        GRUNDY_RETURN_IF(!na, GRUNDY_ERR_NOMEM);
        l->a = na;
        l->cap = cap;
    }
    l->a[l->n++] = *m;
    return GRUNDY_OK;
}

int sum_move_list_has(const sum_move_list *l, size_t from,
                      const grundy_sum_move *m)
{
    size_t i;
    for (i = from; i < l->n; i++)
        if (l->a[i].component == m->component &&
            sum_move_equal(&l->a[i].to, &m->to))
            return 1;
    return 0;
}

/* Values *******************************************************************/

grundy_value grundy_sum_nim_sum(const grundy_value *values, size_t n)
{
    grundy_value x = 0;
    size_t i;
    for (i = 0; i < n; i++)
        x ^= values[i];
    return x;
}

grundy_status grundy_sum_values(grundy_value *values,
                                const grundy_sum_component *sum, size_t n,
                                const grundy_limits *opts)
{
    sum_valuer v;
    grundy_status s = GRUNDY_OK;
    size_t i;
    GRUNDY_TRY(sum_valuer_init(&v, sum, n, opts));
    for (i = 0; i < n && s == GRUNDY_OK; i++)
        s = sum_valuer_get(&v, sum[i].game, sum[i].pos, &values[i]);
    sum_valuer_clear(&v);
    return s;
}

grundy_status grundy_sum_value(grundy_value *out,
                               const grundy_sum_component *sum, size_t n,
                               const grundy_limits *opts)
{
    grundy_value *vals;
    grundy_status s;
    *out = 0;
    if (!n)
        return GRUNDY_OK;
    vals = malloc(n * sizeof *vals);
    GRUNDY_RETURN_IF(!vals, GRUNDY_ERR_NOMEM);
    s = grundy_sum_values(vals, sum, n, opts);
    if (s == GRUNDY_OK)
        *out = grundy_sum_nim_sum(vals, n);
    free(vals);
    return s;
}

int grundy_sum_is_nim(const grundy_sum_component *sum, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (grundy_game_rules(sum[i].game) != &grundy_rules_nim)
            return 0;
    return 1;
}

/* Winning moves ************************************************************/

/* The winning moves of component i (target value t) appended to l. */
static grundy_status component_winning(sum_move_list *l, sum_valuer *v,
                                       const grundy_sum_component *c,
                                       size_t i, grundy_value t,
                                       grundy_move **buf, size_t *cap)
{
    const grundy_rules *r = grundy_game_rules(c->game);
    size_t nm, j, first = l->n;
    grundy_sum_move m;

    memset(&m, 0, sizeof m);
    m.component = i;
    m.from = c->pos;
    m.value = t;
    if (r == &grundy_rules_nim) {
        if (t < c->pos) {
            m.to.part[0] = t;
            m.to.nparts = 1;
            GRUNDY_TRY(sum_move_list_push(l, &m));
        }
        return GRUNDY_OK;
    }
    GRUNDY_RETURN_IF(r->max_moves(grundy_game_params(c->game), c->pos) >
                         GRUNDY_SUM_MAX_MOVES,
                     GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_game_moves(c->game, c->pos, buf, cap, &nm));
    for (j = 0; j < nm; j++) {
        grundy_value x = 0, pv;
        unsigned k;
        for (k = 0; k < (*buf)[j].nparts; k++) {
            GRUNDY_TRY(sum_valuer_get(v, c->game, (*buf)[j].part[k], &pv));
            x ^= pv;
        }
        if (x != t)
            continue;
        m.to = (*buf)[j];
        sum_move_sort_parts(&m.to);
        if (!sum_move_list_has(l, first, &m))
            GRUNDY_TRY(sum_move_list_push(l, &m));
    }
    return GRUNDY_OK;
}

grundy_status grundy_sum_winning_moves(grundy_sum_move **moves,
                                       size_t *count,
                                       const grundy_sum_component *sum,
                                       size_t n, const grundy_value *values,
                                       const grundy_limits *opts)
{
    sum_valuer v;
    sum_move_list l = {NULL, 0, 0};
    grundy_value *own = NULL, x;
    grundy_move *buf = NULL;
    size_t cap = 0, i;
    grundy_status s = GRUNDY_OK;

    *moves = NULL;
    *count = 0;
    if (!n)
        return GRUNDY_OK;
    GRUNDY_TRY(sum_valuer_init(&v, sum, n, opts));
    if (!values) {
        own = malloc(n * sizeof *own);
        if (!own) {
            sum_valuer_clear(&v);
            return GRUNDY_ERR_NOMEM;
        }
        for (i = 0; i < n && s == GRUNDY_OK; i++)
            s = sum_valuer_get(&v, sum[i].game, sum[i].pos, &own[i]);
        values = own;
    }
    x = s == GRUNDY_OK ? grundy_sum_nim_sum(values, n) : 0;
    for (i = 0; i < n && x && s == GRUNDY_OK; i++)
        s = component_winning(&l, &v, &sum[i], i, values[i] ^ x, &buf, &cap);
    free(buf);
    free(own);
    sum_valuer_clear(&v);
    if (s != GRUNDY_OK) {
        free(l.a);
        return s;
    }
    *moves = l.a;
    *count = l.n;
    return GRUNDY_OK;
}
