/*
 * dp.c -- the losing-position criterion and the sums over losing positions
 * below N, by a digit DP over the binary expansion of N.
 *
 * With x = a+1, y = b+1, z = c+1 the positions counted are the triples
 * 2 <= x < y < z <= N with x ^ y ^ z == 0.  The DP reads the bits of N from
 * the top and chooses the bits (x_i, y_i, z_i) in {000, 011, 101, 110}
 * (the even-parity columns).  Its state is four flags:
 *   T   z's prefix equals N's (z <= N still to be enforced),
 *   XY  x's prefix equals y's (x < y still to be decided),
 *   YZ  y's prefix equals z's,
 *   H   x has a 1 above bit 0 (x >= 2).
 * For every state it keeps the number of prefixes and the sum of the
 * prefixes' x + y + z.  Appending a column of weight w in {0, 2} maps
 * (cnt, sum) to (cnt, 2 sum + w cnt), so a step is additions and one
 * doubling: no multiplication, no division, hence any modulus works and
 * the exact version is cheap.  At the end, states with XY = YZ = 0 and
 * H = 1 are accepted, and F = sum - 3 cnt turns x + y + z back into
 * a + b + c.
 *
 * The alternative, counting ordered triples in [0, N] and removing the
 * ones with a zero or an equal pair, needs a division by 6, which does not
 * exist modulo 10^9; the ordering flags avoid it.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "triples_internal.h"

/* Criterion ****************************************************************/

int grundy_triples_is_losing(uint64_t a, uint64_t b, uint64_t c)
{
    assert(a != b && b != c && a != c);
    /* A heap of 2^64 - 1 stones has a + 1 = 2^64, whose bit 64 the two
     * others cannot cancel. */
    if (a == UINT64_MAX || b == UINT64_MAX || c == UINT64_MAX)
        return 0;
    return ((a + 1) ^ (b + 1) ^ (c + 1)) == 0;
}

int grundy_triples_winning_move(uint64_t out[3], uint64_t a, uint64_t b,
                                uint64_t c)
{
    uint64_t h[3], x[3], s, top;
    int i;
    if (grundy_triples_is_losing(a, b, c))
        return 0;
    h[0] = a;
    h[1] = b;
    h[2] = c;
    for (i = 0; i < 3; i++)
        if (h[i] == UINT64_MAX) {
            /* Its x is 2^64: the nim move brings it to the XOR of the
             * other two x's, which are different, so it stays >= 1. */
            out[0] = a;
            out[1] = b;
            out[2] = c;
            out[i] = ((h[(i + 1) % 3] + 1) ^ (h[(i + 2) % 3] + 1)) - 1;
            return 1;
        }
    for (i = 0; i < 3; i++)
        x[i] = h[i] + 1;
    s = x[0] ^ x[1] ^ x[2];
    top = s;
    while (top & (top - 1))
        top &= top - 1;
    for (i = 0; i < 3; i++)
        if (x[i] & top)
            break;
    assert(i < 3);
    /* x' = x ^ s < x, and x' = XOR of the two other x's is neither 0 nor
     * equal to either of them, so the move is legal. */
    out[0] = a;
    out[1] = b;
    out[2] = c;
    out[i] = (x[i] ^ s) - 1;
    return 1;
}

/* Transitions **************************************************************/

enum { ST_T = 1, ST_XY = 2, ST_YZ = 4, ST_H = 8, NSTATES = 16 };

typedef struct trans {
    unsigned char from, to, w; /* w = x_i + y_i + z_i, 0 or 2 */
} trans;

/* Max transitions of one step: 16 states x 4 columns. */
#define MAXTRANS 64

/* The transitions for a bit of N equal to nb, at bit 0 when last != 0.
 * @return their number. */
static size_t build_trans(trans *t, unsigned nb, int last)
{
    static const unsigned char cols[4][3] = {
        {0, 0, 0}, {0, 1, 1}, {1, 0, 1}, {1, 1, 0}};
    size_t n = 0;
    unsigned s, j;
    for (s = 0; s < NSTATES; s++)
        for (j = 0; j < 4; j++) {
            unsigned xb = cols[j][0], yb = cols[j][1], zb = cols[j][2];
            unsigned to = 0;
            if ((s & ST_T) && zb > nb)
                continue;
            if ((s & ST_XY) && xb > yb)
                continue;
            if ((s & ST_YZ) && yb > zb)
                continue;
            if ((s & ST_T) && zb == nb)
                to |= ST_T;
            if ((s & ST_XY) && xb == yb)
                to |= ST_XY;
            if ((s & ST_YZ) && yb == zb)
                to |= ST_YZ;
            if ((s & ST_H) || (xb && !last))
                to |= ST_H;
            t[n].from = (unsigned char)s;
            t[n].to = (unsigned char)to;
            t[n].w = (unsigned char)(xb + yb + zb);
            n++;
        }
    return n;
}

