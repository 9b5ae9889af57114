/*
 * sum_cli.c -- sums on the command line, for analyze and play: the state
 * is the library's (grundy/play.h), and so are its writers; this file
 * names what is wrong with an argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sum_cli.h"

/* The component's game: "rules 'SPEC' at column C: ..." when it is bad. */
static int open_game(const grundy_game **g, cli_engine *eng,
                     grundy_session *s, const char *spec, uint64_t heap_max)
{
    grundy_parse_error where;
    grundy_status st;
    memset(&where, 0, sizeof where);
    st = grundy_play_game(g, s, spec, heap_max, &where);
    if (st == GRUNDY_OK)
        return CLI_EXIT_OK;
    fprintf(stderr, "grundy: %s: rules '%s' at column %lu: %s\n", eng->cmd,
            spec, where.col ? where.col : 1,
            where.msg[0] ? where.msg : grundy_strerror(st));
    return CLI_EXIT_DATA;
}

/* Component i (pos[i]) added to the state. */
static int add_component(grundy_play *p, cli_engine *eng, grundy_session *s,
                         const char *rules, const char *arg, size_t i,
                         uint64_t heap_max)
{
    const char *cmd = eng->cmd, *text = arg, *spec = rules;
    const grundy_game *g;
    grundy_parse_error where;
    grundy_status st;
    char buf[256];
    int rc;
    if (!rules) {
        const char *colon = strrchr(arg, ':');
        size_t sl;
        if (!colon || colon == arg) {
            fprintf(stderr,
                    "grundy: %s: component %zu '%s': expected SPEC:POS with "
                    "--mix (as in nim:5 or rect:2x2:11/01)\n",
                    cmd, i + 1, arg);
            return CLI_EXIT_DATA;
        }
        sl = (size_t)(colon - arg);
        if (sl >= sizeof buf) {
            fprintf(stderr,
                    "grundy: %s: component %zu: the rules spec is too long\n",
                    cmd, i + 1);
            return CLI_EXIT_DATA;
        }
        memcpy(buf, arg, sl);
        buf[sl] = 0;
        spec = buf;
        text = colon + 1;
    }
    if ((rc = open_game(&g, eng, s, spec, heap_max)) != 0)
        return rc;
    memset(&where, 0, sizeof where);
    st = grundy_play_add(p, g, spec, text, &where);
    if (st == GRUNDY_OK)
        return CLI_EXIT_OK;
    if (where.msg[0] || st == GRUNDY_ERR_PARSE || st == GRUNDY_ERR_RANGE)
        fprintf(stderr,
                "grundy: %s: component %zu: '%s' is not a position of %s: "
                "%s\n",
                cmd, i + 1, text, grundy_play_label(g, spec),
                where.msg[0] ? where.msg : grundy_strerror(st));
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
    const grundy_game *g;

    *out = NULL;
    st = cli_engine_session(eng, &s);
    if (st == GRUNDY_OK)
        st = grundy_play_new(&p, s, o);
    if (st != GRUNDY_OK)
        return cli_error(eng->cmd, st, NULL);
    if (rules) /* the family's error before any position's */
        rc = open_game(&g, eng, s, rules, o->heap_max);
    for (i = 0; i < npos && !rc; i++)
        rc = add_component(p, eng, s, rules, pos[i], i, o->heap_max);
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

int cli_search_error(const char *cmd, grundy_status s, size_t limit)
{
    if (s == GRUNDY_ERR_LIMIT)
        fprintf(stderr,
                "grundy: %s: this sum is too large for an exact search "
                "(more than %zu positions, or a component with more than "
                "%zu moves); use smaller positions or raise "
                "--search-limit\n",
                cmd, limit, (size_t)GRUNDY_SUM_MAX_MOVES);
    else if (s == GRUNDY_ERR_WORK)
        return cli_error(cmd, s, NULL);
    else
        fprintf(stderr, "grundy: %s: search: %s\n", cmd, grundy_strerror(s));
    return CLI_EXIT_DATA;
}
