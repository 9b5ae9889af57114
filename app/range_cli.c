/*
 * range_cli.c -- positions in, range answers out (see range_cli.h).
 *
 * Values come from the game's grundy_values object: the n starting
 * positions are read first and the object is prepared once for the
 * largest of them (one table for a heap game); an update beyond it is
 * prepared again, which grows the table by at least half, so a stream of
 * growing updates costs amortised linear time.  A family that cannot be
 * tabulated (or a board too large for memory) gets its values one by one.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "range_cli.h"

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH_BYTE(p) __builtin_prefetch(p)
#else
#define PREFETCH_BYTE(p) ((void)(p))
#endif

typedef struct session {
    const range_cli_cfg *cfg;
    const grundy_game *g;
    grundy_values *v;
    grundy_scanner sc;
    grundy_writer w;
    grundy_range *r;
    grundy_pos *pos;   /* the positions, kept for winning moves */
    uint64_t *places;  /* where each was read, while values are assigned */
    grundy_parse_error where;
    unsigned long gen;       /* buffer refills so far */
    unsigned long ahead_gen; /* the refill ahead_pos belongs to */
    size_t ahead_pos;        /* where the look-ahead stopped */
    unsigned ahead_count;    /* queries announced beyond the current one */
    uint64_t test, query;    /* the current test and query, from 1 */
    int sure; /* no update can fail: its place need not be known */
    const uint8_t *tab8; /* a finite family's whole table of bytes */
    grundy_pos tab8_n;
} session;

static int fail(session *s, grundy_status st)
{
    (void)grundy_writer_flush(&s->w);
    return cli_input_error(st, &s->where);
}

/* What query type t asks. */
static unsigned op_of(const range_cli_cfg *cfg, uint64_t t)
{
    return cfg->ops[1] ? cfg->ops[t] : (unsigned)t;
}

static int has_op(const range_cli_cfg *cfg, unsigned op)
{
    uint64_t t;
    for (t = 1; t <= cfg->max_type; t++)
        if (op_of(cfg, t) == op)
            return 1;
    return 0;
}

/* The value of p: the object is prepared for p first (a table grown to
 * cover it, when a table is the source). */
static grundy_status value_of(session *s, grundy_pos p, grundy_value *v)
{
    const grundy_table *t;
    if (p < s->tab8_n) { /* the hot path of a board workload */
        *v = s->tab8[p];
        return GRUNDY_OK;
    }
    t = grundy_values_cached(s->v);
    if (t && p < grundy_table_size(t)) {
        *v = grundy_table_get(t, p);
        return GRUNDY_OK;
    }
    GRUNDY_TRY(grundy_values_prepare(s->v, p));
    return grundy_values_get(v, s->v, p);
}

/* Read one position; s->where is its place on error. */
static grundy_status read_pos(session *s, grundy_pos *p)
{
    const char *tok;
    size_t len;
    unsigned long line, col;
    grundy_status st;
    if (s->cfg->read_pos)
        return s->cfg->read_pos(&s->sc, p, &s->where);
    if (!grundy_game_rules(s->g)->pos_parse)
        return grundy_scan_u64(&s->sc, p, 0, s->cfg->pos_max, &s->where);
    GRUNDY_TRY(grundy_scan_token(&s->sc, &tok, &len, &s->where));
    line = s->where.line;
    col = s->where.col;
    st = grundy_game_pos_parse(s->g, tok, len, p, &s->where);
    if (st == GRUNDY_OK && *p > s->cfg->pos_max) {
        grundy_parse_error_set(&s->where, 1, 1, "position out of range");
        st = GRUNDY_ERR_RANGE;
    }
    if (st != GRUNDY_OK) {
        s->where.col = col + (s->where.col ? s->where.col - 1 : 0);
        s->where.line = line;
    }
    return st;
}

/* The value of position p, tabulating as needed; on error s->where is set
 * to (line, col) with a message. */
