/*
 * test_takebreak.c -- take-and-break tables, periods and rare values
 * against oracles that share no code with the library:
 *
 *  - a direct win/loss search over multisets of heaps, with a move
 *    generator written here from the definition of the codes, decides
 *    sums of up to three heaps without any Grundy value;
 *  - a mex-by-definition recursion gives g(0..n) for random codes,
 *    hexadecimal ones with three-heap moves included;
 *  - proven periods are checked on the generic method's (naive) tables far
 *    beyond the table they were proven on;
 *  - published facts (Kayles, Dawson's Kayles and Chess, 0.16, the first
 *    rare positions of Grundy's game) are checked against the generic
 *    method, or against the kernel where the generic method is too slow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table/share.h"
#include "table/sparse.h"
#include "test_support.h"

/* A random code, as a spec and as digits. */
typedef struct code {
    char spec[32];
    unsigned digit[8];
    unsigned ndig; /* digits 0 .. ndig-1 */
    int unequal;
} code;

static void random_code(code *c, test_rng *rng, int allow_hex, int octal2)
{
    unsigned j;
    size_t len;
    int hex = allow_hex && test_rng_below(rng, 3) == 0;
    memset(c, 0, sizeof *c);
    if (!octal2 && test_rng_below(rng, 12) == 0) {
        strcpy(c->spec, "grundy-game");
        c->digit[0] = 4;
        c->ndig = 1;
        c->unequal = 1;
        return;
    }
    c->ndig = 2 + (unsigned)test_rng_below(rng, 3);
    c->digit[0] = 4 * (unsigned)test_rng_below(rng, hex ? 4 : 2);
    if (test_rng_below(rng, 2))
        c->digit[0] = 0;
    len = (size_t)snprintf(c->spec, sizeof c->spec, "%X.", c->digit[0]);
    for (j = 1; j < c->ndig; j++) {
        c->digit[j] = (unsigned)test_rng_below(rng, hex ? 16 : 8);
        len += (size_t)snprintf(c->spec + len, sizeof c->spec - len, "%X",
                                c->digit[j]);
    }
}

/* Direct search over multisets ********************************************/

#define MAXT 13 /* total tokens of a searched position */

typedef struct search {
    const code *c;
    uint64_t *key;
    unsigned char *val; /* 0 empty, 1 loss, 2 win */
    size_t cap;
} search;

/* Multiset of heap sizes 1..MAXT as counts, 4 bits each. */
static uint64_t key_of(const unsigned *cnt)
{
    uint64_t k = 0;
    unsigned s;
    for (s = 1; s <= MAXT; s++)
        k |= (uint64_t)cnt[s] << (4 * (s - 1));
    return k;
}

static size_t slot_of(const search *S, uint64_t k)
{
    size_t i = (size_t)((k * 0x9E3779B97F4A7C15ull) >> 40) & (S->cap - 1);
    while (S->val[i] && S->key[i] != k)
        i = (i + 1) & (S->cap - 1);
    return i;
}

static int wins(search *S, unsigned *cnt);

/* Is there a move to a losing position that leaves parts[0..np) in place
 * of one heap of size s? */
static int try_parts(search *S, unsigned *cnt, unsigned s,
                     const unsigned *parts, unsigned np)
{
    unsigned i;
    int w;
    cnt[s]--;
    for (i = 0; i < np; i++)
        cnt[parts[i]]++;
    w = !wins(S, cnt);
    for (i = 0; i < np; i++)
        cnt[parts[i]]--;
    cnt[s]++;
    return w;
}

static int wins(search *S, unsigned *cnt)
{
    const code *c = S->c;
    uint64_t k = key_of(cnt);
    size_t slot = slot_of(S, k);
    unsigned s, j, a, b;
    int w = 0;
    if (S->val[slot])
        return S->val[slot] == 2;
    for (s = 1; s <= MAXT && !w; s++) {
        if (!cnt[s])
            continue;
        for (j = 0; j < c->ndig && j <= s && !w; j++) {
            unsigned d = c->digit[j], m = s - j, p[3];
            if (j > 0 && (d & 1) && m == 0)
                w = try_parts(S, cnt, s, p, 0);
            if (!w && j > 0 && (d & 2) && m > 0) {
                p[0] = m;
                w = try_parts(S, cnt, s, p, 1);
            }
            for (a = 1; !w && (d & 4) && a < m; a++) {
                if (c->unequal && 2 * a == m)
                    continue;
                p[0] = a;
                p[1] = m - a;
                w = try_parts(S, cnt, s, p, 2);
            }
            for (a = 1; !w && (d & 8) && a < m; a++)
                for (b = 1; !w && a + b < m; b++) {
                    p[0] = a;
                    p[1] = b;
                    p[2] = m - a - b;
                    w = try_parts(S, cnt, s, p, 3);
                }
        }
    }
    slot = slot_of(S, k);
    S->key[slot] = k;
    S->val[slot] = (unsigned char)(w ? 2 : 1);
    return w;
}

