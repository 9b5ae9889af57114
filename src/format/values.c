/*
 * values.c -- tables of values as `grundy values` writes them: the
 * listing (a line a position, or the square of a two-heap game), the
 * statistics (counts, or a summary and a histogram past 64 distinct
 * values; the rare split), the positions of value 0, the period, a
 * single value with where it came from, and the JSON object of a table.
 */
#include <stdio.h>
#include <stdlib.h>

#include "grundy/board.h"
#include "format_internal.h"
#include "grundy/format.h"
#include "grundy/takebreak.h"
#include "grundy/twoheap.h"

/* text, then the number v. */
static void text_u64(grundy_writer *w, const char *text, uint64_t v)
{
    grundy_writer_str(w, text);
    grundy_writer_u64(w, v);
}

/* Two-heap games (GRUNDY_RULES_PAIRS): --upto N is the square a, b <= N,
 * the first (N + 1)^2 positions, listed as a matrix of g(a, b). */
static int is_pairs(const grundy_game *g)
{
    return (grundy_game_rules(g)->flags & GRUNDY_RULES_PAIRS) != 0;
}

static void write_square(grundy_writer *w, const void *data, unsigned width,
                         uint64_t side, grundy_value maxv)
{
    char buf[24];
    size_t cw = (size_t)snprintf(buf, sizeof buf, "%llu",
                                 (unsigned long long)maxv),
           lw = (size_t)snprintf(buf, sizeof buf, "%llu",
                                 (unsigned long long)(side - 1));
    uint64_t a, b;
    cw = cw > lw ? cw : lw;
    lw = lw > 3 ? lw : 3;
    grundy_writer_str(w, "a\\b");
    for (b = 0; b < side; b++) {
        size_t k =
            (size_t)snprintf(buf, sizeof buf, "%llu", (unsigned long long)b);
        for (; k <= cw; k++)
            grundy_writer_char(w, ' ');
        grundy_writer_str(w, buf);
    }
    grundy_writer_char(w, '\n');
    for (a = 0; a < side; a++) {
        size_t k =
            (size_t)snprintf(buf, sizeof buf, "%llu", (unsigned long long)a);
        for (; k < lw; k++)
            grundy_writer_char(w, ' ');
        grundy_writer_str(w, buf);
        for (b = 0; b < side; b++) {
            grundy_value v =
                grundy_table_get_raw(data, width, grundy_twoheap_pos(a, b));
            k = (size_t)snprintf(buf, sizeof buf, "%llu",
                                 (unsigned long long)v);
            for (; k <= cw; k++)
                grundy_writer_char(w, ' ');
            grundy_writer_str(w, buf);
        }
        grundy_writer_char(w, '\n');
    }
}

/* The rule of a rare/common split, as --stats and --json print it. */
static const char *rare_rule_name(grundy_rare_rule r)
{
    return r == GRUNDY_RARE_SAME_PARITY    ? "same-parity"
           : r == GRUNDY_RARE_OTHER_PARITY ? "other-parity"
                                           : "value";
}

static void write_pos(grundy_writer *w, const grundy_game *g, grundy_pos p)
{
    char buf[256];
    size_t n = grundy_game_pos_format(g, p, buf, sizeof buf);
    grundy_writer_bytes(w, buf, n < sizeof buf ? n : sizeof buf - 1);
}

/* How many entries of a table of that many in `bytes` bytes a GiB holds. */
static uint64_t per_gib(uint64_t entries, uint64_t bytes)
{
    return bytes ? (uint64_t)((double)entries * 1073741824.0 / (double)bytes)
                 : 0;
}

/* "B MiB, N WHAT per GiB, ": the size of a table of `entries` entries in
 * `bytes` bytes. */
static void write_bytes_per_gib(grundy_writer *w, uint64_t entries,
                                uint64_t bytes, const char *what)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.1f MiB", (double)bytes / 1048576.0);
    grundy_writer_str(w, buf);
    grundy_writer_str(w, ", ");
    grundy_writer_u64(w, per_gib(entries, bytes));
    grundy_writer_char(w, ' ');
    grundy_writer_str(w, what);
    grundy_writer_str(w, " per GiB, ");
}

/* --stats with --position: where the value came from and, for a board
 * search, its work (positions, table lookups, memory) and the time. */
