/*
 * solve_mdswin.c -- grundy solve mdswin: the divisor game, counting the
 * target assignments that the first player wins (Moore's Nim_2).
 *
 * Input: T (1..5); per test N K (1 <= N <= 10^5, 1 <= K <= 10^9) and N
 * distinct S_j in [1, 10^9].  Output: per test, the number of ordered
 * K-tuples of targets from S whose game the first player wins, mod
 * 10^9 + 7.  A pile with target H is a Nim heap of d(H) - 1 stones and a
 * move touches one or two piles, so this is grundy_count_tuples() with
 * k = 2 on the histogram of d(S_j) - 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "solve.h"

#define T_MAX 5
#define N_MAX 100000
#define K_MAX 1000000000u
#define S_MAX 1000000000u
#define MOD 1000000007u
#define HASH_BITS 18 /* 2^18 slots for 10^5 keys */

/* Insert v (non-zero); 0 when it was there already. */
static int set_insert(uint64_t *slots, uint64_t v)
{
    size_t mask = ((size_t)1 << HASH_BITS) - 1;
    size_t i = (size_t)((v * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - HASH_BITS));
    while (slots[i]) {
        if (slots[i] == v)
            return 0;
        i = (i + 1) & mask;
    }
    slots[i] = v;
    return 1;
}

typedef struct mdswin_state {
    uint64_t *s, *slots, *hist;
    uint32_t *d;
} mdswin_state;

/* Earlier answers go out before the message, so that a terminal or a
 * combined stream shows them in order. */
static int input_error(grundy_writer *w, grundy_status s,
                       const grundy_parse_error *where)
{
    (void)grundy_writer_flush(w);
    return cli_input_error(s, where);
}

static int solve_all(grundy_scanner *sc, grundy_writer *w, mdswin_state *st)
{
    grundy_parse_error where;
    grundy_status s;
    uint64_t T, t, n, K, j;

    memset(&where, 0, sizeof where);
    s = grundy_scan_u64(sc, &T, 1, T_MAX, &where);
    if (s != GRUNDY_OK)
        return input_error(w, s, &where);
    for (t = 0; t < T; t++) {
        grundy_count_result r;
        size_t nv = 0;
        if ((s = grundy_scan_u64(sc, &n, 1, N_MAX, &where)) != GRUNDY_OK ||
            (s = grundy_scan_u64(sc, &K, 1, K_MAX, &where)) != GRUNDY_OK)
            return input_error(w, s, &where);
        memset(st->slots, 0, sizeof *st->slots << HASH_BITS);
        for (j = 0; j < n; j++) {
            unsigned long line, col;
            /* the number's first byte (leading zeros included) */
            (void)grundy_scan_at_eof(sc);
            grundy_scan_where(sc, &line, &col);
            s = grundy_scan_u64(sc, &st->s[j], 1, S_MAX, &where);
            if (s != GRUNDY_OK)
                return input_error(w, s, &where);
            if (!set_insert(st->slots, st->s[j])) {
                (void)grundy_writer_flush(w);
                fprintf(stderr,
                        "grundy: %s:%lu:%lu: %llu is already in the "
                        "set\n",
                        cli_input_name, line, col, (unsigned long long)st->s[j]);
                return CLI_EXIT_DATA;
            }
        }
        s = grundy_nt_divisor_count_batch(st->d, st->s, (size_t)n);
        if (s != GRUNDY_OK)
            return cli_error("solve mdswin", s, NULL);
        memset(st->hist, 0, 2048 * sizeof *st->hist);
        for (j = 0; j < n; j++) {
            /* d(H) <= 1344 for H <= 10^9 */
            st->hist[st->d[j] - 1]++;
            nv = st->d[j] > nv ? st->d[j] : nv;
        }
        s = grundy_count_tuples(&r, st->hist, nv, K, 2, MOD, NULL);
        if (s != GRUNDY_OK)
            return cli_error("solve mdswin", s, NULL);
        if (cli_solve_json) {
            grundy_writer_str(w, "{\"test\": ");
            grundy_writer_u64(w, t + 1);
            cli_json_u64(w, "count", r.winning);
            grundy_writer_str(w, "}\n");
        } else {
            grundy_writer_u64(w, r.winning);
            grundy_writer_char(w, '\n');
        }
    }
    if (!grundy_scan_at_eof(sc)) {
        unsigned long line, col;
        const char *tok;
        size_t len;
        if (grundy_scan_token(sc, &tok, &len, &where) == GRUNDY_OK) {
            line = where.line;
            col = where.col;
        } else {
            grundy_scan_where(sc, &line, &col);
        }
        (void)grundy_writer_flush(w);
        fprintf(stderr,
                "grundy: %s:%lu:%lu: unexpected data after the "
                "last test\n",
                cli_input_name, line, col);
        return CLI_EXIT_DATA;
    }
    return CLI_EXIT_OK;
}

int solve_mdswin(void)
{
    grundy_scanner sc;
    grundy_writer w;
    mdswin_state st;
    int rc;
    st.s = malloc(N_MAX * sizeof *st.s);
    st.d = malloc(N_MAX * sizeof *st.d);
    st.slots = malloc(sizeof *st.slots << HASH_BITS);
    st.hist = malloc(2048 * sizeof *st.hist);
    if (!st.s || !st.d || !st.slots || !st.hist ||
        grundy_scanner_init_fd(&sc, 0) != GRUNDY_OK) {
        free(st.s);
        free(st.d);
        free(st.slots);
        free(st.hist);
        return cli_error("solve mdswin", GRUNDY_ERR_NOMEM, NULL);
    }
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        grundy_scanner_clear(&sc);
        free(st.s);
        free(st.d);
        free(st.slots);
        free(st.hist);
        return cli_error("solve mdswin", GRUNDY_ERR_NOMEM, NULL);
    }
    grundy_scanner_set_before_read(&sc, grundy_writer_flush_hook, &w);
    rc = solve_all(&sc, &w, &st);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == CLI_EXIT_OK)
        rc = cli_write_error("solve mdswin", &w);
    grundy_scanner_clear(&sc);
    free(st.s);
    free(st.d);
    free(st.slots);
    free(st.hist);
    return rc;
}
