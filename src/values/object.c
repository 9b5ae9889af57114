/*
 * object.c -- the values object of a game (grundy/values.h): made from
 * the options, the accessors of what it holds, what another module keeps
 * with it, and freeing it.  The chooser (values.c) and every source
 * (tables.c, period.c, window.c, search.c) work on it.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "values/values_internal.h"

void grundy_values_opts_init(grundy_values_opts *o)
{
    memset(o, 0, sizeof *o);
    o->store_min_ms = -1;
    o->checkpoint_ms = -1;
    o->enddb = 0;
}

grundy_status grundy_values_new(grundy_values **out, const grundy_game *g,
                                const grundy_values_opts *o)
{
    grundy_values *v;
    grundy_values_opts defaults;
    *out = NULL;
    if (!o) {
        grundy_values_opts_init(&defaults);
        o = &defaults;
    }
    GRUNDY_TRY(GRUNDY_NEW(v));
    v->game = g;
    v->rules = grundy_game_rules(g);
    v->params = grundy_game_params(g);
    v->lim = o->limits;
    v->store = o->method == GRUNDY_TABLE_AUTO ? o->store : NULL;
    v->method = o->method;
    v->store_min_ms = o->store_min_ms >= 0 ? o->store_min_ms : STORE_MIN_MS;
    v->checkpoint_ms =
        o->checkpoint_ms > 0 ? o->checkpoint_ms : CHECKPOINT_MS;
    v->out_of_core = o->out_of_core;
    v->keep_single = o->keep_single;
    v->enddb_asked = o->enddb;
    v->source = "none";
    v->method_name = "none";
    if (grundy_game_canonical_spec(g, v->spec, sizeof v->spec) >=
        sizeof v->spec)
        v->store = NULL; /* a spec this long is not kept */
    *out = v;
    return GRUNDY_OK;
}

void grundy_values_free(grundy_values *v)
{
    if (!v)
        return;
    grundy_table_free(v->view);
    grundy_table_free(v->table);
    grundy_values_split_drop(v);
    grundy_values_peek_drop(v);
    grundy_board_free(v->board);
    grundy_values_journal_free(v->journal);
    grundy_values_free(v->enddb_values);
    grundy_game_free(v->enddb_game);
    if (v->attached_free)
        v->attached_free(v->attached);
    free(v);
}

void **grundy_values_attached(grundy_values *v, void (*free_fn)(void *))
{
    v->attached_free = free_fn;
    return &v->attached;
}

const grundy_game *grundy_values_game(const grundy_values *v)
{
    return v->game;
}

const grundy_limits *grundy_values_limits(const grundy_values *v)
{
    return v->lim;
}

const char *grundy_values_source(const grundy_values *v)
{
    return v->source;
}

const char *grundy_values_method(const grundy_values *v)
{
    return v->method_name;
}

const grundy_table *grundy_values_cached(const grundy_values *v)
{
    return v->table;
}

void grundy_values_known_period(grundy_period *out, const grundy_values *v)
{
    *out = v->period;
}
