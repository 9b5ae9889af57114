/*
 * sum_cli.c -- sums on the command line, for analyze and play: the state
 * is the library's (grundy/play.h); this file names what is wrong with an
 * argument, and writes values and moves.
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

static void write_k(grundy_writer *w, const grundy_play_value *v,
                    const char *sep)
{
    size_t i;
    for (i = 0; i < v->nk; i++) {
        if (i)
            grundy_writer_str(w, sep);
        grundy_writer_u64(w, v->k[i]);
    }
}

void cli_value_text(grundy_writer *w, const grundy_play_value *v)
{
    if (!v->infinite) {
        grundy_writer_u64(w, v->value);
        return;
    }
    grundy_writer_str(w, "inf(");
    write_k(w, v, ",");
    grundy_writer_char(w, ')');
}

void cli_value_json(grundy_writer *w, const grundy_play_value *v)
{
    if (!v->infinite) {
        grundy_writer_u64(w, v->value);
        return;
    }
    grundy_writer_str(w, "{\"inf\": [");
    write_k(w, v, ", ");
    grundy_writer_str(w, "]}");
}

void cli_remoteness_json(grundy_writer *w, uint64_t r)
{
    if (r == GRUNDY_REMOTENESS_UNKNOWN)
        grundy_writer_str(w, "null");
    else if (r == GRUNDY_REMOTENESS_DRAW)
        grundy_writer_str(w, "\"draw\"");
    else
        grundy_writer_u64(w, r);
}

void cli_move_json(grundy_writer *w, const grundy_play *p,
                   const grundy_sum_move *m)
{
    const grundy_game *g = grundy_play_game_of(p, m->component);
    grundy_writer_str(w, "{\"component\": ");
    grundy_writer_u64(w, m->component + 1);
    grundy_writer_str(w, ", \"from\": ");
    cli_json_pos(w, g, m->from);
    grundy_writer_str(w, ", \"to\": ");
    cli_json_parts(w, g, &m->to);
}

void cli_components_json(grundy_writer *w, const grundy_play *p,
                         const grundy_sum_component *c, size_t n)
{
    size_t i;
    grundy_writer_char(w, '[');
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_values_game(c[i].values);
        grundy_writer_str(w, i ? ", {" : "{");
        cli_json_rules(w, grundy_play_spec_of(p, c[i].values), g);
        grundy_writer_str(w, ", \"position\": ");
        cli_json_pos(w, g, c[i].pos);
        grundy_writer_char(w, '}');
    }
    grundy_writer_char(w, ']');
}

void cli_played_json(grundy_writer *w, const grundy_play *p, size_t k,
                     const char *player)
{
    const grundy_sum_move *set;
    size_t n;
    const grundy_sum_component *at = grundy_play_position(p, k, &n);
    const grundy_game *g;
    grundy_play_history(p, k, &set);
    g = grundy_values_game(at[set[0].component].values);
    grundy_writer_str(w, "{\"player\": \"");
    grundy_writer_str(w, player);
    grundy_writer_str(w, "\", \"component\": ");
    grundy_writer_u64(w, set[0].component + 1);
    grundy_writer_str(w, ", \"from\": ");
    cli_json_pos(w, g, set[0].from);
    grundy_writer_str(w, ", \"to\": ");
    cli_json_parts(w, g, &set[0].to);
}

void cli_move_explained(grundy_writer *w, const grundy_play *p,
                        const grundy_sum_move *m)
{
    char buf[512];
    const grundy_game *g = grundy_play_game_of(p, m->component);
    grundy_writer_str(w, "component ");
    grundy_writer_u64(w, m->component + 1);
    grundy_writer_str(w, ": ");
    grundy_game_pos_format(g, m->from, buf, sizeof buf);
    grundy_writer_str(w, buf);
    grundy_writer_str(w, " -> ");
    grundy_play_parts_text(g, &m->to, buf, sizeof buf);
    grundy_writer_str(w, buf);
}

void cli_move_said(grundy_writer *w, const grundy_play *p,
                   const grundy_sum_move *m)
{
    char buf[512];
    grundy_play_move_text(p, m, 1, buf, sizeof buf);
    grundy_writer_str(w, buf);
    grundy_writer_str(w, " (");
    cli_move_explained(w, p, m);
    grundy_writer_char(w, ')');
}
