/*
 * range_cli.h -- the query loop shared by 'grundy range RULES' and
 * 'grundy solve digit-nim': read a sequence of positions and a stream of
 * queries on fd 0, answer each on fd 1 before the next is read.
 *
 * Input: n, then n positions, then q, then q queries (1-based indices):
 *   1 L R     winning subsets of L..R modulo the prime
 *   2 i POS   set component i to POS
 *   3 L R     the winner of L..R and the nim-sum: "first X" / "second 0"
 *   4 L R     a winning move: "i POS" (component i moves to POS; parts of
 *             a split joined by '+', '-' for nothing left), or "none"
 * Only the types up to max_type are accepted.  Other workloads with the
 * same kind of queries set their layout in the configuration: a number
 * of tests first, "n q" before the positions, other query numbers, other
 * answer words, positions of several tokens (solve pshtbrth).
 */
#ifndef GRUNDY_RANGE_CLI_H
#define GRUNDY_RANGE_CLI_H

#include <stdint.h>

#include "cli.h"

/* What a query type asks. */
enum {
    RANGE_OP_COUNT = 1, /* winning subsets of L..R */
    RANGE_OP_SET = 2,   /* component i becomes POS */
    RANGE_OP_WINNER = 3, /* the winner of L..R */
    RANGE_OP_MOVE = 4   /* a winning move in L..R */
};

typedef struct range_cli_cfg {
    const char *cmd;         /* for messages: "range", "solve digit-nim" */
    const grundy_game *game;
    cli_engine *eng;         /* limits, store: where values come from */
    grundy_pos pos_max;      /* largest position accepted */
    unsigned max_type;       /* query types 1 .. max_type */
    uint64_t modulus;        /* 0: 1 000 000 007 */
    /* Input layouts other than "n, positions, q, queries": */
    int tests;        /* the input starts with a number of tests */
    int counts_first; /* "n q" come before the positions */
    /* ops[t]: what type t asks; all zero: type t asks op t. */
    unsigned char ops[5];
    /* A winner query's answer: NULL: "first X" / "second 0"; else the
     * words for a first-player and a second-player win. */
    const char *winner_words[2];
    /* --json: one JSON object per answer (JSON Lines, doc/JSON.md) */
    int json;
    /* Reads one position; NULL: the family's text form, one token. */
    grundy_status (*read_pos)(grundy_scanner *sc, grundy_pos *out,
                              grundy_parse_error *where);
    /* With read_pos: a position in its usual layout at p[0..avail), for
     * the fast path of a workload of bytes: into *out, @return the bytes
     * it takes, followed by one more of whitespace; 0 for anything else
     * (read_pos then reads it, and names an error).  NULL: none. */
    size_t (*pos_fast)(const unsigned char *p, size_t avail,
                       grundy_pos *out);
} range_cli_cfg;

/* Run the loop.  @return the exit code (0, or 1 after a message). */
int range_cli_run(const range_cli_cfg *cfg);

#endif
