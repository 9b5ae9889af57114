/*
 * test_loopy.c -- generalized Sprague-Grundy values against a retrograde
 * win/loss/draw analysis of the explicit game graphs
 * (tests/support/loopy_oracle.c: no values, only backward induction).
 *
 * On seeded random small graphs (self-loops and repeated edges included;
 * some nearly acyclic so that finite values are common):
 *  - every value, confirmed through sums with Nim heaps: u has the
 *    finite value n iff u + *j loses exactly for j = n (and wins
 *    otherwise); u has inf(K) iff u + *j wins for j in K and is drawn
 *    otherwise -- for every j up to the largest degree + 1;
 *  - the counter method and the passes agree, and both counters keep
 *    their promise (a larger option reverses to a smaller counter);
 *  - sums of 1, 2 and 3 graphs: the outcome from Smith's sum rule, every
 *    winning move and every move that keeps a draw;
 *  - the strategy of grundy_loopy_sum_best() wins in finitely many moves
 *    against every defence (no cycle in the moves it allows), and keeps
 *    drawn sums drawn;
 *  - acyclic graphs against a mex recursion, and addsub:S: (nothing to
 *    add) against the subtraction game of the existing table engine.
 * Each failure prints the seed and the iteration.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loopy_oracle.h"
#include "test_support.h"

/* Fewer cases under the sanitizers, which are ~10x slower. */
#ifdef GRUNDY_SANITIZE
#define SCALE 4
#else
#define SCALE 1
#endif

static long iters(long n)
{
    long k = n * test_multiplier() / SCALE;
    return k > 0 ? k : 1;
}

typedef struct tgraph {
    size_t n, m;
    uint32_t src[64], dst[64];
} tgraph;

/* A random graph: uniform edges, mostly downward edges, or a DAG; with
 * a self-loop and a repeated edge now and then. */
static void random_graph(tgraph *t, test_rng *r, size_t maxn)
{
    size_t i, kind = (size_t)test_rng_below(r, 3);
    t->n = (size_t)test_rng_range(r, 1, maxn);
    t->m = (size_t)test_rng_below(r, 3 * t->n + 1);
    if (t->m > 60)
        t->m = 60;
    for (i = 0; i < t->m; i++) {
        uint32_t u = (uint32_t)test_rng_below(r, t->n);
        uint32_t v = (uint32_t)test_rng_below(r, t->n);
        if (kind == 2 || (kind == 1 && test_rng_below(r, 5) != 0)) {
            if (u == v && t->n > 1)
                u = (uint32_t)((v + 1) % t->n);
            if (u < v) {
                uint32_t x = u;
                u = v;
                v = x;
            }
        }
        t->src[i] = u;
        t->dst[i] = v;
    }
    if (kind == 2) { /* only downward edges: acyclic */
        size_t k = 0;
        for (i = 0; i < t->m; i++)
            if (t->src[i] > t->dst[i]) {
                t->src[k] = t->src[i];
                t->dst[k++] = t->dst[i];
            }
        t->m = k;
    } else if (t->m + 2 <= 60 && test_rng_below(r, 3) == 0) {
        uint32_t u = (uint32_t)test_rng_below(r, t->n);
        t->src[t->m] = u; /* a self-loop */
        t->dst[t->m++] = u;
        if (t->m > 1) { /* a repeated edge */
            t->src[t->m] = t->src[0];
            t->dst[t->m] = t->dst[0];
            t->m++;
        }
    }
}

static grundy_loopy_graph *lib_graph(const tgraph *t)
{
    grundy_loopy_graph *g = NULL;
    if (grundy_loopy_graph_from_edges(&g, t->n, t->src, t->dst, t->m, NULL) !=
        GRUNDY_OK)
        fail_msg("graph_from_edges failed (seed=%llu)",
                 (unsigned long long)test_seed());
    return g;
}

static grundy_loopy_solution *lib_solve(const grundy_loopy_graph *g, int naive)
{
    grundy_loopy_solution *s = NULL;
    grundy_status st = naive ? grundy_loopy_solve_naive(&s, g, NULL)
                             : grundy_loopy_solve_counter(&s, g, NULL);
    if (st != GRUNDY_OK)
        fail_msg("solve failed: %s (seed=%llu)", grundy_strerror(st),
                 (unsigned long long)test_seed());
    return s;
}

