/*
 * grow.c -- tables grown in place (grundy/store.h).
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
 * lock, when it wins, as a save does).
 */
#define _GNU_SOURCE /* sync_file_range */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "grundy/store.h"
#include "grundy/version.h"
#include "store/format.h"
#include "store/store_internal.h"

#define PATH_CAP STORE_PATH_CAP

#define warnf grundy_store_warnf
#define read_full grundy_store_read_full
#define entry_file grundy_store_entry_file

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
    grundy_store_header h;       /* the finished file's layout (cap entries) */
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

uint64_t grundy_store_grow_dropped(void)
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
        g->hashes[g->nhashed++] = grundy_store_hash(data + off, (size_t)len);
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
    grundy_store_put64(buf + 8, g->width);
    grundy_store_put64(buf + 16, g->cap);
    grundy_store_put64(buf + 24, g->size);
    grundy_store_put64(buf + 32, g->max);
    grundy_store_put64(buf + 40, g->max_at);
    grundy_store_put64(buf + 48, g->nhashed);
    memcpy(buf + 56, g->spec, strlen(g->spec));
    for (i = 0; i < g->nhashed; i++)
        grundy_store_put64(buf + GROW_FIXED + 8 * i, g->hashes[i]);
    grundy_store_put64(buf + n - 8, grundy_store_hash(buf, n - 8));
    snprintf(tmp, sizeof tmp, "%s-XXXXXX", g->state);
    fd = mkstemp(tmp);
    if (fd < 0) {
        free(buf);
        return errno;
    }
    e = grundy_store_write_full(fd, buf, n, 0);
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
        grundy_store_get64(fixed + 8) != g->width ||
        strncmp((const char *)fixed + 56, g->spec, 256) != 0) {
        close(fd);
        return 0;
    }
    nh = grundy_store_get64(fixed + 48);
    if (nh > g->h.nblocks) {
        close(fd);
        return 0;
    }
    n = GROW_FIXED + 8 * (size_t)nh + 8;
    buf = malloc(n);
    if (buf && !read_full(fd, buf, n, 0, &got) && got == n &&
        grundy_store_get64(buf + n - 8) == grundy_store_hash(buf, n - 8)) {
        *old_cap = grundy_store_get64(buf + 16);
        g->size = grundy_store_get64(buf + 24);
        g->max = grundy_store_get64(buf + 32);
        g->max_at = grundy_store_get64(buf + 40);
        g->nhashed = nh;
        ok = g->size <= *old_cap &&
             nh == (uint64_t)g->size * g->width / STORE_BLOCK_BYTES;
        for (i = 0; ok && i < nh; i++)
            g->hashes[i] = grundy_store_get64(buf + GROW_FIXED + 8 * i);
    }
    free(buf);
    close(fd);
    return ok;
}

/* Move the values of a file laid out for old_cap entries to the data
 * offset of cap entries (the block table's length differs). */
static int grow_relocate(grundy_store_grow *g, grundy_pos old_cap)
{
    grundy_store_header oh;
    uint64_t ofile, bytes = (uint64_t)g->size * g->width, done = 0;
    unsigned char *buf;
    int e = 0;
    memset(&oh, 0, sizeof oh);
    oh.size = old_cap;
    oh.width = g->width;
    if (!grundy_store_layout(&oh, &ofile))
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
            e = grundy_store_write_full(g->fd, buf, (size_t)len,
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
    GRUNDY_RETURN_IF(!grundy_store_spec_ok(spec) ||
                         (width != 1 && width != 2 && width != 4) || !cap,
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(!s->writable, GRUNDY_ERR_IO);
    GRUNDY_TRY(GRUNDY_NEW(g));
    g->s = s;
    g->fd = -1;
    g->width = width;
    g->cap = cap;
    memcpy(g->spec, spec, strlen(spec) + 1);
    memcpy(g->h.spec, spec, strlen(spec) + 1);
    g->h.size = cap;
    g->h.width = width;
    if (!grundy_store_layout(&g->h, &file_bytes) || file_bytes > SIZE_MAX) {
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
            resumed = grundy_store_hash(g->base + g->h.data_offset + i * b,
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
    if (!e) {
        grundy_store_note_saved(g->s, g->spec, size, 0);
        return GRUNDY_OK;
    }
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
    int e = 0, lockfd, keep = 0;
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
    GRUNDY_RETURN_IF(!grundy_store_header_check(&g->h, why, sizeof why),
                     GRUNDY_ERR_ARG);
    memset(front, 0, (size_t)g->h.data_offset);
    for (uint64_t i = 0; i < g->h.nblocks; i++)
        grundy_store_put64(front + STORE_HEADER_BYTES + 8 * i, g->hashes[i]);
    g->h.table_hash = grundy_store_hash(front + STORE_HEADER_BYTES,
                                 (size_t)g->h.data_offset -
                                     STORE_HEADER_BYTES);
    grundy_store_header_encode(front, &g->h);
    if (msync(g->base, g->len, MS_SYNC) != 0 || fsync(g->fd) != 0)
        e = errno;
    entry_file(entry, g->s, g->spec, "");
    if (!e) {
        lockfd = grundy_store_folder_lock(g->s);
        keep = !grundy_store_entry_at_least(entry, &g->h);
        e = keep && rename(g->path, entry) != 0 ? errno : 0;
        if (!keep)
            unlink(g->path);
        if (keep && !e && lockfd >= 0 && fsync(lockfd) != 0 &&
            errno != EINVAL)
            e = errno;
        grundy_store_folder_unlock(lockfd);
    }
    if (e) {
        warnf(g->s, entry, "cannot finish the table (%s)", strerror(e));
        return GRUNDY_ERR_IO;
    }
    unlink(g->state);
    g->finished = 1;
    grundy_store_note_saved(g->s, g->spec, g->cap, 1);
    if (keep)
        grundy_store_wrote(g->s, g->spec);
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
