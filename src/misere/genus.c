/*
 * genus.c -- Conway's genus of the heaps of a take-and-break game.
 *
 * The genus of G is g^{g0 g1 ...}: g the normal-play value (asked of a
 * values object, like every Grundy value in grundy), gk the misere Grundy value of G plus
 * k nim-heaps *2 (1 for a position without moves, else the mex of its
 * options' values).  Misere values of sums are not determined by the
 * values of the parts, so the positions themselves are searched: a
 * position is a multiset of heaps with moves (a heap without one is the
 * empty game) plus counts of *2 and *1, stored once in a hash table with
 * its value.  The positions reachable from heaps up to n number about the
 * partitions of the numbers up to n, times the few counts of *2 and *1,
 * which is why the search is bounded by a state limit.
 *
 * The exponents are computed for k = 0, 1, 2, ... until the last four
 * alternate (a, b, a, b) and written up to where the alternation starts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "grundy/takebreak.h"
#include "grundy/values.h"
#include "misere/misere_internal.h"

#define MAX_K (GRUNDY_MISERE_GENUS_MAX + 2)
#define MAX_PARTS 512 /* heaps in one position */

typedef struct gsearch {
    const grundy_game *g;
    /* options of heap h: parts in opt[ostart[h] .. ostart[h+1]), as
     * (count, part, part, part) with dead parts dropped */
    uint32_t *ostart, (*opt)[4];
    uint8_t *live;
    grundy_pos nheaps;
    /* memo */
    uint32_t *keys; /* arena: [len, key words...] */
    size_t klen, kcap;
    size_t *slot; /* offset + 1 */
    uint32_t *val;
    size_t cap, used, max_states, bytes;
    const grundy_limits *lim;
    grundy_ticker *tick;
    grundy_status err;
} gsearch;

static uint64_t hash_words(const uint32_t *k, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    size_t i;
    for (i = 0; i < n; i++)
        h = (h ^ k[i]) * 1099511628211ull;
    return h ^ (h >> 31);
}

/* The value slot of key k (n words); inserted (value MQ_NONE) when
 * missing and insert is set.  NULL on error (gs->err set). */
static uint32_t *memo(gsearch *gs, const uint32_t *k, size_t n, int insert)
{
    size_t i, mask;
    if (!gs->cap)
        return NULL;
    mask = gs->cap - 1;
    i = (size_t)hash_words(k, n) & mask;
    for (;;) {
        size_t s = gs->slot[i];
        if (!s)
            break;
        if (gs->keys[s - 1] == n &&
            memcmp(gs->keys + s, k, n * sizeof *k) == 0)
            return &gs->val[i];
        i = (i + 1) & mask;
    }
    if (!insert)
        return NULL;
    if (gs->used >= gs->max_states) {
        gs->err = GRUNDY_ERR_LIMIT;
        return NULL;
    }
    if (2 * (gs->used + 1) > gs->cap) {
        size_t oc = gs->cap, nc = 2 * oc, j;
        size_t *os = gs->slot;
        uint32_t *ov = gs->val;
        if (grundy_limits_mem_check(gs->lim, gs->bytes + nc * 12) !=
            GRUNDY_OK) {
            gs->err = GRUNDY_ERR_LIMIT;
            return NULL;
        }
        gs->slot = calloc(nc, sizeof *gs->slot);
        gs->val = malloc(nc * sizeof *gs->val);
        if (!gs->slot || !gs->val) {
            free(gs->slot);
            free(gs->val);
            gs->slot = os;
            gs->val = ov;
            gs->err = GRUNDY_ERR_NOMEM;
            return NULL;
        }
        gs->cap = nc;
        gs->bytes += oc * 12;
        for (j = 0; j < oc; j++)
            if (os[j]) {
                size_t t = os[j], m = gs->keys[t - 1];
                size_t p = (size_t)hash_words(gs->keys + t, m) & (nc - 1);
                while (gs->slot[p])
                    p = (p + 1) & (nc - 1);
                gs->slot[p] = t;
                gs->val[p] = ov[j];
            }
        free(os);
        free(ov);
        return memo(gs, k, n, 1);
    }
    if (gs->klen + n + 1 > gs->kcap) {
        size_t nc = gs->kcap ? 2 * gs->kcap : 1 << 16;
        uint32_t *nk;
        while (nc < gs->klen + n + 1)
            nc *= 2;
        if (grundy_limits_mem_check(gs->lim, gs->bytes + nc * 4) !=
            GRUNDY_OK) {
            gs->err = GRUNDY_ERR_LIMIT;
            return NULL;
        }
        nk = realloc(gs->keys, nc * sizeof *nk);
        if (!nk) {
            gs->err = GRUNDY_ERR_NOMEM;
            return NULL;
        }
        gs->bytes += (nc - gs->kcap) * 4;
        gs->keys = nk;
        gs->kcap = nc;
    }
    gs->keys[gs->klen] = (uint32_t)n;
    memcpy(gs->keys + gs->klen + 1, k, n * sizeof *k);
    gs->slot[i] = gs->klen + 1;
    gs->klen += n + 1;
    gs->used++;
    gs->val[i] = MQ_NONE;
    return &gs->val[i];
}

