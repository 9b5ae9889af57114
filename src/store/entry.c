/*
 * entry.c -- the entries of a store (grundy/store.h): one table file per
 * canonical spec, loaded, saved when it is the better table, listed,
 * verified and removed.
 *
 * Which table wins is decided under the folder's lock, at the moment of
 * the rename (grundy_store_write_atomic's keep_if): the longer one, then
 * a complete one, then one with a proven period.  Writers that race
 * (threads or processes) therefore always leave the best table, whatever
 * the order they finish in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grundy/store.h"
#include "grundy/version.h"
#include "store/format.h"
#include "store/store_internal.h"

#define PATH_CAP STORE_PATH_CAP

#define warnf grundy_store_warnf
#define entry_file grundy_store_entry_file
#define check_file grundy_store_check_file

/* grundy_store_load() (verify = 1) and grundy_store_open_table(). */
static grundy_status load(grundy_store_mapping **out, grundy_store *s,
                          const char *spec, int verify)
{
    char path[PATH_CAP], why[512];
    struct stat ident;
    file_state fs;
    int attempt;
    *out = NULL;
    GRUNDY_RETURN_IF(!grundy_store_spec_ok(spec), GRUNDY_ERR_ARG);
    entry_file(path, s, spec, "");
    /* A bad file that a writer replaced meanwhile: read the new one. */
    for (attempt = 0; attempt < 3; attempt++) {
        GRUNDY_TRY(check_file(&fs, out, &ident, s, path, spec, verify, why,
                              sizeof why));
        if (fs == FILE_UNREADABLE)
            warnf(s, path, "%s", why);
        if (fs != FILE_BAD || grundy_store_set_aside(s, path, &ident, why))
            break;
    }
    if (*out)
        grundy_store_touch(s, path);
    return GRUNDY_OK;
}

grundy_status grundy_store_load(grundy_store_mapping **out, grundy_store *s,
                                const char *spec)
{
    return load(out, s, spec, 1);
}

grundy_status grundy_store_open_table(grundy_store_mapping **out,
                                      grundy_store *s, const char *spec,
                                      int verify)
{
    return load(out, s, spec, verify);
}

/* Whether a table with header a should replace one with header b. */
static int better(const grundy_store_header *a, const grundy_store_header *b)
{
    if (a->size != b->size)
        return a->size > b->size;
    if (a->complete != b->complete)
        return a->complete;
    return a->period.proven && !b->period.proven;
}

int grundy_store_entry_at_least(const char *path, const grundy_store_header *h)
{
    grundy_store_header old;
    struct stat ident;
    char why[512];
    int fd;
    if (grundy_store_open_checked(&fd, &old, &ident, path, h->spec, why,
                                  sizeof why) != FILE_SOUND)
        return 0;
    close(fd);
    return !better(h, &old);
}

grundy_status grundy_store_save(grundy_store *s, const grundy_store_table *t)
{
    char path[PATH_CAP], why[128];
    grundy_store_header h;
    uint64_t file_bytes;
    grundy_store_chunk all;

    GRUNDY_RETURN_IF(!t || !grundy_store_spec_ok(t->spec), GRUNDY_ERR_ARG);
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
    GRUNDY_RETURN_IF(!grundy_store_header_check(&h, why, sizeof why) ||
                         (t->size && (!t->data ||
                                      grundy_table_get_raw(t->data, t->width,
                                                           t->max_at) !=
                                          t->max)),
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(!grundy_store_layout(&h, &file_bytes),
                     GRUNDY_ERR_OVERFLOW);
    if (!s->writable)
        return GRUNDY_OK;
    entry_file(path, s, t->spec, "");
    if (!grundy_store_entry_at_least(path, &h)) {
        if (!grundy_store_fits_limit(s, path, "table", file_bytes))
            return GRUNDY_OK;
        all.data = t->data;
        all.bytes = h.size * h.width;
        GRUNDY_TRY(grundy_store_write_atomic(s, path, "table", &h, &all, 1,
                                             grundy_store_entry_at_least));
        grundy_store_wrote(s, t->spec);
    }
    /* kept, or a table at least as good was kept already */
    grundy_store_note_saved(s, t->spec, t->size, h.complete);
    return GRUNDY_OK;
}

/* Management ***************************************************************/

static int ends_with(const char *name, const char *suffix)
{
    size_t n = strlen(name), k = strlen(suffix);
    return name[0] != '.' && n > k && strcmp(name + n - k, suffix) == 0;
}

static int is_table_name(const char *name)
{
    return ends_with(name, ".gtab");
}

static int is_manifest_name(const char *name)
{
    return ends_with(name, ".gsplit");
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
        if (a->split != b->split)
            return a->split - b->split;
    }
    return strcmp(a->path, b->path);
}

