/*
 * load.c -- a graph file into grundy_loopy_graph_parse(): a regular file
 * is mapped (the parser reads an edge list twice, and the page cache
 * serves the second pass), anything else (a pipe) is read into memory.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/parse_error.h"
#include "loopy/loopy_internal.h"

static grundy_status io_error(grundy_parse_error *where, const char *path,
                              int err)
{
    grundy_parse_error_set(where, 0, 0, "cannot read '%s': %s", path,
                           strerror(err));
    return GRUNDY_ERR_IO;
}

/* Everything fd holds, in a new buffer checked against the limit. */
static grundy_status read_all(int fd, char **out, size_t *len,
                              const grundy_limits *lim, int *err)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    GRUNDY_RETURN_IF(!buf, GRUNDY_ERR_NOMEM);
    for (;;) {
        ssize_t r;
        if (n == cap) {
            char *nb;
            if (grundy_limits_mem_check(lim, 2 * cap) != GRUNDY_OK) {
                free(buf);
                return GRUNDY_ERR_LIMIT;
            }
            nb = realloc(buf, 2 * cap);
            if (!nb) {
                free(buf);
                return GRUNDY_ERR_NOMEM;
            }
            buf = nb;
            cap *= 2;
        }
        r = read(fd, buf + n, cap - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            *err = errno;
            free(buf);
            return GRUNDY_ERR_IO;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    *out = buf;
    *len = n;
    return GRUNDY_OK;
}

grundy_status grundy_loopy_graph_read_fd(grundy_loopy_graph **out, int fd,
                                         const char *label,
                                         grundy_loopy_format format,
                                         grundy_parse_error *where,
                                         const grundy_limits *lim)
{
    struct stat sb;
    grundy_status st;
    char *buf = NULL;
    size_t len = 0;
    int err = 0;
    *out = NULL;
    grundy_parse_error_clear(where);
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0 &&
        (uint64_t)sb.st_size <= SIZE_MAX) {
        size_t mlen = (size_t)sb.st_size;
        void *map = mmap(NULL, mlen, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map != MAP_FAILED) {
            (void)posix_madvise(map, mlen, POSIX_MADV_SEQUENTIAL);
            st = grundy_loopy_graph_parse(out, map, mlen, format, where, lim);
            munmap(map, mlen);
            return st;
        }
    }
    st = read_all(fd, &buf, &len, lim, &err);
    if (st == GRUNDY_ERR_IO)
        return io_error(where, label ? label : "input", err);
    if (st == GRUNDY_ERR_LIMIT) {
        grundy_parse_error_set(where, 0, 0,
                               "the input is larger than the memory limit");
        return st;
    }
    GRUNDY_TRY(st);
    st = grundy_loopy_graph_parse(out, buf, len, format, where, lim);
    free(buf);
    return st;
}

grundy_status grundy_loopy_graph_load(grundy_loopy_graph **out,
                                      const char *path,
                                      grundy_loopy_format format,
                                      grundy_parse_error *where,
                                      const grundy_limits *lim)
{
    grundy_status st;
    int fd;
    *out = NULL;
    grundy_parse_error_clear(where);
    GRUNDY_RETURN_IF(!path, GRUNDY_ERR_ARG);
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return io_error(where, path, errno);
    st = grundy_loopy_graph_read_fd(out, fd, path, format, where, lim);
    close(fd);
    return st;
}
