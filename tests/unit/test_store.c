/*
 * test_store.c -- the store: folders, entry names, round trips, the file
 * layout, which table wins, list / verify / remove, and the messages of
 * a rejected file.  The randomised faults (truncation, flipped bytes,
 * concurrent writers, locks between processes) are in
 * tests/property/test_store.c.
 */
#define _DEFAULT_SOURCE /* setenv */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "store/format.h"
#include "store/store_internal.h"
#include "store_util.h"
#include "table/sparse.h"

#define BLOCK (1u << 20) /* bytes per checksum, as written */

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

static void entry(char *buf, size_t cap, grundy_store *s, const char *spec,
                  const char *suffix)
{
    char p[4096];
    grundy_store_entry_path(s, spec, p, sizeof p);
    snprintf(buf, cap, "%s%s", p, suffix);
}

/* Folders ******************************************************************/

static void test_store_open_default_folder(void **state)
{
    fixture *f = *state;
    char *home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    char *xdg = getenv("XDG_CACHE_HOME") ? strdup(getenv("XDG_CACHE_HOME"))
                                         : NULL;
    char want[4096];
    grundy_store *s;
    struct stat st;

    setenv("XDG_CACHE_HOME", f->dir, 1);
    assert_int_equal(grundy_store_open(&s, NULL), GRUNDY_OK);
    su_cat(want, sizeof want, f->dir, "/grundy");
    assert_string_equal(grundy_store_dir(s), want);
    assert_true(grundy_store_writable(s));
    assert_int_equal(stat(want, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    grundy_store_close(s);

    /* A relative XDG_CACHE_HOME is ignored (XDG): HOME/.cache/grundy. */
    setenv("XDG_CACHE_HOME", "relative/cache", 1);
    su_cat(want, sizeof want, f->dir, "/home");
    setenv("HOME", want, 1);
    assert_int_equal(grundy_store_open(&s, NULL), GRUNDY_OK);
    su_cat(want, sizeof want, f->dir, "/home/.cache/grundy");
    assert_string_equal(grundy_store_dir(s), want);
    assert_int_equal(stat(want, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700);
    grundy_store_close(s);

    unsetenv("XDG_CACHE_HOME");
    unsetenv("HOME");
    s = (grundy_store *)1;
    assert_int_equal(grundy_store_open(&s, NULL), GRUNDY_ERR_ARG);
    assert_null(s);

    if (home)
        setenv("HOME", home, 1);
    if (xdg)
        setenv("XDG_CACHE_HOME", xdg, 1);
    free(home);
    free(xdg);
}

static void test_store_open_relative_and_slashes(void **state)
{
    fixture *f = *state;
    char cwd[4096], want[4096], dir[4096];
    grundy_store_opts o;
    grundy_store *s;
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(f->dir), 0);
    s = su_open("a/b//", NULL, NULL);
    assert_int_equal(chdir(cwd), 0);
    su_cat(want, sizeof want, f->dir, "/a/b");
    assert_string_equal(grundy_store_dir(s), want);
    assert_true(grundy_store_writable(s));
    grundy_store_close(s);

    grundy_store_opts_init(&o);
    o.dir = "";
    assert_int_equal(grundy_store_open(&s, &o), GRUNDY_ERR_ARG);
    memset(dir, 'x', 3900);
    dir[0] = '/';
    dir[3900] = 0;
    o.dir = dir;
    assert_int_equal(grundy_store_open(&s, &o), GRUNDY_ERR_ARG);
}

/* A folder that cannot be created: under a regular file. */
static void test_store_open_folder_under_file(void **state)
{
    fixture *f = *state;
    char file[4096], dir[4096], path[4096];
    su_warnings w;
    grundy_store *s;
    grundy_store_table t;
    grundy_store_mapping *m = (grundy_store_mapping *)1;
    grundy_store_lock *l = NULL;
    grundy_store_info *info = (grundy_store_info *)1;
    size_t n = 1;

    su_cat(file, sizeof file, f->dir, "/plain");
    su_write(file, "x", 1);
    su_cat(dir, sizeof dir, file, "/store");
    s = su_open(dir, &w, NULL);
    assert_false(grundy_store_writable(s));
    assert_int_equal(w.count, 1);
    assert_string_equal(w.path, dir);
    assert_non_null(strstr(w.what, "will not be kept"));

    su_table(&t, "0.77", 100, 1, 9, &f->rng);
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK); /* skipped */
    assert_int_equal(grundy_store_load(&m, s, "0.77"), GRUNDY_OK);
    assert_null(m);
    assert_int_equal(grundy_store_lock_entry(&l, s, "0.77"), GRUNDY_OK);
    assert_non_null(l);
    grundy_store_unlock(l);
    assert_int_equal(grundy_store_list(&info, &n, s), GRUNDY_OK);
    assert_int_equal(n, 0);
    assert_null(info);
    assert_int_equal(grundy_store_remove(s, "0.77"), GRUNDY_ERR_RANGE);
    assert_int_equal(w.count, 1); /* warned once */
    entry(path, sizeof path, s, "0.77", "");
    assert_false(su_exists(path));
    free((void *)t.data);
    grundy_store_close(s);
}

/* A folder that is not writable (mode 0555), holding a sound entry of
 * 0.77 and a bad one of nim.  Returns NULL or what went wrong; it runs in
 * a child process when the test runs as root. */
static const char *readonly_checks(const char *dir, const char *good,
                                   const char *bad, const grundy_store_table *t)
{
    su_warnings w;
    grundy_store_opts o;
    grundy_store *s;
    grundy_store_mapping *m;
    grundy_store_lock *l;
    grundy_store_table longer = *t;
    const char *err = NULL;
    grundy_store_opts_init(&o);
    o.dir = dir;
    o.warn = su_warn;
    o.warn_ctx = &w;
    memset(&w, 0, sizeof w);
    if (grundy_store_open(&s, &o) != GRUNDY_OK)
        return "open failed";
    if (grundy_store_writable(s) || w.count != 1 ||
        !strstr(w.what, "not writable"))
        err = "not reported as read-only";
    else if (grundy_store_load(&m, s, t->spec) != GRUNDY_OK || !m ||
             grundy_store_mapping_table(m)->size != t->size)
        err = "the sound entry did not load";
    if (err) {
        grundy_store_close(s);
        return err;
    }
    grundy_store_mapping_free(m);
    longer.complete = 1;
    longer.size = t->size + 1; /* would win: nothing may be written */
    if (grundy_store_save(s, &longer) != GRUNDY_OK ||
        su_count_names(dir, ".tmp-") != 0)
        err = "save wrote something";
    else if (grundy_store_load(&m, s, "nim") != GRUNDY_OK || m ||
             w.count != 2 || !strstr(w.what, "left in place") ||
             !su_exists(bad) || !su_exists(good))
        err = "the bad entry was not left in place";
    else if (grundy_store_lock_entry(&l, s, "nim") != GRUNDY_OK || !l ||
             su_count_names(dir, ".lock") != 0)
        err = "the lock was not a no-op";
    else
        grundy_store_unlock(l);
    grundy_store_close(s);
    return err;
}

static void test_store_readonly_folder(void **state)
{
    fixture *f = *state;
    char dir[4096], good[4096], bad[4096];
    grundy_store *s;
    grundy_store_table t;
    const char *err;
    su_cat(dir, sizeof dir, f->dir, "/ro");
    s = su_open(dir, NULL, NULL);
    su_table(&t, "0.77", 100, 1, 9, &f->rng);
    t.size = 99; /* room for a longer one */
    t.max = 0;
    t.max_at = 0;
    for (size_t i = 0; i < 99; i++)
        if (((const unsigned char *)t.data)[i] > t.max) {
            t.max = ((const unsigned char *)t.data)[i];
            t.max_at = i;
        }
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    grundy_store_entry_path(s, "0.77", good, sizeof good);
    grundy_store_entry_path(s, "nim", bad, sizeof bad);
    grundy_store_close(s);
    su_write(bad, "junk", 4);
    assert_int_equal(chmod(dir, 0555), 0);
    if (geteuid() != 0) {
        err = readonly_checks(dir, good, bad, &t);
    } else {
        /* Root writes through chmod: check as the user nobody. */
        int status;
        pid_t pid;
        assert_int_equal(chmod(f->dir, 0755), 0);
        pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            if (setgid(65534) != 0 || setuid(65534) != 0)
                _exit(77);
            err = readonly_checks(dir, good, bad, &t);
            if (err)
                fprintf(stderr, "as nobody: %s\n", err);
            _exit(err ? 1 : 0);
        }
        assert_int_equal(waitpid(pid, &status, 0), pid);
        chmod(dir, 0755);
        free((void *)t.data);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 77)
            skip(); /* root that cannot become nobody */
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            fail_msg("read-only store checks failed as nobody (status %d)",
                     status);
        return;
    }
    chmod(dir, 0755);
    free((void *)t.data);
    if (err)
        fail_msg("%s", err);
}
/* Entry names **************************************************************/

