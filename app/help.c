/*
 * help.c -- the prose of the help: what each subcommand does, its
 * formats, its examples.  The option lines come from the subcommands'
 * option tables (opt.h), printed between a page's head and tail, so the
 * help says what the parser takes.  Keep in step with doc/grundy.1 and
 * README.md.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* A subcommand's help is one string; gcc and clang take strings far
 * longer than the 4095 characters C99 promises. */
#pragma GCC diagnostic ignored "-Woverlength-strings"

static const char help_main[] =
    "Usage: grundy SUBCOMMAND [OPTIONS] [ARGS]\n"
    "\n"
    "Grundy values (nimbers) of impartial games under normal play, sums "
    "of\n"
    "games, range queries over changing sequences of games, and exact\n"
    "counts of winning configurations.\n"
    "\n"
    "Subcommands:\n"
    "  values RULES     Grundy values of one rule family: tables, single\n"
    "                   values, statistics, periods\n"
    "  count ...        exact counts of winning and losing "
    "configurations:\n"
    "                   k-heap positions, K-tuples of components\n"
    "  solve NAME       run a bundled workload on a file or standard "
    "input\n"
    "  range RULES      range queries over a changing sequence of "
    "positions:\n"
    "                   winners, winning moves, winning-subset counts\n"
    "  analyze RULES POS...  a sum of games: values, nim-sum, winner and\n"
    "                   every winning move; Moore's Nim_k; misere play\n"
    "  play RULES POS...  play a sum against a perfect opponent\n"
    "  store list|verify|remove|clear|path  the tables kept on disk\n"
    "  loopy FILE       games with cycles: the generalized value (n or\n"
    "                   inf(K)) of every vertex of a directed graph\n"
    "  plot RULES       a picture of the values (SVG, PDF, PNG): g(n)\n"
    "                   against n, a histogram, a two-heap map, a board\n"
    "                   position with the value of each move\n"
    "  misere CODE --upto N  misere quotient of a take-and-break game on\n"
    "                   heaps 1..N (--genus: Conway's genus of each heap)\n"
    "  survey SPEC --upto N  every code of a family (0.ddd, 4.dd, 0.hh,\n"
    "                   @FILE) to N: periods, largest values, rare values\n"
    "  serve            a local web explorer: the values, sums and boards\n"
    "                   of every family, over HTTP (JSON API and a page)\n"
    "  help [SUBCOMMAND]  show help\n"
    "\n"
    "Options:\n"
    "  -h, --help       show this help (or a subcommand's: grundy values "
    "--help)\n"
    "  -V, --version    show the version\n"
    "\n"
    "Rule families (RULES):\n"
    "%s"
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
    "Boards (rect:RxC): a position is written as its rows of 0s and 1s\n"
    "separated by '/', top row first, e.g. 1111/1101/1110/1111.  --all\n"
    "tabulates all 2^(R*C) boards in popcount tiers, one byte each (5x5:\n"
    "32 MiB, 5x6: 1 GiB), with progress on stderr at a terminal; --at\n"
    "tabulates only the boards inside the given one (all boards, on the\n"
    "threads, when it is the full board); tables split by grundy-mpi\n"
    "are read from their slices.\n"
    "\n"
    "Boards and graphs (cram:RxC, node-kayles:GRAPH, chomp:RxC; up to 256\n"
    "cells): POS may be 'start', the game's start position.  Cram boards\n"
    "and Node-Kayles grids are written as rows of 0/1 like rect (1 = "
    "empty\n"
    "cell, vertex left); other graphs one 0/1 per vertex; Chomp as row\n"
    "lengths from the bottom (7,4,2).  A single position of more than 18\n"
    "cells is valued by the board search: its groups of cells are "
    "separate\n"
    "games whose values XOR, groups of one shape share a transposition\n"
    "table, and each child is asked only for the values that can decide\n"
    "the answer.  The table grows within half of --mem-limit, then replaces\n"
    "its cheapest entries (slower, never wrong).  Boards past 64 cells\n"
    "are searched on 128- or 256-bit positions (no tables of them:\n"
    "--upto and --all are refused).  Parts that fit a window of the board\n"
    "(the board's rows and as many columns as --enddb cells allow) are\n"
    "read from an endgame database: the window's table, kept in the store.\n"
    "\n"
    "Two heaps (wythoff, twoheap:MOVES): a position is written a,b (heaps\n"
    "up to 2^32 - 1).  twoheap:MOVES subtracts a vector X/Y of the list\n"
    "MOVES, each amount a number or affine in t (t, 2t, t+1; t = 1, 2, "
    "...),\n"
    "with an optional range of t after '@' (@3: t <= 3; @2..5; @2..):\n"
    "wythoff is twoheap:t/0,0/t,t/t.  The P-positions of Wythoff's game\n"
    "(floor(k phi), floor(k phi^2)) are answered by their closed form at "
    "any\n"
    "size; other values come from the square that holds them.\n"
    "\n"
    "Examples:\n"
    "  grundy values subtract:1,3,4 --upto 20\n"
    "  grundy values wythoff --at 3,5\n"
    "  grundy values wythoff --upto 9\n"
    "  grundy values twoheap:t/0,0/t,t/t@2 --upto 100 --p-positions\n"
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
    "Codes with moves that leave three heaps (digits 8-F) list their "
    "moves\n"
    "through sets of two-heap values.\n"
    "\n"
    "All-but subtraction games (allbut:S) are arithmetic-periodic from\n"
    "some point on (A. Siegel): --period reports the arithmetic period the\n"
    "table shows (allbut:1,2: period 3, growing by 1 each period) as seen,\n"
    "not proven: grundy knows no theorem that bounds the run that would\n"
    "prove it.  A closed form settles it for nim (g(n) = n: period 1,\n"
    "saltus 1, proven) and for half (no period, nor an arithmetic one,\n"
    "proven).\n"
    "\n"
    "Games with cycles (addsub:S:A with --heap-max H, graph:PATH): every\n"
    "position's generalized value, 'n value' per line, 'inf(K)' for an\n"
    "infinite one (see 'grundy loopy --help'); --at, --upto, --stats,\n"
    "--json and --method auto|naive|counter apply, --period does not.\n"
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
    "  4 L R      a winning move 'i POS': move component i to POS (a move\n"
    "             that splits a heap prints its parts joined by '+', one\n"
    "             that leaves nothing prints '-'); 'none' when the first\n"
    "             player loses.  The component is the leftmost one that\n"
    "             can win.\n"
    "Anything after the q-th query is ignored.  Each answer is written\n"
    "before the next query is read, so the command can be used\n"
    "interactively.  Positions must have values below 65536.\n"
    "\n";
