/*
 * store_fixture.c -- store_fixture DIR split: a split table of rect:2x2
 * in two slices (made-up values), as grundy-mpi writes one.
 *
 * store_fixture DIR SPEC N [checkpoint]: compute the
 * table g(0 .. N-1) of SPEC and its period, and save it in the store in
 * DIR under the canonical spec, as a complete table or a checkpoint.  The
 * CLI cases of 'grundy store' fill their stores with it.  Values are kept
 * at the least width that holds them, whatever width the table engine
 * chose, so that the files do not change with the engine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/experimental.h"
#include "grundy/grundy.h"

static void warn(void *ctx, const char *path, const char *what)
{
    (void)ctx;
    fprintf(stderr, "store_fixture: %s: %s\n", path, what);
}

/* Two slices of 10 and 6 values and their manifest. */
static int split_table(grundy_store *s)
{
    static const unsigned char v[2][10] = {{0, 1, 2, 3, 1, 0, 2, 3, 1, 0},
                                           {2, 1, 0, 3, 2, 1}};
    grundy_store_slice sl[2];
    grundy_store_split m;
    unsigned i;
    memset(&m, 0, sizeof m);
    strcpy(m.spec, "rect:2x2");
    m.positions = 16;
    m.tiers = 5;
    m.block = 4096;
    m.count = 2;
    m.max = 3;
    m.max_at = 3;
    m.slices = sl;
    for (i = 0; i < 2; i++) {
        grundy_store_chunk ch;
        memset(&sl[i], 0, sizeof sl[i]);
        strcpy(sl[i].spec, m.spec);
        sl[i].index = i;
        sl[i].count = 2;
        sl[i].tier_hi = 5;
        sl[i].positions = 16;
        sl[i].block = 4096;
        sl[i].size = i ? 6 : 10;
        sl[i].max = 3;
        sl[i].max_at = 3;
        ch.data = v[i];
        ch.bytes = sl[i].size;
        if (grundy_store_slice_save(s, &sl[i], &ch, 1) != GRUNDY_OK)
            return 1;
    }
    return grundy_store_split_save(s, &m) != GRUNDY_OK;
}

int main(int argc, char **argv)
{
    grundy_store_opts o;
    grundy_store *s;
    grundy_game *g;
    grundy_table *t;
    grundy_store_table st;
    unsigned char *packed = NULL;
    grundy_pos i;
    int rc = 1;
    int split = argc == 3 && strcmp(argv[2], "split") == 0;
    if (!split &&
        (argc < 4 || (argc == 5 && strcmp(argv[4], "checkpoint") != 0) ||
         argc > 5)) {
        fprintf(stderr, "usage: store_fixture DIR SPEC N [checkpoint]\n"
                "       store_fixture DIR split\n");
        return 2;
    }
    grundy_store_opts_init(&o);
    o.dir = argv[1];
    o.warn = warn;
    if (grundy_store_open(&s, &o) != GRUNDY_OK)
        return 1;
    if (split) {
        rc = split_table(s);
        grundy_store_close(s);
        return rc;
    }
    if (grundy_game_new(&g, argv[2], NULL) != GRUNDY_OK) {
        grundy_store_close(s);
        return 1;
    }
    if (grundy_table_new(&t, g, strtoull(argv[3], NULL, 10), NULL) ==
        GRUNDY_OK) {
        memset(&st, 0, sizeof st);
        grundy_game_canonical_spec(g, st.spec, sizeof st.spec);
        st.size = grundy_table_size(t);
        st.max = grundy_table_max(t, &st.max_at);
        st.width = st.max < 256 ? 1 : st.max < 65536 ? 2 : 4;
        st.complete = argc < 5;
        if (st.complete)
            grundy_period_find(&st.period, t);
        packed = malloc((size_t)st.size * st.width + 1);
        for (i = 0; packed && i < st.size; i++) {
            grundy_value v = grundy_table_get(t, i);
            if (st.width == 1)
                packed[i] = (unsigned char)v;
            else if (st.width == 2)
                ((uint16_t *)(void *)packed)[i] = (uint16_t)v;
            else
                ((uint32_t *)(void *)packed)[i] = (uint32_t)v;
        }
        st.data = packed;
        rc = !packed || grundy_store_save(s, &st) != GRUNDY_OK;
        free(packed);
        grundy_table_free(t);
    }
    grundy_game_free(g);
    grundy_store_close(s);
    return rc;
}
