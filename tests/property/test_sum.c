/*
 * test_sum.c -- sums of games against a direct game-tree search of the
 * whole sum (tests/support/sum_oracle.c: win/loss only, no Grundy
 * values, move generators written from the rules' statements).
 *
 * Checked on seeded random small sums of several families (heap games,
 * rect boards, octal take-and-break codes whose moves split heaps,
 * Grundy's game), mixed:
 *  - the winner (nim-sum != 0) and EVERY winning move, as a set;
 *  - the exact search (normal and misere, k = 1..3) and its best move;
 *  - misere Nim's rule and its winning moves;
 *  - Moore's Nim_k criterion and its winning move set, k = 1, 2, 3;
 *  - grundy_sum_analyze(), the one call: its outcome, every winning
 *    move, its best move and the method it chose.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grundy/misere.h"
#include "sum_oracle.h"
#include "test_support.h"

#define MAXC 6

typedef struct fam_case {
    char spec[160];
    unsigned char set[64];
    oracle_set os;
    unsigned base;
    oracle_octal oct;
    oracle_rect rect;
    oracle_family of;
    grundy_game *g;
    uint64_t maxpos; /* positions drawn from 0..maxpos */
} fam_case;

static void add_amounts(fam_case *c, test_rng *rng, unsigned top)
{
    unsigned n = 1 + (unsigned)test_rng_below(rng, 3), i;
    size_t len;
    for (i = 0; i < n; i++)
        c->set[1 + test_rng_below(rng, top)] = 1;
    for (i = 1; i < sizeof c->set; i++)
        if (c->set[i]) {
            len = strlen(c->spec);
            snprintf(c->spec + len, sizeof c->spec - len, "%s%u",
                     c->spec[len - 1] == ':' ? "" : ",", i);
        }
}

/* A random family (heaps or boards) with its oracle generator and
 * game: of the given kind (0 nim, ..., 6 octal, 7 grundy-game, 5
 * boards), or any when kind is -1. */
static void family_of_kind(fam_case *c, test_rng *rng, int kind_wanted)
{
    unsigned kind = kind_wanted < 0 ? (unsigned)test_rng_below(rng, 8)
                                    : (unsigned)kind_wanted,
             j;
    memset(c, 0, sizeof *c);
    c->os.in = c->set;
    c->os.cap = sizeof c->set;
    c->maxpos = 12;
    switch (kind) {
    case 0:
        strcpy(c->spec, "nim");
        c->of.heap = oracle_moves_nim;
        c->maxpos = 7;
        break;
    case 1:
        strcpy(c->spec, "subtract:");
        add_amounts(c, rng, 5);
        c->of.heap = oracle_moves_subtract;
        c->of.ctx = &c->os;
        break;
    case 2:
        strcpy(c->spec, "allbut:");
        add_amounts(c, rng, 4);
        c->of.heap = oracle_moves_allbut;
        c->of.ctx = &c->os;
        c->maxpos = 8;
        break;
    case 3:
        c->base = (unsigned)test_rng_range(rng, 2, 10);
        snprintf(c->spec, sizeof c->spec, "digits:base=%u", c->base);
        c->of.heap = oracle_moves_digits;
        c->of.ctx = &c->base;
        c->maxpos = 20;
        break;
    case 4:
        strcpy(c->spec, "half");
        c->of.heap = oracle_moves_half;
        c->maxpos = 16;
        break;
    case 6:
        /* An octal take-and-break code 0.d1d2[d3]: digit d_j lets j
         * tokens be taken leaving 0 heaps (1), 1 heap (2), 2 heaps (4). */
        strcpy(c->spec, "0.");
        for (j = 1; j <= 2 + (unsigned)test_rng_below(rng, 2); j++) {
            size_t len = strlen(c->spec);
            c->oct.d[j] = (unsigned char)test_rng_below(rng, 8);
            c->spec[len] = (char)('0' + c->oct.d[j]);
            c->spec[len + 1] = 0;
        }
        c->of.moves = oracle_moves_octal;
        c->of.ctx = &c->oct;
        c->maxpos = 7;
        break;
    case 7:
        strcpy(c->spec, "grundy-game");
        c->of.moves = oracle_moves_grundy_game;
        c->maxpos = 9;
        break;
    default:
        /* Boards of at most 6 cells: rect:RxC, cell (r, c) = bit r*C+c. */
        do {
            c->rect.rows = 1 + (unsigned)test_rng_below(rng, 3);
            c->rect.cols = 1 + (unsigned)test_rng_below(rng, 3);
        } while (c->rect.rows * c->rect.cols > 6);
        snprintf(c->spec, sizeof c->spec, "rect:%ux%u", c->rect.rows,
                 c->rect.cols);
        c->of.moves = oracle_moves_rect;
        c->of.ctx = &c->rect;
        c->maxpos = (1ull << (c->rect.rows * c->rect.cols)) - 1;
        break;
    }
    c->g = test_game(c->spec);
}

static void random_family(fam_case *c, test_rng *rng)
{
    family_of_kind(c, rng, -1);
}

typedef struct sum_case {
    fam_case fam[2];
    oracle_family of[2];
    size_t nfam, n;
    grundy_sum_component comp[MAXC];
    oracle_item item[MAXC];
} sum_case;

static void random_sum(sum_case *s, test_rng *rng, size_t maxn)
{
    size_t i;
    memset(s, 0, sizeof *s);
    s->nfam = 1 + (size_t)test_rng_below(rng, 2);
    for (i = 0; i < s->nfam; i++) {
        random_family(&s->fam[i], rng);
        s->of[i] = s->fam[i].of;
    }
    s->n = (size_t)test_rng_range(rng, 1, maxn);
    for (i = 0; i < s->n; i++) {
        unsigned f = (unsigned)test_rng_below(rng, s->nfam);
        uint64_t p = test_rng_range(rng, 0, s->fam[f].maxpos);
        s->comp[i].values = test_values(s->fam[f].g);
        s->comp[i].pos = p;
        s->item[i].fam = f;
        s->item[i].pos = p;
    }
}

static void sum_case_clear(sum_case *s)
{
    size_t i;
    for (i = 0; i < s->nfam; i++)
        test_game_free(s->fam[i].g);
}

