/*
 * store.c -- tables that outlive the process (grundy/store.h): the files
 * of a folder, written atomically, mapped and verified on read.
 *
 * What a reader sees is always a whole file: a writer fills a temporary
 * file in the same folder, fsyncs it and renames it over the entry, then
 * fsyncs the folder, so after a crash the entry is the old file or the
 * new one.  Readers keep their descriptor (or mapping) of the file they
 * opened, so a rename under them changes nothing they see.
 *
 * Three kinds of lock, each with flock(), which the kernel drops when a
 * process dies (no stale locks after a crash):
 *   - the entry's lock, NAME.lock, held by whoever computes the table
 *     (grundy_store_lock_entry), polled with LOCK_NB so the wait can be
 *     cancelled;
 *   - the folder's lock, a flock on the folder itself, held for a few
 *     system calls: by a writer while it compares its table with the
 *     entry on disk and renames (so the longest table always wins, even
 *     between writers that hold no entry lock), and by a reader while it
 *     moves a bad file aside (so it never moves a good file that replaced
 *     the bad one meanwhile);
 *   - none for readers of sound files.
 * A waiter for an entry's lock checks, once it has it, that the lock file
 * is still the one in the folder (grundy_store_remove deletes it), and
 * starts again otherwise.
 *
 * A file is checked in two steps (format.c): the header with the file's
 * length, before anything is mapped, then every checksum of the mapping.
 * The values are hashed block by block while they are written, so a save
 * reads the table once.
 */
#define _GNU_SOURCE /* flock, DT_*, sync_file_range */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <xxhash.h>

#include "core/progress.h"
#include "grundy/store.h"
#include "grundy/version.h"
#include "store/format.h"
#include "store/store_internal.h"

#define DIR_MAX 3800 /* so that every path fits grundy_store_info.path */
#define PATH_CAP STORE_PATH_CAP
#define LOCK_POLL_MS 50

#define warnf store_warnf

struct grundy_store_lock {
    int fd; /* -1: a read-only store's lock */
};

const grundy_limits *store_limits(const grundy_store *s)
{
    return s->have_limits ? &s->limits : NULL;
}

void store_warnf(const grundy_store *s, const char *path, const char *fmt,
                 ...)
{
    char what[640];
    va_list ap;
    if (!s->warn)
        return;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    s->warn(s->warn_ctx, path, what);
}

/* Paths ********************************************************************/

/* DIR/NAME + suffix; the lengths were bounded when the store was opened. */
static void entry_file(char *buf, const grundy_store *s, const char *spec,
                       const char *suffix)
{
    char name[STORE_NAME_MAX];
    store_entry_name(name, sizeof name, spec);
    snprintf(buf, PATH_CAP, "%s/%s%s", s->dir, name, suffix);
}

void store_file(char *buf, const grundy_store *s, const char *name)
{
    snprintf(buf, PATH_CAP, "%s/%s", s->dir, name);
}