static grundy_status pos_value(session *s, grundy_pos p, grundy_value *v,
                               unsigned long line, unsigned long col)
{
    grundy_status st = value_of(s, p, v);
    cli_progress_done();
    if (st != GRUNDY_OK) {
        grundy_parse_error_set(&s->where, line, col,
                               "cannot compute the value of position %llu: "
                               "%s",
                               (unsigned long long)p, grundy_strerror(st));
        return st;
    }
    if (*v > GRUNDY_RANGE_VALUE_MAX) {
        grundy_parse_error_set(&s->where, line, col,
                               "the value %llu of this position exceeds %u",
                               (unsigned long long)*v,
                               GRUNDY_RANGE_VALUE_MAX);
        return GRUNDY_ERR_RANGE;
    }
    return GRUNDY_OK;
}

static void write_pos(session *s, grundy_pos p)
{
    char buf[512];
    size_t n = grundy_game_pos_format(s->g, p, buf, sizeof buf);
    grundy_writer_bytes(&s->w, buf, n < sizeof buf ? n : sizeof buf - 1);
}

/* --json: the start of an answer's line, {"test"?, "query", "type", "L",
 * "R" (doc/JSON.md); the caller adds its keys and the end. */
static void json_head(session *s, uint64_t type, uint64_t a, uint64_t b)
{
    grundy_writer_char(&s->w, '{');
    if (s->cfg->tests) {
        grundy_writer_str(&s->w, "\"test\": ");
        grundy_writer_u64(&s->w, s->test);
        grundy_writer_str(&s->w, ", ");
    }
    grundy_writer_str(&s->w, "\"query\": ");
    grundy_writer_u64(&s->w, s->query);
    cli_json_u64(&s->w, "type", type);
    cli_json_u64(&s->w, "L", a);
    cli_json_u64(&s->w, "R", b);
}

/* Write "i POS" for a move of component i to a position of value to (or
 * with --json "move": {"component", "from", "to"}). */
static grundy_status write_move(session *s, size_t i, grundy_value to)
{
    grundy_move m;
    int found;
    unsigned j;
    GRUNDY_TRY(grundy_values_move_to(&m, &found, s->v, s->pos[i], to));
    /* By the mex rule a move to every smaller value exists. */
    GRUNDY_RETURN_IF(!found, GRUNDY_ERR_ARG);
    if (s->cfg->json) {
        grundy_writer_str(&s->w, ", \"move\": {\"component\": ");
        grundy_writer_u64(&s->w, (uint64_t)i + 1);
        grundy_writer_str(&s->w, ", \"from\": ");
        cli_json_pos(&s->w, s->g, s->pos[i]);
        grundy_writer_str(&s->w, ", \"to\": ");
        cli_json_parts(&s->w, s->g, &m);
        grundy_writer_str(&s->w, "}}\n");
        return GRUNDY_OK;
    }
    grundy_writer_u64(&s->w, (uint64_t)i + 1);
    grundy_writer_char(&s->w, ' ');
    if (m.nparts == 0)
        grundy_writer_char(&s->w, '-');
    for (j = 0; j < m.nparts; j++) {
        if (j)
            grundy_writer_char(&s->w, '+');
        write_pos(s, m.part[j]);
    }
    grundy_writer_char(&s->w, '\n');
    return GRUNDY_OK;
}

/* Where a position was read: line << 24 | column (columns past 2^24 - 1
 * are cut there). */
static uint64_t place_pack(unsigned long line, unsigned long col)
{
    return (uint64_t)line << 24 | (col < 0xFFFFFF ? col : 0xFFFFFF);
}

/* The values of positions first .. first + c - 1 (in pos[], read at
 * places[]) to the range engine; a position whose value cannot be had is
 * named at its place. */
static grundy_status assign(session *s, uint64_t first, const grundy_pos *pos,
                            size_t c, const uint64_t *places)
{
    grundy_value vals[4096];
    size_t k;
    assert(c <= sizeof vals / sizeof vals[0]);
    for (k = 0; k < c; k++) {
        unsigned long line = (unsigned long)(places[k] >> 24);
        unsigned long col = (unsigned long)(places[k] & 0xFFFFFF);
        grundy_status st = pos_value(s, pos[k], &vals[k], line, col);
        if (st != GRUNDY_OK) {
            char msg[sizeof s->where.msg];
            memcpy(msg, s->where.msg, sizeof msg);
            grundy_parse_error_set(&s->where, line, col,
                                   "component %llu: %.100s",
                                   (unsigned long long)(first + k + 1), msg);
            return st;
        }
    }
    return grundy_range_assign(s->r, (size_t)first, vals, c);
}

