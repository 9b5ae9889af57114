/*
 * test_survey.c -- surveys of octal codes (grundy/survey.h) against g(n)
 * by the definition of an octal game, written here from its
 * plain-language rule (digit d_k of the code: bit 1, take k tokens that
 * are the whole heap; bit 2, take k and leave one heap; bit 4, take k
 * and split the rest into two non-empty heaps), with no library call.
 *
 *  - Every row's largest value against the oracle's; a period the survey
 *    calls proven holds far past the table; every row's group is the
 *    first code whose values agree with it up to N; the rows come in
 *    order, each once.
 *  - The verdicts against a published table made from the rows (the same
 *    period, another one, none, a code not surveyed).
 *  - The list of codes: its errors name the line and the column.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/survey.h"
#include "test_support.h"

/* g(0..n-1) of the octal game 0.d1d2... by the definition. */
static void octal_oracle(uint32_t *g, size_t n, const char *code)
{
    const char *d = strchr(code, '.') + 1;
    size_t nd = strlen(d);
    unsigned char *seen = calloc(2 * n + 2, 1);
    assert_non_null(seen);
    for (size_t h = 0; h < n; h++) {
        uint32_t m = 0;
        memset(seen, 0, 2 * n + 2);
        for (size_t k = 1; k <= nd && k <= h; k++) {
            unsigned dig = (unsigned)(d[k - 1] - '0');
            size_t rest = h - k;
            if ((dig & 1) && rest == 0)
                seen[0] = 1;
            if ((dig & 2) && rest > 0)
                seen[g[rest]] = 1;
            if (dig & 4)
                for (size_t a = 1; 2 * a <= rest; a++)
                    if (rest - a >= 1)
                        seen[g[a] ^ g[rest - a]] = 1;
        }
        while (seen[m])
            m++;
        g[h] = m;
    }
    free(seen);
}

typedef struct order {
    size_t next, calls;
    int bad;
} order;

static void row_done(void *ctx, const grundy_survey *sv, size_t i)
{
    order *o = ctx;
    (void)sv;
    if (i != o->next)
        o->bad = 1;
    o->next = i + 1;
    o->calls++;
}

#define UPTO 150
#define FAR 700

static void test_survey_rows_match_oracle(void **state)
{
    grundy_survey *sv;
    grundy_survey_opts o;
    grundy_parse_error where;
    order ord = {0, 0, 0};
    size_t n, i, q, proven = 0;
    uint32_t(*g)[FAR];
    (void)state;
    assert_int_equal(grundy_survey_new(&sv), GRUNDY_OK);
    memset(&where, 0, sizeof where);
    assert_int_equal(
        grundy_survey_add_pattern(sv, "0.dd", GRUNDY_SURVEY_MAX_CODES, &where),
        GRUNDY_OK);
    n = grundy_survey_count(sv);
    assert_int_equal(n, 64);
    g = malloc(n * sizeof *g);
    assert_non_null(g);
    for (i = 0; i < n; i++)
        octal_oracle(g[i], FAR, grundy_survey_row_at(sv, i)->code);
    grundy_survey_opts_init(&o);
    o.upto = UPTO;
    o.session.no_store = 1;
    o.session.read_env = 0;
    o.workers = 2;
    o.row_done = row_done;
    o.ctx = &ord;
    assert_int_equal(grundy_survey_run(sv, &o), GRUNDY_OK);
    assert_int_equal(ord.calls, n);
    assert_false(ord.bad);
    assert_int_equal(grundy_survey_reported(sv), n);
    for (i = 0; i < n; i++) {
        const grundy_survey_row *r = grundy_survey_row_at(sv, i);
        uint32_t max = 0;
        size_t first = i;
        for (size_t h = 0; h <= UPTO; h++)
            if (g[i][h] > max)
                max = g[i][h];
        assert_int_equal(r->status, GRUNDY_OK);
        if (r->max != max)
            fail_msg("%s: largest %llu, oracle %u", r->code,
                     (unsigned long long)r->max, max);
        if (grundy_survey_row_status(r) == GRUNDY_SURVEY_PERIODIC) {
            proven++;
            for (size_t h = r->per.preperiod; h + r->per.period < FAR; h++)
                if (g[i][h + r->per.period] != g[i][h])
                    fail_msg("%s: period %llu preperiod %llu fails at %zu",
                             r->code, (unsigned long long)r->per.period,
                             (unsigned long long)r->per.preperiod, h);
        }
        for (q = 0; q < i; q++)
            if (memcmp(g[q], g[i], (UPTO + 1) * sizeof g[i][0]) == 0) {
                first = q;
                break;
            }
        if (r->group != first)
            fail_msg("%s: group %zu (%s), the first of its values is %zu "
                     "(%s)",
                     r->code, r->group,
                     grundy_survey_row_at(sv, r->group)->code, first,
                     grundy_survey_row_at(sv, first)->code);
    }
    assert_true(proven > n / 2);
    free(g);
    grundy_survey_free(sv);
}

