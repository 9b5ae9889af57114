/*
 * cmd_values.c -- grundy values RULES: tables, single values, statistics,
 * periods, as text or JSON.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "json_out.h"
#include "loopy_cli.h"

typedef struct values_args {
    const char *spec;
    const char *at;
    uint64_t upto, max; /* max: the period search's longest table */
    int have_upto, all, stats, period, list, json, zeros, method;
    cli_engine eng;
} values_args;

/* in the order of grundy_table_method */
static const char *const methods[] = {"auto", "naive", "fast", NULL};

#define AT(m) offsetof(values_args, m)
static const cli_opt values_opts[] = {
    {.type = CLI_OPT_ARG, .name = "RULES", .field = AT(spec),
     .need = "RULES"},
    {.type = CLI_OPT_SECTION, .name = "What to compute:"},
    {.type = CLI_OPT_U64, .name = "--upto", .meta = "N", .field = AT(upto),
     .seen = CLI_AT(values_args, have_upto), .hi = UINT64_MAX - 1,
     .help = "tabulate g(0..N) and print 'n g' per line; for\n"
             "two-heap games g(a, b) for a, b <= N, a square"},
    {.type = CLI_OPT_TEXT, .name = "--at", .meta = "POS", .field = AT(at),
     .need = "a position",
     .help = "print g(POS) alone, computing only what it needs\n"
             "(POS in the family's position syntax)"},
    {.type = CLI_OPT_TEXT, .name = "--position", .meta = "POS",
     .field = AT(at), .need = "a position", .help = "the same as --at"},
    {.type = CLI_OPT_FLAG, .name = "--all", .field = AT(all),
     .help = "every position of a finite family (boards)"},
    {.type = CLI_OPT_SECTION,
     .name = "Summaries (instead of the listing, unless --list is given):"},
    {.type = CLI_OPT_FLAG, .name = "--stats", .field = AT(stats),
     .help = "the count of each value, the largest value and where\n"
             "it first occurs (over 64 distinct values: a summary\n"
             "and a histogram); with --position: where the value\n"
             "came from and, for a board search, the positions\n"
             "searched, the table's hits and size, and the time"},
    {.type = CLI_OPT_FLAG, .name = "--period", .field = AT(period),
     .help = "the period and preperiod, and whether it is proven;\n"
             "without --upto the table doubles from 1024 entries\n"
             "until a period is proven or the next doubling would\n"
             "pass about 2*10^10 steps of work (some 10 s; a split\n"
             "into two heaps whose values are dense in rare ones,\n"
             "such as 0.004, costs about n^2/4 steps to n), and\n"
             "2^26 entries at most; a family\n"
             "with no period criterion (periods only seen, never\n"
             "proven) stops at 4096.  Then it answers 'no period\n"
             "proven up to N'"},
    {.type = CLI_OPT_U64, .name = "--period-max", .meta = "N",
     .field = AT(max), .lo = 1, .hi = UINT64_MAX - 1,
     .help = "with --period alone: grow the table to N entries at\n"
             "most, instead of the bounds above"},
    {.type = CLI_OPT_RENAMED, .name = "--max", .meta = "--period-max",
     .need = CLI_MAX_IS_COUNTS},
    {.type = CLI_OPT_FLAG, .name = "--list", .field = AT(list),
     .help = "list the values as well"},
    {.type = CLI_OPT_FLAG, .name = "--p-positions", .field = AT(zeros),
     .help = "the positions of value 0 in the table, one a line"},
    {.type = CLI_OPT_SECTION, .name = "Output and method:"},
    {.type = CLI_OPT_FLAG, .name = "--json", .field = AT(json),
     .help = "one JSON object: rules, canonical, values, stats,\n"
             "period (doc/JSON.md: the conventions of every --json)"},
    {.type = CLI_OPT_CHOICE, .name = "--method", .meta = "M",
     .field = AT(method), .choices = methods,
     .help = "auto (default), naive (generic moves + mex), fast;\n"
             "with naive or fast the store is not used"},
    {.type = CLI_OPT_END},
};
#undef AT

const cli_optset cli_values_opts = {"values", values_opts,
                                    CLI_AT(values_args, eng), 1, 0};

