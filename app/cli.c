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

int cli_opt_input(const char *cmd, void *args, const cli_opt *o,
                  const char *val)
{
    (void)args;
    if (!val || !*val)
        return cli_usage_error(cmd, "%s needs a FILE ('-': standard input)",
                               o->name);
    return cli_open_input(cmd, val);
}

int cli_opt_file(const char *cmd, void *args, const cli_opt *o,
                 const char *val)
{
    if (o->seen && *(const int *)((const char *)args + o->seen - 1))
        return cli_usage_error(cmd, "unexpected argument '%s' (one input "
                                    "FILE)",
                               val);
    return cli_open_input(cmd, val);
}

/* Progress and signals *****************************************************/

static struct timespec progress_last, progress_start;
/* Units done at the phase's first report: the rate and the time left go
 * by what this run did since (a table resumed from the store starts at
 * its stored prefix, which took no time now). */
static uint64_t progress_base;
static const char *progress_phase;
static int progress_shown;
/* stderr is a terminal: one line rewritten in place; else (--progress
 * into a log) a line of its own every PROGRESS_LOG_S seconds */
static int progress_tty = -1;
#define PROGRESS_LOG_S 10.0
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
    if (progress_tty < 0)
        progress_tty = isatty(2);
    if (cli_progress_mode < 0 || (cli_progress_mode == 0 && !progress_tty))
        return 0;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!progress_phase || strcmp(progress_phase, p->phase) != 0 ||
        !progress_shown) {
        progress_start = now;
        progress_phase = p->phase;
        progress_base = p->done > p->start ? p->done : p->start;
    } else if (!p->final && seconds_since(&progress_last, &now) <
                                (progress_tty ? 0.2 : PROGRESS_LOG_S)) {
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
        fprintf(stderr, "%s%s: %s: %s / %s (%.1f%%), %s/s, %.0f s left",
                progress_tty ? "\r\033[K" : "", (const char *)ctx,
                p->phase, done, total,
                100.0 * (double)p->done / (double)p->total, rate, eta);
    } else if (p->total) {
        fprintf(stderr, "%s%s: %s: %s / %s", progress_tty ? "\r\033[K" : "",
                (const char *)ctx, p->phase, done, total);
    } else {
        fprintf(stderr, "%s%s: %s: %s, %.0f s", progress_tty ? "\r\033[K" : "",
                (const char *)ctx, p->phase, done, el);
    }
    if (p->detail)
        fprintf(stderr, ", %s", p->detail);
    if (!progress_tty)
        fputc('\n', stderr);
    return 0;
}

void cli_progress_done(void)
{
    if (progress_shown && progress_tty > 0)
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
    grundy_limits_init(&e->limits);
    grundy_session_opts_init(&e->so);
    cli_progress_attach(&e->limits, cmd);
    active_engine = e;
}

int cli_opts_start(const cli_optset *set, void *args, size_t size, int argc,
                   char **argv)
{
    memset(args, 0, size);
    if (set->engine)
        cli_engine_init((cli_engine *)((char *)args + set->engine - 1),
                        set->cmd);
    return cli_opts_parse(set, args, argc, argv);
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

void cli_engine_session_opts(const cli_engine *e, grundy_session_opts *o)
{
    *o = e->so;
    o->limits = e->limits;
    if (!o->store_limit && !o->no_store)
        o->store_limit = cli_env_store_limit(e->cmd);
    o->warn = store_warn;
}

grundy_status cli_engine_session(cli_engine *e, grundy_session **out)
{
    if (!e->session) {
        grundy_session_opts o;
        cli_engine_session_opts(e, &o);
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
            fprintf(stderr, "grundy: %s: interrupted; what the search "
                    "found about %llu parts of the board is kept in the "
                    "store, and the same command goes on from there\n",
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

void cli_work_text(char *buf, size_t cap, const cli_engine *e,
                   const char *what)
{
    uint64_t need = e->session ? grundy_session_work_needed(e->session) : 0;
    double limit = (double)grundy_limits_work(&e->limits);
    if (need)
        snprintf(buf, cap, "%s needs about %.3g steps, past the work limit "
                 "of %.3g (--work-limit)", what, (double)need, limit);
    else
        snprintf(buf, cap, "%s is past the work limit of %.3g steps "
                 "(--work-limit)", what, limit);
}

void cli_work_error(const cli_engine *e, const char *what)
{
    char msg[400];
    cli_work_text(msg, sizeof msg, e, what);
    cli_progress_done();
    fprintf(stderr, "grundy: %s: %s\n", e->cmd, msg);
}
