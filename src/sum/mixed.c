/*
 * mixed.c -- sums with a game with cycles in them (GRUNDY_RULES_LOOPY),
 * finite games mixed in: the outcome (first, second or draw), the good
 * moves, the move to play and the remoteness.
 *
 * A finite game is a game with cycles that has none: its generalized
 * value is its Grundy value, every option finite.  So Smith's rule
 * (src/loopy/smith.c) decides the mixed sum from the components' values:
 * the Grundy values of the finite ones (their values objects) and the
 * generalized values of the others (each game's graph, solved once and
 * kept with its values object).  A move's outcome costs O(1) once its
 * destination's value is known.
 *
 * The move to play and the remoteness come from a retrograde analysis of
 * the positions the sum reaches (retro.c), which knows the fastest win,
 * the longest loss and every draw.  Past its limits the counters decide:
 * in a won sum the winning move that lowers (sum of values, sum of
 * counters) most, which wins in finitely many moves whatever the other
 * player does (a finite component counts 0: its plays end anyway); in a
 * drawn sum the first move that keeps the draw; in a lost one the move
 * that leaves the largest values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loopy/smith.h"
#include "sum/analyze.h"
#include "values/values_internal.h"

static int is_loopy(const grundy_sum_component *c)
{
    return (grundy_game_rules(grundy_values_game(c->values))->flags &
            GRUNDY_RULES_LOOPY) != 0;
}

static void kept_free(void *p)
{
    grundy_loopy_game_free(p);
}

grundy_status grundy_sum_loopy_game(const grundy_loopy_game **out,
                                    grundy_values *v,
                                    grundy_parse_error *where)
{
    const grundy_game *g = grundy_values_game(v);
    void **slot = grundy_values_attached(v, kept_free);
    char spec[512];
    grundy_loopy_game *lg;
    if (!*slot) {
        if (grundy_game_canonical_spec(g, spec, sizeof spec) >= sizeof spec)
            snprintf(spec, sizeof spec, "%s", grundy_game_spec(g));
        GRUNDY_TRY(grundy_loopy_game_from_rules(
            &lg, grundy_game_rules(g), grundy_game_params(g), spec,
            GRUNDY_LOOPY_METHOD_AUTO, where, grundy_values_limits(v)));
        *slot = lg;
    }
    *out = *slot;
    return GRUNDY_OK;
}

/* One call on a sum with cycles. */
typedef struct mixed {
    sum_actx *c;
    grundy_smith_item *items;
    grundy_smith si;
    grundy_loopy_outcome now;
    sum_retro R;
    int retro_tried;
    grundy_status retro_status;
    grundy_move *buf;
    size_t cap;
} mixed;

/* The item of a position of component j's game (a part of a move). */
static grundy_status item_at(mixed *x, size_t j, const grundy_move *to,
                             grundy_smith_item *it)
{
    const grundy_sum_component *c = &x->c->sum[j];
    grundy_value v = 0, pv;
    unsigned k;
    if (is_loopy(c)) { /* one part: a vertex of the solved graph */
        grundy_smith_item_loopy(it, x->items[j].sol,
                                (grundy_loopy_vertex)to->part[0]);
        return GRUNDY_OK;
    }
    for (k = 0; k < to->nparts; k++) {
        GRUNDY_TRY(grundy_values_get(&pv, c->values, to->part[k]));
        v ^= pv;
    }
    grundy_smith_item_finite(it, v);
    return GRUNDY_OK;
}

static grundy_status prepare(mixed *x)
{
    sum_actx *c = x->c;
    grundy_sum_component *fin;
    size_t i, nf = 0;
    grundy_status s = GRUNDY_OK;
    x->items = malloc((c->n ? c->n : 1) * sizeof *x->items);
    fin = malloc((c->n ? c->n : 1) * sizeof *fin);
    if (!x->items || !fin) {
        free(fin);
        return GRUNDY_ERR_NOMEM;
    }
    for (i = 0; i < c->n; i++)
        if (!is_loopy(&c->sum[i]))
            fin[nf++] = c->sum[i];
    s = grundy_sum_prepare(fin, nf); /* one table per finite game */
    free(fin);
    c->values_failed = s != GRUNDY_OK;
    for (i = 0; i < c->n && s == GRUNDY_OK; i++) {
        const grundy_sum_component *ci = &c->sum[i];
        if (is_loopy(ci)) {
            const grundy_loopy_game *lg;
            const grundy_loopy_solution *sol;
            s = grundy_sum_loopy_game(&lg, ci->values, NULL);
            if (s != GRUNDY_OK)
                break;
            sol = grundy_loopy_game_solution(lg);
            GRUNDY_RETURN_IF(ci->pos >= grundy_loopy_graph_num_vertices(
                                            grundy_loopy_solution_graph(sol)),
                             GRUNDY_ERR_RANGE);
            grundy_smith_item_loopy(&x->items[i], sol,
                                    (grundy_loopy_vertex)ci->pos);
        } else {
            grundy_value v;
            s = grundy_values_get(&v, ci->values, ci->pos);
            c->values_failed = s != GRUNDY_OK;
            grundy_smith_item_finite(&x->items[i], v);
        }
    }
    GRUNDY_TRY(s);
    GRUNDY_TRY(grundy_smith_init(&x->si, x->items, c->n));
    x->now = grundy_smith_outcome(&x->si);
    return GRUNDY_OK;
}

