/*
 * move.c -- positions and moves as text, a typed move parsed and checked,
 * and the legal moves of a state.
 *
 * A move is typed as the position it leaves ("1 3": component 1 goes to
 * 3), which is how a player thinks of a heap, a board or a vertex; the
 * family's own moves decide whether it is one (grundy_values_find_move():
 * the order of the parts and empty heaps do not matter).  A game with
 * cycles has one part per move, a vertex whose name may hold any
 * character, so its position is read whole.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/parse_error.h"
#include "grundy/io.h"
#include "play/play_internal.h"
#include "sum/sum_internal.h"

void grundy_play_pos_text(const grundy_game *g, grundy_pos pos, char *buf,
                          size_t cap)
{
    size_t n = grundy_game_pos_format(g, pos, buf, cap);
    if (n >= cap && cap > 4)
        strcpy(buf + cap - 4, "...");
}

/* Append s to buf[*len], snprintf-style (counting what does not fit). */
static void put(char *buf, size_t cap, size_t *len, const char *s)
{
    size_t n = strlen(s);
    if (*len < cap) {
        size_t k = n < cap - *len - 1 ? n : cap - *len - 1;
        memcpy(buf + *len, s, k);
        buf[*len + k] = 0;
    }
    *len += n;
}

static void put_u64(char *buf, size_t cap, size_t *len, uint64_t v)
{
    char t[24];
    snprintf(t, sizeof t, "%llu", (unsigned long long)v);
    put(buf, cap, len, t);
}

size_t grundy_play_show(const grundy_play *p, char *buf, size_t cap)
{
    char t[256];
    size_t n, i, len = 0;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    if (cap)
        buf[0] = 0;
    if (!n)
        put(buf, cap, &len, "(empty)");
    for (i = 0; i < n; i++) {
        put(buf, cap, &len, i ? "  [" : "[");
        put_u64(buf, cap, &len, i + 1);
        put(buf, cap, &len, "] ");
        if (grundy_play_mixed(p)) {
            put(buf, cap, &len,
                grundy_play_label(grundy_values_game(c[i].values),
                                  grundy_play_written(p, i)));
            put(buf, cap, &len, " ");
        }
        grundy_play_pos_text(grundy_values_game(c[i].values), c[i].pos, t,
                             sizeof t);
        put(buf, cap, &len, t);
    }
    return len;
}

size_t grundy_play_parts_text(const grundy_game *g, const grundy_move *m,
                              char *buf, size_t cap)
{
    char t[256];
    size_t len = 0;
    unsigned k;
    if (cap)
        buf[0] = 0;
    if (!m->nparts)
        put(buf, cap, &len, "-");
    for (k = 0; k < m->nparts; k++) {
        if (k)
            put(buf, cap, &len, "+");
        grundy_play_pos_text(g, m->part[k], t, sizeof t);
        put(buf, cap, &len, t);
    }
    return len;
}

size_t grundy_play_move_text(const grundy_play *p, const grundy_sum_move *set,
                             size_t n, char *buf, size_t cap)
{
    char t[512];
    size_t len = 0, i, count;
    const grundy_sum_component *c = grundy_play_components(p, &count);
    if (cap)
        buf[0] = 0;
    for (i = 0; i < n; i++) {
        const grundy_game *g = set[i].component < count
                                   ? grundy_values_game(
                                         c[set[i].component].values)
                                   : NULL;
        if (i)
            put(buf, cap, &len, ", ");
        put_u64(buf, cap, &len, set[i].component + 1);
        put(buf, cap, &len, " ");
        if (g)
            grundy_play_parts_text(g, &set[i].to, t, sizeof t);
        else
            snprintf(t, sizeof t, "?");
        put(buf, cap, &len, t);
    }
    return len;
}

/* Parsing a typed move *****************************************************/

static int blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The parts typed in text[0..len) (at column col0 of the whole text) as
 * positions of g: '+' between parts, "-" for nothing; a game with cycles
 * reads its one position whole. */
