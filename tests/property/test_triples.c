/*
 * test_triples.c -- the three-heap game without equal heaps, against
 * searches and enumerations that share no code with the module.
 *
 *   search       the library's retrograde search against a memoised
 *                recursive search written here from the rules;
 *   criterion    every position with heaps below 200 (zeros included):
 *                grundy_triples_is_losing() against the search, and every
 *                winning move checked for legality and against the search;
 *   F below 200  F(N), C(N) for N <= 200 summed from the search table,
 *                against the DP (mod 2^64 - 1, random moduli, exact);
 *   enumeration  F(N) for every N up to 3000 from a direct O(N^2)
 *                enumeration of the criterion, against the DP under
 *                random moduli (including 1, 2, 10^9, 2^64 - 1);
 *   big N        closed forms at 2^k - 1, 2^k, 2^k + 1, 2^k + 2 (GMP)
 *                against the exact DP up to k = 3000; the mod paths
 *                against the exact one for random N of up to 1200 digits;
 *                for random N of up to 600 digits, C(N) against a closed
 *                form and F(N+1) - F(N) against a direct count of the
 *                positions with c = N (both derived independently of the
 *                DP, and checked against the enumeration for small N).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "test_support.h"

#define SEARCH_BOUND 200u /* the criterion is checked below this */
#define REC_BOUND 40u     /* the independent recursive search */

static grundy_triples_search *shared_search(void)
{
    static grundy_triples_search *s;
    if (!s)
        assert_int_equal(grundy_triples_search_new(&s, SEARCH_BOUND),
                         GRUNDY_OK);
    return s;
}

/* Independent oracle: memoised recursion over ordered triples ***********/

static signed char rec_memo[REC_BOUND][REC_BOUND][REC_BOUND];

/* 1 when the player to move wins (h[0], h[1], h[2]); heaps pairwise
 * different.  Moves straight from the rules: one heap to a smaller size,
 * different from both others. */
static int rec_wins(unsigned h0, unsigned h1, unsigned h2)
{
    unsigned h[3], i, v;
    signed char *m = &rec_memo[h0][h1][h2];
    if (*m >= 0)
        return *m;
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
    *m = 0;
    for (i = 0; i < 3 && !*m; i++)
        for (v = 0; v < h[i]; v++) {
            unsigned g[3] = {h[0], h[1], h[2]};
            g[i] = v;
            if (g[0] == g[1] || g[1] == g[2] || g[0] == g[2])
                continue;
            if (!rec_wins(g[0], g[1], g[2])) {
                *m = 1;
                break;
            }
        }
    return *m;
}

static void test_search_matches_recursive_search(void **state)
{
    grundy_triples_search *s;
    unsigned a, b, c, lost = 0;
    (void)state;
    memset(rec_memo, -1, sizeof rec_memo);
    assert_int_equal(grundy_triples_search_new(&s, REC_BOUND), GRUNDY_OK);
    assert_int_equal(grundy_triples_search_bound(s), REC_BOUND);
    for (a = 0; a < REC_BOUND; a++)
        for (b = 0; b < REC_BOUND; b++)
            for (c = 0; c < REC_BOUND; c++) {
                if (a == b || b == c || a == c)
                    continue;
                if (grundy_triples_search_losing(s, a, b, c) !=
                    !rec_wins(a, b, c))
                    fail_msg("(%u, %u, %u): search %d, recursion %d", a, b, c,
                             grundy_triples_search_losing(s, a, b, c),
                             !rec_wins(a, b, c));
                lost += !rec_wins(a, b, c);
            }
    /* Both agree on a non-trivial set: (0,1,2) and (1,3,5) among them. */
    assert_true(lost > 100);
    assert_false(rec_wins(0, 1, 2));
    assert_false(rec_wins(5, 3, 1));
    assert_true(rec_wins(1, 2, 3));
    /* The search agrees with itself at a smaller bound. */
    {
        grundy_triples_search *t;
        assert_int_equal(grundy_triples_search_new(&t, 17), GRUNDY_OK);
        for (c = 2; c < 17; c++)
            for (b = 1; b < c; b++)
                for (a = 0; a < b; a++)
                    assert_int_equal(grundy_triples_search_losing(t, a, b, c),
                                     grundy_triples_search_losing(s, a, b, c));
        grundy_triples_search_free(t);
    }
    grundy_triples_search_free(s);
}

