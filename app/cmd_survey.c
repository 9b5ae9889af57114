/*
 * cmd_survey.c -- grundy survey SPEC --upto N: every code of a family of
 * take-and-break games (a pattern such as 0.ddd, or a list of codes in a
 * file) tabulated to N, one row per code: its status (a period proven by
 * the family's criterion, an arithmetic period seen, or none found), the
 * period and preperiod, the largest value, the last rare position and the
 * time.
 *
 * The survey is the library's (grundy/survey.h: the codes, the workers,
 * the groups of codes with the same values, the verdicts against a
 * published table); this file reads the options and the files and prints
 * the rows as the library reports them, in the order of the codes.
 * Under mpirun (OMPI_COMM_WORLD_RANK / PMI_RANK and the matching size in
 * the environment) each process takes its share of the codes and prints
 * nothing; rank 0 then prints every row, reading the other ranks' tables
 * from the store.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json_out.h"

typedef struct survey {
    const char *spec;
    uint64_t upto;
    int have_upto, json, csv;
    const char *compare;
    grundy_survey_published *pub; /* --compare's table, read first */
    size_t npub;
    cli_engine eng;
    grundy_survey *sv;
    unsigned rank, ranks;
    grundy_writer *w;
    int failed; /* exit code of the first hard failure, 0 if none */
} survey;
#define AT(m) offsetof(survey, m)

/* A file that could not be read: "grundy: survey: PATH: REASON", or
 * the place of its bad line "PATH:LINE:COL: WHY". */
static int file_error(const char *path, grundy_status s,
                      const grundy_parse_error *where, int err)
{
    if (s == GRUNDY_ERR_NOMEM)
        return cli_error("survey", s, NULL);
    if (s == GRUNDY_ERR_IO)
        fprintf(stderr, "grundy: survey: %s: %s\n", path, strerror(err));
    else
        fprintf(stderr, "grundy: survey: %s:%lu:%lu: %s\n", path,
                where->line, where->col, where->msg);
    return CLI_EXIT_DATA;
}

/* A pattern: literal characters, 'd' for every octal digit 0-7 and 'h'
 * for every hexadecimal digit 0-F after the point.  Errors name the
 * column. */
static int expand_pattern(survey *a, const char *p)
{
    uint64_t total;
    grundy_parse_error where;
    grundy_status s;
    memset(&where, 0, sizeof where);
    s = grundy_takebreak_pattern_size(&total, p, GRUNDY_SURVEY_MAX_CODES,
                                      &where);
    if (s != GRUNDY_OK)
        return cli_usage_error("survey", "'%s' at column %lu: %s%s", p,
                               where.col, where.msg,
                               s == GRUNDY_ERR_PARSE ? ", or @FILE" : "");
    s = grundy_survey_add_pattern(a->sv, p, GRUNDY_SURVEY_MAX_CODES, &where);
    if (s == GRUNDY_ERR_ARG)
        return cli_usage_error("survey", "'%s': %s", p, where.msg);
    if (s == GRUNDY_ERR_NOMEM)
        return cli_error("survey", s, NULL);
    if (s != GRUNDY_OK) {
        fprintf(stderr, "grundy: survey: '%s' at column %lu: %s\n", p,
                where.col, where.msg);
        return CLI_EXIT_DATA;
    }
    return 0;
}

/* @FILE: one code per line; blank lines and '#' comments are skipped.
 * A bad line is refused with FILE:LINE:COL. */
static int read_codes(survey *a, const char *path)
{
    grundy_parse_error where;
    int err;
    grundy_status s = grundy_survey_add_file(a->sv, path, &where, &err);
    return s == GRUNDY_OK ? 0 : file_error(path, s, &where, err);
}

/* The rows' form: --json, --csv or columns (grundy/format.h). */
static grundy_format_style survey_style(const survey *a)
{
    return a->json  ? GRUNDY_FORMAT_JSON
           : a->csv ? GRUNDY_FORMAT_CSV
                    : GRUNDY_FORMAT_TEXT;
}

/* A row is done, every row before it printed (the library holds its
 * lock): say why it was skipped, print it, and show how far the survey
 * is at a terminal (code k of n; the tables' own progress is not
 * shown). */
