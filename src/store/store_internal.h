/*
 * store_internal.h -- what the files of the store share: the store and
 * mapping objects, and the steps of reading and writing a file.
 *
 * The files call one another in one direction only:
 *
 *   usage.c (opening with the size policy: usage, eviction, clear)
 *   ──► grow.c (tables grown in place) ──► entry.c (entries: load, save,
 *   list, verify, remove) ──► split.c (slices and manifests) ──►
 *   folder.c (the walk over the folder, its snapshot, removing files)
 *   ──► file.c (the folder, checked reads, atomic writes, locks, use
 *   times) ──► format.c (the header codec and the names, pure functions)
 *
 * (an arrow means "calls"; a file may call any file below it.)  Nothing
 * calls back up: a save ends with grundy_store_wrote() (file.c), which
 * calls the store's after_save hook, and usage.c sets that hook when it
 * opens the store (eviction past the size limit).
 */
#ifndef GRUNDY_STORE_INTERNAL_H
#define GRUNDY_STORE_INTERNAL_H

#include <pthread.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "grundy/experimental.h"
#include "grundy/store.h"
#include "store/format.h"

#define STORE_PATH_CAP 4096

struct grundy_store {
    char *dir;
    int writable;
    grundy_store_warn_fn warn;
    void *warn_ctx;
    grundy_limits limits;
    int have_limits;
    uint64_t size_limit; /* bytes the folder may hold (UINT64_MAX: any) */
    /* The last step of a save that wrote a file (grundy_store_wrote()):
     * set by grundy_store_open() (usage.c) to keep the size limit; NULL:
     * nothing. */
    void (*after_save)(grundy_store *s, const char *spec);
    /* What was kept since the store was opened (grundy_store_last_saved()):
     * the only state that changes after grundy_store_open(). */
    pthread_mutex_t saved_lock;
    grundy_store_saved saved;
    uint64_t journal_records; /* the last journal synced: its records */
};

struct grundy_store_mapping {
    grundy_store_table table;
    void *base;
    size_t len;
    /* A slice (split.c): its fields. */
    int is_slice;
    grundy_store_slice slice;
    grundy_store_header h;
    /* The blocks verified so far (NULL: every block is). */
    unsigned char *verified;
    const grundy_store *store;
    char path[STORE_PATH_CAP];
};

typedef enum file_state {
    FILE_SOUND,
    FILE_MISSING,
    FILE_BAD,       /* failed a check: why[] says which */
    FILE_UNREADABLE /* could not be opened or read: why[] says why */
} file_state;

/* file.c: the folder, checked reads, atomic writes, locks ******************/

const grundy_limits *grundy_store_limits(const grundy_store *s);

