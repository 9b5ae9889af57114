/*
 * bench_board.c -- the board search (grundy/board.h): start positions of
 * Cram and Node-Kayles boards, and the search against plainer methods.
 *
 * Usage: bench_board [--mem-limit BYTES] [--threads N] [--timeout SECONDS]
 *                    MODE ...
 *
 *   run SPEC...   the start position of each game, each in a process of
 *                 its own (so that its peak memory is its own): value,
 *                 positions searched, table, time, peak resident memory.
 *                 One TSV line per game (norm: ns per position searched)
 *                 and a comment line; a game over the timeout is
 *                 reported as such.
 *   compare       side by side on boards every method can do (norm: ns
 *                 per cell, the ratio is what counts):
 *                   search  the board search, every technique on;
 *                   plain   the same search taking the mex of every
 *                           child's exact value (no pruning);
 *                   nosplit the search without splitting into parts;
 *                   nokeys  the search keyed by positions, not shapes;
 *                   tiers   the table of every position (<= 30 cells);
 *                 each the median of 3 runs, in a fresh context.
 *   order         the start positions of a few Cram boards on one thread:
 *                 the history order against the family's listing order,
 *                 and the table's two replacement policies on a table of
 *                 4 MiB (positions, time, evictions).
 *   check SPEC... the start position of each game by three searches that
 *                 must agree, for doc/results.md: the pruned search at the
 *                 board's least width, the same at the next width (128 or
 *                 256 bits: other instances of the search and table code),
 *                 and the plain memo of parts (no pruning: every child's
 *                 exact value).  One line per search: value, positions,
 *                 seconds; then "agree" or "DISAGREE" (exit status 1).
 *                 --no-plain first: the two widths only.  --wide-only:
 *                 the next width alone (its value line, to pair with a
 *                 run of `grundy values` at the least).  --column: also
 *                 the plain memo of parts by columns (src/board/narrow.c,
 *                 no code of the search) on empty Cram boards of at most
 *                 4 rows.
 *   column SPEC... that column memo alone (value, parts, seconds, MiB).
 *   grow          one doubling of the compact table from 2^24 clusters
 *                 (1 GiB, filled to 3/4 with random keys) to 2 GiB, each
 *                 way in a process of its own: "in place" (the room the
 *                 table reserves: clusters split where they are) and
 *                 "copy" (no room: every entry placed again in a new
 *                 array beside the old one).  The doubling's time, the
 *                 floor (the 1 GiB it adds, touched for the first time,
 *                 and one read of the doubled table), peak resident
 *                 memory (before the floor's own); every key is then
 *                 looked up.
 *   subsets       one position valued from its subsets alone against the
 *                 board search, by number of cells (the threshold in
 *                 src/values/values.c).
 *   parts SPEC    the start position searched on one thread, then every
 *                 exact value its table holds: one line per part, its key
 *                 (the part moved to the top-left corner, bit r * C + c
 *                 for row r and column c of the board), its value and its
 *                 cost (2 + log2 of the positions it took).  For
 *                 bench/graph_classes.py, which groups the parts by their
 *                 graph.  Boards of at most 64 cells.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "benchfn.h"
#include "grundy/grundy.h"
#include "board/board_internal.h"
#include "board/narrow.h"
#include "board/tt.h"
#include "table/tiers.h"

static size_t mem_limit;
static unsigned threads; /* 0: the machine's */
static unsigned timeout_s = 3600;

static grundy_game *game_or_die(const char *spec)
{
    grundy_game *g = NULL;
    grundy_parse_error e;
    memset(&e, 0, sizeof e);
    if (grundy_game_new(&g, spec, &e) != GRUNDY_OK) {
        fprintf(stderr, "bench_board: %s: %s\n", spec, e.msg);
        exit(1);
    }
    return g;
}

static grundy_pos start_of(const grundy_game *g)
{
    grundy_pos p;
    if (grundy_game_pos_parse(g, "start", 5, &p, NULL) != GRUNDY_OK)
        exit(1);
    return p;
}

/* Limits of one thread and --mem-limit, and default search options on
 * them (the parts and order modes). */
static void one_thread(grundy_limits *lim, grundy_board_opts *o)
{
    grundy_limits_init(lim);
    lim->threads = 1;
    if (mem_limit)
        lim->mem_limit = mem_limit;
    grundy_board_opts_init(o);
    o->limits = lim;
}

/* parts *********************************************************************/

