/*
 * values.c -- the one source of Grundy values of a game (grundy/values.h):
 * the chooser.
 *
 * The decision "where does g(p) come from" is made here and nowhere else,
 * by a short loop over a list of sources, each strategy in its own file
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
#include "values/values_internal.h"

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
