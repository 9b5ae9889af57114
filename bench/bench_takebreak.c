/*
 * bench_takebreak.c -- take-and-break tables: the sparse space kernel
 * (grundy_table_new, AUTO: vector loops chosen at run time, a second thread
 * on two cores) side by side with
 *   - "1thread", "avx2-1t", "portable-1t": the kernel on one thread, with
 *     its AVX2 loops or its portable loops;
 *   - "rc": a straightforward rare/common kernel written here, the method
 *     of the public solvers: for each position, every rare split, the
 *     least unreached common value, then the splits in order until every
 *     rare value below it has been seen (byte flags, no blocks, no
 *     vectors; the mask is taken from the library's table);
 *   - "naive": the library's generic method (list every move, XOR, mex);
 *   - "plain": a straightforward O(n^2) loop written here, the usual way
 *     such tables are computed (every split, a byte array, the mex);
 *   - "touch": the floor, writing 2 bytes per position once.
 * The quadratic baselines run at sizes they finish in seconds; the kernel
 * runs there too (for the ratio) and up to 10^6 (or until a period is
 * proven, after which it copies) and 2^20 .. 2^MAX for Grundy's game.
 *
 * Usage: bench_takebreak [MAX_LOG2 [REPEATS]]
 *   MAX_LOG2: largest Grundy's game table, 2^MAX_LOG2 (default 22).
 *        bench_takebreak octal3 [LOG2 [PLAIN_LOG2]]
 *   every code 0.ddd to 2^LOG2 (default 18) by the kernel, and the
 *   slowest ten against "plain" at 2^PLAIN_LOG2 (default 16).
 * norm: ns per position.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchfn.h"
#include "grundy/grundy.h"
#include "table/sparse.h"

typedef struct job {
    const char *spec;
    grundy_game *game;
    grundy_pos n;
    grundy_table_method method;
    unsigned threads;
    grundy_sparse_isa isa;
    unsigned mask; /* for run_rc */
} job;

static uint64_t run_table(void *payload)
{
    job *j = payload;
    grundy_table *t;
    grundy_limits o;
    uint64_t sink;
    grundy_limits_init(&o);
    o.threads = j->threads;
    if (grundy_table_new_method(&t, j->game, j->isa ? 1 : j->n,
            j->method, &o) != GRUNDY_OK ||
        (j->isa &&
         grundy_table_fill_sparse_isa(t, j->n, &o, j->isa) != GRUNDY_OK)) {
        fprintf(stderr, "bench_takebreak: %s to %llu failed\n", j->spec,
                (unsigned long long)j->n);
        exit(1);
    }
    sink = grundy_table_get(t, j->n - 1) + grundy_table_max(t, NULL);
    grundy_table_free(t);
    return sink;
}

/* Moves that take k tokens (k > 0) and leave m in no heap or one heap,
 * as digit d allows. */
static void mark_small(uint8_t *reached, unsigned d, unsigned k, grundy_pos m,
                       const uint16_t *g)
{
    if (k > 0 && (d & 1) && m == 0)
        reached[0] = 1;
    if (k > 0 && (d & 2) && m > 0)
        reached[g[m]] = 1;
}

/* The straightforward baseline: for each n, every move of the code, a
 * byte array of reached values, the mex. */
static uint64_t run_plain(void *payload)
{
    job *j = payload;
    const grundy_takebreak_params *tp = grundy_takebreak_get(j->game);
    uint16_t *g = malloc((size_t)j->n * sizeof *g);
    uint8_t reached[65537 + 64];
    grundy_pos n, a, m;
    unsigned k, v, top = 1;
    uint64_t sink;
    if (!g)
        exit(1);
    for (n = 0; n < j->n; n++) {
        memset(reached, 0, top + 1);
        for (k = 0; k <= tp->take && k <= n; k++) {
            m = n - k;
            mark_small(reached, tp->digit[k], k, m, g);
            if (tp->digit[k] & 4)
                for (a = 1; 2 * a <= m; a++)
                    if (!tp->unequal || 2 * a != m)
                        reached[g[a] ^ g[m - a]] = 1;
        }
        for (v = 0; reached[v]; v++)
            ;
        g[n] = (uint16_t)v;
        while (top <= v)
            top *= 2;
    }
    sink = g[j->n - 1];
    free(g);
    return sink;
}

