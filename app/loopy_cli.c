/*
 * loopy_cli.c -- loopy specs in `grundy values` and `grundy analyze`, and
 * what the loopy commands share: games with their error messages, sums
 * read from the command line, values and statistics as text or JSON.
 *
 * Every answer comes from the library (grundy_loopy_game_new,
 * grundy_loopy_sum_value, grundy_loopy_sum_moves); this file only reads
 * arguments and writes results.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loopy_cli.h"

/* Claims and shared pieces *************************************************/

int loopy_cli_claims(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0)
            continue;
        if (a[0] == '-' && a[1] == '-')
            continue;
        if (grundy_loopy_spec_claims(a))
            return 1;
    }
    return 0;
}

int loopy_cli_parse_method(const char *cmd, const char *val,
                           grundy_loopy_method *out)
{
    static const char *const names[] = {"auto", "naive", "counter", "fast",
                                        NULL};
    static const grundy_loopy_method m[] = {
        GRUNDY_LOOPY_METHOD_AUTO, GRUNDY_LOOPY_METHOD_NAIVE,
        GRUNDY_LOOPY_METHOD_COUNTER, GRUNDY_LOOPY_METHOD_COUNTER};
    int k;
    if (cli_parse_choice(cmd, "--method", val, names, &k))
        return CLI_EXIT_USAGE;
    *out = m[k];
    return 0;
}

int loopy_cli_game_new(grundy_loopy_game **out, const char *cmd,
                       const char *spec, uint64_t max,
                       grundy_loopy_method method, grundy_limits *lim)
{
    grundy_parse_error where;
    grundy_status st;
    cli_progress_attach(lim, cmd);
    st = grundy_loopy_game_new_method(out, spec, max, method, &where, lim);
    cli_progress_done();
    if (st == GRUNDY_OK)
        return CLI_EXIT_OK;
    if (st == GRUNDY_ERR_LIMIT && where.msg[0])
        fprintf(stderr, "grundy: %s: %s: %s (--mem-limit)\n", cmd, spec,
                where.msg);
    else if (st == GRUNDY_ERR_IO)
        fprintf(stderr, "grundy: %s: %s\n", cmd, where.msg);
    else if (strncmp(spec, "graph:", 6) == 0 && where.line >= 1 && spec[6])
        fprintf(stderr, "grundy: %s: %s:%lu:%lu: %s\n", cmd, spec + 6,
                where.line, where.col,
                where.msg[0] ? where.msg : grundy_strerror(st));
    else if (where.line == 1)
        fprintf(stderr, "grundy: %s: rules '%s' at column %lu: %s\n", cmd, spec,
                where.col ? where.col : 1,
                where.msg[0] ? where.msg : grundy_strerror(st));
    else
        fprintf(stderr, "grundy: %s: %s: %s\n", cmd, spec,
                where.msg[0] ? where.msg : grundy_strerror(st));
    return CLI_EXIT_DATA;
}

void loopy_cli_pos_text(const grundy_loopy_game *g, grundy_loopy_vertex v,
                        char *buf, size_t cap)
{
    size_t n = grundy_loopy_game_pos_format(g, v, buf, cap);
    if (n >= cap && cap > 4)
        strcpy(buf + cap - 4, "...");
}

void loopy_cli_value_text(grundy_writer *w, const grundy_loopy_value *v)
{
    size_t i;
    if (!v->infinite) {
        grundy_writer_u64(w, v->finite);
        return;
    }
    grundy_writer_str(w, "inf(");
    for (i = 0; i < v->nk; i++) {
        if (i)
            grundy_writer_char(w, ',');
        grundy_writer_u64(w, v->k[i]);
    }
    grundy_writer_char(w, ')');
}

void loopy_cli_value_json(grundy_writer *w, const grundy_loopy_value *v)
{
    size_t i;
    if (!v->infinite) {
        grundy_writer_u64(w, v->finite);
        return;
    }
    grundy_writer_str(w, "{\"inf\": [");
    for (i = 0; i < v->nk; i++) {
        if (i)
            grundy_writer_str(w, ", ");
        grundy_writer_u64(w, v->k[i]);
    }
    grundy_writer_str(w, "]}");
}

void loopy_cli_vertex_json(grundy_writer *w, const grundy_loopy_graph *g,
                           grundy_loopy_vertex v)
{
    const char *name = grundy_loopy_graph_vertex_name(g, v);
    char buf[24];
    if (!name) {
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
        name = buf;
    }
    cli_json_str(w, name);
}

