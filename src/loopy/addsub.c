/*
 * addsub.c -- addsub:S:A, remove s in S or add a in A stones from a heap
 * of 0..H: its parameters and moves, shared by the registry's family
 * (rules.c) and the older interface's (family.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "grundy/io.h"
#include "loopy/loopy_internal.h"

/* Amounts ******************************************************************/

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

grundy_status grundy_loopy_amounts(uint64_t **out, size_t *n,
                                   const char *text, size_t from, size_t to,
                                   grundy_parse_error *where)
{
    size_t i = from, k = 0, j;
    uint64_t *v = malloc((to - from + 1) * sizeof *v);
    GRUNDY_RETURN_IF(!v, GRUNDY_ERR_NOMEM);
    while (i < to) {
        uint64_t x = 0;
        size_t s = i;
        int over = 0;
        if (text[i] < '0' || text[i] > '9') {
            grundy_parse_error_set(where, 1, i + 1, "expected a number");
            free(v);
            return GRUNDY_ERR_PARSE;
        }
        while (i < to && text[i] >= '0' && text[i] <= '9') {
            unsigned d = (unsigned)(text[i] - '0');
            if (x > (UINT64_MAX - d) / 10)
                over = 1;
            else
                x = x * 10 + d;
            i++;
        }
        if (over || x == 0) {
            grundy_parse_error_set(where, 1, s + 1,
                                   over ? "amount too large"
                                        : "amounts must be at least 1");
            free(v);
            return GRUNDY_ERR_RANGE;
        }
        v[k++] = x;
        if (i < to) {
            if (text[i] != ',' || i + 1 == to) {
                grundy_parse_error_set(where, 1, i + 1 + (text[i] == ','),
                                       "expected a number");
                free(v);
                return GRUNDY_ERR_PARSE;
            }
            i++;
        }
    }
    qsort(v, k, sizeof *v, cmp_u64);
    for (i = 0, j = 0; i < k; i++)
        if (j == 0 || v[j - 1] != v[i])
            v[j++] = v[i];
    *out = v;
    *n = j;
    return GRUNDY_OK;
}

/* addsub:S:A[:H] ***********************************************************/

void grundy_loopy_addsub_free(void *params)
{
    grundy_loopy_addsub *p = params;
    if (!p)
        return;
    GRUNDY_FREE_ALL(p->s, p->a, p);
}

size_t grundy_loopy_addsub_targets(const grundy_loopy_addsub *p, uint64_t h,
                                   uint64_t *out, size_t cap)
{
    size_t i, n = 0;
    if (h == 0)
        return 0; /* an empty heap is final */
    for (i = 0; i < p->ns && p->s[i] <= h; i++, n++)
        if (n < cap)
            out[n] = h - p->s[i];
    for (i = 0; i < p->na && p->a[i] <= p->max - h; i++, n++)
        if (n < cap)
            out[n] = h + p->a[i];
    return n;
}

grundy_status grundy_loopy_addsub_parse(grundy_loopy_addsub **out,
                                        const char *args, int bound_field,
                                        grundy_parse_error *where)
{
    const char *c1, *c2 = NULL;
    size_t len, end;
    grundy_loopy_addsub *p;
    grundy_status st;
    *out = NULL;
    if (!args || !(c1 = strchr(args, ':'))) {
        grundy_parse_error_set(where, 1, args ? strlen(args) + 1 : 1,
                               "expected S:A, the amounts to remove and to "
                               "add (as in addsub:1,2:1)");
        return GRUNDY_ERR_PARSE;
    }
    len = strlen(args);
    c2 = strchr(c1 + 1, ':');
    if (c2 && (!bound_field || strchr(c2 + 1, ':'))) {
        const char *bad = bound_field ? strchr(c2 + 1, ':') : c2;
        grundy_parse_error_set(where, 1, (size_t)(bad - args) + 1,
                               bound_field ? "expected S:A or S:A:H"
                                           : "expected S:A with one ':'");
        return GRUNDY_ERR_PARSE;
    }
    GRUNDY_TRY(GRUNDY_NEW(p));
    end = c2 ? (size_t)(c2 - args) : len;
    st = grundy_loopy_amounts(&p->s, &p->ns, args, 0, (size_t)(c1 - args),
                              where);
    if (st == GRUNDY_OK)
        st = grundy_loopy_amounts(&p->a, &p->na, args,
                                  (size_t)(c1 - args) + 1, end, where);
    if (st == GRUNDY_OK && c2) {
        size_t at = end + 1;
        st = grundy_u64_parse(&p->max, args + at, len - at, 1,
                              GRUNDY_LOOPY_MAX_VERTICES - 1, where);
        if (st != GRUNDY_OK && where) {
            where->line = 1;
            where->col += at;
        }
    }
    if (st != GRUNDY_OK) {
        grundy_loopy_addsub_free(p);
        return st;
    }
    *out = p;
    return GRUNDY_OK;
}

