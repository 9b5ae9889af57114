/*
 * stream.c -- positions in, range answers out: grundy_range_stream_run()
 * (grundy/range.h), the query loop of 'grundy range', 'grundy solve
 * digit-nim' and 'grundy solve pshtbrth'.
 *
 * Values come from the game's grundy_values object: the n starting
 * positions are read first and the object is prepared once for the
 * largest of them (one table for a heap game); an update beyond it is
 * prepared again, which grows the table by at least half, so a stream of
 * growing updates costs amortised linear time.  A family that cannot be
 * tabulated (or a board too large for memory) gets its values one by one.
 * A workload whose values are a finite family's bytes answers its
 * queries in batches straight from the input buffer (stream_fast.c).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/format.h"
#include "range_stream.h"

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH_BYTE(p) __builtin_prefetch(p)
#else
#define PREFETCH_BYTE(p) ((void)(p))
#endif

/* An error at the place in *s->where: the answers so far are flushed. */
static grundy_status fail(range_stream *s, grundy_status st)
{
    (void)grundy_writer_flush(s->w);
    s->why->fault = GRUNDY_RANGE_FAULT_INPUT;
    return st;
}

/* An error the status says (no place). */
static grundy_status fault(range_stream *s, grundy_range_fault f,
                           grundy_status st)
{
    s->why->fault = f;
    return st;
}

static int has_op(const grundy_range_stream_opts *o, unsigned op)
{
    uint64_t t;
    for (t = 1; t <= o->max_type; t++)
        if (range_stream_op(o, t) == op)
            return 1;
    return 0;
}

static void computed(const range_stream *s)
{
    if (s->o->computed)
        s->o->computed(s->o->computed_ctx);
}

/* The value of p: the object is prepared for p first (a table grown to
 * cover it, when a table is the source). */
static grundy_status value_of(range_stream *s, grundy_pos p, grundy_value *v)
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
static grundy_status read_pos(range_stream *s, grundy_pos *p)
{
    const char *tok;
    size_t len;
    unsigned long line, col;
    grundy_status st;
    if (s->o->layout.rows)
        return grundy_range_cells_read(&s->o->layout, s->sc, p, s->where);
    if (!grundy_game_rules(s->g)->pos_parse)
        return grundy_scan_u64(s->sc, p, 0, s->o->pos_max, s->where);
    GRUNDY_TRY(grundy_scan_token(s->sc, &tok, &len, s->where));
    line = s->where->line;
    col = s->where->col;
    st = grundy_game_pos_parse(s->g, tok, len, p, s->where);
    if (st == GRUNDY_OK && *p > s->o->pos_max) {
        grundy_parse_error_set(s->where, 1, 1, "position out of range");
        st = GRUNDY_ERR_RANGE;
    }
    if (st != GRUNDY_OK) {
        s->where->col = col + (s->where->col ? s->where->col - 1 : 0);
        s->where->line = line;
    }
    return st;
}

/* The value of position p, tabulating as needed; on error s->where is set
 * to (line, col) with a message. */
static grundy_status pos_value(range_stream *s, grundy_pos p, grundy_value *v,
                               unsigned long line, unsigned long col)
{
    grundy_status st = value_of(s, p, v);
    computed(s);
    if (st != GRUNDY_OK) {
        grundy_parse_error_set(s->where, line, col,
                               "cannot compute the value of position %llu: "
                               "%s",
                               (unsigned long long)p, grundy_strerror(st));
        return st;
    }
    if (*v > GRUNDY_RANGE_VALUE_MAX) {
        grundy_parse_error_set(s->where, line, col,
                               "the value %llu of this position exceeds %u",
                               (unsigned long long)*v, GRUNDY_RANGE_VALUE_MAX);
        return GRUNDY_ERR_RANGE;
    }
    return GRUNDY_OK;
}

static void write_pos(range_stream *s, grundy_pos p)
{
    char buf[512];
    size_t n = grundy_game_pos_format(s->g, p, buf, sizeof buf);
    grundy_writer_bytes(s->w, buf, n < sizeof buf ? n : sizeof buf - 1);
}

