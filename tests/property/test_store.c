/*
 * test_store.c -- the store under faults, on seeded random cases: files
 * cut short or with a flipped byte anywhere, foreign files, a disk that
 * fills up in the middle of a write, writers racing each other while
 * readers load, and locks held by other processes.  Every failure prints
 * the seed (GRUNDY_TEST_SEED) and the iteration.
 */
#define _DEFAULT_SOURCE /* kill */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "store_util.h"

#define BLOCK (1u << 20)
#define DATA_AT 4096u

typedef struct fixture {
    test_rng rng;
    char dir[4096];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    test_rng_init(&f->rng, test_seed());
    su_tmpdir(f->dir, sizeof f->dir);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    su_rmtree(f->dir);
    free(f);
    return 0;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The bytes of a sound file of "0.77" with 3 blocks of values. */
typedef struct sample {
    grundy_store_table t;
    unsigned char *bytes;
    size_t n;
    char path[4096], bad[4096];
} sample;

static void sample_make(sample *sm, fixture *f)
{
    grundy_store *s = su_open(f->dir, NULL, NULL);
    su_table(&sm->t, "0.77", 2 * BLOCK + 777, 1, 9, &f->rng);
    sm->t.complete = 1;
    assert_int_equal(grundy_store_save(s, &sm->t), GRUNDY_OK);
    grundy_store_entry_path(s, "0.77", sm->path, sizeof sm->path);
    su_cat(sm->bad, sizeof sm->bad, sm->path, ".bad");
    sm->bytes = su_read(sm->path, &sm->n);
    assert_non_null(sm->bytes);
    assert_int_equal(sm->n, DATA_AT + 2 * BLOCK + 777);
    grundy_store_close(s);
}

static void sample_free(sample *sm)
{
    free(sm->bytes);
    free((void *)sm->t.data);
}

/* Write bytes as the entry of spec and load it: it must be rejected with
 * one warning naming the file and saying want (if not NULL), and be moved
 * to NAME.bad.  Returns 0 or fails with the seed and iteration. */
static void must_reject(fixture *f, const char *spec, const unsigned char *b,
                        size_t n, const char *want, long it)
{
    su_warnings w;
    grundy_store *s = su_open(f->dir, &w, NULL);
    grundy_store_mapping *m = (grundy_store_mapping *)1;
    char path[4096], bad[4096];
    size_t bn = 0;
    unsigned char *moved;
    grundy_store_entry_path(s, spec, path, sizeof path);
    su_cat(bad, sizeof bad, path, ".bad");
    su_write(path, b, n);
    if (grundy_store_load(&m, s, spec) != GRUNDY_OK || m)
        fail_msg("seed=%llu it=%ld: a damaged file (%zu bytes) was loaded",
                 (unsigned long long)test_seed(), it, n);
    if (w.count != 1 || strcmp(w.path, path) != 0)
        fail_msg("seed=%llu it=%ld: %d warnings, last for '%s'",
                 (unsigned long long)test_seed(), it, w.count, w.path);
    if (want && !strstr(w.what, want))
        fail_msg("seed=%llu it=%ld: warning '%s' does not say '%s'",
                 (unsigned long long)test_seed(), it, w.what, want);
    moved = su_read(bad, &bn);
    if (su_exists(path) || !moved || bn != n ||
        (n && memcmp(moved, b, n) != 0))
        fail_msg("seed=%llu it=%ld: the file was not moved aside whole",
                 (unsigned long long)test_seed(), it);
    free(moved);
    grundy_store_close(s);
}

/* Truncation ***************************************************************/

static void test_store_truncated_anywhere(void **state)
{
    fixture *f = *state;
    sample sm;
    static const size_t fixed[] = {1, 7, 8, 11, 12, 511, 512, 513,
                                   4095, 4096, 4097};
    long it, iters = 40 * test_multiplier();
    sample_make(&sm, f);
    for (it = 0; it < iters + 12; it++) {
        size_t len = it < 11    ? fixed[it]
                     : it == 11 ? sm.n - 1
                                : 1 + test_rng_below(&f->rng, sm.n - 1);
        char want[96];
        if (len < 512)
            snprintf(want, sizeof want, "truncated: %zu of at least 512 "
                     "bytes", len);
        else
            snprintf(want, sizeof want, "truncated: %zu of %zu bytes", len,
                     sm.n);
        must_reject(f, "0.77", sm.bytes, len, want, it);
    }
    /* the whole file is sound */
    {
        grundy_store *s = su_open(f->dir, NULL, NULL);
        su_write(sm.path, sm.bytes, sm.n);
        su_assert_loaded(s, &sm.t);
        grundy_store_close(s);
    }
    sample_free(&sm);
}

/* Flipped bytes ************************************************************/

/* Flip one byte in [lo, hi) and expect the rejection to say want. */
static void flip_range(fixture *f, sample *sm, size_t lo, size_t hi,
                       int body)
{
    long it, iters = 40 * test_multiplier();
    for (it = 0; it < iters; it++) {
        size_t at = lo + test_rng_below(&f->rng, hi - lo);
        unsigned char x = (unsigned char)test_rng_range(&f->rng, 1, 255);
        char want[96];
        const char *w = NULL;
        if (body) {
            snprintf(want, sizeof want, "checksum mismatch in block %zu of 3",
                     (at - DATA_AT) / BLOCK);
            w = want;
        } else if (lo == 512) {
            w = "checksum mismatch in the block table";
        }
        sm->bytes[at] ^= x;
        must_reject(f, "0.77", sm->bytes, sm->n, w, it);
        sm->bytes[at] ^= x;
    }
}

static void test_store_flipped_header_byte(void **state)
{
    fixture *f = *state;
    sample sm;
    sample_make(&sm, f);
    flip_range(f, &sm, 0, 512, 0);
    sample_free(&sm);
}

static void test_store_flipped_table_byte(void **state)
{
    fixture *f = *state;
    sample sm;
    sample_make(&sm, f);
    flip_range(f, &sm, 512, DATA_AT, 0); /* block table and its padding */
    sample_free(&sm);
}

static void test_store_flipped_body_byte(void **state)
{
    fixture *f = *state;
    sample sm;
    sample_make(&sm, f);
    flip_range(f, &sm, DATA_AT, sm.n, 1);
    sample_free(&sm);
}

/* Foreign files ************************************************************/

static void test_store_foreign_random_bytes(void **state)
{
    fixture *f = *state;
    static const unsigned char head[12] = {0x89, 'G', 'T', 'A', 'B', '\r',
                                           '\n', 0x1a, 1, 0, 0, 0};
    long it, iters = 40 * test_multiplier();
    unsigned char *b = malloc(3 * DATA_AT);
    assert_non_null(b);
    for (it = 0; it < iters; it++) {
        size_t n = 1 + test_rng_below(&f->rng, 3 * DATA_AT), i;
        for (i = 0; i < n; i++)
            b[i] = (unsigned char)test_rng_next(&f->rng);
        /* Half of them look like a table of this format at first. */
        if (it & 1)
            memcpy(b, head, n < sizeof head ? n : sizeof head);
        must_reject(f, "0.77", b, n, (it & 1) ? NULL : "not a grundy table",
                    it);
    }
    free(b);
}

static void test_store_foreign_empty_file(void **state)
{
    fixture *f = *state;
    must_reject(f, "0.77", (const unsigned char *)"", 0,
                "not a grundy table (an empty file)", 0);
    must_reject(f, "subtract:1,3,4", (const unsigned char *)"", 0,
                "not a grundy table (an empty file)", 1);
}

/* A sound table of another spec under the entry's name. */
static void test_store_foreign_other_spec(void **state)
{
    fixture *f = *state;
    char sub[4096], path[4096], want[300];
    long it, iters = 10 * test_multiplier();
    su_cat(sub, sizeof sub, f->dir, "/other");
    for (it = 0; it < iters; it++) {
        grundy_store *s = su_open(sub, NULL, NULL);
        grundy_store_table t;
        char spec[32];
        unsigned char *b;
        size_t n;
        snprintf(spec, sizeof spec, "subtract:%llu,%llu",
                 (unsigned long long)test_rng_range(&f->rng, 1, 9),
                 (unsigned long long)test_rng_range(&f->rng, 10, 99));
        su_table(&t, spec, test_rng_below(&f->rng, 5000), 1u << (it % 3),
                 200, &f->rng);
        assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
        grundy_store_entry_path(s, spec, path, sizeof path);
        b = su_read(path, &n);
        assert_non_null(b);
        snprintf(want, sizeof want, "a foreign file: it holds the table of "
                 "'%s'", spec);
        must_reject(f, "0.77", b, n, want, it);
        free(b);
        free((void *)t.data);
        grundy_store_close(s);
        su_rmtree(sub);
    }
}

/* A disk that fills up *****************************************************/

/* In a child: file size limit `limit` (SIGXFSZ ignored, so write() fails
 * with EFBIG), then save t over the entry.  Exit 0 when the save failed
 * with GRUNDY_ERR_IO and one warning, 1 otherwise. */
static int save_with_limit(const char *dir, const grundy_store_table *t,
                           rlim_t limit)
{
    struct rlimit rl;
    su_warnings w;
    grundy_store_opts o;
    grundy_store *s;
    grundy_status st;
    rl.rlim_cur = limit;
    rl.rlim_max = limit;
    signal(SIGXFSZ, SIG_IGN);
    if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
        return 2;
    grundy_store_opts_init(&o);
    o.dir = dir;
    o.warn = su_warn;
    o.warn_ctx = &w;
    memset(&w, 0, sizeof w);
    if (grundy_store_open(&s, &o) != GRUNDY_OK)
        return 1;
    st = grundy_store_save(s, t);
    grundy_store_close(s);
    if (st != GRUNDY_ERR_IO || w.count != 1 || !strstr(w.what, "unchanged")) {
        fprintf(stderr, "status %d, %d warnings: %s\n", (int)st, w.count,
                w.what);
        return 1;
    }
    return 0;
}

static void test_store_write_fails_midway(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    grundy_store_table old, big;
    long it, iters = 8 * test_multiplier();
    uint64_t big_bytes;
    su_table(&old, "0.77", 1000, 1, 9, &f->rng);
    old.complete = 1;
    assert_int_equal(grundy_store_save(s, &old), GRUNDY_OK);
    su_table(&big, "0.77", 3 * BLOCK + 5, 1, 9, &f->rng);
    big_bytes = DATA_AT + big.size;
    for (it = 0; it < iters; it++) {
        /* the limit falls in the values, the block table or the header */
        rlim_t limit = it == 0   ? 0
                       : it == 1 ? DATA_AT
                       : it == 2 ? big_bytes - 1
                                 : (rlim_t)test_rng_below(&f->rng,
                                                          big_bytes);
        int status;
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
            _exit(save_with_limit(f->dir, &big, limit));
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            fail_msg("seed=%llu it=%ld limit=%llu: the failed save was not "
                     "reported (status %d)",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)limit, status);
        if (su_count_names(f->dir, ".tmp-") != 0)
            fail_msg("seed=%llu it=%ld: a temporary file was left",
                     (unsigned long long)test_seed(), it);
        su_assert_loaded(s, &old);
    }
    /* Without the limit the same save goes through. */
    assert_int_equal(grundy_store_save(s, &big), GRUNDY_OK);
    su_assert_loaded(s, &big);
    free((void *)old.data);
    free((void *)big.data);
    grundy_store_close(s);
}