static void write_search_stats(grundy_writer *w, const grundy_values *vals,
                               double took, int json)
{
    grundy_board_stats st;
    int searched = grundy_values_search_stats(&st, vals);
    uint64_t jread, jkept;
    char buf[64];
    unsigned d;
    if (json) {
        grundy_writer_str(w, ", \"stats\": {\"source\": ");
        grundy_format_json_str(w, grundy_values_source(vals));
        if (searched) {
            grundy_format_json_u64(w, "nodes", st.nodes);
            grundy_format_json_u64(w, "lookups", st.probes);
            grundy_format_json_u64(w, "hits", st.hits);
            grundy_format_json_u64(w, "stored", st.stores);
            grundy_format_json_u64(w, "evicted", st.evictions);
            grundy_format_json_u64(w, "table_bytes", st.table_bytes);
            grundy_format_json_u64(w, "entries", st.entries);
            grundy_format_json_u64(w, "capacity", st.capacity);
            grundy_format_json_u64(w, "entries_per_gib",
                                   per_gib(st.capacity, st.table_bytes));
            grundy_format_json_u64(w, "width_bits", 64 * (uint64_t)st.words);
            if (st.enddb_entries) {
                grundy_writer_str(w, ", \"enddb\": {\"cells\": ");
                grundy_writer_u64(w, grundy_values_enddb_cells(vals, NULL));
                grundy_format_json_u64(w, "entries", st.enddb_entries);
                grundy_format_json_u64(w, "bytes", st.enddb_bytes);
                grundy_format_json_u64(w, "hits", st.enddb_hits);
                grundy_writer_char(w, '}');
            }
            if (grundy_values_journal_counts(vals, &jread, &jkept)) {
                grundy_writer_str(w, ", \"journal\": {\"read\": ");
                grundy_writer_u64(w, jread);
                grundy_format_json_u64(w, "kept", jkept);
                grundy_writer_char(w, '}');
            }
            grundy_format_json_u64(w, "threads", st.threads);
            if (st.root_children) {
                grundy_writer_str(w, ", \"root\": {\"round\": ");
                grundy_writer_u64(w, st.root_value);
                grundy_format_json_u64(w, "child", st.root_done + 1);
                grundy_format_json_u64(w, "children", st.root_children);
                grundy_writer_char(w, '}');
            }
            grundy_writer_str(w, ", \"nodes_by_depth\": [");
            for (d = 1; d < GRUNDY_BOARD_STATS_DEPTHS && d <= st.depth; d++) {
                if (d > 1)
                    grundy_writer_str(w, ", ");
                grundy_writer_u64(w, st.nodes_at[d]);
            }
            grundy_writer_char(w, ']');
        }
        snprintf(buf, sizeof buf, "%.3f", took);
        grundy_writer_str(w, ", \"seconds\": ");
        grundy_writer_str(w, buf);
        grundy_writer_char(w, '}');
        return;
    }
    grundy_writer_str(w, "source ");
    grundy_writer_str(w, grundy_values_source(vals));
    grundy_writer_char(w, '\n');
    if (searched) {
        text_u64(w, "nodes ", st.nodes);
        text_u64(w, "\ntable hits ", st.hits);
        text_u64(w, " of ", st.probes);
        snprintf(buf, sizeof buf, " lookups (%.1f%%)",
                 st.probes ? 100.0 * (double)st.hits / (double)st.probes : 0.0);
        grundy_writer_str(w, buf);
        grundy_writer_str(w, "\ntable ");
        grundy_writer_u64(w, st.entries);
        grundy_writer_str(w, " values of ");
        grundy_writer_u64(w, st.capacity);
        grundy_writer_str(w, ", ");
        write_bytes_per_gib(w, st.capacity, st.table_bytes, "values");
        grundy_writer_u64(w, st.evictions);
        grundy_writer_str(w, " evicted\nwidth ");
        grundy_writer_u64(w, 64 * (uint64_t)st.words);
        grundy_writer_str(w, " bits\n");
        if (st.enddb_entries) {
            int asked;
            unsigned cells = grundy_values_enddb_cells(vals, &asked);
            grundy_writer_str(w, "end database ");
            grundy_writer_u64(w, st.enddb_entries);
            grundy_writer_str(w, " parts of up to ");
            grundy_writer_u64(w, st.enddb_cells);
            grundy_writer_str(w, " cells (a window of ");
            grundy_writer_u64(w, cells);
            grundy_writer_str(w, " cells), ");
            write_bytes_per_gib(w, st.enddb_entries, st.enddb_bytes, "parts");
            grundy_writer_u64(w, st.enddb_hits);
            grundy_writer_str(w, " hits, 0 evicted\n");
        }
        if (grundy_values_journal_counts(vals, &jread, &jkept)) {
            text_u64(w, "journal ", jread);
            text_u64(w, " facts read back, ", jkept);
            grundy_writer_str(w, " kept\n");
        }
        grundy_writer_str(w, "threads ");
        grundy_writer_u64(w, st.threads);
        if (st.root_children) {
            text_u64(w, "\nroot round ", st.root_value);
            text_u64(w, ", child ", st.root_done + 1);
            text_u64(w, " of ", st.root_children);
        }
        grundy_writer_str(w, "\npositions by depth");
        for (d = 1; d < GRUNDY_BOARD_STATS_DEPTHS && d <= st.depth; d++) {
            grundy_writer_char(w, ' ');
            grundy_writer_u64(w, st.nodes_at[d]);
        }
        grundy_writer_char(w, '\n');
    }
    snprintf(buf, sizeof buf, "time %.3f s\n", took);
    grundy_writer_str(w, buf);
}