size_t grundy_store_entry_path(const grundy_store *s, const char *spec,
                               char *buf, size_t cap)
{
    char name[STORE_NAME_MAX];
    int n;
    store_entry_name(name, sizeof name, spec);
    n = snprintf(buf, cap, "%s/%s", s->dir, name);
    return n < 0 ? 0 : (size_t)n;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Opening ******************************************************************/

void grundy_store_opts_init(grundy_store_opts *o)
{
    memset(o, 0, sizeof *o);
}

/* mkdir -p; 0 or an errno. */
static int make_dirs(char *path, mode_t mode)
{
    char *p;
    struct stat st;
    for (p = path + 1;; p++) {
        if (*p == '/' || *p == 0) {
            char c = *p;
            *p = 0;
            if (mkdir(path, mode) != 0 && errno != EEXIST) {
                int e = errno;
                *p = c;
                return e;
            }
            *p = c;
            if (!c)
                break;
        }
    }
    if (stat(path, &st) != 0)
        return errno;
    return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
}

/* The folder as an absolute path without a trailing '/', or NULL. */
static char *folder_path(const grundy_store_opts *o, int *is_default,
                         grundy_status *st)
{
    const char *base = o->dir, *tail = "";
    char cwd[PATH_CAP], *out;
    size_t len;
    *st = GRUNDY_ERR_ARG;
    *is_default = !base;
    if (!base) {
        const char *xdg = getenv("XDG_CACHE_HOME");
        if (xdg && xdg[0] == '/') {
            base = xdg;
            tail = "/grundy";
        } else {
            base = getenv("HOME");
            tail = "/.cache/grundy";
            if (!base || !base[0])
                return NULL;
        }
    }
    if (!base[0])
        return NULL;
    cwd[0] = 0;
    if (base[0] != '/' && !getcwd(cwd, sizeof cwd)) {
        *st = GRUNDY_ERR_IO;
        return NULL;
    }
    len = strlen(cwd) + 1 + strlen(base) + strlen(tail);
    if (len > DIR_MAX)
        return NULL;
    out = malloc(len + 1);
    if (!out) {
        *st = GRUNDY_ERR_NOMEM;
        return NULL;
    }
    out[0] = 0;
    if (cwd[0]) {
        strcat(out, cwd);
        strcat(out, "/");
    }
    strcat(out, base);
    strcat(out, tail);
    len = strlen(out);
    while (len > 1 && out[len - 1] == '/')
        out[--len] = 0;
    return out;
}

grundy_status grundy_store_open(grundy_store **out,
                                const grundy_store_opts *o)
{
    grundy_store_opts defaults;
    grundy_store *s;
    grundy_status st;
    int is_default, e;
    *out = NULL;
    if (!o) {
        grundy_store_opts_init(&defaults);
        o = &defaults;
    }
    s = calloc(1, sizeof *s);
    GRUNDY_RETURN_IF(!s, GRUNDY_ERR_NOMEM);
    s->dir = folder_path(o, &is_default, &st);
    if (!s->dir) {
        free(s);
        return st;
    }
    s->warn = o->warn;
    s->warn_ctx = o->warn_ctx;
    if (o->limits) {
        s->limits = *o->limits;
        s->have_limits = 1;
    }
    e = make_dirs(s->dir, is_default ? 0700 : 0777);
    if (e)
        warnf(s, s->dir, "cannot create the folder (%s): tables will not be "
              "kept", strerror(e));
    else if (faccessat(AT_FDCWD, s->dir, W_OK | X_OK, AT_EACCESS) != 0)
        warnf(s, s->dir, "the folder is not writable (%s): tables will not "
              "be kept", strerror(errno));
    else
        s->writable = 1;
    *out = s;
    return GRUNDY_OK;
}

void grundy_store_close(grundy_store *s)
{
    if (!s)
        return;
    free(s->dir);
    free(s);
}

const char *grundy_store_dir(const grundy_store *s)
{
    return s->dir;
}

int grundy_store_writable(const grundy_store *s)
{
    return s->writable;
}

/* The folder's lock ********************************************************/

int store_folder_lock(const grundy_store *s)
{
    int fd = open(s->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    while (flock(fd, LOCK_EX) != 0)
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    return fd;
}

void store_folder_unlock(int fd)
{
    if (fd >= 0)
        close(fd); /* drops the flock */
}

/* Reading ******************************************************************/

static int read_full(int fd, void *buf, size_t n, off_t off, size_t *got)
{
    size_t done = 0;
    *got = 0;
    while (done < n) {
        ssize_t r = pread(fd, (char *)buf + done, n - done,
                          off + (off_t)done);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return errno;
        if (r == 0)
            break;
        done += (size_t)r;
    }
    *got = done;
    return 0;
}

file_state store_open_checked(int *fd_out, store_header *h,
                               struct stat *ident, const char *path,
                               const char *expect, char *why, size_t cap)
{
    unsigned char buf[STORE_HEADER_BYTES];
    size_t want, got;
    int fd, e;
    *fd_out = -1;
    why[0] = 0;
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR) /* no folder, no file */
            return FILE_MISSING;
        snprintf(why, cap, "cannot open (%s)", strerror(errno));
        return FILE_UNREADABLE;
    }
    if (fstat(fd, ident) != 0 || !S_ISREG(ident->st_mode)) {
        snprintf(why, cap, "not a regular file");
        close(fd);
        return FILE_UNREADABLE;
    }
    want = (uint64_t)ident->st_size < STORE_HEADER_BYTES
               ? (size_t)ident->st_size
               : STORE_HEADER_BYTES;
    e = read_full(fd, buf, want, 0, &got);
    if (e || got != want) {
        snprintf(why, cap, "cannot read (%s)",
                 e ? strerror(e) : "the file shrank");
        close(fd);
        return FILE_UNREADABLE;
    }
    if (!store_header_decode(h, buf, got, (uint64_t)ident->st_size, why,
                             cap)) {
        close(fd);
        return FILE_BAD;
    }
    if (expect && strcmp(h->spec, expect) != 0) {
        snprintf(why, cap, "a foreign file: it holds the table of '%.200s'",
                 h->spec);
        close(fd);
        return FILE_BAD;
    }
    if (!expect) {
        char name[PATH_CAP];
        if (h->slice) {
            grundy_store_slice sl;
            memset(&sl, 0, sizeof sl);
            memcpy(sl.spec, h->spec, sizeof h->spec);
            sl.index = h->slice_index;
            sl.count = h->slice_count;
            sl.tier_lo = h->tier_lo;
            sl.tier_hi = h->tier_hi;
            store_slice_name(name, sizeof name, &sl);
        } else {
            store_entry_name(name, sizeof name, h->spec);
        }
        if (strcmp(name, base_name(path)) != 0) {
            snprintf(why, cap,
                     "a foreign file: it holds the table of '%s', whose "
                     "entry is %s",
                     h->spec, name);
            close(fd);
            return FILE_BAD;
        }
    }
    *fd_out = fd;
    return FILE_SOUND;
}

void store_mapping_describe(grundy_store_mapping *m, const store_header *h)
{
    memcpy(m->table.spec, h->spec, sizeof m->table.spec);
    m->table.size = h->size;
    m->table.width = h->width;
    m->table.max = h->max;
    m->table.max_at = h->max_at;
    m->table.complete = h->complete;
    m->table.period = h->period;
    memcpy(m->table.version, h->version, sizeof m->table.version);
    m->table.data = (const unsigned char *)m->base + h->data_offset;
}

void store_mapping_unmap(grundy_store_mapping *m)
{
    if (m->base)
        munmap(m->base, m->len);
    m->base = NULL;
    free(m->verified);
    m->verified = NULL;
}

/* The largest of the len / width values at p (little-endian), while the
 * block is still in cache from its checksum: a file whose checksums hold
 * but whose values pass the header's largest one (a writer's bug, or a
 * crafted file) must not reach code that sizes arrays by that value. */
static uint64_t block_max(const unsigned char *p, uint64_t len,
                          unsigned width)
{
    uint64_t i, m = 0;
    if (width == 1) {
        unsigned char b = 0;
        for (i = 0; i < len; i++)
            b = p[i] > b ? p[i] : b;
        return b;
    }
    for (i = 0; i + width <= len; i += width) {
        uint64_t x = (uint64_t)p[i] | (uint64_t)p[i + 1] << 8;
        if (width == 4)
            x |= (uint64_t)p[i + 2] << 16 | (uint64_t)p[i + 3] << 24;
        m = x > m ? x : m;
    }
    return m;
}

