/*
 * help.c -- every help text of the program, in one place.  Keep in step
 * with doc/grundy.1 and README.md.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char help_main[] =
    "Usage: grundy SUBCOMMAND [OPTIONS] [ARGS]\n"
    "\n"
    "Grundy values (nimbers) of impartial games under normal play, sums of\n"
    "games, range queries over changing sequences of games, and exact\n"
    "counts of winning configurations.\n"
    "\n"
    "Subcommands:\n"
    "  values RULES     Grundy values of one rule family: tables, single\n"
    "                   values, statistics, periods\n"
    "  count ...        exact counts of winning and losing configurations:\n"
    "                   k-heap positions, K-tuples of components\n"
    "  solve NAME       run a bundled workload on standard input\n"
    "  range RULES      range queries over a changing sequence of positions:\n"
    "                   winners, winning moves, winning-subset counts\n"
    "  analyze RULES POS...  a sum of games: values, nim-sum, winner and\n"
    "                   every winning move; Moore's Nim_k; misere play\n"
    "  play RULES POS...  play a sum against a perfect opponent\n"
    "  help [SUBCOMMAND]  show help\n"
    "\n"
    "Options:\n"
    "  -h, --help       show this help (or a subcommand's: grundy values "
    "--help)\n"
    "  -V, --version    show the version\n"
    "\n"
    "Rule families (RULES):\n"
    "%s"
    "Aliases: kayles (0.77), dawsons-kayles (0.07), dawsons-chess (0.137).\n"
    "\n"
    "Exit status: 0 on success, 1 on bad input data or a runtime failure,\n"
    "2 on a usage error.  See grundy(1).\n";

static const char help_values[] =
    "Usage: grundy values RULES [--upto N | --at POS | --all] [OPTIONS]\n"
    "\n"
    "Grundy values of the rule family RULES (see 'grundy --help').\n"
    "\n"
    "What to compute:\n"
    "  --upto N         tabulate g(0..N) and print 'n g' per line\n"
    "  --at POS         print g(POS) alone, computing only what it needs\n"
    "                   (POS in the family's position syntax)\n"
    "  --position POS   the same as --at\n"
    "  --all            every position of a finite family (boards)\n"
    "\n"
    "Summaries (instead of the listing, unless --list is given):\n"
    "  --stats          the count of each value, the largest value and where\n"
    "                   it first occurs; with --position: where the value\n"
    "                   came from and, for a board search, the positions\n"
    "                   searched, the table's hits and size, and the time\n"
    "  --period         the period and preperiod, and whether it is proven;\n"
    "                   without --upto the table grows until a period is\n"
    "                   proven (or 2^26 entries; 2^20 for take-and-break\n"
    "                   games)\n"
    "  --list           list the values as well\n"
    "\n"
    "Output and method:\n"
    "  --json           one JSON object: rules, values, stats, period\n"
    "  --method M       auto (default), naive (generic moves + mex), fast;\n"
    "                   with naive or fast the store is not used\n"
    "\n"
    "Boards (rect:RxC): a position is written as its rows of 0s and 1s\n"
    "separated by '/', top row first, e.g. 1111/1101/1110/1111.  --all\n"
    "tabulates all 2^(R*C) boards in popcount tiers, one byte each (5x5:\n"
    "32 MiB, 5x6: 1 GiB), with progress on stderr at a terminal; --at\n"
    "tabulates only the boards inside the given one (all boards, on the\n"
    "threads, when it is the full board).\n"
    "\n"
    "Boards and graphs (cram:RxC, node-kayles:GRAPH, chomp:RxC; up to 64\n"
    "cells): POS may be 'start', the game's start position.  Cram boards\n"
    "and Node-Kayles grids are written as rows of 0/1 like rect (1 = empty\n"
    "cell, vertex left); other graphs one 0/1 per vertex; Chomp as row\n"
    "lengths from the bottom (7,4,2).  A single position of more than 12\n"
    "cells is valued by the board search: its groups of cells are separate\n"
    "games whose values XOR, groups of one shape share a transposition\n"
    "table, and each child is asked only for the values that can decide\n"
    "the answer.  The table grows within half of --mem-limit, then replaces\n"
    "its cheapest entries (slower, never wrong).\n"
    "\n"
    "Examples:\n"
    "  grundy values subtract:1,3,4 --upto 20\n"
    "  grundy values digits --at 1000000\n"
    "  grundy values digits --upto 100000000 --stats\n"
    "  grundy values subtract:2,5,7 --period\n"
    "  grundy values rect:4x4 --position 1111/1101/1110/1111\n"
    "  grundy values rect:3x3 --all\n"
    "  grundy values rect:5x5 --all --stats --threads 2\n"
    "  grundy values cram:5x6 --position start --stats\n"
    "  grundy values node-kayles:grid:3x16 --position start\n"
    "  grundy values chomp:3x7 --position 7,4,2\n"
    "  grundy values 0.137 --upto 1000 --period\n"
    "  grundy values grundy-game --upto 1048576 --stats\n"
    "\n"
    "Take-and-break games (octal and hexadecimal codes, grundy-game) are\n"
    "tabulated by the sparse space method: --stats also prints the rare\n"
    "values ('rare mask M positions R values V last at P': a value v is\n"
    "rare when v AND M has an even number of one bits).  For octal codes,\n"
    "--period proves a period by the Guy-Smith criterion, and a proven\n"
    "period fills the rest of the table.  An arithmetic period (values\n"
    "growing by a saltus S every period) is reported as seen, not proven.\n"
    "Codes with moves that leave three heaps (digits 8-F) list their moves\n"
    "through sets of two-heap values.\n";

/* The options every subcommand that computes values shares (cli.c,
 * cli_engine_option()). */
