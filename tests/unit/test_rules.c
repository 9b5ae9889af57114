/*
 * test_rules.c -- the registry, spec parsing and its error columns, moves.
 */
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

static void test_game_new_builtin(void **state)
{
    static const char *ok[] = {"nim", "subtract:1,3,4", "subtract:7",
                               "allbut:1,2", "digits", "digits:base=2",
                               "digits:base=36", "half", "take:1..3",
                               "take:2..h", "take:1..h/2", "take:3..h/7"};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        grundy_game *g = test_game(ok[i]);
        assert_string_equal(grundy_game_spec(g), ok[i]);
        grundy_game_free(g);
    }
}

static void test_game_new_errors(void **state)
{
    static const struct {
        const char *spec;
        grundy_status st;
        unsigned long col;
    } bad[] = {
        {"foo", GRUNDY_ERR_ARG, 1},
        {"subtract", GRUNDY_ERR_PARSE, 9},
        {"subtract:", GRUNDY_ERR_PARSE, 10},
        {"subtract:1,,3", GRUNDY_ERR_PARSE, 12},
        {"subtract:1,x", GRUNDY_ERR_PARSE, 12},
        {"subtract:0", GRUNDY_ERR_RANGE, 10},
        {"subtract:1,-3", GRUNDY_ERR_PARSE, 12},
        {"subtract:3,3", GRUNDY_ERR_ARG, 10},
        {"digits:base=1", GRUNDY_ERR_RANGE, 13},
        {"digits:base=37", GRUNDY_ERR_RANGE, 13},
        {"digits:bse=3", GRUNDY_ERR_PARSE, 8},
        {"nim:3", GRUNDY_ERR_PARSE, 5},
        {"half:x", GRUNDY_ERR_PARSE, 6},
        {"take", GRUNDY_ERR_PARSE, 5},
        {"take:3", GRUNDY_ERR_PARSE, 6},
        {"take:0..3", GRUNDY_ERR_RANGE, 6},
        {"take:..3", GRUNDY_ERR_PARSE, 6},
        {"take:4..3", GRUNDY_ERR_RANGE, 9},
        {"take:1..x", GRUNDY_ERR_PARSE, 9},
        {"take:1..h/1", GRUNDY_ERR_RANGE, 11},
        {"take:1..h/", GRUNDY_ERR_PARSE, 11},
        {"take:1..h2", GRUNDY_ERR_PARSE, 9},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        grundy_game *g = (grundy_game *)1;
        grundy_parse_error e;
        grundy_status st;
        memset(&e, 0, sizeof e);
        st = grundy_game_new(&g, bad[i].spec, &e);
        if (st != bad[i].st || e.col != bad[i].col || g != NULL ||
            !e.msg[0])
            fail_msg("'%s': status %d col %lu msg '%s'", bad[i].spec, st,
                     e.col, e.msg);
    }
}

/* The C API's NULL and empty arguments are statuses, never crashes. */
static void test_game_new_null_and_empty(void **state)
{
    grundy_game *g = (grundy_game *)1;
    grundy_parse_error e;
    grundy_pos p = 7;
    (void)state;
    memset(&e, 0, sizeof e);
    assert_int_equal(grundy_game_new(&g, NULL, &e), GRUNDY_ERR_ARG);
    assert_null(g);
    assert_int_equal(e.line, 1);
    assert_int_equal(e.col, 1);
    assert_non_null(strstr(e.msg, "no spec"));
    g = (grundy_game *)1;
    memset(&e, 0, sizeof e);
    assert_int_equal(grundy_game_new(&g, "", &e), GRUNDY_ERR_ARG);
    assert_null(g);
    assert_int_equal(e.col, 1);
    assert_non_null(strstr(e.msg, "an empty spec"));
    assert_int_equal(grundy_game_new(&g, NULL, NULL), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_game_new(&g, "", NULL), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_game_new(NULL, "nim", NULL), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_game_new_rules(NULL, &grundy_rules_nim, NULL,
                                           NULL),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_game_new_rules(&g, NULL, NULL, NULL),
                     GRUNDY_ERR_ARG);
    assert_null(grundy_rules_find(NULL));
    assert_null(grundy_rules_find(""));
    assert_null(grundy_rules_alias(NULL));
    g = test_game("nim");
    assert_int_equal(grundy_game_pos_parse(g, NULL, 3, &p, &e),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_game_pos_parse(g, "3", 1, NULL, &e),
                     GRUNDY_ERR_ARG);
    assert_int_equal(grundy_game_pos_parse(NULL, "3", 1, &p, &e),
                     GRUNDY_ERR_ARG);
    /* NULL with length 0 is the empty text: refused with a place. */
    memset(&e, 0, sizeof e);
    assert_int_not_equal(grundy_game_pos_parse(g, NULL, 0, &p, &e),
                         GRUNDY_OK);
    assert_int_equal(e.col, 1);
    grundy_game_free(g);
}