/* Criterion and winning moves against the search *************************/

static void check_move(const grundy_triples_search *s, const uint64_t h[3],
                       const uint64_t o[3])
{
    unsigned changed = 0, i;
    for (i = 0; i < 3; i++) {
        if (o[i] != h[i])
            changed++;
        if (o[i] > h[i])
            fail_msg("(%llu,%llu,%llu): move raises a heap",
                     (unsigned long long)h[0], (unsigned long long)h[1],
                     (unsigned long long)h[2]);
    }
    if (changed != 1 || o[0] == o[1] || o[1] == o[2] || o[0] == o[2])
        fail_msg("(%llu,%llu,%llu): illegal move to (%llu,%llu,%llu)",
                 (unsigned long long)h[0], (unsigned long long)h[1],
                 (unsigned long long)h[2], (unsigned long long)o[0],
                 (unsigned long long)o[1], (unsigned long long)o[2]);
    if (!grundy_triples_search_losing(s, (uint32_t)o[0], (uint32_t)o[1],
                                      (uint32_t)o[2]))
        fail_msg("(%llu,%llu,%llu): move to a won position",
                 (unsigned long long)h[0], (unsigned long long)h[1],
                 (unsigned long long)h[2]);
}

static void test_criterion_matches_search(void **state)
{
    const grundy_triples_search *s = shared_search();
    uint32_t a, b, c;
    unsigned long lost = 0;
    (void)state;
    for (c = 2; c < SEARCH_BOUND; c++)
        for (b = 1; b < c; b++)
            for (a = 0; a < b; a++) {
                int want = grundy_triples_search_losing(s, a, b, c);
                uint64_t h[3] = {b, c, a}, o[3];
                if (grundy_triples_is_losing(a, b, c) != want ||
                    grundy_triples_is_losing(c, a, b) != want)
                    fail_msg("(%u, %u, %u): criterion %d, search %d", a, b, c,
                             grundy_triples_is_losing(a, b, c), want);
                if (grundy_triples_winning_move(o, h[0], h[1], h[2]) != !want)
                    fail_msg("(%u, %u, %u): winning_move disagrees", a, b, c);
                if (!want)
                    check_move(s, h, o);
                lost += (unsigned long)want;
            }
    /* Every pair of heaps has at most one third heap that loses, so the
     * count is below C(200, 2); it is far from zero. */
    assert_true(lost > 1000 && lost < SEARCH_BOUND * SEARCH_BOUND / 2);
}

/* F(N) below 200 from the search ******************************************/

