/*
 * grundy/store.h -- tables that outlive the process: a folder of table
 * files, one per game, named by the game's canonical spec.
 *
 * The default folder is $XDG_CACHE_HOME/grundy, else ~/.cache/grundy.  It
 * is an embedded store: plain files, no server.  A table file holds a
 * header (format version, canonical spec, number of entries, value width,
 * largest value, period if one was found, the version of grundy that
 * wrote it),
 * the values, and an xxHash (XXH3-64) checksum per block of values and of
 * the header.  Files are written to a temporary name in the folder,
 * fsync'd and renamed, so a reader never sees a partial file.  On read a
 * file is memory-mapped and every checksum verified; a file that fails is
 * reported through the warning callback, moved aside (NAME.bad) and not
 * used.
 *
 * A file is either complete (the table its writer was asked for) or a
 * checkpoint (the prefix finished so far of a longer computation); both
 * are valid tables and either can be extended.  A shorter table never
 * replaces a longer one.
 *
 * Two processes computing the same table take the entry's lock in turn
 * (flock on NAME.lock): the second waits and then finds the first one's
 * table in the store.
 *
 * The library never prints: warnings (a corrupt file moved aside, a
 * folder that is not writable, a write that failed) go to the callback.
 *
 * The file format (version GRUNDY_STORE_FORMAT) is described in
 * doc/STORE.md and at the top of src/store/format.c.  It is deterministic:
 * the same table always gives the same bytes.
 *
 * Entry names.  The entry of a spec is the file SLUG-HASH.gtab in the
 * folder: SLUG is the spec with every byte other than a letter, a digit,
 * '.', '-' and '_' turned into '_' (at most 64 bytes, never starting with
 * '.'), HASH the 16 hex digits of the XXH3-64 of the spec.  Beside it live
 * NAME.lock (the entry's lock, while it is held or waited for), NAME.bad
 * (a file that failed its checks) and NAME.tmp-XXXXXX (a file being
 * written).
 *
 * Threads.  After grundy_store_open() a store is never modified, so one
 * store may be used from several threads at once; each function call
 * opens its own file descriptors.  The warning and progress callbacks are
 * then called from those threads.
 */
#ifndef GRUNDY_STORE_H
#define GRUNDY_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/core.h"
#include "grundy/rules.h"
#include "grundy/status.h"
#include "grundy/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct grundy_store grundy_store; /* opaque */

/* The version of the file format this library reads and writes. */
#define GRUNDY_STORE_FORMAT 1
/* The bytes a store's files may take when no limit is given: 4 GiB. */
#define GRUNDY_STORE_DEFAULT_LIMIT ((uint64_t)4 << 30)
/* The longest spec a store keeps, in bytes (without the NUL). */
#define GRUNDY_STORE_SPEC_MAX 255

/* path: the file (or folder) concerned; what: one sentence. */
typedef void (*grundy_store_warn_fn)(void *ctx, const char *path,
                                     const char *what);

typedef struct grundy_store_opts {
    /* The folder; NULL: $XDG_CACHE_HOME/grundy, else ~/.cache/grundy. */
    const char *dir;
    grundy_store_warn_fn warn; /* NULL: warnings are dropped */
    void *warn_ctx;
    /* Progress (waiting for a lock, verifying; saving, which reports but
     * cannot be cancelled) and cancellation; NULL: defaults.  Copied by
     * grundy_store_open(). */
    const grundy_limits *limits;
    /* The bytes the store's files may take: past it, the least recently
     * used tables are removed after each save (see "Size" below).
     * 0: GRUNDY_STORE_DEFAULT_LIMIT; UINT64_MAX: no limit. */
    uint64_t size_limit;
} grundy_store_opts;

GRUNDY_API void grundy_store_opts_init(grundy_store_opts *o);

/* grundy_store_open() :
 * Open the store in o->dir (o may be NULL), creating the folder when it
 * is missing.  A folder that cannot be created or written is not an
 * error: the store is then read-only (grundy_store_writable() is 0) and
 * says so once through the warning callback.  GRUNDY_ERR_ARG when no
 * folder can be named (no HOME and no XDG_CACHE_HOME; an XDG_CACHE_HOME
 * that is not an absolute path is ignored, as the XDG specification asks),
 * or when o->dir is empty or longer than 3800 bytes.  A relative o->dir
 * is made absolute against the current folder.  Folders created for the
 * default location get mode 0700 (XDG); a folder named by o->dir gets
 * 0777 less the umask.  Table files are created with mode 0644. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_open(grundy_store **out, const grundy_store_opts *o);

/* grundy_store_close() : accepts NULL. */
GRUNDY_API void grundy_store_close(grundy_store *s);

