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
#include <pthread.h>
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

enum { ST_T = 1, ST_XY = 2, ST_YZ = 4, ST_H = 8, NFLAGS = 16 };

/* Of the 16 flag combinations only 8 are reachable (XY = YZ = 1 means
 * three zero prefixes, XY = 1 with YZ = 0 is impossible); the kernels work
 * on those, renumbered 0..NLIVE-1. */
#define NLIVE 8
#define MAXTRANS (NLIVE * 4)

typedef struct trans {
    unsigned char from, to;
    uint64_t wmask; /* all ones when x_i + y_i + z_i = 2, else 0 */
} trans;

typedef struct dp_tables {
    trans tr[2][2][MAXTRANS]; /* [bit of N][last bit] */
    size_t ntr[2][2];
    unsigned start;  /* compact index of T | XY | YZ */
    unsigned accept; /* mask of compact accepting states */
} dp_tables;

static dp_tables tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* The transitions over all 16 flag states for a bit of N equal to nb, at
 * bit 0 when last != 0.  @return their number. */
static size_t build_trans(unsigned char (*t)[3], unsigned nb, int last)
{
    static const unsigned char cols[4][3] = {
        {0, 0, 0}, {0, 1, 1}, {1, 0, 1}, {1, 1, 0}};
    size_t n = 0;
    unsigned s, j;
    for (s = 0; s < NFLAGS; s++)
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
            t[n][0] = (unsigned char)s;
            t[n][1] = (unsigned char)to;
            t[n][2] = (unsigned char)(xb + yb + zb);
            n++;
        }
    return n;
}

static void build_tables(void)
{
    unsigned char full[4][NFLAGS * 4][3];
    size_t nfull[4], i, k, j;
    unsigned reach = 1u << (ST_T | ST_XY | ST_YZ), prev = 0, s;
    int idx[NFLAGS], live = 0;

    for (i = 0; i < 4; i++)
        nfull[i] = build_trans(full[i], (unsigned)(i >> 1), (int)(i & 1));
    while (reach != prev) {
        prev = reach;
        for (i = 0; i < 4; i++)
            for (k = 0; k < nfull[i]; k++)
                if (reach >> full[i][k][0] & 1u)
                    reach |= 1u << full[i][k][1];
    }
    for (s = 0; s < NFLAGS; s++)
        idx[s] = reach >> s & 1u ? live++ : -1;
    assert(live == NLIVE);
    tables.start = (unsigned)idx[ST_T | ST_XY | ST_YZ];
    tables.accept = 0;
    for (s = 0; s < NFLAGS; s++)
        if (idx[s] >= 0 && !(s & ST_XY) && !(s & ST_YZ) && (s & ST_H))
            tables.accept |= 1u << idx[s];
    for (i = 0; i < 4; i++) {
        trans *t = tables.tr[i >> 1][i & 1];
        for (k = j = 0; k < nfull[i]; k++) {
            if (idx[full[i][k][0]] < 0)
                continue;
            assert(j < MAXTRANS);
            t[j].from = (unsigned char)idx[full[i][k][0]];
            t[j].to = (unsigned char)idx[full[i][k][1]];
            t[j].wmask = full[i][k][2] ? ~(uint64_t)0 : 0;
            j++;
        }
        tables.ntr[i >> 1][i & 1] = j;
    }
}

