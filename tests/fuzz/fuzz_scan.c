/*
 * fuzz_scan.c -- the input scanner (grundy/io.h) every reader is built
 * on, on a memory buffer.
 *
 * The first byte chooses a program of reads (numbers in a range, tokens,
 * lines); what must hold: no read goes past the buffer, every place
 * reported is inside the text (line >= 1, column >= 1), the place moves
 * forward, a token has no whitespace and a number is in its range.
 */
#include <string.h>

#include "grundy/grundy.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    grundy_scanner sc;
    grundy_parse_error where;
    unsigned prog;
    unsigned long line = 1, col = 1;
    int step;
    if (size < 1)
        return 0;
    prog = data[0];
    if (grundy_scanner_init_mem(&sc, (const char *)data + 1, size - 1) !=
        GRUNDY_OK)
        return 0;
    for (step = 0; step < 4096; step++) {
        unsigned op = (prog >> (2 * (step % 4))) & 3;
        unsigned long l2, c2;
        grundy_status s;
        memset(&where, 0, sizeof where);
        if (op == 0 || op == 1) {
            uint64_t v, lo = op ? 1 : 0, hi = op ? 1000000007u : UINT64_MAX;
            s = grundy_scan_u64(&sc, &v, lo, hi, &where);
            if (s == GRUNDY_OK && (v < lo || v > hi))
                fuzz_fail("number %llu outside [%llu, %llu]",
                          (unsigned long long)v, (unsigned long long)lo,
                          (unsigned long long)hi);
        } else if (op == 2) {
            const char *tok;
            size_t len, i;
            s = grundy_scan_token(&sc, &tok, &len, &where);
            if (s == GRUNDY_OK) {
                if (len == 0 || strlen(tok) > len)
                    fuzz_fail("token of length %zu", len);
                for (i = 0; i < len; i++)
                    if (tok[i] == ' ' || tok[i] == '\n' || tok[i] == '\t')
                        fuzz_fail("whitespace in a token");
            }
        } else {
            const char *text;
            size_t len;
            s = grundy_scan_line(&sc, &text, &len, &where);
            if (s == GRUNDY_OK && memchr(text, '\n', len))
                fuzz_fail("newline in a line");
        }
        if (s != GRUNDY_OK && (where.line < 1 || where.col < 1))
            fuzz_fail("error place %lu:%lu", where.line, where.col);
        grundy_scan_where(&sc, &l2, &c2);
        if (l2 < line || (l2 == line && c2 < col))
            fuzz_fail("place went back from %lu:%lu to %lu:%lu", line, col,
                      l2, c2);
        line = l2;
        col = c2;
        if (grundy_scan_at_eof(&sc))
            break;
        if (s != GRUNDY_OK && op != 0 && op != 1)
            break;
        if (s != GRUNDY_OK) {
            /* a bad number is skipped as a token */
            const char *tok;
            size_t len;
            if (grundy_scan_token(&sc, &tok, &len, &where) != GRUNDY_OK)
                break;
        }
    }
    grundy_scanner_clear(&sc);
    return 0;
}
