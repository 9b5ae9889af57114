/*
 * values.c -- the one source of Grundy values of a game (grundy/values.h).
 *
 * The decision "where does g(p) come from" is made here and nowhere else,
 * by a short loop over a list of sources, each in its own file
 * (values_internal.h): a closed form, a table in memory or in the store,
 * a proven period, a table grown with the family's kernel, a sliding
 * window, a search.  What one question computed (the table, the period,
 * the store's mapping) serves the next ones, so a sum, a range session or
 * a CLI command that asks many values pays for each source once.
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
 */
#include <stdlib.h>
#include <string.h>

#include "values/values_internal.h"

void grundy_values_opts_init(grundy_values_opts *o)
{
    memset(o, 0, sizeof *o);
    o->store_min_ms = -1;
    o->checkpoint_ms = -1;
    o->enddb = 0;
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
    v->keep_single = o->keep_single;
    v->enddb_asked = o->enddb;
    v->source = "none";
    v->method_name = "none";
    if (grundy_game_canonical_spec(g, v->spec, sizeof v->spec) >=
        sizeof v->spec)
        v->store = NULL; /* a spec this long is not kept */
    *out = v;
    return GRUNDY_OK;
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

void grundy_values_free(grundy_values *v)
{
    if (!v)
        return;
    grundy_table_free(v->view);
    grundy_table_free(v->table);
    grundy_values_split_drop(v);
    grundy_values_peek_drop(v);
    grundy_board_free(v->board);
    grundy_values_journal_free(v->journal);
    grundy_values_free(v->enddb_values);
    grundy_game_free(v->enddb_game);
    if (v->attached_free)
        v->attached_free(v->attached);
    free(v);
}

void **grundy_values_attached(grundy_values *v, void (*free_fn)(void *))
{
    v->attached_free = free_fn;
    return &v->attached;
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

const grundy_table *grundy_values_cached(const grundy_values *v)
{
    return v->table;
}

void grundy_values_known_period(grundy_period *out, const grundy_values *v)
{
    *out = v->period;
}

grundy_fill_method grundy_values_fill_method(const grundy_values *v)
{
    return v->method == GRUNDY_TABLE_NAIVE
               ? GRUNDY_FILL_NAIVE
               : grundy_table_auto_method(v->game);
}
/* The chooser **************************************************************/

static int closed_applies(const grundy_values *v, grundy_pos p)
{
    (void)p;
    return v->rules->value != NULL;
}

static grundy_status closed_get(grundy_value *out, int *done, grundy_values *v,
                                grundy_pos p)
{
    if (v->rules->value(v->params, p, out)) {
        v->source = "closed form";
        *done = 1;
    }
    return GRUNDY_OK;
}

static const grundy_values_src src_closed = {"closed form", closed_applies,
                                             closed_get};

/* A finite family's positions: np == UINT64_MAX is a board of 64 cells,
 * every position valid. */
static grundy_status range_get(grundy_value *out, int *done, grundy_values *v,
                               grundy_pos p)
{
    grundy_pos np = grundy_game_num_positions(v->game);
    (void)out;
    (void)done;
    GRUNDY_RETURN_IF(p >= np && np != UINT64_MAX, GRUNDY_ERR_RANGE);
    v->board_refused = 0;
    return GRUNDY_OK;
}

static const grundy_values_src src_range = {"range", NULL, range_get};

/* Heap families, in the order they are asked. */
static const grundy_values_src *const heap_sources[] = {
    &src_closed,
    &grundy_values_src_held,
    &grundy_values_src_period,
    &grundy_values_src_stored,
    &grundy_values_src_period_search,
    &grundy_values_src_kernel_window,
    &grundy_values_src_table,
    &grundy_values_src_window,
    &grundy_values_src_table_last,
    NULL};

/* Finite families (boards). */
static const grundy_values_src *const finite_sources[] = {
    &src_closed,
    &src_range,
    &grundy_values_src_board_table,
    &grundy_values_src_slices,
    &grundy_values_src_board_search,
    &grundy_values_src_subsets,
    &grundy_values_src_whole_table,
    &grundy_values_src_search,
    NULL};

/* Boards past 64 cells: positions are handles, never numbered, so no
 * table of them exists; the board search alone answers. */
static const grundy_values_src *const named_sources[] = {
    &grundy_values_src_board_search, NULL};

grundy_status grundy_values_get(grundy_value *out, grundy_values *v,
                                grundy_pos p)
{
    const grundy_values_src *const *src =
        grundy_game_board_words(v->game) > 1       ? named_sources
        : grundy_game_num_positions(v->game) ? finite_sources
                                             : heap_sources;
    for (; *src; src++) {
        int done = 0;
        grundy_status s;
        if ((*src)->applies && !(*src)->applies(v, p))
            continue;
        s = (*src)->get(out, &done, v, p);
        if (s != GRUNDY_OK || done)
            return s;
    }
    return GRUNDY_ERR_LIMIT; /* not reached: the last source answers */
}

grundy_status grundy_values_prepare(grundy_values *v, grundy_pos maxp)
{
    grundy_pos np = grundy_game_num_positions(v->game);
    grundy_status s;
    if (grundy_game_board_words(v->game) > 1)
        return GRUNDY_OK; /* no table of handles */
    if (v->rules->value && (!np || !(v->rules->flags & GRUNDY_RULES_BOARD)))
        return GRUNDY_OK; /* closed form, with get() as the fallback */
    if (np) {
        if (np > BOARD_TABLE_MAX || !grundy_values_table_fits(v, np))
            return GRUNDY_OK;
        maxp = np - 1;
    } else if (!(v->rules->flags & GRUNDY_RULES_HEAP) ||
               maxp >= TABLE_MAX_POS ||
               !grundy_values_table_fits(v, maxp + 1)) {
        return GRUNDY_OK;
    }
    if (v->period.proven && maxp >= v->period.preperiod)
        return GRUNDY_OK;
    s = grundy_values_ensure_table_amortised(v, maxp + 1);
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
    GRUNDY_RETURN_IF(!grundy_values_table_fits(v, max + 1), GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_values_ensure_table(v, max + 1));
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
    GRUNDY_TRY(grundy_values_work_check(v, need));
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

/* m without its empty parts, sorted. */
static void nonempty_parts(const grundy_move *m, grundy_move *out)
{
    unsigned k;
    out->nparts = 0;
    for (k = 0; k < m->nparts; k++)
        if (m->part[k])
            out->part[out->nparts++] = m->part[k];
    grundy_move_sort_parts(out);
}

grundy_status grundy_values_find_move(grundy_move *out, int *legal,
                                      grundy_values *v, grundy_pos p,
                                      const grundy_move *m)
{
    grundy_move want, x, *mv = NULL;
    size_t cap = 0, count, need, k;
    grundy_status s;
    *legal = 0;
    nonempty_parts(m, &want);
    if ((v->rules->flags & GRUNDY_RULES_NIM) && v->rules->move_to_value) {
        /* one heap left, or none (a heap of 0) */
        grundy_move one;
        GRUNDY_RETURN_IF(want.nparts > 1, GRUNDY_OK);
        one.part[0] = want.nparts ? want.part[0] : 0;
        one.nparts = 1;
        GRUNDY_TRY(grundy_values_is_move(legal, v, p, &one));
        if (*legal)
            *out = one;
        return GRUNDY_OK;
    }
    need = v->rules->max_moves(v->params, p);
    GRUNDY_TRY(grundy_values_work_check(v, need));
    GRUNDY_RETURN_IF(need > SIZE_MAX / sizeof *mv, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(v->lim, need * sizeof *mv));
    s = grundy_game_moves(v->game, p, &mv, &cap, &count);
    for (k = 0; s == GRUNDY_OK && k < count && !*legal; k++) {
        nonempty_parts(&mv[k], &x);
        *legal = same_move(&x, &want);
        if (*legal)
            *out = mv[k];
    }
    free(mv);
    return s;
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
    GRUNDY_TRY(grundy_values_work_check(v, need));
    GRUNDY_RETURN_IF(need > SIZE_MAX / sizeof *mv, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(v->lim, need * sizeof *mv));
    GRUNDY_TRY(grundy_game_moves(v->game, p, &mv, &cap, &count));
    for (k = 0; k < count && !*legal; k++)
        *legal = same_move(&mv[k], m);
    free(mv);
    return GRUNDY_OK;
}