static void test_takebreak_sums_match_search(void **state)
{
    test_rng *rng = *state;
    long it, iters = 40 * test_multiplier();
    search S;
    S.cap = 1 << 16;
    S.key = malloc(S.cap * sizeof *S.key);
    S.val = malloc(S.cap);
    assert_non_null(S.key);
    assert_non_null(S.val);
    for (it = 0; it < iters; it++) {
        code c;
        grundy_game *g;
        grundy_table *t;
        unsigned cnt[MAXT + 1], a, b, h;
        random_code(&c, rng, 1, 0);
        S.c = &c;
        memset(S.val, 0, S.cap);
        g = test_game(c.spec);
        assert_int_equal(grundy_table_new(&t, g, MAXT + 1, NULL), GRUNDY_OK);
        memset(cnt, 0, sizeof cnt);
        for (a = 0; a <= MAXT; a++)
            for (b = a; a + b <= MAXT; b++)
                for (h = b; a + b + h <= MAXT; h++) {
                    grundy_value x = grundy_table_get(t, a) ^
                                     grundy_table_get(t, b) ^
                                     grundy_table_get(t, h);
                    int w;
                    cnt[a]++, cnt[b]++, cnt[h]++;
                    cnt[0] = 0; /* empty heaps are no heaps */
                    w = wins(&S, cnt);
                    cnt[a]--, cnt[b]--, cnt[h]--;
                    cnt[0] = 0;
                    if (w != (x != 0))
                        fail_msg("seed=%llu it=%ld %s heaps %u %u %u: search "
                                 "says %s, nim-sum %llu",
                                 (unsigned long long)test_seed(), it, c.spec, a,
                                 b, h, w ? "win" : "loss",
                                 (unsigned long long)x);
                }
        grundy_table_free(t);
        grundy_game_free(g);
    }
    free(S.key);
    free(S.val);
}

/* Mex by definition ********************************************************/

static void def_values(unsigned *gv, unsigned n, const code *c)
{
    unsigned h, j, a, b, v;
    unsigned char *seen = malloc(4096);
    assert_non_null(seen);
    for (h = 0; h < n; h++) {
        memset(seen, 0, 4096);
        for (j = 0; j < c->ndig && j <= h; j++) {
            unsigned d = c->digit[j], m = h - j;
            if (j > 0 && (d & 1) && m == 0)
                seen[0] = 1;
            if (j > 0 && (d & 2) && m > 0)
                seen[gv[m]] = 1;
            for (a = 1; (d & 4) && a < m; a++)
                if (!c->unequal || 2 * a != m)
                    seen[gv[a] ^ gv[m - a]] = 1;
            for (a = 1; (d & 8) && a < m; a++)
                for (b = 1; a + b < m; b++)
                    seen[gv[a] ^ gv[b] ^ gv[m - a - b]] = 1;
        }
        for (v = 0; seen[v]; v++)
            ;
        gv[h] = v;
    }
    free(seen);
}

static void test_takebreak_values_match_definition(void **state)
{
    test_rng *rng = *state;
    long it, iters = 60 * test_multiplier();
    unsigned gv[301];
    for (it = 0; it < iters; it++) {
        code c;
        grundy_game *g;
        int m;
        unsigned n = 301, i;
        random_code(&c, rng, 1, 0);
        def_values(gv, n, &c);
        g = test_game(c.spec);
        for (m = 0; m < 2; m++) {
            grundy_table *t;
            grundy_limits o;
            grundy_limits_init(&o);
            assert_int_equal(grundy_table_new_method(&t, g, n,
                    m ? GRUNDY_TABLE_AUTO : GRUNDY_TABLE_NAIVE, &o), GRUNDY_OK);
            for (i = 0; i < n; i++)
                if (grundy_table_get(t, i) != gv[i])
                    fail_msg("seed=%llu it=%ld %s method %d: g(%u) = %llu, "
                             "definition %u",
                             (unsigned long long)test_seed(), it, c.spec, m, i,
                             (unsigned long long)grundy_table_get(t, i), gv[i]);
            grundy_table_free(t);
        }
        grundy_game_free(g);
    }
}

/* Every variant of the sparse kernel (portable, AVX2 and AVX-512 loops,
 * one thread or two) against the mex by definition, to n = 12000: codes
 * whose values split into rare and common ones, random two- and
 * three-digit codes, and Grundy's game past its first value 128 (at
 * 13133 the values outgrow 7 bits). */
#define VARIANT_N 14000

