/*
 * cmd_analyze.c -- grundy analyze RULES POS...: the value of each
 * component, the nim-sum, the winner and every winning move of a sum;
 * Moore's Nim_k (--moore K) and misere play (--misere).  The library
 * decides (grundy_sum_analyze: the values, Moore's rule, the misere
 * quotient, misere Nim's rule or an exact search); this file parses the
 * command and prints the answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_out.h"
#include "loopy_cli.h"
#include "sum_cli.h"

typedef struct analyze_args {
    const char *rules;
    char **pos;
    size_t npos;
    int json, mix, misere;
    uint64_t moore;
    size_t search_limit;
    cli_engine eng;
} analyze_args;

static int parse_args(int argc, char **argv, analyze_args *a,
                      char **positional)
{
    int i, only_pos = 0;
    const char *v;
    size_t np = 0;
    uint64_t lim;
    memset(a, 0, sizeof *a);
    cli_engine_init(&a->eng, "analyze");
    a->search_limit = GRUNDY_SUM_SEARCH_DEFAULT_STATES;
    for (i = 1; i < argc; i++) {
        const char *s = argv[i];
        int e;
        if (!only_pos && s[0] == '-' && s[1] == '-' &&
            (e = cli_engine_option(&a->eng, argc, argv, &i)) != 0) {
            if (e < 0)
                return CLI_EXIT_USAGE;
            continue;
        }
        if (only_pos || s[0] != '-' || s[1] != '-') {
            positional[np++] = argv[i];
        } else if (strcmp(s, "--") == 0) {
            only_pos = 1;
        } else if (strcmp(s, "--json") == 0) {
            a->json = 1;
        } else if (strcmp(s, "--mix") == 0) {
            a->mix = 1;
        } else if (strcmp(s, "--misere") == 0) {
            a->misere = 1;
        } else if (cli_opt_value(argc, argv, &i, "--moore", &v)) {
            if (cli_parse_u64("analyze", "--moore", v, 1, GRUNDY_MOORE_KMAX,
                              &a->moore))
                return CLI_EXIT_USAGE;
        } else if (cli_opt_value(argc, argv, &i, "--search-limit", &v)) {
            if (cli_parse_u64("analyze", "--search-limit", v, 1,
                              (uint64_t)1 << 32, &lim))
                return CLI_EXIT_USAGE;
            a->search_limit = (size_t)lim;
        } else {
            return cli_usage_error("analyze", "unknown option '%s'", s);
        }
    }
    if (!a->mix) {
        if (!np)
            return cli_usage_error("analyze", "missing RULES");
        a->rules = positional[0];
        positional++;
        np--;
    }
    if (!np)
        return cli_usage_error("analyze", "missing positions (POS...)");
    a->pos = positional;
    a->npos = np;
    return 0;
}

static void write_components(grundy_writer *w, const cli_sum *s,
                             const grundy_value *v, int json)
{
    char buf[256];
    size_t i;
    if (json)
        grundy_writer_str(w, "{\"components\": [");
    for (i = 0; i < s->n; i++) {
        const grundy_game *g = cli_sum_game(s, i);
        if (json) {
            grundy_writer_str(w, i ? ", {" : "{");
            cli_json_rules(w, cli_sum_written(s, i), g);
            grundy_writer_str(w, ", \"position\": ");
            cli_pos_json(w, g, s->comp[i].pos);
            grundy_writer_str(w, ", \"value\": ");
            grundy_writer_u64(w, v[i]);
            grundy_writer_char(w, '}');
        } else {
            grundy_writer_str(w, "component ");
            grundy_writer_u64(w, i + 1);
            grundy_writer_str(w, ": ");
            grundy_writer_str(w, grundy_game_spec(g));
            grundy_writer_char(w, ' ');
            cli_pos_text(g, s->comp[i].pos, buf, sizeof buf);
            grundy_writer_str(w, buf);
            grundy_writer_str(w, ", value ");
            grundy_writer_u64(w, v[i]);
            grundy_writer_char(w, '\n');
        }
    }
    if (json)
        grundy_writer_char(w, ']');
}

/* A list of moves: text lines "  component C: FROM -> TO[, value V]" or
 * a JSON array. */
