/*
 * test_board.c -- the board families (cram, node-kayles, chomp) and the
 * board search's contract: specs and their errors, positions as text,
 * parts and keys, memory limits, eviction, cancellation, statistics, and
 * the values object's use of the search (rect's values unchanged).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/tt.h"
#include "board/ttw.h"
#include "test_support.h"

/* Specs *********************************************************************/

static void test_board_specs_ok(void **state)
{
    static const struct {
        const char *spec;
        grundy_pos np; /* 0: not checked */
    } ok[] = {{"cram:4x4", 65536},
              {"cram:7x9", (grundy_pos)1 << 63},
              {"cram:8x8", UINT64_MAX},
              {"cram:1x64", UINT64_MAX},
              {"cram:2x3:111/011", 64},
              {"node-kayles:path:9", 512},
              {"node-kayles:cycle:12", 4096},
              {"node-kayles:grid:3x4", 4096},
              {"node-kayles:complete:5", 32},
              {"node-kayles:petersen", 1024},
              {"chomp:3x7", 119},
              {"chomp:1x1", 1},
              {"chomp:8x8", 12869},
              {"chomp:3x7:7,4,2", 119}};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        grundy_game *g = test_game(ok[i].spec);
        if (grundy_game_num_positions(g) != ok[i].np)
            fail_msg("%s: %llu positions", ok[i].spec,
                     (unsigned long long)grundy_game_num_positions(g));
        grundy_game_free(g);
    }
}

static void test_board_spec_errors(void **state)
{
    static const struct {
        const char *spec;
        grundy_status st;
        unsigned long col;
        const char *msg; /* a piece of the message */
    } bad[] = {
        {"cram", GRUNDY_ERR_PARSE, 5, "rows"},
        {"cram:4", GRUNDY_ERR_PARSE, 7, "'x'"},
        {"cram:4x", GRUNDY_ERR_PARSE, 8, "columns"},
        {"cram:0x4", GRUNDY_ERR_RANGE, 6, ""},
        {"cram:16x17", GRUNDY_ERR_RANGE, 6, "at most 256"},
        {"cram:4x4z", GRUNDY_ERR_PARSE, 9, "unexpected"},
        {"cram:2x2:11/1", GRUNDY_ERR_PARSE, 14, "row 2"},
        {"cram:4x4;1", GRUNDY_ERR_PARSE, 9,
         "unexpected ';' after RxC (a starting board follows a ':')"},
        {"node-kayles", GRUNDY_ERR_PARSE, 12, "expected a graph"},
        {"node-kayles:tree:5", GRUNDY_ERR_ARG, 13, "unknown graph 'tree'"},
        {"node-kayles:path:0", GRUNDY_ERR_RANGE, 18, "1 to 256"},
        {"node-kayles:path:257", GRUNDY_ERR_RANGE, 18, "1 to 256"},
        {"node-kayles:path:7x", GRUNDY_ERR_PARSE, 19, "unexpected"},
        {"node-kayles:cycle:2", GRUNDY_ERR_RANGE, 19, "3 to 256"},
        {"node-kayles:grid:17x16", GRUNDY_ERR_RANGE, 18, "at most 256"},
        {"node-kayles:grid:3x3z", GRUNDY_ERR_PARSE, 21,
         "unexpected 'z' after RxC"},
        {"node-kayles:file:", GRUNDY_ERR_PARSE, 18, "file name"},
        {"node-kayles:file:/nonexistent/graph.txt", GRUNDY_ERR_IO, 18,
         "cannot read"},
        {"chomp:3", GRUNDY_ERR_PARSE, 8, "'x'"},
        {"chomp:16x17", GRUNDY_ERR_RANGE, 7, "at most 256"},
        {"chomp:3x4;5", GRUNDY_ERR_PARSE, 10,
         "unexpected ';' after RxC (a starting position follows a ':')"},
        {"chomp:3x4:5", GRUNDY_ERR_RANGE, 11, "bottom row"},
        {"chomp:3x4:2,3", GRUNDY_ERR_RANGE, 13, "longer"},
        {"chomp:3x4:0", GRUNDY_ERR_RANGE, 11, "bottom row"},
        {"chomp:3x4:1,1,1,1", GRUNDY_ERR_PARSE, 17, "more than 3 rows"},
        {"chomp:3x4:2;1", GRUNDY_ERR_PARSE, 12, "','"},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        grundy_game *g = (grundy_game *)1;
        grundy_parse_error e;
        grundy_status st;
        memset(&e, 0, sizeof e);
        st = grundy_game_new(&g, bad[i].spec, &e);
        if (st != bad[i].st || e.col != bad[i].col || g != NULL ||
            !e.msg[0] || !strstr(e.msg, bad[i].msg))
            fail_msg("'%s': status %d col %lu msg '%s'", bad[i].spec, st,
                     e.col, e.msg);
    }
}

