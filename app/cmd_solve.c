/*
 * cmd_solve.c -- grundy solve NAME [FILE]: dispatch to the bundled
 * workloads.  Adding one: write app/solve_NAME.c and add a row to
 * workloads[] with its summary and its format.
 */
#include <stdio.h>
#include <string.h>

#include "range_cli.h"
#include "solve.h"

static const char help_digit_nim[] =
    "Usage: grundy solve digit-nim [FILE] [--json]\n"
    "\n"
    "Digit Nim: from a pile of a stones a move removes d stones, d a\n"
    "non-zero decimal digit of a.  Keeps a row of piles under updates and\n"
    "counts, over a range of piles, the subsets the first player wins.\n"
    "\n"
    "Input (whitespace-separated): n, then the piles A_1 .. A_n\n"
    "(0 <= A_i <= 10^9), then q, then q queries (1 <= L <= R <= n):\n"
    "  1 L R      print how many subsets of A_L .. A_R (the empty one, a\n"
    "             loss, included) the first player wins, modulo\n"
    "             1 000 000 007\n"
    "  2 i x      set A_i = x (no output)\n"
    "\n"
    "Output: one number per query of type 1, one per line, written before\n"
    "the next query is read.  --json: one object per answer, {\"query\": K,\n"
    "\"type\": 1, \"L\": L, \"R\": R, \"count\": N} (see doc/JSON.md).\n"
    "\n"
    "Example:\n"
    "  printf '3  10 11 12  3  1 1 3  2 2 20  1 1 3' | grundy solve digit-nim\n"
    "  prints 6 and 4.\n";

static const char help_pshtbrth[] =
    "Usage: grundy solve pshtbrth [FILE] [--json]\n"
    "\n"
    "Rectangle removal on 4x4 boards: a move turns a rectangle of 1s of\n"
    "one board into 0s.  Keeps a row of boards under updates and names the\n"
    "winner of the sum of a range of them.\n"
    "\n"
    "Input (whitespace-separated): T test cases; each N M, then N boards\n"
    "as 4 lines of 4 characters 0/1, then M queries:\n"
    "  1 L R      who wins the sum of boards L..R (the player to move\n"
    "             first, or the other): the word 'Pishty' when the first\n"
    "             player wins, 'Lotsy' when the second does (the words\n"
    "             of this input format)\n"
    "  2 i        followed by 4 lines: replace board i (no output)\n"
    "\n"
    "Output: one word per query of type 1, one per line.  --json: one\n"
    "object per answer, {\"test\": T, \"query\": K, \"type\": 1, \"L\": L,\n"
    "\"R\": R, \"winner\": \"first\"|\"second\", \"value\": X}.\n"
    "\n"
    "Example: grundy solve pshtbrth examples/solve-pshtbrth.in\n";

static const char help_mdswin[] =
    "Usage: grundy solve mdswin [FILE] [--json]\n"
    "\n"
    "The divisor game: K piles of 1 stone, pile i with a target H_i; a\n"
    "move adds stones to one or two piles so that each new count divides\n"
    "its target (Moore's Nim_2 on heaps of d(H_i) - 1 stones).  Counts the\n"
    "choices of targets that the first player wins.\n"
    "\n"
    "Input (whitespace-separated): T (1..5); per test N K\n"
    "(1 <= N <= 10^5, 1 <= K <= 10^9), then N distinct integers\n"
    "1 <= S_j <= 10^9.\n"
    "\n"
    "Output: per test, the number of ordered K-tuples of targets from S\n"
    "(repeats allowed) that the first player wins, modulo 1 000 000 007.\n"
    "--json: one object per test, {\"test\": T, \"count\": N}.\n"
    "\n"
    "Example: printf '1  3 4  65 28 8' | grundy solve mdswin  prints 81.\n";

static const char help_unbalanced_nim[] =
    "Usage: grundy solve unbalanced-nim [FILE] [--mod M | --exact] "
    "[--count] [--json]\n"
    "\n"
    "Three heaps of different sizes; a move takes stones from one heap but\n"
    "may not leave two heaps equal (0 counts as a heap).\n"
    "\n"
    "Input: one N per line, a positive decimal integer of up to a million\n"
    "digits (blanks around it allowed).\n"
    "\n"
    "Output: per line, F(N), the sum of a+b+c over the losing positions\n"
    "0 < a < b < c < N, modulo 10^9.  F(8) = 42.\n"
    "\n";

int cli_solve_json;

