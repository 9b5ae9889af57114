/*
 * board.c -- the value of one position of a board family by search
 * (grundy/board.h): the context, the choice of the width, and pictures.
 *
 * The search itself is written once over the width of a position
 * (search_tmpl.h) and instantiated for 64, 128 and 256 bits
 * (search64.c, search128.c, search256.c).  A board of at most 64 cells
 * is searched on grundy_pos sets through the family's grundy_pos hooks
 * and the compact table (tt.h); a larger one, or any board when the
 * options ask for a wider width, on arrays of words through the family's
 * grundy_board_wide hooks and the wide-key table (ttw.h).  Widths only
 * change how a set is held: every width gives the same values (the
 * tests compare them on boards several widths hold).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/board_internal.h"
#include "rules/cells.h"
#include "rules/grid.h"

void grundy_board_opts_init(grundy_board_opts *o)
{
    memset(o, 0, sizeof *o);
    o->split = 1;
    o->keys = 1;
    o->prune = 1;
    o->history = 1;
    o->evict_limit = 8;
}

int grundy_board_applies(const grundy_game *g)
{
    const grundy_rules *r = grundy_game_rules(g);
    return r->components != NULL || r->key != NULL || r->wide != NULL;
}

/* The width of the search: the options' when given, else the least that
 * holds the board. */
static grundy_status choose_width(grundy_board *bd)
{
    const grundy_rules *r = grundy_game_rules(bd->game);
    const void *params = grundy_game_params(bd->game);
    unsigned least = r->words ? r->words(params) : 1, w = bd->o.words;
    GRUNDY_RETURN_IF(w != 0 && w != 1 && w != 2 && w != 4, GRUNDY_ERR_ARG);
    if (!w)
        w = least;
    GRUNDY_RETURN_IF(w < least, GRUNDY_ERR_ARG);
    if (w > 1) {
        GRUNDY_RETURN_IF(!r->wide || !r->cells, GRUNDY_ERR_ARG);
        bd->wide = r->wide(params, w);
        GRUNDY_RETURN_IF(!bd->wide || bd->wide->words != w ||
                             !bd->wide->children || !bd->wide->max_moves,
                         GRUNDY_ERR_ARG);
    }
    bd->words = w;
    return GRUNDY_OK;
}

grundy_status grundy_board_new(grundy_board **out, const grundy_game *g,
                               const grundy_board_opts *o)
{
    grundy_board *bd;
    grundy_board_opts def;
    grundy_board_tt_policy pol;
    size_t max;
    grundy_status s;
    *out = NULL;
    if (!o) {
        grundy_board_opts_init(&def);
        o = &def;
    }
    bd = calloc(1, sizeof *bd);
    GRUNDY_RETURN_IF(!bd, GRUNDY_ERR_NOMEM);
    bd->game = g;
    bd->o = *o;
    s = choose_width(bd);
    if (s != GRUNDY_OK) {
        free(bd);
        return s;
    }
    /* the rest of the limit is left to the levels of the search, the
     * end database and whatever the caller holds */
    max = o->table_bytes ? o->table_bytes
                         : grundy_limits_mem(o->limits) -
                               grundy_limits_mem(o->limits) / 8;
    pol = o->replace == GRUNDY_BOARD_REPLACE_NEWEST ? GRUNDY_BOARD_TT_NEWEST
                                                    : GRUNDY_BOARD_TT_COST;
    s = bd->words == 1
            ? grundy_board_tt_init(&bd->tt, max, o->limits, pol)
            : grundy_board_ttw_init(&bd->ttw, bd->words, max, o->limits, pol);
    if (s != GRUNDY_OK) {
        free(bd);
        return s;
    }
    pthread_mutex_init(&bd->pz.mu, NULL);
    pthread_cond_init(&bd->pz.cv, NULL);
    *out = bd;
    return GRUNDY_OK;
}

void grundy_board_free(grundy_board *bd)
{
    if (!bd)
        return;
    switch (bd->words) {
    case 1:
        grundy_board_free_64(bd);
        grundy_board_tt_clear(&bd->tt);
        break;
    case 2:
        grundy_board_free_128(bd);
        grundy_board_ttw_clear(&bd->ttw);
        break;
    default:
        grundy_board_free_256(bd);
        grundy_board_ttw_clear(&bd->ttw);
        break;
    }
    pthread_mutex_destroy(&bd->pz.mu);
    pthread_cond_destroy(&bd->pz.cv);
    free(bd);
}

unsigned grundy_board_words(const grundy_board *bd)
{
    return bd->words;
}

