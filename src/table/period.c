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
 *
 * Proof, octal and hexadecimal codes (the Guy-Smith periodicity theorem,
 * Winning Ways ch. 4, extended to three-heap moves): with t the most
 * tokens a move takes and k the most heaps it leaves, the period p from q
 * holds forever once g(n + p) = g(n) for q <= n < k q + (k-1) p + t.
 * Grundy's game has no such theorem (whether two heaps differ is not
 * preserved by adding p to one of them): its periods are only seen.
 *
 * Arithmetic periodicity (g(n + p) = g(n) + s, s > 0) is looked for in
 * take-and-break games when no ordinary period shows, and reported as
 * seen, never proven.
 */
#include <string.h>

#include "grundy/takebreak.h"
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

/* The run of g(n) = g(n + p), n >= q, that a theorem needs to prove the
 * period p with preperiod q, or 0 when no theorem applies. */
static grundy_pos proof_run(const grundy_game *g, grundy_pos q, grundy_pos p)
{
    const grundy_rules *r = grundy_game_rules(g);
    const grundy_takebreak_params *tp = grundy_takebreak_get(g);
    if (r == &grundy_rules_subtract)
        return r->max_take(grundy_game_params(g));
    if (tp && !tp->unequal) {
        /* Guy-Smith: with moves leaving at most k heaps and taking at
         * most t tokens, g(n + p) = g(n) for q <= n < k q + (k-1) p + t
         * proves it for every n >= q.  For n beyond that bound, each
         * move from n + p leaves a heap of at least q + p (and the same
         * move from n the same heap less p), so both option sets match
         * by induction.  End beyond t, so that no move empties a heap. */
        grundy_pos k = tp->max_parts ? tp->max_parts : 1;
        grundy_pos end = k * q + (k - 1) * p + tp->take;
        if (end < (grundy_pos)tp->take + 1)
            end = (grundy_pos)tp->take + 1;
        return end > q ? end - q : 1;
    }
    return 0;
}

int grundy_period_provable(const grundy_game *g)
{
    return proof_run(g, 0, 1) > 0;
}

void grundy_period_find(grundy_period *out, const grundy_table *t)
{
    grundy_pos p, size = t->size;
    int theorem = proof_run(t->game, 0, 1) != 0;
    grundy_period seen;

    memset(out, 0, sizeof *out);
    memset(&seen, 0, sizeof seen);
    out->checked_upto = seen.checked_upto = size;
    for (p = 1; 2 * p <= size; p++) {
        grundy_pos q = match_start(t, p), run = size - p - q;
        if (theorem && run >= proof_run(t->game, q, p) && run >= p) {
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
    for (p = 1; !seen.found && grundy_takebreak_get(t->game) && 2 * p <= size;
         p++) {
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