static void test_sums_below_200_match_search(void **state)
{
    test_rng *rng = *state;
    const grundy_triples_search *s = shared_search();
    uint64_t cnt = 0, sum = 0, c64, s64;
    uint32_t n, a, b;
    grundy_triples_nat nn, ce, se;
    grundy_triples_nat_init(&nn);
    grundy_triples_nat_init(&ce);
    grundy_triples_nat_init(&se);
    for (n = 0; n <= SEARCH_BOUND; n++) {
        uint64_t m = test_rng_range(rng, 1, 1000);
        char *str;
        char want[32];
        /* Positions with c = n - 1 join when the bound grows to n. */
        if (n >= 1)
            for (b = 2; b + 1 < n; b++)
                for (a = 1; a < b; a++)
                    if (grundy_triples_search_losing(s, a, b, n - 1)) {
                        cnt++;
                        sum += a + b + (n - 1);
                    }
        if (n == 8)
            assert_int_equal(sum, 42);
        if (n == 128)
            assert_int_equal(sum, 496062);
        assert_int_equal(
            grundy_triples_losing_mod_u64(&c64, &s64, n, UINT64_MAX),
            GRUNDY_OK);
        if (c64 != cnt || s64 != sum)
            fail_msg("N=%u: DP C=%llu F=%llu, search C=%llu F=%llu", n,
                     (unsigned long long)c64, (unsigned long long)s64,
                     (unsigned long long)cnt, (unsigned long long)sum);
        assert_int_equal(grundy_triples_losing_mod_u64(&c64, &s64, n, m),
                         GRUNDY_OK);
        if (c64 != cnt % m || s64 != sum % m)
            fail_msg("seed=%llu N=%u m=%llu: DP mod m disagrees",
                     (unsigned long long)test_seed(), n, (unsigned long long)m);
        assert_int_equal(grundy_triples_losing_naive(&c64, &s64, n, m),
                         GRUNDY_OK);
        assert_int_equal(c64, cnt % m);
        assert_int_equal(s64, sum % m);
        assert_int_equal(grundy_triples_nat_set_u64(&nn, n), GRUNDY_OK);
        assert_int_equal(grundy_triples_losing_exact(&ce, &se, &nn), GRUNDY_OK);
        assert_int_equal(grundy_triples_nat_get_str(&str, NULL, &se),
                         GRUNDY_OK);
        snprintf(want, sizeof want, "%llu", (unsigned long long)sum);
        if (strcmp(str, want) != 0)
            fail_msg("N=%u: exact F = %s, search %s", n, str, want);
        free(str);
        assert_true(grundy_triples_nat_get_u64(&c64, &ce));
        assert_int_equal(c64, cnt);
    }
    grundy_triples_nat_clear(&nn);
    grundy_triples_nat_clear(&ce);
    grundy_triples_nat_clear(&se);
}

/* The DP against an O(N^2) enumeration ************************************/

#define ENUM_MAX 3000u

static void test_dp_matches_enumeration(void **state)
{
    test_rng *rng = *state;
    uint64_t *cnt_at = calloc(ENUM_MAX + 1, sizeof *cnt_at);
    uint64_t *sum_at = calloc(ENUM_MAX + 1, sizeof *sum_at);
    uint64_t cnt = 0, sum = 0, a, b;
    uint32_t n;
    static const uint64_t fixed[] = {1,
                                     2,
                                     3,
                                     1000000000,
                                     1000000007,
                                     UINT64_MAX,
                                     UINT64_MAX - 1,
                                     (uint64_t)1 << 63};
    assert_non_null(cnt_at);
    assert_non_null(sum_at);
    /* Every pair a < b below the bound, completed by whatever c makes
     * (a+1) ^ (b+1) ^ (c+1) vanish; bucketed by c. */
    for (a = 1; a < ENUM_MAX; a++)
        for (b = a + 1; b < ENUM_MAX; b++) {
            uint64_t c = ((a + 1) ^ (b + 1)) - 1;
            if (c > b && c < ENUM_MAX) {
                cnt_at[c]++;
                sum_at[c] += a + b + c;
            }
        }
    for (n = 0; n <= ENUM_MAX; n++) {
        uint64_t m, c64, s64;
        long it;
        if (n >= 1) {
            cnt += cnt_at[n - 1];
            sum += sum_at[n - 1];
        }
        for (it = 0; it < 2 + (long)(sizeof fixed / sizeof fixed[0]); it++) {
            if (it < (long)(sizeof fixed / sizeof fixed[0]))
                m = fixed[it];
            else if (it % 2)
                m = test_rng_range(rng, 1, 100000);
            else
                m = test_rng_range(rng, 1, UINT64_MAX);
            assert_int_equal(grundy_triples_losing_mod_u64(&c64, &s64, n, m),
                             GRUNDY_OK);
            if (c64 != cnt % m || s64 != sum % m)
                fail_msg("seed=%llu it=%ld N=%u m=%llu: DP C=%llu F=%llu, "
                         "enumeration C=%llu F=%llu",
                         (unsigned long long)test_seed(), it, n,
                         (unsigned long long)m, (unsigned long long)c64,
                         (unsigned long long)s64, (unsigned long long)(cnt % m),
                         (unsigned long long)(sum % m));
        }
    }
    free(cnt_at);
    free(sum_at);
}

