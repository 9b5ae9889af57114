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
#include "plot.h"

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

#define AT(m) offsetof(plot_args, m)
static const cli_opt plot_opts[] = {
    {.type = CLI_OPT_ARG, .name = "RULES", .field = AT(spec),
     .need = "RULES"},
    {.type = CLI_OPT_SECTION, .name = "Pictures:"},
    {.type = CLI_OPT_U64, .name = "--upto", .meta = "N", .field = AT(upto),
     .seen = CLI_AT(plot_args, have_upto), .hi = UINT64_MAX - 1,
     .help = "g(n) against n for n = 0..N: one dot per position\n"
             "while there are no more positions than pixel\n"
             "columns, otherwise each pixel column shows the\n"
             "values of its run of positions; rare values of a\n"
             "take-and-break game in a second colour (when the\n"
             "rare mask leaves at most a quarter of the positions\n"
             "rare); a proven period marked (a dashed line at the\n"
             "preperiod, a bracket over one period).\n"
             "Two-heap games (wythoff, twoheap:MOVES): the map\n"
             "of g(a, b) for a, b = 0..N, a to the right and b\n"
             "up, with a colour key; P-positions (value 0) red"},
    {.type = CLI_OPT_TEXT, .name = "--position", .meta = "POS",
     .field = AT(position), .need = "a position",
     .help = "boards (cram, rect, chomp, node-kayles): the\n"
             "position POS (as `values --position` reads it;\n"
             "\"start\" where the family has one) with every move\n"
             "labelled by the value it leads to -- on the edge\n"
             "of a Cram domino, on a Node-Kayles vertex, on the\n"
             "Chomp square eaten, as a small board per Rect move;\n"
             "winning moves (to value 0) red; the independent\n"
             "parts tinted and outlined, with their values.\n"
             "Grids are drawn as grids, other graphs from their\n"
             "coordinates (a circle; Petersen: pentagon and star)"},
    {.type = CLI_OPT_TEXT, .name = "--at", .meta = "POS",
     .field = AT(position), .need = "a position"},
    {.type = CLI_OPT_FLAG, .name = "--all", .field = AT(all)},
    {.type = CLI_OPT_FLAG, .name = "--histogram", .field = AT(histogram),
     .help = "the number of positions with each value (with\n"
             "--upto N, or --all for every position of a board)"},
    {.type = CLI_OPT_FLAG, .name = "--log", .field = AT(log),
     .help = "with --histogram: counts on a logarithmic scale"},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_TEXT, .name = "--output", .alias = "-o", .meta = "FILE",
     .field = AT(out), .need = "a file name",
     .help = "FILE.svg, FILE.pdf or FILE.png (- : SVG on\n"
             "standard output)"},
    {.type = CLI_OPT_FLAG, .name = "--png", .field = AT(png),
     .help = "write a PNG whatever FILE's name"},
    {.type = CLI_OPT_U64, .name = "--width", .meta = "W", .field = AT(width),
     .seen = CLI_AT(plot_args, have_width), .lo = 240, .hi = 20000,
     .label = "--width W, --height H",
     .help = "picture size in pixels (default 960 x 540;\n"
             "a two-heap map: as wide as its square and key)"},
    {.type = CLI_OPT_U64, .name = "--height", .meta = "H",
     .field = AT(height), .lo = 180, .hi = 20000},
    {.type = CLI_OPT_TEXT, .name = "--title", .meta = "TEXT",
     .field = AT(title), .need = "a text", .flags = CLI_OPT_EMPTY,
     .help = "the title (default: the rules and what is drawn)"},
    {.type = CLI_OPT_TEXT, .name = "--xlabel", .meta = "TEXT",
     .field = AT(xlabel), .need = "a text", .flags = CLI_OPT_EMPTY,
     .label = "--xlabel TEXT, --ylabel TEXT", .help = "the axis labels"},
    {.type = CLI_OPT_TEXT, .name = "--ylabel", .meta = "TEXT",
     .field = AT(ylabel), .need = "a text", .flags = CLI_OPT_EMPTY},
    {.type = CLI_OPT_U64, .name = "--font-size", .meta = "PX",
     .field = AT(font_size), .lo = 6, .hi = 40,
     .help = "tick labels of PX pixels, other texts in proportion\n"
             "(6..40; default 11)"},
    {.type = CLI_OPT_FLAG, .name = "--no-rare", .field = AT(no_rare),
     .help = "one colour for every value"},
    {.type = CLI_OPT_END},
};
#undef AT

const cli_optset cli_plot_opts = {"plot", plot_opts, CLI_AT(plot_args, eng),
                                  1, 1};

