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

/* --method for loopy games: auto, naive, counter (fast = counter). */
int loopy_cli_parse_method(const char *cmd, const char *val,
                           grundy_loopy_method *out);

/* The same as a CALL row of an option table (with CLI_OPT_VALUE): the
 * row's field is a grundy_loopy_method. */
int loopy_cli_opt_method(const char *cmd, void *args, const cli_opt *o,
                         const char *val);

#endif
