/*
 * value.c -- generalized values: finite n or inf(K), their sum (Smith's
 * rule) and their outcome, as text both ways.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/names.h"
#include "grundy/loopy.h"

const char *grundy_loopy_outcome_name(grundy_loopy_outcome o)
{
    static const char *const names[] = {
        [GRUNDY_LOOPY_SECOND] = "second",
        [GRUNDY_LOOPY_FIRST] = "first",
        [GRUNDY_LOOPY_DRAW] = "draw",
    };
    return GRUNDY_NAME_OF(names, o);
}

void grundy_loopy_value_init(grundy_loopy_value *v)
{
    memset(v, 0, sizeof *v);
}

void grundy_loopy_value_clear(grundy_loopy_value *v)
{
    free(v->k);
    memset(v, 0, sizeof *v);
}

void grundy_loopy_value_set_finite(grundy_loopy_value *v, uint32_t n)
{
    v->infinite = 0;
    v->finite = n;
    v->nk = 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static grundy_status reserve(grundy_loopy_value *v, size_t n)
{
    return GRUNDY_GROW(v->k, v->kcap, n);
}

/* Sort and merge v->k[0..n). */
static void normalise(grundy_loopy_value *v, size_t n)
{
    size_t i, j = 0;
    if (n > 1)
        qsort(v->k, n, sizeof *v->k, cmp_u32);
    for (i = 0; i < n; i++)
        if (j == 0 || v->k[j - 1] != v->k[i])
            v->k[j++] = v->k[i];
    v->nk = j;
}

grundy_status grundy_loopy_value_set_inf(grundy_loopy_value *v,
                                         const uint32_t *k, size_t nk)
{
    if (k != v->k) {
        GRUNDY_TRY(reserve(v, nk));
        if (nk)
            memmove(v->k, k, nk * sizeof *k);
    }
    v->infinite = 1;
    v->finite = 0;
    normalise(v, nk);
    return GRUNDY_OK;
}

grundy_status grundy_loopy_value_copy(grundy_loopy_value *out,
                                      const grundy_loopy_value *a)
{
    if (out == a)
        return GRUNDY_OK;
    if (!a->infinite) {
        grundy_loopy_value_set_finite(out, a->finite);
        return GRUNDY_OK;
    }
    return grundy_loopy_value_set_inf(out, a->k, a->nk);
}

grundy_status grundy_loopy_value_sum(grundy_loopy_value *out,
                                     const grundy_loopy_value *a,
                                     const grundy_loopy_value *b)
{
    const grundy_loopy_value *inf, *fin;
    size_t i;
    if (!a->infinite && !b->infinite) {
        grundy_loopy_value_set_finite(out, a->finite ^ b->finite);
        return GRUNDY_OK;
    }
    if (a->infinite && b->infinite) {
        out->infinite = 1;
        out->finite = 0;
        out->nk = 0;
        return GRUNDY_OK;
    }
    inf = a->infinite ? a : b;
    fin = a->infinite ? b : a;
    {
        uint32_t x = fin->finite;
        size_t nk = inf->nk;
        if (out != inf) {
            GRUNDY_TRY(reserve(out, nk));
            if (nk)
                memmove(out->k, inf->k, nk * sizeof *out->k);
        }
        for (i = 0; i < nk; i++)
            out->k[i] ^= x;
        out->infinite = 1;
        out->finite = 0;
        normalise(out, nk);
    }
    return GRUNDY_OK;
}

grundy_loopy_outcome grundy_loopy_value_outcome(const grundy_loopy_value *v)
{
    if (!v->infinite)
        return v->finite ? GRUNDY_LOOPY_FIRST : GRUNDY_LOOPY_SECOND;
    /* K is sorted: 0 can only come first. */
    return v->nk && v->k[0] == 0 ? GRUNDY_LOOPY_FIRST : GRUNDY_LOOPY_DRAW;
}

int grundy_loopy_value_equal(const grundy_loopy_value *a,
                             const grundy_loopy_value *b)
{
    if (a->infinite != b->infinite)
        return 0;
    if (!a->infinite)
        return a->finite == b->finite;
    return a->nk == b->nk &&
           (a->nk == 0 || memcmp(a->k, b->k, a->nk * sizeof *a->k) == 0);
}