static void describe(const sum_case *s, char *buf, size_t cap)
{
    size_t i, len = 0;
    buf[0] = 0;
    for (i = 0; i < s->n && len < cap; i++) {
        int k = snprintf(buf + len, cap - len, " %s@%llu",
                         s->fam[s->item[i].fam].spec,
                         (unsigned long long)s->item[i].pos);
        if (k < 0)
            break;
        len += (size_t)k;
    }
}

/* A move normalised for comparison: component, then its parts sorted,
 * without empty parts (a heap of 0, an empty board), which a family may
 * or may not list. */
typedef struct nmove {
    size_t comp;
    unsigned n;
    uint64_t p[3];
} nmove;

static void normalise(nmove *m, size_t comp, const uint64_t *parts,
                      unsigned n)
{
    unsigned i, j;
    memset(m, 0, sizeof *m);
    m->comp = comp;
    for (i = 0; i < n; i++)
        if (parts[i] != 0)
            m->p[m->n++] = parts[i];
    for (i = 1; i < m->n; i++)
        for (j = i; j > 0 && m->p[j - 1] > m->p[j]; j--) {
            uint64_t t = m->p[j];
            m->p[j] = m->p[j - 1];
            m->p[j - 1] = t;
        }
}

static int nmove_eq(const nmove *a, const nmove *b)
{
    return a->comp == b->comp && a->n == b->n &&
           memcmp(a->p, b->p, sizeof a->p) == 0;
}

/* Every winning move by the oracle (k = 1): nm[0..return). */
static size_t oracle_winning(oracle_sum *o, const sum_case *s, nmove *nm,
                             size_t cap)
{
    static oracle_move3 mv[128];
    size_t i, j, q, cnt = 0;
    for (i = 0; i < s->n; i++) {
        const oracle_family *f = &s->of[s->item[i].fam];
        size_t k = oracle_family_moves(f, s->item[i].pos, mv, 128);
        for (j = 0; j < k; j++) {
            oracle_item child[MAXC + 3];
            size_t len = 0;
            unsigned p;
            nmove m;
            for (q = 0; q < s->n; q++)
                if (q != i)
                    child[len++] = s->item[q];
            for (p = 0; p < mv[j].n; p++) {
                child[len].fam = s->item[i].fam;
                child[len++].pos = mv[j].part[p];
            }
            if (oracle_sum_wins(o, child, len))
                continue;
            normalise(&m, i, mv[j].part, mv[j].n);
            for (q = 0; q < cnt && !nmove_eq(&nm[q], &m); q++)
                ;
            if (q == cnt && cnt < cap)
                nm[cnt++] = m;
        }
    }
    return cnt;
}

/* The library's list equals the oracle's set, with no duplicates. */
static void check_same_moves(const sum_case *s, const grundy_sum_move *lm,
                             size_t ln, const nmove *om, size_t on,
                             const char *what, long it)
{
    size_t i, j;
    char d[512];
    describe(s, d, sizeof d);
    if (ln != on)
        fail_msg("%s: %zu winning moves, oracle %zu (seed=%llu it=%ld:%s)",
                 what, ln, on, (unsigned long long)test_seed(), it, d);
    for (i = 0; i < ln; i++) {
        nmove m;
        normalise(&m, lm[i].component, lm[i].to.part, lm[i].to.nparts);
        for (j = 0; j < on && !nmove_eq(&om[j], &m); j++)
            ;
        if (j == on)
            fail_msg("%s: move %zu in component %zu is not winning "
                     "(seed=%llu it=%ld:%s)",
                     what, i, lm[i].component,
                     (unsigned long long)test_seed(), it, d);
        if (lm[i].from != s->comp[lm[i].component].pos)
            fail_msg("%s: wrong from (seed=%llu it=%ld)", what,
                     (unsigned long long)test_seed(), it);
    }
}

static void test_winning_moves_match_search(void **state)
{
    test_rng *rng = *state;
    long it, raising = 0, wins = 0;
    for (it = 0; it < 300 * test_multiplier(); it++) {
        sum_case s;
        grundy_value v[MAXC], x;
        grundy_sum_move *lm = NULL;
        size_t ln, on, i;
        nmove om[512];
        oracle_sum *o;
        int win;
        char d[512];

        random_sum(&s, rng, 4);
        describe(&s, d, sizeof d);
        assert_int_equal(grundy_sum_values(v, s.comp, s.n), GRUNDY_OK);
        x = grundy_sum_nim_sum(v, s.n);
        o = oracle_sum_new(s.of, s.nfam, 1, 0);
        win = oracle_sum_wins(o, s.item, s.n);
        if ((x != 0) != win)
            fail_msg("nim-sum %llu but oracle says %s (seed=%llu it=%ld:%s)",
                     (unsigned long long)x, win ? "win" : "loss",
                     (unsigned long long)test_seed(), it, d);
        wins += win;
        assert_int_equal(
            grundy_sum_winning_moves(&lm, &ln, s.comp, s.n,
                                     it % 2 ? v : NULL),
            GRUNDY_OK);
        on = oracle_winning(o, &s, om, 512);
        check_same_moves(&s, lm, ln, om, on, "winning_moves", it);
        for (i = 0; i < ln; i++) {
            if (lm[i].value != (v[lm[i].component] ^ x))
                fail_msg("move value %llu (seed=%llu it=%ld:%s)",
                         (unsigned long long)lm[i].value,
                         (unsigned long long)test_seed(), it, d);
            raising += lm[i].value > v[lm[i].component];
        }
        {
            grundy_value tot;
            assert_int_equal(grundy_sum_value(&tot, s.comp, s.n),
                             GRUNDY_OK);
            assert_int_equal(tot, x);
        }
        free(lm);
        oracle_sum_free(o);
        sum_case_clear(&s);
    }
    /* The cases must include both outcomes and winning moves that raise
     * a component's value (reversible moves). */
    if (wins == 0 || wins == 300 * test_multiplier() || raising == 0)
        fail_msg("weak cases: %ld wins, %ld raising moves (seed=%llu)", wins,
                 raising, (unsigned long long)test_seed());
}

