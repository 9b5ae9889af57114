/*
 * test_takebreak.c -- take-and-break codes and Grundy's game: parsing and
 * its error columns, aliases, the move generator against one written here
 * from the codes' definition, published values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_support.h"

static void test_takebreak_parse_ok(void **state)
{
    grundy_takebreak_params p;
    grundy_parse_error e;
    (void)state;
    assert_int_equal(grundy_takebreak_parse(&p, "0.137", 5, &e), GRUNDY_OK);
    assert_int_equal(p.digit[0], 0);
    assert_int_equal(p.digit[1], 1);
    assert_int_equal(p.digit[2], 3);
    assert_int_equal(p.digit[3], 7);
    assert_int_equal(p.take, 3);
    assert_int_equal(p.max_parts, 2);
    assert_int_equal(p.unequal, 0);
    assert_int_equal(grundy_takebreak_parse(&p, "4.0700", 6, &e), GRUNDY_OK);
    assert_int_equal(p.digit[0], 4);
    assert_int_equal(p.take, 2);
    assert_int_equal(p.max_parts, 2);
    assert_int_equal(grundy_takebreak_parse(&p, "0.fA3", 5, &e), GRUNDY_OK);
    assert_int_equal(p.digit[1], 15);
    assert_int_equal(p.digit[2], 10);
    assert_int_equal(p.take, 3);
    assert_int_equal(p.max_parts, 3);
    assert_int_equal(grundy_takebreak_parse(&p, "C.0", 3, &e), GRUNDY_OK);
    assert_int_equal(p.digit[0], 12);
    assert_int_equal(p.take, 0);
    assert_int_equal(p.max_parts, 3);
    /* no digits after the point: split without taking, nothing else */
    assert_int_equal(grundy_takebreak_parse(&p, "4.", 2, &e), GRUNDY_OK);
    assert_int_equal(p.digit[0], 4);
    assert_int_equal(p.take, 0);
    assert_int_equal(p.max_parts, 2);
    assert_int_equal(grundy_takebreak_parse(&p, "0.3", 3, &e), GRUNDY_OK);
    assert_int_equal(p.max_parts, 1);
    /* a byte buffer: only len bytes are read */
    assert_int_equal(grundy_takebreak_parse(&p, "0.7x", 3, NULL), GRUNDY_OK);
    assert_int_equal(p.take, 1);
}