size_t grundy_loopy_value_format(const grundy_loopy_value *v, char *buf,
                                 size_t cap)
{
    size_t len = 0, i;
    char tmp[16];
    int k;
/* Append s, counting what does not fit. */
#define PUT(s)                                                                 \
    do {                                                                       \
        size_t l_ = strlen(s);                                                 \
        if (cap && len < cap - 1) {                                            \
            size_t c_ = cap - 1 - len < l_ ? cap - 1 - len : l_;               \
            memcpy(buf + len, s, c_);                                          \
        }                                                                      \
        len += l_;                                                             \
    } while (0)
    if (!v->infinite) {
        k = snprintf(tmp, sizeof tmp, "%lu", (unsigned long)v->finite);
        (void)k;
        PUT(tmp);
    } else {
        PUT("inf(");
        for (i = 0; i < v->nk; i++) {
            k = snprintf(tmp, sizeof tmp, "%s%lu", i ? "," : "",
                         (unsigned long)v->k[i]);
            (void)k;
            PUT(tmp);
        }
        PUT(")");
    }
#undef PUT
    if (cap)
        buf[len < cap ? len : cap - 1] = 0;
    return len;
}

grundy_status grundy_loopy_value_parse(grundy_loopy_value *v, const char *text,
                                       size_t len, grundy_parse_error *where)
{
    size_t i = 0, nk = 0;
    uint64_t x;
/* One decimal below GRUNDY_LOOPY_INF at text[i..]. */
#define NUMBER()                                                               \
    do {                                                                       \
        size_t s_ = i;                                                         \
        x = 0;                                                                 \
        if (i >= len || text[i] < '0' || text[i] > '9') {                      \
            grundy_parse_error_set(where, 1, i + 1, "expected a number");      \
            return GRUNDY_ERR_PARSE;                                           \
        }                                                                      \
        while (i < len && text[i] >= '0' && text[i] <= '9') {                  \
            if (x < GRUNDY_LOOPY_INF)                                          \
                x = x * 10 + (uint64_t)(text[i] - '0');                        \
            i++;                                                               \
        }                                                                      \
        if (x >= GRUNDY_LOOPY_INF) {                                           \
            grundy_parse_error_set(where, 1, s_ + 1,                           \
                                   "value too large (values are below "        \
                                   "%lu)",                                     \
                                   (unsigned long)GRUNDY_LOOPY_INF);           \
            return GRUNDY_ERR_RANGE;                                           \
        }                                                                      \
    } while (0)
    if (len >= 4 && strncmp(text, "inf(", 4) == 0) {
        i = 4;
        v->nk = 0;
        while (i < len && text[i] == ' ')
            i++;
        if (i < len && text[i] == ')') {
            i++;
        } else {
            for (;;) {
                NUMBER();
                GRUNDY_TRY(reserve(v, nk + 1));
                v->k[nk++] = (uint32_t)x;
                while (i < len && text[i] == ' ')
                    i++;
                if (i < len && text[i] == ',') {
                    i++;
                    while (i < len && text[i] == ' ')
                        i++;
                    continue;
                }
                if (i < len && text[i] == ')') {
                    i++;
                    break;
                }
                grundy_parse_error_set(where, 1, i + 1,
                                       "expected ',' or ')' in inf(...)");
                return GRUNDY_ERR_PARSE;
            }
        }
        if (i != len) {
            grundy_parse_error_set(where, 1, i + 1,
                                   "unexpected text after inf(...)");
            return GRUNDY_ERR_PARSE;
        }
        v->infinite = 1;
        v->finite = 0;
        normalise(v, nk);
        return GRUNDY_OK;
    }
    NUMBER();
    if (i != len) {
        grundy_parse_error_set(where, 1, i + 1,
                               "expected a value: a number or inf(K)");
        return GRUNDY_ERR_PARSE;
    }
#undef NUMBER
    grundy_loopy_value_set_finite(v, (uint32_t)x);
    return GRUNDY_OK;
}
