/*
 * plot_png.c -- a scene as PNG through cairo (plot.h), in programs built
 * with cairo (GRUNDY_HAVE_CAIRO); otherwise plot_write_png() refuses and
 * the SVG is the picture (rsvg-convert turns it into a PNG).
 *
 * The scene is drawn as the SVG back end writes it: the same shapes, the
 * layer's colours unless a shape has its own, text in a sans-serif face
 * anchored at its start, middle or end.  Rectangles are snapped to whole
 * pixels so that columns one pixel wide stay sharp.
 */
#include "plot.h"

#ifdef GRUNDY_HAVE_CAIRO

#include <cairo.h>

#define PLOT_PI 3.14159265358979323846

static void set_colour(cairo_t *cr, uint32_t c)
{
    cairo_set_source_rgb(cr, ((c >> 16) & 255) / 255.0,
                         ((c >> 8) & 255) / 255.0, (c & 255) / 255.0);
}

static void draw_text(cairo_t *cr, const plot_scene *s, const plot_shape *sh,
                      uint32_t fill)
{
    cairo_text_extents_t ext;
    const char *t = plot_scene_text(s, sh);
    cairo_save(cr);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           sh->bold ? CAIRO_FONT_WEIGHT_BOLD
                                    : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, sh->size);
    cairo_text_extents(cr, t, &ext);
    cairo_translate(cr, sh->x, sh->y);
    if (sh->vertical)
        cairo_rotate(cr, -PLOT_PI / 2);
    cairo_move_to(cr,
                  sh->anchor == PLOT_MIDDLE ? -ext.x_advance / 2
                  : sh->anchor == PLOT_END  ? -ext.x_advance
                                            : 0,
                  0);
    set_colour(cr, fill);
    cairo_show_text(cr, t);
    cairo_restore(cr);
}

grundy_status plot_write_png(const plot_scene *s, const char *path)
{
    cairo_surface_t *surf;
    cairo_t *cr;
    cairo_status_t cs;
    size_t i, j;
    surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)s->width,
                                      (int)s->height);
    if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surf);
        return GRUNDY_ERR_NOMEM;
    }
    cr = cairo_create(surf);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    for (i = 0; i < s->nlayers; i++) {
        const plot_layer *l = &s->layers[i];
        double dash[2] = {6, 4};
        cairo_set_line_width(cr, l->stroke_width > 0 ? l->stroke_width : 1);
        cairo_set_dash(cr, dash, l->dashed ? 2 : 0, 0);
        for (j = 0; j < l->n; j++) {
            const plot_shape *sh = &l->shapes[j];
            uint32_t own = sh->colour;
            switch (sh->kind) {
            case PLOT_RECT:
                if ((own != PLOT_NONE ? own : l->fill) == PLOT_NONE)
                    break;
                cairo_rectangle(cr, sh->x, sh->y, sh->w, sh->h);
                set_colour(cr, own != PLOT_NONE ? own : l->fill);
                cairo_fill_preserve(cr);
                if (l->stroke != PLOT_NONE) {
                    set_colour(cr, l->stroke);
                    cairo_stroke(cr);
                }
                cairo_new_path(cr);
                break;
            case PLOT_CIRCLE:
                cairo_arc(cr, sh->x, sh->y, sh->w, 0, 2 * PLOT_PI);
                set_colour(cr, own != PLOT_NONE ? own : l->fill);
                cairo_fill(cr);
                break;
            case PLOT_LINE:
                cairo_move_to(cr, sh->x, sh->y);
                cairo_line_to(cr, sh->w, sh->h);
                set_colour(cr, own != PLOT_NONE ? own : l->stroke);
                cairo_stroke(cr);
                break;
            case PLOT_TEXT:
                draw_text(cr, s, sh, own != PLOT_NONE ? own : l->fill);
                break;
            }
        }
    }
    cairo_destroy(cr);
    cs = cairo_surface_write_to_png(surf, path);
    cairo_surface_destroy(surf);
    return cs == CAIRO_STATUS_SUCCESS ? GRUNDY_OK : GRUNDY_ERR_IO;
}

int plot_have_png(void)
{
    return 1;
}

#else

grundy_status plot_write_png(const plot_scene *s, const char *path)
{
    (void)s;
    (void)path;
    return GRUNDY_ERR_ARG;
}

int plot_have_png(void)
{
    return 0;
}

#endif
