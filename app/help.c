/*
 * help.c -- the prose of the help: what each subcommand does, in a few
 * lines, and its examples.  Every option line comes from the
 * subcommands' option tables (opt.h), printed between a page's head and
 * tail, so the help says what the parser takes; the main help's list of
 * subcommands comes from the pages below.  The details are the man
 * page's (doc/grundy.1), which each page names; keep both in step with
 * README.md.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char main_head[] =
    "Usage: grundy SUBCOMMAND [OPTIONS] [ARGS]\n"
    "\n"
    "Grundy values (nimbers) of impartial games under normal play, sums "
    "of\n"
    "games, range queries over changing sequences of games, and exact\n"
    "counts of winning configurations.\n"
    "\n"
    "Subcommands:\n";
static const char main_tail[] =
    "Aliases: kayles (0.77), dawsons-kayles (0.07), dawsons-chess (0.137),\n"
    "lasker (4.3..., Lasker's Nim).  Codes as the literature writes them:\n"
    ".77 and 0\xC2\xB7" "77 (a middle dot) are 0.77.\n"
    "\n"
    "Families with cycles (addsub, graph) have generalized values, a play\n"
    "may go on forever; see 'grundy loopy --help'.\n"
    "\n"
    "Exit status: 0 on success; 1 on bad input data (a spec, a position, a\n"
    "file) or a runtime failure; 2 on a usage error (an unknown option, a\n"
    "missing argument, an option's value malformed or out of its range);\n"
    "128+N when interrupted by signal N.  See grundy(1).\n";

/* The program's own options (main.c takes them). */
static const cli_opt main_opts[] = {
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_NOTE, .label = "-h, --help",
     .help = "show this help (or a subcommand's: grundy values --help)"},
    {.type = CLI_OPT_NOTE, .label = "-V, --version",
     .help = "show the version"},
    {.type = CLI_OPT_END},
};
static const cli_optset main_set = {NULL, main_opts, 0, 0, 0, NULL};

/* Before and after the common options' lines (opt.c). */
static const char common_head[] =
    "\n"
    "Common options (every subcommand takes them; misere and loopy keep\n"
    "nothing in the store):\n";
static const char common_tail[] =
    "Ctrl-C (or SIGTERM) stops long work at once; a table being kept "
    "stays\n"
    "in the store as far as it was computed, and the same command resumes\n"
    "from it (exit status 130).\n";

static const char values_head[] =
    "Usage: grundy values RULES [--upto N | --at POS | --all] [OPTIONS]\n"
    "\n"
    "Grundy values of the rule family RULES (see 'grundy --help').\n"
    "\n";
static const char values_tail[] =
    "\n"
    "Positions: boards (rect:RxC, cram:RxC, node-kayles grids) as rows of\n"
    "0/1 joined by '/', top row first (1 = empty); other graphs one 0/1 per\n"
    "vertex; Chomp as row lengths (7,4,2); two heaps as a,b; 'start' for a\n"
    "game's start position.  A single position of more than 18\n"
    "cells is valued by the board search, boards past 64 cells on 128- or\n"
    "256-bit positions (no tables of them).  Games with cycles (addsub:S:A\n"
    "with --heap-max H, graph:PATH) print generalized values, n or inf(K)\n"
    "(see 'grundy loopy --help').  The methods, the period criteria and\n"
    "the output are described in grundy(1).\n"
    "\n"
    "Examples:\n"
    "  grundy values subtract:1,3,4 --upto 20\n"
    "  grundy values wythoff --at 3,5\n"
    "  grundy values twoheap:t/0,0/t,t/t@2 --upto 100 --p-positions\n"
    "  grundy values digits --upto 100000000 --stats\n"
    "  grundy values subtract:2,5,7 --period\n"
    "  grundy values rect:4x4 --position 1111/1101/1110/1111\n"
    "  grundy values cram:5x6 --position start --stats\n"
    "  grundy values chomp:3x7 --position 7,4,2\n"
    "  grundy values 0.137 --upto 1000 --period\n"
    "  grundy values addsub:4,5:2 --heap-max 20\n";

