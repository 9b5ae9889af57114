/*
 * bench_range.c -- Digit Nim range counting with updates (the format of
 * 'grundy solve digit-nim'), side by side in one run:
 *
 *   floor           read every token and write one line per count query:
 *                   the least any solution must do
 *   grundy          the pipeline of 'grundy solve digit-nim' through the
 *                   library: scanner, digits table, grundy_range, writer
 *   editorial       the contest editorial: one Fenwick tree of counts per
 *                   Grundy value; a query sums each tree over [L, R] and
 *                   enumerates the parity masks of the values, adding the
 *                   products of 2^(c-1) over masks whose XOR is zero; the
 *                   same scanner and writer as grundy
 *   grundy-core     grundy's engine alone on pre-parsed queries
 *   editorial-core  the editorial's structure alone on pre-parsed queries
 *   cli             (with --cli PATH) the grundy program itself, input
 *                   from a file, output to /dev/null
 *
 * Inputs come from the generator below: n piles uniform in [0, 200000],
 * then n queries, half counts over uniform ranges and half updates to
 * uniform piles.  grundy and editorial must agree on every answer (a
 * checksum); the run stops otherwise.
 *
 * --mulmod instead times the engine's modular product alone: inline
 * (grundy_nt_mulmod_preinv, nt_internal.h) against FLINT's
 * n_mulmod2_preinv, which it replaced (called through libflint loaded
 * with dlopen, the soname the build found): a dependent chain of 10^7
 * products modulo 10^9 + 7 and modulo a prime near 2^62 (the loop that
 * fills the engine's tables of powers of two), the two chains checked
 * equal; and grundy_range_new() with counts (12 288 such products, then
 * the tree), the only place a count workload multiplies by the
 * pre-inverted modulus: a count query multiplies by table constants
 * with Shoup's quotient.  norm: ns per product / per engine.
 *
 * Usage: bench_range [--sizes N,N,...] [--repeats R] [--cli PATH]
 *                    [--only VARIANT] [--save FILE] | --mulmod
 * (defaults: 200000 and 10000000, 5 repeats below 10^6 and 1 above;
 * --save writes the generated input of the last size to FILE).  Wall
 * times go to stdout as TSV; CPU times and the ratios to stderr.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "benchfn.h"
#include "nt/nt_internal.h"
#include "grundy/grundy.h"

#define PMOD 1000000007ull
#define AMAX 200000u

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t rng_next(rng *r)
{
    return bench_splitmix64(&r->s);
}

static uint64_t rng_below(rng *r, uint64_t n)
{
    return rng_next(r) % n;
}

/* The input text ***********************************************************/

typedef struct text {
    char *p;
    size_t len, cap;
} text;

