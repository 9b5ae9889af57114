/*
 * digits.c -- tables of the digits family: g(x) = mex{ g(x-d) : d a
 * non-zero digit of x }.
 *
 * Three kernels, fastest first:
 *   blocks  (base 10) one hash probe and a 10-byte copy per ten entries;
 *   window  (bases <= 10) a branch-free mex per entry from a register
 *           window of the last values;
 *   loop    (any base) the digit loop with tabulated low-digit masks.
 * grundy_digits_fill() picks the best that applies.  The table is only
 * written, never read back (but for rare exact recomputations), so memory
 * bandwidth is not the limit: the loop-carried chain is.
 */
#include <stdlib.h>
#include <string.h>

#include "core/progress.h"
#include "table/digits.h"

/* Digit-set bitmask of x in base b (bit d set when d is a digit of x). */
static uint64_t digit_mask(uint64_t x, unsigned b)
{
    uint64_t m = 0;
    for (; x; x /= b)
        m |= 1ull << (x % b);
    return m;
}

/* Exact g(x) from the table (g(y) at g[y - off]): the slow path of the
 * window kernel. */
static unsigned digits_mex_exact(const uint8_t *g, uint64_t off, uint64_t x,
                                 unsigned b)
{
    uint64_t d = digit_mask(x, b) & ~1ull, reach = 0;
    while (d) {
        unsigned k = (unsigned)__builtin_ctzll(d);
        d &= d - 1;
        reach |= 1ull << g[x - k - off];
    }
    return (unsigned)__builtin_ctzll(~reach);
}

/* Spread the digits 2..9 of a digit mask to bytes 0..7 (0xFF each). */
static uint64_t spread_digits(uint64_t dmask)
{
    uint64_t e = 0;
    unsigned d;
    for (d = 2; d <= 9; d++)
        if (dmask >> d & 1)
            e |= 0xFFull << (8 * (d - 2));
    return e;
}

/*
 * Bases up to 10: branch-free.  W holds, byte i, the one-hot mask
 * 1 << g(x-2-i) for i = 0..7 (0 for values >= 8).  The values reachable
 * through digits 2..9 are the OR of the bytes of W & E(x), where E(x) has
 * 0xFF in the bytes of the digits of x: three shift-ORs.  None of that
 * waits for g(x-1): it was known two entries ago.  The digit-1 term is
 * folded in without a shift on the chain: with z1 < z2 the two lowest
 * values missing from the partial set, the mex is z2 when 1 is a digit of
 * x and g(x-1) = z1, else z1.  So the loop-carried chain is one compare
 * and one select, and the loop runs at the rate its instructions issue.
 * A mex of 8 or more (all eight low values present) is rare and is redone
 * exactly from the table.
 */
typedef struct digit_lo {
    uint64_t e;  /* 0xFF in byte d-2 for each digit d in 2..9 */
    uint64_t n1; /* 0 when 1 is a digit, else all ones */
} digit_lo;

static grundy_status fill_digits_window(uint8_t *g, uint64_t off, uint64_t x,
                                        uint64_t n, unsigned b,
                                        uint64_t chunk,
                                        const digit_lo *lo_tab,
                                        grundy_fill *f)
{
    uint64_t W = 0, prev = 0xFF; /* prev: g(x-1), 0xFF before the start */
    unsigned i;
    for (i = 0; i < 8; i++)
        if (x >= 2 + (uint64_t)i && g[x - 2 - i - off] < 8)
            W |= (1ull << g[x - 2 - i - off]) << (8 * i);
    if (x >= 1)
        prev = g[x - 1 - off];
    while (x < n) {
        uint64_t hi = x / chunk, lo = x % chunk;
        uint64_t dhi = digit_mask(hi, b), ehi = spread_digits(dhi);
        uint64_t n1hi = ((dhi >> 1) & 1) - 1;
        uint64_t end = n - x < chunk - lo ? n - x + lo : chunk;
        uint8_t *gx = g + (x - off); /* where g(hi * chunk + lo) goes */
        for (; lo < end; lo++) {
            uint64_t m = W & (lo_tab[lo].e | ehi);
            uint64_t n1 = lo_tab[lo].n1 & n1hi;
            uint64_t miss, z1, z2, key, v;
            m |= m >> 32;
            m |= m >> 16;
            m |= m >> 8;
            miss = ~(m & 0xFF);
            z1 = (uint64_t)__builtin_ctzll(miss);
            z2 = (uint64_t)__builtin_ctzll(miss & (miss - 1));
            /* a select the compiler must not turn into a branch (it is
             * unpredictable); key = z1 | n1 is off the chain */
            key = z1 | n1;
            v = z1 ^ ((z1 ^ z2) & (0 - (uint64_t)(prev == key)));
            if (v >= 8)
                v = digits_mex_exact(g, off, hi * chunk + lo, b);
            *gx++ = (uint8_t)v;
            W = (W << 8) | (prev < 8 ? 1ull << prev : 0);
            prev = v;
        }
        x = hi * chunk + end;
        GRUNDY_TRY(grundy_fill_tick(f, x));
    }
    return GRUNDY_OK;
}

