/*
 * tabulate.c -- every position of a board family, tier by tier, on the
 * processes of an MPI job; no process holds the whole table.
 *
 * Tier k (the positions with k 1s) depends only on tiers < k (a move
 * lowers the number of 1s), so the job runs the tiers in order.  Every
 * tier is split the same way among the P processes (table_internal.h,
 * grundy_split: blocks of 4096 positions round robin), and a process
 * holds, in memory, only its part of the tier it is computing; its parts
 * of the lower tiers are files of the store, mapped (each one is written
 * and fsync'd when its tier ends: the checkpoint a restart resumes from).
 *
 * A process computes its positions in rounds sized by its memory limit.
 * A round walks its next positions (unranking the first of each block,
 * then Gosper's step, as the one-process engine does) and, for each least
 * position of an orbit, lists the children with the family's hook, the
 * steps of tiers.c (grundy_tier_orbit, grundy_tier_children).  A child
 * that this process holds is read from its mapping at once; the others
 * become requests (owner, tier, offset), deduplicated in a hash table.
 * Then, for the whole round, three collective calls: MPI_Alltoall of the
 * counts, MPI_Alltoallv of the requests, each owner answers from its
 * mappings, MPI_Alltoallv of the one-byte answers back.  The mex of each
 * position is then one scan of a 256-bit set.  Finally the values of the
 * other positions of each orbit (same tier, often another owner) go to
 * their owners in one more MPI_Alltoallv; its counts also carry "I have
 * positions left", so every process knows when the tier is done.  Never
 * a message per position: five collective calls per round.
 *
 * Requests may name the least position of the child's orbit (--canon):
 * fewer distinct requests when a round holds several images of one child,
 * at the price of an orbit listing per child.  Either way every image is
 * filled in, so the slices are exactly the single-process table.
 *
 * Failures that every process sees alike (a memory limit too small) end
 * the job with one message; a failure on one process (a disk error) is
 * reported by it and ends the job with MPI_Abort.  A process that dies
 * takes the job with it (mpirun ends the others; their SIGTERM handler
 * says which tier was running and that the same command resumes).
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "grundy_mpi.h"
#include "opt.h"
#include "table/table_internal.h"

/* A request: owner << 46 | tier << 40 | offset in the owner's slice. */
#define KEY_OWNER_SHIFT 46
#define KEY_TIER_SHIFT 40
#define KEY_OFF_MASK (((uint64_t)1 << KEY_TIER_SHIFT) - 1)
#define KEY_LOCAL_MASK (((uint64_t)1 << KEY_OWNER_SHIFT) - 1)
/* An image's value: owner << 48 | offset << 8 | value. */
#define PUSH_OWNER_SHIFT 48
#define MAX_PROCESSES 65536u
#define ROUND_BYTES_DEFAULT ((size_t)32 << 20)
#define ROUND_BYTES_MIN ((size_t)1 << 20)
#define NO_HASH UINT64_MAX
#define HASH_SLOTS ((size_t)1 << 12) /* 64 KiB: stays in cache */

/* A slot of the round's table of recent requests: the key and its
 * number.  The table is direct-mapped and small enough to stay in cache
 * (HASH_SLOTS): a key found in its slot is not requested again; a key
 * that collides replaces the slot's and may then be requested twice in a
 * round, which costs bytes, never a wrong value.  The children of
 * consecutive positions overlap, so most repeats are caught.  On rect:5x5
 * over 2 processes an exact table (the size of a round's requests, 16
 * MiB) sent 21% fewer bytes but took 2.3 times the CPU, most of it in
 * cache misses; a table of 2^16 slots sent 12% fewer bytes for 1.4
 * times the CPU. */
typedef struct hslot {
    uint64_t key; /* NO_HASH: empty */
    uint64_t id;
} hslot;

/* A growable buffer whose bytes count against the memory limit. */
typedef struct buf {
    void *p;
    size_t cap;
} buf;

typedef struct job {
    MPI_Comm comm;
    int me, np;
    const mpi_opts *o;
    grundy_game *game;
    char spec[256];
    grundy_tiers tiers;
    grundy_tiers_ranker *ranker;
    grundy_split split;
    grundy_tier_step step;
    grundy_store *store;
    int store_lent; /* the session's: not ours to close */
    grundy_store_mapping *map[GRUNDY_TIERS_MAX_BITS + 1];
    const uint8_t *lower[GRUNDY_TIERS_MAX_BITS + 1];
    uint64_t len[GRUNDY_TIERS_MAX_BITS + 1]; /* this process's part */
    /* memory */
    size_t limit, acct, acct_peak;
    size_t pos_cap, ref_cap;
    /* the tier in progress */
    unsigned k;
    uint8_t *cur;
    buf cur_buf;
    uint64_t walk, walk_x;
    mpi_tier_stats ts;
    /* a round */
    buf x, off, rstart, mask, ref, htab, ukey, uat, sendk, recvk;
    buf ans_out, ans_in, push, pushsend, pushrecv;
    size_t npos, nref, nu, hcap, npush;
    int *counts; /* 15 per process (exchange()) */
    /* progress: shown (process 0), stderr a terminal (one line rewritten;
     * else a line of its own every 10 s, for logs) */
    int show, tty;
    double last_show;
} job;

/* Messages *****************************************************************/

