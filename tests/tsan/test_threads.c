/*
 * test_threads.c -- every multi-threaded path of the library, with 2, 3
 * and 7 threads, on sizes at which the threads really start (each test
 * asserts it through the library's count of started threads), and with
 * the same answer as one thread.  Labelled tsan: `make test` runs it in a
 * ThreadSanitizer build (GRUNDY_TSAN), where a data race fails it.
 *
 * The paths:
 *   - tier tabulation of boards (table/tiers.c): worker threads per tier;
 *   - the sparse space kernel of take-and-break games (table/sparse.c):
 *     a helper thread that marks blocks and shares the split listing, for
 *     each instruction set the CPU runs;
 *   - the board search (board/board.c): helpers that value the same part
 *     on one shared table, which grows while they wait;
 *   - the values object, which calls the two;
 *   - the memo of the sums' searches (sum/memo.c), which threads share.
 * A module that starts threads (through core/threads.h) adds its case
 * here.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/threads.h"
#include "table/sparse.h"
#include "test_support.h"

static const unsigned thread_counts[] = {2, 3, 7};
#define NCOUNTS (sizeof thread_counts / sizeof *thread_counts)

static grundy_table *board_table(const grundy_game *g, unsigned threads)
{
    grundy_limits o;
    grundy_table *t = NULL;
    grundy_limits_init(&o);
    o.threads = threads;
    assert_int_equal(grundy_table_new_method(&t, g, 0, GRUNDY_TABLE_FAST, &o),
                     GRUNDY_OK);
    assert_int_equal(grundy_table_size(t), grundy_game_num_positions(g));
    return t;
}

static void assert_same(const grundy_table *a, const grundy_table *b,
                        grundy_pos n, const char *what, unsigned threads)
{
    grundy_pos i;
    for (i = 0; i < n; i++)
        if (grundy_table_get(a, i) != grundy_table_get(b, i))
            fail_msg("%s, %u threads: g(%llu) = %llu, one thread %llu", what,
                     threads, (unsigned long long)i,
                     (unsigned long long)grundy_table_get(b, i),
                     (unsigned long long)grundy_table_get(a, i));
}

/* Boards whose largest tiers pass the size that starts threads. */
static void test_threads_tiers(void **state)
{
    static const char *specs[] = {"rect:3x6"};
    size_t i, j;
    (void)state;
    for (i = 0; i < sizeof specs / sizeof *specs; i++) {
        grundy_game *g = test_game(specs[i]);
        grundy_table *one = board_table(g, 1);
        for (j = 0; j < NCOUNTS; j++) {
            uint64_t before = grundy_threads_started();
            grundy_table *t = board_table(g, thread_counts[j]);
            uint64_t started = grundy_threads_started() - before;
            if (started == 0)
                fail_msg("%s, %u threads: no thread started", specs[i],
                         thread_counts[j]);
            assert_same(one, t, grundy_game_num_positions(g), specs[i],
                        thread_counts[j]);
            grundy_table_free(t);
        }
        grundy_table_free(one);
        grundy_game_free(g);
    }
}

/* Take-and-break games: sparse (Grundy's game) and dense (0.6: past 8192
 * the split listing is shared with the helper), with the portable kernels
 * on 2, 3 and 7 threads and the fastest this CPU runs on 2 (the kernel
 * has one helper however many threads it may use). */
static grundy_table *sparse_table(const grundy_game *g, grundy_pos n,
                                  unsigned threads, grundy_sparse_isa isa)
{
    grundy_table *t = NULL;
    grundy_limits o;
    grundy_limits_init(&o);
    o.threads = threads;
    assert_int_equal(grundy_table_new_method(&t, g, 1, GRUNDY_TABLE_FAST, &o),
                     GRUNDY_OK);
    assert_int_equal(grundy_table_fill_sparse_isa(t, n, &o, isa),
                     GRUNDY_OK);
    return t;
}

