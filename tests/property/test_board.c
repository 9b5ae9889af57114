/*
 * test_board.c -- the board search (grundy/board.h) against a direct
 * win/loss search of "board + Nim heap" (tests/support/board_oracle.c),
 * which knows nothing of parts, keys, symmetry or values.
 *
 *   - every position of small Cram boards, Node-Kayles graphs and Chomp
 *     bars, with each technique on and off (splitting into parts, keys,
 *     pruning of the mex), and against the table of all positions;
 *   - random positions of medium boards (about 20 free cells);
 *   - the facts a search keeps for a later run (grundy_board_keeper) are
 *     true, and a run resumed from them finds the value;
 *   - facts that must come out of the search: Node-Kayles on a path is
 *     Dawson's chess (0.137), Cram on a 1 x n strip is 0.07, Cram on
 *     even x even boards is a second-player win and on even x odd ones a
 *     first-player win, and 3-row Chomp has exactly one winning first
 *     move.
 * The sanitizer build runs a lighter version (fewer and smaller cases).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board_oracle.h"
#include "test_support.h"

#if defined(__SANITIZE_ADDRESS__)
#define LIGHT 1
#else
#define LIGHT 0
#endif

/* The technique switches tried: all on, then each off, then all off. */
static const int combos[][3] = {
    {1, 1, 1}, {0, 1, 1}, {1, 0, 1}, {1, 1, 0}, {0, 0, 0}};
#define NCOMBOS (sizeof combos / sizeof combos[0])

static grundy_board *new_search(const grundy_game *g, size_t combo,
                                size_t table_bytes)
{
    grundy_board_opts o;
    grundy_board *b = NULL;
    grundy_board_opts_init(&o);
    o.split = combos[combo][0];
    o.keys = combos[combo][1];
    o.prune = combos[combo][2];
    o.table_bytes = table_bytes;
    o.evict_limit = 0; /* tiny tables evict all the time */
    assert_int_equal(grundy_board_new(&b, g, &o), GRUNDY_OK);
    return b;
}

static grundy_value search_value(grundy_board *b, grundy_pos p)
{
    grundy_value v = 0;
    grundy_status s = grundy_board_value(&v, b, p);
    if (s != GRUNDY_OK)
        fail_msg("grundy_board_value: %s", grundy_strerror(s));
    return v;
}

/* Oracle positions of the library's ones (identity, except Chomp). */
typedef uint64_t (*to_oracle_fn)(const grundy_game *g, grundy_pos p);

static uint64_t same(const grundy_game *g, grundy_pos p)
{
    (void)g;
    return p;
}

static uint64_t chomp_to_oracle(const grundy_game *g, grundy_pos p)
{
    char buf[256], *s = buf;
    unsigned len[10] = {0}, r = 0;
    grundy_game_pos_format(g, p, buf, sizeof buf);
    while (*s) {
        len[r++] = (unsigned)strtoul(s, &s, 10);
        if (*s == ',')
            s++;
    }
    return oracle_chomp_pack(len, 10);
}

/* Every position of g (below np) with every combination, against the
 * oracle and against the table of all positions. */
static void check_all(const char *spec, oracle_moves64_fn moves,
                      const void *ctx, to_oracle_fn conv)
{
    grundy_game *g = test_game(spec);
    grundy_pos np = grundy_game_num_positions(g), p;
    oracle_memo *m = oracle_memo_new(moves, ctx);
    grundy_table *t = NULL;
    size_t c;
    assert_non_null(m);
    assert_int_equal(grundy_table_new(&t, g, 0, NULL), GRUNDY_OK);
    for (c = 0; c < NCOMBOS; c++) {
        /* a small table, so that eviction is exercised too */
        grundy_board *b = new_search(g, c, c == 0 ? 0 : 65536);
        for (p = 0; p < np; p++) {
            grundy_value v = search_value(b, p);
            if (v != grundy_table_get(t, p))
                fail_msg("%s p=%llu combo %zu: search %llu, table %llu",
                         spec, (unsigned long long)p, c,
                         (unsigned long long)v,
                         (unsigned long long)grundy_table_get(t, p));
            if (c == 0 && !oracle_value_is(m, conv(g, p), (unsigned)v))
                fail_msg("%s p=%llu: search says %llu, the direct search "
                         "disagrees",
                         spec, (unsigned long long)p, (unsigned long long)v);
        }
        grundy_board_free(b);
    }
    grundy_table_free(t);
    oracle_memo_free(m);
    grundy_game_free(g);
}