static void say(const job *j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* "grundy-mpi: process R of P: ...", then the job ends (MPI_Abort). */
static void say(const job *j, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "grundy-mpi: %s: process %d of %d: %s\n", j->spec,
            j->me, j->np, msg);
}

static void die(const job *j, const char *what, grundy_status s)
{
    if (s == GRUNDY_ERR_LIMIT)
        say(j, "%s: over the memory limit of %.1f MiB per process "
            "(--mem-limit)", what, (double)j->limit / 1048576.0);
    else if (s == GRUNDY_ERR_OVERFLOW)
        say(j, "%s: a value passes 255, which tier tables do not hold",
            what);
    else
        say(j, "%s: %s", what, grundy_strerror(s));
    fflush(stderr);
    MPI_Abort(j->comm, 1);
    exit(1); /* not reached */
}

#define TRY(j, what, expr)                                                    \
    do {                                                                      \
        grundy_status try_s_ = (expr);                                        \
        if (try_s_ != GRUNDY_OK)                                              \
            die((j), (what), try_s_);                                         \
    } while (0)

static void mpi_check(const job *j, int rc, const char *call)
{
    char err[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (rc == MPI_SUCCESS)
        return;
    MPI_Error_string(rc, err, &len);
    say(j, "%s failed: %s", call, err);
    fflush(stderr);
    MPI_Abort(j->comm, 1);
    exit(1);
}

/* What a SIGTERM (mpirun ending the job after a process died) or SIGINT
 * prints on process 0: written when each tier starts, so the handler only
 * calls write(). */
static char sig_msg[600];
static volatile size_t sig_len;

static void on_signal(int sig)
{
    if (sig_len) {
        ssize_t w = write(2, sig_msg, sig_len);
        (void)w;
    }
    _exit(128 + sig);
}

static void set_sig_msg(const job *j, unsigned k)
{
    int n;
    if (j->me != 0)
        return;
    sig_len = 0;
    if (k > j->tiers.bits)
        n = snprintf(sig_msg, sizeof sig_msg,
                     "\ngrundy-mpi: %s: stopped while the slices were "
                     "written (a process of the job died, or the job was "
                     "interrupted); every tier is kept in the store: the "
                     "same command writes them\n",
                     j->spec);
    else if (k == 0)
        n = snprintf(sig_msg, sizeof sig_msg,
                     "\ngrundy-mpi: %s: stopped in tier 0 of %u (a process "
                     "of the job died, or the job was interrupted); no tier "
                     "is complete yet\n",
                     j->spec, j->tiers.bits);
    else
        n = snprintf(sig_msg, sizeof sig_msg,
                     "\ngrundy-mpi: %s: stopped in tier %u of %u (a process "
                     "of the job died, or the job was interrupted); tiers 0 "
                     "to %u of every slice are kept in the store: the same "
                     "command resumes from tier %u\n",
                     j->spec, k, j->tiers.bits, k - 1, k);
    if (n > 0)
        sig_len = (size_t)n < sizeof sig_msg ? (size_t)n : sizeof sig_msg - 1;
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
}

static void store_warn(void *ctx, const char *path, const char *what)
{
    const job *j = ctx;
    fprintf(stderr, "grundy-mpi: process %d: store: %s: %s\n", j->me, path,
            what);
}

/* Memory *******************************************************************/

/* Room for bytes in b (grown by half at least), counted against the
 * limit. */
static grundy_status buf_need(job *j, buf *b, size_t bytes)
{
    size_t want = bytes;
    void *np;
    if (bytes <= b->cap)
        return GRUNDY_OK;
    if (want < b->cap + b->cap / 2)
        want = b->cap + b->cap / 2;
    if (j->acct - b->cap + want > j->limit) {
        want = bytes;
        GRUNDY_RETURN_IF(j->acct - b->cap + want > j->limit,
                         GRUNDY_ERR_LIMIT);
    }
    np = realloc(b->p, want);
    GRUNDY_RETURN_IF(!np, GRUNDY_ERR_NOMEM);
    j->acct = j->acct - b->cap + want;
    if (j->acct > j->acct_peak)
        j->acct_peak = j->acct;
    b->p = np;
    b->cap = want;
    return GRUNDY_OK;
}

static void buf_free(job *j, buf *b)
{
    free(b->p);
    j->acct -= b->cap;
    b->p = NULL;
    b->cap = 0;
}

/* Resident memory now (kB): all, and not backed by files; and the peak. */
static void rss(uint64_t *all, uint64_t *anon, uint64_t *hwm)
{
    char line[256];
    FILE *f = fopen("/proc/self/status", "r");
    *all = *anon = *hwm = 0;
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        unsigned long long v;
        if (sscanf(line, "VmRSS: %llu", &v) == 1)
            *all = v;
        else if (sscanf(line, "RssAnon: %llu", &v) == 1)
            *anon = v;
        else if (sscanf(line, "VmHWM: %llu", &v) == 1)
            *hwm = v;
    }
    fclose(f);
}

/* One round ****************************************************************/

static uint32_t hash_id(job *j, uint64_t key)
{
    hslot *ht = j->htab.p;
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & (j->hcap - 1);
    if (ht[h].key == key)
        return (uint32_t)ht[h].id;
    ht[h].key = key;
    ht[h].id = j->nu;
    ((uint64_t *)j->ukey.p)[j->nu] = key;
    return (uint32_t)j->nu++;
}

