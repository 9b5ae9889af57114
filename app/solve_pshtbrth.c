/*
 * solve_pshtbrth.c -- grundy solve pshtbrth: sums of 4 x 4 rectangle-
 * removal boards over ranges of a sequence, with updates.
 *
 * Input: T; per test N M, N boards (4 tokens of 4 cells '0'/'1' each),
 * then M queries "1 L R" (who wins the sum of boards L..R: Pishty for the
 * first player, Lotsy for the second) or "2 i" and a board (replace board
 * i).  Indices are 1-based.
 *
 * All 65 536 values of rect:4x4 are tabulated once (tier tabulation, a
 * few milliseconds); each board becomes its value, and the range engine
 * answers each query in O(log N): a sum is a first-player win iff the
 * XOR of its values is non-zero.  Answers are flushed before every
 * blocking read, so they appear as queries arrive.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "solve.h"

#define PSH_SIDE 4
#define PSH_N_MAX 100000000ull
#define PSH_LOAD_CHUNK 4096

/* Sets *where to the cell at offset off of the token just read. */
static void board_error(grundy_scanner *s, size_t len, size_t off,
                        grundy_parse_error *where)
{
    unsigned long line, col;
    grundy_scan_where(s, &line, &col); /* just past the token */
    where->line = line;
    where->col = col - len + off;
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
    for (r = 0; r < PSH_SIDE; r++) {
        const char *tok;
        size_t len, c;
        if (grundy_scan_token(s, &tok, &len, NULL) != GRUNDY_OK) {
            unsigned long line, col;
            grundy_scan_where(s, &line, &col);
            grundy_parse_error_set(where, line, col, "unexpected end of input");
            return GRUNDY_ERR_PARSE;
        }
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

typedef struct psh_state {
    grundy_scanner in;
    grundy_writer out;
    const uint8_t *g; /* the values of all 4 x 4 boards */
    grundy_range *range;
    grundy_parse_error where;
} psh_state;

static grundy_status run_test(psh_state *st)
{
    grundy_range_opts ro;
    grundy_value chunk[PSH_LOAD_CHUNK];
    uint64_t n, m, i, q;
    grundy_status s;

    GRUNDY_TRY(grundy_scan_u64(&st->in, &n, 1, PSH_N_MAX, &st->where));
    GRUNDY_TRY(grundy_scan_u64(&st->in, &m, 0, UINT64_MAX, &st->where));
    grundy_range_opts_init(&ro);
    ro.flags = 0; /* winners only */
    grundy_range_free(st->range);
    st->range = NULL;
    s = grundy_range_new(&st->range, (size_t)n, &ro);
    if (s != GRUNDY_OK) {
        snprintf(st->where.msg, sizeof st->where.msg, "%llu boards: %s",
                 (unsigned long long)n, grundy_strerror(s));
        return s;
    }
    for (i = 0; i < n; i += PSH_LOAD_CHUNK) {
        size_t k,
            len = n - i < PSH_LOAD_CHUNK ? (size_t)(n - i) : PSH_LOAD_CHUNK;
        for (k = 0; k < len; k++) {
            grundy_pos p;
            GRUNDY_TRY(read_board(&st->in, &p, &st->where));
            chunk[k] = st->g[p];
        }
        GRUNDY_TRY(grundy_range_assign(st->range, (size_t)i, chunk, len));
    }
    for (q = 0; q < m; q++) {
        uint64_t type, a, b;
        GRUNDY_TRY(grundy_scan_u64(&st->in, &type, 1, 2, &st->where));
        if (type == 1) {
            GRUNDY_TRY(grundy_scan_u64(&st->in, &a, 1, n, &st->where));
            GRUNDY_TRY(grundy_scan_u64(&st->in, &b, a, n, &st->where));
            if (grundy_range_winner(st->range, (size_t)a - 1, (size_t)b - 1))
                grundy_writer_bytes(&st->out, "Pishty\n", 7);
            else
                grundy_writer_bytes(&st->out, "Lotsy\n", 6);
        } else {
            grundy_pos p;
            GRUNDY_TRY(grundy_scan_u64(&st->in, &a, 1, n, &st->where));
            GRUNDY_TRY(read_board(&st->in, &p, &st->where));
            GRUNDY_TRY(grundy_range_set(st->range, (size_t)a - 1, st->g[p]));
        }
    }
    return GRUNDY_OK;
}

int solve_pshtbrth(int argc, char **argv)
{
    psh_state st;
    grundy_game *game = NULL;
    const grundy_table *table = NULL;
    grundy_values *vals = NULL;
    cli_engine eng;
    grundy_status s, ws;
    uint64_t t, k;
    int rc = CLI_EXIT_OK, input_err = 0;

    (void)argv;
    if (argc > 1)
        return cli_usage_error("solve", "pshtbrth takes no arguments");
    memset(&st, 0, sizeof st);
    cli_engine_init(&eng, "solve pshtbrth");
    s = grundy_game_new(&game, "rect:4x4", NULL);
    if (s == GRUNDY_OK)
        s = cli_engine_values(&eng, game, &vals);
    if (s == GRUNDY_OK)
        s = grundy_values_table(&table, vals, 0);
    if (s != GRUNDY_OK) {
        cli_engine_clear(&eng);
        grundy_game_free(game);
        return cli_error("solve pshtbrth", s, NULL);
    }
    st.g = grundy_table_data(table);
    if (grundy_table_width(table) != 1 ||
        grundy_scanner_init_fd(&st.in, 0) != GRUNDY_OK) {
        cli_engine_clear(&eng);
        grundy_game_free(game);
        return cli_error("solve pshtbrth", GRUNDY_ERR_NOMEM, NULL);
    }
    if (grundy_writer_init(&st.out, 1) != GRUNDY_OK) {
        grundy_scanner_clear(&st.in);
        cli_engine_clear(&eng);
        grundy_game_free(game);
        return cli_error("solve pshtbrth", GRUNDY_ERR_NOMEM, NULL);
    }
    grundy_scanner_set_before_read(&st.in, grundy_writer_flush_hook, &st.out);

    s = grundy_scan_u64(&st.in, &t, 0, UINT64_MAX, &st.where);
    for (k = 0; s == GRUNDY_OK && k < t; k++)
        s = run_test(&st);
    if (s == GRUNDY_OK && !grundy_scan_at_eof(&st.in)) {
        const char *tok;
        size_t len;
        if (grundy_scan_token(&st.in, &tok, &len, &st.where) == GRUNDY_OK)
            snprintf(st.where.msg, sizeof st.where.msg,
                     "unexpected input after the last test");
        s = GRUNDY_ERR_PARSE;
    }
    input_err = s != GRUNDY_OK;

    /* Answers already computed go out before any error message. */
    ws = grundy_writer_clear(&st.out);
    if (input_err)
        rc = cli_input_error(s, &st.where);
    else if (ws != GRUNDY_OK)
        rc = cli_error("solve pshtbrth", ws, NULL);
    grundy_range_free(st.range);
    grundy_scanner_clear(&st.in);
    cli_engine_clear(&eng);
    grundy_game_free(game);
    return rc;
}
