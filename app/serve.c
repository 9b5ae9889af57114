/*
 * serve.c -- grundy serve [--port N] [--bind ADDR] [--open]
 * [--time-limit S] [--max-requests N] [common options]: the web explorer.
 *
 * libmicrohttpd (Debian's libmicrohttpd-dev; loaded when serve starts,
 * serve_mhd.c, not linked) runs the HTTP side, one
 * thread per connection, with at most 2 x --max-requests connections; a
 * request past --max-requests at a time is answered 429.  The raw
 * request target comes from the URI log callback (before the library
 * splits it) and goes to serve_request_parse(); answers come from
 * serve_answer() (serve_api.c), the page from the files built into the
 * program (serve_files.c, generated from app/web/ by CMake).  Only GET
 * and HEAD are taken, and a body of more than SERVE_MAX_BODY bytes is
 * refused.
 *
 * SIGINT and SIGTERM set a flag; the main thread then stops the daemon
 * (a running computation sees the flag at its next progress tick and
 * stops, keeping what the store keeps), waits for the connections, and
 * frees the session, which closes the store.
 *
 * The options are one table (cli_serve_opts, app/opt.h), which parses the
 * command line and prints the help's lines; without libmicrohttpd the
 * same command lines are refused the same way before the server says it
 * is not built.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "serve.h"

#define SERVE_DEFAULT_PORT 8034

/* The server: the options of its command line (the table below), what
 * every request shares, and the requests being answered. */
typedef struct serve_server {
    serve_ctx ctx;
    uint64_t port, time_limit, max_requests;
    const char *bind;
    int open, v6;
    unsigned active; /* requests being answered (count_lock) */
    int quiet;       /* --quiet: no line per request either */
} serve_server;
#define AT(m) offsetof(serve_server, m)

/* --bind ADDR: an IPv4 or IPv6 address, checked before anything runs. */
static int set_bind(const char *cmd, void *args, const cli_opt *o,
                    const char *v)
{
    serve_server *sv = args;
    unsigned char a[sizeof(struct in6_addr)];
    if (!v || !*v)
        return cli_usage_error(cmd, "'%s' needs an address (127.0.0.1, ::1, "
                                    "0.0.0.0)",
                               o->name);
    sv->v6 = strchr(v, ':') != NULL;
    if (inet_pton(sv->v6 ? AF_INET6 : AF_INET, v, a) != 1)
        return cli_usage_error(cmd, "%s: '%s' is not an IPv4 or IPv6 "
                                    "address",
                               o->name, v);
    sv->bind = v;
    return 0;
}

static const cli_opt serve_opts[] = {
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_U64, .name = "--port", .meta = "N", .field = AT(port),
     .lo = 0, .hi = 65535, .def = SERVE_DEFAULT_PORT,
     .help = "the TCP port (default 8034; 0: any free port, the\n"
             "one taken is printed)"},
    {.type = CLI_OPT_CALL, .name = "--bind", .meta = "ADDR",
     .call = set_bind, .flags = CLI_OPT_VALUE,
     .help = "the address to listen on (default 127.0.0.1, this\n"
             "machine only; ::1 for IPv6)"},
    {.type = CLI_OPT_FLAG, .name = "--open", .field = AT(open),
     .help = "open the page in the system's browser (xdg-open)"},
    {.type = CLI_OPT_U64, .name = "--time-limit", .meta = "S",
     .field = AT(time_limit), .lo = 1, .hi = 86400, .def = 10,
     .help = "seconds one request may compute, and wait for the\n"
             "requests before it (default 10)"},
    {.type = CLI_OPT_U64, .name = "--max-requests", .meta = "N",
     .field = AT(max_requests), .lo = 1, .hi = 1024, .def = 32,
     .help = "requests answered at a time (default 32); more\n"
             "get 429"},
    {.type = CLI_OPT_END},
};
#undef AT

/* No argument but options; "-x" is an unknown option. */
const cli_optset cli_serve_opts = {"serve", serve_opts,
                                   CLI_AT(serve_server, ctx.eng), 1, 1, NULL};

/* The server of the command line, or an exit code after a message. */
static int serve_parse(serve_server *sv, int argc, char **argv)
{
    int rc;
    serve_ctx_init(&sv->ctx);
    sv->bind = "127.0.0.1";
    rc = cli_opts_parse(&cli_serve_opts, sv, argc, argv);
    sv->ctx.time_limit = (double)sv->time_limit;
    sv->quiet = cli_progress_mode < 0;
    return rc;
}

#ifdef GRUNDY_HAVE_MHD
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "serve_mhd.h"

#define SERVE_MAX_BODY 65536

extern char **environ;

static volatile sig_atomic_t stop_signal;
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_stop(int sig)
{
    stop_signal = sig;
}

/* One request: its target as sent, the body bytes seen. */
typedef struct req_state {
    char *target;
    size_t len;
    size_t body;
    int counted;
} req_state;

