/*
 * pshtbrth_oracle.c -- random input for 'grundy solve pshtbrth' and the
 * answers a direct game-tree search gives, with no Grundy values.
 *
 * Usage: pshtbrth_oracle INPUT ANSWERS
 * Writes a random multi-test input to INPUT and the expected output to
 * ANSWERS; pshtbrth.sh runs the program on INPUT and compares.  Boards are
 * sparse (a few 1s each) so that the search over the whole sum L..R stays
 * small; the search lists moves by testing every rectangle cell by cell.
 * GRUNDY_TEST_SEED / GRUNDY_TEST_MULTIPLIER apply; the seed is printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#define MAX_PARTS 6

/* Win/loss memo over sums of up to MAX_PARTS boards of 16 bits: keys are
 * the boards sorted (the sum does not depend on the order). */
typedef struct memo_entry {
    uint16_t b[MAX_PARTS];
    unsigned char used, win;
} memo_entry;

typedef struct memo {
    memo_entry *e;
    size_t cap, count;
} memo;

static size_t oracle_children(uint16_t *out, uint16_t p)
{
    unsigned r0, r1, c0, c1, r, c;
    size_t k = 0;
    for (r0 = 0; r0 < 4; r0++)
        for (r1 = r0; r1 < 4; r1++)
            for (c0 = 0; c0 < 4; c0++)
                for (c1 = c0; c1 < 4; c1++) {
                    unsigned m = 0, full = 1;
                    for (r = r0; r <= r1; r++)
                        for (c = c0; c <= c1; c++) {
                            unsigned bit = 1u << (r * 4 + c);
                            if (!(p & bit))
                                full = 0;
                            m |= bit;
                        }
                    if (full)
                        out[k++] = (uint16_t)(p & ~m);
                }
    return k;
}

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

static memo_entry *memo_find(memo *m, const uint16_t *b)
{
    uint64_t h = 1469598103934665603ull;
    size_t i, j;
    for (j = 0; j < MAX_PARTS; j++)
        h = (h ^ b[j]) * 1099511628211ull;
    for (i = (size_t)h & (m->cap - 1);; i = (i + 1) & (m->cap - 1))
        if (!m->e[i].used || memcmp(m->e[i].b, b, sizeof m->e[i].b) == 0)
            return &m->e[i];
}

/* First player wins the sum of boards b[0..MAX_PARTS) (zeros unused)? */
static int sum_wins(memo *m, const uint16_t *b_in)
{
    uint16_t b[MAX_PARTS], nb[MAX_PARTS], ch[100];
    memo_entry *e;
    size_t i, j, n;
    int win = 0;
    memcpy(b, b_in, sizeof b);
    qsort(b, MAX_PARTS, sizeof b[0], cmp_u16);
    e = memo_find(m, b);
    if (e->used)
        return e->win;
    for (i = 0; i < MAX_PARTS && !win; i++) {
        n = oracle_children(ch, b[i]);
        for (j = 0; j < n && !win; j++) {
            memcpy(nb, b, sizeof nb);
            nb[i] = ch[j];
            if (!sum_wins(m, nb))
                win = 1;
        }
    }
    e = memo_find(m, b); /* the table does not move: fixed capacity */
    e->used = 1;
    m->count++;
    e->win = (unsigned char)win;
    memcpy(e->b, b, sizeof e->b);
    return win;
}

static uint16_t random_board(test_rng *rng)
{
    unsigned k = (unsigned)test_rng_below(rng, 4), i;
    uint16_t p = 0;
    if (test_rng_below(rng, 8) == 0)
        k = 6; /* a denser one now and then */
    for (i = 0; i < k; i++)
        p |= (uint16_t)(1u << test_rng_below(rng, 16));
    return p;
}

static void write_board(FILE *f, uint16_t p)
{
    unsigned r, c;
    for (r = 0; r < 4; r++) {
        for (c = 0; c < 4; c++)
            fputc('0' + ((p >> (r * 4 + c)) & 1), f);
        fputc('\n', f);
    }
}

int main(int argc, char **argv)
{
    test_rng rng;
    FILE *in, *want;
    memo m;
    unsigned t, T;
    long rounds = 10 * test_multiplier();

    if (argc != 3) {
        fprintf(stderr, "usage: pshtbrth_oracle INPUT ANSWERS\n");
        return 2;
    }
    in = fopen(argv[1], "w");
    want = fopen(argv[2], "w");
    if (!in || !want) {
        perror("pshtbrth_oracle");
        return 2;
    }
    printf("seed=%llu\n", (unsigned long long)test_seed());
    test_rng_init(&rng, test_seed());
    m.cap = (size_t)1 << 20;
    m.count = 0;
    m.e = calloc(m.cap, sizeof *m.e);
    if (!m.e)
        return 2;

    T = (unsigned)(rounds * 5);
    fprintf(in, "%u\n", T);
    for (t = 0; t < T; t++) {
        unsigned n = (unsigned)test_rng_range(&rng, 1, 12);
        unsigned q = (unsigned)test_rng_range(&rng, 0, 40), i, j;
        uint16_t b[12];
        fprintf(in, "%u %u\n", n, q);
        for (i = 0; i < n; i++) {
            b[i] = random_board(&rng);
            write_board(in, b[i]);
        }
        for (j = 0; j < q; j++) {
            if (test_rng_below(&rng, 3) == 0) {
                unsigned at = (unsigned)test_rng_below(&rng, n);
                b[at] = random_board(&rng);
                fprintf(in, "2 %u\n", at + 1);
                write_board(in, b[at]);
            } else {
                unsigned lo = (unsigned)test_rng_below(&rng, n), hi, ones;
                uint16_t parts[MAX_PARTS] = {0};
                hi = lo + (unsigned)test_rng_below(&rng, MAX_PARTS);
                if (hi >= n)
                    hi = n - 1;
                /* At most 16 1s in all: at most 2^16 sums to search. */
                ones = (unsigned)__builtin_popcount(b[lo]);
                for (i = lo + 1; i <= hi; i++) {
                    ones += (unsigned)__builtin_popcount(b[i]);
                    if (ones > 16) {
                        hi = i - 1;
                        break;
                    }
                }
                for (i = lo; i <= hi; i++)
                    parts[i - lo] = b[i];
                /* Room for one more query's sums. */
                if (m.count > m.cap / 2) {
                    memset(m.e, 0, m.cap * sizeof *m.e);
                    m.count = 0;
                }
                fprintf(in, "1 %u %u\n", lo + 1, hi + 1);
                fputs(sum_wins(&m, parts) ? "Pishty\n" : "Lotsy\n", want);
            }
        }
    }
    free(m.e);
    if (fclose(in) != 0 || fclose(want) != 0) {
        perror("pshtbrth_oracle");
        return 2;
    }
    return 0;
}