/* Cram **********************************************************************/

static void test_cram_every_position(void **state)
{
    static const unsigned dims[][2] = {{1, 1}, {1, 7}, {2, 2}, {2, 3},
                                       {3, 2}, {2, 5}, {3, 3}, {3, 4},
                                       {4, 4}};
    size_t i, n = sizeof dims / sizeof dims[0];
    (void)state;
    for (i = 0; i < n - (LIGHT ? 2 : 0); i++) {
        oracle_grid og = {dims[i][0], dims[i][1]};
        char spec[32];
        snprintf(spec, sizeof spec, "cram:%ux%u", dims[i][0], dims[i][1]);
        check_all(spec, oracle_moves_cram, &og, same);
    }
}

/* Every position of small boards is worth the XOR of its parts' values
 * (the parts may leave out cells that cannot change the value: cram.c),
 * both read from the table of all positions. */
static void test_cram_parts_keep_values(void **state)
{
    static const unsigned dims[][2] = {{4, 5}, {3, 6}, {5, 4}, {2, 9}};
    size_t i, n = sizeof dims / sizeof dims[0];
    (void)state;
    for (i = 0; i < n - (LIGHT ? 2 : 0); i++) {
        unsigned R = dims[i][0], C = dims[i][1];
        char spec[32];
        grundy_game *g;
        const grundy_rules *r;
        grundy_pos np, p;
        grundy_table *t = NULL;
        unsigned long long dropped = 0;
        snprintf(spec, sizeof spec, "cram:%ux%u", R, C);
        g = test_game(spec);
        r = grundy_game_rules(g);
        np = grundy_game_num_positions(g);
        assert_int_equal(grundy_table_new(&t, g, 0, NULL), GRUNDY_OK);
        for (p = 0; p < np; p++) {
            grundy_pos parts[64], all = 0;
            size_t k = r->components(grundy_game_params(g), p, parts, 64), j;
            grundy_value x = 0;
            unsigned cell;
            assert_true(k <= 64);
            for (j = 0; j < k; j++) {
                if ((parts[j] & ~p) || (parts[j] & all))
                    fail_msg("%s p=%llx: part %llx is not a new subset",
                             spec, (unsigned long long)p,
                             (unsigned long long)parts[j]);
                all |= parts[j];
                x ^= grundy_table_get(t, parts[j]);
            }
            if (x != grundy_table_get(t, p))
                fail_msg("%s p=%llx: parts worth %llu, the position %llu",
                         spec, (unsigned long long)p,
                         (unsigned long long)x,
                         (unsigned long long)grundy_table_get(t, p));
            /* cells left out although they had a neighbour */
            for (cell = 0; cell < R * C; cell++) {
                uint64_t nb = 0;
                if (!((p & ~all) >> cell & 1))
                    continue;
                if (cell % C > 0)
                    nb |= 1ull << (cell - 1);
                if (cell % C + 1 < C)
                    nb |= 1ull << (cell + 1);
                if (cell >= C)
                    nb |= 1ull << (cell - C);
                if (cell + C < R * C)
                    nb |= 1ull << (cell + C);
                dropped += (p & nb) != 0;
            }
        }
        /* the reduction ran: cells with neighbours were left out too */
        assert_true(dropped > np / 4);
        grundy_table_free(t);
        grundy_game_free(g);
    }
}

/* A random group of `cells` cells of an R x C board, grown from one
 * cell by adding a random neighbour at a time, with a few holes: parts of
 * some size, which a scatter of single cells would not give. */
static uint64_t random_blob(test_rng *rng, unsigned rows, unsigned cols,
                            unsigned cells)
{
    uint64_t p = 1ull << test_rng_below(rng, rows * cols);
    unsigned k = 1, tries = 0;
    while (k < cells && tries++ < 10000) {
        unsigned at = (unsigned)test_rng_below(rng, rows * cols), r, c;
        uint64_t bit = 1ull << at;
        if (p & bit)
            continue;
        r = at / cols;
        c = at % cols;
        if ((c > 0 && (p & (bit >> 1))) || (c + 1 < cols && (p & (bit << 1))) ||
            (r > 0 && (p & (bit >> cols))) ||
            (r + 1 < rows && (p & (bit << cols)))) {
            p |= bit;
            k++;
        }
    }
    return p;
}