/* Sums from the command line ***********************************************/

static int add_game(loopy_cli_sum *s, const char *cmd, const char *spec,
                    uint64_t max, grundy_limits *lim,
                    const grundy_loopy_game **out)
{
    size_t i;
    grundy_loopy_game **ng;
    int rc;
    for (i = 0; i < s->ngames; i++)
        if (strcmp(grundy_loopy_game_spec(s->games[i]), spec) == 0) {
            *out = s->games[i];
            return CLI_EXIT_OK;
        }
    ng = realloc(s->games, (s->ngames + 1) * sizeof *ng);
    if (!ng)
        return cli_error(cmd, GRUNDY_ERR_NOMEM, NULL);
    s->games = ng;
    rc = loopy_cli_game_new(&s->games[s->ngames], cmd, spec, max,
                            GRUNDY_LOOPY_METHOD_AUTO, lim);
    if (rc)
        return rc;
    *out = s->games[s->ngames++];
    return CLI_EXIT_OK;
}

int loopy_cli_sum_parse(loopy_cli_sum *s, const char *cmd, const char *rules,
                        char **pos, size_t npos, uint64_t max,
                        grundy_limits *lim)
{
    const grundy_loopy_game *g = NULL;
    size_t i;
    int rc;
    memset(s, 0, sizeof *s);
    s->comp = calloc(npos ? npos : 1, sizeof *s->comp);
    s->game_of = calloc(npos ? npos : 1, sizeof *s->game_of);
    if (!s->comp || !s->game_of)
        return cli_error(cmd, GRUNDY_ERR_NOMEM, NULL);
    if (rules && (rc = add_game(s, cmd, rules, max, lim, &g)) != 0)
        return rc;
    for (i = 0; i < npos; i++) {
        const char *text = pos[i];
        grundy_parse_error where;
        grundy_status st;
        if (!rules) {
            const char *colon = strrchr(pos[i], ':');
            char spec[512];
            size_t sl;
            if (!colon || colon == pos[i]) {
                fprintf(stderr,
                        "grundy: %s: component %zu '%s': expected SPEC:POS "
                        "with --mix (as in addsub:1,2:1:5)\n",
                        cmd, i + 1, pos[i]);
                return CLI_EXIT_DATA;
            }
            sl = (size_t)(colon - pos[i]);
            if (sl >= sizeof spec) {
                fprintf(stderr,
                        "grundy: %s: component %zu: the spec is too long\n",
                        cmd, i + 1);
                return CLI_EXIT_DATA;
            }
            memcpy(spec, pos[i], sl);
            spec[sl] = 0;
            if (!grundy_loopy_spec_claims(spec)) {
                fprintf(stderr,
                        "grundy: %s: component %zu '%s': a sum with loopy "
                        "games takes loopy games only (addsub:S:A, "
                        "graph:PATH)\n",
                        cmd, i + 1, pos[i]);
                return CLI_EXIT_DATA;
            }
            if ((rc = add_game(s, cmd, spec, max, lim, &g)) != 0)
                return rc;
            text = colon + 1;
        }
        memset(&where, 0, sizeof where);
        st = grundy_loopy_game_pos_parse(g, text, strlen(text),
                                         &s->comp[i].vertex, &where);
        if (st != GRUNDY_OK) {
            fprintf(stderr,
                    "grundy: %s: component %zu: '%s' is not a position of "
                    "%s: %s\n",
                    cmd, i + 1, text, grundy_loopy_game_spec(g),
                    where.msg[0] ? where.msg : grundy_strerror(st));
            return CLI_EXIT_DATA;
        }
        s->comp[i].sol = grundy_loopy_game_solution(g);
        s->game_of[i] = g;
        s->n++;
    }
    return CLI_EXIT_OK;
}

void loopy_cli_sum_clear(loopy_cli_sum *s)
{
    size_t i;
    for (i = 0; i < s->ngames; i++)
        grundy_loopy_game_free(s->games[i]);
    free(s->games);
    free(s->comp);
    free(s->game_of);
    memset(s, 0, sizeof *s);
}

/* grundy values LOOPYSPEC **************************************************/

typedef struct lv_args {
    const char *spec, *at;
    uint64_t max, upto;
    int have_upto, stats, list, json;
    grundy_loopy_method method;
    grundy_limits lim;
    cli_engine eng; /* the common options */
} lv_args;

