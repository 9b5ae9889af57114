/*
 * loopy_internal.h -- the layout of graphs and solutions, shared by the
 * files of src/loopy/.
 */
#ifndef GRUNDY_LOOPY_INTERNAL_H
#define GRUNDY_LOOPY_INTERNAL_H

#include "grundy/loopy.h"

/* CSR both ways.  out_off / in_off have n + 1 entries; the options of v
 * are out_adj[out_off[v] .. out_off[v + 1]). */
struct grundy_loopy_graph {
    uint64_t n, m;
    uint64_t *out_off, *in_off;
    grundy_loopy_vertex *out_adj, *in_adj;
    /* Names of DOT vertices: names + name_off[v], NUL-terminated.  NULL
     * when the vertices are numbers. */
    char *names;
    uint64_t *name_off;
    size_t names_len, names_cap;
    uint64_t off_cap;
    /* Open addressing on the names: id + 1, 0 for an empty slot. */
    uint32_t *slots;
    size_t nslots; /* a power of two */
};

struct grundy_loopy_solution {
    const grundy_loopy_graph *g;
    uint32_t *val; /* finite value, or GRUNDY_LOOPY_INF */
    uint32_t *ctr; /* labelling step, GRUNDY_LOOPY_INF when infinite */
    uint32_t levels;
};

/* A new empty graph (all arrays NULL). */
grundy_status grundy_loopy_graph_alloc(grundy_loopy_graph **out);

/* Fill g->out_* and g->in_* from the m edges src[i] -> dst[i], all ids
 * < n already checked.  When owned, src and dst are freed (early, to
 * lower the peak) and set to NULL.  Checks grundy_loopy_estimate(). */
grundy_status grundy_loopy_graph_build(grundy_loopy_graph *g, uint64_t n,
                                       grundy_loopy_vertex **src,
                                       grundy_loopy_vertex **dst, size_t m,
                                       int owned, const grundy_limits *lim);

/* The in-CSR from the out-CSR (g->n, g->m, out_* set). */
grundy_status grundy_loopy_graph_build_reverse(grundy_loopy_graph *g);

/* Names: insert (or find) text[0..len) and return its id in *id; *added
 * says whether it is new.  The arrays grow as needed; names become ids
 * 0, 1, ... in order of insertion. */
grundy_status grundy_loopy_names_intern(grundy_loopy_graph *g, uint64_t *count,
                                        const char *text, size_t len,
                                        grundy_loopy_vertex *id, int *added,
                                        const grundy_limits *lim);
/* The id of a name, or -1. */
int64_t grundy_loopy_names_find(const grundy_loopy_graph *g, const char *text,
                                size_t len);

/* Peak bytes for n vertices and m edges (no overflow check). */
uint64_t grundy_loopy_estimate_u64(uint64_t n, uint64_t m);

/* Fill where->msg with the size of the graph and the estimate. */
void grundy_loopy_limit_message(grundy_parse_error *where, uint64_t n,
                                uint64_t m);

/* addsub:S:A (rules.c): remove s in S or add a in A stones, heaps
 * 0..max (max 0: no bound given). */
typedef struct grundy_loopy_addsub {
    uint64_t max;
    size_t ns, na;
    uint64_t *s, *a; /* increasing, no repeats, >= 1 */
} grundy_loopy_addsub;

/* "S:A", or "S:A:H" when bound_field (H: the bound); columns 1-based in
 * args. */
grundy_status grundy_loopy_addsub_parse(grundy_loopy_addsub **out,
                                        const char *args, int bound_field,
                                        grundy_parse_error *where);
void grundy_loopy_addsub_free(void *params);
/* The options of heap h, as grundy_loopy_moves_fn. */
size_t grundy_loopy_addsub_targets(const grundy_loopy_addsub *p, uint64_t h,
                                   uint64_t *out, size_t cap);

/* A comma-separated list of positive numbers in text[from, to), possibly
 * empty, sorted without repeats; columns from 1 at text[0]. */
grundy_status grundy_loopy_amounts(uint64_t **out, size_t *n,
                                   const char *text, size_t from, size_t to,
                                   grundy_parse_error *where);

/* The graph of positions 0..n-1 whose moves fn lists, with where->msg
 * saying what went wrong (too many positions, the memory limit, a move
 * outside). */
grundy_status grundy_loopy_graph_of(grundy_loopy_graph **out, uint64_t n,
                                    grundy_loopy_moves_fn fn, const void *ctx,
                                    grundy_parse_error *where,
                                    const grundy_limits *lim);

/* grundy_loopy_game_new_graph() solved by method, the memory limit
 * explained in where. */
grundy_status grundy_loopy_game_new_graph_method(grundy_loopy_game **out,
                                                 grundy_loopy_graph **graph,
                                                 const char *spec,
                                                 grundy_loopy_method method,
                                                 grundy_parse_error *where,
                                                 const grundy_limits *lim);

/* A value as text ("3", "inf(1,3)") or JSON (3, {"inf": [1, 3]}): the
 * number finite, or when infinite inf(K), K the nk numbers at k, each of
 * width bytes (4 or 8).  What grundy_loopy_value_write() and
 * grundy_play_value_write() write (write.c). */
void grundy_loopy_value_raw_write(grundy_writer *w, int infinite,
                                  uint64_t finite, const void *k,
                                  size_t width, size_t nk, int json);

#endif
