/*
 * heap.c -- the heap families: nim, subtract:S, allbut:S, digits, half.
 *
 * Each is a const grundy_rules table.  Moves always leave one heap (which
 * may be 0), so the tables of these families fill in increasing order.
 */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "grundy/io.h"
#include "grundy/table.h"
#include "rules/rules_internal.h"

/* Helpers ******************************************************************/

static size_t spec_name(const char *name, char *buf, size_t cap)
{
    grundy_spec_buf b = grundy_spec_start(buf, cap, name);
    return b.len;
}

static grundy_status no_args(void **params, const char *args,
                             grundy_parse_error *where)
{
    *params = NULL;
    return grundy_parse_no_args(args, where);
}

static void one_heap(grundy_move *m, grundy_pos h)
{
    m->part[0] = h;
    m->nparts = 1;
}

/* nim **********************************************************************/

static size_t nim_max_moves(const void *params, grundy_pos p)
{
    (void)params;
    return p > SIZE_MAX ? SIZE_MAX : (size_t)p;
}

static size_t nim_moves(const void *params, grundy_pos p, grundy_move *out,
                        size_t cap)
{
    size_t i;
    (void)params;
    for (i = 0; i < p && i < cap; i++)
        one_heap(&out[i], i);
    return (size_t)p;
}

static int nim_value(const void *params, grundy_pos p, grundy_value *out)
{
    (void)params;
    *out = p;
    return 1;
}

/* g(n) = n: an arithmetic period 1 with saltus 1, from 0. */
static int nim_period(const void *params, grundy_period *out,
                      const char **why)
{
    (void)params;
    memset(out, 0, sizeof *out);
    out->found = out->proven = 1;
    out->period = 1;
    out->saltus = 1;
    *why = "g(n) = n";
    return 1;
}

static size_t nim_spec(const void *params, char *buf, size_t cap)
{
    (void)params;
    return spec_name("nim", buf, cap);
}

static grundy_value below_n(const void *params, grundy_pos n)
{
    (void)params;
    return n ? n - 1 : 0;
}

static int nim_move_to(const void *params, grundy_pos p, grundy_value v,
                       grundy_move *out)
{
    (void)params;
    if (v >= p)
        return 0;
    one_heap(out, v);
    return 1;
}

const grundy_rules grundy_rules_nim = {
    .name = "nim",
    .synopsis = "nim                remove any positive number of stones",
    .flags = GRUNDY_RULES_HEAP | GRUNDY_RULES_NIM,
    .parse = no_args,
    .max_moves = nim_max_moves,
    .moves = nim_moves,
    .value = nim_value,
    .period_known = nim_period,
    .spec_format = nim_spec,
    .value_bound = below_n,
    .move_to_value = nim_move_to,
};

/* subtract:S and allbut:S **************************************************/

#define AMOUNT_MAX 0xFFFFFFFFull

static grundy_status list_parse(void **params, const char *args,
                                grundy_parse_error *where)
{
    grundy_subtract_params *sp;
    grundy_status s;
    GRUNDY_TRY(GRUNDY_NEW(sp));
    s = grundy_parse_u64_list(&sp->amounts, &sp->n, args, 1, AMOUNT_MAX,
                              where);
    if (s != GRUNDY_OK) {
        free(sp);
        return s;
    }
    *params = sp;
    return GRUNDY_OK;
}

static void list_free(void *params)
{
    grundy_subtract_params *sp = params;
    if (sp)
        free(sp->amounts);
    free(sp);
}

static size_t sub_max_moves(const void *params, grundy_pos p)
{
    (void)p;
    return ((const grundy_subtract_params *)params)->n;
}

static size_t sub_moves(const void *params, grundy_pos p, grundy_move *out,
                        size_t cap)
{
    const grundy_subtract_params *sp = params;
    size_t i, k = 0;
    for (i = 0; i < sp->n && sp->amounts[i] <= p; i++) {
        if (k < cap)
            one_heap(&out[k], p - sp->amounts[i]);
        k++;
    }
    return k;
}

static grundy_pos sub_max_take(const void *params)
{
    const grundy_subtract_params *sp = params;
    return sp->amounts[sp->n - 1];
}