static const char range_tail[] =
    "\n"
    "Errors: malformed or out-of-range tokens, L > R, an unknown query\n"
    "type and a truncated input are reported as input:LINE:COL "
    "(FILE:LINE:COL\n"
    "for a file) with exit status 1; the answers to earlier queries are "
    "already written.\n"
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
    "ordinary sums; base-(k+1) digit-wise transforms for Moore's Nim_k,\n"
    "over Z_p or Z_p[w]/(Phi_(k+1)) when Z_p has no (k+1)-th root of 1).\n"
    "\n";
static const char count_tail[] =
    "\n"
    "Errors in standard input are reported as input:LINE:COL, in a file "
    "as\n"
    "FILE:LINE:COL (exit 1).\n"
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
    "The store keeps tables of values on disk, one file per game, so that\n"
    "a table computed once is read back instead of computed again.  Its\n"
    "folder is $XDG_CACHE_HOME/grundy, else ~/.cache/grundy (--store DIR\n"
    "names another).  A file holds a header (the game's canonical spec,\n"
    "entries, value width, largest value, period, the grundy that wrote\n"
    "it) and the values, with a checksum per MiB of values and one of the\n"
    "header; every checksum is verified each time a table is read.  A "
    "file\n"
    "that fails is moved aside to NAME.bad with a warning; a single value\n"
    "reads and verifies only the MiB that holds it.\n"
    "\n"
    "The store keeps at most 4 GiB (--store-limit B on any subcommand, or\n"
    "GRUNDY_STORE_LIMIT; 'none' for no limit): after each save, the least\n"
    "recently used tables (a table is used when it is read) are removed\n"
    "until it fits, and a table larger than the limit is not kept.  A\n"
    "table computed only for single values (--at) is kept only with\n"
    "--keep-table.\n"
    "\n"
    "Actions:\n"
    "  list             every table: rules, entries, bytes per value,\n"
    "                   largest value, complete or a checkpoint of a "
    "longer\n"
    "                   computation, period, split tables' slices "
    "(written\n"
    "                   by grundy-mpi), file size, writer's version; then\n"
    "                   the total size of the store and its limit\n"
    "  verify [RULES]   verify every checksum of RULES's table, or of "
    "every\n"
    "                   table; prints 'RULES: ok' per sound table and "
    "names\n"
    "                   each file that fails on stderr (exit status 1)\n"
    "                   (a split table: its manifest and every slice)\n"
    "  remove RULES     remove RULES's table (with its .bad, .lock and\n"
    "                   temporary files, and its split table)\n"
    "  remove PATTERN   remove every table whose canonical spec matches "
    "the\n"
    "                   shell pattern ('cram:*', '0.?7'; quote it), "
    "naming\n"
    "                   each\n"
    "  clear            remove every table (but one being computed) and\n"
    "                   every file set aside\n"
    "  path [RULES]     the folder, or the file of RULES's table (which "
    "may\n"
    "                   not exist)\n"
    "\n"
    "RULES is written as anywhere else ('kayles', '0.77', 'grundy-game');\n"
    "tables are filed under the canonical spec ('kayles' is '0.77').\n"
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
    "(always), .pdf and .png (through cairo, in a program built with it:\n"
    "otherwise \"PDF needs cairo\"); any other name is refused before any\n"
    "work.  The file is written whole or not at all (a temporary file\n"
    "renamed).\n"
    "\n";