static void test_threads_sparse(void **state)
{
    static const char *specs[] = {"grundy-game", "0.6"};
    static const grundy_pos sizes[] = {6000, 8400};
    grundy_sparse_isa isas[2] = {GRUNDY_SPARSE_PORTABLE,
                                 GRUNDY_SPARSE_PORTABLE};
    size_t i, j, k;
    (void)state;
    if (grundy_sparse_isa_supported(GRUNDY_SPARSE_AVX2))
        isas[1] = GRUNDY_SPARSE_AVX2;
    if (grundy_sparse_isa_supported(GRUNDY_SPARSE_AVX512))
        isas[1] = GRUNDY_SPARSE_AVX512;
    for (i = 0; i < sizeof specs / sizeof *specs; i++) {
        grundy_game *g = test_game(specs[i]);
        grundy_table *one =
            sparse_table(g, sizes[i], 1, GRUNDY_SPARSE_PORTABLE);
        for (k = 0; k < 2; k++) {
            if (k == 1 && isas[1] == GRUNDY_SPARSE_PORTABLE)
                continue;
            for (j = 0; j < (k == 0 ? NCOUNTS : 1); j++) {
                uint64_t before = grundy_threads_started();
                grundy_table *t =
                    sparse_table(g, sizes[i], thread_counts[j], isas[k]);
                char what[64];
                if (grundy_threads_started() == before)
                    fail_msg("%s, kernel %d, %u threads: no thread started",
                             specs[i], (int)isas[k], thread_counts[j]);
                snprintf(what, sizeof what, "%s, kernel %d", specs[i],
                         (int)isas[k]);
                assert_same(one, t, sizes[i], what, thread_counts[j]);
                grundy_table_free(t);
            }
        }
        grundy_table_free(one);
        grundy_game_free(g);
    }
}

/* Through the public entry points: values objects whose tables are
 * filled on threads (a take-and-break game, a whole board). */
static void board_and_heap_values(grundy_value *x, grundy_value *y,
                                  unsigned threads)
{
    grundy_limits o;
    grundy_values_opts vo;
    grundy_values *v = NULL;
    grundy_game *g = test_game("grundy-game");
    grundy_game *b = test_game("rect:3x6");
    grundy_limits_init(&o);
    o.threads = threads;
    grundy_values_opts_init(&vo);
    vo.limits = &o;
    assert_int_equal(grundy_values_new(&v, g, &vo), GRUNDY_OK);
    assert_int_equal(grundy_values_get(x, v, 6000), GRUNDY_OK);
    grundy_values_free(v);
    assert_int_equal(grundy_values_new(&v, b, &vo), GRUNDY_OK);
    assert_int_equal(grundy_values_prepare(v, 0), GRUNDY_OK);
    assert_int_equal(grundy_values_get(y, v, ((grundy_pos)1 << 18) - 1),
                     GRUNDY_OK);
    grundy_values_free(v);
    grundy_game_free(g);
    grundy_game_free(b);
}

static void test_threads_values(void **state)
{
    grundy_value x1, y1, x, y;
    size_t j;
    (void)state;
    board_and_heap_values(&x1, &y1, 1);
    for (j = 0; j < NCOUNTS; j++) {
        uint64_t before = grundy_threads_started();
        board_and_heap_values(&x, &y, thread_counts[j]);
        if (grundy_threads_started() == before)
            fail_msg("values, %u threads: no thread started",
                     thread_counts[j]);
        assert_int_equal(x, x1);
        assert_int_equal(y, y1);
    }
}

/* The board search with helpers: the same value as one thread, on boards
 * whose parts are large enough to start them (30 cells), with a table
 * small enough to grow and evict while they run; on 64-bit positions and
 * on wider ones (the wide-key table's sequence locks). */
static void test_threads_board(void **state)
{
    static const char *specs[] = {"cram:5x6", "cram:3x10",
                                  "node-kayles:grid:5x6", "cram:5x6",
                                  "node-kayles:grid:5x6"};
    static const unsigned words[] = {1, 1, 1, 2, 4};
    size_t i, j;
    (void)state;
    for (i = 0; i < sizeof specs / sizeof *specs; i++) {
        grundy_game *g = test_game(specs[i]);
        grundy_pos p;
        grundy_value one = 0;
        assert_int_equal(grundy_game_pos_parse(g, "start", 5, &p, NULL),
                         GRUNDY_OK);
        for (j = 0; j <= NCOUNTS; j++) {
            grundy_limits lim;
            grundy_board_opts o;
            grundy_board *b = NULL;
            grundy_board_stats st;
            grundy_value v;
            uint64_t before = grundy_threads_started();
            grundy_limits_init(&lim);
            lim.threads = j ? thread_counts[j - 1] : 1;
            grundy_board_opts_init(&o);
            o.limits = &lim;
            o.table_bytes = (size_t)1 << 20;
            o.words = words[i];
            assert_int_equal(grundy_board_new(&b, g, &o), GRUNDY_OK);
            assert_int_equal(grundy_board_value(&v, b, p), GRUNDY_OK);
            grundy_board_get_stats(&st, b);
            if (!j) {
                one = v;
                assert_int_equal(st.threads, 1);
            } else {
                if (grundy_threads_started() == before)
                    fail_msg("%s, %u threads: no thread started", specs[i],
                             lim.threads);
                assert_int_equal(st.threads, lim.threads);
                if (v != one)
                    fail_msg("%s, %u threads: value %llu, one thread %llu",
                             specs[i], lim.threads, (unsigned long long)v,
                             (unsigned long long)one);
            }
            grundy_board_free(b);
        }
        grundy_game_free(g);
    }
}

