/*
 * test_io_hot.c -- the scanner formats no text on the path of a token
 * that reads well: the program is linked with vsnprintf (and its checked
 * form) wrapped, and the calls are counted while boards of four tokens,
 * lines and numbers are read (grundy solve pshtbrth reads four tokens a
 * board; formatting an empty message per token was a third of its time).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "test_support.h"

static unsigned long formatted;

int __real_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
int __wrap_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
int __real___vsnprintf_chk(char *buf, size_t cap, int flag, size_t slen,
                           const char *fmt, va_list ap);
int __wrap___vsnprintf_chk(char *buf, size_t cap, int flag, size_t slen,
                           const char *fmt, va_list ap);

int __wrap_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap)
{
    formatted++;
    return __real_vsnprintf(buf, cap, fmt, ap);
}

int __wrap___vsnprintf_chk(char *buf, size_t cap, int flag, size_t slen,
                           const char *fmt, va_list ap)
{
    formatted++;
    return __real___vsnprintf_chk(buf, cap, flag, slen, fmt, ap);
}

static void test_tokens_unformatted(void **state)
{
    char in[64 * 1024];
    size_t len = 0, k, tlen;
    grundy_scanner s;
    grundy_parse_error e;
    const char *t;
    uint64_t v;
    unsigned long before;
    (void)state;
    /* 500 boards "1 L R" and four rows */
    for (k = 0; k < 500; k++)
        len += (size_t)snprintf(in + len, sizeof in - len,
                                "1 %zu %zu\n0101\n1100\n0000\n1111\n", k + 1,
                                k + 2);
    len += (size_t)snprintf(in + len, sizeof in - len, "a whole line\n");
    assert_int_equal(grundy_scanner_init_mem(&s, in, len), GRUNDY_OK);
    before = formatted;
    for (k = 0; k < 500; k++) {
        unsigned r;
        assert_int_equal(grundy_scan_u64(&s, &v, 1, 2, &e), GRUNDY_OK);
        assert_int_equal(grundy_scan_u64(&s, &v, 1, 1000, &e), GRUNDY_OK);
        assert_int_equal(grundy_scan_u64(&s, &v, 1, 1000, &e), GRUNDY_OK);
        for (r = 0; r < 4; r++) {
            assert_int_equal(grundy_scan_token(&s, &t, &tlen, &e),
                             GRUNDY_OK);
            assert_int_equal(tlen, 4);
            /* the place of the token, with no message */
            assert_int_equal(e.line, 2 + 5 * k + r);
            assert_int_equal(e.col, 1);
            assert_int_equal(e.msg[0], 0);
        }
    }
    (void)grundy_scan_at_eof(&s);
    assert_int_equal(grundy_scan_line(&s, &t, &tlen, &e), GRUNDY_OK);
    assert_string_equal(t, "a whole line");
    assert_int_equal(formatted - before, 0);
    /* an error still says what is wrong */
    assert_int_equal(grundy_scan_token(&s, &t, &tlen, &e), GRUNDY_ERR_PARSE);
    assert_non_null(strstr(e.msg, "end of input"));
    grundy_scanner_clear(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokens_unformatted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
