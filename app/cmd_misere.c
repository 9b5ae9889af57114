/*
 * cmd_misere.c -- grundy misere CODE --upto N: the misere quotient of a
 * take-and-break game restricted to heaps 1..N (order, P-portion,
 * presentation, heap -> element map, last change, periodicity), or the
 * genus of each heap (--genus), or the quotient in the text MisereSolver
 * prints (--miseresolver).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct misere_args {
    const char *rules;
    uint64_t upto, max_order, search_limit;
    int have_upto, json, genus, miseresolver;
    cli_engine eng; /* the common options */
} misere_args;
#define AT(m) offsetof(misere_args, m)

/* The help says what each option does; grundy(1) says how. */
static const cli_opt misere_opts[] = {
    {.type = CLI_OPT_ARG, .name = "CODE", .field = AT(rules),
     .need = "CODE"},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_U64, .name = "--upto", .meta = "N", .field = AT(upto),
     .seen = CLI_AT(misere_args, have_upto), .lo = 1,
     .hi = GRUNDY_MISERE_MAX_HEAP,
     .help = "heaps 1..N (1 <= N <= 1000000)"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object (doc/JSON.md)"},
    {.type = CLI_OPT_U64, .name = "--max-order", .meta = "M",
     .field = AT(max_order), .lo = 1, .hi = (uint64_t)1 << 24,
     .def = GRUNDY_MISERE_DEFAULT_MAX_ORDER,
     .help = "stop past M elements (default 4096), printing the\n"
             "quotient of the heaps before"},
    {.type = CLI_OPT_FLAG, .name = "--genus", .field = AT(genus),
     .help = "Conway's genus of heaps 0..N instead"},
    {.type = CLI_OPT_U64, .name = "--search-limit", .meta = "N",
     .field = AT(search_limit), .lo = 1, .hi = (uint64_t)1 << 32,
     .def = GRUNDY_MISERE_GENUS_DEFAULT_STATES,
     .help = "the genus search stores at most N positions\n"
             "(default 2097152)"},
    {.type = CLI_OPT_FLAG, .name = "--miseresolver",
     .field = AT(miseresolver),
     .help = "the quotient as A. N. Siegel's MisereSolver prints it"},
    {.type = CLI_OPT_COMMON, .name = "--mem-limit",
     .help = "refuse work above B bytes (K, M, G, T)"},
    {.type = CLI_OPT_END},
};
#undef AT

static const cli_rule misere_rules[] = {
    {CLI_RULE_ANY, {"--upto"}, NULL, "missing --upto N"},
    {CLI_RULE_NOT, {"--miseresolver", "--json"}, NULL,
     "--miseresolver prints the quotient alone: not with --json"},
    {CLI_RULE_NOT, {"--miseresolver", "--genus"}, NULL,
     "--miseresolver prints the quotient alone: not with --genus"},
    {.type = CLI_RULE_END},
};

CLI_SUBCOMMAND_OPTS(misere, misere_args, 1, misere_rules);

/* "grundy: CMD: ..." for a status of grundy_misere_new(). */
static int misere_game_error(const char *cmd, const grundy_game *g,
                          grundy_status s)
{
    if (s == GRUNDY_ERR_ARG) {
        fprintf(stderr, "grundy: %s: '%s' has no move from any heap\n", cmd,
                grundy_game_spec(g));
        return CLI_EXIT_DATA;
    }
    return cli_error(cmd, s, NULL);
}

/* spec as a take-and-break game with a move; "grundy: CMD: ..." when it
 * is not one. */
static int misere_game(const char *cmd, const char *spec, grundy_game **out)
{
    grundy_misere *q;
    grundy_status s;
    if (cli_open_game(out, cmd, spec))
        return CLI_EXIT_DATA;
    if (!(grundy_game_rules(*out)->flags & GRUNDY_RULES_MISERE)) {
        fprintf(stderr,
                "grundy: %s: '%s' is not a take-and-break game: give an "
                "octal or hexadecimal code (0.77, 4.07, 0.F7) or "
                "grundy-game\n",
                cmd, spec);
        grundy_game_free(*out);
        *out = NULL;
        return CLI_EXIT_DATA;
    }
    s = grundy_misere_new(&q, *out, NULL);
    grundy_misere_free(q);
    if (s != GRUNDY_OK) {
        int rc = misere_game_error(cmd, *out, s);
        grundy_game_free(*out);
        *out = NULL;
        return rc;
    }
    return CLI_EXIT_OK;
}

/* The quotient ***************************************************************/