static void check_variants(const code *c, const unsigned *gv, unsigned n)
{
    static const grundy_sparse_isa isas[] = {
        GRUNDY_SPARSE_PORTABLE, GRUNDY_SPARSE_AVX2, GRUNDY_SPARSE_AVX512};
    grundy_game *g = test_game(c->spec);
    size_t i;
    unsigned threads, x;
    for (i = 0; i < sizeof isas / sizeof *isas; i++) {
        if (!grundy_sparse_isa_supported(isas[i]))
            continue;
        for (threads = 1; threads <= 2; threads++) {
            grundy_table *t;
            grundy_limits o;
            grundy_sparse_stats st;
            /* two threads: share every block, whatever it measures */
            int policy = grundy_share_set_policy(
                threads == 2 ? GRUNDY_SHARE_ALWAYS : GRUNDY_SHARE_MEASURE);
            grundy_limits_init(&o);
            o.threads = threads;
            assert_int_equal(grundy_table_new_method(&t, g, 1,
                    GRUNDY_TABLE_FAST, &o), GRUNDY_OK);
            assert_int_equal(grundy_table_fill_sparse_stats(t, n, &o, isas[i],
                                                            &st),
                             GRUNDY_OK);
            grundy_share_set_policy(policy);
            assert_int_equal(st.helper_started, threads == 2);
            assert_int_equal(grundy_table_size(t), n);
            for (x = 0; x < n; x++)
                if (grundy_table_get(t, x) != gv[x])
                    fail_msg("%s, kernel %d, %u threads: g(%u) = %llu, "
                             "definition %u",
                             c->spec, (int)isas[i], threads, x,
                             (unsigned long long)grundy_table_get(t, x), gv[x]);
            grundy_table_free(t);
        }
    }
    grundy_game_free(g);
}

/* The scan and mark loops of each instruction set against the portable
 * ones on random data, values up to 2^12 (the widest the AVX-512 scan
 * takes) and beyond. */
static void test_takebreak_kernel_loops(void **state)
{
    static const grundy_sparse_isa isas[] = {GRUNDY_SPARSE_AVX2,
                                             GRUNDY_SPARSE_AVX512};
    test_rng *rng = *state;
    long it, iters = 300 * test_multiplier();
    enum { GN = 3000, RN = 40 };
    uint16_t *g = malloc(GN * sizeof *g);
    assert_non_null(g);
    for (it = 0; it < iters; it++) {
        unsigned k = 1 + (unsigned)test_rng_below(rng, 12), v, i;
        size_t words = ((size_t)1 << k) / 64 + 64, q;
        uint64_t *c0 = calloc(words, 8), *c1 = calloc(words, 8);
        uint32_t *r0 = calloc((size_t)GRUNDY_SPARSE_BLOCK << k, 4);
        uint32_t *r1 = calloc((size_t)GRUNDY_SPARSE_BLOCK << k, 4);
        grundy_pos rp[RN], m, a, last;
        uint16_t rv[RN];
        unsigned ncand = 0, n0, n1;
        assert_true(c0 && c1 && r0 && r1);
        /* few distinct values at times, so that scans run to the end */
        for (i = 0; i < GN; i++)
            g[i] = (uint16_t)test_rng_below(
                rng, test_rng_below(rng, 4) ? (1u << k) : 2);
        for (v = 0; v < (1u << k); v++)
            if (test_rng_below(rng, 4) == 0) {
                c0[v >> 6] |= (uint64_t)1 << (v & 63);
                ncand++;
            }
        m = GN - 1 - test_rng_below(rng, 100);
        last = m / 2 - test_rng_below(rng, 50);
        a = 1 + test_rng_below(rng, 40);
        for (i = 0; i < RN; i++) {
            rp[i] = GRUNDY_SPARSE_BLOCK + test_rng_below(rng, 1000);
            rv[i] = (uint16_t)test_rng_below(rng, 1u << k);
        }
        for (q = 0; q < sizeof isas / sizeof *isas; q++) {
            if (!grundy_sparse_isa_supported(isas[q]))
                continue;
            memcpy(c1, c0, words * 8);
            n1 = grundy_sparse_scan(isas[q], k, c1, ncand, g, m, a, last);
            memset(r1, 0, ((size_t)GRUNDY_SPARSE_BLOCK << k) * 4);
            grundy_sparse_marks(isas[q], r1, k, 7, g, 2000, rp, rv, 0, RN);
            {
                uint64_t *cp = calloc(words, 8);
                assert_non_null(cp);
                memcpy(cp, c0, words * 8);
                n0 = grundy_sparse_scan(GRUNDY_SPARSE_PORTABLE, k, cp, ncand, g,
                                        m, a, last);
                assert_int_equal(n1, n0);
                if (memcmp(cp, c1, words * 8) != 0)
                    fail_msg("it=%ld k=%u kernel %d: the scan leaves other "
                             "values",
                             it, k, (int)isas[q]);
                free(cp);
            }
            memset(r0, 0, ((size_t)GRUNDY_SPARSE_BLOCK << k) * 4);
            grundy_sparse_marks(GRUNDY_SPARSE_PORTABLE, r0, k, 7, g, 2000, rp,
                                rv, 0, RN);
            if (memcmp(r0, r1, ((size_t)GRUNDY_SPARSE_BLOCK << k) * 4) != 0)
                fail_msg("it=%ld k=%u kernel %d: the marks differ", it, k,
                         (int)isas[q]);
        }
        free(c0);
        free(c1);
        free(r0);
        free(r1);
    }
    free(g);
}

