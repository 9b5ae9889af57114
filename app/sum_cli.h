/*
 * sum_cli.h -- what `grundy analyze` and `grundy play` share: a sum read
 * from the command line (one family, or --mix with SPEC:POS each), and
 * positions and moves as text.
 */
#ifndef GRUNDY_SUM_CLI_H
#define GRUNDY_SUM_CLI_H

#include "cli.h"

typedef struct cli_sum {
    grundy_game **games; /* distinct specs, owned */
    char **written;      /* each one's spec as written, owned */
    size_t ngames;
    grundy_sum_component *comp; /* values objects from the engine */
    size_t n, cap;
} cli_sum;

/* Build the sum from argv-style positions.  rules != NULL: every pos is a
 * position of that family.  rules == NULL (--mix): every pos is
 * SPEC:POS, split at its last ':'.  Values come from eng.  On bad input
 * prints "grundy: CMD: ..." naming the argument and returns
 * CLI_EXIT_DATA. */
int cli_sum_parse(cli_sum *s, cli_engine *eng, const char *rules,
                  char **pos, size_t npos);
/* The game of component i. */
const grundy_game *cli_sum_game(const cli_sum *s, size_t i);
/* The rules spec of component i as the user wrote it. */
const char *cli_sum_written(const cli_sum *s, size_t i);
void cli_sum_clear(cli_sum *s);

/* Position text as the family writes it. */
void cli_pos_text(const grundy_game *g, grundy_pos p, char *buf, size_t cap);
/* The parts a move leaves: "3", "1+2", or "-" for nothing. */
void cli_parts_text(const grundy_game *g, const grundy_move *m, char *buf,
                    size_t cap);
/* A position in JSON: a number for plain decimal families, else a
 * string. */
void cli_pos_json(grundy_writer *w, const grundy_game *g, grundy_pos p);

/* The refusal of an exact search, explained. */
int cli_search_error(const char *cmd, grundy_status s, size_t limit);

#endif
