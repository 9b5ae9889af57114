/*
 * format.c -- the table file of the store, format version 1.
 *
 * A file is a fixed header, a table of block checksums, and the values at
 * an offset that is a multiple of 4096, so that the values can be mapped
 * in place.  Every integer is little-endian; every byte of the file is
 * covered by a checksum (XXH3-64, seed 0), so any flipped bit is found:
 *
 *   offset  bytes  field
 *        0      8  magic 89 47 54 41 42 0D 0A 1A ("\x89GTAB\r\n\x1a": a
 *                  high byte and line ends catch text-mode copies)
 *        8      4  format version (1)
 *       12      4  header size (512)
 *       16      8  entries (n): g(0 .. n-1)
 *       24      4  width: bytes per entry, 1, 2 or 4
 *       28      4  flags: 1 complete, 2 period found, 4 period proven,
 *                  8 a slice of a split table
 *       32      8  the largest value
 *       40      8  the first position holding it (0 when n = 0)
 *       48      8  period: preperiod
 *       56      8  period: period
 *       64      8  period: saltus
 *       72      8  period: checked up to (table size)
 *                  (the four period fields are 0 unless found)
 *       80      8  block size B: bytes of values per checksum (2^20 when
 *                  written; a reader takes any power of two 2^12 .. 2^30)
 *       88      8  blocks: ceil(n * width / B)
 *       96      8  data offset D = roundup(512 + 8 * blocks, 4096)
 *      104      8  XXH3-64 of bytes [512, D): the block table and padding
 *      112      4  spec length (1 .. 255)
 *      116      4  0
 *      120     32  version of grundy that wrote the file, NUL-padded
 *      152    256  canonical spec, NUL-padded
 *      408     32  a slice of a split table (flag 8), else 0:
 *                  408 slice index, 412 slice count, 416 first tier,
 *                  420 tier past the last (4 bytes each), 424
 *                  positions of the whole table, 432 positions per
 *                  block of the split (8 bytes each)
 *      440     64  0
 *      504      8  XXH3-64 of bytes [0, 504)
 *      512  8 * blocks  XXH3-64 of each block of values (the last one may
 *                  be short)
 *      ...         0 up to D
 *        D  n * width  the values, little-endian
 *
 * The file is exactly D + n * width bytes long.  Nothing in it depends on
 * the time or the machine, so one table always gives the same bytes.
 *
 * A reader trusts nothing before it is checked, in this order: the magic,
 * the version (a newer format is named as such), the header's length and
 * checksum, each field's range (zero bytes included), the layout computed
 * from n, width and B without overflow, and the file's length against it.
 * Only then is the file mapped and the block table and blocks verified
 * (file.c).  XXH3 runs near memory speed, so verifying every block on
 * each load costs about as much as touching the pages once.
 */
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "store/format.h"

#define HEADER_HASH_AT 504u

#define F_COMPLETE 1u
#define F_FOUND 2u
#define F_PROVEN 4u
#define F_SLICE 8u

/* offsets of the header fields */
enum {
    O_MAGIC = 0, O_VERSION = 8, O_HEADER = 12, O_SIZE = 16, O_WIDTH = 24,
    O_FLAGS = 28, O_MAX = 32, O_MAX_AT = 40, O_PREPERIOD = 48, O_PERIOD = 56,
    O_SALTUS = 64, O_CHECKED = 72, O_BLOCK = 80, O_NBLOCKS = 88,
    O_DATA = 96, O_TABLE_HASH = 104, O_SPEC_LEN = 112, O_RESERVED = 116,
    O_WRITER = 120, O_SPEC = 152, O_SLICE_INDEX = 408, O_SLICE_COUNT = 412,
    O_TIER_LO = 416, O_TIER_HI = 420, O_POSITIONS = 424,
    O_SPLIT_BLOCK = 432, O_ZERO = 440
};

static const unsigned char magic[8] = {0x89, 'G', 'T', 'A', 'B', '\r', '\n',
                                       0x1a};

