/*
 * nk_internal.h -- the state of a node-kayles game, shared by its graphs
 * (nk_graphs.c: which graph a spec names) and its moves (nodekayles.c).
 */
#ifndef GRUNDY_RULES_NK_INTERNAL_H
#define GRUNDY_RULES_NK_INTERNAL_H

#include <stdint.h>

#include "grundy/rules.h"
#include "rules/cellpool.h"
#include "rules/cells.h"
#include "rules/grid.h"
#include "rules/wgrid.h"

/* The graphs.  Grids (and paths, 1 x N grids) split into parts by word
 * shifts; the queens graph lies on a grid too (its parts are keyed as
 * shapes, since its edges follow the lines of the lattice), but its
 * parts are found through its edges, as every other graph's. */
enum {
    NK_GRID,
    NK_CYCLE,
    NK_COMPLETE,
    NK_PETERSEN,
    NK_QUEENS,
    NK_GPETERSEN,
    NK_FILE
};

typedef struct nk_state {
    int kind;
    int path;     /* a grid written as path:N */
    unsigned n;   /* vertices 0 .. n-1, at most GRUNDY_BOARD_MAX_CELLS */
    unsigned words; /* the least width: 1 (n <= 64), 2 or 4 */
    /* n <= 64: the graph in one word per vertex */
    uint64_t all;
    uint64_t adj[64];    /* neighbours */
    uint64_t closed[64]; /* neighbours and the vertex itself */
    /* every graph, in 4 words per vertex */
    uint64_t wall[GRUNDY_CELLS_MAX_WORDS];
    uint64_t wadj[GRUNDY_BOARD_MAX_CELLS][GRUNDY_CELLS_MAX_WORDS];
    uint64_t wclosed[GRUNDY_BOARD_MAX_CELLS][GRUNDY_CELLS_MAX_WORDS];
    grundy_grid grid; /* NK_GRID, NK_QUEENS with n <= 64 */
    grundy_wgrid wg;  /* NK_GRID, NK_QUEENS */
    unsigned gp_k;    /* NK_GPETERSEN: P(n/2, gp_k) */
    grundy_cellpool *pool; /* words > 1: the handles of positions */
    grundy_pos start;
    char *spec; /* canonical spec */
} nk_state;

/* The graph args names ("path:9", "grid:3x4", "file:PATH", ...) into s
 * (zeroed by the caller), with its canonical spec; where->col 1-based in
 * args. */
grundy_status grundy_nk_parse_graph(nk_state *s, const char *args,
                                    grundy_parse_error *where);

#endif
