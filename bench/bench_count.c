/*
 * bench_count.c -- the mdswin workload (T = 5 tests, N = 10^5 distinct
 * targets up to 10^9 each, K ~ 10^9, Moore's Nim_2 mod 10^9 + 7), timed
 * side by side:
 *
 *   baseline   the contest editorial: d(n) by trial division (%) by the
 *              primes <= 1000 and a Miller-Rabin test of the cofactor;
 *              a scalar transform over Z_p[w]/(w^2 + w + 1) with % for
 *              every product; one K-th power per entry (3^L of them)
 *   grundy     grundy_nt_divisor_count_batch() + grundy_count_tuples()
 *   parts      each half of both, and the generic 64-bit ring kernel
 *   floor      parsing the workload's text with grundy_scanner, and
 *              writing the 3^L x 2 words of a transform once
 *
 * Every variant's answers are checked against the baseline's.
 * Usage: bench_count [repeats]   (default 5)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchfn.h"
#include "grundy/grundy.h"

#define T 5
#define N 100000
#define VMAX 1000000000u
#define MOD 1000000007u

typedef struct workload {
    uint64_t s[T][N];
    uint64_t k[T];
    uint64_t answer[T];
    char *text;
    size_t text_len;
} workload;

static uint64_t rng_state = 0x6d647377696eull;

static uint64_t rnd(void)
{
    return bench_splitmix64(&rng_state);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void make_workload(workload *w)
{
    size_t i, j, len = 0, cap = (size_t)T * N * 12 + 1024;
    w->text = malloc(cap);
    if (!w->text)
        abort();
    len += (size_t)sprintf(w->text + len, "%d\n", T);
    for (i = 0; i < T; i++) {
        /* distinct values: draw, sort, redraw duplicates */
        size_t n = 0;
        while (n < N) {
            while (n < N)
                w->s[i][n++] = 1 + rnd() % VMAX;
            qsort(w->s[i], N, sizeof **w->s, cmp_u64);
            for (j = 1, n = 1; j < N; j++)
                if (w->s[i][j] != w->s[i][n - 1])
                    w->s[i][n++] = w->s[i][j];
        }
        for (j = N - 1; j > 0; j--) { /* shuffle back */
            size_t r = rnd() % (j + 1);
            uint64_t t = w->s[i][j];
            w->s[i][j] = w->s[i][r];
            w->s[i][r] = t;
        }
        w->k[i] = 900000000u + rnd() % 100000000u;
        len += (size_t)sprintf(w->text + len, "%d %llu\n", N,
                               (unsigned long long)w->k[i]);
        for (j = 0; j < N; j++)
            len += (size_t)sprintf(w->text + len, "%llu%c",
                                   (unsigned long long)w->s[i][j],
                                   j + 1 < N ? ' ' : '\n');
    }
    w->text_len = len;
}

/* The baseline ***************************************************************/

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m)
{
    return a * b % m; /* a, b < 2^32 */
}

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t m)
{
    uint64_t r = 1;
    a %= m;
    while (e) {
        if (e & 1)
            r = mulmod(r, a, m);
        a = mulmod(a, a, m);
        e >>= 1;
    }
    return r;
}

static int miller_rabin(uint64_t n) /* n < 2^32: bases 2, 7, 61 */
{
    static const uint64_t bases[] = {2, 7, 61};
    uint64_t d = n - 1;
    int s = 0, i, r;
    if (n < 2)
        return 0;
    if (n == 2 || n == 7 || n == 61)
        return 1;
    if (n % 2 == 0)
        return 0;
    while (d % 2 == 0) {
        d /= 2;
        s++;
    }
    for (i = 0; i < 3; i++) {
        uint64_t x = powmod(bases[i], d, n);
        if (x == 1 || x == n - 1)
            continue;
        for (r = 1; r < s; r++) {
            x = mulmod(x, x, n);
            if (x == n - 1)
                break;
        }
        if (r == s)
            return 0;
    }
    return 1;
}

static unsigned primes1000[200], nprimes1000;

static void init_primes(void)
{
    unsigned x, y;
    for (x = 2; x <= 1000; x++) {
        for (y = 2; y * y <= x; y++)
            if (x % y == 0)
                break;
        if (y * y > x)
            primes1000[nprimes1000++] = x;
    }
}

static uint32_t baseline_d(uint64_t n)
{
    uint32_t d = 1;
    unsigned i;
    for (i = 0; i < nprimes1000; i++) {
        uint32_t e = 1;
        while (n % primes1000[i] == 0) {
            n /= primes1000[i];
            e++;
        }
        d *= e;
    }
    if (n == 1)
        return d;
    if (miller_rabin(n))
        return 2 * d;
    {
        uint64_t r = 1;
        while ((r + 1) * (r + 1) <= n)
            r++;
        if (r * r == n)
            return 3 * d;
    }
    return 4 * d;
}