static void test_store_entry_path_names(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    char a[4096], b[4096], spec[300], want[4096], small[8];
    const char *base;
    size_t n;

    /* Pinned: the hash part is XXH3-64 of the spec, here checked against
     * a separate implementation of XXH3's 4-8 byte case (Python). */
    n = grundy_store_entry_path(s, "0.77", a, sizeof a);
    snprintf(want, sizeof want, "%s/0.77-%s.gtab", grundy_store_dir(s),
             "1f2085cf5c463993");
    assert_string_equal(a, want);
    assert_int_equal(n, strlen(want));

    grundy_store_entry_path(s, "subtract:1,3,4", a, sizeof a);
    base = strrchr(a, '/') + 1;
    assert_memory_equal(base, "subtract_1_3_4-", 15);
    assert_int_equal(strlen(base), 15 + 16 + 5);

    /* Same slug, different specs: different names. */
    grundy_store_entry_path(s, "a:b", a, sizeof a);
    grundy_store_entry_path(s, "a/b", b, sizeof b);
    assert_string_not_equal(a, b);
    assert_null(strchr(strrchr(b, '/') + 1, ':'));

    /* A leading '.' would hide the file; long specs are cut to 64. */
    grundy_store_entry_path(s, ".5", a, sizeof a);
    assert_int_equal(strrchr(a, '/')[1], '_');
    memset(spec, 'q', 255);
    spec[255] = 0;
    grundy_store_entry_path(s, spec, a, sizeof a);
    assert_int_equal(strlen(strrchr(a, '/') + 1), 64 + 1 + 16 + 5);

    /* snprintf semantics */
    n = grundy_store_entry_path(s, "0.77", small, sizeof small);
    assert_int_equal(n, strlen(want));
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_int_equal(grundy_store_entry_path(s, "0.77", NULL, 0),
                     strlen(want));
    grundy_store_close(s);
}

/* Round trips **************************************************************/

static void test_store_round_trip(void **state)
{
    fixture *f = *state;
    static const unsigned widths[] = {1, 2, 4};
    grundy_store *s = su_open(f->dir, NULL, NULL);
    size_t wi, si;
    for (wi = 0; wi < 3; wi++) {
        unsigned w = widths[wi];
        uint64_t per_block = BLOCK / w;
        uint64_t sizes[] = {0,          1,           2,
                            per_block - 1, per_block, per_block + 1,
                            2 * per_block + 3};
        uint64_t vmax = w == 1 ? 255 : w == 2 ? 65535 : UINT32_MAX;
        for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            grundy_store_table t;
            char spec[64];
            snprintf(spec, sizeof spec, "rt:w%u:n%llu", w,
                     (unsigned long long)sizes[si]);
            su_table(&t, spec, sizes[si], w, vmax, &f->rng);
            t.complete = (int)(si & 1);
            assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
            su_assert_loaded(s, &t);
            free((void *)t.data);
        }
    }
    grundy_store_close(s);
}

static void test_store_round_trip_period(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    grundy_store_table t;
    grundy_store_mapping *m;
    su_table(&t, "0.77", 1000, 1, 9, &f->rng);
    t.complete = 1;
    t.period.found = 1;
    t.period.proven = 1;
    t.period.preperiod = 71;
    t.period.period = 12;
    t.period.saltus = 0;
    t.period.checked_upto = 1000;
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    su_assert_loaded(s, &t);
    free((void *)t.data);

    /* A period seen, not proven, with a saltus. */
    su_table(&t, "grundy-game", 5000, 2, 300, &f->rng);
    t.period.found = 1;
    t.period.preperiod = 7;
    t.period.period = 3;
    t.period.saltus = 5;
    t.period.checked_upto = 5000;
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    su_assert_loaded(s, &t);
    free((void *)t.data);

    /* Period fields without found are not kept. */
    su_table(&t, "subtract:1,3,4", 10, 4, 3, &f->rng);
    t.period.period = 4;
    t.period.checked_upto = 10;
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    assert_int_equal(grundy_store_load(&m, s, t.spec), GRUNDY_OK);
    assert_non_null(m);
    assert_int_equal(grundy_store_mapping_table(m)->period.period, 0);
    assert_int_equal(grundy_store_mapping_table(m)->period.checked_upto, 0);
    grundy_store_mapping_free(m);
    free((void *)t.data);
    grundy_store_close(s);
}

