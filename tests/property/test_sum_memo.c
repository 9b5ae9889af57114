/*
 * test_sum_memo.c -- the memo of solved positions (grundy_sum_memo):
 * grundy_sum_analyze() with a memo kept across many calls answers what
 * the same call answers without it, field by field, and every remoteness
 * it gives is that of a direct search written here (Steinhaus's
 * recursion over the sorted items of the sum, with the move generators
 * of tests/support/sum_oracle.c: no code of the library).
 *
 * Seeded random sums of a few families (octal codes whose moves split
 * heaps, Grundy's game, Nim, rect boards), asked in random order so that
 * a call meets positions an earlier one solved; some with a small
 * max_states, so that the memo passes the limit and the call is answered
 * again from nothing; and a memo with a small bound, which must hold at
 * most that after every call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sum_oracle.h"
#include "test_support.h"

#define NFAM 5
#define MAXC 4

typedef struct fam {
    const char *spec;
    oracle_family of;
    oracle_octal oct;
    oracle_rect rect;
    uint64_t maxpos;
    grundy_game *g;
} fam;

static void fams_init(fam *f)
{
    memset(f, 0, NFAM * sizeof *f);
    f[0].spec = "0.77"; /* Kayles */
    f[0].oct.d[1] = f[0].oct.d[2] = 7;
    f[0].of.moves = oracle_moves_octal;
    f[0].of.ctx = &f[0].oct;
    f[0].maxpos = 11;
    f[1].spec = "0.137";
    f[1].oct.d[1] = 1;
    f[1].oct.d[2] = 3;
    f[1].oct.d[3] = 7;
    f[1].of.moves = oracle_moves_octal;
    f[1].of.ctx = &f[1].oct;
    f[1].maxpos = 11;
    f[2].spec = "grundy-game";
    f[2].of.moves = oracle_moves_grundy_game;
    f[2].maxpos = 11;
    f[3].spec = "nim";
    f[3].of.heap = oracle_moves_nim;
    f[3].maxpos = 6;
    f[4].spec = "rect:2x3";
    f[4].rect.rows = 2;
    f[4].rect.cols = 3;
    f[4].of.moves = oracle_moves_rect;
    f[4].of.ctx = &f[4].rect;
    f[4].maxpos = 63;
}

/* The direct search ********************************************************/

/* A position: items (family, position) sorted, at most MAXITEMS. */
#define MAXITEMS 32
typedef struct opos {
    unsigned n;
    oracle_item it[MAXITEMS];
} opos;

typedef struct oentry {
    opos key;
    uint64_t r;
    int used;
} oentry;

typedef struct oracle_rem {
    const fam *f;
    oentry *t;
    size_t cap, n;
} oracle_rem;