/* n components over the memory limit: refused at the place of n. */
static int too_many(session *s, uint64_t n, uint64_t n_place)
{
    grundy_parse_error_set(&s->where, (unsigned long)(n_place >> 24),
                           (unsigned long)(n_place & 0xFFFFFF),
                           "%llu components need more memory than the "
                           "limit (--mem-limit, or the machine's memory)",
                           (unsigned long long)n);
    return fail(s, GRUNDY_ERR_LIMIT);
}

static int is_blank(unsigned char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' ||
           c == '\f';
}

/* The fast path of a workload whose values are a finite family's bytes
 * held by the XOR layout (s->sure), with no JSON: the queries that lie
 * whole in the scanner's buffer, in their usual form (numbers of at most
 * 18 digits, each followed by one more byte of whitespace in the buffer;
 * a position as the workload's pos_fast() reads it), are parsed into a
 * batch with no call per token, the cells they touch are prefetched, and
 * then they are answered in order.  The first query of any other form,
 * or out of range, or cut by the end of the buffer, ends the batch
 * unread: the token path below reads it, with its errors and places. */
#define BATCH 64

typedef struct fast_query {
    size_t a, b;  /* 0-based; b == SIZE_MAX: set a to value v */
    unsigned v;
} fast_query;

/* A number at p[0..end) after whitespace: its end, or NULL. */
static const unsigned char *fast_num(const unsigned char *p,
                                     const unsigned char *end, uint64_t *out)
{
    const unsigned char *d;
    uint64_t x = 0;
    while (p < end && is_blank(*p))
        p++;
    for (d = p; p < end && (unsigned)(*p - '0') < 10u; p++)
        x = x * 10 + (uint64_t)(*p - '0');
    if (p == d || p - d > 18 || p == end || !is_blank(*p))
        return NULL;
    *out = x;
    return p;
}

static int fast_ok(const session *s)
{
    const range_cli_cfg *c = s->cfg;
    return s->sure && s->tab8 && !c->json &&
           (c->read_pos ? c->pos_fast != NULL
                        : !grundy_game_rules(s->g)->pos_parse);
}

/* A position at p[0..end) after whitespace, and its value: the end, or
 * NULL. */
static const unsigned char *fast_value(const session *s,
                                       const unsigned char *p,
                                       const unsigned char *end,
                                       unsigned *v)
{
    grundy_pos pos;
    if (s->cfg->read_pos) {
        size_t k;
        while (p < end && is_blank(*p))
            p++;
        k = s->cfg->pos_fast(p, (size_t)(end - p), &pos);
        if (!k)
            return NULL;
        p += k;
    } else if (!(p = fast_num(p, end, &pos)) || pos > s->cfg->pos_max) {
        return NULL;
    }
    if (pos >= s->tab8_n)
        return NULL;
    *v = s->tab8[pos];
    return p;
}

/* The values of up to max positions that lie whole in the scanner's
 * buffer in their usual form, into vals (read past them): @return how
 * many. */
static size_t fast_values(session *s, grundy_value *vals, size_t max)
{
    const char *q0;
    size_t avail = grundy_scan_peek(&s->sc, &q0), c = 0;
    const unsigned char *p = (const unsigned char *)q0, *end = p + avail,
                        *at = p;
    unsigned v;
    while (c < max && (p = fast_value(s, p, end, &v)) != NULL) {
        vals[c++] = v;
        at = p;
    }
    grundy_scan_skip(&s->sc, (size_t)(at - (const unsigned char *)q0));
    return c;
}

/* Parse a batch (at most max queries) at the scanner's place; @return
 * how many, with *used the bytes they take. */
