/*
 * misere_oracle.c -- exhaustive misere search of sums of heaps (see
 * misere_oracle.h).
 *
 * A position is written as a byte string: the number of *2 and *1
 * nim-heaps, then its heaps of the code in decreasing order, two bytes
 * each (heaps up to 65535).  Heaps without a move are left out: they are
 * the empty game.  A hash table maps each string to its value (outcome,
 * or misere Grundy value).
 */
#include <stdlib.h>
#include <string.h>

#include "misere_oracle.h"

struct misere_oracle {
    unsigned char digit[40]; /* digit[j]: removing j tokens may leave
                                nothing (1), one heap (2), two (4),
                                three (8) */
    unsigned ndigits;        /* the largest j with a digit */
    int unequal;             /* Grundy's game */
    /* memo: keys in one arena, open addressing on offsets */
    unsigned char *keys;
    size_t klen, kcap;
    size_t *slot; /* offset + 1, 0 = empty */
    int *val;     /* value per slot */
    size_t cap, used;
    /* live[h]: heap h has a move (cached) */
    signed char live[70000];
    unsigned *normal;
    size_t nnormal;
};

static int hexdig(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

misere_oracle *misere_oracle_new(const char *spec)
{
    misere_oracle *o = calloc(1, sizeof *o);
    size_t i;
    if (!o)
        return NULL;
    memset(o->live, -1, sizeof o->live);
    if (strcmp(spec, "grundy-game") == 0) {
        o->unequal = 1;
        o->digit[0] = 4;
    } else {
        int d0 = hexdig(spec[0]);
        if (d0 < 0 || spec[1] != '.' || !spec[2]) {
            free(o);
            return NULL;
        }
        o->digit[0] = (unsigned char)d0;
        for (i = 2; spec[i]; i++) {
            int d = hexdig(spec[i]);
            if (d < 0 || i - 1 >= sizeof o->digit) {
                free(o);
                return NULL;
            }
            o->digit[i - 1] = (unsigned char)d;
            if (d)
                o->ndigits = (unsigned)(i - 1);
        }
    }
    o->cap = 1 << 12;
    o->slot = calloc(o->cap, sizeof *o->slot);
    o->val = calloc(o->cap, sizeof *o->val);
    if (!o->slot || !o->val) {
        misere_oracle_free(o);
        return NULL;
    }
    return o;
}

void misere_oracle_free(misere_oracle *o)
{
    if (!o)
        return;
    free(o->keys);
    free(o->slot);
    free(o->val);
    free(o->normal);
    free(o);
}

size_t misere_oracle_size(const misere_oracle *o)
{
    return o->used;
}

/* Moves of one heap ********************************************************/

typedef struct split {
    unsigned n, part[3];
} split;

/* Every way to play in heap h: take j tokens (digit j), leave 0, 1, 2 or
 * 3 non-empty heaps.  out must hold h * h + 64 h + 64 entries. */
static size_t heap_moves(const misere_oracle *o, unsigned h, split *out)
{
    size_t k = 0;
    unsigned j, a, b;
    for (j = 0; j <= o->ndigits && j <= h; j++) {
        unsigned d = o->digit[j], m = h - j;
        if ((d & 1) && m == 0 && j > 0)
            out[k++] = (split){0, {0, 0, 0}};
        if ((d & 2) && m >= 1 && j > 0)
            out[k++] = (split){1, {m, 0, 0}};
        if (d & 4)
            for (a = 1; a + a <= m; a++) {
                if (o->unequal && a + a == m)
                    continue;
                out[k++] = (split){2, {a, m - a, 0}};
            }
        if (d & 8)
            for (a = 1; 3 * a <= m; a++)
                for (b = a; a + b + b <= m; b++)
                    out[k++] = (split){3, {a, b, m - a - b}};
    }
    return k;
}

static int is_live(misere_oracle *o, unsigned h)
{
    if (h >= sizeof o->live)
        return 1;
    if (o->live[h] < 0) {
        split *s = malloc(((size_t)h * h + 64 * (size_t)h + 64) * sizeof *s);
        o->live[h] = (signed char)(s && heap_moves(o, h, s) > 0);
        free(s);
    }
    return o->live[h];
}

/* Memo *********************************************************************/

static uint64_t hash_bytes(const unsigned char *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    size_t i;
    for (i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

static int *find(misere_oracle *o, const unsigned char *k, size_t n,
                 int insert)
{
    size_t i = (size_t)hash_bytes(k, n) & (o->cap - 1);
    for (;;) {
        size_t s = o->slot[i];
        if (!s)
            break;
        if (o->keys[s - 1] == n && memcmp(o->keys + s, k, n) == 0)
            return &o->val[i];
        i = (i + 1) & (o->cap - 1);
    }
    if (!insert)
        return NULL;
    if (2 * (o->used + 1) > o->cap) {
        size_t oc = o->cap, j;
        size_t *os = o->slot;
        int *ov = o->val;
        o->cap *= 2;
        o->slot = calloc(o->cap, sizeof *o->slot);
        o->val = calloc(o->cap, sizeof *o->val);
        if (!o->slot || !o->val)
            abort();
        for (j = 0; j < oc; j++)
            if (os[j]) {
                size_t t = os[j], m = o->keys[t - 1];
                size_t p = (size_t)hash_bytes(o->keys + t, m) & (o->cap - 1);
                while (o->slot[p])
                    p = (p + 1) & (o->cap - 1);
                o->slot[p] = t;
                o->val[p] = ov[j];
            }
        free(os);
        free(ov);
        return find(o, k, n, 1);
    }
    if (o->klen + n + 1 > o->kcap) {
        size_t nc = o->kcap ? 2 * o->kcap : 1 << 16;
        while (nc < o->klen + n + 1)
            nc *= 2;
        o->keys = realloc(o->keys, nc);
        if (!o->keys)
            abort();
        o->kcap = nc;
    }
    o->keys[o->klen] = (unsigned char)n; /* keys are short */
    memcpy(o->keys + o->klen + 1, k, n);
    o->slot[i] = o->klen + 1;
    o->klen += n + 1;
    o->used++;
    o->val[i] = -1;
    return &o->val[i];
}

/* Positions ****************************************************************/

#define MAXH 120

typedef struct pos {
    unsigned twos, ones, n;
    unsigned h[MAXH]; /* decreasing */
} pos;

static size_t encode(const pos *p, unsigned char *k)
{
    size_t i, n = 0;
    k[n++] = (unsigned char)p->twos;
    k[n++] = (unsigned char)p->ones;
    for (i = 0; i < p->n; i++) {
        k[n++] = (unsigned char)(p->h[i] >> 8);
        k[n++] = (unsigned char)p->h[i];
    }
    return n;
}

static void add_heap(misere_oracle *o, pos *p, unsigned h)
{
    unsigned i;
    if (!h || !is_live(o, h))
        return;
    if (p->n == MAXH)
        abort();
    for (i = p->n; i > 0 && p->h[i - 1] < h; i--)
        p->h[i] = p->h[i - 1];
    p->h[i] = h;
    p->n++;
}

/* mode 0: outcome (1 = player to move wins); mode 1: misere Grundy value */
static int value(misere_oracle *o, const pos *p, int mode)
{
    unsigned char key[2 * MAXH + 3];
    size_t kn = encode(p, key), i, nm, j;
    int *v, r;
    unsigned char seen[256];
    split *ms;
    key[kn++] = (unsigned char)mode;
    v = find(o, key, kn, 0);
    if (v && *v >= 0)
        return *v;
    if (p->n == 0 && p->twos == 0 && p->ones == 0)
        return mode ? 1 : 1; /* no move: the player to move wins */
    memset(seen, 0, sizeof seen);
    r = -1;
    /* nim-heaps */
    if (p->twos) {
        pos q = *p;
        q.twos--;
        r = value(o, &q, mode);
        if (!mode && !r)
            goto found_win;
        if (mode)
            seen[r] = 1;
        q.ones++;
        r = value(o, &q, mode);
        if (!mode && !r)
            goto found_win;
        if (mode)
            seen[r] = 1;
    }
    if (p->ones) {
        pos q = *p;
        q.ones--;
        r = value(o, &q, mode);
        if (!mode && !r)
            goto found_win;
        if (mode)
            seen[r] = 1;
    }
    {
        size_t top = p->n ? p->h[0] : 0;
        ms = malloc((top * top + 64 * top + 64) * sizeof *ms);
    }
    if (!ms)
        abort();
    for (i = 0; i < p->n; i++) {
        if (i && p->h[i] == p->h[i - 1])
            continue;
        nm = heap_moves(o, p->h[i], ms);
        for (j = 0; j < nm; j++) {
            pos q;
            unsigned k;
            q.twos = p->twos;
            q.ones = p->ones;
            q.n = 0;
            for (k = 0; k < p->n; k++)
                if (k != i)
                    q.h[q.n++] = p->h[k];
            for (k = 0; k < ms[j].n; k++)
                add_heap(o, &q, ms[j].part[k]);
            r = value(o, &q, mode);
            if (!mode && !r) {
                free(ms);
                goto found_win;
            }
            if (mode && r < 256)
                seen[r] = 1;
        }
    }
    free(ms);
    if (!mode) {
        r = 0;
    } else {
        for (r = 0; seen[r]; r++)
            ;
    }
    goto store;
found_win:
    r = 1;
store:
    v = find(o, key, kn, 1);
    *v = r;
    return r;
}

int misere_oracle_first_wins(misere_oracle *o, const unsigned *h, size_t n)
{
    pos p;
    size_t i;
    memset(&p, 0, sizeof p);
    for (i = 0; i < n; i++)
        add_heap(o, &p, h[i]);
    return value(o, &p, 0);
}

unsigned misere_oracle_mex(misere_oracle *o, const unsigned *h, size_t n,
                           unsigned twos, unsigned ones)
{
    pos p;
    size_t i;
    memset(&p, 0, sizeof p);
    p.twos = twos;
    p.ones = ones;
    for (i = 0; i < n; i++)
        add_heap(o, &p, h[i]);
    return (unsigned)value(o, &p, 1);
}

unsigned misere_oracle_normal(misere_oracle *o, unsigned h)
{
    while (o->nnormal <= h) {
        unsigned m = (unsigned)o->nnormal, x;
        split *ms = malloc(((size_t)m * m + 64 * (size_t)m + 64) * sizeof *ms);
        unsigned char seen[1024];
        size_t nm, j;
        unsigned *nn = realloc(o->normal, (o->nnormal + 1) * sizeof *nn);
        if (!ms || !nn)
            abort();
        o->normal = nn;
        memset(seen, 0, sizeof seen);
        nm = heap_moves(o, m, ms);
        for (j = 0; j < nm; j++) {
            unsigned k;
            x = 0;
            for (k = 0; k < ms[j].n; k++)
                x ^= o->normal[ms[j].part[k]];
            if (x < sizeof seen)
                seen[x] = 1;
        }
        for (x = 0; seen[x]; x++)
            ;
        o->normal[o->nnormal++] = x;
        free(ms);
    }
    return o->normal[h];
}
