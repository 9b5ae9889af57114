/*
 * test_split.c -- split tables: the layout of slices over the tiers
 * (table/split.h, grundy_split) and their files in the store (slices
 * and the manifest, grundy/store.h), as grundy-mpi writes them and
 * grundy values reads them.  Random layouts and values; failures print
 * the seed (GRUNDY_TEST_SEED).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store_util.h"
#include "table/split.h"

/* Layout ******************************************************************/

/* Every position of every tier lies in exactly one slice, at an offset
 * below that slice's length, and index() inverts locate(); the slices'
 * lengths add up to the tier; find() agrees with a walk of the files. */
static void check_layout(grundy_pos np, unsigned count, unsigned bb,
                         uint64_t seed)
{
    grundy_tiers t;
    grundy_split sp;
    unsigned k, s;
    uint64_t *file_at; /* per slice: offset of tier k in its file */
    assert_int_equal(grundy_tiers_init(&t, np), GRUNDY_OK);
    sp.tiers = &t;
    sp.count = count;
    sp.block_bits = bb;
    file_at = calloc(count, sizeof *file_at);
    assert_non_null(file_at);
    for (k = 0; k <= t.bits; k++) {
        uint64_t sum = 0, idx;
        for (s = 0; s < count; s++)
            sum += grundy_split_len(&sp, k, s);
        if (sum != t.size[k])
            fail_msg("seed %llu: np %llu count %u block 2^%u tier %u: "
                     "slices hold %llu of %llu",
                     (unsigned long long)seed, (unsigned long long)np,
                     count, bb, k, (unsigned long long)sum,
                     (unsigned long long)t.size[k]);
        for (idx = 0; idx < t.size[k]; idx++) {
            unsigned who;
            uint64_t off, at;
            grundy_pos p = grundy_tiers_unrank(&t, k, idx);
            grundy_split_locate(&sp, idx, &who, &off);
            if (who >= count || off >= grundy_split_len(&sp, k, who) ||
                grundy_split_index(&sp, who, off) != idx ||
                grundy_tiers_rank(&t, p) != idx || p >= np)
                fail_msg("seed %llu: np %llu count %u block 2^%u tier %u "
                         "index %llu: slice %u offset %llu",
                         (unsigned long long)seed, (unsigned long long)np,
                         count, bb, k, (unsigned long long)idx, who,
                         (unsigned long long)off);
            grundy_split_find(&sp, p, &who, &at);
            assert_int_equal(at, file_at[who] + off);
        }
        for (s = 0; s < count; s++)
            file_at[s] += grundy_split_len(&sp, k, s);
    }
    free(file_at);
}

static void test_split_layout(void **state)
{
    test_rng *rng = *state;
    static const grundy_pos nps[] = {1, 2, 16, 1000, 4096, 65536, 100000};
    size_t i;
    for (i = 0; i < sizeof nps / sizeof nps[0]; i++) {
        unsigned count = (unsigned)test_rng_range(rng, 1, 7);
        unsigned bb = (unsigned)test_rng_range(rng, 0, 6);
        check_layout(nps[i], count, bb, test_seed());
    }
    check_layout(65536, 3, GRUNDY_SPLIT_BLOCK_BITS, test_seed());
}

/* Slices cut from a table and scattered back give the table again. */
static void test_split_scatter(void **state)
{
    test_rng *rng = *state;
    const grundy_pos np = 1u << 14;
    grundy_tiers t;
    grundy_split sp;
    uint8_t *g = malloc(np), *back = calloc(np, 1), *vals = malloc(np);
    unsigned k, s;
    grundy_pos p;
    assert_non_null(g);
    assert_non_null(back);
    assert_non_null(vals);
    for (p = 0; p < np; p++)
        g[p] = (uint8_t)test_rng_below(rng, 256);
    assert_int_equal(grundy_tiers_init(&t, np), GRUNDY_OK);
    sp.tiers = &t;
    sp.count = 3;
    sp.block_bits = 5;
    for (k = 0; k <= t.bits; k++)
        for (s = 0; s < sp.count; s++) {
            uint64_t len = grundy_split_len(&sp, k, s), off;
            for (off = 0; off < len; off++)
                vals[off] = g[grundy_tiers_unrank(
                    &t, k, grundy_split_index(&sp, s, off))];
            grundy_split_scatter(back, &sp, k, s, vals);
        }
    if (memcmp(g, back, np) != 0)
        fail_msg("seed %llu: the scattered slices differ from the table",
                 (unsigned long long)test_seed());
    free(g);
    free(back);
    free(vals);
}