static const char help_engine[] =
    "\n"
    "Resources and the store (every subcommand that computes values):\n"
    "  --mem-limit B    refuse work above B bytes (suffix K, M, G, T),\n"
    "                   estimated before anything is allocated; default:\n"
    "                   7/8 of physical memory\n"
    "  --threads N      threads for board tables and take-and-break tables\n"
    "                   (0 = one per CPU, the default; 1 = one)\n"
    "  --store DIR      keep computed tables in DIR (default: the store in\n"
    "                   $XDG_CACHE_HOME/grundy or ~/.cache/grundy); a table\n"
    "                   that took a second or more is kept, read back by\n"
    "                   later runs, extended instead of recomputed, and\n"
    "                   checkpointed every 5 minutes and when interrupted\n"
    "  --no-store       neither read nor write the store\n"
    "  --progress       show progress on stderr even when it is not a\n"
    "                   terminal (for logs)\n"
    "  --quiet          never show progress\n"
    "Ctrl-C (or SIGTERM) stops long work at once; what was computed stays in\n"
    "the store, and the same command resumes from it (exit status 130).\n";

static const char help_solve[] =
    "Usage: grundy solve NAME < input > output\n"
    "\n"
    "Run a bundled workload: read its input format on standard input and\n"
    "write its answers on standard output.  Answers are written as queries\n"
    "are read, so a terminal or a pipe sees each answer before the next\n"
    "query is awaited.  On bad input, the answers to earlier queries stay\n"
    "printed and the error names input:LINE:COL.\n"
    "\n"
    "Workloads:\n"
    "%s";

static const char help_range[] =
    "Usage: grundy range RULES [--mod P] [OPTIONS] < input > output\n"
    "\n"
    "Keep a sequence of positions of the rule family RULES (see 'grundy\n"
    "--help') under updates and answer questions about its ranges: who\n"
    "wins the sum of positions L..R, a winning move there, and how many of\n"
    "its subsets the first player wins.\n"
    "\n"
    "Input (whitespace-separated tokens): n, then n positions in the\n"
    "family's position syntax, then q, then q queries (1 <= L <= R <= n,\n"
    "1 <= i <= n):\n"
    "  1 L R      the number of subsets of the positions L..R (the empty\n"
    "             one included) whose sum the first player wins, modulo P\n"
    "  2 i POS    replace position i by POS (no output)\n"
    "  3 L R      'first X' when the first player wins the sum of L..R,\n"
    "             'second 0' otherwise; X is the nim-sum\n"
    "  4 L R      a winning move 'i POS': move component i to POS (a move\n"
    "             that splits a heap prints its parts joined by '+', one\n"
    "             that leaves nothing prints '-'); 'none' when the first\n"
    "             player loses.  The component is the leftmost one that\n"
    "             can win.\n"
    "Anything after the q-th query is ignored.  Each answer is written\n"
    "before the next query is read, so the command can be used\n"
    "interactively.  Positions must have values below 65536.\n"
    "\n"
    "Options:\n"
    "  --mod P          the prime modulus of query 1 (2 <= P < 2^62);\n"
    "                   default 1000000007\n"
    "\n"
    "Errors: malformed or out-of-range tokens, L > R, an unknown query\n"
    "type and a truncated input are reported as input:LINE:COL with exit\n"
    "status 1; the answers to earlier queries are already written.\n"
    "\n"
    "Example:\n"
    "  printf '3  1 2 3  3  3 1 3  4 1 2  1 1 3' | grundy range nim\n"
    "  prints 'second 0', '2 1' and '6'.\n";