/* Big N *******************************************************************/

static void nat_to_mpz(mpz_t z, const grundy_triples_nat *n)
{
    char *s;
    assert_int_equal(grundy_triples_nat_get_str(&s, NULL, n), GRUNDY_OK);
    assert_int_equal(mpz_set_str(z, s, 10), 0);
    free(s);
}

static void set_nat_mpz(grundy_triples_nat *n, const mpz_t z)
{
    char *s = mpz_get_str(NULL, 10, z);
    assert_int_equal(grundy_triples_nat_set_str(n, s, strlen(s), NULL),
                     GRUNDY_OK);
    free(s);
}

static void exact_at(mpz_t c, mpz_t f, const mpz_t n)
{
    grundy_triples_nat nn, cn, fn;
    grundy_triples_nat_init(&nn);
    grundy_triples_nat_init(&cn);
    grundy_triples_nat_init(&fn);
    set_nat_mpz(&nn, n);
    assert_int_equal(grundy_triples_losing_exact(&cn, &fn, &nn), GRUNDY_OK);
    nat_to_mpz(c, &cn);
    nat_to_mpz(f, &fn);
    grundy_triples_nat_clear(&nn);
    grundy_triples_nat_clear(&cn);
    grundy_triples_nat_clear(&fn);
}

/* Below 2^k: the triples x ^ y ^ z == 0 of distinct non-zero k-bit values
 * are the lines of the projective space over GF(2)^k: (2^k - 1)(2^k - 2) / 6 of
 * them, each value in (2^k - 2) / 2.  Those with x = 1 are {1, 2j, 2j+1},
 * 1 <= j <= K = 2^(k-1) - 1, of x-sum 4j + 2. */
static void closed_form_pow2(mpz_t c, mpz_t f, unsigned long k)
{
    mpz_t p, t, kk, sx;
    mpz_inits(p, t, kk, sx, NULL);
    mpz_ui_pow_ui(p, 2, k);
    mpz_sub_ui(t, p, 1);
    mpz_sub_ui(c, p, 2);
    mpz_mul(c, c, t);
    mpz_divexact_ui(c, c, 6); /* all lines */
    mpz_tdiv_q_2exp(kk, p, 1);
    mpz_sub_ui(kk, kk, 1); /* K */
    /* x-sum over all lines: (2^(k-1) - 1) * (2^k - 1) * 2^(k-1) */
    mpz_tdiv_q_2exp(sx, p, 1);
    mpz_mul(sx, sx, t);
    mpz_mul(sx, sx, kk);
    /* minus the lines through 1: 2K(K+1) + 2K */
    mpz_add_ui(t, kk, 1);
    mpz_mul(t, t, kk);
    mpz_mul_2exp(t, t, 1);
    mpz_sub(sx, sx, t);
    mpz_submul_ui(sx, kk, 2);
    mpz_sub(c, c, kk);
    mpz_set(f, sx);
    mpz_submul_ui(f, c, 3);
    mpz_clears(p, t, kk, sx, NULL);
}