static void print_part(void *ctx, uint64_t lo, uint64_t hi, uint32_t v,
                       unsigned cost)
{
    (void)ctx;
    if (!hi)
        printf("%llx\t%u\t%u\n", (unsigned long long)lo, v, cost);
}

static int mode_parts(const char *spec)
{
    grundy_game *g = game_or_die(spec);
    grundy_limits lim;
    grundy_board_opts o;
    grundy_board *b = NULL;
    grundy_board_stats st;
    grundy_value v = 0;
    one_thread(&lim, &o);
    if (grundy_board_new(&b, g, &o) != GRUNDY_OK ||
        grundy_board_value(&v, b, start_of(g)) != GRUNDY_OK || b->words != 1)
        return 1;
    grundy_board_get_stats(&st, b);
    printf("# %s value %llu: %llu positions, %llu values held, %llu "
           "evicted\n",
           spec, (unsigned long long)v, (unsigned long long)st.nodes,
           (unsigned long long)st.entries, (unsigned long long)st.evictions);
    grundy_board_tt_each(&b->tt, print_part, NULL);
    grundy_board_free(b);
    grundy_game_free(g);
    return 0;
}

/* run ***********************************************************************/

typedef struct run_result {
    int ok;
    grundy_value value;
    grundy_board_stats st;
    double ns;
} run_result;

static void run_child(const char *spec, int fd)
{
    grundy_game *g = game_or_die(spec);
    grundy_limits lim;
    grundy_board_opts o;
    grundy_board *b = NULL;
    run_result r;
    double t0;
    memset(&r, 0, sizeof r);
    grundy_limits_init(&lim);
    lim.mem_limit = mem_limit;
    grundy_board_opts_init(&o);
    o.limits = &lim;
    if (grundy_board_new(&b, g, &o) != GRUNDY_OK)
        _exit(1);
    t0 = bench_now_ns();
    r.ok = grundy_board_value(&r.value, b, start_of(g)) == GRUNDY_OK;
    r.ns = bench_now_ns() - t0;
    grundy_board_get_stats(&r.st, b);
    if (write(fd, &r, sizeof r) != (ssize_t)sizeof r)
        _exit(1);
    _exit(0);
}

static void mode_run(int argc, char **argv)
{
    int i;
    bench_header();
    for (i = 0; i < argc; i++) {
        int fds[2], status = 0;
        pid_t pid;
        struct rusage ru;
        run_result r;
        bench_result br;
        grundy_game *g = game_or_die(argv[i]);
        unsigned cells = (unsigned)__builtin_popcountll(start_of(g));
        grundy_game_free(g);
        if (pipe(fds) != 0)
            exit(1);
        pid = fork();
        if (pid == 0) {
            close(fds[0]);
            alarm(timeout_s);
            run_child(argv[i], fds[1]);
        }
        close(fds[1]);
        memset(&r, 0, sizeof r);
        if (read(fds[0], &r, sizeof r) != (ssize_t)sizeof r)
            r.ok = 0;
        close(fds[0]);
        if (wait4(pid, &status, 0, &ru) < 0)
            exit(1);
        if (!r.ok) {
            printf("# %s: %s after %u s\n", argv[i],
                   WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM
                       ? "not finished"
                       : "failed",
                   timeout_s);
            fflush(stdout);
            continue;
        }
        br.ns_min = br.ns_median = r.ns;
        br.sink = r.value;
        bench_print("board", argv[i], cells, &br,
                    r.st.nodes ? (double)r.st.nodes : 1.0);
        printf("# %s: value %llu, %.3f s, %llu positions, %llu of %llu "
               "lookups hit, table %llu values in %.0f MiB, %llu evicted, "
               "peak resident %.0f MiB\n",
               argv[i], (unsigned long long)r.value, r.ns / 1e9,
               (unsigned long long)r.st.nodes, (unsigned long long)r.st.hits,
               (unsigned long long)r.st.probes,
               (unsigned long long)r.st.entries,
               (double)r.st.table_bytes / 1048576.0,
               (unsigned long long)r.st.evictions,
               (double)ru.ru_maxrss / 1024.0);
        fflush(stdout);
    }
}

/* compare *******************************************************************/

typedef struct cmp_job {
    const grundy_game *g;
    grundy_pos p;
    int split, keys, prune, tiers;
} cmp_job;

