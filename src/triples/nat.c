/*
 * nat.c -- natural numbers of any size for the triples module: decimal in
 * and out through GMP (subquadratic conversions), stored as plain 64-bit
 * limbs so that the digit DP reads bits without any library call.
 */
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "core/grow.h"
#include "triples_internal.h"

void grundy_triples_nat_init(grundy_triples_nat *n)
{
    n->limb = NULL;
    n->nlimbs = 0;
    n->alloc = 0;
}

void grundy_triples_nat_clear(grundy_triples_nat *n)
{
    free(n->limb);
    grundy_triples_nat_init(n);
}

grundy_status grundy_triples_nat_reserve(grundy_triples_nat *n, size_t nlimbs)
{
    return GRUNDY_GROW(n->limb, n->alloc, nlimbs);
}

void grundy_triples_nat_normalise(grundy_triples_nat *n)
{
    while (n->nlimbs > 0 && n->limb[n->nlimbs - 1] == 0)
        n->nlimbs--;
}

grundy_status grundy_triples_nat_set_u64(grundy_triples_nat *n, uint64_t v)
{
    if (v == 0) {
        n->nlimbs = 0;
        return GRUNDY_OK;
    }
    GRUNDY_TRY(grundy_triples_nat_reserve(n, 1));
    n->limb[0] = v;
    n->nlimbs = 1;
    return GRUNDY_OK;
}

grundy_status grundy_triples_nat_set_2exp(grundy_triples_nat *n, size_t k)
{
    size_t w = k / 64 + 1;
    GRUNDY_TRY(grundy_triples_nat_reserve(n, w));
    memset(n->limb, 0, w * sizeof *n->limb);
    n->limb[w - 1] = (uint64_t)1 << (k % 64);
    n->nlimbs = w;
    return GRUNDY_OK;
}

grundy_status grundy_triples_nat_set_mpz(grundy_triples_nat *n, const mpz_t z)
{
    size_t w = (mpz_sizeinbase(z, 2) + 63) / 64, count = 0;
    if (mpz_sgn(z) == 0) {
        n->nlimbs = 0;
        return GRUNDY_OK;
    }
    GRUNDY_TRY(grundy_triples_nat_reserve(n, w));
    mpz_export(n->limb, &count, -1, sizeof *n->limb, 0, 0, z);
    n->nlimbs = count;
    grundy_triples_nat_normalise(n);
    return GRUNDY_OK;
}

void grundy_triples_nat_get_mpz(mpz_t z, const grundy_triples_nat *n)
{
    mpz_import(z, n->nlimbs, -1, sizeof *n->limb, 0, 0, n->limb);
}

grundy_status grundy_triples_nat_set_str(grundy_triples_nat *n,
                                         const char *text, size_t len,
                                         grundy_parse_error *where)
{
    char *copy;
    size_t i;
    mpz_t z;
    grundy_status st;

    if (len == 0) {
        grundy_parse_error_set(where, 1, 1, "empty number");
        return GRUNDY_ERR_PARSE;
    }
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= '0' && c <= '9')
            continue;
        if (c == '-' || c == '+')
            grundy_parse_error_set(where, 1, i + 1,
                                   "a sign is not allowed ('%c')", c);
        else if (c >= 0x21 && c < 0x7f)
            grundy_parse_error_set(where, 1, i + 1,
                                   "expected a decimal digit, got '%c'", c);
        else
            grundy_parse_error_set(where, 1, i + 1,
                                   "expected a decimal digit, got byte "
                                   "0x%02x",
                                   c);
        return GRUNDY_ERR_PARSE;
    }
    /* Short numbers skip GMP: the common case of 'grundy solve'. */
    if (len <= 19) {
        uint64_t v = 0;
        for (i = 0; i < len; i++)
            v = v * 10 + (uint64_t)(text[i] - '0');
        return grundy_triples_nat_set_u64(n, v);
    }
    copy = malloc(len + 1);
    GRUNDY_RETURN_IF(!copy, GRUNDY_ERR_NOMEM);
    memcpy(copy, text, len);
    copy[len] = 0;
    mpz_init(z);
    if (mpz_set_str(z, copy, 10) != 0) {
        /* Unreachable: every byte was checked above. */
        mpz_clear(z);
        free(copy);
        grundy_parse_error_set(where, 1, 1, "malformed number");
        return GRUNDY_ERR_PARSE;
    }
    free(copy);
    st = grundy_triples_nat_set_mpz(n, z);
    mpz_clear(z);
    return st;
}

grundy_status grundy_triples_nat_get_str(char **out, size_t *len,
                                         const grundy_triples_nat *n)
{
    mpz_t z;
    char *s;
    mpz_init(z);
    grundy_triples_nat_get_mpz(z, n);
    s = malloc(mpz_sizeinbase(z, 10) + 2);
    if (!s) {
        mpz_clear(z);
        return GRUNDY_ERR_NOMEM;
    }
    mpz_get_str(s, 10, z);
    mpz_clear(z);
    *out = s;
    if (len)
        *len = strlen(s);
    return GRUNDY_OK;
}

int grundy_triples_nat_get_u64(uint64_t *out, const grundy_triples_nat *n)
{
    if (n->nlimbs > 1)
        return 0;
    *out = n->nlimbs ? n->limb[0] : 0;
    return 1;
}

size_t grundy_triples_nat_bits(const grundy_triples_nat *n)
{
    uint64_t top;
    size_t b;
    if (n->nlimbs == 0)
        return 0;
    top = n->limb[n->nlimbs - 1];
    for (b = 0; top; b++)
        top >>= 1;
    return 64 * (n->nlimbs - 1) + b;
}

int grundy_triples_nat_cmp(const grundy_triples_nat *a,
                           const grundy_triples_nat *b)
{
    size_t i;
    if (a->nlimbs != b->nlimbs)
        return a->nlimbs < b->nlimbs ? -1 : 1;
    for (i = a->nlimbs; i-- > 0;)
        if (a->limb[i] != b->limb[i])
            return a->limb[i] < b->limb[i] ? -1 : 1;
    return 0;
}
