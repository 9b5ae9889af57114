/*
 * published.c -- the published table of `grundy survey --compare`
 * (grundy/survey.h: grundy_survey_published_parse() and _format()).
 *
 * A line is cut at '#' and split into fields at spaces and tabs (and
 * '\r', '\v', '\f', so that a file with CRLF line ends reads the same);
 * every refusal names the line and the column of the field at fault, or
 * the column just past the line's last field when one is missing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "grundy/grundy.h"
#include "grundy/survey.h"

static const char shape_msg[] =
    "expected 'CODE PERIOD PREPERIOD' or 'CODE none'";

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The digits at the start of s[0..len). */
static size_t digits(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && s[i] >= '0' && s[i] <= '9')
        i++;
    return i;
}

/* Up to 4 fields of line[0..len): their starts and lengths; the number
 * found (4: more than 3). */
static size_t split_fields(const char *line, size_t len, size_t start[4],
                           size_t flen[4])
{
    size_t i = 0, k = 0;
    while (k < 4) {
        while (i < len && is_blank(line[i]))
            i++;
        if (i == len)
            break;
        start[k] = i;
        while (i < len && !is_blank(line[i]))
            i++;
        flen[k] = i - start[k];
        k++;
    }
    return k;
}

/* A number field: GRUNDY_OK or a refusal at its column. */
static grundy_status number_field(grundy_pos *out, const char *line, size_t at,
                                  size_t len, uint64_t lo, const char *what,
                                  unsigned long lno, grundy_parse_error *where)
{
    grundy_parse_error w;
    if (digits(line + at, len) < len) {
        grundy_parse_error_set(where, lno, at + 1, "%s", shape_msg);
        return GRUNDY_ERR_PARSE;
    }
    if (grundy_u64_parse(out, line + at, len, lo, UINT64_MAX, &w) == GRUNDY_OK)
        return GRUNDY_OK;
    grundy_parse_error_set(where, lno, at + 1, "%s %s", what, w.msg);
    return GRUNDY_ERR_PARSE;
}

/* One line, its comment cut off, into *p (when it holds an entry: 1). */
static grundy_status parse_line(grundy_survey_published *p, const char *line,
                                size_t len, unsigned long lno, int *entry,
                                grundy_parse_error *where)
{
    size_t start[4], flen[4], k = split_fields(line, len, start, flen), end;
    grundy_status s;
    *entry = 0;
    if (k == 0)
        return GRUNDY_OK;
    if (flen[0] >= GRUNDY_SURVEY_CODE_LEN) {
        grundy_parse_error_set(where, lno, start[0] + GRUNDY_SURVEY_CODE_LEN,
                               "a code of at most %d characters",
                               GRUNDY_SURVEY_CODE_LEN - 1);
        return GRUNDY_ERR_PARSE;
    }
    memset(p, 0, sizeof *p);
    memcpy(p->code, line + start[0], flen[0]);
    p->line = lno;
    end = start[k - 1] + flen[k - 1];
    if (k == 2 && flen[1] == 4 && memcmp(line + start[1], "none", 4) == 0) {
        *entry = 1;
        return GRUNDY_OK;
    }
    if (k != 3) {
        /* the field that should not be there, or the place of the
         * missing one */
        grundy_parse_error_set(where, lno,
                               k == 4 ? start[3] + 1
                               : k == 2 && digits(line + start[1], flen[1]) <
                                               flen[1]
                                   ? start[1] + 1
                                   : end + 1,
                               "%s", shape_msg);
        return GRUNDY_ERR_PARSE;
    }
    s = number_field(&p->period, line, start[1], flen[1], 1, "the period", lno,
                     where);
    if (s == GRUNDY_OK)
        s = number_field(&p->preperiod, line, start[2], flen[2], 0,
                         "the preperiod", lno, where);
    if (s != GRUNDY_OK)
        return s;
    p->periodic = 1;
    *entry = 1;
    return GRUNDY_OK;
}

grundy_status grundy_survey_published_parse(const char *text, size_t len,
                                            grundy_survey_published **out,
                                            size_t *n,
                                            grundy_parse_error *where)
{
    size_t off = 0, cap = 0;
    unsigned long lno = 0;
    grundy_status s = GRUNDY_OK;
    *out = NULL;
    *n = 0;
    if (len > GRUNDY_SURVEY_PUBLISHED_MAX_BYTES) {
        grundy_parse_error_set(where, 1, 1, "a table of at most %zu bytes",
                               GRUNDY_SURVEY_PUBLISHED_MAX_BYTES);
        return GRUNDY_ERR_PARSE;
    }
    while (off < len && s == GRUNDY_OK) {
        const char *line = text + off;
        const char *nl = memchr(line, '\n', len - off);
        size_t llen = nl ? (size_t)(nl - line) : len - off;
        const char *nul = memchr(line, 0, llen);
        const char *hash = memchr(line, '#', llen);
        int entry;
        lno++;
        off += llen + 1;
        if (nul && (!hash || nul < hash)) {
            grundy_parse_error_set(where, lno, (size_t)(nul - line) + 1,
                                   "a NUL byte");
            s = GRUNDY_ERR_PARSE;
            break;
        }
        s = GRUNDY_GROW(*out, cap, *n + 1);
        if (s != GRUNDY_OK)
            break;
        s = parse_line(&(*out)[*n], line, hash ? (size_t)(hash - line) : llen,
                       lno, &entry, where);
        if (s == GRUNDY_OK && entry)
            (*n)++;
    }
    if (s != GRUNDY_OK || *n == 0) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return s;
}

size_t grundy_survey_published_format(const grundy_survey_published *p,
                                      size_t n, char *buf, size_t cap)
{
    size_t len = 0, i;
    for (i = 0; i < n; i++) {
        int k;
        char *at = len < cap ? buf + len : NULL;
        size_t room = len < cap ? cap - len : 0;
        if (p[i].periodic)
            k = snprintf(at, room, "%s %llu %llu\n", p[i].code,
                         (unsigned long long)p[i].period,
                         (unsigned long long)p[i].preperiod);
        else
            k = snprintf(at, room, "%s none\n", p[i].code);
        if (k < 0)
            return len;
        len += (size_t)k;
    }
    if (n == 0 && cap > 0)
        buf[0] = 0;
    return len;
}
