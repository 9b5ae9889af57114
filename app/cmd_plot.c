/*
 * cmd_plot.c -- grundy plot RULES: pictures of values, as SVG (or PNG).
 *
 * Three pictures, each from one table of the values object:
 *
 *  - the sequence g(n) against n, the way octal games are looked at: one
 *    dot per position while there are no more positions than pixel
 *    columns; beyond that each pixel column stands for a run of
 *    positions and shows every value present in it (the pixel rows its
 *    values fall on, merged into runs), which is what a million dots of
 *    one pixel would show, in a file of a few hundred kilobytes.  Rare
 *    values (grundy_table_rare(), when the mask leaves few rare
 *    positions) are drawn in a second colour; a proven period is marked
 *    (a dashed line at the preperiod, a bracket over one period);
 *  - --histogram: the count of each value, linear or --log;
 *  - finite families (boards) with --all: the value of every position on
 *    a grid, position p at column p mod 2^k and row p div 2^k; grids
 *    larger than the picture show the largest value of each block.
 *
 * The reduction is one pass over the table with the width hoisted, so a
 * picture of 10^7 positions costs tens of milliseconds beyond the table.
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

#include "cli.h"
#include "json_out.h"
#include "plot.h"

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

typedef struct plot_args {
    const char *spec, *out, *position;
    const char *title, *xlabel, *ylabel;
    uint64_t upto, width, height, font_size;
    int have_upto, all, histogram, log, no_rare, png, have_width;
    plot_format format;
    cli_engine eng;
} plot_args;

/* What the picture is about, for the summary line. */
typedef struct plot_info {
    uint64_t positions, marks, columns;
    const grundy_table *t;
    grundy_period per;
    grundy_rare_info rare;
    int have_rare;
} plot_info;

/* The picture's format, from the extension of -o's file name (--png: PNG
 * whatever the name).  Anything but .svg, .pdf and .png is refused before
 * any work, and so is a PDF or PNG in a program built without cairo. */
static int out_format(plot_args *a)
{
    const char *base = strrchr(a->out, '/'), *ext;
    base = base ? base + 1 : a->out;
    ext = strrchr(base, '.');
    if (strcmp(a->out, "-") == 0) {
        if (a->png)
            return cli_usage_error("plot", "a PNG goes to a file: -o "
                                           "FILE.png");
        a->format = PLOT_SVG;
        return 0;
    }
    if (a->png)
        a->format = PLOT_PNG;
    else if (ext && ext != base && strcasecmp(ext, ".svg") == 0)
        a->format = PLOT_SVG;
    else if (ext && ext != base && strcasecmp(ext, ".pdf") == 0)
        a->format = PLOT_PDF;
    else if (ext && ext != base && strcasecmp(ext, ".png") == 0)
        a->format = PLOT_PNG;
    else if (ext && ext != base && ext[1])
        return cli_usage_error("plot", "-o '%s': unknown picture format "
                                       "'%s': write FILE.svg, FILE.pdf or "
                                       "FILE.png",
                               a->out, ext + 1);
    else
        return cli_usage_error("plot", "-o '%s': say the picture's format "
                                       "with the extension: FILE.svg, "
                                       "FILE.pdf or FILE.png",
                               a->out);
    if (a->format != PLOT_SVG && !plot_have_cairo()) {
        fprintf(stderr, "grundy: plot: -o '%s': %s needs cairo, and this "
                        "grundy was built without cairo (apt-get install "
                        "libcairo2-dev, then build again); or write "
                        "FILE.svg and convert it: rsvg-convert -f %s "
                        "FILE.svg -o FILE.%s\n",
                a->out, a->format == PLOT_PDF ? "PDF" : "PNG",
                a->format == PLOT_PDF ? "pdf" : "png",
                a->format == PLOT_PDF ? "pdf" : "png");
        return CLI_EXIT_DATA;
    }
    return 0;
}

/* The field of a text option (--title, --xlabel, --ylabel; NAME TEXT or
 * NAME=TEXT) and its name, or NULL. */
static const char **text_option(plot_args *a, const char *s,
                                const char **name)
{
    static const char *const names[3] = {"--title", "--xlabel", "--ylabel"};
    size_t n = strcspn(s, "="), k;
    for (k = 0; k < 3; k++)
        if (strlen(names[k]) == n && strncmp(s, names[k], n) == 0) {
            *name = names[k];
            return k == 0 ? &a->title : k == 1 ? &a->xlabel : &a->ylabel;
        }
    return NULL;
}

