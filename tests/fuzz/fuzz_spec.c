/*
 * fuzz_spec.c -- rule specs of every family, and positions of the game.
 *
 * Input: a spec on the first line, then positions, one per line.  A spec
 * that names a file names "file:@", which stands for a file holding the
 * lines that follow, up to a line "%%" (the positions come after it): so
 * node-kayles:file:@ fuzzes the edge-list reader; any other file name is
 * skipped.  What must hold for any input:
 *   - a refused spec or position names a place inside the text (column
 *     1 .. length + 1);
 *   - an accepted spec has a canonical form that parses again to the
 *     same canonical form (the store's key is stable);
 *   - an accepted position formats to a text that parses back to it;
 *   - the moves of a small position are listed within max_moves, every
 *     part of a heap move is smaller than the heap, and a listing into a
 *     short buffer counts the same moves;
 *   - a value of a position up to 4096 comes back under the memory and
 *     work limits (a refusal is an answer, a crash or a hang is not);
 *   - the C API's NULL and empty arguments are statuses: every spec and
 *     position is parsed again with where == NULL (every error path of
 *     every parser then runs without a place to write), to the same
 *     status; an empty spec line also tries a NULL spec and a NULL out,
 *     an empty position line a NULL text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grundy/grundy.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* spec with "file:@" replaced by "file:" and the path of a file holding
 * data[0..*off) up to a line "%%"; *off moves past that line. */
static char *spec_with_file(const char *spec, const uint8_t *data,
                            size_t size, size_t *off)
{
    const char *at = strstr(spec, "file:");
    size_t start = *off, end = size, next = size, k;
    const char *path;
    char *out;
    if (!at || strcmp(at + 5, "@") != 0)
        return NULL;
    for (k = start; k + 2 <= size; k++)
        if ((k == start || data[k - 1] == '\n') && data[k] == '%' &&
            data[k + 1] == '%' && (k + 2 == size || data[k + 2] == '\n')) {
            end = k;
            next = k + 2 < size ? k + 3 : size;
            break;
        }
    path = fuzz_file(data + start, end - start);
    out = malloc((size_t)(at - spec) + 5 + strlen(path) + 1);
    if (!out)
        abort();
    sprintf(out, "%.*sfile:%s", (int)(at - spec), spec, path);
    *off = next;
    return out;
}

static void check_where(const grundy_parse_error *w, size_t len,
                        const char *what)
{
    if (w->col < 1 || w->col > len + 1)
        fuzz_fail("%s: error column %lu outside 1..%zu", what, w->col,
                  len + 1);
}

static void check_moves(const grundy_game *g, grundy_pos p)
{
    const grundy_rules *r = grundy_game_rules(g);
    size_t max = r->max_moves(grundy_game_params(g), p), n, short_n, i;
    grundy_move *mv, one[2];
    if (max > 4096)
        return;
    mv = malloc((max + 1) * sizeof *mv);
    if (!mv)
        abort();
    n = r->moves(grundy_game_params(g), p, mv, max + 1);
    if (n > max)
        fuzz_fail("%s: %zu moves from %llu, max_moves %zu",
                  grundy_game_spec(g), n, (unsigned long long)p, max);
    short_n = r->moves(grundy_game_params(g), p, one, 1);
    if (short_n != n)
        fuzz_fail("%s: %zu moves from %llu, %zu into one slot",
                  grundy_game_spec(g), n, (unsigned long long)p, short_n);
    for (i = 0; i < n; i++) {
        unsigned k;
        if (mv[i].nparts > GRUNDY_MAX_PARTS)
            fuzz_fail("%s: a move with %u parts", grundy_game_spec(g),
                      mv[i].nparts);
        if (r->flags & GRUNDY_RULES_HEAP)
            for (k = 0; k < mv[i].nparts; k++)
                if (mv[i].part[k] >= p)
                    fuzz_fail("%s: a move from %llu leaves %llu",
                              grundy_game_spec(g), (unsigned long long)p,
                              (unsigned long long)mv[i].part[k]);
    }
    free(mv);
}

static void check_value(const grundy_game *g, grundy_pos p)
{
    grundy_limits lim;
    grundy_values_opts o;
    grundy_values *v;
    grundy_value x;
    grundy_status s;
    grundy_limits_init(&lim);
    lim.mem_limit = (size_t)64 << 20;
    /* a board search's positions cost far more than a table's entries
     * under the fuzzer's instrumentation: a smaller bound keeps every
     * input within the fuzzer's time-out */
    lim.work_limit = grundy_board_applies(g) ? (uint64_t)1 << 13
                                             : (uint64_t)1 << 20;
    lim.threads = 1;
    grundy_values_opts_init(&o);
    o.limits = &lim;
    if (grundy_values_new(&v, g, &o) != GRUNDY_OK)
        abort();
    s = grundy_values_get(&x, v, p);
    if (s != GRUNDY_OK && s != GRUNDY_ERR_LIMIT && s != GRUNDY_ERR_WORK &&
        s != GRUNDY_ERR_RANGE && s != GRUNDY_ERR_OVERFLOW)
        fuzz_fail("%s: g(%llu): %s", grundy_game_spec(g),
                  (unsigned long long)p, grundy_strerror(s));
    grundy_values_free(v);
}

