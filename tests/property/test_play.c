/*
 * test_play.c -- the play engine (grundy/play.h) against oracles written
 * here, which share nothing with the library but the rules' statements:
 *
 *  - finite sums (Nim, a subtraction game, Kayles, whose moves split
 *    heaps), under normal play, misere play and Moore's Nim_2: a direct
 *    game-tree search with memo gives every position's outcome and
 *    remoteness (the winner as fast, the loser as slowly as possible);
 *    the engine's outcome, every move's outcome and remoteness, the
 *    winning moves it lists and its best move must agree;
 *  - sums with cycles, finite games mixed in (addsub:S:A:H, a random
 *    graph in a file, Nim, a subtraction game): a retrograde analysis of
 *    the real sum's positions gives win, loss or draw with remoteness;
 *    the engine's outcome (first, second, draw), the moves it lists as
 *    winning or keeping the draw, every move's outcome and remoteness,
 *    and its best move (fastest win, a move that keeps the draw, the
 *    longest loss) must agree.
 *
 * Every failure prints the seed and the iteration.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_support.h"

/* Families, their moves from the rules ************************************/

enum { F_NIM, F_SUB, F_KAYLES, F_ADDSUB, F_GRAPH };

#define MAXV 7

typedef struct fam {
    int kind;
    uint64_t s[3], a[3];
    size_t ns, na;
    uint64_t h;  /* addsub: heaps 0..h */
    size_t nv;   /* graph: vertices 0..nv-1 */
    size_t deg[MAXV];
    unsigned adj[MAXV][2 * MAXV];
    char spec[256];
} fam;

typedef struct omove {
    uint64_t part[2];
    unsigned n;
} omove;

/* The moves of position p, parts sorted, empty heaps of finite games
 * left out; returns their number (<= cap). */
static size_t fam_moves(const fam *f, uint64_t p, omove *out, size_t cap)
{
    size_t n = 0, i;
    uint64_t t, a;
#define PUT1(x)                                                             \
    do {                                                                    \
        if (n < cap) {                                                      \
            out[n].n = (x) || f->kind >= F_ADDSUB ? 1 : 0;                  \
            out[n].part[0] = (x);                                           \
        }                                                                   \
        n++;                                                                \
    } while (0)
    switch (f->kind) {
    case F_NIM:
        for (t = 0; t < p; t++)
            PUT1(t);
        break;
    case F_SUB:
        for (i = 0; i < f->ns; i++)
            if (f->s[i] <= p)
                PUT1(p - f->s[i]);
        break;
    case F_KAYLES: /* take 1 or 2 adjacent, maybe splitting the row */
        for (t = 1; t <= 2 && t <= p; t++)
            for (a = 0; 2 * a <= p - t; a++) {
                uint64_t b = p - t - a;
                if (n < cap) {
                    out[n].n = (a > 0) + (b > 0);
                    out[n].part[0] = a ? a : b;
                    out[n].part[1] = b;
                }
                n++;
            }
        break;
    case F_ADDSUB: /* an empty heap is final */
        if (p == 0)
            break;
        for (i = 0; i < f->ns; i++)
            if (f->s[i] <= p)
                PUT1(p - f->s[i]);
        for (i = 0; i < f->na; i++)
            if (p + f->a[i] <= f->h)
                PUT1(p + f->a[i]);
        break;
    case F_GRAPH:
        for (i = 0; i < f->deg[p]; i++)
            PUT1(f->adj[p][i]);
        break;
    }
#undef PUT1
    return n;
}

static void put_list(char *s, size_t cap, const uint64_t *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        snprintf(s + strlen(s), cap - strlen(s), "%s%llu", i ? "," : "",
                 (unsigned long long)v[i]);
}

static int finite_kind(int k)
{
    return k < F_ADDSUB;
}

