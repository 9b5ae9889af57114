/*
 * values.c -- the one source of Grundy values of a game (grundy/values.h).
 *
 * The decision "where does g(p) come from" is made here and nowhere else:
 * a closed form, a table in memory or in the store, a proven period, a
 * table grown with the family's kernel, a sliding window, a search.  What
 * one question computed (the table, the period, the store's mapping)
 * serves the next ones, so a sum, a range session or a CLI command that
 * asks many values pays for each source once.
 *
 * Tables grow geometrically (by half at least) when values are asked one
 * after another, so a stream of growing positions costs amortised linear
 * time; a single --at question computes a table of exactly p + 1 entries.
 *
 * With a store, a table is looked for on disk before it is computed,
 * computed under the entry's lock (a second process waits, then reads the
 * first one's table), checkpointed while it is computed (every few
 * minutes, and when the computation is cancelled), and saved when it took
 * long enough to be worth keeping or extends a stored table.
 *
 * A board table computed by many processes (grundy-mpi) is kept as a
 * split table: slices and a manifest.  It is assembled into one table
 * when that fits the memory limit, and otherwise single values are read
 * from the slice that holds them, verifying only the block they lie in.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/board.h"
#include "grundy/store.h"
#include "grundy/values.h"
#include "rules/rules_internal.h"
#include "table/split.h"

/* Positions from which a period is worth looking for before tabulating. */
#define PERIOD_FROM 1024
/* The period search's default bounds (grundy_values_period()). */
#define PERIOD_MAX ((grundy_pos)1 << 26)
#define PERIOD_MAX_COSTLY ((grundy_pos)1 << 20)
/* Families whose moves grow but whose kernel tabulates fast and proves
 * periods as it goes (take-and-break codes: 0.354 proves at 2*10^7). */
#define PERIOD_MAX_KERNEL ((grundy_pos)1 << 25)
#define PERIOD_UNPROVABLE 4096
/* Single values past this need no table of their own. */
#define TABLE_MAX_POS ((grundy_pos)1 << 32)
/* From here a single value of a family whose kernel has a lookback is
 * computed in a sliding window (as fast per entry, memory the window). */
#define WINDOW_FROM ((grundy_pos)1 << 22)
/* Boards up to this many positions are tabulated whole for sums. */
#define BOARD_TABLE_MAX ((grundy_pos)1 << 22)
/* Single board positions of at most this many cells (1 bits) are valued
 * from their subsets alone when the family allows it; larger ones by the
 * board search (bench/RESULTS.md, "One position from its subsets against
 * the search": the subsets are faster up to 18 cells). */
#define BOARD_SUBSETS_MAX_CELLS 18
/* Defaults: keep tables that took a second; checkpoint every 5 minutes. */
#define STORE_MIN_MS 1000
#define CHECKPOINT_MS (5 * 60 * 1000)

struct grundy_values {
    const grundy_game *game;
    const grundy_rules *rules;
    const void *params;
    const grundy_limits *lim;
    grundy_store *store;
    grundy_table_method method;
    long store_min_ms, checkpoint_ms;
    int out_of_core;
    grundy_table *table;     /* grown on demand, or a mapped stored one */
    grundy_pos stored_size;  /* entries of the stored table (0: none) */
    int store_looked;        /* the store was asked once */
    grundy_period period;    /* proven, once found */
    int period_searched;     /* the period search has run */
    const char *source;
    const char *method_name; /* how the table was filled */
    char spec[256];          /* canonical spec: the store's key */
    uint64_t work_needed;    /* steps of the last work refused */
    grundy_table *view;      /* the first n entries of a longer table */
    /* A split table in the store (boards): its manifest, layout and the
     * slices opened so far for single values. */
    grundy_store_split *split;
    grundy_tiers *split_tiers;
    grundy_split split_layout;
    grundy_store_mapping **slices;
    grundy_board *board;     /* the board search, once used */
};

void grundy_values_opts_init(grundy_values_opts *o)
{
    memset(o, 0, sizeof *o);
    o->store_min_ms = -1;
    o->checkpoint_ms = -1;
}

grundy_status grundy_values_new(grundy_values **out, const grundy_game *g,
                                const grundy_values_opts *o)
{
    grundy_values *v;
    grundy_values_opts defaults;
    *out = NULL;
    if (!o) {
        grundy_values_opts_init(&defaults);
        o = &defaults;
    }
    v = calloc(1, sizeof *v);
    GRUNDY_RETURN_IF(!v, GRUNDY_ERR_NOMEM);
    v->game = g;
    v->rules = grundy_game_rules(g);
    v->params = grundy_game_params(g);
    v->lim = o->limits;
    v->store = o->method == GRUNDY_TABLE_AUTO ? o->store : NULL;
    v->method = o->method;
    v->store_min_ms = o->store_min_ms >= 0 ? o->store_min_ms : STORE_MIN_MS;
    v->checkpoint_ms =
        o->checkpoint_ms > 0 ? o->checkpoint_ms : CHECKPOINT_MS;
    v->out_of_core = o->out_of_core;
    v->source = "none";
    v->method_name = "none";
    if (grundy_game_canonical_spec(g, v->spec, sizeof v->spec) >=
        sizeof v->spec)
        v->store = NULL; /* a spec this long is not kept */
    *out = v;
    return GRUNDY_OK;
}

static void split_drop(grundy_values *v)
{
    unsigned i;
    if (v->split && v->slices)
        for (i = 0; i < v->split->count; i++)
            grundy_store_mapping_free(v->slices[i]);
    free(v->slices);
    free(v->split_tiers);
    grundy_store_split_free(v->split);
    v->slices = NULL;
    v->split_tiers = NULL;
    v->split = NULL;
}

void grundy_values_free(grundy_values *v)
{
    if (!v)
        return;
    grundy_table_free(v->view);
    grundy_table_free(v->table);
    split_drop(v);
    grundy_board_free(v->board);
    free(v);
}

const grundy_game *grundy_values_game(const grundy_values *v)
{
    return v->game;
}

const grundy_limits *grundy_values_limits(const grundy_values *v)
{
    return v->lim;
}

const char *grundy_values_source(const grundy_values *v)
{
    return v->source;
}

const char *grundy_values_method(const grundy_values *v)
{
    return v->method_name;
}

