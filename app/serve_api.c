/*
 * serve_api.c -- the answers of grundy serve's API.
 *
 * Each route parses its parameters with the library's parsers (rules,
 * positions, numbers; an error keeps the column the parser gives, moved
 * to the request target), asks the library, and writes the answer with
 * the writer the command line uses for the same question (json_out.h):
 *   /api/values   cli_values_json()   = grundy values R --upto N --json
 *   /api/analyze  cli_analyze_json()  = grundy analyze R P... --json
 *   /api/plot     cli_plot_svg()      = grundy plot R ... -o -
 *   /api/survey   cli_survey_json()   = grundy survey S --upto N --json,
 *                 bounded (64 codes, tables to 10^5)
 *   /api/moves    the analysis above, and every legal move of the sum
 *                 (grundy_game_moves()) with the value it leaves
 *                 (grundy_sum_nim_sum() of its parts' values), whether
 *                 the library lists it among the winning moves, and for
 *                 boards the cells it takes (grundy_board_geometry_get()).
 * Nothing here decides a game: a move "wins" when grundy_sum_analyze()
 * says so.  The step of play and the remoteness of moves belong to the
 * library's play engine; /api/play answers 501 until it is there.
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
#define SERVE_MAX_MOVES ((size_t)1 << 16)    /* moves listed */
#define SERVE_MAX_COMPONENTS 64
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

/* Free the session, then the games its values objects were made for. */
static void ctx_restart(serve_ctx *c)
{
    size_t i;
    grundy_session_free(c->eng.session);
    c->eng.session = NULL;
    c->eng.store = NULL;
    for (i = 0; i < c->ngames; i++) {
        grundy_game_free(c->games[i]);
        free(c->specs[i]);
    }
    c->ngames = 0;
}

void serve_ctx_clear(serve_ctx *c)
{
    ctx_restart(c);
    free(c->games);
    free(c->specs);
    cli_engine_clear(&c->eng);
    pthread_mutex_destroy(&c->lock);
}

/* The game of spec, kept for the session's life. */
static grundy_status ctx_game(serve_ctx *c, const char *spec,
                              grundy_game **out, grundy_parse_error *where)
{
    size_t i;
    grundy_game *g;
    char *copy;
    for (i = 0; i < c->ngames; i++)
        if (strcmp(c->specs[i], spec) == 0) {
            *out = c->games[i];
            return GRUNDY_OK;
        }
    if (!c->games) {
        c->games = calloc(SERVE_MAX_GAMES, sizeof *c->games);
        c->specs = calloc(SERVE_MAX_GAMES, sizeof *c->specs);
        if (!c->games || !c->specs)
            return GRUNDY_ERR_NOMEM;
    }
    if (c->ngames == SERVE_MAX_GAMES)
        return GRUNDY_ERR_NOMEM; /* serve_answer() keeps room */
    GRUNDY_TRY(grundy_game_new(&g, spec, where));
    copy = malloc(strlen(spec) + 1);
    if (!copy) {
        grundy_game_free(g);
        return GRUNDY_ERR_NOMEM;
    }
    strcpy(copy, spec);
    c->specs[c->ngames] = copy;
    c->games[c->ngames++] = g;
    *out = g;
    return GRUNDY_OK;
}

/* Replies *****************************************************************/

/* The answer is written to a memory file and read back. */
typedef struct out_file {
    int fd;
    grundy_writer w;
} out_file;

static int out_open(out_file *o)
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
static int out_take(out_file *o, serve_reply *out)
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

static void out_drop(out_file *o)
{
    o->w.fd = -1;
    (void)grundy_writer_clear(&o->w);
    close(o->fd);
}

int serve_error_reply(const serve_error *err, serve_reply *out)
{
    out_file o;
    if (out_open(&o) != 0)
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
    return out_take(&o, out);
}

