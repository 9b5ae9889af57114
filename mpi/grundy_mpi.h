/*
 * grundy_mpi.h -- grundy-mpi: every position of a board family, tier by
 * tier, on the processes of an MPI job (tabulate.c), and the program
 * around it (main.c).
 */
#ifndef GRUNDY_MPI_H
#define GRUNDY_MPI_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/grundy.h"

/* What the command line asks (the same on every process). */
typedef struct mpi_opts {
    const char *spec;
    const char *store_dir; /* NULL: the default store */
    size_t mem_limit;      /* per process; 0: 7/8 of the machine's memory
                              shared by the processes on it */
    int canon;             /* requests name the least of each orbit */
    int stats;             /* --stats */
    int progress;          /* -1 never, 0 at a terminal, 1 always */
    size_t round_bytes;    /* working memory of a round; 0: default */
    unsigned pause_ms;     /* after each tier (tests) */
    /* The front end's session: the store is its (store_dir is then
     * unused).  NULL: the job opens the store at store_dir itself. */
    grundy_session *session;
} mpi_opts;

/* One process's figures for one tier. */
typedef struct mpi_tier_stats {
    uint64_t positions;  /* of its slice of the tier */
    uint64_t least;      /* least of their orbits: computed */
    uint64_t rounds;     /* exchanges */
    uint64_t children;   /* children listed */
    uint64_t remote;     /* of them, on other processes */
    uint64_t keys_sent;  /* distinct requests sent (per round) */
    uint64_t keys_recv;  /* requests answered */
    uint64_t pushes;     /* values of images sent to other processes */
    uint64_t bytes_sent; /* to other processes: requests, answers, images
                            and counts */
    uint64_t bytes_recv;
    uint64_t mem_bytes;  /* working memory, peak: the tier's slice and a
                            round's buffers (what --mem-limit bounds) */
    uint64_t rss_kb;     /* resident memory at the tier's busiest round */
    uint64_t anon_kb;    /* of it, not backed by files */
    double seconds;
    double comm_seconds; /* of it, in MPI calls (waiting included) */
    double save_seconds; /* of it, saving and mapping the slice */
} mpi_tier_stats;

/* The outcome, on process 0. */
typedef struct mpi_result {
    grundy_pos positions;
    unsigned tiers, slices;
    grundy_value max;
    grundy_pos max_at;
    int already;          /* the store held the split table already */
    unsigned first_tier;  /* the first tier this run computed */
    /* --stats: stats[k * slices + r], and per process its peak resident
     * memory (VmHWM, kB) */
    mpi_tier_stats *stats;
    uint64_t *hwm_kb;
    char store_dir[4096];
} mpi_result;

/* Tabulate o->spec over the processes of comm, writing the slices and the
 * manifest to the store.  Every process calls it; failures print their
 * message (grundy-mpi: ...) on stderr.  Returns the exit code; *res is
 * filled on process 0 (free res->stats and res->hwm_kb). */
int mpi_tabulate(mpi_result *res, const mpi_opts *o, MPI_Comm comm);

#endif