/* The rare/common baseline (see the top of the file). */
static uint64_t run_rc(void *payload)
{
    job *j = payload;
    const grundy_takebreak_params *tp = grundy_takebreak_get(j->game);
    uint16_t *g = malloc((size_t)j->n * sizeof *g);
    grundy_pos *rp = malloc((size_t)j->n * sizeof *rp), n, a, m, last;
    size_t nrare = 0, r;
    static uint8_t reached[65537 + 64], cand[65537 + 64], rare[65537 + 64];
    unsigned k, v, c, ncand, top = 1, result;
    uint64_t sink;
    if (!g || !rp)
        exit(1);
    for (v = 0; v < 65537 + 64; v++)
        rare[v] = (uint8_t)!__builtin_parity(v & j->mask);
    for (n = 0; n < j->n; n++) {
        memset(reached, 0, top + 1);
        for (k = 0; k <= tp->take && k <= n; k++) {
            m = n - k;
            mark_small(reached, tp->digit[k], k, m, g);
            if (tp->digit[k] & 4)
                for (r = 0; r < nrare && rp[r] < m; r++)
                    if (!tp->unequal || 2 * rp[r] != m)
                        reached[g[rp[r]] ^ g[m - rp[r]]] = 1;
        }
        for (c = 0; reached[c] || rare[c]; c++)
            ;
        ncand = 0;
        for (v = 0; v < c; v++)
            if (rare[v] && !reached[v]) {
                cand[v] = 1;
                ncand++;
            }
        for (k = 0; k <= tp->take && k <= n && ncand; k++) {
            if (!(tp->digit[k] & 4))
                continue;
            m = n - k;
            last = tp->unequal ? (m - 1) / 2 : m / 2;
            for (a = 1; a <= last && ncand; a++) {
                v = g[a] ^ g[m - a];
                if (cand[v]) {
                    cand[v] = 0;
                    ncand--;
                }
            }
        }
        result = c;
        for (v = 0; v < c; v++)
            if (cand[v]) {
                if (result == c)
                    result = v;
                cand[v] = 0;
            }
        g[n] = (uint16_t)result;
        if (n > 0 && rare[result])
            rp[nrare++] = n;
        while (top <= result)
            top *= 2;
    }
    sink = g[j->n - 1] + nrare;
    free(g);
    free(rp);
    return sink;
}

/* The floor: write every position once. */
static uint64_t run_touch(void *payload)
{
    job *j = payload;
    uint16_t *g = malloc((size_t)j->n * sizeof *g);
    grundy_pos n;
    uint64_t sink;
    if (!g)
        exit(1);
    for (n = 0; n < j->n; n++)
        g[n] = (uint16_t)(n ^ (n >> 7));
    sink = g[j->n / 2];
    free(g);
    return sink;
}

static void measure(const char *spec, const char *variant, grundy_pos n,
                    int repeats)
{
    job j;
    bench_result r;
    char name[64];
    grundy_parse_error e;
    j.spec = spec;
    j.n = n;
    if (grundy_game_new(&j.game, spec, &e) != GRUNDY_OK) {
        fprintf(stderr, "bench_takebreak: bad spec %s\n", spec);
        exit(1);
    }
    j.threads = 0;
    j.isa = GRUNDY_SPARSE_AUTO;
    j.method = GRUNDY_TABLE_AUTO;
    if (strcmp(variant, "sparse") == 0) {
        r = bench_run(run_table, &j, repeats);
    } else if (strcmp(variant, "1thread") == 0) {
        j.threads = 1;
        r = bench_run(run_table, &j, repeats);
    } else if (strcmp(variant, "avx2-1t") == 0 ||
               strcmp(variant, "portable-1t") == 0) {
        j.threads = 1;
        j.method = GRUNDY_TABLE_FAST;
        j.isa = variant[0] == 'a' ? GRUNDY_SPARSE_AVX2 : GRUNDY_SPARSE_PORTABLE;
        if (!grundy_sparse_isa_supported(j.isa)) {
            grundy_game_free(j.game);
            return;
        }
        r = bench_run(run_table, &j, repeats);
    } else if (strcmp(variant, "rc") == 0) {
        /* the mask the library settles on for this table */
        grundy_table *t;
        grundy_rare_info info;
        if (grundy_table_new(&t, j.game, n, NULL) != GRUNDY_OK ||
            grundy_table_rare(&info, t) != GRUNDY_OK)
            exit(1);
        j.mask = (unsigned)info.mask;
        grundy_table_free(t);
        r = bench_run(run_rc, &j, repeats);
    } else if (strcmp(variant, "naive") == 0) {
        j.method = GRUNDY_TABLE_NAIVE;
        r = bench_run(run_table, &j, repeats);
    } else if (strcmp(variant, "plain") == 0) {
        r = bench_run(run_plain, &j, repeats);
    } else {
        r = bench_run(run_touch, &j, repeats);
    }
    snprintf(name, sizeof name, "%s/%s", spec, variant);
    bench_print("takebreak", name, n, &r, (double)n);
    grundy_game_free(j.game);
}

/* Time of one table by the kernel (default threads), in ns. */
static double kernel_ns(const char *spec, grundy_pos n, uint64_t *last)
{
    job j;
    bench_result r;
    memset(&j, 0, sizeof j);
    j.spec = spec;
    j.n = n;
    j.method = GRUNDY_TABLE_AUTO;
    if (grundy_game_new(&j.game, spec, NULL) != GRUNDY_OK)
        exit(1);
    r = bench_run(run_table, &j, 1);
    if (last) {
        grundy_table *t;
        if (grundy_table_new(&t, j.game, n, NULL) != GRUNDY_OK)
            exit(1);
        *last = grundy_table_get(t, n - 1);
        grundy_table_free(t);
    }
    grundy_game_free(j.game);
    return r.ns_min;
}

