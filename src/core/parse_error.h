/*
 * parse_error.h -- the start of every call that may report a place in
 * its input: no error yet.
 */
#ifndef GRUNDY_CORE_PARSE_ERROR_H
#define GRUNDY_CORE_PARSE_ERROR_H

#include <string.h>

#include "grundy/status.h"

/* grundy_parse_error_clear() : *where (NULL: none asked for) says no
 * error: line and column 0, no message. */
static inline void grundy_parse_error_clear(grundy_parse_error *where)
{
    if (where)
        memset(where, 0, sizeof *where);
}

#endif
