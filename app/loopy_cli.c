/*
 * loopy_cli.c -- what the loopy commands share (values and statistics as
 * text or JSON), and `grundy values` on a game with cycles: the game is
 * opened like any other (grundy_play_game()), its graph built and solved
 * by the library (grundy_loopy_game_from_rules()); this file only reads
 * arguments and writes results.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loopy_cli.h"

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

int loopy_cli_opt_method(const char *cmd, void *args, const cli_opt *o,
                         const char *val)
{
    return loopy_cli_parse_method(
        cmd, val, (grundy_loopy_method *)((char *)args + o->field));
}

/* grundy values LOOPYSPEC **************************************************/

typedef struct lv_args {
    const char *spec, *at;
    uint64_t max, upto;
    int have_upto, stats, list, json, all; /* --all: the default */
    grundy_loopy_method method;
    cli_engine eng; /* the common options */
} lv_args;
#define AT(m) offsetof(lv_args, m)

static int lv_period(const char *cmd, void *args, const cli_opt *o,
                     const char *val)
{
    (void)args;
    (void)o;
    (void)val;
    return cli_usage_error(cmd, "--period is for heap games; a loopy "
                                "game's positions are bounded");
}

static const cli_opt lv_opts[] = {
    {.type = CLI_OPT_ARG, .name = "RULES", .field = AT(spec),
     .need = "RULES"},
    {.type = CLI_OPT_U64, .name = "--upto", .field = AT(upto),
     .seen = CLI_AT(lv_args, have_upto), .lo = 0, .hi = UINT64_MAX - 1},
    {.type = CLI_OPT_TEXT, .name = "--at", .alias = "--position",
     .field = AT(at), .need = "a position", .flags = CLI_OPT_EMPTY},
    {.type = CLI_OPT_CALL, .name = "--method", .field = AT(method),
     .call = loopy_cli_opt_method, .flags = CLI_OPT_VALUE},
    {.type = CLI_OPT_FLAG, .name = "--all", .field = AT(all)},
    {.type = CLI_OPT_FLAG, .name = "--stats", .field = AT(stats)},
    {.type = CLI_OPT_FLAG, .name = "--list", .field = AT(list)},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json)},
    {.type = CLI_OPT_CALL, .name = "--period", .call = lv_period},
    {.type = CLI_OPT_U64, .name = "--heap-max", .field = AT(max), .lo = 1,
     .hi = GRUNDY_LOOPY_MAX_VERTICES - 1},
    {.type = CLI_OPT_RENAMED, .name = "--max", .meta = "--heap-max",
     .need = CLI_MAX_IS_COUNTS},
    {.type = CLI_OPT_END},
};
#undef AT

static const cli_rule lv_rules[] = {
    {CLI_RULE_NOT, {"--at", "--upto", "--stats"}, NULL,
     "--at prints one value: no --upto or --stats"},
    {.type = CLI_RULE_END},
};

/* values' own table prints the help (cmd_values.c). */
static const cli_optset lv_set = {"values", lv_opts, CLI_AT(lv_args, eng),
                                  1, 0, lv_rules};

/* The game of a->spec with its graph solved; "grundy: values: ..." when
 * it cannot be. */
static int lv_open(lv_args *a, const grundy_game **g,
                   grundy_loopy_game **lg)
{
    grundy_session *s;
    grundy_parse_error where;
    grundy_status st;
    char spec[512];
    memset(&where, 0, sizeof where);
    st = cli_engine_session(&a->eng, &s);
    if (st != GRUNDY_OK)
        return cli_error("values", st, NULL);
    st = grundy_play_game(g, s, a->spec, a->max, &where);
    if (st == GRUNDY_ERR_IO) {
        fprintf(stderr, "grundy: values: %s\n", where.msg);
        return CLI_EXIT_DATA;
    }
    if (st != GRUNDY_OK) {
        fprintf(stderr, "grundy: values: rules '%s' at column %lu: %s\n",
                a->spec, where.col ? where.col : 1,
                where.msg[0] ? where.msg : grundy_strerror(st));
        return CLI_EXIT_DATA;
    }
    if (grundy_game_canonical_spec(*g, spec, sizeof spec) >= sizeof spec)
        snprintf(spec, sizeof spec, "%s", a->spec);
    st = grundy_loopy_game_from_rules(lg, grundy_game_rules(*g),
                                      grundy_game_params(*g), spec, a->method,
                                      &where, &a->eng.limits);
    cli_progress_done();
    if (st == GRUNDY_OK)
        return CLI_EXIT_OK;
    if (where.msg[0])
        fprintf(stderr, "grundy: values: %s: %s%s\n", a->spec, where.msg,
                st == GRUNDY_ERR_LIMIT ? " (--mem-limit)" : "");
    else
        return cli_engine_error(&a->eng, a->spec, st);
    return CLI_EXIT_DATA;
}

static int lv_run(const lv_args *a, const grundy_game *gm,
                  const grundy_loopy_game *g, grundy_writer *w)
{
    uint64_t n = grundy_loopy_graph_num_vertices(grundy_loopy_game_graph(g));
    grundy_pos p;
    grundy_parse_error where;
    grundy_status rc;
    memset(&where, 0, sizeof where);
    if (a->at && (rc = grundy_game_pos_parse(gm, a->at, strlen(a->at), &p,
                                             &where)) != GRUNDY_OK) {
        fprintf(stderr, "grundy: values: position '%s': %s\n", a->at,
                where.msg[0] ? where.msg : grundy_strerror(rc));
        return CLI_EXIT_DATA;
    }
    if (!a->at && a->have_upto && a->upto >= n) {
        fprintf(stderr,
                "grundy: values: --upto %llu: %s has positions 0 to %llu\n",
                (unsigned long long)a->upto, a->spec,
                (unsigned long long)(n ? n - 1 : 0));
        return CLI_EXIT_DATA;
    }
    rc = grundy_play_loopy_values_write(
        w, a->spec, gm, g, a->at ? &p : NULL, a->have_upto ? a->upto + 1 : n,
        (a->list ? GRUNDY_LOOPY_WRITE_LIST : 0u) |
            (a->stats ? GRUNDY_LOOPY_WRITE_STATS : 0u),
        a->json);
    return rc == GRUNDY_OK ? CLI_EXIT_OK : cli_error("values", rc, NULL);
}

int loopy_cli_values(int argc, char **argv)
{
    lv_args a;
    const grundy_game *gm = NULL;
    grundy_loopy_game *g = NULL;
    grundy_writer w;
    int rc = cli_opts_start(&lv_set, &a, sizeof a, argc, argv);
    a.list |= !a.stats;
    if (!rc)
        rc = lv_open(&a, &gm, &g);
    if (!rc && grundy_writer_init(&w, 1) != GRUNDY_OK)
        rc = cli_error("values", GRUNDY_ERR_NOMEM, NULL);
    else if (!rc) {
        rc = lv_run(&a, gm, g, &w);
        if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
            rc = cli_write_error("values", &w);
    }
    grundy_loopy_game_free(g);
    cli_engine_clear(&a.eng);
    return rc;
}
