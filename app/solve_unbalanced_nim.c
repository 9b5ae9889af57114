/*
 * solve_unbalanced_nim.c -- grundy solve unbalanced-nim: one N per line,
 * F(N) (the sum of a + b + c over the losing positions 0 < a < b < c < N
 * of three-heap Nim without equal heaps) per line, modulo 10^9 unless
 * --mod or --exact say otherwise; --count gives C(N) instead.
 *
 * Input is read line by line because a line is the unit of the format: an
 * empty line is an error, not a separator.  Spaces and tabs around the
 * number are allowed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "solve.h"

#define CMD "solve unbalanced-nim"

typedef struct un_args {
    grundy_triples_nat m; /* modulus; zero for --exact */
    uint64_t m64;         /* when m fits 64 bits */
    int m_is_u64, exact, count, have_mod;
} un_args;
#define AT(m) offsetof(un_args, m)

un_args solve_unbalanced_args;

static int set_mod(const char *cmd, void *args, const cli_opt *o,
                   const char *v)
{
    un_args *a = args;
    grundy_parse_error where;
    if (!v)
        return cli_usage_error(cmd, "option '%s' needs a value", o->name);
    memset(&where, 0, sizeof where);
    if (grundy_triples_nat_set_str(&a->m, v, strlen(v), &where) != GRUNDY_OK)
        return cli_usage_error(cmd, "--mod '%s': %s (column %lu)", v,
                               where.msg, where.col);
    if (a->m.nlimbs == 0)
        return cli_usage_error(cmd, "--mod must be at least 1");
    a->have_mod = 1;
    return 0;
}

static const cli_opt un_opts[] = {
    {.type = CLI_OPT_SECTION, .name = "Options:"},
    {.type = CLI_OPT_CALL, .name = "--mod", .meta = "M", .call = set_mod,
     .flags = CLI_OPT_VALUE,
     .help = "the modulus instead of 10^9 (any integer >= 1)"},
    {.type = CLI_OPT_FLAG, .name = "--exact", .field = AT(exact),
     .help = "the full integer (N below 2^65536)"},
    {.type = CLI_OPT_FLAG, .name = "--count", .field = AT(count),
     .help = "the number of losing positions instead of F(N)"},
    {.type = CLI_OPT_END},
};
#undef AT

const cli_optset solve_unbalanced_opts = {CMD, un_opts, 0, 0, 0, NULL};

