/*
 * bench_takebreak.c -- take-and-break tables: the sparse space kernel
 * (grundy_table_new, AUTO) side by side with
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
 * norm: ns per position.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchfn.h"
#include "grundy/grundy.h"

typedef struct job {
    const char *spec;
    grundy_game *game;
    grundy_pos n;
    grundy_table_method method;
} job;

static uint64_t run_table(void *payload)
{
    job *j = payload;
    grundy_table *t;
    grundy_table_opts o;
    uint64_t sink;
    grundy_table_opts_init(&o);
    o.method = j->method;
    if (grundy_table_new(&t, j->game, j->n, &o) != GRUNDY_OK) {
        fprintf(stderr, "bench_takebreak: %s to %llu failed\n", j->spec,
                (unsigned long long)j->n);
        exit(1);
    }
    sink = grundy_table_get(t, j->n - 1) + grundy_table_max(t, NULL);
    grundy_table_free(t);
    return sink;
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
    unsigned d, k, v, top = 1;
    uint64_t sink;
    if (!g)
        exit(1);
    for (n = 0; n < j->n; n++) {
        memset(reached, 0, top + 1);
        for (k = 0; k <= tp->take && k <= n; k++) {
            d = tp->digit[k];
            m = n - k;
            if (k > 0 && (d & 1) && m == 0)
                reached[0] = 1;
            if (k > 0 && (d & 2) && m > 0)
                reached[g[m]] = 1;
            if (d & 4)
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
    if (strcmp(variant, "sparse") == 0) {
        j.method = GRUNDY_TABLE_AUTO;
        r = bench_run(run_table, &j, repeats);
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

int main(int argc, char **argv)
{
    static const char *codes[] = {"0.77", "0.07", "0.137",
                                  "0.16", "0.106", "0.6"};
    int max_log2 = argc > 1 ? atoi(argv[1]) : 22;
    int repeats = argc > 2 ? atoi(argv[2]) : 3;
    size_t i;
    int e;

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
    measure("grundy-game", "naive", 1 << 13, 1);
    measure("grundy-game", "plain", 1 << 16, 1);
    measure("grundy-game", "sparse", 1 << 16, repeats);
    for (e = 20; e <= max_log2; e += 2) {
        measure("grundy-game", "touch", (grundy_pos)1 << e, 1);
        measure("grundy-game", "sparse", (grundy_pos)1 << e, 1);
    }
    return 0;
}