static int parse_args(int argc, char **argv, plot_args *a)
{
    int i;
    const char *v, **text, *name;
    memset(a, 0, sizeof *a);
    a->width = 960;
    a->height = 540;
    cli_engine_init(&a->eng, "plot");
    for (i = 1; i < argc; i++) {
        const char *s = argv[i];
        int e = cli_engine_option(&a->eng, argc, argv, &i);
        if (e < 0)
            return CLI_EXIT_USAGE;
        if (e > 0)
            continue;
        if (cli_opt_value(argc, argv, &i, "--upto", &v)) {
            if (cli_parse_u64("plot", "--upto", v, 0, UINT64_MAX - 1,
                              &a->upto))
                return CLI_EXIT_USAGE;
            a->have_upto = 1;
        } else if (cli_opt_value(argc, argv, &i, "--output", &v) ||
                   strcmp(s, "-o") == 0) {
            if (strcmp(s, "-o") == 0)
                v = i + 1 < argc ? argv[++i] : NULL;
            if (!v || !*v)
                return cli_usage_error("plot", "'%s' needs a file name", s);
            a->out = v;
        } else if (cli_opt_value(argc, argv, &i, "--width", &v)) {
            if (cli_parse_u64("plot", "--width", v, 240, 20000, &a->width))
                return CLI_EXIT_USAGE;
            a->have_width = 1;
        } else if (cli_opt_value(argc, argv, &i, "--height", &v)) {
            if (cli_parse_u64("plot", "--height", v, 180, 20000, &a->height))
                return CLI_EXIT_USAGE;
        } else if (strcmp(s, "--all") == 0) {
            a->all = 1;
        } else if (strcmp(s, "--histogram") == 0) {
            a->histogram = 1;
        } else if (strcmp(s, "--log") == 0) {
            a->log = 1;
        } else if (strcmp(s, "--no-rare") == 0) {
            a->no_rare = 1;
        } else if (strcmp(s, "--png") == 0) {
            a->png = 1;
        } else if (cli_opt_value(argc, argv, &i, "--position", &v) ||
                   cli_opt_value(argc, argv, &i, "--at", &v)) {
            if (!v || !*v)
                return cli_usage_error("plot", "'%s' needs a position", s);
            a->position = v;
        } else if ((text = text_option(a, s, &name)) != NULL) {
            if (!cli_opt_value(argc, argv, &i, name, &v) || !v)
                return cli_usage_error("plot", "'%s' needs a text", name);
            *text = v;
        } else if (cli_opt_value(argc, argv, &i, "--font-size", &v)) {
            if (cli_parse_u64("plot", "--font-size", v, 6, 40,
                              &a->font_size))
                return CLI_EXIT_USAGE;
        } else if (s[0] == '-' && s[1] != 0) {
            return cli_usage_error("plot", "unknown option '%s'", s);
        } else if (!a->spec) {
            a->spec = s;
        } else {
            return cli_usage_error("plot", "unexpected argument '%s'", s);
        }
    }
    if (!a->spec)
        return cli_usage_error("plot", "missing RULES");
    if (!a->out)
        return cli_usage_error("plot", "say where the picture goes: -o "
                                       "FILE.svg (or FILE.pdf, FILE.png, "
                                       "or - for SVG on standard output)");
    if (a->have_upto + a->all + (a->position != NULL) > 1)
        return cli_usage_error("plot", "give one of --upto, --position and "
                                       "--all");
    if (!a->have_upto && !a->all && !a->position)
        return cli_usage_error("plot", "say what to draw: --upto N, or "
                                       "--position POS for a board");
    if (a->log && !a->histogram)
        return cli_usage_error("plot", "--log applies to --histogram");
    if (a->position && a->histogram)
        return cli_usage_error("plot", "--histogram counts the values of a "
                                       "table: give --upto N or --all, not "
                                       "--position");
    return out_format(a);
}

/* Frame: title, axes, ticks ***********************************************/

typedef struct frame {
    double x0, y0, x1, y1; /* the plot area */
} frame;

/* Margins and text offsets grow with the font (--font-size). */
static double fs(const plot_scene *s)
{
    return s->font_scale > 0 ? s->font_scale : 1;
}

static frame make_frame(const plot_scene *s, double right_extra)
{
    frame f;
    f.x0 = MARGIN_LEFT * fs(s);
    f.y0 = MARGIN_TOP * fs(s);
    f.x1 = s->width - MARGIN_RIGHT - right_extra * fs(s);
    f.y1 = s->height - MARGIN_BOTTOM * fs(s);
    return f;
}

/* Title (bold) and a line under it; --title replaces the title. */
static void titles(plot_scene *s, const plot_args *a, const char *title,
                   const char *sub)
{
    size_t l = plot_layer_new(s, "title", COLOUR_TEXT, PLOT_NONE, 0);
    if (a->title)
        title = a->title;
    plot_text(s, l, MARGIN_LEFT * fs(s), 22 * fs(s), title, 15, PLOT_START,
              0, 1);
    l = plot_layer_new(s, "subtitle", COLOUR_SUBTLE, PLOT_NONE, 0);
    plot_text(s, l, MARGIN_LEFT * fs(s), 40 * fs(s), sub, 11.5, PLOT_START,
              0, 0);
    snprintf(s->title, sizeof s->title, "%s", title);
}

/* An axis tick every step up to max: at pixel pos(v). */
typedef double (*axis_pos)(const void *ctx, uint64_t v);

static void x_axis(plot_scene *s, const frame *f, uint64_t max,
                   unsigned most, axis_pos pos, const void *ctx,
                   const char *label)
{
    uint64_t step = plot_tick_step(max, most), v;
    size_t ticks = plot_layer_new(s, "xticks", PLOT_NONE, COLOUR_AXIS,
                                       1);
    size_t text = plot_layer_new(s, "xlabels", COLOUR_TEXT, PLOT_NONE,
                                      0);
    char buf[32];
    for (v = 0;; v += step) {
        double x = pos(ctx, v);
        plot_line(s, ticks, x, f->y1, x, f->y1 + 5);
        plot_tick_label(buf, sizeof buf, v);
        plot_text(s, text, x, f->y1 + 18 * fs(s), buf, 11, PLOT_MIDDLE, 0,
                  0);
        if (v + step > max)
            break;
    }
    plot_text(s, text, (f->x0 + f->x1) / 2, f->y1 + 38 * fs(s), label, 12.5,
              PLOT_MIDDLE, 0, 0);
}

