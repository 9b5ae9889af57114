/*
 * sum_cli.h -- what `grundy analyze` and `grundy play` share: a game
 * state (grundy/play.h) read from the command line (one family, or --mix
 * with SPEC:POS each), with the errors named.  What they print of it is
 * written by the library (grundy/play.h, "Writers").
 */
#ifndef GRUNDY_SUM_CLI_H
#define GRUNDY_SUM_CLI_H

#include "cli.h"

/* The state of the sum given on the command line.  rules != NULL: every
 * pos is a position of that family.  rules == NULL (--mix): every pos is
 * SPEC:POS, split at its last ':'.  Games come from eng's session, a
 * family with cycles bounded by o->heap_max; their graphs are solved
 * before the state is returned (grundy_play_read()).  On bad input
 * prints "grundy: CMD: ..." naming the argument and returns
 * CLI_EXIT_DATA; an option the sum cannot take is a usage error. */
int cli_play_state(grundy_play **out, cli_engine *eng, const char *rules,
                   char **pos, size_t npos, const grundy_play_opts *o);

#endif
