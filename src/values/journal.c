/*
 * journal.c -- the lasting table of board searches: the values of big
 * parts kept in a journal of the store (grundy_store_journal_*) as the
 * search finds them, and read back into the search of a later run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/progress.h"
#include "values/values_internal.h"

/* The lasting table *********************************************************/

/* What the search finds about big parts goes to a journal in the store
 * as it is found (grundy_store_journal_*), and a later search of the
 * same game at the same width starts from it: a run stopped by Ctrl-C,
 * kill -9 or the end of a day goes on from where it was.  A fact is an
 * exact value or, as often, the values a part does not have (what a
 * search asked only about those values found); without the second kind,
 * a run stopped inside one long search of the root's children would
 * lose all that search had shown.  A part is big when its fact took
 * JOURNAL_MIN_NODES positions or more (a few of every thousand), so the
 * journal stays small beside the table.  The
 * journal is made durable every JOURNAL_SYNC_MS (or at the checkpoint
 * interval of tables, when shorter) and when the values object is freed;
 * kill -9 loses at most that much of the work. */
#define JOURNAL_MIN_NODES 4096
#define JOURNAL_MIN_CELLS 16
#define JOURNAL_SYNC_MS 10000
/* Bumped whenever a family's keys change meaning: a journal of other keys
 * is set aside. */
#define JOURNAL_KEYS_VERSION 1

struct grundy_values_journal {
    grundy_store_journal *j;
    grundy_board_keeper keeper;
    unsigned nwords;
    size_t rec_size;
    uint64_t last_sync, sync_ms; /* ms */
    int syncing;
    uint64_t loaded, bad;
    uint64_t opened; /* records in the file once it was read */
    grundy_board *board;
};

/* A record: the key's words (nwords), then a word of the tag (bits 0..7)
 * and the fact (bits 8..23): an exact value, or GRUNDY_BOARD_KEEP_EXCL
 * and the values the part is known not to have. */
static void journal_put(void *ctx, const uint64_t *key, unsigned nwords,
                        unsigned tag, uint32_t value, uint64_t nodes)
{
    grundy_values_journal *jr = ctx;
    uint64_t rec[GRUNDY_BOARD_MAX_CELLS / 64 + 1], now;
    if (!jr->j || nodes < JOURNAL_MIN_NODES || nwords != jr->nwords)
        return;
    memcpy(rec, key, nwords * sizeof *key);
    rec[nwords] = (uint64_t)(tag & 0xFF) | ((uint64_t)(value & 0xFFFF) << 8);
    if (grundy_store_journal_add(jr->j, rec) != GRUNDY_OK)
        return; /* the search goes on; only the journal stops growing */
    now = grundy_clock_ms();
    if (now - __atomic_load_n(&jr->last_sync, __ATOMIC_RELAXED) >=
            jr->sync_ms &&
        !__atomic_exchange_n(&jr->syncing, 1, __ATOMIC_ACQUIRE)) {
        __atomic_store_n(&jr->last_sync, now, __ATOMIC_RELAXED);
        if (grundy_store_journal_sync(jr->j) != GRUNDY_OK)
            jr->bad++; /* the search goes on; the journal stops growing */
        __atomic_store_n(&jr->syncing, 0, __ATOMIC_RELEASE);
    }
}

static void journal_each(void *ctx, const void *r)
{
    grundy_values_journal *jr = ctx;
    const uint64_t *rec = r;
    uint64_t last = rec[jr->nwords];
    if (grundy_board_preload(jr->board, rec, jr->nwords,
                             (unsigned)(last & 0xFF),
                             (uint32_t)(last >> 8) & 0xFFFF) == GRUNDY_OK &&
        !(last >> 24))
        jr->loaded++;
    else
        jr->bad++;
}

void grundy_values_journal_free(grundy_values_journal *jr)
{
    if (!jr)
        return;
    (void)grundy_store_journal_close(jr->j);
    free(jr);
}

/* The journal of v's board search, opened and read into its table; none
 * without a writable store (or when another process holds it). */
grundy_status grundy_values_journal_setup(grundy_values *v, grundy_board_opts *o)
{
    grundy_values_journal *jr;
    unsigned words;
    if (!v->store || !grundy_store_writable(v->store) ||
        !grundy_board_applies(v->game))
        return GRUNDY_OK;
    words = grundy_game_board_words(v->game);
    if (words < 1)
        words = 1;
    GRUNDY_TRY(GRUNDY_NEW(jr));
    jr->nwords = words == 1 ? 2 : words;
    jr->rec_size = (jr->nwords + 1) * sizeof(uint64_t);
    jr->keeper.ctx = jr;
    jr->keeper.min_cells = JOURNAL_MIN_CELLS;
    jr->keeper.put = journal_put;
    jr->last_sync = grundy_clock_ms();
    jr->sync_ms = v->checkpoint_ms > 0 && v->checkpoint_ms < JOURNAL_SYNC_MS
                      ? (uint64_t)v->checkpoint_ms
                      : JOURNAL_SYNC_MS;
    o->keeper = &jr->keeper;
    v->journal = jr;
    return GRUNDY_OK;
}

/* After the board search exists: its journal read back into it. */
grundy_status grundy_values_journal_load(grundy_values *v)
{
    grundy_values_journal *jr = v->journal;
    char tag[512];
    grundy_status s;
    if (!jr)
        return GRUNDY_OK;
    jr->board = v->board;
    snprintf(tag, sizeof tag,
             "grundy board search journal\nspec %s\nwidth %u\nkeys %d\n",
             v->spec, 64 * grundy_board_words(v->board),
             JOURNAL_KEYS_VERSION);
    s = grundy_store_journal_open(&jr->j, v->store, tag, tag, jr->rec_size,
                                  journal_each, jr);
    if (s == GRUNDY_ERR_IO || s == GRUNDY_ERR_ARG) {
        /* no journal (another process holds it): the search goes on, its
         * keeper keeping nothing */
        jr->j = NULL;
        return GRUNDY_OK;
    }
    if (s == GRUNDY_OK)
        jr->opened = grundy_store_journal_records(jr->j);
    return s;
}

int grundy_values_journal_counts(const grundy_values *v, uint64_t *read,
                                 uint64_t *kept)
{
    const grundy_values_journal *jr = v->journal;
    uint64_t r = 0, k = 0;
    int have = jr && jr->j;
    if (have) {
        r = jr->loaded;
        k = grundy_store_journal_records(jr->j) - jr->opened;
    }
    if (read)
        *read = r;
    if (kept)
        *kept = k;
    return have;
}

void grundy_values_journal_sync(grundy_values_journal *jr)
{
    if (jr && jr->j && grundy_store_journal_sync(jr->j) != GRUNDY_OK)
        jr->bad++; /* the next run finds what the last sync kept */
}
