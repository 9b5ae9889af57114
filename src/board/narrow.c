/*
 * narrow.c -- Cram on boards of at most 4 rows by a plain memo of parts
 * keyed by their columns (narrow.h).  Shares no code with the board
 * search: its own moves, parts, keys and table.
 */
#include <stdlib.h>
#include <string.h>

#include "board/narrow.h"

typedef struct narrow_entry {
    uint64_t k[4]; /* all zero: a free slot (no part has the empty key) */
    uint32_t v;
} narrow_entry;

typedef struct narrow_ctx {
    unsigned rows;
    narrow_entry *tab;
    size_t cap, n, mem_limit;
    grundy_status err;
    grundy_narrow_stats st;
    unsigned char flip[GRUNDY_NARROW_MAX_ROWS + 1][16]; /* [h][m] */
} narrow_ctx;

/* The mex of a part's children is at most its number of moves, under
 * 2 * 4 * 64. */
#define NARROW_VALUES 512

static uint64_t key_hash(const uint64_t *k)
{
    uint64_t h = k[0] * 0x9e3779b97f4a7c15ull;
    h ^= (k[1] + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull;
    h ^= (k[2] + 0x85ebca6b0f0dd5a1ull) * 0x94d049bb133111ebull;
    h ^= (k[3] + 0xc2b2ae3d27d4eb4full) * 0xff51afd7ed558ccdull;
    return h ^ (h >> 29);
}

static int key_less(const uint64_t *a, const uint64_t *b)
{
    int i;
    for (i = 3; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i];
    return 0;
}

/* The key of the part cols[0 .. n) (its first and last columns are not
 * empty): moved up to row 0, the least of its four mirror images. */
static void part_key(const narrow_ctx *c, const unsigned char *cols,
                     unsigned n, uint64_t key[4])
{
    unsigned all = 0, sh = 0, h = 0, i, v;
    uint64_t k[4][4];
    for (i = 0; i < n; i++)
        all |= cols[i];
    while (!(all >> sh & 1u))
        sh++;
    while (all >> (sh + h))
        h++;
    memset(k, 0, sizeof k);
    for (i = 0; i < n; i++) {
        unsigned m = (unsigned)cols[i] >> sh, f = c->flip[h][m];
        unsigned j = n - 1 - i;
        k[0][i / 16] |= (uint64_t)m << (4 * (i % 16));
        k[1][j / 16] |= (uint64_t)m << (4 * (j % 16));
        k[2][i / 16] |= (uint64_t)f << (4 * (i % 16));
        k[3][j / 16] |= (uint64_t)f << (4 * (j % 16));
    }
    v = 0;
    for (i = 1; i < 4; i++)
        if (key_less(k[i], k[v]))
            v = i;
    memcpy(key, k[v], sizeof k[v]);
}

static narrow_entry *slot_of(narrow_entry *tab, size_t cap, const uint64_t *k)
{
    size_t i = (size_t)key_hash(k) & (cap - 1);
    while (tab[i].k[0] | tab[i].k[1] | tab[i].k[2] | tab[i].k[3]) {
        if (memcmp(tab[i].k, k, sizeof tab[i].k) == 0)
            return &tab[i];
        i = (i + 1) & (cap - 1);
    }
    return &tab[i];
}

static int grow(narrow_ctx *c)
{
    size_t cap = c->cap ? 2 * c->cap : 4096, i;
    narrow_entry *t;
    if (cap > SIZE_MAX / sizeof *t ||
        (c->mem_limit && cap * sizeof *t > c->mem_limit)) {
        c->err = GRUNDY_ERR_LIMIT;
        return 0;
    }
    t = calloc(cap, sizeof *t);
    if (!t) {
        c->err = GRUNDY_ERR_NOMEM;
        return 0;
    }
    for (i = 0; i < c->cap; i++)
        if (c->tab[i].k[0] | c->tab[i].k[1] | c->tab[i].k[2] | c->tab[i].k[3])
            *slot_of(t, cap, c->tab[i].k) = c->tab[i];
    free(c->tab);
    c->tab = t;
    c->cap = cap;
    if (cap * sizeof *t > c->st.peak_bytes)
        c->st.peak_bytes = cap * sizeof *t;
    return 1;
}

static unsigned part_value(narrow_ctx *c, const unsigned char *cols,
                           unsigned n);

/* The XOR of the values of the parts of cols[0 .. n) (any columns). */
static unsigned position_value(narrow_ctx *c, const unsigned char *cols,
                               unsigned n)
{
    unsigned char seen[GRUNDY_NARROW_MAX_COLS], part[GRUNDY_NARROW_MAX_COLS];
    unsigned short stack[GRUNDY_NARROW_MAX_COLS * GRUNDY_NARROW_MAX_ROWS];
    unsigned x = 0, col, r;
    memset(seen, 0, n);
    for (col = 0; col < n && c->err == GRUNDY_OK; col++)
        for (r = 0; r < c->rows; r++) {
            unsigned top = 0, lo = col, hi = col, cells = 0;
            if (!(cols[col] >> r & 1u) || (seen[col] >> r & 1u))
                continue;
            memset(part, 0, n);
            seen[col] |= (unsigned char)(1u << r);
            stack[top++] = (unsigned short)(col * 8 + r);
            while (top) {
                unsigned s = stack[--top], sc = s / 8, sr = s % 8, k;
                static const int dc[4] = {-1, 1, 0, 0}, dr[4] = {0, 0, -1, 1};
                part[sc] |= (unsigned char)(1u << sr);
                cells++;
                if (sc < lo)
                    lo = sc;
                if (sc > hi)
                    hi = sc;
                for (k = 0; k < 4; k++) {
                    int nc = (int)sc + dc[k], nr = (int)sr + dr[k];
                    if (nc < 0 || nc >= (int)n || nr < 0 ||
                        nr >= (int)c->rows)
                        continue;
                    if ((cols[nc] >> nr & 1) && !(seen[nc] >> nr & 1)) {
                        seen[nc] |= (unsigned char)(1u << nr);
                        stack[top++] = (unsigned short)(nc * 8 + nr);
                    }
                }
            }
            if (cells > 1) /* a cell alone has no move: value 0 */
                x ^= part_value(c, part + lo, hi - lo + 1);
        }
    return x;
}

static unsigned part_value(narrow_ctx *c, const unsigned char *cols,
                           unsigned n)
{
    uint64_t key[4], seen[NARROW_VALUES / 64];
    unsigned char child[GRUNDY_NARROW_MAX_COLS];
    unsigned i, r, v;
    narrow_entry *e;
    part_key(c, cols, n, key);
    e = slot_of(c->tab, c->cap, key);
    if (e->k[0] | e->k[1] | e->k[2] | e->k[3])
        return e->v;
    memset(seen, 0, sizeof seen);
    memcpy(child, cols, n);
    for (i = 0; i < n && c->err == GRUNDY_OK; i++)
        for (r = 0; r < c->rows && c->err == GRUNDY_OK; r++) {
            unsigned bit = 1u << r;
            if (!(cols[i] & bit))
                continue;
            if (r + 1 < c->rows && (cols[i] & (bit << 1))) { /* vertical */
                child[i] = (unsigned char)(cols[i] & ~(bit | bit << 1));
                v = position_value(c, child, n);
                seen[v / 64] |= 1ull << (v % 64);
                child[i] = cols[i];
                c->st.children++;
            }
            if (i + 1 < n && (cols[i + 1] & bit)) { /* horizontal */
                child[i] = (unsigned char)(cols[i] & ~bit);
                child[i + 1] = (unsigned char)(cols[i + 1] & ~bit);
                v = position_value(c, child, n);
                seen[v / 64] |= 1ull << (v % 64);
                child[i] = cols[i];
                child[i + 1] = cols[i + 1];
                c->st.children++;
            }
        }
    if (c->err != GRUNDY_OK)
        return 0;
    for (v = 0; seen[v / 64] >> (v % 64) & 1; v++)
        ;
    if (4 * (c->n + 1) > 3 * c->cap && !grow(c))
        return 0;
    e = slot_of(c->tab, c->cap, key);
    memcpy(e->k, key, sizeof e->k);
    e->v = v;
    c->n++;
    return v;
}

grundy_status grundy_narrow_cram_value(unsigned *out, unsigned rows,
                                       unsigned cols, const uint64_t *empty,
                                       size_t mem_limit,
                                       grundy_narrow_stats *st)
{
    narrow_ctx c;
    unsigned char board[GRUNDY_NARROW_MAX_COLS];
    unsigned i, h, m, b, v;
    if (!out || !empty || rows < 1 || rows > GRUNDY_NARROW_MAX_ROWS ||
        cols < 1 || cols > GRUNDY_NARROW_MAX_COLS)
        return GRUNDY_ERR_ARG;
    memset(&c, 0, sizeof c);
    c.rows = rows;
    c.mem_limit = mem_limit;
    c.err = GRUNDY_OK;
    for (h = 0; h <= GRUNDY_NARROW_MAX_ROWS; h++)
        for (m = 0; m < (1u << h); m++) {
            unsigned f = 0;
            for (b = 0; b < h; b++)
                if (m >> b & 1u)
                    f |= 1u << (h - 1 - b);
            c.flip[h][m] = (unsigned char)f;
        }
    memset(board, 0, sizeof board);
    for (i = 0; i < rows * cols; i++)
        if (empty[i / 64] >> (i % 64) & 1u)
            board[i % cols] |= (unsigned char)(1u << (i / cols));
    if (!grow(&c))
        return c.err;
    v = position_value(&c, board, cols);
    c.st.parts = c.n;
    if (st)
        *st = c.st;
    free(c.tab);
    if (c.err != GRUNDY_OK)
        return c.err;
    *out = v;
    return GRUNDY_OK;
}
