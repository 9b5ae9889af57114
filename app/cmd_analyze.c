/*
 * cmd_analyze.c -- grundy analyze RULES POS...: the value of each
 * component, the value of the sum, the winner and every winning move;
 * Moore's Nim_k (--moore K), misere play (--misere), and games with cycles
 * (the winner may be a draw: the moves that keep it), mixed with finite
 * games or not.  The library decides (grundy/play.h over
 * grundy_sum_analyze: the values, Moore's rule, the misere quotient,
 * misere Nim's rule, an exact search, or Smith's rule for games with
 * cycles); this file parses the command and prints the answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_out.h"
#include "sum_cli.h"

typedef struct analyze_args {
    const char *rules;
    cli_list arg; /* the arguments: RULES (unless --mix), then POS... */
    char **pos;   /* POS... */
    size_t npos;
    int json, mix, misere;
    grundy_play_opts po;
    uint64_t moore, heap_max, search_limit;
    cli_engine eng;
} analyze_args;

#define AT(m) offsetof(analyze_args, m)
static const cli_opt analyze_opts[] = {
    {.type = CLI_OPT_ARG, .name = "RULES POS...", .field = AT(arg),
     .flags = CLI_OPT_MANY},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_FLAG, .name = "--mix", .field = AT(mix),
     .help = "components of different families: each argument is\n"
             "SPEC:POS, split at its last ':' (digits:12,\n"
             "rect:2x2:11/01, 0.77:10, addsub:4,5:2:7)"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object: components (rules, canonical,\n"
             "position, value), value, winner (\"first\" or \"second\"),\n"
             "winning_moves (component, from, to, value,\n"
             "remoteness: the moves to the end after it, the move\n"
             "included, when the winner hurries and the loser\n"
             "holds out; \"draw\", or null past the search's limits)"},
    {.type = CLI_OPT_U64, .name = "--moore", .meta = "K", .field = AT(moore),
     .lo = 1, .hi = GRUNDY_MOORE_KMAX,
     .help = "Moore's Nim_k: a move changes 1..K components\n"
             "(1 <= K <= 63).  Prints the winner and one winning\n"
             "move set (JSON: moore_k, method, winner,\n"
             "winning_move_set).  Nim heaps use Moore's rule;\n"
             "other families an exact search."},
    {.type = CLI_OPT_FLAG, .name = "--misere", .field = AT(misere),
     .help = "misere play: the player who cannot move wins.  Nim\n"
             "heaps use the misere Nim rule; heaps of one\n"
             "take-and-break game its misere quotient (method:\n"
             "misere quotient (order N); when the quotient of\n"
             "heaps up to the largest has at most 1024 elements\n"
             "and the heaps are at most 20000); other families an\n"
             "exact search of the sum.  Prints the winner and\n"
             "every winning move (JSON: play, method, winner,\n"
             "winning_moves; quotient_order with the quotient)."},
    {.type = CLI_OPT_U64, .name = "--search-limit", .meta = "N",
     .field = AT(search_limit), .lo = 1, .hi = (uint64_t)1 << 32,
     .help = "the exact search refuses sums with more than N\n"
             "positions (default 1048576); exit status 1"},
    {.type = CLI_OPT_U64, .name = "--heap-max", .meta = "H",
     .field = AT(heap_max), .lo = 1, .hi = GRUNDY_LOOPY_MAX_VERTICES - 1,
     .help = "the bound of a family with cycles whose spec has\n"
             "none (addsub:S:A: heaps 0..H, as addsub:S:A:H)"},
    {.type = CLI_OPT_RENAMED, .name = "--max", .meta = "--heap-max",
     .need = CLI_MAX_IS_COUNTS},
    {.type = CLI_OPT_END},
};
#undef AT

const cli_optset cli_analyze_opts = {"analyze", analyze_opts,
                                     CLI_AT(analyze_args, eng), 1, 0};

static int parse_args(int argc, char **argv, analyze_args *a,
                      char **positional)
{
    int rc;
    memset(a, 0, sizeof *a);
    cli_engine_init(&a->eng, "analyze");
    grundy_play_opts_init(&a->po);
    a->arg.v = positional;
    rc = cli_opts_parse(&cli_analyze_opts, a, argc, argv);
    if (rc)
        return rc;
    if (a->misere)
        a->po.convention = GRUNDY_PLAY_MISERE;
    a->po.max_states = (size_t)a->search_limit;
    a->po.moore_k = (unsigned)a->moore;
    a->po.heap_max = a->heap_max;
    a->pos = a->arg.v;
    a->npos = a->arg.n;
    if (!a->mix) {
        if (!a->npos)
            return cli_usage_error("analyze", "missing RULES");
        a->rules = a->pos[0];
        a->pos++;
        a->npos--;
    }
    if (!a->npos)
        return cli_usage_error("analyze", "missing positions (POS...)");
    return 0;
}