uint64_t grundy_store_hash(const void *p, size_t n)
{
    return (uint64_t)XXH3_64bits(p, n);
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

uint64_t grundy_store_get64(const unsigned char *p)
{
    return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

void grundy_store_put64(unsigned char *p, uint64_t v)
{
    put32(p, (uint32_t)v);
    put32(p + 4, (uint32_t)(v >> 32));
}

int grundy_store_layout(grundy_store_header *h, uint64_t *file_bytes)
{
    uint64_t data, table_end, off;
    if (!h->block_bytes)
        h->block_bytes = STORE_BLOCK_BYTES;
    if (h->width == 0 || h->size > UINT64_MAX / h->width)
        return 0;
    data = h->size * h->width;
    if (data > SIZE_MAX)
        return 0;
    h->nblocks = data / h->block_bytes + (data % h->block_bytes != 0);
    /* blocks <= 2^52 since B >= 2^12: no overflow below */
    table_end = STORE_HEADER_BYTES + 8 * h->nblocks;
    off = (table_end + STORE_ALIGN - 1) / STORE_ALIGN * STORE_ALIGN;
    h->data_offset = off;
    if (data > (uint64_t)INT64_MAX - off)
        return 0;
    *file_bytes = off + data;
    return 1;
}

void grundy_store_header_encode(unsigned char *out,
                                const grundy_store_header *h)
{
    size_t spec_len = strlen(h->spec), ver_len = strlen(h->version);
    uint32_t flags = (h->complete ? F_COMPLETE : 0) |
                     (h->period.found ? F_FOUND : 0) |
                     (h->period.proven ? F_PROVEN : 0) |
                     (h->slice ? F_SLICE : 0);
    memset(out, 0, STORE_HEADER_BYTES);
    memcpy(out + O_MAGIC, magic, sizeof magic);
    put32(out + O_VERSION, GRUNDY_STORE_FORMAT);
    put32(out + O_HEADER, STORE_HEADER_BYTES);
    grundy_store_put64(out + O_SIZE, h->size);
    put32(out + O_WIDTH, h->width);
    put32(out + O_FLAGS, flags);
    grundy_store_put64(out + O_MAX, h->max);
    grundy_store_put64(out + O_MAX_AT, h->max_at);
    if (h->period.found) {
        grundy_store_put64(out + O_PREPERIOD, h->period.preperiod);
        grundy_store_put64(out + O_PERIOD, h->period.period);
        grundy_store_put64(out + O_SALTUS, h->period.saltus);
        grundy_store_put64(out + O_CHECKED, h->period.checked_upto);
    }
    grundy_store_put64(out + O_BLOCK, h->block_bytes);
    grundy_store_put64(out + O_NBLOCKS, h->nblocks);
    grundy_store_put64(out + O_DATA, h->data_offset);
    grundy_store_put64(out + O_TABLE_HASH, h->table_hash);
    put32(out + O_SPEC_LEN, (uint32_t)spec_len);
    memcpy(out + O_WRITER, h->version, ver_len < 31 ? ver_len : 31);
    memcpy(out + O_SPEC, h->spec, spec_len);
    if (h->slice) {
        put32(out + O_SLICE_INDEX, h->slice_index);
        put32(out + O_SLICE_COUNT, h->slice_count);
        put32(out + O_TIER_LO, h->tier_lo);
        put32(out + O_TIER_HI, h->tier_hi);
        grundy_store_put64(out + O_POSITIONS, h->positions);
        grundy_store_put64(out + O_SPLIT_BLOCK, h->split_block);
    }
    grundy_store_put64(out + HEADER_HASH_AT,
                       grundy_store_hash(out, HEADER_HASH_AT));
}

static int all_zero(const unsigned char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

#define FAIL(...)                                                             \
    do {                                                                      \
        snprintf(why, why_cap, __VA_ARGS__);                                  \
        return 0;                                                             \
    } while (0)

int grundy_store_header_check(const grundy_store_header *h, char *why,
                              size_t why_cap)
{
    uint64_t vmax;
    if (h->width != 1 && h->width != 2 && h->width != 4)
        FAIL("width %u", h->width);
    vmax = h->width == 4 ? UINT32_MAX : ((uint64_t)1 << (8 * h->width)) - 1;
    if (h->max > vmax)
        FAIL("largest value %llu in %u bytes", (unsigned long long)h->max,
             h->width);
    if (h->size ? h->max_at >= h->size : (h->max | h->max_at) != 0)
        FAIL("largest value at %llu of %llu entries",
             (unsigned long long)h->max_at, (unsigned long long)h->size);
    if (h->period.proven && !h->period.found)
        FAIL("a period proven but not found");
    if (!grundy_store_spec_ok(h->spec))
        FAIL("spec");
    if (h->slice) {
        if (h->width != 1)
            FAIL("a slice of width %u", h->width);
        if (h->slice_count == 0 || h->slice_index >= h->slice_count)
            FAIL("slice %u of %u", h->slice_index, h->slice_count);
        if (h->tier_lo >= h->tier_hi || h->tier_hi > 64)
            FAIL("tiers %u to %u", h->tier_lo, h->tier_hi);
        if (h->size > h->positions)
            FAIL("a slice of %llu of %llu positions",
                 (unsigned long long)h->size,
                 (unsigned long long)h->positions);
        if (h->split_block == 0 ||
            (h->split_block & (h->split_block - 1)) != 0)
            FAIL("split block %llu", (unsigned long long)h->split_block);
        if (h->complete != 1 || h->period.found)
            FAIL("a slice that is a checkpoint or has a period");
    } else if (h->slice_index | h->slice_count | h->tier_lo | h->tier_hi |
               h->positions | h->split_block) {
        FAIL("slice fields in a whole table");
    }
    return 1;
}

int grundy_store_header_decode(grundy_store_header *h, const unsigned char *buf,
                        size_t got, uint64_t file_bytes, char *why,
                        size_t why_cap)
{
    uint32_t version, flags, spec_len;
    uint64_t want;
    grundy_store_header l;
    char field[128];

    memset(h, 0, sizeof *h);
    if (file_bytes == 0)
        FAIL("not a grundy table (an empty file)");
    if (memcmp(buf, magic, got < sizeof magic ? got : sizeof magic) != 0)
        FAIL("not a grundy table");
    if (got >= O_VERSION + 4) {
        version = get32(buf + O_VERSION);
        if (version != GRUNDY_STORE_FORMAT)
            FAIL("written by format version %lu (this grundy reads "
                 "version %u)",
                 (unsigned long)version, (unsigned)GRUNDY_STORE_FORMAT);
    }
    if (got < STORE_HEADER_BYTES)
        FAIL("truncated: %llu of at least %u bytes",
             (unsigned long long)file_bytes, STORE_HEADER_BYTES);
    if (grundy_store_get64(buf + HEADER_HASH_AT) !=
        grundy_store_hash(buf, HEADER_HASH_AT))
        FAIL("header checksum mismatch");
    if (get32(buf + O_HEADER) != STORE_HEADER_BYTES)
        FAIL("damaged header (header size %lu)",
             (unsigned long)get32(buf + O_HEADER));

    h->size = grundy_store_get64(buf + O_SIZE);
    h->width = get32(buf + O_WIDTH);
    flags = get32(buf + O_FLAGS);
    h->max = grundy_store_get64(buf + O_MAX);
    h->max_at = grundy_store_get64(buf + O_MAX_AT);
    h->period.preperiod = grundy_store_get64(buf + O_PREPERIOD);
    h->period.period = grundy_store_get64(buf + O_PERIOD);
    h->period.saltus = grundy_store_get64(buf + O_SALTUS);
    h->period.checked_upto = grundy_store_get64(buf + O_CHECKED);
    h->block_bytes = grundy_store_get64(buf + O_BLOCK);
    h->nblocks = grundy_store_get64(buf + O_NBLOCKS);
    h->data_offset = grundy_store_get64(buf + O_DATA);
    h->table_hash = grundy_store_get64(buf + O_TABLE_HASH);
    spec_len = get32(buf + O_SPEC_LEN);

    if (flags & ~(F_COMPLETE | F_FOUND | F_PROVEN | F_SLICE))
        FAIL("damaged header (flags %lu)", (unsigned long)flags);
    h->slice = (flags & F_SLICE) != 0;
    if (h->slice) {
        h->slice_index = get32(buf + O_SLICE_INDEX);
        h->slice_count = get32(buf + O_SLICE_COUNT);
        h->tier_lo = get32(buf + O_TIER_LO);
        h->tier_hi = get32(buf + O_TIER_HI);
        h->positions = grundy_store_get64(buf + O_POSITIONS);
        h->split_block = grundy_store_get64(buf + O_SPLIT_BLOCK);
    } else if (!all_zero(buf + O_SLICE_INDEX, O_ZERO - O_SLICE_INDEX)) {
        FAIL("damaged header (reserved bytes)");
    }
    h->complete = (flags & F_COMPLETE) != 0;
    h->period.found = (flags & F_FOUND) != 0;
    h->period.proven = (flags & F_PROVEN) != 0;
    if (!h->period.found &&
        (h->period.preperiod | h->period.period | h->period.saltus |
         h->period.checked_upto))
        FAIL("damaged header (period fields without a period)");
    if (spec_len < 1 || spec_len > GRUNDY_STORE_SPEC_MAX ||
        memchr(buf + O_SPEC, 0, spec_len) ||
        !all_zero(buf + O_SPEC + spec_len,
                  GRUNDY_STORE_SPEC_MAX + 1 - spec_len))
        FAIL("damaged header (spec)");
    memcpy(h->spec, buf + O_SPEC, spec_len);
    h->spec[spec_len] = 0;
    if (!grundy_store_header_check(h, field, sizeof field))
        FAIL("damaged header (%s)", field);
    if (!memchr(buf + O_WRITER, 0, sizeof h->version))
        FAIL("damaged header (writer version)");
    memcpy(h->version, buf + O_WRITER, sizeof h->version);
    if (!all_zero(buf + O_RESERVED, 4) ||
        !all_zero(buf + O_ZERO, HEADER_HASH_AT - O_ZERO))
        FAIL("damaged header (reserved bytes)");
    if (h->block_bytes < 4096 || h->block_bytes > ((uint64_t)1 << 30) ||
        (h->block_bytes & (h->block_bytes - 1)))
        FAIL("damaged header (block size %llu)",
             (unsigned long long)h->block_bytes);

    l = *h;
    if (!grundy_store_layout(&l, &want))
        FAIL("damaged header (%llu entries of %u bytes overflow)",
             (unsigned long long)h->size, h->width);
    if (l.nblocks != h->nblocks || l.data_offset != h->data_offset)
        FAIL("damaged header (block count or data offset)");
    if (file_bytes < want)
        FAIL("truncated: %llu of %llu bytes", (unsigned long long)file_bytes,
             (unsigned long long)want);
    if (file_bytes > want)
        FAIL("%llu bytes where the header says %llu",
             (unsigned long long)file_bytes, (unsigned long long)want);
    return 1;
}

int grundy_store_spec_ok(const char *spec)
{
    return spec && spec[0] && strlen(spec) <= GRUNDY_STORE_SPEC_MAX;
}

size_t grundy_store_entry_name(char *buf, size_t cap, const char *spec)
{
    char stem[STORE_NAME_MAX];
    int len;
    grundy_store_entry_stem(stem, sizeof stem, spec);
    len = snprintf(buf, cap, "%s.gtab", stem);
    return len < 0 ? 0 : (size_t)len;
}

size_t grundy_store_entry_stem(char *buf, size_t cap, const char *spec)
{
    char slug[STORE_SLUG_MAX + 1];
    size_t i, n = strlen(spec);
    int len;
    for (i = 0; i < n && i < STORE_SLUG_MAX; i++) {
        unsigned char c = (unsigned char)spec[i];
        int keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                   (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                   (c == '.' && i > 0);
        slug[i] = keep ? (char)c : '_';
    }
    slug[i] = 0;
    len = snprintf(buf, cap, "%s-%016llx", slug,
                   (unsigned long long)grundy_store_hash(spec, n));
    return len < 0 ? 0 : (size_t)len;
}

size_t grundy_store_slice_name(char *buf, size_t cap,
                               const grundy_store_slice *sl)
{
    char stem[STORE_NAME_MAX];
    int n;
    grundy_store_entry_stem(stem, sizeof stem, sl->spec);
    n = snprintf(buf, cap, "%s.r%uof%u.t%u-%u.gslice", stem, sl->index,
                 sl->count, sl->tier_lo, sl->tier_hi);
    return n < 0 ? 0 : (size_t)n;
}
