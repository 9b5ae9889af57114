/*
 * serve_play.c -- the routes of grundy serve that ask about a game state
 * (grundy/play.h): a sum given as rules and positions, or SPEC:POS each,
 * of finite games, boards and games with cycles, under normal or misere
 * play or Moore's Nim_k, as `grundy analyze` and `grundy play` read one.
 *   /api/analyze  grundy_play_analysis_write() = grundy analyze R P...
 *                 --json
 *   /api/moves    that analysis, and every legal move of the sum with the
 *                 value its component is left with, the outcome after it
 *                 and its remoteness (grundy_play_analyze() with
 *                 GRUNDY_SUM_EVERY), and for boards the cells it takes:
 *                 grundy_play_moves_write();
 *   /api/play     a step of play: the position, the player's move
 *                 (grundy_play_parse_move(), grundy_play_apply()), and
 *                 the perfect opponent's reply (grundy_play_best()):
 *                 grundy_play_step_write(), in the words of the
 *                 transcript of grundy play --json.
 * Nothing here decides a game or writes an answer: the library says what
 * wins, and writes it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"
#include "sum_cli.h"

#define SERVE_MAX_MOVES ((size_t)1 << 16) /* moves listed */
#define SERVE_MAX_COMPONENTS 64

/* The state of a request *************************************************/

/* misere=0|1, moore=K and heap-max=H, as --misere, --moore K and
 * --heap-max H. */
static int parse_opts(const serve_request *r, grundy_play_opts *po,
                      serve_error *err)
{
    uint64_t misere, moore, heap_max;
    int rc;
    grundy_play_opts_init(po);
    if ((rc = serve_param_u64(r, "misere", 0, 1, 0, &misere, err)) != 0 ||
        (rc = serve_param_u64(r, "moore", 1, GRUNDY_MOORE_KMAX, 0, &moore,
                              err)) != 0 ||
        (rc = serve_param_u64(r, "heap-max", 1,
                              GRUNDY_LOOPY_MAX_VERTICES - 1, 0, &heap_max,
                              err)) != 0)
        return rc;
    po->convention = misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
    po->moore_k = (unsigned)moore;
    po->heap_max = heap_max;
    return 0;
}

/* What grundy_play_read() asks of the server for each component: a spec
 * is checked for files before the library opens it (SPEC:POS; the rules
 * were checked when opened), and each game opened is kept in the
 * server's list. */
typedef struct reading {
    serve_ctx *c;
    grundy_session *s;
    const serve_param **param;
    int rules;
    serve_error *err;
    int rc;
} reading;

static grundy_status check_component(void *ctx, size_t i,
                                     const grundy_play_arg *a)
{
    reading *rd = ctx;
    if (!a->game) {
        if (!rd->rules &&
            (rd->rc = serve_param_reads_disk(rd->param[i], a->spec,
                                             rd->err)) != 0)
            return GRUNDY_ERR_ARG;
        return GRUNDY_OK;
    }
    if (serve_ctx_count(rd->c, rd->s, a->game) != GRUNDY_OK) {
        rd->rc = serve_status_error(rd->c, rd->err, GRUNDY_ERR_NOMEM,
                                    "the rules");
        return GRUNDY_ERR_NOMEM;
    }
    return GRUNDY_OK;
}

/* What is wrong with component f->at (parameter p), in the server's
 * words. */
static int component_error(serve_ctx *c, const char *rules,
                           const serve_param *p,
                           const grundy_play_read_fault *f, grundy_status rc,
                           serve_error *err)
{
    const grundy_play_arg *a = &f->arg;
    size_t col = a->where.col ? a->where.col : 1;
    size_t off = (size_t)(a->pos - p->value);
    if (rc == GRUNDY_ERR_NOMEM)
        return serve_status_error(
            c, err, rc, a->fault == GRUNDY_PLAY_ARG_RULES ? "the rules"
                                                          : "the sum");
    if (a->fault == GRUNDY_PLAY_ARG_FORM || a->fault == GRUNDY_PLAY_ARG_LONG)
        return serve_error_set(
            err, 400, "position", serve_param_col(p, 0),
            "position %zu '%s': expected SPEC:POS when no rules are "
            "given (as nim:5 or rect:2x2:11/01)",
            f->at + 1, p->value);
    if (a->fault == GRUNDY_PLAY_ARG_RULES)
        return serve_error_set(err, 400, p->name,
                               serve_param_col(p, col - 1),
                               "rules '%s' at column %zu: %s", a->spec, col,
                               a->where.msg[0] ? a->where.msg
                                               : grundy_strerror(rc));
    return serve_error_set(err, 400, "position",
                           serve_param_col(p, off + col - 1),
                           "position %zu '%s' at column %zu is not a "
                           "position of %s: %s",
                           f->at + 1, a->pos, col,
                           grundy_play_label(a->game, rules ? rules : a->spec),
                           a->where.msg[0] ? a->where.msg
                                           : grundy_strerror(rc));
}

/* The state of r on session s, with the options po; its graphs of games
 * with cycles solved. */