static void test_takebreak_kernel_variants(void **state)
{
    static const char *fixed[] = {"grundy-game", "0.6", "0.04", "0.16", "4.6"};
    test_rng *rng = *state;
    unsigned *gv = malloc(VARIANT_N * sizeof *gv);
    long it, iters = test_iters(4);
    size_t i;
    code c;
    assert_non_null(gv);
    for (i = 0; i < sizeof fixed / sizeof *fixed; i++) {
        memset(&c, 0, sizeof c);
        strcpy(c.spec, fixed[i]);
        if (i == 0) {
            c.digit[0] = 4;
            c.ndig = 1;
            c.unequal = 1;
        } else {
            c.digit[0] = fixed[i][0] == '4' ? 4 : 0;
            for (c.ndig = 1; fixed[i][c.ndig + 1]; c.ndig++)
                c.digit[c.ndig] = (unsigned)(fixed[i][c.ndig + 1] - '0');
        }
        def_values(gv, VARIANT_N, &c);
        if (i == 0)
            assert_int_equal(gv[13133], 128);
        check_variants(&c, gv, VARIANT_N);
    }
    for (it = 0; it < iters; it++) {
        random_code(&c, rng, 0, 0);
        def_values(gv, 6000, &c);
        check_variants(&c, gv, 6000);
    }
    free(gv);
}

/* Two threads really run: the second one takes jobs when told to share
 * (blocks of Grundy's game, halves of the splits of 0.063, which lists
 * them), and under the measuring policy it starts and the epochs are
 * counted; the tables are the one-thread ones. */
static void test_takebreak_threads_start(void **state)
{
    static const char *specs[] = {"grundy-game", "0.063"};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof specs / sizeof *specs; i++) {
        grundy_game *g = test_game(specs[i]);
        grundy_pos n = i ? 12000 : 20000, x;
        grundy_table *one, *two;
        grundy_limits o;
        grundy_sparse_stats st;
        int p, policy;
        grundy_limits_init(&o);
        o.threads = 1;
        assert_int_equal(grundy_table_new(&one, g, n, &o), GRUNDY_OK);
        for (p = 0; p < 2; p++) {
            policy = grundy_share_set_policy(p ? GRUNDY_SHARE_MEASURE
                                               : GRUNDY_SHARE_ALWAYS);
            o.threads = 2;
            assert_int_equal(grundy_table_new_method(&two, g, 1,
                    GRUNDY_TABLE_FAST, &o), GRUNDY_OK);
            assert_int_equal(grundy_table_fill_sparse_stats(two, n, &o,
                    GRUNDY_SPARSE_AUTO, &st), GRUNDY_OK);
            grundy_share_set_policy(policy);
            assert_true(st.helper_started);
            if (p == 0 && st.helper_jobs == 0)
                fail_msg("%s: the second thread took no job", specs[i]);
            for (x = 0; x < n; x++)
                assert_int_equal(grundy_table_get(two, x),
                                 grundy_table_get(one, x));
            grundy_table_free(two);
        }
        grundy_table_free(one);
        grundy_game_free(g);
    }
}

/* Codes whose moves may leave three heaps: the sets of pair values, and
 * the listing of triples the kernel falls back to for wide values (forced
 * here from 2^6 on), against the mex by definition. */
static void test_takebreak_three_heaps(void **state)
{
    static const char *fixed[] = {"0.8", "8.0", "C.F", "0.FF", "4.9", "0.E6"};
    test_rng *rng = *state;
    unsigned *gv = malloc(1000 * sizeof *gv);
    long it, iters = test_iters(12);
    unsigned bits, old = grundy_sparse_triple_bits(12);
    assert_non_null(gv);
    for (it = 0; it < (long)(sizeof fixed / sizeof *fixed) + iters; it++) {
        code c;
        unsigned n = it < (long)(sizeof fixed / sizeof *fixed) ? 1000 : 500;
        grundy_game *g;
        if (it < (long)(sizeof fixed / sizeof *fixed)) {
            const char *f = fixed[it];
            memset(&c, 0, sizeof c);
            strcpy(c.spec, f);
            c.digit[0] = (unsigned)(f[0] >= 'A' ? f[0] - 'A' + 10 : f[0] - '0');
            for (c.ndig = 1; f[c.ndig + 1]; c.ndig++) {
                char d = f[c.ndig + 1];
                c.digit[c.ndig] = (unsigned)(d >= 'A' ? d - 'A' + 10 : d - '0');
            }
        } else {
            do
                random_code(&c, rng, 1, 0);
            while (!strchr(c.spec, '8') && !strchr(c.spec, '9') &&
                   !strpbrk(c.spec, "ABCDEF"));
        }
        def_values(gv, n, &c);
        g = test_game(c.spec);
        for (bits = 6; bits <= 12; bits += 6) {
            grundy_table *t;
            grundy_limits o;
            unsigned x;
            grundy_sparse_triple_bits(bits);
            grundy_limits_init(&o);
            assert_int_equal(grundy_table_new_method(&t, g, n,
                    GRUNDY_TABLE_FAST, &o), GRUNDY_OK);
            for (x = 0; x < n; x++)
                if (grundy_table_get(t, x) != gv[x])
                    fail_msg("seed=%llu %s, sets to 2^%u: g(%u) = %llu, "
                             "definition %u",
                             (unsigned long long)test_seed(), c.spec, bits, x,
                             (unsigned long long)grundy_table_get(t, x), gv[x]);
            grundy_table_free(t);
        }
        grundy_game_free(g);
    }
    grundy_sparse_triple_bits(old);
    free(gv);
}