static const char range_head[] =
    "Usage: grundy range RULES [FILE] [--mod P] [OPTIONS]\n"
    "\n"
    "Keep a sequence of positions of the rule family RULES (see 'grundy\n"
    "--help') under updates and answer questions about its ranges: who\n"
    "wins the sum of positions L..R, a winning move there, and how many "
    "of\n"
    "its subsets the first player wins.  The input is read from FILE\n"
    "(standard input when FILE is absent or '-').\n"
    "\n"
    "Input (whitespace-separated tokens): n, then n positions in the\n"
    "family's position syntax, then q, then q queries (1 <= L <= R <= n,\n"
    "1 <= i <= n):\n"
    "  1 L R      the number of subsets of the positions L..R (the empty\n"
    "             one included) whose sum the first player wins, modulo P\n"
    "  2 i POS    replace position i by POS (no output)\n"
    "  3 L R      'first X' when the first player wins the sum of L..R,\n"
    "             'second 0' otherwise; X is the nim-sum\n"
    "  4 L R      a winning move 'i POS': move component i to POS (parts\n"
    "             of a split joined by '+', nothing as '-'); 'none' when\n"
    "             the first player loses\n"
    "Each answer is written before the next query is read.\n"
    "\n";
static const char range_tail[] =
    "\n"
    "Errors name input:LINE:COL (FILE:LINE:COL for a file), exit status 1;\n"
    "the answers to earlier queries are already written.  More in\n"
    "grundy(1).\n"
    "\n"
    "Example:\n"
    "  printf '3  1 2 3  3  3 1 3  4 1 2  1 1 3' | grundy range nim\n"
    "  prints 'second 0', '2 1' and '6'.\n";

static const char count_head[] =
    "Usage: grundy count RULES --heaps K --max M [OPTIONS]\n"
    "       grundy count RULES --positions LIST --tuples K [OPTIONS]\n"
    "       grundy count --tuples K [--weighted] [--input FILE] [OPTIONS]\n"
    "\n"
    "Exact counts of configurations by transforms (Walsh-Hadamard for\n"
    "ordinary sums, base-(k+1) digit-wise transforms for Moore's Nim_k).\n"
    "\n";
static const char count_tail[] =
    "\n"
    "Errors in the input name input:LINE:COL (FILE:LINE:COL), exit 1.\n"
    "\n"
    "Examples:\n"
    "  grundy count half --heaps 2 --max 50\n"
    "  grundy count nim --heaps 3 --max 7 --moore 2\n"
    "  grundy count divisors:36 --positions 1,2,3 --tuples 4 --moore 2\n"
    "  echo 3 5 3 | grundy count --tuples 4 --moore 2 --mod 1000000007\n";

static const char store_head[] =
    "Usage: grundy store list [--json] [--store DIR]\n"
    "       grundy store verify [RULES] [--store DIR]\n"
    "       grundy store remove RULES|PATTERN [--store DIR]\n"
    "       grundy store clear [--store DIR]\n"
    "       grundy store path [RULES] [--store DIR]\n"
    "\n"
    "The store keeps tables of values on disk, one checksummed file per\n"
    "game (in $XDG_CACHE_HOME/grundy, else ~/.cache/grundy), so that a\n"
    "table computed once is read back instead of computed again.  It keeps\n"
    "at most 4 GiB (--store-limit), removing the least recently used\n"
    "tables.  RULES is written as anywhere else; tables are filed under\n"
    "the canonical spec ('kayles' is '0.77').  More in grundy(1).\n"
    "\n";
static const char store_tail[] =
    "\n"
    "Examples:\n"
    "  grundy store list\n"
    "  grundy store verify kayles\n"
    "  grundy store remove grundy-game --store /srv/grundy\n"
    "  grundy store remove 'cram:*'\n"
    "  GRUNDY_STORE_LIMIT=20G grundy values grundy-game --upto 1000000000\n";

static const char plot_head[] =
    "Usage: grundy plot RULES --upto N -o FILE [OPTIONS]\n"
    "       grundy plot BOARD --position POS -o FILE [OPTIONS]\n"
    "       grundy plot BOARD --all --histogram -o FILE [OPTIONS]\n"
    "\n"
    "Draw the values of RULES.  FILE's extension says the format: .svg\n"
    "(always), .pdf and .png (through cairo, in a program built with it).\n"
    "The file is written whole or not at all.\n"
    "\n";
static const char plot_tail[] =
    "\n"
    "A line on what was drawn goes to standard output (unless the picture\n"
    "does).  Examples:\n"
    "  grundy plot 0.137 --upto 300 -o dawsons-chess.svg\n"
    "  grundy plot kayles --upto 100000 --histogram --log -o kayles.svg\n"
    "  grundy plot wythoff --upto 40 -o wythoff.svg\n"
    "  grundy plot cram:5x6 --position start -o cram.svg\n";

