/*
 * search_par.h -- the board search, part three of three (search_tmpl.h
 * includes it): the threads sharing the root's children, a part's value
 * through the endgame database, the table and the search, the endgame
 * database and the entry points, over the width BW of search_tmpl.h.
 */
/* The parallel search ******************************************************/

/* A part of at least this many cells is valued by all the limits'
 * threads together; smaller parts take a fraction of a second and are
 * searched by the caller's thread alone.
 *
 * The threads share the root's children.  Aspiration asks, for t = 0, 1,
 * ..., whether some child has the value t; in each such round the
 * threads take the open children one at a time from a shared counter
 * (in the caller's order) and ask each whether its value is t, all on
 * the one table.  A child found to have value t ends the round at once
 * (the others drop the child they hold: what they finished is in the
 * table); a round in which no child has t answers t.  A child whose
 * exact value comes out is closed for the later rounds.  The caller's
 * thread never waits on a helper: once no child is left to take, it asks
 * the children still held by helpers itself, so a helper that sleeps
 * (helper_pace(): the machine is busy) or lags costs it nothing but the
 * table it shares. */
#define PARALLEL_MIN_CELLS 30

typedef struct rootshare {
    /* the root's pending children, in the caller's order: read only */
    const bpart *parts;
    pend *pend; /* a copy each helper copies again */
    size_t ne;
    unsigned hcells;
    /* per child: its exact value once known (NOT_IN_SET before), and the
     * last round that answered it */
    uint32_t *closed;
    unsigned *answered;
    /* the round (under the pause's mutex: gen, t, open, quit); a helper
     * joins a round only while it is open, so none is still reading
     * the round's flags when the next one resets them */
    int open;
    unsigned gen;
    uint32_t t;
    size_t next;    /* the next child to take */
    int found;      /* a child of value t */
    int abort;      /* the round is over: drop what you hold */
    int quit;
} rootshare;

/* A child of a parallel root whose round has ended is dropped. */
static int round_over(const searcher *b)
{
    return b->rs && __atomic_load_n(&b->rs->abort, __ATOMIC_ACQUIRE);
}

typedef struct helper_job {
    searcher *s;
    rootshare *rs;
    pend *local; /* the helper's own copy of the children */
    size_t lcap;
    pthread_t th;
} helper_job;

/* Ask child i of the root whether its value is t (rs->t); 0 when the
 * search was stopped (b->err set). */
static int root_child(searcher *b, rootshare *rs, pend *m, size_t i,
                      uint32_t t, unsigned gen)
{
    const bpart *q;
    uint32_t r, v;
    if (__atomic_load_n(&rs->closed[i], __ATOMIC_ACQUIRE) != NOT_IN_SET ||
        __atomic_load_n(&rs->answered[i], __ATOMIC_ACQUIRE) == gen ||
        !m->count || m->dup)
        return 1;
    while (m->count > 1) {
        uint32_t e = exact(b, &rs->parts[m->first + m->count - 1], 2);
        if (b->err)
            return 0;
        m->known ^= e;
        m->count--;
    }
    q = &rs->parts[m->first];
    if (!TT_GET(b, &q->k, &r)) {
        if ((t ^ m->known) > 255) {
            r = exact(b, q, 2);
        } else {
            nset a = {{0, 0, 0, 0}};
            a.w[(t ^ m->known) >> 6] = 1ull << ((t ^ m->known) & 63);
            r = search(b, &q->p, &q->k, &a, 2);
        }
        if (b->err)
            return 0;
    }
    if (r != NOT_IN_SET) {
        v = r ^ m->known;
        __atomic_store_n(&rs->closed[i], v, __ATOMIC_RELEASE);
        if (v == t) {
            b->hist[m->hidx] += rs->hcells;
            __atomic_store_n(&rs->found, 1, __ATOMIC_RELEASE);
            __atomic_store_n(&rs->abort, 1, __ATOMIC_RELEASE);
        }
    }
    __atomic_store_n(&rs->answered[i], gen, __ATOMIC_RELEASE);
    return 1;
}

/* A stop of one's child because the round ended is no error. */
static void clear_abort(searcher *b)
{
    if (b->err == GRUNDY_ERR_CANCELLED && b->aborted) {
        b->err = GRUNDY_OK;
        b->aborted = 0;
    }
}

