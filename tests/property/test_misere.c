/*
 * test_misere.c -- every quotient the library computes, checked against
 * an exhaustive misere search of the sums themselves
 * (tests/support/misere_oracle.c: a multiset of heaps, memoised; no
 * quotient theory, moves read from the code's digits there).
 *
 * For each code and bound N: every sum of up to three heaps of 1..N
 * (two under the sanitizers), seeded random sums of many heaps, every
 * winning move of random sums as a set, random octal codes, heap-by-heap
 * growth against growth in one call, and the genus against misere Grundy
 * values of the heap plus copies of *2.  Failures print the seed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "misere_oracle.h"
#include "test_support.h"

#ifdef __SANITIZE_ADDRESS__
#define SLOW 1
#else
#define SLOW 0
#endif

static const struct code_case {
    const char *spec;
    unsigned n, tokens; /* heaps 1..n; random sums up to tokens in all */
} codes[] = {
    {"0.77", 18, 40},  {"0.75", 18, 40},  {"0.07", 22, 40},
    {"0.137", 20, 40}, {"0.6", 13, 30},   {"4.07", 16, 34},
    {"0.F7", 11, 28},  {"grundy-game", 18, 40}, {"0.15", 20, 40},
    {"0.16", 13, 30},  {"0.165", 13, 30}, {"0.31", 20, 40},
    {"0.52", 20, 40},  {"0.54", 14, 32},
};

static grundy_misere *grown(grundy_game *g, grundy_pos n, size_t max_order)
{
    grundy_misere *q;
    grundy_status s;
    assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_OK);
    s = grundy_misere_grow(q, n, max_order, NULL);
    if (s != GRUNDY_OK) {
        grundy_misere_free(q);
        return NULL;
    }
    return q;
}

static int quotient_wins(const grundy_misere *q, const unsigned *h,
                         size_t k)
{
    grundy_pos hp[64];
    grundy_misere_elem x;
    size_t i;
    for (i = 0; i < k; i++)
        hp[i] = h[i];
    assert_int_equal(grundy_misere_sum(&x, q, hp, k), GRUNDY_OK);
    return !grundy_misere_is_p(q, x);
}

/* A random sum of at most maxk heaps of 1..n, at most tokens in all. */
static size_t random_sum(test_rng *rng, unsigned *h, size_t maxk, unsigned n,
                         unsigned tokens)
{
    size_t k = 1 + (size_t)test_rng_below(rng, maxk), i, m = 0;
    unsigned left = tokens;
    for (i = 0; i < k; i++) {
        unsigned top = left < n ? left : n, x;
        if (top == 0)
            break;
        x = 1 + (unsigned)test_rng_below(rng, top);
        if (test_rng_below(rng, 3) == 0 && top > 3)
            x = 1 + (unsigned)test_rng_below(rng, 3); /* small heaps often */
        h[m++] = x;
        left -= x;
    }
    return m;
}

static void check_sums(const char *spec, const grundy_misere *q,
                       misere_oracle *o, unsigned n, unsigned tokens,
                       test_rng *rng, long iters)
{
    unsigned h[64], a, b, c;
    long it;
    /* all sums of up to three (two) heaps */
    for (a = 1; a <= n; a++)
        for (b = 0; b <= a; b++)
            for (c = 0; c <= (SLOW ? 0 : b); c++) {
                size_t k = 0;
                h[k++] = a;
                if (b)
                    h[k++] = b;
                if (c)
                    h[k++] = c;
                if (quotient_wins(q, h, k) != misere_oracle_first_wins(o, h, k))
                    fail_msg("%s: sum %u %u %u: quotient and search differ",
                             spec, a, b, c);
            }
    /* random sums of many heaps */
    for (it = 0; it < iters; it++) {
        size_t k = random_sum(rng, h, 14, n, tokens), i;
        if (quotient_wins(q, h, k) != misere_oracle_first_wins(o, h, k)) {
            char buf[256] = "";
            for (i = 0; i < k; i++)
                snprintf(buf + strlen(buf), sizeof buf - strlen(buf), " %u",
                         h[i]);
            fail_msg("%s: sum%s: quotient and search differ (seed=%llu "
                     "it=%ld)",
                     spec, buf, (unsigned long long)test_seed(), it);
        }
    }
}