/* The folder, as an absolute path without a trailing '/'. */
GRUNDY_API const char *grundy_store_dir(const grundy_store *s);
/* 1 when tables can be saved (the folder exists and is writable). */
GRUNDY_API int grundy_store_writable(const grundy_store *s);

/* Tables *******************************************************************/

/* A table as stored: what the header says, and the values. */
typedef struct grundy_store_table {
    char spec[256];        /* canonical spec */
    grundy_pos size;       /* entries g(0 .. size-1) */
    unsigned width;        /* 1, 2 or 4 bytes per value, little-endian */
    grundy_value max;      /* the largest value ... */
    grundy_pos max_at;     /* ... and where it first occurs */
    int complete;          /* 0: a checkpoint of a longer computation */
    grundy_period period;  /* period.proven: proven from this table */
    char version[32];      /* the grundy that wrote it */
    const void *data;      /* size * width bytes (mapped, read-only) */
} grundy_store_table;

/* A mapped file: grundy_store_mapping_table() while it lives. */
typedef struct grundy_store_mapping grundy_store_mapping;

/* grundy_store_load() :
 * The stored table of spec, mapped and verified; *out is NULL when there
 * is none (or it failed its checks: then it was moved aside and the
 * warning callback told why).  Free with grundy_store_mapping_free().
 *
 * Every header field is checked before it is used: the header's own
 * checksum, the magic, the format version, the spec (it must be spec:
 * another one is a foreign file), sizes that do not overflow and agree
 * with the file's length (a truncated file is found before anything is
 * mapped); then the checksum of the block table and of every block of
 * values, with progress reports (phase "verifying", in bytes) through the
 * store's limits.  The warning names the file and what failed ("checksum
 * mismatch in block 12 of 40", "truncated: 1000 of 4096 bytes", "not a
 * grundy table", "written by format version 2").  In a read-only store a
 * file that fails is left in place (and the warning says so).  A file
 * that cannot be opened (other than a missing one) gives a warning and
 * *out = NULL.  Errors: GRUNDY_ERR_ARG for a spec that is empty or longer
 * than GRUNDY_STORE_SPEC_MAX; GRUNDY_ERR_CANCELLED when the progress
 * callback asked to stop; GRUNDY_ERR_NOMEM when the file cannot be
 * mapped.  O(file size). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_store_load(
    grundy_store_mapping **out, grundy_store *s, const char *spec);

GRUNDY_API const grundy_store_table *
grundy_store_mapping_table(const grundy_store_mapping *m);

/* grundy_store_mapping_free() : unmaps; accepts NULL. */
GRUNDY_API void grundy_store_mapping_free(grundy_store_mapping *m);

/* grundy_store_save() :
 * Write t (its spec, size, width, max, period, complete and data; version
 * is filled in) as the entry of t->spec: temporary file, fsync, rename,
 * fsync of the folder.  Skipped (GRUNDY_OK) when the store already holds
 * a longer table of that spec, or when the store is read-only.
 * GRUNDY_ERR_IO when writing fails (a full disk): the temporary file is
 * removed, the previous entry stays as it was, and the warning callback
 * is told.
 *
 * Which table wins: the longer one; at equal sizes a complete table
 * replaces a checkpoint, and then one with a proven period replaces one
 * without.  The comparison with the entry on disk and the rename are one
 * step under a lock of the folder, so concurrent writers (threads or
 * processes) always leave the best table.  The entry's lock is not taken
 * (the caller may hold it).  t->period is written only when found (the
 * fields are zero otherwise); t->version is ignored.
 * GRUNDY_ERR_ARG when t is inconsistent: a spec that is empty or too long,
 * a width other than 1, 2 or 4, no data for a non-empty table, max not
 * fitting the width, max_at >= size, data[max_at] != max, a proven period
 * that is not found.  Progress is reported (phase "saving"), but a save
 * cannot be cancelled: it may be the checkpoint of a cancelled
 * computation. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_save(grundy_store *s, const grundy_store_table *t);

/* grundy_store_last_saved() :
 * What this store object kept since grundy_store_open(): how many tables
 * it saved (grundy_store_save(), including a save skipped because the
 * entry already held a table at least as good; each checkpoint and the
 * finish of a table grown in its file), and the last one's spec, entries
 * and whether it is complete or a checkpoint.  For a program that must
 * say, after an interruption, what the next run finds.  Thread-safe. */
