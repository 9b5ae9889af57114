/*
 * board.c -- a board position and its moves (grundy plot RULES
 * --position POS).
 *
 * The picture is drawn from the library's public calls only: the
 * position's geometry (grundy_board_geometry_get(): where each cell or
 * vertex is and which the position holds), its moves
 * (grundy_game_moves()), its parts (the family's components hook) and the
 * values of the children and of the parts (grundy_values_get()).
 *
 *  - Cells the position holds are drawn tinted by the part they belong
 *    to, each part outlined; cells in no part (which no move can change)
 *    are white; cells the position lacks are grey.
 *  - Each move carries the value of the position it leads to: on the
 *    edge between the two cells of a Cram domino, on the vertex a
 *    Node-Kayles move takes, on the square a Chomp move eats.  Moves to
 *    value 0 (the winning moves) are red discs with a white 0, the others
 *    white discs.
 *  - Rect's moves are rectangles, which overlap: each is a small copy of
 *    the board with its rectangle filled, winning moves first.
 *
 * Every label of a move is a <text> of the layer "move-value" that names
 * the child position it stands for (data-child) and its value
 * (data-value), so a test can check the picture against the values.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "plot/plot_internal.h"

#define COLOUR_WIN 0xD62728u
#define COLOUR_MOVE 0x1F5FA8u
#define COLOUR_TEXT 0x222222u
#define COLOUR_SUBTLE 0x666666u
#define COLOUR_OFF 0xB8B8B8u
#define COLOUR_EDGE 0x8A8A8Au
#define COLOUR_PART 0x333333u

#define LEFT 68.0
#define KEY_WIDTH 270.0

/* Pale tints for the parts, and white for cells in none. */
static const uint32_t tints[8] = {0xDCE9F5, 0xFBE3C8, 0xD9EED5, 0xEEDDF0,
                                  0xF6F1C7, 0xD5EEEC, 0xF6D9DA, 0xE6E0D6};

typedef struct move_info {
    grundy_pos child;   /* the position (single-part moves) */
    int single;         /* the move leaves one position */
    uint64_t removed;   /* the cells it takes */
    grundy_value value; /* of the position it leads to */
} move_info;

static int by_value(const void *x, const void *y)
{
    const move_info *a = x, *b = y;
    if (a->value != b->value)
        return a->value < b->value ? -1 : 1;
    return (a->removed > b->removed) - (a->removed < b->removed);
}

static double font(const grundy_plot_scene *s)
{
    return s->font_scale > 0 ? s->font_scale : 1;
}

/* Part outlines: a grid cell's sides that do not touch a cell of the
 * same part. */
static void outline_cells(grundy_plot_scene *s, size_t l,
                          const grundy_board_geometry *geo, uint64_t part,
                          double ox, double oy, double c)
{
    unsigned i, j;
    for (i = 0; i < geo->ncells; i++) {
        double x, y;
        int nb[4] = {0, 0, 0, 0}; /* left, right, up, down */
        if (!(part >> i & 1))
            continue;
        for (j = 0; j < geo->ncells; j++) {
            double dx = geo->x[j] - geo->x[i], dy = geo->y[j] - geo->y[i];
            if (!(part >> j & 1))
                continue;
            if (dy == 0 && dx == -1)
                nb[0] = 1;
            if (dy == 0 && dx == 1)
                nb[1] = 1;
            if (dx == 0 && dy == -1)
                nb[2] = 1;
            if (dx == 0 && dy == 1)
                nb[3] = 1;
        }
        x = ox + geo->x[i] * c;
        y = oy + geo->y[i] * c;
        if (!nb[0])
            grundy_plot_line(s, l, x, y, x, y + c);
        if (!nb[1])
            grundy_plot_line(s, l, x + c, y, x + c, y + c);
        if (!nb[2])
            grundy_plot_line(s, l, x, y, x + c, y);
        if (!nb[3])
            grundy_plot_line(s, l, x, y + c, x + c, y + c);
    }
}

