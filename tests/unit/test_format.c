/*
 * test_format.c -- the writers of grundy/format.h, into memory, against
 * reference formatters written here from doc/JSON.md and the documented
 * text forms (snprintf over values computed by the definition, sharing no
 * code with the library's writers).
 *
 *  - Random subtraction games (at most 8 distinct values: the counts are
 *    listed) and Nim to N (more than 64 distinct values: the summary and
 *    histogram): the listing, the statistics, the positions of value 0 and
 *    the JSON object, with g(n) from oracle_mex_values();
 *  - the JSON of a period search's answer and the text of a period, on
 *    random periods;
 *  - counts as text and JSON;
 *  - the writer in memory across many doublings of its buffer;
 *  - the comparison of a survey's rows (0.d7 to 300, run here) with
 *    random published tables (`survey --compare`): random verdicts and
 *    matched rows, file names and line numbers, the count line, and the
 *    number of differences returned;
 *  - the lines of store verify, remove and clear on random specs and
 *    counts (1 and many: the singular and plural forms).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/format.h"
#include "oracle.h"
#include "test_support.h"

/* A growing string: the reference output. */
typedef struct ref {
    char *s;
    size_t len, cap;
} ref;

static void ref_printf(ref *r, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    assert_true(n >= 0);
    if (r->len + (size_t)n + 1 > r->cap) {
        r->cap = 2 * (r->len + (size_t)n + 1);
        r->s = realloc(r->s, r->cap);
        assert_non_null(r->s);
    }
    va_start(ap, fmt);
    vsnprintf(r->s + r->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    r->len += (size_t)n;
}

/* Compare what w holds with the reference; on a difference, the first
 * differing byte and the case. */
static void expect_same(const grundy_writer *w, const ref *r, const char *what,
                        long it)
{
    size_t i = 0;
    assert_int_equal(w->err, GRUNDY_OK);
    while (i < w->len && i < r->len && w->buf[i] == r->s[i])
        i++;
    if (i < w->len || i < r->len)
        fail_msg("seed=%llu it=%ld %s: the output differs at byte %zu of "
                 "%zu (reference %zu bytes): '%.40s' for '%.40s'",
                 (unsigned long long)test_seed(), it, what, i, w->len, r->len,
                 i < w->len ? w->buf + i : "", i < r->len ? r->s + i : "");
}

/* The statistics of g[0..n) as `grundy values --stats` documents them. */
static void ref_stats(ref *r, const uint32_t *g, size_t n)
{
    uint32_t maxv = 0, minv = UINT32_MAX;
    size_t i, maxat = 0, distinct = 0;
    uint64_t *cnt;
    for (i = 0; i < n; i++) {
        if (g[i] > maxv)
            maxv = g[i], maxat = i;
        if (g[i] < minv)
            minv = g[i];
    }
    cnt = calloc((size_t)maxv + 1, sizeof *cnt);
    assert_non_null(cnt);
    for (i = 0; i < n; i++)
        cnt[g[i]]++;
    for (i = 0; i <= maxv; i++)
        distinct += cnt[i] != 0;
    ref_printf(r, "positions %zu\n", n);
    if (distinct <= 64) {
        ref_printf(r, "value count\n");
        for (i = 0; i <= maxv; i++)
            if (cnt[i])
                ref_printf(r, "%zu %llu\n", i, (unsigned long long)cnt[i]);
    } else {
        double sum = 0;
        uint64_t span = (maxv - minv) / 16 + 1, lo;
        unsigned shown = 0;
        for (i = 0; i < n; i++)
            sum += g[i];
        ref_printf(r, "distinct values %zu\nleast %u\nmean %.3f\n", distinct,
                   minv, sum / (double)n);
        ref_printf(r, "largest values (value first-at count):\n");
        for (i = maxv + 1; i-- > 0 && shown < 8;)
            if (cnt[i]) {
                size_t at = 0;
                while (g[at] != i)
                    at++;
                ref_printf(r, "%zu %zu %llu\n", i, at,
                           (unsigned long long)cnt[i]);
                shown++;
            }
        ref_printf(r, "histogram (values count):\n");
        for (lo = minv; lo <= maxv; lo += span) {
            uint64_t hi = lo + span - 1 > maxv ? maxv : lo + span - 1, c = 0, v;
            for (v = lo; v <= hi; v++)
                c += cnt[v];
            ref_printf(r, "%llu..%llu %llu\n", (unsigned long long)lo,
                       (unsigned long long)hi, (unsigned long long)c);
        }
    }
    ref_printf(r, "largest %u first at %zu\n", maxv, maxat);
    free(cnt);
}

/* The JSON object of a table (doc/JSON.md) up to its "period" field:
 * values listed unless n_listed is 0. */
static void ref_json(ref *r, const char *spec, const char *canon,
                     const uint32_t *g, size_t n, int list)
{
    uint32_t maxv = 0;
    size_t i, maxat = 0;
    ref_printf(r, "{\"rules\": \"%s\", \"canonical\": \"%s\"", spec, canon);
    if (list) {
        ref_printf(r, ", \"values\": [");
        for (i = 0; i < n; i++)
            ref_printf(r, "%s%u", i ? ", " : "", g[i]);
        ref_printf(r, "]");
    }
    for (i = 0; i < n; i++)
        if (g[i] > maxv)
            maxv = g[i], maxat = i;
    ref_printf(r,
               ", \"stats\": {\"positions\": %zu, \"max\": %u, "
               "\"max_at\": \"%zu\", \"counts\": [",
               n, maxv, maxat);
    for (uint32_t v = 0; v <= maxv; v++) {
        size_t c = 0;
        for (i = 0; i < n; i++)
            c += g[i] == v;
        ref_printf(r, "%s%zu", v ? ", " : "", c);
    }
    ref_printf(r, "]}, \"period\": ");
}

static void ref_json_period(ref *r, const grundy_period *p)
{
    if (!p->found) {
        ref_printf(r, "null");
        return;
    }
    ref_printf(r, "{\"period\": %llu, \"preperiod\": %llu",
               (unsigned long long)p->period, (unsigned long long)p->preperiod);
    if (p->saltus)
        ref_printf(r, ", \"saltus\": %llu", (unsigned long long)p->saltus);
    ref_printf(r, ", \"proven\": %s, \"checked_upto\": %llu}",
               p->proven ? "true" : "false",
               (unsigned long long)(p->checked_upto ? p->checked_upto - 1 : 0));
}

/* A random period (found three times in four, proven or not, arithmetic
 * or not) whose search looked at `checked` positions. */
static grundy_period random_period(test_rng *rng, uint64_t checked)
{
    grundy_period p = {0};
    p.found = (int)test_rng_below(rng, 4) != 0;
    p.proven = (int)test_rng_below(rng, 2);
    p.period = test_rng_range(rng, 1, 1000);
    p.preperiod = test_rng_below(rng, 1000);
    p.saltus = test_rng_below(rng, 2) ? test_rng_below(rng, 9) : 0;
    p.checked_upto = checked;
    return p;
}

/* A random game: a subtraction set in 1..7, or Nim (g(n) = n: more than
 * 64 distinct values past n = 64). */
static grundy_game *random_game(test_rng *rng, char *spec, unsigned char *in,
                                size_t cap, oracle_heap_moves_fn *moves)
{
    char *w = spec;
    size_t k;
    if (test_rng_below(rng, 3) == 0) {
        strcpy(spec, "nim");
        *moves = oracle_moves_nim;
        return test_game(spec);
    }
    w += sprintf(w, "subtract:");
    for (k = 1; k < cap; k++)
        if (test_rng_below(rng, 2) || (k == cap - 1 && w == spec + 9)) {
            in[k] = 1;
            w += sprintf(w, "%s%zu", w == spec + 9 ? "" : ",", k);
        }
    *moves = oracle_moves_subtract;
    return test_game(spec);
}

static void test_format_values_match_reference(void **state)
{
    test_rng *rng = *state;
    long iters = test_iters(40);
    for (long it = 0; it < iters; it++) {
        unsigned char in[8] = {0};
        oracle_set set = {in, sizeof in};
        oracle_heap_moves_fn moves;
        char spec[64], canon[256];
        grundy_game *game = random_game(rng, spec, in, sizeof in, &moves);
        size_t n = (size_t)test_rng_range(rng, 1, 3000), i;
        unsigned what = (unsigned)test_rng_range(rng, 1, 7);
        uint32_t *g = malloc(n * sizeof *g);
        const grundy_table *t;
        grundy_writer w;
        ref r = {0};
        assert_non_null(g);
        oracle_mex_values(g, n, moves, &set);
        assert_int_equal(grundy_values_table(&t, test_values(game), n),
                         GRUNDY_OK);
        assert_true(grundy_game_canonical_spec(game, canon, sizeof canon) <
                    sizeof canon);

        /* the text: listing, statistics, positions of value 0 */
        if (what & GRUNDY_FORMAT_LIST)
            for (i = 0; i < n; i++)
                ref_printf(&r, "%zu %u\n", i, g[i]);
        if (what & GRUNDY_FORMAT_STATS)
            ref_stats(&r, g, n);
        if (what & GRUNDY_FORMAT_ZEROS)
            for (i = 0; i < n; i++)
                if (g[i] == 0)
                    ref_printf(&r, "%zu\n", i);
        assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
        assert_int_equal(
            grundy_format_values_text(&w, game, t, NULL, n - 1, what),
            GRUNDY_OK);
        expect_same(&w, &r, spec, it);
        (void)grundy_writer_clear(&w);

        /* the JSON object, up to the period it found */
        r.len = 0;
        ref_json(&r, spec, canon, g, n, 1);
        assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
        assert_int_equal(
            grundy_format_values_json(&w, NULL, game, t, NULL, n - 1),
            GRUNDY_OK);
        assert_true(w.len > r.len);
        w.len = r.len; /* the period is the next test's */
        expect_same(&w, &r, spec, it);
        (void)grundy_writer_clear(&w);

        /* the answer of a period search: the values are not listed */
        {
            grundy_period per = random_period(rng, n);
            r.len = 0;
            ref_json(&r, spec, canon, g, n, 0);
            ref_json_period(&r, &per);
            ref_printf(&r, "}\n");
            assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
            assert_int_equal(
                grundy_format_values_json(&w, spec, game, t, &per, n - 1),
                GRUNDY_OK);
            expect_same(&w, &r, "period search", it);
            (void)grundy_writer_clear(&w);
        }
        free(r.s);
        free(g);
        test_game_free(game);
    }
}

/* The period line, on random periods (why: a closed form, or none). */
static void test_format_period_text_matches_reference(void **state)
{
    test_rng *rng = *state;
    long iters = test_iters(200);
    for (long it = 0; it < iters; it++) {
        grundy_period p = random_period(rng, test_rng_below(rng, 5000));
        const char *why = test_rng_below(rng, 4) ? NULL : "g(n) = n";
        grundy_writer w;
        ref r = {0};
        if (p.found && p.proven) {
            ref_printf(&r, "period %llu preperiod %llu",
                       (unsigned long long)p.period,
                       (unsigned long long)p.preperiod);
            if (p.saltus)
                ref_printf(&r, " saltus %llu", (unsigned long long)p.saltus);
            if (why)
                ref_printf(&r, " (proven: %s)\n", why);
            else
                ref_printf(&r, " (proven)\n");
        } else if (why) {
            ref_printf(&r, "no period, nor an arithmetic one (proven: %s)\n",
                       why);
        } else if (p.found) {
            ref_printf(&r,
                       "no period proven up to %llu (the values seen repeat "
                       "with period %llu from %llu",
                       (unsigned long long)p.checked_upto - 1,
                       (unsigned long long)p.period,
                       (unsigned long long)p.preperiod);
            if (p.saltus)
                ref_printf(&r, ", growing by %llu each period",
                           (unsigned long long)p.saltus);
            ref_printf(&r, ")\n");
        } else {
            ref_printf(
                &r, "no period proven up to %llu\n",
                (unsigned long long)(p.checked_upto ? p.checked_upto - 1 : 0));
        }
        assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
        grundy_format_period_text(&w, &p, why);
        expect_same(&w, &r, "period", it);
        (void)grundy_writer_clear(&w);
        free(r.s);
    }
}

/* Counts, as text (each part) and JSON, on random results. */
static void test_format_count_matches_reference(void **state)
{
    test_rng *rng = *state;
    long iters = test_iters(200);
    grundy_game *nim = test_game("nim");
    for (long it = 0; it < iters; it++) {
        grundy_format_count_query q = {0};
        grundy_count_result c;
        grundy_format_count_part part =
            (grundy_format_count_part)test_rng_below(rng, 4);
        int json = (int)test_rng_below(rng, 2);
        grundy_writer w;
        ref r = {0};
        c.winning = test_rng_next(rng);
        c.losing = test_rng_next(rng);
        c.total = test_rng_next(rng);
        q.game = test_rng_below(rng, 2) ? nim : NULL;
        q.spec = q.game ? "nim" : NULL;
        q.by_heaps = (int)test_rng_below(rng, 2);
        q.heaps = test_rng_below(rng, 10);
        q.max = test_rng_below(rng, 1000);
        q.tuples = test_rng_below(rng, 10);
        q.moore = test_rng_below(rng, 4);
        q.have_modulus = (int)test_rng_below(rng, 2);
        q.modulus = test_rng_next(rng);
        if (json) {
            ref_printf(&r, "{\"rules\": %s, \"canonical\": %s",
                       q.game ? "\"nim\"" : "null",
                       q.game ? "\"nim\"" : "null");
            if (q.by_heaps)
                ref_printf(&r, ", \"heaps\": %llu, \"max\": %llu",
                           (unsigned long long)q.heaps,
                           (unsigned long long)q.max);
            else
                ref_printf(&r, ", \"tuples\": %llu",
                           (unsigned long long)q.tuples);
            ref_printf(&r, ", \"moore\": %llu, \"modulus\": ",
                       (unsigned long long)q.moore);
            if (q.have_modulus)
                ref_printf(&r, "%llu", (unsigned long long)q.modulus);
            else
                ref_printf(&r, "null");
            ref_printf(&r,
                       ", \"winning\": %llu, \"losing\": %llu, "
                       "\"total\": %llu}\n",
                       (unsigned long long)c.winning,
                       (unsigned long long)c.losing,
                       (unsigned long long)c.total);
        } else if (part == GRUNDY_FORMAT_COUNT_ALL) {
            ref_printf(&r, "winning %llu\nlosing %llu\ntotal %llu\n",
                       (unsigned long long)c.winning,
                       (unsigned long long)c.losing,
                       (unsigned long long)c.total);
        } else {
            ref_printf(&r, "%llu\n",
                       (unsigned long long)(part == GRUNDY_FORMAT_COUNT_WINNING
                                                ? c.winning
                                            : part == GRUNDY_FORMAT_COUNT_LOSING
                                                ? c.losing
                                                : c.total));
        }
        assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
        grundy_format_count(&w, &q, &c, part, json);
        expect_same(&w, &r, "count", it);
        (void)grundy_writer_clear(&w);
        free(r.s);
    }
    test_game_free(nim);
}

/* JSON strings: quotes, backslashes and control bytes escaped, the rest
 * (UTF-8 too) as it is; and a writer in memory that grows far past its
 * first buffer keeps every byte. */
static void test_format_json_str_and_growth(void **state)
{
    test_rng *rng = *state;
    grundy_writer w;
    ref r = {0};
    char s[64];
    long k;
    assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
    for (k = 0; k < 20000; k++) {
        size_t n = (size_t)test_rng_below(rng, sizeof s - 1), i;
        for (i = 0; i < n; i++)
            s[i] = (char)test_rng_range(rng, 1, 255);
        s[n] = 0;
        grundy_format_json_str(&w, s);
        ref_printf(&r, "\"");
        for (i = 0; i < n; i++) {
            unsigned char c = (unsigned char)s[i];
            if (c == '"' || c == '\\')
                ref_printf(&r, "\\%c", c);
            else if (c < 0x20)
                ref_printf(&r, "\\u%04x", c);
            else
                ref_printf(&r, "%c", c);
        }
        ref_printf(&r, "\"");
    }
    assert_true(w.len > 4 * 65536);
    expect_same(&w, &r, "json strings", 0);
    assert_int_equal(grundy_writer_flush(&w), GRUNDY_OK); /* keeps it */
    expect_same(&w, &r, "json strings after a flush", 0);
    assert_int_equal(grundy_writer_clear(&w), GRUNDY_OK);
    free(r.s);
}

static void random_word(test_rng *rng, char *buf, size_t cap)
{
    static const char chars[] = "abcxyz0123456789.:-_/*";
    size_t n = 1 + (size_t)test_rng_below(rng, cap - 1), i;
    for (i = 0; i < n; i++)
        buf[i] = chars[test_rng_below(rng, sizeof chars - 1)];
    buf[n] = 0;
}

/* The survey --compare lines of doc/grundy.1, for verdicts v and rows. */
static void test_format_survey_compare_matches_reference(void **state)
{
    test_rng *rng = *state;
    grundy_survey *sv;
    grundy_survey_opts o;
    grundy_parse_error where;
    size_t nrows;
    long it;
    assert_int_equal(grundy_survey_new(&sv), GRUNDY_OK);
    memset(&where, 0, sizeof where);
    assert_int_equal(grundy_survey_add_pattern(sv, "0.d7", 100, &where),
                     GRUNDY_OK);
    grundy_survey_opts_init(&o);
    o.upto = 300;
    o.session.no_store = 1;
    assert_int_equal(grundy_survey_run(sv, &o), GRUNDY_OK);
    nrows = grundy_survey_count(sv);
    assert_int_equal(nrows, 8);
    for (it = 0; it < test_iters(300); it++) {
        size_t n = (size_t)test_rng_below(rng, 12), i, differ = 0, got;
        size_t count[4] = {0};
        grundy_survey_published pub[12];
        grundy_survey_verdict v[12];
        size_t row[12];
        char file[24], prefix[24];
        uint64_t upto = test_rng_below(rng, 1000000);
        grundy_writer w;
        ref r = {0};
        random_word(rng, file, sizeof file);
        if (test_rng_below(rng, 4) == 0)
            prefix[0] = 0;
        else
            random_word(rng, prefix, sizeof prefix);
        for (i = 0; i < n; i++) {
            memset(&pub[i], 0, sizeof pub[i]);
            random_word(rng, pub[i].code, 12);
            pub[i].line = (unsigned long)test_rng_range(rng, 1, 100000);
            pub[i].periodic = (int)test_rng_below(rng, 2);
            pub[i].period = test_rng_range(rng, 1, UINT64_MAX);
            pub[i].preperiod = test_rng_below(rng, 1000);
            v[i] = (grundy_survey_verdict)test_rng_below(rng, 4);
            row[i] = v[i] == GRUNDY_SURVEY_ABSENT
                         ? SIZE_MAX
                         : (size_t)test_rng_below(rng, nrows);
            count[v[i]]++;
            if (v[i] == GRUNDY_SURVEY_UNDECIDED)
                ref_printf(&r,
                           "%s%s:%lu: %s not decided here: no period proven "
                           "up to %llu, period %llu preperiod %llu "
                           "published\n",
                           prefix, file, pub[i].line, pub[i].code,
                           (unsigned long long)upto,
                           (unsigned long long)pub[i].period,
                           (unsigned long long)pub[i].preperiod);
            if (v[i] == GRUNDY_SURVEY_DIFFER) {
                const grundy_survey_row *sr = grundy_survey_row_at(sv, row[i]);
                differ++;
                ref_printf(&r,
                           "%s%s:%lu: %s differs: period %llu preperiod %llu "
                           "proven here, ",
                           prefix, file, pub[i].line, pub[i].code,
                           (unsigned long long)sr->per.period,
                           (unsigned long long)sr->per.preperiod);
                if (pub[i].periodic)
                    ref_printf(&r, "period %llu preperiod %llu published\n",
                               (unsigned long long)pub[i].period,
                               (unsigned long long)pub[i].preperiod);
                else
                    ref_printf(&r, "none published\n");
            }
        }
        ref_printf(&r,
                   "%s%zu published codes, %zu surveyed here: %zu agree, %zu "
                   "differ, %zu not decided here; %zu not in this survey or "
                   "skipped\n",
                   prefix, n, n - count[3], count[0], count[1], count[2],
                   count[3]);
        assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
        got = grundy_format_survey_compare(&w, prefix, file, sv, upto, pub, v,
                                           row, n);
        expect_same(&w, &r, "survey compare", it);
        if (got != differ)
            fail_msg("seed=%llu it=%ld: %zu differences returned, %zu made",
                     (unsigned long long)test_seed(), it, got, differ);
        (void)grundy_writer_clear(&w);
        free(r.s);
    }
    grundy_survey_free(sv);
}

/* store verify's "SPEC: ok", remove's "removed SPEC", clear's count. */
static void test_format_store_lines_match_reference(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < test_iters(500); it++) {
        grundy_store_info info[6];
        size_t n = (size_t)test_rng_below(rng, 7), i;
        size_t removed = (size_t)test_rng_below(rng, 4);
        size_t busy = (size_t)test_rng_below(rng, 4);
        char spec[40];
        int split = (int)test_rng_below(rng, 2);
        grundy_writer w;
        ref r = {0};
        random_word(rng, spec, sizeof spec);
        ref_printf(&r, "%s: ok\n", spec);
        if (split)
            ref_printf(&r, "%s (split): ok\n", spec);
        for (i = 0; i < n; i++) {
            memset(&info[i], 0, sizeof info[i]);
            random_word(rng, info[i].spec, 40);
            ref_printf(&r, "removed %s\n", info[i].spec);
        }
        ref_printf(&r, "removed %zu %s", removed,
                   removed == 1 ? "table" : "tables");
        if (busy)
            ref_printf(&r, "; %zu in use %s", busy,
                       busy == 1 ? "stays" : "stay");
        ref_printf(&r, "\n");
        assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
        grundy_format_store_verified(&w, spec, 0);
        if (split)
            grundy_format_store_verified(&w, spec, 1);
        grundy_format_store_removed(&w, n ? info : NULL, n);
        grundy_format_store_cleared(&w, removed, busy);
        expect_same(&w, &r, "store lines", it);
        (void)grundy_writer_clear(&w);
        free(r.s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_format_values_match_reference,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_format_period_text_matches_reference, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_format_count_matches_reference,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_format_json_str_and_growth,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_format_survey_compare_matches_reference, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_format_store_lines_match_reference, test_rng_setup,
            test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
