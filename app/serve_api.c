/*
 * serve_api.c -- the answers of grundy serve's API.
 *
 * Each route parses its parameters with the library's parsers (rules,
 * positions, numbers; an error keeps the column the parser gives, moved
 * to the request target), asks the library, and writes the answer with
 * the writer the command line uses for the same question (json_out.h):
 *   /api/values   grundy_format_values_json() = grundy values R --upto N --json
 *   /api/plot     cli_plot_svg()      = grundy plot R ... -o -
 *   /api/survey   cli_survey_json()   = grundy survey S --upto N --json,
 *                 bounded (64 codes, tables to 10^5)
 * and the routes of a game state (/api/analyze, /api/moves, /api/play)
 * in serve_play.c.  Nothing here decides a game.
 *
 * The writers write to a file descriptor: here a memory file
 * (memfd_create), read back into the reply.  One session serves every
 * request (the store, the tables kept between requests), one computation
 * at a time under the context's lock; its progress callback stops a
 * computation at the time limit or when the server is stopping.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "json_out.h"
#include "serve.h"

/* Bounds of one answer. */
#define SERVE_MAX_VALUES (UINT64_C(1) << 21) /* values listed */
#define SERVE_SURVEY_CODES 64                   /* codes of a survey */
#define SERVE_SURVEY_UPTO UINT64_C(100000)      /* and its tables */

double serve_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The library's progress callback: stop at the deadline, or when the
 * server is stopping. */
static int serve_progress(void *ctx, const grundy_progress *p)
{
    serve_ctx *c = ctx;
    (void)p;
    if (c->stopping && *c->stopping)
        return 1;
    if (c->deadline > 0 && serve_now() > c->deadline) {
        c->timed_out = 1;
        return 1;
    }
    return 0;
}

void serve_ctx_init(serve_ctx *c)
{
    memset(c, 0, sizeof *c);
    cli_engine_init(&c->eng, "serve");
    c->eng.limits.progress = serve_progress;
    c->eng.limits.progress_ctx = c;
    c->eng.limits.interval_ms = 20;
    c->time_limit = 10;
    pthread_mutex_init(&c->lock, NULL);
}

/* Free the session (its games with it). */
static void ctx_restart(serve_ctx *c)
{
    grundy_session_free(c->eng.session);
    c->eng.session = NULL;
    c->eng.store = NULL;
    c->ngames = 0;
}

void serve_ctx_clear(serve_ctx *c)
{
    ctx_restart(c);
    free(c->games);
    cli_engine_clear(&c->eng);
    pthread_mutex_destroy(&c->lock);
}

/* Game g of session s kept in the server's list when s is the server's
 * session (serve_answer() begins a new session before the list fills). */
grundy_status serve_ctx_count(serve_ctx *c, grundy_session *s,
                              const grundy_game *g)
{
    size_t i;
    if (s != c->eng.session)
        return GRUNDY_OK;
    for (i = 0; i < c->ngames; i++)
        if (c->games[i] == g)
            return GRUNDY_OK;
    if (!c->games &&
        !(c->games = calloc(SERVE_MAX_GAMES, sizeof *c->games)))
        return GRUNDY_ERR_NOMEM;
    if (c->ngames < SERVE_MAX_GAMES) /* serve_answer() keeps room */
        c->games[c->ngames++] = g;
    return GRUNDY_OK;
}

/* Replies *****************************************************************/

int serve_out_open(serve_out *o)
{
    o->fd = memfd_create("grundy-serve", MFD_CLOEXEC);
    if (o->fd < 0)
        return -1;
    if (grundy_writer_init(&o->w, o->fd) != GRUNDY_OK) {
        close(o->fd);
        return -1;
    }
    return 0;
}

