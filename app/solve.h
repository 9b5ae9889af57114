/*
 * solve.h -- the bundled workloads of 'grundy solve NAME'.  Each reads its
 * format from fd 0 (cmd_solve.c has opened FILE there when one is given)
 * and writes answers to fd 1, answering online.
 */
#ifndef GRUNDY_SOLVE_H
#define GRUNDY_SOLVE_H

#include "opt.h"

typedef struct solve_workload {
    const char *name;
    const char *summary; /* one line for 'grundy solve --help' */
    /* 'grundy solve NAME --help': its formats, then (with options) the
     * rows of opts and solve's --json */
    const char *help;
    const cli_optset *opts; /* its own options, parsed into args; NULL */
    void *args;
    int (*run)(void);
} solve_workload;

/* --json (taken by cmd_solve.c): each answer as one JSON object per line
 * (doc/JSON.md). */
extern int cli_solve_json;

/* The common options given to 'grundy solve' (--mem-limit, --store ...,
 * taken by cmd_solve.c): e is made as cli_engine_init() makes it, with
 * them applied. */
void cli_solve_engine(cli_engine *e, const char *cmd);

/* Run the range query loop of cfg (its layout and cmd set) on the game
 * of spec, with the common options and --json of this run; pos_max 0:
 * every position of the game.  The exit code. */
struct range_cli_cfg;
int cli_solve_range(struct range_cli_cfg *cfg, const char *spec);

int solve_digit_nim(void);
int solve_unbalanced_nim(void);
int solve_pshtbrth(void);
int solve_mdswin(void);

/* unbalanced-nim's options, parsed into its arguments
 * (solve_unbalanced_nim.c). */
extern const cli_optset solve_unbalanced_opts;
extern struct un_args solve_unbalanced_args;

#endif
