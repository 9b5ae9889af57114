/*
 * test_board_wide.c -- the board search on 128- and 256-bit positions
 * (grundy_board_wide), against the 64-bit search and a direct search.
 *
 *   - widths: random positions of boards of at most 64 cells valued at
 *     every width (64, 128 and 256 bits) must agree, and agree with the
 *     direct win/loss search (tests/support/board_oracle.c);
 *   - boards past 64 cells: random positions of Cram boards, Node-Kayles
 *     grids, queens graphs, generalized Petersen graphs and random graphs
 *     of 65 to 256 cells, named through the game's text (handles), valued
 *     at their least width and at 256 bits, against the direct search on
 *     the graph the position's cells induce (dominoes on adjacent cells
 *     for Cram, a vertex and its neighbours for Node-Kayles), built here
 *     from the rules' statement and knowing nothing of parts or keys;
 *   - the plain memo of parts (prune off) against the pruned search on
 *     positions of up to 100 cells that split into many parts;
 *   - the endgame database (a window's table) against the tier table of
 *     every position of small boards, at each width;
 *   - Cram positions that are their own image under the half turn (the
 *     mirror strategy: cram.c), at each width, against the direct search;
 *   - Cram positions with a twin square (cram.c), at each width: the
 *     parts agree across widths, and their values XOR to the direct
 *     search's value of the whole position.
 * Every failure names the seed.  The sanitizer build runs fewer cases.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_oracle.h"
#include "test_support.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define LIGHT 1
#else
#define LIGHT 0
#endif

#define MAXC 256

/* A board: its cells, its graph (who is joined to whom), and how a
 * position is written. */
typedef struct board {
    char spec[96];
    unsigned n;                 /* cells or vertices */
    unsigned rows, cols;        /* grids: the text is rows of 0/1 */
    int domino;                 /* Cram: dominoes; else Node-Kayles */
    unsigned char adj[MAXC][MAXC];
} board;

static board B; /* large: kept out of the stack */

static void join(board *b, unsigned u, unsigned v)
{
    b->adj[u][v] = b->adj[v][u] = 1;
}

static void grid_board(board *b, const char *family, unsigned r, unsigned c,
                       int domino)
{
    unsigned i, j;
    memset(b, 0, sizeof *b);
    snprintf(b->spec, sizeof b->spec, "%s%ux%u", family, r, c);
    b->n = r * c;
    b->rows = r;
    b->cols = c;
    b->domino = domino;
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++) {
            if (j + 1 < c)
                join(b, i * c + j, i * c + j + 1);
            if (i + 1 < r)
                join(b, i * c + j, (i + 1) * c + j);
        }
}

/* Two cells of the n x n board joined when a queen on one attacks the
 * other. */
static void queens_board(board *b, unsigned n)
{
    unsigned x, y;
    memset(b, 0, sizeof *b);
    snprintf(b->spec, sizeof b->spec, "node-kayles:queens:%u", n);
    b->n = n * n;
    b->rows = b->cols = n;
    for (x = 0; x < b->n; x++)
        for (y = x + 1; y < b->n; y++) {
            int r1 = (int)(x / n), c1 = (int)(x % n), r2 = (int)(y / n),
                c2 = (int)(y % n);
            if (r1 == r2 || c1 == c2 || abs(r1 - r2) == abs(c1 - c2))
                join(b, x, y);
        }
}

static void gpetersen_board(board *b, unsigned n, unsigned k)
{
    unsigned i;
    memset(b, 0, sizeof *b);
    snprintf(b->spec, sizeof b->spec, "node-kayles:gpetersen:%u,%u", n, k);
    b->n = 2 * n;
    for (i = 0; i < n; i++) {
        join(b, i, (i + 1) % n);
        join(b, i, n + i);
        join(b, n + i, n + (i + k) % n);
    }
}

/* A random graph of n vertices with about `deg` edges a vertex, written
 * to a file the game reads. */
static void random_graph_board(board *b, test_rng *rng, unsigned n,
                               unsigned deg, const char *path)
{
    FILE *f = fopen(path, "w");
    unsigned e;
    assert_non_null(f);
    memset(b, 0, sizeof *b);
    snprintf(b->spec, sizeof b->spec, "node-kayles:file:%s", path);
    b->n = n;
    fprintf(f, "%u\n", n - 1); /* every vertex, even alone */
    for (e = 0; e < n * deg / 2; e++) {
        unsigned u = (unsigned)test_rng_below(rng, n);
        unsigned v = (unsigned)test_rng_below(rng, n);
        if (u == v)
            continue;
        join(b, u, v);
        fprintf(f, "%u %u\n", u, v);
    }
    fclose(f);
}