/* Files *******************************************************************/

#define NSLICES 3

typedef struct split_fixture {
    test_rng rng;
    char dir[4096];
    su_warnings w;
    grundy_store *s;
    grundy_store_slice sl[NSLICES];
    uint8_t *data[NSLICES];
} split_fixture;

/* NSLICES slices of a made-up table of 3 MiB (several checksum blocks
 * each), saved from two chunks each, and their manifest. */
static int split_setup(void **state)
{
    split_fixture *f = calloc(1, sizeof *f);
    grundy_store_split m;
    unsigned i;
    uint64_t total = 0;
    if (!f)
        return -1;
    test_rng_init(&f->rng, test_seed());
    su_tmpdir(f->dir, sizeof f->dir);
    f->s = su_open(f->dir, &f->w, NULL);
    for (i = 0; i < NSLICES; i++) {
        grundy_store_slice *sl = &f->sl[i];
        uint64_t n = ((uint64_t)1 << 20) + test_rng_below(&f->rng, 1u << 20), j;
        f->data[i] = malloc(n);
        if (!f->data[i])
            return -1;
        memset(sl, 0, sizeof *sl);
        strcpy(sl->spec, "rect:1x22");
        sl->index = i;
        sl->count = NSLICES;
        sl->tier_lo = 0;
        sl->tier_hi = 23;
        sl->positions = 0; /* set below */
        sl->block = 4096;
        sl->size = n;
        for (j = 0; j < n; j++) {
            f->data[i][j] = (uint8_t)test_rng_below(&f->rng, 40);
            if (f->data[i][j] > sl->max || j == 0) {
                sl->max = f->data[i][j];
                sl->max_at = j;
            }
        }
        total += n;
    }
    memset(&m, 0, sizeof m);
    strcpy(m.spec, "rect:1x22");
    m.positions = total;
    m.tiers = 23;
    m.block = 4096;
    m.count = NSLICES;
    m.slices = f->sl;
    for (i = 0; i < NSLICES; i++) {
        grundy_store_chunk ch[2];
        uint64_t cut = test_rng_below(&f->rng, f->sl[i].size);
        f->sl[i].positions = total;
        ch[0].data = f->data[i];
        ch[0].bytes = cut;
        ch[1].data = f->data[i] + cut;
        ch[1].bytes = f->sl[i].size - cut;
        if (grundy_store_slice_save(f->s, &f->sl[i], ch, 2) != GRUNDY_OK)
            return -1;
        if (f->sl[i].max > m.max) {
            m.max = f->sl[i].max;
            m.max_at = 0;
        }
    }
    if (grundy_store_split_save(f->s, &m) != GRUNDY_OK)
        return -1;
    *state = f;
    return 0;
}

static int split_teardown(void **state)
{
    split_fixture *f = *state;
    unsigned i;
    grundy_store_close(f->s);
    su_rmtree(f->dir);
    for (i = 0; i < NSLICES; i++)
        free(f->data[i]);
    free(f);
    return 0;
}

/* The manifest and every slice read back: whole (verify = 1) and value
 * by value (verify = 0). */
