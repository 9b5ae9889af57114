/*
 * plot_frame.c -- what the charts of grundy plot share (plot.h): the plot
 * area inside its margins, the title and the line under it, axes with
 * ticks and labels, grid lines, and a legend laid out right to left on
 * the title line.  Sizes grow with the font (--font-size).
 */
#include <stdio.h>
#include <string.h>

#include "plot.h"

double plot_fs(const plot_scene *s)
{
    return s->font_scale > 0 ? s->font_scale : 1;
}

plot_frame plot_frame_make(const plot_scene *s, double right_extra)
{
    plot_frame f;
    f.x0 = PLOT_MARGIN_LEFT * plot_fs(s);
    f.y0 = PLOT_MARGIN_TOP * plot_fs(s);
    f.x1 = s->width - PLOT_MARGIN_RIGHT - right_extra * plot_fs(s);
    f.y1 = s->height - PLOT_MARGIN_BOTTOM * plot_fs(s);
    return f;
}

void plot_titles(plot_scene *s, const char *over, const char *title,
                 const char *sub)
{
    size_t l = plot_layer_new(s, "title", PLOT_COLOUR_TEXT, PLOT_NONE, 0);
    if (over)
        title = over;
    plot_text(s, l, PLOT_MARGIN_LEFT * plot_fs(s), 22 * plot_fs(s), title, 15,
              PLOT_START, 0, 1);
    l = plot_layer_new(s, "subtitle", PLOT_COLOUR_SUBTLE, PLOT_NONE, 0);
    plot_text(s, l, PLOT_MARGIN_LEFT * plot_fs(s), 40 * plot_fs(s), sub, 11.5,
              PLOT_START, 0, 0);
    snprintf(s->title, sizeof s->title, "%s", title);
}

void plot_x_axis(plot_scene *s, const plot_frame *f, uint64_t max,
                 unsigned most, plot_axis_pos pos, const void *ctx,
                 const char *label)
{
    uint64_t step = plot_tick_step(max, most), v;
    size_t ticks = plot_layer_new(s, "xticks", PLOT_NONE, PLOT_COLOUR_AXIS, 1);
    size_t text = plot_layer_new(s, "xlabels", PLOT_COLOUR_TEXT, PLOT_NONE, 0);
    char buf[32];
    for (v = 0;; v += step) {
        double x = pos(ctx, v);
        plot_line(s, ticks, x, f->y1, x, f->y1 + 5);
        plot_tick_label(buf, sizeof buf, v);
        plot_text(s, text, x, f->y1 + 18 * plot_fs(s), buf, 11, PLOT_MIDDLE, 0,
                  0);
        if (v + step > max)
            break;
    }
    plot_text(s, text, (f->x0 + f->x1) / 2, f->y1 + 38 * plot_fs(s), label,
              12.5, PLOT_MIDDLE, 0, 0);
}

void plot_y_grid(plot_scene *s, const plot_frame *f, uint64_t top,
                 uint64_t step, plot_axis_pos pos, const void *ctx)
{
    size_t grid = plot_layer_new(s, "grid", PLOT_NONE, PLOT_COLOUR_GRID, 1);
    uint64_t v;
    for (v = step; v <= top; v += step) {
        double y = pos(ctx, v);
        plot_line(s, grid, f->x0, y, f->x1, y);
        if (v + step > top)
            break;
    }
}

void plot_y_axis(plot_scene *s, const plot_frame *f, uint64_t top,
                 uint64_t step, plot_axis_pos pos, const void *ctx,
                 const char *label)
{
    size_t ticks = plot_layer_new(s, "yticks", PLOT_NONE, PLOT_COLOUR_AXIS, 1);
    size_t text = plot_layer_new(s, "ylabels", PLOT_COLOUR_TEXT, PLOT_NONE, 0);
    char buf[32];
    uint64_t v;
    for (v = 0;; v += step) {
        double y = pos(ctx, v);
        plot_line(s, ticks, f->x0 - 5, y, f->x0, y);
        plot_tick_label(buf, sizeof buf, v);
        plot_text(s, text, f->x0 - 8, y + 4 * plot_fs(s), buf, 11, PLOT_END, 0,
                  0);
        if (v + step > top)
            break;
    }
    plot_text(s, text, 18 * plot_fs(s), (f->y0 + f->y1) / 2, label, 12.5,
              PLOT_MIDDLE, 1, 0);
}

void plot_axes_lines(plot_scene *s, const plot_frame *f)
{
    size_t l = plot_layer_new(s, "axes", PLOT_NONE, PLOT_COLOUR_AXIS, 1);
    plot_line(s, l, f->x0, f->y0, f->x0, f->y1);
    plot_line(s, l, f->x0, f->y1, f->x1, f->y1);
}

void plot_legend_init(plot_legend *lg, plot_scene *s)
{
    lg->s = s;
    lg->marks = plot_layer_new(s, "legend", PLOT_NONE, PLOT_NONE, 0);
    lg->text = plot_layer_new(s, "legend-text", PLOT_COLOUR_TEXT, PLOT_NONE, 0);
    lg->x = s->width - PLOT_MARGIN_RIGHT;
}

void plot_legend_add(plot_legend *lg, char kind, uint32_t colour,
                     const char *label)
{
    double k = plot_fs(lg->s), w = 0.58 * 11.5 * k * (double)strlen(label),
           y = 22 * k;
    double x = lg->x - w;
    plot_text(lg->s, lg->text, x, y + 4, label, 11.5, PLOT_START, 0, 0);
    switch (kind) {
    case 'd':
        plot_circle(lg->s, lg->marks, x - 9, y, 3.5, colour);
        break;
    case 's':
        plot_rect(lg->s, lg->marks, x - 14, y - 5, 10, 10, colour);
        break;
    default: {
        size_t l = plot_layer_new(lg->s, "legend-line", PLOT_NONE, colour, 1.5);
        plot_layer_at(lg->s, l)->dashed = kind == 'l';
        if (kind == 'l') {
            plot_line(lg->s, l, x - 9, y - 7, x - 9, y + 7);
        } else {
            plot_line(lg->s, l, x - 22, y, x - 4, y);
            plot_line(lg->s, l, x - 22, y - 4, x - 22, y + 4);
            plot_line(lg->s, l, x - 4, y - 4, x - 4, y + 4);
        }
        /* the layer above is now the last: add text to a fresh one */
        lg->marks = plot_layer_new(lg->s, "legend", PLOT_NONE, PLOT_NONE, 0);
        lg->text = plot_layer_new(lg->s, "legend-text", PLOT_COLOUR_TEXT,
                                  PLOT_NONE, 0);
    }
    }
    lg->x = x - (kind == 'b' ? 36 : kind == 's' ? 30 : 26) * k;
}
