/*
 * bench_loopy.c -- generalized Sprague-Grundy values of large graphs with
 * cycles: the counter method against the straightforward one, side by
 * side on the same graphs.
 *
 * Workloads, n = 10^5 .. 10^MAXEXP vertices:
 *   random-d4, random-d8  each vertex has a uniform number of options in
 *                         [0, 2d] (mean d, some terminal vertices), to
 *                         uniformly random vertices: cycles everywhere;
 *   grid                  a token on a square grid moving down or right,
 *                         and up from one cell in five (cycles between
 *                         rows); the bottom row is final;
 *   addsub:1,2:1, addsub:4,5:2  the bounded heap families, heaps 0..n-1.
 * Variants (norm = ns per edge, median):
 *   build    the CSR arrays both ways from edge arrays (or from the
 *            family's moves);
 *   counter  grundy_loopy_solve_counter(): O(V + E) per value level;
 *   naive    grundy_loopy_solve_naive(): passes over the whole graph
 *            until no label changes, the baseline (up to 10^NAIVE_MAXEXP
 *            vertices, one repeat above 10^6).
 * Comment lines give the levels, the share of infinite values and of
 * draws, the bytes per edge held (graph + values) and the peak estimate,
 * the naive/counter ratio, and at the end the peak resident memory.
 *
 * Usage: bench_loopy [MAXEXP [REPEATS [NAIVE_MAXEXP]]]   (default 6 3 6)
 *        bench_loopy gen N D > FILE
 * The second form writes the random graph of N vertices and mean
 * out-degree D as an edge list with an 'n m' header, for timing the whole
 * program (grundy loopy FILE --stats).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "benchfn.h"
#include "grundy/grundy.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng_next(void)
{
    return bench_splitmix64(&rng_state);
}

typedef struct edges {
    uint64_t n;
    size_t m;
    uint32_t *src, *dst;
} edges;

static void edges_random(edges *e, uint64_t n, unsigned d)
{
    uint64_t u;
    size_t cap = (size_t)(n * d + n), k;
    e->n = n;
    e->src = malloc(cap * sizeof *e->src);
    e->dst = malloc(cap * sizeof *e->dst);
    if (!e->src || !e->dst)
        abort();
    e->m = 0;
    for (u = 0; u < n; u++) {
        size_t deg = (size_t)(rng_next() % (2 * d + 1));
        for (k = 0; k < deg && e->m < cap; k++) {
            e->src[e->m] = (uint32_t)u;
            e->dst[e->m++] = (uint32_t)(rng_next() % n);
        }
    }
}

static void edges_grid(edges *e, uint64_t n)
{
    uint64_t s = 1, i, j;
    while ((s + 1) * (s + 1) <= n)
        s++;
    e->n = s * s;
    e->src = malloc(3 * e->n * sizeof *e->src);
    e->dst = malloc(3 * e->n * sizeof *e->dst);
    if (!e->src || !e->dst)
        abort();
    e->m = 0;
#define EDGE(a, b)                                                             \
    do {                                                                       \
        e->src[e->m] = (uint32_t)(a);                                          \
        e->dst[e->m++] = (uint32_t)(b);                                        \
    } while (0)
    /* The bottom row is final. */
    for (i = 0; i + 1 < s; i++)
        for (j = 0; j < s; j++) {
            uint64_t v = i * s + j;
            EDGE(v, v + s);
            if (j + 1 < s)
                EDGE(v, v + 1);
            if (i > 0 && (7 * i + 3 * j) % 5 == 0)
                EDGE(v, v - s);
        }
#undef EDGE
}

typedef struct payload {
    const edges *e;
    const grundy_loopy_game *game; /* addsub: built by the family */
    const grundy_loopy_graph *g;
    grundy_loopy_method method;
} payload;

static uint64_t run_build(void *pv)
{
    payload *p = pv;
    grundy_loopy_graph *g;
    uint64_t m;
    if (grundy_loopy_graph_from_edges(&g, p->e->n, p->e->src, p->e->dst,
                                      p->e->m, NULL) != GRUNDY_OK)
        abort();
    m = grundy_loopy_graph_num_edges(g);
    grundy_loopy_graph_free(g);
    return m;
}

static uint64_t run_solve(void *pv)
{
    payload *p = pv;
    grundy_loopy_solution *s;
    uint64_t x;
    if (grundy_loopy_solve_method(&s, p->g, p->method, NULL) != GRUNDY_OK)
        abort();
    x = grundy_loopy_solution_levels(s) ^ grundy_loopy_solution_raw(s, 0);
    grundy_loopy_solution_free(s);
    return x;
}

