/*
 * ext.c -- the ring Z_p[w]/(Phi_q(w)): a primitive q-th root of unity
 * adjoined to Z_p.
 *
 * Phi_q is computed exactly over Z as (x^q - 1) divided by Phi_d for every
 * proper divisor d of q; for q <= 64 its coefficients are -1, 0 or 1 (the
 * first 2 appears at q = 105), so int64 never overflows.  Products are
 * schoolbook followed by reduction from the top degree down; phi(q) <= 63
 * keeps everything on the stack.  The transforms in count/ use the
 * hand-unrolled q = 3 case; this generic code serves every q and is what
 * the ring-law tests exercise.
 */
#include <assert.h>
#include <string.h>

#include "grundy/nt.h"

unsigned grundy_nt_cyclotomic(int64_t *c, unsigned q)
{
    int64_t num[GRUNDY_NT_EXT_QMAX + 1], den[GRUNDY_NT_EXT_QMAX + 1];
    unsigned deg = q, d, i, j;

    assert(q >= 1 && q <= GRUNDY_NT_EXT_QMAX);
    memset(num, 0, sizeof num);
    num[0] = -1;
    num[q] = 1;
    for (d = 1; d < q; d++) {
        unsigned dd;
        if (q % d)
            continue;
        dd = grundy_nt_cyclotomic(den, d);
        /* Exact division of num (degree deg) by the monic den (degree dd). */
        for (i = deg; i >= dd && i <= deg; i--) {
            int64_t t = num[i];
            if (!t)
                continue;
            for (j = 0; j <= dd; j++)
                num[i - dd + j] -= t * den[j];
            num[i] = t; /* keep the quotient coefficient in place */
        }
        /* The quotient sits in num[dd..deg]; shift it down. */
        for (i = 0; i + dd <= deg; i++)
            num[i] = num[i + dd];
        for (; i <= deg; i++)
            num[i] = 0;
        deg -= dd;
    }
    memcpy(c, num, (deg + 1) * sizeof *c);
    return deg;
}

grundy_status grundy_nt_ext_init(grundy_nt_ext *r, const grundy_nt_mod *m,
                                 unsigned q)
{
    int64_t c[GRUNDY_NT_EXT_QMAX + 1];
    unsigned i;
    GRUNDY_RETURN_IF(q < 2 || q > GRUNDY_NT_EXT_QMAX, GRUNDY_ERR_ARG);
    memset(r, 0, sizeof *r);
    r->m = *m;
    r->q = q;
    r->deg = grundy_nt_cyclotomic(c, q);
    assert(c[r->deg] == 1);
    for (i = 0; i < r->deg; i++)
        r->phi[i] = c[i] >= 0
                        ? grundy_nt_mod_set_u64((uint64_t)c[i], m)
                        : grundy_nt_mod_neg(
                              grundy_nt_mod_set_u64((uint64_t)-c[i], m), m);
    return GRUNDY_OK;
}

void grundy_nt_ext_zero(uint64_t *out, const grundy_nt_ext *r)
{
    memset(out, 0, r->deg * sizeof *out);
}

void grundy_nt_ext_set_scalar(uint64_t *out, uint64_t a, const grundy_nt_ext *r)
{
    grundy_nt_ext_zero(out, r);
    out[0] = a;
}

void grundy_nt_ext_reduce(uint64_t *out, const uint64_t *c, size_t len,
                          const grundy_nt_ext *r)
{
    uint64_t t[2 * GRUNDY_NT_EXT_QMAX];
    const grundy_nt_mod *m = &r->m;
    size_t i, j, d = r->deg;
    if (len <= d) {
        memmove(out, c, len * sizeof *c);
        memset(out + len, 0, (d - len) * sizeof *out);
        return;
    }
    assert(len <= 2 * GRUNDY_NT_EXT_QMAX);
    memcpy(t, c, len * sizeof *c);
    for (i = len - 1; i >= d; i--) {
        uint64_t x = t[i];
        if (x)
            for (j = 0; j < d; j++)
                t[i - d + j] = grundy_nt_mod_sub(
                    t[i - d + j], grundy_nt_mod_mul(x, r->phi[j], m), m);
    }
    memcpy(out, t, d * sizeof *out);
}

void grundy_nt_ext_set_wpow(uint64_t *out, uint64_t j, const grundy_nt_ext *r)
{
    uint64_t c[GRUNDY_NT_EXT_QMAX];
    size_t e = (size_t)(j % r->q);
    memset(c, 0, sizeof c);
    c[e] = r->m.r1;
    grundy_nt_ext_reduce(out, c, e + 1, r);
}

void grundy_nt_ext_add(uint64_t *out, const uint64_t *a, const uint64_t *b,
                       const grundy_nt_ext *r)
{
    unsigned i;
    for (i = 0; i < r->deg; i++)
        out[i] = grundy_nt_mod_add(a[i], b[i], &r->m);
}

void grundy_nt_ext_sub(uint64_t *out, const uint64_t *a, const uint64_t *b,
                       const grundy_nt_ext *r)
{
    unsigned i;
    for (i = 0; i < r->deg; i++)
        out[i] = grundy_nt_mod_sub(a[i], b[i], &r->m);
}

void grundy_nt_ext_mul(uint64_t *out, const uint64_t *a, const uint64_t *b,
                       const grundy_nt_ext *r)
{
    uint64_t t[2 * GRUNDY_NT_EXT_QMAX];
    const grundy_nt_mod *m = &r->m;
    unsigned i, j, d = r->deg;
    memset(t, 0, (2 * d - 1) * sizeof *t);
    for (i = 0; i < d; i++)
        for (j = 0; j < d; j++)
            t[i + j] = grundy_nt_mod_add(t[i + j],
                                         grundy_nt_mod_mul(a[i], b[j], m), m);
    grundy_nt_ext_reduce(out, t, 2 * d - 1, r);
}

void grundy_nt_ext_pow(uint64_t *out, const uint64_t *a, uint64_t e,
                       const grundy_nt_ext *r)
{
    uint64_t acc[GRUNDY_NT_EXT_QMAX], base[GRUNDY_NT_EXT_QMAX];
    memcpy(base, a, r->deg * sizeof *a);
    grundy_nt_ext_set_scalar(acc, r->m.r1, r);
    while (e) {
        if (e & 1)
            grundy_nt_ext_mul(acc, acc, base, r);
        e >>= 1;
        if (e)
            grundy_nt_ext_mul(base, base, base, r);
    }
    memcpy(out, acc, r->deg * sizeof *out);
}

void grundy_nt_ext_conj(uint64_t *out, const uint64_t *a,
                        const grundy_nt_ext *r)
{
    uint64_t c[GRUNDY_NT_EXT_QMAX];
    unsigned i;
    memset(c, 0, sizeof c);
    /* w^i -> w^(q-i); the images have degree < q. */
    for (i = 0; i < r->deg; i++) {
        unsigned e = i ? r->q - i : 0;
        c[e] = grundy_nt_mod_add(c[e], a[i], &r->m);
    }
    grundy_nt_ext_reduce(out, c, r->q, r);
}

int grundy_nt_ext_equal(const uint64_t *a, const uint64_t *b,
                        const grundy_nt_ext *r)
{
    return memcmp(a, b, r->deg * sizeof *a) == 0;
}