/*
 * Base 10, blocks of ten: the ten values g(10k .. 10k+9) depend only on
 * the nine values before the block and on the set K of non-zero digits of
 * k (x = 10k + j has the digits of k and j).  Few (window, K) pairs ever
 * occur: about 46 000 in the first 10^7 blocks.  So each transition is
 * computed once, kept in a hash table, and afterwards a block costs one
 * lookup and one 10-byte copy: the loop-carried chain is one hash probe
 * per ten entries instead of a mex per entry.
 *
 * Values are below 10, so the window packs into 36 bits (4 per value,
 * oldest first) and the key is (K << 36 | window) + 1 (0 marks a free
 * slot).  An entry keeps the ten output bytes and the next window.
 */
typedef struct block_entry {
    uint64_t key;
    uint64_t out8; /* g(10k .. 10k+7) as bytes */
    uint64_t next; /* next window (36 bits) | g(10k+8) << 40 | g(10k+9) << 48 */
} block_entry;

#define BLOCK_CACHE_MAX ((size_t)1 << 22) /* entries: 96 MiB at most */

typedef struct block_cache {
    block_entry *e;
    size_t cap, n; /* cap a power of two */
} block_cache;

static size_t block_slot(const block_cache *c, uint64_t key)
{
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (c->cap - 1);
    while (c->e[i].key != 0 && c->e[i].key != key)
        i = (i + 1) & (c->cap - 1);
    return i;
}

static int block_cache_grow(block_cache *c)
{
    block_cache nc;
    size_t i;
    nc.cap = c->cap ? 2 * c->cap : 1u << 16;
    nc.n = c->n;
    nc.e = calloc(nc.cap, sizeof *nc.e);
    if (!nc.e)
        return 0;
    for (i = 0; i < c->cap; i++)
        if (c->e[i].key)
            nc.e[block_slot(&nc, c->e[i].key)] = c->e[i];
    free(c->e);
    *c = nc;
    return 1;
}

/* The transition by the definition: w[i] = g(10k - 9 + i), i = 0..8. */
static void block_compute(uint64_t window, uint64_t K, block_entry *out)
{
    unsigned v[19], j, i; /* v[0..8] window, v[9..18] the block */
    uint64_t packed = 0;
    for (i = 0; i < 9; i++)
        v[i] = (unsigned)(window >> (4 * i)) & 15;
    for (j = 0; j < 10; j++) {
        uint64_t D = (K << 1) | (1ull << j), reach = 0;
        D &= ~1ull;
        while (D) {
            unsigned d = (unsigned)__builtin_ctzll(D);
            D &= D - 1;
            reach |= 1ull << v[9 + j - d];
        }
        v[9 + j] = (unsigned)__builtin_ctzll(~reach);
    }
    out->out8 = 0;
    for (j = 0; j < 8; j++)
        out->out8 |= (uint64_t)v[9 + j] << (8 * j);
    for (i = 0; i < 9; i++)
        packed |= (uint64_t)v[10 + i] << (4 * i);
    out->next = packed | (uint64_t)v[17] << 40 | (uint64_t)v[18] << 48;
}

/* Fill whole blocks from x (a multiple of 10, >= 10) while x + 10 <= n.
 * @return the first position not filled. */
static grundy_status fill_digits_blocks(uint64_t *end, uint8_t *g,
                                        uint64_t off, uint64_t x, uint64_t n,
                                        const uint64_t *lo_d, grundy_fill *f)
{
    block_cache c = {NULL, 0, 0};
    uint64_t window = 0, k;
    unsigned i;
    int caching = 1;
    assert(x % 10 == 0 && x >= 10);
    *end = x;
    if (!block_cache_grow(&c))
        return GRUNDY_OK;
    for (i = 0; i < 9; i++)
        window |= (uint64_t)g[x - 9 + i - off] << (4 * i);
    k = x / 10;
    while (10 * k + 10 <= n) {
        uint64_t khi = k / 1000, dhi = digit_mask(khi, 10);
        uint64_t kend = (khi + 1) * 1000;
        if (kend > n / 10)
            kend = n / 10;
        for (; k < kend; k++) {
            uint64_t K = ((lo_d[k % 1000] | dhi) >> 1) & 0x1FF;
            uint64_t key = ((K << 36) | window) + 1;
            size_t s = block_slot(&c, key);
            block_entry e;
            uint8_t *p = g + (10 * k - off);
            if (c.e[s].key == key) {
                e = c.e[s];
            } else {
                block_compute(window, K, &e);
                e.key = key;
                /* the load stays <= 1/2: stop caching when full */
                if (caching) {
                    c.e[s] = e;
                    if (2 * ++c.n > c.cap)
                        caching = c.n < BLOCK_CACHE_MAX &&
                                  block_cache_grow(&c);
                }
            }
            memcpy(p, &e.out8, 8);
            p[8] = (uint8_t)(e.next >> 40);
            p[9] = (uint8_t)(e.next >> 48);
            window = e.next & 0xFFFFFFFFFull;
        }
        *end = 10 * k;
        if (grundy_fill_tick(f, 10 * k) != GRUNDY_OK) {
            free(c.e);
            return GRUNDY_ERR_CANCELLED;
        }
    }
    free(c.e);
    return GRUNDY_OK;
}

