/*
 * test_values.c -- the one source of values: every path it takes gives
 * the values of the generic method (moves + mex, the oracle), the hooks of
 * a family of the program's own are used, and cancelled work keeps what it
 * finished.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/experimental.h"
#include "test_support.h"
#include "values/values_internal.h"

/* A user family with a kernel: remove a non-zero square ***************/

static unsigned long sq_fills, sq_positions;

static grundy_status no_params(void **params, const char *args,
                               grundy_parse_error *where)
{
    *params = NULL;
    if (args) {
        grundy_parse_error_set(where, 1, 1, "no parameters");
        return GRUNDY_ERR_PARSE;
    }
    return GRUNDY_OK;
}

static size_t sq_max_moves(const void *params, grundy_pos p)
{
    size_t k = 0;
    (void)params;
    while ((grundy_pos)(k + 1) * (k + 1) <= p)
        k++;
    return k;
}

static size_t sq_moves(const void *params, grundy_pos p, grundy_move *out,
                       size_t cap)
{
    size_t k, n = 0;
    (void)params;
    for (k = 1; (grundy_pos)k * k <= p; k++, n++)
        if (n < cap) {
            out[n].part[0] = p - (grundy_pos)k * k;
            out[n].nparts = 1;
        }
    return n;
}

static unsigned sq_width(const void *params)
{
    (void)params;
    return 2;
}

static grundy_status sq_fill(const void *params, void *values,
                             grundy_pos from, grundy_pos n, grundy_fill *f)
{
    uint16_t *g = values;
    grundy_pos x, k;
    (void)params;
    sq_fills++;
    for (x = from; x < n; x++) {
        uint64_t seen[8] = {0};
        unsigned w;
        for (k = 1; k * k <= x; k++)
            if (g[x - k * k] < 512)
                seen[g[x - k * k] / 64] |= 1ull << (g[x - k * k] % 64);
        for (w = 0; ~seen[w] == 0; w++)
            ;
        g[x] = (uint16_t)(64 * w + (unsigned)__builtin_ctzll(~seen[w]));
        sq_positions++;
        if (grundy_fill_tick(f, x + 1) != GRUNDY_OK)
            return GRUNDY_ERR_CANCELLED;
    }
    return GRUNDY_OK;
}

static const grundy_kernel sq_kernel = {
    .name = "test-squares",
    .width = sq_width,
    .fill = sq_fill,
};

static const grundy_rules sq_rules = {
    .name = "test-squares",
    .synopsis = "test-squares",
    .flags = GRUNDY_RULES_HEAP,
    .parse = no_params,
    .max_moves = sq_max_moves,
    .moves = sq_moves,
    .kernel = &sq_kernel,
};

/* A user family with a period criterion: remove 2, 5 or 7 ***************/

static unsigned long pk_criterion_calls;
static const grundy_pos pk_amounts[3] = {2, 5, 7};

static size_t pk_max_moves(const void *params, grundy_pos p)
{
    (void)params;
    (void)p;
    return 3;
}

static size_t pk_moves(const void *params, grundy_pos p, grundy_move *out,
                       size_t cap)
{
    size_t i, n = 0;
    (void)params;
    for (i = 0; i < 3 && pk_amounts[i] <= p; i++, n++)
        if (n < cap) {
            out[n].part[0] = p - pk_amounts[i];
            out[n].nparts = 1;
        }
    return n;
}

static grundy_pos pk_period_run(const void *params, grundy_pos q,
                                grundy_pos p)
{
    (void)params;
    (void)q;
    (void)p;
    pk_criterion_calls++;
    return 7;
}

static const grundy_rules pk_rules = {
    .name = "test-pick",
    .synopsis = "test-pick",
    .flags = GRUNDY_RULES_HEAP,
    .parse = no_params,
    .max_moves = pk_max_moves,
    .moves = pk_moves,
    .period_run = pk_period_run,
};

static int registered;

static void register_families(void)
{
    if (registered)
        return;
    assert_int_equal(grundy_rules_register(&sq_rules), GRUNDY_OK);
    assert_int_equal(grundy_rules_register(&pk_rules), GRUNDY_OK);
    registered = 1;
}

/* The oracle: the generic method's table. */
static grundy_table *naive(const grundy_game *g, grundy_pos n)
{
    grundy_table *t = NULL;
    assert_int_equal(grundy_table_new_naive(&t, g, n, NULL), GRUNDY_OK);
    return t;
}

