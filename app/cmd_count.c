/*
 * cmd_count.c -- grundy count: exact counts of winning and losing
 * configurations, through grundy_count_tuples() and grundy_count_heaps().
 *
 * Three sources of components: RULES with --heaps K --max M (every
 * K-heap position of a heap family), RULES with --positions LIST (the
 * game at each listed position, drawn K times with --tuples), and Grundy
 * values on standard input (--tuples without RULES).  Without --mod the
 * count is exact: it runs modulo the largest prime below 2^62 and refuses
 * when the number of configurations could reach it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct count_args {
    const char *spec, *positions;
    uint64_t heaps, max, tuples, moore, mod;
    int have_heaps, have_max, have_tuples, have_mod, have_print, weighted;
    int print, json, method;
    cli_engine eng;
} count_args;
#define AT(m) offsetof(count_args, m)

/* in the order of GRUNDY_FORMAT_COUNT_WINNING .. _TOTAL, then all */
static const char *const prints[] = {"winning", "losing", "total", "all",
                                     NULL};
/* in the order of grundy_count_method */
static const char *const methods[] = {"auto", "root", "ring", "ring3", NULL};

static const cli_opt count_opts[] = {
    {.type = CLI_OPT_ARG, .name = "RULES", .field = AT(spec)},
    {.type = CLI_OPT_SECTION, .name = "What to count:"},
    {.type = CLI_OPT_U64, .name = "--heaps", .meta = "K", .field = AT(heaps),
     .seen = CLI_AT(count_args, have_heaps), .lo = 1,
     .hi = UINT64_C(1000000000000000000), .label = "--heaps K --max M",
     .help = "the K-heap positions of the heap family RULES\n"
             "with every heap in [0, M]; prints the losing ones\n"
             "(P-positions) by default"},
    {.type = CLI_OPT_U64, .name = "--max", .meta = "M", .field = AT(max),
     .seen = CLI_AT(count_args, have_max), .hi = UINT64_MAX - 1},
    {.type = CLI_OPT_TEXT, .name = "--positions", .meta = "LIST",
     .field = AT(positions), .need = "a list",
     .help = "components: the game RULES at each position of\n"
             "LIST (comma-separated, each listed once)"},
    {.type = CLI_OPT_U64, .name = "--tuples", .meta = "K", .field = AT(tuples),
     .seen = CLI_AT(count_args, have_tuples), .lo = 1,
     .hi = UINT64_C(1000000000000000000),
     .help = "count the ordered K-tuples of components (repeats\n"
             "allowed) whose sum the first player wins; without\n"
             "RULES the components are Grundy values read from\n"
             "standard input (or --input FILE), one per token"},
    {.type = CLI_OPT_FLAG, .name = "--weighted", .field = AT(weighted),
     .help = "standard input holds pairs VALUE WEIGHT: VALUE\n"
             "stands for WEIGHT components"},
    {.type = CLI_OPT_CALL, .name = "--input", .meta = "FILE",
     .call = cli_opt_input, .flags = CLI_OPT_VALUE},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_U64, .name = "--moore", .meta = "k", .field = AT(moore),
     .lo = 1, .hi = GRUNDY_COUNT_KMAX, .def = 1,
     .help = "Moore's Nim_k: a move changes 1..k components (which\n"
             "must be Nim heaps: nim, divisors:H, or values read\n"
             "from standard input); default 1, the ordinary sum"},
    {.type = CLI_OPT_U64, .name = "--mod", .meta = "P", .field = AT(mod),
     .seen = CLI_AT(count_args, have_mod), .hi = UINT64_MAX,
     .help = "count modulo the odd prime P < 2^62 (P must not\n"
             "divide k + 1); without it the count is exact, and\n"
             "refused when it could reach 2^62"},
    {.type = CLI_OPT_CHOICE, .name = "--print", .meta = "WHAT",
     .field = AT(print), .seen = CLI_AT(count_args, have_print),
     .choices = prints,
     .help = "winning, losing, total, or all three as lines\n"
             "'winning N', 'losing N', 'total N'"},
    {.type = CLI_OPT_CHOICE, .name = "--method", .meta = "M",
     .field = AT(method), .choices = methods,
     .help = "auto (default), root, ring, ring3: the transform"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object: rules, canonical, heaps and max or\n"
             "tuples, moore, modulus, winning, losing, total"},
    {.type = CLI_OPT_END},
};
#undef AT