/* The same table gives the same bytes, in any store. */
static void test_store_bytes_identical(void **state)
{
    fixture *f = *state;
    char d1[4096], d2[4096], p1[4200], p2[4200];
    grundy_store *s1, *s2;
    grundy_store_table t;
    unsigned char *b1, *b2;
    size_t n1, n2;
    su_cat(d1, sizeof d1, f->dir, "/one");
    su_cat(d2, sizeof d2, f->dir, "/two");
    s1 = su_open(d1, NULL, NULL);
    s2 = su_open(d2, NULL, NULL);
    su_table(&t, "digits", 3 * BLOCK / 2 + 17, 2, 1000, &f->rng);
    t.complete = 1;
    assert_int_equal(grundy_store_save(s1, &t), GRUNDY_OK);
    assert_int_equal(grundy_store_save(s2, &t), GRUNDY_OK);
    grundy_store_entry_path(s1, t.spec, p1, sizeof p1);
    grundy_store_entry_path(s2, t.spec, p2, sizeof p2);
    b1 = su_read(p1, &n1);
    b2 = su_read(p2, &n2);
    assert_non_null(b1);
    assert_non_null(b2);
    assert_int_equal(n1, n2);
    assert_memory_equal(b1, b2, n1);
    /* Saving it again changes nothing. */
    assert_int_equal(grundy_store_save(s1, &t), GRUNDY_OK);
    free(b2);
    b2 = su_read(p1, &n2);
    assert_int_equal(n1, n2);
    assert_memory_equal(b1, b2, n1);
    free(b1);
    free(b2);
    free((void *)t.data);
    grundy_store_close(s1);
    grundy_store_close(s2);
}

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p)
{
    return le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* The documented layout (doc/STORE.md), byte by byte where it is fixed. */
static void test_store_file_layout(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    static const unsigned char magic[8] = {0x89, 'G', 'T', 'A',
                                           'B',  '\r', '\n', 0x1a};
    static const uint16_t vals[5] = {3, 0, 700, 2, 700};
    grundy_store_table t;
    char path[4096];
    unsigned char *b;
    size_t n, i;
    memset(&t, 0, sizeof t);
    strcpy(t.spec, "0.137");
    t.size = 5;
    t.width = 2;
    t.max = 700;
    t.max_at = 2;
    t.complete = 1;
    t.period.found = 1;
    t.period.proven = 1;
    t.period.preperiod = 1;
    t.period.period = 2;
    t.period.checked_upto = 5;
    t.data = vals;
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    grundy_store_entry_path(s, t.spec, path, sizeof path);
    b = su_read(path, &n);
    assert_non_null(b);
    assert_int_equal(n, 4096 + 10);
    assert_memory_equal(b, magic, 8);
    assert_int_equal(le32(b + 8), 1);      /* format version */
    assert_int_equal(le32(b + 12), 512);   /* header size */
    assert_int_equal(le64(b + 16), 5);     /* entries */
    assert_int_equal(le32(b + 24), 2);     /* width */
    assert_int_equal(le32(b + 28), 7);     /* complete, found, proven */
    assert_int_equal(le64(b + 32), 700);   /* max */
    assert_int_equal(le64(b + 40), 2);     /* max_at */
    assert_int_equal(le64(b + 48), 1);     /* preperiod */
    assert_int_equal(le64(b + 56), 2);     /* period */
    assert_int_equal(le64(b + 64), 0);     /* saltus */
    assert_int_equal(le64(b + 72), 5);     /* checked up to */
    assert_int_equal(le64(b + 80), BLOCK); /* block size */
    assert_int_equal(le64(b + 88), 1);     /* blocks */
    assert_int_equal(le64(b + 96), 4096);  /* data offset */
    assert_int_equal(le32(b + 112), 5);    /* spec length */
    assert_true(b[120] != 0);              /* writer version */
    assert_memory_equal(b + 152, "0.137", 6);
    for (i = 408; i < 504; i++)
        assert_int_equal(b[i], 0);
    for (i = 520; i < 4096; i++)
        assert_int_equal(b[i], 0);
    for (i = 0; i < 5; i++)
        assert_int_equal(b[4096 + 2 * i] | b[4097 + 2 * i] << 8, vals[i]);
    free(b);
    grundy_store_close(s);
}

/* Which table wins *********************************************************/

static uint64_t loaded_size(grundy_store *s, const char *spec, int *complete,
                            int *proven)
{
    grundy_store_mapping *m;
    uint64_t n;
    assert_int_equal(grundy_store_load(&m, s, spec), GRUNDY_OK);
    assert_non_null(m);
    n = grundy_store_mapping_table(m)->size;
    *complete = grundy_store_mapping_table(m)->complete;
    *proven = grundy_store_mapping_table(m)->period.proven;
    grundy_store_mapping_free(m);
    return n;
}

static void test_store_longer_wins(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    grundy_store_table t, c;
    int complete, proven;
    su_table(&t, "half", 200, 1, 7, &f->rng);
    c = t;
    c.size = 100; /* a prefix: max from the prefix */
    c.max = 0;
    for (c.max_at = 0; c.max_at < 100; c.max_at++)
        if (((const unsigned char *)c.data)[c.max_at] == 7)
            break;
    if (c.max_at == 100) {
        c.max_at = 0;
        c.max = ((const unsigned char *)c.data)[0];
    } else {
        c.max = 7;
    }

    t.complete = 0; /* checkpoint of 200 */
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    c.complete = 1; /* complete of 100: shorter, skipped */
    assert_int_equal(grundy_store_save(s, &c), GRUNDY_OK);
    assert_int_equal(loaded_size(s, "half", &complete, &proven), 200);
    assert_false(complete);
    t.complete = 1; /* equal size, complete: replaces */
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    assert_int_equal(loaded_size(s, "half", &complete, &proven), 200);
    assert_true(complete);
    t.complete = 0; /* equal size, checkpoint: skipped */
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    assert_int_equal(loaded_size(s, "half", &complete, &proven), 200);
    assert_true(complete);
    t.complete = 1; /* equal, complete, with a proven period: replaces */
    t.period.found = t.period.proven = 1;
    t.period.period = 2;
    t.period.checked_upto = 200;
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    assert_int_equal(loaded_size(s, "half", &complete, &proven), 200);
    assert_true(proven);
    free((void *)t.data);
    grundy_store_close(s);
}

/* What the store kept, for the message after an interruption. */
static void test_store_last_saved(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    grundy_store_table t, bad;
    grundy_store_saved sv;
    grundy_store_last_saved(&sv, s);
    assert_int_equal(sv.count, 0);
    su_table(&t, "half", 200, 1, 7, &f->rng);
    t.complete = 0;
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    grundy_store_last_saved(&sv, s);
    assert_int_equal(sv.count, 1);
    assert_string_equal(sv.spec, "half");
    assert_int_equal(sv.size, 200);
    assert_int_equal(sv.complete, 0);
    /* a refused table is not kept */
    bad = t;
    bad.width = 3;
    assert_int_equal(grundy_store_save(s, &bad), GRUNDY_ERR_ARG);
    grundy_store_last_saved(&sv, s);
    assert_int_equal(sv.count, 1);
    /* a shorter one is skipped, but the store holds its values */
    t.size = 100;
    t.max = 0;
    t.max_at = 0;
    ((unsigned char *)(uintptr_t)t.data)[0] = 7;
    t.max = 7;
    t.complete = 1;
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    grundy_store_last_saved(&sv, s);
    assert_int_equal(sv.count, 2);
    assert_int_equal(sv.size, 100);
    assert_int_equal(sv.complete, 1);
    free((void *)(uintptr_t)t.data);
    grundy_store_close(s);
}

static void test_store_save_rejects_bad_tables(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    grundy_store_table t, b;
    char spec[300];
    su_table(&t, "nim", 10, 1, 200, &f->rng);
    assert_int_equal(grundy_store_save(s, NULL), GRUNDY_ERR_ARG);
    b = t;
    b.spec[0] = 0;
    assert_int_equal(grundy_store_save(s, &b), GRUNDY_ERR_ARG);
    b = t;
    memset(b.spec, 'x', sizeof b.spec); /* no NUL in 256 bytes */
    b.spec[255] = 0;
    assert_int_equal(grundy_store_save(s, &b), GRUNDY_OK); /* 255 fits */
    b = t;
    b.width = 3;
    assert_int_equal(grundy_store_save(s, &b), GRUNDY_ERR_ARG);
    b = t;
    b.data = NULL;
    assert_int_equal(grundy_store_save(s, &b), GRUNDY_ERR_ARG);
    b = t;
    b.max = 256;
    assert_int_equal(grundy_store_save(s, &b), GRUNDY_ERR_ARG);
    b = t;
    b.max_at = 10;
    assert_int_equal(grundy_store_save(s, &b), GRUNDY_ERR_ARG);
    b = t;
    b.max = t.max + 1 > 255 ? t.max - 1 : t.max + 1;
    assert_int_equal(grundy_store_save(s, &b), GRUNDY_ERR_ARG);
    b = t;
    b.period.proven = 1;
    assert_int_equal(grundy_store_save(s, &b), GRUNDY_ERR_ARG);
    b = t;
    b.size = 0;
    assert_int_equal(grundy_store_save(s, &b), GRUNDY_ERR_ARG); /* max */
    b.max = b.max_at = 0;
    b.data = NULL;
    assert_int_equal(grundy_store_save(s, &b), GRUNDY_OK);
    /* specs that cannot be kept */
    memset(spec, 'y', 256);
    spec[256] = 0;
    {
        grundy_store_mapping *m;
        grundy_store_lock *l;
        int ok;
        assert_int_equal(grundy_store_load(&m, s, spec), GRUNDY_ERR_ARG);
        assert_int_equal(grundy_store_load(&m, s, ""), GRUNDY_ERR_ARG);
        assert_int_equal(grundy_store_lock_entry(&l, s, spec),
                         GRUNDY_ERR_ARG);
        assert_int_equal(grundy_store_verify_entry(&ok, NULL, 0, s, spec),
                         GRUNDY_ERR_ARG);
        assert_int_equal(grundy_store_remove(s, ""), GRUNDY_ERR_ARG);
    }
    free((void *)t.data);
    grundy_store_close(s);
}

/* A write that fails at the rename: the entry's name is a folder. */
static void test_store_save_rename_fails(void **state)
{
    fixture *f = *state;
    su_warnings w;
    grundy_store *s = su_open(f->dir, &w, NULL);
    grundy_store_table t;
    char path[4096];
    su_table(&t, "nim", 1000, 1, 200, &f->rng);
    grundy_store_entry_path(s, t.spec, path, sizeof path);
    assert_int_equal(mkdir(path, 0755), 0);
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_ERR_IO);
    assert_int_equal(w.count, 1);
    assert_string_equal(w.path, path);
    assert_int_equal(su_count_names(f->dir, ".tmp-"), 0);
    rmdir(path);
    free((void *)t.data);
    grundy_store_close(s);
}