/* The text of the position holding cells in[0 .. n): rows of 0/1 for
 * grids, one 0/1 per vertex otherwise. */
static void pos_text(const board *b, const unsigned char *in, char *out)
{
    unsigned i, k = 0;
    for (i = 0; i < b->n; i++) {
        if (b->rows && i && i % b->cols == 0)
            out[k++] = '/';
        out[k++] = (char)('0' + in[i]);
    }
    out[k] = 0;
}

/* A random connected-ish group of k cells: grown from a cell by adding a
 * neighbour (in the board's graph) at a time, with now and then a cell
 * anywhere (so that positions split). */
static void random_cells(test_rng *rng, const board *b, unsigned k,
                         unsigned char *in)
{
    unsigned have = 1, tries = 0;
    memset(in, 0, MAXC);
    in[test_rng_below(rng, b->n)] = 1;
    while (have < k && tries++ < 200000) {
        unsigned v = (unsigned)test_rng_below(rng, b->n), u, near = 0;
        if (in[v])
            continue;
        for (u = 0; u < b->n && !near; u++)
            near = in[u] && b->adj[u][v];
        if (near || test_rng_below(rng, 8) == 0) {
            in[v] = 1;
            have++;
        }
    }
}

/* The oracle's view of the position: its cells numbered 0 .. k-1 and the
 * graph they induce. */
static unsigned induced(const board *b, const unsigned char *in,
                        oracle_graph *og)
{
    unsigned idx[MAXC], i, j, k = 0;
    memset(og, 0, sizeof *og);
    for (i = 0; i < b->n; i++)
        if (in[i])
            idx[k++] = i;
    assert_true(k <= 64);
    og->n = k;
    for (i = 0; i < k; i++)
        for (j = 0; j < k; j++)
            og->adj[i][j] = b->adj[idx[i]][idx[j]];
    return k;
}

static grundy_board *search_at(const grundy_game *g, unsigned words,
                               int prune)
{
    grundy_board_opts o;
    grundy_board *s = NULL;
    grundy_board_opts_init(&o);
    o.words = words;
    o.prune = prune;
    assert_int_equal(grundy_board_new(&s, g, &o), GRUNDY_OK);
    return s;
}

static grundy_value value_of(grundy_board *s, grundy_pos p, const char *what)
{
    grundy_value v = 0;
    grundy_status st = grundy_board_value(&v, s, p);
    if (st != GRUNDY_OK)
        fail_msg("seed=%llu %s: %s", (unsigned long long)test_seed(), what,
                 grundy_strerror(st));
    return v;
}

/* Position `in` of board b (game g) valued by the searches s[0 .. nw)
 * (each a width), which must agree with each other and with the direct
 * search; returns the value. */
static grundy_value check_position(const board *b, const grundy_game *g,
                                   grundy_board *const *s, size_t nw,
                                   const unsigned char *in, long it)
{
    static oracle_graph og;
    char text[2 * MAXC + 2];
    grundy_pos p;
    grundy_value v0 = 0;
    grundy_parse_error e;
    oracle_memo *m;
    unsigned cells;
    size_t w;
    pos_text(b, in, text);
    memset(&e, 0, sizeof e);
    if (grundy_game_pos_parse(g, text, strlen(text), &p, &e) != GRUNDY_OK)
        fail_msg("seed=%llu %s: position %s: %s",
                 (unsigned long long)test_seed(), b->spec, text, e.msg);
    for (w = 0; w < nw; w++) {
        grundy_value v = value_of(s[w], p, b->spec);
        if (w == 0)
            v0 = v;
        else if (v != v0)
            fail_msg("seed=%llu it=%ld %s %s: %u words give %llu, %u "
                     "give %llu",
                     (unsigned long long)test_seed(), it, b->spec, text,
                     grundy_board_words(s[0]), (unsigned long long)v0,
                     grundy_board_words(s[w]), (unsigned long long)v);
    }
    cells = induced(b, in, &og);
    m = oracle_memo_new(b->domino ? oracle_moves_domino
                                  : oracle_moves_node_kayles,
                        &og);
    if (!oracle_value_is(m, cells == 64 ? ~0ull : (1ull << cells) - 1,
                         (unsigned)v0))
        fail_msg("seed=%llu it=%ld %s %s: the search says %llu, the "
                 "direct search disagrees",
                 (unsigned long long)test_seed(), it, b->spec, text,
                 (unsigned long long)v0);
    oracle_memo_free(m);
    return v0;
}

