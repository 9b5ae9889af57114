/*
 * test_range_stream.c -- the query stream (grundy_range_stream_run()) used
 * without the program: seeded random inputs written in memory, answers
 * read back from a memory writer and checked against values from a
 * memoised game-tree search written here (subtraction moves, rectangle
 * removals), with subsets counted by listing them.  Errors name their
 * place in the input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

/* A growing text. */
typedef struct text {
    char *p;
    size_t len, cap;
} text;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    int k;
    for (;;) {
        va_start(ap, fmt);
        k = vsnprintf(t->p + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        assert_true(k >= 0);
        if ((size_t)k < t->cap - t->len)
            break;
        t->cap = 2 * t->cap + (size_t)k + 64;
        t->p = realloc(t->p, t->cap);
        assert_non_null(t->p);
    }
    t->len += (size_t)k;
}

/* The stream's output on input in (NUL-terminated, owned by the caller in
 * *out), its status and failure. */
static grundy_status run(const grundy_range_stream_opts *o, const char *in,
                         char **out, grundy_range_failure *why)
{
    grundy_scanner sc;
    grundy_writer w;
    grundy_status st;
    assert_int_equal(grundy_scanner_init_mem(&sc, in, strlen(in)), GRUNDY_OK);
    assert_int_equal(grundy_writer_init_mem(&w), GRUNDY_OK);
    st = grundy_range_stream_run(&w, why, &sc, o);
    assert_null(sc.before_read); /* the stream's hook is gone */
    *out = malloc(w.len + 1);
    assert_non_null(*out);
    memcpy(*out, w.buf, w.len);
    (*out)[w.len] = '\0';
    (void)grundy_writer_clear(&w);
    grundy_scanner_clear(&sc);
    return st;
}

/* subtract:1,3,4 by its moves: g(h) = mex of g(h - s), s in {1, 3, 4}. */
static unsigned sub_value(unsigned h)
{
    static const unsigned take[] = {1, 3, 4};
    static unsigned g[64];
    static int have;
    unsigned x, k, v;
    assert_true(h < 64);
    for (x = 0; !have && x < 64; x++) {
        unsigned seen = 0;
        for (k = 0; k < 3; k++)
            if (take[k] <= x)
                seen |= 1u << g[x - take[k]];
        for (v = 0; seen >> v & 1; v++)
            ;
        g[x] = v;
    }
    have = 1;
    return g[h];
}

/* Heaps of subtract:1,3,4 with all four query types: counts by listing
 * the subsets, winners by the XOR, each winning move checked to be a
 * move (a take of 1, 3 or 4) that leaves a zero nim-sum. */