/* Text and JSON ************************************************************/

typedef struct out {
    grundy_writer *w;
    grundy_play *p;
    const grundy_play_analysis *an;
    int json, loopy, misere;
    uint64_t moore;
} out;

static void write_components(const out *o)
{
    char buf[256];
    size_t n, i;
    const grundy_sum_component *c = grundy_play_components(o->p, &n);
    grundy_writer *w = o->w;
    if (o->json)
        grundy_writer_str(w, "{\"components\": [");
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_play_game_of(o->p, i);
        if (o->json) {
            grundy_writer_str(w, i ? ", {" : "{");
            cli_json_rules(w, grundy_play_written(o->p, i), g);
            grundy_writer_str(w, ", \"position\": ");
            cli_json_pos(w, g, c[i].pos);
            grundy_writer_str(w, ", \"value\": ");
            cli_value_json(w, &o->an->component[i]);
            grundy_writer_char(w, '}');
        } else {
            grundy_writer_str(w, "component ");
            grundy_writer_u64(w, i + 1);
            grundy_writer_str(w, ": ");
            grundy_writer_str(w,
                              grundy_play_label(g, grundy_play_written(o->p, i)));
            grundy_writer_char(w, ' ');
            grundy_game_pos_format(g, c[i].pos, buf, sizeof buf);
            grundy_writer_str(w, buf);
            grundy_writer_str(w, ", value ");
            cli_value_text(w, &o->an->component[i]);
            grundy_writer_char(w, '\n');
        }
    }
    if (o->json)
        grundy_writer_char(w, ']');
}

/* The moves listed: text lines "  component C: FROM -> TO[, value V]" or
 * a JSON array with each move's remoteness. */
static void write_moves(const out *o, int with_value)
{
    const grundy_sum_result *r = &o->an->sum;
    grundy_writer *w = o->w;
    size_t i;
    if (o->json)
        grundy_writer_char(w, '[');
    for (i = 0; i < r->nmoves; i++) {
        const grundy_sum_move *m = &r->moves[i];
        if (o->json) {
            if (i)
                grundy_writer_str(w, ", ");
            cli_move_json(w, o->p, m);
            if (with_value) {
                grundy_writer_str(w, ", \"value\": ");
                cli_value_json(w, &o->an->move_value[i]);
            }
            grundy_writer_str(w, ", \"remoteness\": ");
            cli_remoteness_json(w, r->move_remoteness[i]);
            grundy_writer_char(w, '}');
        } else {
            grundy_writer_str(w, "  ");
            cli_move_explained(w, o->p, m);
            if (with_value) {
                grundy_writer_str(w, ", value ");
                cli_value_text(w, &o->an->move_value[i]);
            }
            grundy_writer_char(w, '\n');
        }
    }
    if (o->json)
        grundy_writer_char(w, ']');
}

static const char *winner(const grundy_sum_result *r)
{
    return r->draw ? "draw" : r->first_wins ? "first" : "second";
}

