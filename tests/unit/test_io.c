/*
 * test_io.c -- the scanner's tokens and LINE:COL, the writer's numbers.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_support.h"

static void test_scan_u64_positions(void **state)
{
    const char *in = "12  7\n\t 300\r\n5";
    grundy_scanner s;
    grundy_parse_error e;
    uint64_t v;
    (void)state;
    assert_int_equal(grundy_scanner_init_mem(&s, in, strlen(in)), GRUNDY_OK);
    assert_int_equal(grundy_scan_u64(&s, &v, 0, 100, &e), GRUNDY_OK);
    assert_int_equal(v, 12);
    assert_int_equal(grundy_scan_u64(&s, &v, 0, 100, &e), GRUNDY_OK);
    assert_int_equal(v, 7);
    assert_int_equal(grundy_scan_u64(&s, &v, 0, 100, &e), GRUNDY_ERR_RANGE);
    assert_int_equal(e.line, 2);
    assert_int_equal(e.col, 3);
    assert_int_equal(grundy_scan_u64(&s, &v, 0, 100, &e), GRUNDY_OK);
    assert_int_equal(v, 5);
    assert_true(grundy_scan_at_eof(&s));
    assert_int_equal(grundy_scan_u64(&s, &v, 0, 100, &e), GRUNDY_ERR_PARSE);
    assert_int_equal(e.line, 3);
    assert_int_equal(e.col, 2);
    assert_non_null(strstr(e.msg, "end of input"));
    grundy_scanner_clear(&s);
}

static void test_scan_u64_malformed(void **state)
{
    static const struct {
        const char *in;
        grundy_status st;
        unsigned long col;
    } cases[] = {
        {"  -5", GRUNDY_ERR_PARSE, 3},
        {"1x", GRUNDY_ERR_PARSE, 2},
        {"abc", GRUNDY_ERR_PARSE, 1},
        {"18446744073709551616", GRUNDY_ERR_RANGE, 1},
        {"99999999999999999999999", GRUNDY_ERR_RANGE, 1},
        {" 18446744073709551615", GRUNDY_OK, 0},
        {"+3", GRUNDY_ERR_PARSE, 1},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        grundy_scanner s;
        grundy_parse_error e;
        uint64_t v;
        grundy_status st;
        assert_int_equal(grundy_scanner_init_mem(&s, cases[i].in,
                                                 strlen(cases[i].in)),
                         GRUNDY_OK);
        st = grundy_scan_u64(&s, &v, 0, UINT64_MAX, &e);
        if (st != cases[i].st)
            fail_msg("case %zu '%s': status %d", i, cases[i].in, st);
        if (st != GRUNDY_OK && e.col != cases[i].col)
            fail_msg("case %zu '%s': col %lu", i, cases[i].in, e.col);
        grundy_scanner_clear(&s);
    }
}

/* Tokens that straddle the 64 KiB read blocks of an fd scanner. */
static void test_scan_fd_block_boundaries(void **state)
{
    test_rng *rng = *state;
    char path[] = "/tmp/grundy_test_io_XXXXXX";
    int fd = mkstemp(path);
    size_t n = 60000 + (size_t)test_rng_below(rng, 1000), i;
    uint64_t *vals = malloc(n * sizeof *vals);
    FILE *f = fdopen(fd, "w");
    grundy_scanner s;
    assert_non_null(f);
    for (i = 0; i < n; i++) {
        vals[i] = test_rng_next(rng) >> test_rng_below(rng, 64);
        fprintf(f, "%llu%s", (unsigned long long)vals[i],
                i % 7 == 6 ? "\n" : " ");
    }
    fclose(f);
    fd = open(path, O_RDONLY);
    assert_int_equal(grundy_scanner_init_fd(&s, fd), GRUNDY_OK);
    for (i = 0; i < n; i++) {
        uint64_t v;
        grundy_parse_error e;
        assert_int_equal(grundy_scan_u64(&s, &v, 0, UINT64_MAX, &e),
                         GRUNDY_OK);
        if (v != vals[i])
            fail_msg("seed=%llu i=%zu", (unsigned long long)test_seed(), i);
    }
    assert_true(grundy_scan_at_eof(&s));
    {
        unsigned long line, col;
        grundy_scan_where(&s, &line, &col);
        assert_int_equal(line, (n + 6) / 7 + (n % 7 == 0 ? 1 : 0));
    }
    grundy_scanner_clear(&s);
    close(fd);
    unlink(path);
    free(vals);
}