/* The counter promise: every option w of a finite u with a larger or
 * infinite value has an option x of u's value with a smaller counter. */
static int counters_ok(const grundy_loopy_solution *s, const tgraph *t)
{
    const grundy_loopy_graph *g = grundy_loopy_solution_graph(s);
    size_t u, i, j;
    for (u = 0; u < t->n; u++) {
        uint32_t vu = grundy_loopy_solution_raw(s, (uint32_t)u);
        uint32_t cu = grundy_loopy_solution_counter(s, (uint32_t)u);
        size_t d;
        const grundy_loopy_vertex *opt;
        if (vu == GRUNDY_LOOPY_INF)
            continue;
        opt = grundy_loopy_graph_successors(g, (uint32_t)u, &d);
        for (i = 0; i < d; i++) {
            size_t d2;
            const grundy_loopy_vertex *o2;
            int found = 0;
            if (grundy_loopy_solution_raw(s, opt[i]) <= vu)
                continue;
            o2 = grundy_loopy_graph_successors(g, opt[i], &d2);
            for (j = 0; j < d2; j++)
                if (grundy_loopy_solution_raw(s, o2[j]) == vu &&
                    grundy_loopy_solution_counter(s, o2[j]) < cu)
                    found = 1;
            if (!found)
                return 0;
        }
    }
    return 1;
}

static size_t max_degree(const tgraph *t)
{
    size_t deg[64] = {0}, i, mx = 0;
    for (i = 0; i < t->m; i++)
        if (++deg[t->src[i]] > mx)
            mx = deg[t->src[i]];
    return mx;
}

static void test_loopy_values_match_nim_sums(void **state)
{
    test_rng *rng = *state;
    long it;
    grundy_loopy_value v;
    grundy_loopy_value_init(&v);
    for (it = 0; it < iters(4000); it++) {
        tgraph t;
        oracle_graph og, heap, prod;
        const oracle_graph *parts[2];
        grundy_loopy_graph *g;
        grundy_loopy_solution *s, *sn;
        unsigned char *out;
        size_t J, u, j, i;
        random_graph(&t, rng, 8);
        g = lib_graph(&t);
        s = lib_solve(g, 0);
        sn = lib_solve(g, 1);
        J = max_degree(&t) + 1;
        oracle_graph_from_edges(&og, t.n, t.src, t.dst, t.m);
        oracle_graph_nim(&heap, J);
        parts[0] = &og;
        parts[1] = &heap;
        oracle_graph_sum(&prod, parts, 2);
        out = malloc(prod.n);
        assert_non_null(out);
        oracle_outcomes(out, &prod);
        for (u = 0; u < t.n; u++) {
            assert_int_equal(grundy_loopy_solution_value(&v, s, (uint32_t)u),
                             GRUNDY_OK);
            if (grundy_loopy_value_outcome(&v) != out[u] ||
                grundy_loopy_solution_outcome(s, (uint32_t)u) != out[u])
                fail_msg("seed=%llu it=%ld: vertex %zu outcome %d, oracle "
                         "%d",
                         (unsigned long long)test_seed(), it, u,
                         (int)grundy_loopy_value_outcome(&v), out[u]);
            for (j = 0; j <= J; j++) {
                int want, got = out[u + j * t.n];
                if (!v.infinite) {
                    want = j == v.finite ? ORACLE_LOSS : ORACLE_WIN;
                } else {
                    int in = 0;
                    for (i = 0; i < v.nk; i++)
                        in |= v.k[i] == j;
                    want = in ? ORACLE_WIN : ORACLE_DRAW;
                }
                if (want != got) {
                    char b[128];
                    grundy_loopy_value_format(&v, b, sizeof b);
                    fail_msg("seed=%llu it=%ld: vertex %zu has value %s "
                             "but vertex + *%zu is %d (expected %d)",
                             (unsigned long long)test_seed(), it, u, b, j, got,
                             want);
                }
            }
        }
        for (u = 0; u < t.n; u++)
            if (grundy_loopy_solution_raw(s, (uint32_t)u) !=
                grundy_loopy_solution_raw(sn, (uint32_t)u))
                fail_msg("seed=%llu it=%ld: counter and naive differ at "
                         "vertex %zu",
                         (unsigned long long)test_seed(), it, u);
        if (!counters_ok(s, &t) || !counters_ok(sn, &t))
            fail_msg("seed=%llu it=%ld: a counter breaks its promise",
                     (unsigned long long)test_seed(), it);
        free(out);
        oracle_graph_clear(&og);
        oracle_graph_clear(&heap);
        oracle_graph_clear(&prod);
        grundy_loopy_solution_free(s);
        grundy_loopy_solution_free(sn);
        grundy_loopy_graph_free(g);
    }
    grundy_loopy_value_clear(&v);
}