static void *on_uri(void *cls, const char *uri, struct MHD_Connection *con)
{
    req_state *rs = calloc(1, sizeof *rs);
    size_t n = strlen(uri);
    (void)cls;
    (void)con;
    if (!rs)
        return NULL;
    rs->len = n;
    /* past the limit only the length and the start (for the log)
     * matter */
    if (n > SERVE_MAX_TARGET)
        n = 256;
    rs->target = malloc(n + 1);
    if (rs->target) {
        memcpy(rs->target, uri, n);
        rs->target[n] = 0;
    }
    return rs;
}

static void on_done(void *cls, struct MHD_Connection *con, void **con_cls,
                    enum MHD_RequestTerminationCode toe)
{
    serve_server *sv = cls;
    req_state *rs = *con_cls;
    (void)con;
    (void)toe;
    if (!rs)
        return;
    if (rs->counted) {
        pthread_mutex_lock(&count_lock);
        sv->active--;
        pthread_mutex_unlock(&count_lock);
    }
    free(rs->target);
    free(rs);
    *con_cls = NULL;
}

static enum MHD_Result send_reply(struct MHD_Connection *con,
                                  serve_reply *rp, int head)
{
    struct MHD_Response *res;
    enum MHD_Result ret;
    if (!rp->body) { /* out of memory: a fixed answer */
        static const char oom[] = "{\"error\": \"out of memory\"}\n";
        res = MHD(MHD_create_response_from_buffer)(
            sizeof oom - 1, (void *)oom, MHD_RESPMEM_PERSISTENT);
        rp->status = 500;
        rp->type = "application/json";
    } else {
        res = MHD(MHD_create_response_from_buffer)(rp->len, rp->body,
                                                   MHD_RESPMEM_MUST_FREE);
    }
    if (!res) {
        free(rp->body);
        return MHD_NO;
    }
    (void)head;
    MHD(MHD_add_response_header)(res, "Content-Type", rp->type);
    MHD(MHD_add_response_header)(res, "X-Content-Type-Options", "nosniff");
    MHD(MHD_add_response_header)(res, "Cache-Control", "no-store");
    MHD(MHD_add_response_header)(res, "Content-Security-Policy",
                                 "default-src 'self'; img-src 'self' data:; "
                                 "style-src 'self'; script-src 'self'");
    ret = MHD(MHD_queue_response)(con, (unsigned)rp->status, res);
    MHD(MHD_destroy_response)(res);
    return ret;
}

