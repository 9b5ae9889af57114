/*
 * scene.c -- the scene of a picture (plot_internal.h): layers of shapes,
 * and the helpers every picture needs (ticks, labels, colours).
 *
 * Shapes are appended to growing arrays and texts to one string arena,
 * so a picture of a few thousand shapes costs a few allocations.  An
 * allocation that fails marks the scene failed instead of being checked
 * at every call; the command checks once before writing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "plot/plot_internal.h"

void grundy_plot_scene_init(grundy_plot_scene *s, double width, double height)
{
    memset(s, 0, sizeof *s);
    s->width = width;
    s->height = height;
    s->font_scale = 1;
}

void grundy_plot_scene_clear(grundy_plot_scene *s)
{
    size_t i;
    for (i = 0; i < s->nlayers; i++)
        free(s->layers[i].shapes);
    free(s->layers);
    free(s->strings);
    memset(s, 0, sizeof *s);
}

size_t grundy_plot_layer_new(grundy_plot_scene *s, const char *name,
                             uint32_t fill, uint32_t stroke,
                             double stroke_width)
{
    grundy_plot_layer *l;
    if (GRUNDY_GROW(s->layers, s->cap, s->nlayers + 1) != GRUNDY_OK) {
        s->failed = 1;
        return GRUNDY_PLOT_NO_LAYER;
    }
    l = &s->layers[s->nlayers];
    memset(l, 0, sizeof *l);
    snprintf(l->name, sizeof l->name, "%s", name);
    l->fill = fill;
    l->stroke = stroke;
    l->stroke_width = stroke_width;
    return s->nlayers++;
}

grundy_plot_layer *grundy_plot_layer_at(grundy_plot_scene *s, size_t l)
{
    static grundy_plot_layer scratch;
    if (l >= s->nlayers) {
        memset(&scratch, 0, sizeof scratch);
        return &scratch;
    }
    return &s->layers[l];
}

static grundy_plot_shape *push(grundy_plot_scene *s, size_t li,
                               grundy_plot_kind kind)
{
    grundy_plot_shape *sh;
    grundy_plot_layer *l;
    if (li >= s->nlayers)
        return NULL;
    l = &s->layers[li];
    if (GRUNDY_GROW(l->shapes, l->cap, l->n + 1) != GRUNDY_OK) {
        s->failed = 1;
        return NULL;
    }
    sh = &l->shapes[l->n++];
    memset(sh, 0, sizeof *sh);
    sh->kind = kind;
    sh->colour = GRUNDY_PLOT_NONE;
    return sh;
}

/* A shape of its four numbers (as grundy_plot_kind says) and colour. */
static void push_shape(grundy_plot_scene *s, size_t l, grundy_plot_kind kind,
                       double x, double y, double w, double h,
                       uint32_t colour)
{
    grundy_plot_shape *sh = push(s, l, kind);
    if (!sh)
        return;
    sh->x = x;
    sh->y = y;
    sh->w = w;
    sh->h = h;
    sh->colour = colour;
}

void grundy_plot_rect(grundy_plot_scene *s, size_t l, double x, double y,
                      double w, double h, uint32_t colour)
{
    push_shape(s, l, GRUNDY_PLOT_RECT, x, y, w, h, colour);
}

void grundy_plot_circle(grundy_plot_scene *s, size_t l, double x, double y,
                        double r, uint32_t colour)
{
    push_shape(s, l, GRUNDY_PLOT_CIRCLE, x, y, r, 0, colour);
}

void grundy_plot_line(grundy_plot_scene *s, size_t l, double x1, double y1,
                      double x2, double y2)
{
    push_shape(s, l, GRUNDY_PLOT_LINE, x1, y1, x2, y2, GRUNDY_PLOT_NONE);
}

/* A copy of text in the arena: its offset, or (size_t)-1 when out of
 * memory (which sets s->failed). */
static size_t arena_add(grundy_plot_scene *s, const char *text)
{
    size_t n = strlen(text) + 1, at;
    if (GRUNDY_GROW(s->strings, s->scap, s->slen + n) != GRUNDY_OK) {
        s->failed = 1;
        return (size_t)-1;
    }
    memcpy(s->strings + s->slen, text, n);
    at = s->slen;
    s->slen += n;
    return at;
}