/* Where position y lives: its owner and offset there. */
static void locate(const job *j, uint64_t y, unsigned *owner, uint64_t *off)
{
    grundy_split_locate(&j->split, grundy_tiers_rank_fast(j->ranker, y), owner,
                        off);
}

/* Walk this process's next positions of tier k until its slice ends or
 * the round is full: least positions, their children, the requests. */
static void collect(job *j)
{
    unsigned k = j->k;
    uint64_t bmask = ((uint64_t)1 << j->split.block_bits) - 1;
    uint64_t L = j->len[k];
    j->npos = j->nref = j->nu = 0;
    memset(j->htab.p, 0xFF, j->hcap * sizeof(hslot));
    while (j->walk < L && j->npos < j->pos_cap && j->nref < j->ref_cap) {
        uint64_t off = j->walk++, x;
        grundy_mex_set m = {{0, 0, 0, 0}};
        size_t nc, c;
        int least;
        if ((off & bmask) == 0)
            x = grundy_tiers_unrank(&j->tiers, k,
                                    grundy_split_index(&j->split,
                                                       (unsigned)j->me, off));
        else
            x = grundy_tiers_next(j->walk_x);
        j->walk_x = x;
        TRY(j, "an orbit", grundy_tier_orbit(&least, &j->step, x, 1));
        if (!least)
            continue;
        j->ts.least++;
        TRY(j, "children", grundy_tier_children(&nc, &j->step, x, k, 1));
        j->ts.children += nc;
        TRY(j, "a round", buf_need(j, &j->ref, (j->nref + nc) *
                                                  sizeof(uint32_t)));
        TRY(j, "a round", buf_need(j, &j->ukey, (j->nu + nc) *
                                                   sizeof(uint64_t)));
        ((uint64_t *)j->x.p)[j->npos] = x;
        ((uint64_t *)j->off.p)[j->npos] = off;
        ((uint32_t *)j->rstart.p)[j->npos] = (uint32_t)j->nref;
        for (c = 0; c < nc; c++) {
            uint64_t y = j->step.child[c], co;
            unsigned owner, kc;
            if (j->o->canon)
                TRY(j, "an orbit", grundy_tier_canon(&y, &j->step, y));
            kc = grundy_pop64(y);
            locate(j, y, &owner, &co);
            if (owner == (unsigned)j->me) {
                grundy_mex_set_add(&m, j->lower[kc][co]);
            } else {
                uint64_t key = (uint64_t)owner << KEY_OWNER_SHIFT |
                               (uint64_t)kc << KEY_TIER_SHIFT | co;
                ((uint32_t *)j->ref.p)[j->nref++] = hash_id(j, key);
                j->ts.remote++;
            }
        }
        ((grundy_mex_set *)j->mask.p)[j->npos++] = m;
    }
    ((uint32_t *)j->rstart.p)[j->npos] = (uint32_t)j->nref;
}

/* Prefix sums of counts into displacements; the total. */
static uint64_t displs(const int *count, int *displ, int n)
{
    uint64_t t = 0;
    int i;
    for (i = 0; i < n; i++) {
        displ[i] = (int)t;
        t += (uint64_t)count[i];
    }
    return t;
}

static void timed(job *j, int rc, double t0, const char *call)
{
    j->ts.comm_seconds += MPI_Wtime() - t0;
    mpi_check(j, rc, call);
}

/* The round's exchange, three collective calls: the counts (requests and
 * images per process, and whether the sender has positions left), the
 * requests with the images of the last round, the answers.  Returns
 * whether any process has positions left. */