/* Random positions of a larger board: `cells` cells drawn at random, or
 * (blob_cols > 0) a random group of them on a board blob_cols wide. */
static void check_random(test_rng *rng, const char *spec,
                         oracle_moves64_fn moves, const void *ctx,
                         unsigned nbits, unsigned cells, long iters,
                         int chomp)
{
    unsigned blob_cols = 0;
    if (chomp > 1) {
        blob_cols = (unsigned)chomp;
        chomp = 0;
    }
    grundy_game *g = test_game(spec);
    oracle_memo *m = oracle_memo_new(moves, ctx);
    grundy_board *b[NCOMBOS];
    long it;
    size_t c;
    for (c = 0; c < NCOMBOS; c++)
        b[c] = new_search(g, c, c == 0 ? 0 : (size_t)1 << 20);
    if (LIGHT)
        iters = (iters + 3) / 4;
    for (it = 0; it < iters; it++) {
        grundy_pos p = 0;
        grundy_value v;
        if (chomp) {
            p = test_rng_below(rng, grundy_game_num_positions(g));
        } else if (blob_cols) {
            p = random_blob(rng, nbits / blob_cols, blob_cols, cells);
        } else {
            unsigned k;
            for (k = 0; k < cells; k++)
                p |= 1ull << test_rng_below(rng, nbits);
        }
        v = search_value(b[0], p);
        if (!oracle_value_is(m, chomp ? chomp_to_oracle(g, p) : p,
                             (unsigned)v))
            fail_msg("seed=%llu it=%ld %s p=%llx: search says %llu, the "
                     "direct search disagrees",
                     (unsigned long long)test_seed(), it, spec,
                     (unsigned long long)p, (unsigned long long)v);
        /* the plain variants on fewer positions: they are slow */
        for (c = 1; c < NCOMBOS && it % 4 == 0; c++)
            if (search_value(b[c], p) != v)
                fail_msg("seed=%llu it=%ld %s p=%llx: combo %zu differs",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)p, c);
        /* a fresh oracle now and then keeps its memo small */
        if (oracle_memo_size(m) > ((size_t)1 << 22)) {
            oracle_memo_free(m);
            m = oracle_memo_new(moves, ctx);
        }
    }
    for (c = 0; c < NCOMBOS; c++)
        grundy_board_free(b[c]);
    oracle_memo_free(m);
    grundy_game_free(g);
}

static void test_cram_random_positions(void **state)
{
    test_rng *rng = *state;
    oracle_grid a = {5, 6}, b = {7, 9}, c = {4, 15};
    long k = LIGHT ? 1 : test_multiplier();
    check_random(rng, "cram:5x6", oracle_moves_cram, &a, 30, 24, 40 * k, 0);
    check_random(rng, "cram:7x9", oracle_moves_cram, &b, 63, 30, 25 * k, 0);
    check_random(rng, "cram:7x9", oracle_moves_cram, &b, 63, 20, 25 * k, 9);
    check_random(rng, "cram:4x15", oracle_moves_cram, &c, 60, 20, 25 * k,
                 15);
}

/* The twin-square rule (cram.c): a 2 x 2 square a b / c d of empty cells
 * whose a and d (or b and c) have only the square's two other cells as
 * empty neighbours lets the parts drop its horizontal edges.  Random
 * positions of a 6 x 7 board with such a square planted at a random
 * place: the parts' values (from the search) XOR to the value the direct
 * search confirms for the whole position, and the search's own value of
 * the position agrees.  Parts that touch each other are only made by
 * the rule (plain groups never touch): they must turn up. */