static void test_range_stream_heaps_random(void **state)
{
    test_rng *rng = *state;
    grundy_game *g = test_game("subtract:1,3,4");
    long it, iters = test_iters(300);
    for (it = 0; it < iters; it++) {
        grundy_range_stream_opts o;
        grundy_range_failure why;
        unsigned heap[12], n = (unsigned)test_rng_range(rng, 1, 12), q, i;
        uint64_t mod = test_rng_below(rng, 2) ? 7 : 1000000007u;
        text in = {0}, want = {0};
        char *out, *line, *save;
        size_t k = 0;
        put(&in, "%u\n", n);
        for (i = 0; i < n; i++) {
            heap[i] = (unsigned)test_rng_below(rng, 60);
            put(&in, "%u ", heap[i]);
        }
        q = (unsigned)test_rng_range(rng, 0, 30);
        put(&in, "\n%u\n", q);
        grundy_range_stream_opts_init(&o);
        o.game = g;
        o.values = test_values(g);
        o.modulus = mod;
        for (k = 0; k < q; k++) {
            unsigned t = (unsigned)test_rng_range(rng, 1, 4);
            unsigned a = (unsigned)test_rng_below(rng, n), b = a, x = 0, m;
            if (t != 2)
                b = a + (unsigned)test_rng_below(rng, n - a);
            if (t == 2) {
                heap[a] = (unsigned)test_rng_below(rng, 60);
                put(&in, "2 %u %u\n", a + 1, heap[a]);
                continue;
            }
            put(&in, "%u %u %u\n", t, a + 1, b + 1);
            for (i = a; i <= b; i++)
                x ^= sub_value(heap[i]);
            if (t == 3) {
                put(&want, x ? "first %u\n" : "second %u\n", x);
            } else if (t == 1) {
                uint64_t wins = 0;
                for (m = 0; m < 1u << (b - a + 1); m++) {
                    unsigned y = 0;
                    for (i = a; i <= b; i++)
                        if (m >> (i - a) & 1)
                            y ^= sub_value(heap[i]);
                    wins += y != 0;
                }
                put(&want, "%llu\n", (unsigned long long)(wins % mod));
            } else {
                /* "x" marks a move to check below, with its range */
                put(&want, x ? "move %u %u %u\n" : "none\n", a, b, x);
            }
        }
        /* the moves need the heaps as they were at their query: check
         * them by replaying the input's updates */
        assert_int_equal(run(&o, in.p, &out, &why), GRUNDY_OK);
        {
            unsigned cur[12], qi = 0;
            const char *p = in.p;
            char *wl, *wsave;
            int skip;
            /* reread the starting heaps and each query from the input */
            (void)strtoul(p, (char **)&p, 10);
            for (i = 0; i < n; i++)
                cur[i] = (unsigned)strtoul(p, (char **)&p, 10);
            (void)strtoul(p, (char **)&p, 10);
            line = strtok_r(out, "\n", &save);
            wl = strtok_r(want.p ? want.p : (char[]){""}, "\n", &wsave);
            for (qi = 0; qi < q; qi++) {
                unsigned t = (unsigned)strtoul(p, (char **)&p, 10);
                unsigned a = (unsigned)strtoul(p, (char **)&p, 10);
                unsigned b = (unsigned)strtoul(p, (char **)&p, 10);
                if (t == 2) {
                    cur[a - 1] = b;
                    continue;
                }
                if (!line || !wl)
                    fail_msg("seed=%llu it=%ld: answer %u missing",
                             (unsigned long long)test_seed(), it, qi + 1);
                skip = strncmp(wl, "move ", 5) == 0;
                if (!skip && strcmp(line, wl) != 0)
                    fail_msg("seed=%llu it=%ld query %u: got '%s', want '%s'",
                             (unsigned long long)test_seed(), it, qi + 1, line,
                             wl);
                if (skip) {
                    unsigned c = 0, to = 0, y = 0;
                    if (sscanf(line, "%u %u", &c, &to) != 2 || c < a || c > b ||
                        to >= cur[c - 1] ||
                        (cur[c - 1] - to != 1 && cur[c - 1] - to != 3 &&
                         cur[c - 1] - to != 4))
                        fail_msg("seed=%llu it=%ld query %u: '%s' is no "
                                 "move of %u..%u",
                                 (unsigned long long)test_seed(), it, qi + 1,
                                 line, a, b);
                    for (i = a - 1; i < b; i++)
                        y ^= sub_value(i == c - 1 ? to : cur[i]);
                    if (y != 0)
                        fail_msg("seed=%llu it=%ld query %u: '%s' leaves "
                                 "nim-sum %u",
                                 (unsigned long long)test_seed(), it, qi + 1,
                                 line, y);
                }
                line = strtok_r(NULL, "\n", &save);
                wl = strtok_r(NULL, "\n", &wsave);
            }
            if (line)
                fail_msg("seed=%llu it=%ld: extra answer '%s'",
                         (unsigned long long)test_seed(), it, line);
        }
        free(out);
        free(in.p);
        free(want.p);
    }
    test_game_free(g);
}

/* rect:3x3 by its moves (clear a rectangle of full cells), memoised. */
static unsigned rect_value(unsigned b)
{
    static int memo[512];
    static int have;
    unsigned x, r0, r1, c0, c1, r, c;
    if (!have) {
        for (x = 0; x < 512; x++) { /* every move lowers the board */
            unsigned seen = 0, v;
            for (r0 = 0; r0 < 3; r0++)
                for (r1 = r0; r1 < 3; r1++)
                    for (c0 = 0; c0 < 3; c0++)
                        for (c1 = c0; c1 < 3; c1++) {
                            unsigned m = 0;
                            for (r = r0; r <= r1; r++)
                                for (c = c0; c <= c1; c++)
                                    m |= 1u << (r * 3 + c);
                            if ((x & m) == m)
                                seen |= 1u << memo[x & ~m];
                        }
            for (v = 0; seen >> v & 1; v++)
                ;
            memo[x] = (int)v;
        }
        have = 1;
    }
    return (unsigned)memo[b];
}