void grundy_store_warnf(const grundy_store *s, const char *path,
                        const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* DIR/NAME: the store's folder and a file name in it. */
void grundy_store_file_path(char *buf, const grundy_store *s,
                            const char *name);
/* DIR/ENTRY + suffix: a file of spec's entry (the lengths were bounded
 * when the store was opened). */
void grundy_store_entry_file(char *buf, const grundy_store *s,
                             const char *spec, const char *suffix);
/* The last part of a path. */
const char *grundy_store_base_name(const char *path);

/* The folder's exclusive flock: a descriptor, or -1; released by
 * grundy_store_folder_unlock(). */
int grundy_store_folder_lock(const grundy_store *s);
void grundy_store_folder_unlock(int fd);

/* open(path) for reading without touching its access time, which only
 * a use of the table sets (grundy_store_touch()); -1 with errno. */
int grundy_store_open_read(const char *path);

/* pwrite all of n bytes; 0 or an errno. */
int grundy_store_write_full(int fd, const void *buf, size_t n, off_t off);
/* pread up to n bytes (*got of them: fewer at the end of the file); 0 or
 * an errno. */
int grundy_store_read_full(int fd, void *buf, size_t n, off_t off,
                           size_t *got);

/* Open path and check its header against the file's length.  expect: the
 * spec it must hold, or NULL for "the spec its name says".  On
 * FILE_SOUND, *fd_out is the open file. */
file_state grundy_store_open_checked(int *fd_out, grundy_store_header *h,
                                     struct stat *ident, const char *path,
                                     const char *expect, char *why,
                                     size_t cap);

/* Map the file whose header h was checked into m (zeroed first), and
 * check the block table; verify_all: every block too (progress "verifying"
 * through the store's limits).  *fs says whether the file is sound (why[]
 * otherwise); a status other than GRUNDY_OK is cancellation or a failed
 * mapping.  m keeps its mapping on return (grundy_store_mapping_unmap()
 * it). */
grundy_status grundy_store_map_checked(grundy_store_mapping *m,
                                       file_state *fs, int fd,
                                       const grundy_store_header *h,
                                       const grundy_store *s, int verify_all,
                                       char *why, size_t cap);
void grundy_store_mapping_unmap(grundy_store_mapping *m);

/* m->table's fields from the header h of its mapped file. */
void grundy_store_mapping_describe(grundy_store_mapping *m,
                                   const grundy_store_header *h);

/* Check the table file at path: its header and block table, and every
 * block when verify_all (always when out is NULL); on FILE_SOUND with
 * out != NULL, *out holds its mapping (blocks not verified yet are
 * verified by grundy_store_mapping_read()). */
grundy_status grundy_store_check_file(file_state *fs,
                                      grundy_store_mapping **out,
                                      struct stat *ident,
                                      const grundy_store *s,
                                      const char *path, const char *expect,
                                      int verify_all, char *why, size_t cap);

/* Move the bad file at path aside to path.bad, unless it was replaced
 * since it was opened (ident).  1: moved (or gone), 0: replaced. */
int grundy_store_set_aside(const grundy_store *s, const char *path,
                           const struct stat *ident, const char *why);

/* Write a file of header h (layout filled in) whose values are the
 * concatenation of chunks to the temporary file of path, fsync it and
 * rename it over path (under the folder's lock), then fsync the folder.
 * keep_if: NULL, or a function that says, under the folder's lock,
 * whether the file at path must be kept instead (the better table).
 * what: "table", "slice", ... for the warnings.  GRUNDY_ERR_IO after
 * telling the warning callback. */
grundy_status grundy_store_write_atomic(
    const grundy_store *s, const char *path, const char *what,
    grundy_store_header *h, const grundy_store_chunk *chunks, size_t nchunks,
    int (*keep_if)(const char *path, const grundy_store_header *h));

/* Note that the store now holds size entries of spec (complete or a
 * checkpoint), for grundy_store_last_saved(). */
void grundy_store_note_saved(grundy_store *s, const char *spec,
                             grundy_pos size, int complete);
/* The last step of a save of spec that wrote a file: the store's
 * after_save hook (eviction past its size limit). */
void grundy_store_wrote(grundy_store *s, const char *spec);
/* A store object for the folder o names, made, checked for writing
 * (warnings through o->warn), with no after_save hook:
 * grundy_store_open() without the size policy. */
grundy_status grundy_store_folder_open(grundy_store **out,
                                       const grundy_store_opts *o);

/* Note that a journal of the store now holds records durably, for
 * grundy_store_journal_kept(). */
void grundy_store_note_journal(grundy_store *s, uint64_t records);

/* The entry's lock when no one holds it: *out is NULL when another does
 * (grundy_store_lock_entry() without the wait). */
grundy_status grundy_store_try_lock_entry(grundy_store_lock **out,
                                          grundy_store *s, const char *spec);

/* Note a use of the file at path (its access time, set explicitly so
 * that it counts on any mount), for the least-recently-used order. */
void grundy_store_touch(const grundy_store *s, const char *path);

/* Whether a file of `bytes` bytes may be kept at all: not when it alone
 * passes the limit (then the warning callback is told, naming what). */
int grundy_store_fits_limit(const grundy_store *s, const char *path,
                            const char *what, uint64_t bytes);

/* folder.c: the files in the folder *************************************/

/* Whether a file name is one a store makes (.gtab, .gsplit, .gslice and
 * their temporary, bad and lock files; no hidden file). */
int grundy_store_is_file(const char *name);

/* grundy_store_walk() :
 * Call fn(ctx, name, path, st) on every regular file of the folder that
 * grundy_store_is_file() names, in directory order, with its lstat; a
 * status other than GRUNDY_OK stops the walk and is returned.  A missing
 * folder has no file; GRUNDY_ERR_IO when it cannot be read.  The one
 * readdir loop of the store. */
typedef grundy_status (*grundy_store_walk_fn)(void *ctx, const char *name,
                                              const char *path,
                                              const struct stat *st);
grundy_status grundy_store_walk(const grundy_store *s, grundy_store_walk_fn fn,
                                void *ctx);
/* Walks of any store in this process so far (tests). */
uint64_t grundy_store_walks(void);

/* The store's files as one walk saw them, sorted by name, with their
 * sizes and the total. */
typedef struct grundy_store_file {
    char *name;
    uint64_t bytes;
} grundy_store_file;

typedef struct grundy_store_files {
    grundy_store_file *file;
    size_t n, cap;
    uint64_t total;
} grundy_store_files;

grundy_status grundy_store_files_read(grundy_store_files *out,
                                      const grundy_store *s);
void grundy_store_files_free(grundy_store_files *f);

/* Whether the file name belongs to the entry of stem (SLUG-HASH): its
 * table, .bad and temporary files, its split table's manifest, slices
 * and their temporary and bad files; not its lock. */
int grundy_store_entry_owns(const char *stem, const char *name);

/* Remove every file of the entry of stem (grundy_store_entry_owns()),
 * found in files (a snapshot) or, when files is NULL, by a walk;
 * *freed (may be NULL) grows by the bytes removed.  1 when the table,
 * its .bad file or split files were removed, 0 when none was (temporary
 * files alone), -1 when a removal failed (warned). */
int grundy_store_remove_entry_files(const grundy_store *s, const char *stem,
                                    const grundy_store_files *files,
                                    uint64_t *freed);

/* Remove path; 1 removed, 0 missing, -1 failed (warned).  *freed (may be
 * NULL) grows by its size. */
int grundy_store_remove_file(const grundy_store *s, const char *path,
                             uint64_t *freed);

/* split.c: slices and manifests *******************************************/

/* DIR/SLUG-HASH.gsplit: the manifest of spec's split table. */
size_t grundy_store_manifest_path(char *buf, const grundy_store *s,
                                  const char *spec);

/* What grundy_store_list() shows of the split table whose manifest is at
 * path (readable = 0 when the manifest is damaged or foreign): the whole
 * table's positions and largest value, its slices, and the bytes of the
 * manifest and every slice file. */
grundy_status grundy_store_split_info(grundy_store_info *info,
                                      const grundy_store *s,
                                      const char *path);

/* Verify the split table whose manifest is at path (of spec, or of the
 * spec the manifest names when NULL): the manifest, then every slice it
 * names, each block; nothing is moved.  *ok = 1 when sound, else why[]
 * says what failed.  GRUNDY_ERR_RANGE when there is no manifest. */
grundy_status grundy_store_split_verify_path(int *ok, char *why, size_t cap,
                                             const grundy_store *s,
                                             const char *path,
                                             const char *spec);

/* entry.c: entries **********************************************************/

/* grundy_store_remove() with the entry's lock l held (l is released);
 * the entry's files are found in files (a snapshot of the folder) or,
 * when it is NULL, by a walk; *freed (may be NULL) grows by the bytes
 * removed. */
grundy_status grundy_store_remove_locked(grundy_store *s, const char *spec,
                                         grundy_store_lock *l,
                                         const grundy_store_files *files,
                                         uint64_t *freed);

/* grundy_store_list() from a snapshot of the folder. */
grundy_status grundy_store_list_files(grundy_store_info **out, size_t *count,
                                      grundy_store *s,
                                      const grundy_store_files *files);

/* Whether the entry at path holds a table at least as good as h (a
 * damaged or foreign file does not): then h is not written. */
int grundy_store_entry_at_least(const char *path,
                                const grundy_store_header *h);

#endif
