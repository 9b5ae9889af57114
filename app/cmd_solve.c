/*
 * cmd_solve.c -- grundy solve NAME: dispatch to the bundled workloads.
 * Adding one: write app/solve_NAME.c and add a row to workloads[].
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "solve.h"

static const solve_workload workloads[] = {
    {"digit-nim", "Digit Nim: winning-subset counts over ranges, with updates",
     solve_digit_nim},
    {"unbalanced-nim",
     "three heaps, no two equal: F(N) per line",
     solve_unbalanced_nim},
    {"pshtbrth", "4x4 rectangle-removal boards: range winner, updates",
     solve_pshtbrth},
    {"mdswin", "the divisor game: count winning target choices (Nim_2)",
     solve_mdswin},
    {NULL, NULL, NULL},
};

const char *cli_solve_list(void)
{
    static char buf[2048];
    size_t i, len = 0;
    buf[0] = 0;
    for (i = 0; workloads[i].name; i++) {
        int n = snprintf(buf + len, sizeof buf - len, "  %-16s %s\n",
                         workloads[i].name, workloads[i].summary);
        if (n < 0 || (size_t)n >= sizeof buf - len)
            break;
        len += (size_t)n;
    }
    return buf;
}

int cmd_solve(int argc, char **argv)
{
    size_t i;
    if (argc < 2)
        return cli_usage_error("solve", "missing workload NAME");
    for (i = 0; workloads[i].name; i++)
        if (strcmp(argv[1], workloads[i].name) == 0)
            return workloads[i].run(argc - 1, argv + 1);
    return cli_usage_error("solve", "unknown workload '%s'", argv[1]);
}
