/*
 * family.c -- loopy games given as rules of the older interface
 * (grundy_loopy_rules: addsub:S:A with the bound apart, user families) or
 * as a graph file (graph:PATH), each with the values of all its positions.
 *
 * A family's moves are not well-founded, so a position's value cannot be
 * computed from smaller ones as grundy_rules families are: the family's
 * whole bounded position space becomes a graph (grundy_loopy_graph_from_fn)
 * and is solved at once.  The one registry's families with cycles
 * (rules.c) are solved the same way, by grundy_loopy_game_from_rules().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/parse_error.h"
#include "loopy/loopy_internal.h"

/* addsub:S:A, with the bound given apart (rules.c holds the family) ******/

static grundy_status addsub_parse(void **params, const char *args, uint64_t max,
                                  grundy_parse_error *where)
{
    grundy_loopy_addsub *p;
    *params = NULL;
    GRUNDY_TRY(grundy_loopy_addsub_parse(&p, args, 0, where));
    if (max == 0 || max >= GRUNDY_LOOPY_MAX_VERTICES) {
        if (max == 0)
            grundy_parse_error_set(where, 1, 1,
                                   "addsub needs a bound on the heaps (--max "
                                   "H)");
        else
            grundy_parse_error_set(
                where, 1, 1,
                "heaps up to %llu are too many positions "
                "(the bound is at most %llu)",
                (unsigned long long)max,
                (unsigned long long)(GRUNDY_LOOPY_MAX_VERTICES - 1));
        grundy_loopy_addsub_free(p);
        return max == 0 ? GRUNDY_ERR_ARG : GRUNDY_ERR_LIMIT;
    }
    p->max = max;
    *params = p;
    return GRUNDY_OK;
}

static uint64_t addsub_num_positions(const void *params)
{
    const grundy_loopy_addsub *p = params;
    return p->max + 1;
}

static size_t addsub_moves(const void *params, uint64_t h, uint64_t *out,
                           size_t cap)
{
    return grundy_loopy_addsub_targets(params, h, out, cap);
}

const grundy_loopy_rules grundy_loopy_rules_addsub = {
    .name = "addsub",
    .synopsis = "addsub:S:A         remove s in S or add a in A stones; "
                "an empty heap is final; heaps 0..H (--max H)",
    .parse = addsub_parse,
    .free_params = grundy_loopy_addsub_free,
    .num_positions = addsub_num_positions,
    .moves = addsub_moves,
};

/* Registry *****************************************************************/

#define MAX_REGISTERED 64

static const grundy_loopy_rules *const builtin[] = {
    &grundy_loopy_rules_addsub,
    NULL,
};
static const grundy_loopy_rules *registered[MAX_REGISTERED];
static size_t nregistered;

static int name_matches(const char *name, const char *spec)
{
    size_t n = strlen(name);
    return strncmp(spec, name, n) == 0 && (spec[n] == ':' || spec[n] == 0);
}

const grundy_loopy_rules *grundy_loopy_rules_find(const char *spec)
{
    size_t i;
    if (!spec)
        return NULL;
    for (i = 0; builtin[i]; i++)
        if (name_matches(builtin[i]->name, spec))
            return builtin[i];
    for (i = 0; i < nregistered; i++)
        if (name_matches(registered[i]->name, spec))
            return registered[i];
    return NULL;
}

