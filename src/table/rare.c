/*
 * rare.c -- the split of a take-and-break table into rare and common
 * values (rare.h), and its statistics (grundy_table_rare()).
 *
 * The number of rare positions under every mask at once comes from a
 * Walsh-Hadamard transform of the value histogram: with F = WHT(counts),
 * the positions whose value has an odd parity under M number (total -
 * F[M]) / 2.  Counting the even and the odd positions apart gives every
 * rule from two transforms.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "table/rare.h"
#include "table/fill.h"

unsigned grundy_rare_rules(const grundy_takebreak_params *tp)
{
    unsigned rules = 1u << GRUNDY_RARE_BY_VALUE, j, odd = 0, even = 0;
    if (tp->max_parts > 2)
        return rules;
    for (j = 0; j <= tp->take; j++)
        if (tp->digit[j] & 4) {
            if (j & 1)
                odd++;
            else
                even++;
        }
    if (tp->repeat && (tp->digit[tp->take] & 4))
        odd = even = 1; /* splits after every number of tokens taken */
    if (odd && !even)
        rules |= 1u << GRUNDY_RARE_SAME_PARITY;
    if (even && !odd)
        rules |= 1u << GRUNDY_RARE_OTHER_PARITY;
    return rules;
}

static void wht(int64_t *f, size_t size)
{
    size_t h, i, j;
    for (h = 1; h < size; h *= 2)
        for (i = 0; i < size; i += 2 * h)
            for (j = i; j < i + h; j++) {
                int64_t x = f[j], y = f[j + h];
                f[j] = x + y;
                f[j + h] = x - y;
            }
}

grundy_status grundy_rare_best(unsigned *mask, unsigned *rule, uint64_t *rare,
                               const uint64_t *even, const uint64_t *odd,
                               unsigned k, unsigned rules)
{
    size_t size = (size_t)1 << k, i;
    int64_t *fe = malloc(2 * size * sizeof *fe), *fo;
    int64_t te = 0, to = 0;
    unsigned r;
    GRUNDY_RETURN_IF(!fe, GRUNDY_ERR_NOMEM);
    fo = fe + size;
    for (i = 0; i < size; i++) {
        fe[i] = (int64_t)even[i];
        fo[i] = (int64_t)odd[i];
        te += fe[i];
        to += fo[i];
    }
    wht(fe, size);
    wht(fo, size);
    /* under M: even positions of odd parity (te - fe) / 2, of even parity
     * (te + fe) / 2, and the same for the odd ones */
    *mask = 0;
    *rule = GRUNDY_RARE_BY_VALUE;
    *rare = (uint64_t)(te + to);
    for (r = 0; r < 3; r++) {
        if (!(rules >> r & 1))
            continue;
        for (i = r == 0 ? 1 : 0; i < size; i++) {
            int64_t x;
            if (r == GRUNDY_RARE_BY_VALUE) /* rare: parity 0 */
                x = (te + fe[i]) / 2 + (to + fo[i]) / 2;
            else if (r == GRUNDY_RARE_SAME_PARITY) /* rare: parity != x&1 */
                x = (te - fe[i]) / 2 + (to + fo[i]) / 2;
            else /* rare: parity == x&1 */
                x = (te + fe[i]) / 2 + (to - fo[i]) / 2;
            if ((uint64_t)x < *rare) {
                *rare = (uint64_t)x;
                *mask = (unsigned)i;
                *rule = r;
            }
        }
    }
    free(fe);
    return GRUNDY_OK;
}

static unsigned bit_length(grundy_value v)
{
    unsigned k = 0;
    while (v >> k)
        k++;
    return k;
}

/* A pass over a table longer than memory lets go of each chunk it read. */
#define PASS_CHUNK ((grundy_pos)1 << 24)

grundy_status grundy_table_rare_prefix(uint64_t *rare, const grundy_table *t,
                                       grundy_pos n)
{
    const grundy_takebreak_params *tp = grundy_takebreak_get(t->game);
    grundy_value maxv = 0;
    grundy_pos x;
    uint64_t *counts;
    unsigned k, mask, rule;
    size_t vals;
    grundy_status s;

    *rare = n;
    for (x = 0; x < n; x++) {
        grundy_value g = grundy_table_get(t, x);
        if (g > maxv)
            maxv = g;
        if (maxv > 0xFFFF)
            return GRUNDY_OK;
    }
    k = bit_length(maxv);
    vals = (size_t)1 << k;
    counts = calloc(2 * vals, sizeof *counts);
    GRUNDY_RETURN_IF(!counts, GRUNDY_ERR_NOMEM);
    for (x = 0; x < n; x++) {
        counts[(x & 1) * vals + grundy_table_get(t, x)]++;
        if ((x & (PASS_CHUNK - 1)) == PASS_CHUNK - 1)
            grundy_table_release(t, x + 1 - PASS_CHUNK, x + 1);
    }
    s = grundy_rare_best(&mask, &rule, rare, counts, counts + vals, k,
                         tp ? grundy_rare_rules(tp)
                            : 1u << GRUNDY_RARE_BY_VALUE);
    free(counts);
    return s;
}

grundy_status grundy_table_rare(grundy_rare_info *out, const grundy_table *t)
{
    grundy_value maxv = grundy_table_max(t, NULL);
    grundy_pos size = grundy_table_size(t), x;
    const grundy_takebreak_params *tp = grundy_takebreak_get(t->game);
    unsigned k = bit_length(maxv), mask, rule;
    uint64_t *counts, rare;
    uint8_t *seen;
    size_t vals = (size_t)1 << k;
    grundy_status s;

    memset(out, 0, sizeof *out);
    out->positions = size;
    GRUNDY_RETURN_IF(maxv > 0xFFFF, GRUNDY_ERR_RANGE);
    counts = calloc(2 * vals, sizeof *counts);
    seen = calloc(vals, 1);
    if (!counts || !seen) {
        GRUNDY_FREE_ALL(counts, seen);
        return GRUNDY_ERR_NOMEM;
    }
    for (x = 0; x < size; x++) {
        counts[(x & 1) * vals + grundy_table_get(t, x)]++;
        if ((x & (PASS_CHUNK - 1)) == PASS_CHUNK - 1)
            grundy_table_release(t, x + 1 - PASS_CHUNK, x + 1);
    }
    s = grundy_rare_best(&mask, &rule, &rare, counts, counts + vals, k,
                         tp ? grundy_rare_rules(tp)
                            : 1u << GRUNDY_RARE_BY_VALUE);
    if (s == GRUNDY_OK) {
        out->mask = mask;
        out->rule = (grundy_rare_rule)rule;
        out->rare_positions = rare;
        for (x = 0; x < size; x++) {
            unsigned g = (unsigned)grundy_table_get(t, x);
            if (grundy_rare_is(mask, rule, g, x)) {
                out->last_rare = x;
                out->rare_values += !seen[g];
                seen[g] = 1;
            }
            if ((x & (PASS_CHUNK - 1)) == PASS_CHUNK - 1)
                grundy_table_release(t, x + 1 - PASS_CHUNK, x + 1);
        }
    }
    free(counts);
    free(seen);
    return s;
}
