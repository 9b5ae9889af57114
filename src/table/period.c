/*
 * period.c -- detect the period of a table, and prove it where a theorem
 * applies.
 *
 * Detection: for p = 1, 2, ... scan backwards from the end of the table
 * while g(n) = g(n + p); the first mismatch gives the least preperiod q for
 * that p.  A wrong p usually fails within a few entries, and a multiple
 * of a period already scanned starts where that period's run starts, so
 * the search costs little more than one pass over the table.  A period
 * counts as seen when the table shows it at least twice after the
 * preperiod.
 *
 * A table being filled is tracked instead (grundy_period_track_*: one
 * comparison per new entry against a candidate period, and a look for a
 * candidate by the prefix function now and then), so that a kernel
 * proves a period as soon as the table is long enough, in time linear in
 * the new entries.
 *
 * Proof: the family's period criterion (grundy_rules.period_run) says how
 * long a run of g(n) = g(n + p) from q settles the period for ever: max(S)
 * for subtraction games (src/rules/heap.c), the Guy-Smith bound for octal
 * and hexadecimal codes (src/rules/takebreak.c).  A family without one
 * (Grundy's game) has its periods only seen.
 *
 * Arithmetic periodicity (g(n + p) = g(n) + s, s > 0) is looked for in
 * families with GRUNDY_RULES_SALTUS when no ordinary period shows, and
 * reported as seen: grundy knows no theorem that bounds the run that
 * would prove one (for all-but subtraction games A. Siegel proved that
 * the values are arithmetic-periodic from some point on, without a bound
 * to check).  A
 * family whose closed form settles its period (grundy_rules.period_known:
 * Nim's g(n) = n, the halving game's g(2n) = n) says so, proven.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "table/period_track.h"

/* Given g(n) = g(n+p) for n in [from, size - p): the least q with
 * g(n) = g(n+p) for every n in [q, size - p). */