typedef struct grundy_store_saved {
    uint64_t count;   /* tables kept; 0: none (the fields below are 0) */
    char spec[256];   /* the last one's canonical spec */
    grundy_pos size;  /* its entries: g(0 .. size-1) */
    int complete;     /* 0: a checkpoint of a longer computation */
} grundy_store_saved;

GRUNDY_API void grundy_store_last_saved(grundy_store_saved *out,
                                        grundy_store *s);

/* grundy_store_journal_kept() :
 * The records that the journal of s last synced by this process holds
 * durably (0: none; journals: grundy/experimental.h), which a run that
 * goes on reads back: the values of a board search's big parts.  For a
 * program that must say what an interruption kept.  Thread-safe. */
GRUNDY_API uint64_t grundy_store_journal_kept(grundy_store *s);

/* Locks ********************************************************************/

typedef struct grundy_store_lock grundy_store_lock;

/* grundy_store_lock_entry() :
 * The entry's lock, waited for (progress phase "waiting for another
 * process", cancellable: GRUNDY_ERR_CANCELLED).  A read-only store gives
 * a lock that locks nothing.  Release with grundy_store_unlock().
 *
 * The lock is an exclusive flock() on NAME.lock (created when missing,
 * removed by grundy_store_unlock()), polled every 50 ms.  It belongs to the lock object, not to the process
 * or thread: a second lock of the same entry waits, even in the same
 * thread (so never take it twice).  GRUNDY_ERR_IO when the lock file
 * cannot be opened (and the warning callback is told); GRUNDY_ERR_ARG for
 * a bad spec. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_store_lock_entry(
    grundy_store_lock **out, grundy_store *s, const char *spec);

/* grundy_store_unlock() : releases and frees the lock, and removes the
 * NAME.lock file (a process waiting on it then opens a new one), so no
 * lock file outlives its use; accepts NULL. */
GRUNDY_API void grundy_store_unlock(grundy_store_lock *l);

/* Management ***************************************************************/

/* One entry as listed: the header only (not verified). */
typedef struct grundy_store_info {
    char spec[256];
    char path[4096];
    grundy_pos size;
    unsigned width;
    grundy_value max;
    int complete;
    grundy_period period;
    char version[32];
    uint64_t file_bytes;
    int readable; /* 0: the header is damaged or foreign */
    /* 1: a split table (grundy/experimental.h): path is its manifest,
     * size its positions, file_bytes the manifest's and every slice's,
     * version the first slice's writer. */
    int split;
    unsigned slices; /* of a split table */
} grundy_store_info;

