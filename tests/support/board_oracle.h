/*
 * board_oracle.h -- a direct win/loss search of "board + Nim heap" that
 * shares no code with the library and uses no Grundy theory: no parts,
 * no keys, no symmetry, no values.
 *
 * A position of the board is a 64-bit set of cells (or vertices, or a
 * packed Chomp diagram: see below) whose moves come from a generator
 * written here from the rules' plain statement.  The oracle decides
 * whether the player to move wins "p + a Nim heap of h" by trying every
 * move of the board and every move of the heap, with a memo of (p, h).
 * A claimed value g(p) = v is confirmed when p + *v is a loss and p + *h
 * is a win for every h < v: that is what the value means.
 */
#ifndef GRUNDY_BOARD_ORACLE_H
#define GRUNDY_BOARD_ORACLE_H

#include <stddef.h>
#include <stdint.h>

/* Writes the positions one move from p into out (room for 256); returns
 * their number. */
typedef size_t (*oracle_moves64_fn)(const void *ctx, uint64_t p,
                                    uint64_t *out);

typedef struct oracle_memo oracle_memo;

oracle_memo *oracle_memo_new(oracle_moves64_fn moves, const void *ctx);
void oracle_memo_free(oracle_memo *m);

/* The player to move wins p + *h? */
int oracle_heap_wins(oracle_memo *m, uint64_t p, unsigned h);

/* 1 when g(p) = v by the definition above. */
int oracle_value_is(oracle_memo *m, uint64_t p, unsigned v);

/* Positions searched so far (to keep tests honest about their size). */
size_t oracle_memo_size(const oracle_memo *m);

/* Cram on an R x C board: cell (r, c) is bit r*C + c, a 1 is an empty
 * cell; a move fills two empty cells side by side or one above the
 * other.  ctx: oracle_grid. */
typedef struct oracle_grid {
    unsigned rows, cols;
} oracle_grid;
size_t oracle_moves_cram(const void *ctx, uint64_t p, uint64_t *out);

/* Node-Kayles on a graph of n <= 64 vertices given by its adjacency
 * matrix: a move deletes a vertex and every vertex joined to it.
 * ctx: oracle_graph. */
typedef struct oracle_graph {
    unsigned n;
    unsigned char adj[64][64];
} oracle_graph;
size_t oracle_moves_node_kayles(const void *ctx, uint64_t p, uint64_t *out);

/* Dominoes on a graph (Cram on the graph of a board's cells): a move
 * deletes two joined vertices.  ctx: oracle_graph.  Room for out: the
 * edges, at most 256 in the tests. */
size_t oracle_moves_domino(const void *ctx, uint64_t p, uint64_t *out);

/* Chomp on R x C (R <= 10, C <= 63): a diagram is its row lengths from
 * the bottom, 6 bits each (row r at bits 6r); a move takes a square
 * (r, c) other than (0, 0) and every square (r', c') with r' >= r and
 * c' >= c.  ctx: oracle_grid. */
size_t oracle_moves_chomp(const void *ctx, uint64_t p, uint64_t *out);
uint64_t oracle_chomp_pack(const unsigned *len, unsigned rows);

#endif
