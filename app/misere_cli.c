/*
 * misere_cli.c -- the game of `grundy misere` (see misere_cli.h).  The
 * quotients that decide misere sums for analyze and play are the
 * library's (grundy_sum_analyze).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "misere_cli.h"

int cli_misere_game_error(const char *cmd, const grundy_game *g,
                          grundy_status s)
{
    if (s == GRUNDY_ERR_ARG) {
        fprintf(stderr, "grundy: %s: '%s' has no move from any heap\n", cmd,
                grundy_game_spec(g));
        return CLI_EXIT_DATA;
    }
    return cli_error(cmd, s, NULL);
}

int cli_misere_game(const char *cmd, const char *spec, grundy_game **out)
{
    grundy_parse_error where;
    grundy_misere *q;
    grundy_status s;
    memset(&where, 0, sizeof where);
    s = grundy_game_new(out, spec, &where);
    if (s != GRUNDY_OK) {
        fprintf(stderr, "grundy: %s: rules '%s' at column %lu: %s\n", cmd,
                spec, where.col ? where.col : 1,
                where.msg[0] ? where.msg : grundy_strerror(s));
        return CLI_EXIT_DATA;
    }
    if (!(grundy_game_rules(*out)->flags & GRUNDY_RULES_MISERE)) {
        fprintf(stderr,
                "grundy: %s: '%s' is not a take-and-break game: give an "
                "octal or hexadecimal code (0.77, 4.07, 0.F7) or "
                "grundy-game\n",
                cmd, spec);
        grundy_game_free(*out);
        *out = NULL;
        return CLI_EXIT_DATA;
    }
    s = grundy_misere_new(&q, *out, NULL);
    grundy_misere_free(q);
    if (s != GRUNDY_OK) {
        int rc = cli_misere_game_error(cmd, *out, s);
        grundy_game_free(*out);
        *out = NULL;
        return rc;
    }
    return CLI_EXIT_OK;
}