static void test_powers_of_two_two_ways(void **state)
{
    test_rng *rng = *state;
    mpz_t n, c, f, cw, fw, c2, f2;
    unsigned long k;
    long it;
    (void)rng;
    mpz_inits(n, c, f, cw, fw, c2, f2, NULL);
    for (it = 0; it < 40 * test_multiplier(); it++) {
        k = it < 20 ? (unsigned long)it + 2
                    : (unsigned long)test_rng_range(rng, 22, 3000);
        closed_form_pow2(cw, fw, k);
        mpz_ui_pow_ui(n, 2, k);
        exact_at(c, f, n); /* N = 2^k */
        if (mpz_cmp(c, cw) || mpz_cmp(f, fw))
            fail_msg("seed=%llu it=%ld k=%lu: DP at 2^k disagrees with the "
                     "closed form",
                     (unsigned long long)test_seed(), it, k);
        /* z = 2^k needs x ^ y = 2^k, out of reach below it: F(2^k - 1) =
         * F(2^k).  z = 2^k + 1 only with x = 1: F(2^k + 1) = F(2^k). */
        mpz_sub_ui(n, n, 1);
        exact_at(c2, f2, n);
        assert_true(k < 2 || (mpz_cmp(c2, c) == 0 && mpz_cmp(f2, f) == 0));
        mpz_add_ui(n, n, 2);
        exact_at(c2, f2, n);
        assert_true(mpz_cmp(c2, c) == 0 && mpz_cmp(f2, f) == 0);
        /* z = 2^k + 2: {2, 2^k, 2^k + 2} and {3, 2^k + 1, 2^k + 2}, i.e.
         * a + b + c = 2^(k+1) + 1 and 2^(k+1) + 3. */
        if (k >= 2) {
            mpz_add_ui(n, n, 1);
            exact_at(c2, f2, n);
            mpz_sub(f2, f2, f);
            mpz_sub(c2, c2, c);
            mpz_ui_pow_ui(n, 2, k + 2);
            mpz_add_ui(n, n, 4);
            if (mpz_cmp_ui(c2, 2) || mpz_cmp(f2, n))
                fail_msg("seed=%llu it=%ld k=%lu: F(2^k + 2) - F(2^k) wrong",
                         (unsigned long long)test_seed(), it, k);
        }
    }
    mpz_clears(n, c, f, cw, fw, c2, f2, NULL);
}

static void test_mod_paths_match_exact(void **state)
{
    test_rng *rng = *state;
    grundy_triples_nat nn, mn, cn, fn;
    mpz_t n, m, c, f, r;
    long it;
    char digits[1300];
    grundy_triples_nat_init(&nn);
    grundy_triples_nat_init(&mn);
    grundy_triples_nat_init(&cn);
    grundy_triples_nat_init(&fn);
    mpz_inits(n, m, c, f, r, NULL);
    for (it = 0; it < 60 * test_multiplier(); it++) {
        size_t len = (size_t)test_rng_range(rng, 1, it < 30 ? 40 : 1200), i;
        uint64_t m64, c64, f64;
        for (i = 0; i < len; i++)
            digits[i] = (char)('0' + test_rng_below(rng, 10));
        digits[0] = (char)('1' + test_rng_below(rng, 9));
        digits[len] = 0;
        assert_int_equal(grundy_triples_nat_set_str(&nn, digits, len, NULL),
                         GRUNDY_OK);
        assert_int_equal(mpz_set_str(n, digits, 10), 0);
        exact_at(c, f, n);
        /* 64-bit moduli */
        m64 = it % 3 == 0
                  ? 1000000000u
                  : test_rng_range(rng, 1, it % 3 == 1 ? 1000 : UINT64_MAX);
        assert_int_equal(grundy_triples_losing_mod(&c64, &f64, &nn, m64),
                         GRUNDY_OK);
        mpz_set_ui(m, 0);
        mpz_import(m, 1, -1, sizeof m64, 0, 0, &m64);
        mpz_mod(r, c, m);
        if (mpz_cmp_ui(r, 0) < 0 || mpz_get_ui(r) != c64)
            fail_msg("seed=%llu it=%ld: C mod %llu disagrees with exact",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)m64);
        mpz_mod(r, f, m);
        if (mpz_get_ui(r) != f64)
            fail_msg("seed=%llu it=%ld: F mod %llu disagrees with exact",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)m64);
        /* a modulus of up to 300 bits */
        {
            size_t mb = (size_t)test_rng_range(rng, 1, 5);
            mpz_set_ui(m, 0);
            for (i = 0; i < mb; i++) {
                mpz_mul_2exp(m, m, 64);
                mpz_add_ui(m, m, (unsigned long)test_rng_next(rng));
            }
            if (mpz_sgn(m) == 0)
                mpz_set_ui(m, 7);
        }
        set_nat_mpz(&mn, m);
        /* outputs aliasing the modulus */
        assert_int_equal(grundy_triples_losing_mod_nat(&cn, &mn, &nn, &mn),
                         GRUNDY_OK);
        nat_to_mpz(r, &cn);
        mpz_mod(c, c, m);
        assert_true(mpz_cmp(r, c) == 0);
        nat_to_mpz(r, &mn);
        mpz_mod(f, f, m);
        if (mpz_cmp(r, f) != 0)
            fail_msg("seed=%llu it=%ld: F mod big m disagrees with exact",
                     (unsigned long long)test_seed(), it);
    }
    mpz_clears(n, m, c, f, r, NULL);
    grundy_triples_nat_clear(&nn);
    grundy_triples_nat_clear(&mn);
    grundy_triples_nat_clear(&cn);
    grundy_triples_nat_clear(&fn);
}