/* Flush, read the file into out->body, close.  0 or -1. */
int serve_out_take(serve_out *o, serve_reply *out)
{
    struct stat st;
    size_t done = 0;
    int bad = grundy_writer_clear(&o->w) != GRUNDY_OK ||
              fstat(o->fd, &st) != 0;
    out->body = bad ? NULL : malloc((size_t)st.st_size + 1);
    while (out->body && done < (size_t)st.st_size) {
        ssize_t k = pread(o->fd, out->body + done, (size_t)st.st_size - done,
                          (off_t)done);
        if (k <= 0) {
            free(out->body);
            out->body = NULL;
            break;
        }
        done += (size_t)k;
    }
    close(o->fd);
    out->len = done;
    return out->body ? 0 : -1;
}

void serve_out_drop(serve_out *o)
{
    o->w.fd = -1;
    (void)grundy_writer_clear(&o->w);
    close(o->fd);
}

int serve_error_reply(const serve_error *err, serve_reply *out)
{
    serve_out o;
    if (serve_out_open(&o) != 0)
        return -1;
    grundy_writer_str(&o.w, "{\"error\": ");
    cli_json_str(&o.w, err->msg);
    if (err->param[0]) {
        grundy_writer_str(&o.w, ", \"parameter\": ");
        cli_json_str(&o.w, err->param);
    }
    if (err->col) {
        grundy_writer_str(&o.w, ", \"column\": ");
        grundy_writer_u64(&o.w, err->col);
    }
    if (err->limit) {
        grundy_writer_str(&o.w, ", \"limit\": ");
        cli_json_str(&o.w, err->limit);
    }
    grundy_writer_str(&o.w, "}\n");
    out->status = err->status;
    out->type = "application/json";
    return serve_out_take(&o, out);
}

/* A library status as a refusal: the limit it passed, or what failed. */
int serve_status_error(serve_ctx *c, serve_error *err, grundy_status st,
                        const char *what)
{
    if (st == GRUNDY_ERR_CANCELLED && c->timed_out) {
        serve_error_limit(err, 422, "time-limit", NULL, 0,
                          "%s took longer than the time limit of %g s "
                          "(--time-limit)",
                          what, c->time_limit);
    } else if (st == GRUNDY_ERR_CANCELLED) {
        serve_error_set(err, 503, NULL, 0, "the server is stopping");
    } else if (st == GRUNDY_ERR_LIMIT) {
        serve_error_limit(err, 422, "mem-limit", NULL, 0,
                          "%s needs more memory than the limit "
                          "(--mem-limit)",
                          what);
    } else if (st == GRUNDY_ERR_WORK) {
        char msg[sizeof err->msg];
        cli_work_text(msg, sizeof msg, &c->eng, what);
        serve_error_limit(err, 422, "work-limit", NULL, 0, "%s", msg);
    } else if (st == GRUNDY_ERR_NOMEM) {
        serve_error_set(err, 500, NULL, 0, "%s: %s", what,
                        grundy_strerror(st));
    } else {
        serve_error_set(err, 422, NULL, 0, "%s: %s", what,
                        grundy_strerror(st));
    }
    return err->status;
}

/* The answer written to o, of status st, as the reply of Content-Type
 * type; a failure (what: "the answer") as the refusal. */
static int out_finish(serve_ctx *c, serve_out *o, grundy_status st,
                      const char *type, serve_reply *out, serve_error *err,
                      const char *what)
{
    if (st != GRUNDY_OK) {
        serve_out_drop(o);
        return serve_status_error(c, err, st, what);
    }
    out->type = type;
    return serve_out_take(o, out)
               ? serve_status_error(c, err, GRUNDY_ERR_NOMEM, what)
               : 0;
}

/* Parameters **************************************************************/

/* Rules that would read a file on the server's disk: node-kayles:file:
 * PATH, loopy graph:PATH.  The column of "file:" / "graph:", or 0. */
static size_t reads_disk(const char *spec)
{
    const char *p;
    if (strncmp(spec, "graph:", 6) == 0)
        return 1;
    for (p = spec; (p = strstr(p, "file:")) != NULL; p++)
        if (p == spec || p[-1] == ':')
            return (size_t)(p - spec) + 1;
    return 0;
}

