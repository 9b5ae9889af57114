/*
 * pattern.c -- the codes of a survey pattern ("0.ddd", "4.hd"): the
 * placeholders after the point run through the digits, the last one
 * fastest, so that the codes come in the order of their numbers.
 */
#include <stdio.h>
#include <string.h>

#include "grundy/takebreak.h"

static const char hex[] = "0123456789ABCDEF";

/* The radix of the placeholder at pattern[i] (i after the point), or 0. */
static unsigned radix(const char *pattern, size_t i, size_t dot)
{
    if (i <= dot)
        return 0;
    return pattern[i] == 'd' ? 8 : pattern[i] == 'h' ? 16 : 0;
}

grundy_status grundy_takebreak_pattern_size(uint64_t *count,
                                            const char *pattern, uint64_t max,
                                            grundy_parse_error *where)
{
    size_t len = strlen(pattern), i, dot;
    const char *p = strchr(pattern, '.');
    uint64_t total = 1;
    *count = 0;
    if (len == 0 || !p) {
        grundy_parse_error_set(where, 1, len + 1,
                               "expected a pattern such as 0.ddd, 4.dd or "
                               "0.hh");
        return GRUNDY_ERR_PARSE;
    }
    if (len > GRUNDY_TAKEBREAK_PATTERN_MAX) {
        grundy_parse_error_set(where, 1, GRUNDY_TAKEBREAK_PATTERN_MAX + 1,
                               "too long");
        return GRUNDY_ERR_RANGE;
    }
    dot = (size_t)(p - pattern);
    for (i = 0; i < len; i++) {
        unsigned r = radix(pattern, i, dot);
        if (!r)
            continue;
        if (total > max / r) {
            grundy_parse_error_set(where, 1, i + 1, "more than %llu codes",
                                   (unsigned long long)max);
            return GRUNDY_ERR_LIMIT;
        }
        total *= r;
    }
    *count = total;
    return GRUNDY_OK;
}

size_t grundy_takebreak_pattern_code(char *buf, size_t cap,
                                     const char *pattern, uint64_t k)
{
    size_t len = strlen(pattern), i, dot;
    const char *p = strchr(pattern, '.');
    dot = p ? (size_t)(p - pattern) : len;
    for (i = len; i-- > 0;) {
        unsigned r = radix(pattern, i, dot);
        char c = pattern[i];
        if (r) {
            c = hex[k % r];
            k /= r;
        }
        if (i + 1 < cap)
            buf[i] = c;
    }
    if (cap)
        buf[len < cap ? len : cap - 1] = 0;
    return len;
}
