/*
 * fuzz_cli.c -- the program's subcommands on fuzzed arguments and input.
 *
 * Input: the first line holds the arguments (separated by spaces, at
 * most 24), the rest is standard input.  The first argument picks the
 * subcommand: values, analyze, play, count, range, solve or loopy (a
 * short prefix is enough, so that mutations stay on a subcommand).  Every
 * run has --mem-limit 64M, --work-limit 8000 and no store, so a position
 * or a count past reach must be refused, quickly and with a message:
 * running long is a timeout, running out of memory a failure.  (The
 * work limit is that low because the take-and-break kernel's time
 * depends on the values, quadratic on dense codes, which an estimate
 * made up front counts as linear.)  Arguments that name files (an
 * existing path, --input, file:) are skipped: a name could be a device
 * that never ends.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_common.h"

#define MAX_ARGS 24

static const struct {
    const char *name;
    cli_cmd_fn fn;
    int engine; /* takes the shared engine options */
} cmds[] = {
    {"values", cmd_values, 1}, {"analyze", cmd_analyze, 1},
    {"play", cmd_play, 1},     {"count", cmd_count, 1},
    {"range", cmd_range, 1},   {"solve", cmd_solve, 0},
    {"loopy", cmd_loopy, 1},
};

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* No store anywhere: no folder can be named. */
    setenv("XDG_CACHE_HOME", "", 1);
    setenv("HOME", "", 1);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nl = memchr(data, '\n', size);
    size_t head = nl ? (size_t)(nl - data) : size, i;
    char *line = fuzz_strdup(data, head), *args[MAX_ARGS + 8], *tok, *save;
    int argc = 0, k;
    const char *stdin_start = nl ? (const char *)nl + 1 : "";
    size_t stdin_len = nl ? size - head - 1 : 0;

    for (tok = strtok_r(line, " ", &save); tok && argc < MAX_ARGS;
         tok = strtok_r(NULL, " ", &save))
        args[argc++] = tok;
    if (argc == 0) {
        free(line);
        return 0;
    }
    for (k = 0; k < (int)(sizeof cmds / sizeof *cmds); k++)
        if (strncmp(args[0], cmds[k].name, 3) == 0)
            break;
    if (k == (int)(sizeof cmds / sizeof *cmds)) {
        free(line);
        return 0;
    }
    args[0] = (char *)cmds[k].name;
    /* The help texts are not what is being fuzzed, and files are named
     * by fuzz_spec alone (a name here could be a device that never
     * ends). */
    for (i = 1; i < (size_t)argc; i++)
        if (strcmp(args[i], "--help") == 0 || strcmp(args[i], "-h") == 0 ||
            strncmp(args[i], "--store", 7) == 0 ||
            strncmp(args[i], "--mem-limit", 11) == 0 ||
            strncmp(args[i], "--threads", 9) == 0 ||
            strncmp(args[i], "--work-limit", 12) == 0 ||
            strncmp(args[i], "--input", 7) == 0 || strstr(args[i], "file:") ||
            access(args[i], F_OK) == 0) {
            free(line);
            return 0;
        }
    /* solve takes no limits: its workloads tabulate up to their contest
     * bounds (Digit Nim's piles to 10^9, a byte each), which is right but
     * too slow instrumented; numbers of more than 7 digits are left out. */
    if (cmds[k].fn == cmd_solve) {
        size_t run = 0;
        for (i = 0; i < stdin_len; i++) {
            run = stdin_start[i] >= '0' && stdin_start[i] <= '9' ? run + 1 : 0;
            if (run > 7) {
                free(line);
                return 0;
            }
        }
    }
    if (cmds[k].engine) {
        args[argc++] = (char *)"--no-store";
        args[argc++] = (char *)"--mem-limit";
        args[argc++] = (char *)FUZZ_MEM_LIMIT;
        args[argc++] = (char *)"--work-limit";
        args[argc++] = (char *)"8000";
        args[argc++] = (char *)"--threads";
        args[argc++] = (char *)"1";
    }
    args[argc] = NULL;
    fuzz_run_cmd(cmds[k].fn, argc, args, (const uint8_t *)stdin_start,
                 stdin_len);
    free(line);
    return 0;
}