/* Edge lists: comments, a vertex alone, and the place of every error. */
static void test_node_kayles_files(void **state)
{
    static const struct {
        const char *text;
        grundy_status st;
        const char *msg; /* after "FILE:" */
    } cases[] = {
        {"# a triangle and a vertex alone\n0 1\n1 2  # edge\n2 0\n\n4\n",
         GRUNDY_OK, NULL},
        {"0 1\n1 x\n", GRUNDY_ERR_PARSE, ":2:3: expected a vertex number"},
        {"0 1\n1 256\n", GRUNDY_ERR_RANGE, ":2:3: vertex 256 is out of range"},
        {"0 1 2\n", GRUNDY_ERR_PARSE, ":1:5: expected the end of the line"},
        {"3 3\n", GRUNDY_ERR_PARSE, ":1: an edge from vertex 3 to itself"},
        {"0 1a\n", GRUNDY_ERR_PARSE, ":1:4: unexpected 'a'"},
        {"# nothing\n", GRUNDY_ERR_PARSE, ": no vertices"},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[64], spec[96];
        grundy_game *g = NULL;
        grundy_parse_error e;
        grundy_status st;
        FILE *f;
        snprintf(path, sizeof path, "test_board_edges_%zu.txt", i);
        f = fopen(path, "w");
        assert_non_null(f);
        fputs(cases[i].text, f);
        fclose(f);
        snprintf(spec, sizeof spec, "node-kayles:file:%s", path);
        memset(&e, 0, sizeof e);
        st = grundy_game_new(&g, spec, &e);
        remove(path);
        if (st != cases[i].st)
            fail_msg("case %zu: status %d, msg '%s'", i, st, e.msg);
        if (st != GRUNDY_OK) {
            if (!strstr(e.msg, path) || !strstr(e.msg, cases[i].msg) ||
                e.col != 18)
                fail_msg("case %zu: col %lu msg '%s'", i, e.col, e.msg);
            continue;
        }
        /* 5 vertices, 3 of them a triangle: value 1 (triangle) ^ 1 (4);
         * vertex 3 has no line but is below the largest one: alone too */
        {
            grundy_pos p;
            grundy_value v;
            assert_int_equal(grundy_game_num_positions(g), 32);
            assert_int_equal(grundy_game_pos_parse(g, "start", 5, &p, NULL),
                             GRUNDY_OK);
            assert_int_equal(p, 31);
            assert_int_equal(test_value_at(&v, g, p, NULL), GRUNDY_OK);
            assert_int_equal(v, 1);
        }
        grundy_game_free(g);
    }
}

/* Positions as text *********************************************************/

static void test_board_positions(void **state)
{
    static const struct {
        const char *spec, *text;
        int ok;
        unsigned long col;
    } cases[] = {
        {"cram:2x3", "110/011", 1, 0},
        {"cram:2x3", "start", 1, 0},
        {"cram:2x3", "110/01", 0, 7},
        {"cram:2x3", "112/011", 0, 3},
        {"node-kayles:path:5", "10110", 1, 0},
        {"node-kayles:path:5", "1011", 0, 5},
        {"node-kayles:path:5", "101101", 0, 6},
        {"node-kayles:cycle:5", "10x10", 0, 3},
        {"node-kayles:grid:2x2", "10/01", 1, 0},
        {"chomp:3x7", "7,4,2", 1, 0},
        {"chomp:3x7", "7", 1, 0},
        {"chomp:3x7", "7,8", 0, 3},
        {"chomp:3x7", "7,,2", 0, 3},
    };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        grundy_game *g = test_game(cases[i].spec);
        grundy_parse_error e;
        grundy_pos p;
        char buf[128];
        grundy_status st;
        memset(&e, 0, sizeof e);
        st = grundy_game_pos_parse(g, cases[i].text, strlen(cases[i].text),
                                   &p, &e);
        if ((st == GRUNDY_OK) != cases[i].ok ||
            (!cases[i].ok && (e.col != cases[i].col || !e.msg[0])))
            fail_msg("%s '%s': status %d col %lu '%s'", cases[i].spec,
                     cases[i].text, st, e.col, e.msg);
        if (st == GRUNDY_OK && strcmp(cases[i].text, "start") != 0) {
            grundy_game_pos_format(g, p, buf, sizeof buf);
            assert_string_equal(buf, cases[i].text);
        }
        grundy_game_free(g);
    }
}

static void test_board_start_positions(void **state)
{
    static const struct {
        const char *spec, *start;
    } cases[] = {{"cram:2x3", "111/111"},
                 {"cram:2x3:101/111", "101/111"},
                 {"node-kayles:cycle:4", "1111"},
                 {"node-kayles:grid:2x2", "11/11"},
                 {"chomp:3x4", "4,4,4"},
                 {"chomp:3x4:3,1", "3,1"}};
    size_t i;
    (void)state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        grundy_game *g = test_game(cases[i].spec);
        grundy_pos p;
        char buf[64], spec[64];
        assert_int_equal(grundy_game_pos_parse(g, "start", 5, &p, NULL),
                         GRUNDY_OK);
        grundy_game_pos_format(g, p, buf, sizeof buf);
        assert_string_equal(buf, cases[i].start);
        /* the canonical spec keeps a starting board */
        grundy_game_canonical_spec(g, spec, sizeof spec);
        assert_string_equal(spec, cases[i].spec);
        grundy_game_free(g);
    }
}

/* Parts and keys ************************************************************/

/* Cells of q reachable from its lowest one by orthogonal steps. */
static uint64_t flood(uint64_t q, unsigned rows, unsigned cols)
{
    uint64_t seen = q & (~q + 1), prev;
    unsigned r, c;
    (void)rows;
    do {
        prev = seen;
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) {
                uint64_t b = 1ull << (r * cols + c);
                if (!(seen & b))
                    continue;
                if (c + 1 < cols)
                    seen |= (b << 1) & q;
                if (c > 0)
                    seen |= (b >> 1) & q;
                if (r + 1 < rows)
                    seen |= (b << cols) & q;
                if (r > 0)
                    seen |= (b >> cols) & q;
            }
    } while (seen != prev);
    return seen;
}

static void test_cram_parts(void **state)
{
    test_rng *rng = *state;
    grundy_game *g = test_game("cram:7x9");
    const grundy_rules *r = grundy_game_rules(g);
    long it;
    for (it = 0; it < 2000 * test_multiplier(); it++) {
        uint64_t p = test_rng_next(rng) & test_rng_next(rng) & ((1ull << 63) - 1);
        grundy_pos parts[64];
        uint64_t all = 0;
        size_t n = r->components(grundy_game_params(g), p, parts, 64), i;
        unsigned c;
        for (i = 0; i < n; i++) {
            if ((parts[i] & all) || (parts[i] & ~p) ||
                flood(parts[i], 7, 9) != parts[i] ||
                !(parts[i] & (parts[i] - 1)))
                fail_msg("seed=%llu it=%ld: part %zu of %llx is wrong",
                         (unsigned long long)test_seed(), it, i,
                         (unsigned long long)p);
            all |= parts[i];
        }
        /* what is left out (cells alone, extra leaves of stars,
         * bridges: cram.c) keeps the value: the property test compares
         * every position of small boards with the table */
        (void)c;
    }
    grundy_game_free(g);
}