static int parse_args(int argc, char **argv, plot_args *a)
{
    int rc;
    memset(a, 0, sizeof *a);
    a->width = 960;
    a->height = 540;
    cli_engine_init(&a->eng, "plot");
    rc = cli_opts_parse(&cli_plot_opts, a, argc, argv);
    if (rc)
        return rc;
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
    const plot_frame *f;
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
    double ph = m->f->y1 - m->f->y0 - 2 * PLOT_PAD;
    return m->f->y1 - PLOT_PAD - (double)v * ph / (double)m->ytop;
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
    const plot_frame *f = m->f;
    size_t cols = (size_t)(f->x1 - f->x0), rows, c, k;
    double ph = f->y1 - f->y0 - 2 * PLOT_PAD;
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
    lc = plot_layer_new(s, "col", PLOT_COLOUR_DOT, PLOT_NONE, 0);
    lr = plot_layer_new(s, "col-rare", PLOT_COLOUR_RARE, PLOT_NONE, 0);
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
        emit_runs(s, lc, cs.bits[0], rows, f->x0 + (double)c,
                  f->y1 - PLOT_PAD);
        emit_runs(s, lr, cs.bits[1], rows, f->x0 + (double)c,
                  f->y1 - PLOT_PAD);
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
    ld = plot_layer_new(s, "dot", PLOT_COLOUR_DOT, PLOT_NONE, 0);
    lr = plot_layer_new(s, "dot-rare", PLOT_COLOUR_RARE, PLOT_NONE, 0);
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
    const plot_frame *f = m->f;
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
        l = plot_layer_new(s, "preperiod", PLOT_NONE, PLOT_COLOUR_PERIOD, 1.5);
        plot_layer_at(s, l)->dashed = 1;
        plot_line(s, l, xq, y, xq, f->y1);
    }
    l = plot_layer_new(s, "period", PLOT_NONE, PLOT_COLOUR_PERIOD, 1.5);
    plot_line(s, l, xq, y, xp, y);
    plot_line(s, l, xq, y - 4, xq, y + 4);
    plot_line(s, l, xp, y - 4, xp, y + 4);
    /* the next boundaries, where they are far enough apart to see */
    if ((double)p * pw / (double)m->count >= 6)
        for (k = q + 2 * p; k < m->count && k - q <= 400 * p; k += p) {
            double x = f->x0 + (double)k * pw / (double)m->count;
            plot_line(s, l, x, f->y1 - 6, x, f->y1);
        }
    l = plot_layer_new(s, "period-text", PLOT_COLOUR_PERIOD, PLOT_NONE, 0);
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
    plot_frame f = plot_frame_make(s, 0);
    seq_map m;
    grundy_value vmax = grundy_table_max(in->t, NULL);
    uint64_t ystep;
    char title[300], sub[300], per[128], rare[96];
    plot_legend lg;

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
    plot_titles(s, a->title, title, sub);
    plot_y_grid(s, &f, m.ytop, ystep, seq_y, &m);
    if (m.dots)
        draw_dots(s, &m, in);
    else if (draw_columns(s, &m, in) < 0)
        return -1;
    draw_period(s, &m, in);
    plot_axes_lines(s, &f);
    plot_x_axis(s, &f, m.count - 1, 10, seq_x, &m,
                a->xlabel ? a->xlabel : "n");
    plot_y_axis(s, &f, m.ytop, ystep, seq_y, &m,
                a->ylabel ? a->ylabel : "g(n)");
    plot_legend_init(&lg, s);
    if (in->per.found && in->per.proven) {
        plot_legend_add(&lg, 'b', PLOT_COLOUR_PERIOD, "proven period");
        if (in->per.preperiod > 0)
            plot_legend_add(&lg, 'l', PLOT_COLOUR_PERIOD, "preperiod");
    }
    if (in->have_rare) {
        snprintf(rare, sizeof rare, "rare values (mask %llu)",
                 (unsigned long long)in->rare.mask);
        plot_legend_add(&lg, 'd', PLOT_COLOUR_RARE, rare);
        plot_legend_add(&lg, 'd', PLOT_COLOUR_DOT, "common values");
    } else {
        plot_legend_add(&lg, 'd', PLOT_COLOUR_DOT, "g(n)");
    }
    return 0;
}

/* The histogram ************************************************************/

typedef struct hist_map {
    const plot_frame *f;
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
    double ph = m->f->y1 - m->f->y0 - PLOT_PAD;
    if (m->log)
        return m->f->y1 - (double)c / m->decades * ph; /* c: a decade */
    return m->f->y1 - (double)c * ph / (double)m->ctop;
}