static void test_cram_twin_squares(void **state)
{
    test_rng *rng = *state;
    const unsigned R = 6, C = 7;
    oracle_grid og = {R, C};
    grundy_game *g = test_game("cram:6x7");
    const grundy_rules *r = grundy_game_rules(g);
    oracle_memo *m = oracle_memo_new(oracle_moves_cram, &og);
    grundy_board *b = new_search(g, 0, 0);
    long it, iters = (LIGHT ? 60 : 400) * (LIGHT ? 1 : test_multiplier());
    long touching = 0;
    uint64_t col0 = 0; /* the cells of column 0 */
    unsigned row;
    for (row = 0; row < R; row++)
        col0 |= 1ull << (row * C);
    for (it = 0; it < iters; it++) {
        grundy_pos p = 0, parts[64], all = 0;
        unsigned k, tr = (unsigned)test_rng_below(rng, R - 1),
                    tc = (unsigned)test_rng_below(rng, C - 1),
                    mirror = (unsigned)test_rng_below(rng, 2);
        /* the square's cells, then the cells its twins must not see */
        unsigned sq[4] = {tr * C + tc, tr * C + tc + 1, (tr + 1) * C + tc,
                          (tr + 1) * C + tc + 1};
        uint64_t block = 0;
        size_t n, i, j;
        grundy_value x = 0, v;
        for (k = 0; k < 22; k++)
            p |= 1ull << test_rng_below(rng, R * C);
        if (!mirror) { /* twins a (top left) and d (bottom right) */
            if (tc > 0)
                block |= 1ull << (sq[0] - 1);
            if (tr > 0)
                block |= 1ull << (sq[0] - C);
            if (tc + 2 < C)
                block |= 1ull << (sq[3] + 1);
            if (tr + 2 < R)
                block |= 1ull << (sq[3] + C);
        } else { /* twins b (top right) and c (bottom left) */
            if (tc + 2 < C)
                block |= 1ull << (sq[1] + 1);
            if (tr > 0)
                block |= 1ull << (sq[1] - C);
            if (tc > 0)
                block |= 1ull << (sq[2] - 1);
            if (tr + 2 < R)
                block |= 1ull << (sq[2] + C);
        }
        p &= ~block;
        for (k = 0; k < 4; k++)
            p |= 1ull << sq[k];
        n = r->components(grundy_game_params(g), p, parts, 64);
        assert_true(n <= 64);
        for (i = 0; i < n; i++) {
            if ((parts[i] & ~p) || (parts[i] & all))
                fail_msg("seed=%llu it=%ld p=%llx: part %llx is not a new "
                         "subset",
                         (unsigned long long)test_seed(), it,
                         (unsigned long long)p,
                         (unsigned long long)parts[i]);
            all |= parts[i];
            x ^= search_value(b, parts[i]);
            for (j = 0; j < i; j++) {
                /* the cells next to part j (no wrap from row to row) */
                uint64_t q = parts[j];
                uint64_t nb = ((q & ~(col0 << (C - 1))) << 1) |
                              ((q & ~col0) >> 1) | (q << C) | (q >> C);
                touching += (nb & parts[i]) != 0;
            }
        }
        if (!oracle_value_is(m, p, (unsigned)x))
            fail_msg("seed=%llu it=%ld p=%llx: the parts XOR to %llu, the "
                     "direct search disagrees",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)p, (unsigned long long)x);
        v = search_value(b, p);
        if (v != x)
            fail_msg("seed=%llu it=%ld p=%llx: search %llu, parts %llu",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)p, (unsigned long long)v,
                     (unsigned long long)x);
        if (oracle_memo_size(m) > ((size_t)1 << 22)) {
            oracle_memo_free(m);
            m = oracle_memo_new(oracle_moves_cram, &og);
        }
    }
    if (touching < iters / 20)
        fail_msg("seed=%llu: the twin squares split only %ld times in %ld",
                 (unsigned long long)test_seed(), touching, iters);
    grundy_board_free(b);
    oracle_memo_free(m);
    grundy_game_free(g);
}

/* Node-Kayles ***************************************************************/

static void graph_edge(oracle_graph *og, unsigned u, unsigned v)
{
    og->adj[u][v] = og->adj[v][u] = 1;
}

static void make_grid(oracle_graph *og, unsigned r, unsigned c)
{
    unsigned i, j;
    memset(og, 0, sizeof *og);
    og->n = r * c;
    for (i = 0; i < r; i++)
        for (j = 0; j < c; j++) {
            if (j + 1 < c)
                graph_edge(og, i * c + j, i * c + j + 1);
            if (i + 1 < r)
                graph_edge(og, i * c + j, (i + 1) * c + j);
        }
}