static grundy_pos match_start(const grundy_table *t, grundy_pos p,
                              grundy_pos from)
{
    grundy_pos n = from;
    if (t->width == 1) {
        const uint8_t *g = t->data;
        while (n > 0 && g[n - 1] == g[n - 1 + p])
            n--;
    } else if (t->width == 2) {
        const uint16_t *g = t->data;
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

const char *grundy_period_why(const grundy_game *g)
{
    const grundy_rules *r = grundy_game_rules(g);
    grundy_period k;
    const char *why = NULL;
    if (!r->period_known ||
        !r->period_known(grundy_game_params(g), &k, &why))
        return NULL;
    return why;
}

int grundy_period_provable(const grundy_game *g)
{
    /* a criterion that proves nothing (take:1..h/2) is none */
    const grundy_rules *r = grundy_game_rules(g);
    return r->period_run && r->period_run(grundy_game_params(g), 0, 1) != 0;
}

/* The periods with the longest run so far, in the order they were found
 * (each one's run longer than the one before). */
#define BASES 8

void grundy_period_find(grundy_period *out, const grundy_table *t)
{
    grundy_pos p, size = t->size;
    grundy_pos base_p[BASES], base_q[BASES];
    unsigned nbase = 0, i;
    int theorem = grundy_period_provable(t->game);
    int saltus = (grundy_game_rules(t->game)->flags & GRUNDY_RULES_SALTUS) != 0;
    grundy_period seen;

    memset(out, 0, sizeof *out);
    if (grundy_period_why(t->game)) { /* a closed form settles it */
        const grundy_rules *r = grundy_game_rules(t->game);
        const char *why;
        r->period_known(grundy_game_params(t->game), out, &why);
        out->checked_upto = size;
        return;
    }
    memset(&seen, 0, sizeof seen);
    out->checked_upto = seen.checked_upto = size;
    for (p = 1; 2 * p <= size; p++) {
        /* A multiple of a period that matches from base_q matches from
         * there too: scan on from there, not from the end (else every
         * multiple of a visible but unprovable period scans back to the
         * preperiod, and the search is quadratic). */
        grundy_pos from = size - p;
        grundy_pos q, run, need;
        for (i = 0; i < nbase; i++)
            if (p % base_p[i] == 0 && base_q[i] < from)
                from = base_q[i];
        q = match_start(t, p, from);
        run = size - p - q;
        need = theorem ? proof_run(t->game, q, p) : 0;
        if (need && run >= need && run >= p) {
            /* The first proven p is the least period: a shorter true
             * period divides p, repeats from q or earlier, and needs a
             * shorter run, so it would have been proven first. */
            out->found = out->proven = 1;
            out->period = p;
            out->preperiod = q;
            return;
        }
        if (run >= p && (!nbase || q < base_q[nbase - 1])) {
            if (nbase == BASES) {
                memmove(base_p, base_p + 1, (BASES - 1) * sizeof *base_p);
                memmove(base_q, base_q + 1, (BASES - 1) * sizeof *base_q);
                nbase--;
            }
            base_p[nbase] = p;
            base_q[nbase++] = q;
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

/* The period of a table being filled ***************************************/

#define TRACK_FIRST 1024 /* the first look */
/* The most entries a look reads: periods up to a half of it are seen. */
#define TRACK_WINDOW ((grundy_pos)1 << 24)

void grundy_period_track_init(grundy_period_track *tr, const grundy_game *g,
                              grundy_pos size)
{
    memset(tr, 0, sizeof *tr);
    tr->game = g;
    tr->next_look = size < TRACK_FIRST ? TRACK_FIRST : size;
    tr->due = grundy_period_provable(g) ? tr->next_look : UINT64_MAX;
}

/* The longest periodic end of the table within its last w entries: pi is
 * the prefix function (Knuth, Morris and Pratt) of the entries read
 * backwards from the end, so the last L entries have the smallest period
 * L - pi[L - 1].  The largest L in which that period repeats twice wins.
 * O(w) whatever the values (a scan per p costs little on random values
 * but a great deal on nearly periodic ones).  @return the period, or 0
 * when none repeats twice (or pi cannot be allocated). */
static grundy_pos tail_period(const uint16_t *end, grundy_pos w)
{
    uint32_t *pi = malloc((size_t)w * sizeof *pi);
    grundy_pos i, p = 0;
    uint32_t k = 0;
    if (!pi)
        return 0;
    pi[0] = 0;
    for (i = 1; i < w; i++) {
        const uint16_t c = end[-1 - (ptrdiff_t)i];
        while (k && c != end[-1 - (ptrdiff_t)k])
            k = pi[k - 1];
        if (c == end[-1 - (ptrdiff_t)k])
            k++;
        pi[i] = k;
    }
    for (i = w; i >= 16; i--)
        if (2 * (grundy_pos)pi[i - 1] >= i) {
            p = i - pi[i - 1];
            break;
        }
    free(pi);
    return p;
}

/* The period of the longest periodic end within the last half of the
 * table (at most TRACK_WINDOW entries) becomes the candidate, with its
 * whole run.  Half: when the table reaches the length 2q + 2p + t the
 * criterion asks for, the periodic part is more than half of it. */
static void track_look(grundy_period_track *tr, const uint16_t *g,
                       grundy_pos size)
{
    grundy_pos w = size / 2, p, x;
    tr->looks++;
    if (w > TRACK_WINDOW)
        w = TRACK_WINDOW;
    if (w < 16 || size - w < tr->floor)
        return;
    p = tail_period(g + size, w);
    if (!p)
        return;
    x = size;
    while (x > p + tr->floor && g[x - 1] == g[x - 1 - p])
        x--;
    tr->p = p;
    tr->run_from = x;
}

grundy_pos grundy_period_track_step16(grundy_period_track *tr,
                                      const uint16_t *g, grundy_pos size,
                                      grundy_pos *q)
{
    grundy_pos target = UINT64_MAX;
    if (!grundy_period_provable(tr->game)) {
        tr->due = UINT64_MAX;
        return 0;
    }
    if (tr->p && tr->run_from != tr->seen_from &&
        size + size / 8 < tr->next_look)
        tr->next_look = size + size / 8; /* it broke: look sooner */
    if (size >= tr->next_look) {
        /* a candidate that held since the last look needs no other */
        if (!tr->p || tr->run_from != tr->seen_from || !tr->looks)
            track_look(tr, g, size);
        tr->next_look = size + (size / 4 > 256 ? size / 4 : 256);
    }
    if (tr->p) {
        grundy_pos run = size - tr->run_from, pre = tr->run_from - tr->p;
        grundy_pos need = proof_run(tr->game, pre, tr->p);
        if (need && need < tr->p)
            need = tr->p;
        if (need && run >= need) {
            *q = pre;
            return tr->p;
        }
        if (need)
            target = tr->run_from + need;
        tr->seen_from = tr->run_from;
    }
    tr->due = target < tr->next_look ? target : tr->next_look;
    return 0;
}