grundy_status grundy_loopy_rules_register(const grundy_loopy_rules *r)
{
    GRUNDY_RETURN_IF(!r || !r->name || !r->name[0] || strchr(r->name, ':') ||
                         !r->parse || !r->num_positions || !r->moves,
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(strcmp(r->name, "graph") == 0 ||
                         grundy_loopy_rules_find(r->name),
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(nregistered == MAX_REGISTERED, GRUNDY_ERR_LIMIT);
    registered[nregistered++] = r;
    return GRUNDY_OK;
}

int grundy_loopy_spec_claims(const char *spec)
{
    return spec && (strncmp(spec, "graph:", 6) == 0 ||
                    grundy_loopy_rules_find(spec) != NULL);
}

/* Games ********************************************************************/

struct grundy_loopy_game {
    char *spec;
    const grundy_loopy_rules *rules; /* NULL for a graph */
    void *params;
    grundy_loopy_graph *graph;
    grundy_loopy_solution *sol;
};

void grundy_loopy_game_free(grundy_loopy_game *g)
{
    if (!g)
        return;
    grundy_loopy_solution_free(g->sol);
    grundy_loopy_graph_free(g->graph);
    if (g->rules && g->rules->free_params)
        g->rules->free_params(g->params);
    free(g->spec);
    free(g);
}

static grundy_status game_alloc(grundy_loopy_game **out, const char *spec)
{
    grundy_loopy_game *g = calloc(1, sizeof *g);
    GRUNDY_RETURN_IF(!g, GRUNDY_ERR_NOMEM);
    g->spec = malloc(strlen(spec) + 1);
    if (!g->spec) {
        free(g);
        return GRUNDY_ERR_NOMEM;
    }
    strcpy(g->spec, spec);
    *out = g;
    return GRUNDY_OK;
}

/* Solve g->graph; on GRUNDY_ERR_LIMIT say how much it needs. */
static grundy_status game_solve(grundy_loopy_game *g,
                                grundy_loopy_method method,
                                grundy_parse_error *where,
                                const grundy_limits *lim)
{
    grundy_status st =
        grundy_loopy_solve_method(&g->sol, g->graph, method, lim);
    if (st == GRUNDY_ERR_LIMIT && where) {
        memset(where, 0, sizeof *where);
        grundy_loopy_limit_message(where, g->graph->n, g->graph->m);
    }
    return st;
}

grundy_status grundy_loopy_graph_of(grundy_loopy_graph **out, uint64_t n,
                                    grundy_loopy_moves_fn fn, const void *ctx,
                                    grundy_parse_error *where,
                                    const grundy_limits *lim)
{
    grundy_status st;
    *out = NULL;
    if (n > GRUNDY_LOOPY_MAX_VERTICES) {
        grundy_parse_error_set(where, 1, 1, "%llu positions, more than %llu",
                               (unsigned long long)n,
                               (unsigned long long)GRUNDY_LOOPY_MAX_VERTICES);
        return GRUNDY_ERR_LIMIT;
    }
    st = grundy_loopy_graph_from_fn(out, n, fn, ctx, lim);
    if (st == GRUNDY_ERR_LIMIT)
        grundy_parse_error_set(where, 0, 0,
                               "the graph of its %llu positions needs more "
                               "memory than the limit",
                               (unsigned long long)n);
    else if (st == GRUNDY_ERR_RANGE)
        grundy_parse_error_set(where, 0, 0,
                               "a move leads outside the positions 0..%llu",
                               (unsigned long long)(n ? n - 1 : 0));
    return st;
}

static grundy_status
rules_game(grundy_loopy_game *g, const grundy_loopy_rules *rules,
           const char *args, uint64_t max, grundy_loopy_method method,
           grundy_parse_error *where, const grundy_limits *lim)
{
    g->rules = rules;
    GRUNDY_TRY(rules->parse(&g->params, args, max, where));
    GRUNDY_TRY(grundy_loopy_graph_of(&g->graph,
                                     rules->num_positions(g->params),
                                     rules->moves, g->params, where, lim));
    return game_solve(g, method, where, lim);
}

grundy_status grundy_loopy_game_new_method(grundy_loopy_game **out,
                                           const char *spec, uint64_t max,
                                           grundy_loopy_method method,
                                           grundy_parse_error *where,
                                           const grundy_limits *lim)
{
    grundy_loopy_game *g;
    grundy_status st;
    *out = NULL;
    grundy_parse_error_clear(where);
    GRUNDY_RETURN_IF(!spec, GRUNDY_ERR_ARG);
    GRUNDY_TRY(game_alloc(&g, spec));
    if (strncmp(spec, "graph:", 6) == 0) {
        if (!spec[6]) {
            grundy_parse_error_set(where, 1, 7,
                                   "expected a file name after 'graph:'");
            st = GRUNDY_ERR_PARSE;
        } else {
            st = grundy_loopy_graph_load(&g->graph, spec + 6,
                                         GRUNDY_LOOPY_FORMAT_AUTO, where, lim);
            if (st == GRUNDY_OK)
                st = game_solve(g, method, where, lim);
        }
    } else {
        const grundy_loopy_rules *r = grundy_loopy_rules_find(spec);
        const char *colon = strchr(spec, ':');
        if (!r) {
            grundy_parse_error_set(
                where, 1, 1, "unknown loopy game '%.*s'",
                (int)(colon ? colon - spec : (long)strlen(spec)), spec);
            st = GRUNDY_ERR_ARG;
        } else {
            st = rules_game(g, r, colon ? colon + 1 : NULL, max, method, where,
                            lim);
            /* Columns in args become columns in spec. */
            if (st != GRUNDY_OK && where && where->line == 1 && colon)
                where->col += (unsigned long)(colon + 1 - spec);
        }
    }
    if (st != GRUNDY_OK) {
        grundy_loopy_game_free(g);
        return st;
    }
    *out = g;
    return GRUNDY_OK;
}

grundy_status grundy_loopy_game_new(grundy_loopy_game **out, const char *spec,
                                    uint64_t max, grundy_parse_error *where,
                                    const grundy_limits *lim)
{
    return grundy_loopy_game_new_method(out, spec, max,
                                        GRUNDY_LOOPY_METHOD_AUTO, where, lim);
}

grundy_status grundy_loopy_game_new_rules(grundy_loopy_game **out,
                                          const grundy_loopy_rules *rules,
                                          const char *args, uint64_t max,
                                          grundy_parse_error *where,
                                          const grundy_limits *lim)
{
    grundy_loopy_game *g;
    grundy_status st;
    char spec[256];
    *out = NULL;
    grundy_parse_error_clear(where);
    GRUNDY_RETURN_IF(!rules || !rules->name || !rules->parse ||
                         !rules->num_positions || !rules->moves,
                     GRUNDY_ERR_ARG);
    snprintf(spec, sizeof spec, "%s%s%s", rules->name, args ? ":" : "",
             args ? args : "");
    GRUNDY_TRY(game_alloc(&g, spec));
    st = rules_game(g, rules, args, max, GRUNDY_LOOPY_METHOD_AUTO, where, lim);
    if (st != GRUNDY_OK) {
        grundy_loopy_game_free(g);
        return st;
    }
    *out = g;
    return GRUNDY_OK;
}

grundy_status grundy_loopy_game_new_graph(grundy_loopy_game **out,
                                          grundy_loopy_graph **graph,
                                          const char *spec,
                                          const grundy_limits *lim)
{
    return grundy_loopy_game_new_graph_method(
        out, graph, spec, GRUNDY_LOOPY_METHOD_AUTO, NULL, lim);
}

grundy_status grundy_loopy_game_new_graph_method(grundy_loopy_game **out,
                                                 grundy_loopy_graph **graph,
                                                 const char *spec,
                                                 grundy_loopy_method method,
                                                 grundy_parse_error *where,
                                                 const grundy_limits *lim)
{
    grundy_loopy_game *g;
    grundy_status st;
    *out = NULL;
    if (!graph || !*graph)
        return GRUNDY_ERR_ARG;
    st = game_alloc(&g, spec ? spec : "graph");
    if (st != GRUNDY_OK) {
        grundy_loopy_graph_free(*graph);
        *graph = NULL;
        return st;
    }
    g->graph = *graph;
    *graph = NULL;
    st = game_solve(g, method, where, lim);
    if (st != GRUNDY_OK) {
        grundy_loopy_game_free(g);
        return st;
    }
    *out = g;
    return GRUNDY_OK;
}

const char *grundy_loopy_game_spec(const grundy_loopy_game *g)
{
    return g->spec;
}

const grundy_loopy_graph *grundy_loopy_game_graph(const grundy_loopy_game *g)
{
    return g->graph;
}

const grundy_loopy_solution *
grundy_loopy_game_solution(const grundy_loopy_game *g)
{
    return g->sol;
}

grundy_status grundy_loopy_game_pos_parse(const grundy_loopy_game *g,
                                          const char *text, size_t len,
                                          grundy_loopy_vertex *out,
                                          grundy_parse_error *where)
{
    return grundy_loopy_graph_vertex_parse(g->graph, text, len, out, where);
}

size_t grundy_loopy_game_pos_format(const grundy_loopy_game *g,
                                    grundy_loopy_vertex v, char *buf,
                                    size_t cap)
{
    return grundy_loopy_graph_vertex_format(g->graph, v, buf, cap);
}

/* The graph of a family's positions ****************************************/

typedef struct rules_ctx {
    const grundy_rules *r;
    const void *params;
    grundy_move *buf; /* scratch, grown as a position needs */
    size_t cap;
    int nomem;
} rules_ctx;

/* grundy_loopy_moves_fn over a family's moves: the first part of each. */
static size_t rules_options(const void *vctx, uint64_t p, uint64_t *out,
                            size_t cap)
{
    rules_ctx *c = (rules_ctx *)(uintptr_t)vctx; /* the caller's own */
    size_t need = c->r->max_moves(c->params, p), n, i;
    if (GRUNDY_GROW(c->buf, c->cap, need) != GRUNDY_OK) {
        c->nomem = 1;
        return 0;
    }
    n = c->r->moves(c->params, p, c->buf, c->cap);
    if (n > c->cap)
        n = c->cap;
    for (i = 0; i < n && i < cap; i++)
        out[i] = c->buf[i].part[0]; /* one part: GRUNDY_RULES_LOOPY */
    return n;
}

grundy_status grundy_loopy_game_from_rules(grundy_loopy_game **out,
                                           const grundy_rules *r,
                                           const void *params,
                                           const char *spec,
                                           grundy_loopy_method method,
                                           grundy_parse_error *where,
                                           const grundy_limits *lim)
{
    grundy_loopy_graph *graph = NULL;
    rules_ctx c;
    uint64_t n;
    grundy_status st;
    *out = NULL;
    grundy_parse_error_clear(where);
    GRUNDY_RETURN_IF(!r || !(r->flags & GRUNDY_RULES_LOOPY) ||
                         !r->num_positions || !r->moves || !r->max_moves,
                     GRUNDY_ERR_ARG);
    n = r->num_positions(params);
    if (n == 0) {
        grundy_parse_error_set(where, 0, 0,
                               "%s needs a bound on its positions", r->name);
        return GRUNDY_ERR_ARG;
    }
    memset(&c, 0, sizeof c);
    c.r = r;
    c.params = params;
    st = grundy_loopy_graph_of(&graph, n, rules_options, &c, where, lim);
    free(c.buf);
    if (st == GRUNDY_OK && c.nomem)
        st = GRUNDY_ERR_NOMEM;
    if (st != GRUNDY_OK) {
        grundy_loopy_graph_free(graph);
        return st;
    }
    return grundy_loopy_game_new_graph_method(out, &graph, spec, method,
                                              where, lim);
}