grundy_status store_map_checked(grundy_store_mapping *m, file_state *fs,
                                int fd, const store_header *h,
                                const grundy_store *s, int verify_all,
                                char *why, size_t cap)
{
    const unsigned char *base;
    const unsigned char *data;
    uint64_t data_bytes = h->size * h->width, i, done = 0;
    grundy_ticker tick;
    grundy_status st;

    memset(m, 0, sizeof *m);
    m->len = (size_t)(h->data_offset + data_bytes);
    m->base = mmap(NULL, m->len, PROT_READ, MAP_SHARED, fd, 0);
    if (m->base == MAP_FAILED) {
        m->base = NULL;
        return GRUNDY_ERR_NOMEM;
    }
    m->h = *h;
    m->store = s;
    base = m->base;
    data = base + h->data_offset;
    /* Start reading ahead when every page is about to be touched. */
    if (verify_all)
        (void)posix_madvise(m->base, m->len, POSIX_MADV_WILLNEED);
    *fs = FILE_BAD;
    if (store_hash(base + STORE_HEADER_BYTES,
                   (size_t)h->data_offset - STORE_HEADER_BYTES) !=
        h->table_hash) {
        snprintf(why, cap, "checksum mismatch in the block table");
        return GRUNDY_OK;
    }
    if (!verify_all) {
        m->verified = calloc(h->nblocks ? (size_t)h->nblocks : 1, 1);
        if (!m->verified)
            return GRUNDY_ERR_NOMEM;
        *fs = FILE_SOUND;
        return GRUNDY_OK;
    }
    grundy_ticker_init(&tick, store_limits(s), "verifying", data_bytes);
    for (i = 0; i < h->nblocks; i++) {
        uint64_t len = data_bytes - done < h->block_bytes ? data_bytes - done
                                                          : h->block_bytes;
        if (store_hash(data + done, (size_t)len) !=
            store_get64(base + STORE_HEADER_BYTES + 8 * i)) {
            snprintf(why, cap, "checksum mismatch in block %llu of %llu",
                     (unsigned long long)i,
                     (unsigned long long)h->nblocks);
            return GRUNDY_OK;
        }
        if (block_max(data + done, len, h->width) > h->max) {
            snprintf(why, cap, "a value in block %llu of %llu is above "
                     "the largest the header gives",
                     (unsigned long long)i,
                     (unsigned long long)h->nblocks);
            return GRUNDY_OK;
        }
        done += len;
        st = grundy_ticker_add(&tick, len, done);
        if (st != GRUNDY_OK)
            return st;
    }
    if (h->size &&
        grundy_table_get_raw(data, h->width, h->max_at) != h->max) {
        snprintf(why, cap, "the largest value is not where the header "
                 "says");
        return GRUNDY_OK;
    }
    GRUNDY_TRY(grundy_ticker_done(&tick));
    *fs = FILE_SOUND;
    return GRUNDY_OK;
}

/* Check the file at path; on FILE_SOUND with keep, *out holds its
 * mapping. */
static grundy_status check_file(file_state *fs, grundy_store_mapping **out,
                                struct stat *ident, const grundy_store *s,
                                const char *path, const char *expect,
                                char *why, size_t cap)
{
    grundy_store_mapping *m;
    store_header h;
    grundy_status st;
    int fd;
    if (out)
        *out = NULL;
    *fs = store_open_checked(&fd, &h, ident, path, expect, why, cap);
    if (*fs != FILE_SOUND)
        return GRUNDY_OK;
    if (expect && h.slice) {
        snprintf(why, cap, "a slice of a split table where a whole table "
                 "was expected");
        close(fd);
        *fs = FILE_BAD;
        return GRUNDY_OK;
    }
    m = malloc(sizeof *m);
    if (!m) {
        close(fd);
        return GRUNDY_ERR_NOMEM;
    }
    st = store_map_checked(m, fs, fd, &h, s, 1, why, cap);
    close(fd);
    if (st != GRUNDY_OK || *fs != FILE_SOUND || !out) {
        store_mapping_unmap(m);
        free(m);
        return st;
    }
    store_mapping_describe(m, &h);
    *out = m;
    return GRUNDY_OK;
}

int store_set_aside(const grundy_store *s, const char *path,
                     const struct stat *ident, const char *why)
{
    char bad[PATH_CAP + 8];
    struct stat now;
    int fd, replaced = 0;
    if (!s->writable) {
        warnf(s, path, "%s; left in place (the store is read-only)", why);
        return 1;
    }
    snprintf(bad, sizeof bad, "%s.bad", path);
    fd = store_folder_lock(s);
    if (stat(path, &now) == 0 && (now.st_dev != ident->st_dev ||
                                  now.st_ino != ident->st_ino))
        replaced = 1;
    else if (rename(path, bad) == 0)
        warnf(s, path, "%s; moved aside to %s", why, base_name(bad));
    else if (errno != ENOENT)
        warnf(s, path, "%s; cannot move it aside (%s)", why,
              strerror(errno));
    store_folder_unlock(fd);
    return !replaced;
}

grundy_status grundy_store_load(grundy_store_mapping **out, grundy_store *s,
                                const char *spec)
{
    char path[PATH_CAP], why[512];
    struct stat ident;
    file_state fs;
    int attempt;
    *out = NULL;
    GRUNDY_RETURN_IF(!store_spec_ok(spec), GRUNDY_ERR_ARG);
    entry_file(path, s, spec, "");
    /* A bad file that a writer replaced meanwhile: read the new one. */
    for (attempt = 0; attempt < 3; attempt++) {
        GRUNDY_TRY(check_file(&fs, out, &ident, s, path, spec, why,
                              sizeof why));
        if (fs == FILE_UNREADABLE)
            warnf(s, path, "%s", why);
        if (fs != FILE_BAD || store_set_aside(s, path, &ident, why))
            break;
    }
    return GRUNDY_OK;
}

const grundy_store_table *
grundy_store_mapping_table(const grundy_store_mapping *m)
{
    return &m->table;
}

void grundy_store_mapping_free(grundy_store_mapping *m)
{
    if (!m)
        return;
    store_mapping_unmap(m);
    free(m);
}

/* Writing ******************************************************************/

int store_write_full(int fd, const void *buf, size_t n, off_t off)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = pwrite(fd, (const char *)buf + done, n - done,
                           off + (off_t)done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return errno;
        if (w == 0)
            return EIO;
        done += (size_t)w;
    }
    return 0;
}

/* Whether a table with header a should replace one with header b. */
static int better(const store_header *a, const store_header *b)
{
    if (a->size != b->size)
        return a->size > b->size;
    if (a->complete != b->complete)
        return a->complete;
    return a->period.proven && !b->period.proven;
}

/* Whether the entry at path holds a table at least as good as h (a
 * damaged or foreign file does not). */
static int entry_at_least(const char *path, const store_header *h)
{
    store_header old;
    struct stat ident;
    char why[512];
    int fd;
    if (store_open_checked(&fd, &old, &ident, path, h->spec, why, sizeof why) !=
        FILE_SOUND)
        return 0;
    close(fd);
    return !better(h, &old);
}

/* Write the whole file to fd: values first (hashed block by block as they
 * go out, a block possibly spanning chunks), then the block table and the
 * header in front.  0 or errno. */
