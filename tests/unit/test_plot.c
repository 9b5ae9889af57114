/*
 * test_plot.c -- the pictures of grundy/plot.h against oracles that share
 * no code with the library.
 *
 *  - A sequence of a random subtraction game: one dot per position, the
 *    largest value and the period the picture reports, checked against
 *    g(n) by the definition (oracle_mex_values() with the plain-language
 *    moves of a subtraction set) far past the drawn range.
 *  - A random Cram position: every move label of the SVG names its child
 *    and the value it leads to; each labelled child is valued here by a
 *    direct mex recursion over domino placements written in this file,
 *    and the position's value, its number of moves and of winning moves
 *    are compared too.
 *  - Requests the library refuses or sizes: a map that does not fit, the
 *    number of positions a picture needs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/plot.h"
#include "oracle.h"
#include "test_support.h"

/* The SVG of a scene as a NUL-terminated string (free() it). */
static char *svg_text(const grundy_plot_scene *sc)
{
    FILE *f = tmpfile();
    long n;
    char *buf;
    assert_non_null(f);
    assert_int_equal(grundy_plot_write(sc, fileno(f), GRUNDY_PLOT_SVG),
                     GRUNDY_OK);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    n = ftell(f);
    assert_true(n > 0);
    rewind(f);
    buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* The shapes <tag of the layer (a group <g class="cls" ...>) */
static size_t count_in_layer(const char *text, const char *cls, const char *tag)
{
    char open[64];
    const char *g, *end;
    snprintf(open, sizeof open, "<g class=\"%s\"", cls);
    g = strstr(text, open);
    if (!g)
        return 0;
    end = strstr(g, "</g>");
    assert_non_null(end);
    {
        size_t n = 0;
        for (const char *p = strstr(g, tag); p && p < end;
             p = strstr(p + 1, tag))
            n++;
        return n;
    }
}

/* Sequences **************************************************************/

static void test_plot_draw_sequence_matches_oracle(void **state)
{
    test_rng *rng = *state;
    long iters = test_iters(12);
    for (long it = 0; it < iters; it++) {
        unsigned char in[8] = {0};
        oracle_set set = {in, sizeof in};
        char spec[64] = "subtract:", *w = spec + strlen(spec);
        uint64_t upto = test_rng_range(rng, 20, 400), big = 8 * upto + 200;
        uint32_t *g = malloc(big * sizeof *g), omax = 0;
        grundy_game *game;
        grundy_values *vals;
        grundy_plot_request r;
        grundy_plot_info info;
        grundy_plot_scene *sc = NULL;
        char *svg;
        size_t k, dots;
        assert_non_null(g);
        for (k = 1; k < sizeof in; k++)
            if (test_rng_below(rng, 2) || (k == 7 && w == spec + 9)) {
                in[k] = 1;
                w += sprintf(w, "%s%zu", w == spec + 9 ? "" : ",", k);
            }
        oracle_mex_values(g, big, oracle_moves_subtract, &set);
        for (k = 0; k <= upto; k++)
            if (g[k] > omax)
                omax = g[k];
        game = test_game(spec);
        vals = test_values(game);
        grundy_plot_request_init(&r);
        r.spec = spec;
        r.upto = upto;
        assert_int_equal(grundy_plot_table_count(&r, game), upto + 1);
        memset(&info, 0, sizeof info);
        assert_int_equal(grundy_values_table(&info.t, vals, upto + 1),
                         GRUNDY_OK);
        assert_int_equal(grundy_plot_draw(&sc, &r, game, &info), GRUNDY_OK);
        svg = svg_text(sc);
        dots = count_in_layer(svg, "dot", "<circle") +
               count_in_layer(svg, "dot-rare", "<circle");
        if (dots != upto + 1 || info.marks != upto + 1 ||
            info.positions != upto + 1)
            fail_msg("seed=%llu it=%ld %s upto %llu: %zu dots, %llu marks",
                     (unsigned long long)test_seed(), it, spec,
                     (unsigned long long)upto, dots,
                     (unsigned long long)info.marks);
        if (grundy_table_max(info.t, NULL) != omax)
            fail_msg("seed=%llu it=%ld %s: largest %llu, oracle %u",
                     (unsigned long long)test_seed(), it, spec,
                     (unsigned long long)grundy_table_max(info.t, NULL), omax);
        /* a period the picture calls proven holds far past the table */
        if (info.per.found && info.per.proven) {
            uint64_t p = info.per.period, q = info.per.preperiod;
            for (k = q; k + p < big; k++)
                if (g[k + p] != g[k])
                    fail_msg("seed=%llu it=%ld %s: period %llu preperiod "
                             "%llu fails at %zu",
                             (unsigned long long)test_seed(), it, spec,
                             (unsigned long long)p, (unsigned long long)q, k);
        }
        free(svg);
        grundy_plot_free(sc);
        test_game_free(game);
        free(g);
    }
}

/* Boards *****************************************************************/

#define ROWS 3
#define COLS 4
#define NCELLS (ROWS * COLS)

/* Cram by its definition: a move covers two free cells side by side. */
static int cram_oracle(uint32_t free_cells, signed char *memo)
{
    unsigned char seen[NCELLS] = {0};
    int m = 0;
    if (memo[free_cells] >= 0)
        return memo[free_cells];
    for (int rr = 0; rr < ROWS; rr++)
        for (int c = 0; c < COLS; c++) {
            uint32_t a = 1u << (rr * COLS + c);
            uint32_t right = c + 1 < COLS ? a << 1 : 0;
            uint32_t down = rr + 1 < ROWS ? a << COLS : 0;
            if (!(free_cells & a))
                continue;
            if (right && (free_cells & right))
                seen[cram_oracle(free_cells & ~(a | right), memo)] = 1;
            if (down && (free_cells & down))
                seen[cram_oracle(free_cells & ~(a | down), memo)] = 1;
        }
    while (seen[m])
        m++;
    memo[free_cells] = (signed char)m;
    return m;
}

static size_t cram_moves(uint32_t free_cells)
{
    size_t n = 0;
    for (int rr = 0; rr < ROWS; rr++)
        for (int c = 0; c < COLS; c++) {
            uint32_t a = 1u << (rr * COLS + c);
            if (!(free_cells & a))
                continue;
            n += c + 1 < COLS && (free_cells & (a << 1));
            n += rr + 1 < ROWS && (free_cells & (a << COLS));
        }
    return n;
}

/* "1101/0111/1111" (rows top down, 1 a free cell) as a mask. */
static uint32_t rows_mask(const char *t, size_t len)
{
    uint32_t m = 0;
    size_t i = 0;
    int cell = 0;
    for (; i < len; i++) {
        if (t[i] == '/')
            continue;
        assert_true(t[i] == '0' || t[i] == '1');
        if (t[i] == '1')
            m |= 1u << cell;
        cell++;
    }
    assert_int_equal(cell, NCELLS);
    return m;
}

static void test_plot_board_labels_match_oracle(void **state)
{
    test_rng *rng = *state;
    long iters = test_iters(40);
    signed char *memo = malloc(1u << NCELLS);
    grundy_game *game = test_game("cram:3x4");
    grundy_values *vals = test_values(game);
    size_t checked = 0;
    assert_non_null(memo);
    memset(memo, -1, 1u << NCELLS);
    for (long it = 0; it < iters; it++) {
        uint32_t mask = (uint32_t)test_rng_below(rng, 1u << NCELLS);
        char pos[32], *w = pos, *svg;
        const char *p;
        grundy_pos gp;
        grundy_plot_request r;
        grundy_plot_board_info info;
        grundy_plot_scene *sc = NULL;
        size_t winning = 0, labels = 0;
        for (int rr = 0; rr < ROWS; rr++) {
            if (rr)
                *w++ = '/';
            for (int c = 0; c < COLS; c++)
                *w++ = (mask >> (rr * COLS + c)) & 1 ? '1' : '0';
        }
        *w = 0;
        assert_int_equal(
            grundy_game_pos_parse(game, pos, strlen(pos), &gp, NULL),
            GRUNDY_OK);
        grundy_plot_request_init(&r);
        r.spec = "cram:3x4";
        assert_int_equal(grundy_plot_board(&sc, &r, game, vals, gp, &info),
                         GRUNDY_OK);
        svg = svg_text(sc);
        if (info.value != (grundy_value)cram_oracle(mask, memo) ||
            info.moves != cram_moves(mask))
            fail_msg("seed=%llu it=%ld %s: value %llu moves %zu, oracle "
                     "%d and %zu",
                     (unsigned long long)test_seed(), it, pos,
                     (unsigned long long)info.value, info.moves,
                     cram_oracle(mask, memo), cram_moves(mask));
        for (p = strstr(svg, "data-child=\""); p;
             p = strstr(p + 1, "data-child=\"")) {
            const char *c = p + strlen("data-child=\""), *e = strchr(c, '"');
            const char *v = strstr(e, "data-value=\"");
            unsigned long val;
            assert_non_null(v);
            val = strtoul(v + strlen("data-value=\""), NULL, 10);
            labels++;
            winning += val == 0;
            if (e == c)
                continue; /* a move that splits the board: no one child */
            if (val !=
                (unsigned long)cram_oracle(rows_mask(c, (size_t)(e - c)), memo))
                fail_msg("seed=%llu it=%ld %s: the move to %.*s labelled "
                         "%lu, oracle %d",
                         (unsigned long long)test_seed(), it, pos, (int)(e - c),
                         c, val,
                         cram_oracle(rows_mask(c, (size_t)(e - c)), memo));
            checked++;
        }
        if (labels != info.shown || winning != info.winning)
            fail_msg("seed=%llu it=%ld %s: %zu labels (%zu winning), info "
                     "%zu (%zu)",
                     (unsigned long long)test_seed(), it, pos, labels, winning,
                     info.shown, info.winning);
        free(svg);
        grundy_plot_free(sc);
    }
    assert_true(checked > 0);
    test_game_free(game);
    free(memo);
}

/* Requests ***************************************************************/

static void test_plot_map_fit_refuses_tall_maps(void **state)
{
    grundy_plot_request r;
    grundy_game *g = test_game("wythoff");
    (void)state;
    grundy_plot_request_init(&r);
    assert_int_equal(r.width, 960);
    assert_int_equal(r.height, 540);
    r.map = 1;
    r.upto = 10000;
    assert_int_equal(grundy_plot_map_fit(&r, 0), GRUNDY_ERR_RANGE);
    assert_true(r.upto < 540);
    /* the largest that fits, fits, and sizes the picture to its square */
    assert_int_equal(grundy_plot_map_fit(&r, 0), GRUNDY_OK);
    assert_true(r.width > r.upto);
    assert_int_equal(grundy_plot_table_count(&r, g),
                     (r.upto + 1) * (r.upto + 1));
    r.histogram = 1;
    assert_int_equal(grundy_plot_table_count(&r, g), r.upto + 1);
    test_game_free(g);
    g = test_game("cram:3x3");
    assert_int_equal(grundy_plot_table_count(&r, g), 0);
    test_game_free(g);
    grundy_plot_free(NULL);
}

/* The format of a file name: a table of names written out here, each
 * with the format and extension its last component names. */
static void test_plot_format_of_path_reads_the_extension(void **state)
{
    static const struct {
        const char *path, *ext;
        grundy_status st;
        grundy_plot_format f;
    } cases[] = {
        {"a.svg", "svg", GRUNDY_OK, GRUNDY_PLOT_SVG},
        {"out/A.PDF", "PDF", GRUNDY_OK, GRUNDY_PLOT_PDF},
        {"x.y.Png", "Png", GRUNDY_OK, GRUNDY_PLOT_PNG},
        {"pic.jpg", "jpg", GRUNDY_ERR_PARSE, GRUNDY_PLOT_SVG},
        {"pic.svgz", "svgz", GRUNDY_ERR_PARSE, GRUNDY_PLOT_SVG},
        {"pic", NULL, GRUNDY_ERR_ARG, GRUNDY_PLOT_SVG},
        {"pic.", NULL, GRUNDY_ERR_ARG, GRUNDY_PLOT_SVG},
        {".svg", NULL, GRUNDY_ERR_ARG, GRUNDY_PLOT_SVG},
        {"d.svg/pic", NULL, GRUNDY_ERR_ARG, GRUNDY_PLOT_SVG},
        {"d.svg/.png", NULL, GRUNDY_ERR_ARG, GRUNDY_PLOT_SVG},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        grundy_plot_format f = GRUNDY_PLOT_SVG;
        const char *ext = "unset";
        grundy_status st = grundy_plot_format_of_path(&f, &ext, cases[i].path);
        if (st != cases[i].st || f != cases[i].f ||
            (cases[i].ext ? !ext || strcmp(ext, cases[i].ext) != 0 : !!ext))
            fail_msg("'%s': status %d format %d ext '%s', expected %d %d "
                     "'%s'",
                     cases[i].path, (int)st, (int)f, ext ? ext : "(null)",
                     (int)cases[i].st, (int)cases[i].f,
                     cases[i].ext ? cases[i].ext : "(null)");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_plot_draw_sequence_matches_oracle,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_plot_board_labels_match_oracle,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_plot_map_fit_refuses_tall_maps),
        cmocka_unit_test(test_plot_format_of_path_reads_the_extension),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