static int do_quotient(const misere_args *a, const grundy_game *g,
                       grundy_writer *w)
{
    grundy_misere *q;
    grundy_misere_pres p;
    grundy_misere_info in;
    grundy_status s;
    grundy_limits lim = a->eng.limits;

    s = grundy_misere_new(&q, g, &a->eng.limits);
    if (s != GRUNDY_OK)
        return misere_game_error("misere", g, s);
    cli_progress_attach(&lim, "misere");
    s = grundy_misere_grow(q, a->upto, (size_t)a->max_order, &lim);
    cli_progress_done();
    grundy_misere_get_info(&in, q);
    if (s != GRUNDY_OK && !(s == GRUNDY_ERR_LIMIT && in.stopped_order)) {
        if (s == GRUNDY_ERR_LIMIT)
            fprintf(stderr,
                    "grundy: misere: heap %llu: the quotient needs more "
                    "memory than the limit (--mem-limit)\n",
                    (unsigned long long)in.stopped_at);
        else
            cli_error("misere", s, NULL);
        grundy_misere_free(q);
        return CLI_EXIT_DATA;
    }
    if (s != GRUNDY_OK)
        fprintf(stderr,
                "grundy: misere: stopped at heap %llu: %s more than %llu "
                "elements (--max-order); the quotient of heaps 1..%llu "
                "follows\n",
                (unsigned long long)in.stopped_at,
                in.stopped_candidate ? "a candidate quotient has"
                                     : "the quotient has",
                (unsigned long long)a->max_order,
                (unsigned long long)in.heaps);
    if (a->miseresolver) {
        char *text = NULL;
        size_t len = 0;
        s = grundy_misere_format_miseresolver(&text, &len, q, &a->eng.limits);
        grundy_misere_free(q);
        if (s != GRUNDY_OK)
            return cli_error("misere: presentation", s, NULL);
        grundy_writer_str(w, text);
        free(text);
        return CLI_EXIT_OK;
    }
    s = grundy_misere_pres_init(&p, q, &a->eng.limits);
    if (s != GRUNDY_OK) {
        grundy_misere_free(q);
        return cli_error("misere: presentation", s, NULL);
    }
    grundy_misere_quotient_write(w, a->rules, q, &p, (size_t)a->max_order,
                                 a->json);
    grundy_misere_pres_clear(&p);
    grundy_misere_free(q);
    return CLI_EXIT_OK;
}

/* Genus **********************************************************************/

static int do_genus(const misere_args *a, const grundy_game *g,
                    grundy_writer *w)
{
    grundy_misere_genus *ge = NULL;
    grundy_pos done = 0;
    grundy_status s;
    grundy_limits lim = a->eng.limits;

    s = grundy_limits_mem_check(&a->eng.limits, (size_t)(a->upto + 1) * sizeof *ge);
    if (s == GRUNDY_OK) {
        ge = malloc((size_t)(a->upto + 1) * sizeof *ge);
        if (!ge)
            s = GRUNDY_ERR_NOMEM;
    }
    if (s == GRUNDY_OK) {
        cli_progress_attach(&lim, "genus");
        s = grundy_misere_genus_table(ge, &done, g, a->upto,
                                      (size_t)a->search_limit, &lim);
        cli_progress_done();
    }
    grundy_misere_genus_write(w, a->rules, g, ge, done, s == GRUNDY_OK,
                              a->json);
    free(ge);
    if (s == GRUNDY_ERR_LIMIT) {
        grundy_writer_flush(w);
        fprintf(stderr,
                "grundy: misere: the genus of heap %llu needs more than "
                "%llu positions or more memory than the limit; raise "
                "--search-limit or --mem-limit\n",
                (unsigned long long)done,
                (unsigned long long)a->search_limit);
        return CLI_EXIT_DATA;
    }
    if (s != GRUNDY_OK) {
        grundy_writer_flush(w);
        return cli_error("misere: genus", s, NULL);
    }
    return CLI_EXIT_OK;
}

int cmd_misere(int argc, char **argv)
{
    misere_args a;
    grundy_game *g = NULL;
    grundy_writer w;
    int rc = cli_opts_start(&cli_misere_opts, &a, sizeof a, argc, argv);
    if (rc)
        return rc;
    rc = misere_game("misere", a.rules, &g);
    if (rc)
        return rc;
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        grundy_game_free(g);
        return cli_error("misere", GRUNDY_ERR_NOMEM, NULL);
    }
    rc = a.genus ? do_genus(&a, g, &w) : do_quotient(&a, g, &w);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == CLI_EXIT_OK)
        rc = cli_write_error("misere", &w);
    grundy_game_free(g);
    return rc;
}
