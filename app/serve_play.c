/*
 * serve_play.c -- the routes of grundy serve that ask about a game state
 * (grundy/play.h): a sum given as rules and positions, or SPEC:POS each,
 * of finite games, boards and games with cycles, under normal or misere
 * play or Moore's Nim_k, as `grundy analyze` and `grundy play` read one.
 *   /api/analyze  cli_analyze_json() = grundy analyze R P... --json
 *   /api/moves    that analysis, and every legal move of the sum with the
 *                 value its component is left with, the outcome after it
 *                 and its remoteness (grundy_play_analyze() with
 *                 GRUNDY_SUM_EVERY), and for boards the cells it takes
 *                 (grundy_board_geometry_get());
 *   /api/play     a step of play: the position, the player's move
 *                 (grundy_play_parse_move(), grundy_play_apply()), and
 *                 the perfect opponent's reply (grundy_play_best()).
 * Nothing here decides a game: the library says what wins.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json_out.h"
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

/* Component i (parameter p) added to the state: of the family rules, or
 * SPEC:POS when rules is NULL. */
static int add_component(serve_ctx *c, grundy_session *s, grundy_play *st,
                         const char *rules, const serve_param *p, size_t i,
                         serve_error *err)
{
    const char *text = p->value, *spec = rules;
    const grundy_game *g;
    grundy_parse_error where;
    grundy_status rc;
    char buf[256];
    size_t off = 0;
    int e;
    if (!rules) {
        const char *colon = strrchr(p->value, ':');
        if (!colon || colon == p->value ||
            (size_t)(colon - p->value) >= sizeof buf)
            return serve_error_set(
                err, 400, "position", serve_param_col(p, 0),
                "position %zu '%s': expected SPEC:POS when no rules are "
                "given (as nim:5 or rect:2x2:11/01)",
                i + 1, p->value);
        memcpy(buf, p->value, (size_t)(colon - p->value));
        buf[colon - p->value] = 0;
        spec = buf;
        text = colon + 1;
        off = (size_t)(text - p->value);
    }
    if ((e = serve_param_game(c, s, p, spec, 0,
                              grundy_play_options(st)->heap_max, &g,
                              err)) != 0)
        return e;
    memset(&where, 0, sizeof where);
    rc = grundy_play_add(st, g, spec, text, &where);
    if (rc == GRUNDY_ERR_NOMEM)
        return serve_status_error(c, err, rc, "the sum");
    if (rc != GRUNDY_OK) {
        size_t col = where.col ? where.col : 1;
        return serve_error_set(err, 400, "position",
                               serve_param_col(p, off + col - 1),
                               "position %zu '%s' at column %zu is not a "
                               "position of %s: %s",
                               i + 1, text, col, grundy_play_label(g, spec),
                               where.msg[0] ? where.msg
                                            : grundy_strerror(rc));
    }
    return 0;
}

/* The state of r on session s, with the options po; its graphs of games
 * with cycles solved. */