/* What the bound N + 1 adds, in x-space (x = a + 1, ...): the triples
 * x < y < Z = N + 1 with x ^ y = Z.  y must carry Z's top bit t and x sit
 * below 2^t with its own top bit j a 1 of Z, so there are Z - 2^t of them,
 * and for a given j the x's are 2^j + [0, 2^j) and the y's hi_j + a
 * permutation of [0, 2^j), hi_j being Z with bits 0..j cleared: their
 * x + y sum to 2 4^j - 2^j + 2^j hi_j.  The one with x = 1 (a = 0) exists
 * when Z is odd and above 1 and has x + y + z = 2Z. */
static void increment_at(mpz_t dc, mpz_t df, const mpz_t z)
{
    size_t t = mpz_sizeinbase(z, 2) - 1, j;
    mpz_t hi, s;
    mpz_inits(hi, s, NULL);
    mpz_set_ui(hi, 0);
    mpz_setbit(hi, t);
    mpz_sub(dc, z, hi);
    mpz_mul(s, z, dc);
    for (j = 0; j < t; j++)
        if (mpz_tstbit(z, j)) {
            mpz_fdiv_q_2exp(hi, z, j + 1);
            mpz_mul_2exp(hi, hi, 2 * j + 1); /* 2^j hi_j */
            mpz_add(s, s, hi);
            mpz_set_ui(hi, 0);
            mpz_setbit(hi, 2 * j + 1);
            mpz_add(s, s, hi);
            mpz_set_ui(hi, 0);
            mpz_setbit(hi, j);
            mpz_sub(s, s, hi);
        }
    if (mpz_odd_p(z) && mpz_cmp_ui(z, 3) >= 0) {
        mpz_sub_ui(dc, dc, 1);
        mpz_submul_ui(s, z, 2);
    }
    mpz_set(df, s);
    mpz_submul_ui(df, dc, 3);
    mpz_clears(hi, s, NULL);
}

/* C(N) = sum over Z = 1..N of the counts above:
 * N(N+1)/2 - sum of 2^msb(Z) - floor((N-1)/2), and the sum of 2^msb(Z)
 * is (4^T - 1)/3 + (N - 2^T + 1) 2^T for T = msb(N). */
