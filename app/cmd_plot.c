/*
 * cmd_plot.c -- grundy plot RULES: pictures of values, as SVG (or PDF and
 * PNG through cairo).  This file reads the options, makes the table or
 * the position's values, and writes the picture and a summary line; the
 * pictures are the library's (grundy/plot.h: the sequence g(n), the
 * histogram, the map of a two-heap family, a board position and its
 * moves), which the Python module and grundy serve draw through too.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json_out.h"

typedef struct plot_args {
    grundy_plot_request r; /* what to draw */
    const char *out, *position;
    int have_upto, all, png, have_width;
    grundy_plot_format format;
    cli_engine eng;
} plot_args;
#define AT(m) offsetof(plot_args, m)

/* The picture's format, from the extension of -o's file name (--png: PNG
 * whatever the name).  Anything but .svg, .pdf and .png is refused before
 * any work, and so is a PDF or PNG in a program built without cairo. */
static int out_format(const char *cmd, void *args)
{
    plot_args *a = args;
    const char *ext;
    grundy_status s;
    if (strcmp(a->out, "-") == 0) {
        if (a->png)
            return cli_usage_error(cmd, "a PNG goes to a file: -o "
                                           "FILE.png");
        a->format = GRUNDY_PLOT_SVG;
        return 0;
    }
    s = grundy_plot_format_of_path(&a->format, &ext, a->out);
    if (a->png)
        a->format = GRUNDY_PLOT_PNG;
    else if (s == GRUNDY_ERR_PARSE)
        return cli_usage_error(cmd, "-o '%s': unknown picture format "
                                       "'%s': write FILE.svg, FILE.pdf or "
                                       "FILE.png",
                               a->out, ext);
    else if (s != GRUNDY_OK)
        return cli_usage_error(cmd, "-o '%s': say the picture's format "
                                       "with the extension: FILE.svg, "
                                       "FILE.pdf or FILE.png",
                               a->out);
    if (a->format != GRUNDY_PLOT_SVG && !grundy_plot_have_cairo()) {
        const char *fmt = a->format == GRUNDY_PLOT_PDF ? "pdf" : "png";
        fprintf(stderr, "grundy: plot: -o '%s': %s needs cairo, and %s; or "
                        "write FILE.svg and convert it: rsvg-convert -f %s "
                        "FILE.svg -o FILE.%s\n",
                a->out, a->format == GRUNDY_PLOT_PDF ? "PDF" : "PNG",
                grundy_plot_cairo_built()
                    ? "libcairo.so.2 was not found (apt-get install "
                      "libcairo2)"
                    : "this grundy was built without cairo (apt-get "
                      "install libcairo2-dev, then build again)",
                fmt, fmt);
        return CLI_EXIT_DATA;
    }
    return 0;
}

static const cli_opt plot_opts[] = {
    {.type = CLI_OPT_ARG, .name = "RULES", .field = AT(r.spec),
     .need = "RULES"},
    {.type = CLI_OPT_SECTION, .name = "Pictures:"},
    {.type = CLI_OPT_U64, .name = "--upto", .meta = "N", .field = AT(r.upto),
     .seen = CLI_AT(plot_args, have_upto), .hi = UINT64_MAX - 1,
     .help = "g(n) against n for n = 0..N (rare values in a\n"
             "second colour, a proven period marked); two-heap\n"
             "games: the map of g(a, b) for a, b = 0..N"},
    {.type = CLI_OPT_TEXT, .name = "--position", .meta = "POS",
     .field = AT(position), .need = "a position",
     .help = "boards (cram, rect, chomp, node-kayles): the\n"
             "position POS with every move labelled by the value\n"
             "it leads to, winning moves red"},
    {.type = CLI_OPT_TEXT, .name = "--at", .meta = "POS",
     .field = AT(position), .need = "a position"},
    {.type = CLI_OPT_FLAG, .name = "--all", .field = AT(all)},
    {.type = CLI_OPT_FLAG, .name = "--histogram", .field = AT(r.histogram),
     .help = "the number of positions with each value (with\n"
             "--upto N, or --all for every position of a board)"},
    {.type = CLI_OPT_FLAG, .name = "--log", .field = AT(r.log),
     .help = "with --histogram: counts on a logarithmic scale"},
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_TEXT, .name = "--output", .alias = "-o", .meta = "FILE",
     .field = AT(out), .need = "a file name",
     .help = "FILE.svg, FILE.pdf or FILE.png (- : SVG on\n"
             "standard output)"},
    {.type = CLI_OPT_FLAG, .name = "--png", .field = AT(png),
     .help = "write a PNG whatever FILE's name"},
    {.type = CLI_OPT_U64, .name = "--width", .meta = "W", .field = AT(r.width),
     .seen = CLI_AT(plot_args, have_width), .lo = 240, .hi = 20000,
     .def = GRUNDY_PLOT_WIDTH,
     .label = "--width W, --height H",
     .help = "picture size in pixels (default 960 x 540;\n"
             "a two-heap map: as wide as its square and key)"},
    {.type = CLI_OPT_U64, .name = "--height", .meta = "H",
     .field = AT(r.height), .lo = 180, .hi = 20000,
     .def = GRUNDY_PLOT_HEIGHT},
    {.type = CLI_OPT_TEXT, .name = "--title", .meta = "TEXT",
     .field = AT(r.title), .need = "a text", .flags = CLI_OPT_EMPTY,
     .help = "the title (default: the rules and what is drawn)"},
    {.type = CLI_OPT_TEXT, .name = "--xlabel", .meta = "TEXT",
     .field = AT(r.xlabel), .need = "a text", .flags = CLI_OPT_EMPTY,
     .label = "--xlabel TEXT, --ylabel TEXT", .help = "the axis labels"},
    {.type = CLI_OPT_TEXT, .name = "--ylabel", .meta = "TEXT",
     .field = AT(r.ylabel), .need = "a text", .flags = CLI_OPT_EMPTY},
    {.type = CLI_OPT_U64, .name = "--font-size", .meta = "PX",
     .field = AT(r.font_size), .lo = 6, .hi = 40,
     .help = "tick labels of PX pixels, other texts in proportion\n"
             "(6..40; default 11)"},
    {.type = CLI_OPT_FLAG, .name = "--no-rare", .field = AT(r.no_rare),
     .help = "one colour for every value"},
    {.type = CLI_OPT_END},
};
#undef AT