static int parse_state(serve_ctx *c, grundy_session *s,
                       const serve_request *r, const grundy_play_opts *po,
                       grundy_play **out, serve_error *err)
{
    const serve_param *rules = serve_param_get(r, "rules", NULL), *p;
    const grundy_game *g;
    grundy_parse_error where;
    grundy_status st;
    size_t n = 0, at = 0;
    int rc = 0;
    *out = NULL;
    for (p = serve_param_get(r, "position", NULL); p;
         p = serve_param_get(r, "position", p))
        if (++n == SERVE_MAX_COMPONENTS + 1) {
            serve_error_set(err, 400, "position", p->col,
                            "more than %d positions: a sum here has at "
                            "most %d",
                            SERVE_MAX_COMPONENTS, SERVE_MAX_COMPONENTS);
            err->limit = "components";
            return 400;
        }
    /* the family's error before any position's */
    if (rules && (rc = serve_param_game(c, s, rules, rules->value, 0,
                                        po->heap_max, &g, err)) != 0)
        return rc;
    st = grundy_play_new(out, s, po);
    if (st != GRUNDY_OK)
        return serve_status_error(c, err, st, "the sum");
    n = 0;
    for (p = serve_param_get(r, "position", NULL); p && !rc;
         p = serve_param_get(r, "position", p))
        rc = add_component(c, s, *out, rules ? rules->value : NULL, p, n++,
                           err);
    if (!rc && grundy_play_refused_option(*out)) {
        const char *name = grundy_play_refused_option(*out);
        rc = serve_error_set(err, 400, name,
                             serve_param_get(r, name, NULL)->col,
                             "%s is not available for loopy games", name);
    }
    if (!rc) {
        st = grundy_play_prepare(*out, &at, &where);
        if (st == GRUNDY_ERR_LIMIT && where.msg[0]) {
            serve_error_set(err, 422, NULL, 0, "%s: %s (--mem-limit)",
                            grundy_play_written(*out, at), where.msg);
            err->limit = "mem-limit";
            rc = 422;
        } else if (st != GRUNDY_OK) {
            rc = serve_status_error(c, err, st,
                                    grundy_play_written(*out, at));
        }
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
    if (st == GRUNDY_ERR_LIMIT && an->sum.method == GRUNDY_SUM_BY_VALUES) {
        serve_error_set(err, 422, NULL, 0,
                        "a component has more than %zu moves, too many to "
                        "list its winning moves",
                        (size_t)GRUNDY_SUM_MAX_MOVES);
        err->limit = "moves";
        return 422;
    }
    if (st == GRUNDY_ERR_LIMIT && an->sum.method == GRUNDY_SUM_BY_SEARCH) {
        serve_error_set(err, 422, NULL, 0,
                        "this sum is too large for an exact search (more "
                        "than %zu positions)",
                        (size_t)GRUNDY_SUM_SEARCH_DEFAULT_STATES);
        err->limit = "search-limit";
        return 422;
    }
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
        rc = analyze_state(c, p, CLI_ANALYZE_JSON, &an, err);
    if (rc == 0 && serve_out_open(&o) != 0)
        rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    if (rc == 0) {
        cli_analyze_json(&o.w, p, &an);
        out->type = "application/json";
        if (serve_out_take(&o, out) != 0)
            rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    }
    grundy_play_analysis_clear(&an);
    grundy_play_free(p);
    grundy_session_free(own.session);
    return rc;
}

static void write_cells(grundy_writer *w, uint64_t set)
{
    unsigned i, first = 1;
    grundy_writer_char(w, '[');
    for (i = 0; i < 64; i++)
        if (set >> i & 1) {
            if (!first)
                grundy_writer_str(w, ", ");
            first = 0;
            grundy_writer_u64(w, i);
        }
    grundy_writer_char(w, ']');
}

static void write_coord(grundy_writer *w, double x)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.4g", x);
    grundy_writer_str(w, buf);
}

/* How component i's position is drawn (grundy_board_geometry_get()). */
static void write_board(grundy_writer *w, size_t i,
                        const grundy_board_geometry *geo)
{
    static const char *const marks[] = {"board", "domino", "vertex",
                                        "corner"};
    unsigned k;
    grundy_writer_str(w, "{\"component\": ");
    grundy_writer_u64(w, i + 1);
    grundy_writer_str(w, ", \"grid\": ");
    grundy_writer_str(w, geo->grid ? "true" : "false");
    grundy_writer_str(w, ", \"rows\": ");
    grundy_writer_u64(w, geo->rows);
    grundy_writer_str(w, ", \"cols\": ");
    grundy_writer_u64(w, geo->cols);
    grundy_writer_str(w, ", \"ncells\": ");
    grundy_writer_u64(w, geo->ncells);
    grundy_writer_str(w, ", \"cells\": ");
    write_cells(w, geo->cells);
    grundy_writer_str(w, ", \"marked\": ");
    write_cells(w, geo->marked);
    grundy_writer_str(w, ", \"mark\": \"");
    grundy_writer_str(w, (unsigned)geo->mark < 4 ? marks[geo->mark]
                                                 : "board");
    grundy_writer_str(w, "\", \"xy\": [");
    for (k = 0; k < geo->ncells; k++) {
        grundy_writer_str(w, k ? ", [" : "[");
        write_coord(w, geo->x[k]);
        grundy_writer_str(w, ", ");
        write_coord(w, geo->y[k]);
        grundy_writer_char(w, ']');
    }
    grundy_writer_str(w, "], \"adj\": [");
    for (k = 0; k < geo->ncells; k++) {
        if (k)
            grundy_writer_str(w, ", ");
        write_cells(w, geo->grid ? 0 : geo->adj[k]);
    }
    grundy_writer_str(w, "]}");
}