/* A random family of the kinds allowed (a bit mask of 1 << kind). */
static void fam_random(fam *f, test_rng *rng, unsigned kinds,
                       const char *dir, int idx)
{
    size_t i;
    memset(f, 0, sizeof *f);
    do
        f->kind = (int)test_rng_below(rng, 5);
    while (!(kinds & (1u << f->kind)));
    switch (f->kind) {
    case F_NIM:
        snprintf(f->spec, sizeof f->spec, "nim");
        break;
    case F_SUB:
        f->ns = 1 + test_rng_below(rng, 2);
        f->s[0] = 1;
        if (f->ns > 1)
            f->s[1] = 2 + test_rng_below(rng, 3);
        snprintf(f->spec, sizeof f->spec, "subtract:");
        put_list(f->spec, sizeof f->spec, f->s, f->ns);
        break;
    case F_KAYLES:
        snprintf(f->spec, sizeof f->spec, "0.77");
        break;
    case F_ADDSUB:
        f->ns = 1 + test_rng_below(rng, 2);
        f->na = test_rng_below(rng, 3);
        f->s[0] = 1 + test_rng_below(rng, 2);
        if (f->ns > 1)
            f->s[1] = f->s[0] + 1 + test_rng_below(rng, 2);
        for (i = 0; i < f->na; i++)
            f->a[i] = (i ? f->a[i - 1] : 0) + 1 + test_rng_below(rng, 2);
        f->h = 3 + test_rng_below(rng, 5);
        snprintf(f->spec, sizeof f->spec, "addsub:");
        put_list(f->spec, sizeof f->spec, f->s, f->ns);
        snprintf(f->spec + strlen(f->spec), sizeof f->spec - strlen(f->spec),
                 ":");
        put_list(f->spec, sizeof f->spec, f->a, f->na);
        snprintf(f->spec + strlen(f->spec), sizeof f->spec - strlen(f->spec),
                 ":%llu", (unsigned long long)f->h);
        break;
    case F_GRAPH: {
        /* an edge list with a header: vertices 0..nv-1, self-loops and
         * repeated edges allowed */
        FILE *out;
        size_t m = 0, u, e;
        f->nv = 2 + test_rng_below(rng, MAXV - 1);
        for (u = 0; u < f->nv; u++) {
            size_t d = test_rng_below(rng, 3);
            for (e = 0; e < d; e++)
                f->adj[u][f->deg[u]++] =
                    (unsigned)test_rng_below(rng, f->nv);
            m += d;
        }
        snprintf(f->spec, sizeof f->spec, "graph:%s/g%d.txt", dir, idx);
        out = fopen(f->spec + 6, "w");
        assert_non_null(out);
        fprintf(out, "%zu %zu\n", f->nv, m);
        for (u = 0; u < f->nv; u++)
            for (e = 0; e < f->deg[u]; e++)
                fprintf(out, "%zu %u\n", u, f->adj[u][e]);
        fclose(out);
        break;
    }
    }
}

static uint64_t fam_random_pos(const fam *f, test_rng *rng, uint64_t top)
{
    if (f->kind == F_ADDSUB)
        return test_rng_below(rng, f->h + 1);
    if (f->kind == F_GRAPH)
        return test_rng_below(rng, f->nv);
    return test_rng_below(rng, top + 1);
}

/* Positions of the sum: sorted multisets of items *************************/

#define MAXI 12

typedef struct item {
    uint64_t f; /* no padding: items are compared with memcmp() */
    uint64_t p;
} item;

typedef struct ostate {
    item it[MAXI];
    unsigned n;
    int done;
    int win;     /* 1 win, 0 loss, 2 draw (for the player to move) */
    uint64_t r;  /* moves to the end */
    size_t *kid; /* retrograde: children */
    size_t nkid;
} ostate;

typedef struct oracle {
    const fam *fams;
    int misere;
    unsigned k;
    ostate *st;
    size_t n, cap;
    size_t *slot, hcap;
} oracle;

static int item_cmp(const void *x, const void *y)
{
    const item *a = x, *b = y;
    if (a->f != b->f)
        return a->f < b->f ? -1 : 1;
    return (a->p > b->p) - (a->p < b->p);
}

static uint64_t hash_items(const item *it, unsigned n)
{
    uint64_t h = 1469598103934665603ull ^ n;
    unsigned i;
    for (i = 0; i < n; i++) {
        h = (h ^ it[i].f) * 1099511628211ull;
        h = (h ^ it[i].p) * 1099511628211ull;
        h ^= h >> 29;
    }
    return h;
}

static int has_move(const oracle *o, const item *it)
{
    omove m[1];
    return fam_moves(&o->fams[it->f], it->p, m, 1) > 0;
}

/* The index of the multiset it[0..n) (items with no move dropped, the
 * rest sorted in place), added when new. */