static int lv_parse(int argc, char **argv, lv_args *a)
{
    int i;
    const char *v;
    memset(a, 0, sizeof *a);
    cli_engine_init(&a->eng, "values");
    for (i = 1; i < argc; i++) {
        const char *s = argv[i];
        int e = cli_engine_option(&a->eng, argc, argv, &i);
        if (e == 0)
            e = cli_bound_option("values", argc, argv, &i, "--heap-max", 1,
                                 GRUNDY_LOOPY_MAX_VERTICES - 1, &a->max);
        if (e < 0)
            return CLI_EXIT_USAGE;
        if (e > 0)
            continue;
        if (cli_opt_value(argc, argv, &i, "--upto", &v)) {
            if (cli_parse_u64("values", "--upto", v, 0, UINT64_MAX - 1,
                              &a->upto))
                return CLI_EXIT_USAGE;
            a->have_upto = 1;
        } else if (cli_opt_value(argc, argv, &i, "--at", &v) ||
                   cli_opt_value(argc, argv, &i, "--position", &v)) {
            if (!v)
                return cli_usage_error("values", "'%s' needs a position", s);
            a->at = v;
        } else if (cli_opt_value(argc, argv, &i, "--method", &v)) {
            if (loopy_cli_parse_method("values", v, &a->method))
                return CLI_EXIT_USAGE;
        } else if (strcmp(s, "--all") == 0) {
            /* every position: the default */
        } else if (strcmp(s, "--stats") == 0) {
            a->stats = 1;
        } else if (strcmp(s, "--list") == 0) {
            a->list = 1;
        } else if (strcmp(s, "--json") == 0) {
            a->json = 1;
        } else if (strcmp(s, "--period") == 0) {
            return cli_usage_error("values",
                                   "--period is for heap games; a loopy "
                                   "game's positions are bounded");
        } else if (s[0] == '-' && s[1] == '-') {
            return cli_usage_error("values", "unknown option '%s'", s);
        } else if (!a->spec) {
            a->spec = s;
        } else {
            return cli_usage_error("values", "unexpected argument '%s'", s);
        }
    }
    if (!a->spec)
        return cli_usage_error("values", "missing RULES");
    if (a->at && (a->have_upto || a->stats))
        return cli_usage_error("values",
                               "--at prints one value: no --upto or --stats");
    if (!a->stats)
        a->list = 1;
    a->lim = a->eng.limits;
    return 0;
}

void loopy_cli_write_stats(grundy_writer *w, const grundy_loopy_stats *st,
                           int json)
{
    size_t i;
    if (json) {
        grundy_writer_str(w, "{\"vertices\": ");
        grundy_writer_u64(w, st->vertices);
        grundy_writer_str(w, ", \"edges\": ");
        grundy_writer_u64(w, st->edges);
        grundy_writer_str(w, ", \"counts\": [");
        for (i = 0; i < st->ncounts; i++) {
            if (i)
                grundy_writer_str(w, ", ");
            grundy_writer_u64(w, st->counts[i]);
        }
        grundy_writer_str(w, "], \"infinite\": ");
        grundy_writer_u64(w, st->infinite);
        grundy_writer_str(w, ", \"first\": ");
        grundy_writer_u64(w, st->first);
        grundy_writer_str(w, ", \"second\": ");
        grundy_writer_u64(w, st->second);
        grundy_writer_str(w, ", \"draw\": ");
        grundy_writer_u64(w, st->draw);
        grundy_writer_str(w, ", \"levels\": ");
        grundy_writer_u64(w, st->levels);
        grundy_writer_char(w, '}');
        return;
    }
    grundy_writer_str(w, "vertices ");
    grundy_writer_u64(w, st->vertices);
    grundy_writer_str(w, "\nedges ");
    grundy_writer_u64(w, st->edges);
    grundy_writer_str(w, "\nvalue count\n");
    for (i = 0; i < st->ncounts; i++)
        if (st->counts[i]) {
            grundy_writer_u64(w, i);
            grundy_writer_char(w, ' ');
            grundy_writer_u64(w, st->counts[i]);
            grundy_writer_char(w, '\n');
        }
    if (st->infinite) {
        grundy_writer_str(w, "inf ");
        grundy_writer_u64(w, st->infinite);
        grundy_writer_char(w, '\n');
    }
    grundy_writer_str(w, "winner count\nfirst ");
    grundy_writer_u64(w, st->first);
    grundy_writer_str(w, "\nsecond ");
    grundy_writer_u64(w, st->second);
    grundy_writer_str(w, "\ndraw ");
    grundy_writer_u64(w, st->draw);
    grundy_writer_str(w, "\nlevels ");
    grundy_writer_u64(w, st->levels);
    grundy_writer_char(w, '\n');
}

