/*
 * store_util.h -- what the store's tests share: temporary folders, a
 * warning collector, random tables, whole-file reads and writes.
 */
#ifndef GRUNDY_STORE_UTIL_H
#define GRUNDY_STORE_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "test_support.h"

/* A fresh folder under $TMPDIR (or /tmp); fails the test on error. */
void su_tmpdir(char *buf, size_t cap);
/* rm -r of a folder of files and folders (two levels suffice here). */
void su_rmtree(const char *path);

/* buf = a followed by b; fails the test when it does not fit. */
void su_cat(char *buf, size_t cap, const char *a, const char *b);

/* Collects the warnings of a store. */
typedef struct su_warnings {
    int count;
    char path[4096];
    char what[1024]; /* the last ones */
} su_warnings;
void su_warn(void *ctx, const char *path, const char *what);

/* Open a store in dir with w collecting its warnings (w may be NULL). */
grundy_store *su_open(const char *dir, su_warnings *w,
                      const grundy_limits *limits);

/* A table of size entries of width bytes with random values (at most
 * vmax), max and max_at filled in; data is malloc'ed (free it). */
void su_table(grundy_store_table *t, const char *spec, uint64_t size,
              unsigned width, uint64_t vmax, test_rng *rng);

/* Whole files. */
unsigned char *su_read(const char *path, size_t *len); /* NULL: missing */
void su_write(const char *path, const void *data, size_t len);
int su_exists(const char *path);
/* Files in dir whose name contains part. */
int su_count_names(const char *dir, const char *part);

/* The loaded table of spec equals t (size, width, max, flags, values). */
void su_assert_loaded(grundy_store *s, const grundy_store_table *t);

#endif