static int exchange(job *j, int more)
{
    const uint64_t *uk = j->ukey.p, *push = j->push.p;
    uint64_t *sk, *rk, nk, nr, i;
    int o, src, any = more, n = j->np;
    int *c3 = j->counts, *r3 = c3 + 3 * n;
    int *kcnt = r3 + 3 * n, *kdsp = kcnt + n;     /* requests sent */
    int *rkcnt = kdsp + n, *rkdsp = rkcnt + n;    /* requests received */
    int *scnt = rkdsp + n, *sdsp = scnt + n;      /* all sent */
    int *rcnt = sdsp + n, *rdsp = rcnt + n;       /* all received */
    int *cursor = rdsp + n;
    uint32_t *at;
    uint8_t *out;
    double t0;
    size_t u, q;

    memset(c3, 0, 3 * (size_t)n * sizeof *c3);
    for (u = 0; u < j->nu; u++)
        c3[3 * (uk[u] >> KEY_OWNER_SHIFT)]++;
    for (q = 0; q < j->npush; q++)
        c3[3 * (push[q] >> PUSH_OWNER_SHIFT) + 1]++;
    for (o = 0; o < n; o++) {
        c3[3 * o + 2] = more;
        kcnt[o] = c3[3 * o];
        scnt[o] = c3[3 * o] + c3[3 * o + 1];
    }
    (void)displs(kcnt, kdsp, n);
    nk = displs(scnt, sdsp, n);
    TRY(j, "a round", buf_need(j, &j->sendk, nk * sizeof(uint64_t) + 8));
    TRY(j, "a round", buf_need(j, &j->uat, j->nu * sizeof(uint32_t) + 4));
    TRY(j, "a round", buf_need(j, &j->ans_in, j->nu + 1));
    sk = j->sendk.p;
    at = j->uat.p;
    /* per process: its requests, then its images */
    memcpy(cursor, sdsp, (size_t)n * sizeof *cursor);
    for (u = 0; u < j->nu; u++) {
        unsigned ow = (unsigned)(uk[u] >> KEY_OWNER_SHIFT);
        int pos = cursor[ow]++;
        sk[pos] = uk[u] & KEY_LOCAL_MASK;
        /* where its answer comes back */
        at[u] = (uint32_t)(pos - sdsp[ow] + kdsp[ow]);
    }
    for (q = 0; q < j->npush; q++)
        sk[cursor[push[q] >> PUSH_OWNER_SHIFT]++] =
            push[q] & (((uint64_t)1 << PUSH_OWNER_SHIFT) - 1);

    t0 = MPI_Wtime();
    timed(j, MPI_Alltoall(c3, 3, MPI_INT, r3, 3, MPI_INT, j->comm), t0,
          "MPI_Alltoall");
    for (src = 0; src < n; src++) {
        rkcnt[src] = r3[3 * src];
        rcnt[src] = r3[3 * src] + r3[3 * src + 1];
        any |= r3[3 * src + 2];
    }
    nr = displs(rcnt, rdsp, n);
    (void)displs(rkcnt, rkdsp, n);
    if (nr > INT32_MAX)
        die(j, "a round", GRUNDY_ERR_OVERFLOW);
    TRY(j, "a round", buf_need(j, &j->recvk, nr * sizeof(uint64_t) + 8));
    TRY(j, "a round", buf_need(j, &j->ans_out, nr + 1));
    rk = j->recvk.p;
    t0 = MPI_Wtime();
    timed(j, MPI_Alltoallv(sk, scnt, sdsp, MPI_UINT64_T, rk, rcnt, rdsp,
                           MPI_UINT64_T, j->comm),
          t0, "MPI_Alltoallv");

    /* the images for this process's part of the tier, and the answers */
    out = j->ans_out.p;
    for (src = 0; src < n; src++) {
        const uint64_t *req = rk + rdsp[src];
        for (i = 0; i < (uint64_t)rkcnt[src]; i++) {
            unsigned kc = (unsigned)(req[i] >> KEY_TIER_SHIFT);
            uint64_t co = req[i] & KEY_OFF_MASK;
            if (kc >= j->k || co >= j->len[kc]) {
                say(j, "a request for tier %u offset %llu, which this "
                    "process does not hold", kc, (unsigned long long)co);
                MPI_Abort(j->comm, 1);
            }
            out[rkdsp[src] + (int)i] = j->lower[kc][co];
        }
        for (; i < (uint64_t)rcnt[src]; i++) {
            uint64_t io = req[i] >> 8;
            if (io >= j->len[j->k]) {
                say(j, "an image at offset %llu of tier %u, which this "
                    "process does not hold", (unsigned long long)io, j->k);
                MPI_Abort(j->comm, 1);
            }
            j->cur[io] = (uint8_t)req[i];
        }
    }
    t0 = MPI_Wtime();
    timed(j, MPI_Alltoallv(out, rkcnt, rkdsp, MPI_UINT8_T, j->ans_in.p, kcnt,
                           kdsp, MPI_UINT8_T, j->comm),
          t0, "MPI_Alltoallv");

    /* figures: payload to and from the other processes, and the counts */
    {
        uint64_t ks = j->nu - (uint64_t)kcnt[j->me], kr = 0, pr = 0;
        uint64_t ps = j->npush - (uint64_t)c3[3 * j->me + 1];
        uint64_t cb = 12 * (uint64_t)(n - 1);
        for (src = 0; src < n; src++)
            if (src != j->me) {
                kr += (uint64_t)r3[3 * src];
                pr += (uint64_t)r3[3 * src + 1];
            }
        j->ts.keys_sent += ks;
        j->ts.keys_recv += kr;
        j->ts.pushes += ps;
        /* requests 8 bytes, answers 1, images 8, counts 12 per peer */
        j->ts.bytes_sent += 8 * ks + kr + 8 * ps + cb;
        j->ts.bytes_recv += 8 * kr + ks + 8 * pr + cb;
    }
    j->npush = 0;
    return any;
}

/* The mex of each position of the round; the values of its images go to
 * their owners with the next round's requests. */
static void resolve(job *j)
{
    const uint64_t *xs = j->x.p, *offs = j->off.p;
    const uint32_t *rs = j->rstart.p, *ref = j->ref.p, *at = j->uat.p;
    const uint8_t *ans = j->ans_in.p;
    grundy_mex_set *masks = j->mask.p;
    uint64_t *push;
    size_t i, q;

    for (i = 0; i < j->npos; i++) {
        grundy_mex_set *m = &masks[i];
        grundy_value v;
        int least;
        for (q = rs[i]; q < rs[i + 1]; q++)
            grundy_mex_set_add(m, ans[at[ref[q]]]);
        v = grundy_mex_set_mex(m);
        if (v > 0xFF)
            die(j, "a position", GRUNDY_ERR_OVERFLOW);
        j->cur[offs[i]] = (uint8_t)v;
        TRY(j, "an orbit", grundy_tier_orbit(&least, &j->step, xs[i], 1));
        TRY(j, "a round", buf_need(j, &j->push, (j->npush + j->step.nimg) *
                                                    sizeof(uint64_t)));
        push = j->push.p;
        for (q = 0; q < j->step.nimg; q++) {
            unsigned owner;
            uint64_t io;
            locate(j, j->step.img[q], &owner, &io);
            if (owner == (unsigned)j->me)
                j->cur[io] = (uint8_t)v;
            else
                push[j->npush++] = (uint64_t)owner << PUSH_OWNER_SHIFT |
                                   io << 8 | v;
        }
    }
}