/* Concurrent writers and readers *******************************************/

#define WRITERS 4
#define SIZES_PER_WRITER 3
#define READERS 2

typedef struct race {
    char dir[4096];
    const uint16_t *values; /* every table is a prefix of these */
    uint64_t sizes[WRITERS * SIZES_PER_WRITER];
    int complete[WRITERS * SIZES_PER_WRITER];
    char stop[4096];
} race;

static void prefix_table(grundy_store_table *t, const race *r, uint64_t n,
                         int complete)
{
    uint64_t i;
    memset(t, 0, sizeof *t);
    strcpy(t->spec, "grundy-game");
    t->size = n;
    t->width = 2;
    t->complete = complete;
    t->data = r->values;
    for (i = 0; i < n; i++)
        if (r->values[i] > t->max) {
            t->max = r->values[i];
            t->max_at = i;
        }
}

static int writer(const race *r, int k, int go)
{
    grundy_store *s;
    grundy_store_opts o;
    char c;
    int j, bad = 0;
    grundy_store_opts_init(&o);
    o.dir = r->dir;
    if (grundy_store_open(&s, &o) != GRUNDY_OK)
        return 1;
    if (read(go, &c, 1) < 0) /* wait for the start (EOF) */
        return 1;
    for (j = 0; j < SIZES_PER_WRITER; j++) {
        grundy_store_table t;
        int i = k * SIZES_PER_WRITER + j;
        prefix_table(&t, r, r->sizes[i], r->complete[i]);
        bad |= grundy_store_save(s, &t) != GRUNDY_OK;
    }
    grundy_store_close(s);
    return bad;
}

