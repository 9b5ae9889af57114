/*
 * main.c -- the grundy program: global options and subcommand dispatch.
 *
 * Adding a subcommand:
 *   1. write app/cmd_NAME.c with int cmd_NAME(int argc, char **argv),
 *      its option table (opt.h) and cli_NAME_opts, and list it in
 *      app/sources.cmake;
 *   2. add it to CLI_COMMANDS in cli.h;
 *   3. add its page to help.c: the prose before and after the option
 *      lines (and a line to the main help);
 *   4. document it in doc/grundy.1 and README.md;
 *   5. add CLI tests under tests/cli/.
 * Adding an option to a subcommand: a row of its table in that cmd_*.c
 * (the row parses it and prints its help line), then the man page and
 * the README, then a CLI test.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct {
    const char *name;
    cli_cmd_fn fn;
} commands[] = {
#define ROW(name) {#name, cmd_##name},
    CLI_COMMANDS(ROW)
#undef ROW
};

int main(int argc, char **argv)
{
    size_t i;
    /* A file past the size limit (a full disk, ulimit -f) is an error the
     * store reports and survives, not a reason to die. */
    signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        cli_print_help(NULL);
        return CLI_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        cli_print_help(NULL);
        return CLI_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        printf("grundy %s\n", grundy_version());
        return CLI_EXIT_OK;
    }
    if (strcmp(argv[1], "help") == 0) {
        if (argc > 2 && !cli_help_exists(argv[2]))
            return cli_usage_error(NULL, "no help for '%s'", argv[2]);
        cli_print_help(argc > 2 ? argv[2] : NULL);
        return CLI_EXIT_OK;
    }
    for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            int j;
            for (j = 2; j < argc; j++) {
                if (strcmp(argv[j], "--") == 0)
                    break;
                if (strcmp(argv[j], "--help") == 0 ||
                    strcmp(argv[j], "-h") == 0) {
                    if (strcmp(argv[1], "solve") == 0 && j > 2 &&
                        cli_solve_print_help(argv[2]))
                        return CLI_EXIT_OK;
                    cli_print_help(argv[1]);
                    return CLI_EXIT_OK;
                }
            }
            return commands[i].fn(argc - 1, argv + 1);
        }
    return cli_usage_error(NULL, "unknown subcommand '%s'", argv[1]);
}
