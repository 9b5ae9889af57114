/*
 * cmd_survey.c -- grundy survey SPEC --upto N: every code of a family of
 * take-and-break games (a pattern such as 0.ddd, or a list of codes in a
 * file) tabulated to N, one row per code: its status (a period proven by
 * the family's criterion, an arithmetic period seen, or none found), the
 * period and preperiod, the largest value, the last rare position and the
 * time.
 *
 * Codes run in parallel, one per worker thread (each table on one thread:
 * many small tables keep two cores busier than one table on two), and
 * the rows are printed in the order of the codes as soon as every row
 * before them is done.  Under mpirun (OMPI_COMM_WORLD_RANK / PMI_RANK and
 * the matching size in the environment) each process takes the codes
 * i = rank (mod size) and prints nothing; rank 0 then prints every row,
 * reading the other ranks' tables from the store (it waits on an entry's
 * lock while its owner computes it).  A survey is resumed through the
 * store: a table saved there is read back, not computed again, so a
 * survey killed and started again goes on where it stopped and prints
 * the same rows.  Codes whose values agree up to N are grouped under the
 * first one (the game locator of Winning Ways): the codes that name the
 * same game (the library's canonical spec: trailing zero digits dropped)
 * and those that differ as games but not in their values (0.054 and
 * 0.056), found by a 64-bit hash of the values (XXH3).
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xxhash.h>

#include "cli.h"
#include "json_out.h"
#include "published.h"

#define SURVEY_MAX_CODES (1u << 20)
#define CODE_LEN 80

typedef struct row {
    char code[CODE_LEN];
    char canon[CODE_LEN];
    size_t group; /* the first code with the same values up to N */
    uint64_t seq; /* the hash of g(0..N), when the table was made */
    int have_seq;
    grundy_status st;
    grundy_period per;
    grundy_value max;
    grundy_pos last_rare;
    int have_rare;
    double seconds;
    int done;
} row;

typedef struct survey {
    const char *spec;
    uint64_t upto;
    int have_upto, json, csv;
    const char *compare;
    published *pub; /* --compare's table, read before any work */
    size_t npub;
    cli_engine eng;
    row *rows;
    size_t nrows;
    unsigned rank, ranks;
    /* the workers */
    atomic_size_t next;
    pthread_mutex_t lock;
    size_t printed;
    grundy_writer *w;
    int failed; /* exit code of the first hard failure, 0 if none */
} survey;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int add_code(survey *sv, const char *code, size_t len)
{
    row *nr;
    if (len >= CODE_LEN)
        return 0;
    if ((sv->nrows & (sv->nrows - 1)) == 0) {
        nr = realloc(sv->rows, (sv->nrows ? 2 * sv->nrows : 64) * sizeof *nr);
        if (!nr)
            return 0;
        sv->rows = nr;
    }
    memset(&sv->rows[sv->nrows], 0, sizeof *sv->rows);
    memcpy(sv->rows[sv->nrows].code, code, len);
    sv->nrows++;
    return 1;
}

/* A pattern: literal characters, 'd' for every octal digit 0-7 and 'h'
 * for every hexadecimal digit 0-F after the point (the library's
 * grundy_takebreak_pattern_*).  Errors name the column. */
static int expand_pattern(survey *sv, const char *p)
{
    size_t len = strlen(p);
    uint64_t total, k;
    char buf[CODE_LEN];
    grundy_parse_error where;
    grundy_status s;
    memset(&where, 0, sizeof where);
    s = grundy_takebreak_pattern_size(&total, p, SURVEY_MAX_CODES, &where);
    if (s != GRUNDY_OK)
        return cli_usage_error("survey", "'%s' at column %lu: %s%s", p,
                               where.col, where.msg,
                               s == GRUNDY_ERR_PARSE ? ", or @FILE" : "");
    for (k = 0; k < total; k++) {
        grundy_game *g = NULL;
        grundy_takebreak_pattern_code(buf, sizeof buf, p, k);
        memset(&where, 0, sizeof where);
        s = grundy_game_new(&g, buf, &where);
        if (s != GRUNDY_OK) {
            size_t col = where.col ? where.col : 1;
            fprintf(stderr, "grundy: survey: '%s' at column %zu: %s\n", p,
                    col, where.msg[0] ? where.msg : grundy_strerror(s));
            return CLI_EXIT_DATA;
        }
        if (grundy_game_num_positions(g) != 0) {
            grundy_game_free(g);
            return cli_usage_error("survey",
                                   "'%s': a survey takes heap games, not "
                                   "boards",
                                   p);
        }
        grundy_game_free(g);
        if (!add_code(sv, buf, len))
            return cli_error("survey", GRUNDY_ERR_NOMEM, NULL);
    }
    return 0;
}