static size_t intern(oracle *o, item *it, unsigned n)
{
    unsigned i, k = 0;
    size_t j;
    for (i = 0; i < n; i++)
        if (has_move(o, &it[i]))
            it[k++] = it[i];
    n = k;
    qsort(it, n, sizeof *it, item_cmp);
    if (2 * (o->n + 1) > o->hcap) {
        size_t nc = o->hcap ? 2 * o->hcap : 1024;
        free(o->slot);
        o->slot = calloc(nc, sizeof *o->slot);
        assert_non_null(o->slot);
        o->hcap = nc;
        for (j = 0; j < o->n; j++) {
            size_t s = hash_items(o->st[j].it, o->st[j].n) & (nc - 1);
            while (o->slot[s])
                s = (s + 1) & (nc - 1);
            o->slot[s] = j + 1;
        }
    }
    j = hash_items(it, n) & (o->hcap - 1);
    while (o->slot[j]) {
        const ostate *s = &o->st[o->slot[j] - 1];
        if (s->n == n && !memcmp(s->it, it, n * sizeof *it))
            return o->slot[j] - 1;
        j = (j + 1) & (o->hcap - 1);
    }
    if (o->n == o->cap) {
        o->cap = o->cap ? 2 * o->cap : 256;
        o->st = realloc(o->st, o->cap * sizeof *o->st);
        assert_non_null(o->st);
    }
    memset(&o->st[o->n], 0, sizeof o->st[o->n]);
    memcpy(o->st[o->n].it, it, n * sizeof *it);
    o->st[o->n].n = n;
    o->slot[j] = o->n + 1;
    return o->n++;
}

static void oracle_free(oracle *o)
{
    size_t i;
    for (i = 0; i < o->n; i++)
        free(o->st[i].kid);
    free(o->st);
    free(o->slot);
    memset(o, 0, sizeof *o);
}

/* The children of it[0..n): every set of 1..k distinct items, each moved
 * (k = 1: the ordinary sum), into kids (indices). */
static void children_rec(oracle *o, const item *it, unsigned n,
                         unsigned start, unsigned depth, const unsigned *sel,
                         const omove *pick, size_t **kids, size_t *nk,
                         size_t *cap)
{
    unsigned j, q;
    for (j = start; j < n; j++) {
        omove mv[64];
        size_t nm = fam_moves(&o->fams[it[j].f], it[j].p, mv, 64), t;
        assert_true(nm <= 64);
        for (t = 0; t < nm; t++) {
            unsigned s2[8], d;
            omove p2[8];
            item kid[MAXI + 16];
            unsigned kn = 0;
            for (d = 0; d < depth; d++) {
                s2[d] = sel[d];
                p2[d] = pick[d];
            }
            s2[depth] = j;
            p2[depth] = mv[t];
            for (q = 0; q < n; q++) {
                int moved = 0;
                for (d = 0; d <= depth; d++)
                    moved |= s2[d] == q;
                if (!moved)
                    kid[kn++] = it[q];
            }
            for (d = 0; d <= depth; d++)
                for (q = 0; q < p2[d].n; q++) {
                    kid[kn].f = it[s2[d]].f;
                    kid[kn++].p = p2[d].part[q];
                }
            assert_true(kn <= MAXI + 16);
            if (*nk == *cap) {
                *cap = *cap ? 2 * *cap : 16;
                *kids = realloc(*kids, *cap * sizeof **kids);
                assert_non_null(*kids);
            }
            {
                item tmp[MAXI + 16];
                memcpy(tmp, kid, kn * sizeof *kid);
                for (q = 0, d = 0; q < kn; q++)
                    if (has_move(o, &tmp[q]))
                        tmp[d++] = tmp[q];
                assert_true(d <= MAXI);
                (*kids)[(*nk)++] = intern(o, tmp, d);
            }
            if (depth + 1 < o->k)
                children_rec(o, it, n, j + 1, depth + 1, s2, p2, kids, nk,
                             cap);
        }
    }
}

static void children(oracle *o, size_t id, size_t **kids, size_t *nk)
{
    item it[MAXI];
    unsigned n = o->st[id].n;
    size_t cap = 0;
    memcpy(it, o->st[id].it, n * sizeof *it);
    *kids = NULL;
    *nk = 0;
    children_rec(o, it, n, 0, 0, NULL, NULL, kids, nk, &cap);
}

/* The direct game-tree search (finite sums): outcome and moves to the
 * end of state id. */
