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
 * or run where libcairo.so.2 cannot be loaded (plot_have_cairo() is then
 * 0; it loads cairo on its first call). */
typedef enum plot_format { PLOT_SVG, PLOT_PNG, PLOT_PDF } plot_format;
grundy_status plot_write_svg(const plot_scene *s, int fd);
grundy_status plot_write_cairo(const plot_scene *s, int fd, plot_format f);
int plot_have_cairo(void);
/* Whether the program was built with cairo's headers (plot_have_cairo()
 * also needs libcairo.so.2 at run time). */
int plot_cairo_built(void);

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

/* Pictures of tables (plot_draw.c) ***************************************/

/* What to draw. */
typedef struct plot_request {
    const char *spec;                 /* the rules, as the user wrote them */
    const char *title, *xlabel, *ylabel; /* NULL: the defaults */
    uint64_t upto;                    /* g(0..upto), or a, b <= upto */
    uint64_t width, height, font_size; /* pixels; font_size 0: 11 */
    int histogram, log, no_rare;
    int map; /* a two-heap family: the map of g(a, b) (not histogram) */
} plot_request;

/* What the picture is about, for a summary. */
typedef struct plot_info {
    uint64_t positions, marks, columns;
    const grundy_table *t;
    grundy_period per;
    grundy_rare_info rare;
    int have_rare;
} plot_info;

/* A new scene of r's size (and font size) on a white background. */
void plot_scene_start(plot_scene *s, const plot_request *r);

/* The map of a two-heap family: whether a, b <= r->upto fit the height
 * (GRUNDY_ERR_RANGE, with r->upto set to the largest that does, when
 * not), and r->width made that of the square and its key unless
 * have_width. */
grundy_status plot_map_fit(plot_request *r, int have_width);

/* The picture of in->t (set by the caller: g(0..upto), every position of
 * a board for a histogram, or the square a, b <= upto of a map) into a
 * new scene *s (plot_scene_start()); in gets what was drawn.  The period
 * is looked for in a sequence, and rare values unless no_rare.
 * GRUNDY_ERR_NOMEM when the scene could not be built (clear it anyway). */
grundy_status plot_draw(plot_scene *s, const plot_request *r,
                        const grundy_game *g, plot_info *in);

/* "period P preperiod Q (proven)" or what was seen, as the subtitle and
 * the summary say it. */
void plot_period_text(char *buf, size_t cap, const plot_info *in);

/* Write the scene to the file path in format f, whole or not at all: to a
 * temporary file beside it, renamed over it when complete.  On failure
 * *err is the errno (0 when the status says it all). */
grundy_status plot_write_file(const plot_scene *s, const char *path,
                              plot_format f, int *err);

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

#endif
