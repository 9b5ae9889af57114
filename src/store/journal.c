/*
 * journal.c -- records appended to a file of the store that lasts across
 * runs (grundy/experimental.h: grundy_store_journal_*): what a long board
 * search learnt of its big parts, so that a run stopped by Ctrl-C, kill -9
 * or the end of a day goes on from there.
 *
 * The file j-HASH.gjnl (HASH: the XXH3 of the journal's name, which the
 * tag holds in full) is a header of 64 bytes (the magic "GRUNDYJ1", the
 * record size, the length of the tag, the tag's XXH3 and the header's own
 * XXH3), the tag itself (what the records mean: a spec, a width, a format;
 * compared byte for byte), then records of a fixed size, each followed by
 * the XXH3 of its bytes.  Nothing in it is trusted: a header that does
 * not check or says something else is set aside and a new journal begun;
 * the records are read in order up to the first whose checksum fails (a
 * write that kill -9 cut short), and the file is cut there before
 * anything is appended.  Appends are buffered and written whole, and
 * grundy_store_journal_sync() makes them durable (fdatasync).  A journal
 * is locked by its process (an advisory lock on the file): a second
 * process opening it is refused with GRUNDY_ERR_IO, and goes on without.
 *
 * From outside (grundy store list, verify, remove), a journal is read
 * from its header alone, whatever its tag (the spec and width come from
 * the tag's lines "spec S" and "width W"), and held with flock while it
 * is removed, so that a journal a search holds stays.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include "core/alloc.h"
#include "core/threads.h"
#include "store/store_internal.h"

#define J_MAGIC "GRUNDYJ1"
#define J_HEADER 64
#define J_BUF ((size_t)1 << 16)
#define J_MAX_TAG 4096
#define J_MAX_REC 1024

struct grundy_store_journal {
    int fd;
    size_t rec_size;  /* the caller's record, without its checksum */
    off_t end;        /* where the next record goes */
    uint64_t records; /* held in the file (read and added) */
    pthread_mutex_t mu;
    unsigned char *buf; /* records waiting to be written */
    size_t nbuf;
    grundy_status err; /* the first write that failed */
    grundy_store *store;
    char path[STORE_PATH_CAP];
};

static void put64(unsigned char *p, uint64_t v)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void make_header(unsigned char *h, const char *tag, size_t rec_size)
{
    memset(h, 0, J_HEADER);
    memcpy(h, J_MAGIC, 8);
    put64(h + 8, rec_size);
    put64(h + 16, strlen(tag));
    put64(h + 24, XXH3_64bits(tag, strlen(tag)));
    put64(h + 56, XXH3_64bits(h, 56));
}

/* A new journal: header and tag written and made durable. */
static int start_file(int fd, const char *tag, size_t rec_size)
{
    unsigned char h[J_HEADER];
    int e;
    make_header(h, tag, rec_size);
    if (ftruncate(fd, 0) != 0)
        return errno;
    if ((e = grundy_store_write_full(fd, h, J_HEADER, 0)) != 0 ||
        (e = grundy_store_write_full(fd, tag, strlen(tag), J_HEADER)) != 0)
        return e;
    return fdatasync(fd) == 0 ? 0 : errno;
}

/* 1 when the file starts with this journal's header and tag. */
static int header_matches(int fd, const char *tag, size_t rec_size)
{
    unsigned char want[J_HEADER], got[J_HEADER];
    char t[J_MAX_TAG];
    size_t n = 0, len = strlen(tag);
    make_header(want, tag, rec_size);
    if (grundy_store_read_full(fd, got, J_HEADER, 0, &n) != 0 ||
        n != J_HEADER || memcmp(got, want, J_HEADER) != 0)
        return 0;
    if (grundy_store_read_full(fd, t, len, J_HEADER, &n) != 0 || n != len)
        return 0;
    return memcmp(t, tag, len) == 0;
}

/* Hand each sound record to each(); *end: where the sound ones end. */
static grundy_status read_records(grundy_store_journal *j, off_t start,
                                  void (*each)(void *, const void *),
                                  void *ctx)
{
    size_t step = j->rec_size + 8, n = 0, chunk = (J_BUF / step) * step;
    unsigned char *b = malloc(chunk);
    off_t at = start;
    GRUNDY_RETURN_IF(!b, GRUNDY_ERR_NOMEM);
    j->end = start;
    for (;;) {
        size_t k;
        if (grundy_store_read_full(j->fd, b, chunk, at, &n) != 0) {
            free(b);
            return GRUNDY_ERR_IO;
        }
        for (k = 0; k + step <= n; k += step) {
            if (XXH3_64bits(b + k, j->rec_size) != get64(b + k + j->rec_size)) {
                free(b);
                return GRUNDY_OK; /* a torn or damaged tail: cut here */
            }
            if (each)
                each(ctx, b + k);
            j->records++;
            j->end += (off_t)step;
        }
        if (n < chunk) {
            free(b);
            return GRUNDY_OK;
        }
        at += (off_t)n;
    }
}

