/*
 * bench_misere.c -- misere quotients grown heap by heap.
 *
 * Variants, side by side on the same game and heap bound:
 *   library    grundy_misere_grow(): conservative heaps proved from the
 *              stored antichain, trial elements indexed directly;
 *   baseline   the straightforward way with the same candidates: every
 *              heap proved by a full search of all sums, trial elements
 *              found through a hash table.
 * norm is ms per heap.
 *
 * Usage: bench_misere run library|baseline CODE N
 *   one growth of CODE to heap N, for timing from outside;
 *        bench_misere [REPEATS [BUDGET_S [MAX_ORDER [MEM_GIB]]]]
 *   Kayles to heap 100 and Dawson's Kayles to heap 33 (both variants),
 *   then Dawson's Kayles heap by heap past 33 until BUDGET_S seconds
 *   (default 30) have passed, with the order at each heap; MAX_ORDER
 *   (default 1000000) bounds the candidates there, MEM_GIB (default 4)
 *   the memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchfn.h"
#include "grundy/grundy.h"
#include "misere/misere_internal.h"

typedef struct payload {
    const grundy_game *g;
    grundy_pos upto;
    int baseline;
} payload;

static uint64_t run(void *pv)
{
    payload *p = pv;
    grundy_misere *q;
    uint64_t order;
    if (grundy_misere_new(&q, p->g, NULL) != GRUNDY_OK)
        abort();
    grundy_mq_misere_set_baseline(q, p->baseline);
    if (grundy_misere_grow(q, p->upto, 0, NULL) != GRUNDY_OK)
        abort();
    order = grundy_misere_order(q);
    grundy_misere_free(q);
    return order;
}

static void side_by_side(const char *spec, grundy_pos upto, int repeats,
                         int base_repeats)
{
    grundy_game *g;
    grundy_parse_error e;
    payload p;
    bench_result r;
    char name[64];
    if (grundy_game_new(&g, spec, &e) != GRUNDY_OK)
        abort();
    p.g = g;
    p.upto = upto;
    snprintf(name, sizeof name, "misere.%s", spec);
    p.baseline = 0;
    r = bench_run(run, &p, repeats);
    bench_print(name, "library", upto, &r, 1e6 * (double)upto);
    printf("# order %llu\n", (unsigned long long)r.sink);
    p.baseline = 1;
    r = bench_run(run, &p, base_repeats);
    bench_print(name, "baseline", upto, &r, 1e6 * (double)upto);
    fflush(stdout);
    grundy_game_free(g);
}

typedef struct budget {
    double start, seconds;
} budget;

static int over_budget(void *ctx, const grundy_progress *pr)
{
    const budget *b = ctx;
    (void)pr;
    return bench_now_ns() - b->start > b->seconds * 1e9;
}

/* Dawson's Kayles heap by heap until the time budget is spent. */
static void far(double seconds, size_t max_order, double gib)
{
    grundy_game *g;
    grundy_parse_error e;
    grundy_misere *q;
    grundy_limits lim;
    budget b;
    grundy_pos h;
    if (grundy_game_new(&g, "0.07", &e) != GRUNDY_OK ||
        grundy_misere_new(&q, g, NULL) != GRUNDY_OK)
        abort();
    grundy_limits_init(&lim);
    b.start = bench_now_ns();
    b.seconds = seconds;
    lim.progress = over_budget;
    lim.progress_ctx = &b;
    lim.interval_ms = 200;
    lim.mem_limit = (size_t)(gib * 1073741824.0);
    printf("# heap\torder\tp_count\tcandidates\tseconds (0.07, budget %.0f "
           "s, max order %zu)\n",
           seconds, max_order);
    for (h = 1;; h++) {
        double t0 = bench_now_ns();
        grundy_status s = grundy_misere_grow(q, h, max_order, &lim);
        grundy_misere_info in;
        grundy_misere_get_info(&in, q);
        if (s != GRUNDY_OK) {
            printf("# heap %llu not reached: %s after %.1f s%s%zu "
                   "candidates in all, the largest for this heap %zu\n",
                   (unsigned long long)h, grundy_strerror(s),
                   (bench_now_ns() - t0) / 1e9,
                   in.stopped_candidate ? " (candidate past max order), "
                                        : ", ",
                   in.candidates, in.largest_candidate);
            break;
        }
        printf("%llu\t%zu\t%zu\t%zu\t%.3f\n", (unsigned long long)h,
               in.order, in.p_count, in.candidates,
               (bench_now_ns() - t0) / 1e9);
        fflush(stdout);
    }
    grundy_misere_free(q);
    grundy_game_free(g);
}

static int run_once(const char *variant, const char *spec, const char *n)
{
    grundy_game *g;
    grundy_parse_error e;
    payload p;
    if (grundy_game_new(&g, spec, &e) != GRUNDY_OK)
        return 2;
    p.g = g;
    p.upto = (grundy_pos)strtoull(n, NULL, 10);
    p.baseline = strcmp(variant, "baseline") == 0;
    printf("%s %s to heap %llu: order %llu\n", variant, spec,
           (unsigned long long)p.upto, (unsigned long long)run(&p));
    grundy_game_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 3;
    double seconds = argc > 2 ? atof(argv[2]) : 30;
    size_t max_order = argc > 3 ? (size_t)atol(argv[3]) : 1000000;
    double gib = argc > 4 ? atof(argv[4]) : 4;
    if (argc == 5 && strcmp(argv[1], "run") == 0)
        return run_once(argv[2], argv[3], argv[4]);
    if (repeats < 1)
        repeats = 1;
    bench_header();
    side_by_side("0.77", 100, 5 * repeats, 5 * repeats);
    side_by_side("0.07", 33, repeats, 1);
    far(seconds, max_order, gib);
    return 0;
}