/* The place of the number just read (grundy_scan_last_where), against
 * the places counted here byte by byte, on seeded random text of
 * numbers with leading zeros, spaces, tabs, CR LF and blank lines, past
 * several 64 KiB read blocks of an fd scanner. */
static void test_scan_last_where(void **state)
{
    test_rng *rng = *state;
    char path[] = "/tmp/grundy_test_io_XXXXXX";
    int fd = mkstemp(path);
    size_t n = 40000 + (size_t)test_rng_below(rng, 1000), i;
    uint64_t *vals = malloc(n * sizeof *vals);
    unsigned long *lines = malloc(n * sizeof *lines);
    unsigned long *cols = malloc(n * sizeof *cols);
    unsigned long line = 1, col = 1;
    FILE *f = fdopen(fd, "w");
    grundy_scanner s;
    static const char *const gaps[] = {" ", "  ", "\t", "\n", "\r\n",
                                       "\n\n", " \n\t"};
    assert_non_null(f);
    assert_non_null(vals);
    assert_non_null(lines);
    assert_non_null(cols);
    for (i = 0; i < n; i++) {
        char text[48];
        const char *gap = gaps[test_rng_below(rng, 7)];
        unsigned zeros = (unsigned)test_rng_below(rng, 4) == 0
                             ? (unsigned)test_rng_below(rng, 5)
                             : 0;
        int len;
        vals[i] = test_rng_next(rng) >> test_rng_below(rng, 64);
        len = snprintf(text, sizeof text, "%.*s%llu", (int)zeros, "00000",
                       (unsigned long long)vals[i]);
        lines[i] = line;
        cols[i] = col;
        fputs(text, f);
        col += (unsigned long)len;
        fputs(gap, f);
        for (; *gap; gap++) {
            if (*gap == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
    }
    fclose(f);
    fd = open(path, O_RDONLY);
    assert_int_equal(grundy_scanner_init_fd(&s, fd), GRUNDY_OK);
    for (i = 0; i < n; i++) {
        uint64_t v;
        unsigned long l, c;
        grundy_parse_error e;
        assert_int_equal(grundy_scan_u64(&s, &v, 0, UINT64_MAX, &e),
                         GRUNDY_OK);
        grundy_scan_last_where(&s, &l, &c);
        if (v != vals[i] || l != lines[i] || c != cols[i])
            fail_msg("seed=%llu i=%zu: %lu:%lu, expected %lu:%lu",
                     (unsigned long long)test_seed(), i, l, c, lines[i],
                     cols[i]);
    }
    grundy_scanner_clear(&s);
    close(fd);
    unlink(path);
    free(vals);
    free(lines);
    free(cols);
}

static void test_scan_line_and_token(void **state)
{
    const char *in = "ab cd\n1101\r\nlast";
    grundy_scanner s;
    grundy_parse_error e;
    const char *t;
    size_t len;
    (void)state;
    assert_int_equal(grundy_scanner_init_mem(&s, in, strlen(in)), GRUNDY_OK);
    assert_int_equal(grundy_scan_token(&s, &t, &len, &e), GRUNDY_OK);
    assert_string_equal(t, "ab");
    assert_int_equal(grundy_scan_line(&s, &t, &len, &e), GRUNDY_OK);
    assert_string_equal(t, " cd");
    assert_int_equal(grundy_scan_line(&s, &t, &len, &e), GRUNDY_OK);
    assert_string_equal(t, "1101");
    assert_int_equal(e.line, 2);
    assert_int_equal(grundy_scan_token(&s, &t, &len, &e), GRUNDY_OK);
    assert_string_equal(t, "last");
    assert_int_equal(e.line, 3);
    assert_int_equal(e.col, 1);
    assert_int_equal(grundy_scan_token(&s, &t, &len, &e), GRUNDY_ERR_PARSE);
    grundy_scanner_clear(&s);
}

static void test_writer_numbers(void **state)
{
    test_rng *rng = *state;
    char path[] = "/tmp/grundy_test_wr_XXXXXX";
    int fd = mkstemp(path);
    grundy_writer w;
    char *buf, expect[64];
    long it;
    size_t off = 0, got;
    FILE *f;
    uint64_t *vals = malloc(20000 * sizeof *vals);
    assert_int_equal(grundy_writer_init(&w, fd), GRUNDY_OK);
    for (it = 0; it < 20000; it++) {
        vals[it] = test_rng_next(rng) >> test_rng_below(rng, 64);
        if (it % 3 == 0)
            grundy_writer_i64(&w, -(int64_t)(vals[it] >> 1));
        else
            grundy_writer_u64(&w, vals[it]);
        grundy_writer_char(&w, '\n');
    }
    assert_int_equal(grundy_writer_clear(&w), GRUNDY_OK);
    close(fd);
    buf = malloc(1 << 20);
    f = fopen(path, "r");
    got = fread(buf, 1, (1 << 20) - 1, f);
    fclose(f);
    buf[got] = 0;
    for (it = 0; it < 20000; it++) {
        size_t l;
        if (it % 3 == 0)
            l = (size_t)snprintf(expect, sizeof expect, "%lld\n",
                                 -(long long)(vals[it] >> 1));
        else
            l = (size_t)snprintf(expect, sizeof expect, "%llu\n",
                                 (unsigned long long)vals[it]);
        if (strncmp(buf + off, expect, l) != 0)
            fail_msg("seed=%llu it=%ld", (unsigned long long)test_seed(),
                     it);
        off += l;
    }
    assert_int_equal(off, got);
    free(buf);
    free(vals);
    unlink(path);
}

static void test_writer_error_sticky(void **state)
{
    grundy_writer w;
    (void)state;
    assert_int_equal(grundy_writer_init(&w, -1), GRUNDY_OK);
    grundy_writer_str(&w, "x");
    assert_int_equal(grundy_writer_flush(&w), GRUNDY_ERR_IO);
    grundy_writer_str(&w, "y");
    assert_int_equal(grundy_writer_clear(&w), GRUNDY_ERR_IO);
}

static void test_u64_parse(void **state)
{
    uint64_t v;
    grundy_parse_error e;
    (void)state;
    assert_int_equal(grundy_u64_parse(&v, "0", 1, 0, 5, &e), GRUNDY_OK);
    assert_int_equal(v, 0);
    assert_int_equal(grundy_u64_parse(&v, "", 0, 0, 5, &e),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(grundy_u64_parse(&v, "6", 1, 0, 5, &e),
                     GRUNDY_ERR_RANGE);
    assert_non_null(strstr(e.msg, "[0, 5]"));
    assert_int_equal(grundy_u64_parse(&v, "-1", 2, 0, 5, &e),
                     GRUNDY_ERR_PARSE);
    assert_non_null(strstr(e.msg, "negative"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scan_u64_positions),
        cmocka_unit_test(test_scan_u64_malformed),
        cmocka_unit_test_setup_teardown(test_scan_fd_block_boundaries,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_scan_last_where, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test(test_scan_line_and_token),
        cmocka_unit_test_setup_teardown(test_writer_numbers, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test(test_writer_error_sticky),
        cmocka_unit_test(test_u64_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
