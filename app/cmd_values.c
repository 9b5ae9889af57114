/*
 * cmd_values.c -- grundy values RULES: tables, single values, statistics,
 * periods, as text or JSON.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "loopy_cli.h"

typedef struct values_args {
    const char *spec;
    const char *at;
    uint64_t upto, max; /* max: the period search's longest table */
    int have_upto, have_max, all, stats, period, list, json, zeros, method;
    cli_engine eng;
} values_args;
#define AT(m) offsetof(values_args, m)

/* in the order of grundy_table_method */
static const char *const methods[] = {"auto", "naive", "fast", NULL};

#define PERIOD_MAX_ALONE                                                     \
    "--period-max N bounds the period search: it goes with --period alone"
static const cli_opt values_opts[] = {
    {.type = CLI_OPT_ARG, .name = "RULES", .field = AT(spec),
     .need = "RULES"},
    {.type = CLI_OPT_SECTION, .name = "What to compute:"},
    {.type = CLI_OPT_U64, .name = "--upto", .meta = "N", .field = AT(upto),
     .seen = CLI_AT(values_args, have_upto), .hi = UINT64_MAX - 1,
     .help = "tabulate g(0..N) and print 'n g' per line; for\n"
             "two-heap games g(a, b) for a, b <= N, a square"},
    {.type = CLI_OPT_TEXT, .name = "--at", .meta = "POS", .field = AT(at),
     .need = "a position",
     .help = "print g(POS) alone, computing only what it needs"},
    {.type = CLI_OPT_TEXT, .name = "--position", .meta = "POS",
     .field = AT(at), .need = "a position", .help = "the same as --at"},
    {.type = CLI_OPT_FLAG, .name = "--all", .field = AT(all),
     .help = "every position of a finite family (boards)"},
    {.type = CLI_OPT_SECTION,
     .name = "Summaries (instead of the listing, unless --list is given):"},
    {.type = CLI_OPT_FLAG, .name = "--stats", .field = AT(stats),
     .help = "the count of each value, the largest value and where\n"
             "it first occurs; with --position: how it was found"},
    {.type = CLI_OPT_FLAG, .name = "--period", .field = AT(period),
     .help = "the period and preperiod, and whether it is proven;\n"
             "without --upto the table doubles from 1024 entries\n"
             "until a period is proven or the next doubling would\n"
             "pass about 2*10^10 steps of work (some 10 s)"},
    {.type = CLI_OPT_U64, .name = "--period-max", .meta = "N",
     .field = AT(max), .seen = CLI_AT(values_args, have_max), .lo = 1,
     .hi = UINT64_MAX - 1,
     .help = "with --period alone: grow the table to N entries at\n"
             "most, instead of the bounds above"},
    {.type = CLI_OPT_RENAMED, .name = "--max", .meta = "--period-max",
     .need = CLI_MAX_IS_COUNTS},
    {.type = CLI_OPT_FLAG, .name = "--list", .field = AT(list),
     .help = "list the values as well"},
    {.type = CLI_OPT_FLAG, .name = "--p-positions", .field = AT(zeros),
     .help = "the positions of value 0 in the table, one a line"},
    {.type = CLI_OPT_SECTION, .name = "Output and method:"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object (doc/JSON.md)"},
    {.type = CLI_OPT_CHOICE, .name = "--method", .meta = "M",
     .field = AT(method), .choices = methods,
     .help = "auto (default), naive (generic moves + mex), fast;\n"
             "with naive or fast the store is not used"},
    {.type = CLI_OPT_END},
};
#undef AT

static const cli_rule values_rules[] = {
    {CLI_RULE_ONE, {"--upto", "--at", "--all"}, NULL,
     "give one of --upto, --at and --all"},
    {CLI_RULE_ANY, {"--upto", "--at", "--all", "--period"}, NULL,
     "say what to compute: --upto N, --at POS, --all or --period"},
    {CLI_RULE_NOT, {"--at", "--period"}, NULL,
     "--period needs a table (--upto or --all)"},
    {CLI_RULE_NEEDS, {"--period-max", "--period"}, NULL, PERIOD_MAX_ALONE},
    {CLI_RULE_NOT, {"--period-max", "--upto", "--all"}, NULL,
     PERIOD_MAX_ALONE},
    {CLI_RULE_NOT, {"--p-positions", "--at", "--json"}, NULL,
     "--p-positions lists a table's positions of value 0: it goes with "
     "--upto N or --all"},
    {.type = CLI_RULE_END},
};

CLI_SUBCOMMAND_OPTS(values, values_args, 1, values_rules);

/* Two-heap games (GRUNDY_RULES_PAIRS): --upto N is the square a, b <= N,
 * the first (N + 1)^2 positions, listed as a matrix of g(a, b). */
static int is_pairs(const grundy_game *g)
{
    return (grundy_game_rules(g)->flags & GRUNDY_RULES_PAIRS) != 0;
}

static double cli_clock_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int do_at(values_args *a, const grundy_game *g, grundy_writer *w)
{
    grundy_pos p;
    grundy_value v;
    grundy_status s;
    grundy_values *vals;
    double t0, took;

    if (cli_open_position(&p, "values", "position", g, a->at))
        return CLI_EXIT_DATA;
    s = cli_engine_values(&a->eng, g, &vals);
    t0 = cli_clock_s();
    if (s == GRUNDY_OK)
        s = grundy_values_get(&v, vals, p);
    took = cli_clock_s() - t0;
    cli_progress_done();
    if (s != GRUNDY_OK) {
        char what[300];
        int rc;
        snprintf(what, sizeof what, "position '%s': the computation", a->at);
        rc = cli_engine_error(&a->eng, what, s);
        if (a->stats && vals &&
            (s == GRUNDY_ERR_CANCELLED || s == GRUNDY_ERR_WORK ||
             s == GRUNDY_ERR_LIMIT)) {
            /* the work of the stopped search, on stderr: stdout has no
             * value to follow */
            grundy_writer ew;
            if (grundy_writer_init(&ew, 2) == GRUNDY_OK) {
                grundy_writer_str(&ew, "grundy: values: the search so far:\n");
                grundy_format_search_stats(&ew, vals, took);
                (void)grundy_writer_clear(&ew);
            }
        }
        return rc;
    }
    grundy_format_value(w, a->spec, g, p, v, a->stats ? vals : NULL, took,
                        a->json);
    return CLI_EXIT_OK;
}

static int do_table(values_args *a, const grundy_game *g, grundy_writer *w)
{
    const grundy_table *t = NULL;
    grundy_values *vals = NULL;
    grundy_period per = {0};
    grundy_status s;
    int finite = grundy_game_num_positions(g) != 0, pairs = is_pairs(g);
    int table = a->have_upto || a->all || finite; /* not a period search */
    uint64_t entries = a->upto + 1;

    if (a->all && !finite)
        return cli_usage_error("values",
                               "--all lists every position of a board "
                               "(rect, cram, node-kayles, chomp); %s has "
                               "positions 0, 1, 2, ...: use --upto N or "
                               "--at POS",
                               a->spec);
    if (a->have_upto && finite)
        return cli_usage_error("values",
                               "%s is a finite family: use --all",
                               a->spec);
    if (pairs && (!a->have_upto || a->period))
        return cli_usage_error("values",
                               "%s is a two-heap game: --upto N gives g(a, b) "
                               "for a, b <= N (it has no period search)",
                               a->spec);
    if (pairs) {
        if (a->upto >= GRUNDY_PAIR_MAX)
            return cli_usage_error("values", "--upto: at most %llu for two "
                                             "heaps",
                                   (unsigned long long)GRUNDY_PAIR_MAX - 1);
        entries = (a->upto + 1) * (a->upto + 1);
    }
    if (finite && isatty(2)) {
        size_t est = 0;
        if (grundy_table_estimate(&est, g, 0) == GRUNDY_OK)
            fprintf(stderr, "values: %s: %llu positions, about %.1f MiB\n",
                    a->spec,
                    (unsigned long long)grundy_game_num_positions(g),
                    (double)est / 1048576.0);
    }
    s = cli_engine_values(&a->eng, g, &vals);
    if (s == GRUNDY_OK && table)
        s = grundy_values_table(&t, vals, a->have_upto ? entries : 0);
    else if (s == GRUNDY_OK) {
        s = grundy_values_period(&per, vals, a->max);
        if (s == GRUNDY_OK)
            s = grundy_values_table(&t, vals, per.checked_upto);
        if (s == GRUNDY_OK && grundy_period_why(g))
            ; /* a closed form settled it: nothing to note */
        else if (s == GRUNDY_OK && !per.proven && !a->max &&
            grundy_values_period_work_bound(vals) &&
            grundy_limits_work(&a->eng.limits) < GRUNDY_PERIOD_WORK_DEFAULT)
            fprintf(stderr,
                    "grundy: values: the period search stopped at %llu "
                    "positions, before a doubling past the work limit "
                    "of %.3g steps (--work-limit)\n",
                    (unsigned long long)per.checked_upto,
                    (double)grundy_limits_work(&a->eng.limits));
        else if (s == GRUNDY_OK && !per.proven && !a->max &&
                 grundy_values_period_work_bound(vals))
            fprintf(stderr,
                    "grundy: values: the period search stopped at %llu "
                    "positions, before a doubling past its bound of work "
                    "(%.3g steps, some 10 s); --period-max N goes "
                    "further\n",
                    (unsigned long long)per.checked_upto,
                    (double)GRUNDY_PERIOD_WORK_DEFAULT);
        else if (s == GRUNDY_OK && !per.proven && !a->max &&
                 !grundy_period_provable(g))
            fprintf(stderr,
                    "grundy: values: no theorem proves a period of %s, so "
                    "the search looked at %llu positions only; "
                    "--period-max N looks further\n",
                    a->spec, (unsigned long long)per.checked_upto);
        else if (s == GRUNDY_OK && !per.proven && !a->max)
            fprintf(stderr,
                    "grundy: values: the period search stopped at its "
                    "bound of %llu positions; --period-max N goes "
                    "further\n",
                    (unsigned long long)per.checked_upto);
    }
    cli_progress_done();
    if (s != GRUNDY_OK) {
        size_t est = 0;
        if (s == GRUNDY_ERR_CANCELLED)
            return cli_engine_error(&a->eng, "values", s);
        if (s == GRUNDY_ERR_LIMIT &&
            grundy_table_estimate(&est, g, entries) == GRUNDY_OK)
            fprintf(stderr,
                    "grundy: values: the table needs about %.1f MiB, "
                    "over the memory limit (--mem-limit)\n",
                    (double)est / 1048576.0);
        else if (s == GRUNDY_ERR_LIMIT || s == GRUNDY_ERR_OVERFLOW)
            fprintf(stderr, "grundy: values: %s: %s\n", a->spec,
                    grundy_strerror(s));
        else
            return cli_error("values", s, NULL);
        return CLI_EXIT_DATA;
    }
    if (a->json)
        s = grundy_format_values_json(w, a->spec, g, t, table ? NULL : &per,
                                      a->upto);
    else
        s = grundy_format_values_text(
            w, g, t, table ? NULL : &per, a->upto,
            (a->list ? GRUNDY_FORMAT_LIST : 0) |
                (a->stats ? GRUNDY_FORMAT_STATS : 0) |
                (a->zeros ? GRUNDY_FORMAT_ZEROS : 0) |
                (a->period ? GRUNDY_FORMAT_PERIOD : 0));
    return s == GRUNDY_OK ? CLI_EXIT_OK : cli_error("values", s, NULL);
}

/* Non-zero when the game is of a family with cycles (the registry's flag
 * GRUNDY_RULES_LOOPY): its values are generalized ones (finite or inf(K))
 * of its whole graph, listed by loopy_cli.c. */
static int names_loopy(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        const grundy_rules *r =
            argv[i][0] == '-' ? NULL : grundy_rules_find(argv[i]);
        if (r && (r->flags & GRUNDY_RULES_LOOPY))
            return 1;
    }
    return 0;
}

int cmd_values(int argc, char **argv)
{
    values_args a;
    grundy_game *g = NULL;
    grundy_writer w;
    int rc;
    if (names_loopy(argc, argv)) /* generalized values: loopy_cli.c */
        return loopy_cli_values(argc, argv);
    rc = cli_opts_start(&cli_values_opts, &a, sizeof a, argc, argv);
    if (rc)
        return rc;
    a.eng.so.method = (grundy_table_method)a.method;
    a.list |= !a.stats && !a.period && !a.zeros;
    if (cli_open_game(&g, "values", a.spec))
        return CLI_EXIT_DATA;
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        grundy_game_free(g);
        return cli_error("values", GRUNDY_ERR_NOMEM, NULL);
    }
    cli_catch_signals();
    rc = a.at ? do_at(&a, g, &w) : do_table(&a, g, &w);
    cli_engine_clear(&a.eng);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("values", &w);
    grundy_game_free(g);
    return rc;
}
