/*
 * play.c -- a game state (grundy/play.h): its components, its history of
 * positions, whose turn it is, and how the game stands.
 *
 * Every component is a values object of the session and a position, so a
 * state's position is a grundy_sum_component array that grundy_sum_analyze()
 * takes as it is; the games of a state are kept with the spec each was
 * written with, which text shows and transcripts keep.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/grow.h"
#include "core/parse_error.h"
#include "play/play_internal.h"
#include "sum/sum_internal.h"

grundy_status grundy_play_grow(void **a, size_t *cap, size_t need,
                               size_t size)
{
    return grundy_array_grow(a, cap, need, size);
}

void grundy_play_opts_init(grundy_play_opts *o)
{
    memset(o, 0, sizeof *o);
    o->convention = GRUNDY_PLAY_NORMAL;
    o->repeat = 3;
}

grundy_status grundy_play_new(grundy_play **out, grundy_session *s,
                              const grundy_play_opts *o)
{
    grundy_play *p;
    *out = NULL;
    GRUNDY_RETURN_IF(!s, GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(o && o->moore_k > GRUNDY_MOORE_KMAX, GRUNDY_ERR_ARG);
    GRUNDY_TRY(GRUNDY_NEW(p));
    p->s = s;
    if (o)
        p->o = *o;
    else
        grundy_play_opts_init(&p->o);
    if (!p->o.repeat)
        p->o.repeat = 3;
    if (grundy_play_grow((void **)&p->off, &p->offcap, 2, sizeof *p->off) !=
            GRUNDY_OK ||
        grundy_play_grow((void **)&p->moff, &p->moffcap, 2,
                         sizeof *p->moff) != GRUNDY_OK) {
        grundy_play_free(p);
        return GRUNDY_ERR_NOMEM;
    }
    p->off[0] = p->off[1] = 0;
    p->moff[0] = 0;
    *out = p;
    return GRUNDY_OK;
}

void grundy_play_free(grundy_play *p)
{
    size_t i;
    if (!p)
        return;
    for (i = 0; i < p->ngames; i++)
        free(p->games[i].written);
    GRUNDY_FREE_ALL(p->games, p->pos, p->off, p->set, p->moff, p);
}

const grundy_play_opts *grundy_play_options(const grundy_play *p)
{
    return &p->o;
}

const play_game *grundy_play_game_rec(const grundy_play *p,
                                      const grundy_values *v)
{
    size_t i;
    for (i = 0; i < p->ngames; i++)
        if (p->games[i].v == v)
            return &p->games[i];
    return NULL;
}

/* The state's record of g as written (added when new). */
static grundy_status game_rec(grundy_play *p, const grundy_game *g,
                              const char *written, grundy_values **v)
{
    size_t i;
    play_game *r;
    for (i = 0; i < p->ngames; i++)
        if (p->games[i].g == g && strcmp(p->games[i].written, written) == 0) {
            *v = p->games[i].v;
            return GRUNDY_OK;
        }
    GRUNDY_TRY(grundy_play_grow((void **)&p->games, &p->gcap, p->ngames + 1,
                                sizeof *p->games));
    r = &p->games[p->ngames];
    GRUNDY_TRY(grundy_session_values(&r->v, p->s, g));
    for (i = 0; i < p->ngames; i++)
        if (p->games[i].v == r->v) { /* the same game, written otherwise */
            *v = r->v;
            return GRUNDY_OK;
        }
    r->g = g;
    r->written = malloc(strlen(written) + 1);
    GRUNDY_RETURN_IF(!r->written, GRUNDY_ERR_NOMEM);
    strcpy(r->written, written);
    *v = r->v;
    p->ngames++;
    return GRUNDY_OK;
}

grundy_status grundy_play_add(grundy_play *p, const grundy_game *g,
                              const char *written, const char *pos,
                              grundy_parse_error *where)
{
    grundy_sum_component c;
    GRUNDY_RETURN_IF(!p || !g || !pos || p->top, GRUNDY_ERR_ARG);
    grundy_parse_error_clear(where);
    GRUNDY_TRY(grundy_game_pos_parse(g, pos, strlen(pos), &c.pos, where));
    GRUNDY_TRY(game_rec(p, g, written ? written : grundy_game_spec(g),
                        &c.values));
    GRUNDY_TRY(grundy_play_grow((void **)&p->pos, &p->poscap, p->npos + 1,
                                sizeof *p->pos));
    p->pos[p->npos++] = c;
    p->off[1] = p->npos;
    return GRUNDY_OK;
}

const grundy_sum_component *grundy_play_components(const grundy_play *p,
                                                   size_t *count)
{
    return grundy_play_position(p, p->ply, count);
}

const grundy_sum_component *grundy_play_start(const grundy_play *p,
                                              size_t *count)
{
    *count = p->off[1] - p->off[0];
    return p->pos;
}

const grundy_sum_component *grundy_play_position(const grundy_play *p,
                                                 size_t i, size_t *count)
{
    *count = p->off[i + 1] - p->off[i];
    /* a state with no component has no array yet (NULL + 0 is undefined) */
    return p->pos ? p->pos + p->off[i] : NULL;
}

const char *grundy_play_spec_of(const grundy_play *p, const grundy_values *v)
{
    const play_game *r = grundy_play_game_rec(p, v);
    return r ? r->written : grundy_game_spec(grundy_values_game(v));
}

