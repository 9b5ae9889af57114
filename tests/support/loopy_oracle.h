/*
 * loopy_oracle.h -- win, loss or draw of every position of an explicit
 * game graph by retrograde analysis, with no Sprague-Grundy theory: the
 * test oracle of the loopy module.
 *
 * Graphs here are the tests' own (edge lists turned into adjacency by
 * this file), so nothing is shared with src/loopy/.  Sums are built as
 * explicit product graphs: a state is one position per component, and a
 * move changes exactly one component along one of its edges.
 */
#ifndef GRUNDY_LOOPY_ORACLE_H
#define GRUNDY_LOOPY_ORACLE_H

#include <stddef.h>
#include <stdint.h>

/* Outcomes for the player to move; the numbers are those of
 * grundy_loopy_outcome. */
#define ORACLE_LOSS 0
#define ORACLE_WIN 1
#define ORACLE_DRAW 2

/* A graph as adjacency lists: the options of v are adj[off[v]..off[v+1]). */
typedef struct oracle_graph {
    size_t n, m;
    size_t *off;
    uint32_t *adj;
} oracle_graph;

/* From m edges src[i] -> dst[i] on n vertices (options in input order). */
void oracle_graph_from_edges(oracle_graph *g, size_t n, const uint32_t *src,
                             const uint32_t *dst, size_t m);
void oracle_graph_clear(oracle_graph *g);

/* The product of k graphs (the sum): state index = sum of pos[i] *
 * stride[i], stride[0] = 1, stride[i] = stride[i-1] * n[i-1]. */
void oracle_graph_sum(oracle_graph *out, const oracle_graph *const *parts,
                      size_t k);

/* The Nim heap of size h as a graph: i -> i' for every i' < i. */
void oracle_graph_nim(oracle_graph *g, size_t h);

/* out[v] = ORACLE_WIN / LOSS / DRAW for every vertex.  Terminal vertices
 * lose; a vertex with an option that loses wins; a vertex whose options
 * all win loses; the rest are draws.  O(n + m). */
void oracle_outcomes(unsigned char *out, const oracle_graph *g);

#endif
