/*
 * moves.c -- moves asked of the values object: a move to a position of a
 * given value, and whether a move typed by a user is one of the game's
 * (grundy_values_move_to(), grundy_values_find_move(),
 * grundy_values_is_move()).  Nim-like families answer through their
 * move_to_value hook; others list their moves and ask the values of
 * what each leaves.
 */
#include <stdlib.h>
#include <string.h>

#include "values/values_internal.h"

/* The moves of p (*out: free() it), their number checked against the
 * work and memory limits first. */
static grundy_status list_moves(grundy_move **out, size_t *count,
                                grundy_values *v, grundy_pos p)
{
    size_t need = v->rules->max_moves(v->params, p), cap = 0;
    grundy_status s;
    *out = NULL;
    *count = 0;
    GRUNDY_TRY(grundy_values_work_check(v, need));
    GRUNDY_RETURN_IF(need > SIZE_MAX / sizeof **out, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(v->lim, need * sizeof **out));
    s = grundy_game_moves(v->game, p, out, &cap, count);
    if (s != GRUNDY_OK) {
        free(*out);
        *out = NULL;
    }
    return s;
}

grundy_status grundy_values_move_to(grundy_move *out, int *found,
                                    grundy_values *v, grundy_pos p,
                                    grundy_value target)
{
    grundy_move *mv = NULL;
    size_t count, k;
    grundy_status s = GRUNDY_OK;
    *found = 0;
    if (v->rules->move_to_value) {
        int r = v->rules->move_to_value(v->params, p, target, out);
        if (r >= 0) {
            *found = r;
            if (r)
                grundy_move_sort_parts(out);
            return GRUNDY_OK;
        }
    }
    GRUNDY_TRY(list_moves(&mv, &count, v, p));
    for (k = 0; k < count && s == GRUNDY_OK && !*found; k++) {
        grundy_value x = 0, pv;
        unsigned j;
        for (j = 0; j < mv[k].nparts && s == GRUNDY_OK; j++) {
            s = grundy_values_get(&pv, v, mv[k].part[j]);
            x ^= pv;
        }
        if (s == GRUNDY_OK && x == target) {
            *out = mv[k];
            grundy_move_sort_parts(out);
            *found = 1;
        }
    }
    free(mv);
    return s;
}

static int same_move(const grundy_move *a, const grundy_move *b)
{
    grundy_move x = *a, y = *b;
    unsigned i;
    if (x.nparts != y.nparts)
        return 0;
    grundy_move_sort_parts(&x);
    grundy_move_sort_parts(&y);
    for (i = 0; i < x.nparts; i++)
        if (x.part[i] != y.part[i])
            return 0;
    return 1;
}

/* m without its empty parts, sorted. */
static void nonempty_parts(const grundy_move *m, grundy_move *out)
{
    unsigned k;
    out->nparts = 0;
    for (k = 0; k < m->nparts; k++)
        if (m->part[k])
            out->part[out->nparts++] = m->part[k];
    grundy_move_sort_parts(out);
}

grundy_status grundy_values_find_move(grundy_move *out, int *legal,
                                      grundy_values *v, grundy_pos p,
                                      const grundy_move *m)
{
    grundy_move want, x, *mv = NULL;
    size_t count, k;
    grundy_status s;
    *legal = 0;
    nonempty_parts(m, &want);
    if ((v->rules->flags & GRUNDY_RULES_NIM) && v->rules->move_to_value) {
        /* one heap left, or none (a heap of 0) */
        grundy_move one;
        GRUNDY_RETURN_IF(want.nparts > 1, GRUNDY_OK);
        one.part[0] = want.nparts ? want.part[0] : 0;
        one.nparts = 1;
        GRUNDY_TRY(grundy_values_is_move(legal, v, p, &one));
        if (*legal)
            *out = one;
        return GRUNDY_OK;
    }
    s = list_moves(&mv, &count, v, p);
    for (k = 0; s == GRUNDY_OK && k < count && !*legal; k++) {
        nonempty_parts(&mv[k], &x);
        *legal = same_move(&x, &want);
        if (*legal)
            *out = mv[k];
    }
    free(mv);
    return s;
}

grundy_status grundy_values_is_move(int *legal, grundy_values *v,
                                    grundy_pos p, const grundy_move *m)
{
    grundy_move *mv = NULL;
    size_t count, k;
    *legal = 0;
    if ((v->rules->flags & GRUNDY_RULES_NIM) && v->rules->move_to_value &&
        m->nparts == 1) {
        /* A Nim heap has one move to each smaller value, and no other. */
        grundy_value gp, gm;
        grundy_move to;
        int found;
        GRUNDY_TRY(grundy_values_get(&gp, v, p));
        if (grundy_values_get(&gm, v, m->part[0]) != GRUNDY_OK || gm >= gp)
            return GRUNDY_OK;
        GRUNDY_TRY(grundy_values_move_to(&to, &found, v, p, gm));
        *legal = found && same_move(&to, m);
        return GRUNDY_OK;
    }
    GRUNDY_TRY(list_moves(&mv, &count, v, p));
    for (k = 0; k < count && !*legal; k++)
        *legal = same_move(&mv[k], m);
    free(mv);
    return GRUNDY_OK;
}
