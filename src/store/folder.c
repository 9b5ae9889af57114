/*
 * folder.c -- the files in a store's folder: the one walk over them, a
 * snapshot of their names and sizes, which of them belong to an entry,
 * and their removal.
 *
 * Everything that looks at the folder as a whole goes through
 * grundy_store_walk(): the list of entries (entry.c), the bytes the
 * store takes, its eviction and clearing (usage.c), the removal of an
 * entry's files.  The files of an entry all start with its stem
 * (SLUG-HASH, format.c) and a dot, so in a snapshot sorted by name they
 * stand together: eviction reads the folder once and finds each victim's
 * files by binary search, and trimming n entries costs one walk and
 * O(n log n) rather than a walk per entry removed.
 */
#include <dirent.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/bsearch.h"
#include "core/grow.h"
#include "store/format.h"
#include "store/store_internal.h"

static atomic_ullong walks;

uint64_t grundy_store_walks(void)
{
    return (uint64_t)atomic_load(&walks);
}

int grundy_store_is_file(const char *name)
{
    size_t n = strlen(name);
    if (name[0] == '.')
        return 0;
    return strstr(name, ".gtab") || strstr(name, ".gsplit") ||
           (n > 5 && strcmp(name + n - 5, ".gjnl") == 0) ||
           (n > 7 && strcmp(name + n - 7, ".gslice") == 0) ||
           strstr(name, ".gslice.");
}

grundy_status grundy_store_walk(const grundy_store *s, grundy_store_walk_fn fn,
                                void *ctx)
{
    char path[STORE_PATH_CAP];
    struct dirent *d;
    grundy_status st = GRUNDY_OK;
    DIR *dir = opendir(s->dir);
    atomic_fetch_add(&walks, 1);
    if (!dir)
        return errno == ENOENT || errno == ENOTDIR ? GRUNDY_OK
                                                   : GRUNDY_ERR_IO;
    while (st == GRUNDY_OK && (errno = 0, d = readdir(dir)) != NULL) {
        struct stat sb;
        if (!grundy_store_is_file(d->d_name))
            continue;
        grundy_store_file_path(path, s, d->d_name);
        if (lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue; /* gone meanwhile, or not a file of ours */
        st = fn(ctx, d->d_name, path, &sb);
    }
    if (st == GRUNDY_OK && errno)
        st = GRUNDY_ERR_IO;
    closedir(dir);
    return st;
}

/* The snapshot *************************************************************/

static grundy_status snap_add(void *ctx, const char *name, const char *path,
                              const struct stat *sb)
{
    grundy_store_files *f = ctx;
    (void)path;
    GRUNDY_TRY(GRUNDY_GROW(f->file, f->cap, f->n + 1));
    f->file[f->n].name = strdup(name);
    GRUNDY_RETURN_IF(!f->file[f->n].name, GRUNDY_ERR_NOMEM);
    f->file[f->n].bytes = (uint64_t)sb->st_size;
    f->total += (uint64_t)sb->st_size;
    f->n++;
    return GRUNDY_OK;
}

static int file_cmp(const void *a, const void *b)
{
    return strcmp(((const grundy_store_file *)a)->name,
                  ((const grundy_store_file *)b)->name);
}

grundy_status grundy_store_files_read(grundy_store_files *out,
                                      const grundy_store *s)
{
    grundy_status st;
    memset(out, 0, sizeof *out);
    st = grundy_store_walk(s, snap_add, out);
    if (st != GRUNDY_OK) {
        grundy_store_files_free(out);
        return st;
    }
    if (out->n)
        qsort(out->file, out->n, sizeof *out->file, file_cmp);
    return GRUNDY_OK;
}

void grundy_store_files_free(grundy_store_files *f)
{
    size_t i;
    for (i = 0; i < f->n; i++)
        free(f->file[i].name);
    free(f->file);
    memset(f, 0, sizeof *f);
}

/* An entry's files *********************************************************/

int grundy_store_entry_owns(const char *stem, const char *name)
{
    size_t k = strlen(stem);
    const char *r = name + k + 1;
    if (strncmp(name, stem, k) != 0 || name[k] != '.')
        return 0;
    if (strcmp(r, "gtab.lock") == 0)
        return 0; /* the lock goes last, by its holder */
    return strcmp(r, "gtab") == 0 || strcmp(r, "gtab.bad") == 0 ||
           strncmp(r, "gtab.tmp-", 9) == 0 || r[0] == 'r' ||
           strcmp(r, "gsplit") == 0 || strncmp(r, "gsplit.", 7) == 0;
}

/* 1 for the files that make an entry found (not only its temporary
 * files). */
static int is_main_file(const char *stem, const char *name)
{
    return strncmp(name + strlen(stem) + 1, "gtab.tmp-", 9) != 0;
}

typedef struct owned {
    const grundy_store *s;
    const char *stem;
    uint64_t *freed;
    int removed, failed;
} owned;

static void owned_remove(owned *o, const char *name)
{
    char path[STORE_PATH_CAP];
    int r;
    grundy_store_file_path(path, o->s, name);
    r = grundy_store_remove_file(o->s, path, o->freed);
    o->failed |= r < 0;
    if (r > 0 && is_main_file(o->stem, name))
        o->removed = 1;
}

static grundy_status owned_walk(void *ctx, const char *name, const char *path,
                                const struct stat *sb)
{
    owned *o = ctx;
    (void)path;
    (void)sb;
    if (grundy_store_entry_owns(o->stem, name))
        owned_remove(o, name);
    return GRUNDY_OK;
}

/* The index of the first name of files >= key (binary search). */
static size_t files_lower_bound(const grundy_store_files *files,
                                const char *key)
{
    size_t lo;
    GRUNDY_PARTITION_POINT(lo, files->n, mid,
                           strcmp(files->file[mid].name, key) < 0);
    return lo;
}

int grundy_store_remove_entry_files(const grundy_store *s, const char *stem,
                                    const grundy_store_files *files,
                                    uint64_t *freed)
{
    owned o = {s, stem, freed, 0, 0};
    char key[STORE_NAME_MAX + 1];
    size_t i, k = strlen(stem);
    if (!files) {
        if (grundy_store_walk(s, owned_walk, &o) != GRUNDY_OK)
            return -1;
        return o.failed ? -1 : o.removed;
    }
    /* the entry's files follow "STEM." in the sorted snapshot */
    snprintf(key, sizeof key, "%s.", stem);
    for (i = files_lower_bound(files, key); i < files->n; i++) {
        const char *m = files->file[i].name;
        if (strncmp(m, key, k + 1) != 0)
            break;
        if (grundy_store_entry_owns(stem, m))
            owned_remove(&o, m);
    }
    return o.failed ? -1 : o.removed;
}

int grundy_store_remove_file(const grundy_store *s, const char *path,
                             uint64_t *freed)
{
    struct stat sb;
    int have = freed && lstat(path, &sb) == 0;
    if (unlink(path) == 0) {
        if (have)
            *freed += (uint64_t)sb.st_size;
        return 1;
    }
    if (errno == ENOENT || errno == ENOTDIR)
        return 0;
    grundy_store_warnf(s, path, "cannot remove (%s)", strerror(errno));
    return -1;
}
