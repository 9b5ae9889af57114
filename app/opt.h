/*
 * opt.h -- options as data: a subcommand's options are one table of rows,
 * and the same table parses its command line and prints its help lines,
 * so the two cannot drift apart (zstdcli and git keep options the same
 * way).  The options every computing subcommand shares (--mem-limit,
 * --store, ...) are one more table (opt.c), which a subcommand's table
 * is built on: its rows are tried first, then the common ones.
 *
 * Also here, because every front end needs them before anything runs
 * (grundy and grundy-mpi link this file): usage errors, the numbers
 * options take, and the one opener of a game from a spec, which reports
 * a bad spec with its column.
 *
 * Exit codes, one per class of error, for every subcommand:
 *   0   success;
 *   1   bad input data (a spec, a position, a file, standard input) or a
 *       failure at run time (memory, work limit, a store), the message
 *       naming the place (input:LINE:COL, the file, the spec's column);
 *   2   a usage error: an unknown option, a missing or extra argument,
 *       options that do not go together, and an option's value that is
 *       malformed or out of the range the option takes (the table checks
 *       it before any work);
 *   128 + N  interrupted by signal N (SIGINT: 130), keeping what was done.
 */
#ifndef GRUNDY_OPT_H
#define GRUNDY_OPT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "grundy/grundy.h"

#define CLI_EXIT_OK 0
#define CLI_EXIT_DATA 1  /* bad input data or a runtime failure */
#define CLI_EXIT_USAGE 2 /* bad command line, a value out of range */

/* The program's name in messages: "grundy" (default) or "grundy-mpi". */
extern const char *cli_program;
/* Non-zero: usage errors and spec errors are not printed (the ranks of
 * grundy-mpi but the first, which say the same thing). */
extern int cli_silent;

/* "PROGRAM: CMD: MESSAGE" then "Try 'PROGRAM CMD --help'." on stderr
 * (cmd NULL: the program itself).  Returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* An option's numeric value in [lo, hi]; a usage error naming the option
 * otherwise ("option 'OPT' needs a value" when text is NULL).  0 or
 * CLI_EXIT_USAGE. */
int cli_parse_u64(const char *cmd, const char *opt, const char *text,
                  uint64_t lo, uint64_t hi, uint64_t *out);
/* The index in the NULL-terminated names[] of val, or the usage error
 * "OPT takes A, B or C". */
int cli_parse_choice(const char *cmd, const char *opt, const char *val,
                     const char *const names[], int *out);

/* The spec opener *********************************************************/

/* cli_open_game() :
 * The game of spec, or "PROGRAM: CMD: rules 'SPEC' at column C: WHY" on
 * stderr and CLI_EXIT_DATA (a bad spec is bad input data).  Every front
 * end opens its games here. */
int cli_open_game(grundy_game **out, const char *cmd, const char *spec);
/* cli_open_position() :
 * A position of g from text, or "PROGRAM: CMD: WHAT 'TEXT' at column C:
 * WHY" (what: "position", "--position") and CLI_EXIT_DATA. */
int cli_open_position(grundy_pos *out, const char *cmd, const char *what,
                      const grundy_game *g, const char *text);

/* The engine options ******************************************************/

/* The common options every computing subcommand takes (a table in
 * opt.c): --mem-limit N, --work-limit N, --threads N, --store DIR,
 * --no-store, --store-limit SIZE, --keep-table, --out-of-core,
 * --enddb K, --progress, --quiet.  cli.c opens the store and the
 * session from it. */
typedef struct cli_engine {
    const char *cmd;
    grundy_limits limits;
    /* the rest of the session's options, as the options set them:
     * store_dir, no_store, store_limit (0: GRUNDY_STORE_LIMIT, else the
     * default), keep_single (--keep-table), out_of_core, enddb (-1:
     * chosen by the library), and values' --method */
    grundy_session_opts so;
    /* the session (made by the first cli_engine_values()): the store,
     * one values object per game; store is its store once asked */
    grundy_session *session;
    grundy_store *store;
} cli_engine;

/* --progress (1), --quiet (-1), or neither (0: at a terminal). */
extern int cli_progress_mode;

/* Option tables ***********************************************************/

/* A rule between options, checked once the command line is parsed, in
 * the order of the set's rules; the first broken one is the usage error
 * msg.  An option is given when its seen flag is set, or (without one)
 * when its FLAG field is set or its TEXT or ARG field is not NULL. */
typedef enum cli_rule_type {
    CLI_RULE_END = 0, /* after the last rule */
    CLI_RULE_ONE,     /* at most one of names */
    CLI_RULE_ANY,     /* at least one of names */
    CLI_RULE_BOTH,    /* every one of names, or none */
    CLI_RULE_NEEDS,   /* names[0] given: one of the others too */
    CLI_RULE_NOT,     /* names[0] given: none of the others */
    CLI_RULE_CHECK    /* names[0] given (or no names): check(cmd, args) */
} cli_rule_type;

typedef struct cli_rule {
    cli_rule_type type;
    const char *names[5]; /* option names ("--upto") or ARG names */
    int (*check)(const char *cmd, void *args); /* 0 or an exit code */
    const char *msg;
} cli_rule;