/* Tables grown piecewise equal tables built at once. */
static void test_takebreak_extend_matches(void **state)
{
    test_rng *rng = *state;
    long it, iters = 20 * test_multiplier();
    for (it = 0; it < iters; it++) {
        code c;
        grundy_game *g;
        grundy_table *whole, *parts;
        grundy_pos n = 3000 + test_rng_below(rng, 3000), x;
        random_code(&c, rng, 0, 0);
        g = test_game(c.spec);
        assert_int_equal(grundy_table_new(&whole, g, n, NULL), GRUNDY_OK);
        assert_int_equal(
            grundy_table_new(&parts, g, 1 + test_rng_below(rng, 50), NULL),
            GRUNDY_OK);
        while (grundy_table_size(parts) < n) {
            grundy_pos step = 1 + test_rng_below(rng, 1500);
            grundy_pos to = grundy_table_size(parts) + step;
            assert_int_equal(grundy_table_extend(parts, to < n ? to : n, NULL),
                             GRUNDY_OK);
        }
        for (x = 0; x < n; x++)
            if (grundy_table_get(parts, x) != grundy_table_get(whole, x))
                fail_msg("seed=%llu it=%ld %s: extended g(%llu) = %llu, "
                         "whole %llu",
                         (unsigned long long)test_seed(), it, c.spec,
                         (unsigned long long)x,
                         (unsigned long long)grundy_table_get(parts, x),
                         (unsigned long long)grundy_table_get(whole, x));
        grundy_table_free(whole);
        grundy_table_free(parts);
        grundy_game_free(g);
    }
}

/* Periods ******************************************************************/

/* Every period proven on a short table holds on a long naive table. */
static void test_takebreak_proven_periods_hold(void **state)
{
    test_rng *rng = *state;
    long it, iters = test_iters(150), proven = 0;
    for (it = 0; it < iters; it++) {
        code c;
        grundy_game *g;
        grundy_table *truth;
        grundy_limits o;
        grundy_pos n, size, x;
        random_code(&c, rng, 1, 1);
        g = test_game(c.spec);
        n = grundy_takebreak_get(g)->max_parts == 3 ? 260 : 1500;
        grundy_limits_init(&o);
        assert_int_equal(grundy_table_new_method(&truth, g, n,
                GRUNDY_TABLE_NAIVE, &o), GRUNDY_OK);
        for (size = 8; size <= n / 3; size += size / 2 + 1) {
            grundy_table *t;
            grundy_period per;
            assert_int_equal(grundy_table_new(&t, g, size, NULL), GRUNDY_OK);
            grundy_period_find(&per, t);
            grundy_table_free(t);
            if (!per.proven)
                continue;
            proven++;
            assert_true(per.found);
            assert_int_equal(per.saltus, 0);
            for (x = per.preperiod; x < n; x++) {
                grundy_pos y = per.preperiod + (x - per.preperiod) % per.period;
                if (grundy_table_get(truth, x) != grundy_table_get(truth, y))
                    fail_msg("seed=%llu it=%ld %s: period %llu from %llu "
                             "proven on %llu entries fails at %llu",
                             (unsigned long long)test_seed(), it, c.spec,
                             (unsigned long long)per.period,
                             (unsigned long long)per.preperiod,
                             (unsigned long long)size, (unsigned long long)x);
            }
            /* the preperiod is the least one */
            if (per.preperiod > 0 &&
                grundy_table_get(truth, per.preperiod - 1) ==
                    grundy_table_get(truth, per.preperiod - 1 + per.period))
                fail_msg("seed=%llu it=%ld %s: preperiod %llu is not the "
                         "least",
                         (unsigned long long)test_seed(), it, c.spec,
                         (unsigned long long)per.preperiod);
            break;
        }
        grundy_table_free(truth);
        grundy_game_free(g);
    }
    /* most short codes are periodic: the check above must have run */
    assert_true(proven > iters / 4);
}