/* iters random positions of k cells of board b: the search at each
 * width in widths[] (0: the least) against the direct search. */
static void check_board(test_rng *rng, const board *b, unsigned k,
                        long iters, const unsigned *widths, size_t nw)
{
    grundy_game *g = test_game(b->spec);
    grundy_board *s[3];
    unsigned char in[MAXC];
    size_t w;
    long it;
    for (w = 0; w < nw; w++)
        s[w] = search_at(g, widths[w], 1);
    if (LIGHT)
        iters = (iters + 3) / 4;
    for (it = 0; it < iters; it++) {
        random_cells(rng, b, k, in);
        (void)check_position(b, g, s, nw, in, it);
    }
    for (w = 0; w < nw; w++)
        grundy_board_free(s[w]);
    grundy_game_free(g);
}

static const unsigned ALL_WIDTHS[] = {1, 2, 4};
static const unsigned WIDE_WIDTHS[] = {0, 4};

/* Boards that every width holds. */
static void test_widths_agree(void **state)
{
    test_rng *rng = *state;
    long k = test_multiplier();
    grid_board(&B, "cram:", 5, 6, 1);
    check_board(rng, &B, 18, 20 * k, ALL_WIDTHS, 3);
    grid_board(&B, "cram:", 8, 8, 1);
    check_board(rng, &B, 20, 20 * k, ALL_WIDTHS, 3);
    grid_board(&B, "cram:", 3, 21, 1);
    check_board(rng, &B, 20, 20 * k, ALL_WIDTHS, 3);
    grid_board(&B, "node-kayles:grid:", 7, 9, 0);
    check_board(rng, &B, 18, 20 * k, ALL_WIDTHS, 3);
    queens_board(&B, 8);
    check_board(rng, &B, 16, 20 * k, ALL_WIDTHS, 3);
    gpetersen_board(&B, 32, 5);
    check_board(rng, &B, 18, 20 * k, ALL_WIDTHS, 3);
    random_graph_board(&B, rng, 60, 3, "test_board_wide_60.txt");
    check_board(rng, &B, 18, 20 * k, ALL_WIDTHS, 3);
    remove("test_board_wide_60.txt");
}

/* Boards past 64 cells. */
static void test_wide_boards(void **state)
{
    test_rng *rng = *state;
    long k = test_multiplier();
    grid_board(&B, "cram:", 5, 13, 1);
    check_board(rng, &B, 20, 20 * k, WIDE_WIDTHS, 2);
    grid_board(&B, "cram:", 3, 30, 1);
    check_board(rng, &B, 20, 20 * k, WIDE_WIDTHS, 2);
    grid_board(&B, "cram:", 11, 12, 1);
    check_board(rng, &B, 20, 20 * k, WIDE_WIDTHS, 2);
    grid_board(&B, "cram:", 16, 16, 1);
    check_board(rng, &B, 20, 20 * k, WIDE_WIDTHS, 1);
    grid_board(&B, "cram:", 2, 100, 1);
    check_board(rng, &B, 20, 20 * k, WIDE_WIDTHS, 2);
    grid_board(&B, "node-kayles:grid:", 3, 30, 0);
    check_board(rng, &B, 18, 20 * k, WIDE_WIDTHS, 2);
    grid_board(&B, "node-kayles:grid:", 12, 20, 0);
    check_board(rng, &B, 18, 15 * k, WIDE_WIDTHS, 1);
    queens_board(&B, 11);
    check_board(rng, &B, 16, 15 * k, WIDE_WIDTHS, 2);
    queens_board(&B, 16);
    check_board(rng, &B, 16, 10 * k, WIDE_WIDTHS, 1);
    gpetersen_board(&B, 50, 2);
    check_board(rng, &B, 18, 20 * k, WIDE_WIDTHS, 2);
    gpetersen_board(&B, 128, 7);
    check_board(rng, &B, 18, 15 * k, WIDE_WIDTHS, 1);
    random_graph_board(&B, rng, 200, 3, "test_board_wide_200.txt");
    check_board(rng, &B, 18, 15 * k, WIDE_WIDTHS, 2);
    remove("test_board_wide_200.txt");
}

