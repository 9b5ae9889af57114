/*
 * takebreak.c -- take-and-break families: octal and hexadecimal codes, and
 * Grundy's game.
 *
 * Both families share one parameter block (grundy_takebreak_params) and
 * one move generator: for each number j of tokens taken, the bits of
 * digit j say whether the rest may vanish, stay one heap, or be split in
 * two or three non-empty heaps.  Splits are listed once per multiset of
 * heap sizes (a <= b <= c), so the generic table method does no duplicate
 * work.  Fast tabulation lives in src/table/sparse.c.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/format.h"
#include "grundy/takebreak.h"
#include "rules/rules_internal.h"

/* The width of the point at text[i]: 1 for '.', 2 for the middle dot
 * U+00B7 of the literature ("0\xC2\xB777"), 0 for anything else. */
static size_t point_at(const char *text, size_t len, size_t i)
{
    if (i < len && text[i] == '.')
        return 1;
    if (i + 1 < len && (unsigned char)text[i] == 0xC2 &&
        (unsigned char)text[i + 1] == 0xB7)
        return 2;
    return 0;
}

grundy_status grundy_takebreak_parse(grundy_takebreak_params *out,
                                     const char *text, size_t len,
                                     grundy_parse_error *where)
{
    size_t i, pw, first; /* the point's width; the first digit after it */
    int d0;

    memset(out, 0, sizeof *out);
    /* An infinite code: the last digit repeats for ever ("4.3..."). */
    if (len >= 3 && memcmp(text + len - 3, "...", 3) == 0) {
        out->repeat = 1;
        len -= 3;
        /* "4...", "4....", ".": no digit after the point */
        if (len >= 1 && (point_at(text, len, 0) == len ||
                         (grundy_format_hex_digit(text[0]) >= 0 &&
                          (len == 1 || 1 + point_at(text, len, 1) == len)))) {
            grundy_parse_error_set(where, 1, len + 1,
                                   "'...' repeats the last digit after "
                                   "the point, and there is none");
            return GRUNDY_ERR_PARSE;
        }
    }
    if (len == 0) {
        grundy_parse_error_set(where, 1, 1,
                               "expected a code such as 0.137 or 4.07");
        return GRUNDY_ERR_PARSE;
    }
    /* ".137" and "\xC2\xB7137" are 0.137, as the literature writes them */
    if ((pw = point_at(text, len, 0)) != 0) {
        d0 = 0;
        first = pw;
    } else {
        d0 = grundy_format_hex_digit(text[0]);
        if (d0 < 0) {
            grundy_parse_error_set(where, 1, 1,
                                   "expected a code such as 0.137, .137 or "
                                   "4.07");
            return GRUNDY_ERR_PARSE;
        }
        if (d0 & 3) {
            grundy_parse_error_set(where, 1, 1,
                                   "leading digit '%c' out of range: it must "
                                   "be 0, 4, 8 or C (a move that takes "
                                   "nothing must split the heap)",
                                   text[0]);
            return GRUNDY_ERR_RANGE;
        }
        pw = point_at(text, len, 1);
        if (!pw) {
            grundy_parse_error_set(where, 1, 2,
                                   "expected '.' after the leading digit "
                                   "(a code looks like 0.137)");
            return GRUNDY_ERR_PARSE;
        }
        first = 1 + pw;
    }
    /* "4." (split a heap without taking, nothing else) has no digits
     * after the point, and is a code */
    out->digit[0] = (uint8_t)d0;
    for (i = first; i < len; i++) {
        int d = grundy_format_hex_digit(text[i]);
        size_t j = i - first + 1;
        if (d < 0) {
            unsigned char c = (unsigned char)text[i];
            if (c >= 0x21 && c < 0x7F)
                grundy_parse_error_set(where, 1, i + 1,
                                       "'%c' is not a digit of an octal "
                                       "(0-7) or hexadecimal (0-9, A-F) "
                                       "code",
                                       c);
            else
                grundy_parse_error_set(where, 1, i + 1,
                                       "byte 0x%02X is not a digit of an "
                                       "octal (0-7) or hexadecimal (0-9, "
                                       "A-F) code",
                                       c);
            return GRUNDY_ERR_PARSE;
        }
        if (j > GRUNDY_TAKEBREAK_MAX_DIGITS) {
            grundy_parse_error_set(where, 1, i + 1,
                                   "code longer than %d digits after the "
                                   "point",
                                   GRUNDY_TAKEBREAK_MAX_DIGITS);
            return GRUNDY_ERR_LIMIT;
        }
        out->digit[j] = (uint8_t)d;
    }
    if (out->repeat) {
        size_t last = len - 1;            /* the repeated digit in text */
        size_t k = last - first + 1;      /* ... and its index in digit[] */
        if (out->digit[k] == 0) {
            grundy_parse_error_set(where, 1, last + 1,
                                   "'...' repeats the digit 0: nothing to "
                                   "repeat");
            return GRUNDY_ERR_PARSE;
        }
        if (out->digit[k] & 8) {
            grundy_parse_error_set(where, 1, last + 1,
                                   "a repeated digit that leaves three "
                                   "heaps (8-F) is not supported");
            return GRUNDY_ERR_RANGE;
        }
        /* 4.33... is 4.3...: the repeat starts as early as it can */
        for (i = k; i > 1 && out->digit[i - 1] == out->digit[i]; i--)
            out->digit[i] = 0;
    }
    for (i = 0; i <= GRUNDY_TAKEBREAK_MAX_DIGITS; i++) {
        unsigned d = out->digit[i], parts;
        if (!d)
            continue;
        if (i > 0)
            out->take = (unsigned)i;
        parts = (d & 8) ? 3 : (d & 4) ? 2 : (d & 2) ? 1 : 0;
        if (parts > out->max_parts)
            out->max_parts = parts;
    }
    return GRUNDY_OK;
}