static size_t fast_parse(session *s, size_t n, uint64_t max, fast_query *fq,
                         size_t *used)
{
    const char *q0;
    size_t avail = grundy_scan_peek(&s->sc, &q0), c = 0;
    const unsigned char *p = (const unsigned char *)q0, *end = p + avail,
                        *at = p;
    const range_cli_cfg *cfg = s->cfg;
    while (c < max && c < BATCH) {
        uint64_t t, a, b;
        unsigned op;
        if (!(p = fast_num(p, end, &t)) || t < 1 || t > cfg->max_type ||
            !(p = fast_num(p, end, &a)) || a < 1 || a > n)
            break;
        op = op_of(cfg, t);
        if (op == RANGE_OP_SET) {
            unsigned v;
            if (!(p = fast_value(s, p, end, &v)))
                break;
            fq[c].a = (size_t)a - 1;
            fq[c].b = SIZE_MAX;
            fq[c].v = v;
        } else if (op == RANGE_OP_WINNER) {
            if (!(p = fast_num(p, end, &b)) || b < a || b > n)
                break;
            fq[c].a = (size_t)a - 1;
            fq[c].b = (size_t)b - 1;
        } else {
            break;
        }
        at = p;
        c++;
    }
    *used = (size_t)(at - (const unsigned char *)q0);
    return c;
}

static void put_word(grundy_writer *w, const char *t, size_t len)
{
    if (w->len + len <= w->cap) {
        memcpy(w->buf + w->len, t, len);
        w->len += len;
    } else {
        grundy_writer_bytes(w, t, len);
    }
}

/* Up to max queries by the fast path: @return how many were answered. */
static uint64_t fast_batch(session *s, size_t n, uint64_t max)
{
    fast_query fq[BATCH];
    char word[2][32];
    size_t wl[2], c, k, used;
    uint64_t done = 0;
    int words = s->cfg->winner_words[0] != NULL;
    if (words)
        for (k = 0; k < 2; k++) {
            wl[k] = strlen(s->cfg->winner_words[k]);
            if (wl[k] + 1 > sizeof word[k])
                return 0;
            memcpy(word[k], s->cfg->winner_words[k], wl[k]);
            word[k][wl[k]++] = '\n';
        }
    while (done < max && (c = fast_parse(s, n, max - done, fq, &used)) > 0) {
        grundy_scan_skip(&s->sc, used);
        for (k = 0; k < c; k++)
            grundy_range_prefetch(s->r, fq[k].a,
                                  fq[k].b == SIZE_MAX ? fq[k].a : fq[k].b);
        for (k = 0; k < c; k++) {
            if (fq[k].b == SIZE_MAX) {
                /* cannot fail: a byte, at an index in range */
                grundy_status st = grundy_range_set(s->r, fq[k].a, fq[k].v);
                assert(st == GRUNDY_OK);
                (void)st;
            } else if (words) {
                int w = !grundy_range_winner(s->r, fq[k].a, fq[k].b);
                put_word(&s->w, word[w], wl[w]);
            } else {
                grundy_value x = grundy_range_xor(s->r, fq[k].a, fq[k].b);
                grundy_writer_str(&s->w, x ? "first " : "second ");
                grundy_writer_u64(&s->w, x);
                grundy_writer_char(&s->w, '\n');
            }
        }
        done += c;
    }
    return done;
}

/* Read the n positions (n read at n_place) and give the range engine
 * their values.  The positions are kept when winning moves may be asked;
 * a heap game's values are prepared once for the largest position, and a
 * finite family's table first, so that its positions are converted as
 * they come and need not be kept. */