/* NULL and empty where a spec goes: an error status at 1:1. */
static void check_null_spec(void)
{
    grundy_parse_error where;
    grundy_game *g = (grundy_game *)&where;
    static const char *const specs[] = {NULL, ""};
    size_t i;
    for (i = 0; i < 2; i++) {
        memset(&where, 0, sizeof where);
        if (grundy_game_new(&g, specs[i], &where) != GRUNDY_ERR_ARG ||
            g != NULL || where.line != 1 || where.col != 1 || !where.msg[0])
            fuzz_fail("a %s spec: no error at 1:1", specs[i] ? "empty" : "NULL");
        if (grundy_game_new(&g, specs[i], NULL) != GRUNDY_ERR_ARG ||
            grundy_rules_find(specs[i]) != NULL)
            fuzz_fail("a %s spec is accepted", specs[i] ? "empty" : "NULL");
    }
    if (grundy_game_new(NULL, "nim", NULL) != GRUNDY_ERR_ARG ||
        grundy_game_new_rules(NULL, &grundy_rules_nim, NULL, NULL) !=
            GRUNDY_ERR_ARG ||
        grundy_game_new_rules(&g, NULL, NULL, NULL) != GRUNDY_ERR_ARG ||
        grundy_rules_alias(NULL) != NULL)
        fuzz_fail("a NULL argument is accepted");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nl = memchr(data, '\n', size);
    size_t head = nl ? (size_t)(nl - data) : size, off;
    char *spec = fuzz_strdup(data, head);
    char canon[16384], canon2[16384];
    grundy_parse_error where;
    grundy_game *g = NULL, *g2 = NULL;
    grundy_status s;
    int values = 0;

    off = nl ? head + 1 : size;
    if (strstr(spec, "file:")) {
        char *named = spec_with_file(spec, data, size, &off);
        free(spec);
        if (!named)
            return 0;
        spec = named;
    }
    if (!spec[0])
        check_null_spec();
    memset(&where, 0, sizeof where);
    s = grundy_game_new(&g, spec, &where);
    if (grundy_game_new(&g2, spec, NULL) != s)
        fuzz_fail("'%s': another status without a place to write", spec);
    grundy_game_free(g2);
    g2 = NULL;
    if (s != GRUNDY_OK) {
        if (s != GRUNDY_ERR_ARG)
            check_where(&where, strlen(spec), spec);
        free(spec);
        return 0;
    }
    if (grundy_game_canonical_spec(g, canon, sizeof canon) < sizeof canon) {
        s = grundy_game_new(&g2, canon, &where);
        if (s != GRUNDY_OK)
            fuzz_fail("canonical spec '%s' of '%s' is refused", canon, spec);
        if (grundy_game_canonical_spec(g2, canon2, sizeof canon2) >=
                sizeof canon2 ||
            strcmp(canon, canon2) != 0)
            fuzz_fail("canonical spec '%s' of '%s' gives '%s'", canon, spec,
                      canon2);
        grundy_game_free(g2);
    }
    while (off < size) {
        const uint8_t *e = memchr(data + off, '\n', size - off);
        size_t len = e ? (size_t)(e - (data + off)) : size - off;
        char *text = fuzz_strdup(data + off, len), buf[512];
        grundy_pos p, q;
        memset(&where, 0, sizeof where);
        s = grundy_game_pos_parse(g, text, len, &p, &where);
        if (grundy_game_pos_parse(g, text, len, &q, NULL) != s ||
            (len == 0 && grundy_game_pos_parse(g, NULL, 0, &q, NULL) != s))
            fuzz_fail("%s: position '%s': another status without a place "
                      "to write",
                      spec, text);
        if (s != GRUNDY_OK) {
            check_where(&where, len, text);
        } else {
            size_t n = grundy_game_pos_format(g, p, buf, sizeof buf);
            if (n < sizeof buf) {
                if (grundy_game_pos_parse(g, buf, n, &q, &where) !=
                        GRUNDY_OK ||
                    q != p)
                    fuzz_fail("%s: position '%s' formats as '%s', which "
                              "does not parse back",
                              spec, text, buf);
            }
            check_moves(g, p);
            if (values++ < 4 && p <= 4096)
                check_value(g, p);
        }
        free(text);
        off += len + 1;
    }
    grundy_game_free(g);
    free(spec);
    return 0;
}
