/*
 * sparse_triple.c -- moves that leave three heaps (hexadecimal digits 8
 * to F) in the sparse space kernel.  Rare values save nothing here
 * (common ^ common ^ common is common), so these moves are listed, but
 * through sets of the values of two heaps rather than one triple at a
 * time (see "Three heaps" below).
 */
#include <stdlib.h>
#include <string.h>

#include "table/sparse_internal.h"

/* Three heaps **************************************************************
 *
 * The values of the moves of m into three heaps a + b + c are
 * g(a) ^ v for v in pairs[m - a], so with acc[t] the union of
 * pairs[m - a] over the a with g(a) = t, they are the union over t of acc[t]
 * with every element XORed by t: O(m) unions of pw words per position,
 * and one translation per distinct value. */

/* Every element x of the set src (pw words) moved to x ^ t, into dst. */
static void set_xor_into(uint64_t *dst, const uint64_t *src, unsigned pw,
                         unsigned t)
{
    static const uint64_t m[6] = {0x5555555555555555u, 0x3333333333333333u,
                                  0x0F0F0F0F0F0F0F0Fu, 0x00FF00FF00FF00FFu,
                                  0x0000FFFF0000FFFFu, 0x00000000FFFFFFFFu};
    unsigned w, i;
    for (w = 0; w < pw; w++) {
        uint64_t v = src[w];
        if (!v)
            continue;
        for (i = 0; i < 6; i++)
            if (t >> i & 1)
                v = (v & m[i]) << (1u << i) | ((v >> (1u << i)) & m[i]);
        dst[w ^ (t >> 6)] |= v;
    }
}

static unsigned triple_bits = TRIPLE_MAX_BITS;

unsigned grundy_sparse_triple_bits(unsigned bits)
{
    unsigned old = triple_bits;
    if (bits >= 6 && bits <= TRIPLE_MAX_BITS)
        triple_bits = bits;
    return old;
}

/* Sets wide enough for values below 2^k, room for n of them. */
grundy_status grundy_sparse_pairs_fit(sparse *s, grundy_pos n,
                               const grundy_limits *opts)
{
    unsigned k = s->k < 6 ? 6 : s->k, pw = 1u << (k - 6), v;
    grundy_pos x, have = s->pairs_cap;
    if (k > triple_bits) {
        /* values this wide make the sets too big: list the triples */
        free(s->pairs);
        free(s->acc);
        s->pairs = s->acc = NULL;
        s->pairs_cap = 0;
        s->triples_direct = 1;
        return GRUNDY_OK;
    }
    if (pw != s->pw || n > have) {
        size_t cap = n > have ? (size_t)n : have, bytes;
        uint64_t *np, *na;
        GRUNDY_RETURN_IF(cap > SIZE_MAX / 8 / pw, GRUNDY_ERR_OVERFLOW);
        bytes = cap * pw * 8;
        GRUNDY_TRY(grundy_limits_mem_check(opts, bytes));
        np = calloc(cap * pw, 8);
        GRUNDY_RETURN_IF(!np, GRUNDY_ERR_NOMEM);
        /* keep the sets computed so far, in the new width */
        for (x = 0; x < have && s->pairs; x++)
            for (v = 0; v < s->pw; v++)
                np[x * pw + v] = s->pairs[x * s->pw + v];
        na = realloc(s->acc, ((size_t)64 * pw) * pw * 8);
        if (!na) {
            free(np);
            return GRUNDY_ERR_NOMEM;
        }
        free(s->pairs);
        s->pairs = np;
        s->acc = na;
        s->pairs_cap = cap;
        s->pw = pw;
    }
    return GRUNDY_OK;
}

/* pairs[n]: the values of two heaps of n tokens in all. */
void grundy_sparse_pairs_note(sparse *s, grundy_pos n)
{
    if (s->triples_direct)
        return;
    uint64_t *set = s->pairs + (size_t)n * s->pw;
    const uint16_t *g = s->g;
    grundy_pos a;
    memset(set, 0, s->pw * 8);
    for (a = 1; 2 * a <= n; a++) {
        unsigned x = g[a] ^ g[n - a];
        set[x >> 6] |= (uint64_t)1 << (x & 63);
    }
}

/* The same, listing every triple a <= b <= c. */
static void triple_direct(const sparse *s, uint8_t *reached, grundy_pos n)
{
    const moves *mv = &s->mv;
    const uint16_t *g = s->g;
    unsigned i;
    for (i = 0; i < mv->ntriple; i++) {
        grundy_pos m, a, b;
        if (n < mv->triple[i] + 3)
            continue;
        m = n - mv->triple[i];
        for (a = 1; 3 * a <= m; a++)
            for (b = a; 2 * b <= m - a; b++)
                reached[g[a] ^ g[b] ^ g[m - a - b]] = 1;
    }
}

/* Mark the values of the moves of n that leave three heaps. */
void grundy_sparse_triple_marks(sparse *s, uint8_t *reached, grundy_pos n)
{
    const moves *mv = &s->mv;
    const uint16_t *g = s->g;
    unsigned pw = s->pw, i, t, w;
    uint64_t *acc = s->acc, out[1u << (TRIPLE_MAX_BITS - 6)];
    if (s->triples_direct) {
        triple_direct(s, reached, n);
        return;
    }
    memset(out, 0, pw * 8);
    for (i = 0; i < mv->ntriple; i++) {
        grundy_pos m, a;
        if (n < mv->triple[i] + 3)
            continue;
        m = n - mv->triple[i];
        unsigned nt = 0;
        for (a = 1; a + 2 <= m; a++) {
            const uint64_t *src = s->pairs + (size_t)(m - a) * pw;
            uint64_t *dst = acc + (size_t)g[a] * pw;
            if (!s->used[g[a]]) {
                s->used[g[a]] = 1;
                s->used_list[nt++] = g[a];
                memset(dst, 0, pw * 8);
            }
            for (w = 0; w < pw; w++)
                dst[w] |= src[w];
        }
        while (nt) {
            t = s->used_list[--nt];
            s->used[t] = 0;
            set_xor_into(out, acc + (size_t)t * pw, pw, t);
        }
    }
    for (w = 0; w < pw; w++) {
        uint64_t v = out[w];
        while (v) {
            reached[64 * w + (unsigned)__builtin_ctzll(v)] = 1;
            v &= v - 1;
        }
    }
}