static int parse_args(int argc, char **argv, values_args *a)
{
    int rc;
    memset(a, 0, sizeof *a);
    cli_engine_init(&a->eng, "values");
    rc = cli_opts_parse(&cli_values_opts, a, argc, argv);
    if (rc)
        return rc;
    a->eng.method = (grundy_table_method)a->method;
    if ((a->at != NULL) + a->have_upto + a->all > 1)
        return cli_usage_error("values",
                               "give one of --upto, --at and --all");
    if (!a->at && !a->have_upto && !a->all && !a->period)
        return cli_usage_error("values",
                               "say what to compute: --upto N, --at POS, "
                               "--all or --period");
    if (a->at && a->period)
        return cli_usage_error("values",
                               "--period needs a table (--upto or --all)");
    if (a->max && (!a->period || a->have_upto || a->all))
        return cli_usage_error("values",
                               "--period-max N bounds the period search: "
                               "it goes with --period alone");
    if (a->zeros && (a->at || a->json))
        return cli_usage_error("values",
                               "--p-positions lists a table's positions of "
                               "value 0: it goes with --upto N or --all");
    if (!a->stats && !a->period && !a->zeros)
        a->list = 1;
    return 0;
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
        size_t k = (size_t)snprintf(buf, sizeof buf, "%llu",
                                    (unsigned long long)b);
        for (; k <= cw; k++)
            grundy_writer_char(w, ' ');
        grundy_writer_str(w, buf);
    }
    grundy_writer_char(w, '\n');
    for (a = 0; a < side; a++) {
        size_t k = (size_t)snprintf(buf, sizeof buf, "%llu",
                                    (unsigned long long)a);
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

static void write_pos_json(grundy_writer *w, const grundy_game *g,
                           grundy_pos p)
{
    cli_json_pos(w, g, p);
}

static double cli_clock_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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
    char buf[64];
    unsigned d;
    if (json) {
        grundy_writer_str(w, ", \"stats\": {\"source\": ");
        cli_json_str(w, grundy_values_source(vals));
        if (searched) {
            cli_json_u64(w, "nodes", st.nodes);
            cli_json_u64(w, "lookups", st.probes);
            cli_json_u64(w, "hits", st.hits);
            cli_json_u64(w, "stored", st.stores);
            cli_json_u64(w, "evicted", st.evictions);
            cli_json_u64(w, "table_bytes", st.table_bytes);
            cli_json_u64(w, "entries", st.entries);
            cli_json_u64(w, "capacity", st.capacity);
            cli_json_u64(w, "entries_per_gib",
                         per_gib(st.capacity, st.table_bytes));
            cli_json_u64(w, "width_bits", 64 * (uint64_t)st.words);
            if (st.enddb_entries) {
                grundy_writer_str(w, ", \"enddb\": {\"cells\": ");
                grundy_writer_u64(w, grundy_values_enddb_cells(vals, NULL));
                cli_json_u64(w, "entries", st.enddb_entries);
                cli_json_u64(w, "bytes", st.enddb_bytes);
                cli_json_u64(w, "hits", st.enddb_hits);
                grundy_writer_char(w, '}');
            }
            cli_json_u64(w, "threads", st.threads);
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
        grundy_writer_str(w, "nodes ");
        grundy_writer_u64(w, st.nodes);
        grundy_writer_str(w, "\ntable hits ");
        grundy_writer_u64(w, st.hits);
        grundy_writer_str(w, " of ");
        grundy_writer_u64(w, st.probes);
        snprintf(buf, sizeof buf, " lookups (%.1f%%)",
                 st.probes ? 100.0 * (double)st.hits / (double)st.probes
                           : 0.0);
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
        grundy_writer_str(w, "threads ");
        grundy_writer_u64(w, st.threads);
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

static int do_at(values_args *a, const grundy_game *g, grundy_writer *w)
{
    grundy_pos p;
    grundy_value v;
    grundy_status s;
    grundy_values *vals;
    double t0, took;

    if (cli_open_position(&p, "values", "position", g, a->at))
        return CLI_EXIT_DATA;
    s = cli_engine_values(&a->eng, g, &vals);
    t0 = cli_clock_s();
    if (s == GRUNDY_OK)
        s = grundy_values_get(&v, vals, p);
    took = cli_clock_s() - t0;
    cli_progress_done();
    if (s != GRUNDY_OK) {
        char what[300];
        snprintf(what, sizeof what, "position '%s': the computation", a->at);
        return cli_engine_error(&a->eng, what, s);
    }
    if (a->json) {
        grundy_writer_char(w, '{');
        cli_json_rules(w, a->spec, g);
        grundy_writer_str(w, ", \"position\": ");
        write_pos_json(w, g, p);
        cli_json_u64(w, "value", v);
        if (a->stats)
            write_search_stats(w, vals, took, 1);
        grundy_writer_str(w, "}\n");
    } else {
        grundy_writer_u64(w, v);
        grundy_writer_char(w, '\n');
        if (a->stats)
            write_search_stats(w, vals, took, 0);
    }
    return CLI_EXIT_OK;
}

/* The period as seen or proven; why: the closed form that settles it
 * (grundy_period_why()), or NULL. */
static void write_period_text(grundy_writer *w, const grundy_period *per,
                              const char *why)
{
    if (per->found && per->proven) {
        grundy_writer_str(w, "period ");
        grundy_writer_u64(w, per->period);
        grundy_writer_str(w, " preperiod ");
        grundy_writer_u64(w, per->preperiod);
        if (per->saltus) {
            grundy_writer_str(w, " saltus ");
            grundy_writer_u64(w, per->saltus);
        }
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
        grundy_writer_str(w, "no period proven up to ");
        grundy_writer_u64(w, per->checked_upto - 1);
        grundy_writer_str(w, " (the values seen repeat with period ");
        grundy_writer_u64(w, per->period);
        grundy_writer_str(w, " from ");
        grundy_writer_u64(w, per->preperiod);
        if (per->saltus) {
            grundy_writer_str(w, ", growing by ");
            grundy_writer_u64(w, per->saltus);
            grundy_writer_str(w, " each period");
        }
        grundy_writer_str(w, ")\n");
    } else {
        grundy_writer_str(w, "no period proven up to ");
        grundy_writer_u64(w, per->checked_upto ? per->checked_upto - 1 : 0);
        grundy_writer_char(w, '\n');
    }
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
 * (json_out.h): the values listed unless searched (the period search of
 * --period alone) gave the period. */
grundy_status cli_values_json(grundy_writer *w, const char *spec,
                              const grundy_game *g, const grundy_table *t,
                              const grundy_period *searched, uint64_t upto)
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
    cli_json_rules(w, spec, g);
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
                grundy_writer_u64(w, grundy_table_get_raw(
                                         data, width,
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
    write_pos_json(w, g, max_at);
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
        write_pos_json(w, g, rare.last_rare);
        grundy_writer_char(w, '}');
    }
    grundy_writer_str(w, "}, \"period\": ");
    cli_json_period(w, &per);
    grundy_writer_str(w, "}\n");
    free(counts);
    return GRUNDY_OK;
}

static int do_table(values_args *a, const grundy_game *g, grundy_writer *w)
{
    const grundy_table *t = NULL;
    grundy_values *vals = NULL;
    grundy_period per = {0};
    grundy_status s;
    grundy_pos n, i, max_at;
    grundy_value maxv;
    uint64_t *counts = NULL;
    unsigned width;
    const void *data;
    int finite = grundy_game_num_positions(g) != 0, pairs = is_pairs(g);
    grundy_rare_info rare;
    int have_rare = 0;
    uint64_t entries = a->upto + 1;

    if (a->all && !finite)
        return cli_usage_error("values",
                               "--all lists every position of a board "
                               "(rect, cram, node-kayles, chomp); %s has "
                               "positions 0, 1, 2, ...: use --upto N or "
                               "--at POS",
                               a->spec);
    if (a->have_upto && finite)
        return cli_usage_error("values",
                               "%s is a finite family: use --all",
                               a->spec);
    if (pairs && (!a->have_upto || a->period))
        return cli_usage_error("values",
                               "%s is a two-heap game: --upto N gives g(a, b) "
                               "for a, b <= N (it has no period search)",
                               a->spec);
    if (pairs) {
        if (a->upto >= GRUNDY_PAIR_MAX)
            return cli_usage_error("values", "--upto: at most %llu for two "
                                             "heaps",
                                   (unsigned long long)GRUNDY_PAIR_MAX - 1);
        entries = (a->upto + 1) * (a->upto + 1);
    }
    if (finite && isatty(2)) {
        size_t est = 0;
        if (grundy_table_estimate(&est, g, 0) == GRUNDY_OK)
            fprintf(stderr, "values: %s: %llu positions, about %.1f MiB\n",
                    a->spec,
                    (unsigned long long)grundy_game_num_positions(g),
                    (double)est / 1048576.0);
    }
    s = cli_engine_values(&a->eng, g, &vals);
    if (s == GRUNDY_OK && (a->have_upto || a->all || finite))
        s = grundy_values_table(&t, vals, a->have_upto ? entries : 0);
    else if (s == GRUNDY_OK) {
        s = grundy_values_period(&per, vals, a->max);
        if (s == GRUNDY_OK)
            s = grundy_values_table(&t, vals, per.checked_upto);
        if (s == GRUNDY_OK && grundy_period_why(g))
            ; /* a closed form settled it: nothing to note */
        else if (s == GRUNDY_OK && !per.proven && !a->max &&
            grundy_values_period_work_bound(vals) &&
            grundy_limits_work(&a->eng.limits) < GRUNDY_PERIOD_WORK_DEFAULT)
            fprintf(stderr,
                    "grundy: values: the period search stopped at %llu "
                    "positions, before a doubling past the work limit "
                    "of %.3g steps (--work-limit)\n",
                    (unsigned long long)per.checked_upto,
                    (double)grundy_limits_work(&a->eng.limits));
        else if (s == GRUNDY_OK && !per.proven && !a->max &&
                 grundy_values_period_work_bound(vals))
            fprintf(stderr,
                    "grundy: values: the period search stopped at %llu "
                    "positions, before a doubling past its bound of work "
                    "(%.3g steps, some 10 s); --period-max N goes "
                    "further\n",
                    (unsigned long long)per.checked_upto,
                    (double)GRUNDY_PERIOD_WORK_DEFAULT);
        else if (s == GRUNDY_OK && !per.proven && !a->max &&
                 !grundy_period_provable(g))
            fprintf(stderr,
                    "grundy: values: no theorem proves a period of %s, so "
                    "the search looked at %llu positions only; "
                    "--period-max N looks further\n",
                    a->spec, (unsigned long long)per.checked_upto);
        else if (s == GRUNDY_OK && !per.proven && !a->max)
            fprintf(stderr,
                    "grundy: values: the period search stopped at its "
                    "bound of %llu positions; --period-max N goes "
                    "further\n",
                    (unsigned long long)per.checked_upto);
    }
    cli_progress_done();
    if (s != GRUNDY_OK) {
        size_t est = 0;
        if (s == GRUNDY_ERR_CANCELLED)
            return cli_engine_error(&a->eng, "values", s);
        if (s == GRUNDY_ERR_LIMIT &&
            grundy_table_estimate(&est, g, entries) == GRUNDY_OK)
            fprintf(stderr,
                    "grundy: values: the table needs about %.1f MiB, "
                    "over the memory limit (--mem-limit)\n",
                    (double)est / 1048576.0);
        else if (s == GRUNDY_ERR_LIMIT || s == GRUNDY_ERR_OVERFLOW)
            fprintf(stderr, "grundy: values: %s: %s\n", a->spec,
                    grundy_strerror(s));
        else
            return cli_error("values", s, NULL);
        return CLI_EXIT_DATA;
    }
    if (a->json) {
        s = cli_values_json(w, a->spec, g, t,
                            a->have_upto || a->all || finite ? NULL : &per,
                            a->upto);
        return s == GRUNDY_OK ? CLI_EXIT_OK : cli_error("values", s, NULL);
    }
    if ((a->have_upto || a->all || finite) && a->period && !pairs)
        grundy_period_find(&per, t);
    n = (a->have_upto || a->all || finite) ? grundy_table_size(t)
                                           : per.checked_upto;
    width = grundy_table_width(t);
    data = grundy_table_data(t);
    maxv = grundy_table_max(t, &max_at);
    if (a->stats &&
        !(counts = table_counts(t, g, maxv, &rare, &have_rare)))
        return cli_error("values", GRUNDY_ERR_NOMEM, NULL);

    {
        if (a->list && pairs)
            write_square(w, data, width, a->upto + 1, maxv);
        else if (a->list)
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
                grundy_writer_str(w, " positions ");
                grundy_writer_u64(w, rare.rare_positions);
                grundy_writer_str(w, " values ");
                grundy_writer_u64(w, rare.rare_values);
                grundy_writer_str(w, " last at ");
                grundy_writer_u64(w, rare.last_rare);
                grundy_writer_char(w, '\n');
            }
        }
        if (a->zeros)
            for (i = 0; i < n; i++)
                if (grundy_table_get_raw(data, width, i) == 0) {
                    write_pos(w, g, i);
                    grundy_writer_char(w, '\n');
                }
        if (a->period)
            write_period_text(w, &per, grundy_period_why(g));
    }
    free(counts);
    return CLI_EXIT_OK;
}

/* Non-zero when the game is of a family with cycles (the registry's flag
 * GRUNDY_RULES_LOOPY): its values are generalized ones (finite or inf(K))
 * of its whole graph, listed by loopy_cli.c. */
static int names_loopy(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        const grundy_rules *r =
            argv[i][0] == '-' ? NULL : grundy_rules_find(argv[i]);
        if (r && (r->flags & GRUNDY_RULES_LOOPY))
            return 1;
    }
    return 0;
}

int cmd_values(int argc, char **argv)
{
    values_args a;
    grundy_game *g = NULL;
    grundy_writer w;
    int rc;
    if (names_loopy(argc, argv)) /* generalized values: loopy_cli.c */
        return loopy_cli_values(argc, argv);
    rc = parse_args(argc, argv, &a);
    if (rc)
        return rc;
    if (cli_open_game(&g, "values", a.spec))
        return CLI_EXIT_DATA;
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        grundy_game_free(g);
        return cli_error("values", GRUNDY_ERR_NOMEM, NULL);
    }
    cli_catch_signals();
    rc = a.at ? do_at(&a, g, &w) : do_table(&a, g, &w);
    cli_engine_clear(&a.eng);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error("values", &w);
    grundy_game_free(g);
    return rc;
}