/* Sums ********************************************************************/

typedef struct sum_case {
    size_t k;
    tgraph t[3];
    oracle_graph og[3], prod;
    grundy_loopy_graph *g[3];
    grundy_loopy_solution *s[3];
    size_t stride[3];
    unsigned char *out;
} sum_case;

static void sum_case_new(sum_case *c, test_rng *rng, size_t k)
{
    const oracle_graph *parts[3];
    size_t i, maxn = k == 1 ? 9 : k == 2 ? 7 : 5, n = 1;
    memset(c, 0, sizeof *c);
    c->k = k;
    for (i = 0; i < k; i++) {
        random_graph(&c->t[i], rng, maxn);
        c->g[i] = lib_graph(&c->t[i]);
        c->s[i] = lib_solve(c->g[i], 0);
        oracle_graph_from_edges(&c->og[i], c->t[i].n, c->t[i].src, c->t[i].dst,
                                c->t[i].m);
        parts[i] = &c->og[i];
        c->stride[i] = n;
        n *= c->t[i].n;
    }
    oracle_graph_sum(&c->prod, parts, k);
    c->out = malloc(c->prod.n);
    assert_non_null(c->out);
    oracle_outcomes(c->out, &c->prod);
}

static void sum_case_clear(sum_case *c)
{
    size_t i;
    for (i = 0; i < c->k; i++) {
        grundy_loopy_solution_free(c->s[i]);
        grundy_loopy_graph_free(c->g[i]);
        oracle_graph_clear(&c->og[i]);
    }
    oracle_graph_clear(&c->prod);
    free(c->out);
}

static void components(const sum_case *c, size_t state,
                       grundy_loopy_component *comp)
{
    size_t i;
    for (i = 0; i < c->k; i++) {
        comp[i].sol = c->s[i];
        comp[i].vertex = (uint32_t)(state / c->stride[i] % c->t[i].n);
    }
}

static size_t after(const sum_case *c, size_t state, size_t j, uint32_t to)
{
    size_t from = state / c->stride[j] % c->t[j].n;
    return state - from * c->stride[j] + to * c->stride[j];
}

static void check_sum_moves(const sum_case *c, long it)
{
    size_t st, j, e, i;
    grundy_loopy_value v;
    grundy_loopy_value_init(&v);
    for (st = 0; st < c->prod.n; st++) {
        grundy_loopy_component comp[3];
        grundy_loopy_move *m = NULL;
        size_t nm = 0, want_n = 0;
        grundy_loopy_outcome o;
        int want;
        components(c, st, comp);
        assert_int_equal(grundy_loopy_sum_value(&v, comp, c->k), GRUNDY_OK);
        if (grundy_loopy_value_outcome(&v) != c->out[st])
            fail_msg("seed=%llu it=%ld k=%zu state %zu: the sum rule says "
                     "%d, the oracle %d",
                     (unsigned long long)test_seed(), it, c->k, st,
                     (int)grundy_loopy_value_outcome(&v), c->out[st]);
        assert_int_equal(grundy_loopy_sum_moves(&m, &nm, &o, comp, c->k),
                         GRUNDY_OK);
        assert_int_equal((int)o, c->out[st]);
        want = c->out[st] == ORACLE_WIN ? ORACLE_LOSS : ORACLE_DRAW;
        /* Every distinct (component, option) that leads to `want`. */
        if (c->out[st] != ORACLE_LOSS)
            for (j = 0; j < c->k; j++) {
                const oracle_graph *g = &c->og[j];
                uint32_t p = comp[j].vertex;
                for (e = g->off[p]; e < g->off[p + 1]; e++) {
                    size_t f, dup = 0;
                    for (f = g->off[p]; f < e; f++)
                        dup |= g->adj[f] == g->adj[e];
                    if (!dup && c->out[after(c, st, j, g->adj[e])] == want)
                        want_n++;
                }
            }
        if (nm != want_n)
            fail_msg("seed=%llu it=%ld k=%zu state %zu: %zu good moves "
                     "listed, the oracle has %zu",
                     (unsigned long long)test_seed(), it, c->k, st, nm, want_n);
        for (i = 0; i < nm; i++) {
            if (m[i].from != comp[m[i].component].vertex ||
                c->out[after(c, st, m[i].component, m[i].to)] != want ||
                (int)m[i].after != want)
                fail_msg("seed=%llu it=%ld k=%zu state %zu: move %zu is "
                         "not good",
                         (unsigned long long)test_seed(), it, c->k, st, i);
        }
        free(m);
    }
    grundy_loopy_value_clear(&v);
}