static int parse_state(serve_ctx *c, grundy_session *s,
                       const serve_request *r, const grundy_play_opts *po,
                       grundy_play **out, serve_error *err)
{
    const serve_param *rules = serve_param_get(r, "rules", NULL), *p;
    const serve_param *param[SERVE_MAX_COMPONENTS];
    const char *text[SERVE_MAX_COMPONENTS];
    const grundy_game *g;
    grundy_play_read_fault f;
    grundy_status st;
    reading rd = {c, s, param, rules != NULL, err, 0};
    size_t n = 0;
    int rc = 0;
    *out = NULL;
    for (p = serve_param_get(r, "position", NULL); p;
         p = serve_param_get(r, "position", p)) {
        if (n == SERVE_MAX_COMPONENTS)
            return serve_error_limit(err, 400, "components", "position",
                                     p->col,
                                     "more than %d positions: a sum here "
                                     "has at most %d",
                                     SERVE_MAX_COMPONENTS,
                                     SERVE_MAX_COMPONENTS);
        param[n] = p;
        text[n++] = p->value;
    }
    /* the family's error before any position's */
    if (rules && (rc = serve_param_game(c, s, rules, po->heap_max, &g,
                                        err)) != 0)
        return rc;
    st = grundy_play_new(out, s, po);
    if (st != GRUNDY_OK)
        return serve_status_error(c, err, st, "the sum");
    st = grundy_play_read(*out, rules ? rules->value : NULL, text, n,
                          check_component, &rd, &f);
    if (f.stage == GRUNDY_PLAY_READ_HOOK)
        rc = rd.rc;
    else if (f.stage == GRUNDY_PLAY_READ_ARG)
        rc = component_error(c, rules ? rules->value : NULL, param[f.at], &f,
                             st, err);
    else if (f.stage == GRUNDY_PLAY_READ_OPTION)
        rc = serve_error_set(err, 400, f.option,
                             serve_param_get(r, f.option, NULL)->col,
                             "%s is not available for loopy games",
                             f.option);
    else if (st == GRUNDY_ERR_LIMIT && f.arg.where.msg[0]) {
        rc = serve_error_limit(err, 422, "mem-limit", NULL, 0,
                               "%s: %s (--mem-limit)",
                               grundy_play_written(*out, f.at),
                               f.arg.where.msg);
    } else if (st != GRUNDY_OK) {
        rc = serve_status_error(c, err, st, grundy_play_written(*out, f.at));
    }
    if (rc) {
        grundy_play_free(*out);
        *out = NULL;
    }
    return rc;
}

/* The session a state lives on: the server's; under misere play a
 * session of the request's own (*own, cli_engine_session() makes it; the
 * caller frees own->session), as the misere quotient a values object
 * keeps grows with the sums asked, and its order is part of the answer:
 * each answer must be the command line's for the same question, whatever
 * came before. */
static int state_of(serve_ctx *c, const serve_request *r, cli_engine *own,
                    grundy_play **out, serve_error *err)
{
    grundy_play_opts po;
    grundy_session *s;
    cli_engine *eng = &c->eng;
    grundy_status st;
    int rc;
    own->session = NULL;
    *out = NULL;
    if ((rc = parse_opts(r, &po, err)) != 0)
        return rc;
    if (po.convention == GRUNDY_PLAY_MISERE) {
        *own = c->eng;
        own->session = NULL;
        own->store = NULL;
        eng = own;
    }
    st = cli_engine_session(eng, &s);
    if (st != GRUNDY_OK)
        return serve_status_error(c, err, st, "the session");
    return parse_state(c, s, r, &po, out, err);
}

/* The analysis of p as grundy analyze asks it (want), the errors as the
 * command line names them. */
static int analyze_state(serve_ctx *c, grundy_play *p, unsigned want,
                         grundy_play_analysis *an, serve_error *err)
{
    grundy_status st = grundy_play_analyze(an, p, want);
    if (st == GRUNDY_OK)
        return 0;
    if (an->sum.values_failed)
        return serve_status_error(c, err, st, "the component values");
    if (st == GRUNDY_ERR_LIMIT && an->sum.method == GRUNDY_SUM_BY_VALUES)
        return serve_error_limit(err, 422, "moves", NULL, 0,
                                 "a component has more than %zu moves, too "
                                 "many to list its winning moves",
                                 (size_t)GRUNDY_SUM_MAX_MOVES);
    if (st == GRUNDY_ERR_LIMIT && an->sum.method == GRUNDY_SUM_BY_SEARCH)
        return serve_error_limit(err, 422, "search-limit", NULL, 0,
                                 "this sum is too large for an exact "
                                 "search (more than %zu positions)",
                                 (size_t)GRUNDY_SUM_SEARCH_DEFAULT_STATES);
    return serve_status_error(c, err, st, "the analysis");
}

/* The routes ***************************************************************/