/* Any base: the digit loop, with the masks of the low digits tabulated. */
static grundy_status fill_digits_loop(uint8_t *g, uint64_t off, uint64_t x,
                                      uint64_t n, unsigned b, uint64_t chunk,
                                      const uint64_t *lo_d, grundy_fill *f)
{
    while (x < n) {
        uint64_t hi = x / chunk, lo = x % chunk;
        uint64_t dhi = digit_mask(hi, b) & ~1ull;
        uint64_t end = n - x < chunk - lo ? n - x + lo : chunk;
        uint8_t *gx = g + (x - off); /* g(hi * chunk + j) at gx[j - lo] */
        for (; lo < end; lo++, gx++) {
            uint64_t d = (lo_d[lo] | dhi) & ~1ull, reach = 0;
            while (d) {
                unsigned k = (unsigned)__builtin_ctzll(d);
                d &= d - 1;
                reach |= 1ull << gx[-(int64_t)k];
            }
            gx[0] = (uint8_t)__builtin_ctzll(~reach);
        }
        x = hi * chunk + end;
        GRUNDY_TRY(grundy_fill_tick(f, x));
    }
    return GRUNDY_OK;
}


/* Low-digit tables for chunks of b^k values (k as large as fits 4096). */
typedef struct digit_tabs {
    uint64_t chunk;
    uint64_t *lo_d;   /* digit mask of the low part */
    digit_lo *lo_tab; /* spread masks for the window kernel */
} digit_tabs;

static grundy_status digit_tabs_init(digit_tabs *dt, unsigned b)
{
    uint64_t x;
    dt->chunk = 1;
    while (dt->chunk * b <= 4096)
        dt->chunk *= b;
    dt->lo_d = malloc(dt->chunk * sizeof *dt->lo_d);
    dt->lo_tab = malloc(dt->chunk * sizeof *dt->lo_tab);
    if (!dt->lo_d || !dt->lo_tab) {
        free(dt->lo_d);
        free(dt->lo_tab);
        return GRUNDY_ERR_NOMEM;
    }
    for (x = 0; x < dt->chunk; x++) {
        dt->lo_d[x] = digit_mask(x, b);
        dt->lo_tab[x].e = spread_digits(dt->lo_d[x]);
        dt->lo_tab[x].n1 = ((dt->lo_d[x] >> 1) & 1) - 1;
    }
    return GRUNDY_OK;
}

grundy_status grundy_digits_fill(uint8_t *g, uint64_t off, uint64_t from,
                                 uint64_t n, unsigned b,
                                 grundy_digits_kernel kernel, grundy_fill *f)
{
    digit_tabs dt;
    grundy_status s = GRUNDY_OK;
    GRUNDY_RETURN_IF(b < 2 || b > 36, GRUNDY_ERR_ARG);
    if (kernel == GRUNDY_DIGITS_AUTO)
        kernel = b == 10   ? GRUNDY_DIGITS_BLOCKS
                 : b <= 10 ? GRUNDY_DIGITS_WINDOW
                           : GRUNDY_DIGITS_LOOP;
    GRUNDY_RETURN_IF(kernel == GRUNDY_DIGITS_BLOCKS && b != 10,
                     GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(kernel == GRUNDY_DIGITS_WINDOW && b > 10,
                     GRUNDY_ERR_ARG);
    if (from >= n)
        return GRUNDY_OK;
    GRUNDY_TRY(digit_tabs_init(&dt, b));
    if (kernel == GRUNDY_DIGITS_BLOCKS) {
        /* the window kernel up to a block boundary, blocks, the tail */
        uint64_t x0 = from < 10 ? 10 : (from + 9) / 10 * 10;
        if (x0 > n)
            x0 = n;
        if (x0 > from)
            s = fill_digits_window(g, off, from, x0, b, dt.chunk, dt.lo_tab,
                                   f);
        if (s == GRUNDY_OK && x0 < n)
            s = fill_digits_blocks(&x0, g, off, x0, n, dt.lo_d, f);
        if (s == GRUNDY_OK && x0 < n)
            s = fill_digits_window(g, off, x0, n, b, dt.chunk, dt.lo_tab, f);
    } else if (kernel == GRUNDY_DIGITS_WINDOW) {
        s = fill_digits_window(g, off, from, n, b, dt.chunk, dt.lo_tab, f);
    } else {
        s = fill_digits_loop(g, off, from, n, b, dt.chunk, dt.lo_d, f);
    }
    free(dt.lo_d);
    free(dt.lo_tab);
    return s;
}
