/*
 * match.c -- `grundy store remove PATTERN`: every entry whose canonical
 * spec matches a shell pattern (fnmatch(3)), removed as
 * grundy_store_remove() removes one.  A whole table and a split table of
 * one spec are one entry, listed side by side by grundy_store_list().
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/store.h"

grundy_status grundy_store_remove_matching(grundy_store_info **removed,
                                           size_t *n, size_t *matched,
                                           grundy_store *s,
                                           const char *pattern)
{
    grundy_store_info *info;
    size_t count, i;
    grundy_status st, worst = GRUNDY_OK;
    *removed = NULL;
    *n = 0;
    *matched = 0;
    GRUNDY_TRY(grundy_store_list(&info, &count, s));
    for (i = 0; i < count; i++) {
        const grundy_store_info *e = &info[i];
        if (!e->readable || fnmatch(pattern, e->spec, 0) != 0)
            continue;
        if (i > 0 && info[i - 1].readable &&
            strcmp(info[i - 1].spec, e->spec) == 0)
            continue;
        ++*matched;
        st = grundy_store_remove(s, e->spec);
        if (st != GRUNDY_OK && st != GRUNDY_ERR_RANGE) {
            worst = st; /* the warning named the file */
            continue;
        }
        /* in place: entry i is read before slot *n <= i is written */
        info[(*n)++] = *e;
    }
    if (*n == 0) {
        free(info);
        info = NULL;
    }
    *removed = info;
    return worst;
}