static void test_values_user_kernel_is_used(void **state)
{
    grundy_game *g;
    grundy_values *v;
    const grundy_table *t;
    grundy_table *truth;
    grundy_pos i;
    (void)state;
    register_families();
    g = test_game("test-squares");
    assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
    sq_fills = sq_positions = 0;
    assert_int_equal(grundy_values_table(&t, v, 3000), GRUNDY_OK);
    assert_true(sq_fills >= 1);
    assert_int_equal(sq_positions, 3000);
    assert_string_equal(grundy_values_method(v), "test-squares");
    truth = naive(g, 3000);
    for (i = 0; i < 3000; i++)
        if (grundy_table_get(t, i) != grundy_table_get(truth, i))
            fail_msg("g(%llu): kernel %llu, generic %llu",
                     (unsigned long long)i,
                     (unsigned long long)grundy_table_get(t, i),
                     (unsigned long long)grundy_table_get(truth, i));
    /* growing the table calls the kernel for the new entries only */
    assert_int_equal(grundy_values_table(&t, v, 4000), GRUNDY_OK);
    assert_int_equal(sq_positions, 4000);
    grundy_table_free(truth);
    grundy_values_free(v);
    grundy_game_free(g);
}

static void test_values_user_period_criterion_is_used(void **state)
{
    grundy_game *g, *sub;
    grundy_values *v;
    grundy_period per;
    grundy_value x;
    grundy_table *truth;
    grundy_pos p;
    (void)state;
    register_families();
    g = test_game("test-pick");
    assert_true(grundy_period_provable(g));
    assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
    pk_criterion_calls = 0;
    assert_int_equal(grundy_values_period(&per, v, 0), GRUNDY_OK);
    assert_true(pk_criterion_calls > 0);
    assert_true(per.proven);
    /* the same as the built-in subtraction game's, found independently */
    sub = test_game("subtract:2,5,7");
    {
        grundy_values *vs;
        grundy_period ps;
        assert_int_equal(grundy_values_new(&vs, sub, NULL), GRUNDY_OK);
        assert_int_equal(grundy_values_period(&ps, vs, 0), GRUNDY_OK);
        assert_int_equal(ps.period, per.period);
        assert_int_equal(ps.preperiod, per.preperiod);
        grundy_values_free(vs);
    }
    /* far positions come from the period, and match the generic table */
    truth = naive(g, 20000);
    for (p = 0; p < 20000; p += 37) {
        assert_int_equal(grundy_values_get(&x, v, p + 1000000000000ull),
                         GRUNDY_OK);
        assert_string_equal(grundy_values_source(v), "period");
        assert_int_equal(x,
                         grundy_table_get(truth, per.preperiod +
                                                     (p + 1000000000000ull -
                                                      per.preperiod) %
                                                         per.period));
        assert_int_equal(grundy_values_get(&x, v, p), GRUNDY_OK);
        assert_int_equal(x, grundy_table_get(truth, p));
    }
    assert_int_equal(grundy_values_get(&x, v, UINT64_MAX), GRUNDY_OK);
    grundy_table_free(truth);
    grundy_values_free(v);
    grundy_game_free(g);
    grundy_game_free(sub);
}

/* Every path of grundy_values_get() against the oracle ****************/

typedef struct policy_case {
    const char *spec;
    size_t mem_limit; /* 0: defaults; small: forces a window or search */
    const char *source; /* the path the case must take, or NULL */
    grundy_pos top;     /* positions asked below this (boards: all) */
} policy_case;