/* After the options: one modulus. */
static int check_args(un_args *a)
{
    if (a->have_mod && a->exact)
        return cli_usage_error(CMD, "give --mod or --exact, not both");
    if (!a->have_mod && !a->exact &&
        grundy_triples_nat_set_u64(&a->m, 1000000000u) != GRUNDY_OK)
        return cli_error(CMD, GRUNDY_ERR_NOMEM, NULL);
    a->m_is_u64 = !a->exact && grundy_triples_nat_get_u64(&a->m64, &a->m);
    return 0;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int input_error(grundy_writer *w, unsigned long line, unsigned long col,
                       const char *msg)
{
    grundy_parse_error where;
    grundy_writer_flush(w);
    grundy_parse_error_set(&where, line, col, "%s", msg);
    return cli_input_error(GRUNDY_ERR_PARSE, &where);
}

/* --json: {"query": K, "answer": " before an answer, "} after. */
static uint64_t json_query;
static void json_open(grundy_writer *w)
{
    if (!cli_solve_json)
        return;
    grundy_writer_str(w, "{\"query\": ");
    grundy_writer_u64(w, ++json_query);
    grundy_writer_str(w, ", \"answer\": \"");
}
static void json_close(grundy_writer *w)
{
    if (cli_solve_json)
        grundy_writer_str(w, "\"}");
    grundy_writer_char(w, '\n');
}

/* Write one answer; @return a status for the failures of the library. */
static grundy_status answer(grundy_writer *w, const un_args *a,
                            const grundy_triples_nat *n,
                            grundy_triples_nat *scratch_c,
                            grundy_triples_nat *scratch_s)
{
    char *str;
    size_t len;
    grundy_status st;
    if (a->m_is_u64) {
        uint64_t c, s;
        GRUNDY_TRY(grundy_triples_losing_mod(&c, &s, n, a->m64));
        json_open(w);
        grundy_writer_u64(w, a->count ? c : s);
        json_close(w);
        return GRUNDY_OK;
    }
    if (a->exact)
        GRUNDY_TRY(grundy_triples_losing_exact(scratch_c, scratch_s, n));
    else
        GRUNDY_TRY(
            grundy_triples_losing_mod_nat(scratch_c, scratch_s, n, &a->m));
    st = grundy_triples_nat_get_str(&str, &len,
                                    a->count ? scratch_c : scratch_s);
    if (st != GRUNDY_OK)
        return st;
    json_open(w);
    grundy_writer_bytes(w, str, len);
    json_close(w);
    free(str);
    return GRUNDY_OK;
}

static int run(grundy_scanner *sc, grundy_writer *w, const un_args *a)
{
    grundy_triples_nat n, c, s;
    grundy_parse_error where;
    grundy_status st;
    const char *text;
    size_t len, p, e, q;
    int rc = CLI_EXIT_OK;
    char msg[96];

    grundy_triples_nat_init(&n);
    grundy_triples_nat_init(&c);
    grundy_triples_nat_init(&s);
    for (;;) {
        unsigned long line, col;
        memset(&where, 0, sizeof where);
        st = grundy_scan_line(sc, &text, &len, &where);
        if (st == GRUNDY_ERR_PARSE)
            break; /* end of input */
        if (st != GRUNDY_OK) {
            grundy_writer_flush(w);
            rc = cli_input_error(st, &where);
            break;
        }
        line = where.line;
        col = where.col;
        for (p = 0; p < len && is_blank(text[p]); p++)
            ;
        for (e = p; e < len && !is_blank(text[e]); e++)
            ;
        for (q = e; q < len && is_blank(text[q]); q++)
            ;
        if (p == len) {
            rc = input_error(w, line, col,
                             "empty line: expected a positive integer N");
            break;
        }
        if (q < len) {
            snprintf(msg, sizeof msg,
                     "unexpected '%.20s' after N (one N per line)", text + q);
            rc = input_error(w, line, col + q, msg);
            break;
        }
        memset(&where, 0, sizeof where);
        st = grundy_triples_nat_set_str(&n, text + p, e - p, &where);
        if (st != GRUNDY_OK) {
            rc = input_error(w, line, col + p + where.col - 1,
                             where.msg[0] ? where.msg : grundy_strerror(st));
            break;
        }
        if (n.nlimbs == 0) {
            rc = input_error(w, line, col + p,
                             "N must be a positive integer, got 0");
            break;
        }
        st = answer(w, a, &n, &c, &s);
        if (st == GRUNDY_ERR_LIMIT) {
            snprintf(msg, sizeof msg,
                     "N has more than %u binary digits, too many for "
                     "--exact (use --mod)",
                     GRUNDY_TRIPLES_EXACT_MAX_BITS);
            rc = input_error(w, line, col + p, msg);
            break;
        }
        if (st != GRUNDY_OK) {
            grundy_writer_flush(w);
            rc = cli_error(CMD, st, NULL);
            break;
        }
    }
    grundy_triples_nat_clear(&n);
    grundy_triples_nat_clear(&c);
    grundy_triples_nat_clear(&s);
    return rc;
}

int solve_unbalanced_nim(void)
{
    un_args *a = &solve_unbalanced_args;
    grundy_scanner sc;
    grundy_writer w;
    int rc;

    rc = check_args(a);
    if (rc) {
        grundy_triples_nat_clear(&a->m);
        return rc;
    }
    if (grundy_scanner_init_fd(&sc, 0) != GRUNDY_OK) {
        grundy_triples_nat_clear(&a->m);
        return cli_error(CMD, GRUNDY_ERR_NOMEM, NULL);
    }
    if (grundy_writer_init(&w, 1) != GRUNDY_OK) {
        grundy_scanner_clear(&sc);
        grundy_triples_nat_clear(&a->m);
        return cli_error(CMD, GRUNDY_ERR_NOMEM, NULL);
    }
    grundy_scanner_set_before_read(&sc, grundy_writer_flush_hook, &w);
    rc = run(&sc, &w, a);
    if (grundy_writer_clear(&w) != GRUNDY_OK && rc == CLI_EXIT_OK)
        rc = cli_write_error(CMD, &w);
    grundy_scanner_clear(&sc);
    grundy_triples_nat_clear(&a->m);
    return rc;
}