/* Apply a move set to the items and ask the oracle about the result. */
static int oracle_after(oracle_sum *o, const sum_case *s,
                        const grundy_sum_move *set, size_t nset)
{
    oracle_item child[MAXC + 3 * MAXC];
    size_t len = 0, q, d;
    for (q = 0; q < s->n; q++) {
        int moved = 0;
        for (d = 0; d < nset; d++)
            moved |= set[d].component == q;
        if (!moved)
            child[len++] = s->item[q];
    }
    for (d = 0; d < nset; d++) {
        unsigned p;
        for (p = 0; p < set[d].to.nparts; p++) {
            child[len].fam = s->item[set[d].component].fam;
            child[len++].pos = set[d].to.part[p];
        }
    }
    return oracle_sum_wins(o, child, len);
}

static void test_search_matches_oracle(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 200 * test_multiplier(); it++) {
        sum_case s;
        grundy_sum_search_opts so;
        grundy_sum_search_result r;
        oracle_sum *o;
        int win, misere = (int)test_rng_below(rng, 2);
        unsigned k = 1 + (unsigned)test_rng_below(rng, 3);
        char d[512];
        size_t i;

        random_sum(&s, rng, k == 1 ? 4 : 3);
        describe(&s, d, sizeof d);
        grundy_sum_search_opts_init(&so);
        so.convention = misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
        so.moore_k = k;
        assert_int_equal(grundy_sum_search(&r, s.comp, s.n, &so), GRUNDY_OK);
        o = oracle_sum_new(s.of, s.nfam, k, misere);
        win = oracle_sum_wins(o, s.item, s.n);
        if (r.first_wins != win || (int)(r.remoteness % 2) != win)
            fail_msg("search %d oracle %d (k=%u misere=%d seed=%llu "
                     "it=%ld:%s)",
                     r.first_wins, win, k, misere,
                     (unsigned long long)test_seed(), it, d);
        if (r.nbest > k)
            fail_msg("best set too large");
        for (i = 0; i < r.nbest; i++) {
            size_t j;
            for (j = 0; j < i; j++)
                assert_true(r.best[j].component != r.best[i].component);
        }
        if (win && r.nbest && oracle_after(o, &s, r.best, r.nbest))
            fail_msg("best move does not win (k=%u misere=%d seed=%llu "
                     "it=%ld:%s)",
                     k, misere, (unsigned long long)test_seed(), it, d);
        if (win && !misere && !r.nbest)
            fail_msg("a normal-play win without a move");
        if (k == 1) {
            nmove om[512];
            size_t on = oracle_winning(o, &s, om, 512);
            check_same_moves(&s, r.winning, r.nwinning, om, on, "search",
                             it);
        }
        grundy_sum_search_result_clear(&r);
        oracle_sum_free(o);
        sum_case_clear(&s);
    }
}

/* Nim heaps as a sum_case. */
static void nim_case(sum_case *s, test_rng *rng, size_t maxn, uint64_t maxh)
{
    size_t i;
    memset(s, 0, sizeof *s);
    s->nfam = 1;
    strcpy(s->fam[0].spec, "nim");
    s->fam[0].of.heap = oracle_moves_nim;
    s->fam[0].g = test_game("nim");
    s->of[0] = s->fam[0].of;
    s->n = (size_t)test_rng_range(rng, 0, maxn);
    for (i = 0; i < s->n; i++) {
        s->comp[i].values = test_values(s->fam[0].g);
        s->comp[i].pos = s->item[i].pos = test_rng_range(rng, 0, maxh);
    }
}

static void test_misere_nim_matches_search(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 250 * test_multiplier(); it++) {
        sum_case s;
        grundy_pos h[MAXC];
        grundy_sum_move *lm;
        size_t ln, on, i;
        nmove om[512];
        oracle_sum *o;
        int fw, win;
        char d[512];

        nim_case(&s, rng, 5, it % 3 ? 3 : 8);
        describe(&s, d, sizeof d);
        for (i = 0; i < s.n; i++)
            h[i] = s.comp[i].pos;
        assert_int_equal(grundy_sum_misere_nim(&fw, &lm, &ln, h, s.n),
                         GRUNDY_OK);
        o = oracle_sum_new(s.of, 1, 1, 1);
        win = oracle_sum_wins(o, s.item, s.n);
        if (fw != win)
            fail_msg("misere rule %d, search %d (seed=%llu it=%ld:%s)", fw,
                     win, (unsigned long long)test_seed(), it, d);
        on = oracle_winning(o, &s, om, 512);
        check_same_moves(&s, lm, ln, om, on, "misere", it);
        free(lm);
        oracle_sum_free(o);
        sum_case_clear(&s);
    }
}

static void test_moore_matches_search(void **state)
{
    test_rng *rng = *state;
    long it;
    unsigned k;
    for (k = 1; k <= 3; k++)
        for (it = 0; it < 200 * test_multiplier(); it++) {
            sum_case s;
            grundy_pos h[MAXC], to[MAXC];
            size_t set[MAXC], ns, i;
            grundy_sum_move mv[MAXC];
            oracle_sum *o;
            int fw, win;
            char d[512];

            nim_case(&s, rng, k == 3 ? 4 : 5, k == 1 ? 7 : 6);
            describe(&s, d, sizeof d);
            for (i = 0; i < s.n; i++)
                h[i] = s.comp[i].pos;
            assert_int_equal(
                grundy_sum_moore_nim(&fw, set, to, &ns, h, s.n, k),
                GRUNDY_OK);
            o = oracle_sum_new(s.of, 1, k, 0);
            win = oracle_sum_wins(o, s.item, s.n);
            if (fw != win)
                fail_msg("Moore k=%u says %d, search %d (seed=%llu it=%ld:%s)",
                         k, fw, win, (unsigned long long)test_seed(), it, d);
            if (win != (ns > 0) || ns > k)
                fail_msg("Moore k=%u: set of %zu", k, ns);
            for (i = 0; i < ns; i++) {
                if (set[i] >= s.n || (i && set[i] <= set[i - 1]) ||
                    to[i] >= h[set[i]])
                    fail_msg("Moore k=%u: bad set (seed=%llu it=%ld:%s)", k,
                             (unsigned long long)test_seed(), it, d);
                memset(&mv[i], 0, sizeof mv[i]);
                mv[i].component = set[i];
                mv[i].to.part[0] = to[i];
                mv[i].to.nparts = 1;
            }
            if (ns && oracle_after(o, &s, mv, ns))
                fail_msg("Moore k=%u: set does not win (seed=%llu "
                         "it=%ld:%s)",
                         k, (unsigned long long)test_seed(), it, d);
            oracle_sum_free(o);
            sum_case_clear(&s);
        }
}