static void *helper_main(void *arg)
{
    helper_job *j = arg;
    searcher *b = j->s;
    rootshare *rs = j->rs;
    grundy_board_pause *pz = b->pz;
    unsigned last = 0;
    for (;;) {
        unsigned gen;
        uint32_t t;
        size_t i;
        pthread_mutex_lock(&pz->mu);
        while ((rs->gen == last || !rs->open || pz->grow_req) && !rs->quit)
            pthread_cond_wait(&pz->cv, &pz->mu);
        if (rs->quit) {
            pthread_mutex_unlock(&pz->mu);
            break;
        }
        gen = last = rs->gen;
        t = rs->t;
        pz->active++;
        pthread_mutex_unlock(&pz->mu);
        if (!j->local) {
            j->local = malloc(rs->ne * sizeof *j->local);
            if (j->local)
                memcpy(j->local, rs->pend, rs->ne * sizeof *j->local);
        }
        b->err = GRUNDY_OK;
        b->aborted = 0;
        b->pace_wall = grundy_board_clock_ns(CLOCK_MONOTONIC);
        b->pace_cpu = grundy_board_clock_ns(b->main_clock);
        while (j->local && !__atomic_load_n(&rs->abort, __ATOMIC_ACQUIRE) &&
               (i = __atomic_fetch_add(&rs->next, 1, __ATOMIC_ACQ_REL)) <
                   rs->ne)
            if (!root_child(b, rs, &j->local[i], i, t, gen))
                break;
        clear_abort(b);
        pthread_mutex_lock(&pz->mu);
        pz->active--;
        pthread_cond_broadcast(&pz->cv);
        pthread_mutex_unlock(&pz->mu);
    }
    return NULL;
}