/* --stats of a sequence with many distinct values: not one line per
 * value but the least, the mean, the largest values with where each first
 * occurs, and a histogram in 16 bins.  0 (nothing written) when there are
 * at most STATS_LIST_MAX distinct values: those are listed with counts. */
#define STATS_LIST_MAX 64
#define STATS_TOP 8
#define STATS_BINS 16
static int write_summary(grundy_writer *w, const grundy_game *g,
                         const void *data, unsigned width, grundy_pos n,
                         const uint64_t *counts, grundy_value maxv)
{
    grundy_value v, minv = 0, top[STATS_TOP], lo, span;
    grundy_pos at[STATS_TOP], i;
    uint64_t distinct = 0, bins[STATS_BINS] = {0};
    double sum = 0;
    unsigned ntop = 0, found = 0, k;
    char buf[64];
    for (v = maxv + 1; v-- > 0;)
        if (counts[v]) {
            distinct++;
            minv = v;
            sum += (double)v * (double)counts[v];
            if (ntop < STATS_TOP)
                top[ntop++] = v;
        }
    if (distinct <= STATS_LIST_MAX)
        return 0;
    for (k = 0; k < ntop; k++)
        at[k] = n;
    for (i = 0; i < n && found < ntop; i++) {
        v = (grundy_value)grundy_table_get_raw(data, width, i);
        if (v < top[ntop - 1])
            continue;
        for (k = 0; k < ntop; k++)
            if (top[k] == v && at[k] == n) {
                at[k] = i;
                found++;
            }
    }
    grundy_writer_str(w, "distinct values ");
    grundy_writer_u64(w, distinct);
    grundy_writer_str(w, "\nleast ");
    grundy_writer_u64(w, minv);
    snprintf(buf, sizeof buf, "\nmean %.3f\n", n ? sum / (double)n : 0.0);
    grundy_writer_str(w, buf);
    grundy_writer_str(w, "largest values (value first-at count):\n");
    for (k = 0; k < ntop; k++) {
        grundy_writer_u64(w, top[k]);
        grundy_writer_char(w, ' ');
        write_pos(w, g, at[k]);
        grundy_writer_char(w, ' ');
        grundy_writer_u64(w, counts[top[k]]);
        grundy_writer_char(w, '\n');
    }
    /* 16 bins of equal width over minv..maxv (the last may be short) */
    lo = minv;
    span = (maxv - minv) / STATS_BINS + 1;
    for (v = minv; v <= maxv; v++)
        bins[(v - lo) / span] += counts[v];
    grundy_writer_str(w, "histogram (values count):\n");
    for (k = 0; k < STATS_BINS && lo + (grundy_value)k * span <= maxv; k++) {
        grundy_value a0 = lo + (grundy_value)k * span;
        grundy_value b0 = a0 + span - 1 > maxv ? maxv : a0 + span - 1;
        grundy_writer_u64(w, a0);
        grundy_writer_str(w, "..");
        grundy_writer_u64(w, b0);
        grundy_writer_char(w, ' ');
        grundy_writer_u64(w, bins[k]);
        grundy_writer_char(w, '\n');
    }
    return 1;
}

/* The count of each value of t (NULL when out of memory; free() it) and,
 * for games whose values split into rare and common ones, the split. */
static uint64_t *table_counts(const grundy_table *t, const grundy_game *g,
                              grundy_value maxv, grundy_rare_info *rare,
                              int *have_rare)
{
    uint64_t *counts = malloc(((size_t)maxv + 1) * sizeof *counts);
    if (!counts)
        return NULL;
    grundy_table_counts(t, counts);
    *have_rare = (grundy_game_rules(g)->flags & GRUNDY_RULES_RARE) &&
                 grundy_table_rare(rare, t) == GRUNDY_OK;
    return counts;
}

