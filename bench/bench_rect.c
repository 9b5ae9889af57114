/*
 * bench_rect.c -- board tables and 'grundy solve pshtbrth'.
 *
 * Usage: bench_rect [--5x6] [--grundy PATH] [--quick] [--tables]
 *                   [--pshtbrth] [--against OLD] [--editorial]
 *
 * Tables (norm: ns per position):
 *   rect:4x4 and rect:5x5 by tier tabulation on 1 and 2 threads, against
 *   the generic method (list moves, take the mex: the baseline) and the
 *   floor (writing every byte of the table once);
 *   rect:5x6 (2^30 positions, 1 GiB) on 2 threads with --5x6.
 *
 * pshtbrth (norm: ns per query), N = M = 10^5 and 10^6, one test, half
 * the queries winners of a random range, half board replacements; the
 * input is a file read by every variant:
 *   grundy     the program itself, 'grundy solve pshtbrth' (PATH, default
 *              the grundy next to this bench's folder), process start and
 *              the 4x4 table included;
 *   baseline   in process: the same scanner and 4x4 table, the values in
 *              a plain array, each winner query a linear XOR over L..R;
 *   io-floor   in process: read every token with the same scanner and
 *              write one answer line per winner query, no game at all;
 *   against    with --against OLD: the program OLD (a previous build) on
 *              the same input, run in alternating pairs with 'grundy'
 *              (one of each, then the next pair), so that both see the
 *              same machine; the line 'ratio' is grundy's median over
 *              OLD's.  Both outputs are compared byte for byte first;
 *   editorial  with --editorial: the straightforward contest solution
 *              (editorial_main(): the 2^16 values by mex over rectangle
 *              moves at start, a Fenwick tree of XORs, the input read at
 *              once), a whole process of this program run with
 *              --editorial-run, in alternating pairs with 'grundy' as
 *              above; 'ratio-ed' is grundy's median over the
 *              editorial's.
 * --pshtbrth runs only the pshtbrth lines (no tables).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "benchfn.h"
#include "grundy/grundy.h"

/* Tables ********************************************************************/

typedef struct table_job {
    grundy_game *game;
    grundy_table_method method;
    unsigned threads;
} table_job;

static uint64_t run_table(void *payload)
{
    table_job *j = payload;
    grundy_limits o;
    grundy_table *t = NULL;
    grundy_pos at;
    uint64_t sink;
    grundy_limits_init(&o);
    o.threads = j->threads;
    if (grundy_table_new_method(&t, j->game, 0,
            j->method, &o) != GRUNDY_OK) {
        fprintf(stderr, "bench_rect: table failed\n");
        exit(1);
    }
    sink = grundy_table_max(t, &at) ^ at;
    grundy_table_free(t);
    return sink;
}

typedef struct floor_job {
    size_t bytes;
} floor_job;

static uint64_t run_floor(void *payload)
{
    floor_job *j = payload;
    unsigned char *m = malloc(j->bytes);
    uint64_t sink;
    size_t i;
    if (!m)
        exit(1);
    for (i = 0; i < j->bytes; i++)
        m[i] = (unsigned char)(i >> 7);
    sink = m[j->bytes / 3];
    free(m);
    return sink;
}

static void bench_tables(const char *spec, int naive, int repeats,
                         const unsigned *threads, size_t nthreads)
{
    table_job j;
    floor_job f;
    bench_result r;
    grundy_parse_error e;
    grundy_pos n;
    size_t i;
    char variant[64];

    if (grundy_game_new(&j.game, spec, &e) != GRUNDY_OK)
        exit(1);
    n = grundy_game_num_positions(j.game);
    f.bytes = (size_t)n;
    r = bench_run(run_floor, &f, repeats);
    snprintf(variant, sizeof variant, "%s/floor", spec);
    bench_print("rect", variant, n, &r, (double)n);
    for (i = 0; i < nthreads; i++) {
        j.method = GRUNDY_TABLE_FAST;
        j.threads = threads[i];
        r = bench_run(run_table, &j, repeats);
        snprintf(variant, sizeof variant, "%s/tiers-%ut", spec, threads[i]);
        bench_print("rect", variant, n, &r, (double)n);
        printf("# %s on %u thread(s): %.3f s, %.1f M positions/s\n", spec,
               threads[i], r.ns_median / 1e9, (double)n / r.ns_median * 1e3);
    }
    if (naive) {
        j.method = GRUNDY_TABLE_NAIVE;
        j.threads = 1;
        r = bench_run(run_table, &j, naive > 1 ? repeats : 1);
        snprintf(variant, sizeof variant, "%s/naive", spec);
        bench_print("rect", variant, n, &r, (double)n);
    }
    grundy_game_free(j.game);
}