static grundy_status octal_parse(void **params, const char *args,
                                 grundy_parse_error *where)
{
    grundy_takebreak_params *tp;
    grundy_status s;
    *params = NULL;
    tp = malloc(sizeof *tp);
    GRUNDY_RETURN_IF(!tp, GRUNDY_ERR_NOMEM);
    s = grundy_takebreak_parse(tp, args ? args : "", args ? strlen(args) : 0,
                               where);
    if (s != GRUNDY_OK) {
        free(tp);
        return s;
    }
    *params = tp;
    return GRUNDY_OK;
}

/* A spec that starts with a decimal digit, with a hexadecimal letter
 * followed by the point, or with the point (the literature's ".77" and
 * "\xC2\xB777" for 0.77) is a code (or a malformed one, which parse()
 * then explains). */
static int octal_claims(const char *spec)
{
    size_t len = strlen(spec);
    if (spec[0] >= '0' && spec[0] <= '9')
        return 1;
    /* ".77", "\xC2\xB777" (a middle dot), "C\xC2\xB77" */
    return point_at(spec, len, 0) ||
           (grundy_format_hex_digit(spec[0]) >= 0 && point_at(spec, len, 1));
}

/* Moves ********************************************************************/

/* Splits of m into three non-empty heaps a <= b <= c. */
static size_t add_sat(size_t x, size_t y)
{
    return x > SIZE_MAX - y ? SIZE_MAX : x + y;
}

__extension__ typedef unsigned __int128 tb_u128;

/* F(T) = sum of floor(t / 2) over 0 <= t <= T = floor(T^2 / 4), as
 * floor(T / 2) ceil(T / 2), which does not overflow 128 bits. */
static tb_u128 half_sum(grundy_pos T)
{
    return (tb_u128)(T / 2) * (T / 2 + T % 2);
}

/* The triples a <= b <= c of a + b + c = m not yet listed when the
 * listing stopped before (a, b): the rest of row a (b .. (m - a) / 2),
 * then every row a' > a, whose length is floor((m - a') / 2) - a' + 1.
 * Saturates at SIZE_MAX; O(1), so a heap near 2^64 costs nothing. */
static size_t triples_left(grundy_pos m, grundy_pos a, grundy_pos b)
{
    tb_u128 left = 0;
    grundy_pos A = m / 3;
    if (a > A)
        return 0;
    if (b <= (m - a) / 2) {
        left = (m - a) / 2 - b + 1;
        a++;
    }
    if (a <= A) {
        /* sum over a' in [a, A] of floor((m - a') / 2) - (a' - 1) */
        tb_u128 fl = half_sum(m - a) -
                               (m - A >= 1 ? half_sum(m - A - 1) : 0);
        tb_u128 n = (tb_u128)(A - a + 1);
        tb_u128 lin = n * (a - 1) + n * (n - 1) / 2;
        left += fl - lin;
    }
    return left > SIZE_MAX ? SIZE_MAX : (size_t)left;
}