/* the common options of this run, for the workloads' engines */
static cli_engine solve_common;
static int solve_common_set;

void cli_solve_engine(cli_engine *e, const char *cmd)
{
    cli_engine_init(e, cmd);
    if (!solve_common_set)
        return;
    e->limits.mem_limit = solve_common.limits.mem_limit;
    e->limits.work_limit = solve_common.limits.work_limit;
    e->limits.threads = solve_common.limits.threads;
    e->so = solve_common.so;
}

int cli_solve_range(range_cli_cfg *cfg, const char *spec)
{
    cli_engine eng;
    grundy_game *g = NULL;
    int rc;
    if (grundy_game_new(&g, spec, NULL) != GRUNDY_OK)
        return cli_error(cfg->cmd, GRUNDY_ERR_NOMEM, NULL);
    cli_solve_engine(&eng, cfg->cmd);
    cfg->game = g;
    cfg->eng = &eng;
    cfg->json = cli_solve_json;
    if (!cfg->pos_max)
        cfg->pos_max = grundy_game_num_positions(g) - 1;
    rc = range_cli_run(cfg);
    cli_engine_clear(&eng);
    grundy_game_free(g);
    return rc;
}

static const solve_workload workloads[] = {
    {"digit-nim", "Digit Nim: winning-subset counts over ranges, with updates",
     help_digit_nim, NULL, NULL, solve_digit_nim},
    {"unbalanced-nim", "three heaps, no two equal: F(N) per line",
     help_unbalanced_nim, &solve_unbalanced_opts, &solve_unbalanced_args,
     solve_unbalanced_nim},
    {"pshtbrth", "4x4 rectangle-removal boards: range winner, updates",
     help_pshtbrth, NULL, NULL, solve_pshtbrth},
    {"mdswin", "piles that rise to divisors: count the winning targets",
     help_mdswin, NULL, NULL, solve_mdswin},
    {NULL, NULL, NULL, NULL, NULL, NULL},
};

static const solve_workload *find(const char *name)
{
    size_t i;
    for (i = 0; workloads[i].name; i++)
        if (strcmp(name, workloads[i].name) == 0)
            return &workloads[i];
    return NULL;
}

void cli_solve_list(FILE *out)
{
    size_t i;
    for (i = 0; workloads[i].name; i++)
        cli_help_row(out, workloads[i].name, workloads[i].summary);
}

typedef struct solve_args {
    const char *name; /* the workload's, found before the parse */
    int file, json;
    cli_engine eng;
} solve_args;
#define AT(m) offsetof(solve_args, m)

static const cli_opt solve_opts[] = {
    {.type = CLI_OPT_ARG, .name = "NAME", .field = AT(name)},
    {.type = CLI_OPT_ARG, .name = "FILE", .call = cli_opt_file,
     .seen = CLI_AT(solve_args, file)},
    {.type = CLI_OPT_CALL, .name = "--input", .meta = "FILE",
     .call = cli_opt_input, .flags = CLI_OPT_VALUE,
     .seen = CLI_AT(solve_args, file)},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "each answer as one JSON object per line (doc/JSON.md)"},
    {.type = CLI_OPT_END},
};
#undef AT

CLI_SUBCOMMAND_OPTS(solve, solve_args, 1, NULL);

int cli_solve_print_help(const char *name)
{
    const solve_workload *w = find(name);
    if (!w)
        return 0;
    fputs(w->help, stdout);
    if (w->opts) { /* its own options, then solve's --json */
        cli_opts_help(stdout, w->opts);
        cli_opts_help(stdout, &cli_solve_opts);
    }
    return 1;
}

int cmd_solve(int argc, char **argv)
{
    const solve_workload *w;
    solve_args a;
    cli_optset set = cli_solve_opts;
    char cmd[64];
    int rc;
    if (argc < 2)
        return cli_usage_error("solve", "missing workload NAME");
    w = find(argv[1]);
    if (!w)
        return cli_usage_error("solve", "unknown workload '%s'", argv[1]);
    /* FILE (or --input FILE), --json and the common options are solve's;
     * the workload's own options follow its table */
    snprintf(cmd, sizeof cmd, "solve %s", w->name);
    set.cmd = cmd;
    memset(&a, 0, sizeof a);
    cli_engine_init(&solve_common, "solve");
    rc = cli_opts_parse_more(&set, &a, w->opts, w->args, argc, argv);
    if (rc)
        return rc;
    solve_common = a.eng;
    solve_common_set = 1;
    cli_solve_json = a.json;
    return w->run();
}
