/*
 * test_range.c -- the range engine against two oracles.
 *
 * Small n: components are heaps of a random family; the values given to
 * the engine come from the library's tables, and every answer is checked
 * against a direct game search over the real positions (a win/loss memo
 * over multisets of heaps, no Grundy values): the winner of [L, R], each
 * of the 2^len subsets for the counts, and the winning move by searching
 * the position it leads to.
 *
 * Medium n: random values of every width against a plain array (XOR by a
 * loop, rank by Gaussian elimination, counts by square-and-multiply, the
 * leftmost movable component by a scan), in every representation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "test_support.h"

#define MAXN 6  /* components in the search oracle */
#define MAXH 10 /* largest heap in the search oracle */

/* Direct search over sums of heaps ***************************************/

typedef struct search {
    oracle_heap_moves_fn moves;
    const void *ctx;
    signed char *memo; /* (MAXH + 1)^MAXN entries, -1 = unknown */
} search;

static size_t state_key(const uint64_t *h, size_t k)
{
    /* Sorted descending, zero heaps dropped (they have no move). */
    uint64_t t[MAXN];
    size_t m = 0, i, j, key = 0;
    for (i = 0; i < k; i++)
        if (h[i]) {
            for (j = m; j > 0 && t[j - 1] < h[i]; j--)
                t[j] = t[j - 1];
            t[j] = h[i];
            m++;
        }
    for (i = 0; i < MAXN; i++)
        key = key * (MAXH + 1) + (i < m ? (size_t)t[i] : 0);
    return key;
}

static int search_wins(search *s, uint64_t *h, size_t k)
{
    size_t key = state_key(h, k), i, j, n;
    uint64_t out[MAXH + 1];
    int win = 0;
    if (s->memo[key] >= 0)
        return s->memo[key];
    for (i = 0; i < k && !win; i++) {
        uint64_t save = h[i];
        n = s->moves(s->ctx, save, out);
        for (j = 0; j < n && !win; j++) {
            h[i] = out[j];
            if (!search_wins(s, h, k))
                win = 1;
        }
        h[i] = save;
    }
    s->memo[key] = (signed char)win;
    return win;
}

static size_t memo_size(void)
{
    size_t m = 1, i;
    for (i = 0; i < MAXN; i++)
        m *= MAXH + 1;
    return m;
}

typedef struct family {
    const char *spec;
    oracle_heap_moves_fn moves;
    const void *ctx;
} family;

static const unsigned base10 = 10, base3 = 3;
static const unsigned char sub_set[] = {0, 1, 0, 1, 1, 0, 0, 0};
static const oracle_set sub134 = {sub_set, sizeof sub_set};
static const unsigned char ab_set[] = {0, 1, 1, 0};
static const oracle_set allbut12 = {ab_set, sizeof ab_set};

static const family families[] = {
    {"digits", oracle_moves_digits, &base10},
    {"digits:base=3", oracle_moves_digits, &base3},
    {"nim", oracle_moves_nim, NULL},
    {"subtract:1,3,4", oracle_moves_subtract, &sub134},
    {"allbut:1,2", oracle_moves_allbut, &allbut12},
    {"half", oracle_moves_half, NULL},
};

static const uint64_t primes[] = {2, 3, 5, 7, 1000000007ull,
                                  998244353ull, 2305843009213693951ull,
                                  4611686018427387847ull /* < 2^62 */};