void grundy_plot_text(grundy_plot_scene *s, size_t l, double x, double y,
                      const char *text, double size, grundy_plot_anchor anchor,
                      int vertical, int bold)
{
    size_t at = arena_add(s, text);
    grundy_plot_shape *sh;
    if (at == (size_t)-1)
        return;
    sh = push(s, l, GRUNDY_PLOT_TEXT);
    if (!sh)
        return;
    sh->text = at;
    sh->x = x;
    sh->y = y;
    sh->size = (float)(size * (s->font_scale > 0 ? s->font_scale : 1));
    sh->anchor = (unsigned char)anchor;
    sh->vertical = (unsigned char)(vertical != 0);
    sh->bold = (unsigned char)(bold != 0);
}

const char *grundy_plot_scene_text(const grundy_plot_scene *s,
                                   const grundy_plot_shape *sh)
{
    return s->strings + sh->text;
}

void grundy_plot_shape_data(grundy_plot_scene *s, size_t l, const char *attrs)
{
    grundy_plot_layer *ly;
    size_t at;
    if (l == GRUNDY_PLOT_NO_LAYER || l >= s->nlayers || !s->layers[l].n)
        return;
    at = arena_add(s, attrs);
    if (at == (size_t)-1)
        return;
    ly = &s->layers[l];
    ly->shapes[ly->n - 1].data = at + 1;
}

const char *grundy_plot_shape_attrs(const grundy_plot_scene *s,
                                    const grundy_plot_shape *sh)
{
    return sh->data ? s->strings + sh->data - 1 : NULL;
}

/* Ticks and labels *********************************************************/

uint64_t grundy_plot_tick_step(uint64_t max, unsigned most)
{
    static const uint64_t mult[3] = {1, 2, 5};
    uint64_t p = 1;
    unsigned i;
    if (most < 2)
        most = 2;
    for (;;) {
        for (i = 0; i < 3; i++) {
            uint64_t step = p * mult[i];
            if (max / step + 1 <= most)
                return step;
        }
        if (p > UINT64_MAX / 10)
            return p;
        p *= 10;
    }
}

void grundy_plot_tick_label(char *buf, size_t cap, uint64_t v)
{
    static const char suffix[] = "kMGTPE";
    uint64_t unit = 1000;
    unsigned i = 0;
    /* plain below 10^4, and when a suffix would need two decimals */
    if (v >= 10000) {
        while (i + 1 < sizeof suffix - 1 && v / unit >= 1000) {
            unit *= 1000;
            i++;
        }
        if (v % unit == 0) {
            snprintf(buf, cap, "%llu%c", (unsigned long long)(v / unit),
                     suffix[i]);
            return;
        }
        if (v % (unit / 10) == 0) {
            snprintf(buf, cap, "%llu.%llu%c", (unsigned long long)(v / unit),
                     (unsigned long long)(v % unit / (unit / 10)), suffix[i]);
            return;
        }
    }
    snprintf(buf, cap, "%llu", (unsigned long long)v);
}

/* Colours ******************************************************************/

uint32_t grundy_plot_value_colour(uint64_t v, uint64_t max)
{
    /* Tableau 10: distinct at a glance, and kind to colour-blind eyes */
    static const uint32_t qual[10] = {0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2,
                                      0x59A14F, 0xEDC948, 0xB07AA1, 0xFF9DA7,
                                      0x9C755F, 0xBAB0AC};
    /* viridis at nine evenly spaced points */
    static const uint32_t ramp[9] = {0x440154, 0x472D7B, 0x3B528B,
                                     0x2C728E, 0x21908C, 0x27AD81,
                                     0x5EC962, 0xAADC32, 0xFDE725};
    double t, f;
    unsigned i, k;
    uint32_t a, b, c = 0;
    if (max < 10)
        return qual[v % 10];
    t = (double)v / (double)max * 8.0;
    i = (unsigned)t;
    if (i >= 8)
        return ramp[8];
    f = t - i;
    a = ramp[i];
    b = ramp[i + 1];
    for (k = 0; k < 24; k += 8) {
        double ca = (double)((a >> k) & 255), cb = (double)((b >> k) & 255);
        c |= (uint32_t)lround(ca + (cb - ca) * f) << k;
    }
    return c;
}