/* Tiers ********************************************************************/

static grundy_store_slice tier_slice(const job *j, unsigned k)
{
    grundy_store_slice sl;
    memset(&sl, 0, sizeof sl);
    memcpy(sl.spec, j->spec, sizeof sl.spec);
    sl.index = (unsigned)j->me;
    sl.count = (unsigned)j->np;
    sl.tier_lo = k;
    sl.tier_hi = k + 1;
    sl.positions = j->tiers.np;
    sl.block = (uint64_t)1 << j->split.block_bits;
    return sl;
}

static void progress(job *j, int final)
{
    double now = MPI_Wtime();
    if (!j->show)
        return;
    if (final) {
        if (j->tty)
            fprintf(stderr, "\r\033[K");
        return;
    }
    if (now - j->last_show < (j->tty ? 0.2 : 10.0))
        return;
    j->last_show = now;
    fprintf(stderr, "%sgrundy-mpi: %s: tier %u of %u: %.0f%%%s",
            j->tty ? "\r\033[K" : "", j->spec, j->k, j->tiers.bits,
            j->len[j->k] ? 100.0 * (double)j->walk / (double)j->len[j->k]
                         : 100.0,
            j->tty ? "" : "\n");
}

/* Tier k on this process: its slice, computed, saved and mapped. */
static void run_tier(job *j, unsigned k)
{
    grundy_store_slice sl;
    grundy_store_chunk ch;
    uint64_t i, all_kb, anon_kb, hwm;
    double t0 = MPI_Wtime(), t1;
    int any;

    set_sig_msg(j, k);
    memset(&j->ts, 0, sizeof j->ts);
    j->k = k;
    j->acct_peak = j->acct;
    j->ts.positions = j->len[k];
    TRY(j, "the tier's slice", buf_need(j, &j->cur_buf, j->len[k] + 1));
    j->cur = j->cur_buf.p;
    memset(j->cur, 0, j->len[k]);
    j->walk = 0;
    do {
        size_t round_kb;
        collect(j);
        any = exchange(j, j->walk < j->len[k]);
        resolve(j);
        j->ts.rounds++;
        progress(j, 0);
        rss(&all_kb, &anon_kb, &hwm);
        round_kb = (size_t)all_kb;
        if (round_kb > j->ts.rss_kb) {
            j->ts.rss_kb = all_kb;
            j->ts.anon_kb = anon_kb;
        }
    } while (any);
    /* the images of the last round */
    j->npos = j->nu = j->nref = 0;
    (void)exchange(j, 0);

    t1 = MPI_Wtime();
    sl = tier_slice(j, k);
    sl.size = j->len[k];
    for (i = 0; i < sl.size; i++)
        if (j->cur[i] > sl.max) {
            sl.max = j->cur[i];
            sl.max_at = i;
        }
    ch.data = j->cur;
    ch.bytes = sl.size;
    TRY(j, "saving the tier's slice",
        grundy_store_slice_save(j->store, &sl, &ch, 1));
    TRY(j, "mapping the tier's slice",
        grundy_store_slice_open(&j->map[k], j->store, &sl, 0));
    if (!j->map[k])
        die(j, "mapping the tier's slice", GRUNDY_ERR_IO);
    j->lower[k] = grundy_store_mapping_table(j->map[k])->data;
    j->ts.mem_bytes = j->acct_peak;
    buf_free(j, &j->cur_buf);
    j->cur = NULL;
    j->ts.save_seconds = MPI_Wtime() - t1;
    j->ts.seconds = MPI_Wtime() - t0;
}

/* Setting up ***************************************************************/

static int local_processes(MPI_Comm comm)
{
    MPI_Comm node;
    int n = 1;
    if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                            &node) == MPI_SUCCESS) {
        MPI_Comm_size(node, &n);
        MPI_Comm_free(&node);
    }
    return n > 0 ? n : 1;
}

/* Every process agrees: 1 when any says so. */
static int any_of(const job *j, int flag)
{
    int all = 0;
    mpi_check(j, MPI_Allreduce(&flag, &all, 1, MPI_INT, MPI_LOR, j->comm),
              "MPI_Allreduce");
    return all;
}

/* The round buffers, sized from the memory left beside the largest
 * tier's slice. */
