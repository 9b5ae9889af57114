/*
 * cmd_analyze.c -- grundy analyze RULES POS...: the value of each
 * component, the nim-sum, the winner and every winning move of a sum;
 * Moore's Nim_k (--moore K) and misere play (--misere), by the known rule
 * for Nim heaps, the misere quotient for take-and-break games
 * (misere_cli.c) and an exact search of the sum otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loopy_cli.h"
#include "misere_cli.h"

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

static void write_method(grundy_writer *w, const char *rule, size_t states,
                         int json)
{
    if (json) {
        grundy_writer_str(w, ", \"method\": ");
        grundy_writer_str(w, rule ? "\"rule\"" : "\"search\"");
        if (!rule) {
            grundy_writer_str(w, ", \"positions_searched\": ");
            grundy_writer_u64(w, states);
        }
    } else if (rule) {
        grundy_writer_str(w, "method: ");
        grundy_writer_str(w, rule);
        grundy_writer_char(w, '\n');
    } else {
        grundy_writer_str(w, "method: exact search, ");
        grundy_writer_u64(w, states);
        grundy_writer_str(w, " positions\n");
    }
}

static int do_normal(const analyze_args *a, const cli_sum *s,
                     const grundy_value *v, grundy_writer *w)
{
    grundy_sum_move *m = NULL;
    size_t n = 0;
    grundy_value x = grundy_sum_nim_sum(v, s->n);
    grundy_status st = grundy_sum_winning_moves(&m, &n, s->comp, s->n, v);
    if (st == GRUNDY_ERR_LIMIT) {
        fprintf(stderr,
                "grundy: analyze: a component has more than %zu moves, too "
                "many to list its winning moves\n",
                (size_t)GRUNDY_SUM_MAX_MOVES);
        return CLI_EXIT_DATA;
    }
    if (st != GRUNDY_OK)
        return cli_error("analyze", st, NULL);
    write_components(w, s, v, a->json);
    if (a->json) {
        grundy_writer_str(w, ", \"value\": ");
        grundy_writer_u64(w, x);
        write_winner(w, x != 0, 1);
        grundy_writer_str(w, ", \"winning_moves\": ");
        write_moves(w, s, m, n, 1, 1);
        grundy_writer_str(w, "}\n");
    } else {
        grundy_writer_str(w, "nim-sum: ");
        grundy_writer_u64(w, x);
        grundy_writer_char(w, '\n');
        write_winner(w, x != 0, 0);
        grundy_writer_str(w, "winning moves: ");
        grundy_writer_u64(w, n);
        grundy_writer_char(w, '\n');
        write_moves(w, s, m, n, 0, 1);
    }
    free(m);
    return CLI_EXIT_OK;
}

/* A move of a Nim heap of the component's value, made in the family:
 * m->component and m->value (the heap's new size) in, from and to out. */
static grundy_status nim_move(grundy_sum_move *m, const cli_sum *s)
{
    const grundy_sum_component *c = &s->comp[m->component];
    int found;
    m->from = c->pos;
    GRUNDY_TRY(grundy_values_move_to(&m->to, &found, c->values, c->pos,
                                     m->value));
    return found ? GRUNDY_OK : GRUNDY_ERR_ARG;
}