typedef struct timed {
    char spec[8];
    double ns;
} timed;

static int slower_first(const void *a, const void *b)
{
    double x = ((const timed *)a)->ns, y = ((const timed *)b)->ns;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* Every code 0.d1d2d3 to 2^log2 by the kernel; the slowest ten again,
 * with the plain quadratic loop, at 2^plain_log2 (the last value of the
 * two tables must agree). */
static int octal3(int log2, int plain_log2)
{
    static timed all[512];
    grundy_pos n = (grundy_pos)1 << log2, pn = (grundy_pos)1 << plain_log2;
    double total = 0;
    int i;
    bench_header();
    for (i = 0; i < 512; i++) {
        snprintf(all[i].spec, sizeof all[i].spec, "0.%d%d%d", i >> 6,
                 i >> 3 & 7, i & 7);
        all[i].ns = kernel_ns(all[i].spec, n, NULL);
        total += all[i].ns;
    }
    qsort(all, 512, sizeof *all, slower_first);
    printf("# all 512 codes 0.ddd to 2^%d: %.2f s in all, median %.4f s\n",
           log2, total / 1e9, all[256].ns / 1e9);
    for (i = 0; i < 10; i++) {
        job j;
        bench_result r;
        uint64_t want;
        double k = kernel_ns(all[i].spec, pn, &want);
        memset(&j, 0, sizeof j);
        j.spec = all[i].spec;
        j.n = pn;
        if (grundy_game_new(&j.game, j.spec, NULL) != GRUNDY_OK)
            exit(1);
        r = bench_run(run_plain, &j, 1);
        if (r.sink != want) {
            fprintf(stderr, "bench_takebreak: %s: the tables differ\n",
                    j.spec);
            exit(1);
        }
        printf("%s\tkernel 2^%d %.3f s\tkernel 2^%d %.3f s\tplain 2^%d "
               "%.3f s\tplain/kernel %.1f\n",
               all[i].spec, log2, all[i].ns / 1e9, plain_log2, k / 1e9,
               plain_log2, r.ns_min / 1e9, r.ns_min / k);
        fflush(stdout);
        grundy_game_free(j.game);
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const char *codes[] = {"0.77", "0.07",  "0.137",
                                  "0.16", "0.106", "0.6"};
    int max_log2, repeats;
    size_t i;
    int e;

    /* bench_takebreak octal3 LOG2 PLAIN_LOG2 */
    if (argc > 1 && strcmp(argv[1], "octal3") == 0)
        return octal3(argc > 2 ? atoi(argv[2]) : 18,
                      argc > 3 ? atoi(argv[3]) : 16);
    max_log2 = argc > 1 ? atoi(argv[1]) : 22;
    repeats = argc > 2 ? atoi(argv[2]) : 3;

    bench_header();
    measure("0.6", "touch", 1000000, repeats);
    for (i = 0; i < sizeof codes / sizeof *codes; i++) {
        /* side by side where the quadratic methods finish */
        measure(codes[i], "naive", 1 << 13, 1);
        measure(codes[i], "plain", 1 << 13, repeats);
        measure(codes[i], "sparse", 1 << 13, repeats);
        measure(codes[i], "plain", 1 << 16, 1);
        measure(codes[i], "sparse", 1 << 16, repeats);
        /* the kernel alone, to the sizes the baselines cannot reach */
        measure(codes[i], "sparse", 200000, 1);
        /* 0.106 shows no rare/common split below 10^6: the kernel lists
         * every split there, and 10^6 would take many minutes */
        if (strcmp(codes[i], "0.106") != 0)
            measure(codes[i], "sparse", 1000000, 1);
    }
    /* the public solvers' reference sizes: 0.6 and 0.04 to 2*10^5 */
    for (i = 0; i < 2; i++) {
        const char *spec = i ? "0.04" : "0.6";
        measure(spec, "rc", 200000, 1);
        measure(spec, "1thread", 200000, repeats);
        measure(spec, "sparse", 200000, repeats);
    }
    measure("grundy-game", "naive", 1 << 13, 1);
    measure("grundy-game", "plain", 1 << 16, 1);
    measure("grundy-game", "sparse", 1 << 16, repeats);
    for (e = 20; e <= max_log2; e += 2) {
        grundy_pos n = (grundy_pos)1 << e;
        measure("grundy-game", "touch", n, 1);
        measure("grundy-game", "rc", n, 1);
        measure("grundy-game", "portable-1t", n, 1);
        measure("grundy-game", "avx2-1t", n, 1);
        measure("grundy-game", "1thread", n, 1);
        measure("grundy-game", "sparse", n, 1);
    }
    return 0;
}