/* Rejected files: the messages *********************************************/

/* Save t in s, then return the entry's bytes. */
static unsigned char *saved_bytes(grundy_store *s, grundy_store_table *t,
                                  size_t *n, char *path, size_t cap)
{
    unsigned char *b;
    assert_int_equal(grundy_store_save(s, t), GRUNDY_OK);
    grundy_store_entry_path(s, t->spec, path, cap);
    b = su_read(path, n);
    assert_non_null(b);
    return b;
}

/* Write bytes as the entry, load: rejected with a warning saying want. */
static void expect_rejected(fixture *f, const char *spec,
                            const unsigned char *b, size_t n,
                            const char *want)
{
    su_warnings w;
    grundy_store *s = su_open(f->dir, &w, NULL);
    grundy_store_mapping *m = (grundy_store_mapping *)1;
    char path[4096], bad[4096];
    grundy_store_entry_path(s, spec, path, sizeof path);
    su_cat(bad, sizeof bad, path, ".bad");
    su_write(path, b, n);
    assert_int_equal(grundy_store_load(&m, s, spec), GRUNDY_OK);
    assert_null(m);
    assert_int_equal(w.count, 1);
    assert_string_equal(w.path, path);
    if (!strstr(w.what, want))
        fail_msg("warning '%s' does not say '%s'", w.what, want);
    assert_non_null(strstr(w.what, "moved aside"));
    assert_false(su_exists(path));
    assert_true(su_exists(bad));
    grundy_store_close(s);
}

static void test_store_rejected_messages(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    grundy_store_table t, o;
    unsigned char *b, *other;
    size_t n, on;
    char path[4096], opath[4096], msg[128];
    su_table(&t, "0.77", 3 * BLOCK + 10, 1, 9, &f->rng);
    b = saved_bytes(s, &t, &n, path, sizeof path);
    su_table(&o, "0.07", 100, 1, 9, &f->rng);
    other = saved_bytes(s, &o, &on, opath, sizeof opath);
    grundy_store_close(s);

    expect_rejected(f, t.spec, b, 300, "truncated: 300 of at least 512");
    snprintf(msg, sizeof msg, "truncated: 5000 of %zu bytes", n);
    expect_rejected(f, t.spec, b, 5000, msg);
    expect_rejected(f, t.spec, b, 0, "not a grundy table (an empty file)");
    expect_rejected(f, t.spec, (const unsigned char *)"hello, world", 12,
                    "not a grundy table");
    expect_rejected(f, t.spec, other, on,
                    "a foreign file: it holds the table of '0.07'");
    b[8] = 2; /* format version */
    expect_rejected(f, t.spec, b, n, "written by format version 2");
    b[8] = 1;
    b[20] ^= 1;
    expect_rejected(f, t.spec, b, n, "header checksum mismatch");
    b[20] ^= 1;
    b[600] ^= 0x40;
    expect_rejected(f, t.spec, b, n, "checksum mismatch in the block table");
    b[600] ^= 0x40;
    b[4096 + 2 * BLOCK + 5] ^= 1;
    expect_rejected(f, t.spec, b, n, "checksum mismatch in block 2 of 4");
    b[4096 + 2 * BLOCK + 5] ^= 1;
    /* trailing bytes */
    {
        unsigned char *longer = malloc(n + 3);
        assert_non_null(longer);
        memcpy(longer, b, n);
        memset(longer + n, 0, 3);
        snprintf(msg, sizeof msg, "%zu bytes where the header says %zu",
                 n + 3, n);
        expect_rejected(f, t.spec, longer, n + 3, msg);
        free(longer);
    }
    /* and the sound bytes load again */
    s = su_open(f->dir, NULL, NULL);
    su_write(path, b, n);
    su_assert_loaded(s, &t);
    grundy_store_close(s);
    free(b);
    free(other);
    free((void *)t.data);
    free((void *)o.data);
}

/* A second bad file replaces the first NAME.bad. */
static void test_store_bad_replaces_older_bad(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    char path[4096], bad[4096];
    unsigned char *b;
    size_t n;
    grundy_store_entry_path(s, "nim", path, sizeof path);
    su_cat(bad, sizeof bad, path, ".bad");
    grundy_store_close(s);
    expect_rejected(f, "nim", (const unsigned char *)"first", 5,
                    "not a grundy table");
    expect_rejected(f, "nim", (const unsigned char *)"second!", 7,
                    "not a grundy table");
    b = su_read(bad, &n);
    assert_int_equal(n, 7);
    assert_memory_equal(b, "second!", 7);
    free(b);
}

/* Management ***************************************************************/

