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
 * Only the types up to max_type are accepted.
 */
#ifndef GRUNDY_RANGE_CLI_H
#define GRUNDY_RANGE_CLI_H

#include <stdint.h>

#include "cli.h"

typedef struct range_cli_cfg {
    const char *cmd;         /* for messages: "range", "solve digit-nim" */
    const grundy_game *game;
    cli_engine *eng;         /* limits, store: where values come from */
    grundy_pos pos_max;      /* largest position accepted */
    unsigned max_type;       /* 2 or 4 */
    uint64_t modulus;        /* 0: 1 000 000 007 */
} range_cli_cfg;

/* Run the loop.  @return the exit code (0, or 1 after a message). */
int range_cli_run(const range_cli_cfg *cfg);

#endif
