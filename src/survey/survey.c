/*
 * survey.c -- a survey of take-and-break codes (grundy/survey.h): the
 * codes, their rows, the workers that fill them, the groups.
 *
 * Workers take codes from a shared counter, each code's table on one
 * thread through a session of its own, dropped after the code (a survey
 * of 10^5 codes must not keep 10^5 tables).  A finished row is reported
 * as soon as every row before it is finished, under the survey's lock,
 * so the caller sees the rows in order while later codes still run.
 * Rows of the same values are found as rows are reported, by the XXH3 of
 * g(0..N) with every value as 4 little-endian bytes whatever the table's
 * width (equal values hash equally): a hash, not the tables, because the
 * tables are gone by then.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xxhash.h>

#include "core/alloc.h"
#include "core/names.h"
#include "core/parse_error.h"
#include "core/threads.h"
#include "grundy/grundy.h"
#include "grundy/survey.h"

struct grundy_survey {
    grundy_survey_row *rows;
    unsigned char *done;
    size_t n, cap;
    /* while running */
    const grundy_survey_opts *o;
    atomic_size_t next;
    atomic_int stopped;
    pthread_mutex_t lock;
    size_t reported;
};

grundy_status grundy_survey_new(grundy_survey **out)
{
    return GRUNDY_NEW(*out);
}

void grundy_survey_free(grundy_survey *sv)
{
    if (!sv)
        return;
    GRUNDY_FREE_ALL(sv->rows, sv->done, sv);
}

size_t grundy_survey_count(const grundy_survey *sv)
{
    return sv->n;
}

const grundy_survey_row *grundy_survey_row_at(const grundy_survey *sv, size_t i)
{
    return &sv->rows[i];
}

size_t grundy_survey_reported(const grundy_survey *sv)
{
    return sv->reported;
}

/* Codes **********************************************************************/

grundy_status grundy_survey_add_code(grundy_survey *sv, const char *code,
                                     size_t len, grundy_parse_error *where)
{
    grundy_game *g = NULL;
    grundy_survey_row *r;
    grundy_status s;
    char buf[GRUNDY_SURVEY_CODE_LEN];
    if (len >= GRUNDY_SURVEY_CODE_LEN) {
        grundy_parse_error_set(where, 1, GRUNDY_SURVEY_CODE_LEN,
                               "a code of at most %d characters",
                               GRUNDY_SURVEY_CODE_LEN - 1);
        return GRUNDY_ERR_RANGE;
    }
    memcpy(buf, code, len);
    buf[len] = 0;
    s = grundy_game_new(&g, buf, where);
    if (s != GRUNDY_OK) {
        if (where && !where->msg[0])
            grundy_parse_error_set(where, 1, where->col, "%s",
                                   grundy_strerror(s));
        if (where && !where->col)
            where->col = 1;
        return s;
    }
    if (grundy_game_num_positions(g) != 0) {
        grundy_game_free(g);
        grundy_parse_error_set(where, 1, 1,
                               "a survey takes heap games, not boards");
        return GRUNDY_ERR_ARG;
    }
    if (sv->n == sv->cap) {
        size_t cap = sv->cap ? 2 * sv->cap : 64;
        grundy_survey_row *nr = realloc(sv->rows, cap * sizeof *nr);
        unsigned char *nd;
        if (nr)
            sv->rows = nr;
        nd = nr ? realloc(sv->done, cap) : NULL;
        if (!nd) {
            grundy_game_free(g);
            return GRUNDY_ERR_NOMEM;
        }
        sv->done = nd;
        sv->cap = cap;
    }
    r = &sv->rows[sv->n];
    memset(r, 0, sizeof *r);
    memcpy(r->code, buf, len + 1);
    grundy_game_canonical_spec(g, r->canon, sizeof r->canon);
    grundy_game_free(g);
    /* the first code of the same game */
    r->group = sv->n;
    for (size_t q = 0; q < sv->n; q++)
        if (strcmp(sv->rows[q].canon, r->canon) == 0) {
            r->group = sv->rows[q].group;
            break;
        }
    sv->done[sv->n++] = 0;
    return GRUNDY_OK;
}

grundy_status grundy_survey_add_pattern(grundy_survey *sv, const char *pattern,
                                        size_t max_codes,
                                        grundy_parse_error *where)
{
    uint64_t total, k;
    char buf[GRUNDY_SURVEY_CODE_LEN];
    GRUNDY_TRY(
        grundy_takebreak_pattern_size(&total, pattern, max_codes, where));
    for (k = 0; k < total; k++) {
        size_t len = grundy_takebreak_pattern_code(buf, sizeof buf, pattern, k);
        if (len >= sizeof buf)
            len = sizeof buf; /* refused as too long */
        GRUNDY_TRY(grundy_survey_add_code(sv, buf, len, where));
    }
    return GRUNDY_OK;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t';
}

