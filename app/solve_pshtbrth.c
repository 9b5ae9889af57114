/*
 * solve_pshtbrth.c -- grundy solve pshtbrth: sums of 4 x 4 rectangle-
 * removal boards over ranges of a sequence, with updates.
 *
 * Input: T; per test N M, N boards (4 tokens of 4 cells '0'/'1' each),
 * then M queries "1 L R" (who wins the sum of boards L..R: Pishty for the
 * first player, Lotsy for the second) or "2 i" and a board (replace board
 * i).  Indices are 1-based.
 *
 * The query stream of 'grundy range' (grundy_range_stream_run()) with
 * this layout: a number of tests, "N M" before the boards, query 1 the
 * winner (in the workload's words) and 2 an update, boards of four rows
 * of four cells.  All 65 536 values of rect:4x4 are tabulated once (tier
 * tabulation, a few milliseconds); each board becomes its value, and the
 * range engine answers each query in O(log N): a sum is a first-player
 * win iff the XOR of its values is non-zero.  Answers are flushed before
 * every blocking read, so they appear as queries arrive.
 */
#include <string.h>

#include "range_cli.h"
#include "solve.h"

int solve_pshtbrth(void)
{
    range_cli_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.cmd = "solve pshtbrth";
    cfg.max_type = 2;
    cfg.layout.tests = 1;
    cfg.layout.counts_first = 1;
    cfg.layout.ops[1] = GRUNDY_RANGE_OP_WINNER;
    cfg.layout.ops[2] = GRUNDY_RANGE_OP_SET;
    cfg.layout.winner_words[0] = "Pishty";
    cfg.layout.winner_words[1] = "Lotsy";
    cfg.layout.rows = 4;
    cfg.layout.cols = 4;
    return cli_solve_range(&cfg, "rect:4x4");
}