static size_t list_spec(const char *name, const void *params, char *buf,
                        size_t cap)
{
    const grundy_subtract_params *sp = params;
    grundy_spec_buf b = grundy_spec_start(buf, cap, name);
    size_t i;
    for (i = 0; i < sp->n; i++) {
        grundy_spec_put(&b, i ? "," : ":");
        grundy_spec_put_u64(&b, sp->amounts[i]);
    }
    return b.len;
}

static size_t sub_spec(const void *params, char *buf, size_t cap)
{
    return list_spec("subtract", params, buf, cap);
}

/* The mex of at most |S| options is at most |S|. */
static grundy_value sub_bound(const void *params, grundy_pos n)
{
    grundy_pos k = ((const grundy_subtract_params *)params)->n;
    return n && n - 1 < k ? n - 1 : k;
}

/* Subtraction games: g(n) depends on g(n - m .. n - 1) only, so m equal
 * consecutive values at distance p repeat for ever. */
static grundy_pos sub_period_run(const void *params, grundy_pos q,
                                 grundy_pos p)
{
    (void)q;
    (void)p;
    return sub_max_take(params);
}

const grundy_rules grundy_rules_subtract = {
    .name = "subtract",
    .synopsis = "subtract:S         remove s stones, s in the finite set S "
                "(e.g. subtract:1,3,4)",
    .flags = GRUNDY_RULES_HEAP,
    .parse = list_parse,
    .free_params = list_free,
    .max_moves = sub_max_moves,
    .moves = sub_moves,
    .max_take = sub_max_take,
    .spec_format = sub_spec,
    .value_bound = sub_bound,
    .kernel = &grundy_kernel_subtract,
    .period_run = sub_period_run,
};

static size_t allbut_moves(const void *params, grundy_pos p,
                           grundy_move *out, size_t cap)
{
    const grundy_subtract_params *sp = params;
    size_t j = 0, k = 0;
    grundy_pos s;
    for (s = 1; s <= p; s++) {
        while (j < sp->n && sp->amounts[j] < s)
            j++;
        if (j < sp->n && sp->amounts[j] == s)
            continue;
        if (k < cap)
            one_heap(&out[k], p - s);
        k++;
    }
    return k;
}

/* The options of p: every heap 0 .. p - 1 but p - s for s in S. */
static size_t allbut_interval(const void *params, grundy_pos p,
                              grundy_pos *lo, grundy_pos *hi,
                              grundy_pos *excl, size_t cap)
{
    const grundy_subtract_params *sp = params;
    size_t i, k = 0;
    *lo = 0;
    if (p == 0) {
        *lo = 1;
        *hi = 0;
        return 0;
    }
    *hi = p - 1;
    for (i = 0; i < sp->n && sp->amounts[i] <= p; i++) {
        if (k < cap)
            excl[k] = p - sp->amounts[i];
        k++;
    }
    return k;
}

static size_t allbut_spec(const void *params, char *buf, size_t cap)
{
    return list_spec("allbut", params, buf, cap);
}

const grundy_rules grundy_rules_allbut = {
    .name = "allbut",
    .synopsis = "allbut:S           remove any positive number of stones "
                "except those in S",
    /* arithmetic-periodic from some point on (A. Siegel): looked for,
     * and proven by the table (src/table/period.c) */
    .flags = GRUNDY_RULES_HEAP | GRUNDY_RULES_SALTUS | GRUNDY_RULES_ALLBUT,
    .parse = list_parse,
    .free_params = list_free,
    .max_moves = nim_max_moves,
    .moves = allbut_moves,
    .spec_format = allbut_spec,
    .value_bound = below_n,
    .interval = allbut_interval,
};

/* digits[:base=B] **********************************************************/

static const grundy_digits_params digits_base10 = {10};

static grundy_status digits_parse(void **params, const char *args,
                                  grundy_parse_error *where)
{
    grundy_digits_params *dp;
    uint64_t b;
    grundy_status s;
    *params = NULL;
    if (!args) {
        *params = (void *)(uintptr_t)&digits_base10;
        return GRUNDY_OK;
    }
    if (strncmp(args, "base=", 5) != 0) {
        grundy_parse_error_set(where, 1, 1, "expected base=B");
        return GRUNDY_ERR_PARSE;
    }
    s = grundy_u64_parse(&b, args + 5, strlen(args + 5), 2, 36, where);
    if (s != GRUNDY_OK) {
        if (where)
            where->col += 5;
        return s;
    }
    dp = malloc(sizeof *dp);
    GRUNDY_RETURN_IF(!dp, GRUNDY_ERR_NOMEM);
    dp->base = (unsigned)b;
    *params = dp;
    return GRUNDY_OK;
}