typedef struct {
    uint64_t a, b;
} ring; /* a + b w, w^2 = -w - 1 */

static ring rmul(ring x, ring y)
{
    uint64_t ac = x.a * y.a % MOD, bd = x.b * y.b % MOD;
    uint64_t ad = x.a * y.b % MOD, bc = x.b * y.a % MOD;
    ring r;
    r.a = (ac + MOD - bd) % MOD;
    r.b = (ad + bc + MOD - bd) % MOD;
    return r;
}

static ring radd(ring x, ring y)
{
    ring r = {(x.a + y.a) % MOD, (x.b + y.b) % MOD};
    return r;
}

static ring rpow(ring x, uint64_t e)
{
    ring r = {1, 0};
    while (e) {
        if (e & 1)
            r = rmul(r, x);
        x = rmul(x, x);
        e >>= 1;
    }
    return r;
}

static uint64_t baseline_count(const uint32_t *d, size_t n, uint64_t K)
{
    static const ring w1 = {0, 1}, w2 = {MOD - 1, MOD - 1};
    size_t size = 1, i, s, base, j;
    unsigned L = 0, maxv = 0;
    ring *a, sum = {0, 0};
    uint64_t inv3 = powmod(3, MOD - 2, MOD), total;
    for (i = 0; i < n; i++)
        if (d[i] - 1 > maxv)
            maxv = d[i] - 1;
    while (maxv >> L)
        L++;
    for (i = 0; i < L; i++)
        size *= 3;
    a = calloc(size, sizeof *a);
    if (!a)
        abort();
    for (i = 0; i < n; i++) {
        size_t idx = 0, pw = 1;
        unsigned v = d[i] - 1;
        for (; v; v >>= 1, pw *= 3)
            if (v & 1)
                idx += pw;
        a[idx].a = (a[idx].a + 1) % MOD;
    }
    for (s = 1; s < size; s *= 3)
        for (base = 0; base < size; base += 3 * s)
            for (j = base; j < base + s; j++) {
                ring x = a[j], y = a[j + s], z = a[j + 2 * s];
                a[j] = radd(radd(x, y), z);
                a[j + s] = radd(radd(x, rmul(y, w1)), rmul(z, w2));
                a[j + 2 * s] = radd(radd(x, rmul(y, w2)), rmul(z, w1));
            }
    for (i = 0; i < size; i++)
        sum = radd(sum, rpow(a[i], K));
    free(a);
    total = powmod(n % MOD, K, MOD);
    return (total + MOD - sum.a * powmod(inv3, L, MOD) % MOD) % MOD;
}

/* Variants *******************************************************************/

static uint32_t dbuf[N];
static workload W;
static int check_answers = 1;

static void check(size_t t, uint64_t got, const char *who)
{
    if (check_answers && got != W.answer[t]) {
        fprintf(stderr, "%s: test %zu: %llu, baseline %llu\n", who, t,
                (unsigned long long)got, (unsigned long long)W.answer[t]);
        exit(1);
    }
}

static uint64_t run_baseline(void *unused)
{
    size_t t, i;
    uint64_t sink = 0;
    (void)unused;
    for (t = 0; t < T; t++) {
        for (i = 0; i < N; i++)
            dbuf[i] = baseline_d(W.s[t][i]);
        W.answer[t] = baseline_count(dbuf, N, W.k[t]);
        sink += W.answer[t];
    }
    return sink;
}

static uint64_t grundy_one(size_t t, grundy_count_method method)
{
    static uint64_t hist[1 << 17];
    grundy_count_result r;
    size_t i, nv = 0;
    if (grundy_nt_divisor_count_batch(dbuf, W.s[t], N) != GRUNDY_OK)
        abort();
    memset(hist, 0, sizeof hist);
    for (i = 0; i < N; i++) {
        hist[dbuf[i] - 1]++;
        if (dbuf[i] > nv)
            nv = dbuf[i];
    }
    if (grundy_count_tuples_method(&r, hist, nv, W.k[t], 2, MOD, method,
                                   NULL) != GRUNDY_OK)
        abort();
    return r.winning;
}

static uint64_t run_grundy(void *unused)
{
    size_t t;
    uint64_t sink = 0;
    (void)unused;
    for (t = 0; t < T; t++) {
        uint64_t a = grundy_one(t, GRUNDY_COUNT_AUTO);
        check(t, a, "grundy");
        sink += a;
    }
    return sink;
}

static uint64_t run_grundy_ring64(void *unused)
{
    size_t t;
    uint64_t sink = 0;
    (void)unused;
    for (t = 0; t < T; t++) {
        uint64_t a = grundy_one(t, GRUNDY_COUNT_RING);
        check(t, a, "grundy-ring64");
        sink += a;
    }
    return sink;
}