static uint64_t run_cmp(void *payload)
{
    cmp_job *j = payload;
    grundy_value v = 0;
    if (j->tiers) {
        grundy_table *t = NULL;
        if (grundy_table_new(&t, j->g, 0, NULL) != GRUNDY_OK)
            exit(1);
        v = grundy_table_get(t, j->p);
        grundy_table_free(t);
    } else {
        grundy_board_opts o;
        grundy_board *b = NULL;
        grundy_board_opts_init(&o);
        o.split = j->split;
        o.keys = j->keys;
        o.prune = j->prune;
        if (grundy_board_new(&b, j->g, &o) != GRUNDY_OK ||
            grundy_board_value(&v, b, j->p) != GRUNDY_OK)
            exit(1);
        grundy_board_free(b);
    }
    return v;
}

static void compare_one(const char *spec, int with_tiers, int with_plain)
{
    static const struct {
        const char *name;
        int split, keys, prune, tiers;
    } v[] = {{"search", 1, 1, 1, 0},
             {"plain", 1, 1, 0, 0},
             {"nosplit", 0, 1, 1, 0},
             {"nokeys", 1, 0, 1, 0},
             {"tiers", 0, 0, 0, 1}};
    grundy_game *g = game_or_die(spec);
    cmp_job j;
    size_t i;
    double base = 0;
    unsigned cells;
    j.g = g;
    j.p = start_of(g);
    cells = (unsigned)__builtin_popcountll(j.p);
    for (i = 0; i < sizeof v / sizeof v[0]; i++) {
        bench_result r;
        char name[96];
        if ((v[i].tiers && !with_tiers) || (!v[i].prune && !with_plain))
            continue;
        j.split = v[i].split;
        j.keys = v[i].keys;
        j.prune = v[i].prune;
        j.tiers = v[i].tiers;
        r = bench_run(run_cmp, &j, 3);
        snprintf(name, sizeof name, "%s/%s", spec, v[i].name);
        bench_print("board", name, cells, &r, cells);
        if (i == 0)
            base = r.ns_median;
        else
            printf("# %s: %s takes %.1fx the time of the search\n", spec,
                   v[i].name, r.ns_median / base);
    }
    grundy_game_free(g);
}

static void mode_compare(void)
{
    bench_header();
    compare_one("cram:4x4", 1, 1);
    compare_one("cram:4x5", 1, 1);
    compare_one("cram:5x5", 1, 1);
    compare_one("cram:4x7", 1, 1);
    compare_one("cram:5x6", 1, 0);
    compare_one("cram:4x8", 0, 0);
    compare_one("node-kayles:grid:3x8", 1, 1);
    compare_one("node-kayles:grid:4x6", 1, 1);
    compare_one("node-kayles:grid:5x6", 1, 0);
    compare_one("node-kayles:grid:3x12", 0, 0);
    compare_one("rect:4x5", 1, 1);
    compare_one("rect:5x5", 1, 0);
}

/* order *********************************************************************/

/* One search of the start position, one thread, with the move order and
 * the table's replacement policy given; prints positions and time. */
static void order_one(const char *spec, int history, int replace,
                      size_t table_bytes)
{
    grundy_game *g = game_or_die(spec);
    grundy_limits lim;
    grundy_board_opts o;
    grundy_board *b = NULL;
    grundy_board_stats st;
    grundy_value v = 0;
    double t0;
    one_thread(&lim, &o);
    o.history = history;
    o.replace = replace;
    o.table_bytes = table_bytes;
    t0 = bench_now_ns();
    if (grundy_board_new(&b, g, &o) != GRUNDY_OK ||
        grundy_board_value(&v, b, start_of(g)) != GRUNDY_OK)
        exit(1);
    grundy_board_get_stats(&st, b);
    printf("board\t%s/%s/%s/%zuMiB\t%llu\t%.0f\t%.0f\t%llu\n", spec,
           history ? "history" : "listing",
           replace ? "newest" : "cost", table_bytes >> 20,
           (unsigned long long)st.nodes, bench_now_ns() - t0,
           bench_now_ns() - t0, (unsigned long long)st.evictions);
    printf("# %s value %llu: %s order, %s replacement, table %zu MiB: %llu "
           "positions, %.2f s, %llu of %llu lookups hit, %llu evicted\n",
           spec, (unsigned long long)v, history ? "history" : "listing",
           replace ? "newest" : "cost", table_bytes >> 20,
           (unsigned long long)st.nodes, (bench_now_ns() - t0) / 1e9,
           (unsigned long long)st.hits, (unsigned long long)st.probes,
           (unsigned long long)st.evictions);
    fflush(stdout);
    grundy_board_free(b);
    grundy_game_free(g);
}