/* The exact value of part h on every thread (the top of this section). */
static uint32_t aspire_shared(grundy_board *bd, const bpos *h,
                              const bkey *key, unsigned nthreads,
                              clockid_t self)
{
    searcher *b = bd->s[0];
    grundy_board_pause *pz = &bd->pz;
    helper_job job[GRUNDY_BOARD_MAX_SEARCHERS];
    rootshare rs;
    level *L;
    nset P;
    size_t n, ne = 0, i, started = 0;
    uint64_t nodes0 = b->st.nodes;
    uint32_t t = 0;
    int cut;

    if (!node_step(b, 1))
        return NOT_IN_SET;
    L = get_level(b, 1);
    if (!L)
        return NOT_IN_SET;
    n = expand(b, L, h, &P, 0, NULL, &ne, &cut);
    if (b->err)
        return NOT_IN_SET;
    if (n == 0) {
        TT_PUT(b, key, 0, 1);
        return 0;
    }
    if (n > 255 || !b->o.prune)
        return aspire(b, h, key, 1);
    sort_pend(L->pend, ne);
    if (!mark_dups(b, L, ne))
        return NOT_IN_SET;
    memset(&rs, 0, sizeof rs);
    rs.parts = L->parts;
    rs.ne = ne;
    rs.hcells = pos_pop(h);
    rs.pend = malloc(ne * sizeof *rs.pend);
    rs.closed = malloc(ne * sizeof *rs.closed);
    rs.answered = calloc(ne, sizeof *rs.answered);
    if (!rs.pend || !rs.closed || !rs.answered) {
        free(rs.pend);
        free(rs.closed);
        free(rs.answered);
        b->err = GRUNDY_ERR_NOMEM;
        return NOT_IN_SET;
    }
    memcpy(rs.pend, L->pend, ne * sizeof *rs.pend);
    for (i = 0; i < ne; i++)
        rs.closed[i] = L->pend[i].count ? NOT_IN_SET : L->pend[i].known;
    /* the helpers, waiting for the first round */
    while (bd->nsearchers < nthreads) {
        searcher *hs = searcher_new(bd);
        if (!hs)
            break;
        hs->reverse = 1;
        bd->s[bd->nsearchers++] = hs;
    }
    for (i = 1; i < bd->nsearchers && i < nthreads; i++) {
        job[i].s = bd->s[i];
        job[i].s->main_clock = self;
        job[i].s->rs = &rs;
        job[i].rs = &rs;
        job[i].local = NULL;
        if (grundy_thread_start(&job[i].th, helper_main, &job[i]) != 0)
            break;
        started = i;
    }
    b->rs = &rs;
    for (t = 0; t < n && !b->err; t++) {
        int known = 0;
        unsigned gen;
        for (i = 0; i < ne && !known; i++)
            known = __atomic_load_n(&rs.closed[i], __ATOMIC_ACQUIRE) == t;
        if (known)
            continue;
        root_at(b, t, 0, ne);
        pthread_mutex_lock(&pz->mu);
        rs.t = t;
        rs.next = 0;
        rs.found = 0;
        rs.abort = 0;
        rs.open = 1;
        gen = ++rs.gen;
        pthread_cond_broadcast(&pz->cv);
        pthread_mutex_unlock(&pz->mu);
        /* take children while there are any, then ask those the helpers
         * still hold */
        while (!__atomic_load_n(&rs.abort, __ATOMIC_ACQUIRE) &&
               (i = __atomic_fetch_add(&rs.next, 1, __ATOMIC_ACQ_REL)) < ne) {
            root_at(b, t, i, ne);
            if (!root_child(b, &rs, &L->pend[i], i, t, gen))
                break;
        }
        for (i = 0; i < ne && !b->err &&
                    !__atomic_load_n(&rs.found, __ATOMIC_ACQUIRE);
             i++)
            if (!root_child(b, &rs, &L->pend[i], i, t, gen))
                break;
        clear_abort(b);
        /* the round is over: the helpers drop what they hold */
        pthread_mutex_lock(&pz->mu);
        rs.open = 0; /* a helper waking late does not join it */
        __atomic_store_n(&rs.abort, 1, __ATOMIC_RELEASE);
        pthread_cond_broadcast(&pz->cv); /* a pacing helper wakes up */
        while (pz->active)
            pthread_cond_wait(&pz->cv, &pz->mu);
        pthread_mutex_unlock(&pz->mu);
        if (b->err)
            break;
        if (!rs.found)
            break; /* no child has t */
    }
    pthread_mutex_lock(&pz->mu);
    rs.quit = 1;
    pthread_cond_broadcast(&pz->cv);
    pthread_mutex_unlock(&pz->mu);
    for (i = 1; i <= started; i++) {
        pthread_join(job[i].th, NULL);
        free(job[i].local);
        job[i].s->rs = NULL;
    }
    b->rs = NULL;
    free(rs.pend);
    free(rs.closed);
    free(rs.answered);
    if (b->err)
        return NOT_IN_SET;
    put_exact(b, h, key, t, b->st.nodes - nodes0);
    return t;
}

static void tt_share(tt_t *t, int on)
{
#if BW == 1
    if (on)
        grundy_board_tt_freeze(t);
    else
        grundy_board_tt_thaw(t);
#else
    if (on)
        grundy_board_ttw_freeze(t);
    else
        grundy_board_ttw_thaw(t);
#endif
}

static uint32_t part_value(grundy_board *bd, const bpos *p, const bkey *key)
{
    searcher *b = bd->s[0];
    unsigned n = grundy_limits_threads(b->o.limits);
    clockid_t self;
    uint32_t v;
    if (n > GRUNDY_BOARD_MAX_SEARCHERS)
        n = GRUNDY_BOARD_MAX_SEARCHERS;
    if (n < 2 || pos_pop(p) < PARALLEL_MIN_CELLS ||
        pthread_getcpuclockid(pthread_self(), &self) != 0)
        return aspire(b, p, key, 1);
    tt_share(b->tt, 1);
    v = aspire_shared(bd, p, key, n, self);
    tt_share(b->tt, 0);
    return v;
}

