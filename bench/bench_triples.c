/*
 * bench_triples.c -- F(N) for three-heap Nim without equal heaps: time
 * per N, side by side with a baseline and with the floor.
 *
 * Small N (2^8 .. 2^14), one line per variant:
 *   naive      O(N^2) enumeration of the pairs a < b (the baseline)
 *   dp_mod     the digit DP modulo 10^9 (64-bit fast path)
 * Large N (10^18 .. 10^10000, decimal digits in column n):
 *   touch      one pass over the decimal text (reading the input: the floor)
 *   parse      decimal to binary (GMP), which every query pays
 *   dp_mod     the DP modulo 10^9 on the parsed N
 *   query      parse + dp_mod: what 'grundy solve unbalanced-nim' does
 *   dp_mod_gmp the same DP with GMP numbers reduced modulo 10^9 (the
 *              generic path used for moduli above 64 bits): the baseline
 *              for the fast path
 *   dp_exact   the exact F(N) (O(log^2 N))
 * norm is ns per N (per query); each run repeats the query `iters` times.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchfn.h"
#include "grundy/triples.h"

typedef struct payload {
    const char *text;
    size_t len;
    grundy_triples_nat n, m, c, s;
    uint64_t small_n;
    long iters;
} payload;

static void check(grundy_status st)
{
    if (st != GRUNDY_OK) {
        fprintf(stderr, "bench_triples: %s\n", grundy_strerror(st));
        exit(1);
    }
}

static uint64_t run_naive(void *p)
{
    payload *q = p;
    uint64_t c, s, x = 0;
    long i;
    for (i = 0; i < q->iters; i++) {
        check(grundy_triples_losing_naive(&c, &s, q->small_n, 1000000000u));
        x ^= s;
    }
    return x;
}

static uint64_t run_dp_small(void *p)
{
    payload *q = p;
    uint64_t c, s, x = 0;
    long i;
    for (i = 0; i < q->iters; i++) {
        check(grundy_triples_losing_mod_u64(
            &c, &s, q->small_n + (uint64_t)(i & 1), 1000000000u));
        x ^= s;
    }
    return x;
}

static uint64_t run_touch(void *p)
{
    payload *q = p;
    uint64_t x = 0;
    long i;
    size_t j;
    for (i = 0; i < q->iters; i++)
        for (j = 0; j < q->len; j++)
            x = x * 31 + (unsigned char)q->text[j];
    return x;
}

static uint64_t run_parse(void *p)
{
    payload *q = p;
    uint64_t x = 0;
    long i;
    for (i = 0; i < q->iters; i++) {
        check(grundy_triples_nat_set_str(&q->c, q->text, q->len, NULL));
        x ^= q->c.limb[0];
    }
    return x;
}

static uint64_t run_dp_mod(void *p)
{
    payload *q = p;
    uint64_t c, s, x = 0;
    long i;
    for (i = 0; i < q->iters; i++) {
        check(grundy_triples_losing_mod(&c, &s, &q->n, 1000000000u));
        x ^= s;
    }
    return x;
}

static uint64_t run_query(void *p)
{
    payload *q = p;
    uint64_t c, s, x = 0;
    long i;
    for (i = 0; i < q->iters; i++) {
        check(grundy_triples_nat_set_str(&q->c, q->text, q->len, NULL));
        check(grundy_triples_losing_mod(&c, &s, &q->c, 1000000000u));
        x ^= s;
    }
    return x;
}

static uint64_t run_dp_gmp(void *p)
{
    payload *q = p;
    uint64_t x = 0;
    long i;
    for (i = 0; i < q->iters; i++) {
        check(grundy_triples_losing_mod_nat(&q->c, &q->s, &q->n, &q->m));
        x ^= q->s.nlimbs ? q->s.limb[0] : 0;
    }
    return x;
}

static uint64_t run_exact(void *p)
{
    payload *q = p;
    uint64_t x = 0;
    long i;
    for (i = 0; i < q->iters; i++) {
        check(grundy_triples_losing_exact(&q->c, &q->s, &q->n));
        x ^= q->s.limb[0];
    }
    return x;
}

static void line(const char *variant, uint64_t n, bench_fn fn, payload *p,
                 int repeats)
{
    bench_result r = bench_run(fn, p, repeats);
    bench_print("triples", variant, n, &r, (double)p->iters);
}

int main(int argc, char **argv)
{
    payload p;
    static const unsigned digits[] = {19, 101, 1001, 10001};
    unsigned k;
    size_t d;
    char *text;
    int repeats = argc > 1 ? atoi(argv[1]) : 7;

    memset(&p, 0, sizeof p);
    grundy_triples_nat_init(&p.n);
    grundy_triples_nat_init(&p.m);
    grundy_triples_nat_init(&p.c);
    grundy_triples_nat_init(&p.s);
    check(grundy_triples_nat_set_u64(&p.m, 1000000000u));
    bench_header();

    for (k = 8; k <= 14; k += 2) {
        p.small_n = (uint64_t)1 << k;
        p.iters = k <= 10 ? 20 : 1;
        line("naive", p.small_n, run_naive, &p, repeats);
        p.iters = 20000;
        line("dp_mod", p.small_n, run_dp_small, &p, repeats);
    }

    for (d = 0; d < sizeof digits / sizeof digits[0]; d++) {
        size_t len = digits[d];
        long base = len < 200 ? 20000 : len < 2000 ? 400 : 10;
        text = malloc(len + 1);
        if (!text)
            return 1;
        text[0] = '1';
        memset(text + 1, '0', len - 1);
        text[len] = 0;
        p.text = text;
        p.len = len;
        check(grundy_triples_nat_set_str(&p.n, text, len, NULL));
        p.iters = base;
        line("touch", len, run_touch, &p, repeats);
        line("parse", len, run_parse, &p, repeats);
        line("dp_mod", len, run_dp_mod, &p, repeats);
        line("query", len, run_query, &p, repeats);
        p.iters = base / 10 > 0 ? base / 10 : 1;
        line("dp_mod_gmp", len, run_dp_gmp, &p, repeats);
        p.iters = len > 2000 ? 1 : base / 10 > 0 ? base / 10 : 1;
        line("dp_exact", len, run_exact, &p, len > 2000 ? 3 : repeats);
        free(text);
    }
    grundy_triples_nat_clear(&p.n);
    grundy_triples_nat_clear(&p.m);
    grundy_triples_nat_clear(&p.c);
    grundy_triples_nat_clear(&p.s);
    return 0;
}
