/*
 * scan.c -- whitespace-separated tokens with LINE:COL, from an fd or memory.
 *
 * The buffer is refilled with read(2) in 64 KiB blocks; a token that
 * straddles two blocks is assembled in a scratch buffer, so no token is
 * ever cut.  Lines and columns are counted lazily: line and col belong
 * to buf[lc], and are brought up to the read position only when a place
 * is asked for, or before the buffer is refilled; so the hot paths move
 * one index and never count.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grundy/io.h"

#define SCAN_BLOCK (1u << 16)
#define MAX_TOKEN (1u << 20) /* longer tokens are refused, not buffered */

grundy_status grundy_scanner_init_fd(grundy_scanner *s, int fd)
{
    memset(s, 0, sizeof *s);
    s->fd = fd;
    s->line = s->col = 1;
    s->buf = malloc(SCAN_BLOCK);
    GRUNDY_RETURN_IF(!s->buf, GRUNDY_ERR_NOMEM);
    s->cap = SCAN_BLOCK;
    return GRUNDY_OK;
}

grundy_status grundy_scanner_init_mem(grundy_scanner *s, const char *data,
                                      size_t len)
{
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->line = s->col = 1;
    s->buf = (unsigned char *)(uintptr_t)data;
    s->cap = s->len = len;
    s->eof = 1;
    return GRUNDY_OK;
}

void grundy_scanner_clear(grundy_scanner *s)
{
    if (s->fd >= 0)
        free(s->buf);
    free(s->tok);
    memset(s, 0, sizeof *s);
    s->fd = -1;
}

void grundy_scanner_set_before_read(grundy_scanner *s, void (*fn)(void *),
                                    void *ctx)
{
    s->before_read = fn;
    s->before_read_ctx = ctx;
}

/* Bring line and col from buf[lc] up to buf[pos]: a count of the
 * newlines (a loop the compiler vectorises; the spans are short between
 * two places asked for), then the column from the last one. */
static void sync(grundy_scanner *s)
{
    const unsigned char *p = s->buf + s->lc;
    size_t n = s->pos - s->lc, i, lines = 0, last = 0;
    for (i = 0; i < n; i++)
        lines += p[i] == '\n';
    if (lines) {
        for (last = n; p[last - 1] != '\n'; last--)
            ;
        s->line += (unsigned long)lines;
        s->col = 1;
    }
    s->col += (unsigned long)(n - last);
    s->lc = s->pos;
}

/* Refill when buf is exhausted.  @return 1 if bytes are available. */
static int fill(grundy_scanner *s)
{
    if (s->pos < s->len)
        return 1;
    if (s->eof)
        return 0;
    sync(s);
    s->lc = 0;
    if (s->before_read)
        s->before_read(s->before_read_ctx);
    for (;;) {
        ssize_t r = read(s->fd, s->buf, s->cap);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            s->eof = 1; /* a read error ends the input like EOF */
            s->len = s->pos = 0;
            return 0;
        }
        s->len = (size_t)r;
        s->pos = 0;
        return 1;
    }
}

/* ' ', or '\t' '\n' '\v' '\f' '\r' (9 .. 13). */
static int is_space(unsigned char c)
{
    return c == ' ' || (unsigned)(c - '\t') < 5u;
}

static void skip_space(grundy_scanner *s)
{
    for (;;) {
        while (s->pos < s->len && is_space(s->buf[s->pos]))
            s->pos++;
        if (s->pos < s->len || !fill(s))
            return;
    }
}

int grundy_scan_at_eof(grundy_scanner *s)
{
    skip_space(s);
    return !fill(s);
}

void grundy_scan_where(grundy_scanner *s, unsigned long *line,
                       unsigned long *col)
{
    sync(s);
    *line = s->line;
    *col = s->col;
}

/* A number holds no newline and ends where the scanner stands. */
void grundy_scan_last_where(grundy_scanner *s, unsigned long *line,
                            unsigned long *col)
{
    grundy_scan_where(s, line, col);
    *col -= s->last_len;
}

static grundy_status tok_push(grundy_scanner *s, size_t n, unsigned char c)
{
    if (n + 1 >= s->tok_cap) {
        size_t cap = s->tok_cap ? 2 * s->tok_cap : 64;
        unsigned char *t;
        if (cap > MAX_TOKEN)
            return GRUNDY_ERR_LIMIT;
        t = realloc(s->tok, cap);
        GRUNDY_RETURN_IF(!t, GRUNDY_ERR_NOMEM);
        s->tok = t;
        s->tok_cap = cap;
    }
    s->tok[n] = c;
    return GRUNDY_OK;
}

/* Read bytes while stop(c) is false into s->tok.  (l0, c0): the place of
 * the first. */