/* The object `grundy values --json` prints for the table t of g
 * (grundy/format.h): the values listed unless searched (the period search of
 * --period alone) gave the period. */
grundy_status grundy_format_values_json(grundy_writer *w, const char *spec,
                                        const grundy_game *g,
                                        const grundy_table *t,
                                        const grundy_period *searched,
                                        uint64_t upto)
{
    grundy_period per = {0};
    int pairs = is_pairs(g), have_rare;
    grundy_pos n, i, max_at;
    grundy_value maxv = grundy_table_max(t, &max_at);
    unsigned width = grundy_table_width(t);
    const void *data = grundy_table_data(t);
    grundy_rare_info rare;
    uint64_t *counts = table_counts(t, g, maxv, &rare, &have_rare);

    if (!counts)
        return GRUNDY_ERR_NOMEM;
    if (searched)
        per = *searched;
    else if (!pairs)
        grundy_period_find(&per, t);
    n = searched ? per.checked_upto : grundy_table_size(t);
    grundy_writer_char(w, '{');
    grundy_format_json_rules(w, spec, g);
    /* --period alone: the values the search looked at are not asked
     * for */
    if (pairs) {
        /* rows: values[a][b] = g(a, b) */
        uint64_t x, y;
        grundy_writer_str(w, ", \"values\": [");
        for (x = 0; x <= upto; x++) {
            grundy_writer_str(w, x ? ", [" : "[");
            for (y = 0; y <= upto; y++) {
                if (y)
                    grundy_writer_str(w, ", ");
                grundy_writer_u64(
                    w, grundy_table_get_raw(data, width,
                                            grundy_twoheap_pos(x, y)));
            }
            grundy_writer_char(w, ']');
        }
        grundy_writer_char(w, ']');
    } else if (!searched) {
        grundy_writer_str(w, ", \"values\": [");
        for (i = 0; i < n; i++) {
            if (i)
                grundy_writer_str(w, ", ");
            grundy_writer_u64(w, grundy_table_get_raw(data, width, i));
        }
        grundy_writer_char(w, ']');
    }
    grundy_writer_str(w, ", \"stats\": {\"positions\": ");
    grundy_writer_u64(w, n);
    grundy_writer_str(w, ", \"max\": ");
    grundy_writer_u64(w, maxv);
    grundy_writer_str(w, ", \"max_at\": ");
    grundy_format_json_pos(w, g, max_at);
    grundy_writer_str(w, ", \"counts\": [");
    for (i = 0; i <= maxv; i++) {
        if (i)
            grundy_writer_str(w, ", ");
        grundy_writer_u64(w, counts[i]);
    }
    grundy_writer_char(w, ']');
    if (have_rare) {
        grundy_writer_str(w, ", \"rare\": {\"mask\": ");
        grundy_writer_u64(w, rare.mask);
        grundy_writer_str(w, ", \"rule\": \"");
        grundy_writer_str(w, rare_rule_name(rare.rule));
        grundy_writer_char(w, '"');
        grundy_writer_str(w, ", \"positions\": ");
        grundy_writer_u64(w, rare.rare_positions);
        grundy_writer_str(w, ", \"values\": ");
        grundy_writer_u64(w, rare.rare_values);
        grundy_writer_str(w, ", \"last_at\": ");
        grundy_format_json_pos(w, g, rare.last_rare);
        grundy_writer_char(w, '}');
    }
    grundy_writer_str(w, "}, \"period\": ");
    grundy_format_json_period(w, &per);
    grundy_writer_str(w, "}\n");
    free(counts);
    return GRUNDY_OK;
}

void grundy_format_period_fields(grundy_writer *w, const grundy_period *p)
{
    text_u64(w, "period ", p->period);
    text_u64(w, " preperiod ", p->preperiod);
    if (p->saltus)
        text_u64(w, " saltus ", p->saltus);
}

/* The period as seen or proven; why: the closed form that settles it
 * (grundy_period_why()), or NULL. */
void grundy_format_period_text(grundy_writer *w, const grundy_period *per,
                               const char *why)
{
    if (per->found && per->proven) {
        grundy_format_period_fields(w, per);
        grundy_writer_str(w, why ? " (proven: " : " (proven)\n");
        if (why) {
            grundy_writer_str(w, why);
            grundy_writer_str(w, ")\n");
        }
    } else if (why) { /* the closed form proves there is none */
        grundy_writer_str(w, "no period, nor an arithmetic one (proven: ");
        grundy_writer_str(w, why);
        grundy_writer_str(w, ")\n");
    } else if (per->found) {
        text_u64(w, "no period proven up to ", per->checked_upto - 1);
        text_u64(w, " (the values seen repeat with period ", per->period);
        text_u64(w, " from ", per->preperiod);
        if (per->saltus) {
            text_u64(w, ", growing by ", per->saltus);
            grundy_writer_str(w, " each period");
        }
        grundy_writer_str(w, ")\n");
    } else {
        grundy_writer_str(w, "no period proven up to ");
        grundy_writer_u64(w, per->checked_upto ? per->checked_upto - 1 : 0);
        grundy_writer_char(w, '\n');
    }
}

