/*
 * split.c -- split tables in the store (grundy/store.h): slice files and
 * the manifest that marks a set of slices complete.
 *
 * A slice is a table file of the store's format with flag 8 and the
 * slice fields in the header (format.c), so it is written, mapped and
 * verified by the same code as a table: temporary file, fsync, rename;
 * every block checksummed.  Two things differ.  A slice is saved from
 * several pieces (the tiers a process computed, each mapped from its own
 * file) without copying them together: the writer hashes a block that
 * spans two pieces with XXH3's streaming state.  And a slice may be
 * opened without reading it all: the header and the block table are
 * checked at once, every other block when a read first touches it, so a
 * single value of a table larger than memory costs one block (1 MiB)
 * of hashing.
 *
 * The manifest is a short text file, one field per line, ending with the
 * XXH3-64 of everything before that line:
 *
 *   grundy split table 1
 *   spec rect:4x4
 *   positions 65536
 *   tiers 17
 *   block 4096
 *   slices 2
 *   max 15 32767
 *   slice 0 44298 15 44281 3bab6806da1d7c68
 *   slice 1 21238 11 20971 e8091683a5fcf8ed
 *   xxh3 673e0e00e7ba0c79
 *
 * A slice line holds its index, size, largest value and its first offset,
 * and the header checksum of its file (bytes 504..511 of the file, the
 * XXH3-64 of a header that holds the checksum of the block table, which
 * holds the checksum of every block): a slice file that is not the one
 * the job wrote does not match.  The manifest is written last, so a job
 * that dies leaves no manifest, and slices without one are never read as
 * a table.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grundy/store.h"
#include "grundy/version.h"
#include "store/format.h"
#include "store/store_internal.h"

#define MANIFEST_MAGIC "grundy split table 1"
#define MANIFEST_MAX_BYTES ((size_t)64 << 20)
#define SLICES_MAX (1u << 20)

/* Names ********************************************************************/

size_t grundy_store_slice_path(const grundy_store *s,
                               const grundy_store_slice *sl, char *buf,
                               size_t cap)
{
    char name[STORE_PATH_CAP];
    int n;
    grundy_store_slice_name(name, sizeof name, sl);
    n = snprintf(buf, cap, "%s/%s", s->dir, name);
    return n < 0 ? 0 : (size_t)n;
}

/* DIR/NAME of spec's manifest; s NULL: NAME alone. */
static void manifest_path(char *buf, const grundy_store *s, const char *spec)
{
    char stem[STORE_NAME_MAX], name[STORE_NAME_MAX + 8];
    grundy_store_entry_stem(stem, sizeof stem, spec);
    snprintf(name, sizeof name, "%s.gsplit", stem);
    if (s)
        grundy_store_file_path(buf, s, name);
    else
        snprintf(buf, STORE_PATH_CAP, "%s", name);
}

static int name_ok(const grundy_store_slice *sl)
{
    return grundy_store_spec_ok(sl->spec) && sl->count >= 1 &&
           sl->index < sl->count && sl->tier_lo < sl->tier_hi &&
           sl->tier_hi <= 64;
}

/* Slices *******************************************************************/

static void header_of(grundy_store_header *h, const grundy_store_slice *sl)
{
    memset(h, 0, sizeof *h);
    memcpy(h->spec, sl->spec, strlen(sl->spec) + 1);
    snprintf(h->version, sizeof h->version, "%s", grundy_version());
    h->size = sl->size;
    h->width = 1;
    h->complete = 1;
    h->max = sl->max;
    h->max_at = sl->max_at;
    h->slice = 1;
    h->slice_index = sl->index;
    h->slice_count = sl->count;
    h->tier_lo = sl->tier_lo;
    h->tier_hi = sl->tier_hi;
    h->positions = sl->positions;
    h->split_block = sl->block;
}

static uint64_t header_hash(const grundy_store_header *h)
{
    unsigned char buf[STORE_HEADER_BYTES];
    grundy_store_header_encode(buf, h);
    return grundy_store_get64(buf + STORE_HEADER_BYTES - 8);
}

