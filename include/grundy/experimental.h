/*
 * grundy/experimental.h -- the advanced calls: what a family kernel sees of
 * the table it fills, tables over memory the caller holds, split tables
 * kept as slices, and tables grown in their file.
 *
 * The stable API (grundy.h and the headers it includes) is what most
 * programs need: games, values, sums, tables, the store, the session.
 * The calls here serve a family's own kernel, the store's internals, and
 * engines built beside the library (grundy-mpi); they may change between
 * minor versions, as the layouts they expose do.  Include this header on
 * purpose, after the stable ones.
 */
#ifndef GRUNDY_EXPERIMENTAL_H
#define GRUNDY_EXPERIMENTAL_H

#include "grundy/io.h"
#include "grundy/store.h"
#include "grundy/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Kernels: the engine's side ***********************************************/

/* grundy_fill_tick() :
 * For a family kernel (grundy_kernel.fill): values[0 .. done) are final.
 * Reports progress, keeps checkpoints of long fills, and returns
 * GRUNDY_ERR_CANCELLED when the work must stop (the kernel then returns
 * that status at once).  Cheap: call it every few thousand positions.
 * f may be NULL (then it does nothing). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_fill_tick(grundy_fill *f,
                                                           grundy_pos done);

/* grundy_fill_release() :
 * Tell the fill that values lo .. hi-1 are final and will not be read
 * for a while: a table grown in its file (out of core) writes them out
 * and drops them from memory; other tables ignore it.  A kernel that
 * calls it keeps its resident memory to what it reads at random. */
GRUNDY_API void grundy_fill_release(grundy_fill *f, grundy_pos lo,
                                    grundy_pos hi);

/* grundy_table_release() :
 * The same for a reader of t that passes over it once (statistics of a
 * table longer than memory); ignored by tables in memory. */
GRUNDY_API void grundy_table_release(const grundy_table *t, grundy_pos lo,
                                     grundy_pos hi);

/* grundy_fill_offset() : the position whose value values[0] holds: 0 for
 * a table, the window's start for a kernel with a lookback. */
GRUNDY_API grundy_pos grundy_fill_offset(const grundy_fill *f);

/* grundy_fill_limits() : the limits of the fill (threads, memory). */
GRUNDY_API const grundy_limits *grundy_fill_limits(const grundy_fill *f);

/* Tables over memory the caller holds **************************************/

/* grundy_table_new_raw() :
 * An empty table of g with room for n entries of width bytes (1, 2 or 4),
 * mem-checked; *data is where the caller writes them.  When they are
 * written, grundy_table_commit() makes them the table's entries.  Free
 * with grundy_table_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_table_new_raw(grundy_table **out, void **data, const grundy_game *g,
                     unsigned width, grundy_pos n, const grundy_limits *lim);

/* grundy_table_commit() :
 * Entries size .. n-1, written at the table's data, are final: the size
 * becomes n, and the largest value is noted.  @pre n <= the room. */
GRUNDY_API void grundy_table_commit(grundy_table *t, grundy_pos n);

/* grundy_table_wrap() :
 * A table of size entries of width bytes at data (a mapping of a stored
 * file), whose largest value is max, first at max_at.  The table reads
 * data in place and never frees it: release(ctx) is called instead when
 * the table is freed, or when it first grows (it then copies the values
 * into memory of its own).  release may be NULL. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_table_wrap(grundy_table **out, const grundy_game *g, const void *data,
                  unsigned width, grundy_pos size, grundy_value max,
                  grundy_pos max_at, void (*release)(void *ctx), void *ctx);

/* grundy_table_wrap_in_place() :
 * A table grown in place: data is a writable region of cap entries that
 * never moves (the table never reallocates or widens it), of which the
 * first size are final.  drop(ctx, lo, hi) lets go of entries lo .. hi-1
 * (grundy_fill_release(), grundy_table_release()); release(ctx) is
 * called when the table is freed.  Either hook may be NULL. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_table_wrap_in_place(
    grundy_table **out, const grundy_game *g, void *data, unsigned width,
    grundy_pos size, grundy_pos cap, grundy_value max, grundy_pos max_at,
    void (*release)(void *ctx),
    void (*drop)(void *ctx, grundy_pos lo, grundy_pos hi), void *ctx);

/* grundy_table_prefix() :
 * The first n entries of t (n <= its size) as a table of their own that
 * shares t's values (its largest value is that of the prefix).  Valid
 * while t neither grows nor is freed; free it with grundy_table_free(),
 * which leaves t alone. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_table_prefix(grundy_table **out, const grundy_table *t, grundy_pos n);

/* Split tables *************************************************************/

