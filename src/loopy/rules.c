/*
 * rules.c -- the families with cycles of the one registry of rule
 * families (grundy/rules.h, GRUNDY_RULES_LOOPY): addsub:S:A[:H] and
 * graph:PATH.
 *
 * A family with cycles lists its moves like any family (one part per
 * move, a position of 0 .. N-1), so the registry, the specs, positions and
 * typed moves work for it as for every other game.  What differs is where
 * its values come from: not a mex over smaller positions (a move may go
 * up, or back), but the whole graph of its N positions built through the
 * family's moves and solved at once by the counter method (solve.c):
 * grundy_loopy_game_from_rules() (family.c) does that for any such
 * family, built-in or a program's own.
 *
 * The older interface, grundy_loopy_rules and its registry (family.c),
 * stays for programs written against it; both addsubs parse and move
 * through addsub.c.  Nothing here calls the registry (src/rules/), which
 * lists these families: the registry stays below the loopy module.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "grundy/io.h"
#include "loopy/loopy_internal.h"

/* addsub:S:A[:H] ***********************************************************/

static grundy_status addsub_parse(void **params, const char *args,
                                  grundy_parse_error *where)
{
    grundy_loopy_addsub *p;
    GRUNDY_TRY(grundy_loopy_addsub_parse(&p, args, 1, where));
    *params = p;
    return GRUNDY_OK;
}

/* Without a bound the heaps are 0, 1, 2, ...: no graph yet. */
static grundy_pos addsub_num_positions(const void *params)
{
    const grundy_loopy_addsub *p = params;
    return p->max ? p->max + 1 : 0;
}

static size_t addsub_max_moves(const void *params, grundy_pos h)
{
    const grundy_loopy_addsub *p = params;
    (void)h;
    return p->ns + p->na;
}

static size_t addsub_moves(const void *params, grundy_pos h,
                           grundy_move *out, size_t cap)
{
    const grundy_loopy_addsub *p = params;
    size_t i, n = 0;
    if (!p->max || h == 0 || h > p->max)
        return 0; /* no bound yet, a final heap, or not a position */
    for (i = 0; i < p->ns + p->na; i++) {
        int add = i >= p->ns;
        uint64_t a = add ? p->a[i - p->ns] : p->s[i];
        if (add ? a > p->max - h : a > h)
            continue;
        if (n < cap) {
            out[n].nparts = 1;
            out[n].part[0] = add ? h + a : h - a;
        }
        n++;
    }
    return n;
}

/* "S" and "A" as written in increasing order, then the bound. */
static void put_list(char *buf, size_t cap, size_t *len, const uint64_t *v,
                     size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        int k = snprintf(*len < cap ? buf + *len : NULL,
                         *len < cap ? cap - *len : 0, "%s%llu", i ? "," : "",
                         (unsigned long long)v[i]);
        *len += k > 0 ? (size_t)k : 0;
    }
}

static size_t addsub_spec_format(const void *params, char *buf, size_t cap)
{
    const grundy_loopy_addsub *p = params;
    size_t len = 0;
    int k;
    k = snprintf(buf, cap, "addsub:");
    len += k > 0 ? (size_t)k : 0;
    put_list(buf, cap, &len, p->s, p->ns);
    k = snprintf(len < cap ? buf + len : NULL, len < cap ? cap - len : 0,
                 ":");
    len += k > 0 ? (size_t)k : 0;
    put_list(buf, cap, &len, p->a, p->na);
    if (p->max) {
        k = snprintf(len < cap ? buf + len : NULL, len < cap ? cap - len : 0,
                     ":%llu", (unsigned long long)p->max);
        len += k > 0 ? (size_t)k : 0;
    }
    if (cap && len >= cap)
        buf[cap - 1] = 0;
    return len;
}

const grundy_rules grundy_rules_addsub = {
    .name = "addsub",
    .synopsis = "addsub:S:A[:H]     remove s in S or add a in A stones; an "
                "empty heap\n                     is final; heaps 0..H (or "
                "--heap-max H); cycles",
    .flags = GRUNDY_RULES_LOOPY,
    .parse = addsub_parse,
    .free_params = grundy_loopy_addsub_free,
    .num_positions = addsub_num_positions,
    .max_moves = addsub_max_moves,
    .moves = addsub_moves,
    .spec_format = addsub_spec_format,
};