/* pshtbrth ******************************************************************/

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rng_next(void)
{
    return bench_splitmix64(&rng_state);
}

static void put_board(FILE *f)
{
    unsigned b = (unsigned)rng_next(), r, c;
    for (r = 0; r < 4; r++) {
        for (c = 0; c < 4; c++)
            fputc('0' + ((b >> (r * 4 + c)) & 1), f);
        fputc('\n', f);
    }
}

static void write_input(const char *path, uint64_t n, uint64_t m)
{
    FILE *f = fopen(path, "w");
    uint64_t i;
    if (!f) {
        perror(path);
        exit(1);
    }
    fprintf(f, "1\n%llu %llu\n", (unsigned long long)n, (unsigned long long)m);
    for (i = 0; i < n; i++)
        put_board(f);
    for (i = 0; i < m; i++) {
        if (rng_next() & 1) {
            uint64_t a = rng_next() % n + 1, b = rng_next() % n + 1, t;
            if (a > b) {
                t = a;
                a = b;
                b = t;
            }
            fprintf(f, "1 %llu %llu\n", (unsigned long long)a,
                    (unsigned long long)b);
        } else {
            fprintf(f, "2 %llu\n", (unsigned long long)(rng_next() % n + 1));
            put_board(f);
        }
    }
    if (fclose(f) != 0)
        exit(1);
}

typedef struct psh_job {
    const char *grundy, *input;
    const uint8_t *g; /* values of rect:4x4 */
    int editorial;    /* run this program's editorial solution instead */
} psh_job;

static const char *self_path; /* this program, for --editorial-run */

/* In the child: the program of J on stdin / stdout as set. */
static void exec_job(const psh_job *j)
{
    if (j->editorial)
        execl(self_path, self_path, "--editorial-run", (char *)NULL);
    else
        execl(j->grundy, j->grundy, "solve", "pshtbrth", (char *)NULL);
    _exit(127);
}

static uint64_t run_program(void *payload)
{
    psh_job *j = payload;
    int status = 0;
    pid_t pid = fork();
    if (pid == 0) {
        int in = open(j->input, O_RDONLY), out = open("/dev/null", O_WRONLY);
        if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0)
            _exit(127);
        exec_job(j);
    }
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench_rect: '%s solve pshtbrth' failed\n", j->grundy);
        exit(1);
    }
    return (uint64_t)status;
}

/* Run the program of J on its input into FILE. */
static void program_output(const psh_job *j, const char *file)
{
    int status = 0;
    pid_t pid = fork();
    if (pid == 0) {
        int in = open(j->input, O_RDONLY),
            out = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0)
            _exit(127);
        exec_job(j);
    }
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench_rect: '%s' failed\n",
                j->editorial ? "--editorial-run" : j->grundy);
        exit(1);
    }
}