static void search(oracle *o, size_t id)
{
    size_t *kids, nk, i;
    uint64_t least = UINT64_MAX, most = 0;
    int win = 0;
    if (o->st[id].done)
        return;
    children(o, id, &kids, &nk);
    for (i = 0; i < nk; i++) {
        ostate *c;
        search(o, kids[i]);
        c = &o->st[kids[i]];
        if (!c->win) {
            win = 1;
            if (c->r < least)
                least = c->r;
        }
        if (c->r > most)
            most = c->r;
    }
    free(kids);
    o->st[id].done = 1;
    if (!nk) {
        o->st[id].win = o->misere;
        o->st[id].r = 0;
    } else {
        o->st[id].win = win;
        o->st[id].r = win ? least + 1 : most + 1;
    }
}

/* Retrograde analysis of everything reachable from the states there
 * are: level L decides the positions L moves from the end; a position
 * with a child lost in L - 1 moves is won in L, one whose children are
 * all won, the longest in L - 1, is lost in L; what no level decides is
 * a draw. */
static void retrograde(oracle *o)
{
    size_t i, j, changed = 1;
    uint64_t level;
    for (i = 0; i < o->n; i++) { /* o->n grows while expanding */
        size_t *kids, nk;
        children(o, i, &kids, &nk);
        o->st[i].kid = kids;
        o->st[i].nkid = nk;
        o->st[i].win = nk ? -1 : 0;
        o->st[i].r = 0;
    }
    for (level = 1; changed; level++) {
        changed = 0;
        for (i = 0; i < o->n; i++) {
            ostate *s = &o->st[i];
            int all_win = 1, any_loss = 0;
            uint64_t most = 0;
            if (s->win >= 0)
                continue;
            for (j = 0; j < s->nkid; j++) {
                const ostate *k = &o->st[s->kid[j]];
                /* only what earlier levels decided */
                int kw = k->win >= 0 && k->r < level ? k->win : -1;
                if (kw == 0 && k->r == level - 1)
                    any_loss = 1;
                if (kw != 1)
                    all_win = 0;
                else if (k->r > most)
                    most = k->r;
            }
            if (any_loss || (all_win && most == level - 1)) {
                s->win = any_loss;
                s->r = level;
                changed = 1;
            }
        }
    }
    for (i = 0; i < o->n; i++)
        if (o->st[i].win < 0)
            o->st[i].win = 2;
}

/* One case: a sum, the engine's state and the oracle **********************/

typedef struct pcase {
    fam fams[3];
    unsigned nf;
    item comp[6]; /* in the engine's order */
    unsigned n;
} pcase;

static void describe(const pcase *c, char *buf, size_t cap)
{
    unsigned i;
    buf[0] = 0;
    for (i = 0; i < c->n; i++)
        snprintf(buf + strlen(buf), cap - strlen(buf), " %s@%llu",
                 c->fams[c->comp[i].f].spec,
                 (unsigned long long)c->comp[i].p);
}

static grundy_play *make_state(grundy_session *s, const pcase *c,
                               const grundy_play_opts *po)
{
    grundy_play *p;
    unsigned i;
    assert_int_equal(grundy_play_new(&p, s, po), GRUNDY_OK);
    for (i = 0; i < c->n; i++) {
        const grundy_game *g;
        grundy_parse_error where;
        char pos[32];
        snprintf(pos, sizeof pos, "%llu", (unsigned long long)c->comp[i].p);
        assert_int_equal(grundy_play_game(&g, s, c->fams[c->comp[i].f].spec,
                                          0, &where),
                         GRUNDY_OK);
        assert_int_equal(grundy_play_add(p, g, NULL, pos, &where),
                         GRUNDY_OK);
    }
    return p;
}

/* The oracle state after the engine's move set m[0..nm). */
static size_t oracle_after(oracle *o, const pcase *c,
                           const grundy_sum_move *m, size_t nm)
{
    item it[MAXI + 8];
    unsigned k = 0, i, q;
    size_t j;
    for (i = 0; i < c->n; i++) {
        const grundy_sum_move *mv = NULL;
        for (j = 0; j < nm; j++)
            if (m[j].component == i)
                mv = &m[j];
        if (!mv) {
            it[k++] = c->comp[i];
            continue;
        }
        for (q = 0; q < mv->to.nparts; q++) {
            it[k].f = c->comp[i].f;
            it[k++].p = mv->to.part[q];
        }
    }
    return intern(o, it, k);
}