/* Depth-first search of the program's strategy from a won state: colour
 * 1 = on the stack, 2 = done.  Returns 0 on a cycle. */
static int strategy_acyclic(const sum_case *c, size_t st, unsigned char *colour,
                            long it)
{
    grundy_loopy_component comp[3];
    grundy_loopy_move best;
    int found;
    size_t t, e;
    if (colour[st] == 2)
        return 1;
    if (colour[st] == 1)
        return 0;
    colour[st] = 1;
    components(c, st, comp);
    assert_int_equal(grundy_loopy_sum_best(&best, &found, comp, c->k),
                     GRUNDY_OK);
    if (!found)
        fail_msg("seed=%llu it=%ld: no move from won state %zu",
                 (unsigned long long)test_seed(), it, st);
    t = after(c, st, best.component, best.to);
    if (c->out[t] != ORACLE_LOSS)
        fail_msg("seed=%llu it=%ld k=%zu: the best move from won state %zu "
                 "does not win",
                 (unsigned long long)test_seed(), it, c->k, st);
    for (e = c->prod.off[t]; e < c->prod.off[t + 1]; e++)
        if (!strategy_acyclic(c, c->prod.adj[e], colour, it))
            return 0;
    colour[st] = 2;
    return 1;
}

static void check_strategy(const sum_case *c, long it)
{
    unsigned char *colour = calloc(c->prod.n, 1);
    size_t st;
    assert_non_null(colour);
    for (st = 0; st < c->prod.n; st++) {
        if (c->out[st] == ORACLE_WIN) {
            if (!strategy_acyclic(c, st, colour, it))
                fail_msg("seed=%llu it=%ld k=%zu: the winning strategy "
                         "from state %zu can cycle",
                         (unsigned long long)test_seed(), it, c->k, st);
        } else if (c->out[st] == ORACLE_DRAW) {
            grundy_loopy_component comp[3];
            grundy_loopy_move best;
            int found;
            components(c, st, comp);
            assert_int_equal(grundy_loopy_sum_best(&best, &found, comp, c->k),
                             GRUNDY_OK);
            if (!found ||
                c->out[after(c, st, best.component, best.to)] != ORACLE_DRAW)
                fail_msg("seed=%llu it=%ld k=%zu: the best move from drawn "
                         "state %zu loses the draw",
                         (unsigned long long)test_seed(), it, c->k, st);
        }
    }
    free(colour);
}

static void test_loopy_sums_match_oracle(void **state)
{
    test_rng *rng = *state;
    static const long count[4] = {0, 1000, 2000, 300};
    size_t k;
    long it;
    for (k = 1; k <= 3; k++)
        for (it = 0; it < iters(count[k]); it++) {
            sum_case c;
            sum_case_new(&c, rng, k);
            check_sum_moves(&c, it);
            check_strategy(&c, it);
            sum_case_clear(&c);
        }
}

/* Acyclic graphs and the existing engine **********************************/

