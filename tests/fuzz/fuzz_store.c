/*
 * fuzz_store.c -- table files of the store: a corrupt file is rejected,
 * never trusted.
 *
 * Input: one byte of flags, then a table file.  The file is decoded as a
 * header (store/format.h) and then put in a store folder as the entry of
 * the spec it names (or of "0.6") and loaded (grundy_store_load()).  The
 * flags make the harness repair checksums first (bit 0 the header's,
 * bit 1 the block table and the blocks'), so that mutations reach the
 * checks behind them instead of stopping at the first hash.  What must
 * hold: a header that decodes obeys every rule of grundy_store_header_check();
 * a table that loads has a size, width and largest value that agree with its
 * data, all of which can be read; nothing reads outside the file.
 */
#define _GNU_SOURCE /* mkdtemp */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grundy/grundy.h"
#include "store/format.h"
#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];
static grundy_store *store;

static void cleanup_dir(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[512];
    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
}

static void remove_dir(void)
{
    grundy_store_close(store);
    cleanup_dir();
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    grundy_store_opts o;
    const char *tmp = getenv("TMPDIR");
    (void)argc;
    (void)argv;
    snprintf(dir, sizeof dir, "%s/grundy-fuzz-XXXXXX",
             tmp && *tmp && strlen(tmp) < 30 ? tmp : "/tmp");
    if (!mkdtemp(dir))
        fuzz_fail("mkdtemp failed");
    grundy_store_opts_init(&o);
    o.dir = dir;
    if (grundy_store_open(&store, &o) != GRUNDY_OK)
        fuzz_fail("cannot open a store in %s", dir);
    atexit(remove_dir);
    return 0;
}

/* Repair the checksums the flags ask for, where the layout allows. */
static void repair(unsigned char *f, size_t size, unsigned flags)
{
    if (size < STORE_HEADER_BYTES)
        return;
    if (flags & 2) {
        uint64_t B = grundy_store_get64(f + 80),
                 nb = grundy_store_get64(f + 88);
        uint64_t D = grundy_store_get64(f + 96), i;
        if (B >= 4096 && B <= ((uint64_t)1 << 30) && (B & (B - 1)) == 0 &&
            D <= size && nb <= (D - STORE_HEADER_BYTES) / 8 &&
            D >= STORE_HEADER_BYTES) {
            for (i = 0; i < nb && D + i * B < size; i++) {
                uint64_t len = size - (D + i * B) < B ? size - (D + i * B) : B;
                grundy_store_put64(f + STORE_HEADER_BYTES + 8 * i,
                            grundy_store_hash(f + D + i * B, (size_t)len));
            }
            grundy_store_put64(
                f + 104, grundy_store_hash(f + STORE_HEADER_BYTES,
                                           (size_t)(D - STORE_HEADER_BYTES)));
        }
    }
    if (flags & 3)
        grundy_store_put64(f + 504, grundy_store_hash(f, 504));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *f;
    size_t n;
    grundy_store_header h;
    char why[256], spec[GRUNDY_STORE_SPEC_MAX + 1], path[4096];
    grundy_store_mapping *m = NULL;
    int fd, ok;

    if (size < 1)
        return 0;
    n = size - 1;
    f = malloc(n ? n : 1);
    if (!f)
        abort();
    memcpy(f, data + 1, n);
    repair(f, n, data[0]);

    ok = grundy_store_header_decode(&h, f, n < STORE_HEADER_BYTES ? n
                                                           : STORE_HEADER_BYTES,
                             n, why, sizeof why);
    if (ok && !grundy_store_header_check(&h, why, sizeof why))
        fuzz_fail("a decoded header breaks a rule: %s", why);
    if (ok && h.data_offset + h.size * h.width != n)
        fuzz_fail("a decoded header does not match the file's length");
    snprintf(spec, sizeof spec, "%s",
             ok && grundy_store_spec_ok(h.spec) ? h.spec : "0.6");

    if (grundy_store_entry_path(store, spec, path, sizeof path) >=
        sizeof path)
        fuzz_fail("entry path too long");
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        fuzz_fail("cannot write %s", path);
    if (n && write(fd, f, n) != (ssize_t)n)
        fuzz_fail("short write");
    close(fd);
    if (grundy_store_load(&m, store, spec) == GRUNDY_OK && m) {
        const grundy_store_table *t = grundy_store_mapping_table(m);
        const unsigned char *d = t->data;
        uint64_t i, x, max = 0;
        if (t->width != 1 && t->width != 2 && t->width != 4)
            fuzz_fail("a loaded table of width %u", t->width);
        for (i = 0; i < t->size; i++) {
            x = d[i * t->width];
            if (t->width >= 2)
                x |= (uint64_t)d[i * t->width + 1] << 8;
            if (t->width == 4)
                x |= (uint64_t)d[i * t->width + 2] << 16 |
                     (uint64_t)d[i * t->width + 3] << 24;
            if (x > max)
                max = x;
        }
        if (max > t->max)
            fuzz_fail("a loaded table holds %llu above its largest %llu",
                      (unsigned long long)max, (unsigned long long)t->max);
        grundy_store_mapping_free(m);
    }
    cleanup_dir();
    free(f);
    return 0;
}
