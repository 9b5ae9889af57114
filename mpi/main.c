/*
 * main.c -- grundy-mpi: the command line around mpi_tabulate().
 *
 *   mpirun -np P grundy-mpi RULES [--store DIR] [--mem-limit N] [--stats]
 *
 * Every process parses the same command line; process 0 alone prints the
 * result, the figures of --stats and the usage errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy_mpi.h"
#include "opt.h"

static const char help_head[] =
    "Usage: mpirun -np P grundy-mpi RULES [OPTIONS]\n"
    "\n"
    "Tabulate every position of the board family RULES (rect:RxC,\n"
    "cram:RxC, node-kayles:GRAPH, or any family whose moves lower the\n"
    "number of 1s) on the P processes of an MPI job, tier by tier.  Each\n"
    "process holds its part of the tier it computes and reads its parts\n"
    "of the lower tiers from the store; the values it needs from the\n"
    "others are requested and answered in batches (MPI_Alltoallv).\n"
    "The table is kept in the store as a split table: one slice file per\n"
    "process and a manifest written last.  'grundy values RULES --all'\n"
    "reads it (whole when it fits the memory limit), and 'grundy values\n"
    "RULES --position POS' reads one value from the slices.\n"
    "\n"
    "Each finished tier is a checkpoint: after a process dies (the job\n"
    "ends with a message) the same command resumes after the last tier\n"
    "that every process finished.\n"
    "\n";

static const char help_tail[] =
    "\n"
    "Exit status: 0 on success, 1 on a runtime failure, 2 on a usage\n"
    "error (an unknown option, a missing argument, a value out of its\n"
    "range).  See grundy-mpi(1).\n";

typedef struct mpi_args {
    mpi_opts o;
    cli_engine eng; /* --store, --mem-limit, --progress, --quiet */
    int me;
} mpi_args;

static const cli_optset mpi_set;

static int print_help(const char *cmd, void *args, const cli_opt *o,
                      const char *val)
{
    (void)cmd;
    (void)o;
    (void)val;
    if (((mpi_args *)args)->me == 0) {
        fputs(help_head, stdout);
        cli_opts_help(stdout, &mpi_set);
        fputs(help_tail, stdout);
    }
    return -1;
}

static int print_version(const char *cmd, void *args, const cli_opt *o,
                         const char *val)
{
    (void)cmd;
    (void)o;
    (void)val;
    if (((mpi_args *)args)->me == 0)
        printf("grundy-mpi %s\n", grundy_version());
    return -1;
}

#define AT(m) offsetof(mpi_args, m)
static const cli_opt mpi_rows[] = {
    {.type = CLI_OPT_ARG, .name = "RULES", .field = AT(o.spec),
     .need = "RULES"},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_COMMON, .name = "--store",
     .help = "the store (default $XDG_CACHE_HOME/grundy or\n"
             "~/.cache/grundy): on a cluster, a folder every\n"
             "machine sees"},
    {.type = CLI_OPT_COMMON, .name = "--mem-limit",
     .help = "memory per process for its part of a tier and its\n"
             "buffers (K, M, G, T suffixes; default: 7/8 of the\n"
             "machine's memory shared by its processes)"},
    {.type = CLI_OPT_FLAG, .name = "--canon", .field = AT(o.canon),
     .help = "request the least position of each child's orbit\n"
             "(fewer distinct requests, an orbit listing per\n"
             "child)"},
    {.type = CLI_OPT_FLAG, .name = "--stats", .field = AT(o.stats),
     .help = "per tier: positions, rounds, time, requests, bytes\n"
             "exchanged, memory; per process: time, bytes, peak\n"
             "memory"},
    {.type = CLI_OPT_COMMON, .name = "--progress",
     .help = "show progress on stderr even when it is not a\n"
             "terminal (for logs: a line every 10 s)"},
    {.type = CLI_OPT_COMMON, .name = "--quiet"},
    {.type = CLI_OPT_CALL, .name = "--help", .alias = "-h",
     .call = print_help, .help = "show this help"},
    {.type = CLI_OPT_CALL, .name = "--version", .alias = "-V",
     .call = print_version, .help = "show the version"},
    {.type = CLI_OPT_END},
};
#undef AT

static const cli_optset mpi_set = {NULL, mpi_rows, CLI_AT(mpi_args, eng), 0,
                                   0, NULL};

static unsigned long env_ulong(const char *name)
{
    const char *s = getenv(name);
    return s && *s ? strtoul(s, NULL, 10) : 0;
}

/* 0, or the exit code of a usage error (or of --help: -1).  Every process
 * parses the same command line; process 0 alone says what is wrong. */
static int parse(mpi_opts *o, int me, int argc, char **argv)
{
    mpi_args a;
    int rc;
    memset(&a, 0, sizeof a);
    a.me = me;
    cli_program = "grundy-mpi";
    cli_silent = me != 0;
    grundy_limits_init(&a.eng.limits);
    rc = cli_opts_parse(&mpi_set, &a, argc, argv);
    if (rc)
        return rc;
    *o = a.o;
    o->store_dir = a.eng.so.store_dir;
    o->mem_limit = a.eng.limits.mem_limit;
    o->progress = cli_progress_mode;
    /* for tests and measurements: a round's working memory, a pause
     * after each tier (so that a test can stop the job in the middle) */
    o->round_bytes = (size_t)env_ulong("GRUNDY_MPI_ROUND_BYTES");
    o->pause_ms = (unsigned)env_ulong("GRUNDY_MPI_TIER_PAUSE_MS");
    return 0;
}

static double mib(uint64_t bytes)
{
    return (double)bytes / 1048576.0;
}