/* A board of 3 rows of 3 cells, laid out one way or another (the usual
 * one row per token followed by one blank, or with more blanks and line
 * ends, which only the token path reads). */
static void put_board(text *t, unsigned b, test_rng *rng)
{
    static const char *const sep[] = {" ", "\n", "\r\n", "  ", "\t\n\n"};
    unsigned r, c;
    for (r = 0; r < 3; r++) {
        for (c = 0; c < 3; c++)
            put(t, "%c", b >> (r * 3 + c) & 1 ? '1' : '0');
        put(t, "%s", sep[test_rng_below(rng, 5)]);
    }
}

static void rect_opts(grundy_range_stream_opts *o, grundy_game *g)
{
    grundy_range_stream_opts_init(o);
    o->game = g;
    o->values = test_values(g);
    o->max_type = 2;
    o->layout.tests = 1;
    o->layout.counts_first = 1;
    o->layout.ops[1] = GRUNDY_RANGE_OP_WINNER;
    o->layout.ops[2] = GRUNDY_RANGE_OP_SET;
    o->layout.winner_words[0] = "Alice";
    o->layout.winner_words[1] = "Bob";
    o->layout.rows = 3;
    o->layout.cols = 3;
}

/* Boards as rows of cells, several tests, "n q" first, the queries
 * renumbered and the winners in words: each answer against the XOR of
 * the boards' values. */
static void test_range_stream_cells_random(void **state)
{
    test_rng *rng = *state;
    grundy_game *g = test_game("rect:3x3");
    long it, iters = test_iters(200);
    for (it = 0; it < iters; it++) {
        grundy_range_stream_opts o;
        grundy_range_failure why;
        unsigned tests = (unsigned)test_rng_range(rng, 1, 3), t;
        text in = {0}, want = {0};
        char *out;
        rect_opts(&o, g);
        put(&in, "%u\n", tests);
        for (t = 0; t < tests; t++) {
            unsigned board[200], n = (unsigned)test_rng_range(rng, 1, 200);
            unsigned q = (unsigned)test_rng_range(rng, 0, 100), i, k;
            put(&in, "%u %u\n", n, q);
            for (i = 0; i < n; i++) {
                board[i] = (unsigned)test_rng_below(rng, 512);
                put_board(&in, board[i], rng);
            }
            for (k = 0; k < q; k++) {
                unsigned a = (unsigned)test_rng_below(rng, n), b, x = 0;
                if (test_rng_below(rng, 2)) {
                    board[a] = (unsigned)test_rng_below(rng, 512);
                    put(&in, "2 %u ", a + 1);
                    put_board(&in, board[a], rng);
                    continue;
                }
                b = a + (unsigned)test_rng_below(rng, n - a);
                put(&in, "1 %u %u\n", a + 1, b + 1);
                for (i = a; i <= b; i++)
                    x ^= rect_value(board[i]);
                put(&want, "%s\n", x ? "Alice" : "Bob");
            }
        }
        if (run(&o, in.p, &out, &why) != GRUNDY_OK ||
            strcmp(out, want.p ? want.p : "") != 0)
            fail_msg("seed=%llu it=%ld: fault %d at %lu:%lu '%s'; output "
                     "differs",
                     (unsigned long long)test_seed(), it, (int)why.fault,
                     why.where.line, why.where.col, why.where.msg);
        free(out);
        free(in.p);
        free(want.p);
    }
    test_game_free(g);
}

/* A bad cell in a random board: the answers before it are out, and the
 * error names its line and column. */
