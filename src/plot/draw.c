/*
 * draw.c -- the pictures of grundy plot drawn as scenes (grundy/plot.h):
 * the sequence g(n) against n, the histogram of the values, and the map
 * of g(a, b) of a two-heap family, each from one table.  Every front
 * end (grundy plot, grundy serve, grundy.plot in Python) draws through
 * grundy_plot_draw(), so their pictures are the same.
 *
 * The sequence: one dot per position while there are no more positions
 * than pixel columns; beyond that each pixel column stands for a run of
 * positions and shows every value present in it (the pixel rows its
 * values fall on, merged into runs), which is what a million dots of one
 * pixel would show, in a file of a few hundred kilobytes.  Rare values
 * (grundy_table_rare(), when the mask leaves few rare positions) are
 * drawn in a second colour; a proven period is marked (a dashed line at
 * the preperiod, a bracket over one period).  The reduction is one pass
 * over the table with the width hoisted, so a picture of 10^7 positions
 * costs tens of milliseconds beyond the table.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "plot/plot_internal.h"

#define COLOUR_DOT 0x1F5FA8u
#define COLOUR_RARE 0xD62728u
#define COLOUR_PERIOD 0x2CA02Cu
#define COLOUR_AXIS 0x333333u
#define COLOUR_GRID 0xE6E6E6u
#define COLOUR_TEXT 0x222222u
#define COLOUR_SUBTLE 0x666666u

/* Margins around the plot area, in pixels. */
#define MARGIN_LEFT 68.0
#define MARGIN_RIGHT 18.0
#define MARGIN_TOP 68.0
#define MARGIN_BOTTOM 48.0
/* Room inside the plot area above and below the extreme values. */
#define PAD 5.0

/* Frame: title, axes, ticks ***********************************************/

typedef struct frame {
    double x0, y0, x1, y1; /* the plot area */
} frame;

/* Margins and text offsets grow with the font (--font-size). */
static double fs(const grundy_plot_scene *s)
{
    return s->font_scale > 0 ? s->font_scale : 1;
}

static frame make_frame(const grundy_plot_scene *s, double right_extra)
{
    frame f;
    f.x0 = MARGIN_LEFT * fs(s);
    f.y0 = MARGIN_TOP * fs(s);
    f.x1 = s->width - MARGIN_RIGHT - right_extra * fs(s);
    f.y1 = s->height - MARGIN_BOTTOM * fs(s);
    return f;
}

/* Title (bold) and a line under it; --title replaces the title. */
static void titles(grundy_plot_scene *s, const grundy_plot_request *a,
                   const char *title, const char *sub)
{
    size_t l =
        grundy_plot_layer_new(s, "title", COLOUR_TEXT, GRUNDY_PLOT_NONE, 0);
    if (a->title)
        title = a->title;
    grundy_plot_text(s, l, MARGIN_LEFT * fs(s), 22 * fs(s), title, 15,
                     GRUNDY_PLOT_START, 0, 1);
    l = grundy_plot_layer_new(s, "subtitle", COLOUR_SUBTLE, GRUNDY_PLOT_NONE,
                              0);
    grundy_plot_text(s, l, MARGIN_LEFT * fs(s), 40 * fs(s), sub, 11.5,
                     GRUNDY_PLOT_START, 0, 0);
    snprintf(s->title, sizeof s->title, "%s", title);
}

/* An axis tick every step up to max: at pixel pos(v). */
typedef double (*axis_pos)(const void *ctx, uint64_t v);

static void x_axis(grundy_plot_scene *s, const frame *f, uint64_t max,
                   unsigned most, axis_pos pos, const void *ctx,
                   const char *label)
{
    uint64_t step = grundy_plot_tick_step(max, most), v;
    size_t ticks =
        grundy_plot_layer_new(s, "xticks", GRUNDY_PLOT_NONE, COLOUR_AXIS, 1);
    size_t text =
        grundy_plot_layer_new(s, "xlabels", COLOUR_TEXT, GRUNDY_PLOT_NONE, 0);
    char buf[32];
    for (v = 0;; v += step) {
        double x = pos(ctx, v);
        grundy_plot_line(s, ticks, x, f->y1, x, f->y1 + 5);
        grundy_plot_tick_label(buf, sizeof buf, v);
        grundy_plot_text(s, text, x, f->y1 + 18 * fs(s), buf, 11,
                         GRUNDY_PLOT_MIDDLE, 0, 0);
        if (v + step > max)
            break;
    }
    grundy_plot_text(s, text, (f->x0 + f->x1) / 2, f->y1 + 38 * fs(s), label,
                     12.5, GRUNDY_PLOT_MIDDLE, 0, 0);
}

/* The y axis and horizontal grid lines (drawn first, under the data). */
static void y_grid(grundy_plot_scene *s, const frame *f, uint64_t top,
                   uint64_t step, axis_pos pos, const void *ctx)
{
    size_t grid =
        grundy_plot_layer_new(s, "grid", GRUNDY_PLOT_NONE, COLOUR_GRID, 1);
    uint64_t v;
    for (v = step; v <= top; v += step) {
        double y = pos(ctx, v);
        grundy_plot_line(s, grid, f->x0, y, f->x1, y);
        if (v + step > top)
            break;
    }
}