/* Cram and Node-Kayles grid positions that are their own image under the
 * half turn about the board's centre (cram.c and nodekayles.c leave out
 * a part of that kind as a second-player win, unless a domino lies on
 * its own image, or a vertex is its image or its image's neighbour, at
 * the centre: rules/grid.h): grown from a random cell, each cell with
 * its image, the centre cells added or not; at every width against the
 * direct search.  Both outcomes must occur (on a board with an odd
 * side): the zeros the rule gives, and the positions holding the
 * centre's cells, which may be worth anything. */
static void check_mirrored(test_rng *rng, const char *family, int domino,
                           unsigned r, unsigned c, long iters)
{
    static const unsigned widths[] = {1, 2, 4};
    grundy_game *g;
    grundy_board *s[3];
    unsigned char in[MAXC];
    size_t w, nw = r * c <= 64 ? 3 : 2;
    long it, zero = 0, other = 0;
    grid_board(&B, family, r, c, domino);
    g = test_game(B.spec);
    for (w = 0; w < nw; w++)
        s[w] = search_at(g, widths[w + 3 - nw], 1);
    if (LIGHT)
        iters = (iters + 3) / 4;
    for (it = 0; it < iters; it++) {
        unsigned half = 3 + (unsigned)test_rng_below(rng, 8), have = 0,
                 tries = 0, i;
        memset(in, 0, sizeof in);
        if (test_rng_below(rng, 2))
            for (i = 0; i < B.n; i++) /* the centre: 1, 2 or 4 cells */
                if (2 * (i / c) + 2 >= r && 2 * (i / c) <= r &&
                    2 * (i % c) + 2 >= c && 2 * (i % c) <= c)
                    in[i] = 1;
        in[test_rng_below(rng, B.n)] = 1;
        while (have < half && tries++ < 100000) {
            unsigned v = (unsigned)test_rng_below(rng, B.n), u, near = 0;
            for (u = 0; u < B.n && !near; u++)
                near = in[u] && B.adj[u][v];
            if (!in[v] && near) {
                in[v] = in[B.n - 1 - v] = 1;
                have++;
            }
        }
        for (i = 0; i < B.n; i++) /* the seed's image too */
            if (in[i])
                in[B.n - 1 - i] = 1;
        if (check_position(&B, g, s, nw, in, it))
            other++;
        else
            zero++;
    }
    /* on an even x even board no domino lies on its image, and no vertex
     * is its image's neighbour: all are 0 */
    if (!zero || (!other && (r % 2 || c % 2)))
        fail_msg("seed=%llu %s: %ld positions of value 0, %ld of another",
                 (unsigned long long)test_seed(), B.spec, zero, other);
    for (w = 0; w < nw; w++)
        grundy_board_free(s[w]);
    grundy_game_free(g);
}

/* check_mirrored() on each board of dims ({rows, cols, iterations}). */
static void check_mirrored_boards(test_rng *rng, const char *family,
                                  int domino, const unsigned (*dims)[3],
                                  size_t n)
{
    long k = test_multiplier();
    size_t i;
    for (i = 0; i < n; i++)
        check_mirrored(rng, family, domino, dims[i][0], dims[i][1],
                       (long)dims[i][2] * k);
}

static void test_cram_mirrored(void **state)
{
    static const unsigned dims[][3] = {{4, 4, 60}, {5, 5, 60}, {4, 7, 60},
                                       {5, 8, 60}, {6, 7, 60}, {7, 9, 40},
                                       {9, 9, 40}, {8, 11, 40}};
    check_mirrored_boards(*state, "cram:", 1, dims,
                          sizeof dims / sizeof dims[0]);
}

static void test_node_kayles_mirrored(void **state)
{
    static const unsigned dims[][3] = {{4, 4, 60}, {5, 5, 60}, {3, 10, 60},
                                       {5, 8, 60}, {6, 7, 60}, {3, 25, 40},
                                       {9, 9, 40}, {8, 11, 40}};
    check_mirrored_boards(*state, "node-kayles:grid:", 0, dims,
                          sizeof dims / sizeof dims[0]);
}

