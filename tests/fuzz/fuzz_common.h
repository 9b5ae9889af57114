/*
 * fuzz_common.h -- what the fuzz targets of tests/fuzz share.
 *
 * Each target is a libFuzzer entry point (LLVMFuzzerTestOneInput) built
 * with -fsanitize=fuzzer,address,undefined: a crash, a leak, a sanitizer
 * report or an input slower than -timeout fails the run.  Targets that
 * drive the program's own readers call a subcommand function of app/
 * with the input as its standard input (a memory file) and its output
 * thrown away.
 */
#ifndef GRUNDY_FUZZ_COMMON_H
#define GRUNDY_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

/* The memory limit every target runs its computations under: a refusal
 * is a correct answer, an out-of-memory is a bug. */
#define FUZZ_MEM_LIMIT "64M"

/* Run fn(argc, argv) with data[0..len) on fd 0 and fds 1 and 2 sent to
 * /dev/null; returns its exit code, which must be 0, 1 or 2. */
int fuzz_run_cmd(cli_cmd_fn fn, int argc, char **argv, const uint8_t *data,
                 size_t len);

/* A NUL-terminated copy of data[0..len) (free with free()). */
char *fuzz_strdup(const uint8_t *data, size_t len);

/* The path of a file holding data[0..len): one file per process,
 * written again at each call (for readers that take a file name). */
const char *fuzz_file(const uint8_t *data, size_t len);

/* Abort with a message: a property of the code under test failed. */
void fuzz_fail(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

#endif
