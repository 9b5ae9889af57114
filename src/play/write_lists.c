/*
 * write_lists.c -- lists the front ends print (grundy/play.h,
 * "Writers"): the legal moves of a state, as `grundy play` shows them
 * after a move it refuses, and the generalized values of a game with
 * cycles, as `grundy values` prints them (every position, one, or the
 * statistics).  Here rather than in the program so that every front end
 * writes them the same way.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/format.h"
#include "grundy/loopy.h"
#include "play/play_internal.h"

/* A state whose rules allow more moves than this is not listed: the
 * list would be built whole (and sorted) to show `most` of it, and a heap
 * of 9191 in 0.87 has 7 million moves (seconds and 900 MiB). */
#define LEGAL_LIST_MAX ((uint64_t)1 << 16)

/* The most moves the rules allow from p, summed over its components. */
static uint64_t legal_bound(const grundy_play *p)
{
    size_t n, i;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    uint64_t sum = 0;
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_values_game(c[i].values);
        uint64_t k = grundy_game_rules(g)->max_moves(grundy_game_params(g),
                                                     c[i].pos);
        sum = k > UINT64_MAX - sum ? UINT64_MAX : sum + k;
    }
    return sum;
}

grundy_status grundy_play_legal_write(grundy_writer *w, const grundy_play *p,
                                      size_t most)
{
    grundy_sum_move *m;
    size_t n, i;
    char buf[512];
    uint64_t bound = legal_bound(p);
    if (bound > LEGAL_LIST_MAX) {
        grundy_writer_str(w, "legal moves: too many to list (up to ");
        grundy_writer_u64(w, bound);
        grundy_writer_str(w, ")\n");
        return GRUNDY_OK;
    }
    GRUNDY_TRY(grundy_play_legal(p, &m, &n));
    grundy_writer_str(w, "legal moves: ");
    for (i = 0; i < n && i < most; i++) {
        grundy_play_move_text(p, &m[i], 1, buf, sizeof buf);
        grundy_writer_str(w, i ? ", " : "");
        grundy_writer_str(w, buf);
    }
    if (n > most) {
        grundy_writer_str(w, " (and ");
        grundy_writer_u64(w, n - most);
        grundy_writer_str(w, " more)");
    }
    grundy_writer_str(w, "\n");
    free(m);
    return GRUNDY_OK;
}

/* The value of position p alone: "V" or {"rules", "canonical",
 * "position", "value", "winner"}, and a newline. */
static grundy_status value_at(grundy_writer *w, const char *written,
                              const grundy_game *g,
                              const grundy_loopy_solution *s, grundy_pos p,
                              int json)
{
    grundy_loopy_value v;
    grundy_status rc;
    grundy_loopy_value_init(&v);
    rc = grundy_loopy_solution_value(&v, s, (grundy_loopy_vertex)p);
    if (rc == GRUNDY_OK && json) {
        grundy_writer_char(w, '{');
        grundy_format_json_rules(w, written, g);
        grundy_writer_str(w, ", \"position\": ");
        grundy_format_json_pos(w, g, p);
        grundy_loopy_value_winner_write(w, &v);
        grundy_writer_str(w, "}\n");
    } else if (rc == GRUNDY_OK) {
        grundy_loopy_value_write(w, &v, 0);
        grundy_writer_char(w, '\n');
    }
    grundy_loopy_value_clear(&v);
    return rc;
}

grundy_status grundy_play_loopy_values_write(
    grundy_writer *w, const char *written, const grundy_game *g,
    const grundy_loopy_game *lg, const grundy_pos *at, uint64_t end,
    unsigned what, int json)
{
    const grundy_loopy_solution *s = grundy_loopy_game_solution(lg);
    uint64_t n =
        grundy_loopy_graph_num_vertices(grundy_loopy_game_graph(lg)), i;
    grundy_loopy_value v;
    grundy_loopy_stats st;
    grundy_status rc = GRUNDY_OK;
    char buf[256];

    if (at)
        return value_at(w, written, g, s, *at, json);
    if (end > n)
        end = n;
    memset(&st, 0, sizeof st);
    if ((what & GRUNDY_LOOPY_WRITE_STATS) || json)
        GRUNDY_TRY(grundy_loopy_solution_stats(&st, s));
    grundy_loopy_value_init(&v);
    if (json) {
        grundy_writer_char(w, '{');
        grundy_format_json_rules(w, written, g);
        grundy_writer_str(w, ", \"positions\": ");
        grundy_writer_u64(w, n);
        grundy_writer_str(w, ", \"values\": [");
        for (i = 0; i < end && rc == GRUNDY_OK; i++) {
            if (i)
                grundy_writer_str(w, ", ");
            rc = grundy_loopy_solution_value(&v, s, (grundy_loopy_vertex)i);
            grundy_loopy_value_write(w, &v, 1);
        }
        grundy_writer_str(w, "], \"stats\": ");
        grundy_loopy_stats_write(w, &st, 1);
        grundy_writer_str(w, "}\n");
    } else {
        for (i = 0; (what & GRUNDY_LOOPY_WRITE_LIST) && i < end &&
                    rc == GRUNDY_OK;
             i++) {
            if (grundy_game_pos_format(g, i, buf, sizeof buf) >= sizeof buf)
                strcpy(buf + sizeof buf - 4, "...");
            grundy_writer_str(w, buf);
            grundy_writer_char(w, ' ');
            rc = grundy_loopy_solution_value(&v, s, (grundy_loopy_vertex)i);
            grundy_loopy_value_write(w, &v, 0);
            grundy_writer_char(w, '\n');
        }
        if (what & GRUNDY_LOOPY_WRITE_STATS)
            grundy_loopy_stats_write(w, &st, 0);
    }
    grundy_loopy_stats_clear(&st);
    grundy_loopy_value_clear(&v);
    return rc;
}
