/*
 * solve_pshtbrth.c -- grundy solve pshtbrth: sums of 4 x 4 rectangle-
 * removal boards over ranges of a sequence, with updates.
 *
 * Input: T; per test N M, N boards (4 tokens of 4 cells '0'/'1' each),
 * then M queries "1 L R" (who wins the sum of boards L..R: Pishty for the
 * first player, Lotsy for the second) or "2 i" and a board (replace board
 * i).  Indices are 1-based.
 *
 * The query loop of 'grundy range' (range_cli.c) with this layout: a
 * number of tests, "N M" before the boards, query 1 the winner (in the
 * workload's words) and 2 an update, boards of four tokens.  All 65 536
 * values of rect:4x4 are tabulated once (tier tabulation, a few
 * milliseconds); each board becomes its value, and the range engine
 * answers each query in O(log N): a sum is a first-player win iff the XOR
 * of its values is non-zero.  Answers are flushed before every blocking
 * read, so they appear as queries arrive.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "range_cli.h"
#include "solve.h"

#define PSH_SIDE 4

/* Sets *where to the cell at offset off of the token just read. */
static void board_error(grundy_scanner *s, size_t len, size_t off,
                        grundy_parse_error *where)
{
    unsigned long line, col;
    grundy_scan_where(s, &line, &col); /* just past the token */
    where->line = line;
    where->col = col - len + off;
}

/* The usual layout of a board, four rows of four cells each followed by
 * one whitespace byte, from q (avail bytes): into *out, @return the bytes
 * of the board (19), or 0 for anything else, which the token path below
 * then reads (and names, when it is an error).  Each row is one 32-bit
 * word: every byte '0' or '1' ((b & 0xFE) == 0x30), its low bits gathered
 * by one product (byte k's bit to bit 24 + k). */
static size_t board_fast(const unsigned char *q, size_t avail,
                         grundy_pos *out)
{
    grundy_pos p = 0;
    unsigned r;
    if (avail < PSH_SIDE * (PSH_SIDE + 1))
        return 0;
    for (r = 0; r < PSH_SIDE; r++) {
        const unsigned char *row = q + r * (PSH_SIDE + 1);
        uint32_t w = (uint32_t)row[0] | (uint32_t)row[1] << 8 |
                     (uint32_t)row[2] << 16 | (uint32_t)row[3] << 24;
        unsigned sep = row[PSH_SIDE];
        if ((w & 0xFEFEFEFEu) != 0x30303030u ||
            !(sep == ' ' || (unsigned)(sep - '\t') < 5u))
            return 0;
        p |= (grundy_pos)(((w & 0x01010101u) * 0x01020408u) >> 24 & 0xFu)
             << (r * PSH_SIDE);
    }
    *out = p;
    return PSH_SIDE * (PSH_SIDE + 1) - 1;
}

/* One board: PSH_SIDE tokens of PSH_SIDE cells, row r column c at bit
 * r * 4 + c (the rect:4x4 order).  Errors point at the offending cell, or
 * just past a row that is too short.  Tokens are read without a position
 * record (formatting one per token would cost a quarter of the run time);
 * the position is worked out from the scanner only on error. */
static grundy_status read_board(grundy_scanner *s, grundy_pos *out,
                                grundy_parse_error *where)
{
    grundy_pos p = 0;
    unsigned r;
    const char *q;
    size_t avail = grundy_scan_peek(s, &q), used;
    used = board_fast((const unsigned char *)q, avail, out);
    if (used) {
        grundy_scan_skip(s, used);
        return GRUNDY_OK;
    }
    for (r = 0; r < PSH_SIDE; r++) {
        const char *tok;
        size_t len, c;
        grundy_status st = grundy_scan_token(s, &tok, &len, where);
        if (st != GRUNDY_OK)
            return st; /* the end of input, or a token too long */
        for (c = 0; c < len; c++) {
            if (c == PSH_SIDE) {
                board_error(s, len, PSH_SIDE, where);
                snprintf(where->msg, sizeof where->msg,
                         "a board row has %d cells, this one has %zu", PSH_SIDE,
                         len);
                return GRUNDY_ERR_PARSE;
            }
            if (tok[c] != '0' && tok[c] != '1') {
                board_error(s, len, c, where);
                snprintf(where->msg, sizeof where->msg,
                         "expected a cell '0' or '1', got '%c'", tok[c]);
                return GRUNDY_ERR_PARSE;
            }
            p |= (grundy_pos)(tok[c] - '0') << (r * PSH_SIDE + c);
        }
        if (len < PSH_SIDE) {
            board_error(s, len, len, where);
            snprintf(where->msg, sizeof where->msg,
                     "a board row has %d cells, this one has %zu", PSH_SIDE,
                     len);
            return GRUNDY_ERR_PARSE;
        }
    }
    *out = p;
    return GRUNDY_OK;
}

int solve_pshtbrth(void)
{
    range_cli_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.cmd = "solve pshtbrth";
    cfg.tests = 1;
    cfg.counts_first = 1;
    cfg.max_type = 2;
    cfg.ops[1] = RANGE_OP_WINNER;
    cfg.ops[2] = RANGE_OP_SET;
    cfg.winner_words[0] = "Pishty";
    cfg.winner_words[1] = "Lotsy";
    cfg.read_pos = read_board;
    cfg.pos_fast = board_fast;
    return cli_solve_range(&cfg, "rect:4x4");
}
