/*
 * sum_cli.c -- sums on the command line, for analyze and play: the state
 * is the library's (grundy/play.h), and so are its writers; this file
 * names what is wrong with an argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sum_cli.h"

/* Component i (pos[i]) added to the state, its errors named. */
static int add_component(grundy_play *p, const char *cmd, const char *rules,
                         const char *arg, size_t i)
{
    grundy_play_arg a;
    grundy_status st = grundy_play_add_arg(p, rules, arg, &a);
    const char *why = a.where.msg[0] ? a.where.msg : grundy_strerror(st);
    if (st == GRUNDY_OK)
        return CLI_EXIT_OK;
    if (a.fault == GRUNDY_PLAY_ARG_FORM)
        fprintf(stderr,
                "grundy: %s: component %zu '%s': expected SPEC:POS with "
                "--mix (as in nim:5 or rect:2x2:11/01)\n",
                cmd, i + 1, arg);
    else if (a.fault == GRUNDY_PLAY_ARG_LONG)
        fprintf(stderr,
                "grundy: %s: component %zu: the rules spec is too long\n",
                cmd, i + 1);
    else if (a.fault == GRUNDY_PLAY_ARG_RULES)
        fprintf(stderr, "grundy: %s: rules '%s' at column %lu: %s\n", cmd,
                rules ? rules : a.spec, a.where.col ? a.where.col : 1, why);
    else if (a.where.msg[0] || st == GRUNDY_ERR_PARSE ||
             st == GRUNDY_ERR_RANGE)
        fprintf(stderr,
                "grundy: %s: component %zu: '%s' is not a position of %s: "
                "%s\n",
                cmd, i + 1, a.pos,
                grundy_play_label(a.game, rules ? rules : a.spec), why);
    else
        return cli_error(cmd, st, NULL);
    return CLI_EXIT_DATA;
}

int cli_play_state(grundy_play **out, cli_engine *eng, const char *rules,
                   char **pos, size_t npos, const grundy_play_opts *o)
{
    grundy_session *s;
    grundy_play *p;
    grundy_parse_error where;
    grundy_status st;
    size_t i, at = 0;
    int rc = CLI_EXIT_OK;

    *out = NULL;
    st = cli_engine_session(eng, &s);
    if (st == GRUNDY_OK)
        st = grundy_play_new(&p, s, o);
    if (st != GRUNDY_OK)
        return cli_error(eng->cmd, st, NULL);
    /* the family's error comes first: component 1 opens it */
    for (i = 0; i < npos && !rc; i++)
        rc = add_component(p, eng->cmd, rules, pos[i], i);
    if (!rc) {
        cli_progress_attach(grundy_session_limits(s), eng->cmd);
        st = grundy_play_prepare(p, &at, &where);
        cli_progress_done();
        if (st == GRUNDY_ERR_LIMIT && where.msg[0])
            fprintf(stderr, "grundy: %s: %s: %s (--mem-limit)\n", eng->cmd,
                    grundy_play_written(p, at), where.msg);
        else if (st != GRUNDY_OK)
            rc = cli_engine_error(eng, grundy_play_written(p, at), st);
        if (st != GRUNDY_OK && !rc)
            rc = CLI_EXIT_DATA;
    }
    if (rc) {
        grundy_play_free(p);
        return rc;
    }
    *out = p;
    return CLI_EXIT_OK;
}