/* grundy_store_list() :
 * Every table file (NAME.gtab) and every split table (its manifest,
 * NAME.gsplit) in the store, as a new array (free with free(); NULL when
 * count is 0): the readable ones sorted by spec (a whole table before a
 * split one of the same spec), then the others (readable = 0: a damaged
 * header or manifest, a file too short for its header, or a table filed
 * under another spec's name) sorted by path.  Lock, temporary and .bad
 * files and slices are not listed (a split table's entry counts its
 * slices' bytes).  A missing folder is an
 * empty store; GRUNDY_ERR_IO when the folder cannot be read. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_list(grundy_store_info **out, size_t *count, grundy_store *s);

/* grundy_store_verify_entry() :
 * Verify every checksum of one entry's file, and of its split table
 * (the manifest and every slice) when it has one: *ok = 1 when all are
 * sound.
 * A file that fails is left where it is (and *why says what failed, as
 * grundy_store_load() would warn; "" when sound; why may be NULL).
 * GRUNDY_ERR_RANGE when the store has neither a table nor a split table
 * of spec; GRUNDY_ERR_CANCELLED through the progress callback. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_store_verify_entry(
    int *ok, char *why, size_t why_cap, grundy_store *s, const char *spec);

/* grundy_store_verify_file() :
 * grundy_store_verify_entry() for a file named by its path (a path from
 * grundy_store_list()): sound when every check passes and the file is the
 * entry of the spec its header names.  A manifest (NAME.gsplit) is
 * verified with every slice it names.  GRUNDY_ERR_RANGE when it does not
 * exist. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_verify_file(int *ok, char *why, size_t why_cap,
                         grundy_store *s, const char *path);

/* grundy_store_remove() :
 * Remove the entry of spec (under its lock), with its NAME.bad, its
 * temporary files and its NAME.lock, and its split table (the manifest
 * and every slice file, finished or not).  GRUNDY_ERR_RANGE when there is
 * none of these; GRUNDY_ERR_IO when a file cannot be removed (the warning
 * callback says which).  It takes the entry's lock, so a caller holding
 * that lock waits for itself (until the progress callback cancels):
 * release it first. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_remove(grundy_store *s, const char *spec);

/* grundy_store_remove_matching() :
 * grundy_store_remove() of every readable entry whose canonical spec
 * matches the shell pattern (fnmatch(3): 'cram:*', '0.?7'), a whole and
 * a split table of one spec once.  *matched entries matched; those
 * removed (or already gone) are copied into a new array *removed of *n
 * (free() it; NULL when none), in the order of grundy_store_list().
 * When a removal fails, its error (the warning callback named the file;
 * the others are still removed, *matched counts it); grundy_store_list()'s
 * errors, with nothing matched. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_store_remove_matching(
    grundy_store_info **removed, size_t *n, size_t *matched,
    grundy_store *s, const char *pattern);

/* grundy_store_entry_path() :
 * The file name of spec's entry in the store (it may not exist), snprintf
 * semantics: the path's length is returned, at most cap - 1 bytes and a
 * NUL are written. */
GRUNDY_API size_t grundy_store_entry_path(const grundy_store *s,
                                          const char *spec, char *buf,
                                          size_t cap);

/* Size *********************************************************************
 *
 * A store keeps its files under a limit (grundy_store_opts.size_limit).
 * Loading a table counts as a use of it (its file's access time is set
 * to now).  After a save that wrote a file, while the store's files take
 * more than the limit, whole entries are removed, least recently used
 * first (the later of a file's access and modification times): a table
 * with its .bad and temporary files, a split table with its slices;
 * damaged files before any.  An entry whose lock another holds, and the
 * one just saved, are never removed.  A table that alone would pass the
 * limit is not saved (the warning callback says so). */

/* The limit in bytes (UINT64_MAX: none). */
GRUNDY_API uint64_t grundy_store_size_limit(const grundy_store *s);

/* grundy_store_parse_limit() :
 * A limit as a user writes it (--store-limit, GRUNDY_STORE_LIMIT): a
 * positive number of bytes, with K, M, G or T (powers of 1024, "KiB" and
 * "KB" alike), or "none" (UINT64_MAX).  GRUNDY_ERR_ARG otherwise. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_parse_limit(const char *text, uint64_t *out);

/* grundy_store_usage() :
 * The bytes of every file of the store in its folder (tables, split
 * tables, files set aside, temporary and lock files; nothing else the
 * folder holds).  A missing folder is 0; GRUNDY_ERR_IO when it cannot be
 * read. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_usage(uint64_t *bytes, grundy_store *s);

/* grundy_store_trim() :
 * Remove least recently used entries, as after a save, until the store
 * takes at most limit bytes, never the entry of keep (NULL: none);
 * *removed (may be NULL) says how many bytes went.  Nothing in a
 * read-only store. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_store_trim(
    grundy_store *s, uint64_t limit, const char *keep, uint64_t *removed);

/* grundy_store_clear() :
 * Remove every entry (as grundy_store_remove() does) whose lock no one
 * holds, every file set aside (.bad), and every journal of a board
 * search (j-HASH.gjnl) that no process holds: *removed entries and
 * journals went, *busy
 * (may be NULL) were in use and stay. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_clear(grundy_store *s, size_t *removed, size_t *busy);

/* Split tables (one slice per process of a job) and tables grown in
 * their file are in grundy/experimental.h. */

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_STORE_H */