/* "rules" as written and "canonical": the game's own spec (doc/JSON.md) */
static void loopy_json_rules(grundy_writer *w, const char *written,
                             const grundy_loopy_game *g)
{
    grundy_writer_str(w, "\"rules\": ");
    cli_json_str(w, written);
    grundy_writer_str(w, ", \"canonical\": ");
    cli_json_str(w, grundy_loopy_game_spec(g));
}

static int lv_run(const lv_args *a, const grundy_loopy_game *g,
                  grundy_writer *w)
{
    const grundy_loopy_solution *s = grundy_loopy_game_solution(g);
    const grundy_loopy_graph *gr = grundy_loopy_game_graph(g);
    uint64_t n = grundy_loopy_graph_num_vertices(gr), end = n, i;
    grundy_loopy_value v;
    grundy_loopy_stats st;
    grundy_status rc = GRUNDY_OK;
    char buf[256];

    grundy_loopy_value_init(&v);
    memset(&st, 0, sizeof st);
    if (a->at) {
        grundy_loopy_vertex p;
        grundy_parse_error where;
        memset(&where, 0, sizeof where);
        rc = grundy_loopy_game_pos_parse(g, a->at, strlen(a->at), &p, &where);
        if (rc != GRUNDY_OK) {
            fprintf(stderr, "grundy: values: position '%s': %s\n", a->at,
                    where.msg[0] ? where.msg : grundy_strerror(rc));
            return CLI_EXIT_DATA;
        }
        rc = grundy_loopy_solution_value(&v, s, p);
        if (rc == GRUNDY_OK) {
            if (a->json) {
                grundy_writer_char(w, '{');
                loopy_json_rules(w, a->spec, g);
                grundy_writer_str(w, ", \"position\": ");
                loopy_cli_vertex_json(w, gr, p);
                grundy_writer_str(w, ", \"value\": ");
                loopy_cli_value_json(w, &v);
                grundy_writer_str(w, ", \"winner\": \"");
                grundy_writer_str(w, grundy_loopy_outcome_name(
                                         grundy_loopy_value_outcome(&v)));
                grundy_writer_str(w, "\"}\n");
            } else {
                loopy_cli_value_text(w, &v);
                grundy_writer_char(w, '\n');
            }
        }
        grundy_loopy_value_clear(&v);
        return rc == GRUNDY_OK ? CLI_EXIT_OK : cli_error("values", rc, NULL);
    }
    if (a->have_upto) {
        if (a->upto >= n) {
            fprintf(stderr,
                    "grundy: values: --upto %llu: %s has positions 0 to "
                    "%llu\n",
                    (unsigned long long)a->upto, a->spec,
                    (unsigned long long)(n ? n - 1 : 0));
            return CLI_EXIT_DATA;
        }
        end = a->upto + 1;
    }
    if (a->stats || a->json) {
        rc = grundy_loopy_solution_stats(&st, s);
        if (rc != GRUNDY_OK)
            return cli_error("values", rc, NULL);
    }
    if (a->json) {
        grundy_writer_char(w, '{');
        loopy_json_rules(w, a->spec, g);
        grundy_writer_str(w, ", \"positions\": ");
        grundy_writer_u64(w, n);
        grundy_writer_str(w, ", \"values\": [");
        for (i = 0; i < end && rc == GRUNDY_OK; i++) {
            if (i)
                grundy_writer_str(w, ", ");
            rc = grundy_loopy_solution_value(&v, s, (grundy_loopy_vertex)i);
            loopy_cli_value_json(w, &v);
        }
        grundy_writer_str(w, "], \"stats\": ");
        loopy_cli_write_stats(w, &st, 1);
        grundy_writer_str(w, "}\n");
    } else {
        for (i = 0; a->list && i < end && rc == GRUNDY_OK; i++) {
            loopy_cli_pos_text(g, (grundy_loopy_vertex)i, buf, sizeof buf);
            grundy_writer_str(w, buf);
            grundy_writer_char(w, ' ');
            rc = grundy_loopy_solution_value(&v, s, (grundy_loopy_vertex)i);
            loopy_cli_value_text(w, &v);
            grundy_writer_char(w, '\n');
        }
        if (a->stats)
            loopy_cli_write_stats(w, &st, 0);
    }
    grundy_loopy_stats_clear(&st);
    grundy_loopy_value_clear(&v);
    return rc == GRUNDY_OK ? CLI_EXIT_OK : cli_error("values", rc, NULL);
}