/* A board table computed by many processes (grundy-mpi, one process per
 * slice) is kept as a split table: one slice file per process and a
 * manifest, written last, that marks the set complete.  Beside the
 * entry SLUG-HASH.gtab of the spec live
 *
 *   SLUG-HASH.gsplit                    the manifest (text, checksummed);
 *   SLUG-HASH.rIofN.tLO-HI.gslice       slice I of N holding tiers LO ..
 *                                       HI - 1 (a job keeps one file per
 *                                       slice and tier while it runs: its
 *                                       checkpoints; the finished slices
 *                                       hold every tier).
 *
 * A slice file is a table file of the store's format (one byte per
 * value, checksummed blocks, written to a temporary file, fsync'd and
 * renamed) whose header carries flag 8 and says which slice of how many
 * it is, which tiers it holds, how many positions the whole table has
 * and the block size of the split.  The store gives those numbers no
 * meaning: the table module lays the values out (src/table/tiers_split.c,
 * doc/STORE.md).  A slice without a manifest is never read as a table.
 *
 * The manifest names the spec, the positions, tiers, block size and
 * number of slices, the whole table's largest value and where it first
 * occurs, and per slice its size, largest value and the XXH3-64 of its
 * file's header (which covers every checksum of the file), so a slice
 * that is not the one the job wrote is found.  It is written to a
 * temporary file, fsync'd and renamed like a table. */

typedef struct grundy_store_slice {
    char spec[256];       /* canonical spec of the whole table */
    unsigned index;       /* this slice: 0 .. count - 1 */
    unsigned count;       /* slices of the table, >= 1 */
    unsigned tier_lo;     /* tiers held: tier_lo .. tier_hi - 1 */
    unsigned tier_hi;     /* (tier_lo < tier_hi <= 64) */
    grundy_pos positions; /* positions of the whole table */
    uint64_t block;       /* positions per block of the split, 2^j */
    /* The values, one byte each: */
    grundy_pos size;      /* values in the file */
    grundy_value max;     /* the largest ... */
    grundy_pos max_at;    /* ... and its first offset in the file */
    uint64_t header_hash; /* XXH3-64 of the file's header (set by save
                             and open; ignored on input) */
} grundy_store_slice;

/* A piece of a slice's values; a slice is saved from several pieces (its
 * tiers) without copying them together. */
typedef struct grundy_store_chunk {
    const void *data;
    uint64_t bytes;
} grundy_store_chunk;

/* grundy_store_slice_save() :
 * Write the slice sl (its name fields, positions, block, size, max and
 * max_at; header_hash is set) whose values are the concatenation of
 * chunks[0 .. nchunks), sl->size bytes in all: temporary file, fsync,
 * rename over the slice's file, fsync of the folder.  A slice file always
 * replaces the one of the same name.  GRUNDY_ERR_ARG when sl is
 * inconsistent (see the header rules in doc/STORE.md, chunk sizes that do
 * not add up to size, a value at max_at other than max, a value above
 * max is not looked for); GRUNDY_ERR_IO when writing fails (the warning
 * callback is told; the old file stays); GRUNDY_ERR_IO too in a
 * read-only store, which can keep no slices. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_slice_save(grundy_store *s, grundy_store_slice *sl,
                        const grundy_store_chunk *chunks, size_t nchunks);

/* grundy_store_slice_open() :
 * Map the slice file named by want (spec, index, count, tier_lo,
 * tier_hi) after checking its header: it must be a slice with those
 * fields, and, when want->positions or want->block are not 0, those too.
 * verify = 1: every block is verified now, as grundy_store_load() does;
 * 0: only the header and the block table, and reads through
 * grundy_store_mapping_read() verify the blocks they touch (one block
 * for a single value of a table of any size).  *out is NULL when the file
 * is missing or failed a check (the warning callback is told; a bad file
 * is moved aside to NAME.bad, as tables are).  The slice's fields are
 * grundy_store_mapping_slice(*out).  Errors as for grundy_store_load(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_slice_open(grundy_store_mapping **out, grundy_store *s,
                        const grundy_store_slice *want, int verify);

/* grundy_store_open_table() :
 * grundy_store_load() with a choice: verify = 1 is grundy_store_load();
 * 0 checks the header and the block table only, and reads through
 * grundy_store_mapping_read() verify the blocks they touch, so a single
 * value of a stored table of any size costs one block (1 MiB) of reading
 * and hashing.  The values of such a mapping (its table's data) must be
 * read through grundy_store_mapping_read() only. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_open_table(grundy_store_mapping **out, grundy_store *s,
                        const char *spec, int verify);

/* The slice a mapping holds, or NULL for a whole table. */
GRUNDY_API const grundy_store_slice *
grundy_store_mapping_slice(const grundy_store_mapping *m);