/* @FILE: one code per line; blank lines and '#' comments are skipped.
 * A bad line is refused with FILE:LINE:COL. */
static int read_codes(survey *sv, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    unsigned lno = 0;
    if (!f) {
        fprintf(stderr, "grundy: survey: %s: %s\n", path, strerror(errno));
        return CLI_EXIT_DATA;
    }
    while (fgets(line, sizeof line, f)) {
        size_t b = 0, e = strlen(line);
        grundy_game *g = NULL;
        grundy_parse_error where;
        grundy_status s;
        char *hash = strchr(line, '#');
        lno++;
        if (hash)
            e = (size_t)(hash - line);
        while (b < e && (line[b] == ' ' || line[b] == '\t'))
            b++;
        while (e > b && (line[e - 1] == ' ' || line[e - 1] == '\t' ||
                         line[e - 1] == '\n' || line[e - 1] == '\r'))
            e--;
        if (b == e)
            continue;
        line[e] = 0;
        if (e - b >= CODE_LEN) {
            fprintf(stderr, "grundy: survey: %s:%u:%zu: a code of at most "
                            "%d characters\n",
                    path, lno, b + CODE_LEN, CODE_LEN - 1);
            fclose(f);
            return CLI_EXIT_DATA;
        }
        memset(&where, 0, sizeof where);
        s = grundy_game_new(&g, line + b, &where);
        if (s == GRUNDY_OK && grundy_game_num_positions(g) != 0) {
            fprintf(stderr, "grundy: survey: %s:%u:%zu: a survey takes "
                            "heap games, not boards\n",
                    path, lno, b + 1);
            grundy_game_free(g);
            fclose(f);
            return CLI_EXIT_DATA;
        }
        grundy_game_free(g);
        if (s != GRUNDY_OK) {
            fprintf(stderr, "grundy: survey: %s:%u:%zu: %s\n", path, lno,
                    b + (where.col ? where.col : 1),
                    where.msg[0] ? where.msg : grundy_strerror(s));
            fclose(f);
            return CLI_EXIT_DATA;
        }
        if (!add_code(sv, line + b, e - b)) {
            fclose(f);
            return cli_error("survey", GRUNDY_ERR_NOMEM, NULL);
        }
    }
    fclose(f);
    if (sv->nrows == 0) {
        fprintf(stderr, "grundy: survey: %s:%u:1: no codes in the file\n",
                path, lno ? lno : 1);
        return CLI_EXIT_DATA;
    }
    return 0;
}

/* The XXH3 of g(0 .. n-1), each value as 4 little-endian bytes
 * whatever the table's width, so that equal values hash equally. */