const grundy_game *grundy_play_game_of(const grundy_play *p, size_t i)
{
    size_t n;
    return grundy_values_game(grundy_play_components(p, &n)[i].values);
}

const char *grundy_play_written(const grundy_play *p, size_t i)
{
    size_t n;
    return grundy_play_spec_of(p, grundy_play_components(p, &n)[i].values);
}

const char *grundy_play_label(const grundy_game *g, const char *written)
{
    const char *spec = grundy_game_spec(g);
    size_t n = written ? strlen(written) : 0;
    return n && strncmp(spec, written, n) == 0 && spec[n] == ':' ? written
                                                                   : spec;
}

int grundy_play_mixed(const grundy_play *p)
{
    return p->ngames > 1;
}

int grundy_play_has_cycles(const grundy_play *p)
{
    size_t i;
    for (i = 0; i < p->ngames; i++)
        if (grundy_game_rules(p->games[i].g)->flags & GRUNDY_RULES_LOOPY)
            return 1;
    return 0;
}

const char *grundy_play_refused_option(const grundy_play *p)
{
    if (!grundy_play_has_cycles(p))
        return NULL;
    return p->o.moore_k                            ? "moore"
           : p->o.convention == GRUNDY_PLAY_MISERE ? "misere"
                                                   : NULL;
}

unsigned grundy_play_turn(const grundy_play *p)
{
    return (unsigned)(p->ply % 2);
}

size_t grundy_play_ply(const grundy_play *p)
{
    return p->ply;
}

size_t grundy_play_history(const grundy_play *p, size_t i,
                           const grundy_sum_move **set)
{
    *set = p->set + p->moff[i];
    return p->moff[i + 1] - p->moff[i];
}

/* History ******************************************************************/

grundy_status grundy_play_apply(grundy_play *p, const grundy_sum_move *set,
                                size_t n)
{
    size_t count, i, j, k, base;
    const grundy_sum_component *c = grundy_play_components(p, &count);
    grundy_sum_component *next;
    GRUNDY_RETURN_IF(!n || n > (p->o.moore_k ? p->o.moore_k : 1),
                     GRUNDY_ERR_ARG);
    for (i = 0; i < n; i++) {
        GRUNDY_RETURN_IF(set[i].component >= count ||
                             c[set[i].component].pos != set[i].from ||
                             set[i].to.nparts > GRUNDY_MAX_PARTS,
                         GRUNDY_ERR_ARG);
        for (j = 0; j < i; j++)
            GRUNDY_RETURN_IF(set[j].component == set[i].component,
                             GRUNDY_ERR_ARG);
    }
    GRUNDY_TRY(grundy_sum_after_set(&next, &k, c, count, set, n));
    /* forget what was undone, then append the new position */
    p->top = p->ply;
    base = p->off[p->ply + 1];
    p->npos = base;
    p->nset = p->moff[p->ply];
    if (grundy_play_grow((void **)&p->pos, &p->poscap, base + k + 1,
                         sizeof *p->pos) != GRUNDY_OK ||
        grundy_play_grow((void **)&p->off, &p->offcap, p->ply + 3,
                         sizeof *p->off) != GRUNDY_OK ||
        grundy_play_grow((void **)&p->set, &p->setcap, p->nset + n,
                         sizeof *p->set) != GRUNDY_OK ||
        grundy_play_grow((void **)&p->moff, &p->moffcap, p->ply + 2,
                         sizeof *p->moff) != GRUNDY_OK) {
        free(next);
        return GRUNDY_ERR_NOMEM;
    }
    memcpy(p->pos + base, next, k * sizeof *next);
    free(next);
    p->npos = base + k;
    memcpy(p->set + p->nset, set, n * sizeof *set);
    p->nset += n;
    p->ply++;
    p->top = p->ply;
    p->off[p->ply + 1] = p->npos;
    p->moff[p->ply] = p->nset;
    return GRUNDY_OK;
}

int grundy_play_undo(grundy_play *p)
{
    if (!p->ply)
        return 0;
    p->ply--;
    return 1;
}

int grundy_play_redo(grundy_play *p)
{
    if (p->ply == p->top)
        return 0;
    p->ply++;
    return 1;
}

static int can_move(const grundy_sum_component *c)
{
    const grundy_game *g = grundy_values_game(c->values);
    const grundy_rules *r = grundy_game_rules(g);
    grundy_move one;
    if (r->max_moves(grundy_game_params(g), c->pos) == 0)
        return 0;
    return r->moves(grundy_game_params(g), c->pos, &one, 1) > 0;
}

grundy_play_end grundy_play_over(const grundy_play *p, uint64_t *repeats)
{
    size_t n, i, k;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    uint64_t seen = 0;
    for (k = p->ply % 2; k <= p->ply; k += 2)
        if (p->off[k + 1] - p->off[k] == n &&
            (!n || memcmp(p->pos + p->off[k], c, n * sizeof *c) == 0))
            seen++;
    if (repeats)
        *repeats = seen;
    if (seen >= p->o.repeat)
        return GRUNDY_PLAY_REPEATED;
    for (i = 0; i < n; i++)
        if (can_move(&c[i]))
            return GRUNDY_PLAY_ON;
    return GRUNDY_PLAY_NO_MOVE;
}