/* json: the start of an answer's line, {"test"?, "query", "type", "L",
 * "R" (doc/JSON.md); the caller adds its keys and the end. */
static void json_head(range_stream *s, uint64_t type, uint64_t a, uint64_t b)
{
    grundy_writer_char(s->w, '{');
    if (s->o->layout.tests) {
        grundy_writer_str(s->w, "\"test\": ");
        grundy_writer_u64(s->w, s->test);
        grundy_writer_str(s->w, ", ");
    }
    grundy_writer_str(s->w, "\"query\": ");
    grundy_writer_u64(s->w, s->query);
    grundy_format_json_u64(s->w, "type", type);
    grundy_format_json_u64(s->w, "L", a);
    grundy_format_json_u64(s->w, "R", b);
}

/* Write "i POS" for a move of component i to a position of value to (or
 * with json "move": {"component", "from", "to"}). */
static grundy_status write_move(range_stream *s, size_t i, grundy_value to)
{
    grundy_move m;
    int found;
    unsigned j;
    GRUNDY_TRY(grundy_values_move_to(&m, &found, s->v, s->pos[i], to));
    /* By the mex rule a move to every smaller value exists. */
    GRUNDY_RETURN_IF(!found, GRUNDY_ERR_ARG);
    if (s->o->json) {
        grundy_writer_str(s->w, ", \"move\": {\"component\": ");
        grundy_writer_u64(s->w, (uint64_t)i + 1);
        grundy_writer_str(s->w, ", \"from\": ");
        grundy_format_json_pos(s->w, s->g, s->pos[i]);
        grundy_writer_str(s->w, ", \"to\": ");
        grundy_format_json_parts(s->w, s->g, &m);
        grundy_writer_str(s->w, "}}\n");
        return GRUNDY_OK;
    }
    grundy_writer_u64(s->w, (uint64_t)i + 1);
    grundy_writer_char(s->w, ' ');
    if (m.nparts == 0)
        grundy_writer_char(s->w, '-');
    for (j = 0; j < m.nparts; j++) {
        if (j)
            grundy_writer_char(s->w, '+');
        write_pos(s, m.part[j]);
    }
    grundy_writer_char(s->w, '\n');
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
static grundy_status assign(range_stream *s, uint64_t first,
                            const grundy_pos *pos, size_t c,
                            const uint64_t *places)
{
    grundy_value vals[4096];
    size_t k;
    assert(c <= sizeof vals / sizeof vals[0]);
    for (k = 0; k < c; k++) {
        unsigned long line = (unsigned long)(places[k] >> 24);
        unsigned long col = (unsigned long)(places[k] & 0xFFFFFF);
        grundy_status st = pos_value(s, pos[k], &vals[k], line, col);
        if (st != GRUNDY_OK) {
            char msg[sizeof s->where->msg];
            memcpy(msg, s->where->msg, sizeof msg);
            grundy_parse_error_set(s->where, line, col,
                                   "component %llu: %.100s",
                                   (unsigned long long)(first + k + 1), msg);
            return st;
        }
    }
    return grundy_range_assign(s->r, (size_t)first, vals, c);
}

/* n components over the memory limit: refused at the place of n. */
static grundy_status too_many(range_stream *s, uint64_t n, uint64_t n_place)
{
    grundy_parse_error_set(s->where, (unsigned long)(n_place >> 24),
                           (unsigned long)(n_place & 0xFFFFFF),
                           "%llu components need more memory than the "
                           "limit (--mem-limit, or the machine's memory)",
                           (unsigned long long)n);
    return fail(s, GRUNDY_ERR_LIMIT);
}

/* Room for the positions (n read at n_place) when winning moves may be
 * asked or the values come once all are read (a heap game), and for the
 * places of a heap game's positions (an error names its position).  The
 * limit holds before the memory is touched. */
static grundy_status keep_room(range_stream *s, uint64_t n, uint64_t n_place,
                               int finite)
{
    grundy_limits dflt;
    const grundy_limits *lim = s->o->limits;
    uint64_t per = sizeof *s->pos + (finite ? 0 : sizeof *s->places);
    if (!lim) {
        grundy_limits_init(&dflt);
        lim = &dflt;
    }
    if (n > SIZE_MAX / per ||
        grundy_limits_mem_check(lim, (size_t)(n * per)) != GRUNDY_OK)
        return too_many(s, n, n_place);
    s->pos = malloc((size_t)(n ? n : 1) * sizeof *s->pos);
    if (!finite)
        s->places = malloc((size_t)(n ? n : 1) * sizeof *s->places);
    if (!s->pos || (!finite && !s->places))
        return fault(s, GRUNDY_RANGE_FAULT_OTHER, GRUNDY_ERR_NOMEM);
    return GRUNDY_OK;
}

/* A new range engine for n components, made for the queries asked. */
static grundy_status new_engine(range_stream *s, uint64_t n, uint64_t n_place,
                                int moves)
{
    grundy_range_opts ro;
    grundy_status st;
    grundy_range_opts_init(&ro);
    ro.modulus = s->o->modulus;
    ro.mem_limit = s->o->limits ? s->o->limits->mem_limit : 0;
    if (!has_op(s->o, GRUNDY_RANGE_OP_COUNT))
        ro.flags = 0; /* winners and moves */
    if (!has_op(s->o, GRUNDY_RANGE_OP_COUNT) && !moves)
        ro.flags = GRUNDY_RANGE_NO_MOVES; /* winners only */
    grundy_range_free(s->r);
    s->r = NULL;
    st = grundy_range_new(&s->r, (size_t)n, &ro);
    if (st == GRUNDY_ERR_LIMIT)
        return too_many(s, n, n_place);
    if (st != GRUNDY_OK)
        return fault(s, GRUNDY_RANGE_FAULT_OTHER, st);
    return GRUNDY_OK;
}

/* A heap game's positions are all read: one table up to the largest
 * (maxp, read at line, col), then their values to the engine. */
static grundy_status assign_kept(range_stream *s, uint64_t n, grundy_pos maxp,
                                 unsigned long line, unsigned long col)
{
    const size_t chunk = 4096;
    uint64_t i;
    grundy_status st = grundy_values_prepare(s->v, maxp);
    computed(s);
    if (st == GRUNDY_ERR_CANCELLED)
        return fault(s, GRUNDY_RANGE_FAULT_VALUES, st);
    if (st != GRUNDY_OK) {
        grundy_parse_error_set(s->where, line, col,
                               "cannot tabulate %s up to %llu: %s",
                               grundy_game_spec(s->g), (unsigned long long)maxp,
                               grundy_strerror(st));
        return fail(s, st);
    }
    for (i = 0; i < n; i += chunk) {
        size_t c = n - i < chunk ? (size_t)(n - i) : chunk;
        st = assign(s, i, s->pos + i, c, s->places + i);
        if (st != GRUNDY_OK)
            return fail(s, st);
    }
    return GRUNDY_OK;
}

/* Read the n positions (n read at n_place) and give the range engine
 * their values.  The positions are kept when winning moves may be asked;
 * a heap game's values are prepared once for the largest position, and a
 * finite family's table first, so that its positions are converted as
 * they come and need not be kept. */
static grundy_status load(range_stream *s, uint64_t n, uint64_t n_place)
{
    uint64_t i, places[4096];
    grundy_pos maxp = 0, chunk[4096];
    grundy_status st = GRUNDY_OK;
    unsigned long line, col;
    int finite = grundy_game_num_positions(s->g) != 0;
    int moves = has_op(s->o, GRUNDY_RANGE_OP_MOVE);
    int keep = !finite || moves, sure, fast;
    const grundy_table *tab;

    grundy_scan_where(s->sc, &line, &col);
    free(s->pos);
    s->pos = NULL;
    free(s->places);
    s->places = NULL;
    if (keep)
        GRUNDY_TRY(keep_room(s, n, n_place, finite));
    GRUNDY_TRY(new_engine(s, n, n_place, moves));
    if (finite) {
        st = grundy_values_prepare(s->v, 0);
        computed(s);
        if (st != GRUNDY_OK)
            return fault(s, GRUNDY_RANGE_FAULT_VALUES, st);
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
    fast = sure && !keep && grundy_range_fast_ok(s);
    for (i = 0; i < n;) {
        size_t c = 0;
        if (fast) {
            grundy_value vals[sizeof chunk / sizeof chunk[0]];
            c = grundy_range_fast_values(s, vals,
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
                (void)grundy_scan_at_eof(s->sc);
                grundy_scan_where(s->sc, &pl, &pc);
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
    if (!finite)
        GRUNDY_TRY(assign_kept(s, n, maxp, line, col));
    free(s->places);
    s->places = NULL;
    if (!moves) {
        free(s->pos); /* only winning moves need the positions */
        s->pos = NULL;
    }
    return GRUNDY_OK;
}

/* Look-ahead: the queries that already sit whole in the scanner's buffer
 * are parsed ahead (never reading, so never blocking) and the engine is
 * told which components they will touch, LOOKAHEAD queries in advance:
 * their cache misses then overlap with the work on the queries before
 * them.  Only a hint: the real parse below checks everything. */
#define LOOKAHEAD 4
#define LOOKAHEAD_MIN_N                                                        \
    ((size_t)1 << 20) /* smaller sequences stay in cache                       \
                       */

/* Parse one whitespace-ended token at buf[*pos..len): a number into *v
 * (when v != NULL; else any token).  @return 0 when cut by the end. */
static int peek_token(const unsigned char *buf, size_t len, size_t *pos,
                      uint64_t *v)
{
    size_t p = *pos, d;
    uint64_t x = 0;
    while (p < len && range_stream_blank(buf[p]))
        p++;
    for (d = p; p < len && !range_stream_blank(buf[p]); p++)
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

static void lookahead(range_stream *s, size_t n)
{
    const unsigned char *buf = s->sc->buf;
    /* an update's position is a number whose value the table holds */
    const grundy_table *tab = grundy_values_cached(s->v);
    int numeric = tab && !grundy_game_rules(s->g)->pos_parse;
    if (n < LOOKAHEAD_MIN_N || s->o->layout.rows || s->o->layout.ops[1])
        return; /* only the plain layout is parsed ahead */
    if (s->ahead_gen != s->gen || s->ahead_pos < s->sc->pos) {
        s->ahead_gen = s->gen; /* the buffer was refilled */
        s->ahead_pos = s->sc->pos;
        s->ahead_count = 0;
    } else if (s->ahead_count > 0) {
        s->ahead_count--; /* the query just read was one of them */
    }
    while (s->ahead_count < LOOKAHEAD) {
        size_t p = s->ahead_pos;
        uint64_t t, a, b = 0;
        if (!peek_token(buf, s->sc->len, &p, &t) ||
            !peek_token(buf, s->sc->len, &p, &a) ||
            !peek_token(buf, s->sc->len, &p, t != 2 || numeric ? &b : NULL))
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
    range_stream *s = ctx;
    (void)grundy_writer_flush(s->w);
    s->gen++;
}

/* A 1-based index; the message says so when it is out of range.  what:
 * the message's prefix ("index", "unknown query type"). */
static grundy_status scan_number(range_stream *s, uint64_t *out, uint64_t hi,
                                 const char *what)
{
    grundy_status st = grundy_scan_u64(s->sc, out, 1, hi, s->where);
    if (st == GRUNDY_ERR_RANGE) {
        char msg[sizeof s->where->msg];
        memcpy(msg, s->where->msg, sizeof msg);
        grundy_parse_error_set(s->where, s->where->line, s->where->col,
                               "%s%.100s", what, msg);
    }
    return st;
}

/* Query k's update of component a (1-based). */
static grundy_status update(range_stream *s, uint64_t a, size_t n)
{
    grundy_pos p;
    grundy_value v;
    unsigned long line = 0, col = 0;
    grundy_status st;
    if (!s->sure) {
        (void)grundy_scan_at_eof(s->sc);
        grundy_scan_where(s->sc, &line, &col);
    }
    GRUNDY_TRY(read_pos(s, &p));
    GRUNDY_TRY(pos_value(s, p, &v, line, col));
    lookahead(s, n);
    st = grundy_range_set(s->r, (size_t)a - 1, v);
    if (st != GRUNDY_OK) {
        grundy_parse_error_set(s->where, line, col,
                               "cannot update component %llu: %s",
                               (unsigned long long)a, grundy_strerror(st));
        return st;
    }
    if (s->pos)
        s->pos[a - 1] = p;
    return GRUNDY_OK;
}

/* The answer to a query of type type (asking op) on L..R = a..b. */
static grundy_status answer(range_stream *s, unsigned op, uint64_t type,
                            uint64_t a, uint64_t b)
{
    const int json = s->o->json;
    size_t lo = (size_t)a - 1, hi = (size_t)b - 1, i;
    grundy_value x, to;
    grundy_status st;
    if (json)
        json_head(s, type, a, b);
    if (op == GRUNDY_RANGE_OP_COUNT) {
        uint64_t c = grundy_range_count(s->r, lo, hi);
        if (json) {
            grundy_format_json_u64(s->w, "count", c);
            grundy_writer_str(s->w, "}\n");
        } else {
            grundy_writer_u64(s->w, c);
            grundy_writer_char(s->w, '\n');
        }
    } else if (op == GRUNDY_RANGE_OP_WINNER && !json &&
               s->o->layout.winner_words[0]) {
        int first = grundy_range_winner(s->r, lo, hi);
        grundy_writer_str(s->w, s->o->layout.winner_words[!first]);
        grundy_writer_char(s->w, '\n');
    } else if (op == GRUNDY_RANGE_OP_WINNER) {
        x = grundy_range_xor(s->r, lo, hi);
        if (json) {
            grundy_writer_str(s->w, x ? ", \"winner\": \"first\""
                                      : ", \"winner\": \"second\"");
            grundy_format_json_u64(s->w, "value", x);
            grundy_writer_str(s->w, "}\n");
        } else {
            grundy_writer_str(s->w, x ? "first " : "second ");
            grundy_writer_u64(s->w, x);
            grundy_writer_char(s->w, '\n');
        }
    } else if (!grundy_range_move(s->r, lo, hi, &i, &to)) {
        grundy_writer_str(s->w, json ? ", \"move\": null}\n" : "none\n");
    } else if ((st = write_move(s, i, to)) != GRUNDY_OK) {
        unsigned long line, col;
        grundy_scan_last_where(s->sc, &line, &col); /* R's place */
        grundy_parse_error_set(s->where, line, col,
                               "cannot list the moves of component %zu: %s",
                               i + 1, grundy_strerror(st));
        return st;
    }
    return GRUNDY_OK;
}

/* The next query (the k-th, from 0) read and answered. */
static grundy_status one_query(range_stream *s, size_t n, uint64_t k)
{
    uint64_t type, a, b;
    unsigned op;
    unsigned long line, col;
    s->query = k + 1;
    GRUNDY_TRY(scan_number(s, &type, s->o->max_type, "unknown query type: "));
    op = range_stream_op(s->o, type);
    GRUNDY_TRY(scan_number(s, &a, n, "index "));
    if (op == GRUNDY_RANGE_OP_SET)
        return update(s, a, n);
    GRUNDY_TRY(scan_number(s, &b, n, "index "));
    if (a > b) {
        grundy_scan_last_where(s->sc, &line, &col); /* R's place */
        grundy_parse_error_set(s->where, line, col, "L > R (%llu > %llu)",
                               (unsigned long long)a, (unsigned long long)b);
        return GRUNDY_ERR_RANGE;
    }
    lookahead(s, n);
    return answer(s, op, type, a, b);
}

static grundy_status queries(range_stream *s, size_t n, uint64_t q)
{
    uint64_t k;
    grundy_status st = GRUNDY_OK;
    int fast = grundy_range_fast_ok(s);
    s->query = 0;
    for (k = 0; st == GRUNDY_OK && k < q; k++) {
        if (fast && (k += grundy_range_fast_batch(s, n, q - k)) == q)
            break;
        st = one_query(s, n, k);
    }
    if (st != GRUNDY_OK)
        return fail(s, st);
    return GRUNDY_OK;
}

/* One test: its sizes, positions and queries. */
static grundy_status one_test(range_stream *s)
{
    uint64_t n, q = 0, n_place;
    unsigned long line, col;
    grundy_status st;
    (void)grundy_scan_at_eof(s->sc); /* to the first byte of n */
    grundy_scan_where(s->sc, &line, &col);
    n_place = place_pack(line, col);
    st = grundy_scan_u64(s->sc, &n, 1, (uint64_t)1 << 34, s->where);
    if (st == GRUNDY_OK && s->o->layout.counts_first)
        st = grundy_scan_u64(s->sc, &q, 0, UINT64_MAX, s->where);
    if (st != GRUNDY_OK)
        return fail(s, st);
    GRUNDY_TRY(load(s, n, n_place));
    if (!s->o->layout.counts_first) {
        st = grundy_scan_u64(s->sc, &q, 0, UINT64_MAX, s->where);
        if (st != GRUNDY_OK)
            return fail(s, st);
    }
    return queries(s, (size_t)n, q);
}

static grundy_status run(range_stream *s)
{
    uint64_t t, k;
    grundy_status st;
    if (!s->o->layout.tests)
        return one_test(s);
    st = grundy_scan_u64(s->sc, &t, 0, UINT64_MAX, s->where);
    if (st != GRUNDY_OK)
        return fail(s, st);
    for (k = 0; k < t; k++) {
        s->test = k + 1;
        GRUNDY_TRY(one_test(s));
    }
    if (!grundy_scan_at_eof(s->sc)) {
        const char *tok;
        size_t len;
        if (grundy_scan_token(s->sc, &tok, &len, s->where) == GRUNDY_OK)
            grundy_parse_error_set(s->where, s->where->line, s->where->col,
                                   "unexpected input after the last test");
        return fail(s, GRUNDY_ERR_PARSE);
    }
    return GRUNDY_OK;
}

void grundy_range_stream_opts_init(grundy_range_stream_opts *o)
{
    memset(o, 0, sizeof *o);
    o->pos_max = UINT64_MAX - 1;
    o->max_type = 4;
}

/* The options' bounds: query types, layout.ops, rows of cells. */
static int opts_ok(const grundy_range_stream_opts *o)
{
    const grundy_range_layout *l = &o->layout;
    unsigned t;
    if (!o->game || !o->values || o->max_type < 1 || o->max_type > 4 ||
        (l->rows && (!l->cols || l->cols > 64 || l->rows > 64 / l->cols)) ||
        (l->winner_words[0] && !l->winner_words[1]))
        return 0;
    for (t = 1; l->ops[1] && t <= o->max_type; t++)
        if (l->ops[t] < GRUNDY_RANGE_OP_COUNT ||
            l->ops[t] > GRUNDY_RANGE_OP_MOVE)
            return 0;
    return 1;
}

grundy_status grundy_range_stream_run(grundy_writer *out,
                                      grundy_range_failure *why,
                                      grundy_scanner *in,
                                      const grundy_range_stream_opts *o)
{
    range_stream s;
    void (*hook)(void *) = in->before_read;
    void *hook_ctx = in->before_read_ctx;
    grundy_status st;
    memset(why, 0, sizeof *why);
    memset(&s, 0, sizeof s);
    if (!opts_ok(o)) {
        why->fault = GRUNDY_RANGE_FAULT_OTHER;
        return GRUNDY_ERR_ARG;
    }
    s.o = o;
    s.g = o->game;
    s.v = o->values;
    s.sc = in;
    s.w = out;
    s.why = why;
    s.where = &why->where;
    grundy_scanner_set_before_read(in, before_read, &s);
    st = run(&s);
    grundy_scanner_set_before_read(in, hook, hook_ctx);
    grundy_range_free(s.r);
    free(s.pos);
    free(s.places);
    return st;
}