/* Large heaps, beyond any search: the set must leave every binary digit
 * in a multiple of k+1 heaps (the criterion itself is checked against
 * search above), lowering at most k heaps. */
static int moore_loss(const grundy_pos *h, size_t n, unsigned k)
{
    int b;
    size_t i, c;
    for (b = 0; b < 64; b++) {
        for (c = 0, i = 0; i < n; i++)
            c += (h[i] >> b) & 1;
        if (c % (k + 1))
            return 0;
    }
    return 1;
}

static void test_moore_large_heaps(void **state)
{
    test_rng *rng = *state;
    long it;
    for (it = 0; it < 2000 * test_multiplier(); it++) {
        grundy_pos h[10], to[10], after[10];
        size_t set[10], ns, n = (size_t)test_rng_range(rng, 1, 10), i;
        unsigned k = 1 + (unsigned)test_rng_below(rng, 6);
        int fw;
        for (i = 0; i < n; i++)
            h[i] = test_rng_next(rng) >> test_rng_below(rng, 64);
        if (it % 3 == 0 && n > k) /* make some losses */
            for (i = 0; i + k + 1 <= n; i += k + 1) {
                size_t j;
                for (j = 1; j <= k; j++)
                    h[i + j] = h[i];
            }
        assert_int_equal(grundy_sum_moore_nim(&fw, set, to, &ns, h, n, k),
                         GRUNDY_OK);
        if (fw != !moore_loss(h, n, k) || (fw != (ns > 0)) || ns > k)
            fail_msg("Moore k=%u: first_wins %d set %zu (seed=%llu it=%ld)",
                     k, fw, ns, (unsigned long long)test_seed(), it);
        memcpy(after, h, n * sizeof *h);
        for (i = 0; i < ns; i++) {
            if (to[i] >= h[set[i]] || (i && set[i] <= set[i - 1]))
                fail_msg("Moore k=%u: bad set (seed=%llu it=%ld)", k,
                         (unsigned long long)test_seed(), it);
            after[set[i]] = to[i];
        }
        if (ns && !moore_loss(after, n, k))
            fail_msg("Moore k=%u: the set does not leave a loss (seed=%llu "
                     "it=%ld)",
                     k, (unsigned long long)test_seed(), it);
    }
}

static int pos_cmp(const void *x, const void *y)
{
    grundy_pos a = *(const grundy_pos *)x, b = *(const grundy_pos *)y;
    return (a > b) - (a < b);
}

/* The winning moves of one large take-and-break heap: every one a Kayles
 * move to the target value, none twice, as many as the direct count of
 * the splits {a, b} of h - 1 and h - 2 (values from the values object,
 * which this does not test).  Equal moves were once found by a search of
 * the list per move, quadratic in the winning moves: for this heap that
 * took minutes, now well under the alarm. */
static void test_winning_moves_large_heap(void **state)
{
    grundy_game *kay = test_game("kayles"), *nim = test_game("nim");
    grundy_values *vk = test_values(kay), *vn = test_values(nim);
    const grundy_pos h = 300000;
    grundy_sum_component c[2];
    grundy_sum_move *m;
    grundy_pos *key;
    grundy_value gh, ga, gb;
    size_t n, i, want = 0, nk = 0;
    grundy_pos s, a;
    (void)state;
    c[0].values = vk;
    c[0].pos = h;
    c[1].values = vn;
    c[1].pos = 1; /* the target of the Kayles heap is 1 */
    assert_int_equal(grundy_values_get(&gh, vk, h), GRUNDY_OK);
    assert_int_not_equal(gh, 1);
    for (s = h - 2; s <= h - 1; s++)
        for (a = 0; a <= s - a; a++) {
            assert_int_equal(grundy_values_get(&ga, vk, a), GRUNDY_OK);
            assert_int_equal(grundy_values_get(&gb, vk, s - a), GRUNDY_OK);
            want += (ga ^ gb) == 1;
        }
    alarm(60);
    assert_int_equal(grundy_sum_winning_moves(&m, &n, c, 2, NULL),
                     GRUNDY_OK);
    alarm(0);
    key = malloc((n + 1) * sizeof *key);
    assert_non_null(key);
    for (i = 0; i < n; i++) {
        grundy_pos p[2] = {0, 0};
        unsigned k, np = 0;
        grundy_value x = 0;
        if (m[i].component == 1)
            continue; /* the Nim heap's move, when g(h) < 1 */
        assert_int_equal(m[i].component, 0);
        for (k = 0; k < m[i].to.nparts; k++) {
            assert_int_equal(grundy_values_get(&ga, vk, m[i].to.part[k]),
                             GRUNDY_OK);
            x ^= ga;
            if (m[i].to.part[k]) {
                assert_true(np < 2);
                p[np++] = m[i].to.part[k];
            }
        }
        assert_int_equal(x, 1);
        if (np == 2 && p[0] > p[1]) {
            grundy_pos t = p[0];
            p[0] = p[1];
            p[1] = t;
        }
        assert_true(p[0] + p[1] == h - 1 || p[0] + p[1] == h - 2);
        /* one key per split: the sum's parity and the smaller part */
        key[nk++] = (p[0] + p[1] == h - 1 ? 0 : h) + (np == 2 ? p[0] : 0);
    }
    qsort(key, nk, sizeof *key, pos_cmp);
    for (i = 1; i < nk; i++)
        if (key[i] == key[i - 1])
            fail_msg("a winning move listed twice (key %llu)",
                     (unsigned long long)key[i]);
    assert_int_equal(nk, want);
    free(key);
    free(m);
    test_game_free(kay);
    test_game_free(nim);
}

