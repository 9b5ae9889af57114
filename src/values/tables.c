/*
 * tables.c -- values from tables: the table held, the store's (whole, or
 * split in slices for boards), a table grown on demand (in memory, or in
 * its file in the store), with checkpoints while it grows and a save
 * when it took long enough to be worth keeping.
 *
 * A board table computed by many processes (grundy-mpi) is kept as a
 * split table: slices and a manifest.  It is assembled into one table
 * when that fits the memory limit, and otherwise single values are read
 * from the slice that holds them, verifying only the block they lie in.
 */
#include <stdlib.h>
#include <string.h>

#include "table/rare.h"
#include "values/values_internal.h"

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
            grundy_values_split_drop(v);
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
            grundy_values_split_drop(v);
            return GRUNDY_OK;
        }
    }
    s = grundy_store_mapping_read(&b, v->slices[i], off, 1);
    if (s == GRUNDY_ERR_IO || s == GRUNDY_ERR_RANGE) {
        grundy_values_split_drop(v); /* a damaged block: the warning said so */
        return GRUNDY_OK;
    }
    GRUNDY_TRY(s);
    *out = b;
    *done = 1;
    return GRUNDY_OK;
}

void grundy_values_peek_drop(grundy_values *v)
{
    grundy_store_mapping_free(v->peek);
    v->peek = NULL;
}

/* g(p) from the stored table without loading it: the table is opened
 * once with its header and block table checked, and each value read
 * verifies the block it lies in.  *done = 0 when the store has no table
 * of v, or p is past its end, or the block is damaged (the warning said
 * so; the table is then dropped, and a full load moves the file aside). */
static grundy_status peek_value(grundy_value *out, grundy_values *v,
                                grundy_pos p, int *done)
{
    const grundy_store_table *st;
    unsigned char b[4] = {0, 0, 0, 0};
    grundy_status s;
    *done = 0;
    if (!v->store)
        return GRUNDY_OK;
    if (!v->peeked) {
        v->peeked = 1;
        GRUNDY_TRY(grundy_store_open_table(&v->peek, v->store, v->spec, 0));
        if (v->peek &&
            grundy_store_mapping_table(v->peek)->period.proven &&
            !v->period.proven)
            v->period = grundy_store_mapping_table(v->peek)->period;
    }
    if (!v->peek)
        return GRUNDY_OK;
    st = grundy_store_mapping_table(v->peek);
    if (p >= st->size)
        return GRUNDY_OK;
    s = grundy_store_mapping_read(b, v->peek, (uint64_t)p * st->width,
                                  st->width);
    if (s == GRUNDY_ERR_IO) {
        grundy_values_peek_drop(v);
        return GRUNDY_OK;
    }
    GRUNDY_TRY(s);
    *out = grundy_table_get_raw(b, st->width, 0);
    *done = 1;
    return GRUNDY_OK;
}

/* Take the stored table when it is longer than the one in memory; a
 * board with no stored table may have a split one. */