static size_t oracle_root(oracle *o, const pcase *c)
{
    item it[MAXI];
    memcpy(it, c->comp, c->n * sizeof *it);
    return intern(o, it, c->n);
}

/* The number of moves of component i in the oracle (normalised). */
static size_t oracle_moves_of(const oracle *o, const pcase *c, unsigned i,
                              omove *mv, size_t cap)
{
    size_t n = fam_moves(&o->fams[c->comp[i].f], c->comp[i].p, mv, cap), a,
           b, k = 0;
    for (a = 0; a < n; a++) { /* distinct moves */
        int dup = 0;
        for (b = 0; b < k && !dup; b++)
            dup = mv[b].n == mv[a].n &&
                  (!mv[a].n || mv[b].part[0] == mv[a].part[0]) &&
                  (mv[a].n < 2 || mv[b].part[1] == mv[a].part[1]);
        if (!dup)
            mv[k++] = mv[a];
    }
    return k;
}

static int fails;

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            char d_[512];                                                   \
            describe(c, d_, sizeof d_);                                     \
            print_error(__VA_ARGS__);                                       \
            print_error(" (seed=%llu it=%ld:%s)\n",                         \
                        (unsigned long long)test_seed(), it, d_);           \
            fails++;                                                        \
        }                                                                   \
    } while (0)

/* Every move of the engine (GRUNDY_SUM_EVERY) against the oracle: the
 * same moves, each with the outcome and the remoteness after it. */
static void check_every(oracle *o, const pcase *c, grundy_play *p, long it,
                        int cycles)
{
    grundy_play_analysis a;
    size_t i, total = 0;
    unsigned j;
    assert_int_equal(grundy_play_analyze(&a, p, GRUNDY_SUM_EVERY |
                                                    GRUNDY_SUM_REMOTENESS),
                     GRUNDY_OK);
    for (j = 0; j < c->n; j++) {
        omove mv[64];
        total += oracle_moves_of(o, c, j, mv, 64);
    }
    CHECK(a.sum.nmoves == total, "every: %zu moves, the oracle %zu",
          a.sum.nmoves, total);
    for (i = 0; i < a.sum.nmoves; i++) {
        size_t kid = oracle_after(o, c, &a.sum.moves[i], 1);
        const ostate *k;
        unsigned want;
        uint64_t rr;
        if (!cycles) /* a sum with cycles: every child was reached */
            search(o, kid);
        k = &o->st[kid];
        want = k->win == 2 ? GRUNDY_SUM_AFTER_DRAW
               : k->win    ? GRUNDY_SUM_AFTER_WIN
                           : GRUNDY_SUM_AFTER_LOSS;
        rr = k->win == 2 ? GRUNDY_REMOTENESS_DRAW : k->r + 1;
        CHECK(a.sum.move_outcome[i] == want,
              "every: move %zu (component %zu) outcome %u, the oracle %u", i,
              a.sum.moves[i].component + 1, a.sum.move_outcome[i], want);
        CHECK(a.sum.move_remoteness[i] == rr,
              "every: move %zu (component %zu) remoteness %llu, the oracle "
              "%llu",
              i, a.sum.moves[i].component + 1,
              (unsigned long long)a.sum.move_remoteness[i],
              (unsigned long long)rr);
    }
    grundy_play_analysis_clear(&a);
}