/* The outcome of a move for the player who makes it. */
static const char *outcome_name(unsigned char after)
{
    return after == GRUNDY_SUM_AFTER_LOSS   ? "\"win\""
           : after == GRUNDY_SUM_AFTER_WIN  ? "\"lose\""
           : after == GRUNDY_SUM_AFTER_DRAW ? "\"draw\""
                                            : "null";
}

/* The value component m->component is left with by move m: the
 * library's under normal play (v); under misere play, where the analysis
 * uses no values, the parts' values added as the library adds them. */
static grundy_status move_value(grundy_writer *w, grundy_play *p,
                                const grundy_sum_move *m,
                                const grundy_play_value *v)
{
    size_t n;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    grundy_value pv[GRUNDY_MAX_PARTS];
    unsigned k;
    if (grundy_play_options(p)->convention == GRUNDY_PLAY_NORMAL) {
        cli_value_json(w, v);
        return GRUNDY_OK;
    }
    for (k = 0; k < m->to.nparts; k++)
        GRUNDY_TRY(grundy_values_get(&pv[k], c[m->component].values,
                                     m->to.part[k]));
    grundy_writer_u64(w, grundy_sum_nim_sum(pv, m->to.nparts));
    return GRUNDY_OK;
}

/* Every move of the sum (ev: the analysis with GRUNDY_SUM_EVERY): where
 * it goes, the value its component is left with, its outcome and
 * remoteness, and on a board the cells it takes. */
static grundy_status write_every(grundy_writer *w, grundy_play *p,
                                 const grundy_play_analysis *ev,
                                 grundy_board_geometry *geo)
{
    grundy_board_geometry *cg = geo + 1;
    grundy_status st = GRUNDY_OK;
    size_t i;
    for (i = 0; st == GRUNDY_OK && i < ev->sum.nmoves; i++) {
        const grundy_sum_move *m = &ev->sum.moves[i];
        const grundy_game *g = grundy_play_game_of(p, m->component);
        int board = grundy_game_rules(g)->geometry != NULL;
        unsigned char after = ev->sum.move_outcome[i];
        uint64_t left = 0;
        unsigned k;
        if (board)
            st = grundy_board_geometry_get(geo, g, m->from);
        for (k = 0; board && st == GRUNDY_OK && k < m->to.nparts; k++) {
            st = grundy_board_geometry_get(cg, g, m->to.part[k]);
            left |= cg->cells;
        }
        if (st != GRUNDY_OK)
            break;
        if (i)
            grundy_writer_str(w, ", ");
        cli_move_json(w, p, m);
        grundy_writer_str(w, ", \"value\": ");
        if ((st = move_value(w, p, m, &ev->move_value[i])) != GRUNDY_OK)
            break;
        grundy_writer_str(w, ", \"outcome\": ");
        grundy_writer_str(w, outcome_name(after));
        grundy_writer_str(w, after == GRUNDY_SUM_AFTER_LOSS
                                 ? ", \"wins\": true"
                                 : ", \"wins\": false");
        grundy_writer_str(w, ", \"remoteness\": ");
        cli_remoteness_json(w, ev->sum.move_remoteness[i]);
        if (board) {
            grundy_writer_str(w, ", \"cells\": ");
            write_cells(w, geo->cells & ~left);
        }
        grundy_writer_char(w, '}');
    }
    return st;
}

