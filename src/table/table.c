/*
 * table.c -- dense tables g(0..n-1): storage, width, memory checks, the
 * choice of method, and the generic moves-and-mex method.
 *
 * A family is asked, never recognised: its kernel hook, its board flag
 * (tier tabulation through its children and orbit hooks), its closed
 * form and its value bound decide the method and the width, and a family
 * a program registers gets the same treatment as a built-in one.
 *
 * Values are stored at the width the method writes: a kernel's declared
 * width, one byte for board tiers, the width of the family's value bound,
 * or one byte re-stored 16 (then 32) bits wide the first time a value
 * does not fit.  Every allocation is checked against the memory limit
 * first, so a table that cannot fit is refused with an estimate instead of
 * being killed by the operating system.
 */
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "rules/rules_internal.h"
#include "table/table_internal.h"

/* Methods ******************************************************************/

const grundy_kernel *grundy_table_kernel(const grundy_game *g)
{
    const grundy_rules *r = grundy_game_rules(g);
    const grundy_kernel *k = r->kernel;
    if (k && k->fill && (!k->applies || k->applies(grundy_game_params(g))))
        return k;
    /* moves that reach an interval: the range-mex kernel */
    if (r->interval && (r->flags & GRUNDY_RULES_HEAP))
        return &grundy_kernel_interval;
    return NULL;
}

static int tiers_apply(const grundy_game *g)
{
    grundy_pos np = grundy_game_num_positions(g);
    return (grundy_game_rules(g)->flags & GRUNDY_RULES_BOARD) && np &&
           np <= GRUNDY_TIERS_MAX_POSITIONS;
}

grundy_fill_method grundy_table_auto_method(const grundy_game *g)
{
    if (grundy_table_kernel(g))
        return GRUNDY_FILL_KERNEL;
    if (tiers_apply(g))
        return GRUNDY_FILL_TIERS;
    if (grundy_game_rules(g)->value)
        return GRUNDY_FILL_CLOSED;
    return GRUNDY_FILL_NAIVE;
}

static unsigned width_of(grundy_value v)
{
    return v <= 0xFF ? 1 : v <= 0xFFFF ? 2 : 4;
}

/* The width a fill by m starts at. */
static unsigned start_width(const grundy_game *g, grundy_fill_method m,
                            grundy_pos n)
{
    const grundy_rules *r = grundy_game_rules(g);
    const void *params = grundy_game_params(g);
    if (m == GRUNDY_FILL_KERNEL) {
        const grundy_kernel *k = grundy_table_kernel(g);
        if (k->width)
            return k->width(params);
        /* a kernel without a width writes the width of the bound */
        return r->value_bound ? width_of(r->value_bound(params, n)) : 1;
    }
    if (m == GRUNDY_FILL_TIERS)
        return 1;
    if (r->value_bound)
        return width_of(r->value_bound(params, n));
    return 1;
}

unsigned grundy_table_kernel_width(const grundy_game *g)
{
    const grundy_kernel *k = grundy_table_kernel(g);
    return k && k->width ? k->width(grundy_game_params(g)) : 0;
}

/* Entries of a table grown in its file counted as resident: the start
 * and the window its kernel keeps (sparse.c). */
#define IN_PLACE_RESIDENT ((grundy_pos)1 << 27)

/* Bytes a fill by m to n entries needs at most. */
static grundy_status estimate(size_t *bytes, const grundy_game *g,
                              grundy_fill_method m, grundy_pos n)
{
    const grundy_rules *r = grundy_game_rules(g);
    unsigned w = start_width(g, m, n);
    size_t work = 0;
    /* the generic method widens: without a bound, count two bytes */
    if (m != GRUNDY_FILL_KERNEL && m != GRUNDY_FILL_TIERS &&
        !r->value_bound && w < 2)
        w = 2;
    if (m == GRUNDY_FILL_KERNEL) {
        const grundy_kernel *k = grundy_table_kernel(g);
        if (k->work_bytes)
            work = k->work_bytes(grundy_game_params(g), n);
    }
    GRUNDY_RETURN_IF(n > (SIZE_MAX - 4096 - work) / w, GRUNDY_ERR_OVERFLOW);
    *bytes = (size_t)n * w + work + 4096;
    return GRUNDY_OK;
}

