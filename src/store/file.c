/*
 * file.c -- the files of a store (grundy/store.h): the folder, checked
 * reads, atomic writes, locks.  Entries (entry.c), split tables (split.c)
 * and tables grown in place (grow.c) are built on these steps; this file
 * calls none of them.
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
 * is still the one in the folder (its holder may delete it), and starts
 * again otherwise.
 *
 * A file is checked in two steps (format.c): the header with the file's
 * length, before anything is mapped, then every checksum of the mapping
 * (all at once, or block by block as reads touch them).  The values are
 * hashed block by block while they are written, so a save reads the
 * table once.
 */
#define _GNU_SOURCE /* flock */
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

#include <xxhash.h>

#include "core/alloc.h"
#include "core/progress.h"
#include "core/threads.h"
#include "grundy/store.h"
#include "store/format.h"
#include "store/store_internal.h"

#define DIR_MAX 3800 /* so that every path fits grundy_store_info.path */
#define PATH_CAP STORE_PATH_CAP
#define LOCK_POLL_MS 50

#define warnf grundy_store_warnf
#define base_name grundy_store_base_name
#define read_full grundy_store_read_full
#define entry_file grundy_store_entry_file

struct grundy_store_lock {
    int fd; /* -1: a read-only store's lock */
    char path[PATH_CAP]; /* the lock file, removed on release */
};

const grundy_limits *grundy_store_limits(const grundy_store *s)
{
    return s->have_limits ? &s->limits : NULL;
}

void grundy_store_warnf(const grundy_store *s, const char *path,
                        const char *fmt, ...)
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

void grundy_store_entry_file(char *buf, const grundy_store *s, const char *spec,
                       const char *suffix)
{
    char name[STORE_NAME_MAX];
    grundy_store_entry_name(name, sizeof name, spec);
    snprintf(buf, PATH_CAP, "%s/%s%s", s->dir, name, suffix);
}

void grundy_store_file_path(char *buf, const grundy_store *s, const char *name)
{
    snprintf(buf, PATH_CAP, "%s/%s", s->dir, name);
}

size_t grundy_store_entry_path(const grundy_store *s, const char *spec,
                               char *buf, size_t cap)
{
    char name[STORE_NAME_MAX];
    int n;
    grundy_store_entry_name(name, sizeof name, spec);
    n = snprintf(buf, cap, "%s/%s", s->dir, name);
    return n < 0 ? 0 : (size_t)n;
}

const char *grundy_store_base_name(const char *path)
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

grundy_status grundy_store_folder_open(grundy_store **out,
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
    GRUNDY_TRY(GRUNDY_NEW(s));
    s->dir = folder_path(o, &is_default, &st);
    if (!s->dir) {
        free(s);
        return st;
    }
    if (pthread_mutex_init(&s->saved_lock, NULL) != 0) {
        free(s->dir);
        free(s);
        return GRUNDY_ERR_NOMEM;
    }
    s->warn = o->warn;
    s->warn_ctx = o->warn_ctx;
    if (o->limits) {
        s->limits = *o->limits;
        s->have_limits = 1;
    }
    s->size_limit = o->size_limit ? o->size_limit : GRUNDY_STORE_DEFAULT_LIMIT;
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
    pthread_mutex_destroy(&s->saved_lock);
    free(s->dir);
    free(s);
}

void grundy_store_note_saved(grundy_store *s, const char *spec,
                             grundy_pos size, int complete)
{
    pthread_mutex_lock(&s->saved_lock);
    s->saved.count++;
    snprintf(s->saved.spec, sizeof s->saved.spec, "%s", spec);
    s->saved.size = size;
    s->saved.complete = complete;
    pthread_mutex_unlock(&s->saved_lock);
}

void grundy_store_note_journal(grundy_store *s, uint64_t records)
{
    pthread_mutex_lock(&s->saved_lock);
    s->journal_records = records;
    pthread_mutex_unlock(&s->saved_lock);
}