static int item_cmp(const void *a, const void *b)
{
    const oracle_item *x = a, *y = b;
    if (x->fam != y->fam)
        return x->fam < y->fam ? -1 : 1;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

static uint64_t opos_hash(const opos *p)
{
    uint64_t h = 1469598103934665603ull ^ p->n;
    unsigned i;
    for (i = 0; i < p->n; i++) {
        h = (h ^ (p->it[i].fam + 1)) * 1099511628211ull;
        h = (h ^ p->it[i].pos) * 1099511628211ull;
    }
    return h;
}

static int opos_eq(const opos *a, const opos *b)
{
    unsigned i;
    if (a->n != b->n)
        return 0;
    for (i = 0; i < a->n; i++)
        if (a->it[i].fam != b->it[i].fam || a->it[i].pos != b->it[i].pos)
            return 0;
    return 1;
}

static oentry *slot_of(oracle_rem *o, const opos *p)
{
    size_t i = (size_t)opos_hash(p) & (o->cap - 1);
    while (o->t[i].used && !opos_eq(&o->t[i].key, p))
        i = (i + 1) & (o->cap - 1);
    return &o->t[i];
}

static void grow(oracle_rem *o)
{
    oentry *old = o->t;
    size_t oc = o->cap, i;
    o->cap = oc ? 2 * oc : 1024;
    o->t = calloc(o->cap, sizeof *o->t);
    assert_non_null(o->t);
    for (i = 0; i < oc; i++)
        if (old[i].used)
            *slot_of(o, &old[i].key) = old[i];
    free(old);
}

/* A component with no move adds nothing to the sum: left out. */
static int movable(const fam *f, unsigned k, uint64_t pos)
{
    oracle_move3 mv[512];
    return oracle_family_moves(&f[k].of, pos, mv, 512) != 0;
}

/* The remoteness of p under normal play: 0 with no move; else 1 + the
 * least even remoteness of a child, or 1 + the largest odd one. */
static uint64_t remoteness(oracle_rem *o, const opos *p)
{
    oentry *e;
    uint64_t min_even = UINT64_MAX, max_odd = 0;
    int any = 0;
    unsigned i, j, q;
    if (2 * (o->n + 1) > o->cap)
        grow(o);
    e = slot_of(o, p);
    if (e->used)
        return e->r;
    for (i = 0; i < p->n; i++) {
        oracle_move3 mv[512];
        size_t nm = oracle_family_moves(&o->f[p->it[i].fam].of,
                                        p->it[i].pos, mv, 512);
        for (j = 0; j < nm; j++) {
            opos c;
            uint64_t r;
            c.n = 0;
            for (q = 0; q < p->n; q++)
                if (q != i)
                    c.it[c.n++] = p->it[q];
            for (q = 0; q < mv[j].n; q++)
                if (movable(o->f, p->it[i].fam, mv[j].part[q])) {
                    assert_true(c.n < MAXITEMS);
                    c.it[c.n].fam = p->it[i].fam;
                    c.it[c.n++].pos = mv[j].part[q];
                }
            qsort(c.it, c.n, sizeof *c.it, item_cmp);
            r = remoteness(o, &c);
            any = 1;
            if (r % 2 == 0 && r < min_even)
                min_even = r;
            if (r % 2 == 1 && r > max_odd)
                max_odd = r;
        }
    }
    if (2 * (o->n + 1) > o->cap)
        grow(o);
    e = slot_of(o, p);
    e->key = *p;
    e->used = 1;
    e->r = !any ? 0 : min_even != UINT64_MAX ? min_even + 1 : max_odd + 1;
    o->n++;
    return e->r;
}

/* The sum ******************************************************************/

typedef struct sum_case {
    size_t n;
    unsigned famof[MAXC];
    grundy_sum_component comp[MAXC];
} sum_case;

/* 1 + the remoteness of the sum after move m. */
static uint64_t oracle_move(oracle_rem *o, const sum_case *s,
                            const grundy_sum_move *m)
{
    opos p;
    size_t i;
    unsigned q;
    p.n = 0;
    for (i = 0; i < s->n; i++) {
        if (i != m->component) {
            if (movable(o->f, s->famof[i], s->comp[i].pos)) {
                p.it[p.n].fam = s->famof[i];
                p.it[p.n++].pos = s->comp[i].pos;
            }
            continue;
        }
        for (q = 0; q < m->to.nparts; q++)
            if (movable(o->f, s->famof[i], m->to.part[q])) {
                p.it[p.n].fam = s->famof[i];
                p.it[p.n++].pos = m->to.part[q];
            }
    }
    qsort(p.it, p.n, sizeof *p.it, item_cmp);
    return 1 + remoteness(o, &p);
}

static int move_eq(const grundy_sum_move *a, const grundy_sum_move *b)
{
    unsigned q;
    if (a->component != b->component || a->from != b->from ||
        a->value != b->value || a->to.nparts != b->to.nparts)
        return 0;
    for (q = 0; q < a->to.nparts; q++)
        if (a->to.part[q] != b->to.part[q])
            return 0;
    return 1;
}

/* a and b the same answer, field by field. */
static void assert_same(const grundy_sum_result *a, const grundy_sum_result *b,
                        const char *what, long it)
{
    size_t i;
    int same = a->first_wins == b->first_wins && a->method == b->method &&
               a->value == b->value && a->states == b->states &&
               a->nmoves == b->nmoves && a->nbest == b->nbest &&
               a->best_method == b->best_method &&
               a->remoteness == b->remoteness &&
               a->best_remoteness == b->best_remoteness &&
               !a->move_remoteness == !b->move_remoteness &&
               !a->move_outcome == !b->move_outcome;
    for (i = 0; same && i < a->nmoves; i++)
        same = move_eq(&a->moves[i], &b->moves[i]) &&
               (!a->move_remoteness ||
                a->move_remoteness[i] == b->move_remoteness[i]) &&
               (!a->move_outcome || a->move_outcome[i] == b->move_outcome[i]);
    for (i = 0; same && i < a->nbest; i++)
        same = move_eq(&a->best[i], &b->best[i]);
    if (!same)
        fail_msg("%s: with the memo and without differ (seed=%llu it=%ld)",
                 what, (unsigned long long)test_seed(), it);
}

static const unsigned wants[] = {
    GRUNDY_SUM_MOVES | GRUNDY_SUM_REMOTENESS,
    GRUNDY_SUM_EVERY | GRUNDY_SUM_REMOTENESS,
    GRUNDY_SUM_BEST | GRUNDY_SUM_REMOTENESS,
    GRUNDY_SUM_MOVES | GRUNDY_SUM_BEST | GRUNDY_SUM_EVERY |
        GRUNDY_SUM_REMOTENESS,
};

static void random_sum(sum_case *s, const fam *f, test_rng *rng)
{
    unsigned a = (unsigned)test_rng_below(rng, NFAM);
    unsigned b = test_rng_below(rng, 3) ? a
                                        : (unsigned)test_rng_below(rng, NFAM);
    size_t i;
    memset(s, 0, sizeof *s);
    s->n = (size_t)test_rng_range(rng, 1, MAXC);
    for (i = 0; i < s->n; i++) {
        unsigned k = i % 2 ? b : a;
        s->famof[i] = k;
        s->comp[i].values = test_values(f[k].g);
        s->comp[i].pos = test_rng_range(rng, 0, f[k].maxpos);
    }
}

/* One memo across every call, against the same calls without it and the
 * direct search. */
static void test_memo_matches_fresh(void **state)
{
    test_rng *rng = *state;
    fam f[NFAM];
    oracle_rem o;
    grundy_sum_memo *memo;
    grundy_sum_memo_stats st;
    long it, known = 0, unknown = 0, hits = 0;
    size_t k;
    fams_init(f);
    for (k = 0; k < NFAM; k++)
        f[k].g = test_game(f[k].spec);
    memset(&o, 0, sizeof o);
    o.f = f;
    assert_int_equal(grundy_sum_memo_new(&memo, 0), GRUNDY_OK);
    for (it = 0; it < 300 * test_multiplier(); it++) {
        sum_case s;
        grundy_sum_opts opt;
        grundy_sum_result with, without;
        size_t before, i;
        random_sum(&s, f, rng);
        grundy_sum_opts_init(&opt);
        opt.want = wants[test_rng_below(rng, 4)];
        /* now and then a search limit the memo passes */
        opt.max_states = test_rng_below(rng, 8) ? 0
                                                : (size_t)test_rng_range(
                                                      rng, 1, 400);
        assert_int_equal(grundy_sum_analyze(&without, s.comp, s.n, NULL,
                                            &opt),
                         GRUNDY_OK);
        grundy_sum_memo_stats_get(&st, memo);
        before = st.positions;
        opt.memo = memo;
        assert_int_equal(grundy_sum_analyze(&with, s.comp, s.n, NULL, &opt),
                         GRUNDY_OK);
        assert_same(&with, &without, "analyze", it);
        grundy_sum_memo_stats_get(&st, memo);
        hits += before && st.positions == before; /* all from the memo */
        for (i = 0; with.move_remoteness && i < with.nmoves; i++) {
            uint64_t want;
            if (with.move_remoteness[i] == GRUNDY_REMOTENESS_UNKNOWN) {
                unknown++;
                continue;
            }
            want = oracle_move(&o, &s, &with.moves[i]);
            if (with.move_remoteness[i] != want)
                fail_msg("move %zu: remoteness %llu, the direct search "
                         "%llu (seed=%llu it=%ld)",
                         i, (unsigned long long)with.move_remoteness[i],
                         (unsigned long long)want,
                         (unsigned long long)test_seed(), it);
            known++;
        }
        grundy_sum_result_clear(&with);
        grundy_sum_result_clear(&without);
    }
    grundy_sum_memo_stats_get(&st, memo);
    /* the cases reached what they are for: remoteness known and checked,
     * refused past a small limit, answered from the memo, the memo
     * emptied by a call past its limit */
    if (!known || !unknown || !hits || !st.emptied || !st.calls)
        fail_msg("weak cases: known %ld unknown %ld from the memo %ld "
                 "emptied %llu calls %llu (seed=%llu)",
                 known, unknown, hits, (unsigned long long)st.emptied,
                 (unsigned long long)st.calls,
                 (unsigned long long)test_seed());
    grundy_sum_memo_free(memo);
    free(o.t);
    for (k = 0; k < NFAM; k++)
        test_game_free(f[k].g);
}

/* A memo of a small bound holds at most that after every call, and the
 * answers stay those without it. */
static void test_memo_bound(void **state)
{
    test_rng *rng = *state;
    const size_t bound = 48 << 10;
    fam f[NFAM];
    grundy_sum_memo *memo;
    grundy_sum_memo_stats st;
    size_t most = 0, k;
    long it;
    fams_init(f);
    for (k = 0; k < NFAM; k++) {
        f[k].g = test_game(f[k].spec);
        f[k].maxpos = f[k].maxpos < 16 ? 16 : f[k].maxpos;
    }
    f[3].maxpos = 12; /* nim */
    assert_int_equal(grundy_sum_memo_new(&memo, bound), GRUNDY_OK);
    for (it = 0; it < 120 * test_multiplier(); it++) {
        sum_case s;
        grundy_sum_opts opt;
        grundy_sum_result with, without;
        random_sum(&s, f, rng);
        grundy_sum_opts_init(&opt);
        opt.want = GRUNDY_SUM_EVERY | GRUNDY_SUM_REMOTENESS;
        assert_int_equal(grundy_sum_analyze(&without, s.comp, s.n, NULL,
                                            &opt),
                         GRUNDY_OK);
        opt.memo = memo;
        assert_int_equal(grundy_sum_analyze(&with, s.comp, s.n, NULL, &opt),
                         GRUNDY_OK);
        assert_same(&with, &without, "bounded memo", it);
        grundy_sum_memo_stats_get(&st, memo);
        if (st.bytes > bound)
            fail_msg("the memo holds %zu bytes, past its bound %zu "
                     "(seed=%llu it=%ld)",
                     st.bytes, bound, (unsigned long long)test_seed(), it);
        if (st.bytes > most)
            most = st.bytes;
        grundy_sum_result_clear(&with);
        grundy_sum_result_clear(&without);
    }
    grundy_sum_memo_stats_get(&st, memo);
    assert_int_equal(st.max_bytes, bound);
    if (!st.emptied || most < bound / 8)
        fail_msg("the bound was never reached: emptied %llu, most %zu "
                 "(seed=%llu)",
                 (unsigned long long)st.emptied, most,
                 (unsigned long long)test_seed());
    grundy_sum_memo_free(memo);
    for (k = 0; k < NFAM; k++)
        test_game_free(f[k].g);
}

/* Misere play and Moore's Nim_k never use the memo (the decision search
 * counts its positions); free(NULL) and stats of NULL are no-ops. */
static void test_memo_edges(void **state)
{
    grundy_game *g = test_game("0.77");
    grundy_sum_component c[2] = {{NULL, 5}, {NULL, 7}};
    grundy_sum_memo *memo;
    grundy_sum_memo_stats st;
    grundy_sum_opts opt;
    grundy_sum_result r;
    (void)state;
    c[0].values = c[1].values = test_values(g);
    assert_int_equal(grundy_sum_memo_new(&memo, 0), GRUNDY_OK);
    grundy_sum_opts_init(&opt);
    opt.memo = memo;
    opt.want = GRUNDY_SUM_MOVES | GRUNDY_SUM_REMOTENESS;
    opt.convention = GRUNDY_PLAY_MISERE;
    assert_int_equal(grundy_sum_analyze(&r, c, 2, NULL, &opt), GRUNDY_OK);
    grundy_sum_result_clear(&r);
    opt.convention = GRUNDY_PLAY_NORMAL;
    opt.moore_k = 2;
    assert_int_equal(grundy_sum_analyze(&r, c, 2, NULL, &opt), GRUNDY_OK);
    grundy_sum_result_clear(&r);
    grundy_sum_memo_stats_get(&st, memo);
    assert_int_equal(st.calls, 0);
    assert_int_equal(st.positions, 0);
    assert_int_equal(st.max_bytes, GRUNDY_SUM_MEMO_DEFAULT);
    opt.moore_k = 0;
    assert_int_equal(grundy_sum_analyze(&r, c, 2, NULL, &opt), GRUNDY_OK);
    grundy_sum_result_clear(&r);
    grundy_sum_memo_stats_get(&st, memo);
    assert_int_equal(st.calls, 1);
    assert_true(st.positions > 0);
    assert_true(st.bytes > 0);
    grundy_sum_memo_free(memo);
    grundy_sum_memo_free(NULL);
    grundy_sum_memo_stats_get(&st, NULL);
    assert_int_equal(st.positions, 0);
    test_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_memo_matches_fresh,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_memo_bound, test_rng_setup,
                                        test_rng_teardown),
        cmocka_unit_test(test_memo_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