int serve_param_reads_disk(const serve_param *p, const char *spec,
                           serve_error *err)
{
    size_t bad = reads_disk(spec);
    if (!bad)
        return 0;
    return serve_error_set(err, 400, p->name, serve_param_col(p, bad - 1),
                           "rules '%s' at column %zu: the server reads no "
                           "file; write the graph as edges:N:u-v,...",
                           spec, bad);
}

int serve_param_game(serve_ctx *c, grundy_session *s, const serve_param *p,
                     uint64_t heap_max, const grundy_game **g,
                     serve_error *err)
{
    const char *spec = p->value;
    grundy_parse_error where;
    grundy_status st;
    int rc = serve_param_reads_disk(p, spec, err);
    if (rc)
        return rc;
    memset(&where, 0, sizeof where);
    if (!s)
        st = cli_engine_session(&c->eng, &s);
    else
        st = GRUNDY_OK;
    if (st == GRUNDY_OK)
        st = grundy_play_game(g, s, spec, heap_max, &where);
    if (st == GRUNDY_OK)
        st = serve_ctx_count(c, s, *g);
    if (st == GRUNDY_ERR_NOMEM)
        return serve_status_error(c, err, st, "the rules");
    if (st != GRUNDY_OK) {
        size_t col = where.col ? where.col : 1;
        return serve_error_set(err, 400, p->name,
                               serve_param_col(p, col - 1),
                               "rules '%s' at column %zu: %s", spec, col,
                               where.msg[0] ? where.msg
                                            : grundy_strerror(st));
    }
    return 0;
}

/* A position of g, the text at byte off of p's value; which (from 1)
 * numbers it among the positions. */
static int serve_param_pos(const serve_param *p, size_t which,
                           const grundy_game *g, const char *text, size_t off, grundy_pos *pos,
                     serve_error *err)
{
    grundy_parse_error where;
    grundy_status st;
    memset(&where, 0, sizeof where);
    st = grundy_game_pos_parse(g, text, strlen(text), pos, &where);
    if (st != GRUNDY_OK) {
        size_t col = where.col ? where.col : 1;
        return serve_error_set(err, 400, p->name,
                               serve_param_col(p, off + col - 1),
                               "position %zu '%s' at column %zu is not a "
                               "position of %s: %s",
                               which, text, col, grundy_game_spec(g),
                               where.msg[0] ? where.msg
                                            : grundy_strerror(st));
    }
    return 0;
}

/* A number in [lo, hi] from parameter name (absent: *out = dflt). */
int serve_param_u64(const serve_request *r, const char *name, uint64_t lo,
                     uint64_t hi, uint64_t dflt, uint64_t *out,
                     serve_error *err)
{
    const serve_param *p = serve_param_get(r, name, NULL);
    grundy_parse_error where;
    *out = dflt;
    if (!p)
        return 0;
    memset(&where, 0, sizeof where);
    if (grundy_u64_parse(out, p->value, p->len, lo, hi, &where) !=
        GRUNDY_OK) {
        size_t col = where.col ? where.col : 1;
        return serve_error_set(err, 400, name, serve_param_col(p, col - 1),
                               "%s '%s' at column %zu: %s", name, p->value,
                               col, where.msg[0] ? where.msg : "not a number");
    }
    return 0;
}

/* The routes ***************************************************************/

