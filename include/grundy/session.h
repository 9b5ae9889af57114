/*
 * grundy/session.h -- what a front end sets up once: the limits, the
 * store, one game per spec and one values object per game, and the
 * settings taken from the environment.
 *
 * The program (grundy), the Python module and grundy-mpi each ask a
 * session for their games and values objects instead of building them
 * by hand, so that a table one question computed serves the next, the
 * store is opened once and on first use, and every front end reads the
 * same environment:
 *
 *   GRUNDY_STORE_MIN_MS   keep a table in the store when computing it
 *                         took at least this many milliseconds (1000);
 *   GRUNDY_CHECKPOINT_MS  milliseconds between two checkpoints of a table
 *                         being computed (five minutes);
 *   GRUNDY_STORE_LIMIT    the bytes the store may keep, as
 *                         grundy_store_parse_limit() reads it ("8G",
 *                         "none"; 4 GiB).
 *
 * Order of use: grundy_session_opts_init(), set fields,
 * grundy_session_new(); then grundy_session_game() and
 * grundy_session_values() as often as needed (the same spec or game
 * gives the same object back); grundy_session_free() frees everything
 * the session made.  The limits may be changed through
 * grundy_session_limits() between calls (a progress callback, a memory
 * limit): every values object reads them there.
 *
 * Not thread-safe: one session per thread.
 */
#ifndef GRUNDY_SESSION_H
#define GRUNDY_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "grundy/rules.h"
#include "grundy/status.h"
#include "grundy/store.h"
#include "grundy/sum.h"
#include "grundy/table.h"
#include "grundy/values.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct grundy_session grundy_session; /* opaque */

typedef struct grundy_session_opts {
    grundy_limits limits; /* copied into the session */
    /* The store: NULL (the user's cache folder) or a folder; no_store:
     * none at all.  With a method other than GRUNDY_TABLE_AUTO no store
     * is opened either. */
    const char *store_dir;
    int no_store;
    grundy_table_method method;
    int out_of_core; /* see grundy_values_opts.out_of_core */
    int keep_single; /* see grundy_values_opts.keep_single */
    int enddb;       /* see grundy_values_opts.enddb (0 after init) */
    /* The store's warnings (a damaged file moved aside, a failed write).
     * When no folder can be named for the store, the session goes on
     * without one and calls warn(ctx, NULL, GRUNDY_SESSION_NO_STORE)
     * once. */
    grundy_store_warn_fn warn;
    void *warn_ctx;
    /* Non-zero (the default): read GRUNDY_STORE_MIN_MS,
     * GRUNDY_CHECKPOINT_MS and GRUNDY_STORE_LIMIT from the environment
     * when the fields below are not set. */
    int read_env;
    long store_min_ms;  /* < 0: the environment's, else 1000 */
    long checkpoint_ms; /* < 0: the environment's, else five minutes */
    /* The store's size limit (grundy_store_opts.size_limit); 0: the
     * environment's GRUNDY_STORE_LIMIT (with read_env; a value it cannot
     * read is ignored), else GRUNDY_STORE_DEFAULT_LIMIT. */
    uint64_t store_limit;
    /* The memo of the sums' remoteness searches (grundy_sum_memo_new(),
     * grundy_session_sum_memo()): the bytes it keeps between calls, 0 for
     * a quarter of the memory limit and at most GRUNDY_SUM_MEMO_DEFAULT;
     * no_memo: none. */
    size_t memo_limit;
    int no_memo;
} grundy_session_opts;

/* What the warning callback gets when the store has no folder. */
#define GRUNDY_SESSION_NO_STORE "no folder for the store"

/* Defaults: default limits, the default store folder, AUTO, read_env. */
GRUNDY_API void grundy_session_opts_init(grundy_session_opts *o);

/* grundy_session_new() :
 * A session with the options o (NULL: the defaults).  Nothing is opened
 * yet.  GRUNDY_ERR_NOMEM.  Free with grundy_session_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_session_new(grundy_session **out, const grundy_session_opts *o);

/* grundy_session_free() : every game, values object and the store the
 * session made; accepts NULL. */
GRUNDY_API void grundy_session_free(grundy_session *s);

/* The session's limits, which every values object it made reads; the
 * caller may change them between calls. */
GRUNDY_API grundy_limits *grundy_session_limits(grundy_session *s);

/* grundy_session_store() :
 * The store, opened on the first call (NULL with no_store, a method
 * other than AUTO, or when no folder can be named: then warned once). */
GRUNDY_API grundy_store *grundy_session_store(grundy_session *s);

/* grundy_session_game() :
 * The game of spec, parsed on the first call and kept (the same spec
 * gives the same game).  A bad spec: GRUNDY_ERR_PARSE (or the parser's
 * status), where filled as grundy_game_new() does (where may be NULL).
 * The game lives as long as the session. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_session_game(const grundy_game **out, grundy_session *s,
                    const char *spec, grundy_parse_error *where);

/* grundy_session_values() :
 * The values object of g (any game, the session's or the caller's: the
 * caller's must outlive the session), made on the first call with the
 * session's limits, store and settings, and kept. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_session_values(
    grundy_values **out, grundy_session *s, const grundy_game *g);

/* grundy_session_sum_memo() :
 * The memo of solved positions of the session's sums (grundy/sum.h),
 * made on the first call within the bound of memo_limit and kept until
 * the session is freed; NULL with no_memo or when it cannot be made.
 * Pass it as grundy_sum_opts.memo (the play engine does); it is
 * thread-safe, unlike the session. */
GRUNDY_API grundy_sum_memo *grundy_session_sum_memo(grundy_session *s);

/* grundy_session_work_needed() :
 * The largest estimate of steps that a values object of the session
 * refused for the work limit (grundy_values_work_needed()), or 0. */
GRUNDY_API uint64_t grundy_session_work_needed(const grundy_session *s);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_SESSION_H */
