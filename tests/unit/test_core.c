/*
 * test_core.c -- status codes and messages, the version, the array that
 * grows on need.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "test_support.h"

/* The run-time version is the header's, and the build's (CMakeLists.txt
 * reads the header; the test is told the project's version). */
static void test_version(void **state)
{
    char want[32];
    (void)state;
    snprintf(want, sizeof want, "%d.%d.%d", GRUNDY_VERSION_MAJOR,
             GRUNDY_VERSION_MINOR, GRUNDY_VERSION_PATCH);
    assert_string_equal(grundy_version(), want);
    assert_string_equal(grundy_version(), GRUNDY_TEST_PROJECT_VERSION);
    assert_int_equal(grundy_version_number(), GRUNDY_VERSION_NUMBER);
    assert_true(GRUNDY_VERSION_NUMBER ==
                GRUNDY_VERSION_MAJOR * 10000 + GRUNDY_VERSION_MINOR * 100 +
                    GRUNDY_VERSION_PATCH);
}

static void test_strerror_pinned(void **state)
{
    (void)state;
    assert_int_equal(GRUNDY_OK, 0);
    assert_int_equal(GRUNDY_ERR_NOMEM, 1);
    assert_int_equal(GRUNDY_ERR_ARG, 2);
    assert_int_equal(GRUNDY_ERR_RANGE, 3);
    assert_int_equal(GRUNDY_ERR_OVERFLOW, 4);
    assert_int_equal(GRUNDY_ERR_LIMIT, 5);
    assert_int_equal(GRUNDY_ERR_PARSE, 6);
    assert_int_equal(GRUNDY_ERR_IO, 7);
    assert_string_equal(grundy_strerror(GRUNDY_OK), "success");
    assert_string_equal(grundy_strerror(GRUNDY_ERR_NOMEM), "out of memory");
    assert_string_equal(grundy_strerror((grundy_status)99), "unknown status");
    assert_string_equal(grundy_strerror((grundy_status)-1), "unknown status");
}

static void test_strerror_distinct(void **state)
{
    int i, j;
    (void)state;
    for (i = 0; i <= GRUNDY_ERR_IO; i++)
        for (j = i + 1; j <= GRUNDY_ERR_IO; j++)
            assert_string_not_equal(grundy_strerror((grundy_status)i),
                                    grundy_strerror((grundy_status)j));
}

static void test_parse_error_set(void **state)
{
    grundy_parse_error e;
    (void)state;
    grundy_parse_error_set(&e, 3, 7, "bad %s %d", "token", 5);
    assert_int_equal(e.line, 3);
    assert_int_equal(e.col, 7);
    assert_string_equal(e.msg, "bad token 5");
    grundy_parse_error_set(NULL, 1, 1, "ignored");
}

/* Appends one by one and in jumps keep every element, the capacity always
 * covers the need, and a size that overflows fails with the array whole. */
static void test_array_grow(void **state)
{
    uint32_t *a = NULL;
    size_t cap = 0, n = 0, i, old, none = 0;
    (void)state;
    assert_int_equal(grundy_array_grow((void **)&a, &cap, none, sizeof *a),
                     GRUNDY_OK);
    assert_null(a);
    assert_int_equal(cap, 0);
    while (n < 1000) {
        size_t need = n + 1 + (n % 7 == 0 ? 40 : 0);
        assert_int_equal(GRUNDY_GROW(a, cap, need), GRUNDY_OK);
        assert_true(cap >= need);
        while (n < need) {
            a[n] = (uint32_t)(n * 2654435761u);
            n++;
        }
    }
    for (i = 0; i < n; i++)
        assert_int_equal(a[i], (uint32_t)(i * 2654435761u));
    old = cap;
    assert_int_equal(GRUNDY_GROW(a, cap, cap), GRUNDY_OK);
    assert_int_equal(cap, old);
    assert_int_equal(GRUNDY_GROW(a, cap, SIZE_MAX / 2), GRUNDY_ERR_NOMEM);
    assert_int_equal(cap, old);
    for (i = 0; i < n; i++)
        assert_int_equal(a[i], (uint32_t)(i * 2654435761u));
    free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_strerror_pinned),
        cmocka_unit_test(test_strerror_distinct),
        cmocka_unit_test(test_parse_error_set),
        cmocka_unit_test(test_array_grow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