static int write_file(int fd, store_header *h,
                      const grundy_store_chunk *chunks, size_t nchunks,
                      const grundy_store *s)
{
    uint64_t data_bytes = h->size * h->width, done = 0, i, at = 0;
    size_t c = 0;
    unsigned char *front;
    grundy_ticker tick;
    XXH3_state_t *st;
    int e = 0;
    front = calloc(1, (size_t)h->data_offset);
    st = XXH3_createState();
    if (!front || !st) {
        free(front);
        XXH3_freeState(st);
        return ENOMEM;
    }
    /* A save cannot be cancelled: reports only. */
    grundy_ticker_init(&tick, store_limits(s), "saving", data_bytes);
    for (i = 0; i < h->nblocks && !e; i++) {
        uint64_t len = data_bytes - done < h->block_bytes ? data_bytes - done
                                                          : h->block_bytes;
        uint64_t left = len;
        (void)XXH3_64bits_reset(st);
        while (left && !e) {
            const unsigned char *p;
            uint64_t n;
            while (c < nchunks && at == chunks[c].bytes) {
                c++;
                at = 0;
            }
            if (c == nchunks) {
                e = EINVAL; /* checked by the callers: cannot happen */
                break;
            }
            p = (const unsigned char *)chunks[c].data + at;
            n = chunks[c].bytes - at < left ? chunks[c].bytes - at : left;
            (void)XXH3_64bits_update(st, p, (size_t)n);
            e = store_write_full(fd, p, (size_t)n,
                                 (off_t)(h->data_offset + done + (len - left)));
            at += n;
            left -= n;
        }
        store_put64(front + STORE_HEADER_BYTES + 8 * i,
                    (uint64_t)XXH3_64bits_digest(st));
        done += len;
        (void)grundy_ticker_add(&tick, len, done);
    }
    if (!e) {
        h->table_hash = store_hash(front + STORE_HEADER_BYTES,
                                   (size_t)h->data_offset -
                                       STORE_HEADER_BYTES);
        store_header_encode(front, h);
        e = store_write_full(fd, front, (size_t)h->data_offset, 0);
    }
    (void)grundy_ticker_done(&tick);
    XXH3_freeState(st);
    free(front);
    return e;
}

grundy_status store_write_atomic(const grundy_store *s, const char *path,
                                 const char *what, store_header *h,
                                 const grundy_store_chunk *chunks,
                                 size_t nchunks,
                                 int (*keep_if)(const char *path,
                                                const store_header *h))
{
    char tmp[PATH_CAP + 16];
    int fd, e, lockfd, keep;

    snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
    fd = mkstemp(tmp);
    if (fd < 0) {
        warnf(s, path, "cannot create a temporary file (%s): the %s is "
              "not kept", strerror(errno), what);
        return GRUNDY_ERR_IO;
    }
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    e = fchmod(fd, 0644) != 0 ? errno : 0;
    if (!e)
        e = write_file(fd, h, chunks, nchunks, s);
    if (!e && fsync(fd) != 0)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (e) {
        unlink(tmp);
        warnf(s, path, "cannot write the %s (%s): the stored %s is "
              "unchanged", what, strerror(e), what);
        return GRUNDY_ERR_IO;
    }

    /* Compare and rename as one step among writers. */
    lockfd = store_folder_lock(s);
    keep = !keep_if || !keep_if(path, h);
    e = keep && rename(tmp, path) != 0 ? errno : 0;
    if (!keep || e)
        unlink(tmp);
    if (keep && !e && lockfd >= 0 && fsync(lockfd) != 0 && errno != EINVAL)
        e = errno;
    store_folder_unlock(lockfd);
    if (e) {
        warnf(s, path, "cannot replace the %s (%s)",
              strcmp(what, "table") == 0 ? "entry" : what, strerror(e));
        return GRUNDY_ERR_IO;
    }
    return GRUNDY_OK;
}

grundy_status grundy_store_save(grundy_store *s, const grundy_store_table *t)
{
    char path[PATH_CAP], why[128];
    store_header h;
    uint64_t file_bytes;
    grundy_store_chunk all;

    GRUNDY_RETURN_IF(!t || !store_spec_ok(t->spec), GRUNDY_ERR_ARG);
    memset(&h, 0, sizeof h);
    memcpy(h.spec, t->spec, strlen(t->spec) + 1);
    snprintf(h.version, sizeof h.version, "%s", grundy_version());
    h.size = t->size;
    h.width = t->width;
    h.complete = t->complete != 0;
    h.max = t->max;
    h.max_at = t->max_at;
    if (t->period.found) {
        h.period = t->period;
        h.period.found = 1;
    }
    h.period.proven = t->period.proven != 0; /* if not found: refused */
    /* The reader's rules, and values where the header says. */
    GRUNDY_RETURN_IF(!store_header_check(&h, why, sizeof why) ||
                         (t->size && (!t->data ||
                                      grundy_table_get_raw(t->data, t->width,
                                                           t->max_at) !=
                                          t->max)),
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(!store_layout(&h, &file_bytes), GRUNDY_ERR_OVERFLOW);
    if (!s->writable)
        return GRUNDY_OK;
    entry_file(path, s, t->spec, "");
    if (entry_at_least(path, &h))
        return GRUNDY_OK;
    all.data = t->data;
    all.bytes = h.size * h.width;
    return store_write_atomic(s, path, "table", &h, &all, 1,
                              entry_at_least);
}

/* Locks ********************************************************************/

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

grundy_status grundy_store_lock_entry(grundy_store_lock **out,
                                      grundy_store *s, const char *spec)
{
    char path[PATH_CAP];
    grundy_store_lock *l;
    grundy_ticker tick;
    uint64_t polls = 0;
    *out = NULL;
    GRUNDY_RETURN_IF(!store_spec_ok(spec), GRUNDY_ERR_ARG);
    l = malloc(sizeof *l);
    GRUNDY_RETURN_IF(!l, GRUNDY_ERR_NOMEM);
    l->fd = -1;
    if (!s->writable) {
        *out = l;
        return GRUNDY_OK;
    }
    entry_file(path, s, spec, ".lock");
    grundy_ticker_init(&tick, store_limits(s), "waiting for another process",
                       0);
    for (;;) {
        struct stat a, b;
        int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) {
            warnf(s, path, "cannot open the lock (%s)", strerror(errno));
            free(l);
            return GRUNDY_ERR_IO;
        }
        while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            grundy_status st;
            if (errno == EINTR)
                continue;
            if (errno != EWOULDBLOCK) {
                warnf(s, path, "cannot lock (%s)", strerror(errno));
                close(fd);
                free(l);
                return GRUNDY_ERR_IO;
            }
            st = grundy_ticker_tick(&tick, ++polls);
            if (st != GRUNDY_OK) {
                close(fd);
                free(l);
                return st;
            }
            sleep_ms(LOCK_POLL_MS);
        }
        /* The lock file may have been removed while we waited. */
        if (fstat(fd, &a) == 0 && stat(path, &b) == 0 &&
            a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
            l->fd = fd;
            break;
        }
        close(fd);
    }
    if (polls)
        (void)grundy_ticker_done(&tick); /* the lock is ours: too late */
    *out = l;
    return GRUNDY_OK;
}