static void test_store_list(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    static const char *const specs[] = {"subtract:1,3,4", "0.77", "half"};
    grundy_store_table t[3];
    grundy_store_info *info;
    char path[4096], extra[4096];
    unsigned char *b;
    size_t n, i, len;

    assert_int_equal(grundy_store_list(&info, &n, s), GRUNDY_OK);
    assert_int_equal(n, 0);
    for (i = 0; i < 3; i++) {
        su_table(&t[i], specs[i], 10 * (i + 1), (unsigned)(1u << i), 50,
                 &f->rng);
        t[i].complete = i != 1;
        assert_int_equal(grundy_store_save(s, &t[i]), GRUNDY_OK);
    }
    /* Not listed: locks, .bad files, temporary files, other files. */
    grundy_store_entry_path(s, "half", path, sizeof path);
    su_cat(extra, sizeof extra, path, ".lock");
    su_write(extra, "", 0);
    su_cat(extra, sizeof extra, path, ".bad");
    su_write(extra, "x", 1);
    su_cat(extra, sizeof extra, path, ".tmp-abcdef");
    su_write(extra, "x", 1);
    su_cat(extra, sizeof extra, f->dir, "/README");
    su_write(extra, "x", 1);
    /* Listed as unreadable: a damaged file, a file under another name. */
    su_cat(extra, sizeof extra, f->dir, "/zzz.gtab");
    su_write(extra, "garbage", 7);
    b = su_read(path, &len);
    su_cat(extra, sizeof extra, f->dir, "/aaa.gtab");
    su_write(extra, b, len);
    free(b);

    assert_int_equal(grundy_store_list(&info, &n, s), GRUNDY_OK);
    assert_int_equal(n, 5);
    assert_string_equal(info[0].spec, "0.77");
    assert_string_equal(info[1].spec, "half");
    assert_string_equal(info[2].spec, "subtract:1,3,4");
    for (i = 0; i < 3; i++) {
        size_t k = strcmp(info[i].spec, "0.77") == 0   ? 1
                   : strcmp(info[i].spec, "half") == 0 ? 2
                                                       : 0;
        assert_true(info[i].readable);
        assert_int_equal(info[i].size, t[k].size);
        assert_int_equal(info[i].width, t[k].width);
        assert_int_equal(info[i].max, t[k].max);
        assert_int_equal(info[i].complete, t[k].complete);
        assert_true(info[i].version[0] != 0);
        grundy_store_entry_path(s, info[i].spec, path, sizeof path);
        assert_string_equal(info[i].path, path);
        assert_int_equal(info[i].file_bytes, 4096 + t[k].size * t[k].width);
    }
    assert_false(info[3].readable);
    assert_non_null(strstr(info[3].path, "/aaa.gtab"));
    assert_false(info[4].readable);
    assert_non_null(strstr(info[4].path, "/zzz.gtab"));
    assert_int_equal(info[4].file_bytes, 7);
    free(info);
    for (i = 0; i < 3; i++)
        free((void *)t[i].data);
    grundy_store_close(s);
}

static void test_store_verify(void **state)
{
    fixture *f = *state;
    su_warnings w;
    grundy_store *s = su_open(f->dir, &w, NULL);
    grundy_store_table t;
    char path[4096], why[256], other[4096];
    unsigned char *b;
    size_t n;
    int ok = -1;

    assert_int_equal(grundy_store_verify_entry(&ok, why, sizeof why, s,
                                               "0.77"),
                     GRUNDY_ERR_RANGE);
    su_table(&t, "0.77", BLOCK + 5, 1, 9, &f->rng);
    b = saved_bytes(s, &t, &n, path, sizeof path);
    assert_int_equal(grundy_store_verify_entry(&ok, why, sizeof why, s,
                                               "0.77"),
                     GRUNDY_OK);
    assert_true(ok);
    assert_string_equal(why, "");
    assert_int_equal(grundy_store_verify_file(&ok, why, sizeof why, s, path),
                     GRUNDY_OK);
    assert_true(ok);
    b[4096 + BLOCK] ^= 0x10;
    su_write(path, b, n);
    assert_int_equal(grundy_store_verify_entry(&ok, why, sizeof why, s,
                                               "0.77"),
                     GRUNDY_OK);
    assert_false(ok);
    assert_string_equal(why, "checksum mismatch in block 1 of 2");
    assert_true(su_exists(path)); /* left where it is */
    assert_int_equal(w.count, 0);
    assert_int_equal(grundy_store_verify_entry(&ok, NULL, 0, s, "0.77"),
                     GRUNDY_OK);
    assert_false(ok);
    /* A sound table under another spec's name. */
    b[4096 + BLOCK] ^= 0x10;
    su_cat(other, sizeof other, f->dir, "/x.gtab");
    su_write(other, b, n);
    assert_int_equal(grundy_store_verify_file(&ok, why, sizeof why, s,
                                              other),
                     GRUNDY_OK);
    assert_false(ok);
    assert_non_null(strstr(why, "a foreign file: it holds the table of "
                                "'0.77', whose entry is 0.77-"));
    su_cat(other, sizeof other, f->dir, "/missing.gtab");
    assert_int_equal(grundy_store_verify_file(&ok, why, sizeof why, s,
                                              other),
                     GRUNDY_ERR_RANGE);
    free(b);
    free((void *)t.data);
    grundy_store_close(s);
}

/* Journals seen from outside (grundy store list, verify, remove): a
 * journal written through the library is listed with its tag's spec and
 * width and its records, verified record by record, found damaged where
 * a byte was changed, and removed by spec or pattern unless a process
 * holds it. */
