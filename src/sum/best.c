/*
 * best.c -- the move to play in a finite sum, and the remoteness of the
 * moves a front end shows.
 *
 * A won sum's best move is its fastest win.  The method that decided the
 * sum (the values, a quotient, a rule) lists its winning moves, so only
 * the positions they lead to are searched, each for its remoteness, in
 * one space (what one search solves serves the next): a winning move to
 * an empty heap costs nothing however large the sum is, where a search of
 * the whole sum could cost billions of steps.  A lost sum's best move is
 * its longest resistance, which only a search of the whole sum knows.
 * Past the limits of the search a winning move of the method is played,
 * or in a lost sum the move that takes least.
 */
#include <stdlib.h>
#include <string.h>

#include "sum/analyze.h"

/* How much a move leaves: heap sizes, or the cells of a board. */
static uint64_t material(const grundy_game *g, const grundy_move *m)
{
    uint64_t t = 0;
    unsigned k;
    for (k = 0; k < m->nparts; k++)
        t += grundy_game_num_positions(g)
                 ? (uint64_t)__builtin_popcountll(m->part[k])
                 : m->part[k];
    return t;
}

/* Moves looked at per component when it has too many to list. */
#define LEAST_LISTED ((size_t)1 << 16)

/* Keep the move of component i when it leaves more than the best so far. */
static void keep_if_more(grundy_sum_move *best, int *found, uint64_t *most,
                         const grundy_sum_component *comp, size_t i,
                         const grundy_move *to, grundy_value value,
                         uint64_t left)
{
    if (*found && left <= *most)
        return;
    memset(best, 0, sizeof *best);
    best->component = i;
    best->from = comp->pos;
    best->to = *to;
    best->value = value;
    *most = left;
    *found = 1;
}

/* The move that takes least: a Nim heap one smaller, else the move that
 * leaves most among at most LEAST_LISTED moves of each component (so a
 * heap near 2^64 costs no more than a small one). */
static grundy_status least_taken(sum_actx *c, grundy_sum_move *best,
                                 int *found)
{
    grundy_move *buf = NULL;
    size_t cap = 0, nm, i, j;
    uint64_t most = 0;
    grundy_status s = GRUNDY_OK;
    *found = 0;
    for (i = 0; i < c->n && s == GRUNDY_OK; i++) {
        const grundy_sum_component *comp = &c->sum[i];
        const grundy_game *g = grundy_values_game(comp->values);
        const grundy_rules *rl = grundy_game_rules(g);
        if (rl->flags & GRUNDY_RULES_NIM) {
            grundy_value gv;
            grundy_move to;
            int ok = 0;
            s = grundy_values_get(&gv, comp->values, comp->pos);
            if (s == GRUNDY_OK && gv)
                s = grundy_values_move_to(&to, &ok, comp->values, comp->pos,
                                          gv - 1);
            if (s == GRUNDY_OK && ok)
                keep_if_more(best, found, &most, comp, i, &to, gv - 1,
                             gv - 1);
            continue;
        }
        if (rl->max_moves(grundy_game_params(g), comp->pos) > LEAST_LISTED) {
            grundy_move *nb = cap < LEAST_LISTED
                                  ? realloc(buf, LEAST_LISTED * sizeof *nb)
                                  : buf;
            if (!nb) {
                s = GRUNDY_ERR_NOMEM;
                break;
            }
            buf = nb;
            cap = cap < LEAST_LISTED ? LEAST_LISTED : cap;
            nm = rl->moves(grundy_game_params(g), comp->pos, buf,
                           LEAST_LISTED);
            nm = nm > LEAST_LISTED ? LEAST_LISTED : nm;
        } else {
            s = grundy_game_moves(g, comp->pos, &buf, &cap, &nm);
            if (s != GRUNDY_OK)
                break;
        }
        for (j = 0; j < nm; j++)
            keep_if_more(best, found, &most, comp, i, &buf[j], 0,
                         material(g, &buf[j]));
    }
    free(buf);
    return s;
}

/* A failure that only means "past the limits". */
static int past_limits(grundy_status s)
{
    return s == GRUNDY_ERR_LIMIT || s == GRUNDY_ERR_WORK;
}

/* The moves to the end after the move set m[0..nm), counting it:
 * GRUNDY_REMOTENESS_UNKNOWN past the limits. */
static grundy_status move_remoteness(sum_actx *c, const grundy_sum_move *m,
                                     size_t nm, uint64_t *r)
{
    uint64_t left;
    grundy_status s = grundy_sum_ctx_moves_left(c, m, nm, &left);
    *r = s == GRUNDY_OK ? left + 1 : GRUNDY_REMOTENESS_UNKNOWN;
    return past_limits(s) ? GRUNDY_OK : s;
}

/* The method's outcome and winning moves, without the search: 1 when a
 * theory decided (*m owned by the caller). */