typedef enum cli_opt_type {
    CLI_OPT_END = 0,  /* after the last row */
    CLI_OPT_SECTION,  /* a heading of the help ("Output:"), no option */
    CLI_OPT_FLAG,     /* int field = 1 */
    CLI_OPT_U64,      /* uint64_t field: a number in [lo, hi] */
    CLI_OPT_TEXT,     /* const char * field */
    CLI_OPT_CHOICE,   /* int field: the index of the value in choices */
    CLI_OPT_CALL,     /* call(cmd, args, row, value) */
    CLI_OPT_COMMON,   /* the common option of this name, with this row's
                         help (NULL: the common one) */
    CLI_OPT_RENAMED,  /* an old name, refused with the new one (meta) */
    CLI_OPT_ARG,      /* a positional argument: const char * field, or
                         call(cmd, args, row, value) */
    CLI_OPT_NOTE      /* a help line of no option: label and help (an
                         action, a form of an argument) */
} cli_opt_type;

/* Row flags. */
#define CLI_OPT_EMPTY 1u /* TEXT: an empty value is taken */
#define CLI_OPT_MANY 2u  /* ARG: takes every argument left (call, or
                            appended to a cli_list field) */
#define CLI_OPT_VALUE 4u /* CALL: takes a value (meta says its name) */

typedef struct cli_opt cli_opt;
/* A row's own action, for the subcommand cmd (in messages): 0 (taken),
 * an exit code after a message, or -1: stop with success (--help). */
typedef int (*cli_opt_fn)(const char *cmd, void *args, const cli_opt *o,
                          const char *val);

struct cli_opt {
    cli_opt_type type;
    const char *name;  /* "--upto"; ARG: its name in "missing NAME" */
    const char *alias; /* the same option spelt otherwise ("-o"), NULL */
    const char *meta;  /* the value's name in the help ("N"); RENAMED:
                          the new name */
    size_t field;      /* offsetof the field in the args */
    size_t seen;       /* CLI_AT(): an int set to 1 when given; 0 */
    uint64_t lo, hi;   /* U64: the range */
    const char *const *choices; /* CHOICE: NULL-terminated */
    cli_opt_fn call;   /* CALL, and ARG when set */
    const char *need;  /* TEXT: what a missing value is ("a position");
                          ARG: required, the text of "missing ..." */
    unsigned flags;
    const char *label; /* the help's left column, when not NAME META */
    const char *help;  /* the help, lines joined by '\n'; NULL: the row
                          is documented by another one */
    uint64_t def;      /* U64: the value when the option is not given */
};

/* The arguments a MANY row without a call takes, in order; v has room
 * for argc of them: the caller's, or (when NULL) allocated by the parse
 * for the caller to free(). */
typedef struct cli_list {
    char **v;
    size_t n;
} cli_list;

/* A member of the args as a row or a set names it: 0 stands for none. */
#define CLI_AT(type, member) (offsetof(type, member) + 1)

typedef struct cli_optset {
    const char *cmd;       /* in messages; NULL: the program itself */
    const cli_opt *opts;   /* ends with a CLI_OPT_END row */
    size_t engine;         /* CLI_AT() of the args' cli_engine, for the
                              common options; 0: none */
    int common;            /* every common option applies (else only the
                              COMMON rows) */
    int dash;              /* "-x" is an option (else "--x" and the
                              table's own short names only) */
    const cli_rule *rules; /* checked once the line is parsed
                              (cli_opts_check()); NULL: none */
} cli_optset;

/* The option set cli_NAME_opts of the subcommand NAME: its rows
 * NAME_opts, over args of type TYPE whose member eng takes the common
 * options (every one of them when common), then its rules (NULL: none).
 * The name in messages, the rows and the set are named by one word. */
#define CLI_SUBCOMMAND_OPTS(name, type, common, rules)                       \
    const cli_optset cli_##name##_opts = {#name, name##_opts,                \
                                          CLI_AT(type, eng), common, 0, rules}

/* cli_opts_parse() :
 * Parse argv[1 .. argc) into args by set's rows ("--name VALUE",
 * "--name=VALUE", "--" ends the options), then, when more is not NULL,
 * by more's rows into more_args (a workload's options).  U64 rows
 * start at their def.  Missing required arguments are usage errors, and
 * so is a broken rule of the set's rules.
 * @return 0, an exit code after a
 * message, or -1 when a row asked to stop (--help printed). */
int cli_opts_parse(const cli_optset *set, void *args, int argc, char **argv);
int cli_opts_parse_more(const cli_optset *set, void *args,
                        const cli_optset *more, void *more_args, int argc,
                        char **argv);

/* cli_opts_check() :
 * The rules (ending with a CLI_RULE_END one) over args as set parsed
 * them: 0, or the first broken rule's usage error (or its check's exit
 * code). */
int cli_opts_check(const cli_optset *set, const cli_rule *rules, void *args);

/* The help lines of set's rows: "  NAME META" then the help from column
 * 19 (a longer name pushes it), each SECTION after a blank line. */
void cli_opts_help(FILE *out, const cli_optset *set);
/* The help lines of the common options. */
void cli_opts_help_common(FILE *out);
/* One help line: "  LABEL" then help from column 19, its lines joined
 * by '\n' (the form of every line above). */
void cli_help_row(FILE *out, const char *label, const char *help);

#endif