/* Fill the four transition tables [nb][last], keeping only transitions
 * from states reachable from the start state.  Of the 16 flag
 * combinations only 8 occur (XY = YZ = 1 means three zero prefixes, XY = 1
 * with YZ = 0 is impossible), and skipping the rest halves the work. */
static void build_all(trans tr[2][2][MAXTRANS], size_t ntr[2][2])
{
    unsigned reach = 1u << (ST_T | ST_XY | ST_YZ), prev = 0;
    size_t i, k, j;
    for (i = 0; i < 4; i++)
        ntr[i >> 1][i & 1] =
            build_trans(tr[i >> 1][i & 1], (unsigned)(i >> 1), (int)(i & 1));
    while (reach != prev) {
        prev = reach;
        for (i = 0; i < 4; i++)
            for (k = 0; k < ntr[i >> 1][i & 1]; k++)
                if (reach >> tr[i >> 1][i & 1][k].from & 1u)
                    reach |= 1u << tr[i >> 1][i & 1][k].to;
    }
    for (i = 0; i < 4; i++) {
        trans *t = tr[i >> 1][i & 1];
        for (k = j = 0; k < ntr[i >> 1][i & 1]; k++)
            if (reach >> t[k].from & 1u)
                t[j++] = t[k];
        ntr[i >> 1][i & 1] = j;
    }
}

static int accepted(unsigned s)
{
    return !(s & ST_XY) && !(s & ST_YZ) && (s & ST_H);
}

/* Modulo a 64-bit m ********************************************************/

static uint64_t addm(uint64_t a, uint64_t b, uint64_t m)
{
    return a >= m - b ? a - (m - b) : a + b;
}

static uint64_t subm(uint64_t a, uint64_t b, uint64_t m)
{
    return a >= b ? a - b : a + (m - b);
}

grundy_status grundy_triples_losing_mod(uint64_t *count, uint64_t *sum,
                                        const grundy_triples_nat *n,
                                        uint64_t m)
{
    trans tr[2][2][MAXTRANS];
    size_t ntr[2][2], i, k, bits = grundy_triples_nat_bits(n);
    uint64_t cnt[NSTATES], sm[NSTATES], nc[NSTATES], ns[NSTATES];
    uint64_t c = 0, s = 0;
    unsigned st;

    GRUNDY_RETURN_IF(m == 0, GRUNDY_ERR_ARG);
    build_all(tr, ntr);
    memset(cnt, 0, sizeof cnt);
    memset(sm, 0, sizeof sm);
    cnt[ST_T | ST_XY | ST_YZ] = 1 % m;
    for (i = bits; i-- > 0;) {
        unsigned nb = triples_nat_bit(n, i);
        const trans *t = tr[nb][i == 0];
        size_t nt = ntr[nb][i == 0];
        memset(nc, 0, sizeof nc);
        memset(ns, 0, sizeof ns);
        /* ns collects sum + w/2 cnt; doubled below. */
        for (k = 0; k < nt; k++) {
            uint64_t cf = cnt[t[k].from];
            nc[t[k].to] = addm(nc[t[k].to], cf, m);
            ns[t[k].to] = addm(ns[t[k].to], sm[t[k].from], m);
            if (t[k].w)
                ns[t[k].to] = addm(ns[t[k].to], cf, m);
        }
        for (st = 0; st < NSTATES; st++) {
            cnt[st] = nc[st];
            sm[st] = addm(ns[st], ns[st], m);
        }
    }
    for (st = 0; st < NSTATES; st++)
        if (accepted(st)) {
            c = addm(c, cnt[st], m);
            s = addm(s, sm[st], m);
        }
    /* F = sum of (x + y + z) - 3 C */
    s = subm(s, addm(addm(c, c, m), c, m), m);
    if (count)
        *count = c;
    if (sum)
        *sum = s;
    return GRUNDY_OK;
}

grundy_status grundy_triples_losing_mod_u64(uint64_t *count, uint64_t *sum,
                                            uint64_t n, uint64_t m)
{
    grundy_triples_nat nn;
    uint64_t limb = n;
    nn.limb = &limb;
    nn.nlimbs = n ? 1 : 0;
    nn.alloc = 1;
    return grundy_triples_losing_mod(count, sum, &nn, m);
}

/* Big integers (GMP) *******************************************************/