static int load(session *s, uint64_t n, uint64_t n_place)
{
    uint64_t i, places[4096];
    grundy_pos maxp = 0, chunk[4096];
    grundy_range_opts ro;
    grundy_status st = GRUNDY_OK;
    unsigned long line, col;
    int finite = grundy_game_num_positions(s->g) != 0;
    int moves = has_op(s->cfg, RANGE_OP_MOVE);
    int keep = !finite || moves, sure, fast;
    const grundy_table *tab;

    grundy_scan_where(&s->sc, &line, &col);
    free(s->pos);
    s->pos = NULL;
    free(s->places);
    s->places = NULL;
    if (keep) {
        /* The limit holds before the memory is touched: the positions,
         * and for a heap game the places they were read at (the values
         * come once all are read, and an error names its position). */
        uint64_t per = sizeof *s->pos + (finite ? 0 : sizeof *s->places);
        if (n > SIZE_MAX / per ||
            grundy_limits_mem_check(&s->cfg->eng->limits,
                                    (size_t)(n * per)) != GRUNDY_OK)
            return too_many(s, n, n_place);
        s->pos = malloc((size_t)(n ? n : 1) * sizeof *s->pos);
        if (!finite)
            s->places = malloc((size_t)(n ? n : 1) * sizeof *s->places);
        if (!s->pos || (!finite && !s->places))
            return cli_error(s->cfg->cmd, GRUNDY_ERR_NOMEM, NULL);
    }
    grundy_range_opts_init(&ro);
    ro.modulus = s->cfg->modulus;
    ro.mem_limit = s->cfg->eng->limits.mem_limit;
    if (!has_op(s->cfg, RANGE_OP_COUNT))
        ro.flags = 0; /* winners and moves */
    if (!has_op(s->cfg, RANGE_OP_COUNT) && !moves)
        ro.flags = GRUNDY_RANGE_NO_MOVES; /* winners only */
    grundy_range_free(s->r);
    s->r = NULL;
    st = grundy_range_new(&s->r, (size_t)n, &ro);
    if (st == GRUNDY_ERR_LIMIT)
        return too_many(s, n, n_place);
    if (st != GRUNDY_OK)
        return cli_error(s->cfg->cmd, st, NULL);
    if (finite) {
        st = grundy_values_prepare(s->v, 0);
        cli_progress_done();
        if (st != GRUNDY_OK)
            return cli_engine_error(s->cfg->eng, "tabulating", st);
    }
    /* A table of every position, of values up to 2^16 - 1: no value can
     * fail, so the places (for the message) need not be known. */
    tab = grundy_values_cached(s->v);
    sure = finite && tab &&
           grundy_table_size(tab) == grundy_game_num_positions(s->g) &&
           grundy_table_width(tab) <= 2;
    /* nor an update, when its value is a byte the XOR layout holds */
    s->sure = sure && grundy_table_width(tab) == 1 &&
              grundy_range_get_repr(s->r) == GRUNDY_RANGE_XOR;
    /* a finite family's table never grows: its bytes stay where they are */
    s->tab8 = sure && grundy_table_width(tab) == 1
                  ? (const uint8_t *)grundy_table_data(tab)
                  : NULL;
    s->tab8_n = s->tab8 ? grundy_table_size(tab) : 0;
    fast = sure && !keep && fast_ok(s);
    for (i = 0; i < n;) {
        size_t c = 0;
        if (fast) {
            grundy_value vals[sizeof chunk / sizeof chunk[0]];
            c = fast_values(s, vals,
                            n - i < sizeof vals / sizeof vals[0]
                                ? (size_t)(n - i)
                                : sizeof vals / sizeof vals[0]);
            if (c > 0) {
                st = grundy_range_assign(s->r, (size_t)i, vals, c);
                if (st != GRUNDY_OK)
                    return fail(s, st);
                i += c;
                continue;
            }
        }
        /* one position at a time on the fast path's failure */
        for (; i < n && c < (fast ? 1 : sizeof chunk / sizeof chunk[0]);
             i++, c++) {
            unsigned long pl = 0, pc = 0;
            /* the place of the position's first byte */
            if (!sure) {
                (void)grundy_scan_at_eof(&s->sc);
                grundy_scan_where(&s->sc, &pl, &pc);
            }
            places[c] = place_pack(pl, pc);
            st = read_pos(s, &chunk[c]);
            if (st != GRUNDY_OK)
                return fail(s, st);
            if (chunk[c] > maxp) {
                maxp = chunk[c];
                line = pl;
                col = pc;
            }
            if (keep)
                s->pos[i] = chunk[c];
            if (s->places)
                s->places[i] = places[c];
        }
        if (finite && (st = assign(s, i - c, chunk, c, places)) != GRUNDY_OK)
            return fail(s, st);
    }
    if (!finite) {
        /* every position is known: one table up to the largest */
        st = grundy_values_prepare(s->v, maxp);
        cli_progress_done();
        if (st == GRUNDY_ERR_CANCELLED)
            return cli_engine_error(s->cfg->eng, "tabulating", st);
        if (st != GRUNDY_OK) {
            grundy_parse_error_set(&s->where, line, col,
                                   "cannot tabulate %s up to %llu: %s",
                                   grundy_game_spec(s->g),
                                   (unsigned long long)maxp,
                                   grundy_strerror(st));
            return fail(s, st);
        }
        for (i = 0; i < n; i += sizeof chunk / sizeof chunk[0]) {
            size_t c = n - i < sizeof chunk / sizeof chunk[0]
                           ? (size_t)(n - i)
                           : sizeof chunk / sizeof chunk[0];
            st = assign(s, i, s->pos + i, c, s->places + i);
            if (st != GRUNDY_OK)
                return fail(s, st);
        }
    }
    free(s->places);
    s->places = NULL;
    if (!moves) {
        free(s->pos); /* only winning moves need the positions */
        s->pos = NULL;
    }
    return 0;
}

