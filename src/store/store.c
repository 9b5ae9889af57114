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
#define _DEFAULT_SOURCE /* flock, DT_* */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/progress.h"
#include "grundy/store.h"
#include "grundy/version.h"
#include "store/format.h"



#define DIR_MAX 3800 /* so that every path fits grundy_store_info.path */
#define PATH_CAP 4096
#define LOCK_POLL_MS 50

struct grundy_store {
    char *dir;
    int writable;
    grundy_store_warn_fn warn;
    void *warn_ctx;
    grundy_limits limits;
    int have_limits;
};

struct grundy_store_mapping {
    grundy_store_table table;
    void *base;
    size_t len;
};

struct grundy_store_lock {
    int fd; /* -1: a read-only store's lock */
};

static const grundy_limits *store_limits(const grundy_store *s)
{
    return s->have_limits ? &s->limits : NULL;
}

static void warnf(const grundy_store *s, const char *path, const char *fmt,
                  ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void warnf(const grundy_store *s, const char *path, const char *fmt,
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

/* A descriptor of the folder holding its exclusive flock, or -1. */
static int folder_lock(const grundy_store *s)
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

static void folder_unlock(int fd)
{
    if (fd >= 0)
        close(fd); /* drops the flock */
}

/* Reading ******************************************************************/

typedef enum file_state {
    FILE_SOUND,
    FILE_MISSING,
    FILE_BAD,       /* failed a check: why[] says which */
    FILE_UNREADABLE /* could not be opened or read: why[] says why */
} file_state;

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

/* Open path and check its header against the file's length.  expect: the
 * spec it must hold, or NULL for "the spec its name says".  On
 * FILE_SOUND, *fd_out is the open file. */
static file_state open_checked(int *fd_out, store_header *h,
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
        snprintf(why, cap, "a foreign file: it holds the table of '%s'",
                 h->spec);
        close(fd);
        return FILE_BAD;
    }
    if (!expect) {
        char name[STORE_NAME_MAX];
        store_entry_name(name, sizeof name, h->spec);
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

static void mapping_unmap(grundy_store_mapping *m)
{
    if (m->base)
        munmap(m->base, m->len);
    m->base = NULL;
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

/* Map the file whose header h was checked and verify every checksum. */
static grundy_status map_verified(grundy_store_mapping *m, file_state *fs,
                                  int fd, const store_header *h,
                                  const grundy_store *s, char *why,
                                  size_t cap)
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
    base = m->base;
    data = base + h->data_offset;
    /* Start reading ahead; every page is about to be touched. */
    (void)posix_madvise(m->base, m->len, POSIX_MADV_WILLNEED);
    *fs = FILE_BAD;
    if (store_hash(base + STORE_HEADER_BYTES,
                   (size_t)h->data_offset - STORE_HEADER_BYTES) !=
        h->table_hash) {
        snprintf(why, cap, "checksum mismatch in the block table");
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
    *fs = open_checked(&fd, &h, ident, path, expect, why, cap);
    if (*fs != FILE_SOUND)
        return GRUNDY_OK;
    m = malloc(sizeof *m);
    if (!m) {
        close(fd);
        return GRUNDY_ERR_NOMEM;
    }
    st = map_verified(m, fs, fd, &h, s, why, cap);
    close(fd);
    if (st != GRUNDY_OK || *fs != FILE_SOUND || !out) {
        mapping_unmap(m);
        free(m);
        return st;
    }
    memcpy(m->table.spec, h.spec, sizeof m->table.spec);
    m->table.size = h.size;
    m->table.width = h.width;
    m->table.max = h.max;
    m->table.max_at = h.max_at;
    m->table.complete = h.complete;
    m->table.period = h.period;
    memcpy(m->table.version, h.version, sizeof m->table.version);
    m->table.data = (const unsigned char *)m->base + h.data_offset;
    *out = m;
    return GRUNDY_OK;
}

/* Move the bad file at path aside, unless it was replaced since it was
 * opened (ident).  1: moved (or gone), 0: replaced by another file. */
static int set_aside(const grundy_store *s, const char *path,
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
    fd = folder_lock(s);
    if (stat(path, &now) == 0 && (now.st_dev != ident->st_dev ||
                                  now.st_ino != ident->st_ino))
        replaced = 1;
    else if (rename(path, bad) == 0)
        warnf(s, path, "%s; moved aside to %s", why, base_name(bad));
    else if (errno != ENOENT)
        warnf(s, path, "%s; cannot move it aside (%s)", why,
              strerror(errno));
    folder_unlock(fd);
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
        if (fs != FILE_BAD || set_aside(s, path, &ident, why))
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
    mapping_unmap(m);
    free(m);
}

/* Writing ******************************************************************/

static int write_full(int fd, const void *buf, size_t n, off_t off)
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
    char why[256];
    int fd;
    if (open_checked(&fd, &old, &ident, path, h->spec, why, sizeof why) !=
        FILE_SOUND)
        return 0;
    close(fd);
    return !better(h, &old);
}

/* Write the whole file to fd: values first (hashed block by block as they
 * go out), then the block table and the header in front.  0 or errno. */
static int write_file(int fd, store_header *h, const grundy_store_table *t,
                      const grundy_store *s)
{
    const unsigned char *data = t->data;
    uint64_t data_bytes = h->size * h->width, done = 0, i;
    unsigned char *front;
    grundy_ticker tick;
    int e = 0;
    front = calloc(1, (size_t)h->data_offset);
    if (!front)
        return ENOMEM;
    /* A save cannot be cancelled: reports only. */
    grundy_ticker_init(&tick, store_limits(s), "saving", data_bytes);
    for (i = 0; i < h->nblocks && !e; i++) {
        uint64_t len = data_bytes - done < h->block_bytes ? data_bytes - done
                                                          : h->block_bytes;
        store_put64(front + STORE_HEADER_BYTES + 8 * i,
                    store_hash(data + done, (size_t)len));
        e = write_full(fd, data + done, (size_t)len,
                       (off_t)(h->data_offset + done));
        done += len;
        (void)grundy_ticker_add(&tick, len, done);
    }
    if (!e) {
        h->table_hash = store_hash(front + STORE_HEADER_BYTES,
                                   (size_t)h->data_offset -
                                       STORE_HEADER_BYTES);
        store_header_encode(front, h);
        e = write_full(fd, front, (size_t)h->data_offset, 0);
    }
    (void)grundy_ticker_done(&tick);
    free(front);
    return e;
}

grundy_status grundy_store_save(grundy_store *s, const grundy_store_table *t)
{
    char path[PATH_CAP], tmp[PATH_CAP], why[128];
    store_header h;
    uint64_t file_bytes;
    int fd, e, lockfd, keep;

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

    entry_file(tmp, s, t->spec, ".tmp-XXXXXX");
    fd = mkstemp(tmp);
    if (fd < 0) {
        warnf(s, path, "cannot create a temporary file (%s): the table is "
              "not kept", strerror(errno));
        return GRUNDY_ERR_IO;
    }
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    e = fchmod(fd, 0644) != 0 ? errno : 0;
    if (!e)
        e = write_file(fd, &h, t, s);
    if (!e && fsync(fd) != 0)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (e) {
        unlink(tmp);
        warnf(s, path, "cannot write the table (%s): the stored table is "
              "unchanged", strerror(e));
        return GRUNDY_ERR_IO;
    }

    /* Compare and rename as one step among writers. */
    lockfd = folder_lock(s);
    keep = !entry_at_least(path, &h);
    e = keep && rename(tmp, path) != 0 ? errno : 0;
    if (!keep || e)
        unlink(tmp);
    if (keep && !e && lockfd >= 0 && fsync(lockfd) != 0 && errno != EINVAL)
        e = errno;
    folder_unlock(lockfd);
    if (e) {
        warnf(s, path, "cannot replace the entry (%s)", strerror(e));
        return GRUNDY_ERR_IO;
    }
    return GRUNDY_OK;
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
    char why[256];
    int fd;
    memset(info, 0, sizeof *info);
    snprintf(info->path, sizeof info->path, "%s/%s", dir, name);
    if (open_checked(&fd, &h, &ident, info->path, NULL, why, sizeof why) !=
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

/* Remove path; 1 removed, 0 missing, -1 failed (warned). */
static int remove_file(const grundy_store *s, const char *path)
{
    if (unlink(path) == 0)
        return 1;
    if (errno == ENOENT || errno == ENOTDIR)
        return 0;
    warnf(s, path, "cannot remove (%s)", strerror(errno));
    return -1;
}

/* Remove the entry's temporary files (left by writers that died). */
static int remove_temps(const grundy_store *s, const char *spec)
{
    char name[STORE_NAME_MAX], path[PATH_CAP];
    struct dirent *d;
    size_t len;
    int failed = 0;
    DIR *dir = opendir(s->dir);
    if (!dir)
        return 0;
    store_entry_name(name, sizeof name, spec);
    strcat(name, ".tmp-");
    len = strlen(name);
    while ((d = readdir(dir)) != NULL)
        if (strncmp(d->d_name, name, len) == 0) {
            snprintf(path, sizeof path, "%s/%s", s->dir, d->d_name);
            failed |= remove_file(s, path) < 0;
        }
    closedir(dir);
    return failed;
}

grundy_status grundy_store_remove(grundy_store *s, const char *spec)
{
    char path[PATH_CAP];
    grundy_store_lock *l;
    int entry, bad, failed;
    GRUNDY_RETURN_IF(!store_spec_ok(spec), GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_store_lock_entry(&l, s, spec));
    entry_file(path, s, spec, "");
    entry = remove_file(s, path);
    entry_file(path, s, spec, ".bad");
    bad = remove_file(s, path);
    failed = entry < 0 || bad < 0 || remove_temps(s, spec);
    if (s->writable) {
        /* Waiters see that the file is gone and open a new one. */
        entry_file(path, s, spec, ".lock");
        failed |= remove_file(s, path) < 0;
    }
    grundy_store_unlock(l);
    if (failed)
        return GRUNDY_ERR_IO;
    return entry > 0 || bad > 0 ? GRUNDY_OK : GRUNDY_ERR_RANGE;
}
