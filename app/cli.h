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
#include "opt.h"

/* The subcommands, in the order of the help: X(NAME) for each, whose
 * int cmd_NAME(int argc, char **argv) runs it (argv[0] is its name). */
#define CLI_COMMANDS(X)                                                      \
    X(values) X(solve) X(range) X(analyze) X(play) X(count) X(store)         \
    X(loopy) X(plot) X(misere) X(survey) X(serve)
#define CLI_DECLARE_CMD(name) int cmd_##name(int argc, char **argv);
CLI_COMMANDS(CLI_DECLARE_CMD)
#undef CLI_DECLARE_CMD
/* A subcommand's entry, as main() and the fuzz targets call it. */
typedef int (*cli_cmd_fn)(int argc, char **argv);

/* Help texts (help.c): whether cmd has one; the page (NULL: the main
 * help) on stdout. */
int cli_help_exists(const char *cmd);
void cli_print_help(const char *cmd);
/* 'grundy solve NAME --help' (cmd_solve.c): 1 after printing it, 0 for
 * an unknown NAME. */
int cli_solve_print_help(const char *name);

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
/* FILE as an ARG row of an option table: opened as standard input, once
 * (the row's seen flag, which --input sets too, says whether it was). */
int cli_opt_file(const char *cmd, void *args, const cli_opt *o,
                 const char *val);
/* The same as a CALL row of an option table (with CLI_OPT_VALUE):
 * "--input FILE" opened as standard input. */
int cli_opt_input(const char *cmd, void *args, const cli_opt *o,
                  const char *val);

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

/* The engine of a subcommand (opt.h): its limits, its store (opened by
 * the first cli_engine_values()), its progress on stderr. */
void cli_engine_init(cli_engine *e, const char *cmd);
/* cli_opts_start() :
 * A subcommand's arguments from nothing: args (size bytes) zeroed, its
 * engine (set->engine) made for set->cmd, then cli_opts_parse(). */
int cli_opts_start(const cli_optset *set, void *args, size_t size, int argc,
                   char **argv);
/* What '--max' is now, in the refusal of its old uses. */
#define CLI_MAX_IS_COUNTS "--max is the heap bound of 'grundy count' only"
/* The session (made on the first call, with the options parsed): its
 * games, values objects and store last until cli_engine_clear(). */
grundy_status cli_engine_session(cli_engine *e, grundy_session **out);
/* The options that session is made with (the engine's limits, store and
 * methods, the store's warnings on stderr). */
void cli_engine_session_opts(const cli_engine *e, grundy_session_opts *o);
/* GRUNDY_STORE_LIMIT, or 0 when unset or unreadable (then said on
 * stderr: the default holds). */
uint64_t cli_env_store_limit(const char *cmd);
/* A values object for g (kept until cli_engine_clear()). */
grundy_status cli_engine_values(cli_engine *e, const grundy_game *g,
                                grundy_values **out);
void cli_engine_clear(cli_engine *e);
/* Report a failed computation: the memory limit, the work limit, an
 * interruption (with what was kept), or the status.  Returns the exit
 * code. */
int cli_engine_error(const cli_engine *e, const char *what, grundy_status s);
/* "grundy: CMD: WHAT needs about N steps, past the work limit of M
 * (--work-limit)", N from the engine's session; cli_work_text() writes
 * the text after "grundy: CMD: " to buf. */
void cli_work_error(const cli_engine *e, const char *what);
void cli_work_text(char *buf, size_t cap, const cli_engine *e,
                   const char *what);

/* The JSON conventions of every subcommand (doc/JSON.md) are the
 * library's (grundy/format.h); these are their short names. */
#define cli_json_str grundy_format_json_str
#define cli_json_u64 grundy_format_json_u64
#define cli_json_period grundy_format_json_period
#define cli_json_rules grundy_format_json_rules
#define cli_json_pos grundy_format_json_pos
#define cli_json_parts grundy_format_json_parts

#endif