static grundy_status parse_parts(const grundy_game *g, const char *label,
                                 const char *text, size_t len, size_t col0,
                                 grundy_move *want,
                                 grundy_parse_error *where)
{
    int loopy = (grundy_game_rules(g)->flags & GRUNDY_RULES_LOOPY) != 0;
    size_t at = 0;
    want->nparts = 0;
    if (len == 1 && text[0] == '-' && !loopy)
        return GRUNDY_OK;
    while (at <= len) {
        const char *plus = loopy ? NULL : memchr(text + at, '+', len - at);
        size_t end = plus ? (size_t)(plus - text) : len;
        grundy_parse_error in;
        grundy_status s;
        if (want->nparts == GRUNDY_MAX_PARTS) {
            grundy_parse_error_set(where, 1, col0 + at,
                                   "a move leaves at most %d parts",
                                   GRUNDY_MAX_PARTS);
            return GRUNDY_ERR_ARG;
        }
        memset(&in, 0, sizeof in);
        s = grundy_game_pos_parse(g, text + at, end - at,
                                  &want->part[want->nparts], &in);
        if (s != GRUNDY_OK) {
            grundy_parse_error_set(
                where, 1, col0 + at + (in.col ? in.col - 1 : 0),
                "'%.*s' is not a position of %s: %s", (int)(end - at),
                text + at, label,
                in.msg[0] ? in.msg : grundy_strerror(s));
            return GRUNDY_ERR_ARG;
        }
        want->nparts++;
        at = end + 1;
    }
    return GRUNDY_OK;
}

/* Is `want` a move of component c (its game's own move into *out)? */
static grundy_status find_move(const grundy_sum_component *c,
                               const grundy_move *want, grundy_move *out,
                               int *legal)
{
    const grundy_game *g = grundy_values_game(c->values);
    grundy_move *mv = NULL;
    size_t cap = 0, count, k;
    grundy_status s;
    if (!(grundy_game_rules(g)->flags & GRUNDY_RULES_LOOPY))
        return grundy_values_find_move(out, legal, c->values, c->pos, want);
    /* a game with cycles: one part, the very position (0 is a vertex) */
    *legal = 0;
    if (want->nparts != 1)
        return GRUNDY_OK;
    s = grundy_game_moves(g, c->pos, &mv, &cap, &count);
    for (k = 0; s == GRUNDY_OK && k < count && !*legal; k++)
        if (mv[k].nparts == 1 && mv[k].part[0] == want->part[0]) {
            *out = mv[k];
            *legal = 1;
        }
    free(mv);
    return s;
}

/* One "C TO" (or "TO") in text[0..len), at column col0. */
static grundy_status parse_one(const grundy_play *p, const char *text,
                               size_t len, size_t col0, grundy_sum_move *m,
                               grundy_parse_error *where)
{
    size_t count, tok[3][2], nt = 0, i = 0;
    const grundy_sum_component *c = grundy_play_components(p, &count);
    uint64_t k = 1;
    grundy_move want;
    const grundy_game *g;
    int legal = 0;
    grundy_status s;
    char from[256], to[512];

    while (i < len && nt < 3) {
        while (i < len && blank(text[i]))
            i++;
        if (i == len)
            break;
        tok[nt][0] = i;
        while (i < len && !blank(text[i]))
            i++;
        tok[nt++][1] = i;
    }
    if (nt == 0 || nt == 3 || (nt == 1 && count != 1)) {
        grundy_parse_error_set(where, 1, col0 + (nt ? tok[0][0] : 0),
                               "type COMPONENT POSITION (as in '1 3')");
        return GRUNDY_ERR_PARSE;
    }
    if (nt == 2) {
        grundy_parse_error in;
        if (grundy_u64_parse(&k, text + tok[0][0], tok[0][1] - tok[0][0], 1,
                             count, &in) != GRUNDY_OK) {
            grundy_parse_error_set(
                where, 1, col0 + tok[0][0],
                "'%.*s' is not a component: components are 1 to %zu",
                (int)(tok[0][1] - tok[0][0]), text + tok[0][0], count);
            return GRUNDY_ERR_RANGE;
        }
    }
    memset(m, 0, sizeof *m);
    m->component = (size_t)(k - 1);
    m->from = c[m->component].pos;
    g = grundy_values_game(c[m->component].values);
    GRUNDY_TRY(parse_parts(g, grundy_play_label(g, grundy_play_written(
                                              p, m->component)),
                           text + tok[nt - 1][0],
                           tok[nt - 1][1] - tok[nt - 1][0],
                           col0 + tok[nt - 1][0], &want, where));
    s = find_move(&c[m->component], &want, &m->to, &legal);
    if (s == GRUNDY_ERR_NOMEM || s == GRUNDY_ERR_CANCELLED)
        return s; /* past other limits: not known to be a move */
    if (s == GRUNDY_OK && legal) {
        grundy_move_sort_parts(&m->to);
        return GRUNDY_OK;
    }
    grundy_play_pos_text(g, m->from, from, sizeof from);
    grundy_play_parts_text(g, &want, to, sizeof to);
    grundy_parse_error_set(where, 1, col0 + tok[nt - 1][0],
                           "component %llu cannot go from %s to %s in one "
                           "move",
                           (unsigned long long)k, from, to);
    return GRUNDY_ERR_ARG;
}