static void expect_period(const char *spec, grundy_pos n,
                          grundy_table_method method, grundy_pos period,
                          grundy_pos preperiod)
{
    grundy_game *g = test_game(spec);
    grundy_table *t;
    grundy_limits o;
    grundy_period per;
    grundy_limits_init(&o);
    assert_int_equal(grundy_table_new_method(&t, g, n,
            method, &o), GRUNDY_OK);
    grundy_period_find(&per, t);
    if (!per.proven || per.period != period || per.preperiod != preperiod)
        fail_msg("%s (method %d, %llu entries): proven %d period %llu "
                 "preperiod %llu, expected %llu from %llu",
                 spec, (int)method, (unsigned long long)n, per.proven,
                 (unsigned long long)per.period,
                 (unsigned long long)per.preperiod, (unsigned long long)period,
                 (unsigned long long)preperiod);
    /* the last exceptional value sits just before the preperiod */
    assert_int_not_equal(grundy_table_get(t, preperiod - 1),
                         grundy_table_get(t, preperiod - 1 + period));
    grundy_table_free(t);
    grundy_game_free(g);
}

/* Kayles: period 12 from n = 71, last exception at 70.  Dawson's Chess
 * 0.137: period 34, last exception at 51; Dawson's Kayles 0.07 is the same
 * sequence shifted by one.  All checked on the generic method first. */
static void test_takebreak_published_periods(void **state)
{
    int m;
    (void)state;
    for (m = 0; m < 2; m++) {
        grundy_table_method meth = m ? GRUNDY_TABLE_FAST : GRUNDY_TABLE_NAIVE;
        expect_period("kayles", 400, meth, 12, 71);
        expect_period("0.07", 400, meth, 34, 53);
        expect_period("dawsons-chess", 400, meth, 34, 52);
    }
}

/* 0.16: period 149459 from n = 105351 (Gangolli and Plambeck).  The
 * generic method cannot reach that far in a test; the kernel does, and
 * agrees with the generic method on every code to 2000 elsewhere. */
static void test_takebreak_published_016(void **state)
{
    (void)state;
    expect_period("0.16", 2 * 105351 + 2 * 149459 + 2 + 100, GRUNDY_TABLE_FAST,
                  149459, 105351);
}

/* Grundy's game: the rare values are those with an even number of ones
 * in bits 1..7 (mask 254), and the first rare positions are published
 * (Flammenkamp).  Checked on the generic method's table. */
static void test_takebreak_grundy_game_rare(void **state)
{
    static const unsigned first_rare[] = {
        0,   1,   2,   3,   4,   6,   7,   9,   10,  12,  15,  20,
        23,  26,  28,  31,  34,  37,  40,  43,  46,  49,  50,  52,
        53,  55,  58,  61,  87,  90,  93,  146, 149, 152, 158, 161,
        164, 167, 176, 179, 181, 182, 185, 188, 190, 193, 196, 231};
    grundy_game *g = test_game("grundy-game");
    grundy_table *t, *f;
    grundy_limits o;
    grundy_rare_info info;
    size_t i = 0, nf = sizeof first_rare / sizeof *first_rare;
    grundy_pos x;
    (void)state;
    grundy_limits_init(&o);
    assert_int_equal(grundy_table_new_method(&t, g, 232,
            GRUNDY_TABLE_NAIVE, &o), GRUNDY_OK);
    for (x = 0; x < 232; x++) {
        int rare = !__builtin_parityll(grundy_table_get(t, x) & 254);
        int listed = i < nf && first_rare[i] == x;
        if (rare != listed)
            fail_msg("grundy-game: position %llu rare %d, published %d",
                     (unsigned long long)x, rare, listed);
        i += (size_t)listed;
    }
    /* The kernel's table shows the same mask once it is long enough. */
    assert_int_equal(grundy_table_new(&f, g, 1 << 15, NULL), GRUNDY_OK);
    for (x = 0; x < 232; x++)
        assert_int_equal(grundy_table_get(f, x), grundy_table_get(t, x));
    assert_int_equal(grundy_table_rare(&info, f), GRUNDY_OK);
    assert_int_equal(info.mask, 254);
    grundy_table_free(t);
    grundy_table_free(f);
    grundy_game_free(g);
}

/* grundy_table_rare() against counting under every mask and every rule
 * the code's splits allow: the value rule (rare: an even number of ones
 * in v & M), and when every split takes an odd (even) number of tokens,
 * the rule that compares that parity with the heap's (with its
 * complement). */