static void digits_free(void *params)
{
    if (params != &digits_base10)
        free(params);
}

static size_t digits_max_moves(const void *params, grundy_pos p)
{
    (void)p;
    return ((const grundy_digits_params *)params)->base - 1;
}

static size_t digits_moves(const void *params, grundy_pos p,
                           grundy_move *out, size_t cap)
{
    unsigned b = ((const grundy_digits_params *)params)->base;
    uint64_t seen = 0;
    size_t k = 0;
    grundy_pos x;
    for (x = p; x; x /= b)
        seen |= 1ull << (x % b);
    seen &= ~1ull;
    while (seen) {
        unsigned d = (unsigned)__builtin_ctzll(seen);
        seen &= seen - 1;
        if (k < cap)
            one_heap(&out[k], p - d);
        k++;
    }
    return k;
}

static grundy_pos digits_max_take(const void *params)
{
    return ((const grundy_digits_params *)params)->base - 1;
}

static size_t digits_spec(const void *params, char *buf, size_t cap)
{
    unsigned b = ((const grundy_digits_params *)params)->base;
    grundy_spec_buf sb = grundy_spec_start(buf, cap, "digits");
    if (b != 10) {
        grundy_spec_put(&sb, ":base=");
        grundy_spec_put_u64(&sb, b);
    }
    return sb.len;
}

/* At most base - 1 options. */
static grundy_value digits_bound(const void *params, grundy_pos n)
{
    (void)n;
    return ((const grundy_digits_params *)params)->base - 1;
}

const grundy_rules grundy_rules_digits = {
    .name = "digits",
    .synopsis = "digits[:base=B]    remove a non-zero digit of the heap "
                "(base 10, or B in 2..36)",
    .flags = GRUNDY_RULES_HEAP,
    .parse = digits_parse,
    .free_params = digits_free,
    .max_moves = digits_max_moves,
    .moves = digits_moves,
    .max_take = digits_max_take,
    .spec_format = digits_spec,
    .value_bound = digits_bound,
    .kernel = &grundy_kernel_digits,
};

/* half *********************************************************************/

static size_t half_max_moves(const void *params, grundy_pos p)
{
    (void)params;
    return (size_t)(p / 2);
}

static size_t half_moves(const void *params, grundy_pos p, grundy_move *out,
                         size_t cap)
{
    grundy_pos s;
    size_t k = 0;
    (void)params;
    for (s = 1; s <= p / 2; s++, k++)
        if (k < cap)
            one_heap(&out[k], p - s);
    return k;
}

/* G(2n) = n and G(2n+1) = G(n): strip trailing ones, then halve. */
static int half_value(const void *params, grundy_pos p, grundy_value *out)
{
    (void)params;
    while (p & 1)
        p >>= 1;
    *out = p >> 1;
    return 1;
}

/* No period, nor an arithmetic one: g(2n) = n grows without bound, so no
 * period; and an arithmetic period p with saltus s > 0 would give, for p
 * odd, g(n + (p - 1) / 2) = g(2n + p) = g(2n) + s = n + s for large n,
 * which g(2n) = n denies, and for p even the same with p / 2 (from the
 * odd n, g(2n + 1 + p) = g(n + p / 2)). */
static int half_period(const void *params, grundy_period *out,
                       const char **why)
{
    (void)params;
    memset(out, 0, sizeof *out); /* none */
    *why = "g(2n) = n grows without bound, and g(2n + 1) = g(n)";
    return 1;
}

static size_t half_spec(const void *params, char *buf, size_t cap)
{
    (void)params;
    return spec_name("half", buf, cap);
}

static grundy_value half_bound(const void *params, grundy_pos n)
{
    (void)params;
    return n / 2;
}

const grundy_rules grundy_rules_half = {
    .name = "half",
    .synopsis = "half               remove 1 .. floor(h/2) stones",
    .flags = GRUNDY_RULES_HEAP,
    .parse = no_args,
    .max_moves = half_max_moves,
    .moves = half_moves,
    .value = half_value,
    .period_known = half_period,
    .spec_format = half_spec,
    .value_bound = half_bound,
};