void grundy_store_unlock(grundy_store_lock *l)
{
    if (!l)
        return;
    if (l->fd >= 0)
        close(l->fd);
    free(l);
}

/* Management ***************************************************************/

static int is_table_name(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && n > 5 && strcmp(name + n - 5, ".gtab") == 0;
}

static int info_cmp(const void *pa, const void *pb)
{
    const grundy_store_info *a = pa, *b = pb;
    if (a->readable != b->readable)
        return b->readable - a->readable;
    if (a->readable) {
        int c = strcmp(a->spec, b->spec);
        if (c)
            return c;
    }
    return strcmp(a->path, b->path);
}

static void info_fill(grundy_store_info *info, const char *dir,
                      const char *name)
{
    store_header h;
    struct stat ident;
    char why[512];
    int fd;
    memset(info, 0, sizeof *info);
    snprintf(info->path, sizeof info->path, "%s/%s", dir, name);
    if (store_open_checked(&fd, &h, &ident, info->path, NULL, why, sizeof why) !=
        FILE_SOUND) {
        if (stat(info->path, &ident) == 0)
            info->file_bytes = (uint64_t)ident.st_size;
        return;
    }
    close(fd);
    info->readable = 1;
    memcpy(info->spec, h.spec, sizeof info->spec);
    info->size = h.size;
    info->width = h.width;
    info->max = h.max;
    info->complete = h.complete;
    info->period = h.period;
    memcpy(info->version, h.version, sizeof info->version);
    info->file_bytes = (uint64_t)ident.st_size;
}

grundy_status grundy_store_list(grundy_store_info **out, size_t *count,
                                grundy_store *s)
{
    grundy_store_info *v = NULL;
    size_t n = 0, cap = 0;
    struct dirent *d;
    DIR *dir;
    *out = NULL;
    *count = 0;
    dir = opendir(s->dir);
    if (!dir)
        return errno == ENOENT || errno == ENOTDIR ? GRUNDY_OK
                                                   : GRUNDY_ERR_IO;
    while ((errno = 0, d = readdir(dir)) != NULL) {
        if (!is_table_name(d->d_name))
            continue;
        if (n == cap) {
            size_t ncap = cap ? 2 * cap : 16;
            grundy_store_info *nv = realloc(v, ncap * sizeof *v);
            if (!nv) {
                free(v);
                closedir(dir);
                return GRUNDY_ERR_NOMEM;
            }
            v = nv;
            cap = ncap;
        }
        info_fill(&v[n++], s->dir, d->d_name);
    }
    if (errno) {
        free(v);
        closedir(dir);
        return GRUNDY_ERR_IO;
    }
    closedir(dir);
    if (n)
        qsort(v, n, sizeof *v, info_cmp);
    *out = v;
    *count = n;
    return GRUNDY_OK;
}

static grundy_status verify_path(int *ok, char *why, size_t why_cap,
                                 grundy_store *s, const char *path,
                                 const char *expect)
{
    char buf[512];
    struct stat ident;
    file_state fs;
    *ok = 0;
    GRUNDY_TRY(check_file(&fs, NULL, &ident, s, path, expect, buf,
                          sizeof buf));
    if (fs == FILE_MISSING)
        return GRUNDY_ERR_RANGE;
    *ok = fs == FILE_SOUND;
    if (why && why_cap)
        snprintf(why, why_cap, "%s", *ok ? "" : buf);
    return GRUNDY_OK;
}

grundy_status grundy_store_verify_entry(int *ok, char *why, size_t why_cap,
                                        grundy_store *s, const char *spec)
{
    char path[PATH_CAP];
    *ok = 0;
    GRUNDY_RETURN_IF(!store_spec_ok(spec), GRUNDY_ERR_ARG);
    entry_file(path, s, spec, "");
    return verify_path(ok, why, why_cap, s, path, spec);
}

grundy_status grundy_store_verify_file(int *ok, char *why, size_t why_cap,
                                       grundy_store *s, const char *path)
{
    *ok = 0;
    GRUNDY_RETURN_IF(!path || !path[0], GRUNDY_ERR_ARG);
    return verify_path(ok, why, why_cap, s, path, NULL);
}

int store_remove_file(const grundy_store *s, const char *path)
{
    if (unlink(path) == 0)
        return 1;
    if (errno == ENOENT || errno == ENOTDIR)
        return 0;
    warnf(s, path, "cannot remove (%s)", strerror(errno));
    return -1;
}

int store_remove_matching(const grundy_store *s, const char *prefix,
                          const char *suffix, int *removed)
{
    char path[PATH_CAP];
    struct dirent *d;
    size_t len = strlen(prefix), slen = suffix ? strlen(suffix) : 0;
    int failed = 0;
    DIR *dir = opendir(s->dir);
    if (!dir)
        return 0;
    while ((d = readdir(dir)) != NULL) {
        size_t n = strlen(d->d_name);
        int r;
        if (strncmp(d->d_name, prefix, len) != 0 ||
            (suffix && (n < len + slen ||
                        strcmp(d->d_name + n - slen, suffix) != 0)))
            continue;
        snprintf(path, sizeof path, "%s/%s", s->dir, d->d_name);
        r = store_remove_file(s, path);
        failed |= r < 0;
        if (removed && r > 0)
            ++*removed;
    }
    closedir(dir);
    return failed;
}