static void make_cycle(oracle_graph *og, unsigned n)
{
    unsigned i;
    memset(og, 0, sizeof *og);
    og->n = n;
    for (i = 0; i < n; i++)
        graph_edge(og, i, (i + 1) % n);
}

/* A random graph written as an edge list for node-kayles:file:PATH. */
static void random_graph_file(test_rng *rng, oracle_graph *og, unsigned n,
                              unsigned edges, char *path, size_t cap)
{
    FILE *f;
    unsigned k;
    snprintf(path, cap, "test_board_graph_%u.txt", n);
    f = fopen(path, "w");
    assert_non_null(f);
    memset(og, 0, sizeof *og);
    og->n = n;
    fprintf(f, "# a random graph\n%u\n", n - 1);
    for (k = 0; k < edges; k++) {
        unsigned u = (unsigned)test_rng_below(rng, n),
                 v = (unsigned)test_rng_below(rng, n);
        if (u == v)
            continue;
        graph_edge(og, u, v);
        fprintf(f, "%u %u\n", u, v);
    }
    fclose(f);
}

static void test_node_kayles_every_position(void **state)
{
    test_rng *rng = *state;
    oracle_graph og;
    char spec[128], path[64];
    unsigned i;
    make_grid(&og, 1, 10);
    check_all("node-kayles:path:10", oracle_moves_node_kayles, &og, same);
    make_cycle(&og, 9);
    check_all("node-kayles:cycle:9", oracle_moves_node_kayles, &og, same);
    make_grid(&og, 3, 3);
    check_all("node-kayles:grid:3x3", oracle_moves_node_kayles, &og, same);
    make_grid(&og, 2, 5);
    check_all("node-kayles:grid:2x5", oracle_moves_node_kayles, &og, same);
    memset(&og, 0, sizeof og);
    og.n = 10;
    for (i = 0; i < 5; i++) {
        graph_edge(&og, i, (i + 1) % 5);
        graph_edge(&og, i, i + 5);
        graph_edge(&og, i + 5, (i + 2) % 5 + 5);
    }
    check_all("node-kayles:petersen", oracle_moves_node_kayles, &og, same);
    memset(&og, 0, sizeof og);
    og.n = 6;
    for (i = 0; i < 36; i++)
        if (i / 6 != i % 6)
            og.adj[i / 6][i % 6] = 1;
    check_all("node-kayles:complete:6", oracle_moves_node_kayles, &og, same);
    for (i = 0; i < (LIGHT ? 1u : 3u); i++) {
        random_graph_file(rng, &og, 11, 8 + 4 * i, path, sizeof path);
        snprintf(spec, sizeof spec, "node-kayles:file:%s", path);
        check_all(spec, oracle_moves_node_kayles, &og, same);
        remove(path);
    }
}

static void test_node_kayles_random_positions(void **state)
{
    test_rng *rng = *state;
    oracle_graph og;
    char spec[128], path[64];
    long k = LIGHT ? 1 : test_multiplier();
    make_grid(&og, 5, 6);
    check_random(rng, "node-kayles:grid:5x6", oracle_moves_node_kayles, &og,
                 30, 26, 40 * k, 0);
    make_grid(&og, 4, 16);
    check_random(rng, "node-kayles:grid:4x16", oracle_moves_node_kayles,
                 &og, 64, 22, 25 * k, 0);
    check_random(rng, "node-kayles:grid:4x16", oracle_moves_node_kayles,
                 &og, 64, 24, 25 * k, 16);
    make_cycle(&og, 40);
    check_random(rng, "node-kayles:cycle:40", oracle_moves_node_kayles, &og,
                 40, 27, 25 * k, 0);
    random_graph_file(rng, &og, 40, 45, path, sizeof path);
    snprintf(spec, sizeof spec, "node-kayles:file:%s", path);
    check_random(rng, spec, oracle_moves_node_kayles, &og, 40, 22, 25 * k,
                 0);
    remove(path);
}

/* The lasting table's facts ***********************************************/

/* What a search hands its keeper (grundy_board_keeper), in a list. */
typedef struct kept_fact {
    uint64_t key[4];
    unsigned nwords, tag;
    uint32_t value;
} kept_fact;