/* grundy_store_mapping_read() :
 * Copy n bytes of values from offset (in bytes) into out, verifying every
 * block they touch that was not verified yet.  GRUNDY_ERR_RANGE past the
 * end; GRUNDY_ERR_IO when a block fails its checksum (the warning
 * callback names the file and the block; the file is left in place).
 * Not thread-safe on one mapping. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_mapping_read(void *out, grundy_store_mapping *m,
                          uint64_t offset, size_t n);

/* grundy_store_slice_path() :
 * The file name of the slice named by sl, snprintf semantics. */
GRUNDY_API size_t grundy_store_slice_path(const grundy_store *s,
                                          const grundy_store_slice *sl,
                                          char *buf, size_t cap);

/* grundy_store_slice_remove() :
 * Remove the slice file named by sl; GRUNDY_ERR_RANGE when it does not
 * exist, GRUNDY_ERR_IO when it cannot be removed. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_slice_remove(grundy_store *s, const grundy_store_slice *sl);

/* A manifest: the whole table, and its slices. */
typedef struct grundy_store_split {
    char spec[256];
    grundy_pos positions; /* of the whole table */
    unsigned tiers;       /* every slice holds tiers 0 .. tiers - 1 */
    uint64_t block;       /* positions per block of the split */
    unsigned count;       /* slices */
    grundy_value max;     /* the whole table's largest value ... */
    grundy_pos max_at;    /* ... and the first position holding it */
    /* slices[i]: slice i (index i of count, tiers 0 .. tiers - 1): its
     * size, max, max_at and header_hash. */
    grundy_store_slice *slices;
} grundy_store_split;

/* grundy_store_split_save() :
 * Write the manifest of m (temporary file, fsync, rename, fsync of the
 * folder): from then on the split table of m->spec is complete.  The
 * slices must be in the store already; their header hashes are what
 * m->slices say.  GRUNDY_ERR_ARG for an inconsistent m (a spec holding a
 * line break, slices not numbered 0 .. count - 1, sizes that do not add
 * up to the positions); GRUNDY_ERR_IO as for grundy_store_save(), and in
 * a read-only store. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_split_save(grundy_store *s, const grundy_store_split *m);

/* grundy_store_split_load() :
 * The manifest of spec, checked (its checksum, every field); *out is
 * NULL when there is none, or when it failed a check (then it was moved
 * aside to NAME.bad and the warning callback told why).  The slices are
 * not opened: grundy_store_slice_open() them with the manifest's fields,
 * and compare their header_hash.  Free with grundy_store_split_free(). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_split_load(grundy_store_split **out, grundy_store *s,
                        const char *spec);

/* grundy_store_split_open_slice() :
 * Slice i of the split table m, opened as grundy_store_slice_open() does
 * (verify alike), and checked against the manifest: its size and header
 * checksum.  *out is NULL when the slice is missing, fails a check or
 * is not the one the manifest names (the warning callback says which). */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_split_open_slice(grundy_store_mapping **out, grundy_store *s,
                              const grundy_store_split *m, unsigned i,
                              int verify);

/* grundy_store_split_free() : accepts NULL. */
GRUNDY_API void grundy_store_split_free(grundy_store_split *m);