static const char *method_name(const grundy_values *v, grundy_fill_method m)
{
    switch (m) {
    case GRUNDY_FILL_KERNEL: {
        const grundy_kernel *k = grundy_table_kernel(v->game);
        return k && k->name ? k->name : "kernel";
    }
    case GRUNDY_FILL_TIERS:
        return "tiers";
    case GRUNDY_FILL_CLOSED:
        return "closed form";
    default:
        return "generic";
    }
}

const grundy_table *grundy_values_cached(const grundy_values *v)
{
    return v->table;
}

void grundy_values_known_period(grundy_period *out, const grundy_values *v)
{
    *out = v->period;
}

static grundy_fill_method fill_method(const grundy_values *v)
{
    return v->method == GRUNDY_TABLE_NAIVE
               ? GRUNDY_FILL_NAIVE
               : grundy_table_auto_method(v->game);
}

/* The store ****************************************************************/

static void release_mapping(void *ctx)
{
    grundy_store_mapping_free(ctx);
}

/* A board's split table: its manifest, when it fits this game. */
static grundy_status split_look(grundy_values *v)
{
    grundy_store_split *m = NULL;
    grundy_tiers *t;
    unsigned bb = 0;
    grundy_pos np = grundy_game_num_positions(v->game);
    if (v->split || !np || !(v->rules->flags & GRUNDY_RULES_BOARD))
        return GRUNDY_OK;
    GRUNDY_TRY(grundy_store_split_load(&m, v->store, v->spec));
    if (!m)
        return GRUNDY_OK;
    while (bb < 63 && ((uint64_t)1 << bb) < m->block)
        bb++;
    t = malloc(sizeof *t);
    v->slices = calloc(m->count, sizeof *v->slices);
    if (!t || !v->slices) {
        free(t);
        grundy_store_split_free(m);
        return GRUNDY_ERR_NOMEM;
    }
    if (grundy_tiers_init(t, np) != GRUNDY_OK || m->positions != np ||
        m->tiers != t->bits + 1 || bb > GRUNDY_TIERS_MAX_BITS) {
        free(t);
        grundy_store_split_free(m); /* another layout: not ours to read */
        free(v->slices);
        v->slices = NULL;
        return GRUNDY_OK;
    }
    v->split = m;
    v->split_tiers = t;
    v->split_layout.tiers = t;
    v->split_layout.count = m->count;
    v->split_layout.block_bits = bb;
    return GRUNDY_OK;
}

/* The whole split table in memory, when it fits the limit; *done = 0 when
 * it does not, or a slice is missing or damaged (then the split table is
 * dropped and the table is computed). */
static grundy_status split_assemble(grundy_values *v, int *done)
{
    grundy_pos np = grundy_game_num_positions(v->game);
    const grundy_split *sp = &v->split_layout;
    grundy_table *t = NULL;
    uint8_t *g = NULL;
    grundy_status s = GRUNDY_OK;
    unsigned i, k;
    size_t bytes;
    *done = 0;
    if (grundy_table_estimate(&bytes, v->game, np) != GRUNDY_OK ||
        grundy_limits_mem_check(v->lim, bytes) != GRUNDY_OK)
        return GRUNDY_OK;
    GRUNDY_TRY(grundy_table_new_raw(&t, (void **)&g, v->game, 1, np, v->lim));
    for (i = 0; i < v->split->count && s == GRUNDY_OK; i++) {
        grundy_store_mapping *m = NULL;
        const uint8_t *data;
        uint64_t at = 0;
        s = grundy_store_split_open_slice(&m, v->store, v->split, i, 1);
        if (s != GRUNDY_OK)
            break;
        if (!m) {
            grundy_table_free(t);
            split_drop(v);
            return GRUNDY_OK;
        }
        data = grundy_store_mapping_table(m)->data;
        for (k = 0; k <= v->split_tiers->bits; k++) {
            grundy_split_scatter(g, sp, k, i, data + at);
            at += grundy_split_len(sp, k, i);
        }
        grundy_store_mapping_free(m);
    }
    if (s != GRUNDY_OK) {
        grundy_table_free(t);
        return s;
    }
    grundy_table_commit(t, np);
    grundy_table_free(v->table);
    v->table = t;
    v->stored_size = np;
    *done = 1;
    return GRUNDY_OK;
}

/* g(p) from the slice that holds it; *done = 0 when that slice is
 * missing or damaged (the split table is then dropped). */
static grundy_status split_value(grundy_value *out, grundy_values *v,
                                 grundy_pos p, int *done)
{
    unsigned i;
    uint64_t off;
    uint8_t b;
    grundy_status s;
    *done = 0;
    grundy_split_find(&v->split_layout, p, &i, &off);
    if (!v->slices[i]) {
        GRUNDY_TRY(grundy_store_split_open_slice(&v->slices[i], v->store,
                                                 v->split, i, 0));
        if (!v->slices[i]) {
            split_drop(v);
            return GRUNDY_OK;
        }
    }
    s = grundy_store_mapping_read(&b, v->slices[i], off, 1);
    if (s == GRUNDY_ERR_IO || s == GRUNDY_ERR_RANGE) {
        split_drop(v); /* a damaged block: the warning said so */
        return GRUNDY_OK;
    }
    GRUNDY_TRY(s);
    *out = b;
    *done = 1;
    return GRUNDY_OK;
}

/* Take the stored table when it is longer than the one in memory; a
 * board with no stored table may have a split one. */
static grundy_status store_look(grundy_values *v)
{
    grundy_store_mapping *m = NULL;
    const grundy_store_table *st;
    grundy_table *t;
    if (!v->store)
        return GRUNDY_OK;
    v->store_looked = 1;
    GRUNDY_TRY(grundy_store_load(&m, v->store, v->spec));
    if (!m)
        return split_look(v);
    st = grundy_store_mapping_table(m);
    if (v->table && st->size <= grundy_table_size(v->table)) {
        grundy_store_mapping_free(m);
        return GRUNDY_OK;
    }
    if (grundy_table_wrap(&t, v->game, st->data, st->width, st->size, st->max,
                          st->max_at, release_mapping, m) != GRUNDY_OK) {
        grundy_store_mapping_free(m);
        return GRUNDY_ERR_NOMEM;
    }
    grundy_table_free(v->table);
    v->table = t;
    v->stored_size = st->size;
    if (st->period.proven)
        v->period = st->period;
    return GRUNDY_OK;
}