static int reader(const race *r, int go)
{
    su_warnings w;
    grundy_store *s = su_open(r->dir, &w, NULL);
    long loads = 0, seen = 0;
    char c;
    if (read(go, &c, 1) < 0)
        return 1;
    while (!su_exists(r->stop) || loads < 20 || !seen) {
        grundy_store_mapping *m;
        const grundy_store_table *t;
        grundy_store_table want;
        int i, known = 0;
        if (grundy_store_load(&m, s, "grundy-game") != GRUNDY_OK)
            return 1;
        loads++;
        if (w.count) {
            fprintf(stderr, "reader: warned: %s: %s\n", w.path, w.what);
            return 1;
        }
        if (!m)
            continue;
        seen++;
        t = grundy_store_mapping_table(m);
        for (i = 0; i < WRITERS * SIZES_PER_WRITER; i++)
            known |= t->size == r->sizes[i];
        prefix_table(&want, r, t->size, t->complete);
        if (!known || t->max != want.max || t->max_at != want.max_at ||
            memcmp(t->data, r->values, (size_t)t->size * 2) != 0) {
            fprintf(stderr, "reader: a table of %llu entries that no "
                    "writer wrote\n", (unsigned long long)t->size);
            return 1;
        }
        grundy_store_mapping_free(m);
    }
    grundy_store_close(s);
    return 0;
}