/* Whether two parts (owner[i]: 1 + the part of cell i, 0 for none) have
 * adjacent cells. */
static int parts_touch(const board *b, const unsigned char *owner)
{
    unsigned u, v;
    for (u = 0; u < b->n; u++)
        for (v = 0; v < b->n; v++)
            if (owner[u] && owner[v] && owner[u] != owner[v] && b->adj[u][v])
                return 1;
    return 0;
}

/* The twin-square rule of cram.c (a 2 x 2 square a b / c d of empty
 * cells whose a and d, or b and c, have only the square's two other
 * cells as empty neighbours: its horizontal edges are dropped before the
 * position is split) at every width.  Random positions with such a
 * square planted: the parts the components hook gives at each width are
 * the same, disjoint subsets of the position; their values (the search
 * at the least width) XOR to the value the direct search confirms for
 * the whole position, and the search at each width agrees.  Parts that
 * touch each other are only made by the rule (plain groups never
 * touch): they must turn up in a sizable share of the positions. */
static void check_twins(test_rng *rng, unsigned r, unsigned c, long iters)
{
    static oracle_graph og;
    static const unsigned widths[] = {1, 2, 4};
    static uint64_t parts[3][MAXC / 2 * 4];
    grundy_game *g;
    const grundy_rules *rl;
    const void *params;
    grundy_board *s[3];
    unsigned char in[MAXC];
    char text[2 * MAXC + 2];
    size_t w, nw, first = r * c <= 64 ? 0 : r * c <= 128 ? 1 : 2;
    long it, touching = 0;
    grid_board(&B, "cram:", r, c, 1);
    g = test_game(B.spec);
    rl = grundy_game_rules(g);
    params = grundy_game_params(g);
    nw = 3 - first;
    for (w = 0; w < nw; w++)
        s[w] = search_at(g, widths[first + w], 1);
    if (LIGHT)
        iters = (iters + 3) / 4;
    for (it = 0; it < iters; it++) {
        unsigned tr = (unsigned)test_rng_below(rng, r - 1),
                 tc = (unsigned)test_rng_below(rng, c - 1),
                 mirror = (unsigned)test_rng_below(rng, 2), k, i;
        unsigned sq[4], cells;
        size_t n[3], a, b;
        grundy_pos p;
        grundy_value x = 0;
        uint64_t cellset[4] = {0, 0, 0, 0};
        oracle_memo *m;
        sq[0] = tr * c + tc;
        sq[1] = sq[0] + 1;
        sq[2] = sq[0] + c;
        sq[3] = sq[2] + 1;
        memset(in, 0, sizeof in);
        for (k = 0; k < 22; k++)
            in[test_rng_below(rng, B.n)] = 1;
        /* the twins' other neighbours are filled */
        for (i = 0; i < B.n; i++) {
            unsigned t1 = mirror ? sq[1] : sq[0], t2 = mirror ? sq[2] : sq[3];
            if ((B.adj[t1][i] || B.adj[t2][i]) && i != sq[0] && i != sq[1] &&
                i != sq[2] && i != sq[3])
                in[i] = 0;
        }
        for (k = 0; k < 4; k++)
            in[sq[k]] = 1;
        pos_text(&B, in, text);
        if (grundy_game_pos_parse(g, text, strlen(text), &p, NULL) !=
            GRUNDY_OK)
            fail_msg("seed=%llu %s: position %s does not parse",
                     (unsigned long long)test_seed(), B.spec, text);
        for (i = 0; i < B.n; i++)
            if (in[i])
                cellset[i / 64] |= 1ull << (i % 64);
        for (w = 0; w < nw; w++) {
            unsigned W = widths[first + w];
            if (W == 1)
                n[w] = rl->components(params, p, parts[w], MAXC / 2);
            else
                n[w] = rl->wide(params, W)->components(params, cellset,
                                                       parts[w], MAXC / 2);
            assert_true(n[w] <= MAXC / 2);
        }
        /* the same parts at every width (the words past a board's
         * width are empty) */
        for (w = 1; w < nw; w++) {
            unsigned W0 = widths[first], W = widths[first + w];
            int same = n[w] == n[0];
            for (a = 0; same && a < n[0]; a++)
                for (b = 0; b < W; b++)
                    same &= parts[w][a * W + b] ==
                            (b < W0 ? parts[0][a * W0 + b] : 0);
            if (!same)
                fail_msg("seed=%llu it=%ld %s %s: the parts at %u and %u "
                         "words differ",
                         (unsigned long long)test_seed(), it, B.spec, text,
                         W0, W);
        }
        /* disjoint subsets of the position; their values XOR */
        {
            unsigned W0 = widths[first];
            unsigned char owner[MAXC];
            memset(owner, 0, sizeof owner);
            for (a = 0; a < n[0]; a++) {
                unsigned char pin[MAXC];
                char ptext[2 * MAXC + 2];
                grundy_pos q;
                memset(pin, 0, sizeof pin);
                for (i = 0; i < B.n; i++)
                    if ((parts[0][a * W0 + i / 64] >> (i % 64)) & 1) {
                        if (!in[i] || owner[i])
                            fail_msg("seed=%llu it=%ld %s %s: part %zu is "
                                     "not a new subset",
                                     (unsigned long long)test_seed(), it,
                                     B.spec, text, a);
                        owner[i] = (unsigned char)(a + 1);
                        pin[i] = 1;
                    }
                pos_text(&B, pin, ptext);
                assert_int_equal(grundy_game_pos_parse(g, ptext,
                                                       strlen(ptext), &q,
                                                       NULL),
                                 GRUNDY_OK);
                x ^= value_of(s[0], q, B.spec);
            }
            touching += parts_touch(&B, owner);
        }
        cells = induced(&B, in, &og);
        m = oracle_memo_new(oracle_moves_domino, &og);
        if (!oracle_value_is(m, cells == 64 ? ~0ull : (1ull << cells) - 1,
                             (unsigned)x))
            fail_msg("seed=%llu it=%ld %s %s: the parts XOR to %llu, the "
                     "direct search disagrees",
                     (unsigned long long)test_seed(), it, B.spec, text,
                     (unsigned long long)x);
        oracle_memo_free(m);
        for (w = 0; w < nw; w++) {
            grundy_value v0 = value_of(s[w], p, B.spec);
            if (v0 != x)
                fail_msg("seed=%llu it=%ld %s %s: the search at %u words "
                         "says %llu, the parts %llu",
                         (unsigned long long)test_seed(), it, B.spec, text,
                         widths[first + w], (unsigned long long)v0,
                         (unsigned long long)x);
        }
    }
    if (touching < iters / 20)
        fail_msg("seed=%llu %s: the twin squares split only %ld times in "
                 "%ld",
                 (unsigned long long)test_seed(), B.spec, touching, iters);
    for (w = 0; w < nw; w++)
        grundy_board_free(s[w]);
    grundy_game_free(g);
}

