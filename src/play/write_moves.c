/*
 * write_moves.c -- every move of a state with its value, its outcome and
 * its remoteness, and how each board component is drawn: the answer of
 * serve's /api/moves (grundy_play_moves_write(), grundy/play.h), from
 * which a page draws the board and colours each move without deciding
 * anything itself.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/board.h"
#include "grundy/format.h"
#include "play/play_internal.h"

/* A set of cells as the JSON array of their numbers. */
static void write_cells(grundy_writer *w, uint64_t set)
{
    unsigned i, first = 1;
    grundy_writer_char(w, '[');
    for (i = 0; i < 64; i++)
        if (set >> i & 1) {
            if (!first)
                grundy_writer_str(w, ", ");
            first = 0;
            grundy_writer_u64(w, i);
        }
    grundy_writer_char(w, ']');
}

static void write_coord(grundy_writer *w, double x)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%.4g", x);
    grundy_writer_str(w, buf);
}

/* How component i's position is drawn (grundy_board_geometry_get()). */
static void write_board(grundy_writer *w, size_t i,
                        const grundy_board_geometry *geo)
{
    static const char *const marks[] = {"board", "domino", "vertex",
                                        "corner"};
    unsigned k;
    grundy_writer_str(w, "{\"component\": ");
    grundy_writer_u64(w, i + 1);
    grundy_writer_str(w, ", \"grid\": ");
    grundy_writer_str(w, geo->grid ? "true" : "false");
    grundy_format_json_u64(w, "rows", geo->rows);
    grundy_format_json_u64(w, "cols", geo->cols);
    grundy_format_json_u64(w, "ncells", geo->ncells);
    grundy_writer_str(w, ", \"cells\": ");
    write_cells(w, geo->cells);
    grundy_writer_str(w, ", \"marked\": ");
    write_cells(w, geo->marked);
    grundy_writer_str(w, ", \"mark\": \"");
    grundy_writer_str(w, (unsigned)geo->mark < 4 ? marks[geo->mark]
                                                 : "board");
    grundy_writer_str(w, "\", \"xy\": [");
    for (k = 0; k < geo->ncells; k++) {
        grundy_writer_str(w, k ? ", [" : "[");
        write_coord(w, geo->x[k]);
        grundy_writer_str(w, ", ");
        write_coord(w, geo->y[k]);
        grundy_writer_char(w, ']');
    }
    grundy_writer_str(w, "], \"adj\": [");
    for (k = 0; k < geo->ncells; k++) {
        if (k)
            grundy_writer_str(w, ", ");
        write_cells(w, geo->grid ? 0 : geo->adj[k]);
    }
    grundy_writer_str(w, "]}");
}

/* The outcome of a move for the player who makes it. */
static const char *outcome_name(unsigned char after)
{
    return after == GRUNDY_SUM_AFTER_LOSS   ? "\"win\""
           : after == GRUNDY_SUM_AFTER_WIN  ? "\"lose\""
           : after == GRUNDY_SUM_AFTER_DRAW ? "\"draw\""
                                            : "null";
}

/* The value component m->component is left with by move m: the
 * analysis's under normal play (v); under misere play, where the
 * analysis uses no values, the parts' values added as the library adds
 * them. */
static grundy_status move_value(grundy_writer *w, grundy_play *p,
                                const grundy_sum_move *m,
                                const grundy_play_value *v)
{
    size_t n;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    grundy_value pv[GRUNDY_MAX_PARTS];
    unsigned k;
    if (grundy_play_options(p)->convention == GRUNDY_PLAY_NORMAL) {
        grundy_play_value_write(w, v, 1);
        return GRUNDY_OK;
    }
    for (k = 0; k < m->to.nparts; k++)
        GRUNDY_TRY(grundy_values_get(&pv[k], c[m->component].values,
                                     m->to.part[k]));
    grundy_writer_u64(w, grundy_sum_nim_sum(pv, m->to.nparts));
    return GRUNDY_OK;
}

/* Every move of the sum (ev: the analysis with GRUNDY_SUM_EVERY): where
 * it goes, the value its component is left with, its outcome and
 * remoteness, and on a board the cells it takes. */
static grundy_status write_every(grundy_writer *w, grundy_play *p,
                                 const grundy_play_analysis *ev,
                                 grundy_board_geometry *geo)
{
    grundy_board_geometry *cg = geo + 1;
    grundy_status st = GRUNDY_OK;
    size_t i;
    for (i = 0; st == GRUNDY_OK && i < ev->sum.nmoves; i++) {
        const grundy_sum_move *m = &ev->sum.moves[i];
        const grundy_game *g = grundy_play_game_of(p, m->component);
        int board = grundy_game_rules(g)->geometry != NULL;
        unsigned char after = ev->sum.move_outcome[i];
        uint64_t left = 0;
        unsigned k;
        if (board)
            st = grundy_board_geometry_get(geo, g, m->from);
        for (k = 0; board && st == GRUNDY_OK && k < m->to.nparts; k++) {
            st = grundy_board_geometry_get(cg, g, m->to.part[k]);
            left |= cg->cells;
        }
        if (st != GRUNDY_OK)
            break;
        grundy_writer_str(w, i ? ", {" : "{");
        grundy_play_move_fields(w, g, m);
        grundy_writer_str(w, ", \"value\": ");
        if ((st = move_value(w, p, m, &ev->move_value[i])) != GRUNDY_OK)
            break;
        grundy_writer_str(w, ", \"outcome\": ");
        grundy_writer_str(w, outcome_name(after));
        grundy_writer_str(w, after == GRUNDY_SUM_AFTER_LOSS
                                 ? ", \"wins\": true"
                                 : ", \"wins\": false");
        grundy_writer_str(w, ", \"remoteness\": ");
        grundy_play_remoteness_write(w, ev->sum.move_remoteness[i]);
        if (board) {
            grundy_writer_str(w, ", \"cells\": ");
            write_cells(w, geo->cells & ~left);
        }
        grundy_writer_char(w, '}');
    }
    return st;
}

/* How each board component of p is drawn. */
static grundy_status write_boards(grundy_writer *w, grundy_play *p,
                                  grundy_board_geometry *geo)
{
    size_t n, i, nboards = 0;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    grundy_status st = GRUNDY_OK;
    for (i = 0; st == GRUNDY_OK && i < n; i++) {
        const grundy_game *g = grundy_play_game_of(p, i);
        if (!grundy_game_rules(g)->geometry)
            continue;
        st = grundy_board_geometry_get(geo, g, c[i].pos);
        if (st != GRUNDY_OK)
            break;
        if (nboards++)
            grundy_writer_str(w, ", ");
        write_board(w, i, geo);
    }
    return st;
}

grundy_status grundy_play_moves_write(grundy_writer *w, grundy_play *p,
                                      const grundy_play_analysis *an,
                                      const grundy_play_analysis *ev)
{
    grundy_board_geometry *geo = calloc(2, sizeof *geo);
    grundy_status st;
    if (!geo)
        return GRUNDY_ERR_NOMEM;
    grundy_writer_str(w, "{\"analysis\": ");
    grundy_play_analysis_object(w, p, an);
    grundy_writer_str(w, ", \"moves\": [");
    st = write_every(w, p, ev, geo);
    grundy_writer_str(w, "], \"boards\": [");
    if (st == GRUNDY_OK)
        st = write_boards(w, p, geo);
    grundy_writer_str(w, "]}\n");
    free(geo);
    return st;
}