grundy_status grundy_store_journal_open(grundy_store_journal **out,
                                        grundy_store *s, const char *name,
                                        const char *tag, size_t rec_size,
                                        void (*each)(void *ctx,
                                                     const void *rec),
                                        void *ctx)
{
    grundy_store_journal *j;
    struct stat st;
    grundy_status status;
    *out = NULL;
    GRUNDY_RETURN_IF(!s || !name || !tag || !rec_size ||
                         rec_size > J_MAX_REC || strlen(tag) >= J_MAX_TAG,
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(!s->writable, GRUNDY_ERR_IO);
    GRUNDY_TRY(GRUNDY_NEW(j));
    j->rec_size = rec_size;
    j->fd = -1;
    j->store = s;
    {
        /* the name, whatever its bytes, as a file name; the tag, which
         * holds the name, tells two names of one file apart */
        char file[64];
        snprintf(file, sizeof file, "j-%016llx.gjnl",
                 (unsigned long long)XXH3_64bits(name, strlen(name)));
        grundy_store_file_path(j->path, s, file);
    }
    j->fd = open(j->path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (j->fd < 0 || flock(j->fd, LOCK_EX | LOCK_NB) != 0 ||
        fstat(j->fd, &st) != 0) {
        if (j->fd >= 0)
            close(j->fd);
        free(j);
        return GRUNDY_ERR_IO;
    }
    if (st.st_size > 0 && !header_matches(j->fd, tag, rec_size)) {
        /* another program's, another width's or a damaged one */
        grundy_store_set_aside(s, j->path, &st,
                               "not a journal of this search (another "
                               "format, width or game, or damaged)");
        close(j->fd);
        j->fd = open(j->path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (j->fd < 0 || flock(j->fd, LOCK_EX | LOCK_NB) != 0) {
            if (j->fd >= 0)
                close(j->fd);
            free(j);
            return GRUNDY_ERR_IO;
        }
        st.st_size = 0;
    }
    if (st.st_size == 0 && start_file(j->fd, tag, rec_size) != 0) {
        close(j->fd);
        free(j);
        return GRUNDY_ERR_IO;
    }
    status = read_records(j, (off_t)(J_HEADER + strlen(tag)), each, ctx);
    if (status == GRUNDY_OK && ftruncate(j->fd, j->end) != 0)
        status = GRUNDY_ERR_IO;
    j->buf = malloc(J_BUF + rec_size + 8);
    if (status == GRUNDY_OK && !j->buf)
        status = GRUNDY_ERR_NOMEM;
    if (status != GRUNDY_OK) {
        close(j->fd);
        free(j->buf);
        free(j);
        return status;
    }
    pthread_mutex_init(&j->mu, NULL);
    *out = j;
    return GRUNDY_OK;
}

static grundy_status flush_locked(grundy_store_journal *j)
{
    if (j->nbuf && !j->err) {
        int e = grundy_store_write_full(j->fd, j->buf, j->nbuf, j->end);
        if (e)
            j->err = GRUNDY_ERR_IO;
        else
            j->end += (off_t)j->nbuf;
    }
    j->nbuf = 0;
    return j->err;
}

grundy_status grundy_store_journal_add(grundy_store_journal *j,
                                       const void *rec)
{
    grundy_status s = GRUNDY_OK;
    pthread_mutex_lock(&j->mu);
    memcpy(j->buf + j->nbuf, rec, j->rec_size);
    put64(j->buf + j->nbuf + j->rec_size, XXH3_64bits(rec, j->rec_size));
    j->nbuf += j->rec_size + 8;
    j->records++;
    if (j->nbuf + j->rec_size + 8 > J_BUF)
        s = flush_locked(j);
    pthread_mutex_unlock(&j->mu);
    return s;
}

grundy_status grundy_store_journal_sync(grundy_store_journal *j)
{
    grundy_status s;
    pthread_mutex_lock(&j->mu);
    s = flush_locked(j);
    if (s == GRUNDY_OK && fdatasync(j->fd) != 0)
        s = j->err = GRUNDY_ERR_IO;
    if (s == GRUNDY_OK)
        grundy_store_note_journal(j->store, j->records);
    pthread_mutex_unlock(&j->mu);
    return s;
}

uint64_t grundy_store_journal_records(grundy_store_journal *j)
{
    return grundy_locked_u64(&j->mu, &j->records);
}

grundy_status grundy_store_journal_close(grundy_store_journal *j)
{
    grundy_status s;
    if (!j)
        return GRUNDY_OK;
    s = grundy_store_journal_sync(j);
    close(j->fd); /* releases the lock */
    pthread_mutex_destroy(&j->mu);
    free(j->buf);
    free(j);
    return s;
}

/* Journals seen from outside: list, verify, remove ************************/

/* The header of the file fd checked on its own (magic, its checksum, the
 * sizes, the tag's checksum); the tag into tag (NUL-terminated).  1 when
 * sound. */
static int header_sound(int fd, char *tag, size_t *rec_size, size_t *taglen)
{
    unsigned char h[J_HEADER];
    size_t n = 0;
    uint64_t rs, tl;
    if (grundy_store_read_full(fd, h, J_HEADER, 0, &n) != 0 ||
        n != J_HEADER || memcmp(h, J_MAGIC, 8) != 0 ||
        XXH3_64bits(h, 56) != get64(h + 56))
        return 0;
    rs = get64(h + 8);
    tl = get64(h + 16);
    if (rs == 0 || rs > J_MAX_REC || tl >= J_MAX_TAG)
        return 0;
    if (grundy_store_read_full(fd, tag, (size_t)tl, J_HEADER, &n) != 0 ||
        n != tl || XXH3_64bits(tag, (size_t)tl) != get64(h + 24))
        return 0;
    tag[tl] = '\0';
    *rec_size = (size_t)rs;
    *taglen = (size_t)tl;
    return 1;
}

/* The rest of the tag's line "KEY VALUE" into out ("" when none). */
static void tag_field(const char *tag, const char *key, char *out,
                      size_t cap)
{
    size_t k = strlen(key);
    const char *line = tag;
    out[0] = '\0';
    while (line && *line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len > k && strncmp(line, key, k) == 0 && line[k] == ' ') {
            size_t m = len - k - 1 < cap - 1 ? len - k - 1 : cap - 1;
            memcpy(out, line + k + 1, m);
            out[m] = '\0';
            return;
        }
        line = end ? end + 1 : NULL;
    }
}

static int is_journal_name(const char *name)
{
    size_t k = strlen(name);
    return k >= 5 && strcmp(name + k - 5, ".gjnl") == 0;
}

static void describe(grundy_store_journal_info *e, const grundy_store *s,
                     const char *name, uint64_t bytes)
{
    char *tag = malloc(J_MAX_TAG), width[16];
    size_t taglen = 0;
    int fd;
    memset(e, 0, sizeof *e);
    grundy_store_file_path(e->path, s, name);
    e->file_bytes = bytes;
    fd = open(e->path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || !tag) {
        free(tag);
        if (fd >= 0)
            close(fd);
        return;
    }
    e->in_use = flock(fd, LOCK_SH | LOCK_NB) != 0;
    if (header_sound(fd, tag, &e->rec_size, &taglen)) {
        e->readable = 1;
        tag_field(tag, "spec", e->spec, sizeof e->spec);
        tag_field(tag, "width", width, sizeof width);
        e->width = (unsigned)strtoul(width, NULL, 10);
        if (bytes > J_HEADER + taglen)
            e->records = (bytes - J_HEADER - taglen) / (e->rec_size + 8);
    }
    free(tag);
    close(fd); /* releases the lock */
}

static int journal_before(const void *x, const void *y)
{
    const grundy_store_journal_info *a = x, *b = y;
    int c;
    if (a->readable != b->readable)
        return a->readable ? -1 : 1;
    if (!a->readable)
        return strcmp(a->path, b->path);
    if ((c = strcmp(a->spec, b->spec)) != 0)
        return c;
    if (a->width != b->width)
        return a->width < b->width ? -1 : 1;
    return strcmp(a->path, b->path);
}

grundy_status grundy_store_journals(grundy_store_journal_info **out,
                                    size_t *count, grundy_store *s)
{
    grundy_store_files files;
    grundy_store_journal_info *info = NULL;
    size_t i, n = 0;
    *out = NULL;
    *count = 0;
    GRUNDY_TRY(grundy_store_files_read(&files, s));
    for (i = 0; i < files.n; i++)
        n += is_journal_name(files.file[i].name);
    if (n && !(info = calloc(n, sizeof *info))) {
        grundy_store_files_free(&files);
        return GRUNDY_ERR_NOMEM;
    }
    for (i = 0, n = 0; i < files.n; i++)
        if (is_journal_name(files.file[i].name))
            describe(&info[n++], s, files.file[i].name, files.file[i].bytes);
    grundy_store_files_free(&files);
    if (n)
        qsort(info, n, sizeof *info, journal_before);
    *out = info;
    *count = n;
    return GRUNDY_OK;
}

grundy_status grundy_store_journal_verify(int *ok, uint64_t *sound,
                                         char *why, size_t cap,
                                         grundy_store *s, const char *path)
{
    char *tag;
    unsigned char *b;
    size_t rec_size = 0, taglen = 0, step, chunk, n = 0, k;
    uint64_t good = 0, whole;
    struct stat st;
    off_t at;
    int fd;
    (void)s;
    *ok = 0;
    if (sound)
        *sound = 0;
    if (why && cap)
        why[0] = '\0';
    fd = open(path, O_RDONLY | O_CLOEXEC);
    GRUNDY_RETURN_IF(fd < 0, GRUNDY_ERR_IO);
    tag = malloc(J_MAX_TAG);
    if (!tag || fstat(fd, &st) != 0) {
        free(tag);
        close(fd);
        return tag ? GRUNDY_ERR_IO : GRUNDY_ERR_NOMEM;
    }
    if (!header_sound(fd, tag, &rec_size, &taglen)) {
        free(tag);
        close(fd);
        if (why && cap)
            snprintf(why, cap, "not a journal of grundy, or its header is "
                               "damaged (a run sets it aside and begins "
                               "anew)");
        return GRUNDY_OK;
    }
    free(tag);
    step = rec_size + 8;
    at = (off_t)(J_HEADER + taglen);
    whole = st.st_size > at ? (uint64_t)(st.st_size - at) / step : 0;
    chunk = (J_BUF / step) * step;
    b = malloc(chunk);
    if (!b) {
        close(fd);
        return GRUNDY_ERR_NOMEM;
    }
    for (;;) {
        if (grundy_store_read_full(fd, b, chunk, at, &n) != 0) {
            free(b);
            close(fd);
            return GRUNDY_ERR_IO;
        }
        for (k = 0; k + step <= n; k += step, good++)
            if (XXH3_64bits(b + k, rec_size) != get64(b + k + rec_size))
                goto fails;
        if (n < chunk)
            break;
        at += (off_t)n;
    }
    free(b);
    close(fd);
    *ok = 1;
    if (sound)
        *sound = good;
    return GRUNDY_OK;
fails:
    free(b);
    close(fd);
    if (sound)
        *sound = good;
    if (why && cap)
        snprintf(why, cap,
                 "record %llu of %llu fails its checksum: a run reads the "
                 "%llu before it and drops the rest",
                 (unsigned long long)good + 1, (unsigned long long)whole,
                 (unsigned long long)good);
    return GRUNDY_OK;
}

grundy_status grundy_store_remove_journals(grundy_store *s, const char *spec,
                                          int exact, size_t *removed,
                                          size_t *busy)
{
    grundy_store_journal_info *info;
    grundy_status worst = GRUNDY_OK;
    size_t n, i;
    if (removed)
        *removed = 0;
    if (busy)
        *busy = 0;
    GRUNDY_TRY(grundy_store_journals(&info, &n, s));
    for (i = 0; i < n; i++) {
        const grundy_store_journal_info *e = &info[i];
        int fd, r;
        if (!e->readable || (exact ? strcmp(spec, e->spec) != 0
                                   : fnmatch(spec, e->spec, 0) != 0))
            continue;
        /* held while it goes: a search that opens it meanwhile finds it
         * held and goes on without a journal, as with any held one */
        fd = open(e->path, O_RDONLY | O_CLOEXEC);
        if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) != 0) {
            if (fd >= 0)
                close(fd);
            if (busy)
                ++*busy;
            continue;
        }
        r = grundy_store_remove_file(s, e->path, NULL);
        close(fd);
        if (r < 0)
            worst = GRUNDY_ERR_IO;
        else if (r == 1 && removed)
            ++*removed;
    }
    free(info);
    return worst;
}
