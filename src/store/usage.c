/*
 * usage.c -- the store's size (grundy/store.h): the bytes its files take,
 * a cap on them with least-recently-used eviction, and clearing.
 *
 * A use of a table is its load: the file's access time is then set to
 * now explicitly (utimensat), so the order holds on any mount (relatime,
 * noatime).  An entry's last use is the later of its file's access and
 * modification times.  After each save the store adds up its files, and
 * while they pass the limit it removes whole entries, least recently
 * used first: a table with its .bad and temporary files, a split table
 * with its slices.  An entry whose lock another holds (it is being
 * computed or removed) is skipped, and so is the entry just saved.
 *
 * Trimming reads the folder once (folder.c): the bytes, the entries, and
 * a snapshot in which each victim's files are found by binary search;
 * the bytes then go down by what each removal freed, so trimming n
 * entries costs O(n log n), not a walk per entry.
 *
 * This file is the store's top layer: it opens the store with this
 * policy as its after_save hook, which every save calls last
 * (grundy_store_wrote()), and it calls entry.c (the list, removal); no
 * file below calls into it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grundy/store.h"
#include "store/format.h"
#include "store/store_internal.h"

#define PATH_CAP STORE_PATH_CAP

uint64_t grundy_store_size_limit(const grundy_store *s)
{
    return s->size_limit;
}

grundy_status grundy_store_parse_limit(const char *text, uint64_t *out)
{
    uint64_t v = 0;
    unsigned shift = 0;
    size_t n, i;
    GRUNDY_RETURN_IF(!text || !text[0], GRUNDY_ERR_ARG);
    if (strcmp(text, "none") == 0) {
        *out = UINT64_MAX;
        return GRUNDY_OK;
    }
    n = strlen(text);
    if (n > 1 && (text[n - 1] == 'B' || text[n - 1] == 'b'))
        n--; /* "4GB", "4GiB" */
    if (n > 2 && text[n - 1] == 'i' && strchr("KkMmGgTt", text[n - 2]))
        n--;
    if (n > 1 && strchr("KkMmGgTt", text[n - 1])) {
        static const char sfx[] = "KMGT";
        char c = text[n - 1];
        shift = 10u * (unsigned)(strchr(sfx, c >= 'a' ? c - 32 : c) - sfx + 1);
        n--;
    }
    for (i = 0; i < n; i++) {
        unsigned d = (unsigned)(text[i] - '0');
        GRUNDY_RETURN_IF(text[i] < '0' || text[i] > '9', GRUNDY_ERR_ARG);
        GRUNDY_RETURN_IF(v > (UINT64_MAX - d) / 10, GRUNDY_ERR_ARG);
        v = v * 10 + d;
    }
    GRUNDY_RETURN_IF(v == 0 || v > (UINT64_MAX - 1) >> shift,
                     GRUNDY_ERR_ARG);
    *out = v << shift;
    return GRUNDY_OK;
}

static grundy_status add_bytes(void *ctx, const char *name, const char *path,
                               const struct stat *st)
{
    (void)name;
    (void)path;
    *(uint64_t *)ctx += (uint64_t)st->st_size;
    return GRUNDY_OK;
}

grundy_status grundy_store_usage(uint64_t *bytes, grundy_store *s)
{
    *bytes = 0;
    return grundy_store_walk(s, add_bytes, bytes);
}

/* The last use of the file at path: 0 when it is gone. */
static int64_t last_use(const char *path)
{
    struct stat st;
    int64_t a, m;
    if (stat(path, &st) != 0)
        return 0;
    a = (int64_t)st.st_atim.tv_sec * 1000000000 + st.st_atim.tv_nsec;
    m = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    return a > m ? a : m;
}

typedef struct victim {
    int64_t used;
    size_t i; /* in the list */
} victim;

static int victim_cmp(const void *pa, const void *pb)
{
    const victim *a = pa, *b = pb;
    if (a->used != b->used)
        return a->used < b->used ? -1 : 1;
    return a->i < b->i ? -1 : a->i > b->i;
}

/* Remove the entry of info (damaged: its file alone) unless its lock is
 * held, its files found in files (NULL: by a walk); *freed grows by the
 * bytes removed.  1 when something was removed. */