/* Write the first `size` entries of t to the store. */
static void store_save(grundy_values *v, const grundy_table *t,
                       grundy_pos size, int complete)
{
    grundy_store_table st;
    grundy_table *prefix = NULL;
    if (!v->store || !grundy_store_writable(v->store) || size == 0)
        return;
    memset(&st, 0, sizeof st);
    memcpy(st.spec, v->spec, sizeof st.spec);
    /* a checkpoint: the largest value of the prefix */
    if (size < grundy_table_size(t) &&
        grundy_table_prefix(&prefix, t, size) != GRUNDY_OK)
        return;
    st.size = size;
    st.width = grundy_table_width(t);
    st.max = grundy_table_max(prefix ? prefix : t, &st.max_at);
    grundy_table_free(prefix);
    st.complete = complete;
    if (complete && v->period.proven)
        st.period = v->period;
    st.data = grundy_table_data(t);
    /* A failed write was reported through the store's warning callback;
     * the table in memory is still the answer. */
    if (grundy_store_save(v->store, &st) != GRUNDY_OK)
        return;
    if (size > v->stored_size)
        v->stored_size = size;
}

static void checkpoint(void *ctx, const grundy_table *t, grundy_pos done)
{
    store_save(ctx, t, done, 0);
}

/* Tables in their file *****************************************************/

static void grow_release(void *ctx)
{
    grundy_store_grow_close(ctx);
}

static void grow_drop(void *ctx, grundy_pos lo, grundy_pos hi)
{
    grundy_store_grow_release(ctx, lo, hi);
}

static void grow_checkpoint(void *ctx, const grundy_table *t, grundy_pos done)
{
    (void)t;
    /* a failure was told to the warning callback; the fill goes on */
    if (grundy_store_grow_checkpoint(ctx, done) != GRUNDY_OK)
        return;
}

/* Whether tables of v are grown in their file. */
static int grows_in_file(const grundy_values *v, grundy_fill_method m)
{
    return v->out_of_core && v->store && grundy_store_writable(v->store) &&
           m == GRUNDY_FILL_KERNEL && grundy_table_kernel_width(v->game) &&
           !grundy_game_num_positions(v->game);
}

/* Grow the table to n entries in its file (the entry's lock is held): take
 * up what an earlier run finished, or what the object holds, fill the
 * rest with the kernel, checkpointing, and turn the file into the entry. */
static grundy_status grow_in_file(grundy_values *v, grundy_pos n,
                                  grundy_fill_method m)
{
    grundy_store_grow *gr;
    grundy_table *t;
    grundy_fill_hook hook;
    grundy_status s;
    unsigned width = grundy_table_kernel_width(v->game);
    grundy_pos have, x;
    grundy_value max;
    grundy_pos max_at;
    GRUNDY_TRY(grundy_store_grow_open(&gr, v->store, v->spec, width, n));
    have = grundy_store_grow_size(gr, &max, &max_at);
    if (v->table && grundy_table_size(v->table) > have &&
        grundy_table_width(v->table) == width) {
        /* the object (or the store) has more: copy it in */
        const grundy_table *o = v->table;
        const void *od = grundy_table_data(o);
        grundy_pos upto = grundy_table_size(o) < n ? grundy_table_size(o) : n;
        memcpy((char *)grundy_store_grow_data(gr) + (size_t)have * width,
               (const char *)od + (size_t)have * width,
               (size_t)(upto - have) * width);
        for (x = have; x < upto; x++) {
            grundy_value g = grundy_table_get_raw(od, width, x);
            if (g > max || x == 0) {
                max = g;
                max_at = x;
            }
        }
        have = upto;
    }
    s = grundy_table_wrap_in_place(&t, v->game, grundy_store_grow_data(gr),
                                   width, have, n, max, max_at, grow_release,
                                   grow_drop, gr);
    if (s != GRUNDY_OK) {
        grundy_store_grow_close(gr);
        return s;
    }
    grundy_table_free(v->table);
    v->table = t;
    v->stored_size = 0;
    hook.checkpoint = grow_checkpoint;
    hook.ctx = gr;
    hook.interval_ms = (uint64_t)v->checkpoint_ms;
    s = grundy_table_grow(t, n, m, v->lim, &hook);
    if (s == GRUNDY_OK) {
        s = grundy_store_grow_finish(
            gr, v->period.proven ? &v->period : NULL);
        if (s == GRUNDY_OK)
            v->stored_size = n;
        else if (s == GRUNDY_ERR_IO)
            s = GRUNDY_OK; /* told to the warning callback; the table
                            * is still the answer */
    }
    return s;
}

/* Work *********************************************************************/

/* GRUNDY_ERR_WORK, noting the estimate, when steps are past the limit. */
static grundy_status work_check(grundy_values *v, uint64_t steps)
{
    grundy_status s = grundy_limits_work_check(v->lim, steps);
    if (s != GRUNDY_OK)
        v->work_needed = steps;
    return s;
}

uint64_t grundy_values_work_needed(const grundy_values *v)
{
    return v->work_needed;
}

/* Tables *******************************************************************/

static int table_fits(const grundy_values *v, grundy_pos n);

/* A table of at least n entries (finite families: all), computed with the
 * store's help. */
