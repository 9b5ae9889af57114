/*
 * benchfn.c -- the timing harness.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "benchfn.h"

static volatile uint64_t bench_sink;

double bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

bench_result bench_run(bench_fn fn, void *payload, int repeats)
{
    bench_result r = {0, 0, 0};
    double *t;
    int i;
    if (repeats < 1)
        repeats = 1;
    t = malloc((size_t)repeats * sizeof *t);
    if (!t)
        abort();
    for (i = 0; i < repeats; i++) {
        double t0 = bench_now_ns();
        r.sink ^= fn(payload);
        t[i] = bench_now_ns() - t0;
    }
    qsort(t, (size_t)repeats, sizeof *t, cmp_double);
    r.ns_min = t[0];
    r.ns_median = t[repeats / 2];
    free(t);
    bench_consume(r.sink);
    return r;
}

void bench_header(void)
{
    printf("module\tvariant\tn\tns_min\tns_median\tnorm\n");
}

void bench_print(const char *module, const char *variant, uint64_t n,
                 const bench_result *r, double norm_div)
{
    printf("%s\t%s\t%llu\t%.0f\t%.0f\t%.3f\n", module, variant,
           (unsigned long long)n, r->ns_min, r->ns_median,
           r->ns_median / norm_div);
    fflush(stdout);
}

void bench_consume(uint64_t x)
{
    bench_sink ^= x;
}
