/*
 * cli.c -- helpers shared by the subcommands.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "grundy: %s%s", cmd ? cmd : "", cmd ? ": " : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'grundy %s%s--help'.\n", cmd ? cmd : "",
            cmd ? " " : "");
    return CLI_EXIT_USAGE;
}

/* The engine of the running subcommand, for messages about its limits
 * from places that do not hold it. */
static const cli_engine *active_engine;

int cli_error(const char *context, grundy_status s,
              const grundy_parse_error *where)
{
    if (s == GRUNDY_ERR_WORK && active_engine &&
        !(where && where->msg[0])) {
        size_t n = strlen(active_engine->cmd);
        const char *what = "the computation";
        if (strncmp(context, active_engine->cmd, n) == 0 &&
            context[n] == ':' && context[n + 1] == ' ')
            what = context + n + 2;
        else if (strcmp(context, active_engine->cmd) != 0)
            what = context;
        cli_work_error(active_engine, what);
        return CLI_EXIT_DATA;
    }
    if (where && where->msg[0])
        fprintf(stderr, "grundy: %s: %s\n", context, where->msg);
    else
        fprintf(stderr, "grundy: %s: %s\n", context, grundy_strerror(s));
    return CLI_EXIT_DATA;
}

int cli_write_error(const char *context, const grundy_writer *w)
{
    fprintf(stderr, "grundy: %s: cannot write the standard output: %s\n",
            context, w->err_errno ? strerror(w->err_errno)
                                  : grundy_strerror(w->err));
    return CLI_EXIT_DATA;
}

const char *cli_input_name = "input";

int cli_input_error(grundy_status s, const grundy_parse_error *where)
{
    fprintf(stderr, "grundy: %s:%lu:%lu: %s\n", cli_input_name, where->line,
            where->col, where->msg[0] ? where->msg : grundy_strerror(s));
    return CLI_EXIT_DATA;
}

int cli_open_input(const char *cmd, const char *path)
{
    int fd;
    if (!path || strcmp(path, "-") == 0)
        return 0;
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "grundy: %s: %s: %s\n", cmd, path, strerror(errno));
        return CLI_EXIT_DATA;
    }
    if (fd != 0) {
        if (dup2(fd, 0) < 0) {
            fprintf(stderr, "grundy: %s: %s: %s\n", cmd, path,
                    strerror(errno));
            close(fd);
            return CLI_EXIT_DATA;
        }
        close(fd);
    }
    cli_input_name = path;
    return 0;
}

int cli_input_option(const char *cmd, int argc, char **argv, int *i)
{
    const char *v;
    if (!cli_opt_value(argc, argv, i, "--input", &v))
        return 0;
    if (!v || !*v)
        return -cli_usage_error(cmd, "--input needs a FILE ('-': standard "
                                     "input)");
    return cli_open_input(cmd, v) ? -CLI_EXIT_DATA : 1;
}

int cli_parse_u64(const char *cmd, const char *opt, const char *text,
                  uint64_t lo, uint64_t hi, uint64_t *out)
{
    grundy_parse_error where;
    if (!text)
        return cli_usage_error(cmd, "option '%s' needs a value", opt);
    if (grundy_u64_parse(out, text, strlen(text), lo, hi, &where) !=
        GRUNDY_OK)
        return cli_usage_error(cmd, "%s: %s", opt, where.msg);
    return 0;
}

int cli_parse_choice(const char *cmd, const char *opt, const char *val,
                     const char *const names[], int *out)
{
    char list[256];
    size_t len = 0, i, n = 0;
    while (names[n])
        n++;
    for (i = 0; val && i < n; i++)
        if (strcmp(val, names[i]) == 0) {
            *out = (int)i;
            return 0;
        }
    list[0] = 0;
    for (i = 0; i < n && len < sizeof list; i++) {
        int k = snprintf(list + len, sizeof list - len, "%s%s",
                         i == 0 ? "" : i + 1 == n ? " or " : ", ", names[i]);
        if (k < 0)
            break;
        len += (size_t)k;
    }
    return cli_usage_error(cmd, "%s takes %s", opt, list);
}