/* The byte at offset at of the concatenated chunks. */
static int chunk_byte(const grundy_store_chunk *chunks, size_t n,
                      uint64_t at, unsigned *out)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (at < chunks[i].bytes) {
            *out = ((const unsigned char *)chunks[i].data)[at];
            return 1;
        }
        at -= chunks[i].bytes;
    }
    return 0;
}

grundy_status grundy_store_slice_save(grundy_store *s, grundy_store_slice *sl,
                                      const grundy_store_chunk *chunks,
                                      size_t nchunks)
{
    char path[STORE_PATH_CAP], why[128];
    grundy_store_header h;
    uint64_t file_bytes, total = 0;
    unsigned v;
    size_t i;

    GRUNDY_RETURN_IF(!sl || !name_ok(sl), GRUNDY_ERR_ARG);
    for (i = 0; i < nchunks; i++) {
        GRUNDY_RETURN_IF(chunks[i].bytes && !chunks[i].data, GRUNDY_ERR_ARG);
        total += chunks[i].bytes;
    }
    GRUNDY_RETURN_IF(total != sl->size, GRUNDY_ERR_ARG);
    header_of(&h, sl);
    GRUNDY_RETURN_IF(!grundy_store_header_check(&h, why, sizeof why),
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(sl->size && (!chunk_byte(chunks, nchunks, sl->max_at,
                                              &v) ||
                                  v != sl->max),
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(!grundy_store_layout(&h, &file_bytes),
                     GRUNDY_ERR_OVERFLOW);
    grundy_store_slice_path(s, sl, path, sizeof path);
    if (!s->writable) {
        grundy_store_warnf(s, path, "the store is read-only: the slice is not "
                    "kept");
        return GRUNDY_ERR_IO;
    }
    GRUNDY_TRY(grundy_store_write_atomic(s, path, "slice", &h, chunks, nchunks,
                                  NULL));
    sl->header_hash = header_hash(&h);
    return GRUNDY_OK;
}

grundy_status grundy_store_slice_open(grundy_store_mapping **out,
                                      grundy_store *s,
                                      const grundy_store_slice *want,
                                      int verify)
{
    char path[STORE_PATH_CAP], why[512];
    struct stat ident;
    grundy_store_header h;
    grundy_store_mapping *m;
    file_state fs;
    grundy_status st;
    int fd;

    *out = NULL;
    GRUNDY_RETURN_IF(!want || !name_ok(want), GRUNDY_ERR_ARG);
    grundy_store_slice_path(s, want, path, sizeof path);
    fs = grundy_store_open_checked(&fd, &h, &ident, path, want->spec, why,
                            sizeof why);
    if (fs == FILE_MISSING)
        return GRUNDY_OK;
    if (fs == FILE_SOUND &&
        (!h.slice || h.slice_index != want->index ||
         h.slice_count != want->count || h.tier_lo != want->tier_lo ||
         h.tier_hi != want->tier_hi ||
         (want->positions && h.positions != want->positions) ||
         (want->block && h.split_block != want->block))) {
        snprintf(why, sizeof why,
                 "not the slice its name says (slice %u of %u, tiers %u to "
                 "%u, %llu positions, blocks of %llu)",
                 h.slice_index, h.slice_count, h.tier_lo, h.tier_hi,
                 (unsigned long long)h.positions,
                 (unsigned long long)h.split_block);
        close(fd);
        fs = FILE_BAD;
    }
    if (fs != FILE_SOUND) {
        if (fs == FILE_UNREADABLE)
            grundy_store_warnf(s, path, "%s", why);
        else
            (void)grundy_store_set_aside(s, path, &ident, why);
        return GRUNDY_OK;
    }
    m = malloc(sizeof *m);
    if (!m) {
        close(fd);
        return GRUNDY_ERR_NOMEM;
    }
    st = grundy_store_map_checked(m, &fs, fd, &h, s, verify, why, sizeof why);
    close(fd);
    if (st != GRUNDY_OK || fs != FILE_SOUND) {
        grundy_store_mapping_unmap(m);
        free(m);
        if (st == GRUNDY_OK)
            (void)grundy_store_set_aside(s, path, &ident, why);
        return st;
    }
    grundy_store_mapping_describe(m, &h);
    m->is_slice = 1;
    m->slice = *want;
    m->slice.positions = h.positions;
    m->slice.block = h.split_block;
    m->slice.size = h.size;
    m->slice.max = h.max;
    m->slice.max_at = h.max_at;
    m->slice.header_hash = grundy_store_get64((const unsigned char *)m->base +
                                              STORE_HEADER_BYTES - 8);
    snprintf(m->path, sizeof m->path, "%s", path);
    *out = m;
    return GRUNDY_OK;
}

const grundy_store_slice *
grundy_store_mapping_slice(const grundy_store_mapping *m)
{
    return m->is_slice ? &m->slice : NULL;
}

grundy_status grundy_store_slice_remove(grundy_store *s,
                                        const grundy_store_slice *sl)
{
    char path[STORE_PATH_CAP];
    int r;
    GRUNDY_RETURN_IF(!sl || !name_ok(sl), GRUNDY_ERR_ARG);
    grundy_store_slice_path(s, sl, path, sizeof path);
    r = grundy_store_remove_file(s, path, NULL);
    return r > 0 ? GRUNDY_OK : r == 0 ? GRUNDY_ERR_RANGE : GRUNDY_ERR_IO;
}

/* Manifests ****************************************************************/

typedef struct text {
    char *buf;
    size_t len, cap;
    int failed;
} text;

static void text_add(text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void text_add(text *t, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (t->failed)
        return;
    for (;;) {
        va_start(ap, fmt);
        n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = 1;
            return;
        }
        if ((size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        {
            size_t ncap = 2 * t->cap + (size_t)n + 64;
            char *nb = realloc(t->buf, ncap);
            if (!nb) {
                t->failed = 1;
                return;
            }
            t->buf = nb;
            t->cap = ncap;
        }
    }
}

static int write_text(const grundy_store *s, const char *path,
                      const char *buf, size_t len)
{
    char tmp[STORE_PATH_CAP + 16];
    int fd, e, lockfd;
    snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
    fd = mkstemp(tmp);
    if (fd < 0) {
        e = errno;
        grundy_store_warnf(s, path, "cannot create a temporary file (%s): the "
                    "manifest is not kept", strerror(e));
        return e;
    }
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    e = fchmod(fd, 0644) != 0 ? errno : 0;
    if (!e)
        e = grundy_store_write_full(fd, buf, len, 0);
    if (!e && fsync(fd) != 0)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (!e) {
        lockfd = grundy_store_folder_lock(s);
        if (rename(tmp, path) != 0)
            e = errno;
        else if (lockfd >= 0 && fsync(lockfd) != 0 && errno != EINVAL)
            e = errno;
        grundy_store_folder_unlock(lockfd);
    }
    if (e) {
        unlink(tmp);
        grundy_store_warnf(s, path, "cannot write the manifest (%s)",
                           strerror(e));
    }
    return e;
}

grundy_status grundy_store_split_save(grundy_store *s,
                                      const grundy_store_split *m)
{
    char path[STORE_PATH_CAP];
    text t = {NULL, 0, 0, 0};
    uint64_t total = 0;
    unsigned i;
    int e;

    GRUNDY_RETURN_IF(!m || !grundy_store_spec_ok(m->spec) ||
                         strchr(m->spec, '\n') || m->count == 0 ||
                         m->count > SLICES_MAX || m->tiers == 0 ||
                         m->tiers > 64 || m->block == 0 ||
                         (m->block & (m->block - 1)) || !m->slices ||
                         m->max > 0xFF ||
                         (m->positions && m->max_at >= m->positions),
                     GRUNDY_ERR_ARG);
    for (i = 0; i < m->count; i++) {
        GRUNDY_RETURN_IF(m->slices[i].index != i ||
                             (m->slices[i].size
                                  ? m->slices[i].max_at >= m->slices[i].size
                                  : (m->slices[i].max |
                                     m->slices[i].max_at) != 0),
                         GRUNDY_ERR_ARG);
        total += m->slices[i].size;
    }
    GRUNDY_RETURN_IF(total != m->positions, GRUNDY_ERR_ARG);
    manifest_path(path, s, m->spec);
    if (!s->writable) {
        grundy_store_warnf(s, path,
                           "the store is read-only: the manifest is not "
                           "kept");
        return GRUNDY_ERR_IO;
    }
    text_add(&t, "%s\nspec %s\npositions %" PRIu64 "\ntiers %u\nblock %"
             PRIu64 "\nslices %u\nmax %" PRIu64 " %" PRIu64 "\n",
             MANIFEST_MAGIC, m->spec, (uint64_t)m->positions, m->tiers,
             m->block, m->count, (uint64_t)m->max, (uint64_t)m->max_at);
    for (i = 0; i < m->count; i++)
        text_add(&t, "slice %u %" PRIu64 " %" PRIu64 " %" PRIu64
                 " %016" PRIx64 "\n",
                 i, (uint64_t)m->slices[i].size, (uint64_t)m->slices[i].max,
                 (uint64_t)m->slices[i].max_at, m->slices[i].header_hash);
    if (!t.failed)
        text_add(&t, "xxh3 %016" PRIx64 "\n", grundy_store_hash(t.buf, t.len));
    if (t.failed) {
        free(t.buf);
        return GRUNDY_ERR_NOMEM;
    }
    e = write_text(s, path, t.buf, t.len);
    free(t.buf);
    if (!e)
        grundy_store_wrote(s, m->spec);
    return e ? GRUNDY_ERR_IO : GRUNDY_OK;
}

void grundy_store_split_free(grundy_store_split *m)
{
    if (!m)
        return;
    free(m->slices);
    free(m);
}

grundy_status grundy_store_split_open_slice(grundy_store_mapping **out,
                                            grundy_store *s,
                                            const grundy_store_split *m,
                                            unsigned i, int verify)
{
    char path[STORE_PATH_CAP];
    const grundy_store_slice *got;
    *out = NULL;
    GRUNDY_RETURN_IF(!m || i >= m->count, GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_store_slice_open(out, s, &m->slices[i], verify));
    grundy_store_slice_path(s, &m->slices[i], path, sizeof path);
    if (!*out) {
        grundy_store_warnf(s, path, "slice %u of the split table of '%s' is "
                    "missing or damaged", i, m->spec);
        return GRUNDY_OK;
    }
    got = grundy_store_mapping_slice(*out);
    if (got->size != m->slices[i].size ||
        got->header_hash != m->slices[i].header_hash) {
        grundy_store_warnf(s, path, "not the slice the manifest names (another "
                    "run's?): the split table of '%s' is not used",
                    m->spec);
        grundy_store_mapping_free(*out);
        *out = NULL;
    }
    return GRUNDY_OK;
}

/* A decimal or hexadecimal field ended by ' ' or '\n'; *p moves past it. */
static int field_u64(const char **p, const char *end, int hex, uint64_t *out)
{
    const char *q = *p;
    uint64_t v = 0;
    unsigned digits = 0;
    for (; q < end && *q != ' ' && *q != '\n'; q++, digits++) {
        unsigned d;
        if (*q >= '0' && *q <= '9')
            d = (unsigned)(*q - '0');
        else if (hex && *q >= 'a' && *q <= 'f')
            d = (unsigned)(*q - 'a' + 10);
        else
            return 0;
        if (hex ? digits >= 16 : v > (UINT64_MAX - d) / 10)
            return 0;
        v = hex ? v << 4 | d : v * 10 + d;
    }
    if (!digits || (!hex && digits > 1 && **p == '0') ||
        (hex && digits != 16))
        return 0;
    *out = v;
    *p = q;
    return 1;
}

/* "KEY" then n space-separated numbers (the last one hex when last_hex),
 * then '\n'. */
static int line(const char **p, const char *end, const char *key,
                unsigned n, int last_hex, uint64_t *v)
{
    size_t k = strlen(key);
    unsigned i;
    if ((size_t)(end - *p) < k || memcmp(*p, key, k) != 0)
        return 0;
    *p += k;
    for (i = 0; i < n; i++) {
        if (*p >= end || **p != ' ')
            return 0;
        ++*p;
        if (!field_u64(p, end, last_hex && i + 1 == n, &v[i]))
            return 0;
    }
    if (*p >= end || **p != '\n')
        return 0;
    ++*p;
    return 1;
}

/* Parse a manifest of spec; why[] says what is wrong. */
static grundy_status parse_manifest(grundy_store_split **out,
                                    const char *buf, size_t len,
                                    const char *spec, char *why, size_t cap)
{
    const char *p = buf, *end = buf + len, *nl, *sum;
    grundy_store_split *m;
    uint64_t v[5], total = 0;
    unsigned i;

    *out = NULL;
#define BAD(...)                                                              \
    do {                                                                      \
        snprintf(why, cap, __VA_ARGS__);                                      \
        grundy_store_split_free(m);                                           \
        return GRUNDY_OK;                                                     \
    } while (0)
    m = NULL;
    if (len < sizeof MANIFEST_MAGIC ||
        memcmp(buf, MANIFEST_MAGIC "\n", sizeof MANIFEST_MAGIC) != 0)
        BAD("not a grundy manifest");
    /* the checksum line: the last one */
    if (buf[len - 1] != '\n')
        BAD("truncated manifest");
    for (sum = end - 1; sum > buf && sum[-1] != '\n'; sum--)
        ;
    {
        const char *q = sum;
        if (!line(&q, end, "xxh3", 1, 1, v) || q != end)
            BAD("truncated manifest");
        if (v[0] != grundy_store_hash(buf, (size_t)(sum - buf)))
            BAD("manifest checksum mismatch");
    }
    m = calloc(1, sizeof *m);
    if (!m)
        return GRUNDY_ERR_NOMEM;
    p += sizeof MANIFEST_MAGIC;
    if ((size_t)(end - p) < 5 || memcmp(p, "spec ", 5) != 0)
        BAD("damaged manifest (spec)");
    p += 5;
    nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl || nl == p || (size_t)(nl - p) > GRUNDY_STORE_SPEC_MAX)
        BAD("damaged manifest (spec)");
    memcpy(m->spec, p, (size_t)(nl - p));
    m->spec[nl - p] = 0;
    p = nl + 1;
    if (strcmp(m->spec, spec) != 0)
        BAD("a foreign manifest: it names '%s'", m->spec);
    if (!line(&p, sum, "positions", 1, 0, v))
        BAD("damaged manifest (positions)");
    m->positions = v[0];
    if (!line(&p, sum, "tiers", 1, 0, v) || v[0] == 0 || v[0] > 64)
        BAD("damaged manifest (tiers)");
    m->tiers = (unsigned)v[0];
    if (!line(&p, sum, "block", 1, 0, v) || v[0] == 0 ||
        (v[0] & (v[0] - 1)))
        BAD("damaged manifest (block)");
    m->block = v[0];
    if (!line(&p, sum, "slices", 1, 0, v) || v[0] == 0 || v[0] > SLICES_MAX)
        BAD("damaged manifest (slices)");
    m->count = (unsigned)v[0];
    if (!line(&p, sum, "max", 2, 0, v) || v[0] > 0xFF ||
        (m->positions ? v[1] >= m->positions : v[1] != 0))
        BAD("damaged manifest (max)");
    m->max = v[0];
    m->max_at = v[1];
    m->slices = calloc(m->count, sizeof *m->slices);
    if (!m->slices) {
        grundy_store_split_free(m);
        return GRUNDY_ERR_NOMEM;
    }
    for (i = 0; i < m->count; i++) {
        grundy_store_slice *sl = &m->slices[i];
        if (!line(&p, sum, "slice", 5, 1, v) || v[0] != i ||
            v[1] > m->positions || v[2] > 0xFF ||
            (v[1] ? v[3] >= v[1] : (v[2] | v[3]) != 0))
            BAD("damaged manifest (slice %u)", i);
        memcpy(sl->spec, m->spec, sizeof sl->spec);
        sl->index = i;
        sl->count = m->count;
        sl->tier_lo = 0;
        sl->tier_hi = m->tiers;
        sl->positions = m->positions;
        sl->block = m->block;
        sl->size = v[1];
        sl->max = v[2];
        sl->max_at = v[3];
        sl->header_hash = v[4];
        total += v[1];
    }
    if (p != sum)
        BAD("damaged manifest (a line too many)");
    if (total != m->positions)
        BAD("damaged manifest (slices of %llu positions in all, not %llu)",
            (unsigned long long)total, (unsigned long long)m->positions);
#undef BAD
    *out = m;
    return GRUNDY_OK;
}

/* Read and check the manifest at path: of spec, or (spec NULL) of the
 * spec it names, which must be the one its file name says.  *fs says
 * what was found (why[] when it is not sound); *out holds it when
 * sound. */
static grundy_status manifest_read(grundy_store_split **out, file_state *fs,
                                   struct stat *ident, const char *path,
                                   const char *spec, char *why, size_t cap)
{
    char named[GRUNDY_STORE_SPEC_MAX + 1];
    char *buf;
    size_t got = 0;
    grundy_status st;
    int fd;

    *out = NULL;
    *fs = FILE_UNREADABLE;
    why[0] = 0;
    fd = grundy_store_open_read(path);
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            *fs = FILE_MISSING;
        else
            snprintf(why, cap, "cannot open (%s)", strerror(errno));
        return GRUNDY_OK;
    }
    if (fstat(fd, ident) != 0 || !S_ISREG(ident->st_mode) ||
        (uint64_t)ident->st_size > MANIFEST_MAX_BYTES) {
        snprintf(why, cap, "not a manifest (not a regular file, or too "
                 "long)");
        close(fd);
        return GRUNDY_OK;
    }
    buf = malloc((size_t)ident->st_size + 1);
    if (!buf) {
        close(fd);
        return GRUNDY_ERR_NOMEM;
    }
    while (got < (size_t)ident->st_size) {
        ssize_t r = pread(fd, buf + got, (size_t)ident->st_size - got,
                          (off_t)got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    if (got != (size_t)ident->st_size) {
        snprintf(why, cap, "cannot read the manifest");
        free(buf);
        return GRUNDY_OK;
    }
    buf[got] = 0;
    if (!spec) {
        /* the spec line, checked again by the parser */
        const char *p = buf + sizeof MANIFEST_MAGIC, *nl;
        named[0] = 0;
        if (got > sizeof MANIFEST_MAGIC + 5 &&
            memcmp(p, "spec ", 5) == 0 &&
            (nl = memchr(p + 5, '\n', got - sizeof MANIFEST_MAGIC - 5)) &&
            (size_t)(nl - p - 5) <= GRUNDY_STORE_SPEC_MAX) {
            memcpy(named, p + 5, (size_t)(nl - p - 5));
            named[nl - p - 5] = 0;
        }
        spec = named;
    }
    st = parse_manifest(out, buf, got, spec, why, cap);
    free(buf);
    if (st != GRUNDY_OK)
        return st;
    *fs = *out ? FILE_SOUND : FILE_BAD;
    if (*out && spec == named) {
        char want[STORE_PATH_CAP];
        manifest_path(want, NULL, spec);
        if (strcmp(grundy_store_base_name(want),
                   grundy_store_base_name(path)) != 0) {
            snprintf(why, cap, "a foreign manifest: it holds the split "
                     "table of '%.200s', whose manifest is %s",
                     spec, grundy_store_base_name(want));
            grundy_store_split_free(*out);
            *out = NULL;
            *fs = FILE_BAD;
        }
    }
    return GRUNDY_OK;
}

grundy_status grundy_store_split_load(grundy_store_split **out,
                                      grundy_store *s, const char *spec)
{
    char path[STORE_PATH_CAP], why[512];
    struct stat ident;
    file_state fs;

    *out = NULL;
    GRUNDY_RETURN_IF(!grundy_store_spec_ok(spec), GRUNDY_ERR_ARG);
    manifest_path(path, s, spec);
    GRUNDY_TRY(manifest_read(out, &fs, &ident, path, spec, why, sizeof why));
    if (fs == FILE_UNREADABLE)
        grundy_store_warnf(s, path, "%s", why);
    else if (fs == FILE_BAD)
        (void)grundy_store_set_aside(s, path, &ident, why);
    else if (fs == FILE_SOUND)
        grundy_store_touch(s, path);
    return GRUNDY_OK;
}

/* Listing and verifying (entry.c) ******************************************/

size_t grundy_store_manifest_path(char *buf, const grundy_store *s,
                                  const char *spec)
{
    manifest_path(buf, s, spec);
    return strlen(buf);
}

grundy_status grundy_store_split_info(grundy_store_info *info,
                                      const grundy_store *s, const char *path)
{
    grundy_store_split *m = NULL;
    struct stat ident;
    char why[512];
    file_state fs;
    unsigned i;
    memset(info, 0, sizeof *info);
    snprintf(info->path, sizeof info->path, "%s", path);
    GRUNDY_TRY(manifest_read(&m, &fs, &ident, path, NULL, why, sizeof why));
    if (fs != FILE_SOUND) {
        if (stat(path, &ident) == 0)
            info->file_bytes = (uint64_t)ident.st_size;
        return GRUNDY_OK;
    }
    info->readable = 1;
    info->split = 1;
    info->slices = m->count;
    memcpy(info->spec, m->spec, sizeof info->spec);
    info->size = m->positions;
    info->width = 1;
    info->max = m->max;
    info->complete = 1;
    snprintf(info->version, sizeof info->version, "%s", "");
    info->file_bytes = (uint64_t)ident.st_size;
    for (i = 0; i < m->count; i++) {
        char sp[STORE_PATH_CAP];
        struct stat st;
        grundy_store_slice_path(s, &m->slices[i], sp, sizeof sp);
        if (stat(sp, &st) == 0) {
            info->file_bytes += (uint64_t)st.st_size;
            if (!info->version[0]) { /* the first slice's writer */
                grundy_store_header h;
                int fd;
                if (grundy_store_open_checked(&fd, &h, &st, sp, m->spec, why,
                                              sizeof why) == FILE_SOUND) {
                    memcpy(info->version, h.version, sizeof info->version);
                    close(fd);
                }
            }
        }
    }
    grundy_store_split_free(m);
    return GRUNDY_OK;
}

grundy_status grundy_store_split_verify_path(int *ok, char *why, size_t cap,
                                             const grundy_store *s,
                                             const char *path,
                                             const char *spec)
{
    grundy_store_split *m = NULL;
    struct stat ident;
    file_state fs;
    unsigned i;
    *ok = 0;
    GRUNDY_TRY(manifest_read(&m, &fs, &ident, path, spec, why, cap));
    if (fs == FILE_MISSING)
        return GRUNDY_ERR_RANGE;
    if (fs != FILE_SOUND)
        return GRUNDY_OK;
    for (i = 0; i < m->count; i++) {
        const grundy_store_slice *sl = &m->slices[i];
        char sp[STORE_PATH_CAP], sub[512];
        grundy_store_header h;
        grundy_store_mapping map;
        grundy_status st;
        int fd;
        grundy_store_slice_path(s, sl, sp, sizeof sp);
        fs = grundy_store_open_checked(&fd, &h, &ident, sp, m->spec, sub,
                                       sizeof sub);
        if (fs == FILE_MISSING) {
            snprintf(why, cap, "slice %u of %u is missing (%s)", i, m->count,
                     grundy_store_base_name(sp));
            break;
        }
        if (fs != FILE_SOUND) {
            snprintf(why, cap, "slice %u of %u (%s): %s", i, m->count,
                     grundy_store_base_name(sp), sub);
            break;
        }
        if (!h.slice || h.slice_index != i || h.slice_count != m->count ||
            h.tier_lo != 0 || h.tier_hi != m->tiers ||
            h.positions != m->positions || h.split_block != m->block ||
            h.size != sl->size || header_hash(&h) != sl->header_hash) {
            close(fd);
            snprintf(why, cap, "slice %u of %u (%s) is not the slice the "
                     "manifest names", i, m->count,
                     grundy_store_base_name(sp));
            break;
        }
        st = grundy_store_map_checked(&map, &fs, fd, &h, s, 1, sub,
                                      sizeof sub);
        close(fd);
        grundy_store_mapping_unmap(&map);
        if (st != GRUNDY_OK) {
            grundy_store_split_free(m);
            return st;
        }
        if (fs != FILE_SOUND) {
            snprintf(why, cap, "slice %u of %u (%s): %s", i, m->count,
                     grundy_store_base_name(sp), sub);
            break;
        }
    }
    *ok = i == m->count;
    if (*ok)
        why[0] = 0;
    grundy_store_split_free(m);
    return GRUNDY_OK;
}
