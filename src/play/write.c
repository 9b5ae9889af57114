/*
 * write.c -- a game state as the front ends print it (grundy/play.h,
 * "Writers"): values, moves, the answer of `grundy analyze` as text or
 * JSON, the transcript of `grundy play --json` and a step of serve's
 * /api/play.  The moves of serve's /api/moves are in write_moves.c.
 */
#include <stdio.h>
#include <string.h>

#include "grundy/format.h"
#include "loopy/loopy_internal.h"
#include "play/play_internal.h"

/* Values and moves *********************************************************/

void grundy_play_value_write(grundy_writer *w, const grundy_play_value *v,
                             int json)
{
    grundy_loopy_value_raw_write(w, v->infinite, v->value, v->k,
                                 sizeof *v->k, v->nk, json);
}

void grundy_play_remoteness_write(grundy_writer *w, uint64_t r)
{
    if (r == GRUNDY_REMOTENESS_UNKNOWN)
        grundy_writer_str(w, "null");
    else if (r == GRUNDY_REMOTENESS_DRAW)
        grundy_writer_str(w, "\"draw\"");
    else
        grundy_writer_u64(w, r);
}

void grundy_play_move_write(grundy_writer *w, const grundy_play *p,
                            const grundy_sum_move *m, int typed)
{
    char buf[512];
    const grundy_game *g = grundy_play_game_of(p, m->component);
    if (typed) {
        grundy_play_move_text(p, m, 1, buf, sizeof buf);
        grundy_writer_str(w, buf);
        grundy_writer_str(w, " (");
    }
    grundy_writer_str(w, "component ");
    grundy_writer_u64(w, m->component + 1);
    grundy_writer_str(w, ": ");
    grundy_game_pos_format(g, m->from, buf, sizeof buf);
    grundy_writer_str(w, buf);
    grundy_writer_str(w, " -> ");
    grundy_play_parts_text(g, &m->to, buf, sizeof buf);
    grundy_writer_str(w, buf);
    if (typed)
        grundy_writer_char(w, ')');
}

void grundy_play_move_fields(grundy_writer *w, const grundy_game *g,
                             const grundy_sum_move *m)
{
    grundy_writer_str(w, "\"component\": ");
    grundy_writer_u64(w, m->component + 1);
    grundy_writer_str(w, ", \"from\": ");
    grundy_format_json_pos(w, g, m->from);
    grundy_writer_str(w, ", \"to\": ");
    grundy_format_json_parts(w, g, &m->to);
}

/* The answer of grundy analyze *********************************************/

typedef struct out {
    grundy_writer *w;
    const grundy_play *p;
    const grundy_play_analysis *an;
    int json, loopy, misere;
    int newline; /* after the JSON object */
    uint64_t moore;
} out;

static void write_components(const out *o)
{
    char buf[256];
    size_t n, i;
    const grundy_sum_component *c = grundy_play_components(o->p, &n);
    grundy_writer *w = o->w;
    if (o->json)
        grundy_writer_str(w, "{\"components\": [");
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_play_game_of(o->p, i);
        const char *written = grundy_play_written(o->p, i);
        if (o->json) {
            grundy_writer_str(w, i ? ", {" : "{");
            grundy_format_json_rules(w, written, g);
            grundy_writer_str(w, ", \"position\": ");
            grundy_format_json_pos(w, g, c[i].pos);
            grundy_writer_str(w, ", \"value\": ");
            grundy_play_value_write(w, &o->an->component[i], 1);
            grundy_writer_char(w, '}');
            continue;
        }
        grundy_writer_str(w, "component ");
        grundy_writer_u64(w, i + 1);
        grundy_writer_str(w, ": ");
        grundy_writer_str(w, grundy_play_label(g, written));
        grundy_writer_char(w, ' ');
        grundy_game_pos_format(g, c[i].pos, buf, sizeof buf);
        grundy_writer_str(w, buf);
        grundy_writer_str(w, ", value ");
        grundy_play_value_write(w, &o->an->component[i], 0);
        grundy_writer_char(w, '\n');
    }
    if (o->json)
        grundy_writer_char(w, ']');
}

/* The moves listed: text lines "  component C: FROM -> TO[, value V]" or
 * a JSON array with each move's remoteness. */
static void write_moves(const out *o, int with_value)
{
    const grundy_sum_result *r = &o->an->sum;
    grundy_writer *w = o->w;
    size_t i;
    if (o->json)
        grundy_writer_char(w, '[');
    for (i = 0; i < r->nmoves; i++) {
        const grundy_sum_move *m = &r->moves[i];
        if (o->json) {
            grundy_writer_str(w, i ? ", {" : "{");
            grundy_play_move_fields(w, grundy_play_game_of(o->p, m->component),
                                    m);
            if (with_value) {
                grundy_writer_str(w, ", \"value\": ");
                grundy_play_value_write(w, &o->an->move_value[i], 1);
            }
            grundy_writer_str(w, ", \"remoteness\": ");
            grundy_play_remoteness_write(w, r->move_remoteness[i]);
            grundy_writer_char(w, '}');
            continue;
        }
        grundy_writer_str(w, "  ");
        grundy_play_move_write(w, o->p, m, 0);
        if (with_value) {
            grundy_writer_str(w, ", value ");
            grundy_play_value_write(w, &o->an->move_value[i], 0);
        }
        grundy_writer_char(w, '\n');
    }
    if (o->json)
        grundy_writer_char(w, ']');
}

