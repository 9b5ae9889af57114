/*
 * sum_cli.h -- what `grundy analyze` and `grundy play` share: a game
 * state (grundy/play.h) read from the command line (one family, or --mix
 * with SPEC:POS each), with the errors named, and values and moves as
 * text or JSON.
 */
#ifndef GRUNDY_SUM_CLI_H
#define GRUNDY_SUM_CLI_H

#include "cli.h"

/* The state of the sum given on the command line.  rules != NULL: every
 * pos is a position of that family.  rules == NULL (--mix): every pos is
 * SPEC:POS, split at its last ':'.  Games come from eng's session, a
 * family with cycles bounded by o->heap_max; their graphs are solved
 * before the state is returned.  On bad input prints "grundy: CMD: ..."
 * naming the argument and returns CLI_EXIT_DATA. */
int cli_play_state(grundy_play **out, cli_engine *eng, const char *rules,
                   char **pos, size_t npos, const grundy_play_opts *o);

/* The refusal of an exact search, explained. */
int cli_search_error(const char *cmd, grundy_status s, size_t limit);

/* A value as text ("3", "inf(1,3)") or JSON (3, {"inf": [1, 3]}). */
void cli_value_text(grundy_writer *w, const grundy_play_value *v);
void cli_value_json(grundy_writer *w, const grundy_play_value *v);

/* A remoteness in JSON: a number, "draw", or null (past the limits). */
void cli_remoteness_json(grundy_writer *w, uint64_t r);

/* The opening of a move's JSON object, {"component": C, "from": F,
 * "to": [...] (the caller adds fields and the closing brace). */
void cli_move_json(grundy_writer *w, const grundy_play *p,
                   const grundy_sum_move *m);

/* The components c[0..n) of p's game as a JSON array of {"rules": ...,
 * "canonical": ..., "position": ...} (the transcript's "components"). */
void cli_components_json(grundy_writer *w, const grundy_play *p,
                         const grundy_sum_component *c, size_t n);

/* The opening of move k of p's game as the transcript of grundy play
 * --json writes it, {"player": PLAYER, "component": C, "from": F, "to":
 * [...] (the caller adds fields and the closing brace). */
void cli_played_json(grundy_writer *w, const grundy_play *p, size_t k,
                     const char *player);

/* "component C: FROM -> TO", a move explained, and "C TO (component C:
 * FROM -> TO)", as typed and explained. */
void cli_move_explained(grundy_writer *w, const grundy_play *p,
                        const grundy_sum_move *m);
void cli_move_said(grundy_writer *w, const grundy_play *p,
                   const grundy_sum_move *m);

#endif