static void y_axis(grundy_plot_scene *s, const frame *f, uint64_t top,
                   uint64_t step, axis_pos pos, const void *ctx,
                   const char *label)
{
    size_t ticks =
        grundy_plot_layer_new(s, "yticks", GRUNDY_PLOT_NONE, COLOUR_AXIS, 1);
    size_t text =
        grundy_plot_layer_new(s, "ylabels", COLOUR_TEXT, GRUNDY_PLOT_NONE, 0);
    char buf[32];
    uint64_t v;
    for (v = 0;; v += step) {
        double y = pos(ctx, v);
        grundy_plot_line(s, ticks, f->x0 - 5, y, f->x0, y);
        grundy_plot_tick_label(buf, sizeof buf, v);
        grundy_plot_text(s, text, f->x0 - 8, y + 4 * fs(s), buf, 11,
                         GRUNDY_PLOT_END, 0, 0);
        if (v + step > top)
            break;
    }
    grundy_plot_text(s, text, 18 * fs(s), (f->y0 + f->y1) / 2, label, 12.5,
                     GRUNDY_PLOT_MIDDLE, 1, 0);
}

static void axes_lines(grundy_plot_scene *s, const frame *f)
{
    size_t l =
        grundy_plot_layer_new(s, "axes", GRUNDY_PLOT_NONE, COLOUR_AXIS, 1);
    grundy_plot_line(s, l, f->x0, f->y0, f->x0, f->y1);
    grundy_plot_line(s, l, f->x0, f->y1, f->x1, f->y1);
}

/* Legend: entries laid out right to left on the title line. */
typedef struct legend {
    grundy_plot_scene *s;
    size_t marks, text;
    double x; /* the right end of the next entry */
} legend;

static void legend_init(legend *lg, grundy_plot_scene *s)
{
    lg->s = s;
    lg->marks = grundy_plot_layer_new(s, "legend", GRUNDY_PLOT_NONE,
                                      GRUNDY_PLOT_NONE, 0);
    lg->text = grundy_plot_layer_new(s, "legend-text", COLOUR_TEXT,
                                     GRUNDY_PLOT_NONE, 0);
    lg->x = s->width - MARGIN_RIGHT;
}

/* kind: 'd' dot, 'l' dashed line, 'b' bracket, 's' square. */
static void legend_add(legend *lg, char kind, uint32_t colour,
                       const char *label)
{
    double k = fs(lg->s), w = 0.58 * 11.5 * k * (double)strlen(label),
           y = 22 * k;
    double x = lg->x - w;
    grundy_plot_text(lg->s, lg->text, x, y + 4, label, 11.5, GRUNDY_PLOT_START,
                     0, 0);
    switch (kind) {
    case 'd':
        grundy_plot_circle(lg->s, lg->marks, x - 9, y, 3.5, colour);
        break;
    case 's':
        grundy_plot_rect(lg->s, lg->marks, x - 14, y - 5, 10, 10, colour);
        break;
    default: {
        size_t l = grundy_plot_layer_new(lg->s, "legend-line", GRUNDY_PLOT_NONE,
                                         colour, 1.5);
        grundy_plot_layer_at(lg->s, l)->dashed = kind == 'l';
        if (kind == 'l') {
            grundy_plot_line(lg->s, l, x - 9, y - 7, x - 9, y + 7);
        } else {
            grundy_plot_line(lg->s, l, x - 22, y, x - 4, y);
            grundy_plot_line(lg->s, l, x - 22, y - 4, x - 22, y + 4);
            grundy_plot_line(lg->s, l, x - 4, y - 4, x - 4, y + 4);
        }
        /* the layer above is now the last: add text to a fresh one */
        lg->marks = grundy_plot_layer_new(lg->s, "legend", GRUNDY_PLOT_NONE,
                                          GRUNDY_PLOT_NONE, 0);
        lg->text = grundy_plot_layer_new(lg->s, "legend-text", COLOUR_TEXT,
                                         GRUNDY_PLOT_NONE, 0);
    }
    }
    lg->x = x - (kind == 'b' ? 36 : kind == 's' ? 30 : 26) * k;
}

/* The legend's entries for the values: rare and common ones in their
 * colours when the values split, else one entry `plain`. */
static void legend_values(legend *lg, char kind, const grundy_plot_info *in,
                          const char *plain)
{
    char rare[64];
    if (in->have_rare) {
        snprintf(rare, sizeof rare, "rare values (mask %llu)",
                 (unsigned long long)in->rare.mask);
        legend_add(lg, kind, COLOUR_RARE, rare);
        legend_add(lg, kind, COLOUR_DOT, "common values");
    } else {
        legend_add(lg, kind, COLOUR_DOT, plain);
    }
}

/* Rare values **************************************************************/

static int is_rare(grundy_value v, grundy_value mask)
{
    uint64_t x = v & mask;
    int odd = 0;
    while (x) {
        odd ^= 1;
        x &= x - 1;
    }
    return !odd;
}