/* --mod P: an odd prime below 2^62 that does not divide k + 1.  Out of
 * that range it is a usage error, as every option's value is. */
static int check_mod(const char *cmd, void *args)
{
    const count_args *a = args;
    grundy_nt_mod m;
    if (a->mod % 2 == 0 || a->mod > GRUNDY_NT_MOD_MAX ||
        grundy_nt_mod_init_prime(&m, a->mod) != GRUNDY_OK)
        return cli_usage_error(cmd, "--mod %llu: the modulus must be an "
                                    "odd prime below 2^62",
                               (unsigned long long)a->mod);
    if ((a->moore + 1) % a->mod == 0)
        return cli_usage_error(cmd, "--mod %llu divides k + 1 = %llu; "
                                    "choose another prime",
                               (unsigned long long)a->mod,
                               (unsigned long long)(a->moore + 1));
    return 0;
}

/* What goes with what, in the order the checks are made. */
static const cli_rule count_rules[] = {
    {CLI_RULE_CHECK, {"--mod"}, check_mod, NULL},
    {CLI_RULE_BOTH, {"--heaps", "--max"}, NULL,
     "--heaps and --max go together"},
    {CLI_RULE_NEEDS, {"--heaps", "RULES"}, NULL, "--heaps needs RULES"},
    {CLI_RULE_NOT, {"--heaps", "--tuples", "--positions", "--weighted"}, NULL,
     "--heaps does not combine with --tuples, --positions or --weighted"},
    {CLI_RULE_ANY, {"--heaps", "--tuples"}, NULL,
     "say what to count: --heaps K --max M, or --tuples K"},
    {CLI_RULE_NEEDS, {"RULES", "--positions", "--heaps"}, NULL,
     "RULES needs --positions or --heaps"},
    {CLI_RULE_NEEDS, {"--positions", "RULES"}, NULL, "--positions needs RULES"},
    {CLI_RULE_NOT, {"--positions", "--weighted"}, NULL,
     "--weighted is for standard input"},
    {.type = CLI_RULE_END},
};

CLI_SUBCOMMAND_OPTS(count, count_args, 1, count_rules);

/* The modulus: --mod P (checked when parsed), or the 62-bit prime when
 * the count of configurations, weights^K, is known to stay below it
 * (grundy_count_exact_modulus()). */
static int choose_mod(const count_args *a, uint64_t wsum_sat, uint64_t K,
                      uint64_t *p)
{
    if (a->have_mod) {
        *p = a->mod;
        return 0;
    }
    if (grundy_count_exact_modulus(p, wsum_sat, K) != GRUNDY_OK) {
        fprintf(stderr, "grundy: count: the count can reach 2^62; give "
                        "--mod P for a count modulo the prime P\n");
        return CLI_EXIT_DATA;
    }
    return 0;
}

/* The count r (grundy/format.h); g is NULL for values read from the
 * input. */
static void print_result(grundy_writer *w, const count_args *a,
                         const grundy_count_result *r, const grundy_game *g)
{
    grundy_format_count_query q = {a->spec,  g,      a->have_heaps,
                                   a->heaps, a->max, a->tuples,
                                   a->moore, a->have_mod, a->mod};
    /* by default the losing positions, or the winning tuples */
    grundy_format_count_part part =
        !a->have_print  ? a->have_heaps ? GRUNDY_FORMAT_COUNT_LOSING
                                        : GRUNDY_FORMAT_COUNT_WINNING
        : a->print == 3 ? GRUNDY_FORMAT_COUNT_ALL
                        : (grundy_format_count_part)(a->print + 1);
    grundy_format_count(w, &q, r, part, a->json);
}