static void test_store_concurrent_writers_and_readers(void **state)
{
    fixture *f = *state;
    long round, rounds = 2 * test_multiplier();
    uint64_t maxn = 3 * BLOCK / 4; /* entries of 2 bytes: 2 blocks */
    uint16_t *values = malloc(maxn * 2);
    uint64_t i;
    assert_non_null(values);
    for (i = 0; i < maxn; i++)
        values[i] = (uint16_t)test_rng_below(&f->rng, 5000);
    for (round = 0; round < rounds; round++) {
        race r;
        pid_t pids[WRITERS + READERS];
        int go[2], k, best = 0;
        char sub[64];
        grundy_store *s;
        grundy_store_table want;
        snprintf(sub, sizeof sub, "/race%ld", round);
        memset(&r, 0, sizeof r);
        su_cat(r.dir, sizeof r.dir, f->dir, sub);
        r.values = values;
        su_cat(r.stop, sizeof r.stop, f->dir, "/stop");
        unlink(r.stop);
        /* distinct sizes; the best is the largest (complete or not) */
        for (k = 0; k < WRITERS * SIZES_PER_WRITER; k++) {
            int j, dup;
            do {
                r.sizes[k] = 1 + test_rng_below(&f->rng, maxn);
                for (dup = 0, j = 0; j < k; j++)
                    dup |= r.sizes[j] == r.sizes[k];
            } while (dup);
            r.complete[k] = (int)test_rng_below(&f->rng, 2);
            if (r.sizes[k] > r.sizes[best])
                best = k;
        }
        s = su_open(r.dir, NULL, NULL);
        assert_int_equal(pipe(go), 0);
        for (k = 0; k < WRITERS + READERS; k++) {
            pids[k] = fork();
            assert_true(pids[k] >= 0);
            if (pids[k] == 0) {
                close(go[1]);
                _exit(k < WRITERS ? writer(&r, k, go[0]) : reader(&r, go[0]));
            }
        }
        close(go[0]);
        close(go[1]); /* go */
        for (k = 0; k < WRITERS + READERS; k++) {
            int status;
            if (k == WRITERS)
                su_write(r.stop, "", 0); /* writers done: readers stop */
            assert_int_equal(waitpid(pids[k], &status, 0), pids[k]);
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                fail_msg("seed=%llu round=%ld: %s %d failed (status %d)",
                         (unsigned long long)test_seed(), round,
                         k < WRITERS ? "writer" : "reader", k, status);
        }
        prefix_table(&want, &r, r.sizes[best], r.complete[best]);
        su_assert_loaded(s, &want);
        assert_int_equal(su_count_names(r.dir, ".tmp-"), 0);
        grundy_store_close(s);
    }
    free(values);
}

/* Locks between processes **************************************************/

typedef struct progress_log {
    int calls, cancel_at;
    char phase[64];
} progress_log;