static void test_values_every_path_matches_generic(void **state)
{
    static const policy_case cases[] = {
        {"nim", 0, "closed form", 30000},
        {"half", 0, "closed form", 30000},
        {"digits", 0, "table", 30000},
        {"digits:base=7", 0, "table", 30000},
        {"subtract:1,3,4", 0, NULL, 30000},
        {"subtract:2,5,7", 0, "period", 30000},
        {"allbut:1,2", 0, "period", 6000}, /* arithmetic, proven */
        {"allbut:2,5,6", 0, NULL, 3000},
        {"0.137", 0, NULL, 5000},
        {"4.07", 0, NULL, 3000},
        {"grundy-game", 0, "table", 3000},
        {"0.F7", 0, "table", 300},
        {"rect:2x3", 0, NULL, 0},
        /* windows: the table would not fit */
        {"digits", 64 * 1024, "window", 200000},
        {"subtract:3,8,9", 8 * 1024, "period", 100000},
    };
    test_rng *rng = *state;
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        grundy_game *g = test_game(cases[c].spec);
        grundy_pos np = grundy_game_num_positions(g);
        grundy_pos top = np ? np : cases[c].top;
        grundy_limits lim;
        grundy_values_opts o;
        grundy_values *v;
        grundy_table *truth = naive(g, np ? np : top);
        int saw = cases[c].source == NULL;
        long it;
        grundy_limits_init(&lim);
        lim.mem_limit = cases[c].mem_limit;
        grundy_values_opts_init(&o);
        o.limits = &lim;
        assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
        for (it = 0; it < 40 * test_multiplier(); it++) {
            grundy_pos p = it == 0 ? top - 1 : test_rng_below(rng, top);
            grundy_value x;
            grundy_status s = grundy_values_get(&x, v, p);
            if (s != GRUNDY_OK || x != grundy_table_get(truth, p))
                fail_msg("seed=%llu it=%ld %s: g(%llu) = %llu (%s, via %s), "
                         "generic %llu",
                         (unsigned long long)test_seed(), it, cases[c].spec,
                         (unsigned long long)p, (unsigned long long)x,
                         grundy_strerror(s), grundy_values_source(v),
                         (unsigned long long)grundy_table_get(truth, p));
            if (cases[c].source &&
                strcmp(grundy_values_source(v), cases[c].source) == 0)
                saw = 1;
        }
        if (!saw)
            fail_msg("%s: never took the path '%s' (last: %s)",
                     cases[c].spec, cases[c].source,
                     grundy_values_source(v));
        grundy_values_free(v);
        grundy_table_free(truth);
        grundy_game_free(g);
    }
}

/* Boards: the subsets of one position, the whole table, and a search of
 * a family without the subsets flag all agree with the generic table. */
static void test_values_board_paths(void **state)
{
    grundy_game *g = test_game("rect:3x4");
    grundy_table *truth = naive(g, 0);
    grundy_values *v;
    grundy_value x;
    test_rng *rng = *state;
    long it;
    int saw_subsets = 0, saw_table = 0;
    assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
    /* sparse positions first (their subsets), then the full board (the
     * table of every position), then anything */
    for (it = 0; it < 60 * test_multiplier(); it++) {
        grundy_pos p = it < 10   ? test_rng_below(rng, 4096) &
                                     test_rng_below(rng, 4096)
                       : it == 10 ? 4095
                                  : test_rng_below(rng, 4096);
        assert_int_equal(grundy_values_get(&x, v, p), GRUNDY_OK);
        if (x != grundy_table_get(truth, p))
            fail_msg("seed=%llu it=%ld g(%llu) = %llu via %s, generic %llu",
                     (unsigned long long)test_seed(), it,
                     (unsigned long long)p, (unsigned long long)x,
                     grundy_values_source(v),
                     (unsigned long long)grundy_table_get(truth, p));
        saw_subsets |= strcmp(grundy_values_source(v), "subsets") == 0;
        saw_table |= strcmp(grundy_values_source(v), "table") == 0;
    }
    assert_true(saw_subsets);
    assert_true(saw_table);
    assert_int_equal(grundy_values_get(&x, v, 4096), GRUNDY_ERR_RANGE);
    grundy_values_free(v);
    grundy_table_free(truth);
    grundy_game_free(g);
}

/* Moves to a value, and legality ****************************************/