/* The rare/common split applies when its mask leaves few rare positions:
 * at most a quarter (grundy_table_rare() picks the best mask). */
static void find_rare(grundy_plot_info *in, const grundy_plot_request *a,
                      const grundy_game *g)
{
    in->have_rare = 0;
    if (a->no_rare || !(grundy_game_rules(g)->flags & GRUNDY_RULES_RARE))
        return;
    if (grundy_table_rare(&in->rare, in->t) != GRUNDY_OK)
        return;
    in->have_rare =
        in->rare.mask != 0 && in->rare.rare_positions * 4 <= in->rare.positions;
}

/* The sequence g(n) ********************************************************/

typedef struct seq_map {
    const frame *f;
    uint64_t count; /* positions 0 .. count-1 */
    uint64_t ytop;  /* the value at the top of the axis */
    int dots;
} seq_map;

/* The x of position n: its dot's centre, or its column's left edge. */
static double seq_x(const void *ctx, uint64_t n)
{
    const seq_map *m = ctx;
    double pw = m->f->x1 - m->f->x0;
    return m->f->x0 +
           ((double)n + (m->dots ? 0.5 : 0.0)) * pw / (double)m->count;
}

static double seq_y(const void *ctx, uint64_t v)
{
    const seq_map *m = ctx;
    double ph = m->f->y1 - m->f->y0 - 2 * PAD;
    return m->f->y1 - PAD - (double)v * ph / (double)m->ytop;
}

/* Per pixel column, the pixel rows its values fall on, as two bit sets
 * (common, rare) of rows; emitted as runs of rows whose marks (two
 * pixels tall) touch. */
typedef struct colset {
    uint64_t *bits[2];
    size_t words;
} colset;

static void emit_runs(grundy_plot_scene *s, size_t l, const uint64_t *bits,
                      size_t rows, double x, double ybase)
{
    size_t r = 0;
    while (r < rows) {
        size_t lo, hi;
        while (r < rows && !(bits[r / 64] >> (r % 64) & 1))
            r++;
        if (r >= rows)
            break;
        lo = hi = r;
        for (r++; r < rows && r <= hi + 2; r++)
            if (bits[r / 64] >> (r % 64) & 1)
                hi = r;
        r = hi + 1;
        grundy_plot_rect(s, l, x, ybase - (double)hi - 1, 1,
                         (double)(hi - lo) + 2, GRUNDY_PLOT_NONE);
    }
}

static int draw_columns(grundy_plot_scene *s, const seq_map *m,
                        grundy_plot_info *in)
{
    const frame *f = m->f;
    size_t cols = (size_t)(f->x1 - f->x0), rows, c, k;
    double ph = f->y1 - f->y0 - 2 * PAD;
    unsigned width = grundy_table_width(in->t);
    const void *data = grundy_table_data(in->t);
    grundy_value mask = in->have_rare ? in->rare.mask : 0;
    size_t lc, lr;
    colset cs;
    uint64_t n = 0;
    uint32_t *lut = NULL;
    grundy_value vmax = grundy_table_max(in->t, NULL);
    char data_attr[160];

    rows = (size_t)ph + 2;
    cs.words = rows / 64 + 1;
    cs.bits[0] = calloc(cs.words, sizeof(uint64_t));
    cs.bits[1] = calloc(cs.words, sizeof(uint64_t));
    if (vmax < 65536)
        lut = malloc(((size_t)vmax + 1) * sizeof *lut);
    if (!cs.bits[0] || !cs.bits[1] || (vmax < 65536 && !lut)) {
        GRUNDY_FREE_ALL(cs.bits[0], cs.bits[1], lut);
        return -1;
    }
    for (k = 0; lut && k <= vmax; k++)
        lut[k] = (uint32_t)llround((double)k * ph / (double)m->ytop);
    lc = grundy_plot_layer_new(s, "col", COLOUR_DOT, GRUNDY_PLOT_NONE, 0);
    lr = grundy_plot_layer_new(s, "col-rare", COLOUR_RARE, GRUNDY_PLOT_NONE, 0);
    if (lr == GRUNDY_PLOT_NO_LAYER) {
        GRUNDY_FREE_ALL(cs.bits[0], cs.bits[1], lut);
        return -1;
    }
    if (cols > m->count)
        cols = (size_t)m->count;
    for (c = 0; c < cols; c++) {
        uint64_t end = (uint64_t)(c + 1) * m->count / cols;
        memset(cs.bits[0], 0, cs.words * sizeof(uint64_t));
        memset(cs.bits[1], 0, cs.words * sizeof(uint64_t));
        for (; n < end; n++) {
            grundy_value v = grundy_table_get_raw(data, width, n);
            size_t row =
                lut ? lut[v]
                    : (size_t)llround((double)v * ph / (double)m->ytop);
            int cls = mask && is_rare(v, mask);
            cs.bits[cls][row / 64] |= UINT64_C(1) << (row % 64);
        }
        emit_runs(s, lc, cs.bits[0], rows, f->x0 + (double)c, f->y1 - PAD);
        emit_runs(s, lr, cs.bits[1], rows, f->x0 + (double)c, f->y1 - PAD);
    }
    in->columns = cols;
    in->marks = grundy_plot_layer_at(s, lc)->n + grundy_plot_layer_at(s, lr)->n;
    snprintf(data_attr, sizeof data_attr,
             "data-positions=\"%llu\" data-columns=\"%zu\"",
             (unsigned long long)m->count, cols);
    snprintf(grundy_plot_layer_at(s, lc)->data,
             sizeof grundy_plot_layer_at(s, lc)->data, "%s", data_attr);
    snprintf(grundy_plot_layer_at(s, lr)->data,
             sizeof grundy_plot_layer_at(s, lr)->data, "%s", data_attr);
    GRUNDY_FREE_ALL(cs.bits[0], cs.bits[1], lut);
    return 0;
}

