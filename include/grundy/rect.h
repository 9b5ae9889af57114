/*
 * grundy/rect.h -- rectangle removal on an R x C board of 0s and 1s.
 *
 * Rules: a position is an R x C board whose cells hold 0 or 1.  A move
 * picks an axis-aligned sub-rectangle made only of 1s and turns all of it
 * to 0s.  The player who faces the all-zero board cannot move and loses.
 *
 * Spec: "rect:RxC" with R, C >= 1 and R * C <= GRUNDY_RECT_MAX_CELLS, e.g.
 * "rect:4x4".  There are 2^(R*C) positions, numbered 0 .. 2^(R*C) - 1.
 *
 * Bit order: the cell in row r (0 = top) and column c (0 = left) is bit
 * r * C + c of the position.  So the first character written is bit 0,
 * the least significant.
 *
 * Text form of a position: the rows from top to bottom, each as C
 * characters '0' / '1' from left to right, separated by '/':
 * "1111/1101/1110/1111" is the 4 x 4 board with two 0s.  Parse errors
 * name the 1-based column of the offending character (a cell that is not
 * 0 or 1, a row that is too long or too short, too many or too few rows).
 *
 * The family sets GRUNDY_RULES_BOARD: every move lowers the number of 1s,
 * so grundy_table_new() tabulates all 2^(R*C) positions in popcount tiers
 * at one byte per position, on several threads (grundy_limits.threads),
 * computing one position per symmetry orbit of the board.  A 4 x 4 table
 * takes about a millisecond, 5 x 5 (32 MiB) a few seconds, 5 x 6 (1 GiB)
 * about three minutes; see bench/RESULTS.md.
 */
#ifndef GRUNDY_RECT_H
#define GRUNDY_RECT_H

#include <stddef.h>

#include "grundy/rules.h"
#include "grundy/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest board: R * C <= 30 cells (a 1 GiB table). */
#define GRUNDY_RECT_MAX_CELLS 30
/* The most moves any position of any allowed board has: an R x C board
 * has R(R+1)/2 * C(C+1)/2 rectangles, largest for 1 x 30 (465). */
#define GRUNDY_RECT_MAX_MOVES 465

/* The family, "rect:RxC". */
GRUNDY_API extern const grundy_rules grundy_rules_rect;

/* Its parameters (grundy_game_params() of a rect game). */
typedef struct grundy_rect_params {
    unsigned rows; /* R >= 1 */
    unsigned cols; /* C >= 1, R * C <= GRUNDY_RECT_MAX_CELLS */
} grundy_rect_params;

/* grundy_rect_children() :
 * The positions reachable from p in one move, one per all-1 rectangle,
 * written to out[0 .. count).  Rectangles are grown from each top-left
 * 1 while the rows below stay full, so the work is proportional to the
 * number of moves plus R * C, not to all R^2 C^2 / 4 rectangles.
 * @pre rows, cols as in grundy_rect_params; p < 2^(rows*cols);
 *      out has room for GRUNDY_RECT_MAX_MOVES entries.
 * @return the number of moves (0 for the empty board).  The positions
 * are distinct, since different rectangles clear different cells.
 * O(moves + R * C). */
GRUNDY_API size_t grundy_rect_children(grundy_pos *out, unsigned rows, unsigned cols,
                            grundy_pos p);

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_RECT_H */