static const char plot_tail[] =
    "\n"
    "A line on what was drawn goes to standard output (unless the picture\n"
    "does).  Examples:\n"
    "  grundy plot 0.137 --upto 300 -o dawsons-chess.svg\n"
    "  grundy plot grundy-game --upto 1000000 --font-size 14 -o gg.pdf\n"
    "  grundy plot kayles --upto 100000 --histogram --log -o kayles.svg\n"
    "  grundy plot wythoff --upto 40 -o wythoff.svg\n"
    "  grundy plot cram:5x6 --position start -o cram.svg\n"
    "  grundy plot chomp:4x5 --position 5,5,3,2 -o chomp.png\n";

static const char misere_head[] =
    "Usage: grundy misere CODE --upto N [OPTIONS]\n"
    "       grundy misere CODE --genus --upto N [OPTIONS]\n"
    "\n"
    "Misere play (the player who makes the last move loses) of the\n"
    "take-and-break game CODE (an octal or hexadecimal code such as 0.77,\n"
    "4.07 or 0.F7, an alias such as kayles, or grundy-game) restricted to\n"
    "heaps 1..N.  Prints its misere quotient, grown heap by heap and\n"
    "verified: a sum of heaps is lost for the player to move exactly when\n"
    "the product of its heaps' elements lies in the P-portion.\n"
    "\n"
    "Output: order (|Q|), p_count (|P|), the generators (the heaps that\n"
    "need new ones), the relations (lhs = rhs, each lhs a minimal word "
    "that\n"
    "is not a normal form), the P-portion, last_change (the last heap at\n"
    "which the quotient grew), whether the heap -> element map is seen to\n"
    "be periodic, and heap_elements (each heap's element as its normal\n"
    "form: the colex-least word over the generators; 1 is the identity).\n"
    "\n";
static const char misere_tail[] =
    "\n"
    "A spec that is not a take-and-break code, a code with no move and a\n"
    "quotient over the memory limit are errors (exit status 1); N out of\n"
    "range is a usage error (exit status 2).\n"
    "\n"
    "Examples:\n"
    "  grundy misere 0.75 --upto 20\n"
    "  grundy misere kayles --upto 100 --json\n"
    "  grundy misere dawsons-kayles --upto 33\n"
    "  grundy misere kayles --genus --upto 20\n"
    "  grundy misere 0.75 --upto 20 --miseresolver\n";

