/*
 * analyze.c -- one call for any sum (grundy_sum_analyze): which theory
 * decides it, every winning move, and the move to play.
 *
 * The choice follows what the families declare, never which family they
 * are: GRUNDY_RULES_NIM lets Moore's rule and misere Nim's rule work on
 * the components' values; GRUNDY_RULES_MISERE says the game has a misere
 * quotient (grundy/misere.h), which is grown once per game, kept with the
 * values object of its components and reused by every later call (a
 * player's turns, a session's questions).  Whatever no theory covers is
 * searched (search.c); the move to play and the remoteness of moves are
 * best.c's; sums with a game with cycles are mixed.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/names.h"
#include "sum/analyze.h"

void grundy_sum_opts_init(grundy_sum_opts *o)
{
    memset(o, 0, sizeof *o);
    o->convention = GRUNDY_PLAY_NORMAL;
    o->want = GRUNDY_SUM_MOVES;
}

const char *grundy_sum_method_name(grundy_sum_method m)
{
    static const char *const names[] = {
        [GRUNDY_SUM_BY_VALUES] = "values",
        [GRUNDY_SUM_BY_RULE] = "rule",
        [GRUNDY_SUM_BY_QUOTIENT] = "quotient",
        [GRUNDY_SUM_BY_MISERE_NIM] = "misere nim",
        [GRUNDY_SUM_BY_SEARCH] = "search",
        [GRUNDY_SUM_BY_LOOPY] = "loopy",
        [GRUNDY_SUM_BY_NONE] = "none",
    };
    return GRUNDY_NAME_OF(names, m);
}

void grundy_sum_result_clear(grundy_sum_result *r)
{
    if (!r)
        return;
    GRUNDY_FREE_ALL(r->moves, r->best, r->move_remoteness, r->move_outcome);
    memset(r, 0, sizeof *r);
}

/* One call *****************************************************************/

/* A failure that only means "past the limits". */
static int past_limits(grundy_status s)
{
    return s == GRUNDY_ERR_LIMIT || s == GRUNDY_ERR_WORK;
}

/* What follows the move m of the sum: from the values under normal play,
 * else from the position it leads to, decided as the sum was (a search in
 * the call's space when the sum needed one). */
static grundy_status after(sum_actx *c, const grundy_sum_result *out,
                           const grundy_sum_move *m, unsigned char *o)
{
    grundy_sum_component *kid;
    grundy_sum_opts ko;
    grundy_sum_result kr;
    size_t nk;
    uint64_t left;
    grundy_status s;
    if (out->method == GRUNDY_SUM_BY_VALUES) {
        *o = (out->value ^ c->values[m->component] ^ m->value)
                 ? GRUNDY_SUM_AFTER_WIN
                 : GRUNDY_SUM_AFTER_LOSS;
        return GRUNDY_OK;
    }
    *o = GRUNDY_SUM_AFTER_UNKNOWN;
    if (out->method == GRUNDY_SUM_BY_SEARCH) {
        s = grundy_sum_ctx_moves_left(c, m, 1, &left);
        if (s == GRUNDY_OK) /* won for the player then to move? */
            *o = (left % 2 == 1) != (c->o->convention == GRUNDY_PLAY_MISERE)
                     ? GRUNDY_SUM_AFTER_WIN
                     : GRUNDY_SUM_AFTER_LOSS;
        return past_limits(s) ? GRUNDY_OK : s;
    }
    GRUNDY_TRY(grundy_sum_after_set(&kid, &nk, c->sum, c->n, m, 1));
    ko = *c->o;
    ko.want = GRUNDY_SUM_MOVES;
    ko.memo = NULL; /* held by this call */
    ko.limits = c->lim;
    s = grundy_sum_analyze(&kr, kid, nk, NULL, &ko);
    if (s == GRUNDY_OK)
        *o = kr.first_wins ? GRUNDY_SUM_AFTER_WIN : GRUNDY_SUM_AFTER_LOSS;
    grundy_sum_result_clear(&kr);
    free(kid);
    return past_limits(s) ? GRUNDY_OK : s;
}

