/*
 * benchfn.h -- the one timing harness of bench/ (zstd benchfn.h): a
 * function and a payload go in, the minimum and median of several runs
 * come out, in nanoseconds, timed with CLOCK_MONOTONIC.
 *
 * Output is one TSV line per measurement:
 *   module  variant  n  ns_min  ns_median  norm
 * where norm is ns_median divided by the normaliser the caller gives
 * (entries, queries, n log n ...).
 */
#ifndef GRUNDY_BENCHFN_H
#define GRUNDY_BENCHFN_H

#include <stdint.h>

typedef uint64_t (*bench_fn)(void *payload); /* returns a sink value */

typedef struct bench_result {
    double ns_min, ns_median;
    uint64_t sink;
} bench_result;

/* Run fn(payload) `repeats` times (at least 1). */
bench_result bench_run(bench_fn fn, void *payload, int repeats);

/* Print the TSV line; norm_div > 0. */
void bench_print(const char *module, const char *variant, uint64_t n,
                 const bench_result *r, double norm_div);

/* Print the header line once. */
void bench_header(void);

/* A sink the compiler cannot discard (FLINT: if (x == 123) abort()). */
void bench_consume(uint64_t x);

/* Monotonic clock in ns. */
double bench_now_ns(void);

/* splitmix64: the next number of the sequence *state steps through, so
 * that every benchmark's random input comes back from the state it
 * starts at. */
static inline uint64_t bench_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif
