/*
 * test_session.c -- the session: one game per spec, one values object per
 * game, the store opened once on first use, the environment's settings,
 * a bad spec reported with its column, and the tables of one session
 * seen by the next through the store.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_util.h"

static void test_session_one_object_per_game(void **state)
{
    grundy_session_opts o;
    grundy_session *s;
    const grundy_game *g1, *g2, *g3;
    grundy_values *v1, *v2, *v3;
    grundy_value x;
    (void)state;
    grundy_session_opts_init(&o);
    o.no_store = 1;
    assert_int_equal(grundy_session_new(&s, &o), GRUNDY_OK);
    assert_int_equal(grundy_session_game(&g1, s, "kayles", NULL), GRUNDY_OK);
    assert_int_equal(grundy_session_game(&g2, s, "kayles", NULL), GRUNDY_OK);
    assert_int_equal(grundy_session_game(&g3, s, "nim", NULL), GRUNDY_OK);
    assert_ptr_equal(g1, g2);
    assert_ptr_not_equal(g1, g3);
    assert_int_equal(grundy_session_values(&v1, s, g1), GRUNDY_OK);
    assert_int_equal(grundy_session_values(&v2, s, g2), GRUNDY_OK);
    assert_int_equal(grundy_session_values(&v3, s, g3), GRUNDY_OK);
    assert_ptr_equal(v1, v2);
    assert_ptr_not_equal(v1, v3);
    assert_ptr_equal(grundy_values_limits(v1), grundy_session_limits(s));
    assert_null(grundy_session_store(s));
    {
        /* the session's values are the generic method's */
        grundy_table *t;
        grundy_pos p;
        assert_int_equal(grundy_table_new_naive(&t, g1, 200, NULL), GRUNDY_OK);
        for (p = 0; p < 200; p++) {
            assert_int_equal(grundy_values_get(&x, v1, p), GRUNDY_OK);
            assert_int_equal(x, grundy_table_get(t, p));
        }
        grundy_table_free(t);
    }
    grundy_session_free(s);
    grundy_session_free(NULL);
}

static void test_session_bad_spec_has_its_column(void **state)
{
    grundy_session *s;
    const grundy_game *g = (const grundy_game *)&g;
    grundy_parse_error where;
    (void)state;
    assert_int_equal(grundy_session_new(&s, NULL), GRUNDY_OK);
    memset(&where, 0, sizeof where);
    assert_int_not_equal(grundy_session_game(&g, s, "subtract:1,x", &where),
                         GRUNDY_OK);
    assert_null(g);
    assert_int_equal(where.col, 12);
    assert_int_equal(grundy_session_game(&g, s, NULL, NULL), GRUNDY_ERR_ARG);
    grundy_session_free(s);
}

/* The work limit's refusal is seen through the session. */
static void test_session_work_needed(void **state)
{
    grundy_session_opts o;
    grundy_session *s;
    const grundy_game *g;
    grundy_values *v;
    const grundy_table *t;
    (void)state;
    grundy_session_opts_init(&o);
    o.no_store = 1;
    o.limits.work_limit = 1000;
    assert_int_equal(grundy_session_new(&s, &o), GRUNDY_OK);
    assert_int_equal(grundy_session_game(&g, s, "subtract:1,2,3", NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_session_values(&v, s, g), GRUNDY_OK);
    assert_int_equal(grundy_session_work_needed(s), 0);
    assert_int_equal(grundy_values_table(&t, v, 100000), GRUNDY_ERR_WORK);
    assert_true(grundy_session_work_needed(s) >= 100000);
    grundy_session_free(s);
}

/* A store folder: opened once, and a table the first session kept
 * (GRUNDY_STORE_MIN_MS=0 from the environment) is the second one's. */
static void test_session_store_and_environment(void **state)
{
    char dir[512];
    su_warnings w;
    grundy_session_opts o;
    grundy_session *s;
    const grundy_game *g;
    grundy_values *v;
    const grundy_table *t;
    (void)state;
    su_tmpdir(dir, sizeof dir);
    memset(&w, 0, sizeof w);
    setenv("GRUNDY_STORE_MIN_MS", "0", 1);
    grundy_session_opts_init(&o);
    o.store_dir = dir;
    o.warn = su_warn;
    o.warn_ctx = &w;
    assert_int_equal(grundy_session_new(&s, &o), GRUNDY_OK);
    assert_int_equal(grundy_session_game(&g, s, "0.137", NULL), GRUNDY_OK);
    assert_int_equal(grundy_session_values(&v, s, g), GRUNDY_OK);
    assert_non_null(grundy_session_store(s));
    assert_ptr_equal(grundy_session_store(s), grundy_session_store(s));
    assert_int_equal(grundy_values_table(&t, v, 5000), GRUNDY_OK);
    assert_string_equal(grundy_values_source(v), "table");
    grundy_session_free(s);

    assert_int_equal(grundy_session_new(&s, &o), GRUNDY_OK);
    assert_int_equal(grundy_session_game(&g, s, "0.137", NULL), GRUNDY_OK);
    assert_int_equal(grundy_session_values(&v, s, g), GRUNDY_OK);
    assert_int_equal(grundy_values_table(&t, v, 5000), GRUNDY_OK);
    assert_string_equal(grundy_values_source(v), "stored table");
    grundy_session_free(s);
    unsetenv("GRUNDY_STORE_MIN_MS");
    assert_int_equal(w.count, 0);
    su_rmtree(dir);
}

/* No folder can be named: one warning, no store, values all the same. */
static void test_session_no_folder_warns_once(void **state)
{
    su_warnings w;
    grundy_session_opts o;
    grundy_session *s;
    const grundy_game *g;
    grundy_values *v;
    grundy_value x;
    char *home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    char *xdg =
        getenv("XDG_CACHE_HOME") ? strdup(getenv("XDG_CACHE_HOME")) : NULL;
    (void)state;
    unsetenv("HOME");
    unsetenv("XDG_CACHE_HOME");
    memset(&w, 0, sizeof w);
    grundy_session_opts_init(&o);
    o.warn = su_warn;
    o.warn_ctx = &w;
    assert_int_equal(grundy_session_new(&s, &o), GRUNDY_OK);
    assert_int_equal(grundy_session_game(&g, s, "kayles", NULL), GRUNDY_OK);
    assert_int_equal(grundy_session_values(&v, s, g), GRUNDY_OK);
    assert_null(grundy_session_store(s));
    assert_int_equal(grundy_values_get(&x, v, 3), GRUNDY_OK);
    assert_int_equal(x, 3);
    assert_int_equal(w.count, 1);
    assert_string_equal(w.what, GRUNDY_SESSION_NO_STORE);
    grundy_session_free(s);
    if (home)
        setenv("HOME", home, 1);
    if (xdg)
        setenv("XDG_CACHE_HOME", xdg, 1);
    free(home);
    free(xdg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_session_one_object_per_game),
        cmocka_unit_test(test_session_bad_spec_has_its_column),
        cmocka_unit_test(test_session_work_needed),
        cmocka_unit_test(test_session_store_and_environment),
        cmocka_unit_test(test_session_no_folder_warns_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
