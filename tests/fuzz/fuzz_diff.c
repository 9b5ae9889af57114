/*
 * fuzz_diff.c -- the fast paths against the oracles, on small games and
 * sums made from the fuzzer's bytes.
 *
 * Byte 0 picks a family (nim, subtract:S, allbut:S, digits, half, an
 * octal code, Grundy's game, rect:RxC), the next bytes its parameters
 * and 1 to 3 components.  The library answers as a program would: a
 * values object with the family's kernel, periods and closed forms, the
 * sum's winning moves, Moore's Nim_2, misere play through its search,
 * counts of P-positions through transforms.  The oracles of
 * tests/support share no code with it: a direct win/loss search of the
 * sum's game tree over plain-language move generators, no Grundy values.
 * What must hold: each component's value v is confirmed (component +
 * Nim heap v is lost, + Nim heap u < v is won); the winner, the number
 * of winning moves, the misere winner and the P-position counts agree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/grundy.h"
#include "oracle.h"
#include "sum_oracle.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXC 3
#define MAXH 24

typedef struct reader {
    const uint8_t *d;
    size_t n, at;
} reader;

static unsigned next(reader *r)
{
    return r->at < r->n ? r->d[r->at++] : 0;
}

typedef struct family {
    char spec[64];
    oracle_family fam;
    oracle_set set;
    unsigned char in[16];
    oracle_octal octal;
    oracle_rect rect;
    unsigned base;
    int board;
    int splits;      /* moves may leave several heaps: smaller heaps */
    grundy_pos npos; /* boards: positions */
} family;

static void make_family(family *f, reader *r)
{
    unsigned kind = next(r) % 8, bits, i;
    memset(f, 0, sizeof *f);
    f->set.in = f->in;
    f->set.cap = sizeof f->in;
    switch (kind) {
    case 0:
        strcpy(f->spec, "nim");
        f->fam.heap = oracle_moves_nim;
        break;
    case 1:
    case 2: {
        size_t len;
        bits = (next(r) | next(r) << 8) & 0xFFF;
        if (kind == 2)
            bits &= 0x3F; /* allbut: a few exclusions */
        if (!bits)
            bits = 1;
        len = (size_t)snprintf(f->spec, sizeof f->spec, "%s:",
                               kind == 1 ? "subtract" : "allbut");
        for (i = 0; i < 12; i++)
            if (bits >> i & 1) {
                f->in[i + 1] = 1;
                len += (size_t)snprintf(f->spec + len, sizeof f->spec - len,
                                        "%s%u", f->spec[len - 1] == ':' ? ""
                                                                        : ",",
                                        i + 1);
            }
        f->fam.heap = kind == 1 ? oracle_moves_subtract : oracle_moves_allbut;
        f->fam.ctx = &f->set;
        return;
    }
    case 3:
        strcpy(f->spec, "digits");
        f->base = 10;
        f->fam.heap = oracle_moves_digits;
        f->fam.ctx = &f->base;
        return;
    case 4:
        strcpy(f->spec, "half");
        f->fam.heap = oracle_moves_half;
        break;
    case 5: {
        unsigned nd = 1 + next(r) % 3;
        size_t len = (size_t)snprintf(f->spec, sizeof f->spec, "0.");
        for (i = 1; i <= nd; i++) {
            f->octal.d[i] = (unsigned char)(next(r) % 8);
            if (i == nd && f->octal.d[i] == 0)
                f->octal.d[i] = 3;
            f->spec[len++] = (char)('0' + f->octal.d[i]);
        }
        f->spec[len] = 0;
        f->fam.moves = oracle_moves_octal;
        f->fam.ctx = &f->octal;
        f->splits = 1;
        return;
    }
    case 6:
        strcpy(f->spec, "grundy-game");
        f->fam.moves = oracle_moves_grundy_game;
        f->splits = 1;
        return;
    default:
        f->rect.rows = 1 + next(r) % 3;
        f->rect.cols = 1 + next(r) % 3;
        snprintf(f->spec, sizeof f->spec, "rect:%ux%u", f->rect.rows,
                 f->rect.cols);
        f->fam.moves = oracle_moves_rect;
        f->fam.ctx = &f->rect;
        f->board = 1;
        f->npos = (grundy_pos)1 << (f->rect.rows * f->rect.cols);
        return;
    }
}