static void test_store_journals_from_outside(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    grundy_store_journal *j, *held;
    grundy_store_journal_info *info;
    const char *tag = "grundy board search journal\nspec cram:3x5\n"
                      "width 128\nkeys 1\n";
    const char *other = "grundy board search journal\nspec chomp:4x4\n"
                        "width 64\nkeys 1\n";
    uint64_t rec[3], sound = 0;
    size_t n, removed, busy, i, nrec = 10 + test_rng_below(&f->rng, 90);
    char why[256], bad[4096];
    int ok = 0, fd;
    struct stat st;
    assert_int_equal(grundy_store_journals(&info, &n, s), GRUNDY_OK);
    assert_int_equal(n, 0);
    assert_null(info);
    assert_int_equal(grundy_store_journal_open(&j, s, tag, tag, sizeof rec,
                                               NULL, NULL),
                     GRUNDY_OK);
    for (i = 0; i < nrec; i++) {
        rec[0] = rec[1] = rec[2] = test_rng_next(&f->rng);
        assert_int_equal(grundy_store_journal_add(j, rec), GRUNDY_OK);
    }
    assert_int_equal(grundy_store_journal_close(j), GRUNDY_OK);
    assert_int_equal(grundy_store_journal_open(&j, s, other, other,
                                               sizeof rec, NULL, NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_store_journal_add(j, rec), GRUNDY_OK);
    assert_int_equal(grundy_store_journal_close(j), GRUNDY_OK);
    /* listed by spec, with the tag's width and the records */
    assert_int_equal(grundy_store_journals(&info, &n, s), GRUNDY_OK);
    assert_int_equal(n, 2);
    assert_string_equal(info[0].spec, "chomp:4x4");
    assert_int_equal(info[0].width, 64);
    assert_int_equal(info[0].records, 1);
    assert_string_equal(info[1].spec, "cram:3x5");
    assert_int_equal(info[1].width, 128);
    assert_int_equal(info[1].records, nrec);
    assert_int_equal(info[1].rec_size, sizeof rec);
    assert_true(info[1].readable);
    assert_false(info[1].in_use);
    assert_int_equal(stat(info[1].path, &st), 0);
    assert_int_equal(info[1].file_bytes, (uint64_t)st.st_size);
    snprintf(bad, sizeof bad, "%s", info[1].path);
    free(info);
    assert_int_equal(grundy_store_journal_verify(&ok, &sound, why,
                                                 sizeof why, s, bad),
                     GRUNDY_OK);
    assert_true(ok);
    assert_int_equal(sound, nrec);
    assert_string_equal(why, "");
    /* a record cut short at the end (kill -9) is no fault */
    assert_int_equal(truncate(bad, st.st_size - 5), 0);
    assert_int_equal(grundy_store_journal_verify(&ok, &sound, why,
                                                 sizeof why, s, bad),
                     GRUNDY_OK);
    assert_true(ok);
    assert_int_equal(sound, nrec - 1);
    /* a byte changed in record k: the k - 1 before it are sound */
    {
        size_t k = 1 + test_rng_below(&f->rng, nrec - 2);
        off_t at = st.st_size - (off_t)(nrec - k + 1) * (off_t)(sizeof rec + 8) +
                   (off_t)test_rng_below(&f->rng, sizeof rec);
        unsigned char c;
        fd = open(bad, O_RDWR);
        assert_true(fd >= 0);
        assert_int_equal(pread(fd, &c, 1, at), 1);
        c ^= 0x10;
        assert_int_equal(pwrite(fd, &c, 1, at), 1);
        close(fd);
        assert_int_equal(grundy_store_journal_verify(&ok, &sound, why,
                                                     sizeof why, s, bad),
                         GRUNDY_OK);
        if (ok || sound != k - 1)
            fail_msg("seed %llu: record %zu of %zu changed, verify gave "
                     "ok %d, %llu sound", (unsigned long long)test_seed(),
                     k, nrec, ok, (unsigned long long)sound);
        assert_non_null(strstr(why, "fails its checksum"));
    }
    /* a damaged header: listed as such, not sound */
    fd = open(bad, O_RDWR);
    assert_true(fd >= 0);
    assert_int_equal(pwrite(fd, "X", 1, 2), 1);
    close(fd);
    assert_int_equal(grundy_store_journals(&info, &n, s), GRUNDY_OK);
    assert_int_equal(n, 2);
    assert_true(info[0].readable);
    assert_false(info[1].readable);
    assert_string_equal(info[1].path, bad);
    free(info);
    assert_int_equal(grundy_store_journal_verify(&ok, NULL, why, sizeof why,
                                                 s, bad),
                     GRUNDY_OK);
    assert_false(ok);
    assert_non_null(strstr(why, "header"));
    /* a journal a process holds is in use and stays */
    assert_int_equal(grundy_store_journal_open(&held, s, other, other,
                                               sizeof rec, NULL, NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_store_journals(&info, &n, s), GRUNDY_OK);
    assert_true(info[0].in_use);
    free(info);
    assert_int_equal(grundy_store_remove_journals(s, "chomp:*", 0, &removed,
                                                  &busy),
                     GRUNDY_OK);
    assert_int_equal(removed, 0);
    assert_int_equal(busy, 1);
    assert_int_equal(grundy_store_journal_close(held), GRUNDY_OK);
    /* by spec: only that spec's */
    assert_int_equal(grundy_store_remove_journals(s, "chomp:4", 1, &removed,
                                                  &busy),
                     GRUNDY_OK);
    assert_int_equal(removed, 0);
    assert_int_equal(grundy_store_remove_journals(s, "chomp:4x4", 1,
                                                  &removed, &busy),
                     GRUNDY_OK);
    assert_int_equal(removed, 1);
    assert_int_equal(busy, 0);
    /* a damaged one has no spec: left to store clear */
    assert_int_equal(grundy_store_journals(&info, &n, s), GRUNDY_OK);
    assert_int_equal(n, 1);
    free(info);
    grundy_store_close(s);
}

static void test_store_remove(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    grundy_store_table t;
    grundy_store_lock *l;
    grundy_store_mapping *m;
    char path[4096], extra[4096];
    su_table(&t, "0.77", 100, 1, 9, &f->rng);
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    assert_int_equal(grundy_store_lock_entry(&l, s, t.spec), GRUNDY_OK);
    grundy_store_unlock(l);
    grundy_store_entry_path(s, t.spec, path, sizeof path);
    /* the lock file goes with its release; one left by an older grundy */
    su_cat(extra, sizeof extra, path, ".lock");
    assert_false(su_exists(extra));
    su_write(extra, "", 0);
    su_cat(extra, sizeof extra, path, ".bad");
    su_write(extra, "x", 1);
    su_cat(extra, sizeof extra, path, ".tmp-123456");
    su_write(extra, "x", 1);
    assert_int_equal(su_count_names(f->dir, "0.77-"), 4);
    assert_int_equal(grundy_store_remove(s, t.spec), GRUNDY_OK);
    assert_int_equal(su_count_names(f->dir, "0.77-"), 0);
    assert_int_equal(grundy_store_load(&m, s, t.spec), GRUNDY_OK);
    assert_null(m);
    assert_int_equal(grundy_store_remove(s, t.spec), GRUNDY_ERR_RANGE);
    assert_int_equal(su_count_names(f->dir, "0.77-"), 0);
    /* A .bad file alone is removed too. */
    su_cat(extra, sizeof extra, path, ".bad");
    su_write(extra, "x", 1);
    assert_int_equal(grundy_store_remove(s, t.spec), GRUNDY_OK);
    assert_false(su_exists(extra));
    free((void *)t.data);
    grundy_store_close(s);
}

/* Trimming to a limit: whole entries go, least recently used first, until
 * the store fits, and the folder is read once however many entries go
 * (it was read again after every removal: quadratic in the entries).
 * The oracle is the files themselves: the sizes written and the use
 * times the test sets, in a random order, with .bad and temporary files
 * that go with their entry. */
static void test_store_trim_reads_folder_once(void **state)
{
    fixture *f = *state;
    enum { N = 30 };
    long it, iters = 12 * test_multiplier();
    for (it = 0; it < iters; it++) {
        char dir[4096], spec[N][32], path[4096], extra[4096];
        uint64_t bytes[N], before, after, removed, walks, limit, left;
        unsigned age[N], i, j, gone;
        int keep[N];
        grundy_store *s;
        snprintf(dir, sizeof dir, "%.4000s/t%ld", f->dir, it);
        s = su_open(dir, NULL, NULL);
        for (i = 0; i < N; i++)
            age[i] = i;
        for (i = N - 1; i > 0; i--) { /* a random order of use */
            unsigned k = (unsigned)test_rng_below(&f->rng, i + 1), x = age[i];
            age[i] = age[k];
            age[k] = x;
        }
        for (i = 0; i < N; i++) {
            grundy_store_table t;
            struct timespec ts[2];
            snprintf(spec[i], sizeof spec[i], "subtract:1,%u", i + 2);
            su_table(&t, spec[i], test_rng_range(&f->rng, 1, 3000), 1, 50,
                     &f->rng);
            assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
            bytes[i] = 4096 + t.size;
            free((void *)t.data);
            grundy_store_entry_path(s, spec[i], path, sizeof path);
            if (test_rng_below(&f->rng, 3) == 0) {
                su_cat(extra, sizeof extra, path, ".bad");
                su_write(extra, "bad", 3);
                bytes[i] += 3;
            }
            if (test_rng_below(&f->rng, 3) == 0) {
                su_cat(extra, sizeof extra, path, ".tmp-1234");
                su_write(extra, "tmp!", 4);
                bytes[i] += 4;
            }
            ts[0].tv_sec = ts[1].tv_sec = 1000000 + 60 * (time_t)age[i];
            ts[0].tv_nsec = ts[1].tv_nsec = 0;
            assert_int_equal(utimensat(AT_FDCWD, path, ts, 0), 0);
        }
        assert_int_equal(grundy_store_usage(&before, s), GRUNDY_OK);
        for (left = 0, i = 0; i < N; i++)
            left += bytes[i];
        if (before != left)
            fail_msg("seed=%llu it=%ld: usage %llu, files %llu",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)before, (unsigned long long)left);
        limit = test_rng_range(&f->rng, 0, before);
        /* the oracle: the oldest go while the files pass the limit */
        for (i = 0; i < N; i++)
            keep[i] = 1;
        for (j = 0; j < N && left > limit; j++)
            for (i = 0; i < N; i++)
                if (age[i] == j) {
                    keep[i] = 0;
                    left -= bytes[i];
                }
        walks = grundy_store_walks();
        assert_int_equal(grundy_store_trim(s, limit, NULL, &removed),
                         GRUNDY_OK);
        walks = grundy_store_walks() - walks;
        assert_int_equal(grundy_store_usage(&after, s), GRUNDY_OK);
        for (gone = 0, i = 0; i < N; i++) {
            grundy_store_entry_path(s, spec[i], path, sizeof path);
            gone += !keep[i];
            if (su_exists(path) != keep[i])
                fail_msg("seed=%llu it=%ld: %s (use %u) %s", (unsigned long long)test_seed(),
                         it, spec[i], age[i], keep[i] ? "removed" : "kept");
        }
        if (after != left || removed != before - after)
            fail_msg("seed=%llu it=%ld: %llu bytes left (oracle %llu), %llu "
                     "removed of %llu",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)after, (unsigned long long)left,
                     (unsigned long long)removed,
                     (unsigned long long)before);
        if (walks > 1)
            fail_msg("seed=%llu it=%ld: %llu walks over the folder to remove "
                     "%u entries",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)walks, gone);
        grundy_store_close(s);
    }
}

