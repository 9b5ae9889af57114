/*
 * format_internal.h -- what the writers of src/format/ share.
 */
#ifndef GRUNDY_FORMAT_INTERNAL_H
#define GRUNDY_FORMAT_INTERNAL_H

#include "grundy/format.h"

/* "period P preperiod Q", then " saltus S" when it is arithmetic: the
 * fields of a period that every text line of one writes alike. */
void grundy_format_period_fields(grundy_writer *w, const grundy_period *p);

#endif