static int draw_histogram(plot_scene *s, const plot_args *a, plot_info *in)
{
    plot_frame f = plot_frame_make(s, 0);
    hist_map m;
    grundy_value vmax = grundy_table_max(in->t, NULL), v;
    uint64_t *counts, cmax = 0, step, bars = 0;
    double bw, ph = f.y1 - f.y0 - PLOT_PAD;
    size_t lb, lr;
    char title[300], sub[300], rare[96];
    plot_legend lg;

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
    plot_titles(s, a->title, title, sub);
    if (a->log) {
        uint64_t d;
        size_t grid =
            plot_layer_new(s, "grid", PLOT_NONE, PLOT_COLOUR_GRID, 1);
        for (d = 1; d <= (uint64_t)m.decades; d++)
            plot_line(s, grid, f.x0, hist_y(&m, d), f.x1, hist_y(&m, d));
    } else {
        plot_y_grid(s, &f, m.ctop, step, hist_y, &m);
    }
    bw = (f.x1 - f.x0) / (double)m.nvalues;
    lb = plot_layer_new(s, "bar", PLOT_COLOUR_DOT, PLOT_NONE, 0);
    lr = plot_layer_new(s, "bar-rare", PLOT_COLOUR_RARE, PLOT_NONE, 0);
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
    plot_axes_lines(s, &f);
    plot_x_axis(s, &f, vmax, 16, hist_x, &m,
                a->xlabel ? a->xlabel : "value g(n)");
    if (a->log) {
        size_t ticks =
            plot_layer_new(s, "yticks", PLOT_NONE, PLOT_COLOUR_AXIS, 1);
        size_t text =
            plot_layer_new(s, "ylabels", PLOT_COLOUR_TEXT, PLOT_NONE, 0);
        uint64_t d, p = 1;
        char buf[32];
        for (d = 0; d <= (uint64_t)m.decades; d++, p *= 10) {
            double y = hist_y(&m, d);
            plot_line(s, ticks, f.x0 - 5, y, f.x0, y);
            plot_tick_label(buf, sizeof buf, p);
            plot_text(s, text, f.x0 - 8, y + 4, buf, 11, PLOT_END, 0, 0);
        }
        plot_text(s, text, 18 * plot_fs(s), (f.y0 + f.y1) / 2,
                  a->ylabel ? a->ylabel : "positions", 12.5, PLOT_MIDDLE, 1,
                  0);
    } else {
        plot_y_axis(s, &f, m.ctop, step, hist_y, &m,
               a->ylabel ? a->ylabel : "positions");
    }
    plot_legend_init(&lg, s);
    if (in->have_rare) {
        snprintf(rare, sizeof rare, "rare values (mask %llu)",
                 (unsigned long long)in->rare.mask);
        plot_legend_add(&lg, 's', PLOT_COLOUR_RARE, rare);
        plot_legend_add(&lg, 's', PLOT_COLOUR_DOT, "common values");
    } else {
        plot_legend_add(&lg, 's', PLOT_COLOUR_DOT, "positions with the value");
    }
    free(counts);
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

/* --position: a board position and its moves. */
static int plot_position(plot_args *a, const grundy_game *g)
{
    grundy_pos p;
    grundy_status s;
    grundy_values *vals = NULL;
    plot_scene scene;
    plot_board_info info;
    int rc;
    char what[300];
    if (cli_open_position(&p, "plot", "--position", g, a->position))
        return CLI_EXIT_DATA;
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
    grundy_status s;
    int rc, finite, map;
    uint64_t count;

    rc = parse_args(argc, argv, &a);
    if (rc)
        return rc;
    if (cli_open_game(&g, "plot", a.spec))
        return CLI_EXIT_DATA;
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
        double fsz = a.font_size ? (double)a.font_size / 11.0 : 1.0;
        uint64_t most =
            (uint64_t)((double)a.height -
                       (PLOT_MARGIN_TOP + PLOT_MARGIN_BOTTOM) * fsz);
        if (a.upto + 1 > most) {
            grundy_game_free(g);
            return cli_usage_error("plot",
                                   "--upto %llu: a map of g(a, b) "
                                   "%llu pixels high (--height) "
                                   "shows a, b <= %llu",
                                   (unsigned long long)a.upto,
                                   (unsigned long long)a.height,
                                   (unsigned long long)(most - 1));
        }
        count = (a.upto + 1) * (a.upto + 1);
        /* a square map and its key, unless --width says otherwise */
        if (!a.have_width)
            a.width = (uint64_t)((double)most + (PLOT_MARGIN_LEFT + 200) * fsz);
    }
    memset(&in, 0, sizeof in);
    cli_catch_signals();
    s = cli_engine_values(&a.eng, g, &vals);
    if (s == GRUNDY_OK)
        s = grundy_values_table(&in.t, vals, count);
    cli_progress_done();
    if (s != GRUNDY_OK) {
        rc = cli_engine_error(&a.eng, "the table", s);
        cli_engine_clear(&a.eng);
        grundy_game_free(g);
        return rc;
    }
    if (!finite && !map)
        grundy_period_find(&in.per, in.t);
    find_rare(&in, &a, g);
    scene_start(&scene, &a);
    if (map) {
        plot_labels lb = {a.title, a.xlabel, a.ylabel};
        in.positions = count;
        rc = plot_map(&scene, in.t, a.upto + 1, a.spec, &lb, &in.marks);
    } else {
        rc = a.histogram ? draw_histogram(&scene, &a, &in)
                         : draw_sequence(&scene, &a, &in);
    }
    if (rc != 0 || scene.failed)
        rc = cli_error("plot", GRUNDY_ERR_NOMEM, NULL);
    else
        rc = write_picture(&a, &scene);
    if (rc == CLI_EXIT_OK)
        summary(&a, &in, map);
    plot_scene_clear(&scene);
    cli_engine_clear(&a.eng);
    grundy_game_free(g);
    return rc;
}