/* Look-ahead: the queries that already sit whole in the scanner's buffer
 * are parsed ahead (never reading, so never blocking) and the engine is
 * told which components they will touch, LOOKAHEAD queries in advance:
 * their cache misses then overlap with the work on the queries before
 * them.  Only a hint: the real parse below checks everything. */
#define LOOKAHEAD 4
#define LOOKAHEAD_MIN_N ((size_t)1 << 20) /* smaller sequences stay in cache */

/* Parse one whitespace-ended token at buf[*pos..len): a number into *v
 * (when v != NULL; else any token).  @return 0 when cut by the end. */
static int peek_token(const unsigned char *buf, size_t len, size_t *pos,
                      uint64_t *v)
{
    size_t p = *pos, d;
    uint64_t x = 0;
    while (p < len && is_blank(buf[p]))
        p++;
    for (d = p; p < len && !is_blank(buf[p]); p++)
        x = x * 10 + (uint64_t)(buf[p] - '0');
    if (p == d || p == len || p - d > 18)
        return 0;
    if (v) {
        for (; d < p; d++)
            if (buf[d] < '0' || buf[d] > '9')
                return 0;
        *v = x;
    }
    *pos = p;
    return 1;
}

static void lookahead(session *s, size_t n)
{
    const unsigned char *buf = s->sc.buf;
    /* an update's position is a number whose value the table holds */
    const grundy_table *tab = grundy_values_cached(s->v);
    int numeric = tab && !grundy_game_rules(s->g)->pos_parse;
    if (n < LOOKAHEAD_MIN_N || s->cfg->read_pos || s->cfg->ops[1])
        return; /* only the plain layout is parsed ahead */
    if (s->ahead_gen != s->gen || s->ahead_pos < s->sc.pos) {
        s->ahead_gen = s->gen; /* the buffer was refilled */
        s->ahead_pos = s->sc.pos;
        s->ahead_count = 0;
    } else if (s->ahead_count > 0) {
        s->ahead_count--; /* the query just read was one of them */
    }
    while (s->ahead_count < LOOKAHEAD) {
        size_t p = s->ahead_pos;
        uint64_t t, a, b = 0;
        if (!peek_token(buf, s->sc.len, &p, &t) ||
            !peek_token(buf, s->sc.len, &p, &a) ||
            !peek_token(buf, s->sc.len, &p, t != 2 || numeric ? &b : NULL))
            return;
        s->ahead_pos = p;
        s->ahead_count++;
        if (a < 1 || a > n)
            continue;
        if (t == 2) {
            grundy_range_prefetch(s->r, (size_t)a - 1, (size_t)a - 1);
            if (numeric && b < grundy_table_size(tab))
                PREFETCH_BYTE((const char *)grundy_table_data(tab) +
                              b * grundy_table_width(tab));
        } else if (a <= b && b <= n) {
            grundy_range_prefetch(s->r, (size_t)a - 1, (size_t)b - 1);
        }
    }
}

/* The scanner is about to read: flush the answers (they must be out
 * before the next query is awaited) and note that the buffer changes. */
static void before_read(void *ctx)
{
    session *s = ctx;
    (void)grundy_writer_flush(&s->w);
    s->gen++;
}