/* What goes with what, in the order the checks are made. */
static const cli_rule plot_rules[] = {
    {CLI_RULE_ANY, {"--output"}, NULL,
     "say where the picture goes: -o FILE.svg (or FILE.pdf, FILE.png, or - "
     "for SVG on standard output)"},
    {CLI_RULE_ONE, {"--upto", "--position", "--all"}, NULL,
     "give one of --upto, --position and --all"},
    {CLI_RULE_ANY, {"--upto", "--all", "--position"}, NULL,
     "say what to draw: --upto N, or --position POS for a board"},
    {CLI_RULE_NEEDS, {"--log", "--histogram"}, NULL,
     "--log applies to --histogram"},
    {CLI_RULE_NOT, {"--position", "--histogram"}, NULL,
     "--histogram counts the values of a table: give --upto N or --all, "
     "not --position"},
    {CLI_RULE_CHECK, {NULL}, out_format, NULL},
    {.type = CLI_RULE_END},
};

const cli_optset cli_plot_opts = {"plot", plot_opts, CLI_AT(plot_args, eng),
                                  1, 1, plot_rules};

/* The command **************************************************************/

/* The picture goes to a temporary file next to FILE, renamed to FILE once
 * complete: FILE is never half written, and is left as it was on error. */
static int write_picture(const plot_args *a, const grundy_plot_scene *s)
{
    grundy_status st;
    int e = 0;
    if (strcmp(a->out, "-") == 0) {
        st = grundy_plot_write(s, 1, GRUNDY_PLOT_SVG);
        if (st != GRUNDY_OK) {
            fprintf(stderr, "grundy: plot: standard output: %s\n",
                    grundy_strerror(st));
            return CLI_EXIT_DATA;
        }
        return CLI_EXIT_OK;
    }
    st = grundy_plot_write_file(s, a->out, a->format, &e);
    if (st != GRUNDY_OK) {
        fprintf(stderr, "grundy: plot: %s: %s\n", a->out,
                e ? strerror(e) : grundy_strerror(st));
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

/* One line on what was drawn (stdout, unless the picture goes there). */
static void summary(const plot_args *a, const grundy_plot_info *in,
                    const grundy_plot_board_info *info)
{
    char per[128];
    if (strcmp(a->out, "-") == 0)
        return;
    if (a->position) {
        printf("plot: %s: %s, position %s, value %llu, %zu moves (%zu "
               "winning), %zu part%s\n",
               a->out, a->r.spec, a->position,
               (unsigned long long)info->value, info->moves, info->winning,
               info->parts, info->parts == 1 ? "" : "s");
        return;
    }
    if (a->r.map) {
        printf("plot: %s: %s, a, b = 0..%llu, largest value %llu, %llu "
               "P-positions\n",
               a->out, a->r.spec, (unsigned long long)a->r.upto,
               (unsigned long long)grundy_table_max(in->t, NULL),
               (unsigned long long)in->marks);
        return;
    }
    printf("plot: %s: %s, positions 0..%llu", a->out, a->r.spec,
           (unsigned long long)(in->positions - 1));
    if (a->r.histogram)
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
    if (!a->r.histogram) {
        grundy_plot_period_text(per, sizeof per, in);
        printf(", %s", per);
    }
    putchar('\n');
}

/* The picture of r: with p, a board position and its moves (*info);
 * else the table of vals that r needs (in->t) and its picture (*in). */
static grundy_status draw(grundy_plot_scene **scene,
                          const grundy_plot_request *r, const grundy_game *g,
                          grundy_values *vals, const grundy_pos *p,
                          grundy_plot_info *in, grundy_plot_board_info *info)
{
    grundy_status s;
    memset(in, 0, sizeof *in);
    if (p)
        return grundy_plot_board(scene, r, g, vals, *p, info);
    s = grundy_values_table(&in->t, vals, grundy_plot_table_count(r, g));
    return s == GRUNDY_OK ? grundy_plot_draw(scene, r, g, in) : s;
}

/* The SVG `grundy plot RULES -o -` draws (json_out.h). */
grundy_status cli_plot_svg(int fd, const char *spec, const grundy_game *g,
                           grundy_values *vals, const char *position,
                           grundy_pos p, uint64_t upto, uint64_t *most)
{
    grundy_plot_request r;
    grundy_plot_info in;
    grundy_plot_scene *scene = NULL;
    grundy_plot_board_info info;
    grundy_status s;
    grundy_plot_request_init(&r);
    r.spec = spec;
    r.upto = upto;
    r.map = (grundy_game_rules(g)->flags & GRUNDY_RULES_PAIRS) != 0;
    *most = UINT64_C(1) << 48;
    if (!position && upto + 1 > *most)
        return GRUNDY_ERR_RANGE;
    if (!position && r.map && grundy_plot_map_fit(&r, 0) != GRUNDY_OK) {
        *most = r.upto + 1;
        return GRUNDY_ERR_RANGE;
    }
    s = draw(&scene, &r, g, vals, position ? &p : NULL, &in, &info);
    if (s == GRUNDY_OK)
        s = grundy_plot_write(scene, fd, GRUNDY_PLOT_SVG);
    grundy_plot_free(scene);
    return s;
}

/* What --position, --upto and --all ask of g: 0 (the position in *p, the
 * request made), or a usage error. */
static int check_request(plot_args *a, const grundy_game *g, grundy_pos *p)
{
    const grundy_rules *rules = grundy_game_rules(g);
    int finite = grundy_game_num_positions(g) != 0;
    uint64_t asked = a->r.upto;
    if (a->position && !rules->geometry)
        return cli_usage_error("plot", "--position draws a position of a "
                                       "board (cram, rect, chomp, "
                                       "node-kayles); for %s use --upto N",
                               a->r.spec);
    if (a->position)
        return cli_open_position(p, "plot", "--position", g, a->position);
    if (a->all && !finite)
        return cli_usage_error("plot", "--all needs a finite family (a "
                                       "board); use --upto N");
    if (a->all && !a->r.histogram)
        return cli_usage_error(
            "plot", "--all would colour every position number, which "
                    "shows nothing of the board; draw a position and its "
                    "moves with --position %s, or count the values with "
                    "--all --histogram",
            rules->start ? "start" : "ROWS (e.g. 111/111)");
    if (a->have_upto && finite)
        return cli_usage_error("plot", "%s is a finite family: use "
                                       "--position POS, or --all "
                                       "--histogram",
                               a->r.spec);
    if (a->have_upto && a->r.upto >= UINT64_C(1) << 48)
        return cli_usage_error("plot", "--upto: at most 2^48 positions");
    a->r.map = (rules->flags & GRUNDY_RULES_PAIRS) && a->have_upto &&
               !a->r.histogram;
    if (a->r.map && grundy_plot_map_fit(&a->r, a->have_width) != GRUNDY_OK)
        return cli_usage_error("plot", "--upto %llu: a map of g(a, b) "
                                       "%llu pixels high (--height) "
                                       "shows a, b <= %llu",
                               (unsigned long long)asked,
                               (unsigned long long)a->r.height,
                               (unsigned long long)a->r.upto);
    return 0;
}

int cmd_plot(int argc, char **argv)
{
    plot_args a;
    grundy_plot_info in;
    grundy_plot_board_info info;
    grundy_plot_scene *scene = NULL;
    grundy_game *g = NULL;
    grundy_values *vals = NULL;
    grundy_pos p = 0;
    grundy_status s;
    char what[300];
    int rc = cli_opts_start(&cli_plot_opts, &a, sizeof a, argc, argv);
    if (rc)
        return rc;
    if (cli_open_game(&g, "plot", a.r.spec))
        return CLI_EXIT_DATA;
    rc = check_request(&a, g, &p);
    if (rc == 0) {
        cli_catch_signals();
        s = cli_engine_values(&a.eng, g, &vals);
        if (s == GRUNDY_OK)
            s = draw(&scene, &a.r, g, vals, a.position ? &p : NULL, &in,
                     &info);
        cli_progress_done();
        snprintf(what, sizeof what, "position '%s': the values",
                 a.position ? a.position : "");
        rc = s != GRUNDY_OK
                 ? cli_engine_error(&a.eng, a.position ? what : "the table", s)
                 : write_picture(&a, scene);
        if (rc == CLI_EXIT_OK)
            summary(&a, &in, &info);
    }
    grundy_plot_free(scene);
    cli_engine_clear(&a.eng);
    grundy_game_free(g);
    return rc;
}
