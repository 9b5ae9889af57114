/*
 * plot_cairo.c -- a scene as PNG or PDF through cairo (plot.h), in
 * programs built with cairo (GRUNDY_HAVE_CAIRO); otherwise
 * plot_write_cairo() refuses and the SVG is the picture (rsvg-convert
 * turns it into a PNG or a PDF).
 *
 * The scene is drawn as the SVG back end writes it: the same shapes, the
 * layer's colours unless a shape has its own, text in a sans-serif face
 * anchored at its start, middle or end.  Rectangles are snapped to whole
 * pixels so that columns one pixel wide stay sharp.
 */
#include "plot.h"

#ifdef GRUNDY_HAVE_CAIRO

#include <cairo-pdf.h>
#include <cairo.h>
#include <errno.h>
#include <unistd.h>

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

/* cairo's output goes to the file descriptor in closure. */
static cairo_status_t write_fd(void *closure, const unsigned char *data,
                               unsigned int length)
{
    int fd = *(const int *)closure;
    while (length > 0) {
        ssize_t k = write(fd, data, length);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return CAIRO_STATUS_WRITE_ERROR;
        data += k;
        length -= (unsigned int)k;
    }
    return CAIRO_STATUS_SUCCESS;
}

/* Fill the current path, then stroke it (either may be PLOT_NONE). */
static void paint_path(cairo_t *cr, uint32_t fill, uint32_t stroke)
{
    if (fill != PLOT_NONE) {
        set_colour(cr, fill);
        cairo_fill_preserve(cr);
    }
    if (stroke != PLOT_NONE) {
        set_colour(cr, stroke);
        cairo_stroke(cr);
    }
    cairo_new_path(cr);
}

static void draw_scene(cairo_t *cr, const plot_scene *s)
{
    size_t i, j;
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
                cairo_rectangle(cr, sh->x, sh->y, sh->w, sh->h);
                paint_path(cr, own != PLOT_NONE ? own : l->fill, l->stroke);
                break;
            case PLOT_CIRCLE:
                cairo_arc(cr, sh->x, sh->y, sh->w, 0, 2 * PLOT_PI);
                paint_path(cr, own != PLOT_NONE ? own : l->fill, l->stroke);
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
}

grundy_status plot_write_cairo(const plot_scene *s, int fd, plot_format f)
{
    cairo_surface_t *surf;
    cairo_t *cr;
    cairo_status_t cs;
    if (f == PLOT_PDF)
        surf = cairo_pdf_surface_create_for_stream(write_fd, &fd, s->width,
                                                   s->height);
    else
        surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)s->width,
                                          (int)s->height);
    if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surf);
        return GRUNDY_ERR_NOMEM;
    }
    if (f == PLOT_PDF && s->title[0])
        cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_TITLE,
                                       s->title);
    cr = cairo_create(surf);
    draw_scene(cr, s);
    cs = cairo_status(cr);
    cairo_destroy(cr);
    if (cs == CAIRO_STATUS_SUCCESS && f == PLOT_PNG)
        cs = cairo_surface_write_to_png_stream(surf, write_fd, &fd);
    cairo_surface_finish(surf);
    if (cs == CAIRO_STATUS_SUCCESS)
        cs = cairo_surface_status(surf);
    cairo_surface_destroy(surf);
    if (cs == CAIRO_STATUS_NO_MEMORY)
        return GRUNDY_ERR_NOMEM;
    return cs == CAIRO_STATUS_SUCCESS ? GRUNDY_OK : GRUNDY_ERR_IO;
}

int plot_have_cairo(void)
{
    return 1;
}

#else

grundy_status plot_write_cairo(const plot_scene *s, int fd, plot_format f)
{
    (void)s;
    (void)fd;
    (void)f;
    return GRUNDY_ERR_ARG;
}

int plot_have_cairo(void)
{
    return 0;
}

#endif