int loopy_cli_values(int argc, char **argv)
{
    lv_args a;
    grundy_loopy_game *g = NULL;
    grundy_writer w;
    int rc = lv_parse(argc, argv, &a);
    if (rc)
        return rc;
    rc = loopy_cli_game_new(&g, "values", a.spec, a.max, a.method, &a.lim);
    if (rc)
        return rc;
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        grundy_loopy_game_free(g);
        return cli_error("values", GRUNDY_ERR_NOMEM, NULL);
    }
    rc = lv_run(&a, g, &w);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("values", &w);
    grundy_loopy_game_free(g);
    return rc;
}

/* grundy analyze with loopy components *************************************/

static grundy_status write_moves(grundy_writer *w, const loopy_cli_sum *s,
                                 const grundy_loopy_move *m, size_t n, int json)
{
    char buf[256];
    size_t i;
    for (i = 0; i < n; i++) {
        const grundy_loopy_game *g = s->game_of[m[i].component];
        const grundy_loopy_graph *gr = grundy_loopy_game_graph(g);
        grundy_loopy_value v;
        grundy_loopy_value_init(&v);
        if (grundy_loopy_solution_value(&v, s->comp[m[i].component].sol,
                                        m[i].to) != GRUNDY_OK) {
            grundy_loopy_value_clear(&v);
            return GRUNDY_ERR_NOMEM;
        }
        if (json) {
            grundy_writer_str(w, i ? ", {\"component\": " : "{\"component\": ");
            grundy_writer_u64(w, m[i].component + 1);
            grundy_writer_str(w, ", \"from\": ");
            loopy_cli_vertex_json(w, gr, m[i].from);
            grundy_writer_str(w, ", \"to\": [");
            loopy_cli_vertex_json(w, gr, m[i].to);
            grundy_writer_char(w, ']');
            grundy_writer_str(w, ", \"value\": ");
            loopy_cli_value_json(w, &v);
            grundy_writer_char(w, '}');
        } else {
            grundy_writer_str(w, "  component ");
            grundy_writer_u64(w, m[i].component + 1);
            grundy_writer_str(w, ": ");
            loopy_cli_pos_text(g, m[i].from, buf, sizeof buf);
            grundy_writer_str(w, buf);
            grundy_writer_str(w, " -> ");
            loopy_cli_pos_text(g, m[i].to, buf, sizeof buf);
            grundy_writer_str(w, buf);
            grundy_writer_str(w, ", value ");
            loopy_cli_value_text(w, &v);
            grundy_writer_char(w, '\n');
        }
        grundy_loopy_value_clear(&v);
    }
    return GRUNDY_OK;
}

