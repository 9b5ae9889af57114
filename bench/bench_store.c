/*
 * bench_store.c -- saving and loading tables of 2^20 .. 2^28 bytes in the
 * store, against the floors of the same work done with bare system calls.
 *
 * Variants, measured side by side in one run (one-byte values, so n is
 * both the entries and the bytes of values):
 *   save       grundy_store_save of a new entry: temporary file, values
 *              hashed block by block as they are written, fsync, rename
 *              under the folder's lock, fsync of the folder
 *   write      the floor of a save: write() of the n bytes to a new file,
 *              fsync, close
 *   load       grundy_store_load + free: header checks, mmap, XXH3 of
 *              every block (every page touched), page cache warm
 *   read       a floor of a load: read() of the file into memory
 *   touch      the other floor: mmap, one byte read per 4 KiB page
 *   hash       XXH3-64 of the n bytes in memory (the checksums' CPU cost)
 *   load-cold  load after posix_fadvise(DONTNEED) evicted the file's pages
 *   read-cold  read after the same eviction
 * Each save and write first deletes the file of the previous repeat, so
 * both pay the same. norm is ns per KiB (median).  Lines starting with #
 * give the ratios of the medians.
 *
 * Usage: bench_store [LOG2_MAX] [REPEATS] [DIR]   (default 28 5, a new
 * folder under $TMPDIR or /tmp, removed at the end)
 */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "benchfn.h"
#include "grundy/grundy.h"
#include "store/format.h"

typedef struct payload {
    grundy_store *s;
    const char *dir;
    grundy_store_table t;
    unsigned char *buf; /* n bytes for read() */
    char path[4200];    /* the entry of t.spec */
    char prev[4200];    /* the file the last save or write made */
    unsigned counter;
} payload;

static void die(const char *what)
{
    perror(what);
    exit(1);
}

static uint64_t run_save(void *p)
{
    payload *pl = p;
    if (pl->prev[0])
        unlink(pl->prev);
    snprintf(pl->t.spec, sizeof pl->t.spec, "bench:%llu:%u",
             (unsigned long long)pl->t.size, pl->counter++);
    if (grundy_store_save(pl->s, &pl->t) != GRUNDY_OK)
        die("grundy_store_save");
    grundy_store_entry_path(pl->s, pl->t.spec, pl->prev, sizeof pl->prev);
    return pl->counter;
}

static uint64_t run_write(void *p)
{
    payload *pl = p;
    const unsigned char *d = pl->t.data;
    size_t done = 0, n = (size_t)pl->t.size;
    int fd;
    if (pl->prev[0])
        unlink(pl->prev);
    snprintf(pl->prev, sizeof pl->prev, "%s/write-%u", pl->dir,
             pl->counter++);
    fd = open(pl->prev, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        die("open");
    while (done < n) {
        ssize_t w = write(fd, d + done, n - done);
        if (w <= 0)
            die("write");
        done += (size_t)w;
    }
    if (fsync(fd) != 0 || close(fd) != 0)
        die("fsync");
    return done;
}

static uint64_t run_load(void *p)
{
    payload *pl = p;
    grundy_store_mapping *m;
    uint64_t x;
    if (grundy_store_load(&m, pl->s, pl->t.spec) != GRUNDY_OK || !m)
        die("grundy_store_load");
    x = grundy_store_mapping_table(m)->size;
    grundy_store_mapping_free(m);
    return x;
}

static uint64_t run_read(void *p)
{
    payload *pl = p;
    size_t done = 0;
    struct stat st;
    int fd = open(pl->path, O_RDONLY);
    if (fd < 0 || fstat(fd, &st) != 0)
        die("open");
    while (done < (size_t)st.st_size) {
        ssize_t r = read(fd, pl->buf + done, (size_t)st.st_size - done);
        if (r <= 0)
            die("read");
        done += (size_t)r;
    }
    close(fd);
    return pl->buf[done / 2];
}

static uint64_t run_touch(void *p)
{
    payload *pl = p;
    struct stat st;
    const volatile unsigned char *m;
    uint64_t x = 0;
    size_t i;
    int fd = open(pl->path, O_RDONLY);
    if (fd < 0 || fstat(fd, &st) != 0)
        die("open");
    m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    if (m == MAP_FAILED)
        die("mmap");
    for (i = 0; i < (size_t)st.st_size; i += 4096)
        x += m[i];
    munmap((void *)(uintptr_t)m, (size_t)st.st_size);
    close(fd);
    return x;
}

static uint64_t run_hash(void *p)
{
    payload *pl = p;
    return grundy_store_hash(pl->t.data, (size_t)pl->t.size);
}

static void evict(const payload *pl)
{
    int fd = open(pl->path, O_RDONLY);
    if (fd < 0)
        die("open");
    (void)posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    close(fd);
}

static uint64_t run_load_cold(void *p)
{
    evict(p);
    return run_load(p);
}

static uint64_t run_read_cold(void *p)
{
    evict(p);
    return run_read(p);
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4200];
    if (!d)
        return;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.') {
            if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) <
                (int)sizeof path)
                unlink(path);
        }
    closedir(d);
    rmdir(dir);
}