static grundy_status every(sum_actx *c, grundy_sum_result *out)
{
    sum_move_list l = {NULL, 0, 0};
    grundy_move *buf = NULL;
    size_t cap = 0, nm, i, j;
    uint64_t scanned = 0; /* moves listed, against the work limit */
    grundy_status s = GRUNDY_OK;
    int normal = out->method == GRUNDY_SUM_BY_VALUES;
    for (i = 0; i < c->n && s == GRUNDY_OK; i++) {
        const grundy_sum_component *ci = &c->sum[i];
        const grundy_game *g = grundy_values_game(ci->values);
        size_t first = l.n;
        nm = grundy_game_rules(g)->max_moves(grundy_game_params(g), ci->pos);
        scanned += nm;
        if (nm > GRUNDY_SUM_MAX_MOVES) {
            s = GRUNDY_ERR_LIMIT;
            break;
        }
        if (scanned > grundy_limits_work(c->lim)) {
            s = GRUNDY_ERR_WORK;
            break;
        }
        s = grundy_game_moves(g, ci->pos, &buf, &cap, &nm);
        for (j = 0; j < nm && s == GRUNDY_OK; j++) {
            grundy_sum_move m;
            unsigned k;
            memset(&m, 0, sizeof m);
            m.component = i;
            m.from = ci->pos;
            m.to = buf[j];
            grundy_move_sort_parts(&m.to);
            for (k = 0; normal && k < m.to.nparts && s == GRUNDY_OK; k++) {
                grundy_value pv;
                s = grundy_values_get(&pv, ci->values, m.to.part[k]);
                m.value ^= pv;
            }
            if (s == GRUNDY_OK)
                s = grundy_sum_move_list_push(&l, &m);
        }
        if (s == GRUNDY_OK)
            s = grundy_sum_move_list_dedupe(&l, first);
    }
    free(buf);
    if (s == GRUNDY_OK && l.n && !(out->move_outcome = malloc(l.n)))
        s = GRUNDY_ERR_NOMEM;
    for (i = 0; i < l.n && s == GRUNDY_OK; i++)
        s = after(c, out, &l.a[i], &out->move_outcome[i]);
    if (s != GRUNDY_OK) {
        free(l.a);
        return s;
    }
    free(out->moves);
    out->moves = l.a;
    out->nmoves = l.n;
    return GRUNDY_OK;
}

/* The outcome and every winning move (one winning set for Nim_k). */
static grundy_status decide(sum_actx *c, grundy_sum_result *out)
{
    int misere = c->o->convention == GRUNDY_PLAY_MISERE;
    int nim = grundy_sum_is_nim(c->sum, c->n);
    grundy_sum_search_result *r;
    const grundy_value *v;

    if (!c->o->moore_k && !misere) {
        GRUNDY_TRY(grundy_sum_ctx_values(c, &v));
        out->method = GRUNDY_SUM_BY_VALUES;
        out->value = grundy_sum_nim_sum(v, c->n);
        out->first_wins = out->value != 0;
        return grundy_sum_winning_moves(&out->moves, &out->nmoves, c->sum,
                                        c->n, v);
    }
    if (c->o->moore_k && !misere && nim) {
        out->method = GRUNDY_SUM_BY_RULE;
        return grundy_sum_moore_rule(c, &out->first_wins, &out->moves,
                                     &out->nmoves);
    }
    if (!c->o->moore_k && !nim &&
        grundy_sum_quotient_moves(c, &out->first_wins, &out->moves,
                                  &out->nmoves, &out->quotient_order)) {
        out->method = GRUNDY_SUM_BY_QUOTIENT;
        return GRUNDY_OK;
    }
    if (!c->o->moore_k && nim) {
        out->method = GRUNDY_SUM_BY_MISERE_NIM;
        return grundy_sum_misere_rule(c, &out->first_wins, &out->moves,
                                      &out->nmoves);
    }
    out->method = GRUNDY_SUM_BY_SEARCH;
    GRUNDY_TRY(grundy_sum_ctx_search(c, &r));
    out->first_wins = r->first_wins;
    out->states = r->states;
    if (c->o->moore_k)
        return r->first_wins ? grundy_sum_copy_moves(&out->moves,
                                                     &out->nmoves, r->best,
                                                     r->nbest)
                             : GRUNDY_OK;
    return grundy_sum_copy_moves(&out->moves, &out->nmoves, r->winning,
                                 r->nwinning);
}

