/*
 * text.c -- the text helpers every rule family shares: decimal numbers
 * and positions, lists of numbers in a spec, the append-only buffer of
 * spec_format hooks.  Low level on purpose: the families and the game
 * object (game.c) call it, and it calls nothing of the rules or tables.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/io.h"
#include "rules/rules_internal.h"

grundy_status grundy_u64_parse_pos(grundy_pos *out, const char *text,
                                   size_t len, grundy_pos max,
                                   grundy_parse_error *where)
{
    return grundy_u64_parse(out, text, len, 0, max, where);
}

grundy_status grundy_parse_no_args(const char *args, grundy_parse_error *where)
{
    if (args) {
        grundy_parse_error_set(where, 1, 1, "this family takes no parameters");
        return GRUNDY_ERR_PARSE;
    }
    return GRUNDY_OK;
}

size_t grundy_u64_format(uint64_t v, char *buf, size_t cap)
{
    char tmp[20];
    size_t n = 0, i;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (i = 0; i < n && i + 1 < cap; i++)
        buf[i] = tmp[n - 1 - i];
    if (cap)
        buf[i < cap ? i : cap - 1] = 0;
    return n;
}

void grundy_spec_put(grundy_spec_buf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + 1 < b->cap) {
        size_t room = b->cap - 1 - b->len, k = n < room ? n : room;
        memcpy(b->buf + b->len, s, k);
        b->buf[b->len + k] = 0;
    } else if (b->cap) {
        b->buf[b->cap - 1] = 0;
    }
    b->len += n;
}

grundy_spec_buf grundy_spec_start(char *buf, size_t cap, const char *head)
{
    grundy_spec_buf b = {buf, cap, 0};
    if (cap)
        buf[0] = 0;
    grundy_spec_put(&b, head);
    return b;
}

void grundy_spec_put_u64(grundy_spec_buf *b, uint64_t v)
{
    char tmp[24];
    grundy_u64_format(v, tmp, sizeof tmp);
    grundy_spec_put(b, tmp);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

grundy_status grundy_parse_u64_list(uint64_t **out, size_t *n,
                                    const char *text, uint64_t lo,
                                    uint64_t hi, grundy_parse_error *where)
{
    size_t cap = 0, k = 0, i = 0, start;
    uint64_t *a = NULL;
    grundy_status s;

    *out = NULL;
    *n = 0;
    if (!text || !*text) {
        grundy_parse_error_set(where, 1, 1, "expected a list like 1,3,4");
        return GRUNDY_ERR_PARSE;
    }
    for (;;) {
        uint64_t v;
        start = i;
        while (text[i] && text[i] != ',')
            i++;
        s = grundy_u64_parse(&v, text + start, i - start, lo, hi, where);
        if (s != GRUNDY_OK) {
            if (where)
                where->col += start;
            if (i == start)
                grundy_parse_error_set(where, 1, start + 1,
                                       "expected a number");
            free(a);
            return s;
        }
        if (k == cap) {
            uint64_t *na;
            cap = cap ? 2 * cap : 8;
            if (cap > 65536) {
                free(a);
                grundy_parse_error_set(where, 1, start + 1,
                                       "list longer than 65536");
                return GRUNDY_ERR_LIMIT;
            }
            na = realloc(a, cap * sizeof *a);
            if (!na) {
                free(a);
                return GRUNDY_ERR_NOMEM;
            }
            a = na;
        }
        a[k++] = v;
        if (!text[i])
            break;
        i++;
    }
    qsort(a, k, sizeof *a, cmp_u64);
    for (i = 1; i < k; i++)
        if (a[i] == a[i - 1]) {
            grundy_parse_error_set(where, 1, 1, "%llu is listed twice",
                                   (unsigned long long)a[i]);
            free(a);
            return GRUNDY_ERR_ARG;
        }
    *out = a;
    *n = k;
    return GRUNDY_OK;
}