grundy_status EXPORT(grundy_board_value)(grundy_value *out, grundy_board *bd,
                                         const uint64_t *cells)
{
    searcher *b;
    level *L;
    size_t np = 0, i;
    grundy_value x = 0;
    uint64_t t0 = grundy_clock_ms();
    bpos p;
    *out = 0;
    if (!bd->nsearchers) {
        bd->s[0] = searcher_new(bd);
        GRUNDY_RETURN_IF(!bd->s[0], GRUNDY_ERR_NOMEM);
        bd->nsearchers = 1;
    }
    b = bd->s[0];
#if BW == 1
    p = cells[0];
#else
    memcpy(p.w, cells, sizeof p.w);
#endif
    b->err = GRUNDY_OK;
    grundy_ticker_init(&b->tk, b->o.limits, "search", 0);
    {
        /* the work bound (grundy_limits.work_limit) counts the positions
         * this call searches, in every thread */
        uint64_t work = grundy_limits_work(b->o.limits),
                 done = b->st.nodes + __atomic_load_n(&bd->pz.helper_nodes,
                                                      __ATOMIC_RELAXED);
        b->work_end = work > UINT64_MAX - done ? UINT64_MAX : done + work;
    }
    /* the parts of p live in a level of their own, below the search's */
    L = get_level(b, 0);
    if (L && split(b, L, &p, &np)) {
        for (i = 0; i < np && !b->err; i++) {
            bkey key;
            uint32_t v;
            part_key(b, &L->parts[i].p, &key);
            if (b->db && pos_pop(&L->parts[i].p) <= b->db->max_cells &&
                enddb_get(b->db, &key, &v))
                b->db_hits++;
            else if (!TT_GET(b, &key, &v))
                v = part_value(bd, &L->parts[i].p, &key);
            x ^= v;
        }
    }
    b->st.ms += grundy_clock_ms() - t0;
    b->tk.done = b->st.nodes; /* the last report counts every position */
    if (b->err == GRUNDY_OK)
        b->err = grundy_ticker_done(&b->tk);
    if (b->err != GRUNDY_OK)
        return b->err;
    *out = x;
    return GRUNDY_OK;
}

/* The endgame database of window game w, whose table is t (board.h). */
static grundy_status enddb_put(enddb *db, const bkey *k, uint32_t v);