/* The image of p under one of the 8 symmetries of the square lattice and
 * a shift, on a board wide enough: cell (r, c) -> t(r, c) + (dr, dc). */
static uint64_t move_shape(uint64_t p, unsigned cols, unsigned t,
                           unsigned dr, unsigned dc, unsigned rows_out,
                           unsigned cols_out, int *fits)
{
    unsigned i, h = 0, w = 0;
    uint64_t out = 0;
    for (i = 0; i < 64; i++)
        if ((p >> i) & 1) {
            if (i / cols + 1 > h)
                h = i / cols + 1;
            if (i % cols + 1 > w)
                w = i % cols + 1;
        }
    *fits = 1;
    for (i = 0; i < 64; i++)
        if ((p >> i) & 1) {
            unsigned r = i / cols, c = i % cols, rr, cc;
            switch (t) {
            case 0: rr = r; cc = c; break;
            case 1: rr = r; cc = w - 1 - c; break;
            case 2: rr = h - 1 - r; cc = c; break;
            case 3: rr = h - 1 - r; cc = w - 1 - c; break;
            case 4: rr = c; cc = r; break;
            case 5: rr = w - 1 - c; cc = r; break;
            case 6: rr = c; cc = h - 1 - r; break;
            default: rr = w - 1 - c; cc = h - 1 - r; break;
            }
            rr += dr;
            cc += dc;
            if (rr >= rows_out || cc >= cols_out)
                *fits = 0;
            else
                out |= 1ull << (rr * cols_out + cc);
        }
    return out;
}

static void test_cram_keys(void **state)
{
    test_rng *rng = *state;
    grundy_game *g = test_game("cram:7x9");
    const grundy_rules *r = grundy_game_rules(g);
    const void *pa = grundy_game_params(g);
    long it;
    for (it = 0; it < 3000 * test_multiplier(); it++) {
        /* a random shape in the top-left 4 x 5 corner */
        uint64_t p = 0, q;
        uint64_t k1[2], k2[2];
        unsigned i, t = (unsigned)test_rng_below(rng, 8);
        int fits;
        for (i = 0; i < 20; i++)
            if (test_rng_below(rng, 3))
                p |= 1ull << ((i / 5) * 9 + i % 5);
        if (!p)
            continue;
        q = move_shape(p, 9, t, (unsigned)test_rng_below(rng, 4),
                       (unsigned)test_rng_below(rng, 5), 7, 9, &fits);
        if (!fits)
            continue;
        r->key(pa, p, k1);
        r->key(pa, q, k2);
        if (k1[0] != k2[0] || k1[1] != k2[1])
            fail_msg("seed=%llu it=%ld: %llx and its image %llx (symmetry "
                     "%u) have keys %llx and %llx",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)p, (unsigned long long)q, t,
                     (unsigned long long)k1[0], (unsigned long long)k2[0]);
    }
    grundy_game_free(g);
}

/* The key of a Cram part is the least of its images at the corner of the
 * board under the 8 symmetries of the square lattice, of those that fit
 * the board (grundy/rules.h: key), whatever the box's shape: computed
 * here image by image, on boards wider than tall, taller than wide and
 * square, and for parts anywhere on the board. */
static void test_cram_keys_least_image(void **state)
{
    static const struct {
        const char *spec;
        unsigned rows, cols;
    } boards[] = {{"cram:5x8", 5, 8}, {"cram:9x5", 9, 5}, {"cram:6x6", 6, 6},
                  {"cram:7x9", 7, 9}, {"cram:3x21", 3, 21}};
    test_rng *rng = *state;
    size_t bi;
    for (bi = 0; bi < sizeof boards / sizeof boards[0]; bi++) {
        grundy_game *g = test_game(boards[bi].spec);
        const grundy_rules *r = grundy_game_rules(g);
        const void *pa = grundy_game_params(g);
        unsigned R = boards[bi].rows, C = boards[bi].cols;
        long it;
        for (it = 0; it < 3000 * test_multiplier(); it++) {
            /* a random shape in a random box at the corner, then moved */
            unsigned h = 1 + (unsigned)test_rng_below(rng, R),
                     w = 1 + (unsigned)test_rng_below(rng, C), i, t;
            unsigned dr = (unsigned)test_rng_below(rng, R - h + 1),
                     dc = (unsigned)test_rng_below(rng, C - w + 1);
            uint64_t p = 0, best = UINT64_MAX, k[2];
            int fits;
            for (i = 0; i < h * w; i++)
                if (test_rng_below(rng, 4))
                    p |= 1ull << ((i / w) * C + i % w);
            if (!p)
                continue;
            /* at the corner: its top row on row 0, left column on 0 */
            while (!(p & ((1ull << C) - 1)))
                p >>= C;
            for (;;) {
                uint64_t col0 = 0;
                for (i = 0; i < R; i++)
                    col0 |= 1ull << (i * C);
                if (p & col0)
                    break;
                p >>= 1;
            }
            for (t = 0; t < 8; t++) {
                uint64_t y = move_shape(p, C, t, 0, 0, R, C, &fits);
                if (fits && y < best)
                    best = y;
            }
            r->key(pa, move_shape(p, C, 0, dr, dc, R, C, &fits), k);
            if (!fits || k[0] != best || k[1] != 0)
                fail_msg("seed=%llu %s it=%ld: %llx moved by (%u, %u) has "
                         "key %llx, its least image is %llx",
                         (unsigned long long)test_seed(), boards[bi].spec,
                         it, (unsigned long long)p, dr, dc,
                         (unsigned long long)k[0], (unsigned long long)best);
        }
        grundy_game_free(g);
    }
}