static uint64_t values_hash(const grundy_table *t, grundy_pos n)
{
    const void *data = grundy_table_data(t);
    unsigned width = grundy_table_width(t);
    unsigned char buf[4096];
    XXH3_state_t *st = XXH3_createState();
    grundy_pos i;
    size_t k = 0;
    uint64_t h;
    if (!st)
        return 0;
    (void)XXH3_64bits_reset(st);
    for (i = 0; i < n; i++) {
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

/* One code: its table to N through the engine (the store first), summed
 * up by the library (grundy_table_survey_get()). */
static void run_code(survey *sv, cli_engine *eng, row *r)
{
    grundy_game *g = NULL;
    grundy_values *vals = NULL;
    const grundy_table *t = NULL;
    grundy_table_survey sum;
    double t0 = now_s();
    r->st = grundy_game_new(&g, r->code, NULL);
    if (r->st == GRUNDY_OK)
        r->st = cli_engine_values(eng, g, &vals);
    if (r->st == GRUNDY_OK)
        r->st = grundy_values_table(&t, vals, sv->upto + 1);
    if (r->st == GRUNDY_OK) {
        grundy_table_survey_get(&sum, t);
        r->per = sum.period;
        r->max = sum.max;
        r->have_rare = sum.have_rare;
        r->last_rare = sum.rare.last_rare;
        r->seq = values_hash(t, sv->upto + 1);
        r->have_seq = 1;
    }
    r->seconds = now_s() - t0;
    /* the table is not needed again: drop the session (its values
     * object reads g, so it goes first); the next code opens another */
    cli_engine_clear(eng);
    grundy_game_free(g);
}

static const char *status_word(const row *r)
{
    if (r->st != GRUNDY_OK)
        return "skipped";
    if (r->per.found && r->per.proven && !r->per.saltus)
        return "periodic";
    if (r->per.found && r->per.saltus)
        return "arithmetic-periodic";
    return "none";
}

static void write_u64_or_null(grundy_writer *w, int have, uint64_t v)
{
    if (have)
        grundy_writer_u64(w, v);
    else
        grundy_writer_str(w, "null");
}

static void write_seconds(grundy_writer *w, double s)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.3f", s);
    grundy_writer_str(w, buf);
}

static void write_header(survey *sv)
{
    grundy_writer *w = sv->w;
    if (sv->json)
        return;
    if (sv->csv)
        grundy_writer_str(w, "code,group,status,period,preperiod,saltus,"
                             "max,last_rare,seconds\n");
    else
        grundy_writer_str(w, "code      group     status               "
                             "period  preperiod  max  last_rare  seconds\n");
}

static void write_row(survey *sv, const row *r)
{
    grundy_writer *w = sv->w;
    const row *grp = &sv->rows[r->group];
    const char *st = status_word(r);
    int per = r->st == GRUNDY_OK && r->per.found &&
              (r->per.proven || r->per.saltus);
    if (sv->json) {
        grundy_writer_str(w, "{\"code\": ");
        cli_json_str(w, r->code);
        grundy_writer_str(w, ", \"group\": ");
        cli_json_str(w, grp->canon);
        cli_json_u64(w, "upto", sv->upto);
        grundy_writer_str(w, ", \"status\": \"");
        grundy_writer_str(w, st);
        grundy_writer_str(w, "\", \"period\": ");
        cli_json_period(w, per ? &r->per : NULL);
        grundy_writer_str(w, ", \"max\": ");
        write_u64_or_null(w, r->st == GRUNDY_OK, r->max);
        grundy_writer_str(w, ", \"last_rare\": ");
        write_u64_or_null(w, r->have_rare, r->last_rare);
        grundy_writer_str(w, ", \"seconds\": ");
        write_seconds(w, r->seconds);
        grundy_writer_str(w, "}\n");
        return;
    }
    if (sv->csv) {
        grundy_writer_str(w, r->code);
        grundy_writer_char(w, ',');
        grundy_writer_str(w, grp->canon);
        grundy_writer_char(w, ',');
        grundy_writer_str(w, st);
        grundy_writer_char(w, ',');
        if (per) {
            grundy_writer_u64(w, r->per.period);
            grundy_writer_char(w, ',');
            grundy_writer_u64(w, r->per.preperiod);
            grundy_writer_char(w, ',');
            grundy_writer_u64(w, r->per.saltus);
        } else {
            grundy_writer_str(w, ",,");
        }
        grundy_writer_char(w, ',');
        if (r->st == GRUNDY_OK)
            grundy_writer_u64(w, r->max);
        grundy_writer_char(w, ',');
        if (r->have_rare)
            grundy_writer_u64(w, r->last_rare);
        grundy_writer_char(w, ',');
        write_seconds(w, r->seconds);
        grundy_writer_char(w, '\n');
        return;
    }
    {
        char line[512], p[24] = "-", q[24] = "-", m[24] = "-", lr[24] = "-";
        char stbuf[48];
        if (per) {
            snprintf(p, sizeof p, "%llu", (unsigned long long)r->per.period);
            snprintf(q, sizeof q, "%llu",
                     (unsigned long long)r->per.preperiod);
        }
        if (r->st == GRUNDY_OK)
            snprintf(m, sizeof m, "%llu", (unsigned long long)r->max);
        if (r->have_rare)
            snprintf(lr, sizeof lr, "%llu",
                     (unsigned long long)r->last_rare);
        if (r->st != GRUNDY_OK)
            snprintf(stbuf, sizeof stbuf, "skipped");
        else if (per && r->per.saltus)
            snprintf(stbuf, sizeof stbuf, "arithmetic (+%llu)",
                     (unsigned long long)r->per.saltus);
        else if (per)
            snprintf(stbuf, sizeof stbuf, "period proven");
        else
            snprintf(stbuf, sizeof stbuf, "none found");
        snprintf(line, sizeof line, "%-9s %-9s %-20s %7s %10s %4s %10s %8.3f\n",
                 r->code, grp->canon, stbuf, p, q, m, lr, r->seconds);
        grundy_writer_str(w, line);
    }
}

/* Print every finished row that has no unfinished row before it (with
 * sv->lock held). */
static void flush_rows(survey *sv)
{
    while (sv->printed < sv->nrows && sv->rows[sv->printed].done) {
        row *r = &sv->rows[sv->printed++];
        if (r->st == GRUNDY_ERR_LIMIT || r->st == GRUNDY_ERR_WORK)
            fprintf(stderr,
                    "grundy: survey: %s: skipped, the table to %llu is "
                    "over the %s limit (--%s-limit)\n",
                    r->code, (unsigned long long)sv->upto,
                    r->st == GRUNDY_ERR_LIMIT ? "memory" : "work",
                    r->st == GRUNDY_ERR_LIMIT ? "mem" : "work");
        else if (r->st == GRUNDY_ERR_CANCELLED)
            continue;
        else if (r->st != GRUNDY_OK && !sv->failed) {
            fprintf(stderr, "grundy: survey: %s: %s\n", r->code,
                    grundy_strerror(r->st));
            sv->failed = CLI_EXIT_DATA;
        }
        if (r->have_seq) { /* the first code of the same values */
            size_t q;
            for (q = 0; q + 1 < sv->printed; q++)
                if (sv->rows[q].have_seq && sv->rows[q].seq == r->seq) {
                    if (sv->rows[q].group < r->group)
                        r->group = sv->rows[q].group;
                    break;
                }
        }
        if (sv->rank == 0)
            write_row(sv, r);
    }
    /* a long survey shows each row as it is done */
    (void)grundy_writer_flush(sv->w);
    /* and, at a terminal, how far the whole survey is: code k of n, and
     * the time left (the tables' own progress is not shown) */
    {
        grundy_progress p;
        memset(&p, 0, sizeof p);
        p.phase = "codes";
        p.done = sv->printed;
        p.total = sv->nrows;
        p.final = sv->printed == sv->nrows;
        (void)cli_progress((void *)"survey", &p);
    }
}

/* The tables' progress hook: no line of their own (the survey shows its
 * codes), but Ctrl-C still stops them. */
static int survey_tick(void *ctx, const grundy_progress *p)
{
    (void)ctx;
    (void)p;
    return cli_interrupted() != 0;
}

typedef struct worker {
    survey *sv;
    cli_engine eng;
    int mine_only; /* under mpirun, before rank 0 collects */
} worker;

static void *work(void *arg)
{
    worker *wk = arg;
    survey *sv = wk->sv;
    for (;;) {
        size_t i = atomic_fetch_add(&sv->next, 1);
        row *r;
        if (i >= sv->nrows || cli_interrupted())
            break;
        r = &sv->rows[i];
        if (wk->mine_only && i % sv->ranks != sv->rank)
            continue;
        run_code(sv, &wk->eng, r);
        if (wk->mine_only)
            continue;
        pthread_mutex_lock(&sv->lock);
        r->done = 1;
        flush_rows(sv);
        pthread_mutex_unlock(&sv->lock);
    }
    return NULL;
}

/* Run the rows on `threads` workers; mine_only: this rank's share. */
static int run_all(survey *sv, unsigned threads, int mine_only)
{
    worker *wk = calloc(threads, sizeof *wk);
    pthread_t *tid = calloc(threads, sizeof *tid);
    char *started = calloc(threads, 1);
    unsigned i;
    if (!wk || !tid || !started) {
        free(wk);
        free(tid);
        free(started);
        return cli_error("survey", GRUNDY_ERR_NOMEM, NULL);
    }
    atomic_store(&sv->next, 0);
    for (i = 0; i < threads; i++) {
        wk[i].sv = sv;
        wk[i].eng = sv->eng;
        wk[i].eng.limits.threads = 1;
        wk[i].eng.limits.progress = survey_tick;
        wk[i].eng.session = NULL;
        wk[i].eng.store = NULL;
        wk[i].mine_only = mine_only;
    }
    for (i = 1; i < threads; i++)
        if (pthread_create(&tid[i], NULL, work, &wk[i]) == 0)
            started[i] = 1;
    work(&wk[0]);
    for (i = 1; i < threads; i++)
        if (started[i])
            pthread_join(tid[i], NULL);
    for (i = 0; i < threads; i++)
        cli_engine_clear(&wk[i].eng);
    free(wk);
    free(tid);
    free(started);
    return 0;
}

static unsigned env_uint(const char *a, const char *b)
{
    const char *s = getenv(a);
    if (!s || !*s)
        s = getenv(b);
    return s && *s ? (unsigned)strtoul(s, NULL, 10) : 0;
}

/* The rows against --compare's table.  A code whose period is proven
 * here and differs from the published one (or is published as having
 * none) is a contradiction: listed, and the exit status is 1.  A code
 * published periodic whose period is not proven up to N here is not
 * decided here: listed apart, not a contradiction.  Published codes not
 * in the survey, or skipped, are counted. */
static int compare_rows(survey *sv)
{
    size_t i, j, differ = 0, undecided = 0, agree = 0, absent = 0;
    for (i = 0; i < sv->npub; i++) {
        const published *pb = &sv->pub[i];
        const row *r = NULL;
        int ours;
        for (j = 0; j < sv->nrows && !r; j++)
            if (strcmp(sv->rows[j].code, pb->code) == 0 ||
                strcmp(sv->rows[j].canon, pb->code) == 0)
                r = &sv->rows[j];
        if (!r || r->st != GRUNDY_OK) {
            absent++;
            continue;
        }
        ours = r->per.found && r->per.proven && !r->per.saltus;
        if (!ours && pb->periodic) {
            undecided++;
            fprintf(stderr,
                    "grundy: survey: %s:%lu: %s not decided here: no period "
                    "proven up to %llu, period %llu preperiod %llu "
                    "published\n",
                    sv->compare, pb->line, pb->code,
                    (unsigned long long)sv->upto,
                    (unsigned long long)pb->period,
                    (unsigned long long)pb->preperiod);
        } else if (ours && (!pb->periodic || r->per.period != pb->period ||
                            r->per.preperiod != pb->preperiod)) {
            differ++;
            fprintf(stderr,
                    "grundy: survey: %s:%lu: %s differs: period %llu "
                    "preperiod %llu proven here, ",
                    sv->compare, pb->line, pb->code,
                    (unsigned long long)r->per.period,
                    (unsigned long long)r->per.preperiod);
            if (pb->periodic)
                fprintf(stderr, "period %llu preperiod %llu published\n",
                        (unsigned long long)pb->period,
                        (unsigned long long)pb->preperiod);
            else
                fprintf(stderr, "none published\n");
        } else {
            agree++;
        }
    }
    fprintf(stderr,
            "grundy: survey: %zu published codes, %zu surveyed here: %zu "
            "agree, %zu differ, %zu not decided here; %zu not in this "
            "survey or skipped\n",
            sv->npub, sv->npub - absent, agree, differ, undecided, absent);
    return differ ? CLI_EXIT_DATA : 0;
}

#define AT(m) offsetof(survey, m)
static const cli_opt survey_opts[] = {
    {.type = CLI_OPT_ARG, .name = "SPEC", .field = AT(spec),
     .need = "SPEC (a pattern such as 0.ddd, or @FILE)"},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_U64, .name = "--upto", .meta = "N", .field = AT(upto),
     .seen = CLI_AT(survey, have_upto), .lo = 1, .hi = UINT64_MAX - 1,
     .help = "tabulate g(0..N) of each code"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object per line and code: code, group,\n"
             "upto, status (periodic, arithmetic-periodic, none,\n"
             "skipped), period (null or {period, preperiod,\n"
             "proven, saltus when arithmetic}), max, last_rare,\n"
             "seconds (doc/JSON.md)"},
    {.type = CLI_OPT_FLAG, .name = "--csv", .field = AT(csv),
     .help = "the same columns as comma-separated values"},
    {.type = CLI_OPT_TEXT, .name = "--compare", .meta = "FILE",
     .field = AT(compare), .need = "a file",
     .help = "compare the rows with a published table: lines\n"
             "'CODE PERIOD PREPERIOD' or 'CODE none' ('#'\n"
             "comments), read before any work; a period proven\n"
             "here that differs is listed on stderr (exit 1), a\n"
             "published one not proven up to N here is 'not\n"
             "decided here'; a last line counts them"},
    {.type = CLI_OPT_END},
};
#undef AT