static const char *winner(const grundy_sum_result *r)
{
    return r->draw ? "draw" : r->first_wins ? "first" : "second";
}

/* How the library decided: "method: ..." or its JSON fields. */
static void write_method(const out *o)
{
    const grundy_sum_result *r = &o->an->sum;
    grundy_writer *w = o->w;
    int json = o->json;
    const char *rule = r->method == GRUNDY_SUM_BY_RULE
                           ? "Moore's rule for Nim heaps"
                       : r->method == GRUNDY_SUM_BY_MISERE_NIM
                           ? "misere Nim rule"
                           : NULL;
    if (r->method == GRUNDY_SUM_BY_QUOTIENT) {
        grundy_writer_str(w, json ? ", \"method\": \"quotient\", "
                                    "\"quotient_order\": "
                                  : "method: misere quotient (order ");
        grundy_writer_u64(w, r->quotient_order);
        if (!json)
            grundy_writer_str(w, ")\n");
    } else if (json) {
        grundy_writer_str(w, ", \"method\": ");
        grundy_writer_str(w, rule ? "\"rule\"" : "\"search\"");
        if (!rule)
            grundy_format_json_u64(w, "positions_searched", r->states);
    } else if (rule) {
        grundy_writer_str(w, "method: ");
        grundy_writer_str(w, rule);
        grundy_writer_char(w, '\n');
    } else {
        grundy_writer_str(w, "method: exact search, ");
        grundy_writer_u64(w, r->states);
        grundy_writer_str(w, " positions\n");
    }
}

/* The answer after the components: the nim-sum and winning moves
 * (normal play), the sum's value, winner and the moves that win or keep
 * the draw (games with cycles), the winning move set (Moore's Nim_k), or
 * the misere winner and winning moves with the method. */
static void write_sum(const out *o)
{
    const grundy_sum_result *r = &o->an->sum;
    grundy_writer *w = o->w;
    int normal = !o->moore && !o->misere;
    int draw = o->loopy && r->draw;
    if (o->json) {
        if (o->moore)
            grundy_format_json_u64(w, "moore_k", o->moore);
        if (normal) {
            grundy_writer_str(w, ", \"value\": ");
            grundy_play_value_write(w, &o->an->value, 1);
        } else {
            if (o->misere)
                grundy_writer_str(w, ", \"play\": \"misere\"");
            write_method(o);
        }
        grundy_writer_str(w, ", \"winner\": \"");
        grundy_writer_str(w, winner(r));
        grundy_writer_str(w, o->moore ? "\", \"winning_move_set\": "
                                      : "\", \"winning_moves\": ");
        if (draw)
            grundy_writer_str(w, "[], \"drawing_moves\": ");
        write_moves(o, normal);
        if (o->loopy && !draw)
            grundy_writer_str(w, ", \"drawing_moves\": []");
        grundy_writer_str(w, o->newline ? "}\n" : "}");
        return;
    }
    if (o->moore) {
        grundy_writer_str(w, "moore k: ");
        grundy_writer_u64(w, o->moore);
        grundy_writer_char(w, '\n');
    }
    if (o->loopy || normal) {
        grundy_writer_str(w, o->loopy ? "value: " : "nim-sum: ");
        grundy_play_value_write(w, &o->an->value, 0);
        grundy_writer_char(w, '\n');
    } else {
        if (o->misere)
            grundy_writer_str(w, "play: misere\n");
        write_method(o);
    }
    grundy_writer_str(w, "winner: ");
    grundy_writer_str(w, winner(r));
    grundy_writer_str(w, draw       ? "\nmoves that keep the draw: "
                         : o->moore ? "\nwinning move set: "
                                    : "\nwinning moves: ");
    grundy_writer_u64(w, r->nmoves);
    grundy_writer_str(w, !o->moore        ? "\n"
                         : r->nmoves == 1 ? " component\n"
                                          : " components\n");
    write_moves(o, normal);
}

/* The answer; newline: after the JSON object. */
static void write_analysis(grundy_writer *w, const grundy_play *p,
                           const grundy_play_analysis *an, int json,
                           int newline)
{
    const grundy_play_opts *po = grundy_play_options(p);
    out o;
    memset(&o, 0, sizeof o);
    o.w = w;
    o.p = p;
    o.an = an;
    o.json = json;
    o.newline = newline;
    o.loopy = an->sum.method == GRUNDY_SUM_BY_LOOPY;
    o.misere = po->convention == GRUNDY_PLAY_MISERE;
    o.moore = po->moore_k;
    write_components(&o);
    write_sum(&o);
}

void grundy_play_analysis_write(grundy_writer *w, const grundy_play *p,
                                const grundy_play_analysis *an, int json)
{
    write_analysis(w, p, an, json, 1);
}

