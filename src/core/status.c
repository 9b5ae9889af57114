/*
 * status.c -- the one table of status messages (zstd error_private.c).
 */
#include <stdarg.h>
#include <stdio.h>

#include "grundy/status.h"

static const char *const messages[] = {
    [GRUNDY_OK] = "success",
    [GRUNDY_ERR_NOMEM] = "out of memory",
    [GRUNDY_ERR_ARG] = "invalid argument",
    [GRUNDY_ERR_RANGE] = "value out of range",
    [GRUNDY_ERR_OVERFLOW] = "result does not fit",
    [GRUNDY_ERR_LIMIT] = "size limit exceeded",
    [GRUNDY_ERR_PARSE] = "malformed input",
    [GRUNDY_ERR_IO] = "input/output error",
    [GRUNDY_ERR_CANCELLED] = "interrupted",
    [GRUNDY_ERR_WORK] = "work limit exceeded",
    [GRUNDY_ERR_FAMILY] = "the family's moves could not be listed",
};

const char *grundy_strerror(grundy_status s)
{
    if ((unsigned)s < sizeof messages / sizeof messages[0] && messages[s])
        return messages[s];
    return "unknown status";
}

void grundy_parse_error_set(grundy_parse_error *where, unsigned long line,
                            unsigned long col, const char *fmt, ...)
{
    va_list ap;
    if (!where)
        return;
    where->line = line;
    where->col = col;
    va_start(ap, fmt);
    vsnprintf(where->msg, sizeof where->msg, fmt, ap);
    va_end(ap);
}