static void test_values_moves(void **state)
{
    static const char *const specs[] = {"nim", "divisors:360", "0.77",
                                        "subtract:1,3,4", "grundy-game"};
    test_rng *rng = *state;
    size_t c;
    for (c = 0; c < sizeof specs / sizeof specs[0]; c++) {
        grundy_game *g = test_game(specs[c]);
        grundy_values *v;
        long it;
        assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
        for (it = 0; it < 30 * test_multiplier(); it++) {
            grundy_pos p = c == 1 ? 1 : test_rng_range(rng, 1, 200);
            grundy_value gp, t, x, y;
            grundy_move m;
            int found, legal;
            unsigned k;
            assert_int_equal(grundy_values_get(&gp, v, p), GRUNDY_OK);
            if (!gp)
                continue;
            t = test_rng_below(rng, gp); /* the mex: every t < gp exists */
            assert_int_equal(grundy_values_move_to(&m, &found, v, p, t),
                             GRUNDY_OK);
            if (!found)
                fail_msg("seed=%llu %s: no move from %llu to value %llu",
                         (unsigned long long)test_seed(), specs[c],
                         (unsigned long long)p, (unsigned long long)t);
            for (x = 0, k = 0; k < m.nparts; k++) {
                assert_int_equal(grundy_values_get(&y, v, m.part[k]),
                                 GRUNDY_OK);
                x ^= y;
            }
            assert_int_equal(x, t);
            assert_int_equal(grundy_values_is_move(&legal, v, p, &m),
                             GRUNDY_OK);
            assert_true(legal);
        }
        grundy_values_free(v);
        grundy_game_free(g);
    }
    /* Nim heaps of any size: built, never listed. */
    {
        grundy_game *g = test_game("nim");
        grundy_values *v;
        grundy_move m = {{12345}, 1};
        int found, legal;
        assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
        assert_int_equal(
            grundy_values_move_to(&m, &found, v, (grundy_pos)1 << 62, 7),
            GRUNDY_OK);
        assert_true(found);
        assert_int_equal(m.part[0], 7);
        m.part[0] = 12345;
        assert_int_equal(
            grundy_values_is_move(&legal, v, (grundy_pos)1 << 62, &m),
            GRUNDY_OK);
        assert_true(legal);
        m.part[0] = (grundy_pos)1 << 62;
        assert_int_equal(
            grundy_values_is_move(&legal, v, (grundy_pos)1 << 62, &m),
            GRUNDY_OK);
        assert_false(legal);
        grundy_values_free(v);
        grundy_game_free(g);
    }
}

/* A typed move found among the family's: empty parts and the order of
 * the parts do not matter, and the family's own form comes back. */
static void test_values_find_move(void **state)
{
    grundy_game *nim = test_game("nim"), *kayles = test_game("0.77");
    grundy_values *v;
    grundy_move m, out;
    int legal;
    (void)state;
    assert_int_equal(grundy_values_new(&v, nim, NULL), GRUNDY_OK);
    /* "-" and "0" both empty a heap of 3; "0+2" is "2"; 5 is no move */
    m.nparts = 0;
    assert_int_equal(grundy_values_find_move(&out, &legal, v, 3, &m),
                     GRUNDY_OK);
    assert_true(legal);
    assert_int_equal(out.nparts, 1);
    assert_int_equal(out.part[0], 0);
    m.nparts = 2;
    m.part[0] = 0;
    m.part[1] = 2;
    assert_int_equal(grundy_values_find_move(&out, &legal, v, 3, &m),
                     GRUNDY_OK);
    assert_true(legal);
    assert_int_equal(out.part[0], 2);
    m.nparts = 1;
    m.part[0] = 5;
    assert_int_equal(grundy_values_find_move(&out, &legal, v, 3, &m),
                     GRUNDY_OK);
    assert_false(legal);
    m.nparts = 2;
    m.part[0] = 1;
    m.part[1] = 1;
    assert_int_equal(grundy_values_find_move(&out, &legal, v, 3, &m),
                     GRUNDY_OK);
    assert_false(legal);
    grundy_values_free(v);

    /* Kayles: 5 -> 2+1 as typed "0+2+1"; 5 -> 4; 5 -> 5 is no move */
    assert_int_equal(grundy_values_new(&v, kayles, NULL), GRUNDY_OK);
    m.nparts = 3;
    m.part[0] = 0;
    m.part[1] = 2;
    m.part[2] = 1;
    assert_int_equal(grundy_values_find_move(&out, &legal, v, 5, &m),
                     GRUNDY_OK);
    assert_true(legal);
    assert_int_equal(out.nparts, 2);
    assert_int_equal(out.part[0] + out.part[1], 3);
    m.nparts = 1;
    m.part[0] = 4;
    assert_int_equal(grundy_values_find_move(&out, &legal, v, 5, &m),
                     GRUNDY_OK);
    assert_true(legal);
    m.part[0] = 5;
    assert_int_equal(grundy_values_find_move(&out, &legal, v, 5, &m),
                     GRUNDY_OK);
    assert_false(legal);
    /* taking the last heap of 1 or 2 leaves nothing: "-" */
    m.nparts = 0;
    assert_int_equal(grundy_values_find_move(&out, &legal, v, 2, &m),
                     GRUNDY_OK);
    assert_true(legal);
    grundy_values_free(v);
    test_game_free(nim);
    test_game_free(kayles);
}

/* Cancellation keeps what was finished ***********************************/