int cli_parse_bytes(const char *cmd, const char *opt, const char *text,
                    size_t *out)
{
    char num[32];
    size_t len;
    unsigned shift = 0;
    uint64_t v;
    if (!text)
        return cli_usage_error(cmd, "option '%s' needs a value", opt);
    len = strlen(text);
    if (len && strchr("KkMmGgTt", text[len - 1])) {
        static const char sfx[] = "KMGT";
        char c = text[len - 1];
        shift = 10u * (unsigned)(strchr(sfx, c >= 'a' ? c - 32 : c) - sfx + 1);
        len--;
    }
    if (len >= sizeof num)
        return cli_usage_error(cmd, "%s: '%s' is too long", opt, text);
    memcpy(num, text, len);
    num[len] = 0;
    if (cli_parse_u64(cmd, opt, num, 1, UINT64_MAX >> shift, &v))
        return CLI_EXIT_USAGE;
    *out = (size_t)(v << shift);
    return 0;
}

int cli_parse_store_limit(const char *cmd, const char *opt,
                          const char *text, uint64_t *out)
{
    if (!text)
        return cli_usage_error(cmd, "option '%s' needs a value", opt);
    if (grundy_store_parse_limit(text, out) != GRUNDY_OK)
        return cli_usage_error(cmd, "%s: '%s' is not a size (a number of "
                               "bytes with K, M, G or T, or 'none')",
                               opt, text);
    return 0;
}

uint64_t cli_env_store_limit(const char *cmd)
{
    const char *e = getenv("GRUNDY_STORE_LIMIT");
    uint64_t v;
    if (!e || !*e)
        return 0;
    if (grundy_store_parse_limit(e, &v) == GRUNDY_OK)
        return v;
    fprintf(stderr, "grundy: %s: GRUNDY_STORE_LIMIT='%s' is not a size (a "
            "number of bytes with K, M, G or T, or 'none'); the default "
            "limit holds\n", cmd, e);
    return 0;
}

int cli_parse_count(const char *cmd, const char *opt, const char *text,
                    uint64_t *out)
{
    char num[32];
    size_t len;
    uint64_t mult = 1, v;
    if (!text)
        return cli_usage_error(cmd, "option '%s' needs a value", opt);
    len = strlen(text);
    if (len && strchr("KkMmGgTtPp", text[len - 1])) {
        static const char sfx[] = "KMGTP";
        char c = text[len - 1];
        const char *at = strchr(sfx, c >= 'a' ? c - 32 : c);
        long k;
        for (k = 0; k <= at - sfx; k++)
            mult *= 1000;
        len--;
    }
    if (len >= sizeof num)
        return cli_usage_error(cmd, "%s: '%s' is too long", opt, text);
    memcpy(num, text, len);
    num[len] = 0;
    if (cli_parse_u64(cmd, opt, num, 1, UINT64_MAX / mult, &v))
        return CLI_EXIT_USAGE;
    *out = v * mult;
    return 0;
}

/* Progress and signals *****************************************************/

static struct timespec progress_last, progress_start;
/* Units done at the phase's first report: the rate and the time left go
 * by what this run did since (a table resumed from the store starts at
 * its stored prefix, which took no time now). */
static uint64_t progress_base;
static const char *progress_phase;
static int progress_shown;
static int progress_mode; /* 0: at a terminal, 1: always, -1: never */
static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
    got_signal = sig;
}

void cli_catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int cli_interrupted(void)
{
    return got_signal;
}