/* What removing j tokens may leave, and the last j to look at from p. */
static unsigned tb_digit(const grundy_takebreak_params *tp, grundy_pos j)
{
    return j < tp->take ? tp->digit[j]
           : j == tp->take || tp->repeat ? tp->digit[tp->take]
                                         : 0;
}

static grundy_pos tb_last_j(const grundy_takebreak_params *tp, grundy_pos p)
{
    return tp->repeat || p < tp->take ? p : tp->take;
}

/* The moves from p: each j up to take counted alone, the repeated digit
 * of an infinite code (bits 1, 2 and 4 only) over j = take .. p at once,
 * so that a huge heap costs no more than a small one. */
static size_t tb_max_moves(const void *params, grundy_pos p)
{
    const grundy_takebreak_params *tp = params;
    size_t k = 0;
    /* j = take .. p of an infinite code: below */
    grundy_pos j, end = tp->repeat ? tp->take : tb_last_j(tp, p) + 1;
    for (j = 0; j < end && j <= p; j++) {
        unsigned d = tb_digit(tp, j);
        grundy_pos m = p - j;
        if ((d & 1) && m == 0)
            k = add_sat(k, 1);
        if ((d & 2) && m >= 1)
            k = add_sat(k, 1);
        if (d & 4)
            k = add_sat(k, m / 2 > SIZE_MAX ? SIZE_MAX : (size_t)(m / 2));
        if (d & 8) {
            /* about m^2/12: refuse sizes whose count overflows */
            if (m > ((grundy_pos)1 << 31))
                return SIZE_MAX;
            k = add_sat(k, triples_left(m, 1, 1));
        }
    }
    if (tp->repeat && p >= tp->take) {
        /* m = p - j runs over 0 .. n */
        unsigned d = tp->digit[tp->take];
        grundy_pos n = p - tp->take;
        if (d & 1)
            k = add_sat(k, 1);                 /* m == 0 */
        if (d & 2)
            k = add_sat(k, n > SIZE_MAX ? SIZE_MAX : (size_t)n); /* 1..n */
        if (d & 4) {
            tb_u128 h = half_sum(n); /* the splits of every m */
            k = add_sat(k, h > SIZE_MAX ? SIZE_MAX : (size_t)h);
        }
    }
    return k;
}

static size_t tb_moves(const void *params, grundy_pos p, grundy_move *out,
                       size_t cap)
{
    const grundy_takebreak_params *tp = params;
    size_t k = 0;
    grundy_pos j;
    for (j = 0; j <= tb_last_j(tp, p); j++) {
        unsigned d = tb_digit(tp, j);
        grundy_pos m = p - j, a, b;
        if ((d & 1) && m == 0) {
            if (k < cap)
                out[k].nparts = 0;
            k = add_sat(k, 1);
        }
        if ((d & 2) && m >= 1) {
            if (k < cap) {
                out[k].part[0] = m;
                out[k].nparts = 1;
            }
            k = add_sat(k, 1);
        }
        if (d & 4) {
            /* listed while there is room, counted beyond */
            for (a = 1; a <= m / 2 && k < cap; a++) {
                if (tp->unequal && 2 * a == m)
                    continue;
                out[k].part[0] = a;
                out[k].part[1] = m - a;
                out[k].nparts = 2;
                k++;
            }
            if (a <= m / 2) {
                grundy_pos left = m / 2 - a + 1;
                if (tp->unequal && m % 2 == 0)
                    left--;
                k = add_sat(k, left > SIZE_MAX ? SIZE_MAX : (size_t)left);
            }
        }
        if (d & 8) {
            a = b = 1;
            while (a <= m / 3 && k < cap) {
                for (b = a; b <= (m - a) / 2 && k < cap; b++) {
                    out[k].part[0] = a;
                    out[k].part[1] = b;
                    out[k].part[2] = m - a - b;
                    out[k].nparts = 3;
                    k++;
                }
                if (b <= (m - a) / 2)
                    break; /* out of room inside row a */
                b = ++a;
            }
            if (k >= cap)
                k = add_sat(k, triples_left(m, a, b));
        }
    }
    return k;
}

