/*
 * search_run.h -- the board search, part two of three (search_tmpl.h
 * includes it): the helpers' pacing and the search itself, over the
 * width BW of search_tmpl.h.
 */
/* Threads ********************************************************************/

struct rootshare;
static int round_over(const searcher *b);

/* A helper must never slow the caller's thread down: when that thread
 * had less than 90% of a processor since the last look (the helper and
 * it share one, the machine being busy), the helper sleeps, longer each
 * time in a row (up to 2 s; the end of the search wakes it), and looks
 * again. */
static void helper_pace(searcher *b)
{
    uint64_t wall = grundy_board_clock_ns(CLOCK_MONOTONIC),
             cpu = grundy_board_clock_ns(b->main_clock);
    int starved = b->pace_wall && wall > b->pace_wall &&
                  (cpu - b->pace_cpu) * 10 < (wall - b->pace_wall) * 9;
    if (starved && !__atomic_load_n(b->stop, __ATOMIC_RELAXED) &&
        !round_over(b)) {
        /* a sleep that the end of the search or a growth cuts short */
        struct timespec ts;
        uint64_t until;
        b->backoff_ms = b->backoff_ms ? 2 * b->backoff_ms : 50;
        if (b->backoff_ms > 2000)
            b->backoff_ms = 2000;
        clock_gettime(CLOCK_REALTIME, &ts);
        until = (uint64_t)ts.tv_nsec + (uint64_t)b->backoff_ms * 1000000u;
        ts.tv_sec += (time_t)(until / 1000000000u);
        ts.tv_nsec = (long)(until % 1000000000u);
        pthread_mutex_lock(&b->pz->mu);
        while (!__atomic_load_n(b->stop, __ATOMIC_RELAXED) &&
               !b->pz->grow_req && !round_over(b) &&
               pthread_cond_timedwait(&b->pz->cv, &b->pz->mu, &ts) == 0)
            ;
        pthread_mutex_unlock(&b->pz->mu);
        b->st.paused_ms += b->backoff_ms;
    } else {
        b->backoff_ms = 0;
    }
    /* the next look measures only the work from here */
    b->pace_wall = grundy_board_clock_ns(CLOCK_MONOTONIC);
    b->pace_cpu = grundy_board_clock_ns(b->main_clock);
}

static void helper_park(grundy_board_pause *pz)
{
    pthread_mutex_lock(&pz->mu);
    pz->parked++;
    pthread_cond_broadcast(&pz->cv);
    while (pz->grow_req)
        pthread_cond_wait(&pz->cv, &pz->mu);
    pz->parked--;
    pthread_mutex_unlock(&pz->mu);
}

/* The caller's thread grows the shared table while the helpers wait. */
static void grow_paused(searcher *b)
{
    grundy_board_pause *pz = b->pz;
    pthread_mutex_lock(&pz->mu);
    __atomic_store_n(&pz->grow_req, 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&pz->cv); /* a pacing helper wakes up */
    while (pz->parked < pz->active)
        pthread_cond_wait(&pz->cv, &pz->mu);
    TT_GROW(b->tt);
    __atomic_store_n(&pz->grow_req, 0, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&pz->cv);
    pthread_mutex_unlock(&pz->mu);
}

/* A table held at its budget that has evicted many times the values it
 * holds is recomputing the same positions over and over: the search would
 * not end in any useful time, and stops as over the memory limit. */
static int thrashing(const searcher *b)
{
    return b->o.evict_limit && b->tt->full &&
           b->tc.evictions > (uint64_t)b->o.evict_limit * TT_CAPACITY(b->tt);
}

/* One more position searched: progress and cancellation, and the stop of
 * a table that only evicts.  0 with b->err set when the search must end. */
static int node_step(searcher *b, unsigned d)
{
    b->st.nodes_at[d < GRUNDY_BOARD_STATS_DEPTHS ? d
                                                 : GRUNDY_BOARD_STATS_DEPTHS -
                                                       1]++;
    if (b->reverse) {
        /* a helper: no progress of its own; stops when the round ends,
         * waits while the table grows */
        ++b->st.nodes;
        if (__atomic_load_n(&b->pz->grow_req, __ATOMIC_ACQUIRE))
            helper_park(b->pz);
        if (round_over(b)) {
            b->err = GRUNDY_ERR_CANCELLED;
            b->aborted = 1;
        } else if ((b->st.nodes & 0xFFF) == 0) {
            __atomic_fetch_add(&b->pz->helper_nodes, 0x1000,
                               __ATOMIC_RELAXED);
            helper_pace(b);
        }
    } else if (grundy_ticker_tick(&b->tk, ++b->st.nodes) != GRUNDY_OK ||
               __atomic_load_n(b->stop, __ATOMIC_RELAXED)) {
        b->err = GRUNDY_ERR_CANCELLED;
    } else if (round_over(b)) {
        b->err = GRUNDY_ERR_CANCELLED;
        b->aborted = 1;
    } else if ((b->st.nodes & 0xFF) == 0 &&
               b->st.nodes + __atomic_load_n(&b->pz->helper_nodes,
                                             __ATOMIC_RELAXED) >
                   b->work_end) {
        b->err = GRUNDY_ERR_WORK;
    } else if (__atomic_load_n(&b->tt->want_grow, __ATOMIC_RELAXED)) {
        grow_paused(b);
    }
    if (!b->err && thrashing(b))
        b->err = GRUNDY_ERR_LIMIT;
    return !b->err;
}