/* Progress and cancellation of the verification. */
typedef struct progress_log {
    int calls, cancel_at;
    uint64_t last_done, total;
    char phase[64];
} progress_log;

static int log_progress(void *ctx, const grundy_progress *p)
{
    progress_log *pl = ctx;
    pl->calls++;
    pl->last_done = p->done;
    pl->total = p->total;
    snprintf(pl->phase, sizeof pl->phase, "%s", p->phase);
    return pl->cancel_at && pl->calls >= pl->cancel_at;
}

static void test_store_load_progress_and_cancel(void **state)
{
    fixture *f = *state;
    grundy_limits lim;
    progress_log pl;
    su_warnings w;
    grundy_store *s;
    grundy_store_table t;
    grundy_store_mapping *m;
    char path[4096];
    memset(&pl, 0, sizeof pl);
    grundy_limits_init(&lim);
    lim.progress = log_progress;
    lim.progress_ctx = &pl;
    s = su_open(f->dir, &w, &lim);
    su_table(&t, "0.77", 4 * BLOCK, 1, 9, &f->rng);
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    memset(&pl, 0, sizeof pl);
    assert_int_equal(grundy_store_load(&m, s, t.spec), GRUNDY_OK);
    assert_non_null(m);
    grundy_store_mapping_free(m);
    assert_true(pl.calls >= 1); /* the final report at least */
    assert_string_equal(pl.phase, "verifying");
    assert_int_equal(pl.last_done, 4 * BLOCK);
    assert_int_equal(pl.total, 4 * BLOCK);
    memset(&pl, 0, sizeof pl);
    pl.cancel_at = 1;
    assert_int_equal(grundy_store_load(&m, s, t.spec), GRUNDY_ERR_CANCELLED);
    assert_null(m);
    assert_int_equal(w.count, 0);
    grundy_store_entry_path(s, t.spec, path, sizeof path);
    assert_true(su_exists(path)); /* a cancelled load moves nothing */
    free((void *)t.data);
    grundy_store_close(s);
}

/* Tables grown in their file ***********************************************/

/* Grundy's game to n through the values engine, grown in its file with a
 * window of `keep` entries (so the middle really leaves memory), against
 * the table computed in memory: the same values, and the entry byte for
 * byte the file grundy_store_save() writes of the table in memory. */
static void grow_matches_memory(fixture *f, grundy_pos n, grundy_pos keep)
{
    char d1[4096], d2[4096], p1[4200], p2[4200];
    grundy_game *g;
    grundy_table *mem;
    grundy_values *v;
    grundy_values_opts o;
    grundy_store *s1, *s2;
    grundy_store_table st;
    const grundy_table *t;
    unsigned char *b1, *b2;
    size_t l1, l2;
    grundy_pos x, old;
    uint64_t dropped = grundy_store_grow_dropped();
    su_cat(d1, sizeof d1, f->dir, "/grown");
    su_cat(d2, sizeof d2, f->dir, "/saved");
    assert_int_equal(grundy_game_new(&g, "grundy-game", NULL), GRUNDY_OK);
    assert_int_equal(grundy_table_new(&mem, g, n, NULL), GRUNDY_OK);
    s1 = su_open(d1, NULL, NULL);
    s2 = su_open(d2, NULL, NULL);
    grundy_values_opts_init(&o);
    o.store = s1;
    o.out_of_core = 1;
    old = grundy_sparse_keep(keep);
    assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_values_table(&t, v, n), GRUNDY_OK);
    grundy_sparse_keep(old);
    assert_int_equal(grundy_table_size(t), n);
    for (x = 0; x < n; x++)
        if (grundy_table_get(t, x) != grundy_table_get(mem, x))
            fail_msg("n=%llu keep=%llu: g(%llu) = %llu in the file, %llu "
                     "in memory",
                     (unsigned long long)n, (unsigned long long)keep,
                     (unsigned long long)x,
                     (unsigned long long)grundy_table_get(t, x),
                     (unsigned long long)grundy_table_get(mem, x));
    /* the middle left memory */
    assert_true(grundy_store_grow_dropped() > dropped);
    memset(&st, 0, sizeof st);
    snprintf(st.spec, sizeof st.spec, "grundy-game");
    st.size = n;
    st.width = grundy_table_width(mem);
    st.max = grundy_table_max(mem, &st.max_at);
    st.complete = 1;
    st.data = grundy_table_data(mem);
    assert_int_equal(grundy_store_save(s2, &st), GRUNDY_OK);
    entry(p1, sizeof p1, s1, "grundy-game", "");
    entry(p2, sizeof p2, s2, "grundy-game", "");
    b1 = su_read(p1, &l1);
    b2 = su_read(p2, &l2);
    assert_non_null(b1);
    assert_non_null(b2);
    assert_int_equal(l1, l2);
    assert_memory_equal(b1, b2, l1);
    /* nothing of the computation is left beside the entry */
    assert_int_equal(su_count_names(d1, ".tmp-"), 0);
    free(b1);
    free(b2);
    grundy_values_free(v);
    grundy_table_free(mem);
    grundy_store_close(s1);
    grundy_store_close(s2);
    grundy_game_free(g);
}

static void test_store_grow_matches_memory(void **state)
{
    fixture *f = *state;
    /* a window of one page of values, a table of a few blocks (two
     * under the sanitizers) */
    grow_matches_memory(f, ((grundy_pos)1 << (test_light() ? 19 : 20)) +
                               12345, 2048);
}

/* A checkpoint is taken up by the next run: the same size, another size
 * (the values move with the block table), and a damaged prefix (started
 * again, with a warning). */
