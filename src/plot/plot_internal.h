/*
 * plot_internal.h -- the scene behind grundy/plot.h: simple shapes in
 * layers, built once and written by a back end (SVG always, PNG and PDF
 * through cairo when the library is built with its headers).
 *
 * A scene is what the picture is, in pixels: filled rectangles and
 * circles, lines, text.  Shapes live in layers; a layer gives its shapes
 * a class name (which the SVG keeps, so that tests and style sheets can
 * find the dots, columns, bars or cells) and a default colour.  Building
 * the scene knows nothing of file formats, and the back ends know
 * nothing of games.
 */
#ifndef GRUNDY_PLOT_INTERNAL_H
#define GRUNDY_PLOT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/grundy.h"
#include "grundy/plot.h"

/* Colours are 0xRRGGBB; GRUNDY_PLOT_NONE means "not filled / not stroked". */
#define GRUNDY_PLOT_NONE 0xFFFFFFFFu

typedef enum grundy_plot_kind {
    GRUNDY_PLOT_RECT,   /* x, y, w, h */
    GRUNDY_PLOT_CIRCLE, /* centre x, y; radius w */
    GRUNDY_PLOT_LINE,   /* x, y to w, h (the end point) */
    GRUNDY_PLOT_TEXT    /* at x, y (baseline); text, size, anchor, vertical */
} grundy_plot_kind;

typedef enum grundy_plot_anchor {
    GRUNDY_PLOT_START = 0,
    GRUNDY_PLOT_MIDDLE = 1,
    GRUNDY_PLOT_END = 2
} grundy_plot_anchor;

typedef struct grundy_plot_shape {
    double x, y, w, h;
    uint32_t colour; /* GRUNDY_PLOT_NONE: the layer's */
    grundy_plot_kind kind;
    unsigned char anchor, vertical, bold;
    float size;  /* text: font size in pixels */
    size_t text; /* text: offset into the scene's string arena */
    size_t data; /* extra SVG attributes of this shape: 1 + their
                    offset in the arena, or 0 for none */
} grundy_plot_shape;

typedef struct grundy_plot_layer {
    char name[32]; /* class in the SVG ("dot", "col", ...) */
    uint32_t fill, stroke;
    double stroke_width;
    int dashed;
    char data[160]; /* extra SVG attributes (data-positions="..."), or "" */
    grundy_plot_shape *shapes;
    size_t n, cap;
} grundy_plot_layer;

struct grundy_plot_scene {
    double width, height;
    char title[256];
    grundy_plot_layer *layers;
    size_t nlayers, cap;
    char *strings; /* NUL-terminated texts, back to back */
    size_t slen, scap;
    int failed;        /* an allocation failed: the scene is incomplete */
    double font_scale; /* texts are drawn this many times their size
                          (grundy_plot_scene_init(): 1) */
};

void grundy_plot_scene_init(grundy_plot_scene *s, double width, double height);
void grundy_plot_scene_clear(grundy_plot_scene *s);
/* A new layer on top of the others; returns its index (GRUNDY_PLOT_NO_LAYER
 * when out of memory, which also sets s->failed; drawing on it is then a
 * no-op).  Layers are named by index because the array grows. */
#define GRUNDY_PLOT_NO_LAYER ((size_t)-1)
size_t grundy_plot_layer_new(grundy_plot_scene *s, const char *name,
                             uint32_t fill, uint32_t stroke,
                             double stroke_width);
/* The layer of an index, or a scratch layer for GRUNDY_PLOT_NO_LAYER.  Valid
 * until the next grundy_plot_layer_new(). */
grundy_plot_layer *grundy_plot_layer_at(grundy_plot_scene *s, size_t l);
void grundy_plot_rect(grundy_plot_scene *s, size_t l, double x, double y,
                      double w, double h, uint32_t colour);
void grundy_plot_circle(grundy_plot_scene *s, size_t l, double x, double y,
                        double r, uint32_t colour);
void grundy_plot_line(grundy_plot_scene *s, size_t l, double x1, double y1,
                      double x2, double y2);
void grundy_plot_text(grundy_plot_scene *s, size_t l, double x, double y,
                      const char *text, double size, grundy_plot_anchor anchor,
                      int vertical, int bold);
const char *grundy_plot_scene_text(const grundy_plot_scene *s,
                                   const grundy_plot_shape *sh);
/* Extra SVG attributes (`data-child="..."`, already escaped) for the last
 * shape drawn on layer l; other back ends ignore them. */
void grundy_plot_shape_data(grundy_plot_scene *s, size_t l, const char *attrs);
/* The extra attributes of a shape, or NULL. */
const char *grundy_plot_shape_attrs(const grundy_plot_scene *s,
                                    const grundy_plot_shape *sh);

/* The back ends behind grundy_plot_write(): GRUNDY_ERR_IO on a failed
 * write; grundy_plot_write_cairo() is GRUNDY_ERR_ARG when
 * grundy_plot_have_cairo() is 0. */
grundy_status grundy_plot_write_svg(const grundy_plot_scene *s, int fd);
grundy_status grundy_plot_write_cairo(const grundy_plot_scene *s, int fd,
                                      grundy_plot_format f);

/* A new scene of r's size (and font size) on a white background: NULL
 * when out of memory. */
grundy_plot_scene *grundy_plot_scene_start(const grundy_plot_request *r);

/* Helpers for the pictures *************************************************/

/* Tick positions for an axis over [0, max]: a step of 1, 2 or 5 times a
 * power of ten (integers only: at least 1) giving at most `most` ticks.
 * Returns the step; ticks are 0, step, 2 step, ... <= max. */
uint64_t grundy_plot_tick_step(uint64_t max, unsigned most);
/* A tick label: 1500 -> "1500", 25000 -> "25k", 3000000 -> "3M". */
void grundy_plot_tick_label(char *buf, size_t cap, uint64_t v);
/* The colour of value v of 0..max: a qualitative palette for up to ten
 * values, a perceptual (viridis-like) ramp beyond. */
uint32_t grundy_plot_value_colour(uint64_t v, uint64_t max);

#endif