/* The search ****************************************************************/

/* The children of h as pending entries of L (parts read from the table
 * first); returns the number of children, 0 on an error or when h has
 * none.  *npend: pending entries; known values are struck from P.  The
 * children are read in the order of the history table, one at a time,
 * and when want is given the reading stops as soon as P and want are
 * disjoint (*cut set): most searches end there, on a value from the
 * table, and the children after the one that ended it are never split or
 * keyed.  (Splitting and keying a few children ahead, so that their
 * buckets arrive while the one before is read, cost more than it hid:
 * a search ends at its first child a quarter of the time, and in its
 * first four children half of the time, on Cram 5 x 8.) */
static size_t expand(searcher *b, level *L, const bpos *h, nset *P,
                     int prune, const nset *want, size_t *npend, int *cut)
{
    size_t nraw = 0, n, k, np = 0, ne = 0, j, w = 0;
    unsigned hcells = pos_pop(h);
    n = list_moves(b, L, h, &nraw);
    *cut = 0;
    *npend = 0;
    if (!n)
        return 0;
    if (prune)
        ns_upto(P, (unsigned)n);
    if (!RESERVE(b, L->pend, L->ecap, n) || !RESERVE(b, L->ord, L->ocap, n) ||
        !RESERVE(b, L->ci, L->cicap, n))
        return 0;
    /* the history order, the most successful move first; without a
     * children hook a move's raw parts follow the earlier moves' */
    for (k = 0, j = 0; k < n; k++) {
        uint64_t mv;
        uint32_t hi, hs;
        size_t at;
        if (has_children(b)) {
            mv = move_hash(h, &L->kids[k]);
        } else {
            mv = k;
#if BW == 1
            mv ^= *h;
#endif
        }
        hi = (uint32_t)((mv * 0x9E3779B97F4A7C15ull) >> 48);
        L->ci[k].hidx = hi;
        L->ci[k].hist = hs = b->o.history ? b->hist[hi] : 0;
        L->ci[k].raw = (uint32_t)j;
#if BW == 1
        j += has_children(b) ? 1 : L->mv[k].nparts;
#else
        j += 1;
#endif
        for (at = k; at > 0 && L->ci[L->ord[at - 1]].hist < hs; at--)
            L->ord[at] = L->ord[at - 1];
        L->ord[at] = (uint32_t)k;
    }
    for (k = 0; k < n; k++) {
        uint32_t ci = L->ord[k];
        size_t first = w, p0;
        uint32_t known = 0;
        uint64_t diff = 0, print = 0;
        pend *m;
        /* its parts and keys (their buckets fetched together) */
        {
#if BW == 1
            size_t r = L->ci[ci].raw,
                   rend = has_children(b) ? r + 1 : r + L->mv[ci].nparts;
#else
            size_t r = L->ci[ci].raw, rend = r + 1;
#endif
            p0 = np = w; /* the unknown parts so far end at w */
            for (; r < rend; r++)
                if (!split(b, L, &L->kids[r], &np))
                    return 0;
            for (j = p0; j < np; j++) {
                bpart *q = &L->parts[j];
                part_key(b, &q->p, &q->k);
                TT_PREFETCH(b, &q->k);
            }
            if (b->err)
                return 0;
        }
        /* known parts leave the list; children made only of them strike
         * their value */
        for (j = p0; j < np; j++) {
            bpart *q = &L->parts[j];
            uint32_t v;
            q->cells = pos_pop(&q->p);
            if (b->db && q->cells <= b->db->max_cells &&
                enddb_get(b->db, &q->k, &v)) {
                b->db_hits++;
                known ^= v;
                continue;
            }
            if (TT_GET(b, &q->k, &v)) {
                known ^= v;
                continue;
            }
            diff += (uint64_t)q->cells * q->cells;
            L->parts[w++] = *q;
        }
        if (w - first > 1) {
            /* two parts of one key cancel (their values XOR to 0) */
            size_t a, z = first;
            sort_parts(L->parts + first, w - first);
            for (a = first; a < w; a++) {
                if (a + 1 < w && key_eq(&L->parts[a].k, &L->parts[a + 1].k)) {
                    diff -= 2 * (uint64_t)L->parts[a].cells *
                            L->parts[a].cells;
                    a++;
                    continue;
                }
                L->parts[z++] = L->parts[a];
            }
            w = z;
        }
        if (w == first && prune) {
            ns_strike(P, known);
            if (want && !ns_meets(P, want)) {
                /* this child's value ended the search */
                b->hist[L->ci[ci].hidx] += hcells;
                *cut = 1;
                *npend = ne;
                return n;
            }
            continue;
        }
        for (j = first; j < w; j++)
            print = (print ^ key_print(&L->parts[j].k)) *
                        0x9E3779B97F4A7C15ull +
                    j - first;
        m = &L->pend[ne++];
        m->first = (uint32_t)first;
        m->count = (uint32_t)(w - first);
        m->known = known;
        m->diff = diff;
        m->dup = 0;
        m->hidx = L->ci[ci].hidx;
        m->hist = L->ci[ci].hist;
        m->print = w == first ? 0 : print ^ known;
    }
    *npend = ne;
    return n;
}

