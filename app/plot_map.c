/*
 * plot_map.c -- the picture of a two-heap game (wythoff, twoheap:MOVES):
 * g(a, b) for a, b <= N as an image, a to the right and b up, each value
 * a colour of the key at the right; the P-positions (value 0) red.  Runs
 * of one value along a row are one rectangle, so a map of 10^6 cells
 * holds far fewer shapes.
 */
#include <stdio.h>
#include <string.h>

#include "plot.h"

typedef struct map_map {
    const plot_frame *f;
    double cell, ox, oy; /* (a, b) at x = ox + a cell, y = oy - (b+1) cell */
} map_map;

static double map_x(const void *ctx, uint64_t a)
{
    const map_map *m = ctx;
    return m->ox + ((double)a + 0.5) * m->cell;
}

static double map_y(const void *ctx, uint64_t b)
{
    const map_map *m = ctx;
    return m->oy - ((double)b + 0.5) * m->cell;
}

/* g(a, b) for a, b <= N as an image, a to the right and b up, each value
 * a colour of the key at the right; the P-positions (value 0) are red,
 * with a white dot when the cells are large enough to hold one. */
int plot_map(plot_scene *s, const grundy_table *t, uint64_t side,
             const char *spec, const plot_labels *lb, uint64_t *marks)
{
    plot_frame f = plot_frame_make(s, 110);
    map_map m;
    grundy_value vmax = grundy_table_max(t, NULL), v;
    const void *data = grundy_table_data(t);
    unsigned width = grundy_table_width(t);
    double pw = f.x1 - f.x0, ph = f.y1 - f.y0;
    uint64_t x, y, np = 0;
    size_t lc, lp, ld, lg, lt;
    char title[300], sub[300], buf[64];

    m.f = &f;
    m.cell = pw / (double)side < ph / (double)side ? pw / (double)side
                                                   : ph / (double)side;
    m.ox = f.x0;
    m.oy = f.y0 + m.cell * (double)side;
    snprintf(title, sizeof title, "%s: g(a, b) for a, b = 0 .. %llu", spec,
             (unsigned long long)(side - 1));
    plot_titles(s, lb->title, title, "");
    lc = plot_layer_new(s, "cell", PLOT_NONE, PLOT_NONE, 0);
    lp = plot_layer_new(s, "p-position", PLOT_COLOUR_RARE, PLOT_NONE, 0);
    ld = plot_layer_new(s, "p-dot", 0xFFFFFF, PLOT_NONE, 0);
    if (ld == PLOT_NO_LAYER)
        return -1;
    for (y = 0; y < side; y++) {
        uint64_t run = 0;
        grundy_value rv = 0;
        int open = 0;
        for (x = 0; x <= side; x++) {
            int end = x == side;
            v = end ? 0
                    : grundy_table_get_raw(data, width,
                                           grundy_twoheap_pos(x, y));
            if (open && (end || v != rv)) {
                /* a little over the cell, against seams between rows */
                plot_rect(s, lc, m.ox + (double)run * m.cell,
                          m.oy - (double)(y + 1) * m.cell,
                          (double)(x - run) * m.cell + 0.4, m.cell + 0.4,
                          plot_value_colour(rv, vmax));
                open = 0;
            }
            if (end)
                break;
            if (v == 0) {
                char pos[64];
                plot_rect(s, lp, m.ox + (double)x * m.cell,
                          m.oy - (double)(y + 1) * m.cell, m.cell, m.cell,
                          PLOT_NONE);
                snprintf(pos, sizeof pos, "data-pos=\"%llu,%llu\"",
                         (unsigned long long)x, (unsigned long long)y);
                plot_shape_data(s, lp, pos);
                if (m.cell >= 8)
                    plot_circle(s, ld, map_x(&m, x), map_y(&m, y),
                                m.cell * 0.18, PLOT_NONE);
                np++;
            } else if (!open) {
                run = x;
                rv = v;
                open = 1;
            }
        }
    }
    *marks = np;
    snprintf(plot_layer_at(s, lc)->data, sizeof plot_layer_at(s, lc)->data,
             "data-side=\"%llu\" data-cell=\"%.6g\"", (unsigned long long)side,
             m.cell);
    snprintf(plot_layer_at(s, lp)->data, sizeof plot_layer_at(s, lp)->data,
             "data-count=\"%llu\"", (unsigned long long)np);
    snprintf(sub, sizeof sub,
             "%llu positions; largest value %llu; %llu P-positions "
             "(value 0, in red)",
             (unsigned long long)(side * side), (unsigned long long)vmax,
             (unsigned long long)np);
    {
        size_t l =
            plot_layer_new(s, "subtitle", PLOT_COLOUR_SUBTLE, PLOT_NONE, 0);
        plot_text(s, l, PLOT_MARGIN_LEFT * plot_fs(s), 40 * plot_fs(s), sub,
                  11.5, PLOT_START, 0, 0);
    }
    {
        plot_frame af = f;
        size_t l = plot_layer_new(s, "axes", PLOT_NONE, PLOT_COLOUR_AXIS, 1);
        af.x1 = m.ox + m.cell * (double)side;
        af.y0 = f.y0;
        af.y1 = m.oy;
        plot_line(s, l, af.x0, af.y0, af.x0, af.y1);
        plot_line(s, l, af.x0, af.y1, af.x1, af.y1);
        plot_x_axis(s, &af, side - 1, 10, map_x, &m,
                    lb->xlabel ? lb->xlabel : "a");
        plot_y_axis(s, &af, side - 1,
                    plot_tick_step(side - 1 ? side - 1 : 1, 10), map_y, &m,
                    lb->ylabel ? lb->ylabel : "b");
    }
    /* the colour scale */
    lg = plot_layer_new(s, "key", PLOT_NONE, PLOT_NONE, 0);
    lt = plot_layer_new(s, "key-text", PLOT_COLOUR_TEXT, PLOT_NONE, 0);
    {
        double kx = m.ox + m.cell * (double)side + 36 * plot_fs(s), ky = f.y0;
        uint64_t steps = vmax < 16 ? (uint64_t)vmax + 1 : 16, k;
        double kh = (f.y1 - f.y0) / (double)steps;
        if (kh > 18 * plot_fs(s))
            kh = 18 * plot_fs(s);
        plot_text(s, lt, kx, ky - 6, "g(a, b)", 12, PLOT_START, 0, 1);
        for (k = 0; k < steps; k++) {
            v = steps == (uint64_t)vmax + 1 ? k : k * vmax / (steps - 1);
            plot_rect(s, lg, kx, ky + (double)k * kh, 14, kh - 4,
                      v == 0 ? PLOT_COLOUR_RARE : plot_value_colour(v, vmax));
            plot_tick_label(buf, sizeof buf, v);
            if (v == 0)
                strcat(buf, " (P-positions)");
            plot_text(s, lt, kx + 20, ky + (double)k * kh + kh / 2 + 2, buf, 11,
                      PLOT_START, 0, 0);
        }
    }
    return 0;
}