grundy_status grundy_store_remove(grundy_store *s, const char *spec)
{
    char path[PATH_CAP], name[STORE_NAME_MAX];
    grundy_store_lock *l;
    int entry, bad, failed, split;
    GRUNDY_RETURN_IF(!store_spec_ok(spec), GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_store_lock_entry(&l, s, spec));
    entry_file(path, s, spec, "");
    entry = store_remove_file(s, path);
    entry_file(path, s, spec, ".bad");
    bad = store_remove_file(s, path);
    /* the entry's temporary files (left by writers that died) */
    store_entry_name(name, sizeof name, spec);
    strcat(name, ".tmp-");
    failed = entry < 0 || bad < 0 ||
             store_remove_matching(s, name, NULL, NULL);
    split = store_split_remove(s, spec);
    failed |= split < 0;
    if (s->writable) {
        /* Waiters see that the file is gone and open a new one. */
        entry_file(path, s, spec, ".lock");
        failed |= store_remove_file(s, path) < 0;
    }
    grundy_store_unlock(l);
    if (failed)
        return GRUNDY_ERR_IO;
    return entry > 0 || bad > 0 || split > 0 ? GRUNDY_OK : GRUNDY_ERR_RANGE;
}

/* Tables grown in place ****************************************************
 *
 * A table too long for memory is computed into its file: NAME.tmp-grow
 * has the layout of the finished entry (header, block table, values at
 * the data offset of cap entries), but its header and block table stay
 * zero until it is finished.  The values are mapped read-write; the
 * caller drops from memory what it will not read soon
 * (grundy_store_grow_release), and the kernel writes those pages back in
 * order (sync_file_range).  A checkpoint makes the finished prefix
 * durable (fdatasync), hashes the blocks it completed, and records the
 * prefix in NAME.tmp-grow.state (a small file written to a temporary name
 * and renamed, so it is always whole):
 *
 *   magic "GGROW01\n", width, cap, size, max, max_at, blocks hashed,
 *   the spec (256 bytes), then one XXH3-64 per hashed block, then the
 *   XXH3-64 of everything before it.
 *
 * A run that asks for another size takes up the prefix all the same
 * (moved to the new data offset; cut to whole blocks when it is longer
 * than the new table).
 *
 * Values past the recorded size may be in the file or not; a run that
 * resumes overwrites them.  Values before it are never written again, so
 * a kill at any moment leaves a prefix that the next run verifies block
 * by block and takes up.  Finishing writes the block table and the
 * header, fsyncs, and renames the file over the entry (under the folder's
 * lock, when it wins, as a save does). */

#define GROW_MAGIC "GGROW01\n"
#define GROW_FIXED (8 + 6 * 8 + 256)

struct grundy_store_grow {
    grundy_store *s;
    char spec[GRUNDY_STORE_SPEC_MAX + 1];
    char path[PATH_CAP], state[PATH_CAP];
    int fd;
    unsigned width;
    grundy_pos cap, size;
    grundy_value max;
    grundy_pos max_at;
    store_header h;       /* the finished file's layout (cap entries) */
    unsigned char *base;  /* the whole file, mapped */
    size_t len;
    uint64_t *hashes;     /* of the blocks hashed so far */
    uint64_t nhashed;
    grundy_pos drop_lo, drop_hi; /* the last range released */
    int finished;
};

/* Bytes dropped from memory by every grown table of the process (tests
 * check that the out-of-core path ran). */
static _Atomic uint64_t grow_dropped;

uint64_t store_grow_dropped(void)
{
    return grow_dropped;
}