/* Position: key[0] = twos, key[1] = ones, key[2..n) heaps decreasing. */
static void put_heap(uint32_t *key, size_t *n, uint32_t h)
{
    size_t i = *n;
    while (i > 2 && key[i - 1] < h) {
        key[i] = key[i - 1];
        i--;
    }
    key[i] = h;
    (*n)++;
}

static void mark(uint64_t *seen, uint32_t v)
{
    if (v < 64 * 64)
        seen[v >> 6] |= (uint64_t)1 << (v & 63);
}

static uint32_t value(gsearch *gs, const uint32_t *key, size_t n)
{
    uint32_t *slot, v, sub[MAX_PARTS + 3];
    uint64_t seen[64];
    size_t i, j, m;
    if (gs->err)
        return 0;
    slot = memo(gs, key, n, 0);
    if (slot && *slot != MQ_NONE)
        return *slot;
    if (n == 2 && key[0] == 0 && key[1] == 0)
        return 1; /* no move */
    if (n + 3 > MAX_PARTS) {
        gs->err = GRUNDY_ERR_LIMIT;
        return 0;
    }
    if (gs->tick && grundy_ticker_tick(gs->tick, gs->tick->done) != GRUNDY_OK) {
        gs->err = GRUNDY_ERR_CANCELLED;
        return 0;
    }
    memset(seen, 0, sizeof seen);
    if (key[0]) { /* *2 -> *1 or nothing */
        memcpy(sub, key, n * sizeof *sub);
        sub[0]--;
        mark(seen, value(gs, sub, n));
        sub[1]++;
        mark(seen, value(gs, sub, n));
    }
    if (key[1]) {
        memcpy(sub, key, n * sizeof *sub);
        sub[1]--;
        mark(seen, value(gs, sub, n));
    }
    for (i = 2; i < n; i++) {
        uint32_t h = key[i];
        if (i > 2 && h == key[i - 1])
            continue;
        for (j = gs->ostart[h]; j < gs->ostart[h + 1]; j++) {
            size_t sn = 0, p;
            for (m = 0; m < n; m++)
                if (m != i)
                    sub[sn++] = key[m];
            for (p = 1; p <= gs->opt[j][0]; p++)
                put_heap(sub, &sn, gs->opt[j][p]);
            mark(seen, value(gs, sub, sn));
            if (gs->err)
                return 0;
        }
    }
    if (gs->err)
        return 0;
    for (v = 0; v < 64 * 64 && ((seen[v >> 6] >> (v & 63)) & 1); v++)
        ;
    slot = memo(gs, key, n, 1);
    if (!slot)
        return 0;
    *slot = v;
    return v;
}

static grundy_status options_init(gsearch *gs, grundy_pos upto)
{
    grundy_move *buf = NULL;
    size_t cap = 0, nm, total = 0, capo = 0, i;
    grundy_pos h;
    grundy_status s = GRUNDY_OK;
    gs->ostart = calloc(upto + 2, sizeof *gs->ostart);
    gs->live = calloc(upto + 1, 1);
    GRUNDY_RETURN_IF(!gs->ostart || !gs->live, GRUNDY_ERR_NOMEM);
    for (h = 0; h <= upto; h++) {
        gs->ostart[h] = (uint32_t)total;
        if (h == 0)
            continue;
        s = grundy_game_moves(gs->g, h, &buf, &cap, &nm);
        if (s != GRUNDY_OK)
            break;
        gs->live[h] = nm > 0;
        if (total + nm > capo) {
            size_t nc = capo ? 2 * capo : 1024;
            uint32_t(*no)[4];
            while (nc < total + nm)
                nc *= 2;
            no = realloc(gs->opt, nc * sizeof *no);
            if (!no) {
                s = GRUNDY_ERR_NOMEM;
                break;
            }
            gs->opt = no;
            capo = nc;
        }
        for (i = 0; i < nm; i++) {
            uint32_t *o = gs->opt[total++];
            unsigned p;
            o[0] = 0;
            for (p = 0; p < buf[i].nparts; p++)
                if (buf[i].part[p] && gs->live[buf[i].part[p]])
                    o[++o[0]] = (uint32_t)buf[i].part[p];
        }
    }
    gs->ostart[upto + 1] = (uint32_t)total;
    free(buf);
    return s;
}