static const char help_solve_unbalanced_nim[] =
    "\n"
    "grundy solve unbalanced-nim [--mod M | --exact] [--count]\n"
    "  Three heaps of different sizes; a move takes stones from one heap\n"
    "  but may not leave two heaps equal (0 counts).  Reads one N per line\n"
    "  (a positive decimal integer of up to a million digits, spaces\n"
    "  around it allowed) and prints F(N), the sum of a+b+c over the\n"
    "  losing positions 0 < a < b < c < N, modulo 10^9.  F(8) = 42.\n"
    "  --mod M          the modulus instead of 10^9 (any integer >= 1)\n"
    "  --exact          the full integer (N below 2^65536)\n"
    "  --count          the number of losing positions instead of F(N)\n";

static const char help_analyze[] =
    "Usage: grundy analyze RULES POS... [OPTIONS]\n"
    "       grundy analyze --mix SPEC:POS... [OPTIONS]\n"
    "\n"
    "Analyse the sum of the positions POS... of the rule family RULES (see\n"
    "'grundy --help'): a move is made in exactly one component, and the\n"
    "player who cannot move loses.  Prints each component's Grundy value,\n"
    "the nim-sum, the winner (first: the player to move) and EVERY winning\n"
    "move: component (numbered from 1), from-position, the position(s) it\n"
    "leaves (parts of a split joined by '+', '-' for nothing) and the\n"
    "component's value after the move.  A winning move can raise a\n"
    "component's value.\n"
    "\n"
    "Options:\n"
    "  --mix            components of different families: each argument is\n"
    "                   SPEC:POS, split at its last ':' (digits:12,\n"
    "                   rect:2x2:11/01, 0.77:10)\n"
    "  --json           one JSON object: components (rules, position,\n"
    "                   value), nim_sum, winner (\"first\" or \"second\"),\n"
    "                   winning_moves (component, from, to, value)\n"
    "  --moore K        Moore's Nim_k: a move changes 1..K components\n"
    "                   (1 <= K <= 64).  Prints the winner and one winning\n"
    "                   move set (JSON: moore_k, method, winner,\n"
    "                   winning_move_set).  Nim heaps use Moore's rule;\n"
    "                   other families an exact search.\n"
    "  --misere         misere play: the player who cannot move wins.  Nim\n"
    "                   heaps use the misere Nim rule; other families an\n"
    "                   exact search of the sum.  Prints the winner and\n"
    "                   every winning move (JSON: play, method, winner,\n"
    "                   winning_moves).\n"
    "  --search-limit N the exact search refuses sums with more than N\n"
    "                   positions (default 1048576); exit status 1\n"
    "\n"
    "A position that is not valid for its family is an error naming the\n"
    "component (exit status 1).\n"
    "\n"
    "Examples:\n"
    "  grundy analyze nim 3 4 5\n"
    "  grundy analyze subtract:1,3,4 10 11 12 --json\n"
    "  grundy analyze --mix digits:12 half:9 nim:3\n"
    "  grundy analyze nim 1 2 3 --moore 2\n"
    "  grundy analyze subtract:1,2 3 4 --misere\n";

static const char help_play[] =
    "Usage: grundy play RULES POS... [OPTIONS]\n"
    "       grundy play --mix SPEC:POS... [OPTIONS]\n"
    "\n"
    "Play the sum of POS... (normal play) against a perfect opponent.  The\n"
    "position is shown, and you type a move as COMPONENT POSITION: the\n"
    "component's number and the position it leaves, parts of a split\n"
    "joined by '+', '-' for nothing (the number may be left out when there\n"
    "is one component).  An illegal move is explained and the prompt comes\n"
    "again.  The program answers with a winning move when there is one (the\n"
    "fastest), otherwise with the move that keeps the game going longest.\n"
    "\n"
    "Commands at the prompt:\n"
    "  hint             show the best move for you\n"
    "  undo             take back your last move and the answer to it\n"
    "  quit             stop (also at the end of the input)\n"
    "\n"
    "Options:\n"
    "  --first WHO      who moves first: user (default) or computer\n"
    "  --mix            components of different families, as SPEC:POS\n"
    "  --search-limit N positions the opponent may search exactly (default\n"
    "                   1048576); above it, it plays from the values\n"
    "\n"
    "Standard input may be a pipe: the lines read are echoed after the\n"
    "prompt, so a scripted game reads as a transcript.\n"
    "\n"
    "Example:\n"
    "  printf '1 1\\n2 0\\n' | grundy play nim 3 4 5\n";