/* The history order against the family's listing order (the children
 * that split first either way), and the two replacement policies on a
 * table held small enough to evict. */
static void mode_order(void)
{
    static const char *specs[] = {"cram:5x7", "cram:4x9", "cram:6x6",
                                  "cram:5x8"};
    size_t i;
    bench_header();
    for (i = 0; i < sizeof specs / sizeof *specs; i++) {
        order_one(specs[i], 1, GRUNDY_BOARD_REPLACE_COST, 0);
        order_one(specs[i], 0, GRUNDY_BOARD_REPLACE_COST, 0);
        order_one(specs[i], 1, GRUNDY_BOARD_REPLACE_COST, (size_t)4 << 20);
        order_one(specs[i], 1, GRUNDY_BOARD_REPLACE_NEWEST, (size_t)4 << 20);
    }
}

/* subsets *******************************************************************/

typedef struct sub_job {
    const grundy_game *g;
    grundy_pos p;
    int subsets;
} sub_job;

static uint64_t run_sub(void *payload)
{
    sub_job *j = payload;
    grundy_value x = 0;
    if (j->subsets) {
        if (grundy_table_value_subsets(&x, j->g, j->p, NULL) != GRUNDY_OK)
            exit(1);
    } else {
        grundy_board *b = NULL;
        if (grundy_board_new(&b, j->g, NULL) != GRUNDY_OK ||
            grundy_board_value(&x, b, j->p) != GRUNDY_OK)
            exit(1);
        grundy_board_free(b);
    }
    return x;
}

static void mode_subsets(void)
{
    static const char *specs[] = {"cram:5x6", "node-kayles:grid:5x6",
                                  "rect:5x6"};
    size_t s;
    unsigned cells;
    uint64_t state = 12345;
    bench_header();
    for (s = 0; s < sizeof specs / sizeof specs[0]; s++) {
        grundy_game *g = game_or_die(specs[s]);
        for (cells = 8; cells <= 20; cells += 2) {
            sub_job j;
            bench_result a, b;
            char name[96];
            /* the first `cells` cells in row-major order from a random
             * start, about one in eight left out */
            grundy_pos p = 0;
            unsigned at;
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            for (at = (unsigned)(state >> 61);
                 __builtin_popcountll(p) < (int)cells && at < 30; at++)
                if (((state >> (at % 64)) & 7) != 0)
                    p |= 1ull << at;
            j.g = g;
            j.p = p;
            j.subsets = 1;
            a = bench_run(run_sub, &j, 3);
            j.subsets = 0;
            b = bench_run(run_sub, &j, 3);
            snprintf(name, sizeof name, "%s/%u-cells/subsets", specs[s],
                     cells);
            bench_print("board", name, cells, &a, 1.0);
            snprintf(name, sizeof name, "%s/%u-cells/search", specs[s],
                     cells);
            bench_print("board", name, cells, &b, 1.0);
        }
        grundy_game_free(g);
    }
}

/* check *********************************************************************/

static int check_one(grundy_value *v, const grundy_game *g, unsigned words,
                     int prune)
{
    grundy_limits lim;
    grundy_board_opts o;
    grundy_board *b = NULL;
    grundy_board_stats st;
    grundy_status s;
    double t0;
    grundy_limits_init(&lim);
    lim.mem_limit = mem_limit;
    lim.threads = threads;
    grundy_board_opts_init(&o);
    o.limits = &lim;
    o.words = words;
    o.prune = prune;
    if (grundy_board_new(&b, g, &o) != GRUNDY_OK)
        return 0;
    t0 = bench_now_ns();
    s = grundy_board_value(v, b, start_of(g));
    grundy_board_get_stats(&st, b);
    printf("%s\t%s\t%u bits\t", grundy_game_spec(g),
           prune ? "pruned" : "plain memo", 64 * st.words);
    if (s == GRUNDY_OK)
        printf("value %llu\t%llu positions\t%.2f s\t%u threads\n",
               (unsigned long long)*v, (unsigned long long)st.nodes,
               (bench_now_ns() - t0) / 1e9, st.threads);
    else
        printf("%s\n", grundy_strerror(s));
    fflush(stdout);
    grundy_board_free(b);
    return s == GRUNDY_OK;
}

/* The plain memo of Cram parts by columns (src/board/narrow.c), which
 * shares no code with the board search, on the empty board of "cram:RxC"
 * with R <= 4; 0 when it does not apply or fails. */