static const char survey_head[] =
    "Usage: grundy survey SPEC --upto N [--json | --csv] [--compare FILE]\n"
    "                     [OPTIONS]\n"
    "\n"
    "Every code of a family of take-and-break games tabulated to N, one\n"
    "row per code, in the order of the codes.\n"
    "\n"
    "SPEC:\n"
    "  0.ddd, 0.dddd, 4.dd, ...  a pattern: 'd' stands for every octal\n"
    "                   digit 0-7, 'h' for every hexadecimal digit 0-F\n"
    "                   (0.hh: every two-digit hexadecimal code); other\n"
    "                   characters stand for themselves (0.1dd)\n"
    "  @FILE            the codes in FILE, one per line ('#' comments and\n"
    "                   blank lines skipped); a bad line is refused with\n"
    "                   FILE:LINE:COL\n"
    "\n";
static const char survey_tail[] =
    "\n"
    "Rows: the status is 'period proven' when the Guy-Smith criterion\n"
    "proves a period within N, 'arithmetic' when the values repeat with a\n"
    "saltus (seen, not proven), else 'none found'.  'group' is the first\n"
    "code whose values agree with the row's up to N: the same game\n"
    "(trailing zero digits dropped), or another game with the same values\n"
    "(0.054 and 0.056; a 64-bit hash of the values).  A code\n"
    "whose table to N is over --mem-limit is skipped with a note, and the\n"
    "others go on.  Codes run in parallel on --threads workers, one table\n"
    "per worker; under mpirun each process takes its share of the codes\n"
    "and rank 0 prints every row, reading the others' tables from the\n"
    "store.  With the store (the default, or --store DIR), a survey that\n"
    "was killed goes on where it stopped: the tables it finished (those\n"
    "that took a second or more) are read back.\n"
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
    "output.  Answers are written as queries\n"
    "are read, so a terminal or a pipe sees each answer before the next\n"
    "query is awaited.  On bad input, the answers to earlier queries stay\n"
    "printed and the error names input:LINE:COL (FILE:LINE:COL).\n"
    "\n"
    "Workloads ('grundy solve NAME --help' gives each one's formats):\n"
    "%s";

static const char analyze_head[] =
    "Usage: grundy analyze RULES POS... [OPTIONS]\n"
    "       grundy analyze --mix SPEC:POS... [OPTIONS]\n"
    "\n"
    "Analyse the sum of the positions POS... of the rule family RULES "
    "(see\n"
    "'grundy --help'): a move is made in exactly one component, and the\n"
    "player who cannot move loses.  Prints each component's Grundy value,\n"
    "the nim-sum, the winner (first: the player to move) and EVERY "
    "winning\n"
    "move: component (numbered from 1), from-position, the position(s) it\n"
    "leaves (parts of a split joined by '+', '-' for nothing) and the\n"
    "component's value after the move.  A winning move can raise a\n"
    "component's value.\n"
    "\n";

static const char analyze_tail[] =
    "\n"
    "A position that is not valid for its family is an error naming the\n"
    "component (exit status 1).\n"
    "\n"
    "Examples:\n"
    "  grundy analyze nim 3 4 5\n"
    "  grundy analyze subtract:1,3,4 10 11 12 --json\n"
    "  grundy analyze --mix digits:12 half:9 nim:3\n"
    "  grundy analyze nim 1 2 3 --moore 2\n"
    "  grundy analyze subtract:1,2 3 4 --misere\n"
    "  grundy analyze --misere 0.07 3 5 9 11\n"
    "\n"
    "Games with cycles (addsub:S:A:H, or addsub:S:A with --heap-max H;\n"
    "graph:PATH), alone or mixed with finite games (--mix): prints each\n"
    "component's generalized value, the sum's value by Smith's rule, the\n"
    "winner (first, second or draw), and every winning move, or every move\n"
    "that keeps a draw (JSON: components, value, winner, winning_moves,\n"
    "drawing_moves).  Values are a number or inf(K) (JSON {\"inf\":\n"
    "[K...]}).  Normal play only.\n"
    "  grundy analyze addsub:4,5:2 5 12 --heap-max 20\n"
    "  grundy analyze --mix addsub:4,5:2:7 0.77:5 --heap-max 20\n"
    "  grundy analyze --mix graph:g.dot:c addsub:4,5:2:7 --heap-max 20\n";

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
    "\n"
    "Commands at the prompt:\n"
    "  hint             show the best move for you\n"
    "  undo             take back your last move and the answer to it\n"
    "  quit             stop (also at the end of the input)\n"
    "\n";

