/*
 * misere_cli.h -- misere play of take-and-break games on the command
 * line: the game of `grundy misere`, and the misere quotient deciding the
 * sums of `grundy analyze --misere` and `grundy play --misere`.
 */
#ifndef GRUNDY_MISERE_CLI_H
#define GRUNDY_MISERE_CLI_H

#include "sum_cli.h"

/* The quotients analyze and play use: at most this order, heaps up to
 * this size; beyond, they search the sum as before. */
#define CLI_MISERE_MAX_ORDER 1024
#define CLI_MISERE_MAX_HEAP 20000

/* Parse spec as a take-and-break game with a move.  On bad input prints
 * "grundy: CMD: ..." and returns CLI_EXIT_DATA. */
int cli_misere_game(const char *cmd, const char *spec, grundy_game **out);

/* The message for a status of grundy_misere_new(). */
int cli_misere_game_error(const char *cmd, const grundy_game *g,
                          grundy_status s);

/* Decide the misere sum through its game's quotient: 1 when it applies
 * (every component a heap of one take-and-break game, the quotient of
 * heaps up to the largest one within the limits above), with the winner,
 * every winning move (free with free()) and the quotient's order; 0 when
 * it does not apply or cannot be computed (the caller searches). */
int cli_misere_quotient(const cli_sum *s, const grundy_limits *lim,
                        int *first, grundy_sum_move **moves, size_t *n,
                        size_t *order);

/* "method: misere quotient (order N)" or its JSON fields. */
void cli_misere_method(grundy_writer *w, size_t order, int json);

/* play: a winning move of the misere sum through the quotient.  *used = 1
 * when the quotient applies; then *wins says whether the player to move
 * wins and *best is a winning move when he does. */
grundy_status cli_misere_best_move(const grundy_sum_component *comp,
                                   size_t n, const grundy_limits *lim,
                                   grundy_sum_move *best, int *wins,
                                   int *used);

#endif