/* The y axis and horizontal grid lines (drawn first, under the data). */
static void y_grid(plot_scene *s, const frame *f, uint64_t top,
                   uint64_t step, axis_pos pos, const void *ctx)
{
    size_t grid = plot_layer_new(s, "grid", PLOT_NONE, COLOUR_GRID, 1);
    uint64_t v;
    for (v = step; v <= top; v += step) {
        double y = pos(ctx, v);
        plot_line(s, grid, f->x0, y, f->x1, y);
        if (v + step > top)
            break;
    }
}

static void y_axis(plot_scene *s, const frame *f, uint64_t top,
                   uint64_t step, axis_pos pos, const void *ctx,
                   const char *label)
{
    size_t ticks = plot_layer_new(s, "yticks", PLOT_NONE, COLOUR_AXIS,
                                       1);
    size_t text = plot_layer_new(s, "ylabels", COLOUR_TEXT, PLOT_NONE,
                                      0);
    char buf[32];
    uint64_t v;
    for (v = 0;; v += step) {
        double y = pos(ctx, v);
        plot_line(s, ticks, f->x0 - 5, y, f->x0, y);
        plot_tick_label(buf, sizeof buf, v);
        plot_text(s, text, f->x0 - 8, y + 4 * fs(s), buf, 11, PLOT_END, 0,
                  0);
        if (v + step > top)
            break;
    }
    plot_text(s, text, 18 * fs(s), (f->y0 + f->y1) / 2, label, 12.5,
              PLOT_MIDDLE, 1, 0);
}

static void axes_lines(plot_scene *s, const frame *f)
{
    size_t l = plot_layer_new(s, "axes", PLOT_NONE, COLOUR_AXIS, 1);
    plot_line(s, l, f->x0, f->y0, f->x0, f->y1);
    plot_line(s, l, f->x0, f->y1, f->x1, f->y1);
}

/* Legend: entries laid out right to left on the title line. */
typedef struct legend {
    plot_scene *s;
    size_t marks, text;
    double x; /* the right end of the next entry */
} legend;

static void legend_init(legend *lg, plot_scene *s)
{
    lg->s = s;
    lg->marks = plot_layer_new(s, "legend", PLOT_NONE, PLOT_NONE, 0);
    lg->text = plot_layer_new(s, "legend-text", COLOUR_TEXT, PLOT_NONE, 0);
    lg->x = s->width - MARGIN_RIGHT;
}

/* kind: 'd' dot, 'l' dashed line, 'b' bracket, 's' square. */
static void legend_add(legend *lg, char kind, uint32_t colour,
                       const char *label)
{
    double k = fs(lg->s), w = 0.58 * 11.5 * k * (double)strlen(label),
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
        size_t l = plot_layer_new(lg->s, "legend-line", PLOT_NONE,
                                       colour, 1.5);
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
        lg->text = plot_layer_new(lg->s, "legend-text", COLOUR_TEXT,
                                  PLOT_NONE, 0);
    }
    }
    lg->x = x - (kind == 'b' ? 36 : kind == 's' ? 30 : 26) * k;
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
static void find_rare(plot_info *in, const plot_args *a, const grundy_game *g)
{
    in->have_rare = 0;
    if (a->no_rare || !(grundy_game_rules(g)->flags & GRUNDY_RULES_RARE))
        return;
    if (grundy_table_rare(&in->rare, in->t) != GRUNDY_OK)
        return;
    in->have_rare = in->rare.mask != 0 &&
                    in->rare.rare_positions * 4 <= in->rare.positions;
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
    return m->f->x0 + ((double)n + (m->dots ? 0.5 : 0.0)) * pw /
                          (double)m->count;
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

static void emit_runs(plot_scene *s, size_t l, const uint64_t *bits,
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
        plot_rect(s, l, x, ybase - (double)hi - 1, 1, (double)(hi - lo) + 2,
                  PLOT_NONE);
    }
}

static int draw_columns(plot_scene *s, const seq_map *m, plot_info *in)
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
        free(cs.bits[0]);
        free(cs.bits[1]);
        free(lut);
        return -1;
    }
    for (k = 0; lut && k <= vmax; k++)
        lut[k] = (uint32_t)llround((double)k * ph / (double)m->ytop);
    lc = plot_layer_new(s, "col", COLOUR_DOT, PLOT_NONE, 0);
    lr = plot_layer_new(s, "col-rare", COLOUR_RARE, PLOT_NONE, 0);
    if (lr == PLOT_NO_LAYER) {
        free(cs.bits[0]);
        free(cs.bits[1]);
        free(lut);
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
            size_t row = lut ? lut[v]
                             : (size_t)llround((double)v * ph /
                                               (double)m->ytop);
            int cls = mask && is_rare(v, mask);
            cs.bits[cls][row / 64] |= UINT64_C(1) << (row % 64);
        }
        emit_runs(s, lc, cs.bits[0], rows, f->x0 + (double)c, f->y1 - PAD);
            emit_runs(s, lr, cs.bits[1], rows, f->x0 + (double)c, f->y1 - PAD);
    }
    in->columns = cols;
    in->marks = plot_layer_at(s, lc)->n + plot_layer_at(s, lr)->n;
    snprintf(data_attr, sizeof data_attr,
             "data-positions=\"%llu\" data-columns=\"%zu\"",
             (unsigned long long)m->count, cols);
    snprintf(plot_layer_at(s, lc)->data, sizeof plot_layer_at(s, lc)->data,
             "%s", data_attr);
    snprintf(plot_layer_at(s, lr)->data, sizeof plot_layer_at(s, lr)->data,
             "%s", data_attr);
    free(cs.bits[0]);
    free(cs.bits[1]);
    free(lut);
    return 0;
}