/* Hand-checked values. */
static void test_known_values(void **state)
{
    grundy_game *nim = test_game("nim"), *sub = test_game("subtract:1,2,3");
    grundy_sum_component c[3] = {
        {test_values(nim), 3}, {test_values(nim), 4}, {test_values(nim), 5}};
    grundy_sum_move *m;
    size_t n, set[3], ns;
    grundy_value v;
    grundy_pos to[3];
    int fw;
    (void)state;

    /* 3 ^ 4 ^ 5 = 2: the only winning move is 3 -> 1. */
    assert_int_equal(grundy_sum_value(&v, c, 3), GRUNDY_OK);
    assert_int_equal(v, 2);
    assert_int_equal(grundy_sum_winning_moves(&m, &n, c, 3, NULL),
                     GRUNDY_OK);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].component, 0);
    assert_int_equal(m[0].to.part[0], 1);
    assert_int_equal(m[0].value, 1);
    free(m);

    /* subtract:1,2,3 has g(n) = n mod 4: 5 + 6 + 7 -> 1 ^ 2 ^ 3 = 0. */
    c[0].values = c[1].values = c[2].values = test_values(sub);
    c[0].pos = 5;
    c[1].pos = 6;
    c[2].pos = 7;
    assert_int_equal(grundy_sum_value(&v, c, 3), GRUNDY_OK);
    assert_int_equal(v, 0);
    assert_int_equal(grundy_sum_winning_moves(&m, &n, c, 3, NULL),
                     GRUNDY_OK);
    assert_int_equal(n, 0);
    assert_null(m);

    /* Nim_2: (1,1,1) has three ones in the last digit: a loss.  (1,2,3)
     * has two in each digit: won by 2,3 -> 0,1 (then 1,0,1 ... ) or
     * any set that leaves each digit count 0 or 3. */
    {
        grundy_pos h[3] = {1, 1, 1};
        assert_int_equal(grundy_sum_moore_nim(&fw, set, to, &ns, h, 3, 2),
                         GRUNDY_OK);
        assert_int_equal(fw, 0);
        assert_int_equal(ns, 0);
        h[1] = 2;
        h[2] = 3;
        assert_int_equal(grundy_sum_moore_nim(&fw, set, to, &ns, h, 3, 2),
                         GRUNDY_OK);
        assert_int_equal(fw, 1);
        /* k = 1 is ordinary Nim: 1 ^ 2 ^ 3 = 0. */
        assert_int_equal(grundy_sum_moore_nim(&fw, set, to, &ns, h, 3, 1),
                         GRUNDY_OK);
        assert_int_equal(fw, 0);
        assert_int_equal(grundy_sum_moore_nim(&fw, set, to, &ns, h, 3, 0),
                         GRUNDY_ERR_ARG);
    }
    /* Misere Nim: (1,1) is won (take one, the opponent must take the
     * last); (1,1,1) and (2,2) are lost; () is won with no move. */
    {
        grundy_pos h[3] = {1, 1, 1};
        assert_int_equal(grundy_sum_misere_nim(&fw, &m, &n, h, 2), GRUNDY_OK);
        assert_int_equal(fw, 1);
        assert_int_equal(n, 2);
        free(m);
        assert_int_equal(grundy_sum_misere_nim(&fw, &m, &n, h, 3), GRUNDY_OK);
        assert_int_equal(fw, 0);
        h[0] = h[1] = 2;
        assert_int_equal(grundy_sum_misere_nim(&fw, &m, &n, h, 2), GRUNDY_OK);
        assert_int_equal(fw, 0);
        assert_int_equal(grundy_sum_misere_nim(&fw, &m, &n, h, 0), GRUNDY_OK);
        assert_int_equal(fw, 1);
        assert_int_equal(n, 0);
    }
    test_game_free(nim);
    test_game_free(sub);
}