/* A 1-based index; the message says so when it is out of range. */
static grundy_status scan_index(session *s, uint64_t *out, size_t n)
{
    grundy_status st = grundy_scan_u64(&s->sc, out, 1, n, &s->where);
    if (st == GRUNDY_ERR_RANGE) {
        char msg[sizeof s->where.msg];
        memcpy(msg, s->where.msg, sizeof msg);
        grundy_parse_error_set(&s->where, s->where.line, s->where.col,
                               "index %.100s", msg);
    }
    return st;
}

static int queries(session *s, size_t n, uint64_t q)
{
    uint64_t k, type, a, b;
    unsigned op;
    grundy_status st = GRUNDY_OK;
    int fast = fast_ok(s);
    s->query = 0;
    for (k = 0; st == GRUNDY_OK && k < q; k++) {
        unsigned long line, col;
        if (fast && (k += fast_batch(s, n, q - k)) == q)
            break;
        s->query = k + 1;
        st = grundy_scan_u64(&s->sc, &type, 1, s->cfg->max_type, &s->where);
        if (st == GRUNDY_ERR_RANGE) {
            char msg[sizeof s->where.msg];
            memcpy(msg, s->where.msg, sizeof msg);
            grundy_parse_error_set(&s->where, s->where.line, s->where.col,
                                   "unknown query type: %.100s", msg);
        }
        if (st != GRUNDY_OK)
            break;
        op = op_of(s->cfg, type);
        st = scan_index(s, &a, n);
        if (st != GRUNDY_OK)
            break;
        if (op == RANGE_OP_SET) {
            grundy_pos p;
            grundy_value v;
            line = col = 0;
            if (!s->sure) {
                (void)grundy_scan_at_eof(&s->sc);
                grundy_scan_where(&s->sc, &line, &col);
            }
            st = read_pos(s, &p);
            if (st == GRUNDY_OK)
                st = pos_value(s, p, &v, line, col);
            if (st == GRUNDY_OK) {
                lookahead(s, n);
                st = grundy_range_set(s->r, (size_t)a - 1, v);
                if (st != GRUNDY_OK)
                    grundy_parse_error_set(&s->where, line, col,
                                           "cannot update component %llu: "
                                           "%s",
                                           (unsigned long long)a,
                                           grundy_strerror(st));
            }
            if (st != GRUNDY_OK)
                break;
            if (s->pos)
                s->pos[a - 1] = p;
            continue;
        }
        st = scan_index(s, &b, n);
        if (st != GRUNDY_OK)
            break;
        if (a > b) {
            grundy_scan_last_where(&s->sc, &line, &col); /* R's place */
            grundy_parse_error_set(&s->where, line, col,
                                   "L > R (%llu > %llu)",
                                   (unsigned long long)a,
                                   (unsigned long long)b);
            st = GRUNDY_ERR_RANGE;
            break;
        }
        lookahead(s, n);
        if (s->cfg->json && op == RANGE_OP_COUNT) {
            json_head(s, type, a, b);
            cli_json_u64(&s->w, "count",
                         grundy_range_count(s->r, (size_t)a - 1,
                                            (size_t)b - 1));
            grundy_writer_str(&s->w, "}\n");
        } else if (s->cfg->json && op == RANGE_OP_WINNER) {
            grundy_value x = grundy_range_xor(s->r, (size_t)a - 1,
                                              (size_t)b - 1);
            json_head(s, type, a, b);
            grundy_writer_str(&s->w, x ? ", \"winner\": \"first\""
                                       : ", \"winner\": \"second\"");
            cli_json_u64(&s->w, "value", x);
            grundy_writer_str(&s->w, "}\n");
        } else if (op == RANGE_OP_COUNT) {
            grundy_writer_u64(&s->w, grundy_range_count(s->r, (size_t)a - 1,
                                                        (size_t)b - 1));
            grundy_writer_char(&s->w, '\n');
        } else if (op == RANGE_OP_WINNER && s->cfg->winner_words[0]) {
            int first =
                grundy_range_winner(s->r, (size_t)a - 1, (size_t)b - 1);
            grundy_writer_str(&s->w, s->cfg->winner_words[!first]);
            grundy_writer_char(&s->w, '\n');
        } else if (op == RANGE_OP_WINNER) {
            grundy_value x = grundy_range_xor(s->r, (size_t)a - 1,
                                              (size_t)b - 1);
            grundy_writer_str(&s->w, x ? "first " : "second ");
            grundy_writer_u64(&s->w, x);
            grundy_writer_char(&s->w, '\n');
        } else {
            size_t i;
            grundy_value to;
            if (s->cfg->json)
                json_head(s, type, a, b);
            if (!grundy_range_move(s->r, (size_t)a - 1, (size_t)b - 1, &i,
                                   &to)) {
                grundy_writer_str(&s->w, s->cfg->json ? ", \"move\": null}\n"
                                                      : "none\n");
                continue;
            }
            st = write_move(s, i, to);
            if (st != GRUNDY_OK) {
                grundy_scan_last_where(&s->sc, &line, &col); /* R's place */
                grundy_parse_error_set(&s->where, line, col,
                                       "cannot list the moves of "
                                       "component %zu: %s",
                                       i + 1, grundy_strerror(st));
                break;
            }
        }
    }
    if (st != GRUNDY_OK)
        return fail(s, st);
    return 0;
}

