/*
 * game.c -- a game: one family with its parsed parameters, and what every
 * layer asks of it (its family and parameters, its spec, positions as
 * text, its moves).  These calls go to the family through its hooks
 * only, so the table engine, the values and the sums call down into this
 * file, never up into the registry (registry.c: the families by name,
 * and the making of games).
 */
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "grundy/rules.h"
#include "grundy/takebreak.h"
#include "rules/rules_internal.h"

void grundy_game_free(grundy_game *g)
{
    if (!g)
        return;
    if (g->rules->free_params)
        g->rules->free_params(g->params);
    free(g->spec);
    free(g);
}

size_t grundy_moves_of_positions(grundy_move *out, size_t cap,
                                 const grundy_pos *ch, size_t n)
{
    size_t i;
    for (i = 0; i < n && i < cap; i++) {
        out[i].part[0] = ch[i];
        out[i].nparts = 1;
    }
    return n;
}

size_t grundy_moves_of_children(grundy_move *out, size_t cap,
                                size_t (*children)(const void *params,
                                                   grundy_pos p,
                                                   grundy_pos *out,
                                                   size_t cap),
                                const void *params, grundy_pos p)
{
    grundy_pos ch[2 * GRUNDY_BOARD_MAX_CELLS];
    return grundy_moves_of_positions(
        out, cap, ch, children(params, p, ch, sizeof ch / sizeof ch[0]));
}

const grundy_rules *grundy_game_rules(const grundy_game *g)
{
    return g->rules;
}

const void *grundy_game_params(const grundy_game *g)
{
    return g->params;
}

const char *grundy_game_spec(const grundy_game *g)
{
    return g->spec;
}

grundy_pos grundy_game_num_positions(const grundy_game *g)
{
    return g->rules->num_positions ? g->rules->num_positions(g->params) : 0;
}

unsigned grundy_game_board_words(const grundy_game *g)
{
    return g->rules->words ? g->rules->words(g->params) : 0;
}

size_t grundy_game_canonical_spec(const grundy_game *g, char *buf,
                                  size_t cap)
{
    size_t n;
    if (g->rules->spec_format)
        return g->rules->spec_format(g->params, buf, cap);
    n = strlen(g->spec);
    if (cap) {
        size_t k = n < cap ? n : cap - 1;
        memcpy(buf, g->spec, k);
        buf[k] = 0;
    }
    return n;
}

grundy_status grundy_game_pos_parse(const grundy_game *g, const char *text,
                                    size_t len, grundy_pos *out,
                                    grundy_parse_error *where)
{
    grundy_pos n;
    GRUNDY_RETURN_IF(!g || !out || (!text && len), GRUNDY_ERR_ARG);
    if (!text)
        text = "";
    n = grundy_game_num_positions(g);
    if (g->rules->start && len == 5 && memcmp(text, "start", 5) == 0) {
        *out = g->rules->start(g->params);
        return GRUNDY_OK;
    }
    if (g->rules->pos_parse)
        return g->rules->pos_parse(g->params, text, len, out, where);
    return grundy_u64_parse_pos(out, text, len, n ? n - 1 : UINT64_MAX,
                                where);
}

size_t grundy_game_pos_format(const grundy_game *g, grundy_pos p, char *buf,
                              size_t cap)
{
    if (g->rules->pos_format)
        return g->rules->pos_format(g->params, p, buf, cap);
    return grundy_u64_format(p, buf, cap);
}

/* *buf with room for need moves. */
static grundy_status moves_room(grundy_move **buf, size_t *cap, size_t need)
{
    return GRUNDY_GROW(*buf, *cap, need);
}

grundy_status grundy_game_moves(const grundy_game *g, grundy_pos p,
                                grundy_move **buf, size_t *cap,
                                size_t *count)
{
    const grundy_rules *r = g->rules;
    if (r->list_moves) {
        /* the family's status; a second call when the first had no room
         * (a family that wants more room again contradicts itself) */
        GRUNDY_TRY(moves_room(buf, cap, r->max_moves(g->params, p)));
        GRUNDY_TRY(r->list_moves(g->params, p, *buf, *cap, count));
        if (*count <= *cap)
            return GRUNDY_OK;
        GRUNDY_TRY(moves_room(buf, cap, *count));
        GRUNDY_TRY(r->list_moves(g->params, p, *buf, *cap, count));
        return *count <= *cap ? GRUNDY_OK : GRUNDY_ERR_ARG;
    }
    GRUNDY_TRY(moves_room(buf, cap, r->max_moves(g->params, p)));
    *count = r->moves(g->params, p, *buf, *cap);
    assert(*count <= *cap);
    return GRUNDY_OK;
}

void grundy_move_sort_parts(grundy_move *m)
{
    unsigned i, j;
    for (i = 1; i < m->nparts; i++)
        for (j = i; j > 0 && m->part[j - 1] > m->part[j]; j--) {
            grundy_pos t = m->part[j];
            m->part[j] = m->part[j - 1];
            m->part[j - 1] = t;
        }
}

const grundy_takebreak_params *grundy_takebreak_get(const grundy_game *g)
{
    const grundy_rules *r = g ? grundy_game_rules(g) : NULL;
    return r && r->takebreak ? r->takebreak(grundy_game_params(g)) : NULL;
}