static void test_cram_twin_squares(void **state)
{
    test_rng *rng = *state;
    long k = test_multiplier();
    check_twins(rng, 6, 7, 100 * k);
    check_twins(rng, 8, 8, 100 * k);
    check_twins(rng, 9, 8, 150 * k);
    check_twins(rng, 7, 10, 150 * k);
    check_twins(rng, 3, 30, 100 * k);
    check_twins(rng, 12, 12, 60 * k);
}

/* The plain memo of parts against the pruned search, on positions of up
 * to 100 cells that split into many parts. */
static void check_memo(test_rng *rng, const board *b, unsigned k, long iters)
{
    grundy_game *g = test_game(b->spec);
    grundy_board *pruned = search_at(g, 0, 1), *plain = search_at(g, 0, 0);
    /* the parts are small: the memo's and the search's tables alike hold
     * them; the one thread keeps the comparison exact */
    unsigned char in[MAXC];
    char text[2 * MAXC + 2];
    long it;
    if (LIGHT)
        iters = (iters + 3) / 4;
    for (it = 0; it < iters; it++) {
        grundy_pos p;
        unsigned i, have = 0, tries;
        unsigned char blocked[MAXC];
        grundy_value a, c;
        /* blobs of 2 to 9 cells, none touching another: many small
         * parts */
        memset(in, 0, sizeof in);
        memset(blocked, 0, sizeof blocked);
        for (tries = 0; have < k && tries < 1000; tries++) {
            unsigned size = 2 + (unsigned)test_rng_below(rng, 8), got = 1;
            unsigned v = (unsigned)test_rng_below(rng, b->n), u, w;
            unsigned char blob[MAXC];
            if (blocked[v])
                continue;
            memset(blob, 0, sizeof blob);
            blob[v] = 1;
            for (w = 0; w < 200 && got < size; w++) {
                u = (unsigned)test_rng_below(rng, b->n);
                if (blob[u] || blocked[u])
                    continue;
                for (i = 0; i < b->n; i++)
                    if (blob[i] && b->adj[i][u]) {
                        blob[u] = 1;
                        got++;
                        break;
                    }
            }
            for (i = 0; i < b->n; i++)
                if (blob[i]) {
                    in[i] = 1;
                    have++;
                    blocked[i] = 1;
                    for (u = 0; u < b->n; u++)
                        if (b->adj[i][u])
                            blocked[u] = 1;
                }
        }
        pos_text(b, in, text);
        assert_int_equal(grundy_game_pos_parse(g, text, strlen(text), &p,
                                               NULL),
                         GRUNDY_OK);
        a = value_of(pruned, p, b->spec);
        c = value_of(plain, p, b->spec);
        if (a != c)
            fail_msg("seed=%llu it=%ld %s %s: pruned %llu, plain %llu",
                     (unsigned long long)test_seed(), it, b->spec, text,
                     (unsigned long long)a, (unsigned long long)c);
    }
    grundy_board_free(pruned);
    grundy_board_free(plain);
    grundy_game_free(g);
}