static int plan_memory(job *j, uint64_t cur_max)
{
    size_t round = j->o->round_bytes ? j->o->round_bytes
                                     : ROUND_BYTES_DEFAULT;
    size_t left = j->limit > cur_max ? j->limit - (size_t)cur_max : 0;
    uint64_t need = cur_max + ROUND_BYTES_MIN;
    int short_here = left < ROUND_BYTES_MIN;
    uint64_t need_max = 0;
    mpi_check(j, MPI_Allreduce(&need, &need_max, 1, MPI_UINT64_T, MPI_MAX,
                               j->comm),
              "MPI_Allreduce");
    if (any_of(j, short_here)) {
        if (j->me == 0)
            fprintf(stderr,
                    "grundy-mpi: %s: a process needs %.1f MiB (its part of "
                    "the largest tier, %.1f MiB, and a round's buffers), "
                    "over the limit of %.1f MiB (--mem-limit); use more "
                    "processes or a larger limit\n",
                    j->spec, (double)need_max / 1048576.0,
                    (double)(need_max - ROUND_BYTES_MIN) / 1048576.0,
                    (double)j->limit / 1048576.0);
        return 0;
    }
    if (round > left)
        round = left;
    /* per least position about 170 bytes (its set, offsets, images), per
     * request about 40 (the reference, the key, where its answer lands,
     * the exchange) */
    j->pos_cap = round / 512;
    j->ref_cap = round / 64;
    j->hcap = HASH_SLOTS;
    if (buf_need(j, &j->x, j->pos_cap * 8) != GRUNDY_OK ||
        buf_need(j, &j->off, j->pos_cap * 8) != GRUNDY_OK ||
        buf_need(j, &j->rstart, (j->pos_cap + 1) * 4) != GRUNDY_OK ||
        buf_need(j, &j->mask, j->pos_cap * sizeof(grundy_mex_set)) !=
            GRUNDY_OK ||
        buf_need(j, &j->htab, j->hcap * sizeof(hslot)) != GRUNDY_OK ||
        buf_need(j, &j->ukey, j->ref_cap * 8) != GRUNDY_OK ||
        buf_need(j, &j->ref, j->ref_cap * 4) != GRUNDY_OK)
        die(j, "a round's buffers", GRUNDY_ERR_NOMEM);
    j->counts = calloc(15 * (size_t)j->np, sizeof *j->counts);
    if (!j->counts)
        die(j, "a round's buffers", GRUNDY_ERR_NOMEM);
    return 1;
}

/* The tiers 0 .. have - 1 that every process finds in the store (a run
 * that stopped), mapped. */
static unsigned resume(job *j)
{
    unsigned k, have = 0, all = 0;
    for (k = 0; k <= j->tiers.bits; k++) {
        grundy_store_slice sl = tier_slice(j, k);
        grundy_store_mapping *m = NULL;
        TRY(j, "reading a tier of the last run",
            grundy_store_slice_open(&m, j->store, &sl, 1));
        if (!m)
            break;
        if (grundy_store_mapping_slice(m)->size != j->len[k]) {
            grundy_store_mapping_free(m);
            break;
        }
        j->map[k] = m;
        j->lower[k] = grundy_store_mapping_table(m)->data;
        have = k + 1;
    }
    mpi_check(j, MPI_Allreduce(&have, &all, 1, MPI_UNSIGNED, MPI_MIN,
                               j->comm),
              "MPI_Allreduce");
    for (k = all; k < have; k++) {
        grundy_store_mapping_free(j->map[k]);
        j->map[k] = NULL;
        j->lower[k] = NULL;
    }
    return all;
}

/* The end ******************************************************************/

/* The slices of every tier in one file per process, the manifest (written
 * by process 0 once every slice is in), then the tier files go. */