static void test_survey_compare_verdicts(void **state)
{
    grundy_survey *sv;
    grundy_survey_opts o;
    grundy_survey_published *p = NULL;
    grundy_survey_verdict v[5];
    size_t row[5], np = 0;
    const grundy_survey_row *r;
    grundy_parse_error where;
    char text[512];
    (void)state;
    assert_int_equal(grundy_survey_new(&sv), GRUNDY_OK);
    memset(&where, 0, sizeof where);
    assert_int_equal(grundy_survey_add_text(sv, "0.07\n0.6\n", 9, &where),
                     GRUNDY_OK);
    grundy_survey_opts_init(&o);
    o.upto = 200;
    o.session.no_store = 1;
    o.session.read_env = 0;
    assert_int_equal(grundy_survey_run(sv, &o), GRUNDY_OK);
    r = grundy_survey_row_at(sv, 0);
    assert_int_equal(grundy_survey_row_status(r), GRUNDY_SURVEY_PERIODIC);
    /* no period of 0.6 (Officers) is known: published periodic (as a
     * test), it is not decided here */
    assert_int_not_equal(grundy_survey_row_status(grundy_survey_row_at(sv, 1)),
                         GRUNDY_SURVEY_PERIODIC);
    snprintf(text, sizeof text,
             "0.07 %llu %llu\n0.07 %llu %llu # another period\n0.07 "
             "none\n0.6 34 52\n4.7 2 0\n",
             (unsigned long long)r->per.period,
             (unsigned long long)r->per.preperiod,
             (unsigned long long)r->per.period + 1,
             (unsigned long long)r->per.preperiod);
    assert_int_equal(
        grundy_survey_published_parse(text, strlen(text), &p, &np, &where),
        GRUNDY_OK);
    assert_int_equal(np, 5);
    grundy_survey_compare(v, row, sv, p, np);
    assert_int_equal(v[0], GRUNDY_SURVEY_AGREE);
    assert_int_equal(row[0], 0);
    assert_int_equal(v[1], GRUNDY_SURVEY_DIFFER);
    assert_int_equal(row[1], 0);
    assert_int_equal(v[2], GRUNDY_SURVEY_DIFFER);
    assert_int_equal(v[3], GRUNDY_SURVEY_UNDECIDED);
    assert_int_equal(row[3], 1);
    assert_int_equal(v[4], GRUNDY_SURVEY_ABSENT);
    assert_int_equal(row[4], SIZE_MAX);
    free(p);
    grundy_survey_free(sv);
}

static void expect_text_error(const char *text, grundy_status want,
                              unsigned long line, unsigned long col,
                              const char *msg)
{
    grundy_survey *sv;
    grundy_parse_error where;
    grundy_status s;
    assert_int_equal(grundy_survey_new(&sv), GRUNDY_OK);
    memset(&where, 0, sizeof where);
    s = grundy_survey_add_text(sv, text, strlen(text), &where);
    if (s != want || where.line != line || where.col != col ||
        !strstr(where.msg, msg))
        fail_msg("'%s': %s at %lu:%lu '%s', expected %s at %lu:%lu '%s'", text,
                 grundy_strerror(s), where.line, where.col, where.msg,
                 grundy_strerror(want), line, col, msg);
    grundy_survey_free(sv);
}

static void test_survey_add_text_errors(void **state)
{
    char longline[200];
    (void)state;
    expect_text_error("# nothing\n\n   \n", GRUNDY_ERR_PARSE, 3, 1, "no codes");
    expect_text_error("", GRUNDY_ERR_PARSE, 1, 1, "no codes");
    expect_text_error("0.07\n  cram:3x3 # a board\n", GRUNDY_ERR_ARG, 2, 3,
                      "heap games, not boards");
    memset(longline, '7', sizeof longline);
    memcpy(longline, "\t0.", 3);
    longline[120] = 0;
    expect_text_error(longline, GRUNDY_ERR_RANGE, 1, 1 + 80,
                      "at most 79 characters");
    {
        grundy_survey *sv;
        grundy_parse_error where;
        assert_int_equal(grundy_survey_new(&sv), GRUNDY_OK);
        memset(&where, 0, sizeof where);
        assert_int_equal(
            grundy_survey_add_text(sv, " 0.07 \r\n0.070\n", 14, &where),
            GRUNDY_OK);
        assert_int_equal(grundy_survey_count(sv), 2);
        assert_string_equal(grundy_survey_row_at(sv, 0)->code, "0.07");
        /* the same game: one group */
        assert_int_equal(grundy_survey_row_at(sv, 1)->group, 0);
        grundy_survey_free(sv);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_survey_rows_match_oracle),
        cmocka_unit_test(test_survey_compare_verdicts),
        cmocka_unit_test(test_survey_add_text_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