static double seconds_since(const struct timespec *a,
                            const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) +
           (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

static void human(char *buf, size_t cap, double x)
{
    if (x >= 1e9)
        snprintf(buf, cap, "%.2fG", x / 1e9);
    else if (x >= 1e6)
        snprintf(buf, cap, "%.2fM", x / 1e6);
    else if (x >= 1e4)
        snprintf(buf, cap, "%.1fk", x / 1e3);
    else
        snprintf(buf, cap, "%.0f", x);
}

int cli_progress(void *ctx, const grundy_progress *p)
{
    struct timespec now;
    char done[16], total[16], rate[16];
    uint64_t ran;
    double el;
    if (got_signal)
        return 1;
    if (progress_mode < 0 || (progress_mode == 0 && !isatty(2)))
        return 0;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!progress_phase || strcmp(progress_phase, p->phase) != 0 ||
        !progress_shown) {
        progress_start = now;
        progress_phase = p->phase;
        progress_base = p->done > p->start ? p->done : p->start;
    } else if (!p->final && seconds_since(&progress_last, &now) < 0.2) {
        return 0;
    }
    progress_last = now;
    progress_shown = 1;
    el = seconds_since(&progress_start, &now);
    human(done, sizeof done, (double)p->done);
    human(total, sizeof total, (double)p->total);
    ran = p->done > progress_base ? p->done - progress_base : 0;
    human(rate, sizeof rate, el > 0 ? (double)ran / el : 0);
    if (p->total && p->done <= p->total && ran && el > 0.5) {
        double eta = el * (double)(p->total - p->done) / (double)ran;
        fprintf(stderr, "\r\033[K%s: %s: %s / %s (%.1f%%), %s/s, %.0f s left",
                (const char *)ctx, p->phase, done, total,
                100.0 * (double)p->done / (double)p->total, rate, eta);
    } else if (p->total) {
        fprintf(stderr, "\r\033[K%s: %s: %s / %s", (const char *)ctx,
                p->phase, done, total);
    } else {
        fprintf(stderr, "\r\033[K%s: %s: %s, %.0f s", (const char *)ctx,
                p->phase, done, el);
    }
    return 0;
}

void cli_progress_done(void)
{
    if (progress_shown)
        fprintf(stderr, "\r\033[K");
    progress_shown = 0;
    progress_phase = NULL;
}

void cli_progress_attach(grundy_limits *opts, const char *label)
{
    opts->progress = cli_progress;
    opts->progress_ctx = (void *)(uintptr_t)label;
}

/* The engine ***************************************************************/

void cli_engine_init(cli_engine *e, const char *cmd)
{
    memset(e, 0, sizeof *e);
    e->cmd = cmd;
    e->enddb = 0;
    grundy_limits_init(&e->limits);
    cli_progress_attach(&e->limits, cmd);
    active_engine = e;
}

/* The common options, one row each: every subcommand takes them through
 * cli_engine_option(), so none refuses another's. */
typedef struct common_opt {
    const char *name;
    int takes_value;
    int (*set)(cli_engine *e, const char *name, const char *val);
} common_opt;

static int set_mem(cli_engine *e, const char *name, const char *v)
{
    return cli_parse_bytes(e->cmd, name, v, &e->limits.mem_limit);
}

static int set_work(cli_engine *e, const char *name, const char *v)
{
    return cli_parse_count(e->cmd, name, v, &e->limits.work_limit);
}

static int set_threads(cli_engine *e, const char *name, const char *v)
{
    uint64_t nt;
    if (cli_parse_u64(e->cmd, name, v, 0, 256, &nt))
        return CLI_EXIT_USAGE;
    e->limits.threads = (unsigned)nt;
    return 0;
}

static int set_store(cli_engine *e, const char *name, const char *v)
{
    if (!v || !*v)
        return cli_usage_error(e->cmd, "'%s' needs a folder", name);
    e->store_dir = v;
    e->no_store = 0;
    return 0;
}

static int set_no_store(cli_engine *e, const char *name, const char *v)
{
    (void)name;
    (void)v;
    e->no_store = 1;
    return 0;
}

static int set_out_of_core(cli_engine *e, const char *name, const char *v)
{
    (void)name;
    (void)v;
    e->out_of_core = 1;
    return 0;
}

static int set_progress(cli_engine *e, const char *name, const char *v)
{
    (void)e;
    (void)v;
    progress_mode = strcmp(name, "--quiet") == 0 ? -1 : 1;
    return 0;
}

static int set_store_limit(cli_engine *e, const char *name, const char *v)
{
    return cli_parse_store_limit(e->cmd, name, v, &e->store_limit);
}

static int set_keep_table(cli_engine *e, const char *name, const char *v)
{
    (void)name;
    (void)v;
    e->keep_single = 1;
    return 0;
}

static int set_enddb(cli_engine *e, const char *name, const char *v)
{
    uint64_t k;
    if (strcmp(v, "auto") == 0) {
        e->enddb = -1;
        return 0;
    }
    if (cli_parse_u64(e->cmd, name, v, 0, 40, &k))
        return 2;
    e->enddb = (int)k;
    return 0;
}