static void count_closed_form(mpz_t c, const mpz_t n)
{
    size_t tt = mpz_sizeinbase(n, 2) - 1;
    mpz_t p, q;
    mpz_inits(p, q, NULL);
    mpz_add_ui(c, n, 1);
    mpz_mul(c, c, n);
    mpz_tdiv_q_2exp(c, c, 1);
    mpz_set_ui(p, 0);
    mpz_setbit(p, 2 * tt);
    mpz_sub_ui(p, p, 1);
    mpz_divexact_ui(p, p, 3);
    mpz_sub(c, c, p);
    mpz_set_ui(p, 0);
    mpz_setbit(p, tt);
    mpz_sub(q, n, p);
    mpz_add_ui(q, q, 1);
    mpz_mul(q, q, p);
    mpz_sub(c, c, q);
    mpz_sub_ui(q, n, 1);
    mpz_fdiv_q_2exp(q, q, 1);
    mpz_sub(c, c, q);
    mpz_clears(p, q, NULL);
}

static void test_big_n_increments_and_count(void **state)
{
    test_rng *rng = *state;
    mpz_t n, c0, f0, c1, f1, dc, df, cw;
    long it;
    char digits[700];
    mpz_inits(n, c0, f0, c1, f1, dc, df, cw, NULL);
    for (it = 0; it < 40 * test_multiplier(); it++) {
        size_t len = (size_t)test_rng_range(rng, 1, it < 10 ? 19 : 600), i;
        for (i = 0; i < len; i++)
            digits[i] = (char)('0' + test_rng_below(rng, 10));
        digits[0] = (char)('1' + test_rng_below(rng, 9));
        digits[len] = 0;
        assert_int_equal(mpz_set_str(n, digits, 10), 0);
        if (it % 4 == 3) { /* next to a power of two: long carries */
            mpz_set_ui(n, 0);
            mpz_setbit(n, (mp_bitcnt_t)test_rng_range(rng, 2, 2000));
            mpz_sub_ui(n, n, test_rng_below(rng, 3));
        }
        exact_at(c0, f0, n);
        count_closed_form(cw, n);
        if (mpz_cmp(c0, cw) != 0)
            fail_msg("seed=%llu it=%ld: C(N) disagrees with the closed form",
                     (unsigned long long)test_seed(), it);
        mpz_add_ui(n, n, 1);
        exact_at(c1, f1, n);
        increment_at(dc, df, n);
        mpz_sub(c1, c1, c0);
        mpz_sub(f1, f1, f0);
        if (mpz_cmp(c1, dc) != 0 || mpz_cmp(f1, df) != 0)
            fail_msg("seed=%llu it=%ld: F(N+1) - F(N) or C(N+1) - C(N) "
                     "disagrees with the positions at c = N",
                     (unsigned long long)test_seed(), it);
    }
    /* The increments themselves against the search's small cases. */
    for (it = 1; it < 200; it++) {
        uint64_t c, f, cp, fp;
        mpz_set_ui(n, (unsigned long)it + 1);
        increment_at(dc, df, n);
        assert_int_equal(
            grundy_triples_losing_naive(&c, &f, (uint64_t)it, UINT64_MAX),
            GRUNDY_OK);
        assert_int_equal(
            grundy_triples_losing_naive(&cp, &fp, (uint64_t)it + 1, UINT64_MAX),
            GRUNDY_OK);
        assert_true(mpz_cmp_ui(dc, (unsigned long)(cp - c)) == 0);
        assert_true(mpz_cmp_ui(df, (unsigned long)(fp - f)) == 0);
    }
    mpz_clears(n, c0, f0, c1, f1, dc, df, cw, NULL);
}

static int teardown_search(void **state)
{
    (void)state;
    grundy_triples_search_free(shared_search());
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_matches_recursive_search),
        cmocka_unit_test(test_criterion_matches_search),
        cmocka_unit_test_setup_teardown(test_sums_below_200_match_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_dp_matches_enumeration,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_powers_of_two_two_ways,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_mod_paths_match_exact,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_big_n_increments_and_count,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, teardown_search);
}
