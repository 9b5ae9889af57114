/*
 * sum_internal.h -- what the files of the sum module share: preparing the
 * components' value sources, and move normalisation.
 */
#ifndef GRUNDY_SUM_INTERNAL_H
#define GRUNDY_SUM_INTERNAL_H

#include "grundy/sum.h"
#include "rules/rules_internal.h"

/* Prepare the values objects of sum[0..n) for their largest positions;
 * GRUNDY_ERR_RANGE for a position outside a finite family. */
grundy_status grundy_sum_prepare(const grundy_sum_component *sum, size_t n);

/* Moves with the same sorted parts (grundy_move_sort_parts()). */
int grundy_sum_move_equal(const grundy_move *a, const grundy_move *b);

/* A growing array of grundy_sum_move. */
typedef struct sum_move_list {
    grundy_sum_move *a;
    size_t n, cap;
} sum_move_list;

grundy_status grundy_sum_move_list_push(sum_move_list *l,
                                        const grundy_sum_move *m);
/* Non-zero when l[from..n) already holds a move of the same component
 * with the same parts. */
int grundy_sum_move_list_has(const sum_move_list *l, size_t from,
                             const grundy_sum_move *m);

#endif
