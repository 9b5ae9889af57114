/*
 * sum_internal.h -- what the files of the sum module share: a value source
 * for the components of a sum, and move normalisation.
 */
#ifndef GRUNDY_SUM_INTERNAL_H
#define GRUNDY_SUM_INTERNAL_H

#include "grundy/sum.h"

/* One entry per distinct game of a sum: a closed form, a table, or
 * grundy_value_at() on demand. */
typedef struct sum_valuer_entry {
    const grundy_game *game;
    grundy_table *table; /* NULL when none was built */
    const void *data;    /* the table's values, width and size, cached */
    unsigned width;
    grundy_pos size;     /* 0 without a table */
} sum_valuer_entry;

typedef struct sum_valuer {
    sum_valuer_entry *e;
    size_t n;
    size_t last; /* the entry found last: sums rarely switch games */
    const grundy_limits *opts;
} sum_valuer;

/* Build the value sources for the games of sum[0..n). */
grundy_status sum_valuer_init(sum_valuer *v, const grundy_sum_component *sum,
                              size_t n, const grundy_limits *opts);
void sum_valuer_clear(sum_valuer *v);
/* g(p) for game g, which must be one of the sum's games. */
grundy_status sum_valuer_get(sum_valuer *v, const grundy_game *g,
                             grundy_pos p, grundy_value *out);

/* Sort the parts of m in increasing order. */
void sum_move_sort_parts(grundy_move *m);
int sum_move_equal(const grundy_move *a, const grundy_move *b);

/* A growing array of grundy_sum_move. */
typedef struct sum_move_list {
    grundy_sum_move *a;
    size_t n, cap;
} sum_move_list;

grundy_status sum_move_list_push(sum_move_list *l, const grundy_sum_move *m);
/* Non-zero when l[from..n) already holds a move of the same component
 * with the same parts. */
int sum_move_list_has(const sum_move_list *l, size_t from,
                      const grundy_sum_move *m);

#endif