static void draw_dots(grundy_plot_scene *s, const seq_map *m,
                      grundy_plot_info *in)
{
    double pw = m->f->x1 - m->f->x0;
    double r = pw / (double)m->count * 0.42;
    unsigned width = grundy_table_width(in->t);
    const void *data = grundy_table_data(in->t);
    grundy_value mask = in->have_rare ? in->rare.mask : 0;
    size_t ld, lr;
    uint64_t n;
    if (r > 3.5)
        r = 3.5;
    if (r < 1.5)
        r = 1.5;
    ld = grundy_plot_layer_new(s, "dot", COLOUR_DOT, GRUNDY_PLOT_NONE, 0);
    lr = grundy_plot_layer_new(s, "dot-rare", COLOUR_RARE, GRUNDY_PLOT_NONE, 0);
    if (lr == GRUNDY_PLOT_NO_LAYER)
        return;
    for (n = 0; n < m->count; n++) {
        grundy_value v = grundy_table_get_raw(data, width, n);
        grundy_plot_circle(s, mask && is_rare(v, mask) ? lr : ld, seq_x(m, n),
                           seq_y(m, v), r, GRUNDY_PLOT_NONE);
    }
    snprintf(grundy_plot_layer_at(s, ld)->data,
             sizeof grundy_plot_layer_at(s, ld)->data,
             "data-positions=\"%llu\"", (unsigned long long)m->count);
    snprintf(grundy_plot_layer_at(s, lr)->data,
             sizeof grundy_plot_layer_at(s, lr)->data,
             "data-positions=\"%llu\"", (unsigned long long)m->count);
    in->marks = grundy_plot_layer_at(s, ld)->n + grundy_plot_layer_at(s, lr)->n;
}

/* A proven period: a dashed line at the preperiod, a bracket over the
 * first period just above the plot area, small ticks at the next period
 * boundaries. */
static void draw_period(grundy_plot_scene *s, const seq_map *m,
                        const grundy_plot_info *in)
{
    const frame *f = m->f;
    uint64_t q = in->per.preperiod, p = in->per.period, k;
    double pw = f->x1 - f->x0, xq, xp, y = f->y0 - 10;
    size_t l;
    char buf[96];
    if (!in->per.found || !in->per.proven || q >= m->count)
        return;
    xq = f->x0 + (double)q * pw / (double)m->count;
    xp = f->x0 +
         (double)(q + p < m->count ? q + p : m->count) * pw / (double)m->count;
    if (q > 0) {
        l = grundy_plot_layer_new(s, "preperiod", GRUNDY_PLOT_NONE,
                                  COLOUR_PERIOD, 1.5);
        grundy_plot_layer_at(s, l)->dashed = 1;
        grundy_plot_line(s, l, xq, y, xq, f->y1);
    }
    l = grundy_plot_layer_new(s, "period", GRUNDY_PLOT_NONE, COLOUR_PERIOD,
                              1.5);
    grundy_plot_line(s, l, xq, y, xp, y);
    grundy_plot_line(s, l, xq, y - 4, xq, y + 4);
    grundy_plot_line(s, l, xp, y - 4, xp, y + 4);
    /* the next boundaries, where they are far enough apart to see */
    if ((double)p * pw / (double)m->count >= 6)
        for (k = q + 2 * p; k < m->count && k - q <= 400 * p; k += p) {
            double x = f->x0 + (double)k * pw / (double)m->count;
            grundy_plot_line(s, l, x, f->y1 - 6, x, f->y1);
        }
    l = grundy_plot_layer_new(s, "period-text", COLOUR_PERIOD, GRUNDY_PLOT_NONE,
                              0);
    if (q > 0)
        snprintf(buf, sizeof buf, "period %llu from %llu",
                 (unsigned long long)p, (unsigned long long)q);
    else
        snprintf(buf, sizeof buf, "period %llu", (unsigned long long)p);
    if (in->per.saltus) /* arithmetic (Nim's, from its closed form) */
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), ", saltus %llu",
                 (unsigned long long)in->per.saltus);
    if (xp + 6 + 0.58 * 11 * (double)strlen(buf) <= f->x1)
        grundy_plot_text(s, l, xp + 6, y + 4, buf, 11, GRUNDY_PLOT_START, 0, 0);
    else
        grundy_plot_text(s, l, xq - 6, y + 4, buf, 11, GRUNDY_PLOT_END, 0, 0);
}