typedef struct kept_facts {
    kept_fact *a;
    size_t n, cap;
} kept_facts;

static void keep_fact(void *ctx, const uint64_t *key, unsigned nwords,
                      unsigned tag, uint32_t value, uint64_t nodes)
{
    kept_facts *f = ctx;
    kept_fact *x;
    (void)nodes;
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 256;
        f->a = realloc(f->a, f->cap * sizeof *f->a);
        assert_non_null(f->a);
    }
    x = &f->a[f->n++];
    memset(x, 0, sizeof *x);
    assert_true(nwords >= 1 && nwords <= 4);
    memcpy(x->key, key, nwords * sizeof *key);
    x->nwords = nwords;
    x->tag = tag;
    x->value = value;
}

static int fact_cmp(const void *pa, const void *pb)
{
    const kept_fact *a = pa, *b = pb;
    unsigned i;
    for (i = 0; i < 4; i++)
        if (a->key[i] != b->key[i])
            return a->key[i] < b->key[i] ? -1 : 1;
    return a->tag != b->tag ? (a->tag < b->tag ? -1 : 1) : 0;
}

static grundy_board *kept_search(const grundy_game *g, unsigned words,
                                 int prune, grundy_board_keeper *kp,
                                 const grundy_limits *lim)
{
    grundy_board_opts o;
    grundy_board *b = NULL;
    grundy_board_opts_init(&o);
    o.prune = prune;
    o.words = words;
    o.keeper = kp;
    o.limits = lim;
    assert_int_equal(grundy_board_new(&b, g, &o), GRUNDY_OK);
    return b;
}

/* Random positions of spec at width words (64-bit words):
 *   - every fact a pruned search hands its keeper is true: an exact value
 *     is the part's value and an exclusion leaves the part's value out,
 *     by the exact values of the plain search (the mex of every child's
 *     exact value, no pruning), which meets every part the pruned search
 *     meets;
 *   - a run stopped by a work limit part way, its facts given to a new
 *     search (grundy_board_preload), goes on to the value the direct
 *     search confirms, with its exclusions alone too. */
