/*
 * cairo.c -- a scene as PNG or PDF through cairo (grundy/plot.h).
 *
 * cairo is loaded when a picture is first written as PDF or PNG
 * (dlopen of libcairo.so.2), never at start-up: it pulls in fontconfig,
 * freetype, X11 and a dozen more libraries, about 4 ms of loading that
 * every subcommand would pay for a picture only `plot` draws.  The
 * library is compiled against cairo's headers (GRUNDY_HAVE_CAIRO) and
 * takes the functions it calls from the library it finds; without the
 * headers, or without the library at run time, grundy_plot_write_cairo()
 * refuses and the SVG is the picture (rsvg-convert turns it into a PNG or
 * a PDF).
 *
 * The scene is drawn as the SVG back end writes it: the same shapes, the
 * layer's colours unless a shape has its own, text in a sans-serif face
 * anchored at its start, middle or end.  Rectangles are snapped to whole
 * pixels so that columns one pixel wide stay sharp.
 */
#include "plot/plot_internal.h"

#ifdef GRUNDY_HAVE_CAIRO

#include <cairo-pdf.h>
#include <cairo.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <unistd.h>

#include "core/dl.h"

/* The functions of cairo this file calls, found in libcairo.so.2. */
#define CAIRO_FUNCS(X)                                                         \
    X(cairo_arc)                                                               \
    X(cairo_create)                                                            \
    X(cairo_destroy)                                                           \
    X(cairo_fill_preserve)                                                     \
    X(cairo_image_surface_create)                                              \
    X(cairo_line_to)                                                           \
    X(cairo_move_to)                                                           \
    X(cairo_new_path)                                                          \
    X(cairo_paint)                                                             \
    X(cairo_pdf_surface_create_for_stream)                                     \
    X(cairo_pdf_surface_set_metadata)                                          \
    X(cairo_rectangle)                                                         \
    X(cairo_restore)                                                           \
    X(cairo_rotate)                                                            \
    X(cairo_save)                                                              \
    X(cairo_select_font_face)                                                  \
    X(cairo_set_dash)                                                          \
    X(cairo_set_font_size)                                                     \
    X(cairo_set_line_width)                                                    \
    X(cairo_set_source_rgb)                                                    \
    X(cairo_show_text)                                                         \
    X(cairo_status)                                                            \
    X(cairo_stroke)                                                            \
    X(cairo_surface_destroy)                                                   \
    X(cairo_surface_finish)                                                    \
    X(cairo_surface_status)                                                    \
    X(cairo_surface_write_to_png_stream)                                       \
    X(cairo_text_extents)                                                      \
    X(cairo_translate)

GRUNDY_DL_LIBRARY(cx, "libcairo.so.2", CAIRO_FUNCS)
#define CX(f) (cx.f)

int grundy_plot_have_cairo(void)
{
    return cx_ready();
}

int grundy_plot_cairo_built(void)
{
    return 1;
}

#define GRUNDY_PLOT_PI 3.14159265358979323846

static void set_colour(cairo_t *cr, uint32_t c)
{
    CX(cairo_set_source_rgb)
    (cr, ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0,
     (c & 255) / 255.0);
}