static uint32_t search(searcher *b, const bpos *h, const bkey *key,
                       const nset *want, unsigned d);

/* Exact value of a part. */
static uint32_t exact(searcher *b, const bpart *q, unsigned d)
{
    return search(b, &q->p, &q->k, &NS_ALL, d);
}

/* The plain method: the mex of every child's exact value. */
static uint32_t plain(searcher *b, level *L, size_t ne, size_t n,
                      unsigned d)
{
    size_t i, words = n / 32 + 1;
    uint32_t j;
    if (!RESERVE(b, L->vals, L->vcap, words))
        return NOT_IN_SET;
    memset(L->vals, 0, words * sizeof *L->vals);
    for (i = 0; i < ne; i++) {
        uint32_t x = L->pend[i].known;
        for (j = 0; j < L->pend[i].count; j++) {
            x ^= exact(b, &L->parts[L->pend[i].first + j], d + 1);
            if (b->err)
                return NOT_IN_SET;
        }
        if (x <= n)
            L->vals[x / 32] |= 1u << (x % 32);
    }
    for (i = 0; L->vals[i] == 0xFFFFFFFFu; i++)
        ;
    return (uint32_t)(32 * i) + (uint32_t)__builtin_ctz(~L->vals[i]);
}

/* A search that found g(h) not in want records it (for values below
 * 15) and says so. */
static uint32_t not_in(searcher *b, const bpos *h, const bkey *key,
                       const nset *want, uint64_t nodes0)
{
    if (!b->err)
        put_excluded(b, h, key, (uint32_t)want->w[0], b->st.nodes - nodes0);
    return NOT_IN_SET;
}

static uint32_t search(searcher *b, const bpos *h, const bkey *key,
                       const nset *want, unsigned d)
{
    level *L;
    nset P, upto, want_left;
    size_t n, ne = 0, i;
    uint64_t nodes0 = b->st.nodes;
    uint32_t v, excl;
    unsigned hcells;
    int exact_all = 1, prune, cut;

    if (b->err)
        return NOT_IN_SET;
    if (b->db && pos_pop(h) <= b->db->max_cells && enddb_get(b->db, key, &v)) {
        b->db_hits++;
        return v;
    }
    if (TT_LOOK(b, key, &v, &excl))
        return v;
    if (excl) {
        /* values known not to be g(h) are not asked for */
        nset w = *want;
        w.w[0] &= ~(uint64_t)excl;
        if (ns_empty(&w))
            return NOT_IN_SET;
        want = &want_left;
        want_left = w;
    }
    if (!node_step(b, d))
        return NOT_IN_SET;
    L = get_level(b, d);
    if (!L)
        return NOT_IN_SET;
    prune = b->o.prune && hook_max_moves(b, h) < 256;
    n = expand(b, L, h, &P, prune, prune ? want : NULL, &ne, &cut);
    if (b->err)
        return NOT_IN_SET;
    if (cut)
        return not_in(b, h, key, want, nodes0);
    if (n == 0) {
        TT_PUT(b, key, 0, 1);
        return 0;
    }
    if (!prune) {
        v = plain(b, L, ne, n, d);
        if (b->err)
            return NOT_IN_SET;
        put_exact(b, h, key, v, b->st.nodes - nodes0);
        return v;
    }
    sort_pend(L->pend, ne);
    if (!mark_dups(b, L, ne))
        return NOT_IN_SET;
    ns_upto(&upto, ns_max(want));
    hcells = pos_pop(h);
    for (i = 0; i < ne; i++) {
        const pend *m = &L->pend[i];
        nset ask;
        uint32_t x = m->known, r;
        uint32_t j;
        if (!ns_meets(&P, want)) {
            /* the child before cut the search short: its move goes
             * earlier next time, the more the larger h is */
            if (i > 0)
                b->hist[L->pend[i - 1].hidx] += hcells;
            return not_in(b, h, key, want, nodes0);
        }
        if (m->dup) {
            /* the value of the child before: struck, or not wanted */
            ns_del(&P, ns_max(&P));
            continue;
        }
        for (j = m->count - 1; j > 0; j--) {
            x ^= exact(b, &L->parts[m->first + j], d + 1);
            if (b->err)
                return NOT_IN_SET;
        }
        ask = P;
        ns_del(&ask, ns_max(&ask));
        for (j = 0; j < 4; j++)
            ask.w[j] &= upto.w[j];
        if (ns_empty(&ask)) {
            r = NOT_IN_SET;
        } else {
            const bpart *q = &L->parts[m->first];
            if (x > 255) {
                r = exact(b, q, d + 1);
            } else {
                nset a;
                ns_xor(&a, &ask, x);
                r = search(b, &q->p, &q->k, &a, d + 1);
            }
            if (b->err)
                return NOT_IN_SET;
        }
        if (r == NOT_IN_SET) {
            ns_del(&P, ns_max(&P));
            exact_all = 0;
        } else {
            ns_strike(&P, r ^ x);
        }
    }
    if (!exact_all && !ns_meets(&P, &upto))
        return not_in(b, h, key, want, nodes0);
    v = ns_min(&P);
    put_exact(b, h, key, v, b->st.nodes - nodes0);
    return v;
}