/* How the library decided: "method: ..." or its JSON fields. */
static void write_method(const out *o)
{
    const grundy_sum_result *r = &o->an->sum;
    grundy_writer *w = o->w;
    int json = o->json;
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

/* The answer, as text or JSON: the nim-sum and winning moves (normal
 * play), the sum's value, winner and the moves that win or keep the draw
 * (games with cycles), the winning move set (--moore), or the misere
 * winner and winning moves with the method. */
static void write_sum(const out *o)
{
    const grundy_sum_result *r = &o->an->sum;
    grundy_writer *w = o->w;
    int normal = !o->moore && !o->misere;
    int draw = o->loopy && r->draw;
    write_components(o);
    if (o->json) {
        if (o->moore) {
            grundy_writer_str(w, ", \"moore_k\": ");
            grundy_writer_u64(w, o->moore);
        }
        if (normal) {
            grundy_writer_str(w, ", \"value\": ");
            cli_value_json(w, &o->an->value);
        } else {
            if (o->misere)
                grundy_writer_str(w, ", \"play\": \"misere\"");
            write_method(o);
        }
        grundy_writer_str(w, ", \"winner\": \"");
        grundy_writer_str(w, winner(r));
        grundy_writer_str(w, o->moore ? "\", \"winning_move_set\": "
                                      : "\", \"winning_moves\": ");
        if (draw)
            grundy_writer_str(w, "[], \"drawing_moves\": ");
        write_moves(o, normal);
        if (o->loopy && !draw)
            grundy_writer_str(w, ", \"drawing_moves\": []");
        grundy_writer_str(w, "}\n");
        return;
    }
    if (o->moore) {
        grundy_writer_str(w, "moore k: ");
        grundy_writer_u64(w, o->moore);
        grundy_writer_char(w, '\n');
    }
    if (o->loopy) {
        grundy_writer_str(w, "value: ");
        cli_value_text(w, &o->an->value);
        grundy_writer_char(w, '\n');
    } else if (normal) {
        grundy_writer_str(w, "nim-sum: ");
        cli_value_text(w, &o->an->value);
        grundy_writer_char(w, '\n');
    } else {
        if (o->misere)
            grundy_writer_str(w, "play: misere\n");
        write_method(o);
    }
    grundy_writer_str(w, "winner: ");
    grundy_writer_str(w, winner(r));
    grundy_writer_str(w, draw       ? "\nmoves that keep the draw: "
                         : o->moore ? "\nwinning move set: "
                                    : "\nwinning moves: ");
    grundy_writer_u64(w, r->nmoves);
    grundy_writer_str(w, !o->moore          ? "\n"
                         : r->nmoves == 1 ? " component\n"
                                          : " components\n");
    write_moves(o, normal);
}

/* The answer written as text or JSON. */
static void write_answer(grundy_writer *w, grundy_play *p,
                         const grundy_play_analysis *an, int json)
{
    const grundy_play_opts *po = grundy_play_options(p);
    out o;
    memset(&o, 0, sizeof o);
    o.w = w;
    o.p = p;
    o.an = an;
    o.json = json;
    o.loopy = an->sum.method == GRUNDY_SUM_BY_LOOPY;
    o.misere = po->convention == GRUNDY_PLAY_MISERE;
    o.moore = po->moore_k;
    write_sum(&o);
}

/* The object `grundy analyze --json` prints (json_out.h). */
void cli_analyze_json(grundy_writer *w, grundy_play *p,
                      const grundy_play_analysis *an)
{
    write_answer(w, p, an, 1);
}

/* Ask the library and print its answer. */
static int do_sum(const analyze_args *a, grundy_play *p, grundy_writer *w)
{
    grundy_play_analysis an;
    grundy_status st;
    st = grundy_play_analyze(&an, p,
                             a->json ? CLI_ANALYZE_JSON : CLI_ANALYZE_TEXT);
    cli_progress_done();
    if (st != GRUNDY_OK) {
        grundy_sum_method m = an.sum.method;
        int of_values = an.sum.values_failed;
        grundy_play_analysis_clear(&an);
        if (of_values)
            return st == GRUNDY_ERR_CANCELLED || st == GRUNDY_ERR_LIMIT ||
                           st == GRUNDY_ERR_WORK
                       ? cli_engine_error(&a->eng, "component values", st)
                       : cli_error("analyze: component values", st, NULL);
        if (st == GRUNDY_ERR_LIMIT && m == GRUNDY_SUM_BY_VALUES) {
            fprintf(stderr,
                    "grundy: analyze: a component has more than %zu moves, "
                    "too many to list its winning moves\n",
                    (size_t)GRUNDY_SUM_MAX_MOVES);
            return CLI_EXIT_DATA;
        }
        if (m == GRUNDY_SUM_BY_SEARCH)
            return cli_search_error("analyze", st,
                                    a->po.max_states
                                        ? a->po.max_states
                                        : GRUNDY_SUM_SEARCH_DEFAULT_STATES);
        return st == GRUNDY_ERR_CANCELLED || st == GRUNDY_ERR_LIMIT ||
                       st == GRUNDY_ERR_WORK
                   ? cli_engine_error(&a->eng, "the analysis", st)
                   : cli_error("analyze", st, NULL);
    }
    write_answer(w, p, &an, a->json);
    grundy_play_analysis_clear(&an);
    return CLI_EXIT_OK;
}

int cmd_analyze(int argc, char **argv)
{
    analyze_args a;
    grundy_play *p = NULL;
    grundy_writer w;
    char **positional = calloc((size_t)argc + 1, sizeof *positional);
    int rc;

    if (!positional)
        return cli_error("analyze", GRUNDY_ERR_NOMEM, NULL);
    rc = parse_args(argc, argv, &a, positional);
    if (rc) {
        free(positional);
        return rc;
    }
    cli_catch_signals();
    rc = cli_play_state(&p, &a.eng, a.mix ? NULL : a.rules, a.pos, a.npos,
                        &a.po);
    if (rc == CLI_EXIT_OK && grundy_play_refused_option(p))
        rc = cli_usage_error("analyze",
                             "--%s is not available for loopy games",
                             grundy_play_refused_option(p));
    if (rc == CLI_EXIT_OK) {
        if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
            rc = cli_error("analyze", GRUNDY_ERR_NOMEM, NULL);
        } else {
            rc = do_sum(&a, p, &w);
            if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
                rc = cli_write_error("analyze", &w);
        }
    }
    grundy_play_free(p);
    cli_engine_clear(&a.eng);
    free(positional);
    return rc;
}