/* The value disc of a move at (x, y). */
static void move_label(grundy_plot_scene *s, size_t disc, size_t disc_win,
                       size_t text, size_t text_win, const grundy_game *g,
                       const move_info *m, double x, double y, double r)
{
    char buf[32], attrs[256], pos[160];
    int win = m->value == 0;
    grundy_plot_circle(s, win ? disc_win : disc, x, y, r, GRUNDY_PLOT_NONE);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)m->value);
    grundy_plot_text(s, win ? text_win : text, x, y + r * 0.42, buf, r * 1.15,
                     GRUNDY_PLOT_MIDDLE, 0, win);
    if (m->single) {
        size_t n = grundy_game_pos_format(g, m->child, pos, sizeof pos);
        if (n >= sizeof pos)
            pos[0] = 0;
    } else {
        pos[0] = 0;
    }
    snprintf(attrs, sizeof attrs, "data-child=\"%s\" data-value=\"%llu\"", pos,
             (unsigned long long)m->value);
    grundy_plot_shape_data(s, win ? text_win : text, attrs);
}

/* The layers of the value discs, winning on top. */
typedef struct disc_layers {
    size_t disc, disc_win, text, text_win;
} disc_layers;

static void disc_layers_new(grundy_plot_scene *s, disc_layers *d)
{
    d->disc = grundy_plot_layer_new(s, "move", 0xFFFFFF, COLOUR_MOVE, 1.5);
    d->disc_win =
        grundy_plot_layer_new(s, "move-win", COLOUR_WIN, 0xFFFFFF, 1.5);
    d->text = grundy_plot_layer_new(s, "move-value", COLOUR_TEXT,
                                    GRUNDY_PLOT_NONE, 0);
    d->text_win =
        grundy_plot_layer_new(s, "move-value", 0xFFFFFF, GRUNDY_PLOT_NONE, 0);
}

/* Where the label of move m goes, in board units; 0 when it has none. */
static int move_place(const grundy_board_geometry *geo, grundy_board_mark st,
                      const move_info *m, double *x, double *y)
{
    unsigned i, a = 64, b = 64;
    if (!m->removed)
        return 0;
    switch (st) {
    case GRUNDY_BOARD_MARK_DOMINO:
        for (i = 0; i < geo->ncells; i++)
            if (m->removed >> i & 1) {
                if (a == 64)
                    a = i;
                else
                    b = i;
            }
        if (b == 64)
            return 0;
        *x = (geo->x[a] + geo->x[b]) / 2;
        *y = (geo->y[a] + geo->y[b]) / 2;
        return 1;
    case GRUNDY_BOARD_MARK_VERTEX:
        for (i = 0; i < geo->ncells; i++)
            if ((m->removed >> i & 1) && (((UINT64_C(1) << i) | geo->adj[i]) &
                                          geo->cells) == m->removed) {
                *x = geo->x[i];
                *y = geo->y[i];
                return 1;
            }
        return 0;
    case GRUNDY_BOARD_MARK_CORNER:
        i = (unsigned)__builtin_ctzll(m->removed);
        *x = geo->x[i];
        *y = geo->y[i];
        return 1;
    default:
        return 0;
    }
}

/* A small copy of the board for a move of Rect, at (x, y) with cells of
 * c pixels, and its value below. */