/* Tables grown in their file (out of core) ********************************
 *
 * A table longer than memory is computed straight into its file, the
 * entry's NAME.tmp-grow (laid out as the finished entry), whose values
 * are mapped read-write.  The caller keeps in memory only what it reads
 * at random and releases the rest (grundy_store_grow_release()), which
 * is written out in order and dropped from the resident set.  A
 * checkpoint makes the finished prefix durable and records it in
 * NAME.tmp-grow.state (written whole or not at all), so a run killed at
 * any moment, kill -9 included, is taken up by the next one from its
 * last checkpoint; finishing turns the file into the entry.  The caller
 * holds the entry's lock (grundy_store_lock_entry()) throughout.  The
 * finished file is byte for byte the one grundy_store_save() writes. */

typedef struct grundy_store_grow grundy_store_grow;

/* grundy_store_grow_open() :
 * Open the table of spec being grown to cap entries of width bytes,
 * creating it, or taking up an earlier run: its prefix is verified block
 * by block (a prefix that fails is dropped, with a warning), moved when
 * that run asked for another size, and cut to whole blocks within cap
 * when it is longer.  grundy_store_grow_size() says how many entries were
 * taken up.  GRUNDY_ERR_IO when the store is read-only or the files
 * cannot be written (the warning callback says why); GRUNDY_ERR_ARG for
 * a bad spec, width or cap 0; GRUNDY_ERR_OVERFLOW when the file would be
 * too large to map; GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_store_grow_open(
    grundy_store_grow **out, grundy_store *s, const char *spec,
    unsigned width, grundy_pos cap);

/* The values: cap entries of width bytes, writable, valid until
 * grundy_store_grow_close(). */
GRUNDY_API void *grundy_store_grow_data(const grundy_store_grow *g);

/* The entries final so far (taken up or checkpointed), and their largest
 * value and its first position (each pointer may be NULL). */
GRUNDY_API grundy_pos grundy_store_grow_size(const grundy_store_grow *g,
                                             grundy_value *max,
                                             grundy_pos *max_at);

/* grundy_store_grow_release() :
 * Entries lo .. hi-1 are final and will not be read for a while: write
 * them out and drop them from memory (a later read maps them back in). */
GRUNDY_API void grundy_store_grow_release(grundy_store_grow *g,
                                          grundy_pos lo, grundy_pos hi);

/* grundy_store_grow_checkpoint() :
 * Entries 0 .. size-1 are final: make them durable and record them,
 * rounded down to a whole block of checksums (hashed, and their largest
 * value noted, as they are recorded).  GRUNDY_ERR_IO (and a warning)
 * when the disk refuses; the computation may go on. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_grow_checkpoint(grundy_store_grow *g, grundy_pos size);

/* grundy_store_grow_finish() :
 * All cap entries are final: hash the blocks not yet hashed, write the
 * block table and the header (a complete table; its largest value found
 * while hashing; period may be NULL), fsync, and rename the file over the
 * entry when it is the better table (as grundy_store_save()).  The
 * values stay mapped.  GRUNDY_ERR_ARG for a period the header cannot
 * hold; GRUNDY_ERR_IO. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_grow_finish(grundy_store_grow *g, const grundy_period *period);

/* grundy_store_grow_close() : unmaps (the files stay, to be taken up,
 * unless finished); accepts NULL. */
GRUNDY_API void grundy_store_grow_close(grundy_store_grow *g);

/* Journals: records that last across runs *********************************/

/* A file of the store (j-HASH.gjnl, named by a hash of the journal's
 * name), of records of a fixed size appended
 * one after another (a board search keeps there the values of its big
 * parts: grundy/values.h).  The file holds a header and a tag (what the
 * records mean: compared byte for byte when the journal is opened again),
 * then each record followed by its XXH3 checksum. */
typedef struct grundy_store_journal grundy_store_journal;

/* grundy_store_journal_open() :
 * The journal called name (any text: a spec and more) of store s,
 * created when missing, of records of rec_size bytes (1 .. 1024) under
 * tag (at most 4095 bytes; it should hold the name).  Every
 * record already there whose checksum holds is handed to each(ctx, rec),
 * in order, up to the first that fails (a write cut short by kill -9):
 * the file is cut there.  A file whose header or tag does not match (a
 * journal of another format, width or game, or a damaged one) is set
 * aside with the store's warning and a new journal begun.  The journal is
 * locked by this process until closed.  Errors: GRUNDY_ERR_ARG,
 * GRUNDY_ERR_IO (a read-only store, a journal another process holds, a
 * failed read or write), GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_store_journal_open(
    grundy_store_journal **out, grundy_store *s, const char *name,
    const char *tag, size_t rec_size,
    void (*each)(void *ctx, const void *rec), void *ctx);

/* grundy_store_journal_add() :
 * Append a record (buffered; written whole).  Safe from several threads.
 * GRUNDY_ERR_IO once a write has failed. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_journal_add(grundy_store_journal *j, const void *rec);

/* grundy_store_journal_sync() : everything added so far made durable. */
GRUNDY_NODISCARD GRUNDY_API grundy_status
grundy_store_journal_sync(grundy_store_journal *j);