/* Isomorphic graph parts share keys where the encoding allows: every path
 * of the same length in a cycle. */
static void test_node_kayles_keys(void **state)
{
    grundy_game *g = test_game("node-kayles:cycle:30");
    const grundy_rules *r = grundy_game_rules(g);
    const void *pa = grundy_game_params(g);
    uint64_t k0[2], k[2];
    unsigned len, at;
    (void)state;
    for (len = 1; len < 30; len++) {
        uint64_t run = (1ull << len) - 1;
        r->key(pa, run, k0);
        assert_true(k0[1] < (1ull << 32));
        for (at = 1; at < 30; at++) {
            uint64_t p = ((run << at) | (run >> (30 - at))) & ((1ull << 30) - 1);
            r->key(pa, p, k);
            if (k[0] != k0[0] || k[1] != k0[1])
                fail_msg("a path of %u vertices at %u: another key", len, at);
        }
    }
    grundy_game_free(g);
}

/* The table *****************************************************************/

typedef struct tt_seen {
    const uint64_t *lo, *hi;
    const uint32_t *set; /* 1 + index, by hash, 2^17 slots */
    unsigned long long found, wrong;
} tt_seen;

static size_t tt_slot(uint64_t lo, uint64_t hi)
{
    return (size_t)(((lo ^ hi * 31) * 0x9E3779B97F4A7C15ull) >> 47);
}

static void tt_count(void *ctx, uint64_t lo, uint64_t hi, uint32_t v,
                     unsigned cost)
{
    tt_seen *s = ctx;
    size_t j;
    (void)cost;
    for (j = tt_slot(lo, hi); s->set[j]; j = (j + 1) & ((1u << 17) - 1)) {
        size_t i = s->set[j] - 1;
        if (s->lo[i] == lo && s->hi[i] == hi) {
            if (v != (uint32_t)(i % 1000))
                s->wrong++;
            s->found++;
            return;
        }
    }
    s->wrong++;
}

/* Keys of every width (compact ones of 1 to 64 bits, wide ones with a
 * high word) stored while the table doubles many times: each is found
 * with its own value, and the table's own listing gives each key back
 * (the quotient and the cluster are the whole key). */
static void test_board_table_keeps_keys(void **state)
{
    test_rng *rng = *state;
    enum { N = 60000, SET = 1 << 17 };
    static uint64_t lo[N], hi[N];
    static uint32_t set[SET]; /* 1 + index of a key, by hash */
    grundy_board_tt t;
    grundy_board_tt_counts c;
    tt_seen seen;
    size_t i;
    memset(&c, 0, sizeof c);
    assert_int_equal(grundy_board_tt_init(&t, (size_t)64 << 20, NULL,
                                          GRUNDY_BOARD_TT_COST),
                     GRUNDY_OK);
    memset(set, 0, sizeof set);
    for (i = 0; i < N; i++) {
        size_t j;
        int dup;
        do { /* distinct keys */
            unsigned bits = 1 + (unsigned)test_rng_below(rng, 64);
            lo[i] = test_rng_next(rng) >> (64 - bits);
            hi[i] = i % 7 == 0 ? 1 + test_rng_below(rng, 1u << 30) : 0;
            j = tt_slot(lo[i], hi[i]);
            for (dup = 0; set[j] && !dup; j = (j + 1) & (SET - 1))
                dup = lo[set[j] - 1] == lo[i] && hi[set[j] - 1] == hi[i];
        } while (dup);
        set[j] = (uint32_t)i + 1;
        grundy_board_tt_put(&t, &c, lo[i], hi[i], (uint32_t)(i % 1000),
                            1 + (unsigned)(i % 30));
    }
    assert_true(t.cbits > 12); /* it grew */
    for (i = 0; i < N; i++) {
        uint32_t v;
        if (!grundy_board_tt_get(&t, &c, lo[i], hi[i], &v)) {
            if (!c.evictions && !t.evictions)
                fail_msg("seed=%llu: key %zu (%llx, %llx) lost",
                         (unsigned long long)test_seed(), i,
                         (unsigned long long)lo[i],
                         (unsigned long long)hi[i]);
        } else if (v != (uint32_t)(i % 1000)) {
            fail_msg("seed=%llu: key %zu has value %u, not %u",
                     (unsigned long long)test_seed(), i, v,
                     (unsigned)(i % 1000));
        }
    }
    seen.lo = lo;
    seen.hi = hi;
    seen.set = set;
    seen.found = seen.wrong = 0;
    grundy_board_tt_each(&t, tt_count, &seen);
    assert_int_equal(seen.wrong, 0);
    assert_int_equal(seen.found, t.used + t.wused);
    grundy_board_tt_clear(&t);
}

/* The inverse of the table's mix on 64 bits, written out here: each
 * xor-shift by 32 is its own inverse, each product undone by the inverse
 * of its constant modulo 2^64. */
static uint64_t inv_odd(uint64_t a)
{
    uint64_t x = 1;
    unsigned i;
    for (i = 0; i < 64; i++) /* a bit of the inverse at a time */
        if ((a * x) >> i & 1 && i > 0)
            x |= 1ull << i;
    return x;
}

static uint64_t unmix64(uint64_t m)
{
    m ^= m >> 32;
    m *= inv_odd(GRUNDY_BOARD_TT_M2);
    m ^= m >> 32;
    m *= inv_odd(GRUNDY_BOARD_TT_M1);
    m ^= m >> 32;
    return m;
}

/* Key i of n stored in t: every fifth a "not" fact, the rest exact
 * values (the doubling tests). */
static void fill_keys(grundy_board_tt *t, grundy_board_tt_counts *c,
                      const uint64_t *key, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (i % 5 == 4)
            grundy_board_tt_exclude(t, c, key[i], 0,
                                    (uint32_t)(i % 32767) | 1, 3);
        else
            grundy_board_tt_put(t, c, key[i], 0, (uint32_t)(i % 1000),
                                1 + (unsigned)(i % 30));
    }
}