static void put_u64(text *t, uint64_t v, char sep)
{
    char buf[24];
    int k = 0;
    if (t->len + 24 > t->cap) {
        t->cap = t->cap ? 2 * t->cap : 1 << 20;
        t->p = realloc(t->p, t->cap);
        if (!t->p)
            abort();
    }
    do {
        buf[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (k)
        t->p[t->len++] = buf[--k];
    t->p[t->len++] = sep;
}

static text generate(size_t n, uint64_t seed)
{
    text t = {NULL, 0, 0};
    rng r = {seed};
    size_t i;
    put_u64(&t, n, '\n');
    for (i = 0; i < n; i++)
        put_u64(&t, rng_below(&r, AMAX + 1), i + 1 < n ? ' ' : '\n');
    put_u64(&t, n, '\n');
    for (i = 0; i < n; i++) {
        if (rng_below(&r, 2)) {
            uint64_t a = 1 + rng_below(&r, n), b = 1 + rng_below(&r, n);
            put_u64(&t, 1, ' ');
            put_u64(&t, a < b ? a : b, ' ');
            put_u64(&t, a < b ? b : a, '\n');
        } else {
            put_u64(&t, 2, ' ');
            put_u64(&t, 1 + rng_below(&r, n), ' ');
            put_u64(&t, rng_below(&r, AMAX + 1), '\n');
        }
    }
    return t;
}

/* Shared state ***********************************************************/

typedef struct payload {
    const text *in;
    int devnull;
    const grundy_table *digits; /* g(0..AMAX) */
    unsigned nvals;             /* values 0..nvals-1 occur */
    /* pre-parsed, for the -core variants */
    size_t n, q;
    uint8_t *v0;                /* starting values */
    uint32_t *qa, *qb;          /* a, b per query */
    uint8_t *qt;                /* type per query */
    uint32_t *qx;               /* update: the new value */
    const char *cli;
    const char *in_path;
} payload;

static void die(const char *what)
{
    fprintf(stderr, "bench_range: %s\n", what);
    exit(1);
}

static uint64_t scan(grundy_scanner *s, uint64_t hi)
{
    uint64_t v;
    if (grundy_scan_u64(s, &v, 0, hi, NULL) != GRUNDY_OK)
        die("bad input");
    return v;
}

/* floor: every token read, one line written per count query. */
static uint64_t run_floor(void *vp)
{
    payload *p = vp;
    grundy_scanner s;
    grundy_writer w;
    uint64_t n, q, i, sink = 0;
    if (grundy_scanner_init_mem(&s, p->in->p, p->in->len) != GRUNDY_OK ||
        grundy_writer_init(&w, p->devnull) != GRUNDY_OK)
        die("init");
    n = scan(&s, UINT64_MAX);
    for (i = 0; i < n; i++)
        sink += scan(&s, UINT64_MAX);
    q = scan(&s, UINT64_MAX);
    for (i = 0; i < q; i++) {
        uint64_t t = scan(&s, UINT64_MAX), a = scan(&s, UINT64_MAX),
                 b = scan(&s, UINT64_MAX);
        if (t == 1) {
            grundy_writer_u64(&w, (a * 1000003u + b) % PMOD);
            grundy_writer_char(&w, '\n');
        }
        sink += a ^ b;
    }
    (void)grundy_writer_clear(&w);
    grundy_scanner_clear(&s);
    return sink;
}

/* The look-ahead of src/range/stream.c: the next LOOKAHEAD queries that sit
 * whole in the scanner's buffer are announced to the engine (and an
 * update's pile to the table). */
#define LOOKAHEAD 4

typedef struct ahead {
    size_t pos;
    unsigned count;
} ahead;

static int is_blank(unsigned char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

static int peek_u64(const unsigned char *buf, size_t len, size_t *pos,
                    uint64_t *v)
{
    size_t p = *pos, d;
    uint64_t x = 0;
    while (p < len && is_blank(buf[p]))
        p++;
    for (d = p; p < len && buf[p] >= '0' && buf[p] <= '9'; p++)
        x = x * 10 + (uint64_t)(buf[p] - '0');
    if (p == d || p == len || !is_blank(buf[p]) || p - d > 18)
        return 0;
    *v = x;
    *pos = p;
    return 1;
}

static void lookahead(ahead *ah, const grundy_scanner *s,
                      const grundy_range *r, const grundy_table *t, size_t n)
{
    if (n < ((size_t)1 << 20)) /* as in src/range/stream.c */
        return;
    if (ah->pos < s->pos) {
        ah->pos = s->pos;
        ah->count = 0;
    } else if (ah->count > 0) {
        ah->count--;
    }
    while (ah->count < LOOKAHEAD) {
        size_t p = ah->pos;
        uint64_t ty, a, b;
        if (!peek_u64(s->buf, s->len, &p, &ty) ||
            !peek_u64(s->buf, s->len, &p, &a) ||
            !peek_u64(s->buf, s->len, &p, &b))
            return;
        ah->pos = p;
        ah->count++;
        if (a < 1 || a > n)
            continue;
        if (ty == 2) {
            grundy_range_prefetch(r, (size_t)a - 1, (size_t)a - 1);
            if (b < grundy_table_size(t))
                __builtin_prefetch((const char *)grundy_table_data(t) +
                                   b * grundy_table_width(t));
        } else if (a <= b && b <= n) {
            grundy_range_prefetch(r, (size_t)a - 1, (size_t)b - 1);
        }
    }
}

/* grundy: the steps of grundy_range_stream_run() for 'solve digit-nim'. */
static uint64_t run_grundy(void *vp)
{
    payload *p = vp;
    grundy_scanner s;
    grundy_writer w;
    grundy_range *r = NULL;
    grundy_table *t = NULL;
    grundy_game *g = NULL;
    uint64_t n, q, i, a, b, type, sink = 0, *pos, maxp = 0;
    grundy_value vals[4096];
    ahead ah = {0, 0};
    if (grundy_scanner_init_mem(&s, p->in->p, p->in->len) != GRUNDY_OK ||
        grundy_writer_init(&w, p->devnull) != GRUNDY_OK ||
        grundy_game_new(&g, "digits", NULL) != GRUNDY_OK)
        die("init");
    n = scan(&s, 1u << 30);
    pos = malloc(n * sizeof *pos);
    if (!pos)
        die("memory");
    for (i = 0; i < n; i++) {
        pos[i] = scan(&s, 1000000000u);
        if (pos[i] > maxp)
            maxp = pos[i];
    }
    if (grundy_range_new(&r, n, NULL) != GRUNDY_OK ||
        grundy_table_new(&t, g, maxp + 1, NULL) != GRUNDY_OK)
        die("init");
    for (i = 0; i < n;) {
        size_t c = 0;
        for (; i < n && c < 4096; i++, c++)
            vals[c] = grundy_table_get(t, pos[i]);
        if (grundy_range_assign(r, i - c, vals, c) != GRUNDY_OK)
            die("assign");
    }
    free(pos);
    q = scan(&s, UINT64_MAX);
    for (i = 0; i < q; i++) {
        unsigned long line, col;
        type = scan(&s, 2);
        a = scan(&s, n);
        if (type == 2) {
            uint64_t x = scan(&s, 1000000000u);
            lookahead(&ah, &s, r, t, n);
            if (x >= grundy_table_size(t) &&
                grundy_table_extend(t, x + 1, NULL) != GRUNDY_OK)
                die("extend");
            if (grundy_range_set(r, a - 1, grundy_table_get(t, x)) !=
                GRUNDY_OK)
                die("set");
            continue;
        }
        (void)grundy_scan_at_eof(&s);
        grundy_scan_where(&s, &line, &col);
        b = scan(&s, n);
        lookahead(&ah, &s, r, t, n);
        {
            uint64_t c = grundy_range_count(r, a - 1, b - 1);
            sink = sink * 31 + c;
            grundy_writer_u64(&w, c);
            grundy_writer_char(&w, '\n');
        }
    }
    (void)grundy_writer_clear(&w);
    grundy_scanner_clear(&s);
    grundy_range_free(r);
    grundy_table_free(t);
    grundy_game_free(g);
    return sink;
}

/* The editorial: a Fenwick tree of counts per value. */
typedef struct editorial {
    size_t n;
    unsigned k;      /* values 0..k-1 */
    int32_t **bit;   /* bit[v][1..n] */
    uint8_t *val;
    uint64_t *pow2;  /* 2^0 .. 2^n mod PMOD */
} editorial;

static void ed_add(editorial *e, unsigned v, size_t i, int32_t d)
{
    int32_t *b = e->bit[v];
    for (; i <= e->n; i += i & (~i + 1))
        b[i] += d;
}

static int32_t ed_prefix(const editorial *e, unsigned v, size_t i)
{
    const int32_t *b = e->bit[v];
    int32_t s = 0;
    for (; i > 0; i -= i & (~i + 1))
        s += b[i];
    return s;
}

static void ed_init(editorial *e, size_t n, unsigned k)
{
    unsigned v;
    size_t i;
    e->n = n;
    e->k = k;
    e->bit = malloc(k * sizeof *e->bit);
    e->val = calloc(n + 1, 1);
    e->pow2 = malloc((n + 1) * sizeof *e->pow2);
    if (!e->bit || !e->val || !e->pow2)
        die("memory");
    for (v = 0; v < k; v++)
        if (!(e->bit[v] = calloc(n + 1, sizeof(int32_t))))
            die("memory");
    e->pow2[0] = 1;
    for (i = 1; i <= n; i++)
        e->pow2[i] = e->pow2[i - 1] * 2 % PMOD;
}

/* Build from values in O(n k) (each tree in linear time). */
static void ed_load(editorial *e, const uint8_t *vals)
{
    unsigned v;
    size_t i;
    for (i = 1; i <= e->n; i++) {
        e->val[i] = vals[i - 1];
        e->bit[vals[i - 1]][i]++;
    }
    for (v = 0; v < e->k; v++)
        for (i = 1; i <= e->n; i++) {
            size_t j = i + (i & (~i + 1));
            if (j <= e->n)
                e->bit[v][j] += e->bit[v][i];
        }
}

static void ed_free(editorial *e)
{
    unsigned v;
    for (v = 0; v < e->k; v++)
        free(e->bit[v]);
    free(e->bit);
    free(e->val);
    free(e->pow2);
}

static void ed_set(editorial *e, size_t i, unsigned v)
{
    if (e->val[i] == v)
        return;
    ed_add(e, e->val[i], i, -1);
    ed_add(e, v, i, 1);
    e->val[i] = (uint8_t)v;
}

static uint64_t ed_count(const editorial *e, size_t l, size_t r)
{
    int32_t c[32];
    unsigned v, mask, nonzero = e->k - 1;
    uint64_t lose = 0, len = r - l + 1;
    for (v = 0; v < e->k; v++)
        c[v] = ed_prefix(e, v, r) - ed_prefix(e, v, l - 1);
    /* mask bit (v - 1): value v taken an odd number of times */
    for (mask = 0; mask < (1u << nonzero); mask++) {
        unsigned x = 0;
        uint64_t prod = 1;
        for (v = 1; v < e->k; v++)
            if (mask >> (v - 1) & 1)
                x ^= v;
        if (x)
            continue;
        for (v = 1; v < e->k && prod; v++) {
            int odd = mask >> (v - 1) & 1;
            if (c[v] == 0)
                prod = odd ? 0 : prod;
            else
                prod = prod * e->pow2[c[v] - 1] % PMOD;
        }
        lose = (lose + prod) % PMOD;
    }
    lose = lose * e->pow2[c[0]] % PMOD;
    return (e->pow2[len] + PMOD - lose) % PMOD;
}

static uint64_t run_editorial(void *vp)
{
    payload *p = vp;
    grundy_scanner s;
    grundy_writer w;
    editorial e;
    uint64_t n, q, i, a, b, type, sink = 0;
    uint8_t *vals;
    if (grundy_scanner_init_mem(&s, p->in->p, p->in->len) != GRUNDY_OK ||
        grundy_writer_init(&w, p->devnull) != GRUNDY_OK)
        die("init");
    n = scan(&s, 1u << 30);
    vals = malloc(n);
    if (!vals)
        die("memory");
    for (i = 0; i < n; i++)
        vals[i] = (uint8_t)grundy_table_get(p->digits, scan(&s, AMAX));
    ed_init(&e, n, p->nvals);
    ed_load(&e, vals);
    free(vals);
    q = scan(&s, UINT64_MAX);
    for (i = 0; i < q; i++) {
        type = scan(&s, 2);
        a = scan(&s, n);
        b = scan(&s, type == 1 ? n : AMAX);
        if (type == 2) {
            ed_set(&e, a, (unsigned)grundy_table_get(p->digits, b));
        } else {
            uint64_t c = ed_count(&e, a, b);
            sink = sink * 31 + c;
            grundy_writer_u64(&w, c);
            grundy_writer_char(&w, '\n');
        }
    }
    ed_free(&e);
    (void)grundy_writer_clear(&w);
    grundy_scanner_clear(&s);
    return sink;
}

static uint64_t run_grundy_core(void *vp)
{
    payload *p = vp;
    grundy_range *r = NULL;
    grundy_value vals[4096];
    size_t i, k;
    uint64_t sink = 0;
    if (grundy_range_new(&r, p->n, NULL) != GRUNDY_OK)
        die("init");
    for (i = 0; i < p->n;) {
        size_t c = 0;
        for (; i < p->n && c < 4096; i++, c++)
            vals[c] = p->v0[i];
        if (grundy_range_assign(r, i - c, vals, c) != GRUNDY_OK)
            die("assign");
    }
    for (k = 0; k < p->q; k++) {
        if (k + 4 < p->q)
            grundy_range_prefetch(r, p->qa[k + 4] - 1,
                                  p->qt[k + 4] == 2 ? p->qa[k + 4] - 1
                                                    : p->qb[k + 4] - 1);
        if (p->qt[k] == 2) {
            if (grundy_range_set(r, p->qa[k] - 1, p->qx[k]) != GRUNDY_OK)
                die("set");
        } else {
            sink = sink * 31 + grundy_range_count(r, p->qa[k] - 1,
                                                  p->qb[k] - 1);
        }
    }
    grundy_range_free(r);
    return sink;
}

static uint64_t run_editorial_core(void *vp)
{
    payload *p = vp;
    editorial e;
    size_t k;
    uint64_t sink = 0;
    ed_init(&e, p->n, p->nvals);
    ed_load(&e, p->v0);
    for (k = 0; k < p->q; k++) {
        if (p->qt[k] == 2)
            ed_set(&e, p->qa[k], p->qx[k]);
        else
            sink = sink * 31 + ed_count(&e, p->qa[k], p->qb[k]);
    }
    ed_free(&e);
    return sink;
}

/* CPU time of the waited-for children so far. */
static double children_cpu_ns(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e9 +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e3;
}

static uint64_t run_cli(void *vp)
{
    payload *p = vp;
    pid_t pid = fork();
    int st;
    if (pid < 0)
        die("fork");
    if (pid == 0) {
        int in = open(p->in_path, O_RDONLY);
        if (in < 0 || dup2(in, 0) < 0 || dup2(p->devnull, 1) < 0)
            _exit(127);
        execl(p->cli, p->cli, "solve", "digit-nim", (char *)NULL);
        _exit(127);
    }
    if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
        die("the grundy program failed");
    return 0;
}

static const char *only; /* --only VARIANT: run just that one */

/* CPU time of this process in ns: on a shared machine the wall clock
 * also counts the time other processes hold the cores, so the ratios
 * are taken from CPU time as well. */
static double cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* bench_run() plus the CPU time per run (the mean over the repeats). */
static bench_result run_both(bench_fn fn, payload *p, int rep,
                             const char *variant, size_t n, double *cpu)
{
    double c0 = cpu_ns();
    bench_result r = bench_run(fn, p, rep);
    *cpu = (cpu_ns() - c0) / rep;
    bench_print("range", variant, n, &r, (double)n);
    fprintf(stderr, "range\t%s\t%zu\tcpu_ns_mean %.0f\tcpu_norm %.1f\n",
            variant, n, *cpu, *cpu / (double)n);
    return r;
}

static int want(const char *variant)
{
    return !only || strcmp(only, variant) == 0;
}

static void preparse(payload *p)
{
    grundy_scanner s;
    size_t i;
    if (grundy_scanner_init_mem(&s, p->in->p, p->in->len) != GRUNDY_OK)
        die("init");
    p->n = (size_t)scan(&s, UINT64_MAX);
    p->v0 = malloc(p->n);
    for (i = 0; i < p->n; i++)
        p->v0[i] = (uint8_t)grundy_table_get(p->digits, scan(&s, AMAX));
    p->q = (size_t)scan(&s, UINT64_MAX);
    p->qt = malloc(p->q);
    p->qa = malloc(p->q * sizeof *p->qa);
    p->qb = malloc(p->q * sizeof *p->qb);
    p->qx = malloc(p->q * sizeof *p->qx);
    if (!p->v0 || !p->qt || !p->qa || !p->qb || !p->qx)
        die("memory");
    for (i = 0; i < p->q; i++) {
        uint64_t b;
        p->qt[i] = (uint8_t)scan(&s, 2);
        p->qa[i] = (uint32_t)scan(&s, p->n);
        b = scan(&s, UINT32_MAX);
        p->qb[i] = (uint32_t)b;
        p->qx[i] = p->qt[i] == 2 ? (uint32_t)grundy_table_get(p->digits, b)
                                 : 0;
    }
    grundy_scanner_clear(&s);
}

/* --mulmod ****************************************************************/

typedef struct mulmod_job {
    uint64_t p, pinv, steps;
    ulong (*flint)(ulong, ulong, ulong, ulong); /* n_mulmod2_preinv */
} mulmod_job;

static uint64_t chain_inline(void *arg)
{
    const mulmod_job *j = arg;
    uint64_t cur = 1, step = 2, k;
    for (k = 0; k < j->steps; k++)
        cur = grundy_nt_mulmod_preinv(cur, step, j->p, j->pinv);
    return cur;
}

static uint64_t chain_flint(void *arg)
{
    const mulmod_job *j = arg;
    ulong cur = 1, k;
    for (k = 0; k < j->steps; k++)
        cur = j->flint(cur, 2, (ulong)j->p, (ulong)j->pinv);
    return cur;
}

static uint64_t engine_new(void *arg)
{
    const mulmod_job *j = arg;
    grundy_range_opts o;
    grundy_range *r = NULL;
    uint64_t c;
    grundy_range_opts_init(&o);
    o.modulus = j->p;
    if (grundy_range_new(&r, 1000, &o) != GRUNDY_OK)
        die("grundy_range_new");
    c = grundy_range_count(r, 0, 999);
    grundy_range_free(r);
    return c;
}

static int bench_mulmod(void)
{
    static const uint64_t primes[] = {1000000007ull,
                                      4611686018427387847ull};
    void *h = dlopen(GRUNDY_FLINT_SONAME, RTLD_NOW | RTLD_LOCAL);
    mulmod_job j;
    size_t k;
    if (!h || !(*(void **)&j.flint = dlsym(h, "n_mulmod2_preinv")))
        die("libflint (" GRUNDY_FLINT_SONAME ")");
    bench_header();
    for (k = 0; k < 2; k++) {
        bench_result ri, rf, re;
        char name[64];
        j.p = primes[k];
        j.pinv = grundy_nt_preinvert(j.p);
        j.steps = 10000000;
        ri = bench_run(chain_inline, &j, 5);
        rf = bench_run(chain_flint, &j, 5);
        if (ri.sink != rf.sink)
            die("the inline product and FLINT's disagree");
        snprintf(name, sizeof name, "mulmod-inline/p%zu", k);
        bench_print("range", name, j.steps, &ri, (double)j.steps);
        snprintf(name, sizeof name, "mulmod-flint/p%zu", k);
        bench_print("range", name, j.steps, &rf, (double)j.steps);
        j.steps = 1;
        re = bench_run(engine_new, &j, 50);
        snprintf(name, sizeof name, "new-counting/p%zu", k);
        bench_print("range", name, 1, &re, 1.0);
    }
    dlclose(h);
    return 0;
}

int main(int argc, char **argv)
{
    size_t sizes[16] = {200000, 10000000}, nsizes = 2, si;
    int repeats = 0, i;
    const char *cli = NULL, *save = NULL;
    grundy_game *g = NULL;
    grundy_table *digits = NULL;
    if (argc == 2 && strcmp(argv[1], "--mulmod") == 0)
        return bench_mulmod();
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) {
            char *s = argv[++i];
            nsizes = 0;
            while (*s && nsizes < 16) {
                sizes[nsizes++] = (size_t)strtoull(s, &s, 10);
                if (*s == ',')
                    s++;
            }
        } else if (strcmp(argv[i], "--repeats") == 0 && i + 1 < argc) {
            repeats = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--save") == 0 && i + 1 < argc) {
            save = argv[++i];
        } else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (strcmp(argv[i], "--cli") == 0 && i + 1 < argc) {
            cli = argv[++i];
        } else {
            fprintf(stderr, "usage: bench_range [--sizes N,N,...] "
                            "[--repeats R] [--cli PATH] [--only VARIANT] "
                            "[--save FILE]\n");
            return 2;
        }
    }
    if (grundy_game_new(&g, "digits", NULL) != GRUNDY_OK ||
        grundy_table_new(&digits, g, AMAX + 1, NULL) != GRUNDY_OK)
        die("digits table");
    bench_header();
    for (si = 0; si < nsizes; si++) {
        size_t n = sizes[si];
        text in = generate(n, 0x72616e6765ull + n);
        payload p;
        bench_result rf, rg, re, rgc, rec;
        double cf = 0, cg = 0, ce = 0, cgc = 0, cec = 0;
        int rep = repeats ? repeats : n < 1000000 ? 5 : 1;
        char path[] = "/tmp/bench_range_XXXXXX";
        if (save) { /* the input of the last size, for runs by hand */
            FILE *f = fopen(save, "wb");
            if (!f || fwrite(in.p, 1, in.len, f) != in.len || fclose(f))
                die("--save");
        }
        memset(&p, 0, sizeof p);
        p.in = &in;
        p.devnull = open("/dev/null", O_WRONLY);
        p.digits = digits;
        p.nvals = (unsigned)grundy_table_max(digits, NULL) + 1;
        p.cli = cli;
        if (p.devnull < 0)
            die("/dev/null");
        preparse(&p);
        memset(&rf, 0, sizeof rf);
        rg = re = rgc = rec = rf;
        if (want("floor"))
            rf = run_both(run_floor, &p, rep, "floor", n, &cf);
        if (want("grundy"))
            rg = run_both(run_grundy, &p, rep, "grundy", n, &cg);
        if (want("editorial"))
            re = run_both(run_editorial, &p, rep, "editorial", n, &ce);
        if (!only && rg.sink != re.sink)
            die("grundy and the editorial disagree");
        if (want("grundy-core"))
            rgc = run_both(run_grundy_core, &p, rep, "grundy-core", n, &cgc);
        if (want("editorial-core"))
            rec = run_both(run_editorial_core, &p, rep, "editorial-core", n,
                           &cec);
        if (!only && rgc.sink != rec.sink)
            die("the cores disagree");
        if (cli && want("cli")) {
            int fd = mkstemp(path);
            bench_result rc;
            if (fd < 0 || write(fd, in.p, in.len) != (ssize_t)in.len)
                die("temporary file");
            close(fd);
            p.in_path = path;
            double c0 = children_cpu_ns(), cli_cpu_ns;
            rc = bench_run(run_cli, &p, rep);
            cli_cpu_ns = children_cpu_ns() - c0;
            bench_print("range", "cli", n, &rc, (double)n);
            fprintf(stderr,
                    "range\tcli\t%zu\tcpu_ns_mean %.0f\tcpu_norm %.1f\n", n,
                    cli_cpu_ns / rep, cli_cpu_ns / rep / (double)n);
            unlink(path);
        }
        if (!only)
            fprintf(stderr,
                "n=q=%zu (%.0f MB of input): wall median ratios: "
                "editorial/grundy %.1fx, grundy/floor %.2fx, "
                "editorial-core/grundy-core %.1fx; CPU-time ratios: "
                "%.1fx, %.2fx, %.1fx\n",
                n, (double)in.len / 1e6, re.ns_median / rg.ns_median,
                rg.ns_median / rf.ns_median,
                rec.ns_median / rgc.ns_median, ce / cg, cg / cf,
                cec / cgc);
        close(p.devnull);
        free(p.v0);
        free(p.qt);
        free(p.qa);
        free(p.qb);
        free(p.qx);
        free(in.p);
    }
    grundy_table_free(digits);
    grundy_game_free(g);
    return 0;
}