static void test_range_matches_game_search(void **state)
{
    test_rng *rng = *state;
    signed char *memo = malloc(memo_size());
    size_t f;
    assert_non_null(memo);
    for (f = 0; f < sizeof families / sizeof families[0]; f++) {
        const family *fam = &families[f];
        grundy_game *g = test_game(fam->spec);
        grundy_table *t = NULL;
        search s = {fam->moves, fam->ctx, memo};
        long it;
        assert_int_equal(grundy_table_new(&t, g, MAXH + 1, NULL), GRUNDY_OK);
        memset(memo, -1, memo_size());
        for (it = 0; it < 100 * test_multiplier(); it++) {
            size_t n = 1 + test_rng_below(rng, MAXN), i, q;
            uint64_t h[MAXN];
            grundy_range_opts o;
            grundy_range *r = NULL;
            grundy_range_opts_init(&o);
            o.modulus = primes[test_rng_below(rng, 8)];
            o.repr = (grundy_range_repr)test_rng_below(rng, 3);
            assert_int_equal(grundy_range_new(&r, n, &o), GRUNDY_OK);
            for (i = 0; i < n; i++) {
                h[i] = test_rng_below(rng, MAXH + 1);
                assert_int_equal(
                    grundy_range_set(r, i, grundy_table_get(t, h[i])),
                    GRUNDY_OK);
            }
            for (q = 0; q < 12; q++) {
                size_t lo = test_rng_below(rng, n), hi, len, m, idx;
                uint64_t sub[MAXN], wins = 0, got;
                grundy_value to;
                int win, mv;
                hi = lo + test_rng_below(rng, n - lo);
                len = hi - lo + 1;
                if (test_rng_below(rng, 3) == 0) {
                    i = test_rng_below(rng, n);
                    h[i] = test_rng_below(rng, MAXH + 1);
                    assert_int_equal(
                        grundy_range_set(r, i, grundy_table_get(t, h[i])),
                        GRUNDY_OK);
                }
                /* Winner of the whole range. */
                win = search_wins(&s, h + lo, len);
                if (grundy_range_winner(r, lo, hi) != win)
                    fail_msg("seed=%llu %s it=%ld q=%zu [%zu,%zu]: winner "
                             "%d, search %d",
                             (unsigned long long)test_seed(), fam->spec, it,
                             q, lo, hi, !win, win);
                /* Every subset. */
                for (m = 0; m < ((size_t)1 << len); m++) {
                    size_t k = 0, j;
                    for (j = 0; j < len; j++)
                        if (m >> j & 1)
                            sub[k++] = h[lo + j];
                    wins += (uint64_t)search_wins(&s, sub, k);
                }
                got = grundy_range_count(r, lo, hi);
                if (got != wins % o.modulus)
                    fail_msg("seed=%llu %s it=%ld q=%zu [%zu,%zu] p=%llu: "
                             "count %llu, search %llu",
                             (unsigned long long)test_seed(), fam->spec, it,
                             q, lo, hi, (unsigned long long)o.modulus,
                             (unsigned long long)got,
                             (unsigned long long)(wins % o.modulus));
                /* The winning move leads to a loss for the opponent. */
                mv = grundy_range_move(r, lo, hi, &idx, &to);
                if (mv != win)
                    fail_msg("seed=%llu %s it=%ld q=%zu: move %d, search %d",
                             (unsigned long long)test_seed(), fam->spec, it,
                             q, mv, win);
                if (mv) {
                    uint64_t out[MAXH + 1], save = h[idx];
                    size_t k, nm = fam->moves(fam->ctx, save, out);
                    int ok = 0;
                    if (idx < lo || idx > hi)
                        fail_msg("seed=%llu it=%ld: move index %zu outside "
                                 "[%zu,%zu]",
                                 (unsigned long long)test_seed(), it, idx,
                                 lo, hi);
                    for (k = 0; k < nm && !ok; k++) {
                        if (grundy_table_get(t, out[k]) != to)
                            continue;
                        h[idx] = out[k];
                        ok = !search_wins(&s, h + lo, len);
                        h[idx] = save;
                    }
                    if (!ok)
                        fail_msg("seed=%llu %s it=%ld q=%zu: no move of "
                                 "heap %llu to value %llu wins",
                                 (unsigned long long)test_seed(), fam->spec,
                                 it, q, (unsigned long long)save,
                                 (unsigned long long)to);
                }
            }
            grundy_range_free(r);
        }
        grundy_table_free(t);
        grundy_game_free(g);
    }
    free(memo);
}

