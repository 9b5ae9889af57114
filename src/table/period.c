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
 * reported as seen, except in all-but games (GRUNDY_RULES_ALLBUT), where
 * the table proves it (allbut_proves() below; A. Siegel proved that
 * their values are arithmetic-periodic from some point on, but gave no
 * run that settles it).  A family whose closed form settles its period
 * (grundy_rules.period_known: Nim's g(n) = n, the halving game's g(2n) =
 * n) says so, proven.
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

/* An ordinary period criterion: one that proves nothing (take:1..h/2)
 * is none. */
static int run_provable(const grundy_game *g)
{
    const grundy_rules *r = grundy_game_rules(g);
    return r->period_run && r->period_run(grundy_game_params(g), 0, 1) != 0;
}

int grundy_period_provable(const grundy_game *g)
{
    const grundy_rules *r = grundy_game_rules(g);
    return run_provable(g) ||
           ((r->flags & GRUNDY_RULES_ALLBUT) && r->interval);
}

/* Arithmetic periods of all-but games ***************************************
 *
 * The options of n are every heap below n but n - x, x in X; let x* be
 * the largest x (0 when X is empty).  So g(n) is the mex of P(n - x*) and
 * W(n), where P(a) = {g(0), .., g(a - 1)} is what the values below the
 * window reach and W(n) the values g(n - j), 1 <= j <= x*, j not in X.
 * Write a set of values as its mex L and the values above it, E:
 * P = [0, L) + E.
 *
 * Lemma.  Let a >= 0 with (i) P(a + p) = [0, L + s) + (E + s), where
 * P(a) = [0, L) + E, and (ii) g(m + p) = g(m) + s for a <= m < a + x*.
 * Then g(m + p) = g(m) + s for every m >= a.
 *
 * Proof, by induction on n >= a + x*, with (i) and (ii) at a = n - x*
 * (n >= x*, so every n - j of the window is a heap).  The values below
 * L + s are all in P(n + p - x*), so the mex of P(n + p - x*) and W(n + p)
 * = W(n) + s is L + s plus the least v >= 0 with L + v in neither E nor
 * W(n): the mex of P(n - x*) and W(n), plus s.  So g(n + p) = g(n) + s;
 * adding g(n - x*) to P(n - x*) and g(n - x*) + s to P(n + p - x*) keeps
 * (i) (a value below L stays below L + s; one above it moves by s), and
 * (ii) holds for the window of n + 1.
 *
 * So one a in the run from q at which (i) holds proves the run for ever:
 * scanned from q with the two sets as bitmaps, a bounded amount of work
 * comparing E with E + s. */

static int bit_get(const uint64_t *b, grundy_value v)
{
    return (int)(b[v >> 6] >> (v & 63)) & 1;
}

/* Adds v; returns 1 when it was not in b. */
static int bit_add(uint64_t *b, grundy_value v)
{
    uint64_t m = (uint64_t)1 << (v & 63);
    int fresh = (b[v >> 6] & m) == 0;
    b[v >> 6] |= m;
    return fresh;
}

/* The largest excluded amount of an all-but game: the largest x with
 * n - x excluded at a large n. */
static int allbut_reach(const grundy_game *g, grundy_pos *xmax)
{
    const grundy_rules *r = grundy_game_rules(g);
    const grundy_pos n = (grundy_pos)1 << 62;
    grundy_pos lo, hi, excl[64], *e = excl;
    size_t k, i;
    k = r->interval(grundy_game_params(g), n, &lo, &hi, excl, 64);
    if (k > 64) {
        if (!(e = malloc(k * sizeof *e)))
            return 0;
        r->interval(grundy_game_params(g), n, &lo, &hi, e, k);
    }
    *xmax = 0;
    for (i = 0; i < k; i++)
        if (n - e[i] > *xmax)
            *xmax = n - e[i];
    if (e != excl)
        free(e);
    return lo == 0 && hi == n - 1;
}

/* Non-zero when the lemma above proves g(m + p) = g(m) + s for every
 * m >= q, given that t shows it for q <= m < size - p. */
static int allbut_proves(const grundy_table *t, grundy_pos q, grundy_pos p,
                         grundy_value s)
{
    grundy_pos size = t->size, xmax, a, i;
    grundy_pos max_at;
    grundy_value top = grundy_table_max(t, &max_at), l1 = 0, l2 = 0;
    uint64_t *b1, *b2, n1 = 0, n2 = 0, budget = 16 * (uint64_t)size + 4096;
    size_t words;
    int proven = 0;
    if (!allbut_reach(t->game, &xmax) || q + p + xmax > size ||
        top > 4 * (grundy_value)size + 4096)
        return 0;
    words = (size_t)((top + s) / 64 + 2);
    b1 = calloc(words, sizeof *b1);
    b2 = calloc(words, sizeof *b2);
    if (!b1 || !b2)
        goto out;
    for (i = 0; i < q + p; i++) {
        grundy_value v = grundy_table_get(t, i);
        if (i < q)
            n1 += (uint64_t)bit_add(b1, v);
        n2 += (uint64_t)bit_add(b2, v);
    }
    /* (ii) holds for every a >= q with a + p + xmax <= size */
    for (a = q; a + p + xmax <= size; a++) {
        if (a > q) {
            n1 += (uint64_t)bit_add(b1, grundy_table_get(t, a - 1));
            n2 += (uint64_t)bit_add(b2, grundy_table_get(t, a - 1 + p));
        }
        while (bit_get(b1, l1))
            l1++;
        while (bit_get(b2, l2))
            l2++;
        if (l2 == l1 + s && n2 - l2 == n1 - l1) {
            /* the same number above the mex: E + s within E' is enough */
            grundy_value v;
            uint64_t left = n1 - l1;
            for (v = l1 + 1; left && budget; v++, budget--)
                if (bit_get(b1, v)) {
                    if (!bit_get(b2, v + s))
                        break;
                    left--;
                }
            if (!left) {
                proven = 1;
                break;
            }
        }
        if (!budget)
            break;
    }
out:
    free(b1);
    free(b2);
    return proven;
}

/* The periods with the longest run so far, in the order they were found
 * (each one's run longer than the one before). */
#define BASES 8

void grundy_period_find(grundy_period *out, const grundy_table *t)
{
    grundy_pos p, size = t->size;
    grundy_pos base_p[BASES], base_q[BASES];
    unsigned nbase = 0, i;
    int theorem = run_provable(t->game);
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
            seen.proven = (grundy_game_rules(t->game)->flags &
                           GRUNDY_RULES_ALLBUT) &&
                          allbut_proves(t, q, p, a - b);
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
    tr->due = run_provable(g) ? tr->next_look : UINT64_MAX;
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
    if (!run_provable(tr->game)) {
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