static int log_progress(void *ctx, const grundy_progress *p)
{
    progress_log *pl = ctx;
    pl->calls++;
    snprintf(pl->phase, sizeof pl->phase, "%s", p->phase);
    return pl->cancel_at && pl->calls >= pl->cancel_at;
}

/* A child that takes the lock of spec, says so on the pipe, holds it for
 * hold_ms (or until killed when hold_ms < 0), unlinks the lock file after
 * unlink_ms when that is >= 0, then releases it. */
static pid_t lock_holder(const char *dir, const char *spec, long hold_ms,
                         long unlink_ms)
{
    int p[2];
    char c = 'L';
    pid_t pid;
    assert_int_equal(pipe(p), 0);
    pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        grundy_store_opts o;
        grundy_store *s;
        grundy_store_lock *l;
        char path[4096];
        struct timespec ts;
        close(p[0]);
        grundy_store_opts_init(&o);
        o.dir = dir;
        if (grundy_store_open(&s, &o) != GRUNDY_OK ||
            grundy_store_lock_entry(&l, s, spec) != GRUNDY_OK)
            _exit(1);
        if (write(p[1], &c, 1) != 1)
            _exit(1);
        if (unlink_ms >= 0) {
            ts.tv_sec = 0;
            ts.tv_nsec = unlink_ms * 1000000L;
            nanosleep(&ts, NULL);
            grundy_store_entry_path(s, spec, path, sizeof path);
            strcat(path, ".lock");
            unlink(path);
            hold_ms -= unlink_ms;
        }
        if (hold_ms < 0)
            for (;;)
                pause();
        ts.tv_sec = hold_ms / 1000;
        ts.tv_nsec = hold_ms % 1000 * 1000000L;
        nanosleep(&ts, NULL);
        grundy_store_unlock(l);
        grundy_store_close(s);
        _exit(0);
    }
    close(p[1]);
    if (read(p[0], &c, 1) != 1)
        fail_msg("the lock holder did not start");
    close(p[0]);
    return pid;
}

static void reap(pid_t pid)
{
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
}

static grundy_store *open_logged(const char *dir, grundy_limits *lim,
                                 progress_log *pl, int cancel_at)
{
    memset(pl, 0, sizeof *pl);
    pl->cancel_at = cancel_at;
    grundy_limits_init(lim);
    lim->progress = log_progress;
    lim->progress_ctx = pl;
    lim->interval_ms = 20;
    return su_open(dir, NULL, lim);
}

static void test_store_lock_waits(void **state)
{
    fixture *f = *state;
    grundy_limits lim;
    progress_log pl;
    grundy_store *s = open_logged(f->dir, &lim, &pl, 0);
    grundy_store_lock *l = NULL;
    pid_t pid = lock_holder(f->dir, "0.77", 400, -1);
    double t0 = now_ms(), waited;
    assert_int_equal(grundy_store_lock_entry(&l, s, "0.77"), GRUNDY_OK);
    waited = now_ms() - t0;
    assert_non_null(l);
    if (waited < 250)
        fail_msg("the lock was taken after %.0f ms, while the other "
                 "process held it for 400 ms", waited);
    assert_true(pl.calls >= 2);
    assert_string_equal(pl.phase, "waiting for another process");
    grundy_store_unlock(l);
    reap(pid);
    /* Free now: no wait, no report. */
    pl.calls = 0;
    assert_int_equal(grundy_store_lock_entry(&l, s, "0.77"), GRUNDY_OK);
    assert_int_equal(pl.calls, 0);
    grundy_store_unlock(l);
    grundy_store_close(s);
}

static void test_store_lock_cancel(void **state)
{
    fixture *f = *state;
    grundy_limits lim;
    progress_log pl;
    grundy_store *s = open_logged(f->dir, &lim, &pl, 3);
    grundy_store_lock *l = (grundy_store_lock *)1;
    pid_t pid = lock_holder(f->dir, "0.77", -1, -1);
    double t0 = now_ms();
    assert_int_equal(grundy_store_lock_entry(&l, s, "0.77"),
                     GRUNDY_ERR_CANCELLED);
    assert_null(l);
    assert_int_equal(pl.calls, 3);
    assert_true(now_ms() - t0 < 5000);
    /* A process that dies leaves no lock behind. */
    kill(pid, SIGKILL);
    reap(pid);
    pl.calls = 0;
    assert_int_equal(grundy_store_lock_entry(&l, s, "0.77"), GRUNDY_OK);
    assert_int_equal(pl.calls, 0);
    grundy_store_unlock(l);
    /* Two locks of one entry in one process: the second waits too. */
    {
        grundy_store_lock *l2 = NULL;
        assert_int_equal(grundy_store_lock_entry(&l, s, "0.77"), GRUNDY_OK);
        pl.calls = 0;
        assert_int_equal(grundy_store_lock_entry(&l2, s, "0.77"),
                         GRUNDY_ERR_CANCELLED);
        assert_null(l2);
        /* other entries are independent */
        assert_int_equal(grundy_store_lock_entry(&l2, s, "0.07"), GRUNDY_OK);
        grundy_store_unlock(l2);
        grundy_store_unlock(l);
    }
    grundy_store_close(s);
}