static void write_moves(grundy_writer *w, const cli_sum *s,
                        const grundy_sum_move *m, size_t n, int json,
                        int with_value)
{
    char buf[512];
    size_t i;
    if (json)
        grundy_writer_char(w, '[');
    for (i = 0; i < n; i++) {
        const grundy_game *g = cli_sum_game(s, m[i].component);
        if (json) {
            grundy_writer_str(w, i ? ", {\"component\": " : "{\"component\": ");
            grundy_writer_u64(w, m[i].component + 1);
            grundy_writer_str(w, ", \"from\": ");
            cli_pos_json(w, g, m[i].from);
            grundy_writer_str(w, ", \"to\": ");
            cli_json_parts(w, g, &m[i].to);
            if (with_value) {
                grundy_writer_str(w, ", \"value\": ");
                grundy_writer_u64(w, m[i].value);
            }
            grundy_writer_char(w, '}');
        } else {
            grundy_writer_str(w, "  component ");
            grundy_writer_u64(w, m[i].component + 1);
            grundy_writer_str(w, ": ");
            cli_pos_text(g, m[i].from, buf, sizeof buf);
            grundy_writer_str(w, buf);
            grundy_writer_str(w, " -> ");
            cli_parts_text(g, &m[i].to, buf, sizeof buf);
            grundy_writer_str(w, buf);
            if (with_value) {
                grundy_writer_str(w, ", value ");
                grundy_writer_u64(w, m[i].value);
            }
            grundy_writer_char(w, '\n');
        }
    }
    if (json)
        grundy_writer_char(w, ']');
}

static void write_winner(grundy_writer *w, int first, int json)
{
    if (json) {
        grundy_writer_str(w, ", \"winner\": ");
        grundy_writer_str(w, first ? "\"first\"" : "\"second\"");
    } else {
        grundy_writer_str(w, first ? "winner: first\n" : "winner: second\n");
    }
}

/* How the library decided: "method: ..." or its JSON fields. */
static void write_method(grundy_writer *w, const grundy_sum_result *r,
                         int json)
{
    const char *rule = r->method == GRUNDY_SUM_BY_RULE
                           ? "Moore's rule for Nim heaps"
                       : r->method == GRUNDY_SUM_BY_MISERE_NIM
                           ? "misere Nim rule"
                           : NULL;
    if (r->method == GRUNDY_SUM_BY_QUOTIENT) {
        grundy_writer_str(w, json ? ", \"method\": \"quotient\", "
                                    "\"quotient_order\": "
                                  : "method: misere quotient (order ");
        grundy_writer_u64(w, r->quotient_order);
        if (!json)
            grundy_writer_str(w, ")\n");
    } else if (json) {
        grundy_writer_str(w, ", \"method\": ");
        grundy_writer_str(w, rule ? "\"rule\"" : "\"search\"");
        if (!rule) {
            grundy_writer_str(w, ", \"positions_searched\": ");
            grundy_writer_u64(w, r->states);
        }
    } else if (rule) {
        grundy_writer_str(w, "method: ");
        grundy_writer_str(w, rule);
        grundy_writer_char(w, '\n');
    } else {
        grundy_writer_str(w, "method: exact search, ");
        grundy_writer_u64(w, r->states);
        grundy_writer_str(w, " positions\n");
    }
}

/* The library's answer, as text or JSON: the nim-sum and winning moves
 * (normal play), the winning move set (--moore), or the misere winner
 * and winning moves with the method. */
static void write_sum(grundy_writer *w, const analyze_args *a,
                      const cli_sum *s, const grundy_value *v,
                      const grundy_sum_result *r)
{
    int normal = !a->moore && !a->misere, json = a->json;
    write_components(w, s, v, json);
    if (json) {
        if (a->moore) {
            grundy_writer_str(w, ", \"moore_k\": ");
            grundy_writer_u64(w, a->moore);
        }
        if (normal) {
            grundy_writer_str(w, ", \"value\": ");
            grundy_writer_u64(w, r->value);
        } else {
            if (a->misere)
                grundy_writer_str(w, ", \"play\": \"misere\"");
            write_method(w, r, 1);
        }
        write_winner(w, r->first_wins, 1);
        grundy_writer_str(w, a->moore ? ", \"winning_move_set\": "
                                      : ", \"winning_moves\": ");
        write_moves(w, s, r->moves, r->nmoves, 1, normal);
        grundy_writer_str(w, "}\n");
        return;
    }
    if (a->moore) {
        grundy_writer_str(w, "moore k: ");
        grundy_writer_u64(w, a->moore);
        grundy_writer_char(w, '\n');
    }
    if (normal) {
        grundy_writer_str(w, "nim-sum: ");
        grundy_writer_u64(w, r->value);
        grundy_writer_char(w, '\n');
    } else {
        if (a->misere)
            grundy_writer_str(w, "play: misere\n");
        write_method(w, r, 0);
    }
    write_winner(w, r->first_wins, 0);
    grundy_writer_str(w, a->moore ? "winning move set: " : "winning moves: ");
    grundy_writer_u64(w, r->nmoves);
    grundy_writer_str(w, !a->moore          ? "\n"
                         : r->nmoves == 1 ? " component\n"
                                          : " components\n");
    write_moves(w, s, r->moves, r->nmoves, 0, normal);
}

