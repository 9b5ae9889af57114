/*
 * sum_cli.c -- sums on the command line, for analyze and play.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sum_cli.h"

static grundy_status add_game(cli_sum *s, const char *spec,
                              grundy_game **out, grundy_parse_error *where)
{
    size_t i;
    grundy_game **ng;
    char **nw, *copy;
    for (i = 0; i < s->ngames; i++)
        if (strcmp(s->written[i], spec) == 0) {
            *out = s->games[i];
            return GRUNDY_OK;
        }
    ng = realloc(s->games, (s->ngames + 1) * sizeof *ng);
    GRUNDY_RETURN_IF(!ng, GRUNDY_ERR_NOMEM);
    s->games = ng;
    nw = realloc(s->written, (s->ngames + 1) * sizeof *nw);
    GRUNDY_RETURN_IF(!nw, GRUNDY_ERR_NOMEM);
    s->written = nw;
    copy = malloc(strlen(spec) + 1);
    GRUNDY_RETURN_IF(!copy, GRUNDY_ERR_NOMEM);
    strcpy(copy, spec);
    {
        grundy_status st = grundy_game_new(out, spec, where);
        if (st != GRUNDY_OK) {
            free(copy);
            return st;
        }
    }
    s->written[s->ngames] = copy;
    s->games[s->ngames++] = *out;
    return GRUNDY_OK;
}

static int rules_error(const char *cmd, const char *spec, grundy_status st,
                       const grundy_parse_error *where)
{
    fprintf(stderr, "grundy: %s: rules '%s' at column %lu: %s\n", cmd, spec,
            where->col ? where->col : 1,
            where->msg[0] ? where->msg : grundy_strerror(st));
    return CLI_EXIT_DATA;
}

const grundy_game *cli_sum_game(const cli_sum *s, size_t i)
{
    return grundy_values_game(s->comp[i].values);
}

const char *cli_sum_written(const cli_sum *s, size_t i)
{
    const grundy_game *g = cli_sum_game(s, i);
    size_t k;
    for (k = 0; k < s->ngames; k++)
        if (s->games[k] == g)
            return s->written[k];
    return grundy_game_spec(g);
}

int cli_sum_parse(cli_sum *s, cli_engine *eng, const char *rules,
                  char **pos, size_t npos)
{
    const char *cmd = eng->cmd;
    grundy_game *g = NULL;
    grundy_parse_error where;
    grundy_status st;
    size_t i;

    memset(s, 0, sizeof *s);
    s->comp = calloc(npos ? npos : 1, sizeof *s->comp);
    s->cap = npos ? npos : 1;
    if (!s->comp)
        return cli_error(cmd, GRUNDY_ERR_NOMEM, NULL);
    if (rules) {
        memset(&where, 0, sizeof where);
        st = add_game(s, rules, &g, &where);
        if (st != GRUNDY_OK)
            return rules_error(cmd, rules, st, &where);
    }
    for (i = 0; i < npos; i++) {
        const char *text = pos[i];
        if (!rules) {
            const char *colon = strrchr(pos[i], ':');
            char spec[256];
            size_t sl;
            if (!colon || colon == pos[i]) {
                fprintf(stderr,
                        "grundy: %s: component %zu '%s': expected "
                        "SPEC:POS with --mix (as in nim:5 or "
                        "rect:2x2:11/01)\n",
                        cmd, i + 1, pos[i]);
                return CLI_EXIT_DATA;
            }
            sl = (size_t)(colon - pos[i]);
            if (sl >= sizeof spec) {
                fprintf(stderr, "grundy: %s: component %zu: the rules spec "
                                "is too long\n",
                        cmd, i + 1);
                return CLI_EXIT_DATA;
            }
            memcpy(spec, pos[i], sl);
            spec[sl] = 0;
            memset(&where, 0, sizeof where);
            st = add_game(s, spec, &g, &where);
            if (st != GRUNDY_OK)
                return rules_error(cmd, spec, st, &where);
            text = colon + 1;
        }
        memset(&where, 0, sizeof where);
        st = grundy_game_pos_parse(g, text, strlen(text), &s->comp[i].pos,
                                   &where);
        if (st != GRUNDY_OK) {
            fprintf(stderr,
                    "grundy: %s: component %zu: '%s' is not a position of "
                    "%s: %s\n",
                    cmd, i + 1, text, grundy_game_spec(g),
                    where.msg[0] ? where.msg : grundy_strerror(st));
            return CLI_EXIT_DATA;
        }
        st = cli_engine_values(eng, g, &s->comp[i].values);
        if (st != GRUNDY_OK)
            return cli_error(cmd, st, NULL);
        s->n++;
    }
    return CLI_EXIT_OK;
}

void cli_sum_clear(cli_sum *s)
{
    size_t i;
    for (i = 0; i < s->ngames; i++) {
        grundy_game_free(s->games[i]);
        free(s->written[i]);
    }
    free(s->games);
    free(s->written);
    free(s->comp);
    memset(s, 0, sizeof *s);
}

void cli_pos_text(const grundy_game *g, grundy_pos p, char *buf, size_t cap)
{
    size_t n = grundy_game_pos_format(g, p, buf, cap);
    if (n >= cap && cap > 4)
        strcpy(buf + cap - 4, "...");
}

void cli_parts_text(const grundy_game *g, const grundy_move *m, char *buf,
                    size_t cap)
{
    size_t len = 0;
    unsigned k;
    if (!m->nparts) {
        snprintf(buf, cap, "-");
        return;
    }
    buf[0] = 0;
    for (k = 0; k < m->nparts && len + 2 < cap; k++) {
        if (k)
            buf[len++] = '+';
        cli_pos_text(g, m->part[k], buf + len, cap - len);
        len += strlen(buf + len);
    }
}

void cli_pos_json(grundy_writer *w, const grundy_game *g, grundy_pos p)
{
    cli_json_pos(w, g, p);
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
    else
        fprintf(stderr, "grundy: %s: search: %s\n", cmd, grundy_strerror(s));
    return CLI_EXIT_DATA;
}