static const char play_tail[] =
    "\n"
    "Standard input may be a pipe: the lines read are echoed after the\n"
    "prompt, so a scripted game reads as a transcript.\n"
    "\n"
    "Example:\n"
    "  printf '1 1\\n"
    "2 0\\n"
    "' | grundy play nim 3 4 5\n"
    "\n"
    "Games with cycles (addsub:S:A:H, or addsub:S:A with --heap-max H;\n"
    "graph:PATH), alone or mixed with finite games: the position is shown\n"
    "after every move; the program wins when it can (in finitely many\n"
    "moves, whatever you do), keeps the draw when it cannot win, and\n"
    "declares a draw when a position comes back --repeat N times (default\n"
    "3) with the same player to move.\n"
    "  printf '1 a\\n"
    "' | grundy play graph:g.dot c\n";

static const char loopy_head[] =
    "Usage: grundy loopy FILE|- [OPTIONS]\n"
    "\n"
    "Games with cycles: a token on the directed graph in FILE ('-' for\n"
    "standard input); a move follows an edge, the player who cannot move\n"
    "loses, and a play may go on forever (a draw).  Prints the "
    "generalized\n"
    "Sprague-Grundy value of every vertex, 'VERTEX VALUE' per line: a\n"
    "number n, or inf(K) where K lists the finite values among the\n"
    "vertex's options (inf() when there are none).  The player to move\n"
    "loses at 0, wins at n > 0 and at inf(K) with 0 in K, and cannot do\n"
    "better than a draw at inf(K) without 0.  In a sum, finite values add\n"
    "by XOR, n + inf(K) = inf(K xor n), and two infinite values make "
    "inf().\n"
    "\n"
    "Input:\n"
    "  edge list        'u v' per line (ids from 0), '#' comments; an\n"
    "                   optional first line 'n m' (n vertices 0..n-1, m\n"
    "                   edge lines follow).  Self-loops and repeated "
    "edges\n"
    "                   are allowed.\n"
    "  DOT              digraph { a -> b -> c; c -> {d e}; } (attributes\n"
    "                   are ignored; vertices keep their names)\n"
    "\n";

static const char loopy_tail[] =
    "\n"
    "Errors (exit status 1): a malformed line or an id out of range, as\n"
    "FILE:LINE:COL; a graph over the memory limit, with its size.\n"
    "\n"
    "The same games as rule families, for values, analyze and play:\n"
    "graph:PATH (positions are vertices) and addsub:S:A (remove s in S or\n"
    "add a in A stones, heaps 0..H with --heap-max H; an empty heap is\n"
    "final).\n"
    "\n"
    "Examples:\n"
    "  printf 'a -> b; b -> c; c -> a; c -> d; d -> e;' | grundy loopy -\n"
    "  grundy loopy graph.txt --stats\n"
    "  grundy values addsub:4,5:2 --heap-max 20\n"
    "  grundy analyze addsub:4,5:2 5 12 --heap-max 20\n";

/* The workloads' one-line summaries come from cmd_solve.c. */
const char *cli_solve_list(void);

/* The option tables of the subcommands (their cmd_*.c). */
extern const cli_optset cli_values_opts, cli_range_opts, cli_count_opts,
    cli_store_opts, cli_plot_opts, cli_misere_opts, cli_survey_opts,
    cli_analyze_opts, cli_play_opts, cli_loopy_opts, cli_serve_opts;

static const char serve_head[] =
    "Usage: grundy serve [--port N] [--bind ADDR] [--store DIR] [--open]\n"
    "                    [--time-limit S] [--max-requests N] [OPTIONS]\n"
    "\n"
    "A local web explorer: a JSON API and one page, served over HTTP.  It\n"
    "prints the address to open and runs until SIGINT or SIGTERM, which\n"
    "stop it cleanly (the store stays consistent).  Every request is\n"
    "stateless: the position travels in the address, so a link reproduces\n"
    "a view.\n"
    "\n";