static int evict(grundy_store *s, const grundy_store_info *info,
                 const grundy_store_files *files, uint64_t *freed)
{
    grundy_store_lock *l = NULL;
    if (!info->readable)
        return grundy_store_remove_file(s, info->path, freed) > 0;
    if (grundy_store_try_lock_entry(&l, s, info->spec) != GRUNDY_OK || !l)
        return 0;
    return grundy_store_remove_locked(s, info->spec, l, files, freed) ==
           GRUNDY_OK;
}

grundy_status grundy_store_trim(grundy_store *s, uint64_t limit,
                                const char *keep, uint64_t *removed)
{
    grundy_store_files files;
    grundy_store_info *info = NULL;
    victim *order = NULL;
    size_t n = 0, i;
    uint64_t bytes, freed = 0;
    grundy_status st;
    if (removed)
        *removed = 0;
    if (!s->writable)
        return GRUNDY_OK;
    /* one walk: the bytes and the entries; each victim's files are then
     * found in the snapshot, and the bytes go down by what was removed */
    GRUNDY_TRY(grundy_store_files_read(&files, s));
    bytes = files.total;
    st = bytes <= limit ? GRUNDY_OK
                        : grundy_store_list_files(&info, &n, s, &files);
    if (st == GRUNDY_OK && n) {
        order = malloc(n * sizeof *order);
        if (!order)
            st = GRUNDY_ERR_NOMEM;
    }
    for (i = 0; order && i < n; i++) {
        order[i].i = i;
        /* damaged files go first */
        order[i].used = info[i].readable ? last_use(info[i].path) : -1;
    }
    if (order)
        qsort(order, n, sizeof *order, victim_cmp);
    for (i = 0; order && i < n && freed < bytes - limit; i++) {
        const grundy_store_info *e = &info[order[i].i];
        if (keep && e->readable && strcmp(e->spec, keep) == 0)
            continue;
        (void)evict(s, e, &files, &freed);
    }
    if (removed)
        *removed = freed;
    free(order);
    free(info);
    grundy_store_files_free(&files);
    return st;
}

/* The store's after_save hook. */
static void after_save(grundy_store *s, const char *spec)
{
    grundy_status st = GRUNDY_OK;
    if (s->size_limit != UINT64_MAX)
        st = grundy_store_trim(s, s->size_limit, spec, NULL);
    (void)st; /* a store over its limit is not an error of the save */
}

grundy_status grundy_store_open(grundy_store **out,
                                const grundy_store_opts *o)
{
    GRUNDY_TRY(grundy_store_folder_open(out, o));
    (*out)->after_save = after_save;
    return GRUNDY_OK;
}

grundy_status grundy_store_clear(grundy_store *s, size_t *removed,
                                 size_t *busy)
{
    grundy_store_files files;
    grundy_store_info *info = NULL;
    size_t n = 0, i;
    char path[PATH_CAP];
    grundy_status st;
    *removed = 0;
    if (busy)
        *busy = 0;
    GRUNDY_TRY(grundy_store_files_read(&files, s));
    st = grundy_store_list_files(&info, &n, s, &files);
    for (i = 0; st == GRUNDY_OK && i < n; i++) {
        /* a split table and a whole table of one spec are one entry */
        if (i > 0 && info[i].readable && info[i - 1].readable &&
            strcmp(info[i].spec, info[i - 1].spec) == 0)
            continue;
        if (evict(s, &info[i], &files, NULL))
            ++*removed;
        else if (busy)
            ++*busy;
    }
    free(info);
    /* files set aside, whose entry is gone, and the journals of board
     * searches (grundy_store_journal_*) that no process holds */
    for (i = 0; st == GRUNDY_OK && i < files.n; i++) {
        const char *name = files.file[i].name;
        size_t k = strlen(name);
        if (k >= 5 && strcmp(name + k - 5, ".gjnl") == 0) {
            int fd;
            grundy_store_file_path(path, s, name);
            fd = open(path, O_RDONLY | O_CLOEXEC);
            if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0) {
                if (grundy_store_remove_file(s, path, NULL) == 1)
                    ++*removed;
            } else if (busy) {
                ++*busy;
            }
            if (fd >= 0)
                close(fd); /* releases the lock */
            continue;
        }
        if (k < 4 || strcmp(name + k - 4, ".bad") != 0)
            continue;
        grundy_store_file_path(path, s, name);
        (void)grundy_store_remove_file(s, path, NULL);
    }
    grundy_store_files_free(&files);
    return st;
}