grundy_status grundy_table_estimate(size_t *bytes, const grundy_game *g,
                                    grundy_pos n)
{
    grundy_pos np = grundy_game_num_positions(g);
    return estimate(bytes, g, grundy_table_auto_method(g), np ? np : n);
}

/* A pass over a table longer than memory lets go of each chunk it read. */
#define PASS_CHUNK ((grundy_pos)1 << 24)

/* Storage ******************************************************************/

grundy_status grundy_table_alloc(grundy_table **out, const grundy_game *g,
                                 unsigned width)
{
    grundy_table *t = calloc(1, sizeof *t);
    GRUNDY_RETURN_IF(!t, GRUNDY_ERR_NOMEM);
    t->game = g;
    t->width = width;
    *out = t;
    return GRUNDY_OK;
}

static void release_data(grundy_table *t)
{
    if (t->release)
        t->release(t->release_ctx);
    else
        free(t->data);
    t->release = NULL;
    t->release_ctx = NULL;
    t->data = NULL;
}

grundy_status grundy_table_reserve(grundy_table *t, grundy_pos n,
                                   const grundy_limits *lim)
{
    void *nd;
    if (n <= t->cap && (!t->release || t->in_place))
        return GRUNDY_OK;
    GRUNDY_RETURN_IF(t->in_place, GRUNDY_ERR_LIMIT);
    if (n < t->size)
        n = t->size;
    GRUNDY_RETURN_IF(n > SIZE_MAX / t->width, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(grundy_limits_mem_check(lim, (size_t)n * t->width));
    if (t->release) {
        /* a mapped file: copy what it holds into memory of our own */
        nd = malloc((size_t)(n ? n : 1) * t->width);
        GRUNDY_RETURN_IF(!nd, GRUNDY_ERR_NOMEM);
        if (t->size)
            memcpy(nd, t->data, (size_t)t->size * t->width);
        release_data(t);
    } else {
        nd = realloc(t->data, (size_t)(n ? n : 1) * t->width);
        GRUNDY_RETURN_IF(!nd, GRUNDY_ERR_NOMEM);
    }
    t->data = nd;
    t->cap = n;
    return GRUNDY_OK;
}

grundy_status grundy_table_widen(grundy_table *t, grundy_value v,
                                 const grundy_limits *lim)
{
    unsigned w = width_of(v);
    void *nd;
    grundy_pos i;
    GRUNDY_RETURN_IF(v > 0xFFFFFFFFu, GRUNDY_ERR_OVERFLOW);
    if (w <= t->width)
        return GRUNDY_OK;
    GRUNDY_RETURN_IF(t->in_place, GRUNDY_ERR_OVERFLOW);
    GRUNDY_RETURN_IF(t->cap > SIZE_MAX / w, GRUNDY_ERR_LIMIT);
    GRUNDY_TRY(
        grundy_limits_mem_check(lim, (size_t)t->cap * (w + t->width)));
    nd = malloc((size_t)(t->cap ? t->cap : 1) * w);
    GRUNDY_RETURN_IF(!nd, GRUNDY_ERR_NOMEM);
    for (i = 0; i < t->size; i++) {
        grundy_value x = grundy_table_get_raw(t->data, t->width, i);
        if (w == 2)
            ((uint16_t *)nd)[i] = (uint16_t)x;
        else
            ((uint32_t *)nd)[i] = (uint32_t)x;
    }
    release_data(t);
    t->data = nd;
    t->width = w;
    return GRUNDY_OK;
}

void grundy_table_note(grundy_table *t, grundy_pos n)
{
    grundy_pos x, at = 0;
    grundy_value m = 0;
    if (t->width == 1) {
        const uint8_t *g = t->data;
        uint8_t m8 = 0;
        for (x = t->size; x < n; x++)
            m8 = g[x] > m8 ? g[x] : m8;
        if (n > t->size) {
            const uint8_t *p = memchr(g + t->size, m8, (size_t)(n - t->size));
            at = (grundy_pos)(p - g);
        }
        m = m8;
    } else {
        for (x = t->size; x < n; x++) {
            grundy_value v = grundy_table_get_raw(t->data, t->width, x);
            if (v > m || x == t->size) {
                m = v;
                at = x;
            }
        }
    }
    if (n > t->size && (m > t->max || t->size == 0)) {
        t->max = m;
        t->max_at = at;
    }
    if (n > t->size)
        t->size = n;
}

grundy_status grundy_table_new_raw(grundy_table **out, void **data,
                                   const grundy_game *g, unsigned width,
                                   grundy_pos n, const grundy_limits *lim)
{
    grundy_table *t;
    grundy_status s;
    *out = NULL;
    *data = NULL;
    GRUNDY_RETURN_IF(width != 1 && width != 2 && width != 4, GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_table_alloc(&t, g, width));
    s = grundy_table_reserve(t, n, lim);
    if (s != GRUNDY_OK) {
        grundy_table_free(t);
        return s;
    }
    *out = t;
    *data = t->data;
    return GRUNDY_OK;
}

void grundy_table_commit(grundy_table *t, grundy_pos n)
{
    assert(n <= t->cap);
    grundy_table_note(t, n);
}

static void no_release(void *ctx)
{
    (void)ctx;
}

grundy_status grundy_table_wrap(grundy_table **out, const grundy_game *g,
                                const void *data, unsigned width,
                                grundy_pos size, grundy_value max,
                                grundy_pos max_at, void (*release)(void *ctx),
                                void *ctx)
{
    grundy_table *t;
    *out = NULL;
    GRUNDY_RETURN_IF(width != 1 && width != 2 && width != 4, GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_table_alloc(&t, g, width));
    t->data = (void *)(uintptr_t)data;
    t->size = t->cap = size;
    t->max = max;
    t->max_at = max_at;
    t->release = release ? release : no_release;
    t->release_ctx = ctx;
    *out = t;
    return GRUNDY_OK;
}

grundy_status grundy_table_wrap_in_place(
    grundy_table **out, const grundy_game *g, void *data, unsigned width,
    grundy_pos size, grundy_pos cap, grundy_value max, grundy_pos max_at,
    void (*release)(void *ctx),
    void (*drop)(void *ctx, grundy_pos lo, grundy_pos hi), void *ctx)
{
    grundy_table *t;
    GRUNDY_RETURN_IF(size > cap, GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_table_wrap(&t, g, data, width, size, max, max_at,
                                 release, ctx));
    t->cap = cap;
    t->in_place = 1;
    t->drop = drop;
    *out = t;
    return GRUNDY_OK;
}

grundy_status grundy_table_prefix(grundy_table **out, const grundy_table *t,
                                  grundy_pos n)
{
    grundy_table *p;
    *out = NULL;
    GRUNDY_RETURN_IF(n > t->size, GRUNDY_ERR_RANGE);
    GRUNDY_TRY(grundy_table_wrap(&p, t->game, t->data, t->width, 0, 0, 0,
                                 NULL, NULL));
    p->cap = n;
    p->drop = t->drop;
    p->release_ctx = t->release_ctx;
    grundy_table_note(p, n);
    *out = p;
    return GRUNDY_OK;
}

void grundy_table_release(const grundy_table *t, grundy_pos lo,
                          grundy_pos hi)
{
    if (t->drop && lo < hi)
        t->drop(t->release_ctx, lo, hi);
}


/* Methods ******************************************************************/

/* The values of the moves from p, by table lookup; parts must be < p (the
 * families' contract), which is checked rather than trusted. */
grundy_status grundy_table_fill_naive(grundy_fill *f)
{
    grundy_table *t = f->t;
    const grundy_game *g = t->game;
    grundy_move *mv = NULL;
    size_t mcap = 0, nm, i;
    uint64_t *seen = NULL;
    size_t seen_words = 0;
    grundy_status s = GRUNDY_OK;
    grundy_pos p;

    for (p = t->size; p < f->n; p++) {
        grundy_value mex;
        size_t words;
        s = grundy_game_moves(g, p, &mv, &mcap, &nm);
        if (s != GRUNDY_OK)
            break;
        /* mex <= nm: only values <= nm matter. */
        words = nm / 64 + 1;
        s = GRUNDY_GROW(seen, seen_words, words);
        if (s != GRUNDY_OK)
            break;
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
        s = grundy_table_push(t, mex, f->limits);
        if (s == GRUNDY_OK)
            s = grundy_fill_tick(f, p + 1);
        if (s != GRUNDY_OK)
            break;
    }
done:
    free(mv);
    free(seen);
    return s;
}

/* The closed form, and the mex of the moves where it declines. */
static grundy_status fill_closed(grundy_fill *f)
{
    grundy_table *t = f->t;
    const grundy_rules *r = grundy_game_rules(t->game);
    const void *params = grundy_game_params(t->game);
    grundy_status s = GRUNDY_OK;
    while (t->size < f->n && s == GRUNDY_OK) {
        grundy_value v = 0;
        if (r->value(params, t->size, &v)) {
            s = grundy_table_push(t, v, f->limits);
        } else {
            grundy_pos n = f->n;
            f->n = t->size + 1;
            s = grundy_table_fill_naive(f);
            f->n = n;
        }
        if (s == GRUNDY_OK)
            s = grundy_fill_tick(f, t->size);
    }
    return s;
}

static grundy_status fill_kernel(grundy_fill *f)
{
    grundy_table *t = f->t;
    const grundy_kernel *k = grundy_table_kernel(t->game);
    grundy_status s;
    assert(k);
    s = k->fill(grundy_game_params(t->game), t->data, t->size, f->n, f);
    /* What the kernel finished stays, also when it stopped early. */
    grundy_table_note(t, s == GRUNDY_OK ? f->n : f->done);
    return s;
}

/* Moves per position from which the generic method says that it is
 * quadratic. */
#define QUADRATIC_FROM 4096

static uint64_t mul_sat(uint64_t a, uint64_t b)
{
    return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

uint64_t grundy_table_work(const grundy_game *g, grundy_fill_method m,
                           grundy_pos from, grundy_pos n)
{
    const grundy_rules *r = grundy_game_rules(g);
    uint64_t per = 1;
    if (n <= from)
        return 0;
    if (m == GRUNDY_FILL_NAIVE || m == GRUNDY_FILL_TIERS ||
        m == GRUNDY_FILL_KERNEL) {
        per = r->max_moves(grundy_game_params(g), n - 1);
        /* A kernel does a bounded amount per position while a position
         * has at most linearly many moves (subtraction, digits, two-heap
         * splits through rare values); moves that leave three heaps
         * grow quadratically and are listed. */
        if (per == 0 || (m == GRUNDY_FILL_KERNEL && per <= n))
            per = 1;
    }
    return mul_sat(n - from, per);
}

uint64_t grundy_table_window_work(const grundy_game *g, grundy_pos p)
{
    const grundy_rules *r = grundy_game_rules(g);
    uint64_t per = r->max_moves(grundy_game_params(g), p);
    return mul_sat(p == UINT64_MAX ? p : p + 1, per ? per : 1);
}

grundy_status grundy_table_grow(grundy_table *t, grundy_pos n,
                                grundy_fill_method m, const grundy_limits *lim,
                                const grundy_fill_hook *hook)
{
    grundy_fill f;
    grundy_status s;
    size_t bytes;
    if (n <= t->size)
        return GRUNDY_OK;
    /* a table in its file: what the kernel keeps resident */
    GRUNDY_TRY(estimate(&bytes, t->game, m,
                        t->in_place && n > IN_PLACE_RESIDENT
                            ? IN_PLACE_RESIDENT
                            : n));
    GRUNDY_TRY(grundy_limits_mem_check(lim, bytes));
    GRUNDY_TRY(grundy_limits_work_check(
        lim, grundy_table_work(t->game, m, t->size, n)));
    if (t->size == 0 && t->width != start_width(t->game, m, n)) {
        release_data(t);
        t->cap = 0;
        t->width = start_width(t->game, m, n);
    } else if (m == GRUNDY_FILL_KERNEL &&
               t->width < start_width(t->game, m, n)) {
        GRUNDY_TRY(grundy_table_widen(
            t, ((grundy_value)1 << (8 * (t->width))), lim));
    }
    GRUNDY_RETURN_IF(m == GRUNDY_FILL_KERNEL &&
                         t->width != start_width(t->game, m, n),
                     GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_table_reserve(t, n, lim));
    grundy_fill_init(&f, t, n, lim, hook);
    if (m == GRUNDY_FILL_NAIVE &&
        grundy_table_work(t->game, m, n - 1, n) > QUADRATIC_FROM)
        f.ticker.phase = "table (quadratic: moves grow with the heap)";
    switch (m) {
    case GRUNDY_FILL_KERNEL:
        s = fill_kernel(&f);
        break;
    case GRUNDY_FILL_TIERS:
        GRUNDY_RETURN_IF(t->size != 0, GRUNDY_ERR_ARG);
        s = grundy_table_fill_tiers(&f);
        break;
    case GRUNDY_FILL_CLOSED:
        s = fill_closed(&f);
        break;
    default:
        s = grundy_table_fill_naive(&f);
        break;
    }
    if (s == GRUNDY_OK) {
        f.ticker.done = n; /* the last report: every position */
        s = grundy_ticker_done(&f.ticker);
    }
    if (s == GRUNDY_ERR_CANCELLED && hook && hook->checkpoint &&
        t->size > f.from)
        hook->checkpoint(hook->ctx, t, t->size);
    return s;
}

/* Sliding windows **********************************************************/

/* Entries a window computes between two slides. */
#define WINDOW_CHUNK ((grundy_pos)1 << 22)

grundy_status grundy_table_window_value(grundy_value *out,
                                        const grundy_game *g, grundy_pos p,
                                        const grundy_limits *lim)
{
    const grundy_kernel *k = grundy_table_kernel(g);
    const void *params = grundy_game_params(g);
    grundy_pos look, cap, n;
    unsigned w;
    uint8_t *buf;
    grundy_fill f;
    grundy_status s;

    GRUNDY_RETURN_IF(!k || !k->lookback || p == UINT64_MAX, GRUNDY_ERR_ARG);
    look = k->lookback(params);
    GRUNDY_RETURN_IF(look == 0 || look > WINDOW_CHUNK, GRUNDY_ERR_ARG);
    GRUNDY_TRY(grundy_limits_work_check(lim, p + 1));
    w = k->width ? k->width(params) : 1;
    cap = look + WINDOW_CHUNK;
    if (cap > p + 1)
        cap = p + 1;
    GRUNDY_TRY(grundy_limits_mem_check(lim, (size_t)cap * w));
    buf = malloc((size_t)cap * w);
    GRUNDY_RETURN_IF(!buf, GRUNDY_ERR_NOMEM);
    memset(&f, 0, sizeof f);
    f.limits = lim;
    grundy_ticker_init(&f.ticker, lim, "window", p + 1);
    n = cap;
    s = k->fill(params, buf, 0, n, &f);
    while (s == GRUNDY_OK && n <= p) {
        /* keep the last `look` values, g(n - look .. n - 1) */
        memmove(buf, buf + (size_t)(n - look - f.offset) * w,
                (size_t)look * w);
        f.offset = n - look;
        f.from = n;
        n = p + 1 - f.offset < cap ? p + 1 : f.offset + cap;
        f.n = n;
        s = k->fill(params, buf, f.from, n, &f);
    }
    if (s == GRUNDY_OK) {
        *out = grundy_table_get_raw(buf, w, p - f.offset);
        f.ticker.done = p + 1; /* the last report: every position */
        s = grundy_ticker_done(&f.ticker);
    }
    free(buf);
    return s;
}

/* Public entry points ******************************************************/

static grundy_status resolve(grundy_fill_method *m, const grundy_game *g,
                             grundy_table_method method)
{
    *m = grundy_table_auto_method(g);
    if (method == GRUNDY_TABLE_NAIVE)
        *m = GRUNDY_FILL_NAIVE;
    GRUNDY_RETURN_IF(method == GRUNDY_TABLE_FAST && *m == GRUNDY_FILL_NAIVE,
                     GRUNDY_ERR_ARG);
    return GRUNDY_OK;
}

static grundy_status table_new(grundy_table **out, const grundy_game *g,
                               grundy_pos n, const grundy_limits *lim,
                               grundy_table_method method)
{
    grundy_table *t;
    grundy_status s;
    grundy_fill_method m;
    grundy_pos np = grundy_game_num_positions(g);

    *out = NULL;
    if (np)
        n = np;
    GRUNDY_TRY(resolve(&m, g, method));
    GRUNDY_TRY(grundy_table_alloc(&t, g, start_width(g, m, n)));
    s = grundy_table_grow(t, n, m, lim, NULL);
    if (s == GRUNDY_ERR_OVERFLOW && m == GRUNDY_FILL_TIERS &&
        method == GRUNDY_TABLE_AUTO) {
        /* a board whose values pass one byte: the generic method widens */
        grundy_table_free(t);
        GRUNDY_TRY(grundy_table_alloc(&t, g, 1));
        s = grundy_table_grow(t, n, GRUNDY_FILL_NAIVE, lim, NULL);
    }
    if (s != GRUNDY_OK) {
        grundy_table_free(t);
        return s;
    }
    *out = t;
    return GRUNDY_OK;
}

grundy_status grundy_table_new(grundy_table **out, const grundy_game *g,
                               grundy_pos n, const grundy_limits *lim)
{
    return table_new(out, g, n, lim, GRUNDY_TABLE_AUTO);
}

grundy_status grundy_table_new_method(grundy_table **out,
                                      const grundy_game *g, grundy_pos n,
                                      grundy_table_method method,
                                      const grundy_limits *lim)
{
    return table_new(out, g, n, lim, method);
}

grundy_status grundy_table_new_naive(grundy_table **out, const grundy_game *g,
                                     grundy_pos n, const grundy_limits *lim)
{
    return table_new(out, g, n, lim, GRUNDY_TABLE_NAIVE);
}

grundy_status grundy_table_extend(grundy_table *t, grundy_pos n,
                                  const grundy_limits *lim)
{
    if (n <= t->size)
        return GRUNDY_OK;
    GRUNDY_RETURN_IF(grundy_game_num_positions(t->game), GRUNDY_ERR_RANGE);
    return grundy_table_grow(t, n, grundy_table_auto_method(t->game), lim,
                             NULL);
}

void grundy_table_free(grundy_table *t)
{
    if (!t)
        return;
    release_data(t);
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

void grundy_table_counts(const grundy_table *t, uint64_t *counts)
{
    grundy_pos i;
    memset(counts, 0, (size_t)(t->max + 1) * sizeof *counts);
    if (t->width == 1) {
        const uint8_t *d = t->data;
        for (i = 0; i < t->size; i++)
            counts[d[i]]++;
    } else {
        for (i = 0; i < t->size; i++) {
            counts[grundy_table_get(t, i)]++;
            if ((i & (PASS_CHUNK - 1)) == PASS_CHUNK - 1)
                grundy_table_release(t, i + 1 - PASS_CHUNK, i + 1);
        }
    }
}
