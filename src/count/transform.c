/*
 * transform.c -- the transforms of count/: Walsh-Hadamard over Z_p, and
 * base-q digit-wise DFTs with a root of unity in Z_p or in Z_p[w].
 *
 * All are the usual radix-q decimation over one digit at a time: for
 * digit i the entries whose indices differ only in that digit form a
 * group of q, and each group gets a length-q DFT.  The ring version keeps
 * elements modulo x^q - 1 instead of Phi_q during the passes, so that a
 * multiplication by a power of w is a rotation of coefficients and the
 * passes need additions only; one reduction by Phi_q per entry at the end
 * gives the images in Z_p[w]/(Phi_q).
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/count.h"

size_t grundy_count_digit_index(uint64_t v, unsigned q)
{
    size_t idx = 0, pw = 1;
    while (v) {
        if (v & 1)
            idx += pw;
        v >>= 1;
        pw *= q;
    }
    return idx;
}

void grundy_count_wht(uint64_t *a, size_t n, const grundy_nt_mod *m)
{
    size_t len, i, j;
    for (len = 1; len < n; len <<= 1)
        for (i = 0; i < n; i += 2 * len)
            for (j = i; j < i + len; j++) {
                uint64_t x = a[j], y = a[j + len];
                a[j] = grundy_nt_mod_add(x, y, m);
                a[j + len] = grundy_nt_mod_sub(x, y, m);
            }
}

static size_t ipow(unsigned q, unsigned L)
{
    size_t n = 1;
    while (L--)
        n *= q;
    return n;
}

void grundy_count_dft_digits(uint64_t *a, unsigned q, unsigned L, uint64_t root,
                             const grundy_nt_mod *m)
{
    uint64_t rp[GRUNDY_NT_EXT_QMAX], x[GRUNDY_NT_EXT_QMAX];
    size_t n = ipow(q, L), s, base, j;
    unsigned i, t;
    if (q == 2) {
        grundy_count_wht(a, n, m);
        return;
    }
    rp[0] = m->r1;
    for (i = 1; i < q; i++)
        rp[i] = grundy_nt_mod_mul(rp[i - 1], root, m);
    for (s = 1; s < n; s *= q)
        for (base = 0; base < n; base += s * q)
            for (j = base; j < base + s; j++) {
                for (i = 0; i < q; i++)
                    x[i] = a[j + i * s];
                for (t = 0; t < q; t++) {
                    uint64_t acc = x[0];
                    for (i = 1; i < q; i++)
                        acc = grundy_nt_mod_add(
                            acc, grundy_nt_mod_mul(x[i], rp[(i * t) % q], m),
                            m);
                    a[j + t * s] = acc;
                }
            }
}

grundy_status grundy_count_dft_digits_ring(uint64_t *out, const uint64_t *in,
                                           unsigned L, const grundy_nt_ext *r)
{
    const grundy_nt_mod *m = &r->m;
    unsigned q = r->q, i, t, c;
    size_t n = ipow(q, L), s, base, j, idx;
    uint64_t *w, x[GRUNDY_NT_EXT_QMAX][GRUNDY_NT_EXT_QMAX];

    GRUNDY_RETURN_IF(n > SIZE_MAX / q / sizeof *w, GRUNDY_ERR_NOMEM);
    w = calloc(n * q, sizeof *w);
    GRUNDY_RETURN_IF(!w, GRUNDY_ERR_NOMEM);
    for (idx = 0; idx < n; idx++)
        w[idx * q] = in[idx];
    for (s = 1; s < n; s *= q)
        for (base = 0; base < n; base += s * q)
            for (j = base; j < base + s; j++) {
                for (i = 0; i < q; i++)
                    memcpy(x[i], w + (j + i * s) * q, q * sizeof **x);
                /* out_t = sum_i x^(i t) x_i; coefficient c of x^e y is
                 * y[(c - e) mod q]. */
                for (t = 0; t < q; t++) {
                    uint64_t *o = w + (j + t * s) * q;
                    unsigned e = 0; /* i t mod q */
                    memcpy(o, x[0], q * sizeof *o);
                    for (i = 1; i < q; i++) {
                        e += t;
                        e = e >= q ? e - q : e;
                        for (c = 0; c < q; c++) {
                            unsigned src = c >= e ? c - e : c + q - e;
                            o[c] = grundy_nt_mod_add(o[c], x[i][src], m);
                        }
                    }
                }
            }
    for (idx = 0; idx < n; idx++)
        grundy_nt_ext_reduce(out + idx * r->deg, w + idx * q, q, r);
    free(w);
    return GRUNDY_OK;
}