grundy_status grundy_survey_add_text(grundy_survey *sv, const char *text,
                                     size_t len, grundy_parse_error *where)
{
    size_t off = 0, before = sv->n;
    unsigned long lno = 0;
    while (off < len) {
        const char *line = text + off;
        const char *nl = memchr(line, '\n', len - off);
        size_t e = nl ? (size_t)(nl - line) : len - off, b = 0;
        const char *hash = memchr(line, '#', e);
        grundy_status s;
        lno++;
        off += e + 1;
        if (hash)
            e = (size_t)(hash - line);
        while (b < e && is_space(line[b]))
            b++;
        while (e > b && (is_space(line[e - 1]) || line[e - 1] == '\r'))
            e--;
        if (b == e)
            continue;
        if (memchr(line + b, 0, e - b)) {
            grundy_parse_error_set(
                where, lno,
                (size_t)((const char *)memchr(line + b, 0, e - b) - line) + 1,
                "a NUL byte");
            return GRUNDY_ERR_PARSE;
        }
        grundy_parse_error_clear(where);
        s = grundy_survey_add_code(sv, line + b, e - b, where);
        if (s != GRUNDY_OK) {
            if (where) {
                where->line = lno;
                where->col += b;
            }
            return s;
        }
    }
    if (sv->n == before) {
        grundy_parse_error_set(where, lno ? lno : 1, 1, "no codes in the file");
        return GRUNDY_ERR_PARSE;
    }
    return GRUNDY_OK;
}

/* Rows ***********************************************************************/

grundy_survey_status grundy_survey_row_status(const grundy_survey_row *r)
{
    if (r->status != GRUNDY_OK)
        return GRUNDY_SURVEY_SKIPPED;
    if (r->per.found && r->per.proven && !r->per.saltus)
        return GRUNDY_SURVEY_PERIODIC;
    if (r->per.found && r->per.saltus)
        return GRUNDY_SURVEY_ARITHMETIC;
    return GRUNDY_SURVEY_NONE;
}

const char *grundy_survey_status_name(grundy_survey_status s)
{
    static const char *const names[] = {
        [GRUNDY_SURVEY_SKIPPED] = "skipped",
        [GRUNDY_SURVEY_PERIODIC] = "periodic",
        [GRUNDY_SURVEY_ARITHMETIC] = "arithmetic-periodic",
        [GRUNDY_SURVEY_NONE] = "none",
    };
    return GRUNDY_NAME_OF(names, s);
}