/* The moves of component j into x->buf (*count of them). */
static grundy_status moves_of(mixed *x, size_t j, size_t *count)
{
    const grundy_game *g = grundy_values_game(x->c->sum[j].values);
    GRUNDY_RETURN_IF(grundy_game_rules(g)->max_moves(grundy_game_params(g),
                                                     x->c->sum[j].pos) >
                         GRUNDY_SUM_MAX_MOVES,
                     GRUNDY_ERR_LIMIT);
    return grundy_game_moves(g, x->c->sum[j].pos, &x->buf, &x->cap, count);
}

/* The retrograde analysis, tried once: GRUNDY_OK when it stands. */
static grundy_status retro(mixed *x)
{
    if (!x->retro_tried) {
        x->retro_tried = 1;
        x->retro_status = grundy_sum_retro_solve(
            &x->R, x->c->sum, x->c->n, x->c->o->max_states, x->c->lim);
    }
    return x->retro_status;
}

/* The outcome and moves to the end after move m (nm 0: the sum itself)
 * by the retrograde analysis; *known = 0 past its limits. */
static grundy_status retro_after(mixed *x, const grundy_sum_move *m,
                                 size_t nm, grundy_loopy_outcome *o,
                                 uint64_t *left, int *known)
{
    grundy_status s = retro(x);
    *known = 0;
    if (s == GRUNDY_ERR_LIMIT || s == GRUNDY_ERR_WORK)
        return GRUNDY_OK;
    GRUNDY_TRY(s);
    s = grundy_sum_retro_after(&x->R, x->c->sum, x->c->n, m, nm, o, left);
    *known = s == GRUNDY_OK;
    return s == GRUNDY_ERR_LIMIT || s == GRUNDY_ERR_ARG ? GRUNDY_OK : s;
}

/* Every move of the sum whose outcome is `want` (the winning moves:
 * SECOND after them; those that keep the draw), or with every, every
 * move with its outcome in out->move_outcome. */
static grundy_status good_moves(mixed *x, grundy_sum_result *out,
                                grundy_loopy_outcome want, int every)
{
    sum_move_list l = {NULL, 0, 0};
    unsigned char *after = NULL;
    size_t j, e, nm, acap = 0;
    grundy_status s = GRUNDY_OK;
    for (j = 0; j < x->c->n && s == GRUNDY_OK; j++) {
        size_t first = l.n;
        s = moves_of(x, j, &nm);
        for (e = 0; e < nm && s == GRUNDY_OK; e++) {
            grundy_smith_item to;
            grundy_sum_move m;
            uint64_t vs, cs;
            memset(&m, 0, sizeof m);
            m.component = j;
            m.from = x->c->sum[j].pos;
            m.to = x->buf[e];
            s = item_at(x, j, &m.to, &to);
            if (s != GRUNDY_OK ||
                (!every && grundy_smith_after(&x->si, x->items, j, &to, &vs,
                                              &cs) != want))
                continue;
            grundy_move_sort_parts(&m.to);
            m.value = to.value;
            s = grundy_sum_move_list_push(&l, &m);
        }
        if (s == GRUNDY_OK)
            s = grundy_sum_move_list_dedupe(&l, first);
        if (s == GRUNDY_OK && every)
            s = grundy_sum_space_grow(NULL, (void **)&after, &acap, l.n + 1,
                                      1);
        for (e = first; every && e < l.n && s == GRUNDY_OK; e++) {
            grundy_smith_item to;
            uint64_t vs, cs;
            s = item_at(x, j, &l.a[e].to, &to);
            after[e] = (unsigned char)grundy_smith_after(&x->si, x->items, j,
                                                         &to, &vs, &cs);
        }
    }
    if (s != GRUNDY_OK) {
        free(l.a);
        free(after);
        return s;
    }
    out->moves = l.a;
    out->nmoves = l.n;
    out->move_outcome = after;
    return GRUNDY_OK;
}

/* Is a move of outcome o with r moves after it better than the best so
 * far (its outcome bo, bor moves after it)? */
static int faster(grundy_loopy_outcome now, grundy_loopy_outcome o,
                  uint64_t r, int found, grundy_loopy_outcome bo, uint64_t br)
{
    if (now == GRUNDY_LOOPY_FIRST)
        return o == GRUNDY_LOOPY_SECOND &&
               (!found || bo != GRUNDY_LOOPY_SECOND || r < br);
    if (now == GRUNDY_LOOPY_DRAW)
        return o == GRUNDY_LOOPY_DRAW && (!found || bo != GRUNDY_LOOPY_DRAW);
    return !found || r > br;
}

