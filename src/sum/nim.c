/*
 * nim.c -- the two rules known in closed form for Nim heaps: Moore's
 * Nim_k and misere Nim.
 *
 * Moore (1910): with moves that lower 1..k heaps, the player to move loses
 * iff every binary digit is set in a multiple of k+1 heaps.  The winning
 * set is built from the top digit down.  A heap lowered at a higher digit
 * is "free": its lower digits may be anything.  At digit b let r be the
 * count of set digits among the other heaps, mod k+1.  If the free heaps
 * can supply the missing (k+1-r) mod (k+1) ones, they do; otherwise r of
 * the heaps with digit b set are lowered there, which keeps at most k
 * heaps in the set (r <= k - |free| exactly when the free heaps fall
 * short).  Every heap in the set strictly decreases.
 *
 * Misere Nim (Bouton 1902): when every heap is 0 or 1 the player to move
 * wins iff the number of 1-heaps is even; otherwise iff the nim-sum is
 * non-zero, and the normal winning move is the misere one except when it
 * would leave only heaps of size 0 or 1, where the big heap is reduced to
 * leave an odd number of 1-heaps.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "sum/sum_internal.h"

grundy_status grundy_sum_moore_nim(int *first_wins, size_t *set,
                                   grundy_pos *to, size_t *nset,
                                   const grundy_pos *h, size_t n, unsigned k)
{
    size_t ns = 0, i, j;
    int b;

    *first_wins = 0;
    *nset = 0;
    GRUNDY_RETURN_IF(k == 0, GRUNDY_ERR_ARG);
    for (b = 63; b >= 0; b--) {
        uint64_t bit = (uint64_t)1 << b, m = 0, r, need;
        for (i = 0; i < n; i++) {
            int in = 0;
            for (j = 0; j < ns; j++)
                in |= set[j] == i;
            if (!in && (h[i] & bit))
                m++;
        }
        r = m % ((uint64_t)k + 1);
        need = (k + 1 - r) % ((uint64_t)k + 1);
        if (need <= ns) {
            for (j = 0; j < need; j++)
                to[j] |= bit;
            continue;
        }
        /* Lower r more heaps that have digit b set. */
        for (i = 0; i < n && r; i++) {
            int in = 0;
            for (j = 0; j < ns; j++)
                in |= set[j] == i;
            if (in || !(h[i] & bit))
                continue;
            assert(ns < k);
            set[ns] = i;
            to[ns] = b == 63 ? 0 : (h[i] >> (b + 1)) << (b + 1);
            ns++;
            r--;
        }
        assert(r == 0);
    }
    /* Sort the set by heap index (it is at most k long). */
    for (i = 1; i < ns; i++)
        for (j = i; j > 0 && set[j - 1] > set[j]; j--) {
            size_t ts = set[j];
            grundy_pos tt = to[j];
            set[j] = set[j - 1];
            to[j] = to[j - 1];
            set[j - 1] = ts;
            to[j - 1] = tt;
        }
    *nset = ns;
    *first_wins = ns > 0;
    return GRUNDY_OK;
}

static grundy_status push_heap_move(sum_move_list *l, size_t i,
                                    grundy_pos from, grundy_pos t)
{
    grundy_sum_move m;
    memset(&m, 0, sizeof m);
    m.component = i;
    m.from = from;
    m.to.part[0] = t;
    m.to.nparts = 1;
    m.value = t;
    return grundy_sum_move_list_push(l, &m);
}

grundy_status grundy_sum_misere_nim(int *first_wins, grundy_sum_move **moves,
                                    size_t *count, const grundy_pos *h,
                                    size_t n)
{
    sum_move_list l = {NULL, 0, 0};
    size_t big = 0, ones = 0, i, big_at = 0;
    grundy_value x = 0;
    grundy_status s = GRUNDY_OK;

    *moves = NULL;
    *count = 0;
    for (i = 0; i < n; i++) {
        x ^= h[i];
        if (h[i] > 1) {
            big++;
            big_at = i;
        } else if (h[i] == 1) {
            ones++;
        }
    }
    if (big == 0) {
        *first_wins = ones % 2 == 0;
        for (i = 0; i < n && *first_wins && s == GRUNDY_OK; i++)
            if (h[i] == 1)
                s = push_heap_move(&l, i, 1, 0);
    } else if (big == 1) {
        *first_wins = 1;
        s = push_heap_move(&l, big_at, h[big_at], ones % 2 ? 0 : 1);
    } else {
        *first_wins = x != 0;
        for (i = 0; i < n && x && s == GRUNDY_OK; i++)
            if ((h[i] ^ x) < h[i])
                s = push_heap_move(&l, i, h[i], h[i] ^ x);
    }
    if (s != GRUNDY_OK) {
        free(l.a);
        return s;
    }
    *moves = l.a;
    *count = l.n;
    return GRUNDY_OK;
}