/* Plain-array oracle ******************************************************/

static unsigned plain_rank(const uint16_t *v, size_t lo, size_t hi)
{
    uint16_t b[16] = {0};
    unsigned r = 0;
    size_t i;
    for (i = lo; i <= hi; i++) {
        unsigned x = v[i];
        int k;
        for (k = 15; k >= 0 && x; k--)
            if (x >> k & 1) {
                if (!b[k]) {
                    b[k] = (uint16_t)x;
                    r++;
                    break;
                }
                x ^= b[k];
            }
    }
    return r;
}

static uint16_t random_value(test_rng *rng, unsigned kind)
{
    switch (kind) {
    case 0:
        return 0;
    case 1:
        return (uint16_t)test_rng_below(rng, 8);
    case 2:
        return (uint16_t)test_rng_below(rng, 16);
    case 3: /* sparse bits: low rank */
        return (uint16_t)(test_rng_below(rng, 4) ? 0
                                                 : 1u << test_rng_below(rng,
                                                                        16));
    default:
        return (uint16_t)test_rng_below(rng, 65536);
    }
}

/* repr NO_MOVES_AUTO: AUTO with GRUNDY_RANGE_NO_MOVES (the XOR layout,
 * moving to BITS at the first value of 256 or more). */
#define NO_MOVES_AUTO ((grundy_range_repr)5)
#define REPRS 6

static void check_against_plain(test_rng *rng, size_t n, long it,
                                grundy_range_repr repr, unsigned kind,
                                size_t queries)
{
    grundy_range_opts o;
    grundy_range *r = NULL;
    uint16_t *v = calloc(n, sizeof *v);
    grundy_value *load = malloc(n * sizeof *load);
    size_t q, i, start;
    int counting = repr != GRUNDY_RANGE_BITS && repr != GRUNDY_RANGE_XOR &&
                   repr != NO_MOVES_AUTO;
    assert_non_null(v);
    assert_non_null(load);
    grundy_range_opts_init(&o);
    o.repr = repr == NO_MOVES_AUTO ? GRUNDY_RANGE_AUTO : repr;
    o.flags = counting ? GRUNDY_RANGE_COUNT : 0;
    if (repr == NO_MOVES_AUTO)
        o.flags = GRUNDY_RANGE_NO_MOVES;
    if (repr == GRUNDY_RANGE_XOR && kind > 2)
        kind = 1 + kind % 2; /* values below 256 */
    o.modulus = test_rng_below(rng, 2) ? 1000000007ull
                                       : primes[test_rng_below(rng, 8)];
    assert_int_equal(grundy_range_new(&r, n, &o), GRUNDY_OK);
    for (i = 0; i < n; i++) {
        v[i] = random_value(rng, repr == GRUNDY_RANGE_PRESENCE && kind > 2
                                     ? 2
                                     : kind);
        load[i] = v[i];
    }
    /* Load in random chunks. */
    for (start = 0; start < n;) {
        size_t c = 1 + test_rng_below(rng, n - start < 5000 ? n - start
                                                            : 5000);
        assert_int_equal(grundy_range_assign(r, start, load + start, c),
                         GRUNDY_OK);
        start += c;
    }
    for (q = 0; q < queries; q++) {
        size_t lo, hi, j, idx = 0, want_idx = SIZE_MAX;
        unsigned x = 0, op = (unsigned)test_rng_below(rng, 4);
        grundy_value to = 0;
        if (op == 0) {
            i = test_rng_below(rng, n);
            v[i] = random_value(rng, repr == GRUNDY_RANGE_PRESENCE &&
                                             kind > 2
                                         ? 2
                                         : kind);
            if (test_rng_below(rng, 8) == 0)
                v[i] = (uint16_t)grundy_range_get(r, i); /* same value */
            assert_int_equal(grundy_range_set(r, i, v[i]), GRUNDY_OK);
            continue;
        }
        lo = test_rng_below(rng, n);
        hi = op == 3 ? lo : lo + test_rng_below(rng, n - lo);
        if (test_rng_below(rng, 4) == 0) /* short ranges */
            hi = lo + test_rng_below(rng, (n - lo) < 70 ? n - lo : 70);
        if (test_rng_below(rng, 2)) /* a hint changes nothing */
            grundy_range_prefetch(r, lo, hi);
        for (j = lo; j <= hi; j++)
            x ^= v[j];
        if (grundy_range_xor(r, lo, hi) != x)
            fail_msg("seed=%llu it=%ld q=%zu n=%zu repr=%d [%zu,%zu]: xor "
                     "%llu, plain %u",
                     (unsigned long long)test_seed(), it, q, n, (int)repr,
                     lo, hi,
                     (unsigned long long)grundy_range_xor(r, lo, hi), x);
        if (counting) {
            unsigned rank = plain_rank(v, lo, hi);
            uint64_t want = grundy_range_count_subsets(hi - lo + 1, rank,
                                                       o.modulus);
            if (grundy_range_rank(r, lo, hi) != rank ||
                grundy_range_count(r, lo, hi) != want)
                fail_msg("seed=%llu it=%ld q=%zu n=%zu repr=%d [%zu,%zu]: "
                         "rank %u count %llu, plain %u %llu",
                         (unsigned long long)test_seed(), it, q, n,
                         (int)repr, lo, hi, grundy_range_rank(r, lo, hi),
                         (unsigned long long)grundy_range_count(r, lo, hi),
                         rank, (unsigned long long)want);
        }
        if (x) {
            unsigned t = 15;
            while (!(x >> t & 1))
                t--;
            for (j = lo; j <= hi && want_idx == SIZE_MAX; j++)
                if (v[j] >> t & 1)
                    want_idx = j;
        }
        if (grundy_range_move(r, lo, hi, &idx, &to) != (x != 0) ||
            (x && (idx != want_idx || to != (v[idx] ^ x))))
            fail_msg("seed=%llu it=%ld q=%zu n=%zu repr=%d [%zu,%zu]: move "
                     "%zu -> %llu, plain %zu",
                     (unsigned long long)test_seed(), it, q, n, (int)repr,
                     lo, hi, idx, (unsigned long long)to, want_idx);
    }
    for (i = 0; i < n; i++)
        if (grundy_range_get(r, i) != v[i])
            fail_msg("seed=%llu it=%ld: get(%zu)", (unsigned long long)
                     test_seed(), it, i);
    grundy_range_free(r);
    free(load);
    free(v);
}

