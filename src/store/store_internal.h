/*
 * store_internal.h -- what the files of the store share (store.c: tables,
 * locks and management; split.c: slices and manifests): the store and
 * mapping objects, and the steps of reading and writing a file.
 */
#ifndef GRUNDY_STORE_INTERNAL_H
#define GRUNDY_STORE_INTERNAL_H

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
};

struct grundy_store_mapping {
    grundy_store_table table;
    void *base;
    size_t len;
    /* A slice (split.c): its fields, and its blocks verified so far
     * (verified == NULL: every block is). */
    int is_slice;
    grundy_store_slice slice;
    store_header h;
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

const grundy_limits *store_limits(const grundy_store *s);

void store_warnf(const grundy_store *s, const char *path, const char *fmt,
                 ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* DIR/NAME: the store's folder and a file name in it. */
void store_file(char *buf, const grundy_store *s, const char *name);

/* The folder's exclusive flock: a descriptor, or -1; released by
 * store_folder_unlock(). */
int store_folder_lock(const grundy_store *s);
void store_folder_unlock(int fd);

/* pwrite / pread all of n bytes; 0 or an errno. */
int store_write_full(int fd, const void *buf, size_t n, off_t off);

/* Open path and check its header against the file's length.  expect: the
 * spec it must hold, or NULL for "the spec its name says".  On
 * FILE_SOUND, *fd_out is the open file. */
file_state store_open_checked(int *fd_out, store_header *h,
                              struct stat *ident, const char *path,
                              const char *expect, char *why, size_t cap);

/* Map the file whose header h was checked into m (zeroed first), and
 * check the block table; verify_all: every block too (progress "verifying"
 * through the store's limits).  *fs says whether the file is sound (why[]
 * otherwise); a status other than GRUNDY_OK is cancellation or a failed
 * mapping.  m keeps its mapping on return (mapping_unmap() it). */
grundy_status store_map_checked(grundy_store_mapping *m, file_state *fs,
                                int fd, const store_header *h,
                                const grundy_store *s, int verify_all,
                                char *why, size_t cap);
void store_mapping_unmap(grundy_store_mapping *m);

/* m->table's fields from the header h of its mapped file. */
void store_mapping_describe(grundy_store_mapping *m, const store_header *h);

/* Move the bad file at path aside to path.bad, unless it was replaced
 * since it was opened (ident).  1: moved (or gone), 0: replaced. */
int store_set_aside(const grundy_store *s, const char *path,
                    const struct stat *ident, const char *why);

/* Write a file of header h (layout filled in) whose values are the
 * concatenation of chunks to the temporary file of path, fsync it and
 * rename it over path (under the folder's lock), then fsync the folder.
 * keep_if: NULL, or a function that says, under the folder's lock,
 * whether the file at path must be kept instead (the better table).
 * what: "table", "slice", ... for the warnings.  GRUNDY_ERR_IO after
 * telling the warning callback. */
grundy_status store_write_atomic(const grundy_store *s, const char *path,
                                 const char *what, store_header *h,
                                 const grundy_store_chunk *chunks,
                                 size_t nchunks,
                                 int (*keep_if)(const char *path,
                                                const store_header *h));

/* Remove path; 1 removed, 0 missing, -1 failed (warned). */
int store_remove_file(const grundy_store *s, const char *path);

/* Remove the files of the folder whose names start with prefix and, when
 * suffix is not NULL, end with suffix; *removed counts them.  1 when one
 * could not be removed (warned), else 0. */
int store_remove_matching(const grundy_store *s, const char *prefix,
                          const char *suffix, int *removed);

/* The slice file name of sl (split.c), snprintf semantics. */
size_t store_slice_name(char *buf, size_t cap, const grundy_store_slice *sl);
/* The split files of spec (split.c): its manifest, slices and their
 * temporary files.  0 removed none, 1 some, -1 a removal failed. */
int store_split_remove(const grundy_store *s, const char *spec);

#endif
