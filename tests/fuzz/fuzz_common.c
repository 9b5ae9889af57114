/*
 * fuzz_common.c -- the harness of the fuzz targets (fuzz_common.h).
 *
 * The program's readers take fd 0: each run gets a fresh memory file
 * there (memfd), so that a reader sees exactly the input, its end
 * included.  Its output goes to /dev/null; its messages too when the
 * target runs with -close_fd_mask=2 (tests/fuzz/run.sh and the CTest
 * smoke runs do), which keeps a copy of stderr for libFuzzer's and the
 * sanitizers' reports.
 */
#define _GNU_SOURCE /* memfd_create */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_common.h"

static int quiet_fds(void)
{
    static int done;
    int null;
    if (done)
        return 0;
    null = open("/dev/null", O_RDWR);
    if (null < 0)
        return -1;
    /* fd 2 stays: -close_fd_mask=2 silences it while libFuzzer keeps
     * its own copy for reports. */
    if (dup2(null, 1) < 0)
        return -1;
    close(null);
    done = 1;
    return 0;
}

int fuzz_run_cmd(cli_cmd_fn fn, int argc, char **argv, const uint8_t *data,
                 size_t len)
{
    int fd, rc;
    size_t off = 0;
    if (quiet_fds() != 0)
        fuzz_fail("cannot open /dev/null");
    fd = memfd_create("fuzz-stdin", 0);
    if (fd < 0)
        fuzz_fail("memfd_create failed");
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w <= 0)
            fuzz_fail("memfd write failed");
        off += (size_t)w;
    }
    if (lseek(fd, 0, SEEK_SET) != 0 || dup2(fd, 0) < 0)
        fuzz_fail("memfd as stdin failed");
    close(fd);
    rc = fn(argc, argv);
    fflush(stdout);
    if (rc < 0 || rc > 2)
        fuzz_fail("exit code %d", rc);
    return rc;
}

char *fuzz_strdup(const uint8_t *data, size_t len)
{
    char *s = malloc(len + 1);
    if (!s)
        abort();
    if (len)
        memcpy(s, data, len);
    s[len] = 0;
    return s;
}

const char *fuzz_file(const uint8_t *data, size_t len)
{
    static char path[64];
    FILE *f;
    if (!path[0]) {
        int fd;
        strcpy(path, "/tmp/grundy-fuzz-XXXXXX");
        fd = mkstemp(path);
        if (fd < 0)
            fuzz_fail("mkstemp failed");
        close(fd);
    }
    f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0)
        fuzz_fail("cannot write %s", path);
    return path;
}

/* stderr as it was at start-up: libFuzzer's -close_fd_mask=2 sends fd 2
 * to /dev/null later, and a failed property must still be told. */
static int report_fd = 2;

__attribute__((constructor)) static void keep_stderr(void)
{
    int fd = fcntl(2, F_DUPFD_CLOEXEC, 3);
    if (fd >= 0)
        report_fd = fd;
}

void fuzz_fail(const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    dprintf(report_fd, "fuzz: %s\n", msg);
    abort();
}