static void thumb(grundy_plot_scene *s, size_t lcell, const size_t lframe[2],
                  const disc_layers *d, const grundy_game *g,
                  const grundy_board_geometry *geo, const move_info *m,
                  double x, double y, double c)
{
    unsigned i;
    char buf[32], attrs[256], pos[160];
    int win = m->value == 0;
    for (i = 0; i < geo->ncells; i++) {
        uint32_t col = (m->removed >> i & 1) ? (win ? COLOUR_WIN : COLOUR_MOVE)
                       : (geo->cells >> i & 1) ? 0xDCE9F5
                                               : COLOUR_OFF;
        grundy_plot_rect(s, lcell, x + geo->x[i] * c, y + geo->y[i] * c, c, c,
                         col);
    }
    grundy_plot_rect(s, lframe[win], x, y, (double)geo->cols * c,
                     (double)geo->rows * c, GRUNDY_PLOT_NONE);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)m->value);
    grundy_plot_text(
        s, win ? d->text_win : d->text, x + (double)geo->cols * c / 2,
        y + (double)geo->rows * c + 12, buf, 11, GRUNDY_PLOT_MIDDLE, 0, win);
    if (!m->single ||
        grundy_game_pos_format(g, m->child, pos, sizeof pos) >= sizeof pos)
        pos[0] = 0;
    snprintf(attrs, sizeof attrs, "data-child=\"%s\" data-value=\"%llu\"", pos,
             (unsigned long long)m->value);
    grundy_plot_shape_data(s, win ? d->text_win : d->text, attrs);
}

