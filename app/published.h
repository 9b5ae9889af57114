/*
 * published.h -- the program's reader of the published table that
 * `grundy survey --compare FILE` checks its rows against (the table's
 * form and its parser are the library's: grundy_survey_published_parse()
 * in grundy/survey.h).
 */
#ifndef GRUNDY_APP_PUBLISHED_H
#define GRUNDY_APP_PUBLISHED_H

#include <stddef.h>

#include "grundy/grundy.h"

/* published_read() :
 * The table in the file at path.  0, or CLI_EXIT_DATA after "grundy:
 * CMD: PATH: REASON" or "grundy: CMD: PATH:LINE:COL: WHY" on stderr
 * (*out NULL). */
int published_read(const char *cmd, const char *path,
                   grundy_survey_published **out, size_t *n);

#endif