static void test_takebreak_rare_info_matches_scan(void **state)
{
    test_rng *rng = *state;
    long it, iters = 30 * test_multiplier();
    for (it = 0; it < iters; it++) {
        code c;
        grundy_game *g;
        grundy_table *t;
        grundy_rare_info info;
        grundy_pos n = 50 + test_rng_below(rng, 3000), x, last = 0;
        grundy_value maxv, mask, lim = 1;
        uint64_t best = UINT64_MAX, best_mask = 0;
        unsigned j, rule, best_rule = 0, odd = 0, even = 0;
        random_code(&c, rng, 0, 0);
        for (j = 0; j < c.ndig; j++)
            if (c.digit[j] & 4) {
                odd += j & 1;
                even += !(j & 1);
            }
        g = test_game(c.spec);
        assert_int_equal(grundy_table_new(&t, g, n, NULL), GRUNDY_OK);
        maxv = grundy_table_max(t, NULL);
        while (lim <= maxv)
            lim *= 2;
        for (rule = 0; rule < 3; rule++) {
            if ((rule == 1 && !(odd && !even)) ||
                (rule == 2 && !(even && !odd)))
                continue;
            for (mask = 0; mask < lim; mask++) {
                uint64_t r = 0;
                for (x = 0; x < n; x++) {
                    unsigned par = (unsigned)__builtin_parityll(
                        grundy_table_get(t, x) & mask);
                    unsigned h = rule == 0   ? 1u
                                 : rule == 1 ? (unsigned)(x & 1)
                                             : (unsigned)(~x & 1);
                    r += par != h;
                }
                if (r < best) {
                    best = r;
                    best_mask = mask;
                    best_rule = rule;
                }
            }
        }
        for (x = 0; x < n; x++) {
            unsigned par = (unsigned)__builtin_parityll(
                grundy_table_get(t, x) & best_mask);
            unsigned h = best_rule == 0   ? 1u
                         : best_rule == 1 ? (unsigned)(x & 1)
                                          : (unsigned)(~x & 1);
            if (par != h)
                last = x;
        }
        assert_int_equal(grundy_table_rare(&info, t), GRUNDY_OK);
        if (info.mask != best_mask || (unsigned)info.rule != best_rule ||
            info.rare_positions != best || info.positions != n ||
            info.last_rare != last)
            fail_msg("seed=%llu it=%ld %s: mask %llu rule %u rare %llu, "
                     "scan mask %llu rule %u rare %llu",
                     (unsigned long long)test_seed(), it, c.spec,
                     (unsigned long long)info.mask, (unsigned)info.rule,
                     (unsigned long long)info.rare_positions,
                     (unsigned long long)best_mask, best_rule,
                     (unsigned long long)best);
        grundy_table_free(t);
        grundy_game_free(g);
    }
}

/* Tables beyond the memory limit are refused before allocating. */
static void test_takebreak_limits(void **state)
{
    grundy_game *g = test_game("0.6");
    grundy_table *t = (grundy_table *)1;
    grundy_limits o;
    size_t bytes;
    (void)state;
    grundy_limits_init(&o);
    o.mem_limit = 1 << 20;
    assert_int_equal(grundy_table_new(&t, g, 1 << 20, &o), GRUNDY_ERR_LIMIT);
    assert_null(t);
    assert_int_equal(grundy_table_estimate(&bytes, g, 1 << 20), GRUNDY_OK);
    assert_true(bytes >= 2u << 20);
    assert_int_equal(grundy_table_new(&t, g, (grundy_pos)1 << 62, NULL),
                     GRUNDY_ERR_LIMIT);
    grundy_game_free(g);
}

/* Infinite codes ***********************************************************
 *
 * An oracle written from the definition: removing j tokens (j >= 1, or
 * j = 0 when the leading digit allows it) may leave nothing (bit 1), one
 * heap (bit 2) or two (bit 4), where the digit of j is the last digit for
 * every j past it.  g(n) is the mex of every move's value, listed one by
 * one. */
static void infinite_oracle(unsigned *gv, grundy_pos n, const unsigned *dig,
                            unsigned ndig)
{
    grundy_pos x, j, a;
    size_t sz = (size_t)1 << 17; /* values below 2^16 (the kernel's) */
    unsigned char *seen;
    seen = calloc(sz, 1);
    assert_non_null(seen);
    for (x = 0; x < n; x++) {
        unsigned v;
        memset(seen, 0, sz);
        for (j = 0; j <= x; j++) {
            unsigned d = j < ndig ? dig[j] : dig[ndig - 1];
            grundy_pos m = x - j;
            if ((d & 1) && m == 0 && j > 0)
                seen[0] = 1;
            if ((d & 2) && m >= 1 && j > 0)
                seen[gv[m]] = 1;
            if (d & 4)
                for (a = 1; 2 * a <= m; a++)
                    seen[gv[a] ^ gv[m - a]] = 1;
        }
        for (v = 0; seen[v]; v++)
            ;
        assert_true(v < sz / 2);
        gv[x] = v;
    }
    free(seen);
}

