/*
 * fuzz_compare.c -- the published table of `grundy survey --compare FILE`
 * (grundy_survey_published_parse(), src/survey/published.c), from any bytes.
 *
 * What must hold for any input:
 *   - a refused table names a line of the input and a column inside that
 *     line (1 .. its length + 1), with a message;
 *   - an accepted table has lines of the input, in order, each entry as
 *     the input wrote it, and written back
 *     (grundy_survey_published_format()) it reads
 *     to the same table;
 *   - the reader of the file (grundy_survey_published_load(), the input
 *     written to a file) gives the same answer as the parser;
 *   - no crash, leak or hang.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The length of line `line` (from 1) of data; size + 1 when there is no
 * such line. */
static size_t line_length(const uint8_t *data, size_t size,
                          unsigned long line)
{
    size_t off = 0;
    unsigned long l = 1;
    while (l < line) {
        const uint8_t *nl = off < size ? memchr(data + off, '\n', size - off)
                                       : NULL;
        if (!nl)
            return size + 1;
        off = (size_t)(nl - data) + 1;
        l++;
    }
    {
        const uint8_t *nl = off < size ? memchr(data + off, '\n', size - off)
                                       : NULL;
        return nl ? (size_t)(nl - (data + off)) : size - off;
    }
}

static int same_table(const grundy_survey_published *a, size_t na,
                      const grundy_survey_published *b,
                      size_t nb)
{
    size_t i;
    if (na != nb)
        return 0;
    for (i = 0; i < na; i++)
        if (strcmp(a[i].code, b[i].code) != 0 ||
            a[i].periodic != b[i].periodic || a[i].period != b[i].period ||
            a[i].preperiod != b[i].preperiod)
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    grundy_survey_published *t = NULL, *t2 = NULL, *t3 = NULL;
    size_t n = 0, n2 = 0, n3 = 0, i, len;
    unsigned long last = 0;
    grundy_parse_error where;
    grundy_status s;
    char *text;
    int rc, err;
    grundy_parse_error where3;

    memset(&where, 0, sizeof where);
    s = grundy_survey_published_parse((const char *)data, size, &t, &n, &where);
    rc = grundy_survey_published_load(&t3, &n3, fuzz_file(data, size),
                                      &where3, &err) != GRUNDY_OK;
    if (s != GRUNDY_OK) {
        size_t ll;
        if (t != NULL || n != 0)
            fuzz_fail("refused (%s), yet %zu entries", where.msg, n);
        if (s != GRUNDY_ERR_PARSE)
            fuzz_fail("refused with %s", grundy_strerror(s));
        ll = line_length(data, size, where.line);
        if (where.line < 1 || ll > size)
            fuzz_fail("refused at line %lu, not a line of the input (%s)",
                      where.line, where.msg);
        if (where.col < 1 || where.col > ll + 1)
            fuzz_fail("refused at %lu:%lu, outside 1..%zu (%s)", where.line,
                      where.col, ll + 1, where.msg);
        if (!where.msg[0])
            fuzz_fail("refused at %lu:%lu without a message", where.line,
                      where.col);
        if (rc == 0 || t3 != NULL)
            fuzz_fail("refused at %lu:%lu, read from a file", where.line,
                      where.col);
        if (where3.line != where.line || where3.col != where.col)
            fuzz_fail("refused at %lu:%lu, from a file at %lu:%lu",
                      where.line, where.col, where3.line, where3.col);
        return 0;
    }
    if (rc != 0 || !same_table(t, n, t3, n3))
        fuzz_fail("read from a file, another table");
    free(t3);
    for (i = 0; i < n; i++) {
        size_t ll = line_length(data, size, t[i].line);
        if (t[i].line <= last || ll > size)
            fuzz_fail("entry %zu at line %lu, after line %lu", i, t[i].line,
                      last);
        last = t[i].line;
        if (!t[i].code[0] || strlen(t[i].code) > ll ||
            (t[i].periodic && t[i].period == 0))
            fuzz_fail("entry %zu at line %lu: code '%s', period %llu", i,
                      t[i].line, t[i].code,
                      (unsigned long long)t[i].period);
    }
    len = grundy_survey_published_format(t, n, NULL, 0);
    text = malloc(len + 1);
    if (!text)
        abort();
    if (grundy_survey_published_format(t, n, text, len + 1) != len)
        fuzz_fail("published_format: two lengths");
    memset(&where, 0, sizeof where);
    s = grundy_survey_published_parse(text, len, &t2, &n2, &where);
    if (s != GRUNDY_OK || !same_table(t, n, t2, n2))
        fuzz_fail("written back as '%.200s', read as another table (%s at "
                  "%lu:%lu)",
                  text, where.msg, where.line, where.col);
    for (i = 0; i < n2; i++)
        if (t2[i].line != i + 1)
            fuzz_fail("written back, entry %zu on line %lu", i, t2[i].line);
    free(text);
    free(t);
    free(t2);
    return 0;
}