static void row_done(void *ctx, const grundy_survey *sv, size_t i)
{
    survey *a = ctx;
    const grundy_survey_row *r = grundy_survey_row_at(sv, i);
    grundy_progress p;
    if (r->status == GRUNDY_ERR_LIMIT || r->status == GRUNDY_ERR_WORK)
        fprintf(stderr,
                "grundy: survey: %s: skipped, the table to %llu is "
                "over the %s limit (--%s-limit)\n",
                r->code, (unsigned long long)a->upto,
                r->status == GRUNDY_ERR_LIMIT ? "memory" : "work",
                r->status == GRUNDY_ERR_LIMIT ? "mem" : "work");
    else if (r->status != GRUNDY_OK && r->status != GRUNDY_ERR_CANCELLED &&
             !a->failed) {
        fprintf(stderr, "grundy: survey: %s: %s\n", r->code,
                grundy_strerror(r->status));
        a->failed = CLI_EXIT_DATA;
    }
    if (r->status != GRUNDY_ERR_CANCELLED)
        grundy_format_survey_row(a->w, sv, i, a->upto, survey_style(a));
    (void)grundy_writer_flush(a->w);
    memset(&p, 0, sizeof p);
    p.phase = "codes";
    p.done = i + 1;
    p.total = grundy_survey_count(sv);
    p.final = p.done == p.total;
    (void)cli_progress((void *)"survey", &p);
}

/* The tables' progress hook: no line of their own (the survey shows its
 * codes), but Ctrl-C still stops them. */
static int survey_tick(void *ctx, const grundy_progress *p)
{
    (void)ctx;
    (void)p;
    return cli_interrupted() != 0;
}

static int survey_stop(void *ctx)
{
    (void)ctx;
    return cli_interrupted() != 0;
}

static unsigned env_uint(const char *a, const char *b)
{
    const char *s = getenv(a);
    if (!s || !*s)
        s = getenv(b);
    return s && *s ? (unsigned)strtoul(s, NULL, 10) : 0;
}

/* The rows against --compare's table (the verdicts are the library's,
 * and so are the lines on stderr, grundy/format.h): exit status 1 when a
 * period proven here differs. */
static int compare_rows(survey *a)
{
    size_t *row = calloc(a->npub + 1, sizeof *row), differ;
    grundy_survey_verdict *v = calloc(a->npub + 1, sizeof *v);
    grundy_writer err;
    if (!row || !v || grundy_writer_init(&err, 2) != GRUNDY_OK) {
        free(row);
        free(v);
        return cli_error("survey", GRUNDY_ERR_NOMEM, NULL);
    }
    grundy_survey_compare(v, row, a->sv, a->pub, a->npub);
    differ = grundy_format_survey_compare(&err, "grundy: survey: ",
                                          a->compare, a->sv, a->upto, a->pub,
                                          v, row, a->npub);
    (void)grundy_writer_clear(&err);
    free(row);
    free(v);
    return differ ? CLI_EXIT_DATA : 0;
}

static const cli_opt survey_opts[] = {
    {.type = CLI_OPT_ARG, .name = "SPEC", .field = AT(spec),
     .need = "SPEC (a pattern such as 0.ddd, or @FILE)"},
    {.type = CLI_OPT_SECTION, .name = "SPEC:"},
    {.type = CLI_OPT_NOTE, .label = "0.ddd, 0.dddd, 4.dd, ...",
     .help = "a pattern: 'd' stands for every octal\n"
             "digit 0-7, 'h' for every hexadecimal digit 0-F;\n"
             "other characters stand for themselves (0.1dd)"},
    {.type = CLI_OPT_NOTE, .label = "@FILE",
     .help = "the codes in FILE, one per line ('#' comments and\n"
             "blank lines skipped)"},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_U64, .name = "--upto", .meta = "N", .field = AT(upto),
     .seen = CLI_AT(survey, have_upto), .lo = 1, .hi = UINT64_MAX - 1,
     .help = "tabulate g(0..N) of each code"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object per line and code (doc/JSON.md)"},
    {.type = CLI_OPT_FLAG, .name = "--csv", .field = AT(csv),
     .help = "the same columns as comma-separated values"},
    {.type = CLI_OPT_TEXT, .name = "--compare", .meta = "FILE",
     .field = AT(compare), .need = "a file",
     .help = "compare the rows with a published table (lines\n"
             "'CODE PERIOD PREPERIOD' or 'CODE none'): a period\n"
             "proven here that differs is an error (exit 1)"},
    {.type = CLI_OPT_END},
};
#undef AT