static const char misere_head[] =
    "Usage: grundy misere CODE --upto N [OPTIONS]\n"
    "       grundy misere CODE --genus --upto N [OPTIONS]\n"
    "\n"
    "Misere play (the player who makes the last move loses) of the\n"
    "take-and-break game CODE (0.77, 4.07, 0.F7, kayles, grundy-game)\n"
    "restricted to heaps 1..N: its misere quotient, grown heap by heap and\n"
    "verified (order, P-portion, generators, relations, each heap's\n"
    "element; grundy(1) describes the output).\n"
    "\n";
static const char misere_tail[] =
    "\n"
    "Examples:\n"
    "  grundy misere 0.75 --upto 20\n"
    "  grundy misere kayles --upto 100 --json\n"
    "  grundy misere kayles --genus --upto 20\n"
    "  grundy misere 0.75 --upto 20 --miseresolver\n";

static const char survey_head[] =
    "Usage: grundy survey SPEC --upto N [--json | --csv] [--compare FILE]\n"
    "                     [OPTIONS]\n"
    "\n"
    "Every code of a family of take-and-break games tabulated to N, one\n"
    "row per code, in the order of the codes: its status (a period\n"
    "proven, an arithmetic period seen, or none found), its group of codes\n"
    "with the same values, the largest value.  Codes run on --threads\n"
    "workers (under mpirun, spread over the processes); a survey that was\n"
    "stopped goes on from the tables in the store.  More in grundy(1).\n"
    "\n";
static const char survey_tail[] =
    "\n"
    "Examples:\n"
    "  grundy survey 0.dd --upto 10000\n"
    "  grundy survey 0.ddd --upto 1048576 --json --store S\n"
    "  grundy survey @codes.txt --upto 100000 --csv\n";

static const char solve_head[] =
    "Usage: grundy solve NAME [FILE] [OPTIONS]\n"
    "\n"
    "Run a bundled workload: read its input format from FILE (standard\n"
    "input when FILE is absent or '-') and write its answers on standard\n"
    "output, each before the next query is read.  On bad input the error\n"
    "names input:LINE:COL (FILE:LINE:COL).\n"
    "\n"
    "Workloads ('grundy solve NAME --help' gives each one's formats):\n";

static const char analyze_head[] =
    "Usage: grundy analyze RULES POS... [OPTIONS]\n"
    "       grundy analyze --mix SPEC:POS... [OPTIONS]\n"
    "\n"
    "Analyse the sum of the positions POS... of the rule family RULES "
    "(see\n"
    "'grundy --help'): each component's Grundy value, the nim-sum, the\n"
    "winner (first: the player to move) and EVERY winning move, as\n"
    "component (from 1), from-position, the position(s) it leaves (parts\n"
    "of a split joined by '+', '-' for nothing) and the value after it.\n"
    "Games with cycles, alone or mixed with finite games, print\n"
    "generalized values and a winner that may be a draw, with the moves\n"
    "that keep it (grundy(1)).\n"
    "\n";
static const char analyze_tail[] =
    "\n"
    "Examples:\n"
    "  grundy analyze nim 3 4 5\n"
    "  grundy analyze subtract:1,3,4 10 11 12 --json\n"
    "  grundy analyze --mix digits:12 half:9 nim:3\n"
    "  grundy analyze nim 1 2 3 --moore 2\n"
    "  grundy analyze --misere 0.07 3 5 9 11\n"
    "  grundy analyze addsub:4,5:2 5 12 --heap-max 20\n"
    "  grundy analyze --mix addsub:4,5:2:7 0.77:5 --heap-max 20\n";

static const char play_head[] =
    "Usage: grundy play RULES POS... [OPTIONS]\n"
    "       grundy play --mix SPEC:POS... [OPTIONS]\n"
    "\n"
    "Play the sum of POS... (normal play) against a perfect opponent.  "
    "The\n"
    "position is shown, and you type a move as COMPONENT POSITION: the\n"
    "component's number and the position it leaves, parts of a split\n"
    "joined by '+', '-' for nothing (the number may be left out when there\n"
    "is one component).  An illegal move is explained, the legal moves are\n"
    "listed (20 at most, then how many more) and the prompt comes again.\n"
    "The program answers with a winning move when there is one (the\n"
    "fastest), otherwise with the move that keeps the game going longest.\n"
    "\n";
