/*
 * rect_internal.h -- the move generator of rect:RxC, inline so that the
 * tier tabulation (src/table/tiers.c) runs it without a call per move.
 *
 * Rectangles are grown shape by shape, for all top-left corners at once,
 * with word operations on the board p (cell (r, c) = bit r*C + c):
 *   A_h   = p & (p >> C) & ... & (p >> (h-1)C), keeping rows r <= R - h:
 *           bit (r, c) set iff column c is all 1s in rows r .. r+h-1;
 *   V_h,w = A_h & (A_h >> 1) & ... & (A_h >> (w-1)), keeping c <= C - w:
 *           bit (r, c) set iff the h x w rectangle with top-left corner
 *           (r, c) is all 1s.
 * V shrinks as w grows and A as h grows, so each loop stops at the first
 * empty mask.  The work is one step per move plus one per shape tried
 * (at most R * C shapes, fewer on sparse boards), never a scan of all
 * R^2 C^2 / 4 rectangles.  The child for a set bit b of V_h,w is p with
 * the shape mask (w 1s repeated on h rows) shifted to b cleared.
 */
#ifndef GRUNDY_RECT_INTERNAL_H
#define GRUNDY_RECT_INTERNAL_H

#include <stdint.h>

#include "grundy/rect.h"

/* Masks of one board size, built once by grundy_rect_geom_init(). */
typedef struct grundy_rect_geom {
    unsigned rows, cols;
    uint32_t row_ok[GRUNDY_RECT_MAX_CELLS + 1]; /* [h]: rows r <= R-h */
    uint32_t col_ok[GRUNDY_RECT_MAX_CELLS + 1]; /* [w]: columns c <= C-w */
    /* [h][w]: the h x w rectangle at the top-left corner. */
    uint32_t shape[GRUNDY_RECT_MAX_CELLS + 1][GRUNDY_RECT_MAX_CELLS + 1];
} grundy_rect_geom;

static inline void grundy_rect_geom_init(grundy_rect_geom *g, unsigned rows,
                                         unsigned cols)
{
    unsigned h, w, r;
    uint32_t every_row = 0, rep = 0;
    g->rows = rows;
    g->cols = cols;
    for (r = 0; r < rows; r++)
        every_row |= (uint32_t)1 << (r * cols);
    for (h = 0; h <= GRUNDY_RECT_MAX_CELLS; h++)
        g->row_ok[h] =
            h >= 1 && h <= rows
                ? (uint32_t)(((uint64_t)1 << ((rows - h + 1) * cols)) - 1)
                : 0;
    for (w = 0; w <= GRUNDY_RECT_MAX_CELLS; w++)
        g->col_ok[w] = w >= 1 && w <= cols
                           ? (((uint32_t)1 << (cols - w + 1)) - 1) * every_row
                           : 0;
    for (h = 0; h <= GRUNDY_RECT_MAX_CELLS; h++) {
        if (h >= 1 && h <= rows)
            rep |= (uint32_t)1 << ((h - 1) * cols);
        for (w = 0; w <= GRUNDY_RECT_MAX_CELLS; w++)
            g->shape[h][w] = h >= 1 && h <= rows && w >= 1 && w <= cols
                                 ? (((uint32_t)1 << w) - 1) * rep
                                 : 0;
    }
}

/* Runs EMIT once per child q (a uint32_t lvalue) of board p (uint32_t)
 * with geometry *G.  A statement macro, so that the caller's per-child
 * work is inlined; EMIT may not contain unparenthesised commas. */
#define GRUNDY_RECT_FOR_EACH_CHILD(G, p, q, EMIT)                              \
    do {                                                                       \
        const grundy_rect_geom *rfe_g_ = (G);                                  \
        const uint32_t rfe_p_ = (p);                                           \
        uint32_t rfe_a_ = rfe_p_;                                              \
        unsigned rfe_h_, rfe_w_;                                               \
        for (rfe_h_ = 1; rfe_h_ <= rfe_g_->rows; rfe_h_++) {                   \
            uint32_t rfe_v_;                                                   \
            if (rfe_h_ > 1)                                                    \
                rfe_a_ &= rfe_p_ >> ((rfe_h_ - 1) * rfe_g_->cols);             \
            rfe_a_ &= rfe_g_->row_ok[rfe_h_];                                  \
            if (!rfe_a_)                                                       \
                break;                                                         \
            rfe_v_ = rfe_a_;                                                   \
            for (rfe_w_ = 1; rfe_w_ <= rfe_g_->cols; rfe_w_++) {               \
                uint32_t rfe_bits_, rfe_shape_;                                \
                if (rfe_w_ > 1)                                                \
                    rfe_v_ &= rfe_a_ >> (rfe_w_ - 1);                          \
                rfe_v_ &= rfe_g_->col_ok[rfe_w_];                              \
                if (!rfe_v_)                                                   \
                    break;                                                     \
                rfe_shape_ = rfe_g_->shape[rfe_h_][rfe_w_];                    \
                for (rfe_bits_ = rfe_v_; rfe_bits_;                            \
                     rfe_bits_ &= rfe_bits_ - 1u) {                            \
                    (q) = rfe_p_ & ~(rfe_shape_ << __builtin_ctz(rfe_bits_));  \
                    EMIT;                                                      \
                }                                                              \
            }                                                                  \
        }                                                                      \
    } while (0)

#endif