static void test_edges_and_limits(void **state)
{
    grundy_game *nim = test_game("nim"), *half = test_game("half");
    grundy_sum_component c[4];
    grundy_sum_search_opts so;
    grundy_sum_search_result r;
    grundy_sum_move *m = (grundy_sum_move *)1;
    grundy_value v = 7;
    size_t n = 7, i;
    (void)state;

    /* The empty sum: value 0, a normal-play loss and a misere win. */
    assert_int_equal(grundy_sum_value(&v, NULL, 0), GRUNDY_OK);
    assert_int_equal(v, 0);
    assert_int_equal(grundy_sum_winning_moves(&m, &n, NULL, 0, NULL),
                     GRUNDY_OK);
    assert_null(m);
    assert_int_equal(n, 0);
    grundy_sum_search_opts_init(&so);
    assert_int_equal(grundy_sum_search(&r, NULL, 0, &so), GRUNDY_OK);
    assert_int_equal(r.first_wins, 0);
    assert_int_equal(r.remoteness, 0);
    grundy_sum_search_result_clear(&r);
    so.convention = GRUNDY_PLAY_MISERE;
    assert_int_equal(grundy_sum_search(&r, NULL, 0, &so), GRUNDY_OK);
    assert_int_equal(r.first_wins, 1);
    assert_int_equal(r.nbest, 0);
    grundy_sum_search_result_clear(&r);

    /* Huge Nim heaps: the winning move is computed, not searched. */
    c[0].values = c[1].values = test_values(nim);
    c[0].pos = (grundy_pos)1 << 60;
    c[1].pos = 12345;
    assert_int_equal(grundy_sum_winning_moves(&m, &n, c, 2, NULL),
                     GRUNDY_OK);
    assert_int_equal(n, 1);
    assert_int_equal(m[0].component, 0);
    assert_int_equal(m[0].to.part[0], 12345);
    free(m);

    /* Closed forms (half) need no table: g(2^40) = 2^39. */
    c[0].values = test_values(half);
    c[0].pos = (grundy_pos)1 << 40;
    assert_int_equal(grundy_sum_values(&v, c, 1), GRUNDY_OK);
    assert_int_equal(v, (grundy_value)1 << 39);
    /* ... but its 2^39 moves are refused, not listed. */
    c[1].values = test_values(nim);
    c[1].pos = 1;
    assert_int_equal(grundy_sum_winning_moves(&m, &n, c, 2, NULL),
                     GRUNDY_ERR_LIMIT);
    assert_null(m);

    /* The search refuses above its limit, and for huge components. */
    for (i = 0; i < 4; i++) {
        c[i].values = test_values(nim);
        c[i].pos = 40 + i;
    }
    grundy_sum_search_opts_init(&so);
    so.max_states = 1000;
    assert_int_equal(grundy_sum_search(&r, c, 4, &so), GRUNDY_ERR_LIMIT);
    assert_null(r.best);
    c[0].pos = (grundy_pos)1 << 40;
    assert_int_equal(grundy_sum_search(&r, c, 1, NULL), GRUNDY_ERR_LIMIT);
    so.moore_k = GRUNDY_MOORE_KMAX + 1;
    assert_int_equal(grundy_sum_search(&r, c, 1, &so), GRUNDY_ERR_ARG);

    /* Remoteness of one Nim heap of 5: the winner takes it all. */
    c[0].pos = 5;
    assert_int_equal(grundy_sum_search(&r, c, 1, NULL), GRUNDY_OK);
    assert_int_equal(r.remoteness, 1);
    assert_int_equal(r.nwinning, 1);
    grundy_sum_search_result_clear(&r);
    /* (2,2) is lost; the loser's longest resistance takes 1 from a heap,
     * and the game lasts 4 moves. */
    c[0].pos = 2;
    c[1].pos = 2;
    assert_int_equal(grundy_sum_search(&r, c, 2, NULL), GRUNDY_OK);
    assert_int_equal(r.first_wins, 0);
    assert_int_equal(r.remoteness, 4);
    assert_int_equal(r.nbest, 1);
    assert_int_equal(r.best[0].to.part[0], 1);
    grundy_sum_search_result_clear(&r);

    /* A position outside a finite family. */
    {
        grundy_game *rect = test_game("rect:2x2");
        c[0].values = test_values(rect);
        c[0].pos = 16;
        assert_int_equal(grundy_sum_values(&v, c, 1),
                         GRUNDY_ERR_RANGE);
        assert_int_equal(grundy_sum_search(&r, c, 1, NULL),
                         GRUNDY_ERR_RANGE);
        c[0].pos = 15;
        assert_int_equal(grundy_sum_values(&v, c, 1), GRUNDY_OK);
        test_game_free(rect);
    }
    test_game_free(nim);
    test_game_free(half);
}

/* grundy_sum_analyze() against the oracle: seeded random small sums of
 * heap, take-and-break and board components, normal and misere play,
 * ordinary sums and Nim_2.  Checks the outcome, that every listed winning
 * move wins and none is missing, that the best move wins whenever the sum
 * is won, and that each method is met (the misere quotient on sums of
 * one take-and-break game, misere Nim on Nim heaps, Moore's rule). */
static void test_analyze_matches_oracle(void **state)
{
    test_rng *rng = *state;
    long it, seen[GRUNDY_SUM_BY_NONE + 1];
    memset(seen, 0, sizeof seen);
    for (it = 0; it < 400 * test_multiplier(); it++) {
        sum_case s;
        grundy_sum_opts o;
        grundy_sum_result r, rb;
        oracle_sum *o2;
        int win, misere = (int)test_rng_below(rng, 2);
        unsigned k = it % 5 == 4 ? 2 : 0;
        int shape = (int)(it % 4);
        char d[512];
        size_t i;

        if (shape == 1 || shape == 2) {
            /* one family: nim (misere Nim's rule, Moore's rule) or a
             * take-and-break game (its misere quotient) */
            memset(&s, 0, sizeof s);
            s.nfam = 1;
            family_of_kind(&s.fam[0], rng,
                           shape == 1 ? 0 : 6 + (int)test_rng_below(rng, 2));
            s.of[0] = s.fam[0].of;
            s.n = (size_t)test_rng_range(rng, 0, k ? 3 : 4);
            for (i = 0; i < s.n; i++) {
                s.comp[i].values = test_values(s.fam[0].g);
                s.comp[i].pos = s.item[i].pos =
                    test_rng_range(rng, 0, s.fam[0].maxpos);
            }
        } else {
            random_sum(&s, rng, k ? 3 : 4);
        }
        describe(&s, d, sizeof d);
        grundy_sum_opts_init(&o);
        o.convention = misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
        o.moore_k = k;
        o.want = GRUNDY_SUM_MOVES | GRUNDY_SUM_BEST;
        assert_int_equal(grundy_sum_analyze(&r, s.comp, s.n, NULL, &o),
                         GRUNDY_OK);
        o2 = oracle_sum_new(s.of, s.nfam, k ? k : 1, misere);
        win = oracle_sum_wins(o2, s.item, s.n);
        seen[r.method]++;
        if (r.first_wins != win)
            fail_msg("analyze %d (%s) oracle %d (k=%u misere=%d seed=%llu "
                     "it=%ld:%s)",
                     r.first_wins, grundy_sum_method_name(r.method), win, k,
                     misere, (unsigned long long)test_seed(), it, d);
        if (!k) {
            nmove om[512];
            size_t on = oracle_winning(o2, &s, om, 512);
            check_same_moves(&s, r.moves, r.nmoves, om, on,
                             grundy_sum_method_name(r.method), it);
        } else if ((r.nmoves && !win) || (win && !r.nmoves && !misere) ||
                   r.nmoves > k ||
                   (r.nmoves && oracle_after(o2, &s, r.moves, r.nmoves))) {
            fail_msg("Nim_%u: the winning set of %zu moves (%s) does not "
                     "win (seed=%llu it=%ld:%s)",
                     k, r.nmoves, grundy_sum_method_name(r.method),
                     (unsigned long long)test_seed(), it, d);
        }
        if (win && r.nbest && oracle_after(o2, &s, r.best, r.nbest))
            fail_msg("best move (%s) does not win (k=%u misere=%d "
                     "seed=%llu it=%ld:%s)",
                     grundy_sum_method_name(r.best_method), k, misere,
                     (unsigned long long)test_seed(), it, d);
        if (win && !r.nbest && r.nmoves)
            fail_msg("a won sum without a best move (seed=%llu it=%ld:%s)",
                     (unsigned long long)test_seed(), it, d);

        /* The best move alone, the search starved: the values, the
         * rules or the quotient must still decide or say -1. */
        o.want = GRUNDY_SUM_BEST;
        o.max_states = it % 2 ? 1 : 0;
        assert_int_equal(grundy_sum_analyze(&rb, s.comp, s.n, NULL, &o),
                         GRUNDY_OK);
        if (rb.first_wins >= 0 && rb.first_wins != win)
            fail_msg("best alone: %d (%s) oracle %d (seed=%llu it=%ld:%s)",
                     rb.first_wins, grundy_sum_method_name(rb.method), win,
                     (unsigned long long)test_seed(), it, d);
        if (rb.first_wins > 0 && r.nmoves &&
            (!rb.nbest || oracle_after(o2, &s, rb.best, rb.nbest)))
            fail_msg("best alone (%s) does not win (seed=%llu it=%ld:%s)",
                     grundy_sum_method_name(rb.best_method),
                     (unsigned long long)test_seed(), it, d);
        if (r.nmoves + r.nbest && !rb.nbest)
            fail_msg("best alone: no move (seed=%llu it=%ld:%s)",
                     (unsigned long long)test_seed(), it, d);
        grundy_sum_result_clear(&rb);
        grundy_sum_result_clear(&r);
        oracle_sum_free(o2);
        sum_case_clear(&s);
    }
    if (!seen[GRUNDY_SUM_BY_VALUES] || !seen[GRUNDY_SUM_BY_RULE] ||
        !seen[GRUNDY_SUM_BY_QUOTIENT] || !seen[GRUNDY_SUM_BY_MISERE_NIM] ||
        !seen[GRUNDY_SUM_BY_SEARCH])
        fail_msg("weak cases: values %ld rule %ld quotient %ld misere nim "
                 "%ld search %ld (seed=%llu)",
                 seen[0], seen[1], seen[2], seen[3], seen[4],
                 (unsigned long long)test_seed());
}