/* A library status as a refusal: the limit it passed, or what failed. */
static int status_error(serve_ctx *c, serve_error *err, grundy_status st,
                        const char *what)
{
    if (st == GRUNDY_ERR_CANCELLED && c->timed_out) {
        serve_error_set(err, 422, NULL, 0,
                        "%s took longer than the time limit of %g s "
                        "(--time-limit)",
                        what, c->time_limit);
        err->limit = "time-limit";
    } else if (st == GRUNDY_ERR_CANCELLED) {
        serve_error_set(err, 503, NULL, 0, "the server is stopping");
    } else if (st == GRUNDY_ERR_LIMIT) {
        serve_error_set(err, 422, NULL, 0,
                        "%s needs more memory than the limit (--mem-limit)",
                        what);
        err->limit = "mem-limit";
    } else if (st == GRUNDY_ERR_WORK) {
        uint64_t need = c->eng.session
                            ? grundy_session_work_needed(c->eng.session)
                            : 0;
        if (need)
            serve_error_set(err, 422, NULL, 0,
                            "%s needs about %.3g steps, past the work limit "
                            "of %.3g (--work-limit)",
                            what, (double)need,
                            (double)grundy_limits_work(&c->eng.limits));
        else
            serve_error_set(err, 422, NULL, 0,
                            "%s is past the work limit of %.3g steps "
                            "(--work-limit)",
                            what, (double)grundy_limits_work(&c->eng.limits));
        err->limit = "work-limit";
    } else if (st == GRUNDY_ERR_NOMEM) {
        serve_error_set(err, 500, NULL, 0, "%s: %s", what,
                        grundy_strerror(st));
    } else {
        serve_error_set(err, 422, NULL, 0, "%s: %s", what,
                        grundy_strerror(st));
    }
    return err->status;
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

/* The game of the rules text spec, which starts at byte off of p's
 * value. */
static int param_game(serve_ctx *c, const serve_param *p, const char *spec,
                      size_t off, grundy_game **g, serve_error *err)
{
    grundy_parse_error where;
    grundy_status st;
    size_t bad = reads_disk(spec);
    if (bad)
        return serve_error_set(err, 400, p->name,
                               serve_param_col(p, off + bad - 1),
                               "rules '%s' at column %zu: the server reads "
                               "no file; write the graph as edges:N:u-v,...",
                               spec, bad);
    memset(&where, 0, sizeof where);
    st = ctx_game(c, spec, g, &where);
    if (st == GRUNDY_ERR_NOMEM)
        return status_error(c, err, st, "the rules");
    if (st != GRUNDY_OK) {
        size_t col = where.col ? where.col : 1;
        return serve_error_set(err, 400, p->name,
                               serve_param_col(p, off + col - 1),
                               "rules '%s' at column %zu: %s", spec, col,
                               where.msg[0] ? where.msg
                                            : grundy_strerror(st));
    }
    return 0;
}

/* A position of g, the text at byte off of p's value; which (from 1)
 * numbers it among the positions. */
static int param_pos(const serve_param *p, size_t which, const grundy_game *g,
                     const char *text, size_t off, grundy_pos *pos,
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
static int param_u64(const serve_request *r, const char *name, uint64_t lo,
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

/* A sum of positions: of one family (rules), or SPEC:POS each, with
 * values objects from eng. */
static int parse_sum(serve_ctx *c, cli_engine *eng, const serve_request *r,
                     cli_sum *s, serve_error *err)
{
    const serve_param *rules = serve_param_get(r, "rules", NULL), *p;
    grundy_game *g = NULL;
    size_t n = 0, i = 0;
    int rc;
    const serve_param *over = NULL;
    for (p = serve_param_get(r, "position", NULL); p;
         p = serve_param_get(r, "position", p))
        if (++n == SERVE_MAX_COMPONENTS + 1)
            over = p;
    memset(s, 0, sizeof *s);
    if (over) {
        serve_error_set(err, 400, "position", over->col,
                        "%zu positions: a sum here has at most %d", n,
                        SERVE_MAX_COMPONENTS);
        err->limit = "components";
        return 400;
    }
    s->comp = calloc(n, sizeof *s->comp);
    s->cap = n;
    if (!s->comp)
        return status_error(c, err, GRUNDY_ERR_NOMEM, "the sum");
    if (rules && (rc = param_game(c, rules, rules->value, 0, &g, err)) != 0)
        return rc;
    /* the rules as written, for cli_sum_written() (the CLI's cli_sum
     * keeps the same pairs) */
    s->games = c->games;
    s->written = c->specs;
    for (p = serve_param_get(r, "position", NULL); p;
         p = serve_param_get(r, "position", p), i++) {
        const char *text = p->value;
        size_t off = 0;
        grundy_status st;
        if (!rules) {
            const char *colon = strrchr(p->value, ':');
            char spec[256];
            if (!colon || colon == p->value ||
                (size_t)(colon - p->value) >= sizeof spec)
                return serve_error_set(
                    err, 400, "position", serve_param_col(p, 0),
                    "position %zu '%s': expected SPEC:POS when no rules "
                    "are given (as nim:5 or rect:2x2:11/01)",
                    i + 1, p->value);
            memcpy(spec, p->value, (size_t)(colon - p->value));
            spec[colon - p->value] = 0;
            if ((rc = param_game(c, p, spec, 0, &g, err)) != 0)
                return rc;
            text = colon + 1;
            off = (size_t)(text - p->value);
        }
        if ((rc = param_pos(p, i + 1, g, text, off, &s->comp[i].pos, err)))
            return rc;
        s->ngames = c->ngames;
        st = cli_engine_values(eng, g, &s->comp[i].values);
        if (st != GRUNDY_OK)
            return status_error(c, err, st, "the values");
        s->n++;
    }
    return 0;
}

/* misere=0|1 and moore=K, as --misere and --moore K. */
static int parse_play(const serve_request *r, uint64_t *misere,
                      uint64_t *moore, serve_error *err)
{
    int rc = param_u64(r, "misere", 0, 1, 0, misere, err);
    return rc ? rc
              : param_u64(r, "moore", 1, GRUNDY_MOORE_KMAX, 0, moore, err);
}

/* The routes ***************************************************************/

static int api_values(serve_ctx *c, const serve_request *r, serve_reply *out,
                      serve_error *err)
{
    const serve_param *rules = serve_param_get(r, "rules", NULL),
                      *all = serve_param_get(r, "all", NULL),
                      *upto_p = serve_param_get(r, "upto", NULL);
    grundy_game *g;
    grundy_values *vals;
    const grundy_table *t;
    uint64_t upto = 0, entries, flag;
    int rc, finite, pairs;
    grundy_status st;
    out_file o;

    if ((rc = param_game(c, rules, rules->value, 0, &g, err)) != 0)
        return rc;
    finite = grundy_game_num_positions(g) != 0;
    pairs = (grundy_game_rules(g)->flags & GRUNDY_RULES_PAIRS) != 0;
    if ((rc = param_u64(r, "all", 1, 1, 0, &flag, err)) != 0)
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
    if ((rc = param_u64(r, "upto", 0,
                        pairs ? GRUNDY_PAIR_MAX - 1 : UINT64_MAX - 1, 0,
                        &upto, err)) != 0)
        return rc;
    entries = all ? grundy_game_num_positions(g)
              : pairs ? (upto + 1) * (upto + 1)
                      : upto + 1;
    if (entries > SERVE_MAX_VALUES) {
        serve_error_set(err, 422, all ? "all" : "upto",
                        all ? all->col : upto_p->col,
                        "%s: the server lists at most %llu values",
                        rules->value, (unsigned long long)SERVE_MAX_VALUES);
        err->limit = "values";
        return 422;
    }
    st = cli_engine_values(&c->eng, g, &vals);
    if (st == GRUNDY_OK)
        st = grundy_values_table(&t, vals, all ? 0 : entries);
    if (st != GRUNDY_OK)
        return status_error(c, err, st, "the table");
    if (out_open(&o) != 0)
        return status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    st = cli_values_json(&o.w, rules->value, g, t, NULL, upto);
    if (st != GRUNDY_OK) {
        out_drop(&o);
        return status_error(c, err, st, "the answer");
    }
    out->type = "application/json";
    return out_take(&o, out) ? status_error(c, err, GRUNDY_ERR_NOMEM,
                                            "the answer")
                             : 0;
}

/* The engine a sum's values come from: the server's session; under
 * misere play a session of the request's own (*own, freed by the
 * caller), as the misere quotient a values object keeps grows with the
 * sums asked, and its order is part of the answer: each answer must be
 * the command line's for the same question, whatever came before. */
static cli_engine *sum_engine(serve_ctx *c, uint64_t misere, cli_engine *own)
{
    if (!misere)
        return &c->eng;
    *own = c->eng;
    own->session = NULL;
    own->store = NULL;
    return own;
}

/* The sum of r analysed as grundy analyze does: values v, result res;
 * eng as sum_engine() gives it (free own.session after use). */
static int analyze_sum(serve_ctx *c, const serve_request *r, cli_sum *s,
                       grundy_value **v, grundy_sum_result *res,
                       uint64_t *misere, uint64_t *moore, cli_engine *own,
                       serve_error *err)
{
    grundy_status st;
    int rc;
    memset(res, 0, sizeof *res);
    memset(s, 0, sizeof *s);
    own->session = NULL;
    *v = NULL;
    if ((rc = parse_play(r, misere, moore, err)) != 0 ||
        (rc = parse_sum(c, sum_engine(c, *misere, own), r, s, err)) != 0)
        return rc;
    *v = malloc(s->n * sizeof **v);
    if (!*v)
        return status_error(c, err, GRUNDY_ERR_NOMEM, "the sum");
    st = grundy_sum_values(*v, s->comp, s->n);
    if (st != GRUNDY_OK)
        return status_error(c, err, st, "the component values");
    st = cli_analyze_sum(res, s, *v, (int)*misere, *moore,
                         GRUNDY_SUM_SEARCH_DEFAULT_STATES, &c->eng.limits);
    if (st == GRUNDY_ERR_LIMIT && res->method == GRUNDY_SUM_BY_VALUES) {
        serve_error_set(err, 422, NULL, 0,
                        "a component has more than %zu moves, too many to "
                        "list its winning moves",
                        (size_t)GRUNDY_SUM_MAX_MOVES);
        err->limit = "moves";
        return 422;
    }
    if (st == GRUNDY_ERR_LIMIT && res->method == GRUNDY_SUM_BY_SEARCH) {
        serve_error_set(err, 422, NULL, 0,
                        "this sum is too large for an exact search (more "
                        "than %zu positions)",
                        (size_t)GRUNDY_SUM_SEARCH_DEFAULT_STATES);
        err->limit = "search-limit";
        return 422;
    }
    return st == GRUNDY_OK ? 0 : status_error(c, err, st, "the analysis");
}

static int api_analyze(serve_ctx *c, const serve_request *r,
                       serve_reply *out, serve_error *err)
{
    cli_sum s;
    cli_engine own;
    grundy_value *v;
    grundy_sum_result res;
    uint64_t misere, moore;
    out_file o;
    int rc = analyze_sum(c, r, &s, &v, &res, &misere, &moore, &own, err);
    if (rc == 0 && out_open(&o) != 0)
        rc = status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    if (rc == 0) {
        cli_analyze_json(&o.w, &s, v, &res, (int)misere, moore);
        out->type = "application/json";
        if (out_take(&o, out) != 0)
            rc = status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    }
    grundy_sum_result_clear(&res);
    free(v);
    free(s.comp);
    grundy_session_free(own.session);
    return rc;
}

/* The parts a move leaves, as cli_json_parts() writes them: sorted,
 * without the empty heaps of a heap family. */
static void move_key(const grundy_game *g, const grundy_move *m,
                     grundy_move *key)
{
    int heaps = !grundy_game_num_positions(g) &&
                !grundy_game_rules(g)->pos_format;
    unsigned k, i, j;
    key->nparts = 0;
    for (k = 0; k < m->nparts; k++)
        if (!(heaps && m->part[k] == 0))
            key->part[key->nparts++] = m->part[k];
    for (i = 1; i < key->nparts; i++)
        for (j = i; j > 0 && key->part[j - 1] > key->part[j]; j--) {
            grundy_pos t = key->part[j];
            key->part[j] = key->part[j - 1];
            key->part[j - 1] = t;
        }
}

/* Whether the library lists component i's move m among the winning
 * moves of res. */
static int listed(const grundy_sum_result *res, const grundy_game *g,
                  size_t i, grundy_pos from, const grundy_move *m)
{
    grundy_move a, b;
    size_t k;
    move_key(g, m, &a);
    for (k = 0; k < res->nmoves; k++) {
        if (res->moves[k].component != i || res->moves[k].from != from)
            continue;
        move_key(g, &res->moves[k].to, &b);
        if (a.nparts == b.nparts &&
            memcmp(a.part, b.part, a.nparts * sizeof a.part[0]) == 0)
            return 1;
    }
    return 0;
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

/* Every move of component i: where it goes, the value it leaves, whether
 * it wins, and on a board the cells it takes. */
static grundy_status write_moves(grundy_writer *w, const cli_sum *s,
                                 size_t i, const grundy_sum_result *res,
                                 int *first, grundy_board_geometry *geo)
{
    const grundy_game *g = cli_sum_game(s, i);
    grundy_values *vals = s->comp[i].values;
    grundy_pos p = s->comp[i].pos;
    grundy_move *mv = NULL;
    size_t cap = 0, nm = 0, m;
    int board = grundy_game_rules(g)->geometry != NULL;
    grundy_board_geometry *cg = geo + 1;
    grundy_status st = grundy_game_moves(g, p, &mv, &cap, &nm);
    if (st == GRUNDY_OK && board)
        st = grundy_board_geometry_get(geo, g, p);
    for (m = 0; st == GRUNDY_OK && m < nm; m++) {
        grundy_value pv[GRUNDY_MAX_PARTS], v;
        uint64_t left = 0;
        unsigned k;
        for (k = 0; st == GRUNDY_OK && k < mv[m].nparts; k++) {
            st = grundy_values_get(&pv[k], vals, mv[m].part[k]);
            if (board && st == GRUNDY_OK) {
                st = grundy_board_geometry_get(cg, g, mv[m].part[k]);
                left |= cg->cells;
            }
        }
        if (st != GRUNDY_OK)
            break;
        /* the value of the parts' sum, as the library adds values */
        v = grundy_sum_nim_sum(pv, mv[m].nparts);
        grundy_writer_str(w, *first ? "{\"component\": "
                                    : ", {\"component\": ");
        *first = 0;
        grundy_writer_u64(w, i + 1);
        grundy_writer_str(w, ", \"from\": ");
        cli_json_pos(w, g, p);
        grundy_writer_str(w, ", \"to\": ");
        cli_json_parts(w, g, &mv[m]);
        grundy_writer_str(w, ", \"value\": ");
        grundy_writer_u64(w, v);
        grundy_writer_str(w, listed(res, g, i, p, &mv[m]) ? ", \"wins\": true"
                                                          : ", \"wins\": "
                                                            "false");
        if (board) {
            grundy_writer_str(w, ", \"cells\": ");
            write_cells(w, geo->cells & ~left);
        }
        grundy_writer_char(w, '}');
    }
    free(mv);
    return st;
}

static int api_moves(serve_ctx *c, const serve_request *r, serve_reply *out,
                     serve_error *err)
{
    cli_sum s;
    cli_engine own;
    grundy_value *v;
    grundy_sum_result res;
    grundy_board_geometry *geo = NULL;
    uint64_t misere, moore;
    size_t i, total = 0;
    int rc, first = 1, nboards = 0;
    grundy_status st = GRUNDY_OK;
    out_file o;
    off_t end;

    rc = analyze_sum(c, r, &s, &v, &res, &misere, &moore, &own, err);
    if (rc == 0 && moore) {
        const serve_param *p = serve_param_get(r, "moore", NULL);
        rc = serve_error_set(err, 400, "moore", p->col,
                             "a move of Nim_k changes several components: "
                             "/api/analyze gives a winning move set");
    }
    for (i = 0; rc == 0 && i < s.n; i++) {
        const grundy_game *g = cli_sum_game(&s, i);
        total += grundy_game_rules(g)->max_moves(grundy_game_params(g),
                                                 s.comp[i].pos);
        if (total > SERVE_MAX_MOVES) {
            serve_error_set(err, 422, NULL, 0,
                            "the sum has more than %zu moves to list",
                            SERVE_MAX_MOVES);
            err->limit = "moves";
            rc = 422;
        }
    }
    if (rc == 0 && (!(geo = calloc(2, sizeof *geo)) || out_open(&o) != 0))
        rc = status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
    if (rc == 0) {
        /* the analysis, as /api/analyze answers it, without its newline */
        grundy_writer_str(&o.w, "{\"analysis\": ");
        cli_analyze_json(&o.w, &s, v, &res, (int)misere, 0);
        if (grundy_writer_flush(&o.w) == GRUNDY_OK &&
            (end = lseek(o.fd, 0, SEEK_CUR)) > 0) {
            (void)!ftruncate(o.fd, end - 1);
            (void)lseek(o.fd, end - 1, SEEK_SET);
        }
        grundy_writer_str(&o.w, ", \"moves\": [");
        for (i = 0; st == GRUNDY_OK && i < s.n; i++)
            st = write_moves(&o.w, &s, i, &res, &first, geo);
        grundy_writer_str(&o.w, "], \"boards\": [");
        for (i = 0; st == GRUNDY_OK && i < s.n; i++) {
            const grundy_game *g = cli_sum_game(&s, i);
            if (!grundy_game_rules(g)->geometry)
                continue;
            st = grundy_board_geometry_get(geo, g, s.comp[i].pos);
            if (st != GRUNDY_OK)
                break;
            if (nboards++)
                grundy_writer_str(&o.w, ", ");
            write_board(&o.w, i, geo);
        }
        grundy_writer_str(&o.w, "]}\n");
        if (st != GRUNDY_OK) {
            out_drop(&o);
            rc = status_error(c, err, st, "the moves");
        } else {
            out->type = "application/json";
            if (out_take(&o, out) != 0)
                rc = status_error(c, err, GRUNDY_ERR_NOMEM, "the answer");
        }
    }
    free(geo);
    grundy_sum_result_clear(&res);
    free(v);
    free(s.comp);
    grundy_session_free(own.session);
    return rc;
}

static int api_plot(serve_ctx *c, const serve_request *r, serve_reply *out,
                    serve_error *err)
{
    const serve_param *rules = serve_param_get(r, "rules", NULL),
                      *pos = serve_param_get(r, "position", NULL),
                      *upto_p = serve_param_get(r, "upto", NULL);
    grundy_game *g;
    grundy_values *vals;
    grundy_pos p = 0;
    uint64_t upto = 0, most = 0;
    grundy_status st;
    out_file o;
    int rc;

    if ((rc = param_game(c, rules, rules->value, 0, &g, err)) != 0)
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
    if (pos && (rc = param_pos(pos, 1, g, pos->value, 0, &p, err)) != 0)
        return rc;
    if ((rc = param_u64(r, "upto", 0, UINT64_MAX - 1, 0, &upto, err)) != 0)
        return rc;
    st = cli_engine_values(&c->eng, g, &vals);
    if (st != GRUNDY_OK)
        return status_error(c, err, st, "the values");
    if (out_open(&o) != 0)
        return status_error(c, err, GRUNDY_ERR_NOMEM, "the picture");
    st = grundy_writer_flush(&o.w);
    if (st == GRUNDY_OK)
        st = cli_plot_svg(o.fd, rules->value, g, vals,
                          pos ? pos->value : NULL, p, upto, &most);
    if (st == GRUNDY_ERR_RANGE && !pos) {
        out_drop(&o);
        return serve_error_set(err, 400, "upto", upto_p->col,
                               "upto %llu: the picture shows at most %llu",
                               (unsigned long long)upto,
                               (unsigned long long)(most - 1));
    }
    if (st != GRUNDY_OK) {
        out_drop(&o);
        return status_error(c, err, st, "the picture");
    }
    out->type = "image/svg+xml";
    return out_take(&o, out) ? status_error(c, err, GRUNDY_ERR_NOMEM,
                                            "the picture")
                             : 0;
}

static int api_survey(serve_ctx *c, const serve_request *r,
                      serve_reply *out, serve_error *err)
{
    const serve_param *spec = serve_param_get(r, "spec", NULL);
    uint64_t upto;
    out_file o;
    int rc = param_u64(r, "upto", 1, SERVE_SURVEY_UPTO, 0, &upto, err);
    if (rc)
        return rc;
    if (spec->value[0] == '@')
        return serve_error_set(err, 400, "spec", spec->col,
                               "spec '%s': the server reads no file: give a "
                               "pattern (0.dd, 4.d, 0.hh)",
                               spec->value);
    if (out_open(&o) != 0)
        return status_error(c, err, GRUNDY_ERR_NOMEM, "the survey");
    rc = cli_survey_json(&o.w, spec->value, upto, &c->eng,
                         SERVE_SURVEY_CODES);
    if (rc != 0) {
        out_drop(&o);
        if (c->timed_out)
            return status_error(c, err, GRUNDY_ERR_CANCELLED, "the survey");
        if (rc < 0) {
            serve_error_set(err, 422, "spec", spec->col,
                            "spec '%s' has more than %d codes",
                            spec->value, SERVE_SURVEY_CODES);
            err->limit = "codes";
            return 422;
        }
        return serve_error_set(err, 400, "spec", spec->col,
                               "spec '%s' is not a pattern of codes (0.dd, "
                               "4.d, 0.hh, 0.1dd)",
                               spec->value);
    }
    out->type = "application/x-ndjson";
    return out_take(&o, out) ? status_error(c, err, GRUNDY_ERR_NOMEM,
                                            "the survey")
                             : 0;
}

int serve_answer(serve_ctx *c, const serve_request *r, serve_reply *out)
{
    serve_error err;
    struct timespec until;
    double wait = c->time_limit;
    int rc;
    memset(out, 0, sizeof *out);
    memset(&err, 0, sizeof err);
    out->status = 200;
    if (r->route == SERVE_ROUTE_PLAY) {
        serve_error_set(&err, 501, NULL, 0,
                        "a step of play needs the library's play engine, "
                        "which this build of grundy does not have yet");
        return serve_error_reply(&err, out);
    }
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
        serve_error_set(&err, 503, NULL, 0,
                        "the requests before this one took the time limit "
                        "of %g s (--time-limit)",
                        c->time_limit);
        err.limit = "time-limit";
        return serve_error_reply(&err, out);
    }
    c->timed_out = 0;
    c->deadline = serve_now() + c->time_limit;
    if (c->ngames + SERVE_MAX_PARAMS > SERVE_MAX_GAMES)
        ctx_restart(c); /* the store keeps what took time */
    switch (r->route) {
    case SERVE_ROUTE_VALUES:
        rc = api_values(c, r, out, &err);
        break;
    case SERVE_ROUTE_ANALYZE:
        rc = api_analyze(c, r, out, &err);
        break;
    case SERVE_ROUTE_MOVES:
        rc = api_moves(c, r, out, &err);
        break;
    case SERVE_ROUTE_PLOT:
        rc = api_plot(c, r, out, &err);
        break;
    case SERVE_ROUTE_SURVEY:
        rc = api_survey(c, r, out, &err);
        break;
    default:
        rc = serve_error_set(&err, 404, NULL, 0, "no such API path");
    }
    c->deadline = 0;
    pthread_mutex_unlock(&c->lock);
    if (rc == 0)
        return 0;
    free(out->body);
    out->body = NULL;
    return serve_error_reply(&err, out);
}
