/*
 * misere_cli.h -- misere play of take-and-break games on the command
 * line: the game of `grundy misere`.
 */
#ifndef GRUNDY_MISERE_CLI_H
#define GRUNDY_MISERE_CLI_H

#include "sum_cli.h"

/* Parse spec as a take-and-break game with a move.  On bad input prints
 * "grundy: CMD: ..." and returns CLI_EXIT_DATA. */
int cli_misere_game(const char *cmd, const char *spec, grundy_game **out);

/* The message for a status of grundy_misere_new(). */
int cli_misere_game_error(const char *cmd, const grundy_game *g,
                          grundy_status s);

#endif
