/*
 * plot.h -- pictures for grundy plot: a scene of simple shapes in layers,
 * built once and written by a back end (SVG always, PNG through cairo
 * when the program is built with it).
 *
 * A scene is what the picture is, in pixels: filled rectangles and
 * circles, lines, text.  Shapes live in layers; a layer gives its shapes
 * a class name (which the SVG keeps, so that tests and style sheets can
 * find the dots, columns, bars or cells) and a default colour.  Building
 * the scene knows nothing of file formats, and the back ends know
 * nothing of games.
 */
#ifndef GRUNDY_PLOT_H
#define GRUNDY_PLOT_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/grundy.h"

/* Colours are 0xRRGGBB; PLOT_NONE means "not filled / not stroked". */
#define PLOT_NONE 0xFFFFFFFFu

typedef enum plot_kind {
    PLOT_RECT,   /* x, y, w, h */
    PLOT_CIRCLE, /* centre x, y; radius w */
    PLOT_LINE,   /* x, y to w, h (the end point) */
    PLOT_TEXT    /* at x, y (baseline); text, size, anchor, vertical */
} plot_kind;

typedef enum plot_anchor {
    PLOT_START = 0,
    PLOT_MIDDLE = 1,
    PLOT_END = 2
} plot_anchor;

typedef struct plot_shape {
    double x, y, w, h;
    uint32_t colour;  /* PLOT_NONE: the layer's */
    plot_kind kind;
    unsigned char anchor, vertical, bold;
    float size;       /* text: font size in pixels */
    size_t text;      /* text: offset into the scene's string arena */
    size_t data;      /* extra SVG attributes of this shape: 1 + their
                         offset in the arena, or 0 for none */
} plot_shape;

typedef struct plot_layer {
    char name[32];    /* class in the SVG ("dot", "col", ...) */
    uint32_t fill, stroke;
    double stroke_width;
    int dashed;
    char data[160];   /* extra SVG attributes (data-positions="..."), or "" */
    plot_shape *shapes;
    size_t n, cap;
} plot_layer;

typedef struct plot_scene {
    double width, height;
    char title[256];
    plot_layer *layers;
    size_t nlayers, cap;
    char *strings;    /* NUL-terminated texts, back to back */
    size_t slen, scap;
    int failed;       /* an allocation failed: the scene is incomplete */
    double font_scale; /* texts are drawn this many times their size
                          (plot_scene_init(): 1) */
} plot_scene;

void plot_scene_init(plot_scene *s, double width, double height);
void plot_scene_clear(plot_scene *s);
/* A new layer on top of the others; returns its index (PLOT_NO_LAYER
 * when out of memory, which also sets s->failed; drawing on it is then a
 * no-op).  Layers are named by index because the array grows. */
#define PLOT_NO_LAYER ((size_t)-1)
size_t plot_layer_new(plot_scene *s, const char *name, uint32_t fill,
                      uint32_t stroke, double stroke_width);
/* The layer of an index, or a scratch layer for PLOT_NO_LAYER.  Valid
 * until the next plot_layer_new(). */
plot_layer *plot_layer_at(plot_scene *s, size_t l);
void plot_rect(plot_scene *s, size_t l, double x, double y, double w,
               double h, uint32_t colour);
void plot_circle(plot_scene *s, size_t l, double x, double y, double r,
                 uint32_t colour);
void plot_line(plot_scene *s, size_t l, double x1, double y1, double x2,
               double y2);
void plot_text(plot_scene *s, size_t l, double x, double y,
               const char *text, double size, plot_anchor anchor,
               int vertical, int bold);
const char *plot_scene_text(const plot_scene *s, const plot_shape *sh);
/* Extra SVG attributes (`data-child="..."`, already escaped) for the last
 * shape drawn on layer l; other back ends ignore them. */
void plot_shape_data(plot_scene *s, size_t l, const char *attrs);
/* The extra attributes of a shape, or NULL. */
const char *plot_shape_attrs(const plot_scene *s, const plot_shape *sh);

/* Back ends: write the scene to fd.  GRUNDY_ERR_IO on a failed write;
 * plot_write_cairo() is GRUNDY_ERR_ARG in a program built without cairo
 * (plot_have_cairo() is then 0). */
typedef enum plot_format { PLOT_SVG, PLOT_PNG, PLOT_PDF } plot_format;
grundy_status plot_write_svg(const plot_scene *s, int fd);
grundy_status plot_write_cairo(const plot_scene *s, int fd, plot_format f);
int plot_have_cairo(void);

/* Pictures of single positions **********************************************/

/* What plot_board() drew. */
typedef struct plot_board_info {
    grundy_value value;     /* of the position */
    size_t moves, winning;  /* its moves, and those to value 0 */
    size_t shown;           /* the moves labelled in the picture */
    size_t parts;           /* its independent parts */
} plot_board_info;

