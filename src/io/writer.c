/*
 * writer.c -- buffered output without printf on the hot path.  A writer
 * on a descriptor writes its buffer out when it fills; a writer in
 * memory (fd GRUNDY_WRITER_MEM) doubles its buffer instead, so that the
 * same output functions fill a descriptor or a string (grundy/format.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grundy/io.h"

#define WRITER_CAP (1u << 16)

grundy_status grundy_writer_init(grundy_writer *w, int fd)
{
    memset(w, 0, sizeof *w);
    w->fd = fd;
    w->buf = malloc(WRITER_CAP);
    GRUNDY_RETURN_IF(!w->buf, GRUNDY_ERR_NOMEM);
    w->cap = WRITER_CAP;
    return GRUNDY_OK;
}

grundy_status grundy_writer_init_mem(grundy_writer *w)
{
    return grundy_writer_init(w, GRUNDY_WRITER_MEM);
}

/* A writer in memory grows instead of writing out: to twice its size, or
 * it drops what it cannot keep and remembers GRUNDY_ERR_NOMEM. */
static grundy_status grow(grundy_writer *w)
{
    char *nb = w->err == GRUNDY_OK && w->cap <= SIZE_MAX / 2
                   ? realloc(w->buf, 2 * w->cap)
                   : NULL;
    if (!nb) {
        if (w->err == GRUNDY_OK)
            w->err = GRUNDY_ERR_NOMEM;
        w->len = 0;
        return w->err;
    }
    w->buf = nb;
    w->cap *= 2;
    return GRUNDY_OK;
}

grundy_status grundy_writer_flush(grundy_writer *w)
{
    size_t off = 0;
    if (w->fd == GRUNDY_WRITER_MEM) /* nothing to write out */
        return w->err;
    while (off < w->len && w->err == GRUNDY_OK) {
        ssize_t r = write(w->fd, w->buf + off, w->len - off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            w->err = GRUNDY_ERR_IO;
            w->err_errno = r < 0 ? errno : ENOSPC;
        }
        else
            off += (size_t)r;
    }
    w->len = 0;
    return w->err;
}

grundy_status grundy_writer_clear(grundy_writer *w)
{
    grundy_status s = w->err;
    if (w->buf)
        s = grundy_writer_flush(w);
    free(w->buf);
    w->buf = NULL;
    w->cap = w->len = 0;
    return s;
}

void grundy_writer_flush_hook(void *ctx)
{
    (void)grundy_writer_flush((grundy_writer *)ctx);
}

void grundy_writer_bytes(grundy_writer *w, const char *p, size_t n)
{
    while (n > 0) {
        size_t k;
        if (w->len == w->cap)
            (void)(w->fd == GRUNDY_WRITER_MEM ? grow(w)
                                          : grundy_writer_flush(w));
        k = w->cap - w->len;
        if (k > n)
            k = n;
        memcpy(w->buf + w->len, p, k);
        w->len += k;
        p += k;
        n -= k;
    }
}

void grundy_writer_str(grundy_writer *w, const char *s)
{
    grundy_writer_bytes(w, s, strlen(s));
}

void grundy_writer_char(grundy_writer *w, char c)
{
    if (w->len == w->cap)
        (void)(w->fd == GRUNDY_WRITER_MEM ? grow(w)
                                          : grundy_writer_flush(w));
    w->buf[w->len++] = c;
}

void grundy_writer_u64(grundy_writer *w, uint64_t v)
{
    char tmp[20];
    int i = 20;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    grundy_writer_bytes(w, tmp + i, (size_t)(20 - i));
}

void grundy_writer_i64(grundy_writer *w, int64_t v)
{
    if (v < 0) {
        grundy_writer_char(w, '-');
        grundy_writer_u64(w, (uint64_t)0 - (uint64_t)v);
    } else {
        grundy_writer_u64(w, (uint64_t)v);
    }
}
