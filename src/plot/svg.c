/*
 * svg.c -- a scene as SVG 1.1 (grundy/plot.h).
 *
 * One <g> per layer carries the layer's class and colours, so a shape
 * writes only its geometry (and its own fill when it has one): a dot is
 * `<circle cx="x" cy="y" r="r"/>`, about 40 bytes.  Numbers are written
 * with at most two decimals, which is finer than any screen and keeps a
 * picture of a few thousand dots small.  Texts are escaped for XML.
 */
#include <stdio.h>
#include <string.h>

#include "plot/plot_internal.h"

static void num(grundy_writer *w, double x)
{
    char buf[48];
    int n = snprintf(buf, sizeof buf, "%.2f", x);
    while (n > 0 && buf[n - 1] == '0')
        n--;
    if (n > 0 && buf[n - 1] == '.')
        n--;
    if (n == 2 && buf[0] == '-' && buf[1] == '0') {
        buf[0] = '0';
        n = 1;
    }
    grundy_writer_bytes(w, buf, (size_t)n);
}

static void attr_num(grundy_writer *w, const char *name, double x)
{
    grundy_writer_char(w, ' ');
    grundy_writer_str(w, name);
    grundy_writer_str(w, "=\"");
    num(w, x);
    grundy_writer_char(w, '"');
}

static void colour(grundy_writer *w, uint32_t c)
{
    char buf[8];
    if (c == GRUNDY_PLOT_NONE) {
        grundy_writer_str(w, "none");
        return;
    }
    snprintf(buf, sizeof buf, "#%06x", (unsigned)(c & 0xFFFFFF));
    grundy_writer_str(w, buf);
}

/* The characters SVG text and attributes cannot hold as they are. */
static const char *const entity[128] = {
    ['<'] = "&lt;", ['>'] = "&gt;", ['&'] = "&amp;", ['"'] = "&quot;",
};

static void escaped(grundy_writer *w, const char *t)
{
    for (; *t; t++) {
        unsigned char c = (unsigned char)*t;
        if (c < 128 && entity[c])
            grundy_writer_str(w, entity[c]);
        else
            grundy_writer_char(w, *t);
    }
}

/* Each kind of shape: its element, and the attributes that hold its x,
 * y, w and h (NULL: none). */
static const struct {
    const char *tag, *attr[4];
} kinds[] = {
    [GRUNDY_PLOT_RECT] = {"<rect", {"x", "y", "width", "height"}},
    [GRUNDY_PLOT_CIRCLE] = {"<circle", {"cx", "cy", "r", NULL}},
    [GRUNDY_PLOT_LINE] = {"<line", {"x1", "y1", "x2", "y2"}},
    [GRUNDY_PLOT_TEXT] = {"<text", {"x", "y", NULL, NULL}},
};

static void shape(grundy_writer *w, const grundy_plot_scene *s,
                  const grundy_plot_shape *sh)
{
    static const char *const anchors[] = {"start", "middle", "end"};
    const double at[4] = {sh->x, sh->y, sh->w, sh->h};
    unsigned i;
    grundy_writer_str(w, kinds[sh->kind].tag);
    for (i = 0; i < 4; i++)
        if (kinds[sh->kind].attr[i])
            attr_num(w, kinds[sh->kind].attr[i], at[i]);
    if (sh->kind == GRUNDY_PLOT_TEXT) {
        attr_num(w, "font-size", sh->size);
        if (sh->anchor != GRUNDY_PLOT_START) {
            grundy_writer_str(w, " text-anchor=\"");
            grundy_writer_str(w, anchors[sh->anchor]);
            grundy_writer_char(w, '"');
        }
        if (sh->bold)
            grundy_writer_str(w, " font-weight=\"bold\"");
        if (sh->vertical) {
            grundy_writer_str(w, " transform=\"rotate(-90 ");
            num(w, sh->x);
            grundy_writer_char(w, ' ');
            num(w, sh->y);
            grundy_writer_str(w, ")\"");
        }
    }
    if (sh->colour != GRUNDY_PLOT_NONE) {
        grundy_writer_str(w, sh->kind == GRUNDY_PLOT_LINE ? " stroke=\""
                                                          : " fill=\"");
        colour(w, sh->colour);
        grundy_writer_char(w, '"');
    }
    if (grundy_plot_shape_attrs(s, sh)) {
        grundy_writer_char(w, ' ');
        grundy_writer_str(w, grundy_plot_shape_attrs(s, sh));
    }
    if (sh->kind == GRUNDY_PLOT_TEXT) {
        grundy_writer_char(w, '>');
        escaped(w, grundy_plot_scene_text(s, sh));
        grundy_writer_str(w, "</text>\n");
    } else {
        grundy_writer_str(w, "/>\n");
    }
}

grundy_status grundy_plot_write_svg(const grundy_plot_scene *s, int fd)
{
    grundy_writer w;
    size_t i, j;
    grundy_status st = grundy_writer_init(&w, fd);
    if (st != GRUNDY_OK)
        return st;
    grundy_writer_str(&w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                          "version=\"1.1\"");
    attr_num(&w, "width", s->width);
    attr_num(&w, "height", s->height);
    grundy_writer_str(&w, " viewBox=\"0 0 ");
    num(&w, s->width);
    grundy_writer_char(&w, ' ');
    num(&w, s->height);
    grundy_writer_str(&w, "\" font-family=\"DejaVu Sans, Helvetica, "
                          "Arial, sans-serif\">\n<title>");
    escaped(&w, s->title);
    grundy_writer_str(&w, "</title>\n");
    for (i = 0; i < s->nlayers; i++) {
        const grundy_plot_layer *l = &s->layers[i];
        grundy_writer_str(&w, "<g class=\"");
        escaped(&w, l->name);
        grundy_writer_str(&w, "\" fill=\"");
        colour(&w, l->fill);
        grundy_writer_char(&w, '"');
        if (l->stroke != GRUNDY_PLOT_NONE) {
            grundy_writer_str(&w, " stroke=\"");
            colour(&w, l->stroke);
            grundy_writer_char(&w, '"');
            attr_num(&w, "stroke-width", l->stroke_width);
            if (l->dashed)
                grundy_writer_str(&w, " stroke-dasharray=\"6 4\"");
        }
        if (l->data[0]) {
            grundy_writer_char(&w, ' ');
            grundy_writer_str(&w, l->data);
        }
        grundy_writer_str(&w, ">\n");
        for (j = 0; j < l->n; j++)
            shape(&w, s, &l->shapes[j]);
        grundy_writer_str(&w, "</g>\n");
    }
    grundy_writer_str(&w, "</svg>\n");
    return grundy_writer_clear(&w);
}