grundy_status grundy_values_store_look(grundy_values *v)
{
    grundy_store_mapping *m = NULL;
    const grundy_store_table *st;
    grundy_table *t;
    if (!v->store)
        return GRUNDY_OK;
    v->store_looked = 1;
    grundy_values_peek_drop(v); /* the whole table now, or none */
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
static void store_save(grundy_values *v, const grundy_table *t, grundy_pos size,
                       int complete)
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
    else if (complete && size == grundy_table_size(t) &&
             grundy_period_provable(v->game))
        grundy_period_find(&st.period, t); /* about one pass: what
                                              `store list` shows */
    if (!st.period.proven || !st.period.found || st.period.saltus)
        memset(&st.period, 0, sizeof st.period); /* an ordinary one only */
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
        s = grundy_store_grow_finish(gr, v->period.proven ? &v->period : NULL);
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
grundy_status grundy_values_work_check(grundy_values *v, uint64_t steps)
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

/* Positions from which the rare values of a table say how splits into
 * two heaps will cost. */
#define RARE_WORK_FROM 1024
/* The take-and-break kernel lists every split while more than one
 * position in RARE_SHARE is rare (sparse.c, sparse_internal.h). */
#define RARE_SHARE 8

uint64_t grundy_values_grow_work(const grundy_values *v, grundy_fill_method m,
                                 grundy_pos from, grundy_pos n)
{
    uint64_t w = grundy_table_work(v->game, m, from, n), rare = 0;
    const grundy_takebreak_params *tp = grundy_takebreak_get(v->game);
    grundy_table *known = NULL;
    grundy_period per_seen;
    grundy_pos seen = from;
    grundy_status s;
    double extra;
    if (m != GRUNDY_FILL_KERNEL || n <= RARE_WORK_FROM || n <= from || !tp ||
        tp->max_parts != 2 || v->period.proven)
        return w;
    memset(&per_seen, 0, sizeof per_seen);
    if (from >= RARE_WORK_FROM && v->table &&
        grundy_table_size(v->table) >= from) {
        s = grundy_table_prefix(&known, v->table, from);
    } else {
        /* too little known: the first RARE_WORK_FROM values, computed
         * apart (a millisecond), say how dense the rare ones are */
        s = grundy_table_new(&known, v->game, RARE_WORK_FROM, NULL);
        seen = RARE_WORK_FROM;
    }
    /* a period proven in what is known: the kernel copies it from there */
    if (s == GRUNDY_OK)
        grundy_period_find(&per_seen, known);
    if (s == GRUNDY_OK && !per_seen.proven)
        s = grundy_table_rare_prefix(&rare, known, seen);
    grundy_table_free(known);
    if (s != GRUNDY_OK || per_seen.proven)
        return w;
    if (rare * RARE_SHARE <= seen)
        /* scarce rare positions: each position looks at the splits with
         * a rare part, a step each (Grundy's game: 1274 rare positions to
         * 2^24, some 20 us a position) */
        extra = (double)(n - from) * (double)rare;
    else
        /* it lists every split (sparse.c): about p/2 for each position
         * p, (n^2 - from^2) / 4 in all, while the values stay that
         * dense */
        extra = ((double)n * (double)n - (double)from * (double)from) / 4;
    if (extra >= 1.8e19 - (double)w)
        return UINT64_MAX;
    return w + (uint64_t)extra;
}

/* Before a long table of a split into two heaps is refused as quadratic
 * on the density of its first values, the first PROBE_MAX values are
 * computed (kept: they are the table's): the density falls later for
 * many codes (Grundy's game: a rare position in 6 to 1024, one in 50 to
 * 65536). */
#define PROBE_MAX ((grundy_pos)1 << 16)
static grundy_status probe_density(grundy_values *v, grundy_fill_method m,
                                   grundy_pos n)
{
    const grundy_takebreak_params *tp = grundy_takebreak_get(v->game);
    grundy_pos have = v->table ? grundy_table_size(v->table) : 0;
    if (m != GRUNDY_FILL_KERNEL || !tp || tp->max_parts != 2 ||
        n <= PROBE_MAX || have >= PROBE_MAX ||
        grundy_limits_work_check(v->lim, grundy_values_grow_work(
                                             v, m, have, n)) == GRUNDY_OK)
        return GRUNDY_OK;
    return grundy_values_ensure_table(v, PROBE_MAX);
}
/* Tables *******************************************************************/

/* A table of at least n entries (finite families: all), computed with the
 * store's help. */
grundy_status grundy_values_ensure_table(grundy_values *v, grundy_pos n)
{
    grundy_pos np = grundy_game_num_positions(v->game);
    grundy_fill_method m = grundy_values_fill_method(v);
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
        GRUNDY_TRY(grundy_values_store_look(v));
        if (v->table && grundy_table_size(v->table) >= n) {
            v->source = "stored table";
            return GRUNDY_OK;
        }
    }
    GRUNDY_TRY(probe_density(v, m, n));
    if (v->table && grundy_table_size(v->table) >= n)
        return GRUNDY_OK;
    if (v->store) {
        int done = 0;
        /* Another process may be computing it: wait, then look again. */
        GRUNDY_TRY(grundy_store_lock_entry(&lock, v->store, v->spec));
        s = grundy_values_store_look(v);
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
        s = grundy_values_work_check(v,
                                     grundy_values_grow_work(v, m, have, n));
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
    s = grundy_values_table_fits(v, n) ? GRUNDY_OK : GRUNDY_ERR_LIMIT;
    if (s == GRUNDY_OK) {
        grundy_pos have = v->table ? grundy_table_size(v->table) : 0;
        s = grundy_values_work_check(v,
                                     grundy_values_grow_work(v, m, have, n));
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
                          v->store && !np && !v->single ? &hook : NULL);
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
        if (!v->single &&
            (v->stored_size > 0 || took >= (uint64_t)v->store_min_ms))
            store_save(v, v->table, grundy_table_size(v->table), 1);
        v->source = "table";
    }
    grundy_store_unlock(lock);
    return s;
}