static void test_misere_quotient_matches_search(void **state)
{
    test_rng *rng = *state;
    size_t i;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        grundy_game *g = test_game(codes[i].spec);
        misere_oracle *o = misere_oracle_new(codes[i].spec);
        unsigned n = SLOW ? codes[i].n * 2 / 3 : codes[i].n;
        grundy_misere *q = grown(g, n, 0);
        assert_non_null(o);
        if (!q)
            fail_msg("%s: no quotient to heap %u", codes[i].spec, n);
        check_sums(codes[i].spec, q, o, n,
                   SLOW ? codes[i].tokens * 3 / 4 : codes[i].tokens, rng,
                   (SLOW ? 60 : 300) * test_multiplier());
        grundy_misere_free(q);
        misere_oracle_free(o);
        grundy_game_free(g);
    }
}

static int same_move(const grundy_move *a, const grundy_move *b)
{
    unsigned p;
    if (a->nparts != b->nparts)
        return 0;
    for (p = 0; p < a->nparts; p++)
        if (a->part[p] != b->part[p])
            return 0;
    return 1;
}

/* Every winning move, as a set: the moves after which the search says the
 * sum is lost for the player to move. */
static void test_misere_winning_moves_match_search(void **state)
{
    test_rng *rng = *state;
    size_t i;
    long it;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i += 2) {
        grundy_game *g = test_game(codes[i].spec);
        misere_oracle *o = misere_oracle_new(codes[i].spec);
        unsigned n = codes[i].n * 2 / 3;
        grundy_misere *q = grown(g, n, 0);
        grundy_move *buf = NULL;
        size_t cap = 0;
        grundy_values *vals;
        assert_non_null(q);
        assert_int_equal(grundy_values_new(&vals, g, NULL), GRUNDY_OK);
        for (it = 0; it < (SLOW ? 10 : 40) * test_multiplier(); it++) {
            unsigned h[64], sub[64];
            grundy_sum_component c[64];
            grundy_sum_move *m;
            size_t k = random_sum(rng, h, 6, n, 26), nm, j, mv, found = 0;
            int first;
            for (j = 0; j < k; j++) {
                c[j].values = vals;
                c[j].pos = h[j];
            }
            assert_int_equal(
                grundy_misere_winning_moves(&first, &m, &nm, q, c, k),
                GRUNDY_OK);
            assert_int_equal(first, misere_oracle_first_wins(o, h, k));
            for (j = 0; j < k; j++) {
                size_t count;
                assert_int_equal(
                    grundy_game_moves(g, h[j], &buf, &cap, &count),
                    GRUNDY_OK);
                for (mv = 0; mv < count; mv++) {
                    size_t sn = 0, t, p;
                    int wins, listed = 0;
                    for (t = 0; t < k; t++)
                        if (t != j)
                            sub[sn++] = h[t];
                    for (p = 0; p < buf[mv].nparts; p++)
                        sub[sn++] = (unsigned)buf[mv].part[p];
                    wins = !misere_oracle_first_wins(o, sub, sn);
                    for (t = 0; t < nm; t++)
                        if (m[t].component == j &&
                            same_move(&m[t].to, &buf[mv]))
                            listed = 1;
                    if (wins != listed)
                        fail_msg("%s: a move in component %zu is %s but %s "
                                 "(seed=%llu it=%ld)",
                                 codes[i].spec, j + 1,
                                 wins ? "winning" : "losing",
                                 listed ? "listed" : "not listed",
                                 (unsigned long long)test_seed(), it);
                    found += (size_t)wins;
                }
            }
            assert_int_equal(found, nm);
            free(m);
        }
        free(buf);
        grundy_values_free(vals);
        grundy_misere_free(q);
        misere_oracle_free(o);
        grundy_game_free(g);
    }
}

/* Random octal codes: the quotient (where it stays small) against the
 * search. */
