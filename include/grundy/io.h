/*
 * grundy/io.h -- a buffered input scanner that knows LINE:COL, and a
 * buffered output writer.
 *
 * The scanner reads whitespace-separated tokens from a file descriptor or
 * a memory buffer and reports every malformed or out-of-range token with
 * its line and column.  Before it blocks on a read it calls a hook, which
 * the CLI uses to flush its writer: every answer is out before the next
 * query is awaited, at a terminal as well as in a pipe.
 *
 * The writer formats integers without printf and issues one write(2) per
 * buffer.  Both are used on hot paths (10^7 queries), so they do no
 * allocation after _init.
 */
#ifndef GRUNDY_IO_H
#define GRUNDY_IO_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Scanner ******************************************************************/

typedef struct grundy_scanner {
    int fd;                 /* -1 for a memory buffer */
    unsigned char *buf;     /* owned when fd >= 0 */
    size_t cap, len, pos;
    int eof;
    unsigned long line, col; /* of buf[lc] (counted lazily up to pos) */
    void (*before_read)(void *ctx);
    void *before_read_ctx;
    unsigned char *tok;     /* token scratch (owned) */
    size_t tok_cap;
    size_t lc; /* where line and col were counted to */
    size_t last_len; /* bytes of the last number grundy_scan_u64() read */
} grundy_scanner;

/* Read from fd (not closed by the scanner).  Caller-allocated; free with
 * grundy_scanner_clear(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_scanner_init_fd(grundy_scanner *s,
                                                      int fd);
/* Scan the bytes data[0..len), which must outlive the scanner. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_scanner_init_mem(grundy_scanner *s,
                                                       const char *data,
                                                       size_t len);
GRUNDY_API void grundy_scanner_clear(grundy_scanner *s);

/* Set the hook called before every blocking read. */
GRUNDY_API void grundy_scanner_set_before_read(grundy_scanner *s, void (*fn)(void *),
                                    void *ctx);

/* grundy_scan_u64() :
 * Skip whitespace, read a decimal integer in [lo, hi].  Errors, with
 * *where at the token's first byte: GRUNDY_ERR_PARSE for a missing token
 * ("unexpected end of input") or one that is not a plain decimal
 * ("expected an integer"), GRUNDY_ERR_RANGE for one outside [lo, hi]
 * (the message names the range). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_scan_u64(grundy_scanner *s,
                                               uint64_t *out, uint64_t lo,
                                               uint64_t hi,
                                               grundy_parse_error *where);

/* grundy_scan_token() :
 * Skip whitespace and return the next token (NUL-terminated, valid until
 * the next scan call) with its length and position.  GRUNDY_ERR_PARSE at
 * end of input. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_scan_token(grundy_scanner *s,
                                                 const char **tok,
                                                 size_t *len,
                                                 grundy_parse_error *where);

/* grundy_scan_line() :
 * The rest of the current line without its newline (NUL-terminated,
 * valid until the next scan call); *line and *col receive where it
 * starts.  GRUNDY_ERR_PARSE at end of input. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_scan_line(grundy_scanner *s,
                                                const char **text,
                                                size_t *len,
                                                grundy_parse_error *where);

/* Non-zero when only whitespace is left.  May block to find out. */
GRUNDY_API int grundy_scan_at_eof(grundy_scanner *s);

/* Where the next byte is (1-based).  Counts the lines passed since the
 * last call, hence not const. */
GRUNDY_API void grundy_scan_where(grundy_scanner *s, unsigned long *line,
                       unsigned long *col);

/* grundy_scan_last_where() :
 * Where the number that grundy_scan_u64() last read successfully begins
 * (1-based), asked right after that read, before any other scan call.  A
 * caller that names a number only when it turns out wrong (R < L, say)
 * reads it first and asks for its place only then, so the place costs
 * nothing on the path without an error. */
GRUNDY_API void grundy_scan_last_where(grundy_scanner *s, unsigned long *line,
                                       unsigned long *col);

/* grundy_scan_peek() :
 * Skip whitespace; *p = the bytes already buffered from the next one on.
 * @return their number (0 only at the end of input).  Blocks only when
 * the buffer is empty.  For a caller's fast path over whole items:
 * consume with grundy_scan_skip(), and fall back to the token calls when
 * an item is cut by the buffer's end or malformed. */
GRUNDY_API size_t grundy_scan_peek(grundy_scanner *s, const char **p);
/* Consume n buffered bytes (at most what grundy_scan_peek() returned). */
GRUNDY_API void grundy_scan_skip(grundy_scanner *s, size_t n);

/* Writer *******************************************************************/

typedef struct grundy_writer {
    int fd;
    char *buf;
    size_t cap, len;
    grundy_status err; /* the first write error, sticky */
    int err_errno;     /* its errno (ENOSPC for a write that wrote
                          nothing); kept by grundy_writer_clear() */
} grundy_writer;

#define GRUNDY_WRITER_MEM (-2) /* the fd of a writer in memory */

GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_writer_init(grundy_writer *w, int fd);
/* grundy_writer_init_mem() :
 * A writer in memory (fd GRUNDY_WRITER_MEM): what is written stays in
 * w->buf[0..w->len), which doubles as it fills; grundy_writer_flush()
 * writes nothing.  When it cannot grow, it drops the output and its error
 * is GRUNDY_ERR_NOMEM.
 * Free with grundy_writer_clear(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_writer_init_mem(grundy_writer *w);
/* Flushes, then frees.  @return the first error seen. */
GRUNDY_API grundy_status grundy_writer_clear(grundy_writer *w);

GRUNDY_API grundy_status grundy_writer_flush(grundy_writer *w);
GRUNDY_API void grundy_writer_bytes(grundy_writer *w, const char *p, size_t n);
GRUNDY_API void grundy_writer_str(grundy_writer *w, const char *s);
GRUNDY_API void grundy_writer_char(grundy_writer *w, char c);
GRUNDY_API void grundy_writer_u64(grundy_writer *w, uint64_t v);
GRUNDY_API void grundy_writer_i64(grundy_writer *w, int64_t v);

/* Flush hook for grundy_scanner_set_before_read(): ctx is a writer. */
GRUNDY_API void grundy_writer_flush_hook(void *ctx);

/* grundy_u64_parse() :
 * Parse text[0..len) as a decimal in [lo, hi] (no sign, no spaces).
 * Sets where->col (1-based in text) on error. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_u64_parse(uint64_t *out,
                                                const char *text, size_t len,
                                                uint64_t lo, uint64_t hi,
                                                grundy_parse_error *where);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_IO_H */