static size_t dummy_moves(const void *p, grundy_pos h, grundy_move *o,
                          size_t cap)
{
    (void)p;
    if (h && cap) {
        o[0].part[0] = h - 1;
        o[0].nparts = 1;
    }
    return h ? 1 : 0;
}
static size_t dummy_max(const void *p, grundy_pos h)
{
    (void)p;
    (void)h;
    return 1;
}
static grundy_status dummy_parse(void **params, const char *a,
                                 grundy_parse_error *w)
{
    (void)a;
    (void)w;
    *params = NULL;
    return GRUNDY_OK;
}

static void test_register_user_family(void **state)
{
    static const grundy_rules dummy = {
        .name = "one-at-a-time",
        .synopsis = "remove one stone",
        .flags = GRUNDY_RULES_HEAP,
        .parse = dummy_parse,
        .max_moves = dummy_max,
        .moves = dummy_moves,
    };
    static const grundy_rules clash = {
        .name = "nim", .parse = dummy_parse, .max_moves = dummy_max,
        .moves = dummy_moves};
    grundy_game *g;
    grundy_table *t;
    grundy_pos i;
    (void)state;
    assert_int_equal(grundy_rules_register(&dummy), GRUNDY_OK);
    assert_int_equal(grundy_rules_register(&dummy), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_rules_register(&clash), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_rules_register(NULL), GRUNDY_ERR_ARG);
    assert_ptr_equal(grundy_rules_find("one-at-a-time"), &dummy);
    g = test_game("one-at-a-time");
    assert_int_equal(grundy_table_new(&t, g, 100, NULL), GRUNDY_OK);
    for (i = 0; i < 100; i++)
        assert_int_equal(grundy_table_get(t, i), i % 2);
    grundy_table_free(t);
    grundy_game_free(g);
}

static void test_moves_digits(void **state)
{
    grundy_game *g = test_game("digits");
    grundy_move *mv = NULL;
    size_t cap = 0, n, i;
    grundy_pos got = 0;
    (void)state;
    assert_int_equal(grundy_game_moves(g, 1203, &mv, &cap, &n), GRUNDY_OK);
    assert_int_equal(n, 3); /* digits 1, 2, 3 */
    for (i = 0; i < n; i++) {
        assert_int_equal(mv[i].nparts, 1);
        got |= 1ull << (1203 - mv[i].part[0]);
    }
    assert_int_equal(got, (1u << 1) | (1u << 2) | (1u << 3));
    assert_int_equal(grundy_game_moves(g, 0, &mv, &cap, &n), GRUNDY_OK);
    assert_int_equal(n, 0);
    free(mv);
    grundy_game_free(g);
}

static void test_pos_parse_format(void **state)
{
    grundy_game *g = test_game("nim");
    grundy_pos p;
    grundy_parse_error e;
    char buf[32];
    (void)state;
    assert_int_equal(grundy_game_pos_parse(g, "18446744073709551615", 20, &p,
                                           &e),
                     GRUNDY_OK);
    assert_true(p == UINT64_MAX);
    assert_int_equal(grundy_game_pos_format(g, p, buf, sizeof buf), 20);
    assert_string_equal(buf, "18446744073709551615");
    assert_int_equal(grundy_game_pos_format(g, 12345, buf, 4), 5);
    assert_string_equal(buf, "123");
    assert_int_equal(grundy_game_pos_parse(g, "12a", 3, &p, &e),
                     GRUNDY_ERR_PARSE);
    assert_int_equal(e.col, 3);
    grundy_game_free(g);
}

/* A family whose moves can fail (grundy_rules.list_moves): subtraction of
 * 1, 2 or 5, whose listing fails at one position.  Its status reaches the
 * caller of every engine that lists moves (the table's generic method,
 * the values object, moves to a value), never a made-up count; moves()
 * is never called once list_moves is there; and a max_moves() that says
 * too few gets a second listing with room.  The oracle of the values is
 * a direct mex recursion over the same moves, written here. */
typedef struct failing {
    grundy_pos bad;
    size_t max; /* what max_moves says: 0, the true bound */
    unsigned moves_calls;
} failing;

static failing fail_params;

static grundy_status failing_parse(void **params, const char *args,
                                   grundy_parse_error *where)
{
    (void)args;
    (void)where;
    *params = &fail_params;
    return GRUNDY_OK;
}

