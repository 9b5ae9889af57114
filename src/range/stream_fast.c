/*
 * stream_fast.c -- the batched path of a query stream (range_stream.h)
 * whose values are a finite family's bytes held by the XOR layout
 * (s->sure), with no JSON: the queries that lie whole in the scanner's
 * buffer, in their usual form (numbers of at most 18 digits, each
 * followed by one more byte of whitespace in the buffer; a position as a
 * number, or as grundy_range_cells_fast() reads it), are parsed into a batch
 * with no call per token, the cells they touch are prefetched, and then
 * they are answered in order.  The first query of any other form, or
 * out of range, or cut by the end of the buffer, ends the batch unread:
 * the token path of stream.c reads it, with its errors and places.
 */
#include <assert.h>
#include <string.h>

#include "range_stream.h"

#define BATCH 64

typedef struct fast_query {
    size_t a, b; /* 0-based; b == SIZE_MAX: set a to value v */
    unsigned v;
} fast_query;

/* A number at p[0..end) after whitespace: its end, or NULL. */
static const unsigned char *fast_num(const unsigned char *p,
                                     const unsigned char *end, uint64_t *out)
{
    const unsigned char *d;
    uint64_t x = 0;
    while (p < end && range_stream_blank(*p))
        p++;
    for (d = p; p < end && (unsigned)(*p - '0') < 10u; p++)
        x = x * 10 + (uint64_t)(*p - '0');
    if (p == d || p - d > 18 || p == end || !range_stream_blank(*p))
        return NULL;
    *out = x;
    return p;
}

int grundy_range_fast_ok(const range_stream *s)
{
    const grundy_range_stream_opts *o = s->o;
    return s->sure && s->tab8 && !o->json &&
           (o->layout.rows || !grundy_game_rules(s->g)->pos_parse);
}

/* A position at p[0..end) after whitespace, and its value: the end, or
 * NULL. */
static const unsigned char *fast_value(const range_stream *s,
                                       const unsigned char *p,
                                       const unsigned char *end, unsigned *v)
{
    grundy_pos pos;
    if (s->o->layout.rows) {
        size_t k;
        while (p < end && range_stream_blank(*p))
            p++;
        k = grundy_range_cells_fast(&s->o->layout, p, (size_t)(end - p), &pos);
        if (!k)
            return NULL;
        p += k;
    } else if (!(p = fast_num(p, end, &pos)) || pos > s->o->pos_max) {
        return NULL;
    }
    if (pos >= s->tab8_n)
        return NULL;
    *v = s->tab8[pos];
    return p;
}

size_t grundy_range_fast_values(range_stream *s, grundy_value *vals, size_t max)
{
    const char *q0;
    size_t avail = grundy_scan_peek(s->sc, &q0), c = 0;
    const unsigned char *p = (const unsigned char *)q0, *end = p + avail,
                        *at = p;
    unsigned v;
    while (c < max && (p = fast_value(s, p, end, &v)) != NULL) {
        vals[c++] = v;
        at = p;
    }
    grundy_scan_skip(s->sc, (size_t)(at - (const unsigned char *)q0));
    return c;
}

/* Parse a batch (at most max queries) at the scanner's place; @return
 * how many, with *used the bytes they take. */
static size_t fast_parse(range_stream *s, size_t n, uint64_t max,
                         fast_query *fq, size_t *used)
{
    const char *q0;
    size_t avail = grundy_scan_peek(s->sc, &q0), c = 0;
    const unsigned char *p = (const unsigned char *)q0, *end = p + avail,
                        *at = p;
    const grundy_range_stream_opts *o = s->o;
    while (c < max && c < BATCH) {
        uint64_t t, a, b;
        unsigned op;
        if (!(p = fast_num(p, end, &t)) || t < 1 || t > o->max_type ||
            !(p = fast_num(p, end, &a)) || a < 1 || a > n)
            break;
        op = range_stream_op(o, t);
        if (op == GRUNDY_RANGE_OP_SET) {
            unsigned v;
            if (!(p = fast_value(s, p, end, &v)))
                break;
            fq[c].a = (size_t)a - 1;
            fq[c].b = SIZE_MAX;
            fq[c].v = v;
        } else if (op == GRUNDY_RANGE_OP_WINNER) {
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

uint64_t grundy_range_fast_batch(range_stream *s, size_t n, uint64_t max)
{
    fast_query fq[BATCH];
    char word[2][32];
    size_t wl[2], c, k, used;
    uint64_t done = 0;
    int words = s->o->layout.winner_words[0] != NULL;
    if (words)
        for (k = 0; k < 2; k++) {
            wl[k] = strlen(s->o->layout.winner_words[k]);
            if (wl[k] + 1 > sizeof word[k])
                return 0;
            memcpy(word[k], s->o->layout.winner_words[k], wl[k]);
            word[k][wl[k]++] = '\n';
        }
    while (done < max && (c = fast_parse(s, n, max - done, fq, &used)) > 0) {
        grundy_scan_skip(s->sc, used);
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
                put_word(s->w, word[w], wl[w]);
            } else {
                grundy_value x = grundy_range_xor(s->r, fq[k].a, fq[k].b);
                grundy_writer_str(s->w, x ? "first " : "second ");
                grundy_writer_u64(s->w, x);
                grundy_writer_char(s->w, '\n');
            }
        }
        done += c;
    }
    return done;
}