static grundy_status enddb_grow(enddb *db)
{
    enddb old = *db;
    size_t i;
    db->cap = old.cap ? 2 * old.cap : 1024;
    db->keys = malloc(db->cap * sizeof *db->keys);
    db->vals = malloc(db->cap * sizeof *db->vals);
    db->n = 0;
    if (!db->keys || !db->vals) {
        free(db->keys);
        free(db->vals);
        *db = old;
        return GRUNDY_ERR_NOMEM;
    }
    memset(db->vals, 0xFF, db->cap * sizeof *db->vals);
    for (i = 0; i < old.cap; i++)
        if (old.vals[i] != ENDDB_EMPTY)
            (void)enddb_put(db, &old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
    return GRUNDY_OK;
}

/* Keep (k, v); GRUNDY_ERR_ARG when k is there with another value (two
 * positions the family says are one part of one shape differ). */
static grundy_status enddb_put(enddb *db, const bkey *k, uint32_t v)
{
    size_t j;
    if (2 * (db->n + 1) > db->cap)
        GRUNDY_TRY(enddb_grow(db));
    for (j = enddb_slot(db, k); db->vals[j] != ENDDB_EMPTY;
         j = (j + 1) & (db->cap - 1))
        if (key_eq(&db->keys[j], k))
            return db->vals[j] == v ? GRUNDY_OK : GRUNDY_ERR_ARG;
    db->keys[j] = *k;
    db->vals[j] = (uint16_t)v;
    db->n++;
    return GRUNDY_OK;
}

grundy_status EXPORT(grundy_board_enddb)(grundy_board *bd,
                                         const grundy_game *w,
                                         const grundy_table *t)
{
    const grundy_rules *r = grundy_game_rules(bd->game);
    const void *params = grundy_game_params(bd->game);
    const void *wparams = grundy_game_params(w);
    const grundy_rules *wr = grundy_game_rules(w);
    grundy_pos np = grundy_table_size(t), q;
    enddb *db;
    searcher *b;
    bpos *parts = NULL;
    size_t pcap = 0;
    grundy_status s = GRUNDY_OK;
    grundy_ticker tk;
    if (!bd->nsearchers) {
        bd->s[0] = searcher_new(bd);
        GRUNDY_RETURN_IF(!bd->s[0], GRUNDY_ERR_NOMEM);
        bd->nsearchers = 1;
    }
    b = bd->s[0];
    db = calloc(1, sizeof *db);
    GRUNDY_RETURN_IF(!db, GRUNDY_ERR_NOMEM);
    b->err = GRUNDY_OK;
    grundy_ticker_init(&tk, b->o.limits, "end database", np);
    for (q = 1; q < np && s == GRUNDY_OK; q++) {
        uint64_t cells[GRUNDY_CELLS_MAX_WORDS];
        bpos p;
        size_t n;
        bkey k;
        uint32_t v = (uint32_t)grundy_table_get(t, q);
        if ((q & 0xFFF) == 0 && (s = grundy_ticker_tick(&tk, q)) != GRUNDY_OK)
            break;
        if (!r->window_place(params, wparams, q, cells, BW))
            continue;
        if (wr->orbit) {
            /* one position of each orbit of the window: its images have
             * the same parts up to the keys */
            grundy_pos img[GRUNDY_MAX_ORBIT];
            size_t ni = wr->orbit(wparams, q, img, GRUNDY_MAX_ORBIT), i;
            int least = 1;
            for (i = 0; i < ni && i < GRUNDY_MAX_ORBIT && least; i++)
                least = img[i] >= q;
            if (!least)
                continue;
        }
#if BW == 1
        p = cells[0];
#else
        memcpy(p.w, cells, sizeof p.w);
#endif
        for (;;) {
            n = has_components(b) && b->o.split
                    ? hook_components(b, &p, parts, pcap)
                    : (pcap ? (parts[0] = p, 1) : 1);
            if (n <= pcap)
                break;
            if (!RESERVE(b, parts, pcap, n)) {
                s = b->err;
                break;
            }
        }
        if (s != GRUNDY_OK || n != 1)
            continue; /* no part, or several */
        part_key(b, &parts[0], &k);
        if (b->err) {
            s = b->err;
            break;
        }
        if (v >= ENDDB_EMPTY)
            continue;
        s = enddb_put(db, &k, v);
        if (s == GRUNDY_OK && pos_pop(&parts[0]) > db->max_cells)
            db->max_cells = pos_pop(&parts[0]);
    }
    if (s == GRUNDY_OK)
        s = grundy_ticker_done(&tk);
    b->level_bytes -= pcap * sizeof *parts;
    free(parts);
    if (s == GRUNDY_OK &&
        grundy_limits_mem_check(b->o.limits,
                                db->cap * (sizeof *db->keys +
                                           sizeof *db->vals)) != GRUNDY_OK)
        s = GRUNDY_ERR_LIMIT;
    if (s != GRUNDY_OK) {
        enddb_free(db);
        return s;
    }
    db->window_positions = np;
    enddb_free(bd->enddb);
    bd->enddb = db;
    for (q = 0; q < bd->nsearchers; q++)
        ((searcher *)bd->s[q])->db = db;
    return GRUNDY_OK;
}

grundy_status EXPORT(grundy_board_preload_key)(grundy_board *bd,
                                               const uint64_t *key,
                                               unsigned nwords, unsigned tag,
                                               uint32_t value)
{
    grundy_board_tt_counts c = {0, 0, 0, 0};
    bkey k;
    uint32_t excl = value & GRUNDY_BOARD_KEEP_EXCL
                        ? value & (GRUNDY_BOARD_KEEP_EXCL - 1)
                        : 0;
    GRUNDY_RETURN_IF(value > 0xFFFFu ||
                         value == GRUNDY_BOARD_KEEP_EXCL,
                     GRUNDY_ERR_ARG);
#if BW == 1
    GRUNDY_RETURN_IF(nwords != 2 || tag != 0 || (key[1] >> 32),
                     GRUNDY_ERR_ARG);
    k.k0 = key[0];
    k.k1 = key[1];
    if (excl)
        grundy_board_tt_exclude(TT_OF(bd), &c, k.k0, k.k1, excl, 255);
    else
        grundy_board_tt_put(TT_OF(bd), &c, k.k0, k.k1, value, 255);
#else
    GRUNDY_RETURN_IF(nwords != BW || tag > 255, GRUNDY_ERR_ARG);
    memcpy(k.w, key, sizeof k.w);
    k.tag = tag;
    if (excl)
        grundy_board_ttw_exclude(TT_OF(bd), &c, k.w, k.tag, excl, 255);
    else
        grundy_board_ttw_put(TT_OF(bd), &c, k.w, k.tag, value, 255);
#endif
    return GRUNDY_OK;
}