/* Grow by half at least (a stream of growing positions), within the
 * limit when possible. */
grundy_status grundy_values_ensure_table_amortised(grundy_values *v,
                                                   grundy_pos n)
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
    return grundy_values_ensure_table(v, want);
}

/* Whether a table of n entries is the right source: the family tabulates
 * fast, and the table fits. */
int grundy_values_table_fits(const grundy_values *v, grundy_pos n)
{
    size_t bytes;
    return grundy_table_estimate(&bytes, v->game, n) == GRUNDY_OK &&
           grundy_limits_mem_check(v->lim, bytes) == GRUNDY_OK;
}

grundy_status grundy_values_table(const grundy_table **out, grundy_values *v,
                                  grundy_pos n)
{
    *out = NULL;
    GRUNDY_TRY(grundy_values_ensure_table(v, n));
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
/* Sources ******************************************************************/

grundy_fill_method grundy_values_fill_method(const grundy_values *v)
{
    return v->method == GRUNDY_TABLE_NAIVE
               ? GRUNDY_FILL_NAIVE
               : grundy_table_auto_method(v->game);
}

void grundy_values_split_drop(grundy_values *v)
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

/* g(p) from the proven period (the table covers one period past q),
 * plus the saltus once a period for each period passed. */
grundy_status grundy_values_by_period(grundy_value *out, grundy_values *v,
                                      grundy_pos p)
{
    grundy_pos q = v->period.preperiod, per = v->period.period;
    grundy_value s = v->period.saltus, k = 0;
    GRUNDY_TRY(grundy_values_ensure_table(v, q + per));
    if (p >= q + per) {
        k = (p - q) / per;
        p = q + (p - q) % per;
    }
    *out = grundy_values_table_at(v, p);
    GRUNDY_RETURN_IF(s && k > (UINT64_MAX - *out) / s, GRUNDY_ERR_OVERFLOW);
    *out += k * s;
    v->source = "period";
    return GRUNDY_OK;
}

/* Heap families: the table held. */
static int held_applies(const grundy_values *v, grundy_pos p)
{
    return v->table && p < grundy_table_size(v->table);
}

static grundy_status held_get(grundy_value *out, int *done, grundy_values *v,
                              grundy_pos p)
{
    *out = grundy_values_table_at(v, p);
    *done = 1;
    return GRUNDY_OK;
}

const grundy_values_src grundy_values_src_held = {"table held", held_applies,
                                                  held_get};

/* Heap families: the store, asked once (its table, or its period). */
static int stored_applies(const grundy_values *v, grundy_pos p)
{
    (void)p;
    return !v->store_looked;
}

static grundy_status stored_get(grundy_value *out, int *done, grundy_values *v,
                                grundy_pos p)
{
    /* one value: the block that holds it, or the stored period */
    GRUNDY_TRY(peek_value(out, v, p, done));
    if (*done) {
        v->source = "stored table";
        return GRUNDY_OK;
    }
    if (v->period.proven) {
        *done = 1;
        return grundy_values_by_period(out, v, p);
    }
    GRUNDY_TRY(grundy_values_store_look(v));
    if (v->table && p < grundy_table_size(v->table)) {
        *out = grundy_values_table_at(v, p);
        v->source = "stored table";
        *done = 1;
    } else if (v->period.proven) {
        *done = 1;
        return grundy_values_by_period(out, v, p);
    }
    return GRUNDY_OK;
}

const grundy_values_src grundy_values_src_stored = {"stored table",
                                                    stored_applies, stored_get};

/* Heap families: a family kernel over a table beats the generic window by
 * 10x or more; use it while the table stays small. */
static int table_applies(const grundy_values *v, grundy_pos p)
{
    return grundy_values_fill_method(v) != GRUNDY_FILL_NAIVE &&
           p < TABLE_MAX_POS && grundy_values_table_fits(v, p + 1);
}

static grundy_status table_get(grundy_value *out, int *done, grundy_values *v,
                               grundy_pos p)
{
    grundy_status s;
    /* a table for one value is not kept unless asked */
    v->single = !v->keep_single;
    s = grundy_values_ensure_table_amortised(v, p + 1);
    v->single = 0;
    GRUNDY_TRY(s);
    *out = grundy_values_table_at(v, p);
    *done = 1;
    return GRUNDY_OK;
}

const grundy_values_src grundy_values_src_table = {"table", table_applies,
                                                   table_get};

/* Heap families, when nothing else answered: a table by the generic
 * method when it fits, else the memory limit. */
static grundy_status table_last_get(grundy_value *out, int *done,
                                    grundy_values *v, grundy_pos p)
{
    GRUNDY_RETURN_IF(p == UINT64_MAX || !grundy_values_table_fits(v, p + 1),
                     GRUNDY_ERR_LIMIT);
    return table_get(out, done, v, p);
}

const grundy_values_src grundy_values_src_table_last = {"table", NULL,
                                                        table_last_get};

/* Finite families: the table held or stored. */
static grundy_status board_table_get(grundy_value *out, int *done,
                                     grundy_values *v, grundy_pos p)
{
    if (!v->table && !v->store_looked) {
        /* one value: the block that holds it */
        GRUNDY_TRY(peek_value(out, v, p, done));
        if (*done) {
            v->source = "stored table";
            return GRUNDY_OK;
        }
        if (!v->peek)
            GRUNDY_TRY(grundy_values_store_look(v));
    }
    if (v->table && p < grundy_table_size(v->table)) {
        *out = grundy_values_table_at(v, p);
        v->source = v->stored_size ? "stored table" : "table";
        *done = 1;
    }
    return GRUNDY_OK;
}

const grundy_values_src grundy_values_src_board_table = {"table", NULL,
                                                         board_table_get};

/* Finite families: a split table, the one value from its slice. */
static int slices_applies(const grundy_values *v, grundy_pos p)
{
    (void)p;
    return v->split != NULL;
}

static grundy_status slices_get(grundy_value *out, int *done, grundy_values *v,
                                grundy_pos p)
{
    GRUNDY_TRY(split_value(out, v, p, done));
    if (*done)
        v->source = "stored slices";
    return GRUNDY_OK;
}

const grundy_values_src grundy_values_src_slices = {"stored slices",
                                                    slices_applies, slices_get};

/* Finite families: the table of every position, when it fits. */
static int whole_applies(const grundy_values *v, grundy_pos p)
{
    (void)p;
    return grundy_values_fill_method(v) != GRUNDY_FILL_NAIVE &&
           grundy_values_table_fits(v, grundy_game_num_positions(v->game));
}

static grundy_status whole_get(grundy_value *out, int *done, grundy_values *v,
                               grundy_pos p)
{
    GRUNDY_TRY(
        grundy_values_ensure_table(v, grundy_game_num_positions(v->game)));
    *out = grundy_values_table_at(v, p);
    *done = 1;
    return GRUNDY_OK;
}

const grundy_values_src grundy_values_src_whole_table = {"table", whole_applies,
                                                         whole_get};