static const char serve_tail[] =
    "The options below (--mem-limit, --work-limit, --threads, --store, ...)\n"
    "apply to every request; one session keeps the tables between them.\n"
    "Each request is logged on stderr (status and target) unless --quiet.\n"
    "\n"
    "The API (doc/SERVE.md), every answer JSON as the command line's --json:\n"
    "  GET /api/values?rules=R&upto=N      = grundy values R --upto N --json\n"
    "                                       (all=1 for a board: --all)\n"
    "  GET /api/analyze?rules=R&position=P&position=Q...\n"
    "                                      = grundy analyze R P Q --json\n"
    "                                       (misere=1, moore=K; without\n"
    "                                       rules each position is SPEC:POS)\n"
    "  GET /api/moves?...                  the analysis and every move with\n"
    "                                       the value it leaves, its outcome\n"
    "                                       and remoteness, a board's cells\n"
    "  GET /api/play?...&move=M            M played (as typed at grundy\n"
    "                                       play) and the perfect opponent's\n"
    "                                       reply\n"
    "  GET /api/plot?rules=R&upto=N        the SVG of grundy plot (position=P\n"
    "                                       for a board)\n"
    "  GET /api/survey?spec=S&upto=N       = grundy survey S --upto N --json\n"
    "                                       (at most 64 codes, N <= 100000)\n"
    "A refused request gets a 4xx status and {\"error\": ..., \"parameter\":\n"
    "..., \"column\": ..., \"limit\": ...}: the column is in the request\n"
    "target, the limit the one passed (mem-limit, work-limit, time-limit,\n"
    "...).  The server reads no file: rules that name one are refused.\n"
    "\n"
    "Examples:\n"
    "  grundy serve --open\n"
    "  curl 'http://127.0.0.1:8034/api/values?rules=kayles&upto=20'\n"
    "  curl 'http://127.0.0.1:8034/api/analyze?rules=nim&position=3&position=5'\n";

/* A subcommand's help: head, the lines of its option table, tail, and
 * the common options unless it takes none. */
typedef struct help_page {
    const char *cmd;
    const char *head;
    const cli_optset *opts; /* NULL: the head says everything */
    const char *tail;
    int common;
} help_page;

static const help_page pages[] = {
    {"values", values_head, &cli_values_opts, values_tail, 1},
    {"solve", solve_head, NULL, NULL, 1},
    {"range", range_head, &cli_range_opts, range_tail, 1},
    {"analyze", analyze_head, &cli_analyze_opts, analyze_tail, 1},
    {"play", play_head, &cli_play_opts, play_tail, 1},
    {"count", count_head, &cli_count_opts, count_tail, 1},
    {"store", store_head, &cli_store_opts, store_tail, 0},
    {"loopy", loopy_head, &cli_loopy_opts, loopy_tail, 1},
    {"plot", plot_head, &cli_plot_opts, plot_tail, 1},
    {"misere", misere_head, &cli_misere_opts, misere_tail, 1},
    {"survey", survey_head, &cli_survey_opts, survey_tail, 1},
    {"serve", serve_head, &cli_serve_opts, serve_tail, 1},
};

static const help_page *page(const char *cmd)
{
    size_t i;
    for (i = 0; cmd && i < sizeof pages / sizeof pages[0]; i++)
        if (strcmp(cmd, pages[i].cmd) == 0)
            return &pages[i];
    return NULL;
}

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
    const help_page *p = page(cmd);
    return !cmd ? help_main : p ? p->head : NULL;
}

void cli_print_help(const char *cmd)
{
    static char buf[4096];
    const help_page *p = page(cmd);
    if (!cmd) {
        rules_list(buf, sizeof buf);
        printf(help_main, buf);
        return;
    }
    if (!p)
        return;
    if (strcmp(cmd, "solve") == 0)
        printf(p->head, cli_solve_list());
    else
        fputs(p->head, stdout);
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
