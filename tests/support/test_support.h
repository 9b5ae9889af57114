/*
 * test_support.h -- seeds, iteration scaling, a reproducible RNG, and the
 * cmocka includes in the order cmocka 1.1 needs.
 *
 * GRUNDY_TEST_SEED overrides the fixed default seed; GRUNDY_TEST_MULTIPLIER
 * scales the iteration counts of the randomised tests.  Every failure
 * message carries the seed and the iteration.
 */
#ifndef GRUNDY_TEST_SUPPORT_H
#define GRUNDY_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "grundy/grundy.h"

/* xoshiro256** seeded through splitmix64. */
typedef struct test_rng {
    uint64_t s[4];
} test_rng;

uint64_t test_seed(void);
long test_multiplier(void);
/* 1 in a sanitizer build (or with GRUNDY_TEST_SANITIZED set), where the
 * slow randomised tests run fewer cases; 0 otherwise. */
int test_light(void);
/* The number of cases of a randomised test: n times the multiplier, a
 * quarter of that (at least 1) under test_light(). */
long test_iters(long n);
void test_rng_init(test_rng *r, uint64_t seed);
uint64_t test_rng_next(test_rng *r);
/* Uniform in [0, n); n > 0. */
uint64_t test_rng_below(test_rng *r, uint64_t n);
/* Uniform in [lo, hi]. */
uint64_t test_rng_range(test_rng *r, uint64_t lo, uint64_t hi);

/* cmocka setup that hands each test an rng seeded from test_seed(). */
int test_rng_setup(void **state);
int test_rng_teardown(void **state);

/* A game from a spec, failing the test on error. */
grundy_game *test_game(const char *spec);

/* The values object of g (default options), made on first use and freed
 * by test_game_free(g). */
grundy_values *test_values(const grundy_game *g);
void test_game_free(grundy_game *g);

/* g(p) through a fresh values object (default options but lim). */
grundy_status test_value_at(grundy_value *out, const grundy_game *g,
                            grundy_pos p, const grundy_limits *lim);

#endif