grundy_status grundy_format_values_text(grundy_writer *w, const grundy_game *g,
                                        const grundy_table *t,
                                        const grundy_period *searched,
                                        uint64_t upto, unsigned what)
{
    grundy_period per = {0};
    int pairs = is_pairs(g), have_rare = 0;
    grundy_pos n, i, max_at;
    grundy_value maxv = grundy_table_max(t, &max_at);
    unsigned width = grundy_table_width(t);
    const void *data = grundy_table_data(t);
    grundy_rare_info rare;
    uint64_t *counts = NULL;

    if ((what & GRUNDY_FORMAT_STATS) &&
        !(counts = table_counts(t, g, maxv, &rare, &have_rare)))
        return GRUNDY_ERR_NOMEM;
    if (searched)
        per = *searched;
    else if ((what & GRUNDY_FORMAT_PERIOD) && !pairs)
        grundy_period_find(&per, t);
    n = searched ? per.checked_upto : grundy_table_size(t);
    if ((what & GRUNDY_FORMAT_LIST) && pairs)
        write_square(w, data, width, upto + 1, maxv);
    else if (what & GRUNDY_FORMAT_LIST)
        for (i = 0; i < n; i++) {
            write_pos(w, g, i);
            grundy_writer_char(w, ' ');
            grundy_writer_u64(w, grundy_table_get_raw(data, width, i));
            grundy_writer_char(w, '\n');
        }
    if (counts) {
        grundy_writer_str(w, "positions ");
        grundy_writer_u64(w, n);
        grundy_writer_char(w, '\n');
        if (!write_summary(w, g, data, width, n, counts, maxv)) {
            grundy_writer_str(w, "value count\n");
            for (i = 0; i <= maxv; i++)
                if (counts[i]) {
                    grundy_writer_u64(w, i);
                    grundy_writer_char(w, ' ');
                    grundy_writer_u64(w, counts[i]);
                    grundy_writer_char(w, '\n');
                }
        }
        grundy_writer_str(w, "largest ");
        grundy_writer_u64(w, maxv);
        grundy_writer_str(w, " first at ");
        write_pos(w, g, max_at);
        grundy_writer_char(w, '\n');
        if (have_rare) {
            grundy_writer_str(w, "rare mask ");
            grundy_writer_u64(w, rare.mask);
            if (rare.rule != GRUNDY_RARE_BY_VALUE) {
                grundy_writer_char(w, ' ');
                grundy_writer_str(w, rare_rule_name(rare.rule));
            }
            text_u64(w, " positions ", rare.rare_positions);
            text_u64(w, " values ", rare.rare_values);
            text_u64(w, " last at ", rare.last_rare);
            grundy_writer_char(w, '\n');
        }
        free(counts);
    }
    if (what & GRUNDY_FORMAT_ZEROS)
        for (i = 0; i < n; i++)
            if (grundy_table_get_raw(data, width, i) == 0) {
                write_pos(w, g, i);
                grundy_writer_char(w, '\n');
            }
    if (what & GRUNDY_FORMAT_PERIOD)
        grundy_format_period_text(w, &per, grundy_period_why(g));
    return GRUNDY_OK;
}

void grundy_format_value(grundy_writer *w, const char *spec,
                         const grundy_game *g, grundy_pos p, grundy_value v,
                         const grundy_values *stats, double seconds, int json)
{
    if (json) {
        grundy_writer_char(w, '{');
        grundy_format_json_rules(w, spec, g);
        grundy_writer_str(w, ", \"position\": ");
        grundy_format_json_pos(w, g, p);
        grundy_format_json_u64(w, "value", v);
        if (stats)
            write_search_stats(w, stats, seconds, 1);
        grundy_writer_str(w, "}\n");
    } else {
        grundy_writer_u64(w, v);
        grundy_writer_char(w, '\n');
        if (stats)
            write_search_stats(w, stats, seconds, 0);
    }
}

void grundy_format_search_stats(grundy_writer *w, const grundy_values *vals,
                                double seconds)
{
    write_search_stats(w, vals, seconds, 0);
}