static void test_range_stream_cells_error_place(void **state)
{
    test_rng *rng = *state;
    grundy_game *g = test_game("rect:3x3");
    long it, iters = test_iters(200);
    for (it = 0; it < iters; it++) {
        grundy_range_stream_opts o;
        grundy_range_failure why;
        unsigned n = (unsigned)test_rng_range(rng, 2, 50), i, bad, x = 0;
        unsigned long line = 3, col = 1;
        text in = {0};
        char *out;
        rect_opts(&o, g);
        bad = (unsigned)test_rng_below(rng, 9); /* the cell spoilt */
        put(&in, "1\n%u 2\n", n);
        for (i = 0; i < n; i++) {
            unsigned b = (unsigned)test_rng_below(rng, 512);
            x ^= rect_value(b);
            put(&in, "%c%c%c %c%c%c %c%c%c\n", '0' + (b & 1),
                '0' + (b >> 1 & 1), '0' + (b >> 2 & 1), '0' + (b >> 3 & 1),
                '0' + (b >> 4 & 1), '0' + (b >> 5 & 1), '0' + (b >> 6 & 1),
                '0' + (b >> 7 & 1), '0' + (b >> 8 & 1));
        }
        put(&in, "1 1 %u\n2 1 ", n);
        line = 3 + n + 1;
        col = 5 + bad + bad / 3; /* "2 1 " then the cells and blanks */
        for (i = 0; i < 9; i++)
            put(&in, "%c%s", i == bad ? 'x' : '1', i % 3 == 2 ? " " : "");
        put(&in, "\n");
        assert_int_equal(run(&o, in.p, &out, &why), GRUNDY_ERR_PARSE);
        assert_int_equal(why.fault, GRUNDY_RANGE_FAULT_INPUT);
        assert_string_equal(out, x ? "Alice\n" : "Bob\n");
        if (why.where.line != line || why.where.col != col ||
            strcmp(why.where.msg, "expected a cell '0' or '1', got 'x'") != 0)
            fail_msg("seed=%llu it=%ld: %lu:%lu '%s', want %lu:%lu",
                     (unsigned long long)test_seed(), it, why.where.line,
                     why.where.col, why.where.msg, line, col);
        free(out);
        free(in.p);
    }
    test_game_free(g);
}

/* Places and faults of the other errors, and options out of bounds. */
static void test_range_stream_errors(void **state)
{
    grundy_game *g = test_game("subtract:1,3,4");
    grundy_range_stream_opts o;
    grundy_range_failure why;
    char *out;
    (void)state;
    grundy_range_stream_opts_init(&o);
    o.game = g;
    o.values = test_values(g);
    /* L > R: at R */
    assert_int_equal(run(&o, "3\n1 2 3\n2\n3 1 3\n3 3 2\n", &out, &why),
                     GRUNDY_ERR_RANGE);
    assert_int_equal(why.fault, GRUNDY_RANGE_FAULT_INPUT);
    assert_string_equal(out, "second 0\n"); /* g = 1, 0, 1 */
    assert_int_equal(why.where.line, 5);
    assert_int_equal(why.where.col, 5);
    assert_string_equal(why.where.msg, "L > R (3 > 2)");
    free(out);
    /* an index past n */
    assert_int_equal(run(&o, "3\n1 2 3\n1\n4 1 4\n", &out, &why),
                     GRUNDY_ERR_RANGE);
    assert_int_equal(why.fault, GRUNDY_RANGE_FAULT_INPUT);
    assert_int_equal(why.where.line, 4);
    assert_int_equal(why.where.col, 5);
    assert_true(strncmp(why.where.msg, "index ", 6) == 0);
    free(out);
    /* a query type past max_type */
    o.max_type = 3;
    assert_int_equal(run(&o, "1\n5\n1\n4 1 1\n", &out, &why), GRUNDY_ERR_RANGE);
    assert_true(strncmp(why.where.msg, "unknown query type: ", 20) == 0);
    assert_int_equal(why.where.col, 1);
    free(out);
    /* options out of their bounds: nothing is read */
    o.max_type = 5;
    assert_int_equal(run(&o, "1\n5\n0\n", &out, &why), GRUNDY_ERR_ARG);
    assert_int_equal(why.fault, GRUNDY_RANGE_FAULT_OTHER);
    free(out);
    o.max_type = 2;
    o.layout.rows = 9;
    o.layout.cols = 8;
    assert_int_equal(run(&o, "1\n5\n0\n", &out, &why), GRUNDY_ERR_ARG);
    free(out);
    test_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_range_stream_heaps_random,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_range_stream_cells_random,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_range_stream_cells_error_place,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_range_stream_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