/* The quotient is kept with the values object: a second sum of the same
 * game reuses it (no larger heap, same order), and the names of the
 * methods are pinned. */
static void test_analyze_quotient_kept(void **state)
{
    grundy_game *g = test_game("0.77");
    grundy_sum_component c[3] = {
        {NULL, 5}, {NULL, 3}, {NULL, 9}};
    grundy_sum_opts o;
    grundy_sum_result r;
    size_t order;
    (void)state;
    c[0].values = c[1].values = c[2].values = test_values(g);
    grundy_sum_opts_init(&o);
    o.convention = GRUNDY_PLAY_MISERE;
    assert_int_equal(grundy_sum_analyze(&r, c, 3, NULL, &o), GRUNDY_OK);
    assert_int_equal(r.method, GRUNDY_SUM_BY_QUOTIENT);
    order = r.quotient_order;
    assert_true(order > 1);
    grundy_sum_result_clear(&r);
    assert_int_equal(grundy_sum_analyze(&r, c, 2, NULL, &o), GRUNDY_OK);
    assert_int_equal(r.method, GRUNDY_SUM_BY_QUOTIENT);
    assert_int_equal(r.quotient_order, order); /* grown to 9, kept */
    grundy_sum_result_clear(&r);
    {
        /* a quotient made afresh for heaps up to 5 is smaller: the one
         * above was not rebuilt */
        grundy_misere *q;
        assert_int_equal(grundy_misere_new(&q, g, NULL), GRUNDY_OK);
        assert_int_equal(grundy_misere_grow(q, 5, 0, NULL), GRUNDY_OK);
        assert_true(grundy_misere_order(q) < order);
        grundy_misere_free(q);
    }
    /* the best move alone: a winning move of the kept quotient */
    o.want = GRUNDY_SUM_BEST;
    assert_int_equal(grundy_sum_analyze(&r, c, 3, NULL, &o), GRUNDY_OK);
    assert_int_equal(r.method, GRUNDY_SUM_BY_QUOTIENT);
    assert_int_equal(r.quotient_order, order);
    assert_true(r.first_wins == 0 || r.best_method == GRUNDY_SUM_BY_QUOTIENT);
    grundy_sum_result_clear(&r);
    o.want = GRUNDY_SUM_MOVES;
    /* past the heaps allowed: the search */
    o.quotient_max_heap = 4;
    assert_int_equal(grundy_sum_analyze(&r, c, 2, NULL, &o), GRUNDY_OK);
    assert_int_equal(r.method, GRUNDY_SUM_BY_SEARCH);
    grundy_sum_result_clear(&r);
    o.moore_k = GRUNDY_MOORE_KMAX + 1;
    assert_int_equal(grundy_sum_analyze(&r, c, 2, NULL, &o),
                     GRUNDY_ERR_ARG);
    grundy_sum_result_clear(&r);
    assert_int_equal(GRUNDY_SUM_BY_VALUES, 0);
    assert_int_equal(GRUNDY_SUM_BY_NONE, 6);
    assert_string_equal(grundy_sum_method_name(GRUNDY_SUM_BY_VALUES),
                        "values");
    assert_string_equal(grundy_sum_method_name(GRUNDY_SUM_BY_RULE), "rule");
    assert_string_equal(grundy_sum_method_name(GRUNDY_SUM_BY_QUOTIENT),
                        "quotient");
    assert_string_equal(grundy_sum_method_name(GRUNDY_SUM_BY_MISERE_NIM),
                        "misere nim");
    assert_string_equal(grundy_sum_method_name(GRUNDY_SUM_BY_SEARCH),
                        "search");
    assert_string_equal(grundy_sum_method_name(GRUNDY_SUM_BY_LOOPY), "loopy");
    assert_string_equal(grundy_sum_method_name(GRUNDY_SUM_BY_NONE), "none");
    assert_string_equal(grundy_sum_method_name((grundy_sum_method)99),
                        "unknown");
    test_game_free(g);
}

