/*
 * cmd_loopy.c -- grundy loopy FILE|-: the generalized Sprague-Grundy value
 * of every vertex of a directed graph read from an edge list or DOT, as
 * "vertex value" lines, one vertex's value, statistics, or JSON.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "loopy_cli.h"

typedef struct loopy_args {
    const char *file, *at;
    int stats, list, json, format_k;
    grundy_loopy_format format;
    grundy_loopy_method method;
    cli_engine eng; /* the common options */
} loopy_args;
#define AT(m) offsetof(loopy_args, m)

/* in the order of grundy_loopy_format */
static const char *const formats[] = {"auto", "edges", "header", "dot",
                                      NULL};

static const cli_opt loopy_opts[] = {
    {.type = CLI_OPT_ARG, .name = "FILE", .field = AT(file),
     .need = "FILE (or - for standard input)"},
    {.type = CLI_OPT_SECTION, .name = "Input:"},
    {.type = CLI_OPT_NOTE, .label = "edge list",
     .help = "'u v' per line (ids from 0), '#' comments; an\n"
             "optional first line 'n m'; self-loops and repeated\n"
             "edges are allowed"},
    {.type = CLI_OPT_NOTE, .label = "DOT",
     .help = "digraph { a -> b -> c; c -> {d e}; } (vertices keep\n"
             "their names)"},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_CHOICE, .name = "--format", .meta = "F",
     .field = AT(format_k), .choices = formats,
     .help = "auto (default), edges, header or dot (grundy(1)\n"
             "says how auto tells them apart)"},
    {.type = CLI_OPT_TEXT, .name = "--at", .meta = "V", .field = AT(at),
     .need = "a vertex", .flags = CLI_OPT_EMPTY,
     .help = "print the value of vertex V alone"},
    {.type = CLI_OPT_FLAG, .name = "--stats", .field = AT(stats),
     .help = "counts of each value, of infinite values and of\n"
             "winners (first, second, draw), levels, memory and\n"
             "time, instead of the listing (unless --list)"},
    {.type = CLI_OPT_FLAG, .name = "--list", .field = AT(list),
     .help = "list the values as well"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object (doc/JSON.md)"},
    {.type = CLI_OPT_CALL, .name = "--method", .meta = "M",
     .field = AT(method), .call = loopy_cli_opt_method,
     .flags = CLI_OPT_VALUE,
     .help = "auto (default) or counter: Fraenkel and Yesha's\n"
             "counters; naive: passes until nothing changes"},
    {.type = CLI_OPT_COMMON, .name = "--mem-limit",
     .help = "refuse graphs above B bytes (suffix K, M, G, T)"},
    {.type = CLI_OPT_END},
};
#undef AT

static const cli_rule loopy_rules[] = {
    {CLI_RULE_NOT, {"--at", "--stats", "--list"}, NULL,
     "--at prints one value: no --stats or --list"},
    {.type = CLI_RULE_END},
};

CLI_SUBCOMMAND_OPTS(loopy, loopy_args, 1, loopy_rules);

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int read_graph(const loopy_args *a, grundy_loopy_graph **g)
{
    grundy_parse_error where;
    grundy_status st;
    const char *label = strcmp(a->file, "-") == 0 ? "input" : a->file;
    memset(&where, 0, sizeof where);
    if (strcmp(a->file, "-") == 0)
        st = grundy_loopy_graph_read_fd(g, 0, "standard input", a->format,
                                        &where, &a->eng.limits);
    else
        st = grundy_loopy_graph_load(g, a->file, a->format, &where, &a->eng.limits);
    if (st == GRUNDY_OK)
        return CLI_EXIT_OK;
    if (st == GRUNDY_ERR_LIMIT)
        fprintf(stderr, "grundy: loopy: %s: %s (--mem-limit)\n", label,
                where.msg[0] ? where.msg : grundy_strerror(st));
    else if (st == GRUNDY_ERR_IO || !where.line)
        fprintf(stderr, "grundy: loopy: %s\n",
                where.msg[0] ? where.msg : grundy_strerror(st));
    else
        fprintf(stderr, "grundy: loopy: %s:%lu:%lu: %s\n", label, where.line,
                where.col, where.msg[0] ? where.msg : grundy_strerror(st));
    return CLI_EXIT_DATA;
}

static int run(const loopy_args *a, const grundy_loopy_solution *s,
               double t_read, double t_solve, grundy_writer *w)
{
    const grundy_loopy_graph *g = grundy_loopy_solution_graph(s);
    grundy_status rc;

    if (a->at) {
        grundy_loopy_vertex v;
        grundy_parse_error where;
        memset(&where, 0, sizeof where);
        rc = grundy_loopy_graph_vertex_parse(g, a->at, strlen(a->at), &v,
                                             &where);
        if (rc != GRUNDY_OK) {
            fprintf(stderr, "grundy: loopy: --at '%s': %s\n", a->at,
                    where.msg[0] ? where.msg : grundy_strerror(rc));
            return CLI_EXIT_DATA;
        }
        rc = grundy_loopy_vertex_write(w, s, v, a->json);
        return rc == GRUNDY_OK ? CLI_EXIT_OK : cli_error("loopy", rc, NULL);
    }
    rc = grundy_loopy_solution_write(
        w, s,
        (a->list ? GRUNDY_LOOPY_WRITE_LIST : 0u) |
            (a->stats ? GRUNDY_LOOPY_WRITE_STATS : 0u),
        a->json);
    if (rc == GRUNDY_OK && a->stats && !a->json)
        grundy_loopy_cost_write(w, s, t_read, t_solve);
    return rc == GRUNDY_OK ? CLI_EXIT_OK : cli_error("loopy", rc, NULL);
}

int cmd_loopy(int argc, char **argv)
{
    loopy_args a;
    grundy_loopy_graph *g = NULL;
    grundy_loopy_solution *s = NULL;
    grundy_writer w;
    grundy_status st;
    double t0, t1, t2;
    int rc = cli_opts_start(&cli_loopy_opts, &a, sizeof a, argc, argv);
    if (rc)
        return rc;
    a.format = (grundy_loopy_format)a.format_k;
    a.list |= !a.stats;
    t0 = now_s();
    rc = read_graph(&a, &g);
    if (rc)
        return rc;
    t1 = now_s();
    st = grundy_loopy_solve_method(&s, g, a.method, &a.eng.limits);
    t2 = now_s();
    cli_progress_done();
    if (st == GRUNDY_ERR_LIMIT) {
        size_t est = 0;
        if (grundy_loopy_estimate(&est, grundy_loopy_graph_num_vertices(g),
                                  grundy_loopy_graph_num_edges(g)) != GRUNDY_OK)
            est = SIZE_MAX;
        fprintf(stderr,
                "grundy: loopy: %s: the values need about %.1f MiB, over "
                "the memory limit (--mem-limit)\n",
                a.file, (double)est / 1048576.0);
        grundy_loopy_graph_free(g);
        return CLI_EXIT_DATA;
    }
    if (st != GRUNDY_OK) {
        grundy_loopy_graph_free(g);
        return cli_error("loopy", st, NULL);
    }
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        rc = cli_error("loopy", GRUNDY_ERR_NOMEM, NULL);
    } else {
        rc = run(&a, s, t1 - t0, t2 - t1, &w);
        if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
            rc = cli_write_error("loopy", &w);
    }
    grundy_loopy_solution_free(s);
    grundy_loopy_graph_free(g);
    return rc;
}