static grundy_status ensure_table(grundy_values *v, grundy_pos n)
{
    grundy_pos np = grundy_game_num_positions(v->game);
    grundy_fill_method m = fill_method(v);
    grundy_store_lock *lock = NULL;
    grundy_fill_hook hook;
    grundy_status s;
    uint64_t t0;
    grundy_pos before;

    if (np)
        n = np;
    if (v->table && grundy_table_size(v->table) >= n)
        return GRUNDY_OK;
    if (!v->store_looked) {
        GRUNDY_TRY(store_look(v));
        if (v->table && grundy_table_size(v->table) >= n) {
            v->source = "stored table";
            return GRUNDY_OK;
        }
    }
    if (v->store) {
        int done = 0;
        /* Another process may be computing it: wait, then look again. */
        GRUNDY_TRY(grundy_store_lock_entry(&lock, v->store, v->spec));
        s = store_look(v);
        if (s == GRUNDY_OK && v->split &&
            !(v->table && grundy_table_size(v->table) >= n))
            s = split_assemble(v, &done);
        if (s != GRUNDY_OK || (v->table && grundy_table_size(v->table) >= n)) {
            grundy_store_unlock(lock);
            if (s == GRUNDY_OK)
                v->source = "stored table";
            return s;
        }
    }
    if (grows_in_file(v, m)) {
        /* a table grown in its file need not fit in memory: the work only */
        grundy_pos have = v->table ? grundy_table_size(v->table) : 0;
        s = work_check(v, grundy_table_work(v->game, m, have, n));
        if (s == GRUNDY_OK) {
            t0 = grundy_clock_ms();
            s = grow_in_file(v, n, m);
            if (s == GRUNDY_OK || s == GRUNDY_ERR_CANCELLED)
                v->method_name = method_name(v, m);
            if (s == GRUNDY_OK)
                v->source = "table";
        }
        grundy_store_unlock(lock);
        return s;
    }
    /* memory first (the larger refusal), then the work */
    s = table_fits(v, n) ? GRUNDY_OK : GRUNDY_ERR_LIMIT;
    if (s == GRUNDY_OK) {
        grundy_pos have = v->table ? grundy_table_size(v->table) : 0;
        s = work_check(v, grundy_table_work(v->game, m, have, n));
    }
    if (s != GRUNDY_OK) {
        grundy_store_unlock(lock);
        return s;
    }
    if (!v->table) {
        s = grundy_table_alloc(&v->table, v->game, 1);
        if (s != GRUNDY_OK) {
            grundy_store_unlock(lock);
            return s;
        }
    }
    before = grundy_table_size(v->table);
    hook.checkpoint = checkpoint;
    hook.ctx = v;
    hook.interval_ms = (uint64_t)v->checkpoint_ms;
    t0 = grundy_clock_ms();
    s = grundy_table_grow(v->table, n, m, v->lim,
                          v->store && !np ? &hook : NULL);
    if (s == GRUNDY_ERR_OVERFLOW && m == GRUNDY_FILL_TIERS &&
        v->method == GRUNDY_TABLE_AUTO && before == 0) {
        /* a board whose values pass one byte: the generic method widens */
        m = GRUNDY_FILL_NAIVE;
        s = grundy_table_grow(v->table, n, m, v->lim, NULL);
    }
    if (s == GRUNDY_OK || s == GRUNDY_ERR_CANCELLED)
        v->method_name = method_name(v, m);
    if (s == GRUNDY_OK) {
        uint64_t took = grundy_clock_ms() - t0;
        if (v->stored_size > 0 || took >= (uint64_t)v->store_min_ms)
            store_save(v, v->table, grundy_table_size(v->table), 1);
        v->source = "table";
    }
    grundy_store_unlock(lock);
    return s;
}

/* Grow by half at least (a stream of growing positions), within the
 * limit when possible. */
static grundy_status ensure_table_amortised(grundy_values *v, grundy_pos n)
{
    grundy_pos have = v->table ? grundy_table_size(v->table) : 0, want = n;
    size_t bytes;
    if (have >= n)
        return GRUNDY_OK;
    if (want < have + have / 2)
        want = have + have / 2;
    if (want != n &&
        (grundy_table_estimate(&bytes, v->game, want) != GRUNDY_OK ||
         grundy_limits_mem_check(v->lim, bytes) != GRUNDY_OK))
        want = n;
    return ensure_table(v, want);
}

/* Whether a table of n entries is the right source: the family tabulates
 * fast, and the table fits. */
static int table_fits(const grundy_values *v, grundy_pos n)
{
    size_t bytes;
    return grundy_table_estimate(&bytes, v->game, n) == GRUNDY_OK &&
           grundy_limits_mem_check(v->lim, bytes) == GRUNDY_OK;
}

static grundy_value table_at(const grundy_values *v, grundy_pos p)
{
    return grundy_table_get(v->table, p);
}

grundy_status grundy_values_table(const grundy_table **out, grundy_values *v,
                                  grundy_pos n)
{
    *out = NULL;
    GRUNDY_TRY(ensure_table(v, n));
    if (grundy_game_num_positions(v->game) ||
        grundy_table_size(v->table) == n) {
        *out = v->table;
        return GRUNDY_OK;
    }
    /* A longer table is at hand (from the store, or grown earlier): the
     * answer is the same whatever the store held, so show n entries. */
    grundy_table_free(v->view);
    v->view = NULL;
    GRUNDY_TRY(grundy_table_prefix(&v->view, v->table, n));
    *out = v->view;
    return GRUNDY_OK;
}

/* Periods ******************************************************************/

static int costly_moves(const grundy_values *v)
{
    return v->rules->max_moves(v->params, (grundy_pos)1 << 20) > 1024;
}

/* The bound of a full period search (grundy_values_period()). */
static grundy_pos period_default_max(const grundy_values *v)
{
    return !grundy_period_provable(v->game)  ? PERIOD_UNPROVABLE
           : !costly_moves(v)               ? PERIOD_MAX
           : grundy_table_kernel(v->game)   ? PERIOD_MAX_KERNEL
                                            : PERIOD_MAX_COSTLY;
}

/* The built-in bound of a period search for families whose positions
 * have more moves than the position's size (splits into three heaps and
 * more): the next doubling to 2n would list about n * max_moves(2n)
 * moves, and the search stops when that passes PERIOD_WORK (a minute or
 * so), not after hours.  An explicit max goes on regardless. */
#define PERIOD_WORK ((double)((uint64_t)1 << 34))
static int past_reach(const grundy_values *v, grundy_pos n)
{
    double m = (double)v->rules->max_moves(v->params, 2 * n);
    return m > (double)(2 * n) && (double)n * m > PERIOD_WORK;
}

/* Grow the table by doubling until a period is proven or max.  The
 * sequence of sizes checked does not depend on what the object or the
 * store already holds, so neither does the answer. */
static grundy_status period_grow(grundy_period *out, grundy_values *v,
                                 grundy_pos max);

/* Progress of a period search: the tables it grows report as one phase
 * that names what is looked for, with no total (the end is not known). */
static int period_progress(void *ctx, const grundy_progress *p)
{
    const grundy_limits *outer = ctx;
    grundy_progress q = *p;
    q.phase = "period search (none proven yet), n";
    q.total = 0;
    q.final = 0;
    return outer->progress(outer->progress_ctx, &q);
}