static void test_split_round_trip(void **state)
{
    split_fixture *f = *state;
    grundy_store_split *m = NULL;
    unsigned i, r;
    assert_int_equal(grundy_store_split_load(&m, f->s, "rect:1x22"),
                     GRUNDY_OK);
    assert_non_null(m);
    assert_int_equal(m->count, NSLICES);
    assert_int_equal(m->tiers, 23);
    assert_int_equal(m->block, 4096);
    for (i = 0; i < NSLICES; i++) {
        grundy_store_mapping *mp = NULL;
        const grundy_store_slice *got;
        assert_int_equal(m->slices[i].size, f->sl[i].size);
        assert_int_equal(m->slices[i].header_hash, f->sl[i].header_hash);
        assert_int_equal(grundy_store_split_open_slice(&mp, f->s, m, i, 1),
                         GRUNDY_OK);
        assert_non_null(mp);
        got = grundy_store_mapping_slice(mp);
        assert_non_null(got);
        assert_int_equal(got->index, i);
        assert_int_equal(got->max, f->sl[i].max);
        assert_int_equal(got->max_at, f->sl[i].max_at);
        assert_memory_equal(grundy_store_mapping_table(mp)->data,
                            f->data[i], f->sl[i].size);
        grundy_store_mapping_free(mp);
        assert_int_equal(grundy_store_split_open_slice(&mp, f->s, m, i, 0),
                         GRUNDY_OK);
        assert_non_null(mp);
        for (r = 0; r < 50; r++) {
            uint64_t off = test_rng_below(&f->rng, f->sl[i].size);
            uint8_t b;
            assert_int_equal(grundy_store_mapping_read(&b, mp, off, 1),
                             GRUNDY_OK);
            if (b != f->data[i][off])
                fail_msg("seed %llu: slice %u offset %llu: %u, want %u",
                         (unsigned long long)test_seed(), i,
                         (unsigned long long)off, b, f->data[i][off]);
        }
        {
            uint8_t b;
            assert_int_equal(
                grundy_store_mapping_read(&b, mp, f->sl[i].size, 1),
                GRUNDY_ERR_RANGE);
        }
        grundy_store_mapping_free(mp);
    }
    assert_int_equal(f->w.count, 0);
    grundy_store_split_free(m);
}

/* A slice that is not the one the manifest names (here: another slice's
 * file in its place) is refused with a warning. */
static void test_split_wrong_slice(void **state)
{
    split_fixture *f = *state;
    grundy_store_split *m = NULL;
    grundy_store_mapping *mp = NULL;
    char p0[4096], p1[4096];
    grundy_store_slice_path(f->s, &f->sl[0], p0, sizeof p0);
    grundy_store_slice_path(f->s, &f->sl[1], p1, sizeof p1);
    assert_int_equal(rename(p1, p0), 0);
    assert_int_equal(grundy_store_split_load(&m, f->s, "rect:1x22"),
                     GRUNDY_OK);
    assert_non_null(m);
    assert_int_equal(grundy_store_split_open_slice(&mp, f->s, m, 0, 0),
                     GRUNDY_OK);
    assert_null(mp);
    assert_true(f->w.count > 0);
    /* slice 1 is gone: missing, no table */
    assert_int_equal(grundy_store_split_open_slice(&mp, f->s, m, 1, 0),
                     GRUNDY_OK);
    assert_null(mp);
    grundy_store_split_free(m);
}

/* A damaged block is found by the read that touches it, and only by it. */
static void test_split_damaged_block(void **state)
{
    split_fixture *f = *state;
    grundy_store_split *m = NULL;
    grundy_store_mapping *mp = NULL;
    char p[4096];
    unsigned char *bytes;
    size_t len;
    uint8_t b;
    grundy_store_slice_path(f->s, &f->sl[2], p, sizeof p);
    bytes = su_read(p, &len);
    assert_non_null(bytes);
    bytes[len - 1] ^= 1; /* the last value: in the last block */
    su_write(p, bytes, len);
    free(bytes);
    assert_int_equal(grundy_store_split_load(&m, f->s, "rect:1x22"),
                     GRUNDY_OK);
    assert_int_equal(grundy_store_split_open_slice(&mp, f->s, m, 2, 0),
                     GRUNDY_OK);
    assert_non_null(mp);
    assert_int_equal(grundy_store_mapping_read(&b, mp, 0, 1), GRUNDY_OK);
    assert_int_equal(b, f->data[2][0]);
    assert_int_equal(grundy_store_mapping_read(&b, mp, f->sl[2].size - 1, 1),
                     GRUNDY_ERR_IO);
    assert_true(f->w.count > 0);
    grundy_store_mapping_free(mp);
    grundy_store_split_free(m);
}

/* A manifest whose checksum fails is moved aside: no split table. */
static void test_split_bad_manifest(void **state)
{
    split_fixture *f = *state;
    grundy_store_split *m = NULL;
    char entry[4096], p[4096];
    unsigned char *bytes;
    size_t len;
    grundy_store_entry_path(f->s, "rect:1x22", entry, sizeof entry);
    snprintf(p, sizeof p, "%.*s.gsplit", (int)(strlen(entry) - 5), entry);
    bytes = su_read(p, &len);
    assert_non_null(bytes);
    assert_true(len > 40);
    bytes[30] = bytes[30] == '1' ? '2' : '1';
    su_write(p, bytes, len);
    free(bytes);
    assert_int_equal(grundy_store_split_load(&m, f->s, "rect:1x22"),
                     GRUNDY_OK);
    assert_null(m);
    assert_true(f->w.count > 0);
    assert_int_not_equal(access(p, F_OK), 0);
}

