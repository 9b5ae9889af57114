/*
 * files.c -- a survey's two files read whole: the codes of @FILE
 * (grundy_survey_add_file()) and the published table of --compare FILE
 * (grundy_survey_published_load()), so that every front end reads them
 * as the program does and reports the same places.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/grundy.h"
#include "grundy/survey.h"

/* The bytes of the file at path, at most max (SIZE_MAX: all) of them,
 * into a new buffer *text (free() it).  GRUNDY_ERR_IO with *err the
 * errno, or GRUNDY_ERR_NOMEM. */
static grundy_status read_whole(char **text, size_t *len, const char *path,
                                size_t max, int *err)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 0, got;
    char *buf = NULL;
    *text = NULL;
    *len = 0;
    *err = 0;
    if (!f) {
        *err = errno;
        return GRUNDY_ERR_IO;
    }
    do {
        if (*len == cap) {
            size_t ncap = cap ? 2 * cap : 4096;
            char *nb = realloc(buf, ncap > max ? max : ncap);
            if (!nb) {
                free(buf);
                fclose(f);
                return GRUNDY_ERR_NOMEM;
            }
            buf = nb;
            cap = ncap > max ? max : ncap;
        }
        got = fread(buf + *len, 1, cap - *len, f);
        *len += got;
    } while (got > 0 && *len < max);
    if (ferror(f)) {
        *err = errno;
        free(buf);
        fclose(f);
        return GRUNDY_ERR_IO;
    }
    fclose(f);
    *text = buf;
    return GRUNDY_OK;
}

grundy_status grundy_survey_add_file(grundy_survey *sv, const char *path,
                                     grundy_parse_error *where, int *err)
{
    char *text;
    size_t len;
    grundy_status s;
    GRUNDY_TRY(read_whole(&text, &len, path, SIZE_MAX, err));
    memset(where, 0, sizeof *where);
    s = grundy_survey_add_text(sv, text ? text : "", len, where);
    free(text);
    return s;
}

grundy_status grundy_survey_published_load(grundy_survey_published **out,
                                           size_t *n, const char *path,
                                           grundy_parse_error *where,
                                           int *err)
{
    char *text;
    size_t len;
    grundy_status s;
    *out = NULL;
    *n = 0;
    /* one byte past the bound, which the parser refuses with its place */
    GRUNDY_TRY(read_whole(&text, &len, path,
                          GRUNDY_SURVEY_PUBLISHED_MAX_BYTES + 1, err));
    memset(where, 0, sizeof *where);
    s = grundy_survey_published_parse(text ? text : "", len, out, n, where);
    free(text);
    return s;
}