int serve_api_analyze(serve_ctx *c, const serve_request *r,
                      serve_reply *out, serve_error *err)
{
    cli_engine own;
    grundy_play *p;
    grundy_play_analysis an;
    serve_out o;
    int rc = state_of(c, r, &own, &p, err);
    memset(&an, 0, sizeof an);
    if (rc == 0)
        rc = analyze_state(c, p, GRUNDY_PLAY_WANT_JSON, &an, err);
    if (rc == 0 && serve_out_open(&o) != 0)
        rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    if (rc == 0) {
        grundy_play_analysis_write(&o.w, p, &an, 1);
        out->type = "application/json";
        if (serve_out_take(&o, out) != 0)
            rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    }
    grundy_play_analysis_clear(&an);
    grundy_play_free(p);
    grundy_session_free(own.session);
    return rc;
}

int serve_api_moves(serve_ctx *c, const serve_request *r, serve_reply *out,
                    serve_error *err)
{
    cli_engine own;
    grundy_play *p;
    grundy_play_analysis an, ev;
    size_t i, n, total = 0;
    int rc;
    grundy_status st = GRUNDY_OK;
    serve_out o;

    memset(&an, 0, sizeof an);
    memset(&ev, 0, sizeof ev);
    rc = state_of(c, r, &own, &p, err);
    if (rc == 0 && grundy_play_options(p)->moore_k) {
        const serve_param *m = serve_param_get(r, "moore", NULL);
        rc = serve_error_set(err, 400, "moore", m->col,
                             "a move of Nim_k changes several components: "
                             "/api/analyze gives a winning move set");
    }
    if (rc == 0) {
        const grundy_sum_component *cs = grundy_play_components(p, &n);
        for (i = 0; i < n && total <= SERVE_MAX_MOVES; i++) {
            const grundy_game *g = grundy_play_game_of(p, i);
            total += grundy_game_rules(g)->max_moves(grundy_game_params(g),
                                                     cs[i].pos);
        }
        if (total > SERVE_MAX_MOVES)
            rc = serve_error_limit(err, 422, "moves", NULL, 0,
                                   "the sum has more than %zu moves to "
                                   "list",
                                   SERVE_MAX_MOVES);
    }
    if (rc == 0)
        rc = analyze_state(c, p, GRUNDY_PLAY_WANT_JSON, &an, err);
    if (rc == 0 &&
        (st = grundy_play_analyze(&ev, p,
                                  GRUNDY_PLAY_WANT_JSON | GRUNDY_SUM_EVERY)) !=
            GRUNDY_OK)
        rc = serve_status_error(c, err, st, "the moves");
    if (rc == 0 && serve_out_open(&o) != 0)
        rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    if (rc == 0) {
        st = grundy_play_moves_write(&o.w, p, &an, &ev);
        if (st != GRUNDY_OK) {
            serve_out_drop(&o);
            rc = serve_status_error(c, err, st, "the moves");
        } else {
            out->type = "application/json";
            if (serve_out_take(&o, out) != 0)
                rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM,
                                        "the answer");
        }
    }
    grundy_play_analysis_clear(&an);
    grundy_play_analysis_clear(&ev);
    grundy_play_free(p);
    grundy_session_free(own.session);
    return rc;
}

/* The user's move (parameter mv) parsed by the library and played. */
static int play_move(serve_ctx *c, grundy_play *p, const serve_param *mv,
                     serve_error *err)
{
    grundy_parse_error where;
    grundy_status st;
    size_t col;
    memset(&where, 0, sizeof where);
    st = grundy_play_apply_text(p, mv->value, mv->len, &where);
    if (st == GRUNDY_OK)
        return 0;
    if (st == GRUNDY_ERR_NOMEM)
        return serve_status_error(c, err, st, "the move");
    col = where.col ? where.col : 1;
    return serve_error_set(err, 400, "move", serve_param_col(mv, col - 1),
                           "move '%s' at column %zu: %s", mv->value, col,
                           where.msg[0] ? where.msg : grundy_strerror(st));
}

int serve_api_play(serve_ctx *c, const serve_request *r, serve_reply *out,
                   serve_error *err)
{
    const serve_param *mv = serve_param_get(r, "move", NULL);
    cli_engine own;
    grundy_play *p;
    size_t replied = 0;
    uint64_t rem = GRUNDY_REMOTENESS_UNKNOWN;
    grundy_status st;
    serve_out o;
    int rc = state_of(c, r, &own, &p, err);
    if (rc == 0 && grundy_play_options(p)->moore_k) {
        const serve_param *m = serve_param_get(r, "moore", NULL);
        rc = serve_error_set(err, 400, "moore", m->col,
                             "/api/play plays the ordinary sum (normal, "
                             "misere, with cycles), not Nim_k");
    }
    if (rc == 0 && mv)
        rc = play_move(c, p, mv, err);
    if (rc == 0 && grundy_play_over(p, NULL) == GRUNDY_PLAY_ON &&
        (st = grundy_play_reply(p, &replied, &rem)) != GRUNDY_OK)
        rc = serve_status_error(c, err, st, "the reply");
    if (rc == 0 && serve_out_open(&o) != 0)
        rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    if (rc == 0) {
        grundy_play_step_write(&o.w, p, mv != NULL, replied != 0, rem);
        out->type = "application/json";
        if (serve_out_take(&o, out) != 0)
            rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    }
    grundy_play_free(p);
    grundy_session_free(own.session);
    return rc;
}