/* The quotient counts its growth against the work limit: a misere sum
 * of 0.779 with a heap of 21 needs a quotient of more than 10^5 steps,
 * so under that limit the call goes on to the exact search (within the
 * limit), which finds the same outcome and winning moves as the
 * quotient does without the limit; the stop is kept with the values, so
 * a second call under the same limit searches again and a call without
 * it grows the quotient.  (The growth once ran unbounded, seconds past
 * any limit, before the search was even tried.) */
/* m, its parts in any order, is among u[0..n). */
static int move_among(const grundy_sum_move *m, const grundy_sum_move *u,
                      size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        grundy_pos a[GRUNDY_MAX_PARTS], b[GRUNDY_MAX_PARTS];
        unsigned k;
        if (u[i].component != m->component ||
            u[i].to.nparts != m->to.nparts)
            continue;
        memcpy(a, m->to.part, sizeof a);
        memcpy(b, u[i].to.part, sizeof b);
        qsort(a, m->to.nparts, sizeof *a, pos_cmp);
        qsort(b, m->to.nparts, sizeof *b, pos_cmp);
        for (k = 0; k < m->to.nparts && a[k] == b[k]; k++)
            ;
        if (k == m->to.nparts)
            return 1;
    }
    return 0;
}

static void test_analyze_quotient_work_limit(void **state)
{
    grundy_game *g[2] = {test_game("0.779"), test_game("0.779")};
    grundy_sum_component c[2] = {{NULL, 21}, {NULL, 1}};
    grundy_sum_opts o;
    grundy_sum_result r, u;
    grundy_limits lim;
    size_t i;
    int round, game;
    (void)state;
    grundy_limits_init(&lim);
    lim.work_limit = 100000;
    grundy_sum_opts_init(&o);
    o.convention = GRUNDY_PLAY_MISERE;
    /* game 0: twice under the limit, then without; game 1: the same
     * game afresh, under the limit and without */
    for (game = 0; game < 2; game++)
        for (round = game; round < 2; round++) {
            c[0].values = c[1].values = test_values(g[game]);
            o.limits = &lim;
            assert_int_equal(grundy_sum_analyze(&r, c, 2, NULL, &o),
                             GRUNDY_OK);
            assert_int_equal(r.method, GRUNDY_SUM_BY_SEARCH);
            if (round == 0) {
                grundy_sum_result_clear(&r);
                continue;
            }
            o.limits = NULL;
            assert_int_equal(grundy_sum_analyze(&u, c, 2, NULL, &o),
                             GRUNDY_OK);
            assert_int_equal(u.method, GRUNDY_SUM_BY_QUOTIENT);
            assert_int_equal(r.first_wins, u.first_wins);
            assert_int_equal(r.nmoves, u.nmoves);
            for (i = 0; i < r.nmoves; i++)
                assert_true(move_among(&r.moves[i], u.moves, u.nmoves));
            grundy_sum_result_clear(&r);
            grundy_sum_result_clear(&u);
        }
    test_game_free(g[0]);
    test_game_free(g[1]);
}

/* The search's bound on work is the limits' work limit, counted in child
 * positions generated: no other bound on moves per position.  A Nim heap
 * of 99 has 100 positions and 4950 moves among them, more than 32 per
 * position (a bound the search once had of its own): searched within the
 * work limit, refused past it, at once when the estimate says so; a won
 * sum's best move searches only where its winning moves lead. */
static void test_search_work_limit(void **state)
{
    grundy_game *nim = test_game("nim");
    grundy_sum_component c[2] = {{NULL, 99}, {NULL, 0}};
    grundy_sum_search_opts so;
    grundy_sum_search_result r;
    grundy_sum_opts o;
    grundy_sum_result ar;
    grundy_limits lim;
    (void)state;
    c[0].values = c[1].values = test_values(nim);
    grundy_limits_init(&lim);
    grundy_sum_search_opts_init(&so);
    so.max_states = 100;
    so.limits = &lim;
    assert_int_equal(grundy_sum_search(&r, c, 1, &so), GRUNDY_OK);
    assert_int_equal(r.states, 100);
    assert_int_equal(r.remoteness, 1);
    grundy_sum_search_result_clear(&r);
    /* the estimate: 100 positions of 99 moves, past 5000 steps */
    lim.work_limit = 5000;
    assert_int_equal(grundy_sum_search(&r, c, 1, &so), GRUNDY_ERR_WORK);
    /* without the estimate the count stops it */
    so.estimate = 0;
    assert_int_equal(grundy_sum_search(&r, c, 1, &so), GRUNDY_ERR_WORK);
    /* a won sum's best move: the heap taken whole, whatever the limit */
    lim.work_limit = 1000;
    grundy_sum_opts_init(&o);
    o.want = GRUNDY_SUM_BEST | GRUNDY_SUM_REMOTENESS;
    o.limits = &lim;
    c[0].pos = 80002;
    assert_int_equal(grundy_sum_analyze(&ar, c, 1, NULL, &o), GRUNDY_OK);
    assert_int_equal(ar.first_wins, 1);
    assert_int_equal(ar.nbest, 1);
    assert_int_equal(ar.best[0].to.part[0], 0);
    assert_int_equal(ar.best_remoteness, 1);
    grundy_sum_result_clear(&ar);
    /* a lost sum past the limit: the move that takes least */
    c[1].pos = 80002;
    assert_int_equal(grundy_sum_analyze(&ar, c, 2, NULL, &o), GRUNDY_OK);
    assert_int_equal(ar.first_wins, 0);
    assert_int_equal(ar.best_method, GRUNDY_SUM_BY_NONE);
    assert_int_equal(ar.best[0].to.part[0], 80001);
    assert_int_equal(ar.best_remoteness, GRUNDY_REMOTENESS_UNKNOWN);
    grundy_sum_result_clear(&ar);
    test_game_free(nim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_winning_moves_match_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_search_matches_oracle,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_misere_nim_matches_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_moore_matches_search,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_moore_large_heaps,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_analyze_matches_oracle,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test(test_analyze_quotient_kept),
        cmocka_unit_test(test_analyze_quotient_work_limit),
        cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_winning_moves_large_heap),
        cmocka_unit_test(test_edges_and_limits),
        cmocka_unit_test(test_search_work_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