static void test_takebreak_parse_errors(void **state)
{
    static const struct {
        const char *spec;
        grundy_status st;
        unsigned long col;
    } bad[] = {
        {"0.1x7", GRUNDY_ERR_PARSE, 4},
        {"0.13G", GRUNDY_ERR_PARSE, 5},
        {"5.07", GRUNDY_ERR_RANGE, 1},
        {"2.07", GRUNDY_ERR_RANGE, 1},
        {"0137", GRUNDY_ERR_PARSE, 2},
        {"0", GRUNDY_ERR_PARSE, 2},
        {"0..7", GRUNDY_ERR_PARSE, 3},
        {"0.7 ", GRUNDY_ERR_PARSE, 4},
        {"0.7-", GRUNDY_ERR_PARSE, 4},
        {"octal", GRUNDY_ERR_PARSE, 6},
        {"octal:", GRUNDY_ERR_PARSE, 7},
        {"octal:0.9z", GRUNDY_ERR_PARSE, 10},
        {"octal:x", GRUNDY_ERR_PARSE, 7},
        {"octal:1.7", GRUNDY_ERR_RANGE, 7},
        {"A.7", GRUNDY_ERR_RANGE, 1},
        {"grundy-game:3", GRUNDY_ERR_PARSE, 13},
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

static void test_takebreak_parse_too_long(void **state)
{
    char spec[GRUNDY_TAKEBREAK_MAX_DIGITS + 8];
    grundy_game *g;
    grundy_parse_error e;
    (void)state;
    memset(spec, '7', sizeof spec);
    spec[0] = '0';
    spec[1] = '.';
    spec[2 + GRUNDY_TAKEBREAK_MAX_DIGITS] = 0;
    assert_int_equal(grundy_game_new(&g, spec, &e), GRUNDY_OK);
    assert_int_equal(
        ((const grundy_takebreak_params *)grundy_game_params(g))->take,
        GRUNDY_TAKEBREAK_MAX_DIGITS);
    grundy_game_free(g);
    spec[2 + GRUNDY_TAKEBREAK_MAX_DIGITS] = '7';
    spec[3 + GRUNDY_TAKEBREAK_MAX_DIGITS] = 0;
    assert_int_equal(grundy_game_new(&g, spec, &e), GRUNDY_ERR_LIMIT);
    assert_null(g);
    assert_int_equal(e.col, 3 + GRUNDY_TAKEBREAK_MAX_DIGITS);
}

static void test_takebreak_aliases(void **state)
{
    static const char *pairs[][2] = {
        {"kayles", "0.77"},
        {"dawsons-kayles", "0.07"},
        {"dawsons-chess", "0.137"},
    };
    size_t i;
    (void)state;
    for (i = 0; i < 3; i++) {
        grundy_game *a = test_game(pairs[i][0]), *b = test_game(pairs[i][1]);
        assert_ptr_equal(grundy_game_rules(a), &grundy_rules_octal);
        assert_memory_equal(grundy_takebreak_get(a), grundy_takebreak_get(b),
                            sizeof(grundy_takebreak_params));
        grundy_game_free(a);
        grundy_game_free(b);
    }
    {
        grundy_game *g = test_game("grundy-game");
        assert_ptr_equal(grundy_game_rules(g), &grundy_rules_grundy_game);
        assert_int_equal(grundy_takebreak_get(g)->unequal, 1);
        grundy_game_free(g);
        g = test_game("nim");
        assert_null(grundy_takebreak_get(g));
        grundy_game_free(g);
    }
}

/* grundy_takebreak_get() asks the family's takebreak hook, never which
 * family it is: a program's own family with the hook is a take-and-break
 * game, the same family without it is not. */
static void test_takebreak_hook(void **state)
{
    grundy_rules mine = grundy_rules_octal, bare = grundy_rules_octal;
    grundy_game *g;
    grundy_parse_error e;
    const grundy_takebreak_params *tp;
    (void)state;
    mine.name = "my-octal";
    mine.claims = NULL;
    bare.name = "bare-octal";
    bare.claims = NULL;
    bare.takebreak = NULL;
    assert_non_null(grundy_rules_octal.takebreak);
    assert_true(grundy_rules_octal.flags & GRUNDY_RULES_RARE);
    assert_true(grundy_rules_grundy_game.flags & GRUNDY_RULES_RARE);

    assert_int_equal(grundy_game_new_rules(&g, &mine, "0.07", &e), GRUNDY_OK);
    tp = grundy_takebreak_get(g);
    assert_non_null(tp);
    assert_ptr_equal(tp, grundy_game_params(g));
    assert_int_equal(tp->digit[2], 7);
    grundy_game_free(g);

    assert_int_equal(grundy_game_new_rules(&g, &bare, "0.07", &e), GRUNDY_OK);
    assert_null(grundy_takebreak_get(g));
    grundy_game_free(g);
    assert_null(grundy_takebreak_get(NULL));
}

/* Moves written from the definition: every (j, a, b, c) with the right
 * digit bit, as a sorted, de-duplicated list of sorted part tuples. */
typedef struct tuple {
    grundy_pos p[3];
    unsigned n;
} tuple;

static int tuple_cmp(const void *x, const void *y)
{
    const tuple *a = x, *b = y;
    unsigned i;
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (i = 0; i < a->n; i++)
        if (a->p[i] != b->p[i])
            return a->p[i] < b->p[i] ? -1 : 1;
    return 0;
}

static void tuple_sort_parts(tuple *t)
{
    unsigned i, j;
    for (i = 0; i < t->n; i++)
        for (j = i + 1; j < t->n; j++)
            if (t->p[j] < t->p[i]) {
                grundy_pos x = t->p[i];
                t->p[i] = t->p[j];
                t->p[j] = x;
            }
}

static size_t def_moves(const unsigned *digit, unsigned ndig, int unequal,
                        grundy_pos h, tuple *out)
{
    size_t k = 0, i, w;
    unsigned j;
    grundy_pos a, b;
    for (j = 0; j < ndig && j <= h; j++) {
        grundy_pos m = h - j;
        if (j > 0 && (digit[j] & 1) && m == 0)
            out[k++] = (tuple){{0, 0, 0}, 0};
        if (j > 0 && (digit[j] & 2) && m > 0)
            out[k++] = (tuple){{m, 0, 0}, 1};
        for (a = 1; (digit[j] & 4) && a < m; a++)
            if (!unequal || a != m - a)
                out[k++] = (tuple){{a, m - a, 0}, 2};
        for (a = 1; (digit[j] & 8) && a < m; a++)
            for (b = 1; a + b < m; b++)
                out[k++] = (tuple){{a, b, m - a - b}, 3};
    }
    for (i = 0; i < k; i++)
        tuple_sort_parts(&out[i]);
    qsort(out, k, sizeof *out, tuple_cmp);
    for (i = w = 0; i < k; i++)
        if (!w || tuple_cmp(&out[w - 1], &out[i]) != 0)
            out[w++] = out[i];
    return w;
}

static void test_takebreak_moves_match_definition(void **state)
{
    test_rng *rng = *state;
    long it, iters = 300 * test_multiplier();
    tuple *want = malloc(40000 * sizeof *want), *got = NULL;
    grundy_move *mv = NULL;
    size_t cap = 0;
    assert_non_null(want);
    for (it = 0; it < iters; it++) {
        char spec[64];
        unsigned digit[8], ndig = 1 + (unsigned)test_rng_below(rng, 5), j;
        int hex = test_rng_below(rng, 3) == 0, gg = it % 17 == 0;
        grundy_game *g;
        grundy_pos h;
        size_t len;
        digit[0] = 4 * (unsigned)test_rng_below(rng, hex ? 4 : 2);
        len = (size_t)snprintf(spec, sizeof spec, "%X.", digit[0]);
        for (j = 1; j < ndig; j++) {
            digit[j] = (unsigned)test_rng_below(rng, hex ? 16 : 8);
            len += (size_t)snprintf(spec + len, sizeof spec - len, "%x",
                                    digit[j]);
        }
        if (ndig == 1) {
            digit[1] = 0;
            ndig = 2;
            strcat(spec, "0");
        }
        if (gg) {
            strcpy(spec, "grundy-game");
            digit[0] = 4;
            ndig = 1;
        }
        g = test_game(spec);
        for (h = 0; h < 40; h++) {
            size_t nw = def_moves(digit, ndig, gg, h, want), n, i;
            assert_int_equal(grundy_game_moves(g, h, &mv, &cap, &n),
                             GRUNDY_OK);
            got = realloc(got, (n + 1) * sizeof *got);
            assert_non_null(got);
            for (i = 0; i < n; i++) {
                unsigned q;
                got[i].n = mv[i].nparts;
                memset(got[i].p, 0, sizeof got[i].p);
                for (q = 0; q < mv[i].nparts; q++)
                    got[i].p[q] = mv[i].part[q];
                tuple_sort_parts(&got[i]);
            }
            qsort(got, n, sizeof *got, tuple_cmp);
            for (i = 1; i < n; i++)
                if (tuple_cmp(&got[i - 1], &got[i]) == 0)
                    fail_msg("seed=%llu it=%ld %s h=%llu: a move is listed "
                             "twice",
                             (unsigned long long)test_seed(), it, spec,
                             (unsigned long long)h);
            for (i = 0; i < n && i < nw; i++)
                if (tuple_cmp(&got[i], &want[i]) != 0)
                    break;
            if (n != nw || i != n)
                fail_msg("seed=%llu it=%ld %s h=%llu: %zu moves, "
                         "definition %zu",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)h, n, nw);
            assert_true(n <= grundy_game_rules(g)->max_moves(
                                 grundy_game_params(g), h));
        }
        grundy_game_free(g);
    }
    free(want);
    free(got);
    free(mv);
}

/* Published sequences: Kayles (OEIS A002186), Grundy's game (A002188),
 * Dawson's Kayles (A002187 for 0.137; 0.07 is the same shifted by one). */
static void test_takebreak_known_values(void **state)
{
    static const unsigned kayles[] = {
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4,
        6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2,
        1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7};
    static const unsigned grundy[] = {
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4,
        3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1,
        5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3,
        2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7,
        4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3};
    static const unsigned dawson[] = {
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1,
        1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3,
        3, 2, 2, 4, 4, 5, 5, 2};
    static const struct {
        const char *spec;
        const unsigned *v;
        size_t n;
        int shift;
    } cases[] = {
        {"kayles", kayles, sizeof kayles / sizeof *kayles, 0},
        {"grundy-game", grundy, sizeof grundy / sizeof *grundy, 0},
        {"0.137", dawson, sizeof dawson / sizeof *dawson, 0},
        {"0.07", dawson, sizeof dawson / sizeof *dawson, 1},
    };
    size_t c, i;
    int m;
    (void)state;
    for (c = 0; c < sizeof cases / sizeof *cases; c++)
        for (m = 0; m < 2; m++) {
            grundy_game *g = test_game(cases[c].spec);
            grundy_table *t;
            grundy_limits o;
            grundy_limits_init(&o);
            assert_int_equal(grundy_table_new_method(&t, g, cases[c].n + 1,
                    m ? GRUNDY_TABLE_FAST : GRUNDY_TABLE_NAIVE, &o),
                             GRUNDY_OK);
            for (i = 0; i < cases[c].n; i++)
                if (grundy_table_get(t, i + (size_t)cases[c].shift) !=
                    cases[c].v[i])
                    fail_msg("%s method %d: g(%zu) = %llu, published %u",
                             cases[c].spec, m, i + (size_t)cases[c].shift,
                             (unsigned long long)grundy_table_get(
                                 t, i + (size_t)cases[c].shift),
                             cases[c].v[i]);
            grundy_table_free(t);
            grundy_game_free(g);
        }
}

/* The bound on the moves of an infinite code (4.3..., 0.7..., ...) is
 * counted at once over the repeated digit: it equals the count digit by
 * digit (written here from the definition), holds the moves listed, and
 * answers for a heap near 2^64 without a loop over the heap. */
static size_t def_count(const unsigned *digit, unsigned ndig, int repeat,
                        grundy_pos h)
{
    size_t k = 0;
    grundy_pos j;
    for (j = 0; j <= h; j++) {
        unsigned d = j < ndig ? digit[j] : repeat ? digit[ndig - 1] : 0;
        grundy_pos m = h - j, a;
        if (j > 0 && (d & 1) && m == 0)
            k++;
        if (j > 0 && (d & 2) && m > 0)
            k++;
        for (a = 1; (d & 4) && 2 * a <= m; a++)
            k++;
        for (a = 1; (d & 8) && 3 * a <= m; a++)
            k += (size_t)((m - a) / 2 - a + 1);
    }
    return k;
}

static void test_takebreak_max_moves_infinite(void **state)
{
    test_rng *rng = *state;
    long it, iters = 60 * test_multiplier();
    grundy_move *mv = NULL;
    size_t cap = 0;
    for (it = 0; it < iters; it++) {
        char spec[64];
        unsigned digit[8], ndig = 2 + (unsigned)test_rng_below(rng, 4), j;
        size_t len, n;
        grundy_game *g;
        const grundy_rules *r;
        grundy_pos h;
        digit[0] = 4 * (unsigned)test_rng_below(rng, 2);
        len = (size_t)snprintf(spec, sizeof spec, "%u.", digit[0]);
        for (j = 1; j < ndig; j++) {
            /* the repeated (last) digit has no three-heap bit */
            digit[j] = (unsigned)test_rng_below(rng, j + 1 < ndig ? 16 : 8);
            if (j + 1 == ndig && !digit[j])
                digit[j] = 1 + (unsigned)test_rng_below(rng, 7);
            len += (size_t)snprintf(spec + len, sizeof spec - len, "%x",
                                    digit[j]);
        }
        strcat(spec, "...");
        g = test_game(spec);
        r = grundy_game_rules(g);
        for (h = 0; h < 200; h += 1 + h / 16) {
            size_t want = def_count(digit, ndig, 1, h);
            size_t got = r->max_moves(grundy_game_params(g), h);
            if (got != want)
                fail_msg("seed=%llu it=%ld %s h=%llu: max_moves %zu, "
                         "counted %zu",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)h, got, want);
            assert_int_equal(grundy_game_moves(g, h, &mv, &cap, &n),
                             GRUNDY_OK);
            assert_true(n <= got);
        }
        /* a heap near 2^64: the bound saturates or is exact, at once */
        alarm(20); /* a loop over the heap would never end */
        n = r->max_moves(grundy_game_params(g), UINT64_MAX - 5);
        alarm(0);
        assert_true(n > 0);
        grundy_game_free(g);
    }
    free(mv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_takebreak_parse_ok),
        cmocka_unit_test(test_takebreak_parse_errors),
        cmocka_unit_test(test_takebreak_parse_too_long),
        cmocka_unit_test(test_takebreak_aliases),
        cmocka_unit_test(test_takebreak_hook),
        cmocka_unit_test_setup_teardown(test_takebreak_moves_match_definition,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_takebreak_known_values),
        cmocka_unit_test_setup_teardown(test_takebreak_max_moves_infinite,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