/* How each board component of p is drawn. */
static grundy_status write_boards(grundy_writer *w, grundy_play *p,
                                  grundy_board_geometry *geo)
{
    size_t n, i, nboards = 0;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    grundy_status st = GRUNDY_OK;
    for (i = 0; st == GRUNDY_OK && i < n; i++) {
        const grundy_game *g = grundy_play_game_of(p, i);
        if (!grundy_game_rules(g)->geometry)
            continue;
        st = grundy_board_geometry_get(geo, g, c[i].pos);
        if (st != GRUNDY_OK)
            break;
        if (nboards++)
            grundy_writer_str(w, ", ");
        write_board(w, i, geo);
    }
    return st;
}

int serve_api_moves(serve_ctx *c, const serve_request *r, serve_reply *out,
                    serve_error *err)
{
    cli_engine own;
    grundy_play *p;
    grundy_play_analysis an, ev;
    grundy_board_geometry *geo = NULL;
    size_t i, n, total = 0;
    int rc;
    grundy_status st = GRUNDY_OK;
    serve_out o;
    off_t end;

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
        if (total > SERVE_MAX_MOVES) {
            serve_error_set(err, 422, NULL, 0,
                            "the sum has more than %zu moves to list",
                            SERVE_MAX_MOVES);
            err->limit = "moves";
            rc = 422;
        }
    }
    if (rc == 0)
        rc = analyze_state(c, p, CLI_ANALYZE_JSON, &an, err);
    if (rc == 0 &&
        (st = grundy_play_analyze(&ev, p,
                                  CLI_ANALYZE_JSON | GRUNDY_SUM_EVERY)) !=
            GRUNDY_OK)
        rc = serve_status_error(c, err, st, "the moves");
    if (rc == 0 &&
        (!(geo = calloc(2, sizeof *geo)) || serve_out_open(&o) != 0))
        rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    if (rc == 0) {
        /* the analysis, as /api/analyze answers it, without its newline */
        grundy_writer_str(&o.w, "{\"analysis\": ");
        cli_analyze_json(&o.w, p, &an);
        if (grundy_writer_flush(&o.w) == GRUNDY_OK &&
            (end = lseek(o.fd, 0, SEEK_CUR)) > 0) {
            (void)!ftruncate(o.fd, end - 1);
            (void)lseek(o.fd, end - 1, SEEK_SET);
        }
        grundy_writer_str(&o.w, ", \"moves\": [");
        st = write_every(&o.w, p, &ev, geo);
        grundy_writer_str(&o.w, "], \"boards\": [");
        if (st == GRUNDY_OK)
            st = write_boards(&o.w, p, geo);
        grundy_writer_str(&o.w, "]}\n");
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
    free(geo);
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
    grundy_sum_move set[GRUNDY_PLAY_MAX_SET];
    grundy_parse_error where;
    size_t n = 0;
    grundy_status st;
    memset(&where, 0, sizeof where);
    st = grundy_play_parse_move(p, mv->value, mv->len, set,
                                GRUNDY_PLAY_MAX_SET, &n, &where);
    if (st == GRUNDY_ERR_NOMEM)
        return serve_status_error(c, err, st, "the move");
    if (st != GRUNDY_OK) {
        size_t col = where.col ? where.col : 1;
        return serve_error_set(err, 400, "move",
                               serve_param_col(mv, col - 1),
                               "move '%s' at column %zu: %s", mv->value, col,
                               where.msg[0] ? where.msg
                                            : grundy_strerror(st));
    }
    st = grundy_play_apply(p, set, n);
    return st == GRUNDY_OK ? 0 : serve_status_error(c, err, st, "the move");
}

/* The perfect opponent's reply, played: the best move of the sum with
 * its remoteness (*rem); past the limits of that, grundy_play_best()'s
 * move as grundy play makes it (*rem unknown).  *n 0: no move. */
