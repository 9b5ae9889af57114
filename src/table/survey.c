/*
 * survey.c -- one row of a survey (grundy/takebreak.h): a table's
 * period, largest value and rare/common split, as `grundy survey` and
 * grundy.survey() report them.
 */
#include <string.h>

#include "grundy/takebreak.h"

void grundy_table_survey_get(grundy_table_survey *out, const grundy_table *t)
{
    memset(out, 0, sizeof *out);
    grundy_period_find(&out->period, t);
    out->max = grundy_table_max(t, &out->max_at);
    out->have_rare = grundy_table_rare(&out->rare, t) == GRUNDY_OK;
}
