/*
 * cells.c -- positions written as rows of cells (grundy_range_layout's
 * rows and cols): rows tokens of cols cells '0' or '1', row r column c
 * at bit r * cols + c, the order of the rect boards.  The board workload
 * of 'grundy solve pshtbrth' is 4 rows of 4.
 */
#include <stdio.h>

#include "range_stream.h"

/* The cells of one row at row[0..cols) as bits (cell c at bit c) into
 * *bits, or 0 when a byte is not '0' or '1'.  Four cells are one 32-bit
 * word: every byte '0' or '1' ((b & 0xFE) == 0x30), its low bits
 * gathered by one product (byte k's bit to bit 24 + k). */
static int row_bits(const unsigned char *row, unsigned cols, uint64_t *bits)
{
    uint64_t x = 0;
    unsigned c;
    if (cols == 4) {
        uint32_t w = (uint32_t)row[0] | (uint32_t)row[1] << 8 |
                     (uint32_t)row[2] << 16 | (uint32_t)row[3] << 24;
        if ((w & 0xFEFEFEFEu) != 0x30303030u)
            return 0;
        *bits = ((w & 0x01010101u) * 0x01020408u) >> 24 & 0xFu;
        return 1;
    }
    for (c = 0; c < cols; c++) {
        if ((row[c] & 0xFE) != 0x30)
            return 0;
        x |= (uint64_t)(row[c] & 1) << c;
    }
    *bits = x;
    return 1;
}

size_t grundy_range_cells_fast(const grundy_range_layout *l,
                               const unsigned char *q, size_t avail,
                               grundy_pos *out)
{
    grundy_pos p = 0;
    size_t stride = (size_t)l->cols + 1;
    unsigned r;
    if (avail < l->rows * stride)
        return 0;
    for (r = 0; r < l->rows; r++) {
        const unsigned char *row = q + r * stride;
        unsigned sep = row[l->cols];
        uint64_t bits;
        if (!row_bits(row, l->cols, &bits) ||
            !(sep == ' ' || (unsigned)(sep - '\t') < 5u))
            return 0;
        p |= (grundy_pos)bits << (r * l->cols);
    }
    *out = p;
    return l->rows * stride - 1;
}

/* Sets *where to the cell at offset off of the token just read. */
static void cell_error(grundy_scanner *s, size_t len, size_t off,
                       grundy_parse_error *where)
{
    unsigned long line, col;
    grundy_scan_where(s, &line, &col); /* just past the token */
    where->line = line;
    where->col = col - len + off;
}

/* Errors point at the offending cell, or just past a row that is too
 * short.  Tokens are read without a position record (formatting one per
 * token would cost a quarter of a board workload's time); the position
 * is worked out from the scanner only on error. */
grundy_status grundy_range_cells_read(const grundy_range_layout *l,
                                      grundy_scanner *s, grundy_pos *out,
                                      grundy_parse_error *where)
{
    grundy_pos p = 0;
    unsigned r;
    const char *q;
    size_t avail = grundy_scan_peek(s, &q), used;
    used = grundy_range_cells_fast(l, (const unsigned char *)q, avail, out);
    if (used) {
        grundy_scan_skip(s, used);
        return GRUNDY_OK;
    }
    for (r = 0; r < l->rows; r++) {
        const char *tok;
        size_t len, c;
        grundy_status st = grundy_scan_token(s, &tok, &len, where);
        if (st != GRUNDY_OK)
            return st; /* the end of input, or a token too long */
        for (c = 0; c < len; c++) {
            if (c == l->cols) {
                cell_error(s, len, l->cols, where);
                snprintf(where->msg, sizeof where->msg,
                         "a board row has %u cells, this one has %zu", l->cols,
                         len);
                return GRUNDY_ERR_PARSE;
            }
            if (tok[c] != '0' && tok[c] != '1') {
                cell_error(s, len, c, where);
                snprintf(where->msg, sizeof where->msg,
                         "expected a cell '0' or '1', got '%c'", tok[c]);
                return GRUNDY_ERR_PARSE;
            }
            p |= (grundy_pos)(tok[c] - '0') << (r * l->cols + c);
        }
        if (len < l->cols) {
            cell_error(s, len, len, where);
            snprintf(where->msg, sizeof where->msg,
                     "a board row has %u cells, this one has %zu", l->cols,
                     len);
            return GRUNDY_ERR_PARSE;
        }
    }
    *out = p;
    return GRUNDY_OK;
}