/* 0 (unbounded) for an infinite code. */
static grundy_pos tb_max_take(const void *params)
{
    const grundy_takebreak_params *tp = params;
    return tp->repeat ? 0 : tp->take;
}

/* The code with trailing zero digits dropped, hexadecimal digits upper
 * case: "0.770" and "octal:0.77" are both "0.77". */
static size_t tb_spec(const void *params, char *buf, size_t cap)
{
    static const char hex[] = "0123456789ABCDEF";
    const grundy_takebreak_params *tp = params;
    grundy_spec_buf b;
    char code[GRUNDY_TAKEBREAK_MAX_DIGITS + 8];
    unsigned j, k = 0;
    code[k++] = hex[tp->digit[0]];
    code[k++] = '.';
    for (j = 1; j <= tp->take; j++)
        code[k++] = hex[tp->digit[j]];
    if (tp->take == 0)
        code[k++] = '0';
    if (tp->repeat) {
        memcpy(code + k, "...", 3);
        k += 3;
    }
    code[k] = 0;
    b = grundy_spec_start(buf, cap, code);
    return b.len;
}

/* Guy-Smith (Winning Ways ch. 4, extended to three-heap moves): with
 * moves leaving at most k heaps and taking at most t tokens, g(n + p) =
 * g(n) for q <= n < k q + (k-1) p + t proves it for every n >= q.  For n
 * beyond that bound, each move from n + p leaves a heap of at least q + p
 * (and the same move from n the same heap less p), so both option sets
 * match by induction.  End beyond t, so that no move empties a heap. */
static grundy_pos tb_period_run(const void *params, grundy_pos q,
                                grundy_pos p)
{
    const grundy_takebreak_params *tp = params;
    grundy_pos k = tp->max_parts ? tp->max_parts : 1;
    grundy_pos end = k * q + (k - 1) * p + tp->take;
    /* An infinite code reaches every smaller heap: no theorem is used
     * (its values are often arithmetic-periodic instead, which
     * grundy_period_find() reports as seen, not proven). */
    if (tp->repeat)
        return 0;
    if (end < (grundy_pos)tp->take + 1)
        end = (grundy_pos)tp->take + 1;
    return end > q ? end - q : 1;
}

static const grundy_takebreak_params *tb_params(const void *params)
{
    return params;
}

/* What every take-and-break family's table holds: its flags, its moves
 * from the code, the sparse space kernel and the code itself. */
#define TAKEBREAK_FAMILY                                                      \
    .flags = GRUNDY_RULES_HEAP | GRUNDY_RULES_SALTUS | GRUNDY_RULES_MISERE |  \
             GRUNDY_RULES_RARE,                                               \
    .max_moves = tb_max_moves, .moves = tb_moves,                             \
    .kernel = &grundy_kernel_takebreak, .takebreak = tb_params

const grundy_rules grundy_rules_octal = {
    .name = "octal",
    .synopsis = "0.137, 4.07, 0.F7  take-and-break code (octal or "
                "hexadecimal; 4.3...: the last\n"
                "                     digit repeats); also octal:CODE",
    TAKEBREAK_FAMILY,
    .claims = octal_claims,
    .parse = octal_parse,
    .free_params = free,
    .max_take = tb_max_take,
    .spec_format = tb_spec,
    .period_run = tb_period_run,
};

/* Grundy's game ************************************************************/

static const grundy_takebreak_params grundy_game_tb = {
    .digit = {4},
    .take = 0,
    .max_parts = 2,
    .unequal = 1,
};

static grundy_status grundy_game_parse(void **params, const char *args,
                                       grundy_parse_error *where)
{
    *params = NULL;
    GRUNDY_TRY(grundy_parse_no_args(args, where));
    *params = (void *)(uintptr_t)&grundy_game_tb;
    return GRUNDY_OK;
}

static size_t gg_spec(const void *params, char *buf, size_t cap)
{
    grundy_spec_buf b = grundy_spec_start(buf, cap, "grundy-game");
    (void)params;
    return b.len;
}

/* No period criterion: whether two heaps differ is not preserved by
 * adding a period to one of them. */
const grundy_rules grundy_rules_grundy_game = {
    .name = "grundy-game",
    .synopsis = "grundy-game        split a heap into two unequal non-empty "
                "heaps",
    TAKEBREAK_FAMILY,
    .parse = grundy_game_parse,
    .spec_format = gg_spec,
};
