/*
 * format_internal.h -- what the writers of src/format/ share.
 */
#ifndef GRUNDY_FORMAT_INTERNAL_H
#define GRUNDY_FORMAT_INTERNAL_H

#include "grundy/format.h"

/* "period P preperiod Q", then " saltus S" when it is arithmetic: the
 * fields of a period that every text line of one writes alike. */
void grundy_format_period_fields(grundy_writer *w, const grundy_period *p);

/* "N ONE" when n is 1, else "N MANY" ("1 table", "3 tables"). */
void grundy_format_count_of(grundy_writer *w, uint64_t n, const char *one,
                            const char *many);

#endif
