/*
 * loopy_cli.h -- games with cycles on the command line: `grundy loopy
 * FILE`, and the loopy specs (addsub:S:A, graph:PATH) that `grundy
 * values`, `grundy analyze` and `grundy play` hand over here.
 */
#ifndef GRUNDY_LOOPY_CLI_H
#define GRUNDY_LOOPY_CLI_H

#include "cli.h"

/* Non-zero when a RULES or SPEC:POS argument of argv names a loopy game,
 * so that the subcommand passes its arguments to the functions below. */
int loopy_cli_claims(int argc, char **argv);

/* grundy values / analyze / play with loopy games; argv[0] is the
 * subcommand's name.  Exit codes as cli.h. */
int loopy_cli_values(int argc, char **argv);
int loopy_cli_analyze(int argc, char **argv);
int loopy_cli_play(int argc, char **argv);

/* What the three share (loopy_cli.c) ***************************************/

/* The distinct games of a sum and its components. */
typedef struct loopy_cli_sum {
    grundy_loopy_game **games; /* owned */
    size_t ngames;
    grundy_loopy_component *comp;
    const grundy_loopy_game **game_of; /* the game of each component */
    size_t n;
} loopy_cli_sum;

/* Create a game, or print why not ("grundy: CMD: ...") and return
 * CLI_EXIT_DATA. */
int loopy_cli_game_new(grundy_loopy_game **out, const char *cmd,
                       const char *spec, uint64_t max,
                       grundy_loopy_method method, grundy_limits *lim);

/* A sum from positions of one game (rules != NULL) or SPEC:POS arguments
 * (--mix).  Prints errors naming the component; CLI_EXIT_DATA. */
int loopy_cli_sum_parse(loopy_cli_sum *s, const char *cmd, const char *rules,
                        char **pos, size_t npos, uint64_t max,
                        grundy_limits *lim);
void loopy_cli_sum_clear(loopy_cli_sum *s);

/* Position text of a component's game. */
void loopy_cli_pos_text(const grundy_loopy_game *g, grundy_loopy_vertex v,
                        char *buf, size_t cap);

/* A value as text ("3", "inf(1,3)") or JSON (3, {"inf": [1, 3]}). */
void loopy_cli_value_text(grundy_writer *w, const grundy_loopy_value *v);
void loopy_cli_value_json(grundy_writer *w, const grundy_loopy_value *v);
/* A vertex as JSON: its number, or its name as a string. */
void loopy_cli_vertex_json(grundy_writer *w, const grundy_loopy_graph *g,
                           grundy_loopy_vertex v);

/* Statistics as lines "vertices N", "value count", ..., or as one JSON
 * object. */
void loopy_cli_write_stats(grundy_writer *w, const grundy_loopy_stats *st,
                           int json);

/* --method for loopy games: auto, naive, counter (fast = counter). */
int loopy_cli_parse_method(const char *cmd, const char *val,
                           grundy_loopy_method *out);

#endif