static int analyze_run(const loopy_cli_sum *s, int json, grundy_writer *w)
{
    grundy_loopy_value v, sum;
    grundy_loopy_move *m = NULL;
    grundy_loopy_outcome o;
    size_t nm = 0, i;
    grundy_status st;
    char buf[256];

    grundy_loopy_value_init(&v);
    grundy_loopy_value_init(&sum);
    st = grundy_loopy_sum_value(&sum, s->comp, s->n);
    if (st == GRUNDY_OK)
        st = grundy_loopy_sum_moves(&m, &nm, &o, s->comp, s->n);
    if (st != GRUNDY_OK) {
        grundy_loopy_value_clear(&sum);
        return cli_error("analyze", st, NULL);
    }
    if (json)
        grundy_writer_str(w, "{\"components\": [");
    for (i = 0; i < s->n && st == GRUNDY_OK; i++) {
        const grundy_loopy_game *g = s->game_of[i];
        st = grundy_loopy_solution_value(&v, s->comp[i].sol, s->comp[i].vertex);
        if (json) {
            grundy_writer_str(w, i ? ", {" : "{");
            loopy_json_rules(w, grundy_loopy_game_spec(g), g);
            grundy_writer_str(w, ", \"position\": ");
            loopy_cli_vertex_json(w, grundy_loopy_game_graph(g),
                                  s->comp[i].vertex);
            grundy_writer_str(w, ", \"value\": ");
            loopy_cli_value_json(w, &v);
            grundy_writer_char(w, '}');
        } else {
            grundy_writer_str(w, "component ");
            grundy_writer_u64(w, i + 1);
            grundy_writer_str(w, ": ");
            grundy_writer_str(w, grundy_loopy_game_spec(g));
            grundy_writer_char(w, ' ');
            loopy_cli_pos_text(g, s->comp[i].vertex, buf, sizeof buf);
            grundy_writer_str(w, buf);
            grundy_writer_str(w, ", value ");
            loopy_cli_value_text(w, &v);
            grundy_writer_char(w, '\n');
        }
    }
    if (json) {
        grundy_writer_str(w, "], \"value\": ");
        loopy_cli_value_json(w, &sum);
        grundy_writer_str(w, ", \"winner\": \"");
        grundy_writer_str(w, grundy_loopy_outcome_name(o));
        grundy_writer_str(w, "\", \"winning_moves\": [");
        if (o == GRUNDY_LOOPY_FIRST && st == GRUNDY_OK)
            st = write_moves(w, s, m, nm, 1);
        grundy_writer_str(w, "], \"drawing_moves\": [");
        if (o == GRUNDY_LOOPY_DRAW && st == GRUNDY_OK)
            st = write_moves(w, s, m, nm, 1);
        grundy_writer_str(w, "]}\n");
    } else {
        grundy_writer_str(w, "value: ");
        loopy_cli_value_text(w, &sum);
        grundy_writer_str(w, "\nwinner: ");
        grundy_writer_str(w, grundy_loopy_outcome_name(o));
        grundy_writer_char(w, '\n');
        if (o == GRUNDY_LOOPY_DRAW)
            grundy_writer_str(w, "moves that keep the draw: ");
        else
            grundy_writer_str(w, "winning moves: ");
        grundy_writer_u64(w, nm);
        grundy_writer_char(w, '\n');
        if (st == GRUNDY_OK)
            st = write_moves(w, s, m, nm, 0);
    }
    free(m);
    grundy_loopy_value_clear(&v);
    grundy_loopy_value_clear(&sum);
    return st == GRUNDY_OK ? CLI_EXIT_OK : cli_error("analyze", st, NULL);
}

int loopy_cli_analyze(int argc, char **argv)
{
    char **positional = calloc((size_t)argc + 1, sizeof *positional);
    size_t np = 0;
    int i, json = 0, mix = 0, only_pos = 0, rc;
    uint64_t max = 0;
    grundy_limits lim;
    cli_engine eng; /* the common options */
    loopy_cli_sum s;
    grundy_writer w;

    if (!positional)
        return cli_error("analyze", GRUNDY_ERR_NOMEM, NULL);
    cli_engine_init(&eng, "analyze");
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        int e = 0;
        rc = 0;
        if (!only_pos && a[0] == '-' && a[1] == '-') {
            e = cli_engine_option(&eng, argc, argv, &i);
            if (e == 0)
                e = cli_bound_option("analyze", argc, argv, &i, "--heap-max",
                                     1, GRUNDY_LOOPY_MAX_VERTICES - 1, &max);
        }
        if (e < 0) {
            rc = CLI_EXIT_USAGE;
        } else if (e > 0) {
            /* taken */
        } else if (only_pos || a[0] != '-' || a[1] != '-') {
            positional[np++] = argv[i];
        } else if (strcmp(a, "--") == 0) {
            only_pos = 1;
        } else if (strcmp(a, "--json") == 0) {
            json = 1;
        } else if (strcmp(a, "--mix") == 0) {
            mix = 1;
        } else if (strcmp(a, "--misere") == 0 ||
                   strncmp(a, "--moore", 7) == 0 ||
                   strncmp(a, "--search-limit", 14) == 0) {
            rc = cli_usage_error("analyze",
                                 "%s is not available for loopy games", a);
        } else {
            rc = cli_usage_error("analyze", "unknown option '%s'", a);
        }
        if (rc) {
            free(positional);
            return rc;
        }
    }
    lim = eng.limits;
    if ((!mix && np < 2) || np < 1) {
        free(positional);
        return cli_usage_error("analyze", np || mix
                                              ? "missing positions (POS...)"
                                              : "missing RULES");
    }
    rc = loopy_cli_sum_parse(&s, "analyze", mix ? NULL : positional[0],
                             positional + !mix, np - !mix, max, &lim);
    free(positional);
    if (rc == CLI_EXIT_OK) {
        if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
            rc = cli_error("analyze", GRUNDY_ERR_NOMEM, NULL);
        } else {
            rc = analyze_run(&s, json, &w);
            if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
                rc = cli_write_error("analyze", &w);
        }
    }
    loopy_cli_sum_clear(&s);
    return rc;
}