static void finish(job *j, mpi_result *res)
{
    unsigned nt = j->tiers.bits + 1, k;
    grundy_store_chunk ch[GRUNDY_TIERS_MAX_BITS + 1];
    grundy_store_slice sl = tier_slice(j, 0), *all = NULL;
    uint64_t base = 0, gmax = 0, mine, least = UINT64_MAX, gleast = 0;
    uint64_t desc[4], *descs = NULL;
    int ok = 1;

    sl.tier_hi = nt;
    for (k = 0; k < nt; k++) {
        const grundy_store_slice *ts = grundy_store_mapping_slice(j->map[k]);
        ch[k].data = j->lower[k];
        ch[k].bytes = j->len[k];
        if (ts->size && (ts->max > sl.max || base == 0)) {
            sl.max = ts->max;
            sl.max_at = base + ts->max_at;
        }
        base += ts->size;
    }
    sl.size = base;
    TRY(j, "saving the slice", grundy_store_slice_save(j->store, &sl, ch, nt));

    /* The whole table's largest value and its first position: the least
     * of an orbit, found in the slices of the tiers that hold it. */
    mine = sl.max;
    mpi_check(j, MPI_Allreduce(&mine, &gmax, 1, MPI_UINT64_T, MPI_MAX,
                               j->comm),
              "MPI_Allreduce");
    for (k = 0; k < nt; k++) {
        uint64_t off;
        if (grundy_store_mapping_slice(j->map[k])->max != gmax ||
            !j->len[k])
            continue;
        for (off = 0; off < j->len[k]; off++)
            if (j->lower[k][off] == gmax) {
                uint64_t p = grundy_tiers_unrank(
                    &j->tiers, k,
                    grundy_split_index(&j->split, (unsigned)j->me, off));
                if (p < least)
                    least = p;
            }
    }
    mpi_check(j, MPI_Allreduce(&least, &gleast, 1, MPI_UINT64_T, MPI_MIN,
                               j->comm),
              "MPI_Allreduce");

    desc[0] = sl.size;
    desc[1] = sl.max;
    desc[2] = sl.max_at;
    desc[3] = sl.header_hash;
    if (j->me == 0) {
        descs = malloc((size_t)j->np * sizeof desc);
        all = calloc((size_t)j->np, sizeof *all);
        if (!descs || !all)
            die(j, "the manifest", GRUNDY_ERR_NOMEM);
    }
    mpi_check(j, MPI_Gather(desc, 4, MPI_UINT64_T, descs, 4, MPI_UINT64_T, 0,
                            j->comm),
              "MPI_Gather");
    if (j->me == 0) {
        grundy_store_split m;
        int r;
        memset(&m, 0, sizeof m);
        memcpy(m.spec, j->spec, sizeof m.spec);
        m.positions = j->tiers.np;
        m.tiers = nt;
        m.block = (uint64_t)1 << j->split.block_bits;
        m.count = (unsigned)j->np;
        m.max = gmax;
        m.max_at = gleast;
        m.slices = all;
        for (r = 0; r < j->np; r++) {
            all[r] = sl;
            all[r].index = (unsigned)r;
            all[r].size = descs[4 * r];
            all[r].max = descs[4 * r + 1];
            all[r].max_at = descs[4 * r + 2];
            all[r].header_hash = descs[4 * r + 3];
        }
        ok = grundy_store_split_save(j->store, &m) == GRUNDY_OK;
        if (!ok)
            fprintf(stderr, "grundy-mpi: %s: the manifest could not be "
                    "written: the slices are kept, and the same command "
                    "writes it\n", j->spec);
        res->max = gmax;
        res->max_at = gleast;
        free(descs);
        free(all);
    }
    mpi_check(j, MPI_Bcast(&ok, 1, MPI_INT, 0, j->comm), "MPI_Bcast");
    if (!ok) {
        MPI_Finalize();
        exit(1);
    }
    for (k = 0; k < nt; k++) {
        grundy_store_slice ts = tier_slice(j, k);
        grundy_store_mapping_free(j->map[k]);
        j->map[k] = NULL;
        j->lower[k] = NULL;
        /* a failure was reported by the warning callback; the file is
         * only a leftover */
        grundy_status rs = grundy_store_slice_remove(j->store, &ts);
        (void)rs;
    }
}

/* The entry point **********************************************************/

static void gather_stats(job *j, mpi_result *res)
{
    if (!j->o->stats)
        return;
    mpi_check(j, MPI_Gather(&j->ts, (int)sizeof j->ts, MPI_BYTE,
                            res->stats ? res->stats + (size_t)j->k *
                                                          (size_t)j->np
                                       : NULL,
                            (int)sizeof j->ts, MPI_BYTE, 0, j->comm),
              "MPI_Gather");
}