/* grundy_store_journal_records() : records read and added. */
GRUNDY_API uint64_t grundy_store_journal_records(grundy_store_journal *j);

/* grundy_store_journal_close() : synced, unlocked and freed (NULL: no-op);
 * the status of the last sync. */
GRUNDY_API grundy_status grundy_store_journal_close(grundy_store_journal *j);

/* What one journal of the store holds, read without opening it for
 * writing.  The tag's lines "spec SPEC" and "width BITS" (a board
 * search's journal has both) give spec and width. */
typedef struct grundy_store_journal_info {
    char path[4096];
    char spec[256];      /* "" when the tag has no spec line */
    unsigned width;      /* 0 when the tag has no width line */
    size_t rec_size;     /* bytes of a record, without its checksum */
    uint64_t records;    /* whole records after the tag (their checksums
                            are not read: grundy_store_journal_verify()) */
    uint64_t file_bytes;
    int readable; /* 0: too short, or the header or the tag fails its
                     checksum (a run sets it aside and begins anew) */
    int in_use;   /* a process holds it: a search is writing it */
} grundy_store_journal_info;

/* grundy_store_journals() :
 * Every journal of the store (j-HASH.gjnl), as a new array (free();
 * NULL when *count is 0): the readable ones sorted by spec, then width,
 * then the others sorted by path.  A missing folder has none;
 * GRUNDY_ERR_IO when the folder cannot be read, GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_store_journals(
    grundy_store_journal_info **out, size_t *count, grundy_store *s);

/* grundy_store_journal_verify() :
 * Read every checksum of the journal at path (a file of store s): *ok = 1
 * when the header, the tag and every whole record are sound.  A part of
 * a record at the end (a write that kill -9 cut short) is not a fault:
 * the next run drops it.  *sound (may be NULL): the records before the
 * first that fails, which a run reads; *why says what failed ("" when
 * sound; may be NULL).  GRUNDY_ERR_IO when the file cannot be read,
 * GRUNDY_ERR_NOMEM. */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_store_journal_verify(
    int *ok, uint64_t *sound, char *why, size_t cap, grundy_store *s,
    const char *path);

/* grundy_store_remove_journals() :
 * Remove every readable journal whose spec is spec (exact = 1) or matches
 * the shell pattern spec (exact = 0; fnmatch(3)) and that no process
 * holds: *removed (may be NULL) went, *busy (may be NULL) are held and
 * stay.  GRUNDY_ERR_IO when a file cannot be removed (the warning
 * callback says which; the others are still removed). */
GRUNDY_NODISCARD GRUNDY_API grundy_status grundy_store_remove_journals(
    grundy_store *s, const char *spec, int exact, size_t *removed,
    size_t *busy);

/* grundy_format_store_listing() :
 * grundy_format_store_list() (grundy/format.h) with the journals
 * j[0..nj) of the store (grundy_store_journals()) after the tables: a
 * line each ("SPEC: board search, N facts kept, W-bit keys, B bytes",
 * and ", in use" while a search writes it; "PATH: damaged or foreign"),
 * and the total counts them; in json, the array "searches" of {rules,
 * file, facts, width, bytes, in_use}, and the damaged ones' paths in
 * "damaged". */
GRUNDY_API void grundy_format_store_listing(
    grundy_writer *w, const grundy_store *s, const grundy_store_info *info,
    size_t n, const grundy_store_journal_info *j, size_t nj, uint64_t bytes,
    int json);

/* grundy_format_store_removed_searches() :
 * `grundy store remove`: "removed N board searches" (grundy_store_remove_
 * journals()), a line; nothing when n is 0. */
GRUNDY_API void grundy_format_store_removed_searches(grundy_writer *w,
                                                     size_t n);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_EXPERIMENTAL_H */