static int count_error(grundy_status s)
{
    cli_progress_done();
    if (s == GRUNDY_ERR_CANCELLED) {
        fprintf(stderr, "grundy: count: interrupted\n");
        return 128 + (cli_interrupted() ? cli_interrupted() : 2);
    }
    if (s == GRUNDY_ERR_LIMIT)
        fprintf(stderr, "grundy: count: the transform does not fit in the "
                        "memory limit (--mem-limit; values too large?)\n");
    else
        fprintf(stderr, "grundy: count: %s\n", grundy_strerror(s));
    return CLI_EXIT_DATA;
}

/* RULES opened, or refused with why: with --heaps a family that is not
 * of heaps; with --moore k > 1 one whose positions are not Nim heaps. */
static int open_rules(const count_args *a, grundy_game **g, int heaps)
{
    unsigned flags;
    if (cli_open_game(g, "count", a->spec))
        return CLI_EXIT_DATA;
    flags = grundy_game_rules(*g)->flags;
    if (heaps && !(flags & GRUNDY_RULES_HEAP))
        fprintf(stderr,
                "grundy: count: --heaps needs a heap family; '%s' "
                "is not one\n",
                a->spec);
    else if (a->moore > 1 && !(flags & GRUNDY_RULES_NIM))
        fputs(heaps ? "grundy: count: --moore applies to nim heaps only\n"
                    : "grundy: count: --moore needs components that are "
                      "Nim heaps: nim or divisors:H\n",
              stderr);
    else
        return 0;
    grundy_game_free(*g);
    *g = NULL;
    return CLI_EXIT_DATA;
}

static int finish_tuples(const count_args *a, grundy_writer *w,
                         const grundy_count_hist *h, const grundy_game *g)
{
    grundy_count_result r;
    grundy_status s;
    uint64_t p;
    int rc = choose_mod(a, h->total, a->tuples, &p);
    if (rc)
        return rc;
    s = grundy_count_tuples_method(&r, h->weights, h->nvalues, a->tuples,
                                   (unsigned)a->moore, p,
                                   (grundy_count_method)a->method,
                                   &a->eng.limits);
    if (s == GRUNDY_ERR_ARG) {
        fprintf(stderr, "grundy: count: --method does not apply to this "
                        "modulus and k\n");
        return CLI_EXIT_DATA;
    }
    if (s != GRUNDY_OK)
        return count_error(s);
    print_result(w, a, &r, g);
    return CLI_EXIT_OK;
}

/* A count over the values of RULES: run(a, w, g, vals, p) with RULES
 * open (open_rules(): heaps for --heaps) and its values object, then
 * both closed.  With --heaps the modulus p is known from the options
 * and chosen first (else 0: the tuples choose it from their weights).
 * run's exit code, or the opening's. */
typedef int count_run(count_args *a, grundy_writer *w, const grundy_game *g,
                      grundy_values *vals, uint64_t p);
static int with_values(count_args *a, grundy_writer *w, int heaps,
                       count_run *run)
{
    grundy_game *g = NULL;
    grundy_values *vals = NULL;
    grundy_status s;
    uint64_t p = 0;
    int rc;
    if (open_rules(a, &g, heaps))
        return CLI_EXIT_DATA;
    rc = heaps ? choose_mod(a, a->max + 1, a->heaps, &p) : 0;
    if (rc) {
        grundy_game_free(g);
        return rc;
    }
    s = cli_engine_values(&a->eng, g, &vals);
    rc = s == GRUNDY_OK ? run(a, w, g, vals, p) : count_error(s);
    cli_progress_done();
    cli_engine_clear(&a->eng);
    grundy_game_free(g);
    return rc;
}

/* --heaps K --max M */
static int heaps_run(count_args *a, grundy_writer *w, const grundy_game *g,
                     grundy_values *vals, uint64_t p)
{
    grundy_count_result r;
    grundy_status s = grundy_count_heaps(&r, vals, a->heaps, a->max,
                                         (unsigned)a->moore, p);
    if (s != GRUNDY_OK)
        return count_error(s);
    print_result(w, a, &r, g);
    return CLI_EXIT_OK;
}

