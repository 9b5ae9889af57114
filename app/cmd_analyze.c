/*
 * cmd_analyze.c -- grundy analyze RULES POS...: the value of each
 * component, the value of the sum, the winner and every winning move;
 * Moore's Nim_k (--moore K), misere play (--misere), and games with cycles
 * (the winner may be a draw: the moves that keep it), mixed with finite
 * games or not.  The library decides (grundy/play.h over
 * grundy_sum_analyze: the values, Moore's rule, the misere quotient,
 * misere Nim's rule, an exact search, or Smith's rule for games with
 * cycles); this file parses the command and prints the answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sum_cli.h"

typedef struct analyze_args {
    const char *rules;
    cli_list arg; /* the arguments: RULES (unless --mix), then POS... */
    char **pos;   /* POS... */
    size_t npos;
    int json, mix, misere;
    grundy_play_opts po;
    uint64_t moore, heap_max, search_limit;
    cli_engine eng;
} analyze_args;
#define AT(m) offsetof(analyze_args, m)

static const cli_opt analyze_opts[] = {
    {.type = CLI_OPT_ARG, .name = "RULES POS...", .field = AT(arg),
     .flags = CLI_OPT_MANY},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_FLAG, .name = "--mix", .field = AT(mix),
     .help = "components of different families: each argument is\n"
             "SPEC:POS, split at its last ':' (digits:12,\n"
             "rect:2x2:11/01, 0.77:10, addsub:4,5:2:7)"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object (doc/JSON.md), with each winning\n"
             "move's remoteness (the moves to the end after it)"},
    {.type = CLI_OPT_U64, .name = "--moore", .meta = "K", .field = AT(moore),
     .lo = 1, .hi = GRUNDY_MOORE_KMAX,
     .help = "Moore's Nim_k: a move changes 1..K components\n"
             "(1 <= K <= 63); prints one winning move set"},
    {.type = CLI_OPT_FLAG, .name = "--misere", .field = AT(misere),
     .help = "misere play: the player who cannot move wins (Nim's\n"
             "rule, a misere quotient or an exact search)"},
    {.type = CLI_OPT_U64, .name = "--search-limit", .meta = "N",
     .field = AT(search_limit), .lo = 1, .hi = (uint64_t)1 << 32,
     .help = "the exact search refuses sums with more than N\n"
             "positions (default 1048576); exit status 1"},
    {.type = CLI_OPT_U64, .name = "--heap-max", .meta = "H",
     .field = AT(heap_max), .lo = 1, .hi = GRUNDY_LOOPY_MAX_VERTICES - 1,
     .help = "the bound of a family with cycles whose spec has\n"
             "none (addsub:S:A: heaps 0..H, as addsub:S:A:H)"},
    {.type = CLI_OPT_RENAMED, .name = "--max", .meta = "--heap-max",
     .need = CLI_MAX_IS_COUNTS},
    {.type = CLI_OPT_END},
};
#undef AT

CLI_SUBCOMMAND_OPTS(analyze, analyze_args, 1, NULL);

static int parse_args(int argc, char **argv, analyze_args *a)
{
    int rc = cli_opts_start(&cli_analyze_opts, a, sizeof *a, argc, argv);
    if (rc)
        return rc;
    grundy_play_opts_init(&a->po);
    if (a->misere)
        a->po.convention = GRUNDY_PLAY_MISERE;
    a->po.max_states = (size_t)a->search_limit;
    a->po.moore_k = (unsigned)a->moore;
    a->po.heap_max = a->heap_max;
    a->pos = a->arg.v;
    a->npos = a->arg.n;
    if (!a->mix) {
        if (!a->npos)
            return cli_usage_error("analyze", "missing RULES");
        a->rules = a->pos[0];
        a->pos++;
        a->npos--;
    }
    if (!a->npos)
        return cli_usage_error("analyze", "missing positions (POS...)");
    return 0;
}

/* The refusal of an exact search, explained. */
static int search_error(const char *cmd, grundy_status s, size_t limit)
{
    if (s == GRUNDY_ERR_LIMIT)
        fprintf(stderr,
                "grundy: %s: this sum is too large for an exact search "
                "(more than %zu positions, or a component with more than "
                "%zu moves); use smaller positions or raise "
                "--search-limit\n",
                cmd, limit, (size_t)GRUNDY_SUM_MAX_MOVES);
    else if (s == GRUNDY_ERR_WORK)
        return cli_error(cmd, s, NULL);
    else
        fprintf(stderr, "grundy: %s: search: %s\n", cmd, grundy_strerror(s));
    return CLI_EXIT_DATA;
}

/* Ask the library and print its answer. */
static int do_sum(const analyze_args *a, grundy_play *p, grundy_writer *w)
{
    grundy_play_analysis an;
    grundy_status st;
    st = grundy_play_analyze(&an, p,
                             a->json ? GRUNDY_PLAY_WANT_JSON
                                     : GRUNDY_PLAY_WANT_TEXT);
    cli_progress_done();
    if (st != GRUNDY_OK) {
        grundy_sum_method m = an.sum.method;
        int of_values = an.sum.values_failed;
        grundy_play_analysis_clear(&an);
        if (of_values)
            return st == GRUNDY_ERR_CANCELLED || st == GRUNDY_ERR_LIMIT ||
                           st == GRUNDY_ERR_WORK
                       ? cli_engine_error(&a->eng, "component values", st)
                       : cli_error("analyze: component values", st, NULL);
        if (st == GRUNDY_ERR_LIMIT && m == GRUNDY_SUM_BY_VALUES) {
            fprintf(stderr,
                    "grundy: analyze: a component has more than %zu moves, "
                    "too many to list its winning moves\n",
                    (size_t)GRUNDY_SUM_MAX_MOVES);
            return CLI_EXIT_DATA;
        }
        if (m == GRUNDY_SUM_BY_SEARCH)
            return search_error("analyze", st,
                                    a->po.max_states
                                        ? a->po.max_states
                                        : GRUNDY_SUM_SEARCH_DEFAULT_STATES);
        return st == GRUNDY_ERR_CANCELLED || st == GRUNDY_ERR_LIMIT ||
                       st == GRUNDY_ERR_WORK
                   ? cli_engine_error(&a->eng, "the analysis", st)
                   : cli_error("analyze", st, NULL);
    }
    grundy_play_analysis_write(w, p, &an, a->json);
    grundy_play_analysis_clear(&an);
    return CLI_EXIT_OK;
}

int cmd_analyze(int argc, char **argv)
{
    analyze_args a;
    grundy_play *p = NULL;
    grundy_writer w;
    int rc = parse_args(argc, argv, &a);
    if (rc) {
        free(a.arg.v);
        return rc;
    }
    cli_catch_signals();
    rc = cli_play_state(&p, &a.eng, a.mix ? NULL : a.rules, a.pos, a.npos,
                        &a.po);
    if (rc == CLI_EXIT_OK) {
        if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
            rc = cli_error("analyze", GRUNDY_ERR_NOMEM, NULL);
        } else {
            rc = do_sum(&a, p, &w);
            if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
                rc = cli_write_error("analyze", &w);
        }
    }
    grundy_play_free(p);
    cli_engine_clear(&a.eng);
    free(a.arg.v);
    return rc;
}