static int api_values(serve_ctx *c, const serve_request *r, serve_reply *out,
                      serve_error *err)
{
    const serve_param *rules = serve_param_get(r, "rules", NULL),
                      *all = serve_param_get(r, "all", NULL),
                      *upto_p = serve_param_get(r, "upto", NULL);
    const grundy_game *g;
    grundy_values *vals;
    const grundy_table *t;
    uint64_t upto = 0, entries, flag;
    int rc, finite, pairs;
    grundy_status st;
    serve_out o;

    if ((rc = serve_param_game(c, NULL, rules, 0, &g, err)) != 0)
        return rc;
    finite = grundy_game_num_positions(g) != 0;
    pairs = (grundy_game_rules(g)->flags & GRUNDY_RULES_PAIRS) != 0;
    if ((rc = serve_param_u64(r, "all", 1, 1, 0, &flag, err)) != 0)
        return rc;
    if (all && upto_p)
        return serve_error_set(err, 400, "all", all->col,
                               "give one of upto and all");
    if (all && !finite)
        return serve_error_set(err, 400, "all", all->col,
                               "all=1 lists every position of a board "
                               "(rect, cram, node-kayles, chomp); %s has "
                               "positions 0, 1, 2, ...: give upto=N",
                               rules->value);
    if (!all && !upto_p)
        return serve_error_set(err, 400, "upto", r->target_len + 1,
                               "missing parameter 'upto' (or all=1 for a "
                               "board)");
    if (upto_p && finite)
        return serve_error_set(err, 400, "upto", upto_p->col,
                               "%s is a finite family: give all=1",
                               rules->value);
    if ((rc = serve_param_u64(r, "upto", 0,
                        pairs ? GRUNDY_PAIR_MAX - 1 : UINT64_MAX - 1, 0,
                        &upto, err)) != 0)
        return rc;
    entries = all ? grundy_game_num_positions(g)
              : pairs ? (upto + 1) * (upto + 1)
                      : upto + 1;
    if (entries > SERVE_MAX_VALUES)
        return serve_error_limit(err, 422, "values", all ? "all" : "upto",
                                 all ? all->col : upto_p->col,
                                 "%s: the server lists at most %llu values",
                                 rules->value,
                                 (unsigned long long)SERVE_MAX_VALUES);
    st = cli_engine_values(&c->eng, g, &vals);
    if (st == GRUNDY_OK)
        st = grundy_values_table(&t, vals, all ? 0 : entries);
    if (st != GRUNDY_OK)
        return serve_status_error(c, err, st, "the table");
    if (serve_out_open(&o) != 0)
        return serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    st = grundy_format_values_json(&o.w, rules->value, g, t, NULL, upto);
    return out_finish(c, &o, st, "application/json", out, err, "the answer");
}

static int api_plot(serve_ctx *c, const serve_request *r, serve_reply *out,
                    serve_error *err)
{
    const serve_param *rules = serve_param_get(r, "rules", NULL),
                      *pos = serve_param_get(r, "position", NULL),
                      *upto_p = serve_param_get(r, "upto", NULL);
    const grundy_game *g;
    grundy_values *vals;
    grundy_pos p = 0;
    uint64_t upto = 0, most = 0;
    grundy_status st;
    serve_out o;
    int rc;

    if ((rc = serve_param_game(c, NULL, rules, 0, &g, err)) != 0)
        return rc;
    if (pos && upto_p)
        return serve_error_set(err, 400, "position", pos->col,
                               "give one of upto and position");
    if (pos && !grundy_game_rules(g)->geometry)
        return serve_error_set(err, 400, "position", pos->col,
                               "position draws a position of a board (cram, "
                               "rect, chomp, node-kayles); for %s give upto",
                               rules->value);
    if (!pos && grundy_game_num_positions(g))
        return serve_error_set(err, 400, "position", r->target_len + 1,
                               "%s is a finite family: give position=POS",
                               rules->value);
    if (!pos && !upto_p)
        return serve_error_set(err, 400, "upto", r->target_len + 1,
                               "missing parameter 'upto' (or position for "
                               "a board)");
    if (pos && (rc = serve_param_pos(pos, 1, g, pos->value, 0, &p, err)) != 0)
        return rc;
    if ((rc = serve_param_u64(r, "upto", 0, UINT64_MAX - 1, 0, &upto, err)) != 0)
        return rc;
    st = cli_engine_values(&c->eng, g, &vals);
    if (st != GRUNDY_OK)
        return serve_status_error(c, err, st, "the values");
    if (serve_out_open(&o) != 0)
        return serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the picture");
    st = grundy_writer_flush(&o.w);
    if (st == GRUNDY_OK)
        st = cli_plot_svg(o.fd, rules->value, g, vals,
                          pos ? pos->value : NULL, p, upto, &most);
    if (st == GRUNDY_ERR_RANGE && !pos) {
        serve_out_drop(&o);
        return serve_error_set(err, 400, "upto", upto_p->col,
                               "upto %llu: the picture shows at most %llu",
                               (unsigned long long)upto,
                               (unsigned long long)(most - 1));
    }
    return out_finish(c, &o, st, "image/svg+xml", out, err, "the picture");
}