uint64_t grundy_store_journal_kept(grundy_store *s)
{
    return grundy_locked_u64(&s->saved_lock, &s->journal_records);
}

void grundy_store_wrote(grundy_store *s, const char *spec)
{
    if (s->after_save)
        s->after_save(s, spec);
}

void grundy_store_last_saved(grundy_store_saved *out, grundy_store *s)
{
    pthread_mutex_lock(&s->saved_lock);
    *out = s->saved;
    pthread_mutex_unlock(&s->saved_lock);
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

int grundy_store_folder_lock(const grundy_store *s)
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

void grundy_store_folder_unlock(int fd)
{
    if (fd >= 0)
        close(fd); /* drops the flock */
}

/* Reading ******************************************************************/

int grundy_store_read_full(int fd, void *buf, size_t n, off_t off, size_t *got)
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

int grundy_store_open_read(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOATIME);
    if (fd < 0 && errno == EPERM) /* another user's file */
        fd = open(path, O_RDONLY | O_CLOEXEC);
    return fd;
}

file_state grundy_store_open_checked(int *fd_out, grundy_store_header *h,
                               struct stat *ident, const char *path,
                               const char *expect, char *why, size_t cap)
{
    unsigned char buf[STORE_HEADER_BYTES];
    size_t want, got;
    int fd, e;
    *fd_out = -1;
    why[0] = 0;
    fd = grundy_store_open_read(path);
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
    if (!grundy_store_header_decode(h, buf, got, (uint64_t)ident->st_size, why,
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
            grundy_store_slice_name(name, sizeof name, &sl);
        } else {
            grundy_store_entry_name(name, sizeof name, h->spec);
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

void grundy_store_mapping_describe(grundy_store_mapping *m,
                                   const grundy_store_header *h)
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

void grundy_store_mapping_unmap(grundy_store_mapping *m)
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

grundy_status grundy_store_map_checked(grundy_store_mapping *m, file_state *fs,
                                int fd, const grundy_store_header *h,
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
    if (grundy_store_hash(base + STORE_HEADER_BYTES,
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
    grundy_ticker_init(&tick, grundy_store_limits(s), "verifying", data_bytes);
    for (i = 0; i < h->nblocks; i++) {
        uint64_t len = data_bytes - done < h->block_bytes ? data_bytes - done
                                                          : h->block_bytes;
        if (grundy_store_hash(data + done, (size_t)len) !=
            grundy_store_get64(base + STORE_HEADER_BYTES + 8 * i)) {
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

grundy_status grundy_store_check_file(file_state *fs,
                                      grundy_store_mapping **out,
                                      struct stat *ident, const grundy_store *s,
                                      const char *path, const char *expect,
                                      int verify_all, char *why, size_t cap)
{
    grundy_store_mapping *m;
    grundy_store_header h;
    grundy_status st;
    int fd;
    if (out)
        *out = NULL;
    *fs = grundy_store_open_checked(&fd, &h, ident, path, expect, why, cap);
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
    st = grundy_store_map_checked(m, fs, fd, &h, s, verify_all || !out, why,
                                  cap);
    close(fd);
    if (st != GRUNDY_OK || *fs != FILE_SOUND || !out) {
        grundy_store_mapping_unmap(m);
        free(m);
        return st;
    }
    grundy_store_mapping_describe(m, &h);
    snprintf(m->path, sizeof m->path, "%s", path);
    *out = m;
    return GRUNDY_OK;
}

int grundy_store_set_aside(const grundy_store *s, const char *path,
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
    fd = grundy_store_folder_lock(s);
    if (stat(path, &now) == 0 && (now.st_dev != ident->st_dev ||
                                  now.st_ino != ident->st_ino))
        replaced = 1;
    else if (rename(path, bad) == 0)
        warnf(s, path, "%s; moved aside to %s", why, base_name(bad));
    else if (errno != ENOENT)
        warnf(s, path, "%s; cannot move it aside (%s)", why,
              strerror(errno));
    grundy_store_folder_unlock(fd);
    return !replaced;
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
    grundy_store_mapping_unmap(m);
    free(m);
}

grundy_status grundy_store_mapping_read(void *out, grundy_store_mapping *m,
                                        uint64_t offset, size_t n)
{
    const unsigned char *base = m->base;
    const unsigned char *data = base + m->h.data_offset;
    uint64_t bytes = m->h.size * m->h.width, b, last;
    GRUNDY_RETURN_IF(offset > bytes || n > bytes - offset, GRUNDY_ERR_RANGE);
    if (n == 0)
        return GRUNDY_OK;
    if (m->verified) {
        last = (offset + n - 1) / m->h.block_bytes;
        for (b = offset / m->h.block_bytes; b <= last; b++) {
            uint64_t at = b * m->h.block_bytes;
            uint64_t len = bytes - at < m->h.block_bytes ? bytes - at
                                                         : m->h.block_bytes;
            if (m->verified[b])
                continue;
            if (grundy_store_hash(data + at, (size_t)len) !=
                grundy_store_get64(base + STORE_HEADER_BYTES + 8 * b)) {
                grundy_store_warnf(m->store, m->path,
                            "checksum mismatch in block %llu of %llu",
                            (unsigned long long)b,
                            (unsigned long long)m->h.nblocks);
                return GRUNDY_ERR_IO;
            }
            if (block_max(data + at, len, m->h.width) > m->h.max) {
                grundy_store_warnf(m->store, m->path,
                            "a value in block %llu of %llu is above the "
                            "largest the header gives",
                            (unsigned long long)b,
                            (unsigned long long)m->h.nblocks);
                return GRUNDY_ERR_IO;
            }
            m->verified[b] = 1;
        }
    }
    memcpy(out, data + offset, n);
    return GRUNDY_OK;
}

/* Use and size *************************************************************/

void grundy_store_touch(const grundy_store *s, const char *path)
{
    struct timespec ts[2];
    if (!s->writable)
        return;
    ts[0].tv_sec = 0;
    ts[0].tv_nsec = UTIME_NOW;  /* access: now */
    ts[1].tv_sec = 0;
    ts[1].tv_nsec = UTIME_OMIT; /* modification: as it was */
    (void)utimensat(AT_FDCWD, path, ts, 0);
}

int grundy_store_fits_limit(const grundy_store *s, const char *path,
                            const char *what, uint64_t bytes)
{
    if (bytes <= s->size_limit)
        return 1;
    grundy_store_warnf(s, path, "the %s (%llu bytes) is larger than the "
                       "store's limit of %llu bytes: not kept (raise "
                       "--store-limit or GRUNDY_STORE_LIMIT)", what,
                       (unsigned long long)bytes,
                       (unsigned long long)s->size_limit);
    return 0;
}

/* Writing ******************************************************************/

int grundy_store_write_full(int fd, const void *buf, size_t n, off_t off)
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

/* Write the whole file to fd: values first (hashed block by block as they
 * go out, a block possibly spanning chunks), then the block table and the
 * header in front.  0 or errno. */
static int write_file(int fd, grundy_store_header *h,
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
    grundy_ticker_init(&tick, grundy_store_limits(s), "saving", data_bytes);
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
            e = grundy_store_write_full(fd, p, (size_t)n,
                                 (off_t)(h->data_offset + done + (len - left)));
            at += n;
            left -= n;
        }
        grundy_store_put64(front + STORE_HEADER_BYTES + 8 * i,
                    (uint64_t)XXH3_64bits_digest(st));
        done += len;
        (void)grundy_ticker_add(&tick, len, done);
    }
    if (!e) {
        h->table_hash = grundy_store_hash(front + STORE_HEADER_BYTES,
                                   (size_t)h->data_offset -
                                       STORE_HEADER_BYTES);
        grundy_store_header_encode(front, h);
        e = grundy_store_write_full(fd, front, (size_t)h->data_offset, 0);
    }
    (void)grundy_ticker_done(&tick);
    XXH3_freeState(st);
    free(front);
    return e;
}

grundy_status grundy_store_write_atomic(const grundy_store *s, const char *path,
                                 const char *what, grundy_store_header *h,
                                 const grundy_store_chunk *chunks,
                                 size_t nchunks,
                                 int (*keep_if)(const char *path,
                                                const grundy_store_header *h))
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
    lockfd = grundy_store_folder_lock(s);
    keep = !keep_if || !keep_if(path, h);
    e = keep && rename(tmp, path) != 0 ? errno : 0;
    if (!keep || e)
        unlink(tmp);
    if (keep && !e && lockfd >= 0 && fsync(lockfd) != 0 && errno != EINVAL)
        e = errno;
    grundy_store_folder_unlock(lockfd);
    if (e) {
        warnf(s, path, "cannot replace the %s (%s)",
              strcmp(what, "table") == 0 ? "entry" : what, strerror(e));
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

/* The entry's lock; wait = 0: *out is NULL at once when another holds
 * it. */
static grundy_status lock_entry(grundy_store_lock **out, grundy_store *s,
                                const char *spec, int wait)
{
    grundy_store_lock *l;
    grundy_ticker tick;
    uint64_t polls = 0;
    *out = NULL;
    GRUNDY_RETURN_IF(!grundy_store_spec_ok(spec), GRUNDY_ERR_ARG);
    l = malloc(sizeof *l);
    GRUNDY_RETURN_IF(!l, GRUNDY_ERR_NOMEM);
    l->fd = -1;
    l->path[0] = 0;
    if (!s->writable) {
        *out = l;
        return GRUNDY_OK;
    }
    entry_file(l->path, s, spec, ".lock");
    grundy_ticker_init(&tick, grundy_store_limits(s),
                       "waiting for another process", 0);
    for (;;) {
        struct stat a, b;
        int fd = open(l->path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) {
            warnf(s, l->path, "cannot open the lock (%s)", strerror(errno));
            free(l);
            return GRUNDY_ERR_IO;
        }
        while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            grundy_status st;
            if (errno == EINTR)
                continue;
            if (errno != EWOULDBLOCK) {
                warnf(s, l->path, "cannot lock (%s)", strerror(errno));
                close(fd);
                free(l);
                return GRUNDY_ERR_IO;
            }
            if (!wait) {
                /* The file may be one this open just created after its
                 * holder removed it: then it is no one's. */
                close(fd);
                free(l);
                return GRUNDY_OK;
            }
            st = grundy_ticker_tick(&tick, ++polls);
            if (st != GRUNDY_OK) {
                close(fd);
                free(l);
                return st;
            }
            sleep_ms(LOCK_POLL_MS);
        }
        /* The lock file may have been removed while we waited (its
         * holder removes it when it is done). */
        if (fstat(fd, &a) == 0 && stat(l->path, &b) == 0 &&
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

grundy_status grundy_store_lock_entry(grundy_store_lock **out,
                                      grundy_store *s, const char *spec)
{
    return lock_entry(out, s, spec, 1);
}

grundy_status grundy_store_try_lock_entry(grundy_store_lock **out,
                                          grundy_store *s, const char *spec)
{
    return lock_entry(out, s, spec, 0);
}

void grundy_store_unlock(grundy_store_lock *l)
{
    struct stat a, b;
    if (!l)
        return;
    /* Remove the lock file while it is held, when it is still the one in
     * the folder (only its holder removes it, so no other can have taken
     * its place): a waiter on it sees that and opens a new one.  So no
     * lock file outlives its use. */
    if (l->fd >= 0 && fstat(l->fd, &a) == 0 && stat(l->path, &b) == 0 &&
        a.st_dev == b.st_dev && a.st_ino == b.st_ino)
        (void)unlink(l->path);
    if (l->fd >= 0)
        close(l->fd);
    free(l);
}