void grundy_plot_period_text(char *buf, size_t cap, const grundy_plot_info *in)
{
    const grundy_period *p = &in->per;
    if (p->found && p->proven && p->saltus) /* Nim's closed form */
        snprintf(buf, cap, "period %llu preperiod %llu saltus %llu (proven)",
                 (unsigned long long)p->period,
                 (unsigned long long)p->preperiod,
                 (unsigned long long)p->saltus);
    else if (p->found && p->proven)
        snprintf(buf, cap, "period %llu preperiod %llu (proven)",
                 (unsigned long long)p->period,
                 (unsigned long long)p->preperiod);
    else if (p->found && p->saltus)
        snprintf(buf, cap,
                 "no period proven (repeats with period %llu from %llu, "
                 "growing by %llu)",
                 (unsigned long long)p->period,
                 (unsigned long long)p->preperiod,
                 (unsigned long long)p->saltus);
    else if (p->found)
        snprintf(
            buf, cap, "no period proven (repeats with period %llu from %llu)",
            (unsigned long long)p->period, (unsigned long long)p->preperiod);
    else
        snprintf(buf, cap, "no period proven");
}

static int draw_sequence(grundy_plot_scene *s, const grundy_plot_request *a,
                         grundy_plot_info *in)
{
    frame f = make_frame(s, 0);
    seq_map m;
    grundy_value vmax = grundy_table_max(in->t, NULL);
    uint64_t ystep;
    char title[300], sub[300], per[128];
    legend lg;

    m.f = &f;
    m.count = grundy_table_size(in->t);
    m.dots = m.count <= (uint64_t)(f.x1 - f.x0);
    ystep = grundy_plot_tick_step(vmax ? vmax : 1, 8);
    m.ytop = ((vmax ? vmax : 1) + ystep - 1) / ystep * ystep;
    in->positions = m.count;
    grundy_plot_period_text(per, sizeof per, in);
    snprintf(title, sizeof title, "%s: g(n) for n = 0 .. %llu", a->spec,
             (unsigned long long)(m.count - 1));
    if (m.dots) {
        snprintf(sub, sizeof sub,
                 "one dot per position; largest value "
                 "%llu; %s",
                 (unsigned long long)vmax, per);
    } else {
        double per_col = (double)m.count / (double)(uint64_t)(f.x1 - f.x0);
        snprintf(sub, sizeof sub,
                 "each pixel column: the values of %.*f positions; largest "
                 "value %llu; %s",
                 per_col >= 100 ? 0 : 1, per_col, (unsigned long long)vmax,
                 per);
    }
    titles(s, a, title, sub);
    y_grid(s, &f, m.ytop, ystep, seq_y, &m);
    if (m.dots)
        draw_dots(s, &m, in);
    else if (draw_columns(s, &m, in) < 0)
        return -1;
    draw_period(s, &m, in);
    axes_lines(s, &f);
    x_axis(s, &f, m.count - 1, 10, seq_x, &m, a->xlabel ? a->xlabel : "n");
    y_axis(s, &f, m.ytop, ystep, seq_y, &m, a->ylabel ? a->ylabel : "g(n)");
    legend_init(&lg, s);
    if (in->per.found && in->per.proven) {
        legend_add(&lg, 'b', COLOUR_PERIOD, "proven period");
        if (in->per.preperiod > 0)
            legend_add(&lg, 'l', COLOUR_PERIOD, "preperiod");
    }
    legend_values(&lg, 'd', in, "g(n)");
    return 0;
}

/* The histogram ************************************************************/

typedef struct hist_map {
    const frame *f;
    uint64_t nvalues, ctop;
    int log;
    double decades;
} hist_map;

static double hist_x(const void *ctx, uint64_t v)
{
    const hist_map *m = ctx;
    return m->f->x0 +
           ((double)v + 0.5) * (m->f->x1 - m->f->x0) / (double)m->nvalues;
}

static double hist_y(const void *ctx, uint64_t c)
{
    const hist_map *m = ctx;
    double ph = m->f->y1 - m->f->y0 - PAD;
    if (m->log)
        return m->f->y1 - (double)c / m->decades * ph; /* c: a decade */
    return m->f->y1 - (double)c * ph / (double)m->ctop;
}

