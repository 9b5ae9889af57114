/*
 * survey.c -- a survey's rows against a published table (`grundy survey
 * --compare FILE`): the codes not decided here, the differences, and the
 * line that counts the verdicts.  The verdicts are grundy_survey_compare()'s;
 * this only writes them.
 */
#include "format_internal.h"
#include "grundy/format.h"

/* "PREFIXFILE:LINE: CODE" */
static void compare_place(grundy_writer *w, const char *prefix,
                          const char *file, const grundy_survey_published *p)
{
    grundy_writer_str(w, prefix);
    grundy_writer_str(w, file);
    grundy_writer_char(w, ':');
    grundy_writer_u64(w, p->line);
    grundy_writer_str(w, ": ");
    grundy_writer_str(w, p->code);
}

/* "period P preperiod Q" */
static void period_pair(grundy_writer *w, uint64_t period, uint64_t pre)
{
    grundy_writer_str(w, "period ");
    grundy_writer_u64(w, period);
    grundy_writer_str(w, " preperiod ");
    grundy_writer_u64(w, pre);
}

static void count_field(grundy_writer *w, size_t n, const char *what)
{
    grundy_writer_u64(w, n);
    grundy_writer_str(w, what);
}

size_t grundy_format_survey_compare(grundy_writer *w, const char *prefix,
                                    const char *file,
                                    const grundy_survey *sv, uint64_t upto,
                                    const grundy_survey_published *pub,
                                    const grundy_survey_verdict *v,
                                    const size_t *row, size_t n)
{
    size_t i, count[4] = {0};
    for (i = 0; i < n; i++) {
        const grundy_survey_published *p = &pub[i];
        count[v[i]]++;
        if (v[i] == GRUNDY_SURVEY_UNDECIDED) {
            compare_place(w, prefix, file, p);
            grundy_writer_str(w, " not decided here: no period proven up "
                                 "to ");
            grundy_writer_u64(w, upto);
            grundy_writer_str(w, ", ");
            period_pair(w, p->period, p->preperiod);
            grundy_writer_str(w, " published\n");
        } else if (v[i] == GRUNDY_SURVEY_DIFFER) {
            const grundy_survey_row *r = grundy_survey_row_at(sv, row[i]);
            compare_place(w, prefix, file, p);
            grundy_writer_str(w, " differs: ");
            period_pair(w, r->per.period, r->per.preperiod);
            grundy_writer_str(w, " proven here, ");
            if (p->periodic) {
                period_pair(w, p->period, p->preperiod);
                grundy_writer_str(w, " published\n");
            } else {
                grundy_writer_str(w, "none published\n");
            }
        }
    }
    grundy_writer_str(w, prefix);
    count_field(w, n, " published codes, ");
    count_field(w, n - count[GRUNDY_SURVEY_ABSENT], " surveyed here: ");
    count_field(w, count[GRUNDY_SURVEY_AGREE], " agree, ");
    count_field(w, count[GRUNDY_SURVEY_DIFFER], " differ, ");
    count_field(w, count[GRUNDY_SURVEY_UNDECIDED], " not decided here; ");
    count_field(w, count[GRUNDY_SURVEY_ABSENT],
                " not in this survey or skipped\n");
    return count[GRUNDY_SURVEY_DIFFER];
}