/* graph:PATH ***************************************************************/

typedef struct graph_params {
    char *path;
    grundy_loopy_graph *g;
} graph_params;

static void graph_free(void *params)
{
    graph_params *p = params;
    if (!p)
        return;
    grundy_loopy_graph_free(p->g);
    free(p->path);
    free(p);
}

/* A place in the file becomes a message naming it: the column of a spec
 * error points at the path (the registry puts it after "graph:"). */
static grundy_status graph_parse(void **params, const char *args,
                                 grundy_parse_error *where)
{
    graph_params *p;
    grundy_parse_error in;
    grundy_status st;
    *params = NULL;
    if (!args || !*args) {
        grundy_parse_error_set(where, 1, 1,
                               "expected a file name after 'graph:'");
        return GRUNDY_ERR_PARSE;
    }
    GRUNDY_TRY(GRUNDY_NEW(p));
    p->path = malloc(strlen(args) + 1);
    if (!p->path) {
        free(p);
        return GRUNDY_ERR_NOMEM;
    }
    strcpy(p->path, args);
    memset(&in, 0, sizeof in);
    st = grundy_loopy_graph_load(&p->g, args, GRUNDY_LOOPY_FORMAT_AUTO, &in,
                                 NULL);
    if (st != GRUNDY_OK) {
        if (st == GRUNDY_ERR_IO || in.line == 0)
            grundy_parse_error_set(where, 1, 1, "%s",
                                   in.msg[0] ? in.msg : grundy_strerror(st));
        else
            grundy_parse_error_set(where, 1, 1, "%s:%lu:%lu: %s", args,
                                   in.line, in.col,
                                   in.msg[0] ? in.msg : grundy_strerror(st));
        graph_free(p);
        return st;
    }
    *params = p;
    return GRUNDY_OK;
}

static grundy_pos graph_num_positions(const void *params)
{
    const graph_params *p = params;
    return grundy_loopy_graph_num_vertices(p->g);
}

static size_t graph_max_moves(const void *params, grundy_pos v)
{
    const graph_params *p = params;
    size_t d;
    if (v >= grundy_loopy_graph_num_vertices(p->g))
        return 0;
    (void)grundy_loopy_graph_successors(p->g, (grundy_loopy_vertex)v, &d);
    return d;
}

static size_t graph_moves(const void *params, grundy_pos v, grundy_move *out,
                          size_t cap)
{
    const graph_params *p = params;
    const grundy_loopy_vertex *opt;
    size_t d, i;
    if (v >= grundy_loopy_graph_num_vertices(p->g))
        return 0;
    opt = grundy_loopy_graph_successors(p->g, (grundy_loopy_vertex)v, &d);
    for (i = 0; i < d && i < cap; i++) {
        out[i].nparts = 1;
        out[i].part[0] = opt[i];
    }
    return d;
}

static grundy_status graph_pos_parse(const void *params, const char *text,
                                     size_t len, grundy_pos *out,
                                     grundy_parse_error *where)
{
    const graph_params *p = params;
    grundy_loopy_vertex v;
    GRUNDY_TRY(grundy_loopy_graph_vertex_parse(p->g, text, len, &v, where));
    *out = v;
    return GRUNDY_OK;
}

static size_t graph_pos_format(const void *params, grundy_pos v, char *buf,
                               size_t cap)
{
    const graph_params *p = params;
    return grundy_loopy_graph_vertex_format(p->g, (grundy_loopy_vertex)v,
                                            buf, cap);
}

static size_t graph_spec_format(const void *params, char *buf, size_t cap)
{
    const graph_params *p = params;
    int k = snprintf(buf, cap, "graph:%s", p->path);
    return k < 0 ? 0 : (size_t)k;
}

const grundy_rules grundy_rules_graph = {
    .name = "graph",
    .synopsis = "graph:PATH         a token on the directed graph in PATH "
                "(edge list or DOT);\n                     cycles",
    .flags = GRUNDY_RULES_LOOPY,
    .parse = graph_parse,
    .free_params = graph_free,
    .num_positions = graph_num_positions,
    .pos_parse = graph_pos_parse,
    .pos_format = graph_pos_format,
    .max_moves = graph_max_moves,
    .moves = graph_moves,
    .spec_format = graph_spec_format,
};