static grundy_status period_search(grundy_period *out, grundy_values *v,
                                   grundy_pos max)
{
    grundy_limits wrapped;
    const grundy_limits *saved = v->lim;
    grundy_status s = GRUNDY_OK;
    if (saved && saved->progress) {
        wrapped = *saved;
        wrapped.progress = period_progress;
        wrapped.progress_ctx = (void *)saved;
        v->lim = &wrapped;
    }
    s = period_grow(out, v, max);
    v->lim = saved;
    return s;
}

static grundy_status period_grow(grundy_period *out, grundy_values *v,
                                 grundy_pos max)
{
    grundy_pos n;
    int provable = grundy_period_provable(v->game);
    int max_given = max != 0;
    if (!max)
        max = period_default_max(v);
    n = provable ? PERIOD_FROM : max;
    if (n > max)
        n = max;
    for (;;) {
        const grundy_table *t;
        GRUNDY_TRY(grundy_values_table(&t, v, n));
        grundy_period_find(out, t);
        if (out->proven) {
            v->period = *out;
            break;
        }
        if (!provable || n >= max || (!max_given && past_reach(v, n)))
            break;
        n = n > max / 2 ? max : 2 * n;
    }
    if (out->proven || max >= period_default_max(v))
        v->period_searched = 1;
    return GRUNDY_OK;
}

grundy_status grundy_values_period(grundy_period *out, grundy_values *v,
                                   grundy_pos max)
{
    memset(out, 0, sizeof *out);
    GRUNDY_RETURN_IF(grundy_game_num_positions(v->game), GRUNDY_ERR_ARG);
    return period_search(out, v, max);
}

/* g(p) from the proven period (the table covers one period past q). */
static grundy_status by_period(grundy_value *out, grundy_values *v,
                               grundy_pos p)
{
    grundy_pos q = v->period.preperiod, per = v->period.period;
    GRUNDY_TRY(ensure_table(v, q + per));
    *out = table_at(v, p < q + per ? p : q + (p - q) % per);
    v->source = "period";
    return GRUNDY_OK;
}

/* Sliding window: ring[x % w] = g(x) for the last w positions.  Returns
 * *done = 0 if a move leaves the window (then another method is used). */
static grundy_status by_window(grundy_value *out, const grundy_game *g,
                               grundy_pos p, grundy_pos take,
                               const grundy_limits *lim, int *done)
{
    grundy_ticker tk;
    size_t w = (size_t)take + 1, nm, mcap = 0, i;
    grundy_value *ring;
    grundy_move *mv = NULL;
    grundy_status s = GRUNDY_OK;
    grundy_pos x;

    *done = 0;
    GRUNDY_RETURN_IF(take >= ((grundy_pos)1 << 24), GRUNDY_OK);
    GRUNDY_TRY(grundy_limits_mem_check(lim, w * sizeof *ring));
    ring = calloc(w, sizeof *ring);
    GRUNDY_RETURN_IF(!ring, GRUNDY_ERR_NOMEM);
    grundy_ticker_init(&tk, lim, "window", p + 1);
    for (x = 0; x <= p; x++) {
        uint64_t seen[4] = {0, 0, 0, 0};
        grundy_value mex = 0, big = 0;
        s = grundy_game_moves(g, x, &mv, &mcap, &nm);
        if (s != GRUNDY_OK)
            break;
        for (i = 0; i < nm; i++) {
            grundy_value v = 0;
            unsigned k;
            for (k = 0; k < mv[i].nparts; k++) {
                if (mv[i].part[k] >= x || mv[i].part[k] + take < x)
                    goto out; /* leaves the window */
                v ^= ring[mv[i].part[k] % w];
            }
            if (v < 256)
                seen[v / 64] |= 1ull << (v % 64);
            else
                big = 1;
        }
        if (big)
            goto out; /* values this large: use a table */
        while (mex < 256 && (seen[mex / 64] >> (mex % 64)) & 1)
            mex++;
        ring[x % w] = mex;
        s = grundy_ticker_tick(&tk, x + 1);
        if (s != GRUNDY_OK)
            goto out;
    }
    *out = ring[p % w];
    *done = 1;
out:
    free(ring);
    free(mv);
    return s;
}

/* Memoised search for finite families. */
typedef struct memo {
    grundy_pos *key;
    grundy_value *val;
    size_t cap, n;
} memo;

static size_t memo_slot(const memo *m, grundy_pos k)
{
    uint64_t h = (k + 1) * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 17) & (m->cap - 1);
    while (m->key[i] != UINT64_MAX && m->key[i] != k)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static grundy_status memo_put(memo *m, grundy_pos k, grundy_value v,
                              const grundy_limits *lim)
{
    size_t i;
    if (2 * (m->n + 1) > m->cap) {
        memo nm;
        size_t j;
        nm.cap = m->cap ? 2 * m->cap : 1024;
        GRUNDY_TRY(grundy_limits_mem_check(
            lim, nm.cap * (sizeof *nm.key + sizeof *nm.val)));
        nm.n = 0;
        nm.key = malloc(nm.cap * sizeof *nm.key);
        nm.val = malloc(nm.cap * sizeof *nm.val);
        if (!nm.key || !nm.val) {
            free(nm.key);
            free(nm.val);
            return GRUNDY_ERR_NOMEM;
        }
        memset(nm.key, 0xFF, nm.cap * sizeof *nm.key);
        for (j = 0; j < m->cap; j++)
            if (m->key[j] != UINT64_MAX) {
                size_t s = memo_slot(&nm, m->key[j]);
                nm.key[s] = m->key[j];
                nm.val[s] = m->val[j];
                nm.n++;
            }
        free(m->key);
        free(m->val);
        *m = nm;
    }
    i = memo_slot(m, k);
    if (m->key[i] == UINT64_MAX)
        m->n++;
    m->key[i] = k;
    m->val[i] = v;
    return GRUNDY_OK;
}

static int memo_get(const memo *m, grundy_pos k, grundy_value *v)
{
    size_t i;
    if (!m->cap)
        return 0;
    i = memo_slot(m, k);
    if (m->key[i] == UINT64_MAX)
        return 0;
    *v = m->val[i];
    return 1;
}

typedef struct frame {
    grundy_pos pos;
    size_t first, count, next; /* moves in the shared move stack */
} frame;