static int check_narrow(grundy_value *v, const char *spec)
{
    unsigned r, c, i, val = 0;
    char tail;
    uint64_t p[4] = {0, 0, 0, 0};
    grundy_narrow_stats st;
    grundy_status s;
    double t0;
    if (sscanf(spec, "cram:%ux%u%c", &r, &c, &tail) != 2 ||
        r > GRUNDY_NARROW_MAX_ROWS || c > GRUNDY_NARROW_MAX_COLS)
        return 0;
    for (i = 0; i < r * c; i++)
        p[i / 64] |= 1ull << (i % 64);
    t0 = bench_now_ns();
    s = grundy_narrow_cram_value(&val, r, c, p, mem_limit, &st);
    printf("%s\tcolumn memo\t", spec);
    if (s == GRUNDY_OK)
        printf("value %u\t%llu parts\t%.2f s\t%zu MiB\n", val,
               (unsigned long long)st.parts, (bench_now_ns() - t0) / 1e9,
               st.peak_bytes >> 20);
    else
        printf("%s\n", grundy_strerror(s));
    fflush(stdout);
    *v = val;
    return s == GRUNDY_OK;
}

static int mode_check(int argc, char **argv)
{
    int i, bad = 0, with_plain = 1, with_column = 0, wide_only = 0;
    for (; argc > 0 && strncmp(argv[0], "--", 2) == 0; argc--, argv++) {
        if (strcmp(argv[0], "--no-plain") == 0)
            with_plain = 0;
        else if (strcmp(argv[0], "--wide-only") == 0)
            wide_only = 1;
        else if (strcmp(argv[0], "--column") == 0)
            with_column = 1;
        else
            break;
    }
    for (i = 0; i < argc; i++) {
        grundy_game *g = game_or_die(argv[i]);
        unsigned w = grundy_game_board_words(g), wide = w <= 1 ? 2 : 4;
        grundy_value a = 0, b = 0, c = 0;
        int ok;
        if (wide_only) {
            /* the next width alone, to pair with a run at the least */
            bad |= !(wide > (w ? w : 1) && check_one(&b, g, wide, 1));
            grundy_game_free(g);
            continue;
        }
        ok = check_one(&a, g, w ? w : 1, 1);
        int okb = wide > (w ? w : 1) && check_one(&b, g, wide, 1);
        int okc = with_plain && check_one(&c, g, w ? w : 1, 0);
        grundy_value d = 0;
        int okd = with_column && check_narrow(&d, argv[i]);
        if (!ok || (okb && b != a) || (okc && c != a) || (okd && d != a)) {
            printf("%s\tDISAGREE\n", argv[i]);
            bad = 1;
        } else {
            printf("%s\tagree (%s%s%s)\n", argv[i],
                   okb ? "two widths" : "one width",
                   okc ? ", plain memo" : "", okd ? ", column memo" : "");
        }
        grundy_game_free(g);
    }
    return bad;
}

/* The grow mode ************************************************************/

typedef struct grow_result {
    int ok;
    double ns_grow, ns_floor;
    uint64_t used, lost, sink;
    long peak_kb; /* before the floor's own memory */
} grow_result;

static uint64_t grow_key(uint64_t *x)
{
    return bench_splitmix64(x);
}

static void grow_child(int inplace, int fd)
{
    grundy_board_tt t;
    grundy_board_tt_counts c;
    grow_result r;
    size_t cap, i, n, words;
    uint64_t x = 1, sum = 0;
    double t0;
    memset(&c, 0, sizeof c);
    memset(&r, 0, sizeof r);
    /* the copy: a budget of the table's own size reserves no room */
    if (grundy_board_tt_init_at(&t, 24, (size_t)(inplace ? 2 : 1) << 30,
                                NULL, GRUNDY_BOARD_TT_COST) != GRUNDY_OK ||
        t.cbits != 24 || (inplace && !t.eroom.map))
        _exit(1);
    t.max_bytes = (size_t)2 << 30;
    cap = grundy_board_tt_capacity(&t);
    grundy_board_tt_freeze(&t); /* no doubling before the one timed */
    for (n = 0; (t.used + 1) * 4 < 3 * cap; n++)
        grundy_board_tt_put(&t, &c, grow_key(&x), 0, (uint32_t)(n % 1000),
                            1 + (unsigned)(n % 30));
    r.used = t.used;
    t0 = bench_now_ns();
    t.want_grow = 1;
    grundy_board_tt_grow(&t);
    r.ns_grow = bench_now_ns() - t0;
    grundy_board_tt_thaw(&t);
    if (t.cbits != 25)
        _exit(1);
    {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        r.peak_kb = ru.ru_maxrss;
    }
    /* the floor: memory the doubling adds, touched for the first time
     * (1 GiB), and one read of the doubled table */
    {
        size_t add = (size_t)1 << 30;
        char *p = malloc(add);
        if (!p)
            _exit(1);
        words = grundy_board_tt_bytes(&t) / sizeof(uint64_t);
        t0 = bench_now_ns();
        memset(p, 1, add);
        for (i = 0; i < words; i++)
            sum += t.e[i];
        r.ns_floor = bench_now_ns() - t0;
        sum += (uint64_t)p[add / 2];
        free(p);
    }
    r.sink = sum;
    for (x = 1, i = 0; i < n; i++) {
        uint32_t v;
        if (!grundy_board_tt_get(&t, &c, grow_key(&x), 0, &v) ||
            v != (uint32_t)(i % 1000))
            r.lost++;
    }
    r.ok = 1;
    grundy_board_tt_clear(&t);
    if (write(fd, &r, sizeof r) != (ssize_t)sizeof r)
        _exit(1);
    _exit(0);
}