/* grundy store list and verify see split tables: the list has one entry
 * for the manifest (its positions, slices and the bytes of every file),
 * and verifying it checks every slice, so a flipped value in one is
 * found and named (nothing is moved). */
static void test_split_list_verify(void **state)
{
    split_fixture *f = *state;
    grundy_store_info *info = NULL;
    size_t n = 0, len;
    uint64_t bytes = 0;
    char why[512], p[4096];
    unsigned char *data;
    unsigned i;
    int ok = 0;
    assert_int_equal(grundy_store_list(&info, &n, f->s), GRUNDY_OK);
    assert_int_equal(n, 1);
    assert_true(info[0].readable);
    assert_true(info[0].split);
    assert_string_equal(info[0].spec, "rect:1x22");
    assert_int_equal(info[0].slices, NSLICES);
    assert_int_equal(info[0].size, f->sl[0].positions);
    assert_true(strstr(info[0].path, ".gsplit") != NULL);
    for (i = 0; i < NSLICES; i++)
        bytes += f->sl[i].size; /* and the headers, the manifest */
    assert_true(info[0].file_bytes > bytes);
    assert_int_equal(grundy_store_usage(&bytes, f->s), GRUNDY_OK);
    assert_int_equal(bytes, info[0].file_bytes);
    assert_int_equal(grundy_store_verify_file(&ok, why, sizeof why, f->s,
                                              info[0].path),
                     GRUNDY_OK);
    assert_true(ok);
    assert_int_equal(grundy_store_verify_entry(&ok, why, sizeof why, f->s,
                                               "rect:1x22"),
                     GRUNDY_OK);
    assert_true(ok);

    grundy_store_slice_path(f->s, &f->sl[1], p, sizeof p);
    data = su_read(p, &len);
    assert_non_null(data);
    data[len - 1] ^= 1;
    su_write(p, data, len);
    free(data);
    assert_int_equal(grundy_store_verify_file(&ok, why, sizeof why, f->s,
                                              info[0].path),
                     GRUNDY_OK);
    assert_false(ok);
    assert_non_null(strstr(why, "slice 1 of 3"));
    assert_non_null(strstr(why, "checksum mismatch"));
    assert_int_equal(grundy_store_verify_entry(&ok, why, sizeof why, f->s,
                                               "rect:1x22"),
                     GRUNDY_OK);
    assert_false(ok);
    assert_int_equal(access(p, F_OK), 0); /* left in place */

    /* a missing slice */
    assert_int_equal(unlink(p), 0);
    assert_int_equal(grundy_store_verify_file(&ok, why, sizeof why, f->s,
                                              info[0].path),
                     GRUNDY_OK);
    assert_false(ok);
    assert_non_null(strstr(why, "slice 1 of 3 is missing"));
    free(info);
}

/* Removing the entry removes the manifest and every slice. */
static void test_split_remove(void **state)
{
    split_fixture *f = *state;
    grundy_store_split *m = NULL;
    char p[4096];
    unsigned i;
    assert_int_equal(grundy_store_remove(f->s, "rect:1x22"), GRUNDY_OK);
    assert_int_equal(grundy_store_split_load(&m, f->s, "rect:1x22"),
                     GRUNDY_OK);
    assert_null(m);
    for (i = 0; i < NSLICES; i++) {
        grundy_store_slice_path(f->s, &f->sl[i], p, sizeof p);
        assert_int_not_equal(access(p, F_OK), 0);
    }
    assert_int_equal(grundy_store_remove(f->s, "rect:1x22"),
                     GRUNDY_ERR_RANGE);
}

/* grundy values on a split table: a board's table cut into slices the
 * way grundy-mpi cuts it is read back whole when it fits the memory
 * limit, and value by value from the slices when it does not. */