/* One test: its sizes, positions and queries. */
static int one_test(session *s)
{
    uint64_t n, q = 0, n_place;
    unsigned long line, col;
    grundy_status st;
    int rc;
    (void)grundy_scan_at_eof(&s->sc); /* to the first byte of n */
    grundy_scan_where(&s->sc, &line, &col);
    n_place = place_pack(line, col);
    st = grundy_scan_u64(&s->sc, &n, 1, (uint64_t)1 << 34, &s->where);
    if (st == GRUNDY_OK && s->cfg->counts_first)
        st = grundy_scan_u64(&s->sc, &q, 0, UINT64_MAX, &s->where);
    if (st != GRUNDY_OK)
        return fail(s, st);
    rc = load(s, n, n_place);
    if (rc)
        return rc;
    if (!s->cfg->counts_first) {
        st = grundy_scan_u64(&s->sc, &q, 0, UINT64_MAX, &s->where);
        if (st != GRUNDY_OK)
            return fail(s, st);
    }
    return queries(s, (size_t)n, q);
}

static int run(session *s)
{
    uint64_t t, k;
    grundy_status st;
    int rc = 0;
    if (!s->cfg->tests)
        return one_test(s);
    st = grundy_scan_u64(&s->sc, &t, 0, UINT64_MAX, &s->where);
    if (st != GRUNDY_OK)
        return fail(s, st);
    for (k = 0; k < t && rc == 0; k++) {
        s->test = k + 1;
        rc = one_test(s);
    }
    if (rc == 0 && !grundy_scan_at_eof(&s->sc)) {
        const char *tok;
        size_t len;
        if (grundy_scan_token(&s->sc, &tok, &len, &s->where) == GRUNDY_OK)
            grundy_parse_error_set(&s->where, s->where.line, s->where.col,
                                   "unexpected input after the last test");
        return fail(s, GRUNDY_ERR_PARSE);
    }
    return rc;
}

int range_cli_run(const range_cli_cfg *cfg)
{
    session s;
    int rc;
    memset(&s, 0, sizeof s);
    s.cfg = cfg;
    s.g = cfg->game;
    if (cli_engine_values(cfg->eng, cfg->game, &s.v) != GRUNDY_OK)
        return cli_error(cfg->cmd, GRUNDY_ERR_NOMEM, NULL);
    cli_catch_signals();
    if (grundy_scanner_init_fd(&s.sc, 0) != GRUNDY_OK)
        return cli_error(cfg->cmd, GRUNDY_ERR_NOMEM, NULL);
    if (grundy_writer_init(&s.w, 1) != GRUNDY_OK) {
        grundy_scanner_clear(&s.sc);
        return cli_error(cfg->cmd, GRUNDY_ERR_NOMEM, NULL);
    }
    grundy_scanner_set_before_read(&s.sc, before_read, &s);
    rc = run(&s);
    if (grundy_writer_clear(&s.w) != GRUNDY_OK && rc == 0)
        rc = cli_write_error(cfg->cmd, &s.w);
    grundy_scanner_clear(&s.sc);
    grundy_range_free(s.r);
    free(s.pos);
    free(s.places);
    return rc;
}