static void draw_text(cairo_t *cr, const grundy_plot_scene *s,
                      const grundy_plot_shape *sh, uint32_t fill)
{
    cairo_text_extents_t ext;
    const char *t = grundy_plot_scene_text(s, sh);
    CX(cairo_save)(cr);
    CX(cairo_select_font_face)
    (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
     sh->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    CX(cairo_set_font_size)(cr, sh->size);
    CX(cairo_text_extents)(cr, t, &ext);
    CX(cairo_translate)(cr, sh->x, sh->y);
    if (sh->vertical)
        CX(cairo_rotate)(cr, -GRUNDY_PLOT_PI / 2);
    CX(cairo_move_to)
    (cr,
     sh->anchor == GRUNDY_PLOT_MIDDLE ? -ext.x_advance / 2
     : sh->anchor == GRUNDY_PLOT_END  ? -ext.x_advance
                                      : 0,
     0);
    set_colour(cr, fill);
    CX(cairo_show_text)(cr, t);
    CX(cairo_restore)(cr);
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

/* Fill the current path, then stroke it (either may be GRUNDY_PLOT_NONE). */
static void paint_path(cairo_t *cr, uint32_t fill, uint32_t stroke)
{
    if (fill != GRUNDY_PLOT_NONE) {
        set_colour(cr, fill);
        CX(cairo_fill_preserve)(cr);
    }
    if (stroke != GRUNDY_PLOT_NONE) {
        set_colour(cr, stroke);
        CX(cairo_stroke)(cr);
    }
    CX(cairo_new_path)(cr);
}

static void draw_scene(cairo_t *cr, const grundy_plot_scene *s)
{
    size_t i, j;
    CX(cairo_set_source_rgb)(cr, 1, 1, 1);
    CX(cairo_paint)(cr);
    for (i = 0; i < s->nlayers; i++) {
        const grundy_plot_layer *l = &s->layers[i];
        double dash[2] = {6, 4};
        CX(cairo_set_line_width)(cr, l->stroke_width > 0 ? l->stroke_width : 1);
        CX(cairo_set_dash)(cr, dash, l->dashed ? 2 : 0, 0);
        for (j = 0; j < l->n; j++) {
            const grundy_plot_shape *sh = &l->shapes[j];
            uint32_t own = sh->colour;
            switch (sh->kind) {
            case GRUNDY_PLOT_RECT:
                CX(cairo_rectangle)(cr, sh->x, sh->y, sh->w, sh->h);
                paint_path(cr, own != GRUNDY_PLOT_NONE ? own : l->fill,
                           l->stroke);
                break;
            case GRUNDY_PLOT_CIRCLE:
                CX(cairo_arc)(cr, sh->x, sh->y, sh->w, 0, 2 * GRUNDY_PLOT_PI);
                paint_path(cr, own != GRUNDY_PLOT_NONE ? own : l->fill,
                           l->stroke);
                break;
            case GRUNDY_PLOT_LINE:
                CX(cairo_move_to)(cr, sh->x, sh->y);
                CX(cairo_line_to)(cr, sh->w, sh->h);
                set_colour(cr, own != GRUNDY_PLOT_NONE ? own : l->stroke);
                CX(cairo_stroke)(cr);
                break;
            case GRUNDY_PLOT_TEXT:
                draw_text(cr, s, sh, own != GRUNDY_PLOT_NONE ? own : l->fill);
                break;
            }
        }
    }
}

grundy_status grundy_plot_write_cairo(const grundy_plot_scene *s, int fd,
                                      grundy_plot_format f)
{
    cairo_surface_t *surf;
    cairo_t *cr;
    cairo_status_t cs;
    if (!grundy_plot_have_cairo())
        return GRUNDY_ERR_ARG;
    if (f == GRUNDY_PLOT_PDF)
        surf = CX(cairo_pdf_surface_create_for_stream)(write_fd, &fd, s->width,
                                                       s->height);
    else
        surf = CX(cairo_image_surface_create)(CAIRO_FORMAT_RGB24, (int)s->width,
                                              (int)s->height);
    if (CX(cairo_surface_status)(surf) != CAIRO_STATUS_SUCCESS) {
        CX(cairo_surface_destroy)(surf);
        return GRUNDY_ERR_NOMEM;
    }
    if (f == GRUNDY_PLOT_PDF && s->title[0])
        CX(cairo_pdf_surface_set_metadata)
        (surf, CAIRO_PDF_METADATA_TITLE, s->title);
    cr = CX(cairo_create)(surf);
    draw_scene(cr, s);
    cs = CX(cairo_status)(cr);
    CX(cairo_destroy)(cr);
    if (cs == CAIRO_STATUS_SUCCESS && f == GRUNDY_PLOT_PNG)
        cs = CX(cairo_surface_write_to_png_stream)(surf, write_fd, &fd);
    CX(cairo_surface_finish)(surf);
    if (cs == CAIRO_STATUS_SUCCESS)
        cs = CX(cairo_surface_status)(surf);
    CX(cairo_surface_destroy)(surf);
    if (cs == CAIRO_STATUS_NO_MEMORY)
        return GRUNDY_ERR_NOMEM;
    return cs == CAIRO_STATUS_SUCCESS ? GRUNDY_OK : GRUNDY_ERR_IO;
}

#else

grundy_status grundy_plot_write_cairo(const grundy_plot_scene *s, int fd,
                                      grundy_plot_format f)
{
    (void)s;
    (void)fd;
    (void)f;
    return GRUNDY_ERR_ARG;
}

int grundy_plot_have_cairo(void)
{
    return 0;
}

int grundy_plot_cairo_built(void)
{
    return 0;
}

#endif