/* The DP with mpz values, reduced modulo m when m != NULL. */
static grundy_status dp_mpz(mpz_t c_out, mpz_t s_out,
                            const grundy_triples_nat *n, const mpz_t m)
{
    trans tr[2][2][MAXTRANS];
    size_t ntr[2][2], i, k, bits = grundy_triples_nat_bits(n);
    mpz_t cnt[NSTATES], sm[NSTATES], nc[NSTATES], ns[NSTATES];
    unsigned st;
    int live[NSTATES], nlive[NSTATES];

    build_all(tr, ntr);
    for (st = 0; st < NSTATES; st++) {
        mpz_init(cnt[st]);
        mpz_init(sm[st]);
        mpz_init(nc[st]);
        mpz_init(ns[st]);
        live[st] = 0;
    }
    mpz_set_ui(cnt[ST_T | ST_XY | ST_YZ], 1);
    live[ST_T | ST_XY | ST_YZ] = 1;
    if (m)
        mpz_mod(cnt[ST_T | ST_XY | ST_YZ], cnt[ST_T | ST_XY | ST_YZ], m);
    for (i = bits; i-- > 0;) {
        unsigned nb = triples_nat_bit(n, i);
        const trans *t = tr[nb][i == 0];
        size_t nt = ntr[nb][i == 0];
        for (st = 0; st < NSTATES; st++) {
            mpz_set_ui(nc[st], 0);
            mpz_set_ui(ns[st], 0);
            nlive[st] = 0;
        }
        for (k = 0; k < nt; k++) {
            unsigned f = t[k].from, to = t[k].to;
            if (!live[f])
                continue;
            nlive[to] = 1;
            mpz_add(nc[to], nc[to], cnt[f]);
            mpz_add(ns[to], ns[to], sm[f]);
            if (t[k].w)
                mpz_add(ns[to], ns[to], cnt[f]);
        }
        for (st = 0; st < NSTATES; st++) {
            live[st] = nlive[st];
            if (!live[st])
                continue;
            mpz_swap(cnt[st], nc[st]);
            mpz_mul_2exp(sm[st], ns[st], 1);
            if (m) {
                /* At most 16 addends below m each: one mpz_mod is cheaper
                 * than a compare per addition. */
                mpz_mod(cnt[st], cnt[st], m);
                mpz_mod(sm[st], sm[st], m);
            }
        }
    }
    mpz_set_ui(c_out, 0);
    mpz_set_ui(s_out, 0);
    for (st = 0; st < NSTATES; st++)
        if (accepted(st) && live[st]) {
            mpz_add(c_out, c_out, cnt[st]);
            mpz_add(s_out, s_out, sm[st]);
        }
    mpz_submul_ui(s_out, c_out, 3);
    if (m) {
        mpz_mod(c_out, c_out, m);
        mpz_mod(s_out, s_out, m);
    }
    for (st = 0; st < NSTATES; st++) {
        mpz_clear(cnt[st]);
        mpz_clear(sm[st]);
        mpz_clear(nc[st]);
        mpz_clear(ns[st]);
    }
    return GRUNDY_OK;
}

static grundy_status store(grundy_triples_nat *count, grundy_triples_nat *sum,
                           const mpz_t c, const mpz_t s)
{
    if (count)
        GRUNDY_TRY(triples_nat_set_mpz(count, c));
    if (sum)
        GRUNDY_TRY(triples_nat_set_mpz(sum, s));
    return GRUNDY_OK;
}

grundy_status grundy_triples_losing_exact(grundy_triples_nat *count,
                                          grundy_triples_nat *sum,
                                          const grundy_triples_nat *n)
{
    mpz_t c, s;
    grundy_status st;
    GRUNDY_RETURN_IF(grundy_triples_nat_bits(n) > GRUNDY_TRIPLES_EXACT_MAX_BITS,
                     GRUNDY_ERR_LIMIT);
    mpz_init(c);
    mpz_init(s);
    st = dp_mpz(c, s, n, NULL);
    if (st == GRUNDY_OK)
        st = store(count, sum, c, s);
    mpz_clear(c);
    mpz_clear(s);
    return st;
}

grundy_status grundy_triples_losing_mod_nat(grundy_triples_nat *count,
                                            grundy_triples_nat *sum,
                                            const grundy_triples_nat *n,
                                            const grundy_triples_nat *m)
{
    mpz_t c, s, mz;
    grundy_status st;
    GRUNDY_RETURN_IF(m->nlimbs == 0, GRUNDY_ERR_ARG);
    mpz_init(c);
    mpz_init(s);
    mpz_init(mz);
    triples_nat_get_mpz(mz, m);
    st = dp_mpz(c, s, n, mz);
    if (st == GRUNDY_OK)
        st = store(count, sum, c, s);
    mpz_clear(c);
    mpz_clear(s);
    mpz_clear(mz);
    return st;
}

/* Enumeration (baseline and oracle) ****************************************/

grundy_status grundy_triples_losing_naive(uint64_t *count, uint64_t *sum,
                                          uint64_t n, uint64_t m)
{
    uint64_t a, b, c, cn = 0, sn = 0;
    GRUNDY_RETURN_IF(m == 0, GRUNDY_ERR_ARG);
    GRUNDY_RETURN_IF(n > ((uint64_t)1 << 32), GRUNDY_ERR_RANGE);
    for (a = 1; a + 2 < n; a++)
        for (b = a + 1; b + 1 < n; b++) {
            c = ((a + 1) ^ (b + 1)) - 1;
            if (c > b && c < n) {
                cn = addm(cn, 1 % m, m);
                sn = addm(sn, (a + b + c) % m, m);
            }
        }
    if (count)
        *count = cn;
    if (sum)
        *sum = sn;
    return GRUNDY_OK;
}