static grundy_status read_until(grundy_scanner *s, int line_mode,
                                size_t *len, unsigned long l0,
                                unsigned long c0, grundy_parse_error *where)
{
    size_t n = 0, p = s->pos;
    grundy_status st = GRUNDY_OK;
    /* Fast path: a token that ends inside the buffer, copied at once. */
    while (!line_mode && p < s->len && !is_space(s->buf[p]))
        p++;
    if (!line_mode && p < s->len && p - s->pos + 1 < s->tok_cap) {
        n = p - s->pos;
        memcpy(s->tok, s->buf + s->pos, n);
        s->tok[n] = 0;
        s->pos = p;
        *len = n;
        return GRUNDY_OK;
    }
    while (fill(s)) {
        unsigned char c = s->buf[s->pos];
        if (line_mode ? c == '\n' : is_space(c))
            break;
        st = tok_push(s, n, c);
        if (st != GRUNDY_OK)
            break;
        n++;
        s->pos++;
    }
    if (st == GRUNDY_OK && line_mode && fill(s))
        s->pos++; /* the newline */
    if (st == GRUNDY_OK)
        st = tok_push(s, n, 0);
    if (st != GRUNDY_OK) {
        if (st == GRUNDY_ERR_LIMIT)
            grundy_parse_error_set(where, l0, c0,
                                   "%s longer than %u bytes",
                                   line_mode ? "line" : "token",
                                   (unsigned)MAX_TOKEN - 2);
        return st;
    }
    if (line_mode && n > 0 && s->tok[n - 1] == '\r')
        s->tok[--n] = 0;
    *len = n;
    return GRUNDY_OK;
}

/* The place of the token about to be read, with no message.  On every
 * token's path, so without formatting (vsnprintf here was a third of the
 * time of 'grundy solve pshtbrth'). */
static void mark(grundy_parse_error *where, unsigned long line,
                 unsigned long col)
{
    if (!where)
        return;
    where->line = line;
    where->col = col;
    where->msg[0] = 0;
}

/* A token (line = 0) or the rest of the line (line = 1) from here. */
static grundy_status read_item(grundy_scanner *s, int line, const char **out,
                               size_t *len, grundy_parse_error *where)
{
    int more = fill(s);
    sync(s);
    if (!more) {
        grundy_parse_error_set(where, s->line, s->col,
                               "unexpected end of input");
        return GRUNDY_ERR_PARSE;
    }
    mark(where, s->line, s->col);
    GRUNDY_TRY(read_until(s, line, len, s->line, s->col, where));
    *out = (const char *)s->tok;
    return GRUNDY_OK;
}

grundy_status grundy_scan_token(grundy_scanner *s, const char **tok,
                                size_t *len, grundy_parse_error *where)
{
    skip_space(s);
    return read_item(s, 0, tok, len, where);
}

grundy_status grundy_scan_line(grundy_scanner *s, const char **text,
                               size_t *len, grundy_parse_error *where)
{
    return read_item(s, 1, text, len, where);
}

grundy_status grundy_u64_parse(uint64_t *out, const char *text, size_t len,
                               uint64_t lo, uint64_t hi,
                               grundy_parse_error *where)
{
    uint64_t v = 0;
    size_t i;
    int overflow = 0;
    if (len == 0) {
        grundy_parse_error_set(where, 1, 1, "expected an integer");
        return GRUNDY_ERR_PARSE;
    }
    for (i = 0; i < len; i++) {
        unsigned d = (unsigned)(unsigned char)text[i] - '0';
        if (d > 9) {
            if (i == 0 && text[0] == '-' && len > 1)
                grundy_parse_error_set(where, 1, 1,
                                       "negative number '%.*s'",
                                       (int)(len > 40 ? 40 : len), text);
            else
                grundy_parse_error_set(where, 1, i + 1,
                                       "expected an integer, got '%.*s'",
                                       (int)(len > 40 ? 40 : len), text);
            return GRUNDY_ERR_PARSE;
        }
        if (v > (UINT64_MAX - d) / 10)
            overflow = 1;
        else
            v = v * 10 + d;
    }
    if (overflow || v < lo || v > hi) {
        grundy_parse_error_set(where, 1, 1,
                               "%.*s is out of range [%llu, %llu]",
                               (int)(len > 40 ? 40 : len), text,
                               (unsigned long long)lo,
                               (unsigned long long)hi);
        return GRUNDY_ERR_RANGE;
    }
    *out = v;
    return GRUNDY_OK;
}

grundy_status grundy_scan_u64(grundy_scanner *s, uint64_t *out, uint64_t lo,
                              uint64_t hi, grundy_parse_error *where)
{
    const char *tok;
    size_t len;
    unsigned long line, col;
    grundy_status st;
    unsigned char c;

    /* Fast path: the whole token lies in the buffer. */
    skip_space(s);
    if (fill(s)) {
        size_t p = s->pos;
        uint64_t v = 0;
        while (p < s->len && (c = s->buf[p]) >= '0' && c <= '9' &&
               p - s->pos < 19) {
            v = v * 10 + (uint64_t)(c - '0');
            p++;
        }
        if (p > s->pos && p < s->len && is_space(s->buf[p]) && v >= lo &&
            v <= hi) {
            s->last_len = p - s->pos;
            s->pos = p;
            *out = v;
            return GRUNDY_OK;
        }
    }
    grundy_scan_where(s, &line, &col);
    st = grundy_scan_token(s, &tok, &len, where);
    if (st != GRUNDY_OK)
        return st;
    st = grundy_u64_parse(out, tok, len, lo, hi, where);
    if (st == GRUNDY_OK)
        s->last_len = len;
    if (st != GRUNDY_OK && where) {
        where->col = col + (st == GRUNDY_ERR_PARSE ? where->col - 1 : 0);
        where->line = line;
    }
    return st;
}

size_t grundy_scan_peek(grundy_scanner *s, const char **p)
{
    skip_space(s);
    *p = (const char *)s->buf + s->pos;
    return s->len - s->pos;
}

void grundy_scan_skip(grundy_scanner *s, size_t n)
{
    s->pos += n < s->len - s->pos ? n : s->len - s->pos;
}