static uint64_t run_d_baseline(void *unused)
{
    size_t t, i;
    uint64_t sink = 0;
    (void)unused;
    for (t = 0; t < T; t++)
        for (i = 0; i < N; i++)
            sink += baseline_d(W.s[t][i]);
    return sink;
}

static uint64_t run_d_grundy(void *unused)
{
    size_t t, i;
    uint64_t sink = 0;
    (void)unused;
    for (t = 0; t < T; t++) {
        if (grundy_nt_divisor_count_batch(dbuf, W.s[t], N) != GRUNDY_OK)
            abort();
        for (i = 0; i < N; i++)
            sink += dbuf[i];
    }
    return sink;
}

static uint32_t dall[T][N];

static uint64_t run_count_baseline(void *unused)
{
    size_t t;
    uint64_t sink = 0;
    (void)unused;
    for (t = 0; t < T; t++)
        sink += baseline_count(dall[t], N, W.k[t]);
    return sink;
}

static uint64_t count_grundy(grundy_count_method method)
{
    static uint64_t hist[1 << 17];
    size_t t, i, nv;
    uint64_t sink = 0;
    for (t = 0; t < T; t++) {
        grundy_count_result r;
        memset(hist, 0, sizeof hist);
        for (i = 0, nv = 0; i < N; i++) {
            hist[dall[t][i] - 1]++;
            nv = dall[t][i] > nv ? dall[t][i] : nv;
        }
        if (grundy_count_tuples_method(&r, hist, nv, W.k[t], 2, MOD, method,
                                       NULL) != GRUNDY_OK)
            abort();
        check(t, r.winning, "count");
        sink += r.winning;
    }
    return sink;
}

static uint64_t run_count_ring3(void *unused)
{
    (void)unused;
    return count_grundy(GRUNDY_COUNT_RING3);
}

static uint64_t run_count_ring64(void *unused)
{
    (void)unused;
    return count_grundy(GRUNDY_COUNT_RING);
}

static uint64_t run_floor_parse(void *unused)
{
    grundy_scanner sc;
    uint64_t x, sink = 0;
    (void)unused;
    if (grundy_scanner_init_mem(&sc, W.text, W.text_len) != GRUNDY_OK)
        abort();
    while (!grundy_scan_at_eof(&sc)) {
        if (grundy_scan_u64(&sc, &x, 0, UINT64_MAX, NULL) != GRUNDY_OK)
            abort();
        sink += x;
    }
    grundy_scanner_clear(&sc);
    return sink;
}

static uint64_t run_floor_touch(void *unused)
{
    size_t n = 59049 * 2, t; /* 3^10 entries of two 32-bit words */
    uint64_t sink = 0;
    uint32_t *a = malloc(n * sizeof *a);
    (void)unused;
    if (!a)
        abort();
    for (t = 0; t < T; t++) {
        memset(a, (int)t, n * sizeof *a);
        sink += a[n / 2];
    }
    free(a);
    return sink;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    bench_result rb, rg, r;
    size_t t;
    double total = (double)T * N;

    init_primes();
    make_workload(&W);
    bench_header();
    check_answers = 0;
    rb = bench_run(run_baseline, NULL, reps < 3 ? reps : 3);
    bench_print("count", "mdswin-baseline", (uint64_t)T * N, &rb, total);
    check_answers = 1;
    rg = bench_run(run_grundy, NULL, reps);
    bench_print("count", "mdswin-grundy", (uint64_t)T * N, &rg, total);
    r = bench_run(run_grundy_ring64, NULL, reps < 3 ? reps : 3);
    bench_print("count", "mdswin-grundy-ring64", (uint64_t)T * N, &r, total);

    r = bench_run(run_d_baseline, NULL, reps < 3 ? reps : 3);
    bench_print("count", "divisors-baseline", (uint64_t)T * N, &r, total);
    r = bench_run(run_d_grundy, NULL, reps);
    bench_print("count", "divisors-batch", (uint64_t)T * N, &r, total);

    for (t = 0; t < T; t++)
        if (grundy_nt_divisor_count_batch(dall[t], W.s[t], N) != GRUNDY_OK)
            abort();
    r = bench_run(run_count_baseline, NULL, reps < 3 ? reps : 3);
    bench_print("count", "transform+pow-baseline", T, &r, 1e6);
    r = bench_run(run_count_ring64, NULL, reps);
    bench_print("count", "transform+pow-ring64", T, &r, 1e6);
    r = bench_run(run_count_ring3, NULL, reps);
    bench_print("count", "transform+pow-ring3", T, &r, 1e6);

    r = bench_run(run_floor_parse, NULL, reps);
    bench_print("count", "floor-parse-input", (uint64_t)T * N, &r, total);
    r = bench_run(run_floor_touch, NULL, reps);
    bench_print("count", "floor-touch-3^10x2", T, &r, 1e6);

    printf("# speedup (median, whole workload): %.1fx\n",
           rb.ns_median / rg.ns_median);
    free(W.text);
    return 0;
}
