/*
 * cli.h -- what the subcommands of the grundy program share: errors,
 * option values, progress on stderr.  The program uses only the public
 * headers of the library.
 */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/grundy.h"

/* Exit codes. */
#define CLI_EXIT_OK 0
#define CLI_EXIT_DATA 1  /* bad input data or a runtime failure */
#define CLI_EXIT_USAGE 2 /* bad command line */

/* A subcommand: argv[0] is the subcommand's name. */
typedef int (*cli_cmd_fn)(int argc, char **argv);

int cmd_values(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_range(int argc, char **argv);
int cmd_count(int argc, char **argv);
int cmd_store(int argc, char **argv);
int cmd_loopy(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_misere(int argc, char **argv);
int cmd_survey(int argc, char **argv);
int cmd_serve(int argc, char **argv);

/* Help texts (help.c).  NULL for an unknown name. */
const char *cli_help(const char *cmd);
void cli_print_help(const char *cmd); /* to stdout */
/* 'grundy solve NAME --help' (cmd_solve.c); NULL for an unknown NAME */
const char *cli_solve_help(const char *name);
/* "grundy: CMD: unknown option 'X'; try 'grundy CMD --help'", exit 2 */
int cli_usage_error(const char *cmd, const char *fmt, ...);

/* "grundy: CONTEXT: MSG" with the library's status message, or the parse
 * error's detail when it has one.  Returns CLI_EXIT_DATA. */
int cli_error(const char *context, grundy_status s,
              const grundy_parse_error *where);
/* "grundy: CONTEXT: cannot write the standard output: REASON" for the
 * first write error of w (a full disk, a closed pipe with SIGPIPE
 * ignored).  Returns CLI_EXIT_DATA. */
int cli_write_error(const char *context, const grundy_writer *w);
/* "grundy: input:LINE:COL: DETAIL" for a scanner error.  Returns
 * CLI_EXIT_DATA. */
int cli_input_error(grundy_status s, const grundy_parse_error *where);
/* The name input errors give: "input" for standard input, else the file
 * that cli_open_input() opened. */
extern const char *cli_input_name;
/* Read standard input from PATH ("-" or NULL: standard input itself).
 * 0, or the exit status after "grundy: CMD: PATH: REASON". */
int cli_open_input(const char *cmd, const char *path);
/* --input FILE at argv[*i]: 0 when it is not there, 1 when it was taken
 * (the file opened as standard input, *i moved past it), or minus the
 * exit status after an error. */
int cli_input_option(const char *cmd, int argc, char **argv, int *i);

/* Parse an option's numeric value; on failure prints a usage error naming
 * the option and returns non-zero. */
int cli_parse_u64(const char *cmd, const char *opt, const char *text,
                  uint64_t lo, uint64_t hi, uint64_t *out);
/* Match an option's value against the NULL-terminated names[] and store
 * its index in *out.  Otherwise print "OPT takes A, B or C" as a usage
 * error and return non-zero. */
int cli_parse_choice(const char *cmd, const char *opt, const char *val,
                     const char *const names[], int *out);
/* Parse a byte count with optional K/M/G/T suffix (powers of 1024). */
/* --store-limit's value (grundy_store_parse_limit()); non-zero after a
 * usage error. */
int cli_parse_store_limit(const char *cmd, const char *opt,
                          const char *text, uint64_t *out);
/* GRUNDY_STORE_LIMIT, or 0 when unset or unreadable (then said on
 * stderr: the default holds). */
uint64_t cli_env_store_limit(const char *cmd);
int cli_parse_bytes(const char *cmd, const char *opt, const char *text,
                    size_t *out);

/* Parse a count with optional K/M/G/T/P suffix (powers of 1000). */
int cli_parse_count(const char *cmd, const char *opt, const char *text,
                    uint64_t *out);

/* Progress on stderr when stderr is a terminal (or --progress): a
 * grundy_progress_fn whose ctx is a label string; it also returns
 * non-zero once SIGINT or SIGTERM arrived, which cancels the library's
 * work.  cli_progress_done() clears the line. */
int cli_progress(void *ctx, const grundy_progress *p);
void cli_progress_done(void);
/* Set opts->progress (always: it carries cancellation) with a label. */
void cli_progress_attach(grundy_limits *opts, const char *label);
/* Catch SIGINT and SIGTERM from now on: the work in progress stops at
 * its next progress tick, keeping what it finished. */
void cli_catch_signals(void);
/* The signal that interrupted the work, or 0. */
int cli_interrupted(void);

/* The common options every subcommand takes (a table in cli.c):
 *   --mem-limit N, --work-limit N, --threads N, --store DIR, --no-store,
 *   --store-limit SIZE, --keep-table, --out-of-core,
 *   --progress, --quiet.
 * The store (default: the user's cache folder) is opened on first use;
 * its warnings go to stderr as "grundy: store: FILE: ...". */
typedef struct cli_engine {
    const char *cmd;
    grundy_limits limits;
    grundy_table_method method;
    const char *store_dir;
    int no_store;
    int out_of_core; /* tables grown in their file in the store */
    uint64_t store_limit; /* 0: GRUNDY_STORE_LIMIT, else the default */
    int keep_single;      /* --keep-table */
    int enddb;            /* --enddb K: -1 chosen by the library */
    /* the session (made by the first cli_engine_values()): the store,
     * one values object per game; store is its store once asked */
    grundy_session *session;
    grundy_store *store;
} cli_engine;

void cli_engine_init(cli_engine *e, const char *cmd);
/* Parse argv[*i] when it is an engine option: returns 1 (consumed, *i
 * moved past its value), 0 (not one), or -1 after a usage error. */
int cli_engine_option(cli_engine *e, int argc, char **argv, int *i);
/* A bound option with its own name (--heap-max, --period-max) at
 * argv[*i], or its old name --max with a note on stderr that the name
 * changed (one release): 1 (taken, *out set), 0 (not there), -1 after a
 * usage error. */
int cli_bound_option(const char *cmd, int argc, char **argv, int *i,
                     const char *name, uint64_t lo, uint64_t hi,
                     uint64_t *out);
/* The session (made on the first call, with the options parsed): its
 * games, values objects and store last until cli_engine_clear(). */
grundy_status cli_engine_session(cli_engine *e, grundy_session **out);
/* A values object for g (kept until cli_engine_clear()). */
grundy_status cli_engine_values(cli_engine *e, const grundy_game *g,
                                grundy_values **out);
void cli_engine_clear(cli_engine *e);
/* Report a failed computation: the memory limit, the work limit, an
 * interruption (with what was kept), or the status.  Returns the exit
 * code. */
int cli_engine_error(const cli_engine *e, const char *what, grundy_status s);
/* "grundy: CMD: WHAT needs about N steps, past the work limit of M
 * (--work-limit)", N from the engine's values objects. */
void cli_work_error(const cli_engine *e, const char *what);

/* Matches "--name" and "--name=VALUE"; takes VALUE from argv[*i + 1] in
 * the first form.  Returns 1 on a match with *val set (NULL when the
 * value is missing), 0 otherwise. */
int cli_opt_value(int argc, char **argv, int *i, const char *name,
                  const char **val);

/* JSON string output (escaped). */
struct grundy_writer;
void cli_json_str(grundy_writer *w, const char *s);
/* The JSON conventions of every subcommand (doc/JSON.md):
 *   "rules": the spec as written (NULL: the game's own), "canonical": its
 *   canonical form; */
void cli_json_rules(grundy_writer *w, const char *written,
                    const grundy_game *g);
/*   a position: always a string in the family's position syntax; */
void cli_json_pos(grundy_writer *w, const grundy_game *g, grundy_pos p);
/*   what a move leaves: an array of positions, one per part, where an
 *   empty heap of a heap family is no part ([] is "nothing left"). */
void cli_json_parts(grundy_writer *w, const grundy_game *g,
                    const grundy_move *m);

#endif
