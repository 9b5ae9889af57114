/*
 * chomp_oracle.c -- Chomp from its rules, plain on purpose
 * (chomp_oracle.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chomp_oracle.h"

unsigned chomp_squares(const uint16_t *len, unsigned rows)
{
    unsigned r, s = 0;
    for (r = 0; r < rows; r++)
        s += len[r];
    return s;
}

size_t chomp_text(char *buf, size_t cap, const uint16_t *len, unsigned rows)
{
    size_t k = 0;
    unsigned r;
    for (r = 0; r < rows && len[r]; r++) {
        char d[8];
        unsigned x = len[r], nd = 0;
        if (r) {
            if (k + 1 < cap)
                buf[k] = ',';
            k++;
        }
        do
            d[nd++] = (char)('0' + x % 10);
        while ((x /= 10) != 0);
        while (nd--) {
            if (k + 1 < cap)
                buf[k] = d[nd];
            k++;
        }
    }
    if (cap)
        buf[k < cap ? k : cap - 1] = 0;
    return k;
}

int chomp_read(uint16_t *len, unsigned rows, const char *text)
{
    unsigned r = 0;
    memset(len, 0, rows * sizeof *len);
    while (*text) {
        char *end;
        unsigned long x = strtoul(text, &end, 10);
        if (end == text || r == rows || x > 65535)
            return 0;
        len[r++] = (uint16_t)x;
        text = end;
        if (*text == ',')
            text++;
        else if (*text)
            return 0;
    }
    return r > 0;
}

void chomp_mask(uint64_t w[4], const uint16_t *len, unsigned rows,
                unsigned cols)
{
    unsigned r, c;
    w[0] = w[1] = w[2] = w[3] = 0;
    for (r = 0; r < rows; r++)
        for (c = 0; c < len[r]; c++)
            w[(r * cols + c) / 64] |= 1ull << ((r * cols + c) % 64);
}

int chomp_order(const uint16_t *a, const uint16_t *b, unsigned rows,
                unsigned cols)
{
    unsigned sa = chomp_squares(a, rows), sb = chomp_squares(b, rows);
    uint64_t x[4], y[4];
    int i;
    if (sa != sb)
        return sa < sb ? -1 : 1;
    chomp_mask(x, a, rows, cols);
    chomp_mask(y, b, rows, cols);
    for (i = 3; i >= 0; i--)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

size_t chomp_moves_of(uint16_t *out, const uint16_t *len, unsigned rows)
{
    unsigned r, c, k;
    size_t n = 0;
    for (r = 0; r < rows; r++)
        for (c = 0; c < len[r]; c++) {
            uint16_t *o = out + n * rows;
            if (r == 0 && c == 0)
                continue; /* the poisoned square */
            for (k = 0; k < rows; k++)
                o[k] = k >= r && len[k] > c ? (uint16_t)c : len[k];
            n++;
        }
    return n;
}

void chomp_transpose(uint16_t *out, const uint16_t *len, unsigned n)
{
    unsigned r, c;
    for (c = 0; c < n; c++) {
        out[c] = 0;
        for (r = 0; r < n; r++)
            if (len[r] > c)
                out[c]++;
    }
}

void chomp_random(uint16_t *len, unsigned rows, unsigned cols, unsigned squares,
                  test_rng *rng)
{
    unsigned corner[CHOMP_ORACLE_MAX_ROWS], k, r;
    memset(len, 0, rows * sizeof *len);
    for (k = 0; k < squares; k++) {
        unsigned n = 0;
        for (r = 0; r < rows; r++)
            if (len[r] < cols && (r == 0 || len[r - 1] > len[r]))
                corner[n++] = r;
        if (!n)
            return; /* the board is full */
        len[corner[test_rng_below(rng, n)]]++;
    }
}

/* The memo: open addressing over whole diagrams. */
struct chomp_oracle {
    unsigned rows, cols;
    size_t cap, n;
    uint16_t *keys;  /* cap diagrams of rows entries */
    uint16_t *value; /* 0xFFFF: an empty slot */
};

chomp_oracle *chomp_oracle_new(unsigned rows, unsigned cols)
{
    chomp_oracle *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->rows = rows;
    o->cols = cols;
    o->cap = 1024;
    o->keys = calloc(o->cap * rows, sizeof *o->keys);
    o->value = malloc(o->cap * sizeof *o->value);
    if (!o->keys || !o->value) {
        chomp_oracle_free(o);
        return NULL;
    }
    memset(o->value, 0xFF, o->cap * sizeof *o->value);
    return o;
}

void chomp_oracle_free(chomp_oracle *o)
{
    if (!o)
        return;
    free(o->keys);
    free(o->value);
    free(o);
}

size_t chomp_oracle_size(const chomp_oracle *o)
{
    return o->n;
}

static size_t slot_of(const chomp_oracle *o, const uint16_t *len)
{
    uint64_t h = 1469598103934665603ull;
    unsigned r;
    size_t i;
    for (r = 0; r < o->rows && len[r]; r++)
        h = (h ^ len[r]) * 1099511628211ull;
    for (i = (size_t)(h ^ (h >> 29)) & (o->cap - 1);
         o->value[i] != 0xFFFF &&
         memcmp(o->keys + i * o->rows, len, o->rows * sizeof *len) != 0;
         i = (i + 1) & (o->cap - 1))
        ;
    return i;
}

static void grow(chomp_oracle *o)
{
    chomp_oracle big = *o;
    size_t i;
    big.cap = 2 * o->cap;
    big.keys = calloc(big.cap * o->rows, sizeof *big.keys);
    big.value = malloc(big.cap * sizeof *big.value);
    assert_non_null(big.keys);
    assert_non_null(big.value);
    memset(big.value, 0xFF, big.cap * sizeof *big.value);
    for (i = 0; i < o->cap; i++)
        if (o->value[i] != 0xFFFF) {
            size_t j = slot_of(&big, o->keys + i * o->rows);
            memcpy(big.keys + j * o->rows, o->keys + i * o->rows,
                   o->rows * sizeof *o->keys);
            big.value[j] = o->value[i];
        }
    free(o->keys);
    free(o->value);
    *o = big;
}

unsigned chomp_oracle_value(chomp_oracle *o, const uint16_t *len)
{
    size_t i = slot_of(o, len), n, k;
    uint64_t seen[5] = {0};
    uint16_t *kids;
    unsigned v;
    if (o->value[i] != 0xFFFF)
        return o->value[i];
    kids = malloc((chomp_squares(len, o->rows) + 1) * o->rows * sizeof *kids);
    assert_non_null(kids);
    n = chomp_moves_of(kids, len, o->rows);
    for (k = 0; k < n; k++) {
        unsigned x = chomp_oracle_value(o, kids + k * o->rows);
        if (x < 320)
            seen[x / 64] |= 1ull << (x % 64);
    }
    free(kids);
    for (v = 0; (seen[v / 64] >> (v % 64)) & 1; v++)
        ;
    if (2 * (o->n + 1) > o->cap)
        grow(o);
    i = slot_of(o, len);
    memcpy(o->keys + i * o->rows, len, o->rows * sizeof *len);
    o->value[i] = (uint16_t)v;
    o->n++;
    return v;
}