static const char play_tail[] =
    "\n"
    "Standard input may be a pipe: the lines read are echoed after the\n"
    "prompt, so a scripted game reads as a transcript.  Games with cycles:\n"
    "the program keeps the draw when it cannot win, and declares a draw\n"
    "when a position comes back --repeat N times (grundy(1)).\n"
    "\n"
    "Examples:\n"
    "  printf '1 1\\n2 0\\n' | grundy play nim 3 4 5\n"
    "  printf '1 a\\n' | grundy play graph:g.dot c\n";

static const char loopy_head[] =
    "Usage: grundy loopy FILE|- [OPTIONS]\n"
    "\n"
    "Games with cycles: a token on the directed graph in FILE ('-' for\n"
    "standard input); a move follows an edge, the player who cannot move\n"
    "loses, and a play may go on forever (a draw).  Prints the "
    "generalized\n"
    "Sprague-Grundy value of every vertex, 'VERTEX VALUE' per line: a\n"
    "number n, or inf(K) where K lists the finite values among the\n"
    "vertex's options.  The player to move loses at 0, wins at n > 0 and\n"
    "at inf(K) with 0 in K, and draws at best at inf(K) without 0.\n"
    "\n";
static const char loopy_tail[] =
    "\n"
    "Errors (exit status 1): a malformed line or an id out of range, as\n"
    "FILE:LINE:COL; a graph over the memory limit, with its size.  The\n"
    "same games as rule families, for values, analyze and play: graph:PATH\n"
    "and addsub:S:A (grundy(1)).\n"
    "\n"
    "Examples:\n"
    "  printf 'a -> b; b -> c; c -> a; c -> d; d -> e;' | grundy loopy -\n"
    "  grundy loopy graph.txt --stats\n";

static const char serve_head[] =
    "Usage: grundy serve [--port N] [--bind ADDR] [--store DIR] [--open]\n"
    "                    [--time-limit S] [--max-requests N] [OPTIONS]\n"
    "\n"
    "A local web explorer: a JSON API and one page, served over HTTP.  It\n"
    "prints the address to open and runs until SIGINT or SIGTERM.  Every\n"
    "request is stateless: the position travels in the address.  The API\n"
    "(doc/SERVE.md) answers /api/values, /api/analyze, /api/moves,\n"
    "/api/play, /api/plot and /api/survey as the command line's --json\n"
    "does; a refused request gets a 4xx status and a JSON error naming\n"
    "the parameter, its column and the limit passed.  The server reads no\n"
    "file.\n"
    "\n";
static const char serve_tail[] =
    "The options below apply to every request; one session keeps the\n"
    "tables between them.  Each request is logged on stderr unless\n"
    "--quiet.\n"
    "\n"
    "Examples:\n"
    "  grundy serve --open\n"
    "  curl 'http://127.0.0.1:8034/api/values?rules=kayles&upto=20'\n";

/* The workloads' lines (cmd_solve.c). */
void cli_solve_list(FILE *out);

#define HELP_WIDTH 72

/* "Commands at the prompt: NAME (HELP), ..." from the library's list of
 * them, the words wrapped at HELP_WIDTH columns, then a blank line. */
static void play_commands(FILE *out)
{
    size_t n, i, col = 0;
    const grundy_play_command *c = grundy_play_commands(&n);
    char item[160];
    for (i = 0; i < n; i++) {
        const char *word = item, *end;
        snprintf(item, sizeof item, "%s%s (%s)%s",
                 i ? "" : "Commands at the prompt: ", c[i].name, c[i].help,
                 i + 1 < n ? "," : ".");
        for (; *word; word = *end ? end + 1 : end) {
            size_t len;
            end = strchr(word, ' ');
            if (!end)
                end = word + strlen(word);
            len = (size_t)(end - word);
            if (col && col + 1 + len > HELP_WIDTH) {
                fputc('\n', out);
                col = 0;
            }
            fprintf(out, "%s%.*s", col ? " " : "", (int)len, word);
            col += (col ? 1 : 0) + len;
        }
    }
    fputs("\n\n", out);
}

/* The option tables of the subcommands (their cmd_*.c). */
extern const cli_optset cli_values_opts, cli_range_opts, cli_count_opts,
    cli_store_opts, cli_plot_opts, cli_misere_opts, cli_survey_opts,
    cli_analyze_opts, cli_play_opts, cli_loopy_opts, cli_serve_opts;