static void free_job(job *j)
{
    buf *bufs[] = {&j->x,       &j->off,     &j->rstart,   &j->mask,
                   &j->ref,     &j->htab,    &j->ukey,
                   &j->uat,     &j->sendk,   &j->recvk,    &j->ans_out,
                   &j->ans_in,  &j->push,    &j->pushsend, &j->pushrecv,
                   &j->cur_buf};
    size_t i;
    unsigned k;
    for (i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
        buf_free(j, bufs[i]);
    for (k = 0; k <= GRUNDY_TIERS_MAX_BITS; k++)
        grundy_store_mapping_free(j->map[k]);
    free(j->counts);
    grundy_tier_step_clear(&j->step);
    free(j->ranker);
    if (!j->store_lent)
        grundy_store_close(j->store);
    grundy_game_free(j->game);
}

int mpi_tabulate(mpi_result *res, const mpi_opts *o, MPI_Comm comm)
{
    static job jb;
    job *j = &jb;
    grundy_store_opts so;
    grundy_store_lock *lock = NULL;
    grundy_store_split *done = NULL;
    const grundy_rules *r;
    uint64_t cur_max = 0, hwm = 0, a, b;
    unsigned k, first;
    int bad, already = 0;
    grundy_status s;

    memset(j, 0, sizeof *j);
    memset(res, 0, sizeof *res);
    j->comm = comm;
    j->o = o;
    MPI_Comm_rank(comm, &j->me);
    MPI_Comm_size(comm, &j->np);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    snprintf(j->spec, sizeof j->spec, "%s", o->spec);
    catch_signals();

    /* The game, alike on every process: one message, from process 0. */
    if (cli_open_game(&j->game, NULL, o->spec))
        return 1;
    r = grundy_game_rules(j->game);
    if (grundy_game_canonical_spec(j->game, j->spec, sizeof j->spec) >=
            sizeof j->spec ||
        strchr(j->spec, '\n')) {
        if (j->me == 0)
            fprintf(stderr, "grundy-mpi: %s: the canonical spec is too long "
                    "for the store\n", o->spec);
        grundy_game_free(j->game);
        return 1;
    }
    if (!(r->flags & GRUNDY_RULES_BOARD) ||
        grundy_game_num_positions(j->game) == 0) {
        if (j->me == 0)
            fprintf(stderr, "grundy-mpi: %s: not a board family (grundy-mpi "
                    "tabulates every position of a board)\n", j->spec);
        grundy_game_free(j->game);
        return 1;
    }
    if (grundy_tiers_init(&j->tiers, grundy_game_num_positions(j->game)) !=
            GRUNDY_OK ||
        (unsigned)j->np > MAX_PROCESSES) {
        if (j->me == 0)
            fprintf(stderr, "grundy-mpi: %s: %s\n", j->spec,
                    (unsigned)j->np > MAX_PROCESSES
                        ? "more than 65536 processes"
                        : "more than 2^40 positions");
        grundy_game_free(j->game);
        return 1;
    }
    j->ranker = malloc(sizeof *j->ranker);
    if (!j->ranker)
        die(j, "setting up", GRUNDY_ERR_NOMEM);
    grundy_tiers_ranker_init(j->ranker, &j->tiers);
    j->split.tiers = &j->tiers;
    j->split.count = (unsigned)j->np;
    j->split.block_bits = GRUNDY_SPLIT_BLOCK_BITS;
    grundy_tier_step_init(&j->step, j->game);
    for (k = 0; k <= j->tiers.bits; k++) {
        j->len[k] = grundy_split_len(&j->split, k, (unsigned)j->me);
        if (j->len[k] > cur_max)
            cur_max = j->len[k];
    }
    j->limit = o->mem_limit;
    if (!j->limit) {
        size_t phys = grundy_cpu_memory();
        phys = phys ? phys - phys / 8 : (size_t)1 << 32;
        j->limit = phys / (size_t)local_processes(comm);
    }
    res->positions = j->tiers.np;
    res->tiers = j->tiers.bits + 1;
    res->slices = (unsigned)j->np;
    j->tty = isatty(2);
    j->last_show = -1e9; /* the first round is shown at once */
    j->show = j->me == 0 && (o->progress > 0 || (o->progress == 0 && j->tty));

    /* The store, and the job's lock (process 0 holds the entry's lock,
     * so a second job of the same game waits). */
    if (o->session) {
        /* the front end's session: its store, opened once */
        j->store = grundy_session_store(o->session);
        j->store_lent = 1;
        s = j->store ? GRUNDY_OK : GRUNDY_ERR_IO;
    } else {
        grundy_store_opts_init(&so);
        so.dir = o->store_dir;
        so.warn = store_warn;
        so.warn_ctx = j;
        s = grundy_store_open(&j->store, &so);
    }
    bad = s != GRUNDY_OK || !grundy_store_writable(j->store);
    if (any_of(j, bad)) {
        if (bad)
            say(j, "%s", s != GRUNDY_OK ? "no folder for the store (set "
                                          "HOME or XDG_CACHE_HOME, or give "
                                          "--store DIR)"
                                        : "the store is not writable");
        free_job(j);
        return 1;
    }
    if (j->me == 0) {
        snprintf(res->store_dir, sizeof res->store_dir, "%s",
                 grundy_store_dir(j->store));
        s = grundy_store_lock_entry(&lock, j->store, j->spec);
        if (s == GRUNDY_OK)
            s = grundy_store_split_load(&done, j->store, j->spec);
        bad = s != GRUNDY_OK;
        if (bad)
            fprintf(stderr, "grundy-mpi: %s: the store: %s\n", j->spec,
                    grundy_strerror(s));
        if (done) {
            already = 1;
            res->already = 1;
            res->max = done->max;
            res->max_at = done->max_at;
            res->slices = done->count;
        }
        grundy_store_split_free(done);
    }
    mpi_check(j, MPI_Bcast(&already, 1, MPI_INT, 0, comm), "MPI_Bcast");
    if (any_of(j, bad) || already) {
        grundy_store_unlock(lock);
        free_job(j);
        return bad ? 1 : 0;
    }
    if (!plan_memory(j, cur_max)) {
        grundy_store_unlock(lock);
        free_job(j);
        return 1;
    }
    if (o->stats && j->me == 0) {
        res->stats = calloc((size_t)res->tiers * (size_t)j->np,
                            sizeof *res->stats);
        res->hwm_kb = calloc((size_t)j->np, sizeof *res->hwm_kb);
        if (!res->stats || !res->hwm_kb)
            die(j, "--stats", GRUNDY_ERR_NOMEM);
    }

    first = resume(j);
    res->first_tier = first;
    if (first > 0 && j->me == 0 && first <= j->tiers.bits)
        fprintf(stderr, "grundy-mpi: %s: resuming from tier %u (tiers 0 to "
                "%u of every slice are in the store)\n", j->spec, first,
                first - 1);
    for (k = first; k <= j->tiers.bits; k++) {
        run_tier(j, k);
        gather_stats(j, res);
        if (o->pause_ms) {
            struct timespec ts = {(time_t)(o->pause_ms / 1000),
                                  (long)(o->pause_ms % 1000) * 1000000L};
            while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
                ;
        }
    }
    progress(j, 1);
    set_sig_msg(j, j->tiers.bits + 1);
    finish(j, res);
    sig_len = 0;
    rss(&a, &b, &hwm);
    if (o->stats)
        mpi_check(j, MPI_Gather(&hwm, 1, MPI_UINT64_T, res->hwm_kb, 1,
                                MPI_UINT64_T, 0, comm),
                  "MPI_Gather");
    grundy_store_unlock(lock);
    free_job(j);
    return 0;
}