const cli_optset cli_survey_opts = {"survey", survey_opts,
                                    CLI_AT(survey, eng), 1, 0};

/* Expand SPEC, group the codes, run them and write their rows to sv->w:
 * 0, an exit code after a message, or -1 (nothing run) past max_codes
 * codes. */
static int survey_rows(survey *sv, size_t max_codes)
{
    int rc = sv->spec[0] == '@' ? read_codes(sv, sv->spec + 1)
                                : expand_pattern(sv, sv->spec);
    unsigned threads;
    size_t r, q;
    if (rc)
        return rc;
    if (sv->nrows > max_codes)
        return -1;
    /* group the codes that are the same game */
    for (r = 0; r < sv->nrows; r++) {
        grundy_game *g = NULL;
        if (grundy_game_new(&g, sv->rows[r].code, NULL) == GRUNDY_OK)
            grundy_game_canonical_spec(g, sv->rows[r].canon, CODE_LEN);
        grundy_game_free(g);
        sv->rows[r].group = r;
        for (q = 0; q < r; q++)
            if (strcmp(sv->rows[q].canon, sv->rows[r].canon) == 0) {
                sv->rows[r].group = sv->rows[q].group;
                break;
            }
    }
    sv->ranks = env_uint("OMPI_COMM_WORLD_SIZE", "PMI_SIZE");
    sv->rank = env_uint("OMPI_COMM_WORLD_RANK", "PMI_RANK");
    if (sv->ranks < 2 || sv->rank >= sv->ranks)
        sv->ranks = 1, sv->rank = 0;
    if (sv->ranks > 1 && sv->eng.no_store)
        return cli_usage_error("survey", "under mpirun the ranks share "
                                         "their tables through the store: "
                                         "drop --no-store");
    threads = grundy_limits_threads(&sv->eng.limits);
    if (threads > sv->nrows)
        threads = (unsigned)sv->nrows;
    if (threads < 1)
        threads = 1;
    pthread_mutex_init(&sv->lock, NULL);
    if (sv->ranks > 1)
        rc = run_all(sv, threads, 1); /* this rank's share */
    if (rc == 0 && sv->rank == 0) {
        write_header(sv);
        rc = run_all(sv, threads, 0);
    }
    pthread_mutex_destroy(&sv->lock);
    return rc;
}