grundy_status grundy_play_parse_move(const grundy_play *p, const char *text,
                                     size_t len, grundy_sum_move *set,
                                     size_t cap, size_t *n,
                                     grundy_parse_error *where)
{
    size_t at = 0, max = p->o.moore_k ? p->o.moore_k : 1, j;
    *n = 0;
    grundy_parse_error_clear(where);
    for (;;) {
        const char *comma = max > 1 ? memchr(text + at, ',', len - at) : NULL;
        size_t end = comma ? (size_t)(comma - text) : len;
        if (*n == cap || *n == max) {
            grundy_parse_error_set(where, 1, at + 1,
                                   "a move changes at most %zu components",
                                   max);
            return GRUNDY_ERR_ARG;
        }
        GRUNDY_TRY(parse_one(p, text + at, end - at, at + 1, &set[*n],
                             where));
        for (j = 0; j < *n; j++)
            if (set[j].component == set[*n].component) {
                grundy_parse_error_set(where, 1, at + 1,
                                       "component %zu moves twice",
                                       set[j].component + 1);
                return GRUNDY_ERR_ARG;
            }
        (*n)++;
        if (!comma)
            return GRUNDY_OK;
        at = end + 1;
    }
}

/* Legal moves **************************************************************/

grundy_status grundy_play_legal(const grundy_play *p, grundy_sum_move **moves,
                                size_t *count)
{
    size_t n, i, j, nm, cap = 0;
    const grundy_sum_component *c = grundy_play_components(p, &n);
    grundy_move *buf = NULL;
    sum_move_list l = {NULL, 0, 0};
    grundy_status s = GRUNDY_OK;
    *moves = NULL;
    *count = 0;
    for (i = 0; i < n && s == GRUNDY_OK; i++) {
        const grundy_game *g = grundy_values_game(c[i].values);
        size_t first = l.n;
        if (grundy_game_rules(g)->max_moves(grundy_game_params(g), c[i].pos) >
            GRUNDY_SUM_MAX_MOVES) {
            s = GRUNDY_ERR_LIMIT;
            break;
        }
        s = grundy_game_moves(g, c[i].pos, &buf, &cap, &nm);
        for (j = 0; j < nm && s == GRUNDY_OK; j++) {
            grundy_sum_move m;
            memset(&m, 0, sizeof m);
            m.component = i;
            m.from = c[i].pos;
            m.to = buf[j];
            grundy_move_sort_parts(&m.to);
            s = grundy_sum_move_list_push(&l, &m);
        }
        /* a split may come twice, a graph may repeat an edge */
        if (s == GRUNDY_OK)
            s = grundy_sum_move_list_dedupe(&l, first);
    }
    free(buf);
    if (s != GRUNDY_OK) {
        free(l.a);
        return s;
    }
    *moves = l.a;
    *count = l.n;
    return GRUNDY_OK;
}