/* The memo of the sums' searches shared by threads, each with values
 * objects of its own on the same games (a server's requests): the same
 * answers as a call without it, and the memo within its bound, while it
 * is emptied past it. */
#define MEMO_SUMS 12
#define MEMO_THREADS 3
#define MEMO_ROUNDS 4
typedef struct memo_job {
    const grundy_game *g;
    grundy_sum_memo *memo;
    const grundy_sum_result *fresh; /* MEMO_SUMS answers without it */
    unsigned seed;
    int bad;
} memo_job;

static void memo_sum(grundy_sum_component *c, grundy_values *v, size_t i)
{
    c[0].values = c[1].values = v;
    c[0].pos = 3 + i;
    c[1].pos = 2 + (i * 5) % 9;
}

static void *memo_worker(void *arg)
{
    memo_job *j = arg;
    grundy_values *v = NULL;
    size_t r, i, k;
    if (grundy_values_new(&v, j->g, NULL) != GRUNDY_OK) {
        j->bad = 1;
        return NULL;
    }
    for (r = 0; r < MEMO_ROUNDS * MEMO_SUMS && !j->bad; r++) {
        grundy_sum_component c[2];
        grundy_sum_opts o;
        grundy_sum_result a;
        const grundy_sum_result *f;
        i = (r * 7 + j->seed) % MEMO_SUMS;
        f = &j->fresh[i];
        memo_sum(c, v, i);
        grundy_sum_opts_init(&o);
        o.want = GRUNDY_SUM_EVERY | GRUNDY_SUM_REMOTENESS;
        o.memo = j->memo;
        if (grundy_sum_analyze(&a, c, 2, NULL, &o) != GRUNDY_OK ||
            a.nmoves != f->nmoves || a.remoteness != f->remoteness)
            j->bad = 1;
        for (k = 0; !j->bad && k < a.nmoves; k++)
            j->bad = a.move_remoteness[k] != f->move_remoteness[k] ||
                     a.move_outcome[k] != f->move_outcome[k];
        grundy_sum_result_clear(&a);
    }
    grundy_values_free(v);
    return NULL;
}

static void test_threads_memo(void **state)
{
    grundy_game *g = test_game("0.77");
    grundy_sum_result fresh[MEMO_SUMS];
    memo_job jobs[MEMO_THREADS];
    pthread_t th[MEMO_THREADS];
    grundy_sum_memo *memo;
    grundy_sum_memo_stats st;
    const size_t bound = 64 << 10;
    size_t i;
    (void)state;
    for (i = 0; i < MEMO_SUMS; i++) {
        grundy_sum_component c[2];
        grundy_sum_opts o;
        memo_sum(c, test_values(g), i);
        grundy_sum_opts_init(&o);
        o.want = GRUNDY_SUM_EVERY | GRUNDY_SUM_REMOTENESS;
        assert_int_equal(grundy_sum_analyze(&fresh[i], c, 2, NULL, &o),
                         GRUNDY_OK);
    }
    assert_int_equal(grundy_sum_memo_new(&memo, bound), GRUNDY_OK);
    for (i = 0; i < MEMO_THREADS; i++) {
        jobs[i].g = g;
        jobs[i].memo = memo;
        jobs[i].fresh = fresh;
        jobs[i].seed = (unsigned)i * 5;
        jobs[i].bad = 0;
        assert_int_equal(pthread_create(&th[i], NULL, memo_worker, &jobs[i]),
                         0);
    }
    for (i = 0; i < MEMO_THREADS; i++) {
        pthread_join(th[i], NULL);
        if (jobs[i].bad)
            fail_msg("memo, thread %zu: an answer differs from the one "
                     "without the memo",
                     i);
    }
    grundy_sum_memo_stats_get(&st, memo);
    assert_int_equal(st.calls + st.calls_without,
                     MEMO_THREADS * MEMO_ROUNDS * MEMO_SUMS);
    assert_true(st.calls > 0);
    assert_true(st.bytes <= bound);
    grundy_sum_memo_free(memo);
    for (i = 0; i < MEMO_SUMS; i++)
        grundy_sum_result_clear(&fresh[i]);
    test_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_tiers),
        cmocka_unit_test(test_threads_sparse),
        cmocka_unit_test(test_threads_values),
        cmocka_unit_test(test_threads_board),
        cmocka_unit_test(test_threads_memo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