static void draw_dots(plot_scene *s, const seq_map *m, plot_info *in)
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
    ld = plot_layer_new(s, "dot", COLOUR_DOT, PLOT_NONE, 0);
    lr = plot_layer_new(s, "dot-rare", COLOUR_RARE, PLOT_NONE, 0);
    if (lr == PLOT_NO_LAYER)
        return;
    for (n = 0; n < m->count; n++) {
        grundy_value v = grundy_table_get_raw(data, width, n);
        plot_circle(s, mask && is_rare(v, mask) ? lr : ld, seq_x(m, n),
                    seq_y(m, v), r, PLOT_NONE);
    }
    snprintf(plot_layer_at(s, ld)->data, sizeof plot_layer_at(s, ld)->data,
             "data-positions=\"%llu\"", (unsigned long long)m->count);
    snprintf(plot_layer_at(s, lr)->data, sizeof plot_layer_at(s, lr)->data,
             "data-positions=\"%llu\"", (unsigned long long)m->count);
    in->marks = plot_layer_at(s, ld)->n + plot_layer_at(s, lr)->n;
}

/* A proven period: a dashed line at the preperiod, a bracket over the
 * first period just above the plot area, small ticks at the next period
 * boundaries. */
static void draw_period(plot_scene *s, const seq_map *m, const plot_info *in)
{
    const frame *f = m->f;
    uint64_t q = in->per.preperiod, p = in->per.period, k;
    double pw = f->x1 - f->x0, xq, xp, y = f->y0 - 10;
    size_t l;
    char buf[96];
    if (!in->per.found || !in->per.proven || q >= m->count)
        return;
    xq = f->x0 + (double)q * pw / (double)m->count;
    xp = f->x0 + (double)(q + p < m->count ? q + p : m->count) * pw /
                     (double)m->count;
    if (q > 0) {
        l = plot_layer_new(s, "preperiod", PLOT_NONE, COLOUR_PERIOD, 1.5);
        plot_layer_at(s, l)->dashed = 1;
        plot_line(s, l, xq, y, xq, f->y1);
    }
    l = plot_layer_new(s, "period", PLOT_NONE, COLOUR_PERIOD, 1.5);
    plot_line(s, l, xq, y, xp, y);
    plot_line(s, l, xq, y - 4, xq, y + 4);
    plot_line(s, l, xp, y - 4, xp, y + 4);
    /* the next boundaries, where they are far enough apart to see */
    if ((double)p * pw / (double)m->count >= 6)
        for (k = q + 2 * p; k < m->count && k - q <= 400 * p; k += p) {
            double x = f->x0 + (double)k * pw / (double)m->count;
            plot_line(s, l, x, f->y1 - 6, x, f->y1);
        }
    l = plot_layer_new(s, "period-text", COLOUR_PERIOD, PLOT_NONE, 0);
    if (q > 0)
        snprintf(buf, sizeof buf, "period %llu from %llu",
                 (unsigned long long)p, (unsigned long long)q);
    else
        snprintf(buf, sizeof buf, "period %llu", (unsigned long long)p);
    if (xp + 6 + 0.58 * 11 * (double)strlen(buf) <= f->x1)
        plot_text(s, l, xp + 6, y + 4, buf, 11, PLOT_START, 0, 0);
    else
        plot_text(s, l, xq - 6, y + 4, buf, 11, PLOT_END, 0, 0);
}

static void period_text(char *buf, size_t cap, const plot_info *in)
{
    const grundy_period *p = &in->per;
    if (p->found && p->proven)
        snprintf(buf, cap, "period %llu preperiod %llu (proven)",
                 (unsigned long long)p->period,
                 (unsigned long long)p->preperiod);
    else if (p->found)
        snprintf(buf, cap,
                 "no period proven (repeats with period %llu from %llu)",
                 (unsigned long long)p->period,
                 (unsigned long long)p->preperiod);
    else
        snprintf(buf, cap, "no period proven");
}

