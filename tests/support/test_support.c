/*
 * test_support.c -- seeds, multiplier, RNG for the test suite.
 */
#include <stdio.h>
#include <stdlib.h>

#include "test_support.h"

#define DEFAULT_SEED 0x6772756e6479ull /* "grundy" */

uint64_t test_seed(void)
{
    static uint64_t seed;
    static int done;
    if (!done) {
        const char *e = getenv("GRUNDY_TEST_SEED");
        seed = e && *e ? strtoull(e, NULL, 0) : DEFAULT_SEED;
        done = 1;
    }
    return seed;
}

long test_multiplier(void)
{
    const char *e = getenv("GRUNDY_TEST_MULTIPLIER");
    long m = e && *e ? strtol(e, NULL, 10) : 1;
    return m > 0 ? m : 1;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TEST_SANITIZED_BUILD 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TEST_SANITIZED_BUILD 1
#endif

int test_light(void)
{
#ifdef TEST_SANITIZED_BUILD
    return 1;
#else
    const char *e = getenv("GRUNDY_TEST_SANITIZED");
    return e && *e && *e != '0';
#endif
}

long test_iters(long n)
{
    long k = n * test_multiplier();
    if (test_light())
        k /= 4;
    return k > 0 ? k : 1;
}

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void test_rng_init(test_rng *r, uint64_t seed)
{
    int i;
    for (i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t test_rng_next(test_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t test_rng_below(test_rng *r, uint64_t n)
{
    return test_rng_next(r) % n;
}

uint64_t test_rng_range(test_rng *r, uint64_t lo, uint64_t hi)
{
    if (hi - lo == UINT64_MAX)
        return test_rng_next(r);
    return lo + test_rng_below(r, hi - lo + 1);
}

int test_rng_setup(void **state)
{
    test_rng *r = malloc(sizeof *r);
    if (!r)
        return -1;
    test_rng_init(r, test_seed());
    *state = r;
    return 0;
}

int test_rng_teardown(void **state)
{
    free(*state);
    return 0;
}

grundy_game *test_game(const char *spec)
{
    grundy_game *g = NULL;
    grundy_parse_error where;
    grundy_status s = grundy_game_new(&g, spec, &where);
    if (s != GRUNDY_OK)
        fail_msg("spec '%s': %s (%s)", spec, grundy_strerror(s), where.msg);
    return g;
}

/* Values objects, one per game, freed with the game by test_game_free(). */
#define TEST_MAX_VALUES 64
static struct {
    const grundy_game *g;
    grundy_values *v;
} values_cache[TEST_MAX_VALUES];

grundy_values *test_values(const grundy_game *g)
{
    size_t i, free_slot = TEST_MAX_VALUES;
    for (i = 0; i < TEST_MAX_VALUES; i++) {
        if (values_cache[i].g == g)
            return values_cache[i].v;
        if (!values_cache[i].g && free_slot == TEST_MAX_VALUES)
            free_slot = i;
    }
    if (free_slot == TEST_MAX_VALUES)
        fail_msg("more than %d values objects at once", TEST_MAX_VALUES);
    if (grundy_values_new(&values_cache[free_slot].v, g, NULL) != GRUNDY_OK)
        fail_msg("grundy_values_new failed");
    values_cache[free_slot].g = g;
    return values_cache[free_slot].v;
}

void test_game_free(grundy_game *g)
{
    size_t i;
    for (i = 0; i < TEST_MAX_VALUES; i++)
        if (values_cache[i].g == g) {
            grundy_values_free(values_cache[i].v);
            values_cache[i].g = NULL;
            values_cache[i].v = NULL;
        }
    grundy_game_free(g);
}

grundy_status test_value_at(grundy_value *out, const grundy_game *g,
                            grundy_pos p, const grundy_limits *lim)
{
    grundy_values_opts o;
    grundy_values *v;
    grundy_status s;
    grundy_values_opts_init(&o);
    o.limits = lim;
    s = grundy_values_new(&v, g, &o);
    if (s != GRUNDY_OK)
        return s;
    s = grundy_values_get(out, v, p);
    grundy_values_free(v);
    return s;
}
