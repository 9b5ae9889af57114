/*
 * table.c -- dense tables g(0..n-1): storage, width, memory checks, and the
 * generic moves-and-mex method.
 *
 * Values start 8 bits wide and are re-stored 16 (then 32) bits wide the
 * first time one does not fit, so most games (digits, subtraction, octal
 * codes) use one byte per position.  Every allocation is checked against
 * the memory limit first, so a table that cannot fit is refused with an
 * estimate instead of being killed by the kernel.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/progress.h"
#include "table/table_internal.h"

static unsigned worst_width(const grundy_game *g)
{
    const grundy_rules *r = grundy_game_rules(g);
    if (r == &grundy_rules_digits)
        return 1;
    if (r->flags & GRUNDY_RULES_BOARD)
        return 1; /* tier tabulation stores one byte per position */
    if (r == &grundy_rules_subtract &&
        ((const grundy_subtract_params *)grundy_game_params(g))->n < 256)
        return 1;
    if (r == &grundy_rules_nim || r == &grundy_rules_half ||
        r == &grundy_rules_allbut)
        return 4;
    return 2;
}

grundy_status grundy_table_estimate(size_t *bytes, const grundy_game *g,
                                    grundy_pos n)
{
    grundy_pos np = grundy_game_num_positions(g);
    unsigned w = worst_width(g);
    if (np)
        n = np;
    GRUNDY_RETURN_IF(n > SIZE_MAX / w - 4096, GRUNDY_ERR_OVERFLOW);
    *bytes = (size_t)n * w + 4096;
    return GRUNDY_OK;
}

grundy_status grundy_table_reserve(grundy_table *t, grundy_pos n,
                                   const grundy_limits *opts)
{
    void *nd;
    grundy_pos cap;
    if (n <= t->cap)
        return GRUNDY_OK;
    cap = n;
    GRUNDY_RETURN_IF(cap > SIZE_MAX / t->width, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(opts, (size_t)cap * t->width));
    nd = realloc(t->data, (size_t)cap * t->width);
    GRUNDY_RETURN_IF(!nd, GRUNDY_ERR_NOMEM);
    t->data = nd;
    t->cap = cap;
    return GRUNDY_OK;
}

grundy_status grundy_table_widen(grundy_table *t, grundy_value v,
                                 const grundy_limits *opts)
{
    unsigned w = v <= 0xFF ? 1 : v <= 0xFFFF ? 2 : 4;
    void *nd;
    grundy_pos i;
    GRUNDY_RETURN_IF(v > 0xFFFFFFFFu, GRUNDY_ERR_OVERFLOW);
    if (w <= t->width)
        return GRUNDY_OK;
    GRUNDY_RETURN_IF(t->cap > SIZE_MAX / w, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(opts, (size_t)t->cap * (w + t->width)));
    nd = malloc((size_t)(t->cap ? t->cap : 1) * w);
    GRUNDY_RETURN_IF(!nd, GRUNDY_ERR_NOMEM);
    for (i = 0; i < t->size; i++) {
        grundy_value x = grundy_table_get_raw(t->data, t->width, i);
        if (w == 2)
            ((uint16_t *)nd)[i] = (uint16_t)x;
        else
            ((uint32_t *)nd)[i] = (uint32_t)x;
    }
    free(t->data);
    t->data = nd;
    t->width = w;
    return GRUNDY_OK;
}

static grundy_status table_alloc(grundy_table **out, const grundy_game *g)
{
    grundy_table *t = calloc(1, sizeof *t);
    GRUNDY_RETURN_IF(!t, GRUNDY_ERR_NOMEM);
    t->game = g;
    t->width = 1;
    *out = t;
    return GRUNDY_OK;
}

static grundy_status table_fill(grundy_table *t, grundy_pos n,
                                const grundy_limits *opts)
{
    size_t bytes;
    GRUNDY_TRY(grundy_table_estimate(&bytes, t->game, n));
    GRUNDY_TRY(grundy_limits_mem_check(opts, bytes));
    GRUNDY_TRY(grundy_table_reserve(t, n, opts));
    if (t->method == GRUNDY_TABLE_FAST)
        return grundy_table_fill_fast(t, n, opts);
    return grundy_table_fill_naive(t, n, opts);
}

static grundy_status table_new(grundy_table **out, const grundy_game *g,
                               grundy_pos n, const grundy_limits *opts,
                               grundy_table_method method)
{
    grundy_table *t;
    grundy_status s;
    grundy_limits defaults;
    grundy_pos np = grundy_game_num_positions(g);

    *out = NULL;
    if (!opts) {
        grundy_limits_init(&defaults);
        opts = &defaults;
    }
    if (np)
        n = np;
    if (method == GRUNDY_TABLE_AUTO)
        method = grundy_table_has_fast(g) ? GRUNDY_TABLE_FAST
                                          : GRUNDY_TABLE_NAIVE;
    GRUNDY_RETURN_IF(method == GRUNDY_TABLE_FAST && !grundy_table_has_fast(g),
                     GRUNDY_ERR_ARG);
    GRUNDY_TRY(table_alloc(&t, g));
    t->method = method;
    s = table_fill(t, n, opts);
    if (s != GRUNDY_OK) {
        grundy_table_free(t);
        return s;
    }
    *out = t;
    return GRUNDY_OK;
}