static size_t failing_max(const void *params, grundy_pos p)
{
    const failing *f = params;
    (void)p;
    return f->max ? f->max : 3;
}

static size_t failing_fill(grundy_pos p, grundy_move *out, size_t cap)
{
    static const grundy_pos take[3] = {1, 2, 5};
    size_t n = 0, k;
    for (k = 0; k < 3; k++)
        if (take[k] <= p) {
            if (n < cap) {
                out[n].part[0] = p - take[k];
                out[n].nparts = 1;
            }
            n++;
        }
    return n;
}

static size_t failing_moves(const void *params, grundy_pos p,
                            grundy_move *out, size_t cap)
{
    failing *f = (failing *)(uintptr_t)params;
    f->moves_calls++;
    return failing_fill(p, out, cap);
}

static grundy_status failing_list(const void *params, grundy_pos p,
                                  grundy_move *out, size_t cap,
                                  size_t *count)
{
    const failing *f = params;
    if (p == f->bad)
        return GRUNDY_ERR_FAMILY;
    *count = failing_fill(p, out, cap);
    return GRUNDY_OK;
}

static const grundy_rules failing_rules = {
    .name = "failing",
    .flags = GRUNDY_RULES_HEAP,
    .parse = failing_parse,
    .max_moves = failing_max,
    .moves = failing_moves,
    .list_moves = failing_list,
};

static grundy_value failing_oracle(grundy_pos p)
{
    grundy_value seen = 0, v = 0;
    static const grundy_pos take[3] = {1, 2, 5};
    unsigned k;
    for (k = 0; k < 3; k++)
        if (take[k] <= p)
            seen |= (grundy_value)1 << failing_oracle(p - take[k]);
    while (seen >> v & 1)
        v++;
    return v;
}

static void test_list_moves_status_stops_the_engine(void **state)
{
    test_rng *rng = *state;
    long it, iters = 40 * test_multiplier();
    for (it = 0; it < iters; it++) {
        grundy_game *g;
        grundy_table *t = NULL;
        grundy_values *v;
        grundy_move *mv = NULL, m;
        size_t cap = 0, n;
        grundy_pos p;
        grundy_value x;
        int found;
        fail_params.bad = test_rng_range(rng, 0, 40);
        fail_params.max = test_rng_below(rng, 2) ? 1 : 0; /* too few, or 3 */
        fail_params.moves_calls = 0;
        assert_int_equal(grundy_game_new_rules(&g, &failing_rules, NULL,
                                               NULL),
                         GRUNDY_OK);
        for (p = 0; p <= 45; p++) {
            grundy_status st = grundy_game_moves(g, p, &mv, &cap, &n);
            if (p == fail_params.bad ? st != GRUNDY_ERR_FAMILY
                                     : st != GRUNDY_OK ||
                                           n != failing_fill(p, NULL, 0))
                fail_msg("seed=%llu it=%ld p=%llu: status %d, %zu moves",
                         (unsigned long long)test_seed(), it,
                         (unsigned long long)p, (int)st, n);
            if (st == GRUNDY_OK)
                for (size_t k = 0; k < n; k++)
                    assert_true(mv[k].part[0] < p);
        }
        free(mv);
        assert_int_equal(grundy_table_new(&t, g, 60, NULL),
                         GRUNDY_ERR_FAMILY);
        assert_null(t);
        /* below the failing position the values are the oracle's */
        assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
        if (fail_params.bad > 0) {
            p = test_rng_below(rng, fail_params.bad);
            assert_int_equal(grundy_values_get(&x, v, p), GRUNDY_OK);
            if (x != failing_oracle(p))
                fail_msg("seed=%llu it=%ld: g(%llu) = %llu, oracle %llu",
                         (unsigned long long)test_seed(), it,
                         (unsigned long long)p, (unsigned long long)x,
                         (unsigned long long)failing_oracle(p));
        }
        assert_int_equal(grundy_values_get(&x, v, fail_params.bad + 7),
                         GRUNDY_ERR_FAMILY);
        assert_int_equal(grundy_values_move_to(&m, &found, v,
                                               fail_params.bad, 0),
                         GRUNDY_ERR_FAMILY);
        grundy_values_free(v);
        grundy_game_free(g);
        assert_int_equal(fail_params.moves_calls, 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_new_builtin),
        cmocka_unit_test(test_game_new_errors),
        cmocka_unit_test(test_game_new_null_and_empty),
        cmocka_unit_test(test_register_user_family),
        cmocka_unit_test(test_moves_digits),
        cmocka_unit_test(test_pos_parse_format),
        cmocka_unit_test_setup_teardown(
            test_list_moves_status_stops_the_engine, test_rng_setup,
            test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