static void test_store_grow_resume(void **state)
{
    fixture *f = *state;
    su_warnings w;
    grundy_store *s;
    grundy_store_grow *g;
    grundy_value max;
    grundy_pos max_at, x, n = (grundy_pos)5 << 19, big = (grundy_pos)1 << 30;
    uint16_t *d;
    char path[4200];
    unsigned char *b;
    size_t len;
    memset(&w, 0, sizeof w);
    s = su_open(f->dir, &w, NULL);
    assert_int_equal(grundy_store_grow_open(&g, s, "0.6", 2, n), GRUNDY_OK);
    assert_int_equal(grundy_store_grow_size(g, NULL, NULL), 0);
    d = grundy_store_grow_data(g);
    for (x = 0; x < n; x++)
        d[x] = (uint16_t)(x * 2654435761u >> 20 & 0x3FFF);
    d[777] = 60000;
    /* 3.5 blocks are final: 3 are recorded */
    assert_int_equal(grundy_store_grow_checkpoint(g, (grundy_pos)7 << 18),
                     GRUNDY_OK);
    assert_int_equal(grundy_store_grow_size(g, &max, &max_at),
                     (grundy_pos)3 << 19);
    assert_int_equal(max, 60000);
    assert_int_equal(max_at, 777);
    grundy_store_grow_close(g);

    /* the same size */
    assert_int_equal(grundy_store_grow_open(&g, s, "0.6", 2, n), GRUNDY_OK);
    assert_int_equal(grundy_store_grow_size(g, &max, &max_at),
                     (grundy_pos)3 << 19);
    assert_int_equal(max_at, 777);
    grundy_store_grow_close(g);
    /* a larger table: a longer block table moves the values */
    assert_int_equal(grundy_store_grow_open(&g, s, "0.6", 2, big),
                     GRUNDY_OK);
    assert_int_equal(grundy_store_grow_size(g, NULL, NULL),
                     (grundy_pos)3 << 19);
    d = grundy_store_grow_data(g);
    for (x = 0; x < ((grundy_pos)3 << 19); x++)
        if (d[x] !=
            (x == 777 ? 60000 : (uint16_t)(x * 2654435761u >> 20 & 0x3FFF)))
            fail_msg("g(%llu) moved wrong", (unsigned long long)x);
    assert_int_equal(grundy_store_grow_checkpoint(g, (grundy_pos)3 << 19),
                     GRUNDY_OK);
    grundy_store_grow_close(g);
    /* a shorter table: the whole blocks within it, the largest value
     * found again */
    assert_int_equal(
        grundy_store_grow_open(&g, s, "0.6", 2, (grundy_pos)5 << 18),
        GRUNDY_OK);
    assert_int_equal(grundy_store_grow_size(g, &max, &max_at),
                     (grundy_pos)2 << 19);
    assert_int_equal(max, 60000);
    assert_int_equal(max_at, 777);
    d = grundy_store_grow_data(g);
    for (x = 0; x < ((grundy_pos)2 << 19); x++)
        if (d[x] !=
            (x == 777 ? 60000 : (uint16_t)(x * 2654435761u >> 20 & 0x3FFF)))
            fail_msg("g(%llu) moved wrong", (unsigned long long)x);
    grundy_store_grow_close(g);
    assert_int_equal(grundy_store_grow_open(&g, s, "0.6", 2, big),
                     GRUNDY_OK);
    assert_int_equal(grundy_store_grow_size(g, NULL, NULL),
                     (grundy_pos)2 << 19);
    grundy_store_grow_close(g);
    assert_int_equal(w.count, 0);

    /* a flipped value in the prefix: started again */
    entry(path, sizeof path, s, "0.6", ".tmp-grow");
    b = su_read(path, &len);
    assert_non_null(b);
    b[len - 2 * big + 1000] ^= 1;
    su_write(path, b, len);
    free(b);
    assert_int_equal(grundy_store_grow_open(&g, s, "0.6", 2, big),
                     GRUNDY_OK);
    assert_int_equal(grundy_store_grow_size(g, NULL, NULL), 0);
    assert_int_equal(w.count, 1);
    grundy_store_grow_close(g);
    grundy_store_close(s);
}

/* One value of a stored table reads and verifies the block that holds it
 * alone: a damaged block elsewhere in the file is not looked at (before,
 * the whole file was verified, the damage found, the file moved aside
 * and the value computed).  The stored values are made up, so a value
 * that matches them came from the store. */
static void test_store_single_value_reads_one_block(void **state)
{
    fixture *f = *state;
    su_warnings w;
    grundy_store *s;
    grundy_store_table t;
    grundy_game *g = NULL;
    grundy_values_opts o;
    grundy_values *v;
    grundy_value got;
    grundy_pos p;
    char path[4200];
    unsigned char *b;
    size_t len;
    memset(&w, 0, sizeof w);
    s = su_open(f->dir, &w, NULL);
    /* four blocks of made-up values of Grundy's game */
    su_table(&t, "grundy-game", (uint64_t)4 * BLOCK - 100, 1, 200, &f->rng);
    assert_int_equal(grundy_store_save(s, &t), GRUNDY_OK);
    entry(path, sizeof path, s, "grundy-game", "");
    b = su_read(path, &len);
    assert_non_null(b);
    b[len - 5] ^= 0x40; /* a value in the last block */
    su_write(path, b, len);
    free(b);

    assert_int_equal(grundy_game_new(&g, "grundy-game", NULL), GRUNDY_OK);
    grundy_values_opts_init(&o);
    o.store = s;
    assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
    for (p = 1000; p < 3 * BLOCK; p += BLOCK / 3) {
        assert_int_equal(grundy_values_get(&got, v, p), GRUNDY_OK);
        if (got != ((const unsigned char *)t.data)[p])
            fail_msg("g(%llu) = %u, not the stored %u",
                     (unsigned long long)p, (unsigned)got,
                     (unsigned)((const unsigned char *)t.data)[p]);
        assert_string_equal(grundy_values_source(v), "stored table");
    }
    assert_int_equal(w.count, 0);
    assert_true(su_exists(path));
    assert_null(grundy_values_cached(v)); /* nothing loaded whole */
    grundy_values_free(v);
    grundy_game_free(g);
    free((void *)t.data);
    grundy_store_close(s);
}

/* Resuming ****************************************************************/

typedef struct resume_seen {
    int reports;
    uint64_t start, first_done;
} resume_seen;

static int resume_progress(void *ctx, const grundy_progress *p)
{
    resume_seen *r = ctx;
    if (strcmp(p->phase, "table") == 0) {
        if (!r->reports++) {
            r->start = p->start;
            r->first_done = p->done;
        }
    }
    return 0;
}

/* A table resumed from the store reports its stored prefix as done
 * before the phase began (progress start), so that a rate or an estimate
 * of the time left goes by this run's work alone. */
static void test_store_resumed_table_progress(void **state)
{
    fixture *f = *state;
    grundy_store *s = su_open(f->dir, NULL, NULL);
    grundy_game *g = NULL;
    grundy_values_opts o;
    grundy_values *v;
    grundy_limits lim;
    const grundy_table *t;
    resume_seen r;
    assert_int_equal(grundy_game_new(&g, "0.6", NULL), GRUNDY_OK);
    grundy_values_opts_init(&o);
    o.store = s;
    o.store_min_ms = 0;
    assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_values_table(&t, v, 3000), GRUNDY_OK);
    grundy_values_free(v);

    memset(&r, 0, sizeof r);
    grundy_limits_init(&lim);
    lim.progress = resume_progress;
    lim.progress_ctx = &r;
    lim.interval_ms = 1;
    o.limits = &lim;
    assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_values_table(&t, v, 9000), GRUNDY_OK);
    assert_true(r.reports >= 1);
    assert_int_equal(r.start, 3000);
    assert_true(r.first_done >= 3000);
    grundy_values_free(v);

    /* a table computed from nothing starts at 0 */
    memset(&r, 0, sizeof r);
    o.store = NULL;
    assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_values_table(&t, v, 2000), GRUNDY_OK);
    assert_true(r.reports >= 1);
    assert_int_equal(r.start, 0);
    grundy_values_free(v);
    grundy_game_free(g);
    grundy_store_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_store_open_default_folder,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_open_relative_and_slashes,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_open_folder_under_file,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_readonly_folder, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_entry_path_names, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_round_trip, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_round_trip_period, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_bytes_identical, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_file_layout, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_longer_wins, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_last_saved, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_save_rejects_bad_tables,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_save_rename_fails, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_rejected_messages, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_store_bad_replaces_older_bad,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_list, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_verify, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_remove, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_journals_from_outside,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_trim_reads_folder_once,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_grow_matches_memory,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_grow_resume, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(
            test_store_single_value_reads_one_block, setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_resumed_table_progress,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_store_load_progress_and_cancel,
                                        setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
