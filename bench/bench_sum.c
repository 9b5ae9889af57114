/*
 * bench_sum.c -- the value and every winning move of a sum of many heaps.
 *
 * Variants, side by side on the same sums of n Digit Nim heaps drawn
 * uniformly below `top`:
 *   floor      XOR of the positions: reading the sum once, the least any
 *              method must do;
 *   library    grundy_sum_winning_moves() through a fresh values object
 *              (so each run builds its table): one shared table for the
 *              game, then every move of every component looked up in it;
 *   baseline   the straightforward way: a fresh values object for each
 *              component's value, then for each part of each move (only
 *              run for n = 64: each call builds what it needs on its
 *              own).
 * norm is ns per component; a comment line gives the number of winning
 * moves listed.  A last line times the exact search of a
 * misere sum, normalised per position of the sum searched.
 */
#include <stdio.h>
#include <stdlib.h>

#include "benchfn.h"
#include "grundy/grundy.h"

typedef struct payload {
    grundy_sum_component *c;
    size_t n;
    const grundy_game *g;
} payload;

static uint64_t run_floor(void *pv)
{
    payload *p = pv;
    uint64_t x = 0;
    size_t i;
    for (i = 0; i < p->n; i++)
        x ^= p->c[i].pos;
    return x;
}

/* g(p) as a program without a shared source would get it. */
static grundy_value value_alone(const grundy_game *g, grundy_pos pos)
{
    grundy_values *v;
    grundy_value x;
    if (grundy_values_new(&v, g, NULL) != GRUNDY_OK ||
        grundy_values_get(&x, v, pos) != GRUNDY_OK)
        abort();
    grundy_values_free(v);
    return x;
}

static void set_values(payload *p, grundy_values *v)
{
    size_t i;
    for (i = 0; i < p->n; i++)
        p->c[i].values = v;
}

static uint64_t run_library(void *pv)
{
    payload *p = pv;
    grundy_sum_move *m = NULL;
    grundy_values *v;
    size_t n = 0;
    if (grundy_values_new(&v, p->g, NULL) != GRUNDY_OK)
        abort();
    set_values(p, v);
    if (grundy_sum_winning_moves(&m, &n, p->c, p->n, NULL) != GRUNDY_OK)
        abort();
    free(m);
    grundy_values_free(v);
    return n;
}

static uint64_t run_baseline(void *pv)
{
    payload *p = pv;
    grundy_value *v = malloc(p->n * sizeof *v), x = 0, y;
    grundy_move *buf = NULL;
    size_t cap = 0, nm, i, j, wins = 0;
    unsigned k;
    for (i = 0; i < p->n; i++) {
        v[i] = value_alone(p->g, p->c[i].pos);
        x ^= v[i];
    }
    for (i = 0; i < p->n && x; i++) {
        if (grundy_game_moves(p->g, p->c[i].pos, &buf, &cap, &nm) !=
            GRUNDY_OK)
            abort();
        for (j = 0; j < nm; j++) {
            grundy_value t = 0;
            for (k = 0; k < buf[j].nparts; k++) {
                y = value_alone(p->g, buf[j].part[k]);
                t ^= y;
            }
            wins += t == (v[i] ^ x);
        }
    }
    free(buf);
    free(v);
    return wins;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rng_next(void)
{
    return bench_splitmix64(&rng_state);
}

static void fill(payload *p, size_t n, grundy_pos top, grundy_values *v)
{
    size_t i;
    p->n = n;
    for (i = 0; i < n; i++) {
        p->c[i].values = v;
        p->c[i].pos = rng_next() % top;
    }
    /* Make the first player the winner, so that moves are listed. */
    for (;;) {
        grundy_value x;
        if (grundy_sum_value(&x, p->c, n) != GRUNDY_OK)
            abort();
        if (x)
            break;
        p->c[0].pos = (p->c[0].pos + 1) % top;
    }
}

static uint64_t run_search(void *pv)
{
    payload *p = pv;
    grundy_sum_search_opts o;
    grundy_sum_search_result r;
    uint64_t states;
    grundy_sum_search_opts_init(&o);
    o.convention = GRUNDY_PLAY_MISERE;
    if (grundy_sum_search(&r, p->c, p->n, &o) != GRUNDY_OK)
        abort();
    states = r.states;
    grundy_sum_search_result_clear(&r);
    return states;
}

int main(void)
{
    grundy_game *g;
    grundy_values *shared;
    payload p;
    size_t n;
    bench_result r;
    const size_t nmax = (size_t)1 << 20;

    if (grundy_game_new(&g, "digits", NULL) != GRUNDY_OK)
        return 1;
    p.g = g;
    p.c = malloc(nmax * sizeof *p.c);
    if (!p.c || grundy_values_new(&shared, g, NULL) != GRUNDY_OK)
        return 1;
    bench_header();
    for (n = (size_t)1 << 6; n <= nmax; n <<= 2) {
        fill(&p, n, 1000000, shared);
        r = bench_run(run_floor, &p, 5);
        bench_print("sum", "floor", n, &r, (double)n);
        r = bench_run(run_library, &p, 5);
        bench_print("sum", "library", n, &r, (double)n);
        printf("# %llu winning moves\n", (unsigned long long)r.sink);
        if (n <= ((size_t)1 << 6)) {
            r = bench_run(run_baseline, &p, 1);
            bench_print("sum", "baseline", n, &r, (double)n);
        }
        bench_consume(r.sink);
    }
    /* Exact misere search of three Digit Nim heaps. */
    p.n = 3;
    set_values(&p, shared);
    p.c[0].pos = 60;
    p.c[1].pos = 47;
    p.c[2].pos = 55;
    r = bench_run(run_search, &p, 3);
    bench_print("sum", "search-misere", 3, &r, (double)r.sink);
    free(p.c);
    grundy_values_free(shared);
    grundy_game_free(g);
    return 0;
}