static int draw_sequence(plot_scene *s, const plot_args *a, plot_info *in)
{
    frame f = make_frame(s, 0);
    seq_map m;
    grundy_value vmax = grundy_table_max(in->t, NULL);
    uint64_t ystep;
    char title[300], sub[300], per[128], rare[96];
    legend lg;

    m.f = &f;
    m.count = grundy_table_size(in->t);
    m.dots = m.count <= (uint64_t)(f.x1 - f.x0);
    ystep = plot_tick_step(vmax ? vmax : 1, 8);
    m.ytop = ((vmax ? vmax : 1) + ystep - 1) / ystep * ystep;
    in->positions = m.count;
    period_text(per, sizeof per, in);
    snprintf(title, sizeof title, "%s: g(n) for n = 0 .. %llu", a->spec,
             (unsigned long long)(m.count - 1));
    if (m.dots) {
        snprintf(sub, sizeof sub, "one dot per position; largest value "
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
    if (in->have_rare) {
        snprintf(rare, sizeof rare, "rare values (mask %llu)",
                 (unsigned long long)in->rare.mask);
        legend_add(&lg, 'd', COLOUR_RARE, rare);
        legend_add(&lg, 'd', COLOUR_DOT, "common values");
    } else {
        legend_add(&lg, 'd', COLOUR_DOT, "g(n)");
    }
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
    return m->f->x0 + ((double)v + 0.5) * (m->f->x1 - m->f->x0) /
                          (double)m->nvalues;
}

static double hist_y(const void *ctx, uint64_t c)
{
    const hist_map *m = ctx;
    double ph = m->f->y1 - m->f->y0 - PAD;
    if (m->log)
        return m->f->y1 - (double)c / m->decades * ph; /* c: a decade */
    return m->f->y1 - (double)c * ph / (double)m->ctop;
}

static int draw_histogram(plot_scene *s, const plot_args *a, plot_info *in)
{
    frame f = make_frame(s, 0);
    hist_map m;
    grundy_value vmax = grundy_table_max(in->t, NULL), v;
    uint64_t *counts, cmax = 0, step, bars = 0;
    double bw, ph = f.y1 - f.y0 - PAD;
    size_t lb, lr;
    char title[300], sub[300], rare[96];
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
    step = plot_tick_step(cmax, 8);
    m.ctop = (cmax + step - 1) / step * step;
    m.decades = 1;
    while (pow(10.0, m.decades) < (double)cmax)
        m.decades += 1;
    in->positions = grundy_table_size(in->t);
    snprintf(title, sizeof title, "%s: how often each value occurs, n = 0 "
                                  ".. %llu",
             a->spec, (unsigned long long)(in->positions - 1));
    snprintf(sub, sizeof sub, "%llu positions, values 0 .. %llu%s",
             (unsigned long long)in->positions, (unsigned long long)vmax,
             a->log ? "; counts on a logarithmic scale" : "");
    titles(s, a, title, sub);
    if (a->log) {
        uint64_t d;
        size_t grid = plot_layer_new(s, "grid", PLOT_NONE, COLOUR_GRID,
                                          1);
        for (d = 1; d <= (uint64_t)m.decades; d++)
            plot_line(s, grid, f.x0, hist_y(&m, d), f.x1, hist_y(&m, d));
    } else {
        y_grid(s, &f, m.ctop, step, hist_y, &m);
    }
    bw = (f.x1 - f.x0) / (double)m.nvalues;
    lb = plot_layer_new(s, "bar", COLOUR_DOT, PLOT_NONE, 0);
    lr = plot_layer_new(s, "bar-rare", COLOUR_RARE, PLOT_NONE, 0);
    if (lr == PLOT_NO_LAYER) {
        free(counts);
        return -1;
    }
    for (v = 0; v <= vmax; v++) {
        double h, x;
        if (!counts[v])
            continue;
        h = a->log ? (log10((double)counts[v]) + (counts[v] == 1 ? 0.05 : 0))
                         / m.decades * ph
                   : (double)counts[v] * ph / (double)m.ctop;
        if (h < 1)
            h = 1;
        x = f.x0 + (double)v * bw + (bw >= 3 ? bw * 0.1 : 0);
        plot_rect(s,
                  in->have_rare && is_rare(v, in->rare.mask) ? lr : lb, x,
                  f.y1 - h, bw >= 3 ? bw * 0.8 : bw, h, PLOT_NONE);
        bars++;
    }
    snprintf(plot_layer_at(s, lb)->data, sizeof plot_layer_at(s, lb)->data,
             "data-bars=\"%llu\"", (unsigned long long)bars);
    in->marks = bars;
    axes_lines(s, &f);
    x_axis(s, &f, vmax, 16, hist_x, &m, a->xlabel ? a->xlabel : "value g(n)");
    if (a->log) {
        size_t ticks = plot_layer_new(s, "yticks", PLOT_NONE,
                                           COLOUR_AXIS, 1);
        size_t text = plot_layer_new(s, "ylabels", COLOUR_TEXT,
                                          PLOT_NONE, 0);
        uint64_t d, p = 1;
        char buf[32];
        for (d = 0; d <= (uint64_t)m.decades; d++, p *= 10) {
            double y = hist_y(&m, d);
            plot_line(s, ticks, f.x0 - 5, y, f.x0, y);
            plot_tick_label(buf, sizeof buf, p);
            plot_text(s, text, f.x0 - 8, y + 4, buf, 11, PLOT_END, 0, 0);
        }
        plot_text(s, text, 18 * fs(s), (f.y0 + f.y1) / 2,
                  a->ylabel ? a->ylabel : "positions", 12.5, PLOT_MIDDLE, 1,
                  0);
    } else {
        y_axis(s, &f, m.ctop, step, hist_y, &m,
               a->ylabel ? a->ylabel : "positions");
    }
    legend_init(&lg, s);
    if (in->have_rare) {
        snprintf(rare, sizeof rare, "rare values (mask %llu)",
                 (unsigned long long)in->rare.mask);
        legend_add(&lg, 's', COLOUR_RARE, rare);
        legend_add(&lg, 's', COLOUR_DOT, "common values");
    } else {
        legend_add(&lg, 's', COLOUR_DOT, "positions with the value");
    }
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
static int draw_map(plot_scene *s, const plot_args *a, plot_info *in,
                    uint64_t side)
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
    lc = plot_layer_new(s, "cell", PLOT_NONE, PLOT_NONE, 0);
    lp = plot_layer_new(s, "p-position", COLOUR_RARE, PLOT_NONE, 0);
    ld = plot_layer_new(s, "p-dot", 0xFFFFFF, PLOT_NONE, 0);
    if (ld == PLOT_NO_LAYER)
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
                plot_rect(s, lc, m.ox + (double)run * m.cell,
                          m.oy - (double)(y + 1) * m.cell,
                          (double)(x - run) * m.cell + 0.4, m.cell + 0.4,
                          plot_value_colour(rv, vmax));
                open = 0;
            }
            if (end)
                break;
            if (v == 0) {
                char pos[64];
                plot_rect(s, lp, m.ox + (double)x * m.cell,
                          m.oy - (double)(y + 1) * m.cell, m.cell, m.cell,
                          PLOT_NONE);
                snprintf(pos, sizeof pos, "data-pos=\"%llu,%llu\"",
                         (unsigned long long)x, (unsigned long long)y);
                plot_shape_data(s, lp, pos);
                if (m.cell >= 8)
                    plot_circle(s, ld, map_x(&m, x), map_y(&m, y),
                                m.cell * 0.18, PLOT_NONE);
                np++;
            } else if (!open) {
                run = x;
                rv = v;
                open = 1;
            }
        }
    }
    in->marks = np;
    snprintf(plot_layer_at(s, lc)->data, sizeof plot_layer_at(s, lc)->data,
             "data-side=\"%llu\" data-cell=\"%.6g\"", (unsigned long long)side,
             m.cell);
    snprintf(plot_layer_at(s, lp)->data, sizeof plot_layer_at(s, lp)->data,
             "data-count=\"%llu\"", (unsigned long long)np);
    snprintf(sub, sizeof sub,
             "%llu positions; largest value %llu; %llu P-positions "
             "(value 0, in red)",
             (unsigned long long)in->positions, (unsigned long long)vmax,
             (unsigned long long)np);
    {
        size_t l = plot_layer_new(s, "subtitle", COLOUR_SUBTLE, PLOT_NONE, 0);
        plot_text(s, l, MARGIN_LEFT * fs(s), 40 * fs(s), sub, 11.5,
                  PLOT_START, 0, 0);
    }
    {
        frame af = f;
        size_t l = plot_layer_new(s, "axes", PLOT_NONE, COLOUR_AXIS, 1);
        af.x1 = m.ox + m.cell * (double)side;
        af.y0 = f.y0;
        af.y1 = m.oy;
        plot_line(s, l, af.x0, af.y0, af.x0, af.y1);
        plot_line(s, l, af.x0, af.y1, af.x1, af.y1);
        x_axis(s, &af, side - 1, 10, map_x, &m, a->xlabel ? a->xlabel : "a");
        y_axis(s, &af, side - 1, plot_tick_step(side - 1 ? side - 1 : 1, 10),
               map_y, &m, a->ylabel ? a->ylabel : "b");
    }
    /* the colour scale */
    lg = plot_layer_new(s, "key", PLOT_NONE, PLOT_NONE, 0);
    lt = plot_layer_new(s, "key-text", COLOUR_TEXT, PLOT_NONE, 0);
    {
        double kx = m.ox + m.cell * (double)side + 36 * fs(s), ky = f.y0;
        uint64_t steps = vmax < 16 ? (uint64_t)vmax + 1 : 16, k;
        double kh = (f.y1 - f.y0) / (double)steps;
        if (kh > 18 * fs(s))
            kh = 18 * fs(s);
        plot_text(s, lt, kx, ky - 6, "g(a, b)", 12, PLOT_START, 0, 1);
        for (k = 0; k < steps; k++) {
            v = steps == (uint64_t)vmax + 1 ? k : k * vmax / (steps - 1);
            plot_rect(s, lg, kx, ky + (double)k * kh, 14, kh - 4,
                      v == 0 ? COLOUR_RARE : plot_value_colour(v, vmax));
            plot_tick_label(buf, sizeof buf, v);
            if (v == 0)
                strcat(buf, " (P-positions)");
            plot_text(s, lt, kx + 20, ky + (double)k * kh + kh / 2 + 2, buf,
                      11, PLOT_START, 0, 0);
        }
    }
    return 0;
}