/* Iterative DFS: a frame's moves live on one growing stack of moves. */
static grundy_status by_search(grundy_value *out, const grundy_game *g,
                               grundy_pos root, const grundy_limits *lim)
{
    grundy_ticker tk;
    memo m = {0};
    frame *fs = NULL;
    grundy_move *ms = NULL, *tmp = NULL;
    size_t nf = 0, fcap = 0, nms = 0, mscap = 0, tcap = 0, nm;
    grundy_status s = GRUNDY_OK;
    grundy_value *vals = NULL;
    size_t vcap = 0;

#define PUSH_FRAME(P)                                                         \
    do {                                                                      \
        if (nf == fcap) {                                                     \
            frame *nfs;                                                       \
            fcap = fcap ? 2 * fcap : 64;                                      \
            nfs = realloc(fs, fcap * sizeof *fs);                             \
            if (!nfs) {                                                       \
                s = GRUNDY_ERR_NOMEM;                                         \
                goto done;                                                    \
            }                                                                 \
            fs = nfs;                                                         \
        }                                                                     \
        s = grundy_game_moves(g, (P), &tmp, &tcap, &nm);                      \
        if (s != GRUNDY_OK)                                                   \
            goto done;                                                        \
        if (nms + nm > mscap) {                                               \
            grundy_move *nmv;                                                 \
            mscap = 2 * (nms + nm) + 64;                                      \
            nmv = realloc(ms, mscap * sizeof *ms);                            \
            if (!nmv) {                                                       \
                s = GRUNDY_ERR_NOMEM;                                         \
                goto done;                                                    \
            }                                                                 \
            ms = nmv;                                                         \
        }                                                                     \
        if (nm)                                                               \
            memcpy(ms + nms, tmp, nm * sizeof *ms);                           \
        fs[nf].pos = (P);                                                     \
        fs[nf].first = nms;                                                   \
        fs[nf].count = nm;                                                    \
        fs[nf].next = 0;                                                      \
        nms += nm;                                                            \
        nf++;                                                                 \
    } while (0)

    grundy_ticker_init(&tk, lim, "search", 0);
    PUSH_FRAME(root);
    while (nf) {
        frame *f = &fs[nf - 1];
        int pushed = 0;
        /* Make sure every part of every move is known. */
        while (!pushed && f->next < f->count) {
            const grundy_move *mv = &ms[f->first + f->next];
            unsigned k;
            grundy_value v;
            for (k = 0; k < mv->nparts; k++)
                if (!memo_get(&m, mv->part[k], &v)) {
                    grundy_pos child = mv->part[k];
                    PUSH_FRAME(child);
                    pushed = 1;
                    break;
                }
            if (!pushed)
                f->next++;
        }
        if (pushed)
            continue;
        {
            size_t i;
            grundy_value mex = 0;
            if (f->count + 1 > vcap) {
                grundy_value *nv;
                vcap = 2 * f->count + 64;
                nv = realloc(vals, vcap * sizeof *vals);
                if (!nv) {
                    s = GRUNDY_ERR_NOMEM;
                    goto done;
                }
                vals = nv;
            }
            for (i = 0; i < f->count; i++) {
                const grundy_move *mv = &ms[f->first + i];
                grundy_value v = 0, x = 0;
                unsigned k;
                for (k = 0; k < mv->nparts; k++) {
                    int ok = memo_get(&m, mv->part[k], &x);
                    assert(ok);
                    (void)ok;
                    v ^= x;
                }
                vals[i] = v;
            }
            /* mex by repeated scan is fine: boards have few moves. */
            for (;;) {
                for (i = 0; i < f->count && vals[i] != mex; i++)
                    ;
                if (i == f->count)
                    break;
                mex++;
            }
            s = memo_put(&m, f->pos, mex, lim);
            if (s == GRUNDY_OK)
                s = grundy_ticker_tick(&tk, m.n);
            if (s != GRUNDY_OK)
                goto done;
            nms = f->first;
            nf--;
        }
    }
    {
        int ok = memo_get(&m, root, out);
        assert(ok);
        (void)ok;
    }
#undef PUSH_FRAME
done:
    free(m.key);
    free(m.val);
    free(fs);
    free(ms);
    free(tmp);
    free(vals);
    return s;
}

/* Single values ************************************************************/

/* The board search (grundy/board.h), made on first use and kept, with its
 * table, for every later question.  GRUNDY_ERR_LIMIT when not even its
 * smallest table fits: the other methods are then tried. */
static grundy_status by_board(grundy_value *out, grundy_values *v,
                              grundy_pos p)
{
    if (!v->board) {
        grundy_board_opts o;
        grundy_board_opts_init(&o);
        o.limits = v->lim;
        GRUNDY_TRY(grundy_board_new(&v->board, v->game, &o));
    }
    v->source = "board search";
    return grundy_board_value(out, v->board, p);
}

int grundy_values_search_stats(grundy_board_stats *out,
                               const grundy_values *v)
{
    memset(out, 0, sizeof *out);
    if (!v->board)
        return 0;
    grundy_board_get_stats(out, v->board);
    return 1;
}

static grundy_status get_finite(grundy_value *out, grundy_values *v,
                                grundy_pos p, grundy_pos np)
{
    int board_limit = 0;
    /* np == UINT64_MAX: a board of 64 cells, every position valid */
    GRUNDY_RETURN_IF(p >= np && np != UINT64_MAX, GRUNDY_ERR_RANGE);
    if (!v->table && !v->store_looked)
        GRUNDY_TRY(store_look(v));
    if (v->table && p < grundy_table_size(v->table)) {
        *out = table_at(v, p);
        v->source = v->stored_size ? "stored table" : "table";
        return GRUNDY_OK;
    }
    /* A split table: the one value from its slice. */
    if (v->split) {
        int done;
        GRUNDY_TRY(split_value(out, v, p, &done));
        if (done) {
            v->source = "stored slices";
            return GRUNDY_OK;
        }
    }
    /* Boards with parts and keys: the board search, unless p is small
     * enough for its subsets. */
    if (grundy_board_applies(v->game) && v->method == GRUNDY_TABLE_AUTO &&
        !((v->rules->flags & GRUNDY_RULES_SUBSETS) &&
          __builtin_popcountll(p) <= BOARD_SUBSETS_MAX_CELLS)) {
        grundy_status s = by_board(out, v, p);
        if (s != GRUNDY_ERR_LIMIT)
            return s;
        board_limit = 1;
    }
    /* The subsets of p alone, unless p is the full board (or close):
     * then the table of every position, on the threads.  (2 << cells
     * is only taken below 63 cells: past it the shift wraps.) */
    if ((v->rules->flags & GRUNDY_RULES_SUBSETS) &&
        __builtin_popcountll(p) < 63 &&
        ((grundy_pos)2 << __builtin_popcountll(p)) <= np) {
        grundy_status s = grundy_table_value_subsets(out, v->game, p, v->lim);
        if (s != GRUNDY_ERR_OVERFLOW) {
            v->source = "subsets";
            return s;
        }
    }
    if (fill_method(v) != GRUNDY_FILL_NAIVE && table_fits(v, np)) {
        GRUNDY_TRY(ensure_table(v, np));
        *out = table_at(v, p);
        return GRUNDY_OK;
    }
    /* A board search past the memory limit is the answer: the plain
     * search would need more memory still, or run without end. */
    GRUNDY_RETURN_IF(board_limit, GRUNDY_ERR_LIMIT);
    v->source = "search";
    return by_search(out, v->game, p, v->lim);
}