static const common_opt common_opts[] = {
    {"--enddb", 1, set_enddb},
    {"--mem-limit", 1, set_mem},
    {"--work-limit", 1, set_work},
    {"--threads", 1, set_threads},
    {"--store", 1, set_store},
    {"--no-store", 0, set_no_store},
    {"--store-limit", 1, set_store_limit},
    {"--keep-table", 0, set_keep_table},
    {"--out-of-core", 0, set_out_of_core},
    {"--progress", 0, set_progress},
    {"--quiet", 0, set_progress},
};

int cli_engine_option(cli_engine *e, int argc, char **argv, int *i)
{
    size_t k;
    for (k = 0; k < sizeof common_opts / sizeof common_opts[0]; k++) {
        const common_opt *o = &common_opts[k];
        const char *v = NULL;
        if (o->takes_value) {
            if (!cli_opt_value(argc, argv, i, o->name, &v))
                continue;
        } else if (strcmp(argv[*i], o->name) != 0) {
            continue;
        }
        return o->set(e, o->name, v) ? -1 : 1;
    }
    return 0;
}

int cli_bound_option(const char *cmd, int argc, char **argv, int *i,
                     const char *name, uint64_t lo, uint64_t hi,
                     uint64_t *out)
{
    const char *v;
    int old = 0;
    if (!cli_opt_value(argc, argv, i, name, &v)) {
        if (!cli_opt_value(argc, argv, i, "--max", &v))
            return 0;
        old = 1;
    }
    if (old)
        fprintf(stderr,
                "grundy: %s: note: '--max' is now '%s'; the old name is "
                "still taken in this release and goes in the next\n",
                cmd, name);
    if (cli_parse_u64(cmd, old ? "--max" : name, v, lo, hi, out))
        return -1;
    return 1;
}

static void store_warn(void *ctx, const char *path, const char *what)
{
    (void)ctx;
    cli_progress_done();
    if (!path)
        fprintf(stderr,
                "grundy: store: store: %s (set HOME or "
                "XDG_CACHE_HOME, or give --store DIR); nothing will "
                "be kept\n",
                what);
    else
        fprintf(stderr, "grundy: store: %s: %s\n", path, what);
}

grundy_status cli_engine_session(cli_engine *e, grundy_session **out)
{
    if (!e->session) {
        grundy_session_opts o;
        grundy_session_opts_init(&o);
        o.limits = e->limits;
        o.store_dir = e->store_dir;
        o.no_store = e->no_store;
        o.method = e->method;
        o.out_of_core = e->out_of_core;
        o.keep_single = e->keep_single;
        o.enddb = e->enddb;
        o.store_limit = e->store_limit;
        if (!o.store_limit && !e->no_store)
            o.store_limit = cli_env_store_limit(e->cmd);
        o.warn = store_warn;
        GRUNDY_TRY(grundy_session_new(&e->session, &o));
    }
    *out = e->session;
    return GRUNDY_OK;
}

grundy_status cli_engine_values(cli_engine *e, const grundy_game *g,
                                grundy_values **out)
{
    grundy_session *s;
    GRUNDY_TRY(cli_engine_session(e, &s));
    GRUNDY_TRY(grundy_session_values(out, s, g));
    e->store = grundy_session_store(s);
    return GRUNDY_OK;
}

void cli_engine_clear(cli_engine *e)
{
    grundy_session_free(e->session);
    e->session = NULL;
    e->store = NULL;
    if (active_engine == e)
        active_engine = NULL;
}

