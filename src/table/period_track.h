/*
 * period_track.h -- the period search of a table being filled, in time
 * linear in the new entries.
 *
 * A kernel that fills a table of a family with a period criterion keeps
 * one candidate period p and the start of its current run (the least r
 * with g(x) = g(x - p) for every r <= x < size), checking each new entry
 * against the one p before it: one comparison per entry.  The criterion
 * says how long the run must be; once the table reaches that length the
 * period is proven and the kernel copies the rest of the table.
 *
 * A candidate is looked for now and then (grundy_period_track_due()): the
 * period of the longest periodic end within the last half of the table
 * (by the prefix function, linear whatever the values).  Looks come every
 * quarter of the table's size, and sooner (an eighth) after the candidate
 * broke, so their cost is a small constant per entry.  A look sees the
 * period p from q once the table has max(4p, q + 2p) entries.  The
 * criterion (Guy-Smith) asks for 2q + 2p + t entries; when 2q >= 3p a
 * look between 4/5 of that and that sees the period, so the proof comes
 * exactly when the table is long enough; otherwise at the first look
 * past max(4p, q + 2p).
 */
#ifndef GRUNDY_TABLE_PERIOD_TRACK_H
#define GRUNDY_TABLE_PERIOD_TRACK_H

#include "table/layout.h"

typedef struct grundy_period_track {
    const grundy_game *game;
    grundy_pos p;         /* the candidate, 0: none */
    grundy_pos run_from;  /* g(x) = g(x - p) for run_from <= x < size */
    grundy_pos seen_from; /* run_from at the last step */
    grundy_pos next_look; /* the size of the next look */
    grundy_pos due;       /* the next size at which step() has work */
    grundy_pos looks;     /* looks so far (tests, statistics) */
    /* The least index the tracker may read (a table kept in a window
     * reads nothing older); runs are cut there, which only delays a
     * proof. */
    grundy_pos floor;
} grundy_period_track;

/* Start tracking a table of game g that holds `size` entries already
 * (none of them looked at). */
void grundy_period_track_init(grundy_period_track *tr, const grundy_game *g,
                              grundy_pos size);

/* Entry x (the newest, at table index x) was just written. */
static inline void grundy_period_track_note16(grundy_period_track *tr,
                                              const uint16_t *g, grundy_pos x)
{
    if (tr->p && x >= tr->p && g[x] != g[x - tr->p]) {
        tr->run_from = x + 1;
        tr->due = 0; /* step() schedules an earlier look */
    }
}

/* Non-zero when grundy_period_track_step() has work at this size. */
static inline int grundy_period_track_due(const grundy_period_track *tr,
                                          grundy_pos size)
{
    return size >= tr->due;
}

/* At size entries of the 16-bit values g (g[x] = g(x)): look for a
 * candidate when one is due, and prove the candidate when its run is long
 * enough.  @return the proven period (its preperiod in *q), or 0. */
grundy_pos grundy_period_track_step16(grundy_period_track *tr,
                                      const uint16_t *g, grundy_pos size,
                                      grundy_pos *q);

#endif