/* Every key of fill_keys() found with its own value or fact after
 * doubling `round` (`how`: in place or by copying). */
static void check_keys(grundy_board_tt *t, grundy_board_tt_counts *c,
                       const uint64_t *key, size_t n, unsigned round,
                       const char *how)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint32_t v = 0, ex = 0;
        int r = grundy_board_tt_look(t, c, key[i], 0, &v, &ex);
        if (i % 5 == 4 ? r || ex != ((uint32_t)(i % 32767) | 1)
                       : !r || v != (uint32_t)(i % 1000))
            fail_msg("seed=%llu: after doubling %u %s, key %zu (%llx) "
                     "gives %d, value %u, not %x",
                     (unsigned long long)test_seed(), round, how, i,
                     (unsigned long long)key[i], r, v, ex);
    }
}

/* A table of 2^24 clusters (1 GiB, where the mix is of all 64 bits)
 * doubles twice in place: it keeps its address, needs no memory beside
 * it (its peak is its new size), and every value and every "not" fact
 * is found under its key after each doubling, with the same count.  The
 * keys are chosen (through the inverse of the mix) to fall in clusters at
 * the table's start, middle and end, so the test touches few pages. */
static void test_board_table_doubles_in_place(void **state)
{
    test_rng *rng = *state;
    enum { N = 3000 };
    static uint64_t key[N];
    grundy_board_tt t;
    grundy_board_tt_counts c;
    size_t i, used, nc = (size_t)1 << 24;
    unsigned round;
    uint64_t *at;
    memset(&c, 0, sizeof c);
    if (grundy_board_tt_init_at(&t, 24, (size_t)4 << 30, NULL,
                                GRUNDY_BOARD_TT_COST) != GRUNDY_OK)
        skip(); /* no 1 GiB of address space here */
    if (!t.eroom.map) {
        grundy_board_tt_clear(&t);
        skip(); /* nothing reserved: the table doubles by copying */
    }
    assert_int_equal(t.cbits, 24);
    assert_int_equal(t.bbits, 64);
    for (i = 0; i < N; i++) {
        /* six entries to a cluster, in three runs of 250 clusters */
        size_t k = i / 6, cl = k < 250   ? k
                              : k < 500 ? nc / 2 - 125 + (k - 250)
                                        : nc - 250 + (k - 500);
        uint64_t q = test_rng_next(rng) & GRUNDY_BOARD_TT_QMASK;
        key[i] = unmix64(((uint64_t)cl << 40) | q);
        assert_int_equal(grundy_board_tt_mix(key[i], 64, ~0ull) >> 40, cl);
    }
    fill_keys(&t, &c, key, N);
    used = t.used;
    assert_int_equal(c.evictions, 0);
    at = t.e;
    for (round = 0; round < 3; round++) {
        t.want_grow = 1;
        grundy_board_tt_grow(&t);
        if (round == 2) {
            /* the budget holds no more */
            assert_int_equal(t.full, 1);
            assert_int_equal(t.cbits, 26);
        } else {
            assert_int_equal(t.full, 0);
            assert_int_equal(t.cbits, 25 + round);
            assert_ptr_equal(t.e, at);
            assert_int_equal(t.peak_bytes, grundy_board_tt_bytes(&t));
        }
        assert_int_equal(t.used, used);
        assert_int_equal(t.evictions, 0);
        check_keys(&t, &c, key, N, round, "in place");
    }
    grundy_board_tt_clear(&t);
}

/* With no address space reserved (a budget past what can be reserved),
 * the table doubles by copying: into a new array beside the old one, each
 * entry placed again under the new size's mix.  Every value and every
 * "not" fact is found after each doubling, with the same count, and the
 * peak counts both arrays. */
static void test_board_table_doubles_by_copying(void **state)
{
    test_rng *rng = *state;
    enum { N = 1500 }; /* 4096 clusters at first: none near full */
    static uint64_t key[N];
    grundy_board_tt t;
    grundy_board_tt_counts c;
    size_t i, used;
    unsigned round;
    memset(&c, 0, sizeof c);
    assert_int_equal(grundy_board_tt_init_at(&t, 12, SIZE_MAX, NULL,
                                             GRUNDY_BOARD_TT_COST),
                     GRUNDY_OK);
    assert_null(t.eroom.map);
    for (i = 0; i < N; i++)
        key[i] = test_rng_next(rng) & t.bmask; /* compact entries' keys */
    fill_keys(&t, &c, key, N);
    used = t.used;
    if (c.evictions)
        fail_msg("seed=%llu: %llu evicted while filling",
                 (unsigned long long)test_seed(),
                 (unsigned long long)c.evictions);
    for (round = 0; round < 4; round++) {
        size_t before = grundy_board_tt_bytes(&t);
        t.want_grow = 1;
        grundy_board_tt_grow(&t);
        assert_int_equal(t.cbits, 13 + round);
        assert_int_equal(t.full, 0);
        assert_true(t.peak_bytes >= before + grundy_board_tt_bytes(&t));
        assert_int_equal(t.used, used);
        assert_int_equal(t.evictions, 0);
        check_keys(&t, &c, key, N, round, "by copying");
    }
    grundy_board_tt_clear(&t);
}

/* Keys of 2 and 4 words stored while the wide-key table doubles many
 * times, each key found with its own value after.  In place (a budget
 * that can be reserved), the table keeps its address and its peak is its
 * size; by copying (nothing reserved), the peak counts both arrays. */