uint64_t grundy_survey_values_hash(const grundy_table *t, grundy_pos n)
{
    const void *data = grundy_table_data(t);
    unsigned width = grundy_table_width(t);
    unsigned char buf[4096];
    XXH3_state_t *st = XXH3_createState();
    size_t k = 0;
    uint64_t h;
    if (!st)
        return 0;
    (void)XXH3_64bits_reset(st);
    for (grundy_pos i = 0; i < n; i++) {
        uint32_t v = (uint32_t)grundy_table_get_raw(data, width, i);
        buf[k++] = (unsigned char)v;
        buf[k++] = (unsigned char)(v >> 8);
        buf[k++] = (unsigned char)(v >> 16);
        buf[k++] = (unsigned char)(v >> 24);
        if (k == sizeof buf) {
            (void)XXH3_64bits_update(st, buf, k);
            k = 0;
        }
    }
    (void)XXH3_64bits_update(st, buf, k);
    h = XXH3_64bits_digest(st);
    XXH3_freeState(st);
    return h;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One code: its table to N through a session of its own (the store
 * first), summed up by grundy_table_survey_get(). */
static void run_code(const grundy_survey_opts *o, grundy_survey_row *r)
{
    grundy_session_opts so = o->session;
    grundy_session *ses = NULL;
    const grundy_game *g = NULL;
    grundy_values *vals = NULL;
    const grundy_table *t = NULL;
    grundy_table_survey sum;
    double t0 = now_s();
    so.limits.threads = 1;
    r->status = grundy_session_new(&ses, &so);
    if (r->status == GRUNDY_OK)
        r->status = grundy_session_game(&g, ses, r->code, NULL);
    if (r->status == GRUNDY_OK)
        r->status = grundy_session_values(&vals, ses, g);
    if (r->status == GRUNDY_OK)
        r->status = grundy_values_table(&t, vals, o->upto + 1);
    if (r->status == GRUNDY_OK) {
        grundy_table_survey_get(&sum, t);
        r->per = sum.period;
        r->max = sum.max;
        r->have_rare = sum.have_rare;
        r->last_rare = sum.rare.last_rare;
        r->values_hash = grundy_survey_values_hash(t, o->upto + 1);
        r->have_hash = 1;
    }
    r->seconds = now_s() - t0;
    grundy_session_free(ses);
}

/* Report every finished row that has no unfinished row before it (with
 * the lock held); a row of the values of an earlier one joins its
 * group. */
static void report_rows(grundy_survey *sv)
{
    while (sv->reported < sv->n && sv->done[sv->reported]) {
        grundy_survey_row *r = &sv->rows[sv->reported++];
        if (r->have_hash)
            for (size_t q = 0; q + 1 < sv->reported; q++)
                if (sv->rows[q].have_hash &&
                    sv->rows[q].values_hash == r->values_hash) {
                    if (sv->rows[q].group < r->group)
                        r->group = sv->rows[q].group;
                    break;
                }
        if (sv->o->row_done)
            sv->o->row_done(sv->o->ctx, sv, sv->reported - 1);
    }
}

typedef struct worker {
    grundy_survey *sv;
    int mine_only; /* this process's share, reporting nothing */
} worker;

static void *work(void *arg)
{
    worker *wk = arg;
    grundy_survey *sv = wk->sv;
    const grundy_survey_opts *o = sv->o;
    unsigned ranks = o->ranks > 1 ? o->ranks : 1;
    for (;;) {
        size_t i = atomic_fetch_add(&sv->next, 1);
        if (i >= sv->n || atomic_load(&sv->stopped))
            break;
        if (o->stop && o->stop(o->ctx)) {
            atomic_store(&sv->stopped, 1);
            break;
        }
        if (wk->mine_only && i % ranks != o->rank)
            continue;
        run_code(o, &sv->rows[i]);
        if (wk->mine_only)
            continue;
        pthread_mutex_lock(&sv->lock);
        sv->done[i] = 1;
        report_rows(sv);
        pthread_mutex_unlock(&sv->lock);
    }
    return NULL;
}

static grundy_status run_all(grundy_survey *sv, unsigned threads, int mine_only)
{
    worker *wk = calloc(threads, sizeof *wk);
    pthread_t *tid = calloc(threads, sizeof *tid);
    char *started = calloc(threads, 1);
    grundy_status s = GRUNDY_OK;
    if (!wk || !tid || !started) {
        s = GRUNDY_ERR_NOMEM;
        goto out;
    }
    atomic_store(&sv->next, 0);
    for (unsigned i = 0; i < threads; i++) {
        wk[i].sv = sv;
        wk[i].mine_only = mine_only;
    }
    for (unsigned i = 1; i < threads; i++)
        started[i] = grundy_thread_start(&tid[i], work, &wk[i]) == 0;
    work(&wk[0]);
    for (unsigned i = 1; i < threads; i++)
        if (started[i])
            pthread_join(tid[i], NULL);
out:
    GRUNDY_FREE_ALL(wk, tid, started);
    return s;
}

void grundy_survey_opts_init(grundy_survey_opts *o)
{
    memset(o, 0, sizeof *o);
    grundy_session_opts_init(&o->session);
    o->ranks = 1;
}

grundy_status grundy_survey_run(grundy_survey *sv, const grundy_survey_opts *o)
{
    unsigned threads =
        o->workers ? o->workers : grundy_limits_threads(&o->session.limits);
    unsigned ranks = o->ranks > 1 ? o->ranks : 1;
    grundy_status s = GRUNDY_OK;
    GRUNDY_RETURN_IF(sv->n == 0 || o->upto == UINT64_MAX ||
                         (ranks > 1 && o->rank >= ranks),
                     GRUNDY_ERR_ARG);
    if (threads > sv->n)
        threads = (unsigned)sv->n;
    if (threads < 1)
        threads = 1;
    sv->o = o;
    sv->reported = 0;
    atomic_store(&sv->stopped, 0);
    memset(sv->done, 0, sv->n);
    pthread_mutex_init(&sv->lock, NULL);
    if (ranks > 1)
        s = run_all(sv, threads, 1);
    if (s == GRUNDY_OK && o->rank == 0)
        s = run_all(sv, threads, 0);
    pthread_mutex_destroy(&sv->lock);
    sv->o = NULL;
    return s;
}

/* Published tables **********************************************************/

void grundy_survey_compare(grundy_survey_verdict *verdict, size_t *row,
                           const grundy_survey *sv,
                           const grundy_survey_published *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const grundy_survey_row *r = NULL;
        size_t j;
        int ours;
        for (j = 0; j < sv->n; j++)
            if (strcmp(sv->rows[j].code, p[i].code) == 0 ||
                strcmp(sv->rows[j].canon, p[i].code) == 0) {
                r = &sv->rows[j];
                break;
            }
        if (row)
            row[i] = r ? j : SIZE_MAX;
        if (!r || r->status != GRUNDY_OK) {
            verdict[i] = GRUNDY_SURVEY_ABSENT;
            continue;
        }
        ours = grundy_survey_row_status(r) == GRUNDY_SURVEY_PERIODIC;
        if (!ours && p[i].periodic)
            verdict[i] = GRUNDY_SURVEY_UNDECIDED;
        else if (ours && (!p[i].periodic || r->per.period != p[i].period ||
                          r->per.preperiod != p[i].preperiod))
            verdict[i] = GRUNDY_SURVEY_DIFFER;
        else
            verdict[i] = GRUNDY_SURVEY_AGREE;
    }
}