static void check_kept(test_rng *rng, const char *spec,
                       oracle_moves64_fn moves, const void *ctx,
                       unsigned nbits, unsigned cells, unsigned words,
                       long iters, uint64_t *nexcl)
{
    grundy_game *g = test_game(spec);
    oracle_memo *m = oracle_memo_new(moves, ctx);
    grundy_limits one, stop;
    long it;
    grundy_limits_init(&one);
    one.threads = 1;
    stop = one;
    for (it = 0; it < iters; it++) {
        kept_facts fa = {NULL, 0, 0}, fb = {NULL, 0, 0}, fs = {NULL, 0, 0};
        grundy_board_keeper ka = {&fa, 0, keep_fact},
                            kb = {&fb, 0, keep_fact},
                            ks = {&fs, 0, keep_fact};
        grundy_board *a, *pl, *sb, *r;
        grundy_board_stats st;
        grundy_value va = 0, vb = 0, vr = 0;
        grundy_pos p = 0;
        grundy_status s;
        size_t i, pass;
        unsigned k;
        for (k = 0; k < cells; k++)
            p |= 1ull << test_rng_below(rng, nbits);
        a = kept_search(g, words, 1, &ka, &one);
        pl = kept_search(g, words, 0, &kb, &one);
        assert_int_equal(grundy_board_value(&va, a, p), GRUNDY_OK);
        assert_int_equal(grundy_board_value(&vb, pl, p), GRUNDY_OK);
        if (va != vb || !oracle_value_is(m, p, (unsigned)va))
            fail_msg("seed=%llu it=%ld %s p=%llx: pruned %llu, plain %llu",
                     (unsigned long long)test_seed(), it, spec,
                     (unsigned long long)p, (unsigned long long)va,
                     (unsigned long long)vb);
        qsort(fb.a, fb.n, sizeof *fb.a, fact_cmp);
        for (i = 0; i < fa.n; i++) {
            const kept_fact *x = &fa.a[i], *e;
            uint32_t ex;
            e = bsearch(x, fb.a, fb.n, sizeof *fb.a, fact_cmp);
            if (!e || (e->value & GRUNDY_BOARD_KEEP_EXCL))
                fail_msg("seed=%llu it=%ld %s p=%llx: a kept part the plain "
                         "search never valued",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)p);
            ex = x->value & (GRUNDY_BOARD_KEEP_EXCL - 1);
            if (x->value & GRUNDY_BOARD_KEEP_EXCL) {
                assert_true(ex != 0);
                ++*nexcl;
                if (e->value < 15 && (ex >> e->value & 1))
                    fail_msg("seed=%llu it=%ld %s p=%llx: a part of value "
                             "%u kept as not in %#x",
                             (unsigned long long)test_seed(), it, spec,
                             (unsigned long long)p, (unsigned)e->value,
                             (unsigned)ex);
            } else if (x->value != e->value) {
                fail_msg("seed=%llu it=%ld %s p=%llx: a part kept as %u, "
                         "the plain search says %u",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)p, (unsigned)x->value,
                         (unsigned)e->value);
            }
        }
        /* a run stopped part way, then resumed from what it kept */
        grundy_board_get_stats(&st, a);
        stop.work_limit = 1 + test_rng_below(rng, st.nodes + 1);
        sb = kept_search(g, words, 1, &ks, &stop);
        s = grundy_board_value(&vr, sb, p);
        assert_true(s == GRUNDY_OK || s == GRUNDY_ERR_WORK);
        grundy_board_free(sb);
        for (pass = 0; pass < 2; pass++) {
            r = kept_search(g, words, 1, NULL, &one);
            for (i = 0; i < fs.n; i++)
                if (pass == 0 || (fs.a[i].value & GRUNDY_BOARD_KEEP_EXCL))
                    assert_int_equal(grundy_board_preload(
                                         r, fs.a[i].key, fs.a[i].nwords,
                                         fs.a[i].tag, fs.a[i].value),
                                     GRUNDY_OK);
            assert_int_equal(grundy_board_value(&vr, r, p), GRUNDY_OK);
            if (vr != va)
                fail_msg("seed=%llu it=%ld %s p=%llx: resumed from %zu facts "
                         "(pass %zu, stopped at %llu positions): %llu, not "
                         "%llu",
                         (unsigned long long)test_seed(), it, spec,
                         (unsigned long long)p, fs.n, pass,
                         (unsigned long long)stop.work_limit,
                         (unsigned long long)vr, (unsigned long long)va);
            grundy_board_free(r);
        }
        grundy_board_free(a);
        grundy_board_free(pl);
        free(fa.a);
        free(fb.a);
        free(fs.a);
    }
    oracle_memo_free(m);
    grundy_game_free(g);
}

static void test_kept_facts(void **state)
{
    test_rng *rng = *state;
    oracle_grid a = {5, 6}, c = {4, 15};
    oracle_graph og;
    uint64_t nexcl = 0;
    long k = LIGHT ? 1 : test_multiplier();
    check_kept(rng, "cram:5x6", oracle_moves_cram, &a, 30, 24, 1, 8 * k,
               &nexcl);
    check_kept(rng, "cram:5x6", oracle_moves_cram, &a, 30, 24, 2, 4 * k,
               &nexcl);
    check_kept(rng, "cram:4x15", oracle_moves_cram, &c, 60, 22, 1, 4 * k,
               &nexcl);
    make_grid(&og, 5, 6);
    check_kept(rng, "node-kayles:grid:5x6", oracle_moves_node_kayles, &og,
               30, 26, 1, 8 * k, &nexcl);
    check_kept(rng, "node-kayles:grid:5x6", oracle_moves_node_kayles, &og,
               30, 26, 4, 4 * k, &nexcl);
    /* the exclusions must have been kept and checked */
    if (nexcl == 0)
        fail_msg("seed=%llu: no exclusion was kept",
                 (unsigned long long)test_seed());
}

/* Chomp *********************************************************************/

static void test_chomp_every_position(void **state)
{
    static const unsigned dims[][2] = {
        {1, 9}, {9, 1}, {2, 7}, {3, 4}, {4, 4}, {5, 3}, {6, 6}};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof dims / sizeof dims[0] - (LIGHT ? 1 : 0); i++) {
        oracle_grid og = {dims[i][0], dims[i][1]};
        char spec[32];
        snprintf(spec, sizeof spec, "chomp:%ux%u", dims[i][0], dims[i][1]);
        check_all(spec, oracle_moves_chomp, &og, chomp_to_oracle);
    }
}