static void wide_table_doubles(void **state, int copying)
{
    test_rng *rng = *state;
    enum { N = 40000 };
    static uint64_t key[N][4];
    unsigned kw;
    for (kw = 2; kw <= 4; kw += 2) {
        grundy_board_ttw t;
        grundy_board_tt_counts c;
        uint64_t *at;
        size_t i, j, lost;
        memset(&c, 0, sizeof c);
        assert_int_equal(grundy_board_ttw_init(
                             &t, kw, copying ? SIZE_MAX : (size_t)64 << 20,
                             NULL, GRUNDY_BOARD_TT_COST),
                         GRUNDY_OK);
        if (copying)
            assert_null(t.room.map);
        else if (!t.room.map) {
            grundy_board_ttw_clear(&t);
            skip(); /* nothing reserved: the table doubles by copying */
        }
        at = t.b;
        for (i = 0; i < N; i++) {
            for (j = 0; j < 4; j++)
                key[i][j] = j < kw ? test_rng_next(rng) : 0;
            grundy_board_ttw_put(&t, &c, key[i], (unsigned)(i % 200),
                                 (uint32_t)(i % 1000),
                                 1 + (unsigned)(i % 30));
        }
        assert_true(t.nbuckets >= 8 * 2048); /* it doubled thrice at least */
        if (copying) {
            assert_ptr_not_equal(t.b, at);
            /* the last doubling held the old half beside the new */
            assert_true(t.peak_bytes >= grundy_board_ttw_bytes(&t) / 2 * 3);
        } else {
            assert_ptr_equal(t.b, at);
            assert_int_equal(t.peak_bytes, grundy_board_ttw_bytes(&t));
        }
        for (i = 0, lost = 0; i < N; i++) {
            uint32_t v = 0, ex = 0;
            int r = grundy_board_ttw_look(&t, &c, key[i], (unsigned)(i % 200),
                                          &v, &ex);
            lost += !r;
            if (r && v != (uint32_t)(i % 1000))
                fail_msg("seed=%llu: %u words, key %zu has value %u",
                         (unsigned long long)test_seed(), kw, i, v);
        }
        /* a key is missing only where a full bucket evicted it */
        if (lost > c.evictions + t.evictions)
            fail_msg("seed=%llu: %u words, %zu keys lost, %llu evicted",
                     (unsigned long long)test_seed(), kw, lost,
                     (unsigned long long)(c.evictions + t.evictions));
        assert_int_equal(t.evictions, 0); /* none lost by doubling */
        grundy_board_ttw_clear(&t);
    }
}

static void test_board_wide_table_doubles_in_place(void **state)
{
    wide_table_doubles(state, 0);
}

static void test_board_wide_table_doubles_by_copying(void **state)
{
    wide_table_doubles(state, 1);
}

/* The search's contract *****************************************************/

static int cancel_at(void *ctx, const grundy_progress *p)
{
    int *calls = ctx;
    (void)p;
    return ++*calls >= 2;
}

