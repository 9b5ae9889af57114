/*
 * solve.h -- the bundled workloads of 'grundy solve NAME'.  Each reads its
 * format from fd 0 (cmd_solve.c has opened FILE there when one is given)
 * and writes answers to fd 1, answering online.
 */
#ifndef GRUNDY_SOLVE_H
#define GRUNDY_SOLVE_H

typedef struct solve_workload {
    const char *name;
    const char *summary; /* one line for 'grundy solve --help' */
    const char *help;    /* 'grundy solve NAME --help': its formats */
    const char *const *value_opts; /* its options that take a value */
    int (*run)(int argc, char **argv); /* argv[0] is NAME */
} solve_workload;

/* --json (taken by cmd_solve.c): each answer as one JSON object per line
 * (doc/JSON.md). */
extern int cli_solve_json;

/* The common options given to 'grundy solve' (--mem-limit, --store ...,
 * taken by cmd_solve.c): e is made as cli_engine_init() makes it, with
 * them applied. */
struct cli_engine;
void cli_solve_engine(struct cli_engine *e, const char *cmd);

int solve_digit_nim(int argc, char **argv);
int solve_unbalanced_nim(int argc, char **argv);
int solve_pshtbrth(int argc, char **argv);
int solve_mdswin(int argc, char **argv);

#endif