static int draw_histogram(grundy_plot_scene *s, const grundy_plot_request *a,
                          grundy_plot_info *in)
{
    frame f = make_frame(s, 0);
    hist_map m;
    grundy_value vmax = grundy_table_max(in->t, NULL), v;
    uint64_t *counts, cmax = 0, step, bars = 0;
    double bw, ph = f.y1 - f.y0 - PAD;
    size_t lb, lr;
    char title[300], sub[300];
    legend lg;

    counts = malloc(((size_t)vmax + 1) * sizeof *counts);
    if (!counts)
        return -1;
    grundy_table_counts(in->t, counts);
    for (v = 0; v <= vmax; v++)
        cmax = counts[v] > cmax ? counts[v] : cmax;
    m.f = &f;
    m.nvalues = (uint64_t)vmax + 1;
    m.log = a->log;
    step = grundy_plot_tick_step(cmax, 8);
    m.ctop = (cmax + step - 1) / step * step;
    m.decades = 1;
    while (pow(10.0, m.decades) < (double)cmax)
        m.decades += 1;
    in->positions = grundy_table_size(in->t);
    snprintf(title, sizeof title,
             "%s: how often each value occurs, n = 0 "
             ".. %llu",
             a->spec, (unsigned long long)(in->positions - 1));
    snprintf(sub, sizeof sub, "%llu positions, values 0 .. %llu%s",
             (unsigned long long)in->positions, (unsigned long long)vmax,
             a->log ? "; counts on a logarithmic scale" : "");
    titles(s, a, title, sub);
    if (a->log) {
        uint64_t d;
        size_t grid =
            grundy_plot_layer_new(s, "grid", GRUNDY_PLOT_NONE, COLOUR_GRID, 1);
        for (d = 1; d <= (uint64_t)m.decades; d++)
            grundy_plot_line(s, grid, f.x0, hist_y(&m, d), f.x1, hist_y(&m, d));
    } else {
        y_grid(s, &f, m.ctop, step, hist_y, &m);
    }
    bw = (f.x1 - f.x0) / (double)m.nvalues;
    lb = grundy_plot_layer_new(s, "bar", COLOUR_DOT, GRUNDY_PLOT_NONE, 0);
    lr = grundy_plot_layer_new(s, "bar-rare", COLOUR_RARE, GRUNDY_PLOT_NONE, 0);
    if (lr == GRUNDY_PLOT_NO_LAYER) {
        free(counts);
        return -1;
    }
    for (v = 0; v <= vmax; v++) {
        double h, x;
        if (!counts[v])
            continue;
        h = a->log ? (log10((double)counts[v]) + (counts[v] == 1 ? 0.05 : 0)) /
                         m.decades * ph
                   : (double)counts[v] * ph / (double)m.ctop;
        if (h < 1)
            h = 1;
        x = f.x0 + (double)v * bw + (bw >= 3 ? bw * 0.1 : 0);
        grundy_plot_rect(
            s, in->have_rare && is_rare(v, in->rare.mask) ? lr : lb, x,
            f.y1 - h, bw >= 3 ? bw * 0.8 : bw, h, GRUNDY_PLOT_NONE);
        bars++;
    }
    snprintf(grundy_plot_layer_at(s, lb)->data,
             sizeof grundy_plot_layer_at(s, lb)->data, "data-bars=\"%llu\"",
             (unsigned long long)bars);
    in->marks = bars;
    axes_lines(s, &f);
    x_axis(s, &f, vmax, 16, hist_x, &m, a->xlabel ? a->xlabel : "value g(n)");
    if (a->log) {
        size_t ticks = grundy_plot_layer_new(s, "yticks", GRUNDY_PLOT_NONE,
                                             COLOUR_AXIS, 1);
        size_t text = grundy_plot_layer_new(s, "ylabels", COLOUR_TEXT,
                                            GRUNDY_PLOT_NONE, 0);
        uint64_t d, p = 1;
        char buf[32];
        for (d = 0; d <= (uint64_t)m.decades; d++, p *= 10) {
            double y = hist_y(&m, d);
            grundy_plot_line(s, ticks, f.x0 - 5, y, f.x0, y);
            grundy_plot_tick_label(buf, sizeof buf, p);
            grundy_plot_text(s, text, f.x0 - 8, y + 4, buf, 11, GRUNDY_PLOT_END,
                             0, 0);
        }
        grundy_plot_text(s, text, 18 * fs(s), (f.y0 + f.y1) / 2,
                         a->ylabel ? a->ylabel : "positions", 12.5,
                         GRUNDY_PLOT_MIDDLE, 1, 0);
    } else {
        y_axis(s, &f, m.ctop, step, hist_y, &m,
               a->ylabel ? a->ylabel : "positions");
    }
    legend_init(&lg, s);
    legend_values(&lg, 's', in, "positions with the value");
    free(counts);
    return 0;
}

/* Two-heap games: the map of g(a, b) ***************************************/