void grundy_play_analysis_object(grundy_writer *w, const grundy_play *p,
                                 const grundy_play_analysis *an)
{
    write_analysis(w, p, an, 1, 0);
}

/* Transcripts **************************************************************/

/* The components c[0..n) as a JSON array of {rules, canonical,
 * position}. */
static void components_json(grundy_writer *w, const grundy_play *p,
                            const grundy_sum_component *c, size_t n)
{
    size_t i;
    grundy_writer_char(w, '[');
    for (i = 0; i < n; i++) {
        const grundy_game *g = grundy_values_game(c[i].values);
        grundy_writer_str(w, i ? ", {" : "{");
        grundy_format_json_rules(w, grundy_play_spec_of(p, c[i].values), g);
        grundy_writer_str(w, ", \"position\": ");
        grundy_format_json_pos(w, g, c[i].pos);
        grundy_writer_char(w, '}');
    }
    grundy_writer_char(w, ']');
}

/* The opening of move k of p's game, {"player": PLAYER, "component": C,
 * "from": F, "to": [...] (the caller adds fields and the closing
 * brace). */
static void played_json(grundy_writer *w, const grundy_play *p, size_t k,
                        const char *player)
{
    const grundy_sum_move *set;
    size_t n;
    const grundy_sum_component *at = grundy_play_position(p, k, &n);
    grundy_play_history(p, k, &set);
    grundy_writer_str(w, "{\"player\": \"");
    grundy_writer_str(w, player);
    grundy_writer_str(w, "\", ");
    grundy_play_move_fields(w, grundy_values_game(at[set[0].component].values),
                            &set[0]);
}

/* ', "play": "normal|misere"' */
static void play_field(grundy_writer *w, const grundy_play *p)
{
    grundy_writer_str(w, grundy_play_options(p)->convention ==
                                 GRUNDY_PLAY_MISERE
                             ? ", \"play\": \"misere\""
                             : ", \"play\": \"normal\"");
}

void grundy_play_transcript_write(grundy_writer *w, const grundy_play *p,
                                  const grundy_play_outcome *o)
{
    size_t n, k, ply = grundy_play_ply(p);
    const grundy_sum_component *c = grundy_play_start(p, &n);
    grundy_writer_str(w, "{\"components\": ");
    components_json(w, p, c, n);
    play_field(w, p);
    grundy_writer_str(w, ", \"first\": ");
    grundy_writer_str(w, o->computer_first ? "\"computer\"" : "\"user\"");
    grundy_writer_str(w, ", \"moves\": [");
    for (k = 0; k < ply; k++) {
        if (k)
            grundy_writer_str(w, ", ");
        played_json(w, p, k,
                    (k + (size_t)(o->computer_first != 0)) % 2 ? "computer"
                                                               : "user");
        grundy_writer_char(w, '}');
    }
    grundy_writer_str(w, "], \"end\": ");
    grundy_format_json_str(w, o->end ? o->end : "error");
    grundy_writer_str(w, ", \"winner\": ");
    if (o->winner)
        grundy_format_json_str(w, o->winner);
    else
        grundy_writer_str(w, "null");
    grundy_writer_str(w, "}\n");
}

void grundy_play_step_write(grundy_writer *w, const grundy_play *p,
                            int moved, int replied, uint64_t rem)
{
    size_t n, ply = grundy_play_ply(p);
    size_t k = ply - (size_t)(moved != 0) - (size_t)(replied != 0);
    const grundy_sum_component *c = grundy_play_components(p, &n);
    int misere = grundy_play_options(p)->convention == GRUNDY_PLAY_MISERE;
    grundy_play_end e = grundy_play_over(p, NULL);
    /* the player to move now: the user after a reply, else the
     * computer (who had no move to reply with) */
    int user_to_move = replied != 0;
    grundy_writer_str(w, "{\"components\": ");
    components_json(w, p, c, n);
    play_field(w, p);
    grundy_writer_str(w, ", \"moves\": [");
    if (moved) {
        played_json(w, p, k++, "user");
        grundy_writer_char(w, '}');
    }
    if (replied) {
        if (moved)
            grundy_writer_str(w, ", ");
        played_json(w, p, k, "computer");
        grundy_writer_str(w, ", \"remoteness\": ");
        grundy_play_remoteness_write(w, rem);
        grundy_writer_char(w, '}');
    }
    grundy_writer_str(w, "], \"end\": ");
    if (e == GRUNDY_PLAY_NO_MOVE) {
        /* the player to move has none: lost, or won under misere play */
        grundy_writer_str(w, "\"no move\", \"winner\": ");
        grundy_writer_str(w, user_to_move == misere ? "\"user\""
                                                    : "\"computer\"");
    } else if (e == GRUNDY_PLAY_REPEATED) {
        grundy_writer_str(w, "\"draw declared\", \"winner\": null");
    } else {
        grundy_writer_str(w, "null, \"winner\": null");
    }
    grundy_writer_str(w, "}\n");
}