static int do_moore(const analyze_args *a, const cli_sum *s,
                    const grundy_value *v, grundy_writer *w)
{
    grundy_sum_move *set = NULL;
    size_t nset = 0, states = 0, i;
    int first = 0;
    const char *rule = NULL;
    grundy_sum_search_result r;
    memset(&r, 0, sizeof r);

    if (!a->misere && grundy_sum_is_nim(s->comp, s->n)) {
        grundy_pos *h = malloc(s->n * sizeof *h);
        grundy_pos *to = malloc(s->n * sizeof *to);
        size_t *idx = malloc(s->n * sizeof *idx);
        grundy_status st = GRUNDY_ERR_NOMEM;
        set = calloc(s->n, sizeof *set);
        if (h && to && idx && set) {
            /* Nim heaps of the components' values */
            for (i = 0; i < s->n; i++)
                h[i] = v[i];
            st = grundy_sum_moore_nim(&first, idx, to, &nset, h, s->n,
                                      (unsigned)a->moore);
        }
        for (i = 0; st == GRUNDY_OK && i < nset; i++) {
            set[i].component = idx[i];
            set[i].value = to[i];
            st = nim_move(&set[i], s);
        }
        free(h);
        free(to);
        free(idx);
        if (st != GRUNDY_OK) {
            free(set);
            return cli_error("analyze", st, NULL);
        }
        rule = "Moore's rule for Nim heaps";
    } else {
        grundy_sum_search_opts so;
        grundy_status st;
        grundy_sum_search_opts_init(&so);
        so.moore_k = (unsigned)a->moore;
        so.max_states = a->search_limit;
        so.limits = &a->eng.limits;
        so.convention = a->misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
        st = grundy_sum_search(&r, s->comp, s->n, &so);
        if (st != GRUNDY_OK)
            return cli_search_error("analyze", st, a->search_limit);
        first = r.first_wins;
        set = r.best;
        nset = first ? r.nbest : 0;
        states = r.states;
    }
    write_components(w, s, v, a->json);
    if (a->json) {
        grundy_writer_str(w, ", \"moore_k\": ");
        grundy_writer_u64(w, a->moore);
        if (a->misere)
            grundy_writer_str(w, ", \"play\": \"misere\"");
        write_method(w, rule, states, 1);
        write_winner(w, first, 1);
        grundy_writer_str(w, ", \"winning_move_set\": ");
        write_moves(w, s, set, nset, 1, 0);
        grundy_writer_str(w, "}\n");
    } else {
        grundy_writer_str(w, "moore k: ");
        grundy_writer_u64(w, a->moore);
        grundy_writer_char(w, '\n');
        if (a->misere)
            grundy_writer_str(w, "play: misere\n");
        write_method(w, rule, states, 0);
        write_winner(w, first, 0);
        grundy_writer_str(w, "winning move set: ");
        grundy_writer_u64(w, nset);
        grundy_writer_str(w, nset == 1 ? " component\n" : " components\n");
        write_moves(w, s, set, nset, 0, 0);
    }
    if (rule)
        free(set);
    grundy_sum_search_result_clear(&r);
    return CLI_EXIT_OK;
}

static int do_misere(const analyze_args *a, const cli_sum *s,
                     const grundy_value *v, grundy_writer *w)
{
    grundy_sum_move *m = NULL;
    size_t n = 0, states = 0, i, order = 0;
    int first = 0;
    const char *rule = NULL;
    grundy_sum_search_result r;
    memset(&r, 0, sizeof r);

    if (!grundy_sum_is_nim(s->comp, s->n) &&
        cli_misere_quotient(s, &a->eng.limits, &first, &m, &n, &order)) {
        rule = "";
    } else if (grundy_sum_is_nim(s->comp, s->n)) {
        grundy_pos *h = malloc(s->n * sizeof *h);
        grundy_status st = GRUNDY_ERR_NOMEM;
        if (h) {
            for (i = 0; i < s->n; i++)
                h[i] = v[i];
            st = grundy_sum_misere_nim(&first, &m, &n, h, s->n);
        }
        for (i = 0; st == GRUNDY_OK && i < n; i++)
            st = nim_move(&m[i], s);
        free(h);
        if (st != GRUNDY_OK)
            return cli_error("analyze", st, NULL);
        rule = "misere Nim rule";
    } else {
        grundy_sum_search_opts so;
        grundy_status st;
        grundy_sum_search_opts_init(&so);
        so.convention = GRUNDY_PLAY_MISERE;
        so.max_states = a->search_limit;
        so.limits = &a->eng.limits;
        st = grundy_sum_search(&r, s->comp, s->n, &so);
        if (st != GRUNDY_OK)
            return cli_search_error("analyze", st, a->search_limit);
        first = r.first_wins;
        m = r.winning;
        n = r.nwinning;
        states = r.states;
    }
    write_components(w, s, v, a->json);
    if (a->json) {
        grundy_writer_str(w, ", \"play\": \"misere\"");
        if (order)
            cli_misere_method(w, order, 1);
        else
            write_method(w, rule, states, 1);
        write_winner(w, first, 1);
        grundy_writer_str(w, ", \"winning_moves\": ");
        write_moves(w, s, m, n, 1, 0);
        grundy_writer_str(w, "}\n");
    } else {
        grundy_writer_str(w, "play: misere\n");
        if (order)
            cli_misere_method(w, order, 0);
        else
            write_method(w, rule, states, 0);
        write_winner(w, first, 0);
        grundy_writer_str(w, "winning moves: ");
        grundy_writer_u64(w, n);
        grundy_writer_char(w, '\n');
        write_moves(w, s, m, n, 0, 0);
    }
    if (rule)
        free(m);
    grundy_sum_search_result_clear(&r);
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
            if (a.moore)
                rc = do_moore(&a, &s, v, &w);
            else if (a.misere)
                rc = do_misere(&a, &s, v, &w);
            else
                rc = do_normal(&a, &s, v, &w);
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