/* Position p of a board game (one with grundy_board_geometry_get()) and
 * its moves, each with the value it leads to, values from vals; title
 * NULL: one naming the game and the position.  Errors: those of the
 * geometry, the moves and the values (GRUNDY_ERR_CANCELLED, limits). */
grundy_status plot_board(plot_scene *s, const grundy_game *g,
                         grundy_values *vals, grundy_pos p,
                         const char *title, plot_board_info *info);

/* Helpers for the pictures *************************************************/

/* Tick positions for an axis over [0, max]: a step of 1, 2 or 5 times a
 * power of ten (integers only: at least 1) giving at most `most` ticks.
 * Returns the step; ticks are 0, step, 2 step, ... <= max. */
uint64_t plot_tick_step(uint64_t max, unsigned most);
/* A tick label: 1500 -> "1500", 25000 -> "25k", 3000000 -> "3M". */
void plot_tick_label(char *buf, size_t cap, uint64_t v);
/* The colour of value v of 0..max: a qualitative palette for up to ten
 * values, a perceptual (viridis-like) ramp beyond. */
uint32_t plot_value_colour(uint64_t v, uint64_t max);

/* Charts (plot_frame.c) *****************************************************/

/* Colours and margins of the charts, in pixels at the default font. */
#define PLOT_COLOUR_DOT 0x1F5FA8u
#define PLOT_COLOUR_RARE 0xD62728u
#define PLOT_COLOUR_PERIOD 0x2CA02Cu
#define PLOT_COLOUR_AXIS 0x333333u
#define PLOT_COLOUR_GRID 0xE6E6E6u
#define PLOT_COLOUR_TEXT 0x222222u
#define PLOT_COLOUR_SUBTLE 0x666666u

/* Margins around the plot area, in pixels. */
#define PLOT_MARGIN_LEFT 68.0
#define PLOT_MARGIN_RIGHT 18.0
#define PLOT_MARGIN_TOP 68.0
#define PLOT_MARGIN_BOTTOM 48.0
/* Room inside the plot area above and below the extreme values. */
#define PLOT_PAD 5.0

/* The plot area: the frame inside the margins. */
typedef struct plot_frame {
    double x0, y0, x1, y1;
} plot_frame;

/* Margins and text offsets grow with the font (--font-size). */
double plot_fs(const plot_scene *s);
/* The plot area, right_extra more pixels kept free at the right. */
plot_frame plot_frame_make(const plot_scene *s, double right_extra);
/* The title (bold; over replaces it when not NULL) and a line under it. */
void plot_titles(plot_scene *s, const char *over, const char *title,
                 const char *sub);
/* Where value v of an axis is, in pixels. */
typedef double (*plot_axis_pos)(const void *ctx, uint64_t v);
/* The x axis: a tick every step up to max (at most `most` ticks), and
 * its label under it. */
void plot_x_axis(plot_scene *s, const plot_frame *f, uint64_t max,
                 unsigned most, plot_axis_pos pos, const void *ctx,
                 const char *label);
/* Horizontal grid lines every step up to top (drawn first, under the
 * data). */
void plot_y_grid(plot_scene *s, const plot_frame *f, uint64_t top,
                 uint64_t step, plot_axis_pos pos, const void *ctx);
/* The y axis: ticks every step up to top, and its label. */
void plot_y_axis(plot_scene *s, const plot_frame *f, uint64_t top,
                 uint64_t step, plot_axis_pos pos, const void *ctx,
                 const char *label);
/* The two axis lines of the frame. */
void plot_axes_lines(plot_scene *s, const plot_frame *f);

/* A legend: entries laid out right to left on the title line. */
typedef struct plot_legend {
    plot_scene *s;
    size_t marks, text;
    double x; /* the right end of the next entry */
} plot_legend;
void plot_legend_init(plot_legend *lg, plot_scene *s);
/* kind: 'd' dot, 'l' dashed line, 'b' bracket, 's' square. */
void plot_legend_add(plot_legend *lg, char kind, uint32_t colour,
                     const char *label);

/* The texts a user may set (--title, --xlabel, --ylabel; NULL: the
 * chart's own). */
typedef struct plot_labels {
    const char *title, *xlabel, *ylabel;
} plot_labels;

/* The map of a two-heap game (plot_map.c): g(a, b) for a, b < side from
 * t (positions numbered by grundy_twoheap_pos()); *marks: the
 * P-positions drawn.  0, or -1 when the scene ran out of memory. */
int plot_map(plot_scene *s, const grundy_table *t, uint64_t side,
             const char *spec, const plot_labels *lb, uint64_t *marks);

#endif