static const cli_rule survey_rules[] = {
    {CLI_RULE_ANY, {"--upto"}, NULL, "missing --upto N"},
    {CLI_RULE_ONE, {"--json", "--csv"}, NULL, "give one of --json and --csv"},
    {.type = CLI_RULE_END},
};

CLI_SUBCOMMAND_OPTS(survey, survey, 1, survey_rules);

/* Expand SPEC, run the codes and write their rows to a->w: 0, an exit
 * code after a message, or -1 (nothing run) past max_codes codes. */
static int survey_rows(survey *a, size_t max_codes)
{
    grundy_survey_opts o;
    grundy_status s;
    int rc;
    if (grundy_survey_new(&a->sv) != GRUNDY_OK)
        return cli_error("survey", GRUNDY_ERR_NOMEM, NULL);
    rc = a->spec[0] == '@' ? read_codes(a, a->spec + 1)
                           : expand_pattern(a, a->spec);
    if (rc)
        return rc;
    if (grundy_survey_count(a->sv) > max_codes)
        return -1;
    a->ranks = env_uint("OMPI_COMM_WORLD_SIZE", "PMI_SIZE");
    a->rank = env_uint("OMPI_COMM_WORLD_RANK", "PMI_RANK");
    if (a->ranks < 2 || a->rank >= a->ranks)
        a->ranks = 1, a->rank = 0;
    if (a->ranks > 1 && a->eng.so.no_store)
        return cli_usage_error("survey", "under mpirun the ranks share "
                                         "their tables through the store: "
                                         "drop --no-store");
    grundy_survey_opts_init(&o);
    cli_engine_session_opts(&a->eng, &o.session);
    o.session.limits.progress = survey_tick;
    o.upto = a->upto;
    o.rank = a->rank;
    o.ranks = a->ranks;
    o.row_done = row_done;
    o.stop = survey_stop;
    o.ctx = a;
    if (a->rank == 0)
        grundy_format_survey_header(a->w, survey_style(a));
    s = grundy_survey_run(a->sv, &o);
    return s == GRUNDY_OK ? 0 : cli_error("survey", s, NULL);
}

/* The rows `grundy survey SPEC --upto N --json` prints (json_out.h). */
int cli_survey_json(grundy_writer *w, const char *spec, uint64_t upto,
                    const cli_engine *eng, size_t max_codes)
{
    survey a;
    int rc;
    memset(&a, 0, sizeof a);
    a.spec = spec;
    a.upto = upto;
    a.have_upto = 1;
    a.json = 1;
    a.eng = *eng;
    a.eng.session = NULL;
    a.eng.store = NULL;
    a.w = w;
    rc = survey_rows(&a, max_codes);
    grundy_survey_free(a.sv);
    return rc ? rc : a.failed;
}

int cmd_survey(int argc, char **argv)
{
    survey a;
    grundy_writer w;
    int rc = cli_opts_start(&cli_survey_opts, &a, sizeof a, argc, argv);
    if (rc)
        return rc;
    if (a.compare) {
        grundy_parse_error where;
        int err;
        grundy_status s = grundy_survey_published_load(&a.pub, &a.npub,
                                                       a.compare, &where,
                                                       &err);
        if (s != GRUNDY_OK)
            return file_error(a.compare, s, &where, err);
    }
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        free(a.pub);
        return cli_error("survey", GRUNDY_ERR_NOMEM, NULL);
    }
    a.w = &w;
    cli_catch_signals();
    rc = survey_rows(&a, GRUNDY_SURVEY_MAX_CODES);
    cli_progress_done();
    if (rc == 0 && cli_interrupted()) {
        fprintf(stderr, "grundy: survey: interrupted after %zu of %zu "
                        "codes%s\n",
                grundy_survey_reported(a.sv), grundy_survey_count(a.sv),
                a.eng.so.no_store ? "" : "; the finished tables are kept in "
                                      "the store");
        rc = 130;
    }
    if (rc == 0 && a.compare && a.rank == 0)
        rc = compare_rows(&a);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("survey", &w);
    if (rc == 0)
        rc = a.failed;
    grundy_survey_free(a.sv);
    free(a.pub);
    return rc;
}
