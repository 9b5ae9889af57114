/*
 * published.h -- the published table that `grundy survey --compare FILE`
 * checks its rows against: one line per code, "CODE PERIOD PREPERIOD" or
 * "CODE none" (no period known), fields apart by spaces or tabs, '#' to
 * the end of the line a comment, blank lines skipped.
 *
 * The text is parsed whole (published_parse(), which the fuzz target
 * compare drives) and written back in the same form (published_format():
 * what it writes parses to the same table); published_read() is the
 * program's reader of the file, which says where a bad line is
 * (FILE:LINE:COL).
 */
#ifndef GRUNDY_APP_PUBLISHED_H
#define GRUNDY_APP_PUBLISHED_H

#include <stddef.h>

#include "grundy/grundy.h"

#define PUBLISHED_CODE_LEN 80            /* a code of at most 79 bytes */
#define PUBLISHED_MAX_BYTES ((size_t)1 << 20) /* a longer file is refused */

typedef struct published {
    char code[PUBLISHED_CODE_LEN];
    int periodic; /* 0: none known */
    grundy_pos period, preperiod;
    unsigned long line; /* of the file, from 1 */
} published;

/* published_parse() :
 * The table of text[0..len) into a new array *out of *n lines (free()
 * it; NULL for none).  Errors, *out NULL and *n 0: GRUNDY_ERR_PARSE
 * with where->line and where->col (1-based; the column at most the
 * line's length + 1) and where->msg, for a line of neither form, a code
 * of more than PUBLISHED_CODE_LEN - 1 bytes, a period of 0 or a number
 * past 2^64 - 1, a NUL byte, a text over PUBLISHED_MAX_BYTES;
 * GRUNDY_ERR_NOMEM. */
grundy_status published_parse(const char *text, size_t len, published **out,
                              size_t *n, grundy_parse_error *where);

/* published_format() :
 * The table p[0..n) as text, one line per entry ("CODE P Q" or "CODE
 * none"); snprintf semantics. */
size_t published_format(const published *p, size_t n, char *buf, size_t cap);

/* published_read() :
 * The table in the file at path.  0, or CLI_EXIT_DATA after "grundy:
 * CMD: PATH: REASON" or "grundy: CMD: PATH:LINE:COL: WHY" on stderr
 * (*out NULL). */
int published_read(const char *cmd, const char *path, published **out,
                   size_t *n);

#endif