typedef struct map_map {
    const frame *f;
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
static int draw_map(grundy_plot_scene *s, const grundy_plot_request *a,
                    grundy_plot_info *in, uint64_t side)
{
    frame f = make_frame(s, 110);
    map_map m;
    grundy_value vmax = grundy_table_max(in->t, NULL), v;
    const void *data = grundy_table_data(in->t);
    unsigned width = grundy_table_width(in->t);
    double pw = f.x1 - f.x0, ph = f.y1 - f.y0;
    uint64_t x, y, np = 0;
    size_t lc, lp, ld, lg, lt;
    char title[300], sub[300], buf[64];

    m.f = &f;
    m.cell = pw / (double)side < ph / (double)side ? pw / (double)side
                                                   : ph / (double)side;
    m.ox = f.x0;
    m.oy = f.y0 + m.cell * (double)side;
    in->positions = side * side;
    snprintf(title, sizeof title, "%s: g(a, b) for a, b = 0 .. %llu", a->spec,
             (unsigned long long)(side - 1));
    titles(s, a, title, "");
    lc =
        grundy_plot_layer_new(s, "cell", GRUNDY_PLOT_NONE, GRUNDY_PLOT_NONE, 0);
    lp = grundy_plot_layer_new(s, "p-position", COLOUR_RARE, GRUNDY_PLOT_NONE,
                               0);
    ld = grundy_plot_layer_new(s, "p-dot", 0xFFFFFF, GRUNDY_PLOT_NONE, 0);
    if (ld == GRUNDY_PLOT_NO_LAYER)
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
                grundy_plot_rect(s, lc, m.ox + (double)run * m.cell,
                                 m.oy - (double)(y + 1) * m.cell,
                                 (double)(x - run) * m.cell + 0.4, m.cell + 0.4,
                                 grundy_plot_value_colour(rv, vmax));
                open = 0;
            }
            if (end)
                break;
            if (v == 0) {
                char pos[64];
                grundy_plot_rect(s, lp, m.ox + (double)x * m.cell,
                                 m.oy - (double)(y + 1) * m.cell, m.cell,
                                 m.cell, GRUNDY_PLOT_NONE);
                snprintf(pos, sizeof pos, "data-pos=\"%llu,%llu\"",
                         (unsigned long long)x, (unsigned long long)y);
                grundy_plot_shape_data(s, lp, pos);
                if (m.cell >= 8)
                    grundy_plot_circle(s, ld, map_x(&m, x), map_y(&m, y),
                                       m.cell * 0.18, GRUNDY_PLOT_NONE);
                np++;
            } else if (!open) {
                run = x;
                rv = v;
                open = 1;
            }
        }
    }
    in->marks = np;
    snprintf(grundy_plot_layer_at(s, lc)->data,
             sizeof grundy_plot_layer_at(s, lc)->data,
             "data-side=\"%llu\" data-cell=\"%.6g\"", (unsigned long long)side,
             m.cell);
    snprintf(grundy_plot_layer_at(s, lp)->data,
             sizeof grundy_plot_layer_at(s, lp)->data, "data-count=\"%llu\"",
             (unsigned long long)np);
    snprintf(sub, sizeof sub,
             "%llu positions; largest value %llu; %llu P-positions "
             "(value 0, in red)",
             (unsigned long long)in->positions, (unsigned long long)vmax,
             (unsigned long long)np);
    {
        size_t l = grundy_plot_layer_new(s, "subtitle", COLOUR_SUBTLE,
                                         GRUNDY_PLOT_NONE, 0);
        grundy_plot_text(s, l, MARGIN_LEFT * fs(s), 40 * fs(s), sub, 11.5,
                         GRUNDY_PLOT_START, 0, 0);
    }
    {
        frame af = f;
        size_t l =
            grundy_plot_layer_new(s, "axes", GRUNDY_PLOT_NONE, COLOUR_AXIS, 1);
        af.x1 = m.ox + m.cell * (double)side;
        af.y0 = f.y0;
        af.y1 = m.oy;
        grundy_plot_line(s, l, af.x0, af.y0, af.x0, af.y1);
        grundy_plot_line(s, l, af.x0, af.y1, af.x1, af.y1);
        x_axis(s, &af, side - 1, 10, map_x, &m, a->xlabel ? a->xlabel : "a");
        y_axis(s, &af, side - 1,
               grundy_plot_tick_step(side - 1 ? side - 1 : 1, 10), map_y, &m,
               a->ylabel ? a->ylabel : "b");
    }
    /* the colour scale */
    lg = grundy_plot_layer_new(s, "key", GRUNDY_PLOT_NONE, GRUNDY_PLOT_NONE, 0);
    lt = grundy_plot_layer_new(s, "key-text", COLOUR_TEXT, GRUNDY_PLOT_NONE, 0);
    {
        double kx = m.ox + m.cell * (double)side + 36 * fs(s), ky = f.y0;
        uint64_t steps = vmax < 16 ? (uint64_t)vmax + 1 : 16, k;
        double kh = (f.y1 - f.y0) / (double)steps;
        if (kh > 18 * fs(s))
            kh = 18 * fs(s);
        grundy_plot_text(s, lt, kx, ky - 6, "g(a, b)", 12, GRUNDY_PLOT_START, 0,
                         1);
        for (k = 0; k < steps; k++) {
            v = steps == (uint64_t)vmax + 1 ? k : k * vmax / (steps - 1);
            grundy_plot_rect(s, lg, kx, ky + (double)k * kh, 14, kh - 4,
                             v == 0 ? COLOUR_RARE
                                    : grundy_plot_value_colour(v, vmax));
            grundy_plot_tick_label(buf, sizeof buf, v);
            if (v == 0)
                strcat(buf, " (P-positions)");
            grundy_plot_text(s, lt, kx + 20, ky + (double)k * kh + kh / 2 + 2,
                             buf, 11, GRUNDY_PLOT_START, 0, 0);
        }
    }
    return 0;
}