/* The exact value of part h by aspiration (Beling and Rogalski's
 * aspiration sets): is it 0?  1?  ...  For the value t tried, each open
 * child is asked only whether its value is t; a child that answers with
 * its exact value is closed, and t is the answer when no child has it.
 * A child equal to an earlier one is never asked. */
static uint32_t aspire(searcher *b, const bpos *h, const bkey *key,
                       unsigned d)
{
    level *L;
    nset P, skip = {{0, 0, 0, 0}};
    size_t n, ne = 0, i;
    uint64_t nodes0 = b->st.nodes;
    uint32_t t;
    unsigned hcells = pos_pop(h);
    int cut;

    if (b->err)
        return NOT_IN_SET;
    if (!node_step(b, d))
        return NOT_IN_SET;
    L = get_level(b, d);
    if (!L)
        return NOT_IN_SET;
    n = expand(b, L, h, &P, 0, NULL, &ne, &cut);
    if (b->err)
        return NOT_IN_SET;
    if (n == 0) {
        TT_PUT(b, key, 0, 1);
        return 0;
    }
    if (n > 255 || !b->o.prune) {
        t = plain(b, L, ne, n, d);
        if (b->err)
            return NOT_IN_SET;
        put_exact(b, h, key, t, b->st.nodes - nodes0);
        return t;
    }
    sort_pend(L->pend, ne);
    if (!mark_dups(b, L, ne))
        return NOT_IN_SET;
    for (i = 0; i < ne; i++) {
        pend *m = &L->pend[i];
        if (!m->count && m->known < 256)
            skip.w[m->known >> 6] |= 1ull << (m->known & 63);
    }
    for (t = 0; t < n; t++) {
        int found = 0;
        if (ns_has(&skip, t))
            continue;
        if (d == 1)
            root_at(b, t, 0, ne);
        for (i = 0; i < ne && !found; i++) {
            pend *m = &L->pend[i];
            const bpart *q;
            uint32_t r, v;
            if (d == 1)
                root_at(b, t, i, ne);
            if (!m->count || m->dup)
                continue;
            for (; m->count > 1; m->count--) {
                m->known ^= exact(b, &L->parts[m->first + m->count - 1],
                                  d + 1);
                if (b->err)
                    return NOT_IN_SET;
            }
            q = &L->parts[m->first];
            if (!TT_GET(b, &q->k, &r)) {
                if ((t ^ m->known) > 255) {
                    r = exact(b, q, d + 1);
                } else {
                    nset a = {{0, 0, 0, 0}};
                    a.w[(t ^ m->known) >> 6] = 1ull << ((t ^ m->known) & 63);
                    r = search(b, &q->p, &q->k, &a, d + 1);
                }
                if (b->err)
                    return NOT_IN_SET;
            }
            if (r == NOT_IN_SET)
                continue;
            v = r ^ m->known;
            m->count = 0;
            m->known = v;
            if (v < 256)
                skip.w[v >> 6] |= 1ull << (v & 63);
            found = v == t;
            if (found)
                b->hist[m->hidx] += hcells;
        }
        if (!found)
            break;
    }
    put_exact(b, h, key, t, b->st.nodes - nodes0);
    return t;
}
