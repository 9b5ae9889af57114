/*
 * json.c -- games, positions and the parts of a move in JSON (io/json.h):
 * the conventions of doc/JSON.md that need a game.
 */
#include <stdio.h>

#include "io/json.h"

void grundy_json_rules(grundy_writer *w, const char *written,
                       const grundy_game *g)
{
    char buf[512];
    size_t n = grundy_game_canonical_spec(g, buf, sizeof buf);
    grundy_writer_str(w, "\"rules\": ");
    grundy_json_str(w, written ? written : grundy_game_spec(g));
    grundy_writer_str(w, ", \"canonical\": ");
    grundy_json_str(w, n >= sizeof buf ? grundy_game_spec(g) : buf);
}

void grundy_json_pos(grundy_writer *w, const grundy_game *g, grundy_pos p)
{
    char buf[256];
    size_t n = grundy_game_pos_format(g, p, buf, sizeof buf);
    if (n >= sizeof buf) /* longer than any family writes: as a number */
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)p);
    grundy_json_str(w, buf);
}

void grundy_json_parts(grundy_writer *w, const grundy_game *g,
                       const grundy_move *m)
{
    unsigned k, first = 1;
    int heaps = !grundy_game_num_positions(g) &&
                !grundy_game_rules(g)->pos_format;
    grundy_writer_char(w, '[');
    for (k = 0; k < m->nparts; k++) {
        if (heaps && m->part[k] == 0)
            continue; /* an empty heap is no part */
        if (!first)
            grundy_writer_str(w, ", ");
        first = 0;
        grundy_json_pos(w, g, m->part[k]);
    }
    grundy_writer_char(w, ']');
}
