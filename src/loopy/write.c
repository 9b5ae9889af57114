/*
 * write.c -- generalized values, statistics and whole solutions as text
 * and JSON (grundy/loopy.h, "Writers"): what `grundy loopy` prints and
 * what the play engine's writers use for values with cycles.
 */
#include <stdio.h>
#include <string.h>

#include "grundy/format.h"
#include "loopy/loopy_internal.h"

void grundy_loopy_value_raw_write(grundy_writer *w, int infinite,
                                  uint64_t finite, const void *k,
                                  size_t width, size_t nk, int json)
{
    size_t i;
    if (!infinite) {
        grundy_writer_u64(w, finite);
        return;
    }
    grundy_writer_str(w, json ? "{\"inf\": [" : "inf(");
    for (i = 0; i < nk; i++) {
        if (i)
            grundy_writer_str(w, json ? ", " : ",");
        grundy_writer_u64(w, width == sizeof(uint32_t)
                                 ? ((const uint32_t *)k)[i]
                                 : ((const uint64_t *)k)[i]);
    }
    grundy_writer_str(w, json ? "]}" : ")");
}

void grundy_loopy_value_write(grundy_writer *w, const grundy_loopy_value *v,
                              int json)
{
    grundy_loopy_value_raw_write(w, v->infinite, v->finite, v->k,
                                 sizeof *v->k, v->nk, json);
}

void grundy_loopy_value_winner_write(grundy_writer *w,
                                     const grundy_loopy_value *v)
{
    grundy_writer_str(w, ", \"value\": ");
    grundy_loopy_value_write(w, v, 1);
    grundy_writer_str(w, ", \"winner\": \"");
    grundy_writer_str(
        w, grundy_loopy_outcome_name(grundy_loopy_value_outcome(v)));
    grundy_writer_char(w, '"');
}

/* Text lines "NAME N" after a first line "NAME" (stats' text). */
static void line(grundy_writer *w, const char *name, uint64_t n)
{
    grundy_writer_str(w, name);
    grundy_writer_char(w, ' ');
    grundy_writer_u64(w, n);
    grundy_writer_char(w, '\n');
}

void grundy_loopy_stats_write(grundy_writer *w, const grundy_loopy_stats *st,
                              int json)
{
    size_t i;
    if (json) {
        grundy_writer_str(w, "{\"vertices\": ");
        grundy_writer_u64(w, st->vertices);
        grundy_format_json_u64(w, "edges", st->edges);
        grundy_writer_str(w, ", \"counts\": [");
        for (i = 0; i < st->ncounts; i++) {
            if (i)
                grundy_writer_str(w, ", ");
            grundy_writer_u64(w, st->counts[i]);
        }
        grundy_writer_char(w, ']');
        grundy_format_json_u64(w, "infinite", st->infinite);
        grundy_format_json_u64(w, "first", st->first);
        grundy_format_json_u64(w, "second", st->second);
        grundy_format_json_u64(w, "draw", st->draw);
        grundy_format_json_u64(w, "levels", st->levels);
        grundy_writer_char(w, '}');
        return;
    }
    line(w, "vertices", st->vertices);
    line(w, "edges", st->edges);
    grundy_writer_str(w, "value count\n");
    for (i = 0; i < st->ncounts; i++)
        if (st->counts[i]) {
            grundy_writer_u64(w, i);
            grundy_writer_char(w, ' ');
            grundy_writer_u64(w, st->counts[i]);
            grundy_writer_char(w, '\n');
        }
    if (st->infinite)
        line(w, "inf", st->infinite);
    grundy_writer_str(w, "winner count\n");
    line(w, "first", st->first);
    line(w, "second", st->second);
    line(w, "draw", st->draw);
    line(w, "levels", st->levels);
}

/* {"vertex": NAME, "value": V, "winner": W} */
static void vertex_json(grundy_writer *w, const grundy_loopy_graph *g,
                        grundy_loopy_vertex v, const grundy_loopy_value *val)
{
    const char *name = grundy_loopy_graph_vertex_name(g, v);
    char buf[24];
    if (!name) {
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
        name = buf;
    }
    grundy_writer_str(w, "{\"vertex\": ");
    grundy_format_json_str(w, name);
    grundy_loopy_value_winner_write(w, val);
    grundy_writer_char(w, '}');
}