static void mode_grow(void)
{
    int inplace;
    for (inplace = 1; inplace >= 0; inplace--) {
        int fds[2], status = 0;
        pid_t pid;
        grow_result r;
        if (pipe(fds) != 0)
            exit(1);
        pid = fork();
        if (pid == 0) {
            close(fds[0]);
            grow_child(inplace, fds[1]);
        }
        close(fds[1]);
        memset(&r, 0, sizeof r);
        if (read(fds[0], &r, sizeof r) != (ssize_t)sizeof r)
            r.ok = 0;
        close(fds[0]);
        if (waitpid(pid, &status, 0) < 0)
            exit(1);
        if (!r.ok) {
            printf("# grow %s: failed\n", inplace ? "in place" : "copy");
            continue;
        }
        bench_consume(r.sink);
        printf("# grow %s: %llu values, 1 GiB to 2 GiB in %.3f s "
               "(floor: 1 GiB touched first and 2 GiB read, %.3f s; ratio "
               "%.1f), peak "
               "resident %.0f MiB, %llu of the values lost\n",
               inplace ? "in place" : "copy", (unsigned long long)r.used,
               r.ns_grow / 1e9, r.ns_floor / 1e9, r.ns_grow / r.ns_floor,
               (double)r.peak_kb / 1024.0, (unsigned long long)r.lost);
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    int i = 1;
    while (i < argc && strncmp(argv[i], "--", 2) == 0) {
        if (strcmp(argv[i], "--mem-limit") == 0 && i + 1 < argc) {
            char *end;
            double x = strtod(argv[i + 1], &end);
            if (*end == 'G')
                x *= 1 << 30;
            else if (*end == 'M')
                x *= 1 << 20;
            mem_limit = (size_t)x;
            i += 2;
        } else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            threads = (unsigned)atoi(argv[i + 1]);
            i += 2;
        } else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc) {
            timeout_s = (unsigned)atoi(argv[i + 1]);
            i += 2;
        } else {
            break;
        }
    }
    if (i < argc && strcmp(argv[i], "order") == 0) {
        mode_order();
        return 0;
    }
    if (i < argc && strcmp(argv[i], "run") == 0) {
        mode_run(argc - i - 1, argv + i + 1);
        return 0;
    }
    if (i < argc && strcmp(argv[i], "compare") == 0) {
        mode_compare();
        return 0;
    }
    if (i < argc && strcmp(argv[i], "subsets") == 0) {
        mode_subsets();
        return 0;
    }
    if (i < argc && strcmp(argv[i], "grow") == 0) {
        mode_grow();
        return 0;
    }
    if (i < argc && strcmp(argv[i], "check") == 0)
        return mode_check(argc - i - 1, argv + i + 1);
    if (i + 1 < argc && strcmp(argv[i], "parts") == 0)
        return mode_parts(argv[i + 1]);
    if (i < argc && strcmp(argv[i], "column") == 0) {
        int bad = 0;
        grundy_value v;
        for (i++; i < argc; i++)
            bad |= !check_narrow(&v, argv[i]);
        return bad;
    }
    fprintf(stderr, "usage: bench_board [--mem-limit B] [--threads N] [--timeout S] "
                    "run SPEC... | check [--no-plain] [--wide-only] [--column] SPEC... | "
                    "column SPEC... | compare | order | subsets | grow | parts SPEC\n");
    return 2;
}