static void test_split_values(void **state)
{
    test_rng *rng = *state;
    grundy_game *g = test_game("rect:3x4");
    grundy_pos np = grundy_game_num_positions(g), p;
    grundy_values *v = NULL;
    grundy_values_opts o;
    grundy_limits lim;
    const grundy_table *t = NULL;
    grundy_store *st;
    grundy_store_split m;
    grundy_store_slice sl[2];
    grundy_tiers tiers;
    grundy_split sp;
    uint8_t *ref = malloc(np), *vals[2];
    char dir[4096];
    unsigned k, s, r;

    assert_non_null(ref);
    assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_values_table(&t, v, np), GRUNDY_OK);
    for (p = 0; p < np; p++)
        ref[p] = (uint8_t)grundy_table_get(t, p);
    grundy_values_free(v);

    /* the slices: 2 of them, blocks of 16 positions */
    assert_int_equal(grundy_tiers_init(&tiers, np), GRUNDY_OK);
    sp.tiers = &tiers;
    sp.count = 2;
    sp.block_bits = 4;
    su_tmpdir(dir, sizeof dir);
    st = su_open(dir, NULL, NULL);
    memset(&m, 0, sizeof m);
    strcpy(m.spec, "rect:3x4");
    m.positions = np;
    m.tiers = tiers.bits + 1;
    m.block = 16;
    m.count = 2;
    m.slices = sl;
    for (p = 0; p < np; p++)
        if (ref[p] > m.max) {
            m.max = ref[p];
            m.max_at = p;
        }
    for (s = 0; s < 2; s++) {
        uint64_t at = 0;
        grundy_store_chunk ch;
        vals[s] = malloc(np);
        assert_non_null(vals[s]);
        memset(&sl[s], 0, sizeof sl[s]);
        strcpy(sl[s].spec, "rect:3x4");
        sl[s].index = s;
        sl[s].count = 2;
        sl[s].tier_hi = tiers.bits + 1;
        sl[s].positions = np;
        sl[s].block = 16;
        for (k = 0; k <= tiers.bits; k++) {
            uint64_t len = grundy_split_len(&sp, k, s), off;
            for (off = 0; off < len; off++, at++) {
                vals[s][at] = ref[grundy_tiers_unrank(
                    &tiers, k, grundy_split_index(&sp, s, off))];
                if (vals[s][at] > sl[s].max || at == 0) {
                    sl[s].max = vals[s][at];
                    sl[s].max_at = at;
                }
            }
        }
        sl[s].size = at;
        ch.data = vals[s];
        ch.bytes = at;
        assert_int_equal(grundy_store_slice_save(st, &sl[s], &ch, 1),
                         GRUNDY_OK);
    }
    assert_int_equal(grundy_store_split_save(st, &m), GRUNDY_OK);

    /* value by value: a limit below the table keeps it out */
    grundy_limits_init(&lim);
    lim.mem_limit = 2048;
    grundy_values_opts_init(&o);
    o.store = st;
    o.limits = &lim;
    assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
    for (r = 0; r < 200; r++) {
        grundy_value got;
        p = test_rng_below(rng, np);
        assert_int_equal(grundy_values_get(&got, v, p), GRUNDY_OK);
        if (got != ref[p] ||
            strcmp(grundy_values_source(v), "stored slices") != 0)
            fail_msg("seed %llu: g(%llu) = %llu from %s, want %u",
                     (unsigned long long)test_seed(), (unsigned long long)p,
                     (unsigned long long)got, grundy_values_source(v),
                     ref[p]);
    }
    grundy_values_free(v);

    /* whole: the same bytes as the table of one process */
    o.limits = NULL;
    assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_values_table(&t, v, np), GRUNDY_OK);
    for (p = 0; p < np; p++)
        if (grundy_table_get(t, p) != ref[p])
            fail_msg("position %llu: %llu, want %u", (unsigned long long)p,
                     (unsigned long long)grundy_table_get(t, p), ref[p]);
    grundy_values_free(v);

    grundy_store_close(st);
    su_rmtree(dir);
    free(vals[0]);
    free(vals[1]);
    free(ref);
    test_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_split_layout, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_split_scatter, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_split_round_trip, split_setup,
                                        split_teardown),
        cmocka_unit_test_setup_teardown(test_split_wrong_slice, split_setup,
                                        split_teardown),
        cmocka_unit_test_setup_teardown(test_split_damaged_block,
                                        split_setup, split_teardown),
        cmocka_unit_test_setup_teardown(test_split_bad_manifest, split_setup,
                                        split_teardown),
        cmocka_unit_test_setup_teardown(test_split_list_verify, split_setup,
                                        split_teardown),
        cmocka_unit_test_setup_teardown(test_split_remove, split_setup,
                                        split_teardown),
        cmocka_unit_test_setup_teardown(test_split_values, test_rng_setup,
                                        test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