static void print_stats(const mpi_result *r)
{
    unsigned k, p, n = r->slices;
    uint64_t tot_bytes = 0;
    double tot_s = 0;
    printf("tier\tpositions\tleast\trounds\tseconds\tchildren\tremote"
           "\trequests\timages\tbytes_sent\tmem_MiB\trss_MiB\tanon_MiB\n");
    for (k = r->first_tier; k < r->tiers; k++) {
        mpi_tier_stats t;
        double secs = 0;
        memset(&t, 0, sizeof t);
        for (p = 0; p < n; p++) {
            const mpi_tier_stats *s = &r->stats[(size_t)k * n + p];
            t.positions += s->positions;
            t.least += s->least;
            t.rounds = s->rounds > t.rounds ? s->rounds : t.rounds;
            secs = s->seconds > secs ? s->seconds : secs;
            t.children += s->children;
            t.remote += s->remote;
            t.keys_sent += s->keys_sent;
            t.pushes += s->pushes;
            t.bytes_sent += s->bytes_sent;
            t.mem_bytes = s->mem_bytes > t.mem_bytes ? s->mem_bytes
                                                     : t.mem_bytes;
            t.rss_kb = s->rss_kb > t.rss_kb ? s->rss_kb : t.rss_kb;
            t.anon_kb = s->anon_kb > t.anon_kb ? s->anon_kb : t.anon_kb;
        }
        tot_bytes += t.bytes_sent;
        tot_s += secs;
        printf("%u\t%llu\t%llu\t%llu\t%.3f\t%llu\t%llu\t%llu\t%llu\t%llu"
               "\t%.1f\t%.1f\t%.1f\n",
               k, (unsigned long long)t.positions,
               (unsigned long long)t.least, (unsigned long long)t.rounds,
               secs, (unsigned long long)t.children,
               (unsigned long long)t.remote, (unsigned long long)t.keys_sent,
               (unsigned long long)t.pushes,
               (unsigned long long)t.bytes_sent, mib(t.mem_bytes),
               (double)t.rss_kb / 1024.0, (double)t.anon_kb / 1024.0);
    }
    printf("all\t\t\t\t%.3f\t\t\t\t\t%llu\n", tot_s,
           (unsigned long long)tot_bytes);
    printf("process\tseconds\tmpi_seconds\tsave_seconds\tbytes_sent"
           "\tbytes_received\tmem_MiB\trss_MiB\tanon_MiB\tpeak_rss_MiB\n");
    for (p = 0; p < n; p++) {
        mpi_tier_stats t;
        double secs = 0, comm = 0, save = 0;
        memset(&t, 0, sizeof t);
        for (k = r->first_tier; k < r->tiers; k++) {
            const mpi_tier_stats *s = &r->stats[(size_t)k * n + p];
            secs += s->seconds;
            comm += s->comm_seconds;
            save += s->save_seconds;
            t.bytes_sent += s->bytes_sent;
            t.bytes_recv += s->bytes_recv;
            t.mem_bytes = s->mem_bytes > t.mem_bytes ? s->mem_bytes
                                                     : t.mem_bytes;
            t.rss_kb = s->rss_kb > t.rss_kb ? s->rss_kb : t.rss_kb;
            t.anon_kb = s->anon_kb > t.anon_kb ? s->anon_kb : t.anon_kb;
        }
        printf("%u\t%.3f\t%.3f\t%.3f\t%llu\t%llu\t%.1f\t%.1f\t%.1f\t%.1f\n",
               p, secs, comm, save,
               (unsigned long long)t.bytes_sent,
               (unsigned long long)t.bytes_recv, mib(t.mem_bytes),
               (double)t.rss_kb / 1024.0, (double)t.anon_kb / 1024.0,
               (double)r->hwm_kb[p] / 1024.0);
    }
}

static void store_warn(void *ctx, const char *path, const char *what)
{
    /* a store with no folder is reported by the job, once */
    if (path)
        fprintf(stderr, "grundy-mpi: process %d: store: %s: %s\n",
                *(const int *)ctx, path, what);
}

int main(int argc, char **argv)
{
    mpi_opts o;
    mpi_result res;
    grundy_session_opts so;
    grundy_session *session = NULL;
    int me = 0, rc, provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    rc = parse(&o, me, argc, argv);
    if (rc) {
        MPI_Finalize();
        return rc < 0 ? 0 : rc;
    }
    grundy_session_opts_init(&so);
    so.store_dir = o.store_dir;
    so.limits.mem_limit = o.mem_limit;
    so.warn = store_warn;
    so.warn_ctx = &me;
    if (grundy_session_new(&session, &so) != GRUNDY_OK) {
        fprintf(stderr, "grundy-mpi: %s\n", grundy_strerror(GRUNDY_ERR_NOMEM));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    o.session = session;
    rc = mpi_tabulate(&res, &o, MPI_COMM_WORLD);
    if (rc == 0 && me == 0) {
        grundy_game *g = NULL;
        char pos[256] = "";
        if (grundy_game_new(&g, o.spec, NULL) == GRUNDY_OK)
            grundy_game_pos_format(g, res.max_at, pos, sizeof pos);
        grundy_game_free(g);
        if (res.already)
            fprintf(stderr, "grundy-mpi: %s: already in the store (%s)\n",
                    o.spec, res.store_dir);
        printf("%s: %llu positions in %u tiers, %u slices: largest value "
               "%llu, first at %s\n",
               o.spec, (unsigned long long)res.positions, res.tiers,
               res.slices, (unsigned long long)res.max, pos);
        if (o.stats && !res.already)
            print_stats(&res);
        fflush(stdout);
    }
    free(res.stats);
    free(res.hwm_kb);
    grundy_session_free(session);
    MPI_Finalize();
    return rc;
}