/* The command **************************************************************/

static grundy_status write_format(const plot_args *a, const plot_scene *s,
                                  int fd)
{
    return a->format == PLOT_SVG ? plot_write_svg(s, fd)
                                 : plot_write_cairo(s, fd, a->format);
}

/* The picture goes to a temporary file next to FILE, renamed to FILE once
 * complete: FILE is never half written, and is left as it was on error. */
static int write_picture(const plot_args *a, const plot_scene *s)
{
    grundy_status st;
    size_t n = strlen(a->out);
    char *tmp;
    int fd, e = 0;
    if (strcmp(a->out, "-") == 0) {
        st = plot_write_svg(s, 1);
        if (st != GRUNDY_OK) {
            fprintf(stderr, "grundy: plot: standard output: %s\n",
                    grundy_strerror(st));
            return CLI_EXIT_DATA;
        }
        return CLI_EXIT_OK;
    }
    tmp = malloc(n + 16);
    if (!tmp)
        return cli_error("plot", GRUNDY_ERR_NOMEM, NULL);
    snprintf(tmp, n + 16, "%s.tmp-XXXXXX", a->out);
    fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "grundy: plot: %s: %s\n", a->out, strerror(errno));
        free(tmp);
        return CLI_EXIT_DATA;
    }
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (fchmod(fd, 0644) != 0)
        e = errno;
    st = e ? GRUNDY_ERR_IO : write_format(a, s, fd);
    if (st == GRUNDY_OK && fsync(fd) != 0 && errno != EINVAL)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (st == GRUNDY_OK && !e && rename(tmp, a->out) != 0)
        e = errno;
    if (st != GRUNDY_OK || e) {
        unlink(tmp);
        free(tmp);
        fprintf(stderr, "grundy: plot: %s: %s\n", a->out,
                e ? strerror(e) : grundy_strerror(st));
        return CLI_EXIT_DATA;
    }
    free(tmp);
    return CLI_EXIT_OK;
}