grundy_status grundy_misere_genus_table(grundy_misere_genus *out,
                                        grundy_pos *done,
                                        const grundy_game *g,
                                        grundy_pos upto, size_t max_states,
                                        const grundy_limits *lim)
{
    gsearch gs;
    grundy_ticker tick;
    grundy_value *normal = NULL;
    grundy_values *vals = NULL;
    grundy_values_opts vo;
    grundy_status s;
    grundy_pos h;

    if (done)
        *done = 0;
    GRUNDY_RETURN_IF(!grundy_takebreak_get(g), GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(upto > GRUNDY_MISERE_MAX_HEAP, GRUNDY_ERR_RANGE);
    memset(&gs, 0, sizeof gs);
    gs.g = g;
    gs.lim = lim;
    gs.max_states = max_states ? max_states : GRUNDY_MISERE_GENUS_DEFAULT_STATES;
    gs.tick = &tick;
    grundy_ticker_init(&tick, lim, "genus", upto + 1);
    grundy_values_opts_init(&vo);
    vo.limits = lim;
    s = grundy_values_new(&vals, g, &vo);
    if (s == GRUNDY_OK)
        s = options_init(&gs, upto);
    if (s == GRUNDY_OK) {
        gs.cap = 1 << 12;
        gs.slot = calloc(gs.cap, sizeof *gs.slot);
        gs.val = malloc(gs.cap * sizeof *gs.val);
        normal = malloc((upto + 1) * sizeof *normal);
        gs.bytes = gs.cap * 12;
        if (!gs.slot || !gs.val || !normal)
            s = GRUNDY_ERR_NOMEM;
    }
    for (h = 0; s == GRUNDY_OK && h <= upto; h++) {
        grundy_value e[MAX_K], x;
        uint32_t key[4];
        size_t k, n, m;
        /* normal play */
        s = grundy_values_get(&x, vals, h);
        if (s != GRUNDY_OK)
            break;
        normal[h] = x;
        /* misere values with k copies of *2 */
        for (k = 0; k < MAX_K; k++) {
            key[0] = (uint32_t)k;
            key[1] = 0;
            n = 2;
            if (h && gs.live[h])
                key[n++] = (uint32_t)h;
            e[k] = value(&gs, key, n);
            if (gs.err) {
                s = gs.err;
                break;
            }
            if (k >= 3 && e[k] == e[k - 2] && e[k - 1] == e[k - 3])
                break;
        }
        if (s != GRUNDY_OK)
            break;
        if (k == MAX_K) {
            s = GRUNDY_ERR_LIMIT;
            break;
        }
        /* written up to where the alternation starts */
        for (m = k + 1; m > 2 && e[m - 1] == e[m - 3]; m--)
            ;
        if (m > GRUNDY_MISERE_GENUS_MAX) {
            s = GRUNDY_ERR_LIMIT;
            break;
        }
        memset(&out[h], 0, sizeof out[h]);
        out[h].normal = normal[h];
        out[h].nexp = (unsigned)m;
        memcpy(out[h].exp, e, m * sizeof *e);
        if (done)
            *done = h + 1;
        tick.done = h + 1;
    }
    if (s == GRUNDY_OK)
        s = grundy_ticker_done(&tick);
    GRUNDY_FREE_ALL(gs.ostart, gs.opt, gs.live, gs.keys, gs.slot, gs.val,
                    normal);
    grundy_values_free(vals);
    return s;
}

size_t grundy_misere_genus_format(const grundy_misere_genus *ge, char *buf,
                                  size_t cap)
{
    size_t len = 0;
    unsigned k;
    int n = snprintf(buf, cap, "%llu^", (unsigned long long)ge->normal);
    if (n > 0)
        len = (size_t)n;
    for (k = 0; k < ge->nexp; k++) {
        n = snprintf(len < cap ? buf + len : NULL, len < cap ? cap - len : 0,
                     ge->exp[k] < 10 ? "%llu" : "[%llu]",
                     (unsigned long long)ge->exp[k]);
        if (n > 0)
            len += (size_t)n;
    }
    return len;
}
