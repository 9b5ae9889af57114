/*
 * sum_cli.c -- sums on the command line, for analyze and play: the state
 * is the library's (grundy/play.h), and so are its writers; this file
 * names what is wrong with an argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sum_cli.h"

/* What is wrong with component f->at (arg), named. */
static int component_error(const char *cmd, const char *rules,
                           const char *arg, const grundy_play_read_fault *f,
                           grundy_status st)
{
    const grundy_play_arg *a = &f->arg;
    const char *why = a->where.msg[0] ? a->where.msg : grundy_strerror(st);
    if (a->fault == GRUNDY_PLAY_ARG_FORM)
        fprintf(stderr,
                "grundy: %s: component %zu '%s': expected SPEC:POS with "
                "--mix (as in nim:5 or rect:2x2:11/01)\n",
                cmd, f->at + 1, arg);
    else if (a->fault == GRUNDY_PLAY_ARG_LONG)
        fprintf(stderr,
                "grundy: %s: component %zu: the rules spec is too long\n",
                cmd, f->at + 1);
    else if (a->fault == GRUNDY_PLAY_ARG_RULES)
        fprintf(stderr, "grundy: %s: rules '%s' at column %lu: %s\n", cmd,
                rules ? rules : a->spec, a->where.col ? a->where.col : 1,
                why);
    else if (a->where.msg[0] || st == GRUNDY_ERR_PARSE ||
             st == GRUNDY_ERR_RANGE)
        fprintf(stderr,
                "grundy: %s: component %zu: '%s' is not a position of %s: "
                "%s\n",
                cmd, f->at + 1, a->pos,
                grundy_play_label(a->game, rules ? rules : a->spec), why);
    else
        return cli_error(cmd, st, NULL);
    return CLI_EXIT_DATA;
}

int cli_play_state(grundy_play **out, cli_engine *eng, const char *rules,
                   char **pos, size_t npos, const grundy_play_opts *o)
{
    grundy_session *s;
    grundy_play *p;
    grundy_play_read_fault f;
    grundy_status st;
    int rc = CLI_EXIT_OK;

    *out = NULL;
    st = cli_engine_session(eng, &s);
    if (st == GRUNDY_OK)
        st = grundy_play_new(&p, s, o);
    if (st != GRUNDY_OK)
        return cli_error(eng->cmd, st, NULL);
    cli_progress_attach(grundy_session_limits(s), eng->cmd);
    st = grundy_play_read(p, rules, (const char *const *)pos, npos, NULL,
                          NULL, &f);
    cli_progress_done();
    if (f.stage == GRUNDY_PLAY_READ_ARG)
        rc = component_error(eng->cmd, rules, pos[f.at], &f, st);
    else if (f.stage == GRUNDY_PLAY_READ_OPTION)
        rc = cli_usage_error(eng->cmd, "--%s is not available for loopy games",
                             f.option);
    else if (st == GRUNDY_ERR_LIMIT && f.arg.where.msg[0]) {
        fprintf(stderr, "grundy: %s: %s: %s (--mem-limit)\n", eng->cmd,
                grundy_play_written(p, f.at), f.arg.where.msg);
        rc = CLI_EXIT_DATA;
    } else if (st != GRUNDY_OK) {
        rc = cli_engine_error(eng, grundy_play_written(p, f.at), st);
        rc = rc ? rc : CLI_EXIT_DATA;
    }
    if (rc) {
        grundy_play_free(p);
        return rc;
    }
    *out = p;
    return CLI_EXIT_OK;
}
