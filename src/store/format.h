/*
 * format.h -- the table file format of the store: header encoding and
 * validation, the layout of a file, entry and slice names.  Pure functions
 * on buffers; file.c does the files.  The format is described in format.c.
 */
#ifndef GRUNDY_STORE_FORMAT_H
#define GRUNDY_STORE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/experimental.h"
#include "grundy/store.h"

#define STORE_HEADER_BYTES 512u
#define STORE_ALIGN 4096u                /* the data's offset is a multiple */
#define STORE_BLOCK_BYTES (1u << 20)     /* bytes of data per checksum */
#define STORE_NAME_MAX 100               /* entry name and suffix, with NUL */
#define STORE_SLUG_MAX 64

/* A header as the program sees it (decoded, or to be encoded). */
typedef struct grundy_store_header {
    uint64_t size;        /* entries */
    unsigned width;       /* bytes per entry: 1, 2 or 4 */
    int complete;
    grundy_value max;
    grundy_pos max_at;
    grundy_period period; /* all zero unless found */
    uint64_t block_bytes; /* a power of two, 4 KiB .. 1 GiB */
    uint64_t nblocks;     /* ceil(data_bytes / block_bytes) */
    uint64_t data_offset; /* of the values: header, block table, padding */
    uint64_t table_hash;  /* XXH3-64 of bytes [512, data_offset) */
    char spec[GRUNDY_STORE_SPEC_MAX + 1];
    char version[32];
    /* A slice of a split table (flag 8): which one, and the layout it
     * belongs to; all zero for a whole table. */
    int slice;
    unsigned slice_index, slice_count, tier_lo, tier_hi;
    uint64_t positions;   /* of the whole table */
    uint64_t split_block; /* positions per block of the split */
} grundy_store_header;

/* Fill block_bytes (when 0), nblocks and data_offset from size, width and
 * block_bytes; *file_bytes is the length of the whole file.  0 when the
 * sizes overflow 64 bits (or size_t), 1 otherwise. */
int grundy_store_layout(grundy_store_header *h, uint64_t *file_bytes);

/* The rules every header obeys, for the reader and the writer alike: a
 * width of 1, 2 or 4, a largest value that fits it and lies inside the
 * table (0 at 0 when empty), a proven period only when found, a spec of
 * 1 .. GRUNDY_STORE_SPEC_MAX bytes.  1 when h obeys them; otherwise 0
 * with why[] naming the field. */
int grundy_store_header_check(const grundy_store_header *h, char *why,
                              size_t why_cap);

/* Encode h into the first STORE_HEADER_BYTES bytes of out, header checksum
 * included. */
void grundy_store_header_encode(unsigned char *out,
                                const grundy_store_header *h);

/* grundy_store_header_decode() :
 * Decode and check the first `got` bytes of a file of file_bytes bytes
 * (got = min(file_bytes, STORE_HEADER_BYTES)): magic, version, header
 * checksum, every field, and the layout against the file's length.
 * Returns 1 when the header is sound; otherwise 0 with why[] saying what
 * failed ("not a grundy table", "truncated: 1000 of 4096 bytes", ...). */
int grundy_store_header_decode(grundy_store_header *h, const unsigned char *buf,
                        size_t got, uint64_t file_bytes, char *why,
                        size_t why_cap);

/* XXH3-64 of n bytes. */
uint64_t grundy_store_hash(const void *p, size_t n);

/* Little-endian 64-bit loads and stores (the block table). */
uint64_t grundy_store_get64(const unsigned char *p);
void grundy_store_put64(unsigned char *p, uint64_t v);

/* The entry's file name, SLUG-HASH.gtab (see grundy/store.h), snprintf
 * semantics; at most STORE_NAME_MAX - 12 bytes. */
size_t grundy_store_entry_name(char *buf, size_t cap, const char *spec);
/* SLUG-HASH, the stem every file of spec's entry starts with. */
size_t grundy_store_entry_stem(char *buf, size_t cap, const char *spec);

/* The slice file name of sl, SLUG-HASH.rIofN.tLO-HI.gslice, snprintf
 * semantics. */
size_t grundy_store_slice_name(char *buf, size_t cap,
                               const grundy_store_slice *sl);

/* 1 when spec can be kept: 1 .. GRUNDY_STORE_SPEC_MAX bytes. */
int grundy_store_spec_ok(const char *spec);

/* Bytes that tables grown in their file dropped from memory so far, in
 * this process (grow.c; tests). */
uint64_t grundy_store_grow_dropped(void);

#endif