/* --positions LIST --tuples K */
static int positions_run(count_args *a, grundy_writer *w,
                         const grundy_game *g, grundy_values *vals,
                         uint64_t p)
{
    grundy_count_hist h;
    grundy_count_list_fault f;
    const char *list = a->positions;
    grundy_status s;
    int rc = CLI_EXIT_DATA;

    (void)p; /* chosen from the weights (finish_tuples()) */
    grundy_count_hist_init(&h, a->have_mod ? a->mod : 0);
    memset(&f, 0, sizeof f);
    s = grundy_count_hist_positions(&h, vals, list, &f);
    if (f.twice)
        fprintf(stderr, "grundy: count: --positions: '%.*s' is listed twice\n",
                (int)f.len, list + f.off);
    else if (f.unparsed)
        fprintf(stderr, "grundy: count: --positions '%.*s': %s\n",
                (int)f.len, list + f.off,
                f.where.msg[0] ? f.where.msg : grundy_strerror(s));
    else if (s != GRUNDY_OK)
        rc = count_error(s);
    else
        rc = finish_tuples(a, w, &h, g);
    grundy_count_hist_clear(&h);
    return rc;
}

static int do_stdin(const count_args *a, grundy_writer *w)
{
    grundy_scanner sc;
    grundy_parse_error where;
    grundy_status s;
    grundy_count_hist h;
    uint64_t v, weight;
    int rc;

    if (grundy_scanner_init_fd(&sc, 0) != GRUNDY_OK)
        return cli_error("count", GRUNDY_ERR_NOMEM, NULL);
    grundy_count_hist_init(&h, a->have_mod ? a->mod : 0);
    memset(&where, 0, sizeof where);
    while (!grundy_scan_at_eof(&sc)) {
        unsigned long line, col;
        grundy_scan_where(&sc, &line, &col);
        s = grundy_scan_u64(&sc, &v, 0, GRUNDY_COUNT_VALUE_MAX, &where);
        weight = 1;
        if (s == GRUNDY_OK && a->weighted)
            s = grundy_scan_u64(&sc, &weight, 0, UINT64_MAX, &where);
        if (s != GRUNDY_OK) {
            rc = cli_input_error(s, &where);
            goto out;
        }
        s = grundy_count_hist_add(&h, v, weight, &a->eng.limits);
        if (s != GRUNDY_OK) {
            fprintf(stderr,
                    "grundy: input:%lu:%lu: value %llu needs a table of "
                    "%.1f MiB%s\n",
                    line, col, (unsigned long long)v,
                    (double)(v + 1) * 2 * sizeof *h.weights / 1048576.0,
                    s == GRUNDY_ERR_LIMIT
                        ? ", over the memory limit (--mem-limit)"
                        : ": out of memory");
            rc = CLI_EXIT_DATA;
            goto out;
        }
    }
    if (!h.nvalues) {
        unsigned long line, col;
        grundy_scan_where(&sc, &line, &col);
        fprintf(stderr,
                "grundy: %s:%lu:%lu: expected at least one "
                "value\n",
                cli_input_name, line, col);
        rc = CLI_EXIT_DATA;
        goto out;
    }
    rc = finish_tuples(a, w, &h, NULL);
out:
    grundy_count_hist_clear(&h);
    grundy_scanner_clear(&sc);
    return rc;
}

int cmd_count(int argc, char **argv)
{
    count_args a;
    grundy_writer w;
    int rc = cli_opts_start(&cli_count_opts, &a, sizeof a, argc, argv);
    if (rc)
        return rc;
    if (grundy_writer_init(&w, 1) != GRUNDY_OK)
        return cli_error("count", GRUNDY_ERR_NOMEM, NULL);
    cli_catch_signals();
    if (a.have_heaps)
        rc = with_values(&a, &w, 1, heaps_run);
    else if (a.positions)
        rc = with_values(&a, &w, 0, positions_run);
    else
        rc = do_stdin(&a, &w);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("count", &w);
    return rc;
}