static int same_files(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int ca, cb, same = fa && fb;
    while (same) {
        ca = getc(fa);
        cb = getc(fb);
        if (ca != cb)
            same = 0;
        if (ca == EOF)
            break;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* --against OLD (or --editorial, OLD NULL): pairs of whole-process runs,
 * alternating, after checking that both print the same bytes. */
static void bench_against(psh_job *j, const char *old, uint64_t nm,
                          int pairs)
{
    char out_new[] = "/tmp/bench_rect_newXXXXXX",
         out_old[] = "/tmp/bench_rect_oldXXXXXX";
    double tn[64], to[64];
    bench_result rn, ro;
    psh_job jo = *j;
    int k, fa = mkstemp(out_new), fb = mkstemp(out_old);
    if (fa < 0 || fb < 0) {
        perror("mkstemp");
        exit(1);
    }
    close(fa);
    close(fb);
    jo.grundy = old;
    jo.editorial = old == NULL;
    program_output(j, out_new);
    program_output(&jo, out_old);
    if (!same_files(out_new, out_old)) {
        fprintf(stderr, "bench_rect: '%s' and '%s' answer differently "
                        "(%s, %s)\n", j->grundy, old ? old : "editorial",
                out_new, out_old);
        exit(1);
    }
    unlink(out_new);
    unlink(out_old);
    if (pairs > 64)
        pairs = 64;
    for (k = 0; k < pairs; k++) {
        double t0 = bench_now_ns();
        run_program(j);
        tn[k] = bench_now_ns() - t0;
        t0 = bench_now_ns();
        run_program(&jo);
        to[k] = bench_now_ns() - t0;
    }
    qsort(tn, (size_t)pairs, sizeof tn[0], cmp_double);
    qsort(to, (size_t)pairs, sizeof to[0], cmp_double);
    rn.ns_min = tn[0];
    rn.ns_median = tn[pairs / 2];
    rn.sink = 0;
    ro.ns_min = to[0];
    ro.ns_median = to[pairs / 2];
    ro.sink = 0;
    bench_print("pshtbrth", "grundy", nm, &rn, (double)nm);
    bench_print("pshtbrth", old ? "against" : "editorial", nm, &ro,
                (double)nm);
    printf("pshtbrth\t%s\t%llu\t-\t-\t%.3f\n", old ? "ratio" : "ratio-ed",
           (unsigned long long)nm, rn.ns_median / ro.ns_median);
}

/* The editorial solution, as a contest entry would be written: every
 * 4x4 value by the mex over rectangle moves at start, a Fenwick tree of
 * XORs over the boards (point update, prefix XOR), the whole input read
 * at once and parsed by hand, the answers written at once.  Run as a
 * whole process (this program with --editorial-run), like grundy. */
static unsigned char *ed_in, *ed_end;

static unsigned long ed_num(void)
{
    unsigned long x = 0;
    while (ed_in < ed_end && (*ed_in < '0' || *ed_in > '9'))
        ed_in++;
    while (ed_in < ed_end && *ed_in >= '0' && *ed_in <= '9')
        x = x * 10 + (unsigned long)(*ed_in++ - '0');
    return x;
}

static unsigned ed_board(void)
{
    unsigned b = 0, k;
    for (k = 0; k < 16; k++) {
        while (ed_in < ed_end && *ed_in != '0' && *ed_in != '1')
            ed_in++;
        if (ed_in < ed_end && *ed_in++ == '1')
            b |= 1u << k;
    }
    return b;
}

static int editorial_main(void)
{
    static unsigned char g[1 << 16];
    unsigned rect[100], nr = 0, r0, r1, c0, c1, r, c, m, k;
    size_t cap = 1 << 22, len = 0, olen = 0;
    unsigned char *buf = malloc(cap), *out;
    unsigned long t, n, q, i, a, b;
    unsigned char *fw, *val;
    ssize_t got;

    for (r0 = 0; r0 < 4; r0++)
        for (r1 = r0; r1 < 4; r1++)
            for (c0 = 0; c0 < 4; c0++)
                for (c1 = c0; c1 < 4; c1++) {
                    m = 0;
                    for (r = r0; r <= r1; r++)
                        for (c = c0; c <= c1; c++)
                            m |= 1u << (r * 4 + c);
                    rect[nr++] = m;
                }
    for (m = 1; m < (1u << 16); m++) { /* children are smaller masks */
        uint64_t seen[4] = {0, 0, 0, 0};
        for (k = 0; k < nr; k++)
            if ((m & rect[k]) == rect[k])
                seen[g[m ^ rect[k]] >> 6] |= (uint64_t)1 << (g[m ^ rect[k]] & 63);
        for (k = 0; (seen[k >> 6] >> (k & 63)) & 1; k++)
            ;
        g[m] = (unsigned char)k;
    }
    while (buf && (got = read(0, buf + len, cap - len)) > 0) {
        len += (size_t)got;
        if (len == cap)
            buf = realloc(buf, cap *= 2);
    }
    if (!buf)
        return 1;
    ed_in = buf;
    ed_end = buf + len;
    out = malloc(2 * len + 16); /* an answer is at most 7 bytes of 6 */
    t = ed_num();
    while (t-- > 0 && out) {
        n = ed_num();
        q = ed_num();
        fw = calloc(n + 1, 1);
        val = malloc(n + 1);
        if (!fw || !val)
            return 1;
        for (i = 1; i <= n; i++) { /* linear build of the Fenwick tree */
            val[i] = g[ed_board()];
            fw[i] ^= val[i];
            if (i + (i & -i) <= n)
                fw[i + (i & -i)] ^= fw[i];
        }
        while (q-- > 0) {
            if (ed_num() == 1) {
                unsigned char x = 0;
                a = ed_num();
                b = ed_num();
                for (i = b; i > 0; i -= i & -i)
                    x ^= fw[i];
                for (i = a - 1; i > 0; i -= i & -i)
                    x ^= fw[i];
                memcpy(out + olen, x ? "Pishty\n" : "Lotsy\n", x ? 7 : 6);
                olen += x ? 7 : 6;
            } else {
                unsigned char d;
                a = ed_num();
                d = g[ed_board()] ^ val[a];
                val[a] ^= d;
                for (i = a; i <= n; i += i & -i)
                    fw[i] ^= d;
            }
        }
        free(val);
        free(fw);
    }
    if (!out || write(1, out, olen) != (ssize_t)olen)
        return 1;
    free(out);
    free(buf);
    return 0;
}

static uint16_t scan_board(grundy_scanner *s)
{
    uint16_t p = 0;
    unsigned r, c;
    for (r = 0; r < 4; r++) {
        const char *tok;
        size_t len;
        if (grundy_scan_token(s, &tok, &len, NULL) != GRUNDY_OK || len != 4)
            exit(1);
        for (c = 0; c < 4; c++)
            p = (uint16_t)(p | (unsigned)(tok[c] == '1') << (r * 4 + c));
    }
    return p;
}

/* In process, reading the same file: baseline (do_game) or floor. */
static uint64_t run_inproc(const psh_job *j, int do_game)
{
    grundy_scanner s;
    grundy_writer w;
    uint64_t t, n, m, i, q, type, a, b, sink = 0;
    uint8_t *v = NULL;
    int fd = open(j->input, O_RDONLY), out = open("/dev/null", O_WRONLY);
    if (fd < 0 || out < 0 || grundy_scanner_init_fd(&s, fd) != GRUNDY_OK ||
        grundy_writer_init(&w, out) != GRUNDY_OK)
        exit(1);
    if (grundy_scan_u64(&s, &t, 0, 1, NULL) != GRUNDY_OK ||
        grundy_scan_u64(&s, &n, 1, UINT64_MAX, NULL) != GRUNDY_OK ||
        grundy_scan_u64(&s, &m, 0, UINT64_MAX, NULL) != GRUNDY_OK)
        exit(1);
    v = malloc((size_t)n);
    if (!v)
        exit(1);
    for (i = 0; i < n; i++) {
        uint16_t p = scan_board(&s);
        v[i] = do_game ? j->g[p] : (uint8_t)p;
    }
    for (q = 0; q < m; q++) {
        if (grundy_scan_u64(&s, &type, 1, 2, NULL) != GRUNDY_OK)
            exit(1);
        if (type == 1) {
            uint8_t x = 0;
            if (grundy_scan_u64(&s, &a, 1, n, NULL) != GRUNDY_OK ||
                grundy_scan_u64(&s, &b, a, n, NULL) != GRUNDY_OK)
                exit(1);
            if (do_game)
                for (i = a - 1; i < b; i++)
                    x ^= v[i];
            else
                x = (uint8_t)(a ^ b);
            if (x)
                grundy_writer_bytes(&w, "Pishty\n", 7);
            else
                grundy_writer_bytes(&w, "Lotsy\n", 6);
            sink += x;
        } else {
            uint16_t p;
            if (grundy_scan_u64(&s, &a, 1, n, NULL) != GRUNDY_OK)
                exit(1);
            p = scan_board(&s);
            v[a - 1] = do_game ? j->g[p] : (uint8_t)p;
        }
    }
    free(v);
    grundy_scanner_clear(&s);
    if (grundy_writer_clear(&w) != GRUNDY_OK)
        exit(1);
    close(fd);
    close(out);
    return sink;
}

static uint64_t run_baseline(void *payload)
{
    return run_inproc(payload, 1);
}

static uint64_t run_io_floor(void *payload)
{
    return run_inproc(payload, 0);
}

static void bench_pshtbrth(const char *grundy, const char *old,
                           int editorial, uint64_t nm, int repeats,
                           int baseline)
{
    char path[] = "/tmp/bench_rect_XXXXXX";
    int fd = mkstemp(path);
    psh_job j;
    grundy_game *game;
    grundy_table *t;
    grundy_parse_error e;
    bench_result r;

    if (fd < 0) {
        perror("mkstemp");
        exit(1);
    }
    close(fd);
    write_input(path, nm, nm);
    if (grundy_game_new(&game, "rect:4x4", &e) != GRUNDY_OK ||
        grundy_table_new(&t, game, 0, NULL) != GRUNDY_OK)
        exit(1);
    j.grundy = grundy;
    j.input = path;
    j.g = grundy_table_data(t);
    j.editorial = 0;

    if (old || editorial) {
        if (old)
            bench_against(&j, old, nm, 2 * repeats + 1);
        if (editorial)
            bench_against(&j, NULL, nm, 2 * repeats + 1);
        grundy_table_free(t);
        grundy_game_free(game);
        unlink(path);
        return;
    }
    r = bench_run(run_io_floor, &j, repeats);
    bench_print("pshtbrth", "io-floor", nm, &r, (double)nm);
    r = bench_run(run_program, &j, repeats);
    bench_print("pshtbrth", "grundy", nm, &r, (double)nm);
    if (baseline) {
        r = bench_run(run_baseline, &j, baseline > 1 ? repeats : 1);
        bench_print("pshtbrth", "baseline", nm, &r, (double)nm);
    }
    grundy_table_free(t);
    grundy_game_free(game);
    unlink(path);
}

int main(int argc, char **argv)
{
    static const unsigned one_two[] = {1, 2};
    static const unsigned two[] = {2};
    char grundy[4096];
    int big = 0, quick = 0, tables_only = 0, psh_only = 0, editorial = 0, i;
    const char *slash, *old = NULL;

    self_path = argv[0];
    if (argc == 2 && strcmp(argv[1], "--editorial-run") == 0)
        return editorial_main();
    /* Default program: ../grundy from this bench's folder. */
    slash = strrchr(argv[0], '/');
    snprintf(grundy, sizeof grundy, "%.*s%sgrundy",
             slash ? (int)(slash - argv[0] + 1) : 0, argv[0], "../");
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--5x6") == 0)
            big = 1;
        else if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--tables") == 0)
            tables_only = 1;
        else if (strcmp(argv[i], "--pshtbrth") == 0)
            psh_only = 1;
        else if (strcmp(argv[i], "--editorial") == 0)
            editorial = 1;
        else if (strcmp(argv[i], "--against") == 0 && i + 1 < argc)
            old = argv[++i];
        else if (strcmp(argv[i], "--grundy") == 0 && i + 1 < argc)
            snprintf(grundy, sizeof grundy, "%s", argv[++i]);
        else {
            fprintf(stderr, "usage: bench_rect [--5x6] [--quick] [--tables] "
                            "[--pshtbrth] [--grundy PATH] [--against OLD] "
                            "[--editorial]\n");
            return 2;
        }
    }
    bench_header();
    if (!psh_only) {
        bench_tables("rect:4x4", 2, 9, one_two, 2);
        bench_tables("rect:5x5", quick ? 0 : 1, quick ? 1 : 3, one_two, 2);
        if (big)
            bench_tables("rect:5x6", 0, 1, two, 1);
    }
    if (tables_only)
        return 0;
    bench_pshtbrth(grundy, old, editorial, 100000, quick ? 1 : 5, 2);
    bench_pshtbrth(grundy, old, editorial, 1000000, quick ? 1 : 3,
                   quick ? 0 : 1);
    return 0;
}