static void test_loopy_acyclic_is_mex(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < iters(300); it++) {
        /* Edges go from larger to smaller ids: a mex in increasing
         * order gives the ordinary values. */
        size_t n = (size_t)test_rng_range(rng, 1, 200), m, i, u;
        uint32_t *src, *dst, *g;
        grundy_loopy_graph *lg;
        grundy_loopy_solution *s;
        m = n == 1 ? 0 : (size_t)test_rng_below(rng, 4 * n + 1);
        src = malloc((m + 1) * sizeof *src);
        dst = malloc((m + 1) * sizeof *dst);
        g = malloc(n * sizeof *g);
        assert_true(src && dst && g);
        for (i = 0; i < m; i++) {
            uint32_t a, b;
            do {
                a = (uint32_t)test_rng_below(rng, n);
                b = (uint32_t)test_rng_below(rng, n);
            } while (a == b);
            src[i] = a > b ? a : b;
            dst[i] = a > b ? b : a;
        }
        for (u = 0; u < n; u++) {
            unsigned char seen[256] = {0};
            uint32_t x = 0;
            for (i = 0; i < m; i++)
                if (src[i] == u && g[dst[i]] < 256)
                    seen[g[dst[i]]] = 1;
            while (seen[x])
                x++;
            g[u] = x;
        }
        assert_int_equal(
            grundy_loopy_graph_from_edges(&lg, n, src, dst, m, NULL),
            GRUNDY_OK);
        assert_int_equal(grundy_loopy_solve(&s, lg, NULL), GRUNDY_OK);
        for (u = 0; u < n; u++)
            if (grundy_loopy_solution_raw(s, (uint32_t)u) != g[u])
                fail_msg("seed=%llu it=%ld: acyclic vertex %zu: %u, mex "
                         "gives %u",
                         (unsigned long long)test_seed(), it, u,
                         grundy_loopy_solution_raw(s, (uint32_t)u), g[u]);
        grundy_loopy_solution_free(s);
        grundy_loopy_graph_free(lg);
        free(src);
        free(dst);
        free(g);
    }
}

static void test_loopy_addsub_without_adds_is_subtract(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < iters(60); it++) {
        char spec[160], sub[64];
        size_t len = 0, k = (size_t)test_rng_range(rng, 1, 4), i;
        uint64_t h = test_rng_range(rng, 1, 3000);
        grundy_loopy_game *lg = NULL;
        grundy_game *g;
        grundy_table *t = NULL;
        grundy_parse_error where;
        const grundy_loopy_solution *s;
        unsigned char used[16] = {0};
        for (i = 0; i < k; i++) {
            unsigned a = (unsigned)test_rng_range(rng, 1, 15);
            if (used[a])
                continue;
            used[a] = 1;
        }
        for (i = 1; i < 16; i++)
            if (used[i])
                len += (size_t)snprintf(sub + len, sizeof sub - len, "%s%zu",
                                        len ? "," : "", i);
        snprintf(spec, sizeof spec, "addsub:%s:", sub);
        {
            char s2[160];
            snprintf(s2, sizeof s2, "subtract:%s", sub);
            g = test_game(s2);
        }
        if (grundy_loopy_game_new(&lg, spec, h, &where, NULL) != GRUNDY_OK)
            fail_msg("seed=%llu it=%ld: %s: %s",
                     (unsigned long long)test_seed(), it, spec, where.msg);
        assert_int_equal(grundy_table_new_naive(&t, g, h + 1, NULL), GRUNDY_OK);
        s = grundy_loopy_game_solution(lg);
        for (i = 0; i <= h; i++)
            if (grundy_loopy_solution_raw(s, (uint32_t)i) !=
                grundy_table_get(t, i))
                fail_msg("seed=%llu it=%ld: %s heap %zu: %u, the table "
                         "engine %llu",
                         (unsigned long long)test_seed(), it, spec, i,
                         grundy_loopy_solution_raw(s, (uint32_t)i),
                         (unsigned long long)grundy_table_get(t, i));
        grundy_table_free(t);
        grundy_game_free(g);
        grundy_loopy_game_free(lg);
    }
}

/* Larger graphs: the two methods agree *************************************/