grundy_status grundy_values_get(grundy_value *out, grundy_values *v,
                                grundy_pos p)
{
    grundy_pos np = grundy_game_num_positions(v->game);
    int done = 0;

    if (v->rules->value && v->rules->value(v->params, p, out)) {
        v->source = "closed form";
        return GRUNDY_OK;
    }
    if (np)
        return get_finite(out, v, p, np);
    if (v->table && p < grundy_table_size(v->table)) {
        *out = table_at(v, p);
        return GRUNDY_OK;
    }
    if (v->period.proven)
        return by_period(out, v, p);
    if (!v->store_looked) {
        GRUNDY_TRY(store_look(v));
        if (v->table && p < grundy_table_size(v->table)) {
            *out = table_at(v, p);
            v->source = "stored table";
            return GRUNDY_OK;
        }
        if (v->period.proven)
            return by_period(out, v, p);
    }
    if (grundy_period_provable(v->game) && p >= PERIOD_FROM &&
        !v->period_searched) {
        /* A position within reach of a table looks for a period only
         * as far as twice its own size (its own size when moves grow
         * with the heap): past it, the table answers. */
        grundy_period per;
        grundy_pos max = p >= period_default_max(v) / 2 ? 0
                         : costly_moves(v)             ? p + 1
                                                       : 2 * p;
        GRUNDY_TRY(period_search(&per, v, max));
        if (v->period.proven)
            return by_period(out, v, p);
        if (p < grundy_table_size(v->table)) {
            *out = table_at(v, p);
            return GRUNDY_OK;
        }
    }
    /* The family's kernel in a sliding window: the same work as a table,
     * in the memory of the kernel's lookback. */
    if (fill_method(v) == GRUNDY_FILL_KERNEL && p >= WINDOW_FROM &&
        grundy_table_kernel(v->game)->lookback) {
        grundy_status s;
        GRUNDY_TRY(work_check(v, p == UINT64_MAX ? p : p + 1));
        s = grundy_table_window_value(out, v->game, p, v->lim);
        if (s != GRUNDY_ERR_ARG) {
            if (s == GRUNDY_OK)
                v->source = "window";
            return s;
        }
    }
    /* A family kernel over a table beats the generic window by 10x or
     * more; use it while the table stays small. */
    if (fill_method(v) != GRUNDY_FILL_NAIVE && p < TABLE_MAX_POS &&
        table_fits(v, p + 1)) {
        GRUNDY_TRY(ensure_table_amortised(v, p + 1));
        *out = table_at(v, p);
        return GRUNDY_OK;
    }
    if (v->rules->max_take && v->rules->max_take(v->params) > 0 &&
        p < UINT64_MAX) {
        GRUNDY_TRY(work_check(v, grundy_table_window_work(v->game, p)));
        GRUNDY_TRY(by_window(out, v->game, p, v->rules->max_take(v->params),
                             v->lim, &done));
        if (done) {
            v->source = "window";
            return GRUNDY_OK;
        }
    }
    GRUNDY_RETURN_IF(p == UINT64_MAX || !table_fits(v, p + 1),
                     GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(ensure_table_amortised(v, p + 1));
    *out = table_at(v, p);
    return GRUNDY_OK;
}

grundy_status grundy_values_prepare(grundy_values *v, grundy_pos maxp)
{
    grundy_pos np = grundy_game_num_positions(v->game);
    grundy_status s;
    if (v->rules->value && (!np || !(v->rules->flags & GRUNDY_RULES_BOARD)))
        return GRUNDY_OK; /* closed form, with get() as the fallback */
    if (np) {
        if (np > BOARD_TABLE_MAX || !table_fits(v, np))
            return GRUNDY_OK;
        maxp = np - 1;
    } else if (!(v->rules->flags & GRUNDY_RULES_HEAP) ||
               maxp >= TABLE_MAX_POS || !table_fits(v, maxp + 1)) {
        return GRUNDY_OK;
    }
    if (v->period.proven && maxp >= v->period.preperiod)
        return GRUNDY_OK;
    s = ensure_table_amortised(v, maxp + 1);
    if (s == GRUNDY_ERR_LIMIT || s == GRUNDY_ERR_OVERFLOW ||
        s == GRUNDY_ERR_ARG || s == GRUNDY_ERR_WORK)
        return GRUNDY_OK; /* values come one by one */
    return s;
}

/* Histograms ***************************************************************/

/* From the closed form; *ok = 0 when it declines some position. */
static grundy_status hist_closed(uint64_t **hist, size_t *nv, int *ok,
                                 grundy_values *v, grundy_pos max)
{
    uint64_t *h = NULL;
    size_t cap = 0;
    grundy_pos pos = 0;
    grundy_ticker tk;
    *ok = 0;
    *hist = NULL;
    *nv = 0;
    if (v->rules->value_bound) {
        grundy_value b = v->rules->value_bound(v->params, max + 1);
        GRUNDY_RETURN_IF(b >= SIZE_MAX / sizeof *h, GRUNDY_ERR_LIMIT);
        cap = (size_t)b + 1;
    }
    grundy_ticker_init(&tk, v->lim, "histogram", max + 1);
    for (;;) {
        grundy_value x;
        grundy_status s;
        if (!v->rules->value(v->params, pos, &x)) {
            free(h);
            return GRUNDY_OK;
        }
        if (x >= cap || !h) {
            size_t ncap = cap > x ? cap : (size_t)x + 1;
            uint64_t *nh;
            GRUNDY_RETURN_IF(x >= SIZE_MAX / 2 / sizeof *h, GRUNDY_ERR_LIMIT);
            if (h && ncap < 2 * cap)
                ncap = 2 * cap;
            if (grundy_limits_mem_check(v->lim, ncap * sizeof *h) !=
                GRUNDY_OK) {
                free(h);
                return GRUNDY_ERR_LIMIT;
            }
            nh = realloc(h, ncap * sizeof *h);
            if (!nh) {
                free(h);
                return GRUNDY_ERR_NOMEM;
            }
            memset(nh + (h ? cap : 0), 0, (ncap - (h ? cap : 0)) * sizeof *nh);
            h = nh;
            cap = ncap;
        }
        h[x]++;
        if (x + 1 > *nv)
            *nv = (size_t)x + 1;
        s = grundy_ticker_tick(&tk, pos + 1);
        if (s != GRUNDY_OK) {
            free(h);
            return s;
        }
        if (pos == max)
            break;
        pos++;
    }
    *hist = h;
    *ok = 1;
    v->source = "closed form";
    return GRUNDY_OK;
}

grundy_status grundy_values_histogram(uint64_t **counts, size_t *nvalues,
                                      grundy_values *v, grundy_pos max)
{
    int ok = 0;
    size_t nv;
    uint64_t *h;
    *counts = NULL;
    *nvalues = 0;
    GRUNDY_RETURN_IF(!(v->rules->flags & GRUNDY_RULES_HEAP), GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(max == UINT64_MAX, GRUNDY_ERR_RANGE);
    if (v->rules->value) {
        GRUNDY_TRY(hist_closed(counts, nvalues, &ok, v, max));
        if (ok)
            return GRUNDY_OK;
    }
    GRUNDY_RETURN_IF(!table_fits(v, max + 1), GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(ensure_table(v, max + 1));
    if (grundy_table_size(v->table) > max + 1) {
        /* a longer table is at hand: count its first max + 1 entries */
        grundy_table *prefix;
        grundy_status s;
        GRUNDY_TRY(grundy_table_prefix(&prefix, v->table, max + 1));
        nv = (size_t)grundy_table_max(prefix, NULL) + 1;
        s = grundy_limits_mem_check(v->lim, nv * sizeof *h);
        h = s == GRUNDY_OK ? malloc(nv * sizeof *h) : NULL;
        if (h)
            grundy_table_counts(prefix, h);
        grundy_table_free(prefix);
        GRUNDY_TRY(s);
        GRUNDY_RETURN_IF(!h, GRUNDY_ERR_NOMEM);
    } else {
        nv = (size_t)grundy_table_max(v->table, NULL) + 1;
        GRUNDY_TRY(grundy_limits_mem_check(v->lim, nv * sizeof *h));
        h = malloc(nv * sizeof *h);
        GRUNDY_RETURN_IF(!h, GRUNDY_ERR_NOMEM);
        grundy_table_counts(v->table, h);
    }
    *counts = h;
    *nvalues = nv;
    return GRUNDY_OK;
}

/* Moves ********************************************************************/

grundy_status grundy_values_move_to(grundy_move *out, int *found,
                                    grundy_values *v, grundy_pos p,
                                    grundy_value target)
{
    grundy_move *mv = NULL;
    size_t cap = 0, count, need, k;
    grundy_status s = GRUNDY_OK;
    *found = 0;
    if (v->rules->move_to_value) {
        int r = v->rules->move_to_value(v->params, p, target, out);
        if (r >= 0) {
            *found = r;
            if (r)
                grundy_move_sort_parts(out);
            return GRUNDY_OK;
        }
    }
    need = v->rules->max_moves(v->params, p);
    GRUNDY_TRY(work_check(v, need));
    GRUNDY_RETURN_IF(need > SIZE_MAX / sizeof *mv, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(v->lim, need * sizeof *mv));
    GRUNDY_TRY(grundy_game_moves(v->game, p, &mv, &cap, &count));
    for (k = 0; k < count && s == GRUNDY_OK && !*found; k++) {
        grundy_value x = 0, pv;
        unsigned j;
        for (j = 0; j < mv[k].nparts && s == GRUNDY_OK; j++) {
            s = grundy_values_get(&pv, v, mv[k].part[j]);
            x ^= pv;
        }
        if (s == GRUNDY_OK && x == target) {
            *out = mv[k];
            grundy_move_sort_parts(out);
            *found = 1;
        }
    }
    free(mv);
    return s;
}

static int same_move(const grundy_move *a, const grundy_move *b)
{
    grundy_move x = *a, y = *b;
    unsigned i;
    if (x.nparts != y.nparts)
        return 0;
    grundy_move_sort_parts(&x);
    grundy_move_sort_parts(&y);
    for (i = 0; i < x.nparts; i++)
        if (x.part[i] != y.part[i])
            return 0;
    return 1;
}

grundy_status grundy_values_is_move(int *legal, grundy_values *v,
                                    grundy_pos p, const grundy_move *m)
{
    grundy_move *mv = NULL;
    size_t cap = 0, count, need, k;
    *legal = 0;
    if ((v->rules->flags & GRUNDY_RULES_NIM) && v->rules->move_to_value &&
        m->nparts == 1) {
        /* A Nim heap has one move to each smaller value, and no other. */
        grundy_value gp, gm;
        grundy_move to;
        int found;
        GRUNDY_TRY(grundy_values_get(&gp, v, p));
        if (grundy_values_get(&gm, v, m->part[0]) != GRUNDY_OK || gm >= gp)
            return GRUNDY_OK;
        GRUNDY_TRY(grundy_values_move_to(&to, &found, v, p, gm));
        *legal = found && same_move(&to, m);
        return GRUNDY_OK;
    }
    need = v->rules->max_moves(v->params, p);
    GRUNDY_TRY(work_check(v, need));
    GRUNDY_RETURN_IF(need > SIZE_MAX / sizeof *mv, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(v->lim, need * sizeof *mv));
    GRUNDY_TRY(grundy_game_moves(v->game, p, &mv, &cap, &count));
    for (k = 0; k < count && !*legal; k++)
        *legal = same_move(&mv[k], m);
    free(mv);
    return GRUNDY_OK;
}
