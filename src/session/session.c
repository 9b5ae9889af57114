/*
 * session.c -- the set-up every front end shares (grundy/session.h): the
 * limits, the store opened on first use, one game per spec and one
 * values object per game, the environment's settings.
 *
 * Games and values objects are kept in two small arrays searched
 * linearly: a front end asks about a handful of games, and the search
 * costs nothing beside the first value of any of them.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "grundy/session.h"

typedef struct session_game {
    char *spec;
    grundy_game *game;
} session_game;

struct grundy_session {
    grundy_session_opts o;
    grundy_limits limits;
    char *store_dir; /* a copy of o.store_dir */
    grundy_store *store;
    int store_opened;
    session_game *games;
    size_t ngames;
    grundy_values **values;
    size_t nvalues;
    grundy_sum_memo *memo;
    int memo_made;
};

void grundy_session_opts_init(grundy_session_opts *o)
{
    memset(o, 0, sizeof *o);
    grundy_limits_init(&o->limits);
    o->method = GRUNDY_TABLE_AUTO;
    o->read_env = 1;
    o->store_min_ms = -1;
    o->checkpoint_ms = -1;
    o->enddb = 0;
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* A non-negative number from the environment, or -1. */
static long env_ms(const char *name)
{
    const char *s = getenv(name);
    char *end;
    long v;
    if (!s || !*s)
        return -1;
    v = strtol(s, &end, 10);
    return *end || v < 0 ? -1 : v;
}

grundy_status grundy_session_new(grundy_session **out,
                                 const grundy_session_opts *o)
{
    grundy_session *s;
    *out = NULL;
    GRUNDY_TRY(GRUNDY_NEW(s));
    if (o)
        s->o = *o;
    else
        grundy_session_opts_init(&s->o);
    s->limits = s->o.limits;
    if (s->o.store_dir) {
        s->store_dir = dup_str(s->o.store_dir);
        if (!s->store_dir) {
            free(s);
            return GRUNDY_ERR_NOMEM;
        }
        s->o.store_dir = s->store_dir;
    }
    if (s->o.read_env && s->o.store_min_ms < 0)
        s->o.store_min_ms = env_ms("GRUNDY_STORE_MIN_MS");
    if (s->o.read_env && s->o.checkpoint_ms < 0)
        s->o.checkpoint_ms = env_ms("GRUNDY_CHECKPOINT_MS");
    if (s->o.read_env && !s->o.store_limit) {
        const char *e = getenv("GRUNDY_STORE_LIMIT");
        uint64_t lim;
        if (e && grundy_store_parse_limit(e, &lim) == GRUNDY_OK)
            s->o.store_limit = lim;
    }
    *out = s;
    return GRUNDY_OK;
}

void grundy_session_free(grundy_session *s)
{
    size_t i;
    if (!s)
        return;
    grundy_sum_memo_free(s->memo); /* its positions name the games */
    for (i = 0; i < s->nvalues; i++)
        grundy_values_free(s->values[i]);
    for (i = 0; i < s->ngames; i++) {
        grundy_game_free(s->games[i].game);
        free(s->games[i].spec);
    }
    free(s->values);
    free(s->games);
    grundy_store_close(s->store);
    free(s->store_dir);
    free(s);
}

grundy_limits *grundy_session_limits(grundy_session *s)
{
    return &s->limits;
}

grundy_store *grundy_session_store(grundy_session *s)
{
    grundy_store_opts so;
    if (s->store_opened)
        return s->store;
    s->store_opened = 1;
    if (s->o.no_store || s->o.method != GRUNDY_TABLE_AUTO)
        return NULL;
    grundy_store_opts_init(&so);
    so.dir = s->o.store_dir;
    so.warn = s->o.warn;
    so.warn_ctx = s->o.warn_ctx;
    so.limits = &s->limits;
    so.size_limit = s->o.store_limit;
    if (grundy_store_open(&s->store, &so) != GRUNDY_OK) {
        s->store = NULL; /* no folder can be named: go on without */
        if (s->o.warn)
            s->o.warn(s->o.warn_ctx, NULL, GRUNDY_SESSION_NO_STORE);
    }
    return s->store;
}

grundy_status grundy_session_game(const grundy_game **out, grundy_session *s,
                                  const char *spec, grundy_parse_error *where)
{
    session_game *ng;
    grundy_game *g = NULL;
    char *copy;
    size_t i;
    *out = NULL;
    GRUNDY_RETURN_IF(!spec, GRUNDY_ERR_ARG);
    for (i = 0; i < s->ngames; i++)
        if (strcmp(s->games[i].spec, spec) == 0) {
            *out = s->games[i].game;
            return GRUNDY_OK;
        }
    ng = realloc(s->games, (s->ngames + 1) * sizeof *ng);
    GRUNDY_RETURN_IF(!ng, GRUNDY_ERR_NOMEM);
    s->games = ng;
    GRUNDY_TRY(grundy_game_new(&g, spec, where));
    copy = dup_str(spec);
    if (!copy) {
        grundy_game_free(g);
        return GRUNDY_ERR_NOMEM;
    }
    s->games[s->ngames].spec = copy;
    s->games[s->ngames].game = g;
    s->ngames++;
    *out = g;
    return GRUNDY_OK;
}

grundy_status grundy_session_values(grundy_values **out, grundy_session *s,
                                    const grundy_game *g)
{
    grundy_values_opts o;
    grundy_values **nv;
    size_t i;
    *out = NULL;
    for (i = 0; i < s->nvalues; i++)
        if (grundy_values_game(s->values[i]) == g) {
            *out = s->values[i];
            return GRUNDY_OK;
        }
    nv = realloc(s->values, (s->nvalues + 1) * sizeof *nv);
    GRUNDY_RETURN_IF(!nv, GRUNDY_ERR_NOMEM);
    s->values = nv;
    grundy_values_opts_init(&o);
    o.limits = &s->limits;
    o.store = grundy_session_store(s);
    o.method = s->o.method;
    o.store_min_ms = s->o.store_min_ms;
    o.checkpoint_ms = s->o.checkpoint_ms;
    o.out_of_core = s->o.out_of_core;
    o.keep_single = s->o.keep_single;
    o.enddb = s->o.enddb;
    GRUNDY_TRY(grundy_values_new(out, g, &o));
    s->values[s->nvalues++] = *out;
    return GRUNDY_OK;
}

grundy_sum_memo *grundy_session_sum_memo(grundy_session *s)
{
    size_t bound = s->o.memo_limit;
    if (s->memo_made || s->o.no_memo)
        return s->memo;
    s->memo_made = 1;
    if (!bound) {
        bound = grundy_limits_mem(&s->limits) / 4;
        if (bound > GRUNDY_SUM_MEMO_DEFAULT)
            bound = GRUNDY_SUM_MEMO_DEFAULT;
    }
    if (grundy_sum_memo_new(&s->memo, bound ? bound : 1) != GRUNDY_OK)
        s->memo = NULL;
    return s->memo;
}

uint64_t grundy_session_work_needed(const grundy_session *s)
{
    uint64_t need = 0;
    size_t i;
    for (i = 0; i < s->nvalues; i++)
        if (grundy_values_work_needed(s->values[i]) > need)
            need = grundy_values_work_needed(s->values[i]);
    return need;
}