static void check_infinite(const char *spec, const unsigned *dig,
                           unsigned ndig, grundy_pos n)
{
    grundy_game *g = test_game(spec);
    grundy_table *fast, *naive;
    grundy_limits o;
    unsigned *gv = malloc(n * sizeof *gv);
    grundy_pos x;
    assert_non_null(gv);
    infinite_oracle(gv, n, dig, ndig);
    grundy_limits_init(&o);
    o.threads = 1;
    assert_int_equal(grundy_table_new_method(&naive, g, n,
                                             GRUNDY_TABLE_NAIVE, &o),
                     GRUNDY_OK);
    assert_int_equal(grundy_table_new_method(&fast, g, n, GRUNDY_TABLE_FAST,
                                             &o),
                     GRUNDY_OK);
    for (x = 0; x < n; x++)
        if (grundy_table_get(fast, x) != gv[x] ||
            grundy_table_get(naive, x) != gv[x])
            fail_msg("%s: g(%llu) = %llu by the kernel, %llu by the generic "
                     "method, %u by definition",
                     spec, (unsigned long long)x,
                     (unsigned long long)grundy_table_get(fast, x),
                     (unsigned long long)grundy_table_get(naive, x), gv[x]);
    grundy_table_free(fast);
    grundy_table_free(naive);
    grundy_game_free(g);
    free(gv);
}

static void test_takebreak_infinite_codes(void **state)
{
    test_rng *rng = *state;
    static const unsigned lasker[] = {4, 3}, nim[] = {0, 3};
    grundy_game *g = test_game("4.3...");
    grundy_table *t;
    grundy_limits o;
    grundy_period per;
    grundy_pos k, n = 4000;
    long it, iters = test_iters(30);
    char spec[32];
    unsigned dig[6], nd, j;
    int len;
    /* Lasker's Nim (Winning Ways ch. 4): g(4k+1) = 4k+1, g(4k+2) = 4k+2,
     * g(4k+3) = 4k+4, g(4k+4) = 4k+3; the kernel's table against the
     * definition first, then against the published rule. */
    check_infinite("4.3...", lasker, 2, 1500);
    check_infinite("0.3...", nim, 2, 1500);
    grundy_limits_init(&o);
    assert_int_equal(grundy_table_new(&t, g, n, &o), GRUNDY_OK);
    for (k = 0; 4 * k + 4 < n; k++) {
        assert_int_equal(grundy_table_get(t, 4 * k + 1), 4 * k + 1);
        assert_int_equal(grundy_table_get(t, 4 * k + 2), 4 * k + 2);
        assert_int_equal(grundy_table_get(t, 4 * k + 3), 4 * k + 4);
        assert_int_equal(grundy_table_get(t, 4 * k + 4), 4 * k + 3);
    }
    /* no theorem is used: the arithmetic period is seen, not proven */
    grundy_period_find(&per, t);
    assert_true(per.found);
    assert_false(per.proven);
    assert_int_equal(per.period, 4);
    assert_int_equal(per.saltus, 4);
    assert_false(grundy_period_provable(g));
    grundy_table_free(t);
    grundy_game_free(g);
    /* random infinite codes */
    for (it = 0; it < iters; it++) {
        nd = 2 + (unsigned)test_rng_below(rng, 3);
        dig[0] = test_rng_below(rng, 2) ? 4 : 0;
        len = snprintf(spec, sizeof spec, "%u.", dig[0]);
        for (j = 1; j < nd; j++) {
            dig[j] = (unsigned)test_rng_below(rng, 8);
            if (j == nd - 1 && dig[j] == 0)
                dig[j] = 1 + (unsigned)test_rng_below(rng, 7);
            len += snprintf(spec + len, sizeof spec - (size_t)len, "%u",
                            dig[j]);
        }
        snprintf(spec + len, sizeof spec - (size_t)len, "...");
        check_infinite(spec, dig, nd, 600);
    }
}

/* Infinite codes with nothing to repeat are refused with their column. */
static void test_takebreak_infinite_refused(void **state)
{
    static const struct {
        const char *spec;
        unsigned long col;
    } bad[] = {{"4...", 2}, {"0....", 3}, {"4.30...", 4}, {"0.8...", 3},
               {"0.3..", 4}};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof *bad; i++) {
        grundy_game *g = NULL;
        grundy_parse_error where;
        memset(&where, 0, sizeof where);
        if (grundy_game_new(&g, bad[i].spec, &where) == GRUNDY_OK)
            fail_msg("%s was accepted", bad[i].spec);
        if (where.col != bad[i].col)
            fail_msg("%s: column %lu, expected %lu", bad[i].spec,
                     (unsigned long)where.col, bad[i].col);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_takebreak_sums_match_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_takebreak_values_match_definition,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_takebreak_extend_matches,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_takebreak_kernel_variants,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_takebreak_threads_start),
        cmocka_unit_test_setup_teardown(test_takebreak_kernel_loops,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_takebreak_three_heaps,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_takebreak_proven_periods_hold,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_takebreak_published_periods),
        cmocka_unit_test(test_takebreak_published_016),
        cmocka_unit_test(test_takebreak_grundy_game_rare),
        cmocka_unit_test_setup_teardown(test_takebreak_rare_info_matches_scan,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_takebreak_limits),
        cmocka_unit_test_setup_teardown(test_takebreak_infinite_codes,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_takebreak_infinite_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