static int cancel_now(void *ctx, const grundy_progress *p)
{
    int *calls = ctx;
    (void)p;
    return ++*calls >= 2;
}

static void test_values_cancel_keeps_prefix(void **state)
{
    static const char *const specs[] = {"grundy-game", "digits", "0.6",
                                        "test-squares", "allbut:3"};
    size_t c;
    (void)state;
    register_families();
    for (c = 0; c < sizeof specs / sizeof specs[0]; c++) {
        grundy_game *g = test_game(specs[c]);
        grundy_limits lim;
        grundy_values_opts o;
        grundy_values *v;
        const grundy_table *t;
        grundy_table *truth;
        grundy_pos n = c == 1 ? 50000000 : c == 4 ? 20000 : 400000, kept, i;
        int calls = 0;
        grundy_status s;
        grundy_limits_init(&lim);
        lim.progress = cancel_now;
        lim.progress_ctx = &calls;
        lim.interval_ms = 1;
        grundy_values_opts_init(&o);
        o.limits = &lim;
        assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
        s = grundy_values_table(&t, v, n);
        if (s == GRUNDY_OK) {
            /* this machine finished before the second report */
            grundy_values_free(v);
            grundy_game_free(g);
            continue;
        }
        assert_int_equal(s, GRUNDY_ERR_CANCELLED);
        t = grundy_values_cached(v);
        assert_non_null(t);
        kept = grundy_table_size(t);
        /* a kernel whose only reports are its first and its last is
         * cancelled at the end, with the whole table kept */
        if (kept > n)
            fail_msg("%s: %llu entries kept of %llu asked", specs[c],
                     (unsigned long long)kept, (unsigned long long)n);
        truth = naive(g, kept < 30000 ? kept : 30000);
        for (i = 0; i < grundy_table_size(truth); i++)
            if (grundy_table_get(t, i) != grundy_table_get(truth, i))
                fail_msg("%s: kept entry %llu is wrong", specs[c],
                         (unsigned long long)i);
        grundy_table_free(truth);
        grundy_values_free(v);
        grundy_game_free(g);
    }
}

/* Tables of exactly the size asked, whatever the object holds ************/

static void test_values_table_size_is_exact(void **state)
{
    grundy_game *g = test_game("0.137");
    grundy_values *v;
    const grundy_table *t;
    grundy_table *truth = naive(g, 5000);
    grundy_pos at, at2;
    (void)state;
    assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
    assert_int_equal(grundy_values_table(&t, v, 5000), GRUNDY_OK);
    assert_int_equal(grundy_values_table(&t, v, 100), GRUNDY_OK);
    assert_int_equal(grundy_table_size(t), 100);
    grundy_table_free(truth);
    truth = naive(g, 100);
    assert_int_equal(grundy_table_max(t, &at), grundy_table_max(truth, &at2));
    assert_int_equal(at, at2);
    grundy_table_free(truth);
    grundy_values_free(v);
    grundy_game_free(g);
}

/* The work estimate follows the cost: a split into two heaps whose values
 * are dense in rare ones lists every split, so 0.004 is quadratic, while
 * 0.07 (Dawson's Kayles, its period proven) and Grundy's game past 65536
 * (a rare position in 50) are linear. */
static void test_values_grow_work_follows_rare(void **state)
{
    static const char *const codes[] = {"0.004", "0.07"};
    uint64_t w[2];
    unsigned k;
    (void)state;
    for (k = 0; k < 2; k++) {
        grundy_game *g = test_game(codes[k]);
        grundy_values *v;
        const grundy_table *t;
        assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
        assert_int_equal(grundy_values_fill_method(v), GRUNDY_FILL_KERNEL);
        assert_int_equal(grundy_values_table(&t, v, 4096), GRUNDY_OK);
        w[k] = grundy_values_grow_work(v, GRUNDY_FILL_KERNEL, 4096, 8192);
        grundy_values_free(v);
        grundy_game_free(g);
    }
    /* 0.004: a quarter or more of the positions are rare */
    assert_true(w[0] >= (uint64_t)4096 * 1000);
    assert_true(w[1] <= (uint64_t)4096 * 64);
    {
        grundy_game *g = test_game("grundy-game");
        grundy_values *v;
        const grundy_table *t;
        assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
        assert_int_equal(grundy_values_table(&t, v, 65536), GRUNDY_OK);
        /* linear: a step per rare position (1273 of them) a position */
        w[0] = grundy_values_grow_work(v, GRUNDY_FILL_KERNEL, 65536,
                                       (grundy_pos)1 << 30);
        assert_true(w[0] >= ((uint64_t)1 << 30) * 1000 &&
                    w[0] <= ((uint64_t)1 << 30) * 2000);
        /* from scratch: its first 1024 values are dense */
        assert_true(grundy_values_grow_work(v, GRUNDY_FILL_KERNEL, 0,
                                            (grundy_pos)1 << 20) >
                    (uint64_t)1 << 36);
        grundy_values_free(v);
        grundy_game_free(g);
    }
}