static const char help_count[] =
    "Usage: grundy count RULES --heaps K --max M [OPTIONS]\n"
    "       grundy count RULES --positions LIST --tuples K [OPTIONS]\n"
    "       grundy count --tuples K [--weighted] [OPTIONS] < values\n"
    "\n"
    "Exact counts of configurations by transforms (Walsh-Hadamard for\n"
    "ordinary sums; base-(k+1) digit-wise transforms for Moore's Nim_k,\n"
    "over Z_p or Z_p[w]/(Phi_(k+1)) when Z_p has no (k+1)-th root of 1).\n"
    "\n"
    "What to count:\n"
    "  --heaps K --max M  the K-heap positions of the heap family RULES\n"
    "                   with every heap in [0, M]; prints the losing ones\n"
    "                   (P-positions) by default\n"
    "  --positions LIST   components: the game RULES at each position of\n"
    "                   LIST (comma-separated, each listed once)\n"
    "  --tuples K       count the ordered K-tuples of components (repeats\n"
    "                   allowed) whose sum the first player wins; without\n"
    "                   RULES the components are Grundy values read from\n"
    "                   standard input, one per token\n"
    "  --weighted       standard input holds pairs VALUE WEIGHT: VALUE\n"
    "                   stands for WEIGHT components\n"
    "\n"
    "Options:\n"
    "  --moore k        Moore's Nim_k: a move changes 1..k components (which\n"
    "                   must be Nim heaps: nim, divisors:H, or values read\n"
    "                   from standard input); default 1, the ordinary sum\n"
    "  --mod P          count modulo the odd prime P < 2^62 (P must not\n"
    "                   divide k + 1); without it the count is exact, and\n"
    "                   refused when it could reach 2^62\n"
    "  --print WHAT     winning, losing, total, or all three as lines\n"
    "                   'winning N', 'losing N', 'total N'\n"
    "  --method M       auto (default), root, ring, ring3: the transform\n"
    "\n"
    "Errors in standard input are reported as input:LINE:COL (exit 1).\n"
    "\n"
    "Examples:\n"
    "  grundy count half --heaps 2 --max 50\n"
    "  grundy count nim --heaps 3 --max 7 --moore 2\n"
    "  grundy count divisors:36 --positions 1,2,3 --tuples 4 --moore 2\n"
    "  echo 3 5 3 | grundy count --tuples 4 --moore 2 --mod 1000000007\n";

/* The workloads' one-line summaries come from cmd_solve.c. */
const char *cli_solve_list(void);

static void rules_list(char *buf, size_t cap)
{
    size_t i, len = 0;
    buf[0] = 0;
    for (i = 0; grundy_rules_builtin[i] && len < cap; i++) {
        int n = snprintf(buf + len, cap - len, "  %s\n",
                         grundy_rules_builtin[i]->synopsis);
        if (n < 0)
            break;
        len += (size_t)n;
    }
}

const char *cli_help(const char *cmd)
{
    if (!cmd)
        return help_main;
    if (strcmp(cmd, "values") == 0)
        return help_values;
    if (strcmp(cmd, "solve") == 0)
        return help_solve;
    if (strcmp(cmd, "range") == 0)
        return help_range;
    if (strcmp(cmd, "analyze") == 0)
        return help_analyze;
    if (strcmp(cmd, "play") == 0)
        return help_play;
    if (strcmp(cmd, "count") == 0)
        return help_count;
    return NULL;
}

void cli_print_help(const char *cmd)
{
    static char buf[4096];
    const char *h = cli_help(cmd);
    if (!h)
        return;
    if (!cmd) {
        rules_list(buf, sizeof buf);
        printf(help_main, buf);
    } else if (strcmp(cmd, "solve") == 0) {
        printf(help_solve, cli_solve_list());
        fputs(help_solve_unbalanced_nim, stdout);
    } else {
        fputs(h, stdout);
        if (strcmp(cmd, "values") == 0 || strcmp(cmd, "analyze") == 0 ||
            strcmp(cmd, "play") == 0 || strcmp(cmd, "range") == 0 ||
            strcmp(cmd, "count") == 0)
            fputs(help_engine, stdout);
    }
}