static grundy_status draw_board(grundy_plot_scene *s, const grundy_game *g,
                                grundy_values *vals, grundy_pos p,
                                const char *title, grundy_plot_board_info *info)
{
    const grundy_rules *r = grundy_game_rules(g);
    grundy_board_geometry *geo = NULL, *cg = NULL;
    grundy_move *mv = NULL;
    move_info *mi = NULL;
    size_t cap = 0, nm = 0, i, k, nparts = 0;
    grundy_pos parts[64];
    grundy_value pv[64], v = 0;
    uint64_t in_part = 0;
    grundy_status st;
    grundy_board_mark style;
    double x0 = LEFT * font(s), y0 = 76 * font(s),
           x1 = s->width - KEY_WIDTH * font(s), y1 = s->height - 24;
    double c, ox, oy, sx0 = 0, sy0 = 0, sx1 = 0, sy1 = 0;
    char text[600], pos[160], buf[64];
    size_t lt, l;

    memset(info, 0, sizeof *info);
    geo = calloc(2, sizeof *geo);
    if (!geo)
        return GRUNDY_ERR_NOMEM;
    cg = geo + 1;
    st = grundy_board_geometry_get(geo, g, p);
    if (st == GRUNDY_OK)
        st = grundy_values_get(&v, vals, p);
    if (st == GRUNDY_OK)
        st = grundy_game_moves(g, p, &mv, &cap, &nm);
    if (st == GRUNDY_OK && nm && !(mi = calloc(nm, sizeof *mi)))
        st = GRUNDY_ERR_NOMEM;
    /* the moves: the cells each takes and the value it leads to */
    for (i = 0; st == GRUNDY_OK && i < nm; i++) {
        uint64_t left = 0;
        grundy_value x = 0, pvx;
        for (k = 0; st == GRUNDY_OK && k < mv[i].nparts; k++) {
            st = grundy_board_geometry_get(cg, g, mv[i].part[k]);
            if (st == GRUNDY_OK)
                st = grundy_values_get(&pvx, vals, mv[i].part[k]);
            left |= cg->cells;
            x ^= pvx;
        }
        mi[i].child = mv[i].nparts ? mv[i].part[0] : 0;
        mi[i].single = mv[i].nparts == 1;
        mi[i].removed = geo->cells & ~left;
        mi[i].value = x;
        if (x == 0)
            info->winning++;
    }
    /* the parts, and their values */
    if (st == GRUNDY_OK) {
        if (r->components) {
            nparts = r->components(grundy_game_params(g), p, parts, 64);
            if (nparts > 64)
                nparts = 64;
        } else if (geo->cells) {
            parts[0] = p;
            nparts = 1;
        }
        for (k = 0; st == GRUNDY_OK && k < nparts; k++) {
            st = grundy_values_get(&pv[k], vals, parts[k]);
            if (st == GRUNDY_OK)
                st = grundy_board_geometry_get(cg, g, parts[k]);
            parts[k] = cg->cells; /* from here on: the part's cells */
            in_part |= cg->cells;
        }
    }
    if (st != GRUNDY_OK) {
        GRUNDY_FREE_ALL(mi, mv, geo);
        return st;
    }
    if (nm)
        qsort(mi, nm, sizeof *mi, by_value);
    info->value = v;
    info->moves = nm;
    info->parts = nparts;
    style = geo->mark;

    /* titles */
    if (grundy_game_pos_format(g, p, pos, sizeof pos) >= sizeof pos)
        snprintf(pos, sizeof pos, "(%u cells)", geo->ncells);
    if (title)
        snprintf(text, sizeof text, "%s", title);
    else
        snprintf(text, sizeof text, "%s: the moves from %s",
                 grundy_game_spec(g), pos);
    {
        size_t n = strlen(text);
        if (n >= sizeof s->title)
            n = sizeof s->title - 1;
        memcpy(s->title, text, n);
        s->title[n] = 0;
    }
    lt = grundy_plot_layer_new(s, "title", COLOUR_TEXT, GRUNDY_PLOT_NONE, 0);
    grundy_plot_text(s, lt, x0, 22 * font(s), text, 15, GRUNDY_PLOT_START, 0,
                     1);
    {
        int n =
            snprintf(text, sizeof text, "value %llu; ", (unsigned long long)v);
        if (!nm)
            n += snprintf(text + n, sizeof text - (size_t)n,
                          "no move: the player to move loses");
        else
            n += snprintf(text + n, sizeof text - (size_t)n,
                          "%zu move%s, %zu winning (to value 0); %s", nm,
                          nm == 1 ? "" : "s", info->winning,
                          style == GRUNDY_BOARD_MARK_DOMINO
                              ? "each domino labelled with the value it "
                                "leaves"
                          : style == GRUNDY_BOARD_MARK_VERTEX
                              ? "each vertex labelled with the value left "
                                "by taking it"
                          : style == GRUNDY_BOARD_MARK_CORNER
                              ? "each square labelled with the value left "
                                "by eating it"
                              : "each rectangle cleared, with the value it "
                                "leaves");
        if (nparts > 1) {
            n += snprintf(text + n, sizeof text - (size_t)n,
                          "; %zu independent parts of values ", nparts);
            for (k = 0; k < nparts && n < (int)sizeof text - 40; k++)
                n += snprintf(text + n, sizeof text - (size_t)n, "%s%llu",
                              k ? k + 1 == nparts ? " and " : ", " : "",
                              (unsigned long long)pv[k]);
            if (n < (int)sizeof text - 30)
                snprintf(text + n, sizeof text - (size_t)n,
                         " (their XOR is %llu)", (unsigned long long)v);
        }
    }
    lt = grundy_plot_layer_new(s, "subtitle", COLOUR_SUBTLE, GRUNDY_PLOT_NONE,
                               0);
    grundy_plot_text(s, lt, x0, 42 * font(s), text, 11.5, GRUNDY_PLOT_START, 0,
                     0);

    /* the board at the left when its moves are drawn as small boards */
    if (style == GRUNDY_BOARD_MARK_THUMB)
        x1 = x0 + (x1 - x0) * 0.4;

    if (geo->grid) {
        size_t loff, lcell, ledge, lpart, lmark;
        double cw = (x1 - x0) / (double)geo->cols,
               ch = (y1 - y0) / (double)geo->rows;
        c = cw < ch ? cw : ch;
        if (c > 90)
            c = 90;
        ox = x0 + ((x1 - x0) - c * (double)geo->cols) / 2;
        oy = y0 + ((y1 - y0) - c * (double)geo->rows) / 2;
        sx0 = ox;
        sy0 = oy;
        sx1 = ox + c * (double)geo->cols;
        sy1 = oy + c * (double)geo->rows;
        loff = grundy_plot_layer_new(s, "cell-off", COLOUR_OFF,
                                     GRUNDY_PLOT_NONE, 0);
        lcell = grundy_plot_layer_new(s, "cell", 0xFFFFFF, GRUNDY_PLOT_NONE, 0);
        ledge = grundy_plot_layer_new(s, "cell-edge", GRUNDY_PLOT_NONE,
                                      COLOUR_EDGE, 1);
        for (i = 0; i < geo->ncells; i++) {
            double x = ox + geo->x[i] * c, y = oy + geo->y[i] * c;
            uint32_t col = 0xFFFFFF;
            if (!(geo->cells >> i & 1)) {
                grundy_plot_rect(s, loff, x, y, c, c, GRUNDY_PLOT_NONE);
            } else {
                for (k = 0; k < nparts; k++)
                    if (parts[k] >> i & 1)
                        col = tints[k % 8];
                grundy_plot_rect(s, lcell, x, y, c, c, col);
            }
            grundy_plot_rect(s, ledge, x, y, c, c, GRUNDY_PLOT_NONE);
        }
        snprintf(grundy_plot_layer_at(s, lcell)->data,
                 sizeof grundy_plot_layer_at(s, lcell)->data,
                 "data-cells=\"%d\" data-parts=\"%zu\"",
                 __builtin_popcountll(geo->cells), nparts);
        lpart =
            grundy_plot_layer_new(s, "part", GRUNDY_PLOT_NONE, COLOUR_PART, 3);
        for (k = 0; k < nparts; k++)
            outline_cells(s, lpart, geo, parts[k], ox, oy, c);
        if (geo->marked) {
            lmark = grundy_plot_layer_new(s, "poison", GRUNDY_PLOT_NONE,
                                          COLOUR_WIN, 2.5);
            for (i = 0; i < geo->ncells; i++)
                if (geo->marked >> i & 1) {
                    double x = ox + geo->x[i] * c, y = oy + geo->y[i] * c;
                    grundy_plot_line(s, lmark, x + c * 0.15, y + c * 0.15,
                                     x + c * 0.85, y + c * 0.85);
                    grundy_plot_line(s, lmark, x + c * 0.85, y + c * 0.15,
                                     x + c * 0.15, y + c * 0.85);
                }
        }
        if (style != GRUNDY_BOARD_MARK_THUMB) {
            disc_layers d;
            double rad = style == GRUNDY_BOARD_MARK_DOMINO ? c * 0.2 : c * 0.28;
            if (rad > 16)
                rad = 16;
            disc_layers_new(s, &d);
            for (i = 0; i < nm; i++) {
                double x, y;
                if (move_place(geo, style, &mi[i], &x, &y)) {
                    move_label(s, d.disc, d.disc_win, d.text, d.text_win, g,
                               &mi[i], ox + (x + 0.5) * c, oy + (y + 0.5) * c,
                               rad);
                    info->shown++;
                }
            }
        }
    } else {
        /* a graph: vertices on their coordinates, scaled to the area */
        double minx = 1e300, maxx = -1e300, miny = 1e300, maxy = -1e300, sc,
               rad, d2 = 1e300;
        size_t ledge, ledge_off, lv, lvoff;
        disc_layers d;
        unsigned a, b;
        for (i = 0; i < geo->ncells; i++) {
            minx = geo->x[i] < minx ? geo->x[i] : minx;
            maxx = geo->x[i] > maxx ? geo->x[i] : maxx;
            miny = geo->y[i] < miny ? geo->y[i] : miny;
            maxy = geo->y[i] > maxy ? geo->y[i] : maxy;
            for (k = 0; k < i; k++) {
                double dx = geo->x[i] - geo->x[k], dy = geo->y[i] - geo->y[k];
                d2 = dx * dx + dy * dy < d2 ? dx * dx + dy * dy : d2;
            }
        }
        if (maxx - minx < 1e-9)
            maxx = minx + 1;
        if (maxy - miny < 1e-9)
            maxy = miny + 1;
        sc = (x1 - x0 - 60) / (maxx - minx);
        if ((y1 - y0 - 60) / (maxy - miny) < sc)
            sc = (y1 - y0 - 60) / (maxy - miny);
        rad = d2 < 1e300 ? sqrt(d2) * sc * 0.32 : 20;
        if (rad > 22)
            rad = 22;
        if (rad < 7)
            rad = 7;
        ox = x0 + ((x1 - x0) - sc * (maxx - minx)) / 2 - sc * minx;
        oy = y0 + ((y1 - y0) - sc * (maxy - miny)) / 2 - sc * miny;
        sx0 = ox + sc * minx - rad;
        sy0 = oy + sc * miny - rad;
        sx1 = ox + sc * maxx + rad;
        sy1 = oy + sc * maxy + rad;
        ledge_off =
            grundy_plot_layer_new(s, "edge-off", GRUNDY_PLOT_NONE, 0xD0D0D0, 1);
        grundy_plot_layer_at(s, ledge_off)->dashed = 1;
        ledge = grundy_plot_layer_new(s, "edge", GRUNDY_PLOT_NONE, 0x555555, 2);
        for (a = 0; a < geo->ncells; a++)
            for (b = a + 1; b < geo->ncells; b++)
                if (geo->adj[a] >> b & 1)
                    grundy_plot_line(s,
                                     (geo->cells >> a & 1) &&
                                             (geo->cells >> b & 1)
                                         ? ledge
                                         : ledge_off,
                                     ox + sc * geo->x[a], oy + sc * geo->y[a],
                                     ox + sc * geo->x[b], oy + sc * geo->y[b]);
        lvoff = grundy_plot_layer_new(s, "vertex-off", COLOUR_OFF,
                                      GRUNDY_PLOT_NONE, 0);
        lv = grundy_plot_layer_new(s, "vertex", 0xFFFFFF, COLOUR_PART, 2.5);
        for (i = 0; i < geo->ncells; i++) {
            uint32_t col = 0xFFFFFF;
            if (!(geo->cells >> i & 1)) {
                grundy_plot_circle(s, lvoff, ox + sc * geo->x[i],
                                   oy + sc * geo->y[i], rad * 0.45,
                                   GRUNDY_PLOT_NONE);
                continue;
            }
            for (k = 0; k < nparts; k++)
                if (parts[k] >> i & 1)
                    col = tints[k % 8];
            grundy_plot_circle(s, lv, ox + sc * geo->x[i], oy + sc * geo->y[i],
                               rad * 1.45, col);
        }
        snprintf(grundy_plot_layer_at(s, lv)->data,
                 sizeof grundy_plot_layer_at(s, lv)->data,
                 "data-cells=\"%d\" data-parts=\"%zu\"",
                 __builtin_popcountll(geo->cells), nparts);
        disc_layers_new(s, &d);
        for (i = 0; i < nm; i++) {
            double x, y;
            if (move_place(geo, style, &mi[i], &x, &y)) {
                move_label(s, d.disc, d.disc_win, d.text, d.text_win, g, &mi[i],
                           ox + sc * x, oy + sc * y, rad);
                info->shown++;
            }
        }
        /* part numbers of the tints, in the key */
    }

    if (style == GRUNDY_BOARD_MARK_THUMB && geo->grid && nm) {
        /* the moves as small boards, winning first, in rows */
        double rx0 = sx1 + 40, rx1 = s->width - 20 * font(s), ry0 = y0,
               ry1 = y1, ct, tw, th;
        size_t per_row = 0, rows = 0, fit = 0;
        size_t lcell = grundy_plot_layer_new(s, "thumb", GRUNDY_PLOT_NONE,
                                             GRUNDY_PLOT_NONE, 0);
        size_t lframe[2];
        disc_layers d;
        for (ct = 16; ct >= 3; ct -= 1) {
            tw = (double)geo->cols * ct + 12;
            th = (double)geo->rows * ct + 22;
            per_row = (size_t)((rx1 - rx0) / tw);
            rows = (size_t)((ry1 - ry0) / th);
            fit = per_row * rows;
            if (fit >= nm)
                break;
        }
        if (ct < 3)
            ct = 3;
        tw = (double)geo->cols * ct + 12;
        th = (double)geo->rows * ct + 22;
        if (fit > nm)
            fit = nm;
        lframe[0] = grundy_plot_layer_new(s, "thumb-frame", GRUNDY_PLOT_NONE,
                                          COLOUR_EDGE, 1);
        lframe[1] = grundy_plot_layer_new(s, "thumb-frame-win",
                                          GRUNDY_PLOT_NONE, COLOUR_WIN, 2.5);
        disc_layers_new(s, &d);
        grundy_plot_layer_at(s, d.text_win)->fill = COLOUR_WIN;
        for (i = 0; i < fit; i++) {
            double x = rx0 + (double)(i % per_row) * tw,
                   y = ry0 + (double)(i / per_row) * th;
            thumb(s, lcell, lframe, &d, g, geo, &mi[i], x, y, ct);
        }
        info->shown = fit;
        if (fit < nm) {
            size_t ln = grundy_plot_layer_new(s, "note", COLOUR_SUBTLE,
                                              GRUNDY_PLOT_NONE, 0);
            snprintf(text, sizeof text,
                     "%zu more moves (of larger values) not shown; a larger "
                     "--width or --height shows more",
                     nm - fit);
            grundy_plot_text(s, ln, rx0, y1 + 14, text, 11, GRUNDY_PLOT_START,
                             0, 0);
        }
    }

    /* the key */
    l = grundy_plot_layer_new(s, "key", GRUNDY_PLOT_NONE, GRUNDY_PLOT_NONE, 0);
    lt = grundy_plot_layer_new(s, "key-text", COLOUR_TEXT, GRUNDY_PLOT_NONE, 0);
    {
        double kx = style == GRUNDY_BOARD_MARK_THUMB
                        ? x0
                        : s->width - (KEY_WIDTH - 10) * font(s),
               ky = style == GRUNDY_BOARD_MARK_THUMB ? sy1 + 26 : y0 + 8,
               step = 22 * font(s);
        size_t lw = grundy_plot_layer_new(s, "key-win", COLOUR_WIN,
                                          GRUNDY_PLOT_NONE, 0);
        size_t lm =
            grundy_plot_layer_new(s, "key-move", 0xFFFFFF, COLOUR_MOVE, 1.5);
        if (style == GRUNDY_BOARD_MARK_THUMB) {
            grundy_plot_rect(s, lw, kx, ky - 7, 16, 14, GRUNDY_PLOT_NONE);
            grundy_plot_text(s, lt, kx + 24, ky + 4,
                             "a winning move (to value 0)", 11.5,
                             GRUNDY_PLOT_START, 0, 0);
            ky += step;
            grundy_plot_rect(s, l, kx, ky - 7, 16, 14, COLOUR_MOVE);
            grundy_plot_text(s, lt, kx + 24, ky + 4,
                             "another move; below it, the value it leaves",
                             11.5, GRUNDY_PLOT_START, 0, 0);
        } else {
            grundy_plot_circle(s, lw, kx + 8, ky, 8, GRUNDY_PLOT_NONE);
            grundy_plot_text(s, lt, kx + 24, ky + 4,
                             "a winning move (to value 0)", 11.5,
                             GRUNDY_PLOT_START, 0, 0);
            ky += step;
            grundy_plot_circle(s, lm, kx + 8, ky, 8, GRUNDY_PLOT_NONE);
            grundy_plot_text(s, lt, kx + 24, ky + 4,
                             "another move: the value it leaves", 11.5,
                             GRUNDY_PLOT_START, 0, 0);
        }
        ky += step;
        if (geo->grid) {
            grundy_plot_rect(s, l, kx, ky - 7, 16, 14, COLOUR_OFF);
        } else {
            grundy_plot_circle(s, l, kx + 8, ky, 4, COLOUR_OFF);
        }
        grundy_plot_text(s, lt, kx + 24, ky + 4,
                         geo->taken ? geo->taken : "a vertex taken", 11.5,
                         GRUNDY_PLOT_START, 0, 0);
        if (geo->marked) {
            ky += step;
            grundy_plot_rect(s, l, kx, ky - 7, 16, 14, 0xFFFFFF);
            {
                size_t lx = grundy_plot_layer_new(
                    s, "key-poison", GRUNDY_PLOT_NONE, COLOUR_WIN, 2);
                grundy_plot_line(s, lx, kx + 3, ky - 5, kx + 13, ky + 5);
                grundy_plot_line(s, lx, kx + 13, ky - 5, kx + 3, ky + 5);
            }
            grundy_plot_text(s, lt, kx + 24, ky + 4, "the poisoned square",
                             11.5, GRUNDY_PLOT_START, 0, 0);
        }
        if (in_part != geo->cells) {
            ky += step;
            if (geo->grid)
                grundy_plot_rect(s, l, kx, ky - 7, 16, 14, 0xFFFFFF);
            else
                grundy_plot_circle(s, l, kx + 8, ky, 7, 0xFFFFFF);
            grundy_plot_text(s, lt, kx + 24, ky + 4,
                             "a cell no move can change", 11.5,
                             GRUNDY_PLOT_START, 0, 0);
        }
        if (style != GRUNDY_BOARD_MARK_THUMB) {
            for (k = 0; k < nparts && k < 8; k++) {
                ky += step;
                if (geo->grid)
                    grundy_plot_rect(s, l, kx, ky - 7, 16, 14, tints[k % 8]);
                else
                    grundy_plot_circle(s, l, kx + 8, ky, 7, tints[k % 8]);
                snprintf(buf, sizeof buf, "part %zu: value %llu", k + 1,
                         (unsigned long long)pv[k]);
                grundy_plot_text(s, lt, kx + 24, ky + 4, buf, 11.5,
                                 GRUNDY_PLOT_START, 0, 0);
            }
            if (nparts > 8) {
                ky += step;
                snprintf(buf, sizeof buf, "(%zu parts in all)", nparts);
                grundy_plot_text(s, lt, kx + 24, ky + 4, buf, 11.5,
                                 GRUNDY_PLOT_START, 0, 0);
            }
            if (nparts > 1) {
                ky += step;
                grundy_plot_text(s, lt, kx, ky + 4,
                                 "outlined: the parts; a move changes one",
                                 11.5, GRUNDY_PLOT_START, 0, 0);
            }
        }
    }
    (void)sx0;
    (void)sy0;
    GRUNDY_FREE_ALL(mi, mv, geo);
    return s->failed ? GRUNDY_ERR_NOMEM : GRUNDY_OK;
}

grundy_status grundy_plot_board(grundy_plot_scene **out,
                                const grundy_plot_request *r,
                                const grundy_game *g, grundy_values *vals,
                                grundy_pos p, grundy_plot_board_info *info)
{
    grundy_plot_scene *s = grundy_plot_scene_start(r);
    grundy_status st;
    *out = NULL;
    if (!s)
        return GRUNDY_ERR_NOMEM;
    st = draw_board(s, g, vals, p, r->title, info);
    if (st != GRUNDY_OK) {
        grundy_plot_free(s);
        return st;
    }
    *out = s;
    return GRUNDY_OK;
}