/* A period search with no max stops at its bound of work (here the work
 * limit, lower than the built-in bound) with what it saw, before the
 * doubling that would pass it; the sizes it looks at are the same when
 * the object already holds a longer table.  An explicit max under the
 * same work limit is refused by the work estimate, which is quadratic for
 * 0.004, before the table grows. */
static void test_values_period_work_bound(void **state)
{
    grundy_game *g = test_game("0.004");
    grundy_values *v, *held;
    grundy_values_opts o;
    grundy_limits lim;
    grundy_period per, per2;
    const grundy_table *t;
    (void)state;
    grundy_limits_init(&lim);
    lim.work_limit = 30000000;
    grundy_values_opts_init(&o);
    o.limits = &lim;
    assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_values_period(&per, v, 0), GRUNDY_OK);
    assert_false(per.proven);
    assert_true(per.checked_upto >= 4096 && per.checked_upto <= 16384);
    assert_int_equal(grundy_values_period_work_bound(v), 1);
    assert_int_equal(grundy_values_new(&held, g, &o), GRUNDY_OK);
    assert_int_equal(grundy_values_table(&t, held, 32768), GRUNDY_ERR_WORK);
    lim.work_limit = 0;
    assert_int_equal(grundy_values_table(&t, held, 32768), GRUNDY_OK);
    lim.work_limit = 30000000;
    assert_int_equal(grundy_values_period(&per2, held, 0), GRUNDY_OK);
    assert_int_equal(per2.checked_upto, per.checked_upto);
    assert_int_equal(grundy_values_period_work_bound(held), 1);
    grundy_values_free(held);
    grundy_values_free(v);
    assert_int_equal(grundy_values_new(&v, g, &o), GRUNDY_OK);
    lim.work_limit = 1000000;
    assert_int_equal(grundy_values_period(&per, v, (grundy_pos)1 << 20),
                     GRUNDY_ERR_WORK);
    assert_true(grundy_values_cached(v) == NULL ||
                grundy_table_size(grundy_values_cached(v)) <= 4096);
    grundy_values_free(v);
    grundy_game_free(g);
}

static void test_values_histogram(void **state)
{
    static const char *const specs[] = {"nim", "half", "0.07", "digits"};
    size_t c;
    (void)state;
    for (c = 0; c < sizeof specs / sizeof specs[0]; c++) {
        grundy_game *g = test_game(specs[c]);
        grundy_values *v;
        grundy_table *truth = naive(g, 1001);
        uint64_t *h, *want;
        size_t nv;
        assert_int_equal(grundy_values_new(&v, g, NULL), GRUNDY_OK);
        /* a longer table first: the histogram counts 0..1000 only */
        if (c >= 2) {
            const grundy_table *t;
            assert_int_equal(grundy_values_table(&t, v, 3000), GRUNDY_OK);
        }
        assert_int_equal(grundy_values_histogram(&h, &nv, v, 1000),
                         GRUNDY_OK);
        assert_int_equal(nv, grundy_table_max(truth, NULL) + 1);
        want = calloc(nv, sizeof *want);
        grundy_table_counts(truth, want);
        assert_memory_equal(h, want, nv * sizeof *h);
        free(h);
        free(want);
        grundy_table_free(truth);
        grundy_values_free(v);
        grundy_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_user_kernel_is_used),
        cmocka_unit_test(test_values_user_period_criterion_is_used),
        cmocka_unit_test_setup_teardown(test_values_every_path_matches_generic,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_values_board_paths,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_values_moves, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test(test_values_find_move),
        cmocka_unit_test(test_values_cancel_keeps_prefix),
        cmocka_unit_test(test_values_table_size_is_exact),
        cmocka_unit_test(test_values_histogram),
        cmocka_unit_test(test_values_grow_work_follows_rare),
        cmocka_unit_test(test_values_period_work_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