static void test_memo_against_search(void **state)
{
    test_rng *rng = *state;
    long k = test_multiplier();
    grid_board(&B, "cram:", 10, 10, 1);
    check_memo(rng, &B, 60, 40 * k);
    grid_board(&B, "node-kayles:grid:", 4, 25, 0);
    check_memo(rng, &B, 55, 40 * k);
    grid_board(&B, "cram:", 8, 8, 1);
    check_memo(rng, &B, 40, 40 * k);
}

/* The endgame database against the tier table of every position of
 * small boards, at each width: the search with a database of the board's
 * window gives every position the table's value. */
static void check_enddb(const char *spec, unsigned cells, unsigned words)
{
    grundy_game *g = test_game(spec), *w;
    const grundy_rules *r = grundy_game_rules(g);
    grundy_table *t = NULL, *wt = NULL;
    grundy_board *s = search_at(g, words, 1);
    grundy_board_stats st;
    grundy_pos np = grundy_game_num_positions(g), p;
    char wspec[64];
    assert_true(r->window(grundy_game_params(g), cells, wspec, sizeof wspec) >
                0);
    w = test_game(wspec);
    assert_int_equal(grundy_table_new(&t, g, np, NULL), GRUNDY_OK);
    assert_int_equal(grundy_table_new(&wt, w, grundy_game_num_positions(w),
                                      NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_board_set_enddb(s, w, wt), GRUNDY_OK);
    for (p = 0; p < np; p += LIGHT ? 7 : 1) {
        grundy_value v = value_of(s, p, spec);
        if (v != grundy_table_get(t, p))
            fail_msg("%s with %s at %u words, p=%llx: %llu, the table %llu",
                     spec, wspec, words, (unsigned long long)p,
                     (unsigned long long)v,
                     (unsigned long long)grundy_table_get(t, p));
    }
    grundy_board_get_stats(&st, s);
    if (!st.enddb_entries || !st.enddb_hits)
        fail_msg("%s with %s: the database held %llu parts and answered %llu",
                 spec, wspec, (unsigned long long)st.enddb_entries,
                 (unsigned long long)st.enddb_hits);
    grundy_board_free(s);
    grundy_table_free(t);
    grundy_table_free(wt);
    grundy_game_free(w);
    grundy_game_free(g);
}

static void test_enddb_against_tables(void **state)
{
    static const unsigned widths[] = {1, 2, 4};
    size_t i;
    (void)state;
    for (i = 0; i < 3; i++) {
        check_enddb("cram:3x6", 12, widths[i]);
        check_enddb("cram:4x5", 12, widths[i]);
        check_enddb("node-kayles:grid:3x6", 9, widths[i]);
        check_enddb("node-kayles:grid:5x4", 12, widths[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_widths_agree, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_wide_boards, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_memo_against_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_enddb_against_tables),
        cmocka_unit_test_setup_teardown(test_cram_mirrored, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_node_kayles_mirrored,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_cram_twin_squares,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