static int api_survey(serve_ctx *c, const serve_request *r,
                      serve_reply *out, serve_error *err)
{
    const serve_param *spec = serve_param_get(r, "spec", NULL);
    uint64_t upto;
    serve_out o;
    int rc = serve_param_u64(r, "upto", 1, SERVE_SURVEY_UPTO, 0, &upto, err);
    if (rc)
        return rc;
    if (spec->value[0] == '@')
        return serve_error_set(err, 400, "spec", spec->col,
                               "spec '%s': the server reads no file: give a "
                               "pattern (0.dd, 4.d, 0.hh)",
                               spec->value);
    if (serve_out_open(&o) != 0)
        return serve_status_error(c, err, GRUNDY_ERR_NOMEM, "the survey");
    rc = cli_survey_json(&o.w, spec->value, upto, &c->eng,
                         SERVE_SURVEY_CODES);
    if (rc != 0) {
        serve_out_drop(&o);
        if (c->timed_out)
            return serve_status_error(c, err, GRUNDY_ERR_CANCELLED, "the survey");
        if (rc < 0)
            return serve_error_limit(err, 422, "codes", "spec", spec->col,
                                     "spec '%s' has more than %d codes",
                                     spec->value, SERVE_SURVEY_CODES);
        return serve_error_set(err, 400, "spec", spec->col,
                               "spec '%s' is not a pattern of codes (0.dd, "
                               "4.d, 0.hh, 0.1dd)",
                               spec->value);
    }
    return out_finish(c, &o, GRUNDY_OK, "application/x-ndjson", out, err,
                      "the survey");
}

/* The answer of each API route. */
static int (*const routes[])(serve_ctx *, const serve_request *,
                             serve_reply *, serve_error *) = {
    [SERVE_ROUTE_VALUES] = api_values,
    [SERVE_ROUTE_ANALYZE] = serve_api_analyze,
    [SERVE_ROUTE_MOVES] = serve_api_moves,
    [SERVE_ROUTE_PLOT] = api_plot,
    [SERVE_ROUTE_SURVEY] = api_survey,
    [SERVE_ROUTE_PLAY] = serve_api_play,
};

int serve_answer(serve_ctx *c, const serve_request *r, serve_reply *out)
{
    serve_error err;
    struct timespec until;
    double wait = c->time_limit;
    int rc;
    memset(out, 0, sizeof *out);
    memset(&err, 0, sizeof err);
    out->status = 200;
    /* one computation at a time: wait for the lock at most the time
     * limit */
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += (time_t)wait;
    until.tv_nsec += (long)((wait - (double)(time_t)wait) * 1e9);
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    if (pthread_mutex_timedlock(&c->lock, &until) != 0) {
        serve_error_limit(&err, 503, "time-limit", NULL, 0,
                          "the requests before this one took the time "
                          "limit of %g s (--time-limit)",
                          c->time_limit);
        return serve_error_reply(&err, out);
    }
    c->timed_out = 0;
    c->deadline = serve_now() + c->time_limit;
    if (c->ngames + SERVE_MAX_PARAMS > SERVE_MAX_GAMES)
        ctx_restart(c); /* the store keeps what took time */
    if ((size_t)r->route < sizeof routes / sizeof routes[0] &&
        routes[r->route])
        rc = routes[r->route](c, r, out, &err);
    else
        rc = serve_error_set(&err, 404, NULL, 0, "no such API path");
    c->deadline = 0;
    pthread_mutex_unlock(&c->lock);
    if (rc == 0)
        return 0;
    free(out->body);
    out->body = NULL;
    return serve_error_reply(&err, out);
}