/* One line on what was drawn (stdout, unless the picture goes there). */
static void summary(const plot_args *a, const plot_info *in, int map)
{
    char per[128];
    if (strcmp(a->out, "-") == 0)
        return;
    if (map) {
        printf("plot: %s: %s, a, b = 0..%llu, largest value %llu, %llu "
               "P-positions\n",
               a->out, a->spec, (unsigned long long)a->upto,
               (unsigned long long)grundy_table_max(in->t, NULL),
               (unsigned long long)in->marks);
        return;
    }
    printf("plot: %s: %s, positions 0..%llu", a->out, a->spec,
           (unsigned long long)(in->positions - 1));
    if (a->histogram)
        printf(", %llu bars", (unsigned long long)in->marks);
    else if (in->columns)
        printf(" in %llu columns", (unsigned long long)in->columns);
    else
        printf(", %llu dots", (unsigned long long)in->marks);
    printf(", largest value %llu",
           (unsigned long long)grundy_table_max(in->t, NULL));
    if (in->have_rare)
        printf(", rare mask %llu (%llu positions)",
               (unsigned long long)in->rare.mask,
               (unsigned long long)in->rare.rare_positions);
    if (!a->histogram) {
        period_text(per, sizeof per, in);
        printf(", %s", per);
    }
    putchar('\n');
}

static void scene_start(plot_scene *scene, const plot_args *a)
{
    size_t bg;
    plot_scene_init(scene, (double)a->width, (double)a->height);
    if (a->font_size)
        scene->font_scale = (double)a->font_size / 11.0;
    bg = plot_layer_new(scene, "background", 0xFFFFFF, PLOT_NONE, 0);
    plot_rect(scene, bg, 0, 0, scene->width, scene->height, PLOT_NONE);
}

/* The largest side a, b <= N of a two-heap map the picture's height
 * shows, and the width of a square map with its key. */
static uint64_t map_most(const plot_args *a)
{
    double fsz = a->font_size ? (double)a->font_size / 11.0 : 1.0;
    return (uint64_t)((double)a->height - (MARGIN_TOP + MARGIN_BOTTOM) * fsz);
}

static void map_width(plot_args *a, uint64_t most)
{
    double fsz = a->font_size ? (double)a->font_size / 11.0 : 1.0;
    a->width = (uint64_t)((double)most + (MARGIN_LEFT + 200) * fsz);
}

/* The picture of a table of count positions (0: every position of a
 * board), drawn in the started scene. */
static grundy_status table_scene(plot_scene *scene, plot_info *in,
                                 plot_args *a, const grundy_game *g,
                                 grundy_values *vals, uint64_t count,
                                 int finite, int map)
{
    grundy_status s;
    int rc;
    s = grundy_values_table(&in->t, vals, count);
    if (s != GRUNDY_OK)
        return s;
    if (!finite && !map)
        grundy_period_find(&in->per, in->t);
    find_rare(in, a, g);
    rc = a->histogram ? draw_histogram(scene, a, in)
         : map        ? draw_map(scene, a, in, a->upto + 1)
                      : draw_sequence(scene, a, in);
    return rc != 0 || scene->failed ? GRUNDY_ERR_NOMEM : GRUNDY_OK;
}

/* The SVG `grundy plot RULES -o -` draws (json_out.h). */
grundy_status cli_plot_svg(int fd, const char *spec, const grundy_game *g,
                           grundy_values *vals, const char *position,
                           grundy_pos p, uint64_t upto, uint64_t *most)
{
    plot_args a;
    plot_info in;
    plot_scene scene;
    plot_board_info info;
    grundy_status s;
    int finite = grundy_game_num_positions(g) != 0,
        map = (grundy_game_rules(g)->flags & GRUNDY_RULES_PAIRS) != 0;
    memset(&a, 0, sizeof a);
    memset(&in, 0, sizeof in);
    a.spec = spec;
    a.out = "-";
    a.width = 960;
    a.height = 540;
    a.upto = upto;
    a.have_upto = !position;
    if (position) {
        scene_start(&scene, &a);
        s = plot_board(&scene, g, vals, p, NULL, &info);
    } else {
        *most = map ? map_most(&a) : UINT64_C(1) << 48;
        if (upto + 1 > *most)
            return GRUNDY_ERR_RANGE;
        if (map)
            map_width(&a, *most);
        scene_start(&scene, &a);
        s = table_scene(&scene, &in, &a, g, vals,
                        map ? (upto + 1) * (upto + 1) : upto + 1, finite,
                        map);
    }
    if (s == GRUNDY_OK)
        s = plot_write_svg(&scene, fd);
    plot_scene_clear(&scene);
    return s;
}