/* The rows `grundy survey SPEC --upto N --json` prints (json_out.h). */
int cli_survey_json(grundy_writer *w, const char *spec, uint64_t upto,
                    const cli_engine *eng, size_t max_codes)
{
    survey sv;
    int rc;
    memset(&sv, 0, sizeof sv);
    sv.spec = spec;
    sv.upto = upto;
    sv.have_upto = 1;
    sv.json = 1;
    sv.eng = *eng;
    sv.eng.session = NULL;
    sv.eng.store = NULL;
    sv.w = w;
    rc = survey_rows(&sv, max_codes);
    free(sv.rows);
    return rc ? rc : sv.failed;
}

int cmd_survey(int argc, char **argv)
{
    survey sv;
    grundy_writer w;
    int rc = 0;
    memset(&sv, 0, sizeof sv);
    cli_engine_init(&sv.eng, "survey");
    rc = cli_opts_parse(&cli_survey_opts, &sv, argc, argv);
    if (rc)
        return rc;
    if (!sv.have_upto)
        return cli_usage_error("survey", "missing --upto N");
    if (sv.json && sv.csv)
        return cli_usage_error("survey", "give one of --json and --csv");
    if (sv.compare &&
        (rc = published_read("survey", sv.compare, &sv.pub, &sv.npub)) != 0)
        return rc;
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        free(sv.pub);
        return cli_error("survey", GRUNDY_ERR_NOMEM, NULL);
    }
    sv.w = &w;
    cli_catch_signals();
    rc = survey_rows(&sv, SURVEY_MAX_CODES);
    cli_progress_done();
    if (rc == 0 && cli_interrupted()) {
        fprintf(stderr, "grundy: survey: interrupted after %zu of %zu "
                        "codes%s\n",
                sv.printed, sv.nrows,
                sv.eng.no_store ? "" : "; the finished tables are kept in "
                                       "the store");
        rc = 130;
    }
    if (rc == 0 && sv.compare && sv.rank == 0)
        rc = compare_rows(&sv);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("survey", &w);
    if (rc == 0)
        rc = sv.failed;
    free(sv.rows);
    free(sv.pub);
    return rc;
}
