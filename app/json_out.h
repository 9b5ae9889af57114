/*
 * json_out.h -- the answers the program prints that `grundy serve`
 * answers too: one writer each, called by the subcommand and by the
 * server, so that an answer over HTTP is byte for byte what the command
 * line prints for the same question.  The callers compute through the
 * library; these only write.  (The object of `grundy values --json` is
 * the library's own writer, grundy_format_values_json().)
 */
#ifndef GRUNDY_JSON_OUT_H
#define GRUNDY_JSON_OUT_H

#include "sum_cli.h"

/* cmd_plot.c: the SVG `grundy plot RULES -o -` writes on fd, drawn from
 * vals: with position (the text of p) `--position POS` of a board, else
 * `--upto upto` (a sequence, or the map of a two-heap game).  A table
 * past the picture's bound: GRUNDY_ERR_RANGE with *most the most
 * positions (a map: the largest side) it shows.  Otherwise the errors of
 * the values and of the write. */
grundy_status cli_plot_svg(int fd, const char *spec, const grundy_game *g,
                           grundy_values *vals, const char *position,
                           grundy_pos p, uint64_t upto, uint64_t *most);

/* cmd_survey.c: the rows `grundy survey SPEC --upto N --json` prints,
 * one JSON line per code, on eng's options (its threads; each code a
 * session of its own).  0, an exit code after a message on stderr (a bad
 * pattern), or -1 with nothing run when SPEC has more than max_codes
 * codes. */
int cli_survey_json(grundy_writer *w, const char *spec, uint64_t upto,
                    const cli_engine *eng, size_t max_codes);

#endif