static size_t page_bytes(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

/* Drop the pages wholly inside bytes [lo, hi) of the values. */
static void grow_drop_bytes(grundy_store_grow *g, uint64_t lo, uint64_t hi)
{
    size_t pg = page_bytes();
    uint64_t a = (g->h.data_offset + lo + pg - 1) / pg * pg;
    uint64_t b = (g->h.data_offset + hi) / pg * pg;
    if (a < b && madvise(g->base + a, (size_t)(b - a), MADV_DONTNEED) == 0)
        grow_dropped += b - a;
}

/* The largest value and its first position, over entries x .. end-1 too
 * (g->max covers the entries before x). */
static void grow_note_max(grundy_store_grow *g, grundy_pos x, grundy_pos end)
{
    const unsigned char *data = g->base + g->h.data_offset;
    for (; x < end; x++) {
        grundy_value v = grundy_table_get_raw(data, g->width, x);
        if (v > g->max || x == 0) {
            g->max = v;
            g->max_at = x;
        }
    }
}

/* Hash the whole blocks (and, when final, the last short one) below
 * size, noting their largest value; drop what was read inside the range
 * the caller released. */
static void grow_hash(grundy_store_grow *g, grundy_pos size, int final)
{
    uint64_t bytes = (uint64_t)size * g->width, b = g->h.block_bytes;
    const unsigned char *data = g->base + g->h.data_offset;
    while ((g->nhashed + 1) * b <= bytes ||
           (final && g->nhashed * b < bytes)) {
        uint64_t off = g->nhashed * b;
        uint64_t len = bytes - off < b ? bytes - off : b;
        grundy_pos x = (grundy_pos)(off / g->width),
                   end = (grundy_pos)((off + len) / g->width);
        g->hashes[g->nhashed++] = store_hash(data + off, (size_t)len);
        grow_note_max(g, x, end);
        if (off >= (uint64_t)g->drop_lo * g->width &&
            off + len <= (uint64_t)g->drop_hi * g->width)
            grow_drop_bytes(g, off, off + len);
    }
}

/* Write the state file for the prefix [0, size). */
static int grow_write_state(grundy_store_grow *g)
{
    char tmp[PATH_CAP + 16];
    size_t n = GROW_FIXED + 8 * (size_t)g->nhashed + 8, i;
    unsigned char *buf = calloc(1, n);
    int fd, e;
    if (!buf)
        return ENOMEM;
    memcpy(buf, GROW_MAGIC, 8);
    store_put64(buf + 8, g->width);
    store_put64(buf + 16, g->cap);
    store_put64(buf + 24, g->size);
    store_put64(buf + 32, g->max);
    store_put64(buf + 40, g->max_at);
    store_put64(buf + 48, g->nhashed);
    memcpy(buf + 56, g->spec, strlen(g->spec));
    for (i = 0; i < g->nhashed; i++)
        store_put64(buf + GROW_FIXED + 8 * i, g->hashes[i]);
    store_put64(buf + n - 8, store_hash(buf, n - 8));
    snprintf(tmp, sizeof tmp, "%s-XXXXXX", g->state);
    fd = mkstemp(tmp);
    if (fd < 0) {
        free(buf);
        return errno;
    }
    e = store_write_full(fd, buf, n, 0);
    if (!e && fsync(fd) != 0)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (!e && rename(tmp, g->state) != 0)
        e = errno;
    if (e)
        unlink(tmp);
    free(buf);
    return e;
}

/* Read the state file; 1 when it is sound and fits (spec, width). */
static int grow_read_state(grundy_store_grow *g, grundy_pos *old_cap)
{
    unsigned char fixed[GROW_FIXED], *buf;
    size_t got, n;
    uint64_t nh, i;
    int ok = 0, fd = open(g->state, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    if (read_full(fd, fixed, sizeof fixed, 0, &got) || got != sizeof fixed ||
        memcmp(fixed, GROW_MAGIC, 8) != 0 ||
        store_get64(fixed + 8) != g->width ||
        strncmp((const char *)fixed + 56, g->spec, 256) != 0) {
        close(fd);
        return 0;
    }
    nh = store_get64(fixed + 48);
    if (nh > g->h.nblocks) {
        close(fd);
        return 0;
    }
    n = GROW_FIXED + 8 * (size_t)nh + 8;
    buf = malloc(n);
    if (buf && !read_full(fd, buf, n, 0, &got) && got == n &&
        store_get64(buf + n - 8) == store_hash(buf, n - 8)) {
        *old_cap = store_get64(buf + 16);
        g->size = store_get64(buf + 24);
        g->max = store_get64(buf + 32);
        g->max_at = store_get64(buf + 40);
        g->nhashed = nh;
        ok = g->size <= *old_cap &&
             nh == (uint64_t)g->size * g->width / STORE_BLOCK_BYTES;
        for (i = 0; ok && i < nh; i++)
            g->hashes[i] = store_get64(buf + GROW_FIXED + 8 * i);
    }
    free(buf);
    close(fd);
    return ok;
}

/* Move the values of a file laid out for old_cap entries to the data
 * offset of cap entries (the block table's length differs). */
static int grow_relocate(grundy_store_grow *g, grundy_pos old_cap)
{
    store_header oh;
    uint64_t ofile, bytes = (uint64_t)g->size * g->width, done = 0;
    unsigned char *buf;
    int e = 0;
    memset(&oh, 0, sizeof oh);
    oh.size = old_cap;
    oh.width = g->width;
    if (!store_layout(&oh, &ofile))
        return EOVERFLOW;
    if (oh.data_offset == g->h.data_offset)
        return 0;
    buf = malloc(STORE_BLOCK_BYTES);
    if (!buf)
        return ENOMEM;
    /* Back to front when the values move up, front to back otherwise. */
    while (done < bytes && !e) {
        uint64_t len = bytes - done < STORE_BLOCK_BYTES ? bytes - done
                                                        : STORE_BLOCK_BYTES;
        uint64_t off = oh.data_offset < g->h.data_offset
                           ? bytes - done - len
                           : done;
        size_t got;
        e = read_full(g->fd, buf, (size_t)len, (off_t)(oh.data_offset + off),
                      &got);
        if (!e && got != len)
            e = EIO;
        if (!e)
            e = store_write_full(g->fd, buf, (size_t)len,
                           (off_t)(g->h.data_offset + off));
        done += len;
    }
    free(buf);
    return e;
}

grundy_status grundy_store_grow_open(grundy_store_grow **out,
                                     grundy_store *s, const char *spec,
                                     unsigned width, grundy_pos cap)
{
    grundy_store_grow *g;
    uint64_t file_bytes, i;
    grundy_pos old_cap = 0;
    int e = 0, resumed, moved = 0;
    *out = NULL;
    GRUNDY_RETURN_IF(!store_spec_ok(spec) ||
                         (width != 1 && width != 2 && width != 4) || !cap,
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(!s->writable, GRUNDY_ERR_IO);
    g = calloc(1, sizeof *g);
    GRUNDY_RETURN_IF(!g, GRUNDY_ERR_NOMEM);
    g->s = s;
    g->fd = -1;
    g->width = width;
    g->cap = cap;
    memcpy(g->spec, spec, strlen(spec) + 1);
    memcpy(g->h.spec, spec, strlen(spec) + 1);
    g->h.size = cap;
    g->h.width = width;
    if (!store_layout(&g->h, &file_bytes) || file_bytes > SIZE_MAX) {
        free(g);
        return GRUNDY_ERR_OVERFLOW;
    }
    g->hashes = calloc((size_t)g->h.nblocks + 1, sizeof *g->hashes);
    if (!g->hashes) {
        free(g);
        return GRUNDY_ERR_NOMEM;
    }
    entry_file(g->path, s, spec, ".tmp-grow");
    entry_file(g->state, s, spec, ".tmp-grow.state");
    g->fd = open(g->path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (g->fd < 0) {
        e = errno;
        goto fail;
    }
    resumed = grow_read_state(g, &old_cap);
    if (!resumed) {
        /* nothing to take up */
        g->size = g->max = g->max_at = 0;
        g->nhashed = 0;
        if (ftruncate(g->fd, 0) != 0) {
            e = errno;
            goto fail;
        }
    } else {
        if (g->size > cap) {
            /* a shorter table than the run asked for: its whole blocks */
            g->nhashed = (uint64_t)cap * width / g->h.block_bytes;
            g->size = (grundy_pos)(g->nhashed * g->h.block_bytes / width);
        }
        moved = old_cap != cap;
        if (moved) {
            e = grow_relocate(g, old_cap);
            if (e)
                goto fail;
        }
    }
    if (ftruncate(g->fd, (off_t)file_bytes) != 0) {
        e = errno;
        goto fail;
    }
    g->len = (size_t)file_bytes;
    g->base = mmap(NULL, g->len, PROT_READ | PROT_WRITE, MAP_SHARED, g->fd,
                   0);
    if (g->base == MAP_FAILED) {
        g->base = NULL;
        free(g->hashes);
        close(g->fd);
        free(g);
        return GRUNDY_ERR_NOMEM;
    }
    if (resumed) {
        /* Trust nothing: every hashed block; the largest value is found
         * again on the way. */
        uint64_t b = g->h.block_bytes;
        g->max = g->max_at = 0;
        for (i = 0; i < g->nhashed && resumed; i++) {
            resumed = store_hash(g->base + g->h.data_offset + i * b,
                                 (size_t)b) == g->hashes[i];
            grow_note_max(g, (grundy_pos)(i * b / width),
                          (grundy_pos)((i + 1) * b / width));
            grow_drop_bytes(g, i * b, (i + 1) * b);
        }
        if (!resumed) {
            warnf(s, g->path, "the computation in progress failed its "
                  "checks: starting again");
            g->size = g->max = g->max_at = 0;
            g->nhashed = 0;
        } else if (moved) {
            /* the state must name the new layout before anything else
             * is written (a kill during the move leaves the old state,
             * whose checks then fail: the run starts again) */
            e = fdatasync(g->fd) != 0 ? errno : grow_write_state(g);
            if (e) {
                munmap(g->base, g->len);
                g->base = NULL;
                goto fail;
            }
        }
    }
    if (g->nhashed * g->h.block_bytes < (uint64_t)g->size * width) {
        /* the values past the last whole block are checked by nothing:
         * take the prefix of whole blocks */
        g->size = (grundy_pos)(g->nhashed * g->h.block_bytes / width);
    }
    *out = g;
    return GRUNDY_OK;
fail:
    warnf(s, g->path, "cannot grow the table in its file (%s)",
          strerror(e));
    if (g->fd >= 0)
        close(g->fd);
    free(g->hashes);
    free(g);
    return GRUNDY_ERR_IO;
}

void *grundy_store_grow_data(const grundy_store_grow *g)
{
    return g->base + g->h.data_offset;
}

grundy_pos grundy_store_grow_size(const grundy_store_grow *g,
                                  grundy_value *max, grundy_pos *max_at)
{
    if (max)
        *max = g->max;
    if (max_at)
        *max_at = g->max_at;
    return g->size;
}

void grundy_store_grow_release(grundy_store_grow *g, grundy_pos lo,
                               grundy_pos hi)
{
    if (hi > g->cap)
        hi = g->cap;
    if (lo >= hi)
        return;
    g->drop_lo = lo;
    g->drop_hi = hi;
    /* start writing the pages back, in order, before they are dropped */
    (void)sync_file_range(g->fd,
                          (off_t)(g->h.data_offset + (uint64_t)lo * g->width),
                          (off_t)((uint64_t)(hi - lo) * g->width),
                          SYNC_FILE_RANGE_WRITE);
    grow_drop_bytes(g, (uint64_t)lo * g->width, (uint64_t)hi * g->width);
}

grundy_status grundy_store_grow_checkpoint(grundy_store_grow *g,
                                           grundy_pos size)
{
    int e;
    if (size > g->cap)
        size = g->cap;
    /* A checkpoint records whole blocks only: a resumed run verifies
     * every value it takes up. */
    size = (grundy_pos)((uint64_t)size * g->width / g->h.block_bytes *
                        g->h.block_bytes / g->width);
    if (size <= g->size)
        return GRUNDY_OK;
    grow_hash(g, size, 0);
    if (fdatasync(g->fd) != 0) {
        e = errno;
        goto fail;
    }
    g->size = size;
    e = grow_write_state(g);
    if (!e)
        return GRUNDY_OK;
fail:
    warnf(g->s, g->path, "cannot record the computation's progress (%s)",
          strerror(e));
    return GRUNDY_ERR_IO;
}

grundy_status grundy_store_grow_finish(grundy_store_grow *g,
                                       const grundy_period *period)
{
    char entry[PATH_CAP], why[128];
    unsigned char *front = g->base;
    int e = 0, lockfd, keep;
    grow_hash(g, g->cap, 1);
    g->h.complete = 1;
    g->h.max = g->max;
    g->h.max_at = g->max_at;
    memset(&g->h.period, 0, sizeof g->h.period);
    if (period && period->found) {
        g->h.period = *period;
        g->h.period.found = 1;
        g->h.period.proven = period->proven != 0;
    }
    snprintf(g->h.version, sizeof g->h.version, "%s", grundy_version());
    GRUNDY_RETURN_IF(!store_header_check(&g->h, why, sizeof why),
                     GRUNDY_ERR_ARG);
    memset(front, 0, (size_t)g->h.data_offset);
    for (uint64_t i = 0; i < g->h.nblocks; i++)
        store_put64(front + STORE_HEADER_BYTES + 8 * i, g->hashes[i]);
    g->h.table_hash = store_hash(front + STORE_HEADER_BYTES,
                                 (size_t)g->h.data_offset -
                                     STORE_HEADER_BYTES);
    store_header_encode(front, &g->h);
    if (msync(g->base, g->len, MS_SYNC) != 0 || fsync(g->fd) != 0)
        e = errno;
    entry_file(entry, g->s, g->spec, "");
    if (!e) {
        lockfd = store_folder_lock(g->s);
        keep = !entry_at_least(entry, &g->h);
        e = keep && rename(g->path, entry) != 0 ? errno : 0;
        if (!keep)
            unlink(g->path);
        if (keep && !e && lockfd >= 0 && fsync(lockfd) != 0 &&
            errno != EINVAL)
            e = errno;
        store_folder_unlock(lockfd);
    }
    if (e) {
        warnf(g->s, entry, "cannot finish the table (%s)", strerror(e));
        return GRUNDY_ERR_IO;
    }
    unlink(g->state);
    g->finished = 1;
    return GRUNDY_OK;
}

void grundy_store_grow_close(grundy_store_grow *g)
{
    if (!g)
        return;
    if (g->base)
        munmap(g->base, g->len);
    if (g->fd >= 0)
        close(g->fd);
    free(g->hashes);
    free(g);
}