int cli_engine_error(const cli_engine *e, const char *what, grundy_status s)
{
    cli_progress_done();
    if (s == GRUNDY_ERR_CANCELLED) {
        /* only what the store says it kept: a board search or a window
         * keeps nothing */
        grundy_store_saved sv;
        memset(&sv, 0, sizeof sv);
        if (e->store)
            grundy_store_last_saved(&sv, e->store);
        if (sv.count && sv.complete)
            fprintf(stderr, "grundy: %s: interrupted; the table of %s "
                    "(%llu entries) is kept in the store\n",
                    e->cmd, sv.spec, (unsigned long long)sv.size);
        else if (sv.count)
            fprintf(stderr, "grundy: %s: interrupted; g(0) to g(%llu) of "
                    "%s are kept in the store, and the same command goes "
                    "on from there\n",
                    e->cmd, (unsigned long long)(sv.size - 1), sv.spec);
        else if (e->store && grundy_store_journal_kept(e->store))
            fprintf(stderr, "grundy: %s: interrupted; the values of %llu "
                    "parts of the board are kept in the store, and the same "
                    "command goes on from them\n",
                    e->cmd,
                    (unsigned long long)grundy_store_journal_kept(e->store));
        else
            fprintf(stderr, "grundy: %s: interrupted%s\n", e->cmd,
                    e->store ? "; nothing was kept" : "");
        return 128 + (got_signal ? got_signal : SIGINT);
    }
    if (s == GRUNDY_ERR_LIMIT) {
        fprintf(stderr,
                "grundy: %s: %s needs more memory than the limit "
                "(--mem-limit)\n",
                e->cmd, what);
        return CLI_EXIT_DATA;
    }
    if (s == GRUNDY_ERR_WORK) {
        cli_work_error(e, what);
        return CLI_EXIT_DATA;
    }
    fprintf(stderr, "grundy: %s: %s: %s\n", e->cmd, what,
            grundy_strerror(s));
    return CLI_EXIT_DATA;
}

void cli_work_error(const cli_engine *e, const char *what)
{
    uint64_t need = e->session ? grundy_session_work_needed(e->session) : 0;
    cli_progress_done();
    if (need)
        fprintf(stderr,
                "grundy: %s: %s needs about %.3g steps, past the work "
                "limit of %.3g (--work-limit)\n",
                e->cmd, what, (double)need,
                (double)grundy_limits_work(&e->limits));
    else
        fprintf(stderr,
                "grundy: %s: %s is past the work limit of %.3g steps "
                "(--work-limit)\n",
                e->cmd, what, (double)grundy_limits_work(&e->limits));
}

int cli_opt_value(int argc, char **argv, int *i, const char *name,
                  const char **val)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *val = a + n + 1;
        return 1;
    }
    if (a[n] != 0)
        return 0;
    *val = *i + 1 < argc ? argv[++*i] : NULL;
    return 1;
}

void cli_json_str(grundy_writer *w, const char *s)
{
    grundy_writer_char(w, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            grundy_writer_char(w, '\\');
            grundy_writer_char(w, (char)c);
        } else if (c < 0x20) {
            static const char hex[] = "0123456789abcdef";
            char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            grundy_writer_bytes(w, esc, 6);
        } else {
            grundy_writer_char(w, (char)c);
        }
    }
    grundy_writer_char(w, '"');
}

void cli_json_rules(grundy_writer *w, const char *written,
                    const grundy_game *g)
{
    char buf[512];
    size_t n = grundy_game_canonical_spec(g, buf, sizeof buf);
    grundy_writer_str(w, "\"rules\": ");
    cli_json_str(w, written ? written : grundy_game_spec(g));
    grundy_writer_str(w, ", \"canonical\": ");
    if (n >= sizeof buf)
        cli_json_str(w, grundy_game_spec(g));
    else
        cli_json_str(w, buf);
}

void cli_json_pos(grundy_writer *w, const grundy_game *g, grundy_pos p)
{
    char buf[256];
    size_t n = grundy_game_pos_format(g, p, buf, sizeof buf);
    if (n >= sizeof buf) /* longer than any family writes: as a number */
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)p);
    cli_json_str(w, buf);
}

void cli_json_parts(grundy_writer *w, const grundy_game *g,
                    const grundy_move *m)
{
    unsigned k, first = 1;
    int heaps = !grundy_game_num_positions(g) &&
                !grundy_game_rules(g)->pos_format;
    grundy_writer_char(w, '[');
    for (k = 0; k < m->nparts; k++) {
        if (heaps && m->part[k] == 0)
            continue; /* an empty heap is no part */
        if (!first)
            grundy_writer_str(w, ", ");
        first = 0;
        cli_json_pos(w, g, m->part[k]);
    }
    grundy_writer_char(w, ']');
}