/* The library's answer for the sum (json_out.h). */
grundy_status cli_analyze_sum(grundy_sum_result *r, const cli_sum *s,
                              const grundy_value *v, int misere,
                              uint64_t moore, size_t search_limit,
                              const grundy_limits *limits)
{
    grundy_sum_opts o;
    grundy_sum_opts_init(&o);
    o.convention = misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
    o.moore_k = (unsigned)moore;
    o.max_states = search_limit;
    o.limits = limits;
    return grundy_sum_analyze(r, s->comp, s->n, v, &o);
}

/* The object `grundy analyze --json` prints for that answer
 * (json_out.h). */
void cli_analyze_json(grundy_writer *w, const cli_sum *s,
                      const grundy_value *v, const grundy_sum_result *r,
                      int misere, uint64_t moore)
{
    analyze_args a;
    memset(&a, 0, sizeof a);
    a.json = 1;
    a.misere = misere;
    a.moore = moore;
    write_sum(w, &a, s, v, r);
}

/* Ask the library and print its answer. */
static int do_sum(const analyze_args *a, const cli_sum *s,
                  const grundy_value *v, grundy_writer *w)
{
    grundy_sum_result r;
    grundy_status st;
    st = cli_analyze_sum(&r, s, v, a->misere, a->moore, a->search_limit,
                         &a->eng.limits);
    cli_progress_done();
    if (st != GRUNDY_OK) {
        grundy_sum_method m = r.method;
        grundy_sum_result_clear(&r);
        if (st == GRUNDY_ERR_LIMIT && m == GRUNDY_SUM_BY_VALUES) {
            fprintf(stderr,
                    "grundy: analyze: a component has more than %zu moves, "
                    "too many to list its winning moves\n",
                    (size_t)GRUNDY_SUM_MAX_MOVES);
            return CLI_EXIT_DATA;
        }
        return m == GRUNDY_SUM_BY_SEARCH
                   ? cli_search_error("analyze", st, a->search_limit)
                   : cli_error("analyze", st, NULL);
    }
    write_sum(w, a, s, v, &r);
    grundy_sum_result_clear(&r);
    return CLI_EXIT_OK;
}

int cmd_analyze(int argc, char **argv)
{
    analyze_args a;
    cli_sum s;
    grundy_value *v = NULL;
    grundy_writer w;
    grundy_status st;
    char **positional = calloc((size_t)argc + 1, sizeof *positional);
    int rc;

    if (!positional)
        return cli_error("analyze", GRUNDY_ERR_NOMEM, NULL);
    if (loopy_cli_claims(argc, argv)) { /* games with cycles */
        free(positional);
        return loopy_cli_analyze(argc, argv);
    }
    rc = parse_args(argc, argv, &a, positional);
    if (rc) {
        free(positional);
        return rc;
    }
    cli_catch_signals();
    rc = cli_sum_parse(&s, &a.eng, a.mix ? NULL : a.rules, a.pos, a.npos);
    if (rc == CLI_EXIT_OK) {
        v = malloc(s.n * sizeof *v);
        st = v ? grundy_sum_values(v, s.comp, s.n) : GRUNDY_ERR_NOMEM;
        cli_progress_done();
        if (st != GRUNDY_OK)
            rc = st == GRUNDY_ERR_CANCELLED || st == GRUNDY_ERR_LIMIT
                     ? cli_engine_error(&a.eng, "component values", st)
                     : cli_error("analyze: component values", st, NULL);
    }
    if (rc == CLI_EXIT_OK) {
        if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
            rc = cli_error("analyze", GRUNDY_ERR_NOMEM, NULL);
        } else {
            rc = do_sum(&a, &s, v, &w);
            if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
                rc = cli_write_error("analyze", &w);
        }
    }
    free(v);
    cli_sum_clear(&s);
    cli_engine_clear(&a.eng);
    free(positional);
    return rc;
}