grundy_plot_scene *grundy_plot_scene_start(const grundy_plot_request *a)
{
    grundy_plot_scene *scene = malloc(sizeof *scene);
    size_t bg;
    if (!scene)
        return NULL;
    grundy_plot_scene_init(scene, (double)a->width, (double)a->height);
    if (a->font_size)
        scene->font_scale = (double)a->font_size / 11.0;
    bg = grundy_plot_layer_new(scene, "background", 0xFFFFFF, GRUNDY_PLOT_NONE,
                               0);
    grundy_plot_rect(scene, bg, 0, 0, scene->width, scene->height,
                     GRUNDY_PLOT_NONE);
    return scene;
}

void grundy_plot_free(grundy_plot_scene *s)
{
    if (!s)
        return;
    grundy_plot_scene_clear(s);
    free(s);
}

void grundy_plot_request_init(grundy_plot_request *r)
{
    memset(r, 0, sizeof *r);
    r->width = GRUNDY_PLOT_WIDTH;
    r->height = GRUNDY_PLOT_HEIGHT;
}

uint64_t grundy_plot_table_count(const grundy_plot_request *r,
                                 const grundy_game *g)
{
    if (grundy_game_num_positions(g) != 0)
        return 0;
    if (r->map && !r->histogram)
        return (r->upto + 1) * (r->upto + 1);
    return r->upto + 1;
}

grundy_status grundy_plot_map_fit(grundy_plot_request *r, int have_width)
{
    double fsz = r->font_size ? (double)r->font_size / 11.0 : 1.0;
    uint64_t most =
        (uint64_t)((double)r->height - (MARGIN_TOP + MARGIN_BOTTOM) * fsz);
    if (r->upto + 1 > most) {
        r->upto = most - 1;
        return GRUNDY_ERR_RANGE;
    }
    /* a square map and its key, unless the width was given */
    if (!have_width)
        r->width = (uint64_t)((double)most + (MARGIN_LEFT + 200) * fsz);
    return GRUNDY_OK;
}

grundy_status grundy_plot_draw(grundy_plot_scene **out,
                               const grundy_plot_request *r,
                               const grundy_game *g, grundy_plot_info *in)
{
    int finite = grundy_game_num_positions(g) != 0;
    int map = r->map && !r->histogram;
    int rc;
    grundy_plot_scene *s;
    *out = NULL;
    if (!finite && !map)
        grundy_period_find(&in->per, in->t);
    find_rare(in, r, g);
    s = grundy_plot_scene_start(r);
    if (!s)
        return GRUNDY_ERR_NOMEM;
    rc = r->histogram ? draw_histogram(s, r, in)
         : map        ? draw_map(s, r, in, r->upto + 1)
                      : draw_sequence(s, r, in);
    if (rc != 0 || s->failed) {
        grundy_plot_free(s);
        return GRUNDY_ERR_NOMEM;
    }
    *out = s;
    return GRUNDY_OK;
}

grundy_status grundy_plot_write(const grundy_plot_scene *s, int fd,
                                grundy_plot_format f)
{
    return f == GRUNDY_PLOT_SVG ? grundy_plot_write_svg(s, fd)
                                : grundy_plot_write_cairo(s, fd, f);
}

grundy_status grundy_plot_format_of_path(grundy_plot_format *out,
                                        const char **ext, const char *path)
{
    static const char *const names[] = {"svg", "png", "pdf"}; /* by f */
    const char *base = strrchr(path, '/'), *dot;
    size_t f;
    base = base ? base + 1 : path;
    dot = strrchr(base, '.');
    *ext = dot && dot != base && dot[1] ? dot + 1 : NULL;
    if (!*ext)
        return GRUNDY_ERR_ARG;
    for (f = 0; f < sizeof names / sizeof names[0]; f++)
        if (strcasecmp(*ext, names[f]) == 0) {
            *out = (grundy_plot_format)f;
            return GRUNDY_OK;
        }
    return GRUNDY_ERR_PARSE;
}

grundy_status grundy_plot_write_file(const grundy_plot_scene *s,
                                     const char *path, grundy_plot_format f,
                                     int *err)
{
    grundy_status st;
    size_t n = strlen(path);
    char *tmp = malloc(n + 16);
    int fd, e = 0;
    *err = 0;
    if (!tmp)
        return GRUNDY_ERR_NOMEM;
    snprintf(tmp, n + 16, "%s.tmp-XXXXXX", path);
    fd = mkstemp(tmp);
    if (fd < 0) {
        *err = errno;
        free(tmp);
        return GRUNDY_ERR_IO;
    }
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (fchmod(fd, 0644) != 0)
        e = errno;
    st = e ? GRUNDY_ERR_IO : grundy_plot_write(s, fd, f);
    if (st == GRUNDY_OK && fsync(fd) != 0 && errno != EINVAL)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (st == GRUNDY_OK && !e && rename(tmp, path) != 0)
        e = errno;
    if (st != GRUNDY_OK || e) {
        unlink(tmp);
        free(tmp);
        *err = e;
        return st != GRUNDY_OK ? st : GRUNDY_ERR_IO;
    }
    free(tmp);
    return GRUNDY_OK;
}