/* One call in c, the memo's space c->M or none. */
static grundy_status analyze_in(sum_actx *c, grundy_sum_result *out)
{
    unsigned want = c->want;
    grundy_status s = GRUNDY_OK;
    if (grundy_sum_has_loopy(c->sum, c->n))
        return grundy_sum_analyze_loopy(c, out, want);
    if (want & (GRUNDY_SUM_MOVES | GRUNDY_SUM_EVERY))
        s = decide(c, out);
    if (s == GRUNDY_OK && (want & GRUNDY_SUM_BEST)) {
        int first;
        grundy_sum_method how = GRUNDY_SUM_BY_NONE;
        s = grundy_sum_choose(c, out, &first, &how);
        if (s == GRUNDY_OK && !(want & GRUNDY_SUM_MOVES)) {
            out->first_wins = first;
            out->method = first < 0 ? GRUNDY_SUM_BY_NONE : how;
            if (how == GRUNDY_SUM_BY_SEARCH)
                out->states = c->sr.states;
        }
    }
    if (s == GRUNDY_OK && (want & GRUNDY_SUM_EVERY))
        s = every(c, out);
    if (s == GRUNDY_OK && (want & GRUNDY_SUM_REMOTENESS))
        s = grundy_sum_remoteness(c, out);
    return s;
}

grundy_status grundy_sum_analyze(grundy_sum_result *out,
                                 const grundy_sum_component *sum, size_t n,
                                 const grundy_value *values,
                                 const grundy_sum_opts *o)
{
    grundy_sum_opts dflt;
    grundy_sum_memo *memo;
    sum_actx c;
    unsigned want;
    int failed;
    grundy_status s;

    memset(out, 0, sizeof *out);
    if (!o) {
        grundy_sum_opts_init(&dflt);
        o = &dflt;
    }
    GRUNDY_RETURN_IF(o->moore_k > GRUNDY_MOORE_KMAX, GRUNDY_ERR_ARG);
    /* the memo holds positions of finite sums under normal play */
    memo = o->convention == GRUNDY_PLAY_NORMAL && !o->moore_k &&
                   !grundy_sum_has_loopy(sum, n)
               ? o->memo
               : NULL;
    want = o->want ? o->want : GRUNDY_SUM_MOVES;
    if (want & GRUNDY_SUM_EVERY)
        want |= GRUNDY_SUM_MOVES; /* the outcome, then every move */
    for (;;) {
        memset(&c, 0, sizeof c);
        c.sum = sum;
        c.n = n;
        c.o = o;
        c.lim = o->limits ? o->limits
                          : n ? grundy_values_limits(sum[0].values) : NULL;
        c.values = values;
        c.want = want;
        c.M = grundy_sum_memo_take(memo, c.lim, o->max_states);
        s = analyze_in(&c, out);
        out->values_failed = s != GRUNDY_OK && c.values_failed;
        failed = c.memo_failed;
        grundy_sum_ctx_clear(&c);
        if (!c.M)
            return s;
        grundy_sum_memo_give(memo, failed);
        /* past a limit in the memo: answered again from nothing, as a
         * call without it would be */
        if (!failed || s == GRUNDY_ERR_CANCELLED)
            return s;
        grundy_sum_result_clear(out);
        memo = NULL;
    }
}