/* A subcommand's help: head, the lines of its option table, tail, and
 * the common options unless it takes none; its line in the main help. */
typedef struct help_page {
    const char *cmd;
    const char *head;
    const cli_optset *opts; /* NULL: the head says everything */
    const char *tail;
    void (*more)(FILE *out); /* printed after the head, or NULL */
    int common;
    const char *label, *summary; /* the main help's line */
} help_page;

static const help_page pages[] = {
    {"values", values_head, &cli_values_opts, values_tail, NULL, 1,
     "values RULES", "Grundy values of one rule family: tables, single\n"
                     "values, statistics, periods"},
    {"count", count_head, &cli_count_opts, count_tail, NULL, 1, "count ...",
     "exact counts of winning and losing configurations:\n"
     "k-heap positions, K-tuples of components"},
    {"solve", solve_head, NULL, NULL, cli_solve_list, 1, "solve NAME",
     "run a bundled workload on a file or standard input"},
    {"range", range_head, &cli_range_opts, range_tail, NULL, 1, "range RULES",
     "range queries over a changing sequence of positions:\n"
     "winners, winning moves, winning-subset counts"},
    {"analyze", analyze_head, &cli_analyze_opts, analyze_tail, NULL, 1,
     "analyze RULES POS...", "a sum of games: values, nim-sum, winner and\n"
                             "every winning move; Moore's Nim_k; misere play"},
    {"play", play_head, &cli_play_opts, play_tail, play_commands, 1,
     "play RULES POS...", "play a sum against a perfect opponent"},
    {"store", store_head, &cli_store_opts, store_tail, NULL, 0,
     "store list|verify|remove|clear|path", "the tables kept on disk"},
    {"loopy", loopy_head, &cli_loopy_opts, loopy_tail, NULL, 1, "loopy FILE",
     "games with cycles: the generalized value (n or\n"
     "inf(K)) of every vertex of a directed graph"},
    {"plot", plot_head, &cli_plot_opts, plot_tail, NULL, 1, "plot RULES",
     "a picture of the values (SVG, PDF, PNG): g(n)\n"
     "against n, a histogram, a two-heap map, a board\n"
     "position with the value of each move"},
    {"misere", misere_head, &cli_misere_opts, misere_tail, NULL, 1,
     "misere CODE --upto N", "misere quotient of a take-and-break game on\n"
                             "heaps 1..N (--genus: Conway's genus of each heap)"},
    {"survey", survey_head, &cli_survey_opts, survey_tail, NULL, 1,
     "survey SPEC --upto N", "every code of a family (0.ddd, 4.dd, 0.hh,\n"
                             "@FILE) to N: periods, largest values, rare values"},
    {"serve", serve_head, &cli_serve_opts, serve_tail, NULL, 1, "serve",
     "a local web explorer: the values, sums and boards\n"
     "of every family, over HTTP (JSON API and a page)"},
};

static const help_page *page(const char *cmd)
{
    size_t i;
    for (i = 0; cmd && i < sizeof pages / sizeof pages[0]; i++)
        if (strcmp(cmd, pages[i].cmd) == 0)
            return &pages[i];
    return NULL;
}

int cli_help_exists(const char *cmd)
{
    return page(cmd) != NULL;
}

static void print_main(void)
{
    size_t i;
    fputs(main_head, stdout);
    for (i = 0; i < sizeof pages / sizeof pages[0]; i++)
        cli_help_row(stdout, pages[i].label, pages[i].summary);
    cli_help_row(stdout, "help [SUBCOMMAND]", "show help");
    putchar('\n');
    cli_opts_help(stdout, &main_set);
    fputs("\nRule families (RULES):\n", stdout);
    for (i = 0; grundy_rules_builtin[i]; i++)
        printf("  %s\n", grundy_rules_builtin[i]->synopsis);
    fputs(main_tail, stdout);
}

void cli_print_help(const char *cmd)
{
    const help_page *p = page(cmd);
    if (!cmd) {
        print_main();
        return;
    }
    if (!p)
        return;
    fputs(p->head, stdout);
    if (p->more)
        p->more(stdout);
    if (p->opts) {
        cli_opts_help(stdout, p->opts);
        fputs(p->tail, stdout);
    }
    if (p->common) {
        fputs(common_head, stdout);
        cli_opts_help_common(stdout);
        fputs(common_tail, stdout);
    }
}