/* The listed moves, the best move and the sum's remoteness. */
static void check_listed(oracle *o, const pcase *c, grundy_play *p, long it,
                         int cycles, unsigned k)
{
    grundy_play_analysis a;
    size_t root = oracle_root(o, c), i, want = 0;
    ostate rsv, *rs = &rsv;
    unsigned j;
    uint64_t best_r = 0;
    int have_best = 0;
    assert_int_equal(grundy_play_analyze(&a, p, GRUNDY_SUM_MOVES |
                                                    GRUNDY_SUM_BEST |
                                                    GRUNDY_SUM_REMOTENESS),
                     GRUNDY_OK);
    if (!cycles)
        search(o, root);
    rsv = o->st[root]; /* a copy: the table moves as it grows */
    CHECK(a.sum.draw == (rs->win == 2), "draw %d, the oracle %d", a.sum.draw,
          rs->win);
    CHECK(a.sum.first_wins == (rs->win == 1), "first wins %d, the oracle %d",
          a.sum.first_wins, rs->win);
    if (a.sum.remoteness != GRUNDY_REMOTENESS_UNKNOWN)
        CHECK(a.sum.remoteness ==
                  (rs->win == 2 ? GRUNDY_REMOTENESS_DRAW : rs->r),
              "remoteness %llu, the oracle %llu",
              (unsigned long long)a.sum.remoteness,
              (unsigned long long)rs->r);
    CHECK(!cycles || rs->win == 2 || a.sum.remoteness == rs->r,
          "remoteness of a sum with cycles unknown");
    /* the listed moves: every winning move (or keeping the draw), each
     * one's remoteness (one Moore set: it wins) */
    for (i = 0; i < a.sum.nmoves && k <= 1; i++) {
        size_t id = oracle_after(o, c, &a.sum.moves[i], 1);
        const ostate *kid;
        if (!cycles)
            search(o, id);
        kid = &o->st[id];
        CHECK(rs->win == 2 ? kid->win == 2 : kid->win == 0,
              "listed move %zu does not %s", i,
              rs->win == 2 ? "keep the draw" : "win");
        CHECK(a.sum.move_remoteness[i] ==
                  (kid->win == 2 ? GRUNDY_REMOTENESS_DRAW : kid->r + 1),
              "listed move %zu: remoteness %llu, the oracle %llu", i,
              (unsigned long long)a.sum.move_remoteness[i],
              (unsigned long long)kid->r + 1);
    }
    if (k > 1 && a.sum.nmoves) {
        size_t kid = oracle_after(o, c, a.sum.moves, a.sum.nmoves);
        search(o, kid);
        CHECK(o->st[kid].win == 0, "the winning set does not win");
    }
    /* how many single moves win (keep the draw), and the best remoteness
     * a best move must reach */
    for (j = 0; j < c->n && k <= 1; j++) {
        omove mv[64];
        size_t nm = oracle_moves_of(o, c, j, mv, 64), t;
        for (t = 0; t < nm; t++) {
            grundy_sum_move m;
            size_t kid;
            memset(&m, 0, sizeof m);
            m.component = j;
            m.to.nparts = mv[t].n;
            m.to.part[0] = mv[t].part[0];
            m.to.part[1] = mv[t].part[1];
            kid = oracle_after(o, c, &m, 1);
            if (!cycles)
                search(o, kid);
            if (rs->win == 1 && o->st[kid].win == 0) {
                want++;
                if (!have_best || o->st[kid].r + 1 < best_r)
                    best_r = o->st[kid].r + 1;
                have_best = 1;
            } else if (rs->win == 2 && o->st[kid].win == 2) {
                want++;
            } else if (rs->win == 0) {
                if (!have_best || o->st[kid].r + 1 > best_r)
                    best_r = o->st[kid].r + 1;
                have_best = 1;
            }
        }
    }
    if (k <= 1)
        CHECK(a.sum.nmoves == want, "%zu moves listed, the oracle %zu",
              a.sum.nmoves, want);
    if (k <= 1 && a.sum.nbest) {
        size_t kid = oracle_after(o, c, a.sum.best, a.sum.nbest);
        if (!cycles)
            search(o, kid);
        if (rs->win == 2)
            CHECK(o->st[kid].win == 2, "the best move gives the draw away");
        else
            CHECK(o->st[kid].r + 1 == best_r &&
                      o->st[kid].win == (rs->win == 1 ? 0 : 1),
                  "best move: %llu moves to the end, the oracle's best %llu",
                  (unsigned long long)o->st[kid].r + 1,
                  (unsigned long long)best_r);
    }
    CHECK(a.sum.nbest || rs->n == 0,
          "no best move in a position with moves");
    grundy_play_analysis_clear(&a);
}

static grundy_session *session(void)
{
    grundy_session_opts so;
    grundy_session *s;
    grundy_session_opts_init(&so);
    so.no_store = 1;
    so.read_env = 0;
    assert_int_equal(grundy_session_new(&s, &so), GRUNDY_OK);
    return s;
}