static grundy_status theory(sum_actx *c, grundy_sum_result *out, int *wins,
                            grundy_sum_move **m, size_t *nm,
                            grundy_sum_method *how, int *decided)
{
    int misere = c->o->convention == GRUNDY_PLAY_MISERE;
    int nim = grundy_sum_is_nim(c->sum, c->n);
    const grundy_value *v;
    size_t order;
    grundy_status s;

    *decided = 0;
    *m = NULL;
    *nm = 0;
    if (c->want & GRUNDY_SUM_MOVES) {
        /* decided by the same call; a search's moves are the search's */
        if (out->method == GRUNDY_SUM_BY_SEARCH)
            return GRUNDY_OK;
        *decided = 1;
        *wins = out->first_wins;
        *how = out->method;
        return grundy_sum_copy_moves(m, nm, out->moves, out->nmoves);
    }
    if (!c->o->moore_k && misere &&
        grundy_sum_quotient_moves(c, wins, m, nm, &order)) {
        *decided = 1;
        *how = GRUNDY_SUM_BY_QUOTIENT;
        out->quotient_order = order;
        return GRUNDY_OK;
    }
    if (!c->o->moore_k && !misere) {
        s = grundy_sum_ctx_values(c, &v);
        if (past_limits(s)) {
            c->values_failed = 0; /* undecided, not failed */
            return GRUNDY_OK;
        }
        GRUNDY_TRY(s);
        *decided = 1;
        *how = GRUNDY_SUM_BY_VALUES;
        *wins = grundy_sum_nim_sum(v, c->n) != 0;
        s = grundy_sum_winning_moves(m, nm, c->sum, c->n, v);
        return past_limits(s) ? GRUNDY_OK : s;
    }
    if (nim && (c->o->moore_k != 0) != misere) { /* Moore's, misere Nim's */
        *decided = 1;
        *how = c->o->moore_k ? GRUNDY_SUM_BY_RULE : GRUNDY_SUM_BY_MISERE_NIM;
        return c->o->moore_k ? grundy_sum_moore_rule(c, wins, m, nm)
                             : grundy_sum_misere_rule(c, wins, m, nm);
    }
    return GRUNDY_OK;
}

/* The fastest of the winning moves m[0..nm) (a Moore set is one move). */
static grundy_status fastest(sum_actx *c, grundy_sum_result *out,
                             const grundy_sum_move *m, size_t nm,
                             grundy_sum_method how)
{
    size_t i, at = 0, len = c->o->moore_k ? nm : 1;
    uint64_t best = GRUNDY_REMOTENESS_UNKNOWN, r;
    for (i = 0; !c->o->moore_k && i < nm; i++) {
        GRUNDY_TRY(move_remoteness(c, &m[i], 1, &r));
        if (r < best) {
            best = r;
            at = i;
        }
    }
    out->best_method = how;
    return grundy_sum_copy_moves(&out->best, &out->nbest, m + at, len);
}

grundy_status grundy_sum_choose(sum_actx *c, grundy_sum_result *out,
                                int *first, grundy_sum_method *how)
{
    grundy_sum_search_result *r;
    grundy_sum_move *m = NULL, one;
    size_t nm = 0;
    int wins = 0, decided, found;
    grundy_status s;

    *first = -1;
    s = theory(c, out, &wins, &m, &nm, how, &decided);
    if (s == GRUNDY_OK && decided) {
        /* a won sum whose winning moves could not be listed (too many
         * moves) has no move known to win: undecided, as for the move */
        *first = wins && !nm ? -1 : wins;
        if (wins && nm) {
            s = fastest(c, out, m, nm, *how);
            free(m);
            return s;
        }
    }
    free(m);
    GRUNDY_TRY(s);
    /* A lost sum's longest resistance, or what no theory decides. */
    s = grundy_sum_ctx_search(c, &r);
    if (s == GRUNDY_OK) {
        if (*first < 0) {
            *first = r->first_wins;
            *how = GRUNDY_SUM_BY_SEARCH;
        }
        out->best_method = GRUNDY_SUM_BY_SEARCH;
        return grundy_sum_copy_moves(&out->best, &out->nbest, r->best,
                                     r->nbest);
    }
    if (!past_limits(s))
        return s;
    out->best_method = GRUNDY_SUM_BY_NONE;
    GRUNDY_TRY(least_taken(c, &one, &found));
    return found ? grundy_sum_copy_moves(&out->best, &out->nbest, &one, 1)
                 : GRUNDY_OK;
}

grundy_status grundy_sum_remoteness(sum_actx *c, grundy_sum_result *out)
{
    size_t i;
    uint64_t least = GRUNDY_REMOTENESS_UNKNOWN;
    int unknown = 0, every = out->move_outcome != NULL;
    grundy_sum_search_result *r;
    out->remoteness = GRUNDY_REMOTENESS_UNKNOWN;
    out->best_remoteness = GRUNDY_REMOTENESS_UNKNOWN;
    if (out->nmoves) {
        out->move_remoteness =
            malloc(out->nmoves * sizeof *out->move_remoteness);
        GRUNDY_RETURN_IF(!out->move_remoteness, GRUNDY_ERR_NOMEM);
    }
    for (i = 0; i < out->nmoves; i++) {
        if (c->o->moore_k && i && !every) { /* one set: one remoteness */
            out->move_remoteness[i] = out->move_remoteness[0];
            continue;
        }
        GRUNDY_TRY(move_remoteness(c, &out->moves[i],
                                   every || !c->o->moore_k ? 1 : out->nmoves,
                                   &out->move_remoteness[i]));
        if (every && out->move_outcome[i] != GRUNDY_SUM_AFTER_LOSS)
            continue; /* the sum's remoteness is its fastest win */
        if (out->move_remoteness[i] < least)
            least = out->move_remoteness[i];
        unknown |= out->move_remoteness[i] == GRUNDY_REMOTENESS_UNKNOWN;
    }
    if (out->nbest)
        GRUNDY_TRY(move_remoteness(c, out->best, out->nbest,
                                   &out->best_remoteness));
    /* The sum's own: the fastest of every winning move when the method
     * listed them all, else a search of the sum if one ran. */
    if (out->first_wins > 0 && (every || !c->o->moore_k) &&
        least != GRUNDY_REMOTENESS_UNKNOWN && !unknown &&
        (c->want & GRUNDY_SUM_MOVES))
        out->remoteness = least;
    else if (c->searched && grundy_sum_ctx_search(c, &r) == GRUNDY_OK)
        out->remoteness = r->remoteness - (c->o->convention ==
                                           GRUNDY_PLAY_MISERE);
    return GRUNDY_OK;
}

