/*
 * test_store_match.c -- grundy_store_remove_matching() (`grundy store
 * remove PATTERN`), and the survey's readers of its files
 * (grundy_survey_add_file(), grundy_survey_published_load()).
 *
 * The oracle of a removal is fnmatch(3) over the specs saved here: the
 * entries removed are exactly the saved specs that match, in sorted
 * order, and the store lists exactly the others afterwards.  The file
 * readers are compared with the parsers over the same bytes in memory.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/survey.h"
#include "store_util.h"
#include "test_support.h"

static const char *const specs[] = {"0.07", "0.17", "0.77", "4.07",
                                    "cram:3x3", "cram:4x4", "nim", "half"};
static const char *const patterns[] = {"*", "0.?7", "cram:*", "nim",
                                       "zz*", "[0c]*", "*7", "0.[17]7"};
#define NSPECS (sizeof specs / sizeof specs[0])

static int by_spec(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void test_store_remove_matching_is_fnmatch(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < test_iters(40); it++) {
        char dir[4096];
        const char *saved[NSPECS], *want[NSPECS], *pattern;
        size_t nsaved = 0, nwant = 0, i, n, matched, left;
        grundy_store_info *gone, *info;
        grundy_store *s;
        su_tmpdir(dir, sizeof dir);
        s = su_open(dir, NULL, NULL);
        for (i = 0; i < NSPECS; i++) {
            grundy_store_table t;
            if (test_rng_below(rng, 2))
                continue;
            su_table(&t, specs[i], 50 + test_rng_below(rng, 50), 1, 9, rng);
            assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
            free((void *)t.data);
            saved[nsaved++] = specs[i];
        }
        pattern = patterns[test_rng_below(rng, sizeof patterns /
                                                   sizeof patterns[0])];
        for (i = 0; i < nsaved; i++)
            if (fnmatch(pattern, saved[i], 0) == 0)
                want[nwant++] = saved[i];
        qsort(want, nwant, sizeof want[0], by_spec);
        assert_int_equal(grundy_store_remove_matching(&gone, &n, &matched, s,
                                                      pattern),
                         GRUNDY_OK);
        if (n != nwant || matched != nwant)
            fail_msg("seed=%llu it=%ld '%s': %zu removed, %zu matched, %zu "
                     "expected",
                     (unsigned long long)test_seed(), it, pattern, n, matched,
                     nwant);
        for (i = 0; i < n; i++)
            if (strcmp(gone[i].spec, want[i]) != 0)
                fail_msg("seed=%llu it=%ld '%s': removed %s, expected %s",
                         (unsigned long long)test_seed(), it, pattern,
                         gone[i].spec, want[i]);
        if (n == 0)
            assert_null(gone);
        free(gone);
        assert_int_equal(grundy_store_list(&info, &left, s), GRUNDY_OK);
        if (left != nsaved - nwant)
            fail_msg("seed=%llu it=%ld '%s': %zu left of %zu saved, %zu "
                     "removed",
                     (unsigned long long)test_seed(), it, pattern, left,
                     nsaved, nwant);
        for (i = 0; i < left; i++)
            assert_int_not_equal(fnmatch(pattern, info[i].spec, 0), 0);
        free(info);
        grundy_store_close(s);
        su_rmtree(dir);
    }
}

/* The file readers give what the parsers give on the same bytes: the
 * codes, the table, the refusals with their places; a missing file is
 * GRUNDY_ERR_IO with its errno. */
static void test_survey_files_match_parsers(void **state)
{
    static const char *const texts[] = {
        "0.07 2 0\n0.77 12 71\n# a comment\n0.17 none\n",
        "0.07\n\n0.77\n  0.137  \n",
        "0.07 2\n",
        "0.77 0 1\n",
        "",
        "0.0z\n",
    };
    char dir[4096], path[4200];
    size_t k;
    int err;
    grundy_parse_error w1, w2;
    (void)state;
    su_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/in.txt", dir);
    for (k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        grundy_survey_published *p1, *p2;
        size_t n1, n2, i;
        grundy_survey *s1, *s2;
        grundy_status a, b;
        su_write(path, texts[k], strlen(texts[k]));
        memset(&w1, 0, sizeof w1);
        a = grundy_survey_published_parse(texts[k], strlen(texts[k]), &p1,
                                          &n1, &w1);
        b = grundy_survey_published_load(&p2, &n2, path, &w2, &err);
        assert_int_equal(a, b);
        assert_int_equal(err, 0);
        assert_int_equal(n1, n2);
        for (i = 0; i < n1; i++) {
            assert_string_equal(p1[i].code, p2[i].code);
            assert_true(p1[i].period == p2[i].period &&
                        p1[i].preperiod == p2[i].preperiod &&
                        p1[i].line == p2[i].line);
        }
        if (a != GRUNDY_OK) {
            assert_int_equal(w1.line, w2.line);
            assert_int_equal(w1.col, w2.col);
            assert_string_equal(w1.msg, w2.msg);
        }
        free(p1);
        free(p2);
        assert_int_equal(grundy_survey_new(&s1), GRUNDY_OK);
        assert_int_equal(grundy_survey_new(&s2), GRUNDY_OK);
        memset(&w1, 0, sizeof w1);
        a = grundy_survey_add_text(s1, texts[k], strlen(texts[k]), &w1);
        b = grundy_survey_add_file(s2, path, &w2, &err);
        assert_int_equal(a, b);
        assert_int_equal(grundy_survey_count(s1), grundy_survey_count(s2));
        for (i = 0; i < grundy_survey_count(s1); i++)
            assert_string_equal(grundy_survey_row_at(s1, i)->code,
                                grundy_survey_row_at(s2, i)->code);
        if (a != GRUNDY_OK) {
            assert_int_equal(w1.line, w2.line);
            assert_int_equal(w1.col, w2.col);
        }
        grundy_survey_free(s1);
        grundy_survey_free(s2);
    }
    snprintf(path, sizeof path, "%s/missing.txt", dir);
    {
        grundy_survey_published *p;
        size_t n;
        grundy_survey *sv;
        assert_int_equal(grundy_survey_published_load(&p, &n, path, &w2, &err),
                         GRUNDY_ERR_IO);
        assert_int_equal(err, ENOENT);
        assert_null(p);
        assert_int_equal(grundy_survey_new(&sv), GRUNDY_OK);
        assert_int_equal(grundy_survey_add_file(sv, path, &w2, &err),
                         GRUNDY_ERR_IO);
        assert_int_equal(err, ENOENT);
        grundy_survey_free(sv);
    }
    su_rmtree(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_store_remove_matching_is_fnmatch,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_survey_files_match_parsers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