static const dp_tables *get_tables(void)
{
    pthread_once(&tables_once, build_tables);
    return &tables;
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

/* The 64-bit kernel is the table DP written out by hand: its ten numbers
 * stay in registers, which makes it several times faster than a loop over
 * the transition table.  With the prefixes of x, y, z built from the
 * columns 000, 011, 101, 110 (weights 0, 2, 2, 2), the live states are, for
 * z tight (1) or below N (0):
 *   Z  x = y = z = 0 so far               (count zc; the sum is 0)
 *   A  x = 0 < y = z                      (ac, as)
 *   C  x < y < z decided and x >= 2       (cc, cs)
 * and the moves are Z -000-> Z, Z -011-> A, A -000/011-> A, A -101-> C
 * (not at bit 0, where x would be 1), C -any-> C.  A tight state may only
 * use columns with z_i <= N_i and stays tight when z_i == N_i.  The
 * table-driven version, dp_mpz() below, serves the GMP paths and the
 * tests compare the two. */
grundy_status grundy_triples_losing_mod(uint64_t *count, uint64_t *sum,
                                        const grundy_triples_nat *n, uint64_t m)
{
    size_t i, bits = grundy_triples_nat_bits(n);
    uint64_t zc0 = 0, zc1, ac0 = 0, ac1 = 0, as0 = 0, as1 = 0;
    uint64_t cc0 = 0, cc1 = 0, cs0 = 0, cs1 = 0, c, s;

    GRUNDY_RETURN_IF(m == 0, GRUNDY_ERR_ARG);
    zc1 = 1 % m;
#define ADD(a, b) addm((a), (b), m)
#define DBL(a) addm((a), (a), m)
    for (i = bits; i-- > 0;) {
        /* A -> C through column 101, except at bit 0. */
        uint64_t fa0 = 0, fs0 = 0, fa1 = 0, fs1 = 0;
        /* Loose targets fed by loose sources. */
        uint64_t lac, las, lcc, lcs;
        if (i > 0) {
            fa0 = ac0;
            fs0 = DBL(ADD(as0, ac0));
            fa1 = ac1;
            fs1 = DBL(ADD(as1, ac1));
        }
        lac = ADD(zc0, DBL(ac0));                /* zc0 + 2 ac0 */
        las = DBL(ADD(ADD(zc0, ac0), DBL(as0))); /* 2 (zc0 + ac0 + 2 as0) */
        lcc = ADD(fa0, DBL(DBL(cc0)));           /* fa0 + 4 cc0 */
        lcs = ADD(ADD(fs0, DBL(DBL(DBL(cs0)))),  /* fs0 + 8 cs0 + 6 cc0 */
                  DBL(ADD(cc0, DBL(cc0))));
        if (!triples_nat_bit(n, i)) {
            /* Tight sources keep z_i = 0: columns 000 and 110. */
            ac0 = lac;
            as0 = las;
            cc0 = lcc;
            cs0 = lcs;
            as1 = DBL(as1);
            cs1 = DBL(ADD(DBL(cs1), cc1)); /* 4 cs1 + 2 cc1 */
            cc1 = DBL(cc1);
        } else {
            /* Tight sources: z_i = 1 stays tight, z_i = 0 goes loose. */
            uint64_t ncs1 = ADD(fs1, DBL(DBL(ADD(cs1, cc1))));
            uint64_t ncc1 = ADD(fa1, DBL(cc1));
            uint64_t nas1 = DBL(ADD(ADD(zc1, as1), ac1));
            uint64_t nac1 = ADD(zc1, ac1);
            cs0 = ADD(lcs, DBL(ADD(DBL(cs1), cc1))); /* + 4 cs1 + 2 cc1 */
            cc0 = ADD(lcc, DBL(cc1));
            as0 = ADD(las, DBL(as1));
            ac0 = ADD(lac, ac1);
            zc0 = ADD(zc0, zc1);
            zc1 = 0;
            ac1 = nac1;
            as1 = nas1;
            cc1 = ncc1;
            cs1 = ncs1;
        }
    }
    c = ADD(cc0, cc1);
    s = ADD(cs0, cs1);
    /* F = sum of (x + y + z) - 3 C */
    s = subm(s, ADD(DBL(c), c), m);
#undef ADD
#undef DBL
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
    const dp_tables *tb = get_tables();
    size_t i, k, bits = grundy_triples_nat_bits(n);
    mpz_t cnt[NLIVE], sm[NLIVE], nc[NLIVE], ns[NLIVE];
    unsigned st;
    int live[NLIVE], nlive[NLIVE];

    for (st = 0; st < NLIVE; st++) {
        mpz_init(cnt[st]);
        mpz_init(sm[st]);
        mpz_init(nc[st]);
        mpz_init(ns[st]);
        live[st] = 0;
    }
    mpz_set_ui(cnt[tb->start], 1);
    live[tb->start] = 1;
    if (m)
        mpz_mod(cnt[tb->start], cnt[tb->start], m);
    for (i = bits; i-- > 0;) {
        unsigned nb = triples_nat_bit(n, i);
        const trans *t = tb->tr[nb][i == 0];
        size_t nt = tb->ntr[nb][i == 0];
        for (st = 0; st < NLIVE; st++) {
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
            if (t[k].wmask)
                mpz_add(ns[to], ns[to], cnt[f]);
        }
        for (st = 0; st < NLIVE; st++) {
            live[st] = nlive[st];
            if (!live[st])
                continue;
            mpz_swap(cnt[st], nc[st]);
            mpz_mul_2exp(sm[st], ns[st], 1);
            if (m) {
                /* A handful of addends below m each: one mpz_mod is
                 * cheaper than a compare per addition. */
                mpz_mod(cnt[st], cnt[st], m);
                mpz_mod(sm[st], sm[st], m);
            }
        }
    }
    mpz_set_ui(c_out, 0);
    mpz_set_ui(s_out, 0);
    for (st = 0; st < NLIVE; st++)
        if ((tb->accept >> st & 1u) && live[st]) {
            mpz_add(c_out, c_out, cnt[st]);
            mpz_add(s_out, s_out, sm[st]);
        }
    mpz_submul_ui(s_out, c_out, 3);
    if (m) {
        mpz_mod(c_out, c_out, m);
        mpz_mod(s_out, s_out, m);
    }
    for (st = 0; st < NLIVE; st++) {
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
        GRUNDY_TRY(grundy_triples_nat_set_mpz(count, c));
    if (sum)
        GRUNDY_TRY(grundy_triples_nat_set_mpz(sum, s));
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
    grundy_triples_nat_get_mpz(mz, m);
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
