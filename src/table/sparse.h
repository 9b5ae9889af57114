/*
 * sparse.h -- the sparse space (rare and common values) kernel for
 * take-and-break games whose moves leave at most two heaps.
 */
#ifndef GRUNDY_TABLE_SPARSE_H
#define GRUNDY_TABLE_SPARSE_H

#include "grundy/takebreak.h"
#include "table/table_internal.h"

/* Non-zero when g is a take-and-break game the kernel handles. */
int grundy_table_sparse_applies(const grundy_game *g);

/* Fill t from t->size to n.  Values are stored 16 bits wide (the table is
 * widened first); GRUNDY_ERR_OVERFLOW when a value reaches 2^16. */
grundy_status grundy_table_fill_sparse(grundy_table *t, grundy_pos n,
                                       const grundy_table_opts *opts);

#endif