static void test_range_matches_plain_array(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 150 * test_multiplier(); it++) {
        static const size_t sizes[] = {1,   2,   31,   32,   33,   64,
                                       511, 512, 513,  8191, 8192, 8193};
        size_t n = test_rng_below(rng, 3) ? sizes[test_rng_below(rng, 12)]
                                          : 1 + test_rng_below(rng, 9000);
        grundy_range_repr repr =
            (grundy_range_repr)test_rng_below(rng, REPRS);
        unsigned kind = (unsigned)test_rng_below(rng, 5);
        check_against_plain(rng, n, it, repr, kind, 300);
    }
}

/* Four levels of the 64-ary tree (n > 32 * 64 * 64); three levels of
 * the XOR layout's groups of 64, four past 64^3. */
static void test_range_large_against_plain(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 2 * test_multiplier(); it++) {
        check_against_plain(rng, 140000 + test_rng_below(rng, 1000), it,
                            (grundy_range_repr)(it % 4),
                            it % 2 ? 2u : 4u, 120);
        check_against_plain(rng,
                            it % 2 ? 262144 + test_rng_below(rng, 300000)
                                   : 4096 + test_rng_below(rng, 9000),
                            it, it % 4 < 2 ? GRUNDY_RANGE_XOR : NO_MOVES_AUTO,
                            (unsigned)(it % 5), 400);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_range_matches_game_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_range_matches_plain_array,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_range_large_against_plain,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