grundy_status grundy_loopy_vertex_write(grundy_writer *w,
                                        const grundy_loopy_solution *s,
                                        grundy_loopy_vertex v, int json)
{
    grundy_loopy_value val;
    grundy_status st;
    grundy_loopy_value_init(&val);
    st = grundy_loopy_solution_value(&val, s, v);
    if (st == GRUNDY_OK) {
        if (json)
            vertex_json(w, grundy_loopy_solution_graph(s), v, &val);
        else
            grundy_loopy_value_write(w, &val, 0);
        grundy_writer_char(w, '\n');
    }
    grundy_loopy_value_clear(&val);
    return st;
}

/* Every vertex's value: "NAME VALUE" lines, or a JSON array. */
static grundy_status write_values(grundy_writer *w,
                                  const grundy_loopy_solution *s, int json)
{
    const grundy_loopy_graph *g = grundy_loopy_solution_graph(s);
    uint64_t n = grundy_loopy_graph_num_vertices(g), v;
    grundy_loopy_value val;
    grundy_status st = GRUNDY_OK;
    char buf[256];
    grundy_loopy_value_init(&val);
    if (json)
        grundy_writer_str(w, "\"values\": [");
    for (v = 0; v < n && st == GRUNDY_OK; v++) {
        st = grundy_loopy_solution_value(&val, s, (grundy_loopy_vertex)v);
        if (json) {
            if (v)
                grundy_writer_str(w, ", ");
            vertex_json(w, g, (grundy_loopy_vertex)v, &val);
        } else {
            grundy_loopy_graph_vertex_format(g, (grundy_loopy_vertex)v, buf,
                                             sizeof buf);
            grundy_writer_str(w, buf);
            grundy_writer_char(w, ' ');
            grundy_loopy_value_write(w, &val, 0);
            grundy_writer_char(w, '\n');
        }
    }
    if (json)
        grundy_writer_char(w, ']');
    grundy_loopy_value_clear(&val);
    return st;
}

grundy_status grundy_loopy_solution_write(grundy_writer *w,
                                          const grundy_loopy_solution *s,
                                          unsigned what, int json)
{
    const grundy_loopy_graph *g = grundy_loopy_solution_graph(s);
    grundy_loopy_stats st;
    grundy_status rc = GRUNDY_OK;
    memset(&st, 0, sizeof st);
    if ((what & GRUNDY_LOOPY_WRITE_STATS) || json)
        GRUNDY_TRY(grundy_loopy_solution_stats(&st, s));
    if (json) {
        grundy_writer_str(w, "{\"vertices\": ");
        grundy_writer_u64(w, grundy_loopy_graph_num_vertices(g));
        grundy_format_json_u64(w, "edges", grundy_loopy_graph_num_edges(g));
        if (what & GRUNDY_LOOPY_WRITE_LIST) {
            grundy_writer_str(w, ", ");
            rc = write_values(w, s, 1);
        }
        grundy_writer_str(w, ", \"stats\": ");
        grundy_loopy_stats_write(w, &st, 1);
        grundy_writer_str(w, "}\n");
    } else {
        if (what & GRUNDY_LOOPY_WRITE_LIST)
            rc = write_values(w, s, 0);
        if ((what & GRUNDY_LOOPY_WRITE_STATS) && rc == GRUNDY_OK)
            grundy_loopy_stats_write(w, &st, 0);
    }
    grundy_loopy_stats_clear(&st);
    return rc;
}

void grundy_loopy_cost_write(grundy_writer *w, const grundy_loopy_solution *s,
                             double t_read, double t_solve)
{
    const grundy_loopy_graph *g = grundy_loopy_solution_graph(s);
    size_t gb = grundy_loopy_graph_bytes(g);
    size_t sb = grundy_loopy_solution_bytes(s);
    uint64_t m = grundy_loopy_graph_num_edges(g);
    char buf[64];
    grundy_writer_str(w, "memory graph ");
    grundy_writer_u64(w, gb);
    grundy_writer_str(w, " bytes, values ");
    grundy_writer_u64(w, sb);
    grundy_writer_str(w, " bytes");
    if (m) {
        snprintf(buf, sizeof buf, " (%.2f bytes per edge)",
                 (double)(gb + sb) / (double)m);
        grundy_writer_str(w, buf);
    }
    snprintf(buf, sizeof buf, "\ntime read %.3f s, values %.3f s\n", t_read,
             t_solve);
    grundy_writer_str(w, buf);
}