grundy_status grundy_table_new(grundy_table **out, const grundy_game *g,
                               grundy_pos n, const grundy_limits *opts)
{
    return table_new(out, g, n, opts, GRUNDY_TABLE_AUTO);
}

grundy_status grundy_table_new_method(grundy_table **out,
                                      const grundy_game *g, grundy_pos n,
                                      grundy_table_method method,
                                      const grundy_limits *opts)
{
    return table_new(out, g, n, opts, method);
}

grundy_status grundy_table_new_naive(grundy_table **out, const grundy_game *g,
                                     grundy_pos n,
                                     const grundy_limits *opts)
{
    return table_new(out, g, n, opts, GRUNDY_TABLE_NAIVE);
}

grundy_status grundy_table_extend(grundy_table *t, grundy_pos n,
                                  const grundy_limits *opts)
{
    grundy_limits defaults;
    if (n <= t->size)
        return GRUNDY_OK;
    GRUNDY_RETURN_IF(grundy_game_num_positions(t->game), GRUNDY_ERR_RANGE);
    if (!opts) {
        grundy_limits_init(&defaults);
        opts = &defaults;
    }
    return table_fill(t, n, opts);
}

void grundy_table_free(grundy_table *t)
{
    if (!t)
        return;
    free(t->data);
    free(t);
}

grundy_pos grundy_table_size(const grundy_table *t)
{
    return t->size;
}

unsigned grundy_table_width(const grundy_table *t)
{
    return t->width;
}

const void *grundy_table_data(const grundy_table *t)
{
    return t->data;
}

grundy_value grundy_table_max(const grundy_table *t, grundy_pos *first_at)
{
    if (first_at)
        *first_at = t->max_at;
    return t->max;
}

const grundy_game *grundy_table_game(const grundy_table *t)
{
    return t->game;
}

grundy_value grundy_table_get(const grundy_table *t, grundy_pos p)
{
    assert(p < t->size);
    return grundy_table_get_raw(t->data, t->width, p);
}

void grundy_table_note_max_u8(grundy_table *t, grundy_pos n)
{
    const uint8_t *g = t->data;
    uint8_t m = 0;
    grundy_pos x;
    assert(t->width == 1);
    for (x = t->size; x < n; x++)
        m = g[x] > m ? g[x] : m;
    if (m > t->max) {
        const uint8_t *at = memchr(g + t->size, m, (size_t)(n - t->size));
        t->max = m;
        t->max_at = (grundy_pos)(at - g);
    }
    t->size = n;
}

void grundy_table_counts(const grundy_table *t, uint64_t *counts)
{
    grundy_pos i;
    memset(counts, 0, (size_t)(t->max + 1) * sizeof *counts);
    if (t->width == 1) {
        const uint8_t *d = t->data;
        for (i = 0; i < t->size; i++)
            counts[d[i]]++;
    } else {
        for (i = 0; i < t->size; i++)
            counts[grundy_table_get(t, i)]++;
    }
}

/* The generic method ********************************************************/

/* The values of the moves from p, by table lookup; parts must be < p (the
 * families' contract), which is checked rather than trusted. */
grundy_status grundy_table_fill_naive(grundy_table *t, grundy_pos n,
                                      const grundy_limits *opts)
{
    const grundy_game *g = t->game;
    grundy_move *mv = NULL;
    size_t mcap = 0, nm, i;
    uint64_t *seen = NULL;
    size_t seen_words = 0;
    grundy_status s = GRUNDY_OK;
    grundy_pos p;

    for (p = t->size; p < n; p++) {
        grundy_value mex;
        size_t words;
        s = grundy_game_moves(g, p, &mv, &mcap, &nm);
        if (s != GRUNDY_OK)
            break;
        /* mex <= nm: only values <= nm matter. */
        words = nm / 64 + 1;
        if (words > seen_words) {
            uint64_t *ns = realloc(seen, words * sizeof *seen);
            if (!ns) {
                s = GRUNDY_ERR_NOMEM;
                break;
            }
            seen = ns;
            seen_words = words;
        }
        memset(seen, 0, words * sizeof *seen);
        for (i = 0; i < nm; i++) {
            grundy_value v = 0;
            unsigned k;
            for (k = 0; k < mv[i].nparts; k++) {
                if (mv[i].part[k] >= p) {
                    s = GRUNDY_ERR_ARG; /* not well-founded in this order */
                    goto done;
                }
                v ^= grundy_table_get(t, mv[i].part[k]);
            }
            if (v <= nm)
                seen[v / 64] |= 1ull << (v % 64);
        }
        for (i = 0; ~seen[i] == 0; i++)
            ;
        mex = (grundy_value)(i * 64 + (size_t)__builtin_ctzll(~seen[i]));
        s = grundy_table_push(t, mex, opts);
        if (s != GRUNDY_OK)
            break;
        if (opts->progress && (p % GRUNDY_PROGRESS_STEP) == 0)
            grundy_progress_report(opts, "table", p, n);
    }
done:
    free(mv);
    free(seen);
    return s;
}