/* The lock file is removed while a process waits for it (as
 * grundy_store_remove does): the waiter takes a lock on a new file, which
 * a third process then has to wait for. */
static void test_store_lock_file_removed_while_waiting(void **state)
{
    fixture *f = *state;
    grundy_limits lim, lim3;
    progress_log pl, pl3;
    grundy_store *s = open_logged(f->dir, &lim, &pl, 0);
    grundy_store *s3 = open_logged(f->dir, &lim3, &pl3, 3);
    grundy_store_lock *l = NULL, *l3 = NULL;
    char path[4096];
    pid_t pid = lock_holder(f->dir, "0.77", 300, 150);
    assert_int_equal(grundy_store_lock_entry(&l, s, "0.77"), GRUNDY_OK);
    reap(pid);
    grundy_store_entry_path(s, "0.77", path, sizeof path);
    strcat(path, ".lock");
    assert_true(su_exists(path));
    assert_int_equal(grundy_store_lock_entry(&l3, s3, "0.77"),
                     GRUNDY_ERR_CANCELLED);
    grundy_store_unlock(l);
    assert_int_equal(grundy_store_lock_entry(&l3, s3, "0.77"), GRUNDY_OK);
    grundy_store_unlock(l3);
    grundy_store_close(s);
    grundy_store_close(s3);
}

/* Random round trips *******************************************************/

static void test_store_round_trip_random(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    long it, iters = 20 * test_multiplier();
    for (it = 0; it < iters; it++) {
        grundy_store_table t;
        unsigned w = 1u << test_rng_below(&f->rng, 3);
        uint64_t n = test_rng_below(&f->rng, 3 * BLOCK / w);
        uint64_t vmax = w == 1 ? 255 : w == 2 ? 65535 : UINT32_MAX;
        char spec[64], path[4096];
        unsigned char *b;
        size_t len;
        snprintf(spec, sizeof spec, "random:%ld", it);
        su_table(&t, spec, n, w, test_rng_below(&f->rng, vmax) + 1, &f->rng);
        t.complete = (int)test_rng_below(&f->rng, 2);
        t.period.found = (int)test_rng_below(&f->rng, 2);
        if (t.period.found) {
            t.period.proven = (int)test_rng_below(&f->rng, 2);
            t.period.preperiod = test_rng_next(&f->rng);
            t.period.period = test_rng_next(&f->rng);
            t.period.saltus = test_rng_next(&f->rng);
            t.period.checked_upto = test_rng_next(&f->rng);
        }
        assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
        su_assert_loaded(s, &t);
        grundy_store_entry_path(s, spec, path, sizeof path);
        b = su_read(path, &len);
        assert_non_null(b);
        if (len != DATA_AT * ((512 + 8 * ((n * w + BLOCK - 1) / BLOCK) +
                               DATA_AT - 1) /
                              DATA_AT) +
                       n * w)
            fail_msg("seed=%llu it=%ld: %zu bytes for %llu entries of %u",
                     (unsigned long long)test_seed(), it, len,
                     (unsigned long long)n, w);
        free(b);
        free((void *)t.data);
    }
    grundy_store_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_store_truncated_anywhere, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_flipped_header_byte,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_flipped_table_byte, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_flipped_body_byte, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_foreign_random_bytes,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_foreign_empty_file, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_foreign_other_spec, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_write_fails_midway, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(
            test_store_concurrent_writers_and_readers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_lock_waits, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_lock_cancel, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(
            test_store_lock_file_removed_while_waiting, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_round_trip_random, setup,
                                        teardown),
    };
    fprintf(stderr, "store property tests: seed %llu\n",
            (unsigned long long)test_seed());
    return cmocka_run_group_tests(tests, NULL, NULL);
}