/* Facts *********************************************************************/

static grundy_value start_value(const char *spec)
{
    grundy_game *g = test_game(spec);
    grundy_board *b = new_search(g, 0, 0);
    grundy_pos p;
    grundy_value v;
    assert_int_equal(grundy_game_pos_parse(g, "start", 5, &p, NULL),
                     GRUNDY_OK);
    v = search_value(b, p);
    grundy_board_free(b);
    grundy_game_free(g);
    return v;
}

/* Node-Kayles on a path is Dawson's chess; Cram on a strip is 0.07. */
static void test_paths_are_octal_games(void **state)
{
    grundy_game *dc = test_game("0.137"), *dk = test_game("0.07");
    grundy_values *vdc = test_values(dc), *vdk = test_values(dk);
    unsigned n;
    (void)state;
    for (n = 1; n <= 64; n++) {
        char spec[40];
        grundy_value want, got;
        snprintf(spec, sizeof spec, "node-kayles:path:%u", n);
        assert_int_equal(grundy_values_get(&want, vdc, n), GRUNDY_OK);
        got = start_value(spec);
        if (got != want)
            fail_msg("%s: %llu, Dawson's chess %llu", spec,
                     (unsigned long long)got, (unsigned long long)want);
        snprintf(spec, sizeof spec, "cram:1x%u", n);
        assert_int_equal(grundy_values_get(&want, vdk, n), GRUNDY_OK);
        got = start_value(spec);
        if (got != want)
            fail_msg("%s: %llu, 0.07 gives %llu", spec,
                     (unsigned long long)got, (unsigned long long)want);
        snprintf(spec, sizeof spec, "cram:%ux1", n);
        if (start_value(spec) != want)
            fail_msg("%s differs from 0.07", spec);
    }
    test_game_free(dc);
    test_game_free(dk);
}

/* Even x even: a second-player win (value 0); even x odd: a first-player
 * win, in both orientations. */
static void test_cram_parity_outcomes(void **state)
{
    unsigned r, c;
    (void)state;
    for (r = 2; r <= 6; r += 2)
        for (c = 1; c <= (LIGHT ? 6u : 9u); c++) {
            char spec[32];
            grundy_value v;
            if (r * c > (LIGHT ? 24u : 36u))
                continue;
            snprintf(spec, sizeof spec, "cram:%ux%u", r, c);
            v = start_value(spec);
            if ((c % 2 == 0) != (v == 0))
                fail_msg("%s: value %llu", spec, (unsigned long long)v);
            snprintf(spec, sizeof spec, "cram:%ux%u", c, r);
            if ((start_value(spec) == 0) != (v == 0))
                fail_msg("%s: not the outcome of its transpose", spec);
        }
}

/* 3-row Chomp: exactly one winning first move on every 3 x n bar. */
static void test_chomp_three_rows(void **state)
{
    unsigned n;
    (void)state;
    for (n = 1; n <= 21; n++) {
        char spec[32];
        grundy_game *g;
        grundy_values *v;
        grundy_sum_component c;
        grundy_sum_move *m = NULL;
        size_t count = 0;
        snprintf(spec, sizeof spec, "chomp:3x%u", n);
        g = test_game(spec);
        v = test_values(g);
        c.values = v;
        assert_int_equal(grundy_game_pos_parse(g, "start", 5, &c.pos, NULL),
                         GRUNDY_OK);
        assert_int_equal(grundy_sum_winning_moves(&m, &count, &c, 1, NULL),
                         GRUNDY_OK);
        if (count != 1)
            fail_msg("%s: %zu winning first moves", spec, count);
        free(m);
        test_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cram_every_position),
        cmocka_unit_test(test_cram_parts_keep_values),
        cmocka_unit_test_setup_teardown(test_cram_random_positions,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_cram_twin_squares,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_node_kayles_every_position,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_node_kayles_random_positions,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_kept_facts, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test(test_chomp_every_position),
        cmocka_unit_test(test_paths_are_octal_games),
        cmocka_unit_test(test_cram_parity_outcomes),
        cmocka_unit_test(test_chomp_three_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
