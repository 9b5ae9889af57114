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
 * Proof: the family's period criterion (grundy_rules.period_run) says how
 * long a run of g(n) = g(n + p) from q settles the period for ever: max(S)
 * for subtraction games (src/rules/heap.c), the Guy-Smith bound for octal
 * and hexadecimal codes (src/rules/takebreak.c).  A family without one
 * (Grundy's game) has its periods only seen.
 *
 * Arithmetic periodicity (g(n + p) = g(n) + s, s > 0) is looked for in
 * families with GRUNDY_RULES_SALTUS when no ordinary period shows, and
 * reported as seen, never proven.
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

/* Length of the run n in [q, size - p) with g(n + p) = g(n) + s, as q. */
static grundy_pos saltus_start(const grundy_table *t, grundy_pos p,
                               grundy_value s)
{
    grundy_pos n = t->size - p;
    while (n > 0 &&
           grundy_table_get(t, n - 1 + p) == grundy_table_get(t, n - 1) + s)
        n--;
    return n;
}

/* The run of g(n) = g(n + p), n >= q, that the family's criterion needs
 * to prove the period p with preperiod q, or 0 when it has none. */
static grundy_pos proof_run(const grundy_game *g, grundy_pos q, grundy_pos p)
{
    const grundy_rules *r = grundy_game_rules(g);
    return r->period_run ? r->period_run(grundy_game_params(g), q, p) : 0;
}

int grundy_period_provable(const grundy_game *g)
{
    return grundy_game_rules(g)->period_run != NULL;
}

void grundy_period_find(grundy_period *out, const grundy_table *t)
{
    grundy_pos p, size = t->size;
    int theorem = grundy_period_provable(t->game);
    int saltus = (grundy_game_rules(t->game)->flags & GRUNDY_RULES_SALTUS) != 0;
    grundy_period seen;

    memset(out, 0, sizeof *out);
    memset(&seen, 0, sizeof seen);
    out->checked_upto = seen.checked_upto = size;
    for (p = 1; 2 * p <= size; p++) {
        grundy_pos q = match_start(t, p), run = size - p - q;
        grundy_pos need = theorem ? proof_run(t->game, q, p) : 0;
        if (need && run >= need && run >= p) {
            /* The first proven p is the least period: a shorter true
             * period divides p, repeats from q or earlier, and needs a
             * shorter run, so it would have been proven first. */
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
            if (!theorem)
                break;
        }
    }
    /* Arithmetic periodicity: g(n + p) = g(n) + s with s > 0. */
    for (p = 1; !seen.found && saltus && 2 * p <= size; p++) {
        grundy_value a = grundy_table_get(t, size - 1),
                     b = grundy_table_get(t, size - 1 - p);
        grundy_pos q;
        if (a <= b)
            continue;
        q = saltus_start(t, p, a - b);
        if (size - q >= 2 * p && 2 * (size - q) >= size) {
            seen.found = 1;
            seen.period = p;
            seen.preperiod = q;
            seen.saltus = a - b;
        }
    }
    *out = seen;
}