static void test_board_limits_and_cancel(void **state)
{
    grundy_game *g = test_game("cram:5x6");
    grundy_board *b = NULL;
    grundy_board_opts o;
    grundy_limits lim;
    grundy_board_stats st;
    grundy_value v = 0, want;
    grundy_pos p;
    int calls = 0;
    (void)state;
    assert_int_equal(grundy_game_pos_parse(g, "start", 5, &p, NULL),
                     GRUNDY_OK);
    /* not even the first table fits */
    grundy_limits_init(&lim);
    lim.mem_limit = 16384;
    grundy_board_opts_init(&o);
    o.limits = &lim;
    assert_int_equal(grundy_board_new(&b, g, &o), GRUNDY_ERR_LIMIT);
    assert_null(b);
    /* a small table: values are evicted, the answer is the same */
    grundy_board_opts_init(&o);
    assert_int_equal(grundy_board_new(&b, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_board_value(&want, b, p), GRUNDY_OK);
    grundy_board_get_stats(&st, b);
    assert_true(st.nodes > 0 && st.hits > 0 && st.stores > 0);
    assert_true(st.table_bytes > 0 && st.peak_bytes >= st.table_bytes);
    grundy_board_free(b);
    grundy_board_opts_init(&o);
    o.table_bytes = 65536;
    o.evict_limit = 0;
    assert_int_equal(grundy_board_new(&b, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_board_value(&v, b, p), GRUNDY_OK);
    assert_int_equal(v, want);
    assert_int_equal(v, 2); /* Cram 5 x 6 */
    grundy_board_get_stats(&st, b);
    assert_true(st.evictions > 0);
    assert_int_equal(st.table_bytes, 65536);
    grundy_board_free(b);
    /* the same table with the default evict limit: a search that keeps
     * evicting stops as over the limit, having evicted past it */
    grundy_board_opts_init(&o);
    o.table_bytes = 65536;
    assert_int_equal(o.evict_limit, 8);
    o.evict_limit = 1;
    assert_int_equal(grundy_board_new(&b, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_board_value(&v, b, p), GRUNDY_ERR_LIMIT);
    grundy_board_get_stats(&st, b);
    assert_true(st.evictions > 65536 / 16);
    grundy_board_free(b);
    /* cancelled at the second progress report */
    grundy_limits_init(&lim);
    lim.progress = cancel_at;
    lim.progress_ctx = &calls;
    lim.interval_ms = 1;
    grundy_board_opts_init(&o);
    o.limits = &lim;
    assert_int_equal(grundy_board_new(&b, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_board_value(&v, b, p), GRUNDY_ERR_CANCELLED);
    grundy_board_free(b);
    grundy_game_free(g);
}

/* Published values: OEIS A344227, the Grundy value of Node-Kayles on the
 * n x n queens graph, a(1) .. a(11) (the sequence gives a(0) .. a(13);
 * a(12) and a(13) take seconds, compared in doc/results.md; a sanitizer
 * build stops at a(9)). */
static void test_published_queens(void **state)
{
    static const grundy_value a344227[] = {1, 1, 2, 1, 3, 1,
                                           2, 3, 1, 0, 1};
    unsigned n, last = test_light() ? 9 : 11;
    (void)state;
    for (n = 1; n <= last; n++) {
        char spec[64];
        grundy_game *g;
        grundy_values *v;
        grundy_pos p;
        grundy_value x;
        snprintf(spec, sizeof spec, "node-kayles:queens:%u", n);
        g = test_game(spec);
        v = test_values(g);
        assert_int_equal(grundy_game_pos_parse(g, "start", 5, &p, NULL),
                         GRUNDY_OK);
        assert_int_equal(grundy_values_get(&x, v, p), GRUNDY_OK);
        if (x != a344227[n - 1])
            fail_msg("%s: value %llu, A344227 has %llu", spec,
                     (unsigned long long)x,
                     (unsigned long long)a344227[n - 1]);
        test_game_free(g);
    }
}

/* The values object: the search for large positions (kept), subsets for
 * small ones; rect gives the table's values through the search. */
static void test_values_use_the_search(void **state)
{
    test_rng *rng = *state;
    grundy_game *g = test_game("cram:5x5");
    grundy_values *v = test_values(g);
    grundy_board_stats st;
    grundy_value x;
    grundy_pos p;
    grundy_table *t;
    long it;
    assert_int_equal(grundy_values_search_stats(&st, v), 0);
    assert_int_equal(st.nodes, 0);
    assert_int_equal(grundy_game_pos_parse(g, "start", 5, &p, NULL),
                     GRUNDY_OK);
    assert_int_equal(grundy_values_get(&x, v, p), GRUNDY_OK);
    assert_int_equal(x, 0);
    assert_string_equal(grundy_values_source(v), "board search");
    assert_int_equal(grundy_values_search_stats(&st, v), 1);
    assert_true(st.nodes > 0);
    assert_int_equal(grundy_values_get(&x, v, 7), GRUNDY_OK);
    assert_string_equal(grundy_values_source(v), "subsets");
    test_game_free(g);

    g = test_game("rect:4x5");
    v = test_values(g);
    assert_int_equal(grundy_table_new(&t, g, 0, NULL), GRUNDY_OK);
    for (it = 0; it < 300 * test_multiplier(); it++) {
        p = test_rng_below(rng, (grundy_pos)1 << 20) |
            test_rng_below(rng, (grundy_pos)1 << 20);
        assert_int_equal(grundy_values_get(&x, v, p), GRUNDY_OK);
        if (x != grundy_table_get(t, p))
            fail_msg("seed=%llu it=%ld rect:4x5 p=%llu: %llu (%s), table "
                     "%llu",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)p, (unsigned long long)x,
                     grundy_values_source(v),
                     (unsigned long long)grundy_table_get(t, p));
    }
    grundy_table_free(t);
    test_game_free(g);
}

/* Pictures: the geometry of a position ************************************/

static void test_board_geometry(void **state)
{
    grundy_board_geometry geo;
    grundy_game *g;
    grundy_pos p;
    grundy_parse_error e;
    (void)state;
    g = test_game("nim");
    assert_int_equal(grundy_board_geometry_get(&geo, g, 3), GRUNDY_ERR_ARG);
    assert_int_equal(grundy_board_geometry_get(NULL, g, 3), GRUNDY_ERR_ARG);
    grundy_game_free(g);
    assert_int_equal(grundy_board_geometry_get(&geo, NULL, 3),
                     GRUNDY_ERR_ARG);

    g = test_game("cram:2x3");
    assert_int_equal(grundy_game_pos_parse(g, "110/011", 7, &p, &e),
                     GRUNDY_OK);
    assert_int_equal(grundy_board_geometry_get(&geo, g, p), GRUNDY_OK);
    assert_int_equal(geo.grid, 1);
    assert_int_equal(geo.rows, 2);
    assert_int_equal(geo.cols, 3);
    assert_int_equal(geo.ncells, 6);
    assert_int_equal(geo.cells, 0x33);
    assert_int_equal(geo.marked, 0);
    assert_true(geo.x[4] == 1 && geo.y[4] == 1 && geo.x[2] == 2 &&
                geo.y[2] == 0);
    /* how a plot marks a move, and names a cell the position lacks */
    assert_int_equal(geo.mark, GRUNDY_BOARD_MARK_DOMINO);
    assert_string_equal(geo.taken, "a covered cell");
    grundy_game_free(g);

    g = test_game("rect:2x2");
    assert_int_equal(grundy_board_geometry_get(&geo, g, 15), GRUNDY_OK);
    assert_int_equal(geo.cells, 15);
    assert_int_equal(geo.mark, GRUNDY_BOARD_MARK_THUMB);
    assert_string_equal(geo.taken, "a 0 cell");
    assert_int_equal(grundy_board_geometry_get(&geo, g, 16),
                     GRUNDY_ERR_RANGE);
    grundy_game_free(g);

    /* Chomp: the bottom row at the bottom, the poisoned square marked */
    g = test_game("chomp:3x7");
    assert_int_equal(grundy_game_pos_parse(g, "7,4,2", 5, &p, &e), GRUNDY_OK);
    assert_int_equal(grundy_board_geometry_get(&geo, g, p), GRUNDY_OK);
    assert_int_equal(geo.grid, 1);
    assert_int_equal(__builtin_popcountll(geo.cells), 13);
    assert_int_equal(geo.marked, 1);
    assert_true(geo.x[0] == 0 && geo.y[0] == 2);
    assert_int_equal(geo.mark, GRUNDY_BOARD_MARK_CORNER);
    assert_string_equal(geo.taken, "an eaten square");
    grundy_game_free(g);

    /* graphs: Petersen's outer pentagon around its inner star */
    g = test_game("node-kayles:petersen");
    assert_int_equal(grundy_game_pos_parse(g, "start", 5, &p, &e), GRUNDY_OK);
    assert_int_equal(grundy_board_geometry_get(&geo, g, p), GRUNDY_OK);
    assert_int_equal(geo.grid, 0);
    assert_int_equal(geo.ncells, 10);
    assert_int_equal(geo.cells, 0x3FF);
    assert_int_equal(geo.adj[0], (1u << 1) | (1u << 4) | (1u << 5));
    assert_int_equal(geo.mark, GRUNDY_BOARD_MARK_VERTEX);
    assert_string_equal(geo.taken, "a vertex taken");
    assert_true(geo.x[0] * geo.x[0] + geo.y[0] * geo.y[0] >
                geo.x[5] * geo.x[5] + geo.y[5] * geo.y[5] + 1);
    grundy_game_free(g);

    g = test_game("node-kayles:path:5");
    assert_int_equal(grundy_board_geometry_get(&geo, g, 31), GRUNDY_OK);
    assert_int_equal(geo.grid, 1);
    assert_int_equal(geo.rows, 1);
    assert_int_equal(geo.cols, 5);
    assert_int_equal(geo.adj[2], (1u << 1) | (1u << 3));
    assert_int_equal(geo.mark, GRUNDY_BOARD_MARK_VERTEX);
    grundy_game_free(g);
}

/* The cells a move takes, read from the geometry of a position and of its
 * child, are what the rules say: two adjacent cells (Cram), a vertex and
 * its neighbours (Node-Kayles), a square and those above and right of it
 * (Chomp), a rectangle (Rect); checked on random positions against the
 * rules written here. */
static void test_board_geometry_moves(void **state)
{
    static const char *const specs[] = {"cram:4x5", "node-kayles:grid:3x4",
                                        "node-kayles:cycle:9", "chomp:4x4",
                                        "rect:3x3"};
    test_rng *rng = *state;
    size_t si;
    for (si = 0; si < sizeof specs / sizeof specs[0]; si++) {
        grundy_game *g = test_game(specs[si]);
        const grundy_rules *r = grundy_game_rules(g);
        grundy_pos np = grundy_game_num_positions(g);
        grundy_board_geometry *geo = malloc(2 * sizeof *geo), *cg = geo + 1;
        grundy_move *mv = NULL;
        size_t cap = 0, nm, i;
        long it;
        assert_non_null(geo);
        for (it = 0; it < 100 * test_multiplier(); it++) {
            grundy_pos p = np == UINT64_MAX ? test_rng_next(rng)
                                            : test_rng_below(rng, np);
            assert_int_equal(grundy_board_geometry_get(geo, g, p), GRUNDY_OK);
            assert_int_equal(grundy_game_moves(g, p, &mv, &cap, &nm),
                             GRUNDY_OK);
            for (i = 0; i < nm; i++) {
                uint64_t rm, low;
                unsigned a, b, ok = 0;
                assert_int_equal(mv[i].nparts, 1);
                assert_int_equal(
                    grundy_board_geometry_get(cg, g, mv[i].part[0]),
                    GRUNDY_OK);
                rm = geo->cells & ~cg->cells;
                if ((cg->cells & ~geo->cells) || !rm)
                    fail_msg("seed=%llu %s it=%ld: move %zu from %llx is "
                             "not a subset",
                             (unsigned long long)test_seed(), specs[si], it,
                             i, (unsigned long long)p);
                low = (uint64_t)__builtin_ctzll(rm);
                if (r == &grundy_rules_cram) {
                    a = (unsigned)low;
                    b = (unsigned)__builtin_ctzll(rm & (rm - 1));
                    ok = __builtin_popcountll(rm) == 2 &&
                         fabs(geo->x[a] - geo->x[b]) +
                                 fabs(geo->y[a] - geo->y[b]) ==
                             1;
                } else if (r == &grundy_rules_node_kayles) {
                    for (a = 0; a < geo->ncells; a++)
                        if ((rm >> a & 1) &&
                            (((UINT64_C(1) << a) | geo->adj[a]) &
                             geo->cells) == rm)
                            ok = 1;
                } else if (r == &grundy_rules_chomp) {
                    uint64_t q = 0;
                    for (a = 0; a < geo->ncells; a++)
                        if (geo->x[a] >= geo->x[low] &&
                            geo->y[a] <= geo->y[low])
                            q |= UINT64_C(1) << a;
                    ok = (q & geo->cells) == rm && !(rm & geo->marked);
                } else {
                    double x0 = 99, x1 = -1, y0 = 99, y1 = -1;
                    for (a = 0; a < geo->ncells; a++)
                        if (rm >> a & 1) {
                            x0 = geo->x[a] < x0 ? geo->x[a] : x0;
                            x1 = geo->x[a] > x1 ? geo->x[a] : x1;
                            y0 = geo->y[a] < y0 ? geo->y[a] : y0;
                            y1 = geo->y[a] > y1 ? geo->y[a] : y1;
                        }
                    ok = (x1 - x0 + 1) * (y1 - y0 + 1) ==
                         (double)__builtin_popcountll(rm);
                }
                if (!ok)
                    fail_msg("seed=%llu %s it=%ld: move %zu from %llx "
                             "takes %llx",
                             (unsigned long long)test_seed(), specs[si], it,
                             i, (unsigned long long)p,
                             (unsigned long long)rm);
            }
        }
        free(mv);
        free(geo);
        grundy_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_specs_ok),
        cmocka_unit_test(test_board_geometry),
        cmocka_unit_test_setup_teardown(test_board_geometry_moves,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_board_spec_errors),
        cmocka_unit_test(test_node_kayles_files),
        cmocka_unit_test(test_board_positions),
        cmocka_unit_test(test_board_start_positions),
        cmocka_unit_test_setup_teardown(test_cram_parts, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test(test_published_queens),
        cmocka_unit_test_setup_teardown(test_cram_keys_least_image,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_cram_keys, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test(test_node_kayles_keys),
        cmocka_unit_test(test_board_limits_and_cancel),
        cmocka_unit_test_setup_teardown(test_board_table_keeps_keys,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_board_table_doubles_by_copying,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_board_table_doubles_in_place,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_board_wide_table_doubles_in_place, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test_setup_teardown(
            test_board_wide_table_doubles_by_copying, test_rng_setup,
            test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_values_use_the_search,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