/* --position: a board position and its moves. */
static int plot_position(plot_args *a, const grundy_game *g)
{
    grundy_pos p;
    grundy_parse_error where;
    grundy_status s;
    grundy_values *vals = NULL;
    plot_scene scene;
    plot_board_info info;
    int rc;
    char what[300];
    memset(&where, 0, sizeof where);
    s = grundy_game_pos_parse(g, a->position, strlen(a->position), &p,
                              &where);
    if (s != GRUNDY_OK) {
        fprintf(stderr, "grundy: plot: --position '%s' at column %lu: %s\n",
                a->position, where.col ? where.col : 1,
                where.msg[0] ? where.msg : grundy_strerror(s));
        return CLI_EXIT_DATA;
    }
    cli_catch_signals();
    s = cli_engine_values(&a->eng, g, &vals);
    scene_start(&scene, a);
    if (s == GRUNDY_OK)
        s = plot_board(&scene, g, vals, p, a->title, &info);
    cli_progress_done();
    if (s != GRUNDY_OK) {
        plot_scene_clear(&scene);
        snprintf(what, sizeof what, "position '%s': the values",
                 a->position);
        return cli_engine_error(&a->eng, what, s);
    }
    rc = write_picture(a, &scene);
    if (rc == CLI_EXIT_OK && strcmp(a->out, "-") != 0)
        printf("plot: %s: %s, position %s, value %llu, %zu moves (%zu "
               "winning), %zu part%s\n",
               a->out, a->spec, a->position, (unsigned long long)info.value,
               info.moves, info.winning, info.parts,
               info.parts == 1 ? "" : "s");
    plot_scene_clear(&scene);
    return rc;
}

int cmd_plot(int argc, char **argv)
{
    plot_args a;
    plot_info in;
    plot_scene scene;
    grundy_game *g = NULL;
    grundy_values *vals = NULL;
    grundy_parse_error where;
    grundy_status s;
    int rc, finite, map;
    uint64_t count;

    rc = parse_args(argc, argv, &a);
    if (rc)
        return rc;
    memset(&where, 0, sizeof where);
    s = grundy_game_new(&g, a.spec, &where);
    if (s != GRUNDY_OK) {
        fprintf(stderr, "grundy: plot: rules '%s' at column %lu: %s\n",
                a.spec, where.col ? where.col : 1,
                where.msg[0] ? where.msg : grundy_strerror(s));
        return CLI_EXIT_DATA;
    }
    finite = grundy_game_num_positions(g) != 0;
    map = (grundy_game_rules(g)->flags & GRUNDY_RULES_PAIRS) != 0;
    if (a.position) {
        if (!grundy_game_rules(g)->geometry) {
            grundy_game_free(g);
            return cli_usage_error("plot", "--position draws a position of "
                                           "a board (cram, rect, chomp, "
                                           "node-kayles); for %s use --upto "
                                           "N",
                                   a.spec);
        }
        rc = plot_position(&a, g);
        cli_engine_clear(&a.eng);
        grundy_game_free(g);
        return rc;
    }
    if (a.all && !finite) {
        grundy_game_free(g);
        return cli_usage_error("plot", "--all needs a finite family (a "
                                       "board); use --upto N");
    }
    if (a.all && !a.histogram) {
        int start = grundy_game_rules(g)->start != NULL;
        grundy_game_free(g);
        return cli_usage_error(
            "plot", "--all would colour every position number, which "
                    "shows nothing of the board; draw a position and its "
                    "moves with --position %s, or count the values with "
                    "--all --histogram",
            start ? "start" : "ROWS (e.g. 111/111)");
    }
    if (a.have_upto && finite) {
        grundy_game_free(g);
        return cli_usage_error("plot", "%s is a finite family: use "
                                       "--position POS, or --all "
                                       "--histogram",
                               a.spec);
    }
    if (a.have_upto && a.upto >= UINT64_C(1) << 48) {
        grundy_game_free(g);
        return cli_usage_error("plot", "--upto: at most 2^48 positions");
    }
    map = map && a.have_upto && !a.histogram;
    count = finite ? 0 : a.upto + 1;
    if (map) {
        uint64_t most = map_most(&a);
        if (a.upto + 1 > most) {
            grundy_game_free(g);
            return cli_usage_error("plot", "--upto %llu: a map of g(a, b) "
                                           "%llu pixels high (--height) "
                                           "shows a, b <= %llu",
                                   (unsigned long long)a.upto,
                                   (unsigned long long)a.height,
                                   (unsigned long long)(most - 1));
        }
        count = (a.upto + 1) * (a.upto + 1);
        /* a square map and its key, unless --width says otherwise */
        if (!a.have_width)
            map_width(&a, most);
    }
    memset(&in, 0, sizeof in);
    cli_catch_signals();
    scene_start(&scene, &a);
    s = cli_engine_values(&a.eng, g, &vals);
    if (s == GRUNDY_OK)
        s = table_scene(&scene, &in, &a, g, vals, count, finite, map);
    cli_progress_done();
    if (s != GRUNDY_OK) {
        plot_scene_clear(&scene);
        rc = s == GRUNDY_ERR_NOMEM ? cli_error("plot", s, NULL)
                                   : cli_engine_error(&a.eng, "the table", s);
        cli_engine_clear(&a.eng);
        grundy_game_free(g);
        return rc;
    }
    rc = write_picture(&a, &scene);
    if (rc == CLI_EXIT_OK)
        summary(&a, &in, map);
    plot_scene_clear(&scene);
    cli_engine_clear(&a.eng);
    grundy_game_free(g);
    return rc;
}