/* Finite sums against the direct search. */
static void test_play_finite_remoteness(void **state)
{
    test_rng *rng = *state;
    grundy_session *s = session();
    long it, seen[3] = {0, 0, 0};
    fails = 0;
    for (it = 0; it < 150 * test_multiplier(); it++) {
        pcase cs, *c = &cs;
        grundy_play_opts po;
        grundy_play *p;
        oracle o;
        unsigned i, conv = (unsigned)(it % 3);
        memset(c, 0, sizeof *c);
        c->nf = 1 + (unsigned)test_rng_below(rng, 2);
        for (i = 0; i < c->nf; i++)
            fam_random(&c->fams[i], rng,
                       (1u << F_NIM) | (1u << F_SUB) | (1u << F_KAYLES), NULL,
                       0);
        c->n = 1 + (unsigned)test_rng_below(rng, 3);
        for (i = 0; i < c->n; i++) {
            c->comp[i].f = (unsigned)test_rng_below(rng, c->nf);
            c->comp[i].p =
                fam_random_pos(&c->fams[c->comp[i].f], rng, c->n > 2 ? 5 : 7);
        }
        grundy_play_opts_init(&po);
        po.convention = conv == 1 ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
        po.moore_k = conv == 2 ? 2 : 0;
        memset(&o, 0, sizeof o);
        o.fams = c->fams;
        o.misere = conv == 1;
        o.k = conv == 2 ? 2 : 1;
        p = make_state(s, c, &po);
        check_listed(&o, c, p, it, 0, o.k);
        if (o.k == 1)
            check_every(&o, c, p, it, 0);
        seen[conv]++;
        grundy_play_free(p);
        oracle_free(&o);
    }
    grundy_session_free(s);
    if (fails)
        fail_msg("%d failures (seed=%llu)", fails,
                 (unsigned long long)test_seed());
    assert_true(seen[0] && seen[1] && seen[2]);
}

/* Sums with cycles, finite games mixed in, against the retrograde
 * analysis. */
static void test_play_mixed_retrograde(void **state)
{
    test_rng *rng = *state;
    grundy_session *s = session();
    char dir[] = "/tmp/grundy-play-XXXXXX";
    long it, draws = 0, wins = 0, losses = 0, mixed = 0;
    fails = 0;
    assert_non_null(mkdtemp(dir));
    for (it = 0; it < 120 * test_multiplier(); it++) {
        pcase cs, *c = &cs;
        grundy_play_opts po;
        grundy_play *p;
        oracle o;
        unsigned i, loopy = 0, finite = 0;
        size_t root;
        memset(c, 0, sizeof *c);
        c->nf = 1 + (unsigned)test_rng_below(rng, 3);
        for (i = 0; i < c->nf; i++)
            fam_random(&c->fams[i], rng,
                       i == 0 ? (1u << F_ADDSUB) | (1u << F_GRAPH)
                              : (1u << F_NIM) | (1u << F_SUB) |
                                    (1u << F_ADDSUB) | (1u << F_GRAPH),
                       dir, (int)(it * 4 + i));
        c->n = 1 + (unsigned)test_rng_below(rng, 3);
        for (i = 0; i < c->n; i++) {
            c->comp[i].f = i == 0 ? 0 : (unsigned)test_rng_below(rng, c->nf);
            c->comp[i].p = fam_random_pos(&c->fams[c->comp[i].f], rng, 4);
            if (finite_kind(c->fams[c->comp[i].f].kind))
                finite++;
            else
                loopy++;
        }
        grundy_play_opts_init(&po);
        memset(&o, 0, sizeof o);
        o.fams = c->fams;
        o.k = 1;
        p = make_state(s, c, &po);
        root = oracle_root(&o, c);
        retrograde(&o);
        draws += o.st[root].win == 2;
        wins += o.st[root].win == 1;
        losses += o.st[root].win == 0;
        mixed += loopy && finite;
        check_listed(&o, c, p, it, 1, 1);
        check_every(&o, c, p, it, 1);
        grundy_play_free(p);
        oracle_free(&o);
        for (i = 0; i < c->nf; i++)
            if (c->fams[i].kind == F_GRAPH)
                unlink(c->fams[i].spec + 6);
    }
    rmdir(dir);
    grundy_session_free(s);
    if (fails)
        fail_msg("%d failures (seed=%llu)", fails,
                 (unsigned long long)test_seed());
    if (!draws || !wins || !losses || !mixed)
        fail_msg("weak cases: %ld draws, %ld wins, %ld losses, %ld mixed "
                 "(seed=%llu)",
                 draws, wins, losses, mixed, (unsigned long long)test_seed());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_play_finite_remoteness,
                                        test_rng_setup, test_rng_teardown),
        cmocka_unit_test_setup_teardown(test_play_mixed_retrograde,
                                        test_rng_setup, test_rng_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