/* The move to play: by the retrograde analysis when it stands, else by
 * the counters. */
static grundy_status choose(mixed *x, grundy_sum_result *out)
{
    grundy_sum_move best;
    grundy_loopy_outcome bo = GRUNDY_LOOPY_FIRST;
    uint64_t bv = 0, bc = 0, br = 0;
    size_t j, e, nm;
    int found = 0, by_retro, known;
    grundy_loopy_outcome o;
    uint64_t left;

    GRUNDY_TRY(retro_after(x, NULL, 0, &o, &left, &by_retro));
    for (j = 0; j < x->c->n; j++) {
        GRUNDY_TRY(moves_of(x, j, &nm));
        for (e = 0; e < nm; e++) {
            grundy_sum_move m;
            grundy_smith_item to;
            uint64_t vs, cs;
            grundy_loopy_outcome a;
            int take;
            memset(&m, 0, sizeof m);
            m.component = j;
            m.from = x->c->sum[j].pos;
            m.to = x->buf[e];
            grundy_move_sort_parts(&m.to);
            GRUNDY_TRY(item_at(x, j, &x->buf[e], &to));
            m.value = to.value;
            a = grundy_smith_after(&x->si, x->items, j, &to, &vs, &cs);
            known = 0;
            if (by_retro)
                GRUNDY_TRY(retro_after(x, &m, 1, &o, &left, &known));
            if (known)
                take = faster(x->now, o, left, found, bo, br);
            else
                take = grundy_smith_better(x->now, a,
                                           to.value == GRUNDY_SMITH_INF, vs,
                                           cs, found, &bv, &bc);
            if (take) {
                best = m;
                bo = known ? o : a;
                br = left;
                found = 1;
            }
        }
    }
    out->best_method = GRUNDY_SUM_BY_LOOPY;
    return found ? grundy_sum_copy_moves(&out->best, &out->nbest, &best, 1)
                 : GRUNDY_OK;
}

/* The moves to the end after m[0..nm) counting it (nm 0: of the sum). */
static grundy_status remote(mixed *x, const grundy_sum_move *m, size_t nm,
                            uint64_t *r)
{
    grundy_loopy_outcome o;
    uint64_t left;
    int known;
    GRUNDY_TRY(retro_after(x, m, nm, &o, &left, &known));
    *r = !known                      ? GRUNDY_REMOTENESS_UNKNOWN
         : o == GRUNDY_LOOPY_DRAW    ? GRUNDY_REMOTENESS_DRAW
                                     : left + (nm ? 1 : 0);
    return GRUNDY_OK;
}

grundy_status grundy_sum_analyze_loopy(sum_actx *c, grundy_sum_result *out,
                                       unsigned want)
{
    mixed x;
    size_t i;
    grundy_status s;
    GRUNDY_RETURN_IF(c->o->convention != GRUNDY_PLAY_NORMAL || c->o->moore_k,
                     GRUNDY_ERR_ARG);
    memset(&x, 0, sizeof x);
    x.c = c;
    s = prepare(&x);
    if (s == GRUNDY_OK) {
        out->method = GRUNDY_SUM_BY_LOOPY;
        out->first_wins = x.now == GRUNDY_LOOPY_FIRST;
        out->draw = x.now == GRUNDY_LOOPY_DRAW;
        out->value = x.si.infinite ? 0 : x.si.x;
    }
    if (s == GRUNDY_OK && (want & GRUNDY_SUM_EVERY))
        s = good_moves(&x, out, GRUNDY_LOOPY_SECOND, 1);
    else if (s == GRUNDY_OK && (want & GRUNDY_SUM_MOVES) &&
             x.now != GRUNDY_LOOPY_SECOND)
        s = good_moves(&x, out,
                       x.now == GRUNDY_LOOPY_FIRST ? GRUNDY_LOOPY_SECOND
                                                   : GRUNDY_LOOPY_DRAW,
                       0);
    if (s == GRUNDY_OK && (want & GRUNDY_SUM_BEST))
        s = choose(&x, out);
    if (s == GRUNDY_OK && (want & GRUNDY_SUM_REMOTENESS)) {
        s = remote(&x, NULL, 0, &out->remoteness);
        if (s == GRUNDY_OK && out->nmoves &&
            !(out->move_remoteness =
                  malloc(out->nmoves * sizeof *out->move_remoteness)))
            s = GRUNDY_ERR_NOMEM;
        for (i = 0; s == GRUNDY_OK && i < out->nmoves; i++)
            s = remote(&x, &out->moves[i], 1, &out->move_remoteness[i]);
        out->best_remoteness = GRUNDY_REMOTENESS_UNKNOWN;
        if (s == GRUNDY_OK && out->nbest)
            s = remote(&x, out->best, 1, &out->best_remoteness);
    }
    if (x.retro_tried)
        grundy_sum_retro_free(&x.R);
    grundy_smith_clear(&x.si);
    free(x.items);
    free(x.buf);
    return s;
}