void grundy_board_get_stats(grundy_board_stats *out, const grundy_board *bd)
{
    *out = bd->st;
    if (bd->words == 1) {
        grundy_board_stats_64(out, bd);
        out->evictions += bd->tt.evictions;
        out->entries = bd->tt.used + bd->tt.wused;
        out->capacity = grundy_board_tt_capacity(&bd->tt);
        out->table_bytes = grundy_board_tt_bytes(&bd->tt);
        out->peak_bytes += bd->tt.peak_bytes;
    } else {
        if (bd->words == 2)
            grundy_board_stats_128(out, bd);
        else
            grundy_board_stats_256(out, bd);
        out->evictions += bd->ttw.evictions;
        out->entries = bd->ttw.used;
        out->capacity = grundy_board_ttw_capacity(&bd->ttw);
        out->table_bytes = grundy_board_ttw_bytes(&bd->ttw);
        out->peak_bytes += bd->ttw.peak_bytes;
    }
    out->threads = bd->nsearchers ? bd->nsearchers : 1;
    out->words = bd->words;
}

grundy_status grundy_board_preload(grundy_board *bd, const uint64_t *key,
                                   unsigned nwords, unsigned tag,
                                   uint32_t value)
{
    GRUNDY_RETURN_IF(!bd || !key, GRUNDY_ERR_ARG);
    switch (bd->words) {
    case 1:
        return grundy_board_preload_key_64(bd, key, nwords, tag, value);
    case 2:
        return grundy_board_preload_key_128(bd, key, nwords, tag, value);
    default:
        return grundy_board_preload_key_256(bd, key, nwords, tag, value);
    }
}

grundy_status grundy_board_set_enddb(grundy_board *bd, const grundy_game *w,
                                     const grundy_table *t)
{
    const grundy_rules *r = grundy_game_rules(bd->game);
    GRUNDY_RETURN_IF(!bd || !w || !t, GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(grundy_game_rules(w) != r || !r->window_place,
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(grundy_game_board_words(w) > 1 ||
                         grundy_table_size(t) != grundy_game_num_positions(w),
                     GRUNDY_ERR_ARG);
    switch (bd->words) {
    case 1:
        return grundy_board_enddb_64(bd, w, t);
    case 2:
        return grundy_board_enddb_128(bd, w, t);
    default:
        return grundy_board_enddb_256(bd, w, t);
    }
}

unsigned grundy_board_largest_part(const grundy_board *bd, grundy_pos p)
{
    const grundy_rules *r = grundy_game_rules(bd->game);
    const void *params = grundy_game_params(bd->game);
    unsigned best = 0, W = bd->words;
    size_t n, i;
    if (W == 1) {
        grundy_pos parts[GRUNDY_BOARD_MAX_CELLS];
        if (!r->components)
            return grundy_pop64(p);
        n = r->components(params, p, parts, GRUNDY_BOARD_MAX_CELLS);
        for (i = 0; i < n && i < GRUNDY_BOARD_MAX_CELLS; i++)
            if (grundy_pop64(parts[i]) > best)
                best = grundy_pop64(parts[i]);
    } else {
        uint64_t cells[GRUNDY_CELLS_MAX_WORDS];
        uint64_t parts[GRUNDY_BOARD_MAX_CELLS * GRUNDY_CELLS_MAX_WORDS];
        if (!r->cells(params, p, cells, W))
            return 0;
        if (!bd->wide->components)
            return grundy_cells_pop(cells, W);
        n = bd->wide->components(params, cells, parts,
                                 GRUNDY_BOARD_MAX_CELLS);
        for (i = 0; i < n && i < GRUNDY_BOARD_MAX_CELLS; i++)
            if (grundy_cells_pop(parts + i * W, W) > best)
                best = grundy_cells_pop(parts + i * W, W);
    }
    return best;
}

grundy_status grundy_board_value(grundy_value *out, grundy_board *bd,
                                 grundy_pos p)
{
    const grundy_rules *r = grundy_game_rules(bd->game);
    const void *params = grundy_game_params(bd->game);
    uint64_t cells[GRUNDY_CELLS_MAX_WORDS] = {0};
    unsigned least = r->words ? r->words(params) : 1;
    *out = 0;
    if (least > 1 || bd->words > 1) {
        GRUNDY_RETURN_IF(!r->cells(params, p, cells, bd->words),
                         GRUNDY_ERR_RANGE);
    } else {
        cells[0] = p;
    }
    switch (bd->words) {
    case 1:
        return grundy_board_value_64(out, bd, cells);
    case 2:
        return grundy_board_value_128(out, bd, cells);
    default:
        return grundy_board_value_256(out, bd, cells);
    }
}

grundy_status grundy_board_geometry_get(grundy_board_geometry *out,
                                        const grundy_game *g, grundy_pos p)
{
    const grundy_rules *r;
    grundy_pos n;
    GRUNDY_RETURN_IF(!out || !g, GRUNDY_ERR_ARG);
    memset(out, 0, sizeof *out);
    r = grundy_game_rules(g);
    GRUNDY_RETURN_IF(!r->geometry, GRUNDY_ERR_ARG);
    n = grundy_game_num_positions(g);
    GRUNDY_RETURN_IF(n != UINT64_MAX && p >= n, GRUNDY_ERR_RANGE);
    return r->geometry(grundy_game_params(g), p, out);
}