int main(int argc, char **argv)
{
    int maxlog = argc > 1 ? atoi(argv[1]) : 28;
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    char tmp[4096];
    const char *dir = argc > 3 ? argv[3] : NULL;
    grundy_store_opts o;
    payload pl;
    uint64_t i, x = 88172645463325252ull;
    int lg;

    if (!dir) {
        const char *t = getenv("TMPDIR");
        snprintf(tmp, sizeof tmp, "%s/grundy-bench-store-XXXXXX",
                 t && *t ? t : "/tmp");
        if (!mkdtemp(tmp))
            die("mkdtemp");
        dir = tmp;
    }
    memset(&pl, 0, sizeof pl);
    pl.dir = dir;
    grundy_store_opts_init(&o);
    o.dir = dir;
    if (grundy_store_open(&pl.s, &o) != GRUNDY_OK ||
        !grundy_store_writable(pl.s))
        die("grundy_store_open");
    bench_header();
    for (lg = 20; lg <= maxlog; lg += 2) {
        static const struct {
            const char *name;
            bench_fn fn;
        } vs[] = {{"save", run_save},   {"write", run_write},
                  {"load", run_load},   {"read", run_read},
                  {"touch", run_touch}, {"hash", run_hash},
                  {"load-cold", run_load_cold},
                  {"read-cold", run_read_cold}};
        double med[8];
        uint64_t n = (uint64_t)1 << lg;
        unsigned char *d = malloc((size_t)n);
        size_t v;
        if (!d)
            die("malloc");
        pl.buf = malloc((size_t)n + 65536);
        if (!pl.buf)
            die("malloc");
        for (i = 0; i < n; i++) { /* xorshift: incompressible values */
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            d[i] = (unsigned char)(x >> 32);
        }
        memset(&pl.t, 0, sizeof pl.t);
        pl.t.size = n;
        pl.t.width = 1;
        pl.t.complete = 1;
        pl.t.data = d;
        for (i = 0; i < n; i++)
            if (d[i] > pl.t.max) {
                pl.t.max = d[i];
                pl.t.max_at = i;
            }
        pl.prev[0] = 0;
        for (v = 0; v < sizeof vs / sizeof vs[0]; v++) {
            bench_result r;
            if (v == 2) { /* the loads read the last save's entry */
                grundy_store_entry_path(pl.s, pl.t.spec, pl.path,
                                        sizeof pl.path);
                pl.prev[0] = 0;
            }
            if (v == 1) /* the write's files go; the save's stays */
                pl.prev[0] = 0;
            r = bench_run(vs[v].fn, &pl, reps);
            med[v] = r.ns_median;
            bench_print("store", vs[v].name, n, &r, (double)n / 1024.0);
            if (v == 1)
                unlink(pl.prev);
        }
        printf("# 2^%d bytes: save/write %.2f  load/read %.2f  "
               "load/touch %.2f  load/hash %.2f  load-cold/read-cold "
               "%.2f\n",
               lg, med[0] / med[1], med[2] / med[3], med[2] / med[4],
               med[2] / med[5], med[6] / med[7]);
        fflush(stdout);
        unlink(pl.path);
        free(pl.buf);
        free(d);
    }
    grundy_store_close(pl.s);
    if (argc <= 3)
        remove_dir(dir);
    return 0;
}