static enum MHD_Result send_error(struct MHD_Connection *con,
                                  const serve_error *err)
{
    serve_reply rp;
    memset(&rp, 0, sizeof rp);
    if (serve_error_reply(err, &rp) != 0)
        rp.body = NULL;
    return send_reply(con, &rp, 0);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *con,
                                  const char *url, const char *method,
                                  const char *version,
                                  const char *upload_data,
                                  size_t *upload_data_size, void **con_cls)
{
    serve_server *sv = cls;
    req_state *rs = *con_cls;
    serve_request *rq;
    serve_error err;
    serve_reply rp;
    int head = strcmp(method, "HEAD") == 0, busy;
    (void)url;
    (void)version;
    (void)upload_data;
    if (!rs)
        return MHD_NO;
    memset(&err, 0, sizeof err);
    if (*upload_data_size) { /* the body: counted, then dropped */
        rs->body += *upload_data_size;
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (!rs->counted) {
        pthread_mutex_lock(&count_lock);
        busy = sv->active >= sv->max_requests;
        if (!busy)
            sv->active++;
        pthread_mutex_unlock(&count_lock);
        if (busy) {
            serve_error_limit(&err, 429, "max-requests", NULL, 0,
                              "more than %u requests at a time "
                              "(--max-requests)",
                              (unsigned)sv->max_requests);
            return send_error(con, &err);
        }
        rs->counted = 1;
        /* called again with the body, if any, and once more after it */
        if (strcmp(method, "GET") != 0 && !head)
            rs->body = 0;
        return MHD_YES;
    }
    if (rs->body > SERVE_MAX_BODY) {
        serve_error_limit(&err, 413, "body", NULL, 0,
                          "the request body is %zu bytes, past the limit "
                          "of %d",
                          rs->body, SERVE_MAX_BODY);
        return send_error(con, &err);
    }
    if (strcmp(method, "GET") != 0 && !head) {
        serve_error_set(&err, 405, NULL, 0,
                        "method %.20s: the server answers GET and HEAD",
                        method);
        return send_error(con, &err);
    }
    if (!rs->target) {
        serve_error_set(&err, 500, NULL, 0, "out of memory");
        return send_error(con, &err);
    }
    rq = malloc(sizeof *rq);
    if (!rq) {
        serve_error_set(&err, 500, NULL, 0, "out of memory");
        return send_error(con, &err);
    }
    if (serve_request_parse(rq, rs->target, rs->len, &err) != 0) {
        free(rq);
        return send_error(con, &err);
    }
    memset(&rp, 0, sizeof rp);
    if (rq->route == SERVE_ROUTE_FILE) {
        rp.status = 200;
        rp.type = rq->file->type;
        rp.len = rq->file->len;
        rp.body = malloc(rp.len + 1);
        if (rp.body)
            memcpy(rp.body, rq->file->data, rp.len);
    } else {
        if (serve_answer(&sv->ctx, rq, &rp) != 0)
            rp.body = NULL;
        /* FLINT keeps caches (the primes of a factorisation) in the
         * thread's own storage, lost when this connection's thread ends:
         * freed after each answer */
        serve_flint_cleanup();
    }
    if (!sv->quiet)
        fprintf(stderr, "grundy serve: %d %.*s\n", rp.status,
                (int)(rs->len > 200 ? 200 : rs->len), rs->target);
    free(rq);
    return send_reply(con, &rp, head);
}

/* --open: the system's browser, if there is one. */
static void open_browser(const char *url)
{
    char *argv[3];
    pid_t pid;
    argv[0] = "xdg-open";
    argv[1] = (char *)url;
    argv[2] = NULL;
    if (posix_spawnp(&pid, "xdg-open", NULL, NULL, argv, environ) != 0)
        fprintf(stderr, "grundy: serve: --open: no xdg-open here; open %s "
                        "by hand\n",
                url);
}

/* Serve until SIGINT or SIGTERM: the exit code. */
static int serve_run(serve_server *sv)
{
    struct MHD_Daemon *d;
    struct sockaddr_in a4;
    struct sockaddr_in6 a6;
    struct sockaddr *addr;
    const union MHD_DaemonInfo *info;
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION |
                     MHD_USE_INTERNAL_POLLING_THREAD;
    uint64_t port;
    int rc, v6;
    char url[128];
    struct sigaction sa;
    sigset_t mask, old;

    sv->ctx.stopping = &stop_signal;
    if ((rc = serve_mhd_require()) != 0)
        return rc;
    port = sv->port;
    v6 = sv->v6;
    memset(&a4, 0, sizeof a4);
    memset(&a6, 0, sizeof a6);
    /* --bind was checked as it was parsed */
    if (v6)
        (void)inet_pton(AF_INET6, sv->bind, &a6.sin6_addr);
    else
        (void)inet_pton(AF_INET, sv->bind, &a4.sin_addr);
    a4.sin_family = AF_INET;
    a4.sin_port = htons((uint16_t)port);
    a6.sin6_family = AF_INET6;
    a6.sin6_port = htons((uint16_t)port);
    addr = v6 ? (struct sockaddr *)&a6 : (struct sockaddr *)&a4;
    if (v6)
        flags |= MHD_USE_IPv6;

    /* the signals stop the daemon from the main thread: blocked in the
     * threads it starts, and here but in sigsuspend() */
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &mask, &old);
    d = MHD(MHD_start_daemon)(
        flags, (uint16_t)port, NULL, NULL, on_request, sv,
        MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_URI_LOG_CALLBACK, on_uri, (void *)sv,
        MHD_OPTION_NOTIFY_COMPLETED, on_done, (void *)sv,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)(2 * sv->max_requests),
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(4 * SERVE_MAX_TARGET),
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)(sv->ctx.time_limit + 20),
        MHD_OPTION_END);
    if (!d) {
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        fprintf(stderr, "grundy: serve: cannot listen on %s port %llu: %s\n",
                sv->bind, (unsigned long long)port,
                errno ? strerror(errno) : "the address is taken");
        return CLI_EXIT_DATA;
    }
    info = MHD(MHD_get_daemon_info)(d, MHD_DAEMON_INFO_BIND_PORT);
    if (info && info->port)
        port = info->port;
    snprintf(url, sizeof url, v6 ? "http://[%s]:%llu/" : "http://%s:%llu/",
             sv->bind, (unsigned long long)port);
    printf("grundy serve: %s\n", url);
    fflush(stdout);
    if (sv->open)
        open_browser(url);
    sigdelset(&old, SIGINT);
    sigdelset(&old, SIGTERM);
    while (!stop_signal)
        sigsuspend(&old);
    fprintf(stderr, "grundy serve: stopping (%s)\n",
            stop_signal == SIGINT ? "SIGINT" : "SIGTERM");
    MHD(MHD_stop_daemon)(d);
    return CLI_EXIT_OK;
}

#else /* no libmicrohttpd: the command line is refused as a server would
       * refuse it, then the server is not there */

static int serve_run(serve_server *sv)
{
    (void)sv;
    fprintf(stderr, "grundy: serve: this grundy was built without "
                    "libmicrohttpd (apt-get install libmicrohttpd-dev, then "
                    "build again)\n");
    return CLI_EXIT_DATA;
}

#endif

int cmd_serve(int argc, char **argv)
{
    serve_server *sv = calloc(1, sizeof *sv);
    int rc;
    if (!sv)
        return cli_error("serve", GRUNDY_ERR_NOMEM, NULL);
    rc = serve_parse(sv, argc, argv);
    if (rc == 0)
        rc = serve_run(sv);
    serve_ctx_clear(&sv->ctx);
    free(sv);
    return rc < 0 ? CLI_EXIT_OK : rc;
}