static void test_misere_random_codes_match_search(void **state)
{
    test_rng *rng = *state;
    long it;
    int used = 0;
    for (it = 0; it < (SLOW ? 8 : 40) * test_multiplier(); it++) {
        char spec[16];
        unsigned nd = 1 + (unsigned)test_rng_below(rng, 3), j, n;
        grundy_game *g;
        misere_oracle *o;
        grundy_misere *q;
        strcpy(spec, test_rng_below(rng, 5) ? "0." : "4.");
        for (j = 0; j < nd; j++)
            spec[2 + j] = (char)('0' + test_rng_below(rng, 8));
        spec[2 + nd] = 0;
        if (strspn(spec + 2, "0") == nd && spec[0] == '0')
            continue; /* no move at all */
        n = 8 + (unsigned)test_rng_below(rng, 5);
        g = test_game(spec);
        q = grown(g, n, 512);
        if (q) {
            used++;
            o = misere_oracle_new(spec);
            assert_non_null(o);
            check_sums(spec, q, o, n, 26, rng, SLOW ? 20 : 60);
            misere_oracle_free(o);
            grundy_misere_free(q);
        }
        grundy_game_free(g);
    }
    assert_true(used > 0);
}

/* Growing heap by heap gives the quotient of growing at once. */
static void test_misere_grow_steps_agree(void **state)
{
    static const char *const specs[] = {"0.77", "0.07", "4.07", "0.16"};
    size_t i;
    (void)state;
    for (i = 0; i < 4; i++) {
        grundy_game *g = test_game(specs[i]);
        grundy_misere *a = grown(g, 14, 0), *b;
        grundy_pos h, all[14];
        assert_non_null(a);
        assert_int_equal(grundy_misere_new(&b, g, NULL), GRUNDY_OK);
        for (h = 1; h <= 14; h++)
            assert_int_equal(grundy_misere_grow(b, h, 0, NULL), GRUNDY_OK);
        assert_int_equal(grundy_misere_order(a), grundy_misere_order(b));
        /* same outcome for every sum of two heaps and of all heaps */
        for (h = 1; h <= 14; h++) {
            grundy_pos k;
            all[h - 1] = h;
            for (k = 1; k <= h; k++) {
                grundy_pos two[2] = {h, k};
                grundy_misere_elem x, y;
                assert_int_equal(grundy_misere_sum(&x, a, two, 2), GRUNDY_OK);
                assert_int_equal(grundy_misere_sum(&y, b, two, 2), GRUNDY_OK);
                assert_int_equal(grundy_misere_is_p(a, x),
                                 grundy_misere_is_p(b, y));
            }
        }
        {
            grundy_misere_elem x, y;
            assert_int_equal(grundy_misere_sum(&x, a, all, 14), GRUNDY_OK);
            assert_int_equal(grundy_misere_sum(&y, b, all, 14), GRUNDY_OK);
            assert_int_equal(grundy_misere_is_p(a, x),
                             grundy_misere_is_p(b, y));
        }
        grundy_misere_free(a);
        grundy_misere_free(b);
        grundy_game_free(g);
    }
}

/* The genus: normal value and misere values of heap + k *2 (the
 * alternation continued three more steps). */
static void test_misere_genus_matches_search(void **state)
{
    static const char *const specs[] = {"0.77", "0.07", "0.137", "4.07",
                                        "0.6",  "grundy-game", "0.F7"};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        grundy_pos n = SLOW ? 9 : 13, h, done;
        grundy_misere_genus ge[16];
        grundy_game *g = test_game(specs[i]);
        misere_oracle *o = misere_oracle_new(specs[i]);
        assert_int_equal(
            grundy_misere_genus_table(ge, &done, g, n, 0, NULL), GRUNDY_OK);
        assert_int_equal(done, n + 1);
        for (h = 0; h <= n; h++) {
            unsigned hh = (unsigned)h, k;
            assert_true(ge[h].nexp >= 2);
            assert_int_equal(ge[h].normal, misere_oracle_normal(o, hh));
            for (k = 0; k < ge[h].nexp + 3; k++) {
                grundy_value want =
                    k < ge[h].nexp
                        ? ge[h].exp[k]
                        : ge[h].exp[ge[h].nexp - 2 + (k - ge[h].nexp) % 2];
                if (misere_oracle_mex(o, &hh, h ? 1 : 0, k, 0) != want)
                    fail_msg("%s heap %u: misere value with %u *2 differs",
                             specs[i], hh, k);
            }
        }
        misere_oracle_free(o);
        grundy_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_misere_quotient_matches_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_misere_winning_moves_match_search, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_misere_random_codes_match_search, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test(test_misere_grow_steps_agree),
        cmocka_unit_test(test_misere_genus_matches_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