/* Time both methods on g; build_ns > 0 is printed as the build line. */
static void measure(const char *module, const grundy_loopy_graph *g,
                    int repeats, int naive, double build_ns)
{
    payload p;
    grundy_loopy_solution *s;
    grundy_loopy_stats st;
    bench_result rc, rn;
    uint64_t n = grundy_loopy_graph_num_vertices(g);
    uint64_t m = grundy_loopy_graph_num_edges(g);
    size_t est = 0, held;
    double dm = m ? (double)m : 1.0;

    memset(&p, 0, sizeof p);
    p.g = g;
    if (build_ns > 0) {
        bench_result rb = {build_ns, build_ns, 0};
        bench_print(module, "build", n, &rb, dm);
    }
    p.method = GRUNDY_LOOPY_METHOD_COUNTER;
    rc = bench_run(run_solve, &p, repeats);
    bench_print(module, "counter", n, &rc, dm);
    if (naive) {
        p.method = GRUNDY_LOOPY_METHOD_NAIVE;
        rn = bench_run(run_solve, &p, n > 1000000 ? 1 : repeats);
        bench_print(module, "naive", n, &rn, dm);
        printf("# %s n=%llu: naive/counter = %.1f\n", module,
               (unsigned long long)n, rn.ns_median / rc.ns_median);
    }
    if (grundy_loopy_solve(&s, g, NULL) != GRUNDY_OK ||
        grundy_loopy_solution_stats(&st, s) != GRUNDY_OK)
        abort();
    held = grundy_loopy_graph_bytes(g) + grundy_loopy_solution_bytes(s);
    if (grundy_loopy_estimate(&est, n, m) != GRUNDY_OK)
        abort();
    printf("# %s n=%llu m=%llu: levels %u, largest finite %lld, infinite "
           "%.1f%%, draws %.1f%%; bytes per edge: %.2f held, %.2f peak "
           "estimate\n",
           module, (unsigned long long)n, (unsigned long long)m, st.levels,
           (long long)st.ncounts - 1, 100.0 * (double)st.infinite / (double)n,
           100.0 * (double)st.draw / (double)n, (double)held / dm,
           (double)est / dm);
    fflush(stdout);
    grundy_loopy_stats_clear(&st);
    grundy_loopy_solution_free(s);
}

static void bench_edges(const char *module, edges *e, int repeats, int naive)
{
    payload p;
    bench_result rb;
    grundy_loopy_graph *g;
    memset(&p, 0, sizeof p);
    p.e = e;
    rb = bench_run(run_build, &p, repeats);
    if (grundy_loopy_graph_from_edges(&g, e->n, e->src, e->dst, e->m, NULL) !=
        GRUNDY_OK)
        abort();
    /* The edge arrays are not needed for solving: free them first. */
    free(e->src);
    free(e->dst);
    e->src = e->dst = NULL;
    measure(module, g, repeats, naive, rb.ns_median);
    grundy_loopy_graph_free(g);
}

static void bench_family(const char *spec, uint64_t n, int repeats, int naive)
{
    grundy_loopy_game *game;
    grundy_parse_error where;
    double t0 = bench_now_ns(), t1;
    /* grundy_loopy_game_new() builds and solves once: the build time is
     * that minus one counter solve, measured again below. */
    if (grundy_loopy_game_new(&game, spec, n - 1, &where, NULL) != GRUNDY_OK)
        abort();
    t1 = bench_now_ns();
    {
        payload p;
        bench_result r;
        memset(&p, 0, sizeof p);
        p.g = grundy_loopy_game_graph(game);
        p.method = GRUNDY_LOOPY_METHOD_COUNTER;
        r = bench_run(run_solve, &p, 1);
        measure(spec, p.g, repeats, naive, t1 - t0 - r.ns_median);
    }
    grundy_loopy_game_free(game);
}

/* The edge list of a random graph on stdout, header first. */
static int gen(uint64_t n, unsigned d)
{
    edges e;
    size_t i, len = 0;
    static char buf[1 << 16];
    edges_random(&e, n, d);
    printf("%llu %llu\n", (unsigned long long)e.n, (unsigned long long)e.m);
    for (i = 0; i < e.m; i++) {
        char tmp[32];
        int k = snprintf(tmp, sizeof tmp, "%u %u\n", e.src[i], e.dst[i]);
        if (len + (size_t)k > sizeof buf) {
            fwrite(buf, 1, len, stdout);
            len = 0;
        }
        memcpy(buf + len, tmp, (size_t)k);
        len += (size_t)k;
    }
    fwrite(buf, 1, len, stdout);
    free(e.src);
    free(e.dst);
    return fflush(stdout) != 0;
}

int main(int argc, char **argv)
{
    int maxexp = argc > 1 ? atoi(argv[1]) : 6;
    int repeats = argc > 2 ? atoi(argv[2]) : 3;
    int naive_max = argc > 3 ? atoi(argv[3]) : 6;
    int e;
    struct rusage ru;

    if (argc == 4 && strcmp(argv[1], "gen") == 0)
        return gen(strtoull(argv[2], NULL, 10), (unsigned)atoi(argv[3]));
    bench_header();
    for (e = 5; e <= maxexp; e++) {
        uint64_t n = 1;
        int k;
        edges ed;
        for (k = 0; k < e; k++)
            n *= 10;
        edges_random(&ed, n, 4);
        bench_edges("loopy.random-d4", &ed, repeats, e <= naive_max);
        edges_random(&ed, n, 8);
        bench_edges("loopy.random-d8", &ed, repeats, e <= naive_max);
        edges_grid(&ed, n);
        bench_edges("loopy.grid", &ed, repeats, e <= naive_max);
        bench_family("addsub:1,2:1", n, repeats, e <= naive_max);
        bench_family("addsub:4,5:2", n, repeats, e <= naive_max);
    }
    if (getrusage(RUSAGE_SELF, &ru) == 0)
        printf("# peak resident memory %.1f MiB\n",
               (double)ru.ru_maxrss / 1024.0);
    return 0;
}
