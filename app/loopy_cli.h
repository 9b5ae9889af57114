/*
 * loopy_cli.h -- games with cycles on the command line: `grundy loopy
 * FILE`, and `grundy values` on a game of a family with cycles
 * (GRUNDY_RULES_LOOPY: addsub:S:A, graph:PATH), whose values are
 * generalized ones.  analyze and play take these games like any other
 * (sum_cli.h).
 */
#ifndef GRUNDY_LOOPY_CLI_H
#define GRUNDY_LOOPY_CLI_H

#include "cli.h"

/* grundy values on a game with cycles; argv[0] is "values".  Exit codes
 * as cli.h. */
int loopy_cli_values(int argc, char **argv);

/* A value as text ("3", "inf(1,3)") or JSON (3, {"inf": [1, 3]}). */
void loopy_cli_value_text(grundy_writer *w, const grundy_loopy_value *v);
void loopy_cli_value_json(grundy_writer *w, const grundy_loopy_value *v);
/* ', "value": V, "winner": "first|second|draw"' after a first field. */
void loopy_cli_value_winner_json(grundy_writer *w,
                                 const grundy_loopy_value *v);
/* {"vertex": NAME, "value": V, "winner": W} of vertex v of g. */
void loopy_cli_vertex_value_json(grundy_writer *w,
                                 const grundy_loopy_graph *g,
                                 grundy_loopy_vertex v,
                                 const grundy_loopy_value *val);
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

/* The same as a CALL row of an option table (with CLI_OPT_VALUE): the
 * row's field is a grundy_loopy_method. */
int loopy_cli_opt_method(const char *cmd, void *args, const cli_opt *o,
                         const char *val);

#endif