static int play_reply(serve_ctx *c, grundy_play *p, size_t *n, uint64_t *rem,
                      serve_error *err)
{
    grundy_sum_move set[GRUNDY_PLAY_MAX_SET];
    grundy_play_analysis an;
    grundy_status st =
        grundy_play_analyze(&an, p, GRUNDY_SUM_BEST | GRUNDY_SUM_REMOTENESS);
    *n = 0;
    *rem = GRUNDY_REMOTENESS_UNKNOWN;
    if (st == GRUNDY_OK) {
        *n = an.sum.nbest;
        if (*n)
            memcpy(set, an.sum.best, *n * sizeof *set);
        *rem = an.sum.best_remoteness;
    }
    grundy_play_analysis_clear(&an);
    if (st == GRUNDY_ERR_LIMIT || st == GRUNDY_ERR_WORK)
        st = grundy_play_best(p, set, n, NULL, NULL);
    if (st == GRUNDY_OK && *n)
        st = grundy_play_apply(p, set, *n);
    return st == GRUNDY_OK ? 0 : serve_status_error(c, err, st, "the reply");
}

/* The step as JSON, in the words of grundy play --json: the components
 * now, the moves of this step (the user's, the computer's with its
 * remoteness), how the game stands and who won when it has ended. */
static void write_step(grundy_writer *w, grundy_play *p, int moved,
                       size_t replied, uint64_t rem)
{
    size_t n, k = 0;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    int misere = grundy_play_options(p)->convention == GRUNDY_PLAY_MISERE;
    grundy_play_end e = grundy_play_over(p, NULL);
    /* the player to move now: the user after a reply, else the
     * computer (who had no move to reply with) */
    int user_to_move = replied != 0;
    grundy_writer_str(w, "{\"components\": ");
    cli_components_json(w, p, c, n);
    grundy_writer_str(w, misere ? ", \"play\": \"misere\""
                                : ", \"play\": \"normal\"");
    grundy_writer_str(w, ", \"moves\": [");
    if (moved) {
        cli_played_json(w, p, k++, "user");
        grundy_writer_char(w, '}');
    }
    if (replied) {
        if (k)
            grundy_writer_str(w, ", ");
        cli_played_json(w, p, k, "computer");
        grundy_writer_str(w, ", \"remoteness\": ");
        cli_remoteness_json(w, rem);
        grundy_writer_char(w, '}');
    }
    grundy_writer_str(w, "], \"end\": ");
    if (e == GRUNDY_PLAY_NO_MOVE) {
        /* the player to move has none: lost, or won under misere play */
        grundy_writer_str(w, "\"no move\", \"winner\": ");
        grundy_writer_str(w, user_to_move == misere ? "\"user\""
                                                    : "\"computer\"");
    } else if (e == GRUNDY_PLAY_REPEATED) {
        grundy_writer_str(w, "\"draw declared\", \"winner\": null");
    } else {
        grundy_writer_str(w, "null, \"winner\": null");
    }
    grundy_writer_str(w, "}\n");
}

int serve_api_play(serve_ctx *c, const serve_request *r, serve_reply *out,
                   serve_error *err)
{
    const serve_param *mv = serve_param_get(r, "move", NULL);
    cli_engine own;
    grundy_play *p;
    size_t replied = 0;
    uint64_t rem = GRUNDY_REMOTENESS_UNKNOWN;
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
    if (rc == 0 && grundy_play_over(p, NULL) == GRUNDY_PLAY_ON)
        rc = play_reply(c, p, &replied, &rem, err);
    if (rc == 0 && serve_out_open(&o) != 0)
        rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    if (rc == 0) {
        write_step(&o.w, p, mv != NULL, replied, rem);
        out->type = "application/json";
        if (serve_out_take(&o, out) != 0)
            rc = serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    }
    grundy_play_free(p);
    grundy_session_free(own.session);
    return rc;
}
