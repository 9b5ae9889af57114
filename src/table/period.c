/*
 * period.c -- detect the period of a table, and prove it where a theorem
 * applies.
 *
 * Detection: for p = 1, 2, ... scan backwards from the end of the table
 * while g(n) = g(n + p); the first mismatch gives the least preperiod q for
 * that p.  A wrong p usually fails within a few entries, so the search
 * costs little more than one pass over the periodic part.  A period counts
 * as seen when the table shows it at least twice after the preperiod.
 *
 * Proof, subtraction games (finite S, largest amount m): g(n) depends only
 * on g(n-m .. n-1), so once m consecutive values repeat at distance p the
 * sequence repeats forever.
 */
#include <string.h>

#include "table/table_internal.h"

/* Length of the run n in [q, size - p) with g(n) = g(n+p), as q. */
static grundy_pos match_start(const grundy_table *t, grundy_pos p)
{
    grundy_pos n = t->size - p;
    if (t->width == 1) {
        const uint8_t *g = t->data;
        while (n > 0 && g[n - 1] == g[n - 1 + p])
            n--;
    } else {
        while (n > 0 &&
               grundy_table_get(t, n - 1) == grundy_table_get(t, n - 1 + p))
            n--;
    }
    return n;
}

/* The window a theorem needs to see repeat, or 0 when none applies. */
static grundy_pos proof_window(const grundy_game *g)
{
    const grundy_rules *r = grundy_game_rules(g);
    if (r == &grundy_rules_subtract)
        return r->max_take(grundy_game_params(g));
    return 0;
}

int grundy_period_provable(const grundy_game *g)
{
    return proof_window(g) > 0;
}

void grundy_period_find(grundy_period *out, const grundy_table *t)
{
    grundy_pos p, size = t->size;
    grundy_pos window = proof_window(t->game);
    grundy_period seen;

    memset(out, 0, sizeof *out);
    memset(&seen, 0, sizeof seen);
    out->checked_upto = seen.checked_upto = size;
    for (p = 1; 2 * p <= size; p++) {
        grundy_pos q = match_start(t, p), run = size - p - q;
        if (window && run >= window && run >= p) {
            /* The first proven p is the least period: a shorter true
             * period would have been proven first. */
            out->found = out->proven = 1;
            out->period = p;
            out->preperiod = q;
            return;
        }
        /* Unproven: it must repeat at least twice and cover at least
         * half the table, so a short constant tail is not a "period". */
        if (!seen.found && size - q >= 2 * p && 2 * (size - q) >= size) {
            seen.found = 1;
            seen.period = p;
            seen.preperiod = q;
            if (!window)
                break;
        }
    }
    *out = seen;
}