static void info_fill(grundy_store_info *info, const char *dir,
                      const char *name)
{
    grundy_store_header h;
    struct stat ident;
    char why[512];
    int fd;
    memset(info, 0, sizeof *info);
    snprintf(info->path, sizeof info->path, "%s/%s", dir, name);
    if (grundy_store_open_checked(&fd, &h, &ident, info->path, NULL, why,
                                  sizeof why) != FILE_SOUND) {
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

grundy_status grundy_store_list_files(grundy_store_info **out, size_t *count,
                                      grundy_store *s,
                                      const grundy_store_files *files)
{
    grundy_store_info *v = NULL;
    size_t n = 0, i;
    *out = NULL;
    *count = 0;
    if (files->n) {
        v = malloc(files->n * sizeof *v);
        GRUNDY_RETURN_IF(!v, GRUNDY_ERR_NOMEM);
    }
    for (i = 0; i < files->n; i++) {
        const char *name = files->file[i].name;
        if (is_manifest_name(name)) {
            char path[PATH_CAP];
            grundy_status st;
            grundy_store_file_path(path, s, name);
            st = grundy_store_split_info(&v[n++], s, path);
            if (st != GRUNDY_OK) {
                free(v);
                return st;
            }
        } else if (is_table_name(name)) {
            info_fill(&v[n++], s->dir, name);
        }
    }
    if (n)
        qsort(v, n, sizeof *v, info_cmp);
    *out = v;
    *count = n;
    return GRUNDY_OK;
}

grundy_status grundy_store_list(grundy_store_info **out, size_t *count,
                                grundy_store *s)
{
    grundy_store_files files;
    grundy_status st;
    *out = NULL;
    *count = 0;
    GRUNDY_TRY(grundy_store_files_read(&files, s));
    st = grundy_store_list_files(out, count, s, &files);
    grundy_store_files_free(&files);
    return st;
}

static grundy_status verify_path(int *ok, char *why, size_t why_cap,
                                 grundy_store *s, const char *path,
                                 const char *expect)
{
    char buf[512];
    struct stat ident;
    file_state fs;
    *ok = 0;
    GRUNDY_TRY(check_file(&fs, NULL, &ident, s, path, expect, 1, buf,
                          sizeof buf));
    if (fs == FILE_MISSING)
        return GRUNDY_ERR_RANGE;
    *ok = fs == FILE_SOUND;
    if (why && why_cap)
        snprintf(why, why_cap, "%s", *ok ? "" : buf);
    return GRUNDY_OK;
}

/* The split table of spec (or the one its manifest names): as
 * verify_path(). */
static grundy_status verify_split(int *ok, char *why, size_t why_cap,
                                  grundy_store *s, const char *path,
                                  const char *spec)
{
    char buf[512];
    GRUNDY_TRY(grundy_store_split_verify_path(ok, buf, sizeof buf, s, path,
                                              spec));
    if (why && why_cap)
        snprintf(why, why_cap, "%s", *ok ? "" : buf);
    return GRUNDY_OK;
}

grundy_status grundy_store_verify_entry(int *ok, char *why, size_t why_cap,
                                        grundy_store *s, const char *spec)
{
    char path[PATH_CAP];
    grundy_status st, sst;
    int split_ok = 0;
    *ok = 0;
    GRUNDY_RETURN_IF(!grundy_store_spec_ok(spec), GRUNDY_ERR_ARG);
    entry_file(path, s, spec, "");
    st = verify_path(ok, why, why_cap, s, path, spec);
    if (st != GRUNDY_OK && st != GRUNDY_ERR_RANGE)
        return st;
    if (st == GRUNDY_OK && !*ok)
        return GRUNDY_OK; /* the table failed: why[] says how */
    grundy_store_manifest_path(path, s, spec);
    sst = verify_split(&split_ok, why, why_cap, s, path, spec);
    if (sst == GRUNDY_ERR_RANGE) /* no split table: the table's word */
        return st;
    GRUNDY_TRY(sst);
    *ok = split_ok;
    return GRUNDY_OK;
}

grundy_status grundy_store_verify_file(int *ok, char *why, size_t why_cap,
                                       grundy_store *s, const char *path)
{
    const char *name;
    *ok = 0;
    GRUNDY_RETURN_IF(!path || !path[0], GRUNDY_ERR_ARG);
    name = grundy_store_base_name(path);
    if (is_manifest_name(name))
        return verify_split(ok, why, why_cap, s, path, NULL);
    return verify_path(ok, why, why_cap, s, path, NULL);
}

grundy_status grundy_store_remove(grundy_store *s, const char *spec)
{
    grundy_store_lock *l;
    GRUNDY_RETURN_IF(!grundy_store_spec_ok(spec), GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_store_lock_entry(&l, s, spec));
    return grundy_store_remove_locked(s, spec, l, NULL, NULL);
}

grundy_status grundy_store_remove_locked(grundy_store *s, const char *spec,
                                         grundy_store_lock *l,
                                         const grundy_store_files *files,
                                         uint64_t *freed)
{
    char path[PATH_CAP], stem[STORE_NAME_MAX];
    int r, failed;
    /* the table, its .bad and temporary files (left by writers that
     * died), the split table */
    grundy_store_entry_stem(stem, sizeof stem, spec);
    r = grundy_store_remove_entry_files(s, stem, files, freed);
    failed = r < 0;
    if (s->writable) {
        /* Waiters see that the file is gone and open a new one. */
        entry_file(path, s, spec, ".lock");
        failed |= grundy_store_remove_file(s, path, freed) < 0;
    }
    grundy_store_unlock(l);
    if (failed)
        return GRUNDY_ERR_IO;
    return r > 0 ? GRUNDY_OK : GRUNDY_ERR_RANGE;
}