static void test_loopy_methods_agree_large(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < iters(12); it++) {
        size_t n = (size_t)test_rng_range(rng, 100, 3000), m, i;
        uint32_t *src, *dst;
        grundy_loopy_graph *g;
        grundy_loopy_solution *a, *b;
        unsigned deg = (unsigned)test_rng_range(rng, 1, 6);
        int down = (int)test_rng_below(rng, 2);
        m = n * deg;
        src = malloc(m * sizeof *src);
        dst = malloc(m * sizeof *dst);
        assert_true(src && dst);
        for (i = 0; i < m; i++) {
            src[i] = (uint32_t)(i / deg);
            dst[i] = (uint32_t)test_rng_below(rng, n);
            /* Mostly downward: long chains of finite values. */
            if (down && src[i] > 0 && test_rng_below(rng, 8))
                dst[i] = (uint32_t)test_rng_below(rng, src[i]);
        }
        assert_int_equal(
            grundy_loopy_graph_from_edges(&g, n, src, dst, m, NULL), GRUNDY_OK);
        a = lib_solve(g, 0);
        b = lib_solve(g, 1);
        for (i = 0; i < n; i++)
            if (grundy_loopy_solution_raw(a, (uint32_t)i) !=
                grundy_loopy_solution_raw(b, (uint32_t)i))
                fail_msg("seed=%llu it=%ld: n=%zu vertex %zu differs",
                         (unsigned long long)test_seed(), it, n, i);
        grundy_loopy_solution_free(a);
        grundy_loopy_solution_free(b);
        grundy_loopy_graph_free(g);
        free(src);
        free(dst);
    }
}

/* Parsers on noise: random texts over the alphabets of both formats
 * (and any byte now and then) must give a graph or an error with a
 * place, never a crash (the sanitizer build checks the memory). */
static void test_loopy_parser_survives_noise(void **state)
{
    static const char *const pieces[] = {
        "0",       "1",      "7",        "42",         " ",
        " ",       "\t",     "\n",       "\n",         "\r\n",
        "#",       "# c\n",  "-",        "->",         "--",
        "{",       "}",      "[",        "]",          ";",
        ",",       "=",      ":",        "\"",         "\"q\\\"x\"",
        "a",       "b",      "node",     "edge",       "graph",
        "digraph", "strict", "subgraph", "/*",         "*/",
        "//",      "<",      ">",        "4294967295", "99999999999999999999",
        "x=y"};
    test_rng *rng = *state;
    long it;
    char text[256];
    for (it = 0; it < iters(6000); it++) {
        size_t len = 0, k = (size_t)test_rng_below(rng, 40), i;
        grundy_loopy_graph *g = NULL;
        grundy_parse_error where;
        grundy_status st;
        int format = (int)test_rng_below(rng, 4);
        for (i = 0; i < k; i++) {
            const char *p;
            char one[2];
            if (test_rng_below(rng, 20) == 0) {
                one[0] = (char)test_rng_range(rng, 1, 255);
                one[1] = 0;
                p = one;
            } else {
                p = pieces[test_rng_below(rng,
                                          sizeof pieces / sizeof pieces[0])];
            }
            if (len + strlen(p) >= sizeof text)
                break;
            memcpy(text + len, p, strlen(p));
            len += strlen(p);
        }
        /* Not NUL-terminated on purpose: the parser takes a length. */
        st = grundy_loopy_graph_parse(
            &g, text, len, (grundy_loopy_format)format, &where, NULL);
        if (st == GRUNDY_OK) {
            grundy_loopy_solution *s = NULL;
            assert_non_null(g);
            assert_int_equal(grundy_loopy_solve(&s, g, NULL), GRUNDY_OK);
            grundy_loopy_solution_free(s);
            grundy_loopy_graph_free(g);
        } else {
            assert_null(g);
            if ((st == GRUNDY_ERR_PARSE || st == GRUNDY_ERR_RANGE) &&
                (where.line < 1 || where.col < 1 || !where.msg[0]))
                fail_msg("seed=%llu it=%ld: %s without a place: '%.*s'",
                         (unsigned long long)test_seed(), it,
                         grundy_strerror(st), (int)len, text);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_loopy_values_match_nim_sums,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_loopy_sums_match_oracle,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_loopy_acyclic_is_mex,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_loopy_addsub_without_adds_is_subtract, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_loopy_methods_agree_large,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_loopy_parser_survives_noise,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