static grundy_pos position(const family *f, reader *r)
{
    unsigned x = next(r);
    /* splits multiply the sums the search meets: smaller heaps there */
    return f->board ? x % f->npos : x % (f->splits ? 13u : MAXH + 1u);
}

/* Distinct moves of a component that lead to a lost sum. */
static size_t oracle_winning_moves(oracle_sum *o, const family *f,
                                   const oracle_item *items, size_t n)
{
    size_t i, wins = 0, j, k;
    for (i = 0; i < n; i++) {
        oracle_move3 mv[4096];
        size_t nm = oracle_family_moves(&f->fam, items[i].pos, mv, 4096);
        for (j = 0; j < nm; j++) {
            oracle_item next_items[MAXC + 3];
            size_t nn = 0, d;
            int dup = 0;
            /* the oracle may list a split twice (a + b and b + a) */
            for (d = 0; d < j && !dup; d++)
                if (mv[d].n == mv[j].n) {
                    oracle_move3 x = mv[d], y = mv[j];
                    unsigned p, q;
                    for (p = 0; p < x.n; p++)
                        for (q = p + 1; q < x.n; q++) {
                            if (x.part[q] < x.part[p]) {
                                uint64_t t = x.part[p];
                                x.part[p] = x.part[q];
                                x.part[q] = t;
                            }
                            if (y.part[q] < y.part[p]) {
                                uint64_t t = y.part[p];
                                y.part[p] = y.part[q];
                                y.part[q] = t;
                            }
                        }
                    dup = 1;
                    for (p = 0; p < x.n; p++)
                        dup &= x.part[p] == y.part[p];
                }
            if (dup)
                continue;
            for (k = 0; k < n; k++)
                if (k != i)
                    next_items[nn++] = items[k];
            for (k = 0; k < mv[j].n; k++) {
                next_items[nn].fam = 0;
                next_items[nn++].pos = mv[j].part[k];
            }
            if (!oracle_sum_wins(o, next_items, nn))
                wins++;
        }
    }
    return wins;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size, 0};
    family f;
    oracle_family fams[2];
    oracle_sum *normal, *misere;
    oracle_item items[MAXC + 1];
    grundy_game *g = NULL;
    grundy_values *v = NULL;
    grundy_values_opts vo;
    grundy_limits lim;
    grundy_sum_component comp[MAXC];
    grundy_value vals[MAXC], x = 0;
    grundy_sum_move *moves = NULL;
    size_t n, i, nmoves = 0;
    grundy_sum_search_result sr;
    grundy_sum_search_opts so;

    make_family(&f, &r);
    n = 1 + next(&r) % MAXC;
    /* The oracle searches sums of boards through every product
     * position: three 3x3 boards took 20 s, so boards of more than 4
     * cells come two at a time, and of more than 6 alone. */
    if (f.board && f.rect.rows * f.rect.cols > 6)
        n = 1;
    else if (f.board && f.rect.rows * f.rect.cols > 4 && n > 2)
        n = 2;
    if (grundy_game_new(&g, f.spec, NULL) != GRUNDY_OK)
        fuzz_fail("spec '%s' refused", f.spec);
    grundy_limits_init(&lim);
    lim.threads = 1;
    lim.mem_limit = (size_t)256 << 20;
    grundy_values_opts_init(&vo);
    vo.limits = &lim;
    if (grundy_values_new(&v, g, &vo) != GRUNDY_OK)
        abort();
    fams[0] = f.fam;
    fams[1].moves = NULL;
    fams[1].heap = oracle_moves_nim;
    fams[1].ctx = NULL;
    normal = oracle_sum_new(fams, 2, 1, 0);
    misere = oracle_sum_new(fams, 1, 1, 1);
    if (!normal || !misere)
        abort();

    for (i = 0; i < n; i++) {
        grundy_value u;
        comp[i].values = v;
        comp[i].pos = position(&f, &r);
        items[i].fam = 0;
        items[i].pos = comp[i].pos;
        if (grundy_values_get(&vals[i], v, comp[i].pos) != GRUNDY_OK)
            fuzz_fail("%s: no value at %llu", f.spec,
                      (unsigned long long)comp[i].pos);
        if (vals[i] > 64)
            fuzz_fail("%s: g(%llu) = %llu, implausible", f.spec,
                      (unsigned long long)comp[i].pos,
                      (unsigned long long)vals[i]);
        /* v confirmed: + Nim heap v lost, + Nim heap u < v won */
        for (u = 0; u <= vals[i]; u++) {
            oracle_item two[2] = {items[i], {1, u}};
            int wins = oracle_sum_wins(normal, two, 2);
            if (wins != (u != vals[i]))
                fuzz_fail("%s: g(%llu) = %llu, but + nim %llu is a %s",
                          f.spec, (unsigned long long)comp[i].pos,
                          (unsigned long long)vals[i],
                          (unsigned long long)u, wins ? "win" : "loss");
        }
        x ^= vals[i];
    }
    if ((x != 0) != oracle_sum_wins(normal, items, n))
        fuzz_fail("%s: the sum's winner differs (nim-sum %llu)", f.spec,
                  (unsigned long long)x);
    if (grundy_sum_winning_moves(&moves, &nmoves, comp, n, NULL) != GRUNDY_OK)
        fuzz_fail("%s: winning moves refused", f.spec);
    if (nmoves != oracle_winning_moves(normal, &f, items, n))
        fuzz_fail("%s: %zu winning moves, the search finds %zu", f.spec,
                  nmoves, oracle_winning_moves(normal, &f, items, n));
    free(moves);

    grundy_sum_search_opts_init(&so);
    so.convention = GRUNDY_PLAY_MISERE;
    memset(&sr, 0, sizeof sr);
    if (grundy_sum_search(&sr, comp, n, &so) == GRUNDY_OK &&
        sr.first_wins != oracle_sum_wins(misere, items, n))
        fuzz_fail("%s: the misere winner differs", f.spec);
    grundy_sum_search_result_clear(&sr);

    if (strcmp(f.spec, "nim") == 0) {
        /* Moore's Nim_2 against a search that moves in 1 or 2 heaps */
        oracle_sum *moore = oracle_sum_new(fams + 1, 1, 2, 0);
        grundy_pos h[MAXC], to[2];
        size_t set[2], nset;
        int first;
        oracle_item it[MAXC];
        for (i = 0; i < n; i++) {
            h[i] = comp[i].pos;
            it[i].fam = 0;
            it[i].pos = h[i];
        }
        if (grundy_sum_moore_nim(&first, set, to, &nset, h, n, 2) !=
                GRUNDY_OK ||
            first != oracle_sum_wins(moore, it, n))
            fuzz_fail("Moore's Nim_2: the winner differs");
        oracle_sum_free(moore);
    } else if (!f.board) {
        /* P-positions among pairs of heaps up to m, by transforms */
        grundy_count_result cr;
        uint64_t m = next(&r) % 13, a, b, losing = 0;
        if (grundy_count_heaps(&cr, v, 2, m, 1, 1000000007u) != GRUNDY_OK)
            fuzz_fail("%s: count refused", f.spec);
        for (a = 0; a <= m; a++)
            for (b = 0; b <= m; b++) {
                oracle_item two[2] = {{0, a}, {0, b}};
                losing += !oracle_sum_wins(normal, two, 2);
            }
        if (cr.losing != losing)
            fuzz_fail("%s: %llu P-positions in [0,%llu]^2, the search "
                      "finds %llu",
                      f.spec, (unsigned long long)cr.losing,
                      (unsigned long long)m, (unsigned long long)losing);
    }
    oracle_sum_free(normal);
    oracle_sum_free(misere);
    grundy_values_free(v);
    grundy_game_free(g);
    return 0;
}
